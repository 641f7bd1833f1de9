/*
 * Real arithmetic for a patch file's workload and model metrics (arith real,
 * batchlab-mmpatch(5)): the same expressions as core/expr.h's, worked in
 * double, so a rate, a share or a fitted curve is not cut to a whole number
 * at each step.
 *
 *   lag_pages / tcp_mem_high * 100
 *   0.75 * sqrt(cpus) + log2(threads)
 *
 * Names, + - * / %, comparisons, && || !, ?: and parentheses read as in the
 * integer language; literals may be decimals (0.75, 1e-6); the functions
 * are min, max, clamp, abs, sqrt, log2, pow. There are no casts and no
 * shifts: an exact metric is the kernel's integer arithmetic with its types
 * (core/expr.h), and this never stands in for it. Where a figure would be
 * undefined (a division by zero, sqrt of a negative, log2 of 0, a result
 * that is not finite) evaluation stops with a reason: the metric is n/a.
 *
 * Pure: no printing, no globals. The text is parsed again at each
 * evaluation (a metric is a line; a file's figures are asked per cell).
 */
#ifndef BL_EXPR_REAL_H
#define BL_EXPR_REAL_H

#include <stddef.h>
#include <stdint.h>

#include "strbuf.h"

/* The functions a real expression may call, for help and the man page (terminated by name == NULL). */
struct expr_real_func {
	const char *name;
	int argc;
	const char *usage;
};

extern const struct expr_real_func expr_real_funcs[];

/*
 * Check text over names (NULL-terminated, at most 64): 0 with *reads (bit
 * i: names[i] is read), or -1 with one line in err saying what was expected
 * at which column (1-based, "column N: ...").
 */
int expr_real_compile(const char *text, const char *const *names, uint64_t *reads, char *err, size_t errlen);

/*
 * Evaluate text (which expr_real_compile accepted) with vals[i] the value of
 * names[i]: 0 with *out, or -1 with *why a short static phrase. trace may be
 * NULL; else a line "= VALUE" is appended.
 */
int expr_real_eval(const char *text, const char *const *names, const double *vals, double *out, const char **why,
		   struct strbuf *trace);

#endif
