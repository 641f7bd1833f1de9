#include "cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/patch.h"
#include "../core/params.h"
#include "../core/suggest.h"
#include "cmd/cmd_history.h"
#include "cmd/cmd_host.h"
#include "out/outopts.h"
#include "out/outpath.h"
#include "out/wrap.h"
#include "presetio.h"
#include "out/records.h"
#include "out/render.h"
#include "scan.h"
#include "script.h"
#include "cmd/cmd_sweep.h"
#include "cmd/cmd_variant.h"
#include "lesson.h"
#include "cmd/cmd_lesson.h"
#include "settings.h"
#include "cmd/cmd_compare.h"
#include "cmd/cmd_report.h"
#include "claims.h"
#include "cmd/cmd_tradeoff.h"
#include "cmd/cmd_patch.h"


int cmd_split(char *line, char **argv, int max, char *err, size_t errlen)
{
	return scan_words(line, argv, max, err, errlen);
}

static int cmd_set(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct machine next = s->m;
	char mean[128];
	struct strbuf said = STRBUF_INIT;

	if (argc % 2)
		return err_set(err, errlen, "set: expected KEY VALUE [KEY VALUE ...]");
	/* all pairs or none: a script never sees a half-applied set */
	for (int i = 0; i < argc; i += 2) {
		const struct param *p = param_find(argv[i]);
		const char *value = argv[i + 1];
		char rel[32], source[300];

		if (!p && setting_find(argv[i]))
			continue; /* a session setting: applied below, once the machine is known good */
		if (!p) {
			sb_free(&said);
			return err_set(err, errlen, "set: unknown key '%s'%s (see 'help set')", argv[i],
				       param_suggest(argv[i], mean, sizeof(mean)));
		}
		/* kernel host: the running kernel's release, and which one that is */
		if (!strcmp(p->name, "kernel") && !strcmp(value, "host")) {
			if (host_kernel(rel, sizeof(rel), source, sizeof(source))) {
				sb_free(&said);
				return err_set(err, errlen, "set: kernel host: %s", source);
			}
			sb_printf(&said, "kernel = %s # %s\n", rel, source);
			value = rel;
		} else if (p->resolve) {
			/* a release string: say which state it runs, as host does, unless it names that state */
			char note[300];
			int idx;

			if (!p->resolve(value, &idx, note, sizeof(note), source, sizeof(source)) && *note)
				sb_printf(&said, "%s = %s # %s\n", p->name, p->choices[idx], note);
		}
		if (param_set(&next, p, value, err, errlen)) {
			sb_free(&said);
			return -1;
		}
	}
	/* the machine as a whole: set ram 1T totalram 200000000p works in either order */
	if (machine_check(&next, err, errlen)) {
		sb_free(&said);
		return -1;
	}
	/* settings after the machine: each checks its value first, so none is half-applied either */
	{
		int was = s->theme;

		for (int i = 0; i < argc; i += 2) {
			const struct setting *st = param_find(argv[i]) ? NULL : setting_find(argv[i]);

			if (st && st->set(s, argv[i + 1], err, errlen)) {
				s->theme = was;
				sb_free(&said);
				return -1;
			}
		}
	}
	s->m = next;
	sb_puts(out, sb_str(&said));
	sb_free(&said);
	return 0;
}

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

/* named (get --named): a line each, NAME = VALUE UNIT, the name as the records name it */
static void get_metric(const struct machine *m, const struct metric_ref *ref, struct records *rec, int named,
		       struct strbuf *out)
{
	int nsides = patch_ncols(m, ref->patch), one = ref->metric->single || ref->side >= 0;
	char b[64];

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
				sb_printf(out, "%s = %s %s\n", name, b, ref->metric->unit);
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
	}
	if (!rec && !named)
		sb_putc(out, '\n');
}

static int cmd_get(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	static const char *const heads[] = { "name", "value", "unit", NULL };
	struct records rec, *r = s->format == FMT_TABLE ? NULL : &rec;
	struct metric_ref ref;
	char b[512];
	int named = 0;

	for (int i = 0; i < argc; i++) /* --named: NAME = VALUE lines, for a reader to match */
		if (!strcmp(argv[i], "--named")) {
			memmove(argv + i, argv + i + 1, (size_t)(argc - i - 1) * sizeof(*argv));
			argc--, i--, named = 1;
		}
	if (!argc)
		return err_set(err, errlen, "get: expected get [--named] NAME [NAME ...]");
	/* every name first: a script gets all of its values or none */
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
	if (r) {
		struct rec_units u = { 0 };

		for (int i = 0; i < argc; i++) {
			const struct param *p = param_find(argv[i]);

			if (p)
				recu_add(&u, p->name, p->unit, "input");
			else if (!metric_parse_m(&s->m, argv[i], &ref, b, sizeof(b)))
				recu_metric(&u, &s->m, ref.patch, ref.metric, ref.side);
		}
		rec_begin(r, &s->doc, s->format, heads, u.u, u.n, out);
		recu_free(&u);
	}
	for (int i = 0; i < argc; i++) {
		const struct param *p = param_find(argv[i]);

		if (p) {
			param_bare(&s->m, p, b, sizeof(b));
			if (!r) {
				sb_printf(out, named ? "%s = %s%s%s\n" : "%.0s%s\n", p->name, b, named && *p->unit ? " " : "",
					  named ? p->unit : "");
				continue;
			}
			rec_str(r, p->name);
			if (param_is_number(p))
				rec_num(r, b);
			else
				rec_choice(r, b);
			rec_str(r, p->unit);
			rec_end_row(r);
			continue;
		}
		if (setting_find(argv[i])) {
			const struct setting *st = setting_find(argv[i]);

			if (!r) {
				sb_printf(out, named ? "%s = %s\n" : "%.0s%s\n", st->name, st->get(s));
				continue;
			}
			rec_str(r, st->name);
			rec_str(r, st->get(s));
			rec_str(r, "");
			rec_end_row(r);
			continue;
		}
		metric_parse_m(&s->m, argv[i], &ref, b, sizeof(b));
		if (ref.metric->list && r)
			get_list_records(&s->m, &ref, r);
		else if (ref.metric->list)
			get_list(&s->m, &ref, out, err, errlen);
		else
			get_metric(&s->m, &ref, r, named, out);
	}
	if (r)
		rec_end(r);
	return 0;
}

