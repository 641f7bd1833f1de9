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
 * mm_compute_batch() read whole on both sides of its hunk and compared on a
 * grid of machines, or listed when it cannot be (committed_as), memory.reclaim's
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

#define DIFF_TEXT_MAX (4 << 20) /* the bound on a diff: every change of one is read, none dropped */
#define DIFF_LINE_MAX 4096      /* a longer line is not read for constants (it is listed) */

struct diff_finding {
	const char *file;               /* as the diff names it, control characters as '?' */
	int line;                       /* in the new file (the old one for a removed line) */
	const struct patch_desc *patch; /* mapped: the patch the variant is of; NULL: listed only */
	const char *expr;               /* mapped: the variant's expression ("" when listed) */
	const char *what;               /* what the change is, in a phrase */
	size_t at[3];                   /* the reader's own: file, expr and what in its text while it reads */
};

struct diff_read {
	char subject[200]; /* the mail's Subject, or the first line of the text */
	int files, hunks;
	struct diff_finding *f; /* every finding, n of them (diff_read_free() frees them) */
	int n;
	const struct patch_set *set; /* the patches a change maps onto (diff_read's ps) */
	/* the reader's own */
	int cap, oom, batch_at; /* batch_at: 1 + the finding of the hunk in mm_compute_batch(), 0 before one */
	char *text;
	size_t len, size;
};

/*
 * Read text (len bytes, at most DIFF_TEXT_MAX) against ps's patches. -1
 * with err when it holds no hunk of a unified diff at all, or is longer.
 * Every change is kept: free r with diff_read_free() after either result.
 */
int diff_read(const struct patch_set *ps, const char *text, size_t len, struct diff_read *r, char *err,
	      size_t errlen);
void diff_read_free(struct diff_read *r);

#endif
