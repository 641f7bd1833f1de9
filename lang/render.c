#include "render.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/params.h"
#include "../core/units.h"
#include "../core/variant.h"
#include "numfmt.h"
#include "records.h"

void render_bare(struct value v, char *buf, size_t len)
{
	switch (v.kind) {
	case VAL_INT:
		snprintf(buf, len, "%llu", (unsigned long long)v.i);
		break;
	case VAL_REAL:
		fmt_real_shortest(v.r, buf, len); /* lossless: a script reads back the double core computed */
		break;
	case VAL_LIST: /* the items need the machine: render_list() */
		snprintf(buf, len, "%llu item%s", (unsigned long long)v.i, v.i == 1 ? "" : "s");
		break;
	default:
		snprintf(buf, len, "n/a");
		break;
	}
}

struct list_out {
	struct strbuf *out;
	int json;
	uint64_t n;
};

static void list_item(uint64_t item, uint64_t repeat, void *ctx)
{
	struct list_out *l = ctx;
	char b[24];

	snprintf(b, sizeof(b), "%llu", (unsigned long long)item);
	for (uint64_t i = 0; i < repeat; i++, l->n++) {
		if (l->n)
			sb_puts(l->out, l->json ? ", " : " ");
		sb_puts(l->out, b);
	}
}

int render_list(const struct machine *m, const struct metric_desc *md, int side, int json, struct strbuf *out,
		uint64_t *count)
{
	struct list_out l = { out, json, 0 };
	struct value v = md->fn(m, side, NULL);

	*count = v.i;
	if (v.kind != VAL_LIST || !md->list || v.i > RENDER_LIST_MAX)
		return -1;
	if (json)
		sb_putc(out, '[');
	md->list(m, side, list_item, &l);
	if (json)
		sb_putc(out, ']');
	return 0;
}

void render_human(struct value v, const char *unit, char *buf, size_t len)
{
	fmt_human(v, unit, buf, len);
}

enum verdict render_change(const struct metric_desc *md, struct value before, struct value after, char *buf,
			   size_t len)
{
	if (md->unresolved) { /* no headline from noise: the model's error exceeds the difference */
		snprintf(buf, len, "unresolved");
		return VERDICT_NONE;
	}
	return fmt_change(before, after, md->unit, md->better, buf, len);
}

static const char *kind_name(const struct metric_desc *md)
{
	return metric_kind_name(md->kind);
}

static void json_str(struct strbuf *out, const char *s)
{
	sb_putc(out, '"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			sb_putc(out, '\\');
		if ((unsigned char)*s < 0x20)
			sb_printf(out, "\\u%04x", (unsigned char)*s);
		else
			sb_putc(out, *s);
	}
	sb_putc(out, '"');
}

static void json_value(struct strbuf *out, struct value v)
{
	char b[64];

	render_bare(v, b, sizeof(b));
	if (v.kind == VAL_NONE || (v.kind == VAL_REAL && isinf(v.r)))
		json_str(out, b); /* JSON has no inf: keep it a string rather than invent a number */
	else
		sb_puts(out, b);
}

/* One record of csv/json output: machine rows and metric rows share the schema. */
struct record {
	const char *patch, *metric, *side, *unit, *kind;
	struct value v;
	const char *text; /* machine rows: the value as typed */
	const struct metric_desc *list; /* a list metric: its items, from m on side sidei */
	const struct machine *m;
	int sidei;
};

static void emit_record(enum out_format f, const struct record *r, int *first, struct strbuf *out)
{
	char b[64];
	uint64_t n;

	if (f == FMT_CSV) {
		if (*first)
			sb_puts(out, "patch,metric,side,value,unit,kind\n");
		if (r->text)
			snprintf(b, sizeof(b), "%s", r->text);
		else
			render_bare(r->v, b, sizeof(b));
		if (r->list) { /* a list is one field: its items space-separated, quoted */
			sb_printf(out, "%s,%s,%s,\"", r->patch, r->metric, r->side);
			if (render_list(r->m, r->list, r->sidei, 0, out, &n))
				sb_puts(out, "n/a");
			sb_printf(out, "\",%s,%s\n", r->unit, r->kind);
			*first = 0;
			return;
		}
		sb_printf(out, "%s,%s,%s,%s,%s,%s\n", r->patch, r->metric, r->side, b, r->unit, r->kind);
	} else {
		sb_puts(out, *first ? "[\n  {" : ",\n  {");
		sb_puts(out, "\"patch\": ");
		json_str(out, r->patch);
		sb_puts(out, ", \"metric\": ");
		json_str(out, r->metric);
		sb_puts(out, ", \"side\": ");
		json_str(out, r->side);
		sb_puts(out, ", \"value\": ");
		if (r->text)
			json_str(out, r->text);
		else if (!r->list || render_list(r->m, r->list, r->sidei, 1, out, &n))
			json_value(out, r->list ? val_none(NULL) : r->v);
		sb_puts(out, ", \"unit\": ");
		json_str(out, r->unit);
		sb_puts(out, ", \"kind\": ");
		json_str(out, r->kind);
		sb_puts(out, "}");
	}
	*first = 0;
}