static int cmd_reset(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct machine next = s->m;
	char mean[128];

	if (!argc) {
		struct strbuf kept = STRBUF_INIT;

		/* the parameters: the user's variants stay (variant del removes them), and reset says so */
		session_reset(s, &kept);
		if (kept.len) {
			struct strbuf note = STRBUF_INIT;

			sb_printf(&note, "reset: every parameter back to its default; kept your variant%s %s (variant del PATCH NAME removes one)\n",
				  strchr(sb_str(&kept), ',') ? "s" : "", sb_str(&kept));
			session_note(s, out, sb_str(&note));
			sb_free(&note);
		}
		sb_free(&kept);
		return 0;
	}
	for (int i = 0; i < argc; i++) {
		const struct param *p = param_find(argv[i]);

		if (!p && setting_find(argv[i]))
			continue;
		if (!p)
			return err_set(err, errlen, "reset: unknown key '%s'%s (see 'help set')", argv[i],
				       param_suggest(argv[i], mean, sizeof(mean)));
		param_reset(&next, p);
	}
	for (int i = 0; i < argc; i++) /* a setting's default is its first choice */
		if (!param_find(argv[i]))
			setting_find(argv[i])->set(s, setting_find(argv[i])->choices[0], err, errlen);
	s->m = next;
	return 0;
}

static int cmd_show(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	if (argc >= 2 && !strcmp(argv[1], "on"))
		return cmd_show_on(s, argc, argv, out, err, errlen);
	if (argc > 1)
		return err_set(err, errlen, "show: unexpected '%s' (expected show [TOPIC] or show PATCH on PRESET...)", argv[1]);
	return render_show(s, argc ? argv[0] : "", out, err, errlen);
}

static int cmd_explain(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct metric_ref ref;
	char why[512]; /* a metric name's error lists every patch: room for more than today's */

	(void)argc;
	if (metric_parse_m(&s->m, argv[0], &ref, why, sizeof(why)))
		return err_set(err, errlen, "explain: %s", why);
	if (s->format == FMT_TABLE) {
		render_explain(&s->m, &ref, ref.side, out);
		return 0;
	}
	{
		static const char *const heads[] = { "metric", "value", "unit", "kind", "steps", NULL };
		int nsides = patch_ncols(&s->m, ref.patch), one = ref.metric->single || ref.side >= 0;
		struct records rec;
		struct rec_units u = { 0 };

		recu_metric(&u, &s->m, ref.patch, ref.metric, ref.side);
		rec_begin(&rec, &s->doc, s->format, heads, u.u, u.n, out);
		recu_free(&u);
		for (int i = one ? ref.side : 0; i < (one ? ref.side + 1 : nsides); i++) {
			int side = ref.metric->single && i != SIDE_KERNEL ? 0 : i;
			struct strbuf steps = STRBUF_INIT;
			struct value v = metric_compute(&s->m, ref.patch, ref.metric, side, &steps);
			char name[160];

			if (ref.metric->single && side != SIDE_KERNEL)
				snprintf(name, sizeof(name), "%s.%s", ref.patch->id, ref.metric->name);
			else
				snprintf(name, sizeof(name), "%s.%s.%s", ref.patch->id, ref.metric->name,
					 patch_col_name(&s->m, ref.patch, side));
			if (v.kind == VAL_NONE && v.why) {
				struct strbuf t = STRBUF_INIT;

				sb_printf(&t, "not evaluated: %s\n%s", v.why, sb_str(&steps));
				sb_free(&steps);
				steps = t;
			}
			rec_str(&rec, name);
			if (v.kind == VAL_LIST) { /* every item, as get gives them */
				struct strbuf items = STRBUF_INIT;
				uint64_t n;

				if (render_list(&s->m, ref.metric, side, s->format != FMT_CSV, &items, &n))
					rec_value(&rec, v); /* too many to print: the count */
				else if (s->format != FMT_CSV)
					rec_num(&rec, sb_str(&items));
				else
					rec_str(&rec, sb_str(&items));
				sb_free(&items);
			} else {
				rec_value(&rec, v);
			}
			rec_str(&rec, ref.metric->unit);
			rec_str(&rec, metric_kind_name(ref.metric->kind));
			rec_lines(&rec, sb_str(&steps)); /* json: the steps as an array, one string a line */
			rec_end_row(&rec);
			sb_free(&steps);
		}
		rec_end(&rec);
	}
	return 0;
}

