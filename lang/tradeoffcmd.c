#include "tradeoffcmd.h"

#include <stdio.h>
#include <string.h>

#include "../core/err.h"
#include "../core/suggest.h"
#include "numfmt.h"
#include "outpath.h"
#include "wrap.h"
#include "records.h"
#include "render.h"


static const char *const usage = "expected tradeoff PATCH [over KNOB FROM TO [step N | x N]] [> PATH]";

int tradeoff_parse_run(const struct machine *m, int argc, char **argv, struct tradeoff *t, char *err, size_t errlen)
{
	const struct tradeoff_spec *spec;
	struct sweep_range r;
	char why[256];

	memset(t, 0, sizeof(*t));
	if (argc < 1)
		return err_set(err, errlen, "tradeoff: %s", usage);
	spec = tradeoff_spec_find(argv[0]);
	if (!spec) {
		char ids[160], mean[128];
		size_t n = 0;
		struct suggest sg;

		ids[0] = '\0';
		suggest_init(&sg, argv[0]);
		for (const struct tradeoff_spec *s = tradeoff_specs; s->patch; s++) {
			n += (size_t)snprintf(ids + n, n < sizeof(ids) ? sizeof(ids) - n : 0, "%s%s", n ? ", " : "", s->patch);
			suggest_offer(&sg, s->patch);
		}
		return err_set(err, errlen, "tradeoff: '%s' is not a patch with a trade-off%s (expected %s)", argv[0],
			       suggest_text(&sg, mean, sizeof(mean)), ids);
	}
	if (argc == 1)
		return tradeoff_run(m, spec, NULL, t, err, errlen);
	if (strcmp(argv[1], "over") || (argc != 5 && argc != 7))
		return err_set(err, errlen, "tradeoff: %s", usage);
	if (argc == 7 && strcmp(argv[5], "step") && strcmp(argv[5], "x"))
		return err_set(err, errlen, "tradeoff: '%s': expected step N or x N after the range", argv[5]);
	if (sweep_range_parse(m, argv[2], argv[3], argv[4], argc == 7 ? argv[5] : NULL, argc == 7 ? argv[6] : NULL, &r,
			      why, sizeof(why)))
		return err_set(err, errlen, "tradeoff: %s", why);
	return tradeoff_run(m, spec, &r, t, err, errlen);
}

static void knob_text(const struct tradeoff *t, const struct tradeoff_point *p, char *buf, size_t len)
{
	if (!p->on_curve)
		snprintf(buf, len, "%s", "");
	else if (t->knob->type == PT_REAL)
		render_bare(val_real(p->rknob), buf, len);
	else
		snprintf(buf, len, "%llu", (unsigned long long)p->knob);
}

static void heading(const struct metric_ref *ref, char *buf, size_t len)
{
	snprintf(buf, len, "%s.%s", ref->patch->id, ref->metric->name);
}

static void json_num(struct strbuf *out, struct value v)
{
	char b[64];

	render_bare(v, b, sizeof(b));
	if (v.kind == VAL_INT || (v.kind == VAL_REAL && b[0] != 'i' && b[0] != '-' && b[0] != 'n'))
		sb_puts(out, b);
	else if (v.kind == VAL_REAL && !strcmp(b, "-inf"))
		json_string(out, b);
	else if (v.kind == VAL_REAL && b[0] == '-')
		sb_puts(out, b);
	else
		json_string(out, b); /* inf and n/a stay strings, as in show and sweep */
}

static int wider(int w, const char *s)
{
	return (int)strlen(s) > w ? (int)strlen(s) : w;
}

/* A column's unit line: the unit, and "unresolved" under a metric that is. */
static const char *unit_text(const struct metric_desc *md, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", md->unit, md->unresolved ? ", unresolved" : "");
	return buf;
}

