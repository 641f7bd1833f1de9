/*
 * The published measurements each model is held to (issue 50): one table,
 * every row a figure someone measured - the machine, the workload and its
 * parameters, the figure, its source - and whether a model was fitted to it
 * or it is held out. core/calibrate.c fits only on fit rows; every held-out
 * row is a test (tests/unit/test_validation.c) whose error is recorded here,
 * so a model change that makes one worse fails make check. Pure data and
 * arithmetic: lang/validation.c loads each row's preset and runs the model.
 */
#ifndef BL_MEASURED_H
#define BL_MEASURED_H

#include <stddef.h>

enum measured_role {
	MEASURED_FIT,     /* a model's constant was fitted to it: reproduced by construction, no test */
	MEASURED_HELD,    /* held out: the model predicts it, and the error is its test */
	MEASURED_OUTSIDE, /* no model gives even its sign: no number is given, note says why */
};

struct measured_row {
	const char *id;       /* unique, short: "robot-icl-128t" */
	const char *metric;   /* PATCH.METRIC[.SIDE] the figure is a value of */
	enum measured_role role;
	const char *machine;  /* as the source states it; what it leaves out says "unknown" */
	const char *kernel;   /* the kernel measured */
	const char *workload; /* the workload and its parameters, as the source gives them */
	const char *preset;   /* batchlab's rebuild of the machine: a preset (its constants: the reading) ... */
	const char *set;      /* ... and key=value over it (machine and workload parameters), or NULL */
	double figure;        /* in the metric's unit */
	const char *source;   /* Message-ID, commit, report, URL */
	const char *unknown;  /* what the source leaves unknown, and the reading the model takes */
	double recorded_pct;  /* held: the signed error (model vs figure) as recorded; make check fails past it */
	const char *note;     /* fit: what it fits; outside: why no number */
};

/*
 * Every model metric says where it stands: its scope (where its figures can
 * be trusted), and when no held-out row from a source other than its own
 * patch mail was found, what was searched.
 */
struct measured_model {
	const char *metric;  /* PATCH.METRIC */
	const char *scope;   /* one sentence */
	const char *none_found; /* NULL when rows from other sources exist; else what was looked for */
};

extern const struct measured_row measured_rows[];     /* ends with id == NULL */
extern const struct measured_model measured_models[]; /* ends with metric == NULL */

const char *measured_role_name(enum measured_role r); /* "fit", "held out", "outside" */
/* The row with this id, or NULL. */
const struct measured_row *measured_find(const char *id);
/* A fit row's figure by id (core/calibrate.c's inputs); NAN when there is no such fit row. */
double measured_fit_figure(const char *id);
/* The model entry of PATCH.METRIC, or NULL. */
const struct measured_model *measured_model_of(const char *patch, const char *metric);
/* 1 when row r is a figure of PATCH.METRIC (any side). */
int measured_is_of(const struct measured_row *r, const char *patch, const char *metric);
/* 100 * (model - figure) / |figure|; NAN when either is not a finite number or figure is 0. */
double measured_error_pct(double model, double figure);

/*
 * A model's held-out error as data: the band of signed errors over its
 * held-out rows (lo <= hi), how many, and the CPU range of every measured
 * machine (fit and held out) it was evaluated on - a figure beyond it is
 * extrapolated.
 */
struct measured_band {
	int held, fit, outside; /* rows of each role */
	double lo_pct, hi_pct;  /* NAN when held == 0 */
	unsigned long long cpus_lo, cpus_hi; /* 0, 0 when no row's machine is known */
	unsigned long long ram_lo, ram_hi;   /* bytes, likewise */
	unsigned long long depth_lo, depth_hi; /* cgroup levels, likewise */
};

/* "held-out error -54.8%..+14.9% (3 rows)", "no held-out test (2 fit rows)", "no measurement". Returns buf. */
const char *measured_band_text(const struct measured_band *b, char *buf, size_t len);

#endif