static void about_details(struct strbuf *out)
{
	sb_puts(out,
		"about PATCH tells what the patch changed and why, the seed's published figure beside batchlab's, "
		"and the patch's constants through the kernel releases.\n"
		"about PATCH --claims checks every figure the seed's mail states, a row each: the claim as the mail "
		"words it and where, the machine (a preset and settings) and metric it maps to, batchlab's figure, "
		"how the two are compared (equal, give or take the mail's rounding, for exact and workload figures; "
		"within a stated tolerance for a model), and the verdict: holds, holds within N% (a model, N its "
		"distance from the mail's figure), differs: why, or outside the model: what the model leaves out. "
		"A model figure on a machine outside its fit says so. --format csv, json or jsonl gives a record "
		"per claim.\n");
}

/* about PATCH --claims: the seed's claims checked, a row each (lang/claims.c) */
static int about_claims(struct session *s, const struct patch_desc *d, struct strbuf *out, char *err, size_t errlen)
{
	struct claim_row *rows;
	int n = claims_check(d, &rows);

	if (!n)
		return err_set(err, errlen, "about: %s has no claims table (no seed mail states a figure for it)", d->id);
	if (s->format == FMT_TABLE)
		claims_list(d, rows, n, session_width(s) ? session_width(s) : 80, out);
	else
		claims_records(d, rows, n, &s->doc, s->format, out);
	free(rows);
	return 0;
}

static int cmd_about(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	const struct patch_desc *d = patch_find(argv[0]);

	if (argc > 1 && strcmp(argv[1], "--claims"))
		return err_set(err, errlen, "about: unexpected '%s' (expected about PATCH [--claims])", argv[1]);
	if (d && argc > 1)
		return about_claims(s, d, out, err, errlen);
	if (!d) {
		char ids[160], mean[128];

		patch_ids(ids, sizeof(ids));
		return err_set(err, errlen, "about: unknown patch '%s'%s (expected %s)", argv[0],
			       patch_suggest(argv[0], mean, sizeof(mean)), ids);
	}
	if (s->format == FMT_TABLE) {
		render_about(&s->m, d, out);
		if (d->kernel_code) { /* its constants through the releases, as `history PATCH` prints them */
			sb_puts(out, "\nthrough the kernel releases (history PATCH: a table, and csv or json):\n");
			render_history_list(&s->m, d, 80, out);
		}
		return 0;
	}
	{
		static const char *const heads[] = { "patch", "title", "seed", "kernel", "about", "points", "published",
						     "seed_presets", "metric", "kind", "before", "after", "unit",
						     "change", "verdict", NULL };
		struct strbuf pts = STRBUF_INIT;
		const struct metric_desc *md = patch_metric(d, d->headline);
		struct records rec;
		char ch[64] = "";
		enum verdict vd = VERDICT_NONE;

		struct rec_unit units[2] = { { "before", md ? md->unit : "", md ? rec_kind(md) : "" },
					     { "after", md ? md->unit : "", md ? rec_kind(md) : "" } };

		rec_begin(&rec, &s->doc, s->format, heads, units, md ? 2 : 0, out);
		rec_str(&rec, d->id);
		rec_str(&rec, d->title);
		rec_str(&rec, d->seed);
		rec_str(&rec, d->kernel);
		rec_str(&rec, d->about); /* one string each, its line breaks kept */
		for (int i = 0; d->points && d->points[i]; i++)
			sb_printf(&pts, "%s\n", d->points[i]);
		rec_lines(&rec, sb_str(&pts)); /* json: an array, a point a string */
		sb_free(&pts);
		rec_str(&rec, d->published);
		rec_str(&rec, d->seed_presets ? d->seed_presets : "");
		rec_str(&rec, md ? md->name : "");
		rec_str(&rec, md ? metric_kind_name(md->kind) : "");
		if (md) {
			struct value vb = md->fn(&s->m, md->single ? 0 : d->before, NULL);
			struct value va = md->single ? val_none(NULL) : md->fn(&s->m, d->after, NULL);

			if (!md->single)
				vd = render_change(md, vb, va, ch, sizeof(ch));
			rec_value(&rec, vb);
			if (md->single && rec.format == FMT_CSV)
				rec_str(&rec, "");
			else /* json: a number or null, never "" */
				rec_value(&rec, md->single ? val_none("single-valued: the figure is in before") : va);
			rec_str(&rec, md->unit);
		} else {
			for (int i = 0; i < 2; i++)
				if (rec.format == FMT_CSV)
					rec_str(&rec, "");
				else
					rec_value(&rec, val_none("no headline metric"));
			rec_str(&rec, "");
		}
		rec_str(&rec, ch);
		rec_str(&rec, verdict_word(vd));
		rec_end_row(&rec);
		rec_end(&rec);
	}
	return 0;
}

static int cmd_format(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	if (!argc && s->format != FMT_TABLE) { /* a record like any other: plain text would break the document */
		static const char *const heads[] = { "format", NULL };
		struct records rec;

		rec_begin(&rec, &s->doc, s->format, heads, NULL, 0, out);
		rec_str(&rec, out_format_names[s->format]);
		rec_end_row(&rec);
		rec_end(&rec);
		return 0;
	}
	if (!argc) {
		sb_printf(out, "%s\n", out_format_names[s->format]);
		return 0;
	}
	if (out_format_find(argv[0]) == FMT_SVG)
		return err_set(err, errlen, "format: svg is a picture of one chart, not a format for every command: "
			       "give it to plot or tradeoff (--format svg, > PATH.svg)");
	if (out_format_find(argv[0]) == FMT_MARKDOWN)
		return err_set(err, errlen, "format: markdown is a report's form, not a format for every command: "
			       "give it to report (--format markdown)");
	if (out_format_find(argv[0]) >= 0) {
		s->format = (enum out_format)out_format_find(argv[0]);
		return 0;
	}
	return err_set(err, errlen, "format: '%s' is not one of table, csv, json, jsonl", argv[0]);
}

