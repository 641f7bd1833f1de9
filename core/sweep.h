/*
 * Sweeps: one parameter varied over a range, metrics evaluated at each value.
 * The range is typed like `set` values (units allowed) and checked against
 * the parameter's row before a single row is produced, so a front end can
 * promise "an error and no output" for bad input. Each row is made by
 * setting the key through the parameter table, exactly as `set` would.
 *
 * A sweep over cpus asks each metric's fn_cpus for every row in one pass
 * (MVA yields X(k) for all k <= N on its way to N) and falls back to one
 * call per row when there is none or it declines.
 *
 * Pure: no printing, no I/O; memory only for the fn_cpus tables.
 */
#ifndef BL_SWEEP_H
#define BL_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#include "machine.h"
#include "mva.h"
#include "patch.h"
#include "params.h"
#include "rowmemo.h"
#include "variant.h"

#define SWEEP_MAX_ROWS 10000000ull
/* a group's columns: a metric's sides, or a patch file's compiled columns joined (core/mmpatch_code.h's MMP_JOIN_MAX) */
#define SWEEP_GROUP_MAX 8
#define SWEEP_MAX_COLS 192 /* 64 metric names, three sides each; or fewer names with variants */
#define SWEEP_ROW_PATCHES 8  /* patches a row's fn_row calls serve; more take fn_sides */
#define SWEEP_ROW_METRICS 32 /* a patch with more metrics than this takes fn_sides */

struct sweep_range {
	const struct param *key;
	int real;            /* PT_REAL key: rfrom.. below, else from.. */
	int mult;            /* x N (geometric) rather than step N (additive) */
	int given;           /* step or x was typed (plot samples the range otherwise) */
	uint64_t from, to, step;
	double rfrom, rto, rstep;
	double factor;       /* x N */
	const uint64_t *list; /* no step given for a key with a list of allowed values: those in FROM..TO */
	uint64_t rows;
};

/*
 * KEY FROM TO alone: the key, both ends read as `set` reads them, FROM <= TO.
 * Fills key, real and the ends (what `where` searches); rows stays 0.
 */
int sweep_bounds_parse(const struct machine *m, const char *key, const char *from, const char *to,
		       struct sweep_range *r, char *err, size_t errlen);

/*
 * KEY FROM TO [step N | x N]: how and n may be NULL (no step given). Without
 * one, counts step by 1 and sizes and page counts double (x 2); a real key
 * needs one. Errors name the key and say what was expected; r is filled only
 * on success. m supplies the page size for sizes typed for page-count keys.
 */
int sweep_range_parse(const struct machine *m, const char *key, const char *from, const char *to,
		      const char *how, const char *n, struct sweep_range *r, char *err, size_t errlen);
/* The same with a bound of the caller's own on the rows, and what they are ("rows", "points of the curve"). */
int sweep_range_parse_max(const struct machine *m, const char *key, const char *from, const char *to,
			  const char *how, const char *n, uint64_t max_rows, const char *rows_are, struct sweep_range *r,
			  char *err, size_t errlen);

/* Walks a range's values in order. */
struct sweep_cursor {
	uint64_t i;   /* rows produced so far */
	uint64_t u;   /* the current value (whole-number keys) */
	double r;     /* the current value (real keys) */
	uint64_t k;   /* x N with a fractional N: the exponent reached; a list: the next entry */
};

void sweep_cursor_start(struct sweep_cursor *c);
/* 1 with the next value in c, 0 after the last. */
int sweep_range_next(const struct sweep_range *r, struct sweep_cursor *c);

struct mmp_code;

/* One output column: a metric on one side. */
struct sweep_col {
	const struct patch_desc *patch;
	const struct metric_desc *metric;
	int side;              /* 0 for single-valued metrics */
	char head[128];        /* PATCH.NAME.SIDE, or PATCH.NAME for single-valued ones */
	double *fast;          /* fn_cpus's values, [cpus - 1]; NULL: fn per row */
	const char **fast_why; /* a variant's rows that are n/a there: why; NULL when none is */
	int hoisted;           /* the metric does not read the key: once is every row's value */
	struct value once;
	int rowed;             /* the row's value comes from the metric's fn_sides, once per row (sweep_next); not fast */
	int variant;           /* side is one of the user's variants: metric_compute() says n/a where it is */
	int var;               /* its entry in sweep.vars, which knows the row's verdict; -1: none */
	const struct sweep_variant *vp; /* that entry (sweep.vars is allocated once a sweep): no index to scale per cell */
	int shows;             /* the metric is the constant itself (patch_constant.metric): the row's value is it */
	struct mmp_code *code; /* compiled (core/mmpatch_code.h): a patch file's metric, a variant's constant; rowed */
};

