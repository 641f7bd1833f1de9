/*
 * A patch file's real-valued metrics (batchlab-mmpatch(5), "Real numbers"):
 * the per, scale and arith keys, and the check that a whole-number
 * expression reads no real metric. Its values are worked in
 * core/mmpatch_eval.c, an arith real expression by core/expr_real.c.
 */
#include "mmpatch.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "units.h"

/* The metric whose lines are being read (a real key stands only in a metric's lines). */
static struct mmp_metric *metric_here(struct mmpatch *p)
{
	return &p->metrics[p->block == MMP_METRIC ? p->nmetrics - 1 : 0];
}

/* per EXPR: the metric is real, its expression divided by this one's, in double */
int mmp_k_per(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_metric *x = metric_here(p);

	if (x->per_text[0])
		return mmp_at(p, 1, err, errlen, "a second 'per' line: a metric is divided once");
	if (!*rest)
		return mmp_at(p, col, err, errlen, "per: an expression expected (the whole number the metric is divided by)");
	if (mmp_text_to(p, rest, col, x->per_text, sizeof(x->per_text), "per", err, errlen))
		return -1;
	x->per_line = p->line;
	x->per_col = col;
	x->real = 1;
	return 0;
}

/* scale NUMBER: the metric is real, its value times NUMBER (100 for a percentage, 1e-6 for millions) */
int mmp_k_scale(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_metric *x = metric_here(p);
	char why[96];
	double v;

	if (!*rest || strchr(rest, ' ') || strchr(rest, '\t') || parse_real(rest, &v, why, sizeof(why)) || !(v > 0) ||
	    isinf(v))
		return mmp_at(p, col, err, errlen, "scale: a number above 0 expected (100, 0.5, 1e-6)");
	x->scale = v;
	x->real = 1;
	return 0;
}

/* arith real|kernel: a workload or model metric's figure worked in double (checked once the file is read) */
int mmp_k_arith(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_metric *x = metric_here(p);

	if (strcmp(rest, "real") && strcmp(rest, "kernel"))
		return mmp_at(p, col, err, errlen, "arith: real or kernel expected");
	x->arith_real = !strcmp(rest, "real");
	x->arith_line = p->line;
	x->real |= x->arith_real;
	return 0;
}

/* Where name stands in text as a word: its column (1-based), or 1. */
static int word_col(const char *text, const char *name)
{
	size_t n = strlen(name);

	for (const char *s = strstr(text, name); s; s = strstr(s + 1, name))
		if ((s == text || !(isalnum((unsigned char)s[-1]) || s[-1] == '_')) &&
		    !(isalnum((unsigned char)s[n]) || s[n] == '_'))
			return (int)(s - text) + 1;
	return 1;
}

/* An expression is whole numbers: one that reads a real metric (per, scale) would read a truncated figure. */
int mmp_check_real_reads(struct mmpatch *p, char *err, size_t errlen)
{
	char msg[300];

	for (int j = 1; j < p->nmetrics; j++)
		for (int k = 1; k < p->nmetrics; k++) {
			const struct mmp_metric *x = &p->metrics[j], *r = &p->metrics[k];
			int in_per = x->per_text[0] && (x->per.reads >> (p->metric0 + k)) & 1;

			if (!r->real || ((x->arith_real || !((x->prog.reads >> (p->metric0 + k)) & 1)) && !in_per))
				continue;
			snprintf(msg, sizeof(msg), "metric '%s' reads '%s', a real number (per, scale, arith real): an "
				 "expression expected over whole numbers - read what '%s' is made of (a workload or model "
				 "metric may be arith real)", x->name, r->name, r->name);
			if (!x->arith_real && (x->prog.reads >> (p->metric0 + k)) & 1)
				return mmp_at_line(p, x->line, x->col - 1 + word_col(x->text, r->name), err, errlen, msg);
			return mmp_at_line(p, x->per_line, x->per_col - 1 + word_col(x->per_text, r->name), err, errlen, msg);
		}
	return 0;
}