/* width: the columns the text may take (--width, a terminal), 0: as wide as it is. */
static void print_table(const struct tradeoff *t, int width, struct strbuf *out)
{
	char hb[128], hc[128], k[64], b[64], c[64], ub[96], uc[96];
	int wk = wider(wider(0, t->knob->name), t->knob->unit), wb, wc;
	const struct metric_desc *bm = t->benefit.metric, *cm = t->cost.metric;
	struct strbuf prose = STRBUF_INIT;

	heading(&t->benefit, hb, sizeof(hb));
	heading(&t->cost, hc, sizeof(hc));
	/* too wide with the metrics' names over the columns: the line above names them, "benefit" and "cost" do */
	unit_text(bm, ub, sizeof(ub));
	unit_text(cm, uc, sizeof(uc));
	if (width && wk + 2 + wider(wider(0, hb), ub) + 2 + wider(wider(0, hc), uc) + 8 > width) {
		snprintf(hb, sizeof(hb), "benefit");
		snprintf(hc, sizeof(hc), "cost");
	}
	wb = wider(wider(0, hb), ub);
	wc = wider(wider(0, hc), uc);
	for (size_t i = 0; i < t->n; i++) { /* every cell fits its column */
		knob_text(t, &t->pts[i], k, sizeof(k));
		fmt_human_short(t->pts[i].benefit, bm->unit, 0, b, sizeof(b));
		fmt_human_short(t->pts[i].cost, cm->unit, 0, c, sizeof(c));
		wk = wider(wk, k);
		wb = wider(wb, b);
		wc = wider(wc, c);
	}
	sb_printf(&prose, "tradeoff %s over %s: %s\n", t->patch->id, t->knob->name, t->spec->why);
	{
		char nb[128], nc[128];

		heading(&t->benefit, nb, sizeof(nb));
		heading(&t->cost, nc, sizeof(nc));
		sb_printf(&prose, "  benefit: %s (%s, %s%s, %s is better); cost: %s (%s, %s%s, %s is better)\n", nb,
			  bm->unit, metric_kind_name(bm->kind), bm->unresolved ? ", unresolved" : "",
			  metric_better_name(bm->better), nc, cm->unit, metric_kind_name(cm->kind),
			  cm->unresolved ? ", unresolved" : "", metric_better_name(cm->better));
	}
	/* a metric show marks unresolved is no firmer as an axis: its column says so too */
	for (int i = 0; i < 2; i++) {
		const struct metric_desc *md = i ? cm : bm;

		if (md->unresolved)
			sb_printf(&prose, "  unresolved: %s.%s - %s; its column is the model's figure, not a resolved %s\n",
				  t->patch->id, md->name, md->unresolved, i ? "cost" : "benefit");
	}
	if (width)
		wrap_text(out, sb_str(&prose), width, 0);
	else
		sb_puts(out, sb_str(&prose));
	sb_reset(&prose);
	sb_printf(out, "%*s  %*s  %*s  %s\n", wk, t->knob->name, wb, hb, wc, hc, "kernel");
	sb_printf(out, "%*s  %*s  %*s\n", wk, t->knob->unit, wb, ub, wc, uc);
	for (size_t i = 0; i < t->n; i++) {
		const struct tradeoff_point *p = &t->pts[i];

		knob_text(t, p, k, sizeof(k));
		/* a table for people: 4 significant digits in the number formatter's units, as sweep's */
		fmt_human_short(p->benefit, bm->unit, 0, b, sizeof(b));
		fmt_human_short(p->cost, cm->unit, 0, c, sizeof(c));
		sb_printf(out, "%*s  %*s  %*s%s%s%s%s\n", wk, k, wb, b, wc, c, *p->label || p->flag ? "  " : "", p->label,
			  p->flag && *p->label ? " " : "", p->flag ? "!" : "");
	}
	/* what '!' says, once per distinct mark: the kernel's word on those rows' constant */
	for (size_t i = 0; i < t->n; i++) {
		int seen = 0;

		for (size_t j = 0; j < i && !seen; j++)
			seen = t->pts[j].flag && t->pts[i].flag && !strcmp(t->pts[j].flag, t->pts[i].flag);
		if (t->pts[i].flag && !seen)
			sb_printf(&prose, "! marked: %s\n", t->pts[i].flag);
	}
	if (!t->own_knob)
		sb_printf(&prose, "(%s is not the patch's own constant, %s: no row is marked before or after)\n",
			  t->knob->name, t->spec->knob);
	if (width)
		wrap_text(out, sb_str(&prose), width, 0);
	else
		sb_puts(out, sb_str(&prose));
	sb_free(&prose);
}

