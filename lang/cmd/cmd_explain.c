/*
 * explain: a metric's formula, its values substituted, its result and the kernel function.
 */
#include "../cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/patch.h"
#include "../../core/mm/release.h"
#include "../validation.h"
#include "../out/records.h"
#include "../out/render.h"

/* One side's record: its name, value (a list's items, as get gives them), unit, kind and the steps that made it. */
static void explain_side_record(struct session *s, const struct metric_ref *ref, int side, struct records *rec)
{
	struct strbuf steps = STRBUF_INIT;
	struct value v = metric_compute(&s->m, ref->patch, ref->metric, side, &steps);
	char name[160];

	if (ref->metric->single && side != SIDE_KERNEL)
		snprintf(name, sizeof(name), "%s.%s", ref->patch->id, ref->metric->name);
	else
		snprintf(name, sizeof(name), "%s.%s.%s", ref->patch->id, ref->metric->name,
			 patch_col_name(&s->m, ref->patch, side));
	if (v.kind == VAL_NONE && v.why) {
		struct strbuf t = STRBUF_INIT;

		sb_printf(&t, "not evaluated: %s\n%s", v.why, sb_str(&steps));
		sb_free(&steps);
		steps = t;
	}
	rec_str(rec, name);
	rec_metric_value(rec, &s->m, ref->metric, side, v, s->format == FMT_CSV);
	rec_str(rec, ref->metric->unit);
	rec_str(rec, metric_kind_name(ref->metric->kind));
	rec_lines(rec, sb_str(&steps)); /* json: the steps as an array, one string a line */
	rec_end_row(rec);
	sb_free(&steps);
}

/* A model's held-out rows, model vs measured, once under its sides (lang/validation.c). */
static void explain_validation(const struct machine *m, const struct metric_ref *ref, struct strbuf *out)
{
	struct strbuf v = STRBUF_INIT;
	char why[200];

	validation_explain(ref->patch, ref->metric, &v);
	if (validation_beyond(ref->patch, ref->metric, m, why, sizeof(why)))
		sb_printf(&v, "  extrapolated: %s - beyond every measured machine\n", why);
	if (v.len)
		sb_printf(out, "\n%s", sb_str(&v));
	sb_free(&v);
}

static int cmd_explain(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	static const char *const heads[] = { "metric", "value", "unit", "kind", "steps", NULL };
	struct metric_ref ref;
	struct records rec;
	struct rec_units u = { 0 };
	char why[512]; /* a metric name's error lists every patch: room for more than today's */
	int nsides, one;

	(void)argc;
	if (metric_parse_m(&s->m, argv[0], &ref, why, sizeof(why)))
		return err_set(err, errlen, "explain: %s", why);
	if (s->format == FMT_TABLE) {
		render_explain(&s->m, &ref, ref.side, out);
		explain_validation(&s->m, &ref, out);
		return 0;
	}
	nsides = patch_ncols(&s->m, ref.patch);
	one = ref.metric->single || ref.side >= 0;
	recu_metric(&u, &s->m, ref.patch, ref.metric, ref.side, validation_band(ref.patch, ref.metric));
	rec_caveat_next(&s->doc, release_caveat(&s->m, why, sizeof(why))); /* as the steps' line says it */
	rec_begin(&rec, &s->doc, s->format, heads, u.u, u.n, out);
	recu_free(&u);
	for (int i = one ? ref.side : 0; i < (one ? ref.side + 1 : nsides); i++)
		explain_side_record(s, &ref, ref.metric->single && i != SIDE_KERNEL ? 0 : i, &rec);
	rec_end(&rec);
	return 0;
}

const struct cmd_entry cmd_explain_entry = {
	.name = "explain",
	.usage = "PATCH.METRIC[.SIDE]",
	.args = { ARG_METRIC, ARG_NONE, ARG_NONE },
	.min_args = 1,
	.max_args = 1,
	.help = "formula, values substituted, result, kernel function",
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_explain,
	.examples = (const char *const[]){ "explain memcg_charge.batch.after", NULL },
};