static int cmd_preset(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	if (!strcmp(argv[0], "list")) {
		if (argc != 1)
			return err_set(err, errlen, "preset list: takes no argument");
		preset_list_format(out, s->format, &s->doc);
		return 0;
	}
	if (!strcmp(argv[0], "load")) {
		struct strbuf note = STRBUF_INIT;
		int rc;

		if (argc != 2)
			return err_set(err, errlen, "preset load: expected a preset NAME or PATH");
		rc = session_load_preset(s, argv[1], &note, err, errlen);
		session_note(s, out, sb_str(&note));
		sb_free(&note);
		return rc;
	}
	if (!strcmp(argv[0], "save")) {
		if (argc != 2)
			return err_set(err, errlen, "preset save: expected a PATH, or a NAME for the user's preset folder");
		struct strbuf note = STRBUF_INIT;
		int rc = preset_save(&s->m, argv[1], s->interactive ? out : NULL, &note, err, errlen);

		session_note(s, out, sb_str(&note));
		sb_free(&note);
		if (rc)
			return -1;
		session_preset(s, argv[1]);
		return 0;
	}
	return err_set(err, errlen, "preset: unknown sub-command '%s' (expected list, load or save)", argv[0]);
}

static int cmd_quit(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	(void)argc, (void)argv, (void)out, (void)err, (void)errlen;
	s->quit = 1;
	return 0;
}

/* A command's help and details (its row), each paragraph wrapped and indented, to the reader's width or 80. */
static void help_details(const struct session *s, const struct command *c, struct strbuf *out)
{
	struct strbuf d = STRBUF_INIT, w = STRBUF_INIT;
	int width = session_width(s) ? session_width(s) : 80;

	sb_printf(&d, "%s\n", c->help);
	if (c->details)
		c->details(&d);
	if (c->out != OUT_NONE) /* outopts.h: the same words for every command that prints */
		sb_puts(&d, "Output options, anywhere in the command: > PATH or --output PATH (to a file; a .csv or "
			    ".json ending picks that format), --format table|csv|json, --width N (24..1000 columns); "
			    "before -c they apply to every command.\n");
	wrap_text(&w, sb_str(&d), width - 2, 0);
	for (const char *p = sb_str(&w); *p; p++) {
		if (p == sb_str(&w) || p[-1] == '\n')
			sb_puts(out, "  ");
		sb_putc(out, *p);
	}
	sb_free(&d);
	sb_free(&w);
}

static void help_param(const struct param *p, struct strbuf *out)
{
	char range[PARAM_RANGE_MAX];

	param_format_range(p, range, sizeof(range));
	sb_printf(out, "%s: %s\n  range: %s%s%s\n  default: %s\n", p->name, p->help, range, *p->unit ? "  unit: " : "",
		  p->unit, p->def);
}

static void help_patch(const struct patch_desc *d, struct strbuf *out)
{
	sb_printf(out, "%s: %s (seed %s)\n  sides:", d->id, d->title, d->seed);
	for (int i = 0; d->sides[i]; i++)
		sb_printf(out, " %s", d->sides[i]);
	sb_puts(out, "\n  metrics:\n");
	for (const struct metric_desc *md = d->metrics; md->name; md++)
		sb_printf(out, "    %s.%-24s %-8s %-6s %-8s %s\n", d->id, md->name, metric_kind_name(md->kind),
			  metric_better_name(md->better), md->unit, md->help);
	variant_help_patch(d, out);
}

/* help as csv or json: the table rows themselves, for a script that builds its own docs or completion */
static const char *const help_cmd_heads[] = { "command", "usage", "help", NULL };
static const char *const help_param_heads[] = { "key", "range", "unit", "default", "group", "help", NULL };
static const char *const help_metric_heads[] = { "metric", "kind", "better", "unit", "sides", "reads", "help", NULL };

static void rec_command(struct records *r, const struct command *c)
{
	rec_str(r, c->name);
	rec_str(r, c->usage);
	rec_str(r, c->help);
	rec_end_row(r);
}

static void rec_param(struct records *r, const struct param *p)
{
	char range[PARAM_RANGE_MAX];

	param_format_range(p, range, sizeof(range));
	rec_str(r, p->name);
	rec_str(r, range);
	rec_str(r, p->unit);
	rec_str(r, p->def);
	rec_str(r, p->group);
	rec_str(r, p->help);
	rec_end_row(r);
}

static void rec_metric(struct records *r, const struct patch_desc *d, const struct metric_desc *md)
{
	char name[160], sides[160] = "";
	size_t n = 0;

	snprintf(name, sizeof(name), "%s.%s", d->id, md->name);
	for (int i = 0; !md->single && d->sides[i]; i++)
		n += (size_t)snprintf(sides + n, n < sizeof(sides) ? sizeof(sides) - n : 0, "%s%s", i ? " " : "",
				      d->sides[i]);
	rec_str(r, name);
	rec_str(r, metric_kind_name(md->kind));
	rec_str(r, metric_better_name(md->better));
	rec_str(r, md->unit);
	rec_str(r, sides);
	rec_str(r, md->reads ? md->reads : "");
	rec_str(r, md->help);
	rec_end_row(r);
}

