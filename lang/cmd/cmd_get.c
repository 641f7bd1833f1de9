/*
 * get: parameters and metrics as bare values for scripts, or as records.
 */
#include "../cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/patch.h"
#include "../../core/mm/release.h"
#include "../../core/params.h"
#include "../settings.h"
#include "../validation.h"
#include "../out/records.h"
#include "../out/render.h"

/* A list metric prints a line of items per side; -1 with err when one is too long to print. */
static int get_list(const struct machine *m, const struct metric_ref *ref, struct strbuf *out, char *err,
		    size_t errlen)
{
	int nsides = patch_ncols(m, ref->patch);
	uint64_t n;

	for (int i = ref->side >= 0 ? ref->side : 0; i < (ref->side >= 0 ? ref->side + 1 : nsides); i++) {
		if (i >= patch_nsides(ref->patch) && metric_eval(m, ref, i).kind == VAL_NONE) {
			sb_puts(out, "n/a\n"); /* a variant that cannot be evaluated here */
			continue;
		}
		if (render_list(m, ref->metric, i, 0, out, &n))
			return err_set(err, errlen, "get: %s.%s.%s: %llu items, more than %u to print (explain summarises them)",
				   ref->patch->id, ref->metric->name, patch_col_name(m, ref->patch, i), (unsigned long long)n,
				   RENDER_LIST_MAX);
		sb_putc(out, '\n');
	}
	return 0;
}

/* A list metric in csv or json: a row per side, its items space-separated (csv) or an array (json). */
static void get_list_records(const struct machine *m, const struct metric_ref *ref, struct records *rec)
{
	int nsides = patch_ncols(m, ref->patch);
	uint64_t n;

	for (int i = ref->side >= 0 ? ref->side : 0; i < (ref->side >= 0 ? ref->side + 1 : nsides); i++) {
		struct strbuf items = STRBUF_INIT;
		char name[160];

		snprintf(name, sizeof(name), "%s.%s.%s", ref->patch->id, ref->metric->name, patch_col_name(m, ref->patch, i));
		render_list(m, ref->metric, i, rec->format != FMT_CSV, &items, &n); /* its length was checked */
		rec_str(rec, name);
		if (rec->format != FMT_CSV)
			rec_num(rec, sb_str(&items));
		else
			rec_str(rec, sb_str(&items));
		rec_str(rec, ref->metric->unit);
		rec_end_row(rec);
		sb_free(&items);
	}
}

/*
 * named (get --named): a line each, NAME = VALUE UNIT, the name as the
 * records name it. A kernel figure of an enterprise kernel carries its
 * caveat: at the end of its named line, else a note of its own (note).
 */
static void get_metric(const struct machine *m, const struct metric_ref *ref, struct records *rec, int named,
		       struct strbuf *out, struct strbuf *note)
{
	int nsides = patch_ncols(m, ref->patch), one = ref->metric->single || ref->side >= 0;
	char b[64], caveat[REC_CAVEAT_MAX];

	release_caveat(m, caveat, sizeof(caveat));
	for (int i = one ? ref->side : 0; i < (one ? ref->side + 1 : nsides); i++) {
		int side = ref->metric->single && i != SIDE_KERNEL ? 0 : i;
		struct value v = metric_eval(m, ref, side);

		if (rec || named) {
			char name[160];

			if (ref->metric->single && side != SIDE_KERNEL)
				snprintf(name, sizeof(name), "%s.%s", ref->patch->id, ref->metric->name);
			else
				snprintf(name, sizeof(name), "%s.%s.%s", ref->patch->id, ref->metric->name,
					 patch_col_name(m, ref->patch, side));
			if (!rec) {
				render_bare(v, b, sizeof(b));
				sb_printf(out, "%s = %s %s", name, b, ref->metric->unit);
				if (side == SIDE_KERNEL && *caveat)
					sb_printf(out, " # %s", caveat);
				sb_putc(out, '\n');
				continue;
			}
			rec_str(rec, name);
			rec_value(rec, v);
			rec_str(rec, ref->metric->unit);
			rec_end_row(rec);
			continue;
		}
		render_bare(v, b, sizeof(b));
		sb_printf(out, "%s%s", !one && i ? " " : "", b);
		if (side == SIDE_KERNEL && *caveat && note)
			sb_printf(note, "get: %s.%s.kernel = %s: %s\n", ref->patch->id, ref->metric->name, b, caveat);
	}
	if (!rec && !named)
		sb_putc(out, '\n');
}