static void show_machine_table(const struct machine *m, struct strbuf *out)
{
	const char *group = "";
	size_t width = param_name_width();

	sb_puts(out, "machine\n");
	for (size_t i = 0; i < nparams; i++) {
		char v[96];

		if (strcmp(group, params[i].group)) {
			group = params[i].group;
			if (strcmp(group, "machine"))
				sb_printf(out, "%s\n", group);
		}
		param_format_human(m, &params[i], v, sizeof(v));
		sb_printf(out, "  %-*s %-32s %s\n", (int)width, params[i].name, v, params[i].help);
	}
}

static void show_machine_records(const struct machine *m, enum out_format f, int *first, struct strbuf *out)
{
	for (size_t i = 0; i < nparams; i++) {
		char v[64];
		struct record r = { "machine", params[i].name, "", params[i].unit, "input", val_none(NULL), v, NULL, NULL, 0 };

		param_bare(m, &params[i], v, sizeof(v));
		emit_record(f, &r, first, out);
	}
}

/* One metric row of `show`, as text: the cells are made first so the columns fit them. */
struct show_row {
	char side[PATCH_MAX_COLS][96];
	char change[64];
	enum verdict verdict;
};

/* Under the table: each variant's expression, and what the kernel says about its value here. */
static void show_variant_notes(const struct machine *m, const struct patch_desc *d, struct strbuf *out)
{
	for (int side = patch_nsides(d); side < patch_ncols(m, d); side++) {
		const struct variant *v = variant_at(m, d, side);
		const char *why = NULL, *mark = NULL;
		uint64_t x;

		if (d->constant->per_call) {
			sb_printf(out, "  %s: %s = %s, each call\n", v->name, d->constant->name, v->text);
			continue;
		}
		if (variant_eval(m, d, side, NULL, &x, &why, NULL))
			mark = why;
		else if (d->constant->check)
			mark = d->constant->check(x);
		sb_printf(out, "  %s: %s = %s%s%s\n", v->name, d->constant->name, v->text,
			  mark ? (why ? "; n/a: " : "; marked: ") : "", mark ? mark : "");
	}
}

