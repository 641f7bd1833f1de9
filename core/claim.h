/*
 * A seed's claims checked: one row of a patch's claims table (core/patch.h,
 * struct patch_claim) against batchlab's figure for the machine it names,
 * and a model's fit range. Pure: the caller loads the row's preset.
 */
#ifndef BL_CLAIM_H
#define BL_CLAIM_H

#include <stddef.h>

#include "patch.h"

struct claim_result {
	enum claim_verdict verdict;
	struct value got;           /* batchlab's figure; VAL_NONE for a row outside the model */
	const char *unit;           /* the metric's or the parameter's */
	const char *kind;           /* "exact", "workload", "model", "input" (a parameter) */
	double dev;                 /* |got - figure| / |figure|; 0 when figure is 0 and got too */
	const struct model_fit *fit; /* the metric's, or NULL */
	int extrapolated;           /* a model on a machine outside its fit */
};

/* c->set ("key=value ..."), applied to m in order: 0, or -1 with "claim 'SAID': why" in err and m as it was. */
int claim_apply(struct machine *m, const struct patch_claim *c, char *err, size_t errlen);
/* c on m (already its preset and set): the figure, the verdict. */
void claim_check(const struct machine *m, const struct patch_desc *d, const struct patch_claim *c,
		 struct claim_result *r);
/* "holds", "holds within 0.06%", "differs: NOTE", "outside the model: NOTE". Returns buf. */
const char *claim_verdict_text(const struct patch_claim *c, const struct claim_result *r, char *buf, size_t len);
/* The short form for a table cell: "holds", "within 0.06%", "differs", "outside". */
const char *claim_verdict_word(const struct claim_result *r, char *buf, size_t len);
/* 1 when md is a model fitted over a key m lies outside of (md->fit): its figure extrapolates. */
int model_extrapolated(const struct machine *m, const struct metric_desc *md);
/* How many rows d's claims table has. */
int claim_count(const struct patch_desc *d);

#endif