/* A variant a column reads, worked out once per row (sweep_next) rather than once per cell. */
struct sweep_variant {
	const struct patch_desc *patch;
	int side;
	struct expr prog; /* the user's expression, kept aside while the row's machine holds its value */
	struct variant_code code; /* prog bound for the sweep's key, in the register form a row runs */
	int coded;             /* code was made (else each row evaluates prog) */
	struct expr *at;  /* the row's copy of the program, in sweep.rowset */
	const char *why;  /* this row: NULL when the value stands in the machine, else why it is n/a */
	uint64_t x;       /* this row's value, when why is NULL */
	/* x stands in the row's machine and is the plateau's value (code.flat_v), which rows keep whose name (at name_at) is in lo..hi */
	int on;
	size_t name_at;
	uint64_t lo, hi;
};

/*
 * A compiled column's plateau search (mmp_code_plateau) costs a few rows'
 * work: where the sweep's step is longer than its plateaus it spares no
 * row, and is given up a while. What a group knows of its last searches.
 */
struct plateau_guard {
	uint64_t searched;       /* the row of the last search, plus 1 (0: none since the last pause) */
	uint32_t misses;         /* searches in a row that spared no row */
	uint32_t wait, pause;    /* rows to go without one; the next pause's length */
};

struct sweep {
	struct sweep_range range;
	struct sweep_variant *vars;
	int nvars;
	struct patch_set *rowset; /* the rows' copy of the machine's set, when a column keeps a variant (vars) */
	struct sweep_col cols[SWEEP_MAX_COLS];
	int ncols;
	struct machine m;      /* the current row's machine */
	struct sweep_cursor cur;
	uint64_t fast_calls;   /* columns read from fn_cpus tables (for tests and the bench) */
	int hoisted;           /* columns computed once because their metric does not read the key */
	/*
	 * A row whose machine `set` refuses (sockets beyond cpus, zone beyond
	 * totalram ...): every cell is n/a, for machine_check()'s reason.
	 */
	int check_rows;        /* the key is one machine_check() reads: rows are checked */
	/*
	 * Over ram with totalram derived from it: the plateaus speak of the row's
	 * totalram (machine_totalram()), not of the key - a model is solved once
	 * per run of equal inputs over ram as over totalram.
	 */
	int plateau_pages;
	int pass_known;        /* the rows that pass are those with pass_lo <= key <= pass_hi (find_pass) */
	uint64_t pass_lo, pass_hi;
	struct machine scratch; /* find_pass's machine */
	const char *refused;   /* this row: NULL, or why (refused_why) */
	char refused_why[200];
	uint64_t nrefused;     /* rows refused so far */
	char first_refused[200]; /* the first one's reason, and its key value */
	struct sweep_cursor first_refused_at;
	/*
	 * The columns whose integer or real value may differ from the row
	 * before's, bit i of dirty[i / 64] for column i: a writer that kept the
	 * last row's text formats those cells again, and an n/a or a list
	 * wherever it is. Made by sweep_next; a seek, a refused row and the row
	 * after one mark every column.
	 */
	uint64_t dirty[(SWEEP_MAX_COLS + 63) / 64];
	uint64_t others[(SWEEP_MAX_COLS + 63) / 64]; /* columns neither rowed nor hoisted: dirty on every row */
	struct value row[SWEEP_MAX_COLS]; /* the rowed columns' values this row (by column: a few cache lines) */
	int ngroups;
	struct sweep_group {   /* rowed columns of one metric: one fn_sides call a row (or fn per side, see fill_rows) */
		metric_sides_fn fn_sides; /* NULL: a metric with a totalram_plateau and no fn_sides, fn per side */
		const struct metric_desc *md;
		int rowp, metric;  /* rowp >= 0: the values are rowv[rowp][metric], from the patch's fn_row */
		int n;         /* its columns */
		short col[SWEEP_GROUP_MAX], side[SWEEP_GROUP_MAX];
		int nsides;    /* the sides fn_sides writes (a join: its columns' values) */
		struct value last[SWEEP_GROUP_MAX]; /* what it wrote the row before */
		/* rows whose totalram (the key, or over ram the row's) is in plateau_lo..plateau_hi have last's values (empty: lo > hi) */
		metric_plateau_fn plateau;
		uint64_t plateau_lo, plateau_hi;
		struct mmp_code *code; /* one compiled column: its value and its plateau are the code's */
		struct plateau_guard guard; /* when a compiled column's plateau is searched for (sweep.c's guard_search) */
	} groups[SWEEP_MAX_COLS];
	uint64_t plateau_rows; /* rows a group took from its plateau, fn_sides not called (for tests and the bench) */
	/*
	 * Every column is hoisted or in a group with a plateau (no fn_row, no
	 * variant, no fn_cpus table, no fn per cell) over FROM..TO step N: the
	 * rows where every plateau and the rows `set` takes hold are the row
	 * before with its key counted on (sweep_still).
	 */
	int runs_ok;
	/* The patches whose fn_row serves a row (two or more of their metrics are rowed), and what it gave. */
	int nrowp;
	const struct patch_desc *rowp[SWEEP_ROW_PATCHES];
	struct value rowv[SWEEP_ROW_PATCHES][SWEEP_ROW_METRICS][PATCH_MAX_SIDES];
	int was_refused;       /* the row before was refused */
	struct row_memo memo;  /* what the row's metrics share (the row's machine points here: m.memo) */
	/*
	 * The networks the rows' models solved (core/mva.h), when the machine
	 * begun from keeps none of its own: a row whose network is one solved
	 * before - any key its solve does not read - is answered from it.
	 */
	struct mva_memo mva;
};

