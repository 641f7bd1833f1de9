/*
 * The diff reader: a unified diff (git format-patch's, mail headers and
 * all) read for the constants batchlab knows, each change it can map made
 * the text of a variant of that patch, every other change listed with its
 * file, line and what it changes. Nothing is guessed: a new value whose
 * expression reads names batchlab does not know is listed, not mapped.
 *
 * What it maps: #define MEMCG_CHARGE_BATCH (memcg_charge), #define
 * SWAP_CLUSTER_MAX (vmpressure's window is SWAP_CLUSTER_MAX * 16),
 * vmpressure_win's initialiser or an assignment to it (vmpressure),
 * mm_compute_batch()'s divisors and floor (committed_as), memory.reclaim's
 * batch_size (proactive_reclaim), and the constant of every loaded patch
 * file (a #define, an initialiser or an assignment of its kernel name).
 *
 * Pure: a buffer in, findings out.
 */
#ifndef BL_DIFFREAD_H
#define BL_DIFFREAD_H

#include <stddef.h>

#include "machine.h"
#include "patch.h"

#define DIFF_FINDINGS 32
#define DIFF_LINE_MAX 4096 /* a longer line is not read for constants (it is listed) */

struct diff_finding {
	char file[160];
	int line;                        /* in the new file (the old one for a removed line) */
	const struct patch_desc *patch;  /* mapped: the patch the variant is of; NULL: listed only */
	char expr[VARIANT_TEXT_MAX];     /* mapped: the variant's expression */
	char what[300];                  /* what the change is, in a phrase */
};

struct diff_read {
	char subject[200]; /* the mail's Subject, or the first line of the text */
	int files, hunks;
	struct diff_finding f[DIFF_FINDINGS];
	int n;
	int more; /* findings past the table, not kept */
	const struct patch_set *set; /* the patches a change maps onto (diff_read's ps) */
};

/* Read text (len bytes) against ps's patches. -1 with err when it holds no hunk of a unified diff at all. */
int diff_read(const struct patch_set *ps, const char *text, size_t len, struct diff_read *r, char *err,
	      size_t errlen);

#endif