static int help_records(struct session *s, int argc, char **argv, struct strbuf *out)
{
	const struct command *c;
	const struct param *p;
	const struct patch_desc *d;
	struct metric_ref ref;
	struct records r;
	char why[512];

	int list_params = argc && (!strcmp(argv[0], "set") || !strcmp(argv[0], "params"));

	if (!list_params && (!argc || (c = cmd_find(argv[0])))) {
		rec_begin(&r, &s->doc, s->format, help_cmd_heads, NULL, 0, out);
		for (const struct command *k = commands; k->name; k++)
			if (argc == 0 || k == cmd_find(argv[0]))
				rec_command(&r, k);
	} else if (list_params || (p = param_find(argv[0]))) {
		rec_begin(&r, &s->doc, s->format, help_param_heads, NULL, 0, out);
		for (size_t i = 0; i < nparams; i++)
			if (list_params || &params[i] == p)
				rec_param(&r, &params[i]);
	} else if (!strcmp(argv[0], "metrics") || (d = patch_find(argv[0]))) {
		rec_begin(&r, &s->doc, s->format, help_metric_heads, NULL, 0, out);
		for (int i = 0; patches[i]; i++)
			for (const struct metric_desc *md = patches[i]->metrics; md->name; md++)
				if (!strcmp(argv[0], "metrics") || patches[i] == patch_find(argv[0]))
					rec_metric(&r, patches[i], md);
	} else if (strchr(argv[0], '.') && !metric_parse_m(&s->m, argv[0], &ref, why, sizeof(why))) {
		rec_begin(&r, &s->doc, s->format, help_metric_heads, NULL, 0, out);
		rec_metric(&r, ref.patch, ref.metric);
	} else {
		return -1;
	}
	rec_end(&r);
	return 0;
}

static int cmd_help(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	const struct command *c;
	const struct param *p;
	const struct patch_desc *d;
	struct metric_ref ref;
	char why[512];

	if (s->format != FMT_TABLE && !help_records(s, argc, argv, out))
		return 0;
	if (!argc) {
		sb_puts(out, "commands (separate with ';' or newlines, '#' at a word's start begins a comment):\n");
		for (c = commands; c->name; c++)
			sb_printf(out, "  %-8s %s\n  %-8s   %s\n", c->name, c->usage, "", c->help);
		sb_puts(out, "help set: parameters; help settings: the theme; help PATCH: metrics; help KEY, help METRIC: one of them\n"
			     "a command that prints takes > PATH, --output PATH, --format FMT and --width N inside it\n");
		return 0;
	}
	if (!strcmp(argv[0], "set") || !strcmp(argv[0], "params")) {
		sb_puts(out, "parameters (set KEY VALUE):\n");
		for (size_t i = 0; i < nparams; i++) {
			char range[PARAM_RANGE_MAX];

			param_format_range(&params[i], range, sizeof(range));
			sb_printf(out, "  %-*s %-30s %s\n", (int)param_name_width(), params[i].name, range, params[i].help);
		}
		sb_puts(out, "sizes are binary: K M G T P E (or k m g t e), alone or with B, i or iB: 4G = 4GB = 4Gi = 4GiB;\n"
			     "NNNp is pages, only on keys counted in pages (totalram, zone); pebibytes are P or PiB\n"
			     "numbers are decimal: a leading 0 (octal in C: 010 is 8) is refused, as in variant expressions\n");
		return 0;
	}
	if (!strcmp(argv[0], "tour") || !strcmp(argv[0], "tutorial") || !strcmp(argv[0], "lessons")) {
		sb_puts(out, "lessons: guided tours with exercises batchlab checks itself (lesson NAME starts one;\n"
			     "batchlab --lesson NAME from the shell; in the explorer n and p walk the steps):\n");
		return lesson_list(out, err, errlen);
	}
	if (!strcmp(argv[0], "settings")) {
		sb_puts(out, "settings (set NAME VALUE; how batchlab shows things, not part of the machine or a preset):\n");
		for (const struct setting *st = settings; st->name; st++)
			sb_printf(out, "  %-*s %s\n", (int)param_name_width(), st->name, st->help);
		return 0;
	}
	if (!strcmp(argv[0], "metrics")) {
		for (int i = 0; patches[i]; i++)
			help_patch(patches[i], out);
		return 0;
	}
	if (!strcmp(argv[0], "variant")) {
		variant_help(out);
		return 0;
	}
	if ((c = cmd_find(argv[0]))) {
		sb_printf(out, "%s %s\n", c->name, c->usage);
		help_details(s, c, out);
		return 0;
	}
	if ((p = param_find(argv[0]))) {
		help_param(p, out);
		return 0;
	}
	if (setting_find(argv[0])) {
		sb_printf(out, "%s: %s\n  now: %s\n", argv[0], setting_find(argv[0])->help, setting_find(argv[0])->get(s));
		return 0;
	}
	if ((d = patch_find(argv[0]))) {
		help_patch(d, out);
		return 0;
	}
	if (strchr(argv[0], '.') && !metric_parse_m(&s->m, argv[0], &ref, why, sizeof(why))) {
		sb_printf(out, "%s.%s: %s\n  unit: %s; %s; better: %s; %s\n", ref.patch->id, ref.metric->name,
			  ref.metric->help, ref.metric->unit, metric_kind_name(ref.metric->kind),
			  metric_better_name(ref.metric->better), ref.metric->single ? "single-valued" : "one value per side");
		return 0;
	}
	{
		/* every name help knows, the same tables: commands, keys, patches, their metrics */
		struct suggest sg;
		char mean[128], full[160];

		suggest_init(&sg, argv[0]);
		suggest_offer(&sg, "metrics");
		suggest_offer(&sg, "params");
		for (c = commands; c->name; c++)
			suggest_offer(&sg, c->name);
		for (size_t i = 0; i < nparams; i++)
			suggest_offer(&sg, params[i].name);
		for (int i = 0; patches[i]; i++) {
			suggest_offer(&sg, patches[i]->id);
			for (const struct metric_desc *md = patches[i]->metrics; md->name; md++) {
				snprintf(full, sizeof(full), "%s.%s", patches[i]->id, md->name);
				suggest_offer(&sg, full);
			}
		}
		return err_set(err, errlen, "help: no topic '%s'%s (try 'help', 'help set', 'help metrics', or a command, key, "
			       "patch or metric)", argv[0], suggest_text(&sg, mean, sizeof(mean)));
	}
}

