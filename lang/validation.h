/*
 * The measurements table (core/measured.h) run: each row's preset loaded,
 * its settings applied, the model's figure beside the measured one and the
 * signed error; a model metric's held-out error band, worked out once a
 * process; and the table as `about PATCH --validation` prints it (text and
 * records). The error band goes beside every model figure: show, explain,
 * sweep, report and their records.
 */
#ifndef BL_VALIDATION_H
#define BL_VALIDATION_H

#include "../core/measured.h"
#include "../core/patch.h"
#include "../core/strbuf.h"

#include "out/records.h"

struct validation_row {
	const struct measured_row *r;
	double model;     /* the model's figure on the row's machine; NAN outside or when it cannot be run */
	double err_pct;   /* measured_error_pct(model, figure); NAN when no number */
	unsigned long long cpus, ram, depth; /* the row's machine's, 0 outside */
	char why[200];    /* "" or why the row could not be run (a preset or setting that fails) */
};

/* Row r run. Returns 0, or -1 with why filled (model and err_pct NAN). */
int validation_run(const struct measured_row *r, struct validation_row *out);
/*
 * md's band (its patch d): computed on first use and kept for the process
 * (the table and presets do not change under it). NULL when md is not a model.
 */
const struct measured_band *validation_band(const struct patch_desc *d, const struct metric_desc *md);
/* 1 when md is a model whose figures rest on no held-out test. */
int validation_untested(const struct patch_desc *d, const struct metric_desc *md);
/*
 * 1 when md is a model and m lies beyond every measured machine of its rows
 * along a parameter md reads (cpus, ram, depth); why (if not NULL) gets
 * "cpus = 1024 (measured 44..128)", the parameters joined by ", ".
 */
int validation_beyond(const struct patch_desc *d, const struct metric_desc *md, const struct machine *m, char *why,
		      size_t len);
/* explain's lines: the metric's held-out rows, model vs measured, and its scope. */
void validation_explain(const struct patch_desc *d, const struct metric_desc *md, struct strbuf *why);
/* `about PATCH --validation`: every row of d's models, as text to width, or as records. 0, or -1 (none). */
int validation_list(const struct patch_desc *d, int width, struct strbuf *out);
void validation_records(const struct patch_desc *d, struct doc *doc, enum out_format f, struct strbuf *out);
/* The band as the fields a record carries: held_rows, err_lo_pct, err_hi_pct, heldout_tested. */
void validation_rec_fields(struct records *rec, const struct measured_band *b);

#endif
