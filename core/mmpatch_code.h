/*
 * A sweep column compiled (issue 53): a patch file's metric on one of its
 * sides or variants, or a variant's constant shown as its own column
 * (patch_constant.metric) - over totalram, too, a built-in metric of it that
 * reads totalram only through the constant (metric_desc.through_constant),
 * worked out by its fn with the constant held - made once at sweep_begin into a chain of register
 * programs (core/expr.h's expr_code). Each program is bound and folded
 * against what the sweep holds fixed - every name that does not follow the
 * key is read once, a figure of the file that folds to a number is that
 * number in the programs that read it - and a row runs the rest once, in
 * the order the interpreter (core/mmpatch_eval.c) reads them, so the first
 * to fail is the one whose reason the cell gives: the file's constant is
 * worked out once a row, not once for every figure that reads it.
 *
 * Over totalram, and over ram (of the row's totalram, machine_totalram()),
 * the chain is also followed on intervals (expr_code_range): how far above
 * the row the value stands, so a sweep makes a run of equal rows once, as a
 * built-in metric's totalram_plateau lets it. A search starts where the
 * last plateaus' spacing puts the next end (a division's, whatever the
 * sweep's step), and a row on the plateau found last asks for none.
 * tests/unit/test_mmpatch_code.c holds every cell to the interpreted one.
 */
#ifndef BL_MMPATCH_CODE_H
#define BL_MMPATCH_CODE_H

#include <stdint.h>

#include "machine.h"
#include "patch.h"

struct mmp_code;

/*
 * md on side of d, compiled for a sweep over key from m: a patch file's
 * metric on a base side or a variant, or a variant of any patch whose
 * metric is the constant itself or, over totalram, reads totalram only
 * through it. NULL when it is none of those, or cannot
 * be compiled (a real-arithmetic metric, the kernel side, a name that
 * cannot be read alone): the column is then worked out as before.
 */
struct mmp_code *mmp_code_make(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md,
			       int side, const char *key);
/* The value on m (the row's machine): what metric_compute() gives there, bit for bit. */
struct value mmp_code_value(struct mmp_code *k, const struct machine *m);
/* Can mmp_code_plateau() say anything (every name that moves over the key, totalram or ram, is totalram itself)? */
int mmp_code_flat(const struct mmp_code *k);
/*
 * Over totalram or ram: the last totalram at or above m's up to which the
 * value stands as it is at m; 0: it cannot say. Of joined columns
 * (mmp_code_join, asked of their lead): where the first of their plateaus ends.
 */
uint64_t mmp_code_plateau(struct mmp_code *k, const struct machine *m);
/*
 * k reads the same constant as lead, a column before it (the same patch,
 * side and sweep): a row runs the constant once, for lead, and k takes it;
 * where the key reaches both only through the constant, one plateau serves.
 * Either may be asked first: each checks the other's run is this row's.
 */
void mmp_code_share(struct mmp_code *k, struct mmp_code *lead);
/*
 * Columns of one patch, joined: lead's row runs k's too, each node the
 * columns share once (a side's constant, a figure two metrics read), and
 * mmp_code_values() gives each column's value - lead's first, then each
 * joined in turn - as mmp_code_value() would, reason for reason. -1 (k
 * runs alone) when k is of another patch, holds a built-in metric's fn,
 * or lead holds MMP_JOIN_MAX columns already.
 */
#define MMP_JOIN_MAX 8
int mmp_code_join(struct mmp_code *lead, struct mmp_code *k);
void mmp_code_values(struct mmp_code *lead, const struct machine *m, struct value *v);
void mmp_code_free(struct mmp_code *k);

#endif