void sweep_init(struct sweep *sw, const struct sweep_range *r);
/*
 * PATCH.NAME[.SIDE]: one column, or one per side in column order when no
 * side is named. The heading is the name as asked (PATCH.NAME.SIDE).
 */
int sweep_add_metric(struct sweep *sw, const char *name, char *err, size_t errlen);
/* The same, where m's variants are sides (PATCH.NAME.VARIANT, and columns of PATCH.NAME). */
int sweep_add_metric_m(struct sweep *sw, const struct machine *m, const char *name, char *err, size_t errlen);
/* Is the sweep over the releases (the `kernel` key)? A bare METRIC then means its kernel side. */
int sweep_over_kernel(const struct sweep *sw);
/* Any metric, by descriptor (tests use metrics no model registers). */
int sweep_add_column(struct sweep *sw, const struct patch_desc *d, const struct metric_desc *md, int side,
		     const char *head, char *err, size_t errlen);

/*
 * Start at m's state. Every row's machine is m with the key set, and each
 * column's value is what its metric gives there; a column whose metric does
 * not read the key (its `reads`) is computed here once, and a sweep over cpus
 * runs the fn_cpus passes. sweep_value then only looks values up.
 */
void sweep_begin(struct sweep *sw, const struct machine *m);
/*
 * Column c does not move over sw's key from m (its metric does not read the
 * key, nor does its variant; a kernel side moves over kernel): sweep_begin
 * computes it once, and a sweep's note names it.
 */
int sweep_col_constant(const struct sweep *sw, const struct machine *m, const struct sweep_col *c);
/* 1 with the next row's machine in sw->m and its key value in sw->cur; 0 at the end. Cannot fail. */
int sweep_next(struct sweep *sw);
/*
 * How many rows after the current one have every cell the current row's
 * (only the key moves): each group's plateau and the rows `set` takes reach
 * that far. 0 when it cannot say. A writer may write those rows as the
 * current one with the key counted on, then sweep_skip() them.
 */
static inline uint64_t sweep_still(const struct sweep *sw)
{
	uint64_t hi = sw->range.to;

	if (!sw->runs_ok || sw->refused)
		return 0;
	if (sw->check_rows) {
		if (!sw->pass_known)
			return 0;
		hi = sw->pass_hi < hi ? sw->pass_hi : hi;
	}
	for (int g = 0; g < sw->ngroups; g++)
		hi = sw->groups[g].plateau_hi < hi ? sw->groups[g].plateau_hi : hi;
	return hi > sw->cur.u ? (hi - sw->cur.u) / sw->range.step : 0;
}
/* Move on k rows that sweep_still() said stand: the cursor and the row's machine as sweep_next() would leave them. */
void sweep_skip(struct sweep *sw, uint64_t k);
/* Jump to any key value (u, or r for a real key), range-checked; for charts that sample. */
int sweep_seek(struct sweep *sw, uint64_t u, double r, char *err, size_t errlen);
/* Row k of an fn_cpus table: its real, or n/a with why. */
static inline struct value cpus_value(const double *x, const char *const *why, uint64_t k)
{
	return why && why[k] ? val_none(why[k]) : val_real(x[k]);
}

