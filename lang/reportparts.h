/*
 * The review report's sections that read a patch's descriptor row by row -
 * the points a maintainer leads with, the seed's claims checked, the gains
 * and prices per machine group - and the forms they take: plain text to a
 * width, or GitHub-flavoured markdown; --style compare lays the gains out as
 * mmtests' compare-kernels does.
 */
#ifndef BL_REPORTPARTS_H
#define BL_REPORTPARTS_H

#include "../core/params.h"
#include "../core/patch.h"
#include "../core/strbuf.h"
#include "compare.h"

struct rform {
	int md;      /* markdown: headings, GFM tables, fenced blocks */
	int compare; /* --style compare: the baseline first, every column's ratio to it, marks */
	int width;   /* text: no line wider */
};

#define RCELL 64
#define RCOLS (PATCH_MAX_COLS + 3)

struct trow {
	char c[RCOLS][RCELL];
};

/* A section's heading: "Text:" in text, "### Text" in markdown. */
void rf_heading(const struct rform *f, struct strbuf *out, const char *text);
/* Prose, a "- " list item a line: wrapped to the width in text, as it is in markdown. */
void rf_para(const struct rform *f, struct strbuf *out, const char *text);
/* Text drawn to its columns (a chart, a command): as it is, fenced in markdown. */
void rf_pre(const struct rform *f, struct strbuf *out, const char *text);
/*
 * rows[0] the header; column 0 left-aligned, the rest right. Text: packed
 * into blocks to the width, the label repeated (too narrow: a list); markdown:
 * one GFM table.
 */
void rf_table(const struct rform *f, const struct trow *rows, int nrows, int ncols, struct strbuf *out);

/* What a maintainer leads with (d->points), each naming its function and file. */
void report_points(const struct rform *f, const struct patch_desc *d, struct strbuf *out);
/* The seed's claims, checked (d->claims): a table, the reasons under it. */
void report_claims(const struct rform *f, const struct patch_set *ps, const struct patch_desc *d, struct strbuf *out);
/*
 * The gains and prices: a table for what every machine shares, one per
 * machine for the rest; models outside their fit and n/a cells marked, with
 * the reasons under each table. f->compare: compare-kernels' layout.
 */
void report_gains(const struct rform *f, const struct compare_set *set, const struct patch_desc *d,
		  struct strbuf *out);

/* The metrics report_gains shows, and the share metrics it leaves to their own section. */
int report_is_share(const struct metric_desc *md);
int report_is_priced(const struct metric_desc *md);

/* d's status: the release its history merged it in, else the about page's "Status: " clause. */
void report_status(const struct patch_desc *d, char *buf, size_t len);
/* Some metric of d reads the parameter key. */
int report_patch_reads(const struct patch_desc *d, const char *key);
/* Not the machine's size (the tables show that): a workload assumption or a fitted constant. */
int report_is_assumption(const struct param *p);
/*
 * What a workload metric rests on besides the parameters: a patch file's
 * assume line, or, for a built-in metric that reads no workload parameter,
 * the workload its code fixes (buf). NULL for any other metric. name gets
 * PATCH.METRIC.
 */
const char *report_metric_assumption(const struct patch_desc *d, const struct metric_desc *md, char *name,
				     size_t len, char *buf, size_t buflen);
/* One paragraph wrapped to width. */
void report_para(struct strbuf *out, int width, const char *fmt, ...) BL_PRINTF(3, 4);

#endif