static void print_csv(const struct tradeoff *t, struct strbuf *out)
{
	char hb[128], hc[128], k[64], b[64], c[64];

	heading(&t->benefit, hb, sizeof(hb));
	heading(&t->cost, hc, sizeof(hc));
	sb_printf(out, "%s,%s,%s,kernel\n", t->knob->name, hb, hc);
	for (size_t i = 0; i < t->n; i++) {
		const struct tradeoff_point *p = &t->pts[i];

		knob_text(t, p, k, sizeof(k));
		render_bare(p->benefit, b, sizeof(b));
		render_bare(p->cost, c, sizeof(c));
		sb_printf(out, "%s,%s,%s,%s\n", k, b, c, p->label);
	}
}

static void print_json(const struct tradeoff *t, struct strbuf *out)
{
	char hb[128], hc[128], k[64];

	heading(&t->benefit, hb, sizeof(hb));
	heading(&t->cost, hc, sizeof(hc));
	sb_puts(out, "[\n");
	for (size_t i = 0; i < t->n; i++) {
		const struct tradeoff_point *p = &t->pts[i];

		sb_puts(out, i ? ",\n  {" : "  {");
		json_string(out, t->knob->name);
		sb_puts(out, ": ");
		knob_text(t, p, k, sizeof(k));
		sb_puts(out, p->on_curve ? k : "null");
		sb_puts(out, ", ");
		json_string(out, hb);
		sb_puts(out, ": ");
		json_num(out, p->benefit);
		sb_puts(out, ", ");
		json_string(out, hc);
		sb_puts(out, ": ");
		json_num(out, p->cost);
		sb_puts(out, ", \"kernel\": ");
		json_string(out, p->label);
		sb_putc(out, '}');
	}
	sb_puts(out, t->n ? "\n]\n" : "]\n");
}

void tradeoff_details(struct strbuf *out)
{
	sb_puts(out,
		"For PATCH, its benefit against its cost - two metrics of the patch, chosen in the trade-off table "
		"(core/tradeoff.c) - as KNOB varies: a row for each value, with the rows of before, after and each "
		"variant marked in the kernel column. Without over, KNOB is the patch's own constant over the "
		"range below; over KNOB FROM TO [step N | x N] takes another range (the steps as in sweep), or "
		"another parameter, whose rows nothing marks.\n"
		"Output: for people, 4 significant digits; with --width N, or on a terminal narrower than the "
		"table, 'benefit' and 'cost' head the columns in place of the metrics' names, which the lines "
		"above it give. csv and json keep every digit; > PATH or --output PATH writes a file.\n"
		"The trade-offs:\n");
	for (const struct tradeoff_spec *t = tradeoff_specs; t->patch; t++)
		sb_printf(out, "- %s: %s from %s to %s %s %s; benefit %s.%s, cost %s.%s\n", t->patch, t->knob, t->from, t->to,
			  t->how, t->step, t->patch, t->benefit, t->patch, t->cost);
}

int cmd_tradeoff(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct tradeoff t;
	enum out_format fmt = s->format; /* cmd_run writes > PATH (outopts.h) */
	struct strbuf *dst = out;

	if (tradeoff_parse_run(&s->m, argc, argv, &t, err, errlen))
		return -1;
	if (fmt == FMT_CSV)
		print_csv(&t, dst);
	else if (fmt == FMT_JSON)
		print_json(&t, dst);
	else
		print_table(&t, session_width(s), dst);
	tradeoff_free(&t);
	return 0;
}