/* Column col's value at the current row: inline, since a sweep asks it for every cell. */
static inline struct value sweep_value(const struct sweep *sw, int col)
{
	const struct sweep_col *c = &sw->cols[col];

	if (sw->refused)
		return val_none(sw->refused);
	if (c->rowed) /* most columns of most sweeps: first */
		return sw->row[col];
	if (c->hoisted)
		return c->once;
	if (c->fast)
		return cpus_value(c->fast, c->fast_why, sw->cur.u - 1);
	if (c->vp) {
		/* metric_compute()'s check, made once per row by sweep_next */
		const struct sweep_variant *v = c->vp;

		return v->why ? val_none(v->why) : c->shows ? val_int(v->x) : c->metric->fn(&sw->m, c->metric, c->side, NULL);
	}
	if (c->variant || c->side == SIDE_KERNEL) /* the kernel side's release may make it n/a */
		return metric_compute(&sw->m, c->patch, c->metric, c->side, NULL);
	return c->metric->fn(&sw->m, c->metric, c->side, NULL);
}
/*
 * For an estimate of a sweep's time before its first row (after
 * sweep_begin): every value a row at the current key works out - runs = 1
 * the columns that plateaus answer (one solve a run of equal inputs), runs =
 * 0 the rest (one a row) - computed afresh, for the caller to time; it
 * returns a sum of their bits, for the caller to keep so that the work is
 * done. Nothing the rows read is changed.
 */
uint64_t sweep_solve_row(struct sweep *sw, int runs);
/*
 * The runs of equal inputs the plateaus' columns meet from FROM to TO: the
 * rows where they are solved. At most cap are counted; *rows is how many of
 * the sweep's rows those cover (all of them unless cap was reached). A sweep
 * with no such column: 0 runs, all rows.
 */
uint64_t sweep_runs(struct sweep *sw, uint64_t cap, uint64_t *rows);
/* Frees the fn_cpus tables; the sweep may be begun again. */
void sweep_end(struct sweep *sw);

/* A key value as a real, for charts and comparisons. */
double sweep_key_real(const struct sweep_range *r, const struct sweep_cursor *c);

/* `where METRIC.SIDE OP VALUE over KEY FROM TO` */
enum where_op { WHERE_LT, WHERE_LE, WHERE_GT, WHERE_GE, WHERE_EQ };

int where_op_parse(const char *s, enum where_op *op);
const char *where_op_name(enum where_op op);
/* Does v OP threshold hold? Integers compare exactly; n/a never holds. */
int where_holds(struct value v, enum where_op op, struct value threshold);

struct where_result {
	int found;
	struct sweep_cursor at;  /* first key value where it holds */
	struct value v;          /* the metric there; when not found, at TO */
	int monotone;            /* every value looked at was in order (ascending or descending) */
	int scanned;             /* not monotone, small range: every value was tried, so the answer is exact */
	uint64_t evals;          /* metric evaluations */
	int all_na;              /* not found, and every value looked at was n/a (v says why) */
	char why[200];           /* v's reason when it is a refused machine's, which the search does not outlive */
};

/* Small enough to try every value when the metric is not monotone. */
#define WHERE_SCAN_MAX 65536ull

/*
 * The first key value in FROM..TO (every whole value, or every double for a
 * real key) where col's metric OP threshold holds: bisection, assuming the
 * metric is monotone in the key, with 65 evenly spaced samples plus the
 * bisection path checked for order. If they are out of order the range is
 * scanned value by value when it is small enough (res->scanned); otherwise
 * the answer stands with res->monotone = 0 for the caller to warn about.
 * r's step is ignored. -1 with err for keys whose values are not a plain
 * interval (page size, powers of two) and real keys below 0.
 */
int sweep_where(const struct machine *m, const struct sweep_range *r, const struct sweep_col *col,
		enum where_op op, struct value threshold, struct where_result *res, char *err, size_t errlen);

/* --- between sweep's files (sweep.c, sweep_range.c, sweep_where.c) --- */

/* The key is cpus: the one fn_cpus tables are made over. */
int sweep_key_is_cpus(const struct param *p);
/*
 * fn_cpus's table of c's metric at cpus = 1..n, all else as in m; NULL when
 * it has none (each row then computes fn). *why: per row, why it is n/a
 * (NULL when no row is).
 */
double *sweep_cpus_table(const struct machine *m, const struct sweep_col *c, uint64_t n, const char ***why);

#endif