static void show_model_table(const struct machine *m, const struct patch_desc *d, struct strbuf *out)
{
	int nsides = patch_nsides(d), ncols = patch_ncols(m, d), multi = nsides > 1, nrows = 0;
	int name_w = (int)strlen("metric");
	int kind_w = (int)strlen("kind"), side_w = 0, change_w = (int)strlen("change"), var_w = 0;
	char title[160];
	struct show_row *rows;
	const struct metric_desc *md;

	for (md = d->metrics; md->name; md++)
		nrows++;
	rows = calloc((size_t)nrows + 1, sizeof(*rows));
	if (!rows)
		return;
	for (int s = 0; s < ncols; s++)
		side_w = side_w > (int)strlen(patch_col_name(m, d, s)) ? side_w : (int)strlen(patch_col_name(m, d, s));
	for (md = d->metrics; md->name; md++) {
		struct show_row *r = &rows[md - d->metrics];

		name_w = name_w > (int)strlen(md->name) ? name_w : (int)strlen(md->name);
		kind_w = kind_w > (int)strlen(kind_name(md)) ? kind_w : (int)strlen(kind_name(md));
		if (md->single) {
			/* one value: in the change column of a patch with sides, else its only column */
			render_human(md->fn(m, 0, NULL), md->unit, multi ? r->change : r->side[0],
				     multi ? sizeof(r->change) : sizeof(r->side[0]));
		} else {
			struct value before = md->fn(m, d->before, NULL);

			for (int s = 0; s < nsides; s++)
				render_human(md->fn(m, s, NULL), md->unit, r->side[s], sizeof(r->side[s]));
			if (multi)
				r->verdict = render_change(md, before, md->fn(m, d->after, NULL), r->change, sizeof(r->change));
			/* a variant's cell: its value and its change against before */
			for (int s = nsides; s < ncols; s++) {
				struct value v = metric_compute(m, d, md, s, NULL);
				char val[40], ch[40];

				render_human(v, md->unit, val, sizeof(val));
				render_change(md, before, v, ch, sizeof(ch));
				if (v.kind == VAL_NONE || !ch[0])
					snprintf(r->side[s], sizeof(r->side[s]), "%s", val);
				else
					snprintf(r->side[s], sizeof(r->side[s]), "%s (%s)", val, ch);
			}
		}
		for (int s = 0; s < nsides; s++)
			side_w = side_w > (int)strlen(r->side[s]) ? side_w : (int)strlen(r->side[s]);
		change_w = change_w > (int)strlen(r->change) ? change_w : (int)strlen(r->change);
	}

	for (md = d->metrics; md->name; md++)
		for (int s = nsides; s < ncols; s++)
			var_w = var_w > (int)strlen(rows[md - d->metrics].side[s]) ? var_w : (int)strlen(rows[md - d->metrics].side[s]);
	patch_title(m, d, title, sizeof(title));
	sb_printf(out, "%s: %s  (seed %.3s; %s)\n", d->id, title, d->seed, d->kernel);
	sb_printf(out, "  %-*s  %-*s", name_w, "metric", kind_w, "kind");
	for (int s = 0; s < nsides; s++)
		sb_printf(out, "  %*s", side_w, d->sides[s]);
	if (multi)
		sb_printf(out, "  %-*s  %-7s", change_w, "change", "");
	for (int s = nsides; s < ncols; s++)
		sb_printf(out, "  %-*s", var_w, patch_col_name(m, d, s));
	/* no trailing blanks */
	while (out->len && out->buf[out->len - 1] == ' ')
		out->buf[--out->len] = '\0';
	sb_putc(out, '\n');
	for (md = d->metrics; md->name; md++) {
		const struct show_row *r = &rows[md - d->metrics];
		struct strbuf line = STRBUF_INIT;

		sb_printf(&line, "  %-*s  %-*s", name_w, md->name, kind_w, kind_name(md));
		for (int s = 0; s < nsides; s++)
			sb_printf(&line, "  %*s", side_w, r->side[s]);
		if (multi)
			sb_printf(&line, "  %-*s  %-7s", change_w, r->change, verdict_word(r->verdict));
		for (int s = nsides; s < ncols; s++)
			sb_printf(&line, "  %-*s", var_w, r->side[s]);
		/* no trailing blanks: a row without a verdict ends at its last word */
		while (line.len && line.buf[line.len - 1] == ' ')
			line.buf[--line.len] = '\0';
		sb_printf(out, "%s\n", sb_str(&line));
		sb_free(&line);
	}
	free(rows);
	show_variant_notes(m, d, out);
}

static void show_model_records(const struct machine *m, const struct patch_desc *d, enum out_format f, int *first,
			       struct strbuf *out)
{
	int nsides = patch_ncols(m, d);

	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		for (int s = 0; s < (md->single ? 1 : nsides); s++) {
			struct record r = { d->id, md->name, md->single ? "" : patch_col_name(m, d, s), md->unit,
					    kind_name(md), metric_compute(m, d, md, s, NULL), NULL, md->list ? md : NULL, m, s };

			emit_record(f, &r, first, out);
		}
	}
}

int render_show(const struct session *s, const char *topic, struct strbuf *out, char *err, size_t errlen)
{
	int all = !*topic || !strcmp(topic, "all"), first = 1, any = 0;

	if (!all && strcmp(topic, "machine") && !patch_find(topic)) {
		char ids[160];

		patch_ids(ids, sizeof(ids));
		return err_set(err, errlen, "show: unknown topic '%s' (expected machine, all, or a patch: %s)", topic, ids);
	}
	if (all || !strcmp(topic, "machine")) {
		if (s->format == FMT_TABLE)
			show_machine_table(&s->m, out);
		else
			show_machine_records(&s->m, s->format, &first, out);
		any = 1;
	}
	for (int i = 0; patches[i]; i++) {
		if (!all && strcmp(topic, patches[i]->id))
			continue;
		if (s->format == FMT_TABLE) {
			if (any)
				sb_putc(out, '\n');
			show_model_table(&s->m, patches[i], out);
		} else {
			show_model_records(&s->m, patches[i], s->format, &first, out);
		}
		any = 1;
	}
	if (s->format == FMT_TABLE && (all || strcmp(topic, "machine")))
		sb_puts(out, "\nkind: exact = the kernel's arithmetic for this machine; workload = the kernel's loop under a stated workload (explain states it); model = an estimate from a calibrated model (explain says what it rests on)\n");
	if (s->format == FMT_JSON)
		sb_puts(out, first ? "[]\n" : "\n]\n");
	return 0;
}

