/* core's numbers as text: values, lists, the change column and explain's working (see render.h). */
#include "render.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/mm/release.h"
#include "../../core/params.h"
#include "../../core/suggest.h"
#include "../../core/units.h"
#include "../../core/variant.h"
#include "numfmt.h"
#include "wrap.h"
#include "../../core/utf8.h"
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
	struct machine pinned;
	struct value v;

	if (side == SIDE_KERNEL) {
		const struct patch_desc *d = metric_patch(m->set, md);

		v = d ? metric_compute(m, d, md, side, NULL) : val_none(NULL);
		/* the walk is that of the side the release runs, on its own values */
		if (v.kind != VAL_LIST || (side = patch_kernel_walk(m, d, md, &pinned, &m)) < 0)
			return -1;
	} else {
		v = md->fn(m, md, side, NULL);
	}
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

void rec_metric_value(struct records *rec, const struct machine *m, const struct metric_desc *md, int side,
		      struct value v, int csv)
{
	struct strbuf items = STRBUF_INIT;
	uint64_t n;

	if (v.kind != VAL_LIST || render_list(m, md, side, !csv, &items, &n))
		rec_value(rec, v); /* not a list, or too many to print: the count */
	else if (!csv)
		rec_num(rec, sb_str(&items));
	else
		rec_str(rec, sb_str(&items));
	sb_free(&items);
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
	else if (md->single && side != SIDE_KERNEL)
		sb_printf(out, "%s.%s = %s", ref->patch->id, md->name, human);
	else
		sb_printf(out, "%s.%s.%s = %s", ref->patch->id, md->name, patch_col_name(m, ref->patch, side), human);
	/* the exact figure too when the 4 digits or a scaled unit hide some of it */
	if (v.kind == VAL_REAL) /* the exact figure, written out: a person reads 0.0000704 faster than 7.04e-05 */
		fmt_real_plain(v.r, bare, sizeof(bare));
	snprintf(plain, sizeof(plain), "%s%s%s", bare, *md->unit ? " " : "", md->unit);
	if (v.kind != VAL_NONE && v.kind != VAL_LIST && strcmp(human, plain))
		sb_printf(out, " (%s)", plain);
	sb_printf(out, " [%s]\n", md->kind == METRIC_MODELED ? "model: an estimate, not a measurement; what it rests on is below"
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
		explain_one(m, ref, side == SIDE_KERNEL ? SIDE_KERNEL : 0, out);
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

void render_kernel_column(const struct machine *m, struct strbuf *out)
{
	char caveat[REC_CAVEAT_MAX];

	sb_printf(out, "kernel: what the code of the machine's release computes (%s; set kernel RELEASE picks "
		       "another): the patch as merged and every change to it since (history PATCH lists the commits), so "
		       "it can differ from after, which is the patch alone\n",
		  release_names[machine_release(m)]);
	if (*release_caveat(m, caveat, sizeof(caveat)))
		sb_printf(out, "? after a kernel figure: %s\n", caveat);
}