const struct command commands[] = {
	{ "set", "KEY VALUE [KEY VALUE ...]", 2, -1, { ARG_PAIRS },
	  "change machine or workload parameters (all or none)", cmd_set, OUT_NONE, NULL, 0 },
	{ "get", "[--named] NAME [NAME ...]", 1, -1, { ARG_NAMES },
	  "print a parameter or a metric as bare value(s), for scripts; --named: NAME = VALUE lines", cmd_get, OUT_CMD, NULL, 0 },
	{ "reset", "[KEY ...]", 0, -1, { ARG_PARAMS },
	  "back to the default machine (your variants stay, and it says so), or one key's default", cmd_reset, OUT_NONE, NULL, 0 },
	{ "show", "[machine|all|PATCH] | PATCH on PRESET...", 0, -1, { ARG_TOPIC, ARG_ON, ARG_MACHINES },
	  "side-by-side table: metric, before, after, change; with on, a column group per machine", cmd_show, OUT_CMD,
	  show_details, 0 },
	{ "explain", "PATCH.METRIC[.SIDE]", 1, 1, { ARG_METRIC, ARG_NONE, ARG_NONE },
	  "formula, values substituted, result, kernel function", cmd_explain, OUT_CMD, NULL, 0 },
	{ "about", "PATCH [--claims]", 1, 2, { ARG_PATCH, ARG_NONE, ARG_NONE },
	  "what the patch changed and why, its published figure; --claims: every figure its seed states, checked",
	  cmd_about, OUT_CMD, about_details, 0 },
	{ "history", "PATCH", 1, 1, { ARG_PATCH, ARG_NONE, ARG_NONE },
	  "the patch's constants through the kernel releases: release, commit, change, value here", cmd_history, OUT_CMD,
	  history_details, 0 },
	{ "preset", "list | load NAME|PATH | save NAME|PATH", 1, 2, { ARG_PRESET, ARG_PATH, ARG_NONE },
	  "list, load or save machine presets; a load keeps your variants (the preset's replace any of the same name, and it says so)", cmd_preset, OUT_CMD, NULL, 0 },
	{ "host", "[check]", 0, 1, { ARG_WORD, ARG_NONE, ARG_NONE },
	  "load this machine; 'check': vmstat model vs /proc/zoneinfo", cmd_host, OUT_CMD, NULL, 0 },
	{ "sweep", "KEY FROM TO [step N | x N] METRIC... [--long] [> PATH]", 4, -1, { ARG_NUMKEY, ARG_VALUE, ARG_NONE, ARG_RANGE_TAIL },
	  "metrics as one parameter varies, a row per value (--output PATH too)", cmd_sweep, OUT_SELF, sweep_details, 0 },
	{ "plot", "METRIC[.SIDE] over KEY FROM TO [step N | x N] [--ascii] [--width N] [--format svg] [--size WxH] [--title TEXT] [> PATH]", 5, -1,
	  { ARG_METRIC, ARG_OVER, ARG_NUMKEY, ARG_VALUE, ARG_NONE, ARG_STEP },
	  "a chart of every side and variant as one parameter varies: text, or SVG for > PATH.svg (--output PATH too)", cmd_plot,
	  OUT_SELF, plot_details, 1 },
	{ "where", "METRIC[.SIDE] OP VALUE over KEY FROM TO [step N | x N]", 7, 9,
	  { ARG_METRIC, ARG_OP, ARG_NONE, ARG_OVER, ARG_NUMKEY, ARG_VALUE, ARG_NONE, ARG_STEP },
	  "the first KEY value where METRIC OP VALUE holds (OP: < <= > >= ==); every side when none is named", cmd_where, OUT_CMD, where_details, 0 },
	{ "variant", "PATCH NAME = EXPR | list | del PATCH NAME | from FILE.diff [NAME]", 0, -1, { ARG_VARIANT, ARG_VARIANT_NAME, ARG_EXPR },
	  "your own version of a patch's constant, as one more column (help variant)", cmd_variant, OUT_NONE, variant_details, 0 },
	{ "tradeoff", "PATCH [over KNOB FROM TO [step N | x N]] [--format svg] [--size WxH] [--title TEXT] [> PATH]", 1, 11,
	  { ARG_PATCH, ARG_OVER, ARG_NUMKEY, ARG_VALUE, ARG_NONE, ARG_STEP },
	  "benefit against cost as the patch's own constant varies; before, after and variants marked; SVG for > PATH.svg",
	  cmd_tradeoff, OUT_CMD, tradeoff_details, 1 },
	{ "compare", "[preset] PRESET PRESET...", 1, -1, { ARG_MACHINES },
	  "every patch's metrics with a column group per machine (presets, or what a source word names)", cmd_compare,
	  OUT_CMD, compare_details, 0 },
	{ "report", "PATCH [on PRESET...] [--quote] [--style compare]", 1, -1, { ARG_PATCH, ARG_ON, ARG_MACHINES },
	  "a review summary for a mailing-list reply, 72 columns, reproducible; --format markdown; > PATH.svg: its chart",
	  cmd_report, OUT_CMD, report_details, CMD_SVG | CMD_MARKDOWN },
	{ "format", "[table|csv|json|jsonl]", 0, 1, { ARG_FORMAT, ARG_NONE, ARG_NONE },
	  "output format of later commands", cmd_format, OUT_NONE, NULL, 0 },
	{ "help", "[TOPIC]", 0, 1, { ARG_TOPIC, ARG_NONE, ARG_NONE },
	  "this list, or help on a command, key, patch or metric", cmd_help, OUT_CMD, NULL, 0 },
	{ "expect", "METRIC[.SIDE] OP VALUE [over KEY FROM TO [step N | x N]]", 3, 9,
	  { ARG_METRIC, ARG_OP, ARG_NONE, ARG_OVER, ARG_NUMKEY, ARG_VALUE, ARG_NONE, ARG_STEP },
	  "fail (status 1) unless METRIC OP VALUE holds here, or at every KEY value of the range", cmd_expect, OUT_CMD, NULL, 0 },
	{ "lesson", "[NAME|PATH]", 0, 1, { ARG_PATH, ARG_NONE, ARG_NONE },
	  "the lessons, or start one: a guided tour with exercises batchlab checks", cmd_lesson, OUT_CMD, NULL, 0 },
	{ "grade", "LESSON FILE...", 2, -1, { ARG_PATH, ARG_PATH, ARG_PATH, ARG_PATH, ARG_PATH, ARG_PATH, ARG_PATH, ARG_PATH },
	  "grade a class's homework: per student and question the answer, right or not, tries and hints; totals",
	  cmd_grade, OUT_CMD, grade_details, 0 },
	{ "source", "FILE", 1, 1, { ARG_PATH, ARG_NONE, ARG_NONE },
	  "run a script file in this session (errors say FILE:LINE)", cmd_source, OUT_CMD, NULL, 0 },
	{ "echo", "[TEXT ...]", 0, -1, { ARG_NONE, ARG_NONE, ARG_NONE },
	  "print the text: narration in scripts", cmd_echo, OUT_CMD, NULL, 0 },
	{ "patch", "load FILE|NAME | list | check FILE|NAME | from FILE.diff [NAME]", 1, 3, { ARG_WORD, ARG_PATH, ARG_NONE },
	  "a patch of your own from a patch file (batchlab-mmpatch(5)), or variants from a diff", cmd_patch, OUT_CMD,
	  patch_details, 0 },
	{ "quit", "", 0, 0, { ARG_NONE, ARG_NONE, ARG_NONE }, "stop (also: exit)", cmd_quit, OUT_NONE, NULL, 0 },
	{ NULL, NULL, 0, 0, { ARG_NONE, ARG_NONE, ARG_NONE }, NULL, NULL, OUT_NONE, NULL, 0 },
};