static void explain_one(const struct machine *m, const struct metric_ref *ref, int side, struct strbuf *out)
{
	const struct metric_desc *md = ref->metric;
	struct strbuf why = STRBUF_INIT;
	struct value v = metric_compute(m, ref->patch, md, side, &why);
	char bare[400], human[64], plain[480];
	const char *body = sb_str(&why);

	render_bare(v, bare, sizeof(bare));
	render_human(v, md->unit, human, sizeof(human));
	if (v.kind == VAL_LIST) /* the items are in the working below; `get` prints them bare */
		sb_printf(out, "%s.%s.%s = a list of %s (%s each)", ref->patch->id, md->name, patch_col_name(m, ref->patch, side), bare,
			  md->unit);
	else if (md->single)
		sb_printf(out, "%s.%s = %s", ref->patch->id, md->name, human);
	else
		sb_printf(out, "%s.%s.%s = %s", ref->patch->id, md->name, patch_col_name(m, ref->patch, side), human);
	/* the exact figure too when the 4 digits or a scaled unit hide some of it */
	if (v.kind == VAL_REAL) /* the exact figure, written out: a person reads 0.0000704 faster than 7.04e-05 */
		fmt_real_plain(v.r, bare, sizeof(bare));
	snprintf(plain, sizeof(plain), "%s%s%s", bare, *md->unit ? " " : "", md->unit);
	if (v.kind != VAL_NONE && v.kind != VAL_LIST && strcmp(human, plain))
		sb_printf(out, " (%s)", plain);
	sb_printf(out, "  [%s]\n", md->kind == METRIC_MODELED ? "model: an estimate, not a measurement; what it rests on is below"
				   : md->kind == METRIC_WORKLOAD ? "workload: the kernel's loop arithmetic under the assumption below"
				   : v.kind == VAL_REAL ? "exact: a ratio of kernel figures, in floating point"
							: "exact: kernel arithmetic");
	if (v.kind == VAL_NONE && v.why)
		sb_printf(out, "  not evaluated: %s\n", v.why);
	while (*body) {
		const char *nl = strchr(body, '\n');
		size_t n = nl ? (size_t)(nl - body) : strlen(body);

		sb_printf(out, "  %.*s\n", (int)n, body);
		body += n + (nl != NULL);
	}
	sb_free(&why);
}

void render_explain(const struct machine *m, const struct metric_ref *ref, int side, struct strbuf *out)
{
	int nsides = patch_ncols(m, ref->patch);

	if (ref->metric->single) {
		explain_one(m, ref, 0, out);
		return;
	}
	if (side >= 0) {
		explain_one(m, ref, side, out);
		return;
	}
	for (int s = 0; s < nsides; s++) {
		if (s)
			sb_putc(out, '\n');
		explain_one(m, ref, s, out);
	}
}

void render_about(const struct machine *m, const struct patch_desc *d, struct strbuf *out)
{
	const struct metric_desc *md = patch_metric(d, d->headline);

	char title[160];

	patch_title(m, d, title, sizeof(title));
	sb_printf(out, "%s: %s\n", d->id, title);
	sb_printf(out, "seed: %s; kernel: %s\n\n", d->seed, d->kernel);
	sb_puts(out, d->about);
	sb_printf(out, "\npublished (seed):\n%s", d->published);
	if (d->seed_presets)
		sb_printf(out, "the seed's machine%s: preset load %s\n", strchr(d->seed_presets, ',') ? "s" : "",
			  d->seed_presets);
	if (md) {
		char b[64], a[64], ch[64];
		struct value vb = md->fn(m, d->before, NULL), va = md->fn(m, d->after, NULL);

		sb_printf(out, "\nbatchlab on this machine (%s %s):\n", md->name, metric_kind_name(md->kind));
		if (md->single) {
			render_human(vb, md->unit, b, sizeof(b));
			sb_printf(out, "  %s = %s\n", md->name, b);
		} else {
			enum verdict vd;

			render_human(vb, md->unit, b, sizeof(b));
			render_human(va, md->unit, a, sizeof(a));
			vd = render_change(md, vb, va, ch, sizeof(ch));
			sb_printf(out, "  %s: %s %s -> %s %s: %s%s%s\n", md->name, d->sides[d->before], b, d->sides[d->after], a,
				  ch, vd ? ", " : "", verdict_word(vd));
		}
	}
}