/* Every name first: a script gets all of its values or none. 0, or -1 with err. */
static int get_check(struct session *s, int argc, char **argv, char *err, size_t errlen)
{
	struct metric_ref ref;
	char b[512];

	for (int i = 0; i < argc; i++) {
		if (param_find(argv[i]) || setting_find(argv[i]))
			continue;
		if (!strchr(argv[i], '.'))
			return err_set(err, errlen, "get: unknown key '%s'%s (expected a parameter or PATCH.METRIC[.SIDE])",
				       argv[i], param_suggest(argv[i], b, sizeof(b)));
		if (metric_parse_m(&s->m, argv[i], &ref, b, sizeof(b)))
			return err_set(err, errlen, "get: %s", b);
		if (ref.metric->list) { /* a list too long to print fails before anything is printed */
			struct strbuf probe = STRBUF_INIT;
			int rc = get_list(&s->m, &ref, &probe, err, errlen);

			sb_free(&probe);
			if (rc)
				return -1;
		}
	}
	return 0;
}

/* The records begun, with the unit and kind of every name asked for. */
static void get_records_begin(struct session *s, int argc, char **argv, struct records *r, struct strbuf *out)
{
	static const char *const heads[] = { "name", "value", "unit", NULL };
	struct rec_units u = { 0 };
	struct metric_ref ref;
	char b[512];

	for (int i = 0; i < argc; i++) {
		const struct param *p = param_find(argv[i]);

		if (p)
			recu_add(&u, p->name, p->unit, "input");
		else if (!metric_parse_m(&s->m, argv[i], &ref, b, sizeof(b)))
			recu_metric(&u, &s->m, ref.patch, ref.metric, ref.side, validation_band(ref.patch, ref.metric));
	}
	rec_caveat_next(&s->doc, release_caveat(&s->m, b, sizeof(b))); /* an enterprise kernel: what its kernel figures are */
	rec_begin(r, &s->doc, s->format, heads, u.u, u.n, out);
	recu_free(&u);
}

/* A parameter's value: bare, NAME = VALUE UNIT (named), or a record (r). */
static void get_param(const struct session *s, const struct param *p, struct records *r, int named, struct strbuf *out)
{
	char b[512];

	param_bare(&s->m, p, b, sizeof(b));
	if (!r) {
		sb_printf(out, named ? "%s = %s%s%s\n" : "%.0s%s\n", p->name, b, named && *p->unit ? " " : "",
			  named ? p->unit : "");
		return;
	}
	rec_str(r, p->name);
	if (param_is_number(p))
		rec_num(r, b);
	else
		rec_choice(r, b);
	rec_str(r, p->unit);
	rec_end_row(r);
}

/* A session setting's value, as get_param gives a parameter's. */
static void get_setting(struct session *s, const struct setting *st, struct records *r, int named, struct strbuf *out)
{
	if (!r) {
		sb_printf(out, named ? "%s = %s\n" : "%.0s%s\n", st->name, st->get(s));
		return;
	}
	rec_str(r, st->name);
	rec_str(r, st->get(s));
	rec_str(r, "");
	rec_end_row(r);
}

static int cmd_get(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct records rec, *r = s->format == FMT_TABLE ? NULL : &rec;
	struct metric_ref ref;
	struct strbuf note = STRBUF_INIT;
	char b[512];
	int named = 0;

	for (int i = 0; i < argc; i++) /* --named: NAME = VALUE lines, for a reader to match */
		if (!strcmp(argv[i], "--named")) {
			memmove(argv + i, argv + i + 1, (size_t)(argc - i - 1) * sizeof(*argv));
			argc--, i--, named = 1;
		}
	if (!argc)
		return err_set(err, errlen, "get: expected get [--named] NAME [NAME ...]");
	if (get_check(s, argc, argv, err, errlen))
		return -1;
	if (r)
		get_records_begin(s, argc, argv, r, out);
	for (int i = 0; i < argc; i++) {
		if (param_find(argv[i])) {
			get_param(s, param_find(argv[i]), r, named, out);
			continue;
		}
		if (setting_find(argv[i])) {
			get_setting(s, setting_find(argv[i]), r, named, out);
			continue;
		}
		metric_parse_m(&s->m, argv[i], &ref, b, sizeof(b));
		if (ref.metric->list && r)
			get_list_records(&s->m, &ref, r);
		else if (ref.metric->list)
			get_list(&s->m, &ref, out, err, errlen);
		else
			get_metric(&s->m, &ref, r, named, out, &note);
	}
	if (r)
		rec_end(r);
	session_note(s, out, sb_str(&note));
	sb_free(&note);
	return 0;
}

const struct cmd_entry cmd_get_entry = {
	.name = "get",
	.usage = "[--named] NAME [NAME ...]",
	.args = { ARG_NAMES },
	.min_args = 1,
	.max_args = -1,
	.help = "print a parameter or a metric as bare value(s), for scripts; --named: NAME = VALUE lines",
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_get,
	.examples = (const char *const[]){ "get cpus", "get --named cpus memcg_charge.batch", NULL },
};