const char *cmd_suggest(const char *name, char *buf, size_t len)
{
	struct suggest s;

	suggest_init(&s, name);
	for (const struct command *c = commands; c->name; c++)
		suggest_offer(&s, c->name);
	suggest_offer(&s, "exit");
	return suggest_text(&s, buf, len);
}

const struct command *cmd_find(const char *name)
{
	if (!strcmp(name, "exit"))
		name = "quit";
	for (const struct command *c = commands; c->name; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/* The argument a row never takes as an output option: where's OP, which may be '>'. */
static int cmd_keep(const struct command *c)
{
	for (int i = 0; i < CMD_ARG_SLOTS; i++)
		if (c->args[i] == ARG_OP)
			return i;
	return -1;
}

/*
 * A printing command run with its output options in force: s->format the one
 * asked for (or the one PATH's ending picks), s->opts.width the --width asked
 * for here or before -c; both as they were afterwards, whatever happened.
 */
static int cmd_exec(struct session *s, const struct command *c, int argc, char **argv, struct out_opts o,
		    struct strbuf *out, char *err, size_t errlen)
{
	enum out_format format = s->format;
	struct out_opts saved = s->opts;
	struct strbuf text = STRBUF_INIT, *dst = c->out == OUT_CMD && o.path ? &text : out;
	size_t from = dst->len;
	int rc, width, results, units = s->units, lists = s->lists_full;
	struct doc run = s->doc;

	if (o.format >= 0)
		s->format = (enum out_format)o.format;
	else if (o.path)
		s->format = outpath_format(s->format, o.path);
	if (s->format == FMT_MARKDOWN && !(c->picture & CMD_MARKDOWN)) {
		s->format = format;
		return err_set(err, errlen, "%s: has no markdown form: --format markdown is report's", c->name);
	}
	if (s->format == FMT_SVG && !(c->picture & CMD_SVG)) {
		s->format = format;
		return err_set(err, errlen, "%s: draws no chart: a picture (--format svg, > PATH.svg) is plot's or tradeoff's",
			       c->name);
	}
	if (!o.width)
		o.width = s->width;
	if (o.units)
		s->units = s->doc.units = 1;
	if (o.lists >= 0)
		s->lists_full = o.lists;
	s->opts = o;
	width = session_width(s);
	if (dst == &text) { /* a file is a document of its own; stdout's goes on after it */
		doc_init(&s->doc, s->units, run.command);
	} else if (s->doc.open && s->format != FMT_JSON) { /* --format csv inside a json run: the document is whole first */
		doc_close(&s->doc, FMT_JSON, 0, out);
		from = dst->len;
	}
	results = s->doc.results;
	rc = c->exec(s, argc, argv, dst, err, errlen);
	if ((s->format == FMT_JSON || s->format == FMT_JSONL) && s->doc.results == results && dst->len > from &&
	    c->out == OUT_CMD) {
		/* text for people in a json run (echo, lesson's list): a result of its own, the document stays one */
		char *t = strdup(dst->buf + from);

		dst->len = from;
		dst->buf[from] = '\0';
		rec_text_result(&s->doc, s->format, t ? t : "(out of memory)", dst);
		free(t);
	}
	if (dst == &text) {
		doc_close(&s->doc, s->format, 0, &text);
		s->doc = run;
	}
	/*
	 * Text for people fits its width: the prose its writer broke at another
	 * width reflowed at words; a table is laid out to fit by its writer, and
	 * with --width a row that still does not is broken too, so no line is wider.
	 */
	if (!rc && c->out == OUT_CMD && s->format == FMT_TABLE && width && wrap_widest(sb_str(dst) + from) > width) {
		struct strbuf fit = STRBUF_INIT;

		wrap_reflow(&fit, sb_str(dst) + from, width, !o.width);
		dst->len = from;
		dst->buf[from] = '\0';
		sb_puts(dst, sb_str(&fit));
		sb_free(&fit);
	}
	if (rc)
		sb_free(&text);
	else if (dst == &text)
		rc = outpath_write(s, c->name, s->format == FMT_SVG ? "picture" : "output", o.path, &text, out, err, errlen);
	s->format = format;
	s->opts = saved;
	s->units = s->doc.units = units;
	s->lists_full = lists;
	return rc;
}

int cmd_run(struct session *s, const char *line, struct strbuf *out, char *err, size_t errlen)
{
	return cmd_run_bound(s, line, NULL, NULL, out, err, errlen);
}

int cmd_run_bound(struct session *s, const char *line, const char *word, const char *value, struct strbuf *out,
		  char *err, size_t errlen)
{
	/* the scripts' line limit (script.h): a line a script may hold is never a command too long to run */
	char buf[SCRIPT_LINE_MAX + 1], text[SCRIPT_LINE_MAX + 1], bound[SCRIPT_LINE_MAX + 1], *argv[CMD_MAX_ARGS];
	struct out_opts o = OUT_OPTS_INIT;
	const struct command *c;
	struct command listing;
	char mean[128];
	int argc, rc;

	if (strlen(line) >= sizeof(buf))
		return err_set(err, errlen, "command longer than %s bytes", SCRIPT_LINE_MAX_TEXT);
	strcpy(buf, line);
	argc = cmd_split(buf, argv, CMD_MAX_ARGS, err, errlen);
	if (argc <= 0)
		return argc; /* blank: nothing to do; -1: err is set */
	if (word && !strcmp(argv[0], word))
		return err_set(err, errlen, "'%s' stands for a value, not a command", word);
	c = cmd_find(argv[0]);
	if (!c)
		return err_set(err, errlen, "unknown command '%.64s'%s (see 'help')", argv[0],
			       cmd_suggest(argv[0], mean, sizeof(mean)));
	if (c->exec == cmd_variant && (argc == 1 || !strcmp(argv[1], "list"))) {
		/* variant's list is output like any (> PATH, --width); its other forms print nothing, and an EXPR's > compares */
		listing = *c;
		listing.out = OUT_CMD;
		c = &listing;
	}
	if (c->out != OUT_NONE) {
		argc--;
		if (outopts_take(c->name, &argc, argv + 1, cmd_keep(c), &o, err, errlen))
			return -1;
		argc++;
	}
	/* the value goes in after the words are cut and the output options taken: it is one word, whatever it holds */
	if (word && strlen(value) >= sizeof(bound))
		return err_set(err, errlen, "a value of at most %d characters expected", SCRIPT_LINE_MAX);
	for (int i = 1; word && i < argc; i++)
		if (!strcmp(argv[i], word))
			argv[i] = strcpy(bound, value);
	if (!c->max_args && argc > 1)
		return err_set(err, errlen, "%s takes no argument (got '%.64s')", c->name, argv[1]);
	if (argc - 1 < c->min_args || (c->max_args >= 0 && argc - 1 > c->max_args))
		return err_set(err, errlen, "%s: expected %s %s", c->name, c->name, c->usage);
	/*
	 * The session's document names the command whose result comes next: its
	 * words, as `batchlab CMD ARGS...` and -c 'CMD ARGS' give them alike, less
	 * its output options - they say where the result goes, not what it is, so
	 * a file holds what stdout would.
	 */
	text[0] = '\0';
	for (size_t i = 0, n = 0; i < (size_t)argc && n < sizeof(text); i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, strpbrk(argv[i], " \t;#\"") ? "%s'%s'" : "%s%s",
				      i ? " " : "", argv[i]);
	s->doc.command = text;
	s->doc.units = s->units;
	if (c->out == OUT_NONE) /* format and set change the session: nothing to put back */
		rc = c->exec(s, argc - 1, argv + 1, out, err, errlen);
	else
		rc = cmd_exec(s, c, argc - 1, argv + 1, o, out, err, errlen);
	/* a json document stays open across a run's json results only: csv or table text never lands inside it */
	if (s->doc.open && (!s->run || s->format != FMT_JSON))
		doc_close(&s->doc, FMT_JSON, 0, out);
	if (!s->run) /* outside a run (the explorer) every command's output is a document of its own */
		doc_init(&s->doc, s->units, NULL);
	s->doc.command = NULL;
	return rc;
}
