#include "render.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../core/params.h"
#include "../core/units.h"

void render_bare(struct value v, char *buf, size_t len)
{
	switch (v.kind) {
	case VAL_INT:
		snprintf(buf, len, "%llu", (unsigned long long)v.i);
		break;
	case VAL_REAL:
		if (isinf(v.r))
			snprintf(buf, len, "%sinf", v.r < 0 ? "-" : "");
		else
			snprintf(buf, len, "%.6g", v.r);
		break;
	default:
		snprintf(buf, len, "n/a");
		break;
	}
}

void render_human(struct value v, const char *unit, char *buf, size_t len)
{
	if (v.kind == VAL_INT && !strcmp(unit, "bytes"))
		format_size(v.i, buf, len);
	else if (v.kind == VAL_REAL && !strcmp(unit, "bytes") && v.r >= 0 && v.r < 0x1p63)
		format_size((uint64_t)llround(v.r), buf, len); /* modeled bytes: whole bytes read better */
	else if (v.kind == VAL_REAL)
		format_real(v.r, buf, len);
	else
		render_bare(v, buf, len);
}

int change_direction(struct value before, struct value after)
{
	double b = value_real(before), a = value_real(after);

	if (isnan(a) || isnan(b) || a == b)
		return 0;
	return a > b ? 1 : -1;
}

void render_change(struct value before, struct value after, char *buf, size_t len)
{
	double b = value_real(before), a = value_real(after);

	if (isnan(a) || isnan(b)) {
		snprintf(buf, len, "%s", "");
	} else if (a == b) {
		snprintf(buf, len, "same");
	} else if (b == 0 || isinf(a) || isinf(b)) {
		snprintf(buf, len, "%s", a > b ? "up" : "down");
	} else if (a == 0) {
		snprintf(buf, len, "-100%%");
	} else {
		double pct = (a - b) / b * 100, factor = a > b ? a / b : b / a;

		snprintf(buf, len, fabs(pct) >= 100 ? "%+.0f%% (%c%.*f)" : "%+.1f%% (%c%.*f)", pct, a > b ? 'x' : '/',
			 factor >= 100 ? 0 : 2, factor);
	}
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
};

static void emit_record(enum out_format f, const struct record *r, int *first, struct strbuf *out)
{
	char b[64];

	if (f == FMT_CSV) {
		if (*first)
			sb_puts(out, "patch,metric,side,value,unit,kind\n");
		if (r->text)
			snprintf(b, sizeof(b), "%s", r->text);
		else
			render_bare(r->v, b, sizeof(b));
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
		else
			json_value(out, r->v);
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
		struct record r = { "machine", params[i].name, "", params[i].unit, "input", val_none(NULL), v };

		param_format(m, &params[i], v, sizeof(v));
		emit_record(f, &r, first, out);
	}
}

static void show_model_table(const struct machine *m, const struct patch_desc *d, struct strbuf *out)
{
	int nsides = patch_nsides(d), multi = nsides > 1;

	sb_printf(out, "%s: %s  (seed %.3s; %s)\n", d->id, d->title, d->seed, d->kernel);
	sb_printf(out, "  %-24s %-5s", "metric", "kind");
	for (int s = 0; s < nsides; s++)
		sb_printf(out, " %14s", d->sides[s]);
	if (multi)
		sb_printf(out, "  %s", "change");
	sb_printf(out, "  %s\n", "unit");
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		char v[64], ch[64];

		sb_printf(out, "  %-24s %-5s", md->name, kind_name(md));
		if (md->single && multi) {
			render_human(md->fn(m, 0, NULL), md->unit, v, sizeof(v));
			for (int s = 0; s < nsides; s++)
				sb_printf(out, " %14s", "");
			sb_printf(out, "  %-18s  %s\n", v, md->unit);
			continue;
		}
		for (int s = 0; s < nsides; s++) {
			render_human(md->fn(m, s, NULL), md->unit, v, sizeof(v));
			sb_printf(out, " %14s", v);
		}
		if (multi) {
			render_change(md->fn(m, d->before, NULL), md->fn(m, d->after, NULL), ch, sizeof(ch));
			sb_printf(out, "  %-18s", ch);
		}
		sb_printf(out, "  %s\n", md->unit);
	}
}

static void show_model_records(const struct machine *m, const struct patch_desc *d, enum out_format f, int *first,
			       struct strbuf *out)
{
	int nsides = patch_nsides(d);

	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		for (int s = 0; s < (md->single ? 1 : nsides); s++) {
			struct record r = { d->id, md->name, md->single ? "" : d->sides[s], md->unit, kind_name(md),
					    md->fn(m, s, NULL), NULL };

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
		snprintf(err, errlen, "show: unknown topic '%s' (expected machine, all, or a patch: %s)", topic, ids);
		return -1;
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
	struct value v = md->fn(m, side, &why);
	char bare[64], human[64];
	const char *body = sb_str(&why);

	render_bare(v, bare, sizeof(bare));
	render_human(v, md->unit, human, sizeof(human));
	if (md->single)
		sb_printf(out, "%s.%s = %s %s", ref->patch->id, md->name, bare, md->unit);
	else
		sb_printf(out, "%s.%s.%s = %s %s", ref->patch->id, md->name, ref->patch->sides[side], bare, md->unit);
	if (strcmp(bare, human) && !strcmp(md->unit, "bytes")) /* a size in KiB..EiB tells more than the bytes */
		sb_printf(out, " (%s)", human);
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
	int nsides = patch_nsides(ref->patch);

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

	sb_printf(out, "%s: %s\n", d->id, d->title);
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
			sb_printf(out, "  %s = %s %s\n", md->name, b, md->unit);
		} else {
			render_human(vb, md->unit, b, sizeof(b));
			render_human(va, md->unit, a, sizeof(a));
			render_change(vb, va, ch, sizeof(ch));
			sb_printf(out, "  %s: %s %s -> %s %s %s  %s\n", md->name, d->sides[d->before], b, d->sides[d->after], a,
				  md->unit, ch);
		}
	}
}
