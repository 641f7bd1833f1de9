/*
 * One descriptor per patch model. A metric is a function of the machine and
 * a side; the same function writes its own explanation when asked, so the
 * number `get` prints and the working `explain` shows cannot drift apart.
 * Adding a patch is one new file, core/mm/NAME.c, exporting NAME_patch, and
 * one line in the patch list, core/patch_list.h (docs/ADDING-A-PATCH.md).
 *
 * How a metric computes itself: one way is the truth, and the rest are a
 * sweep's shortcuts to the same doubles, each optional, each held to fn by
 * tests/unit/test_fastpath.c, each there for a speed target of `make bench`:
 *
 *   fn               every metric: one side's value and, given why, its
 *                    working. Every command, the explorer, the kernel side
 *                    and a variant (the user's constant, core/variant.h)
 *                    call it; a new patch writes only this.
 *   fn_sides         a sweep row of an exact metric: every side at once, what
 *                    they share done once (the two exact columns, issue 27).
 *   fn_row           a sweep row with several fn_sides metrics of one patch:
 *                    their shared batch, window or threshold once a row.
 *   totalram_plateau a sweep over totalram: how far every side stays as it
 *                    is, so a run of rows is made once - models solved once
 *                    per distinct input (issue 41.1, 41.3).
 *   fn_cpus          a sweep over cpus of a model: every population in one
 *                    MVA recursion (issue 27).
 *
 * Not ways of their own: ratio_of says a single metric is a division of a
 * sibling's sides, so a front end that has them divides; list hands a
 * VAL_LIST metric's items to a walk. The kernel side is no way either: it
 * is fn on the side the release's row names, which the engine
 * (metric_compute()) resolves before fn is called where the patch's
 * releases run its sides (patch_kernel.runs); elsewhere fn is handed
 * SIDE_KERNEL and reads the row in effect (struct patch_kernel).
 */
#ifndef BL_PATCH_H
#define BL_PATCH_H

#include <stdint.h>

#include "machine.h"
#include "strbuf.h"

#define PATCH_MAX_SIDES 3
/*
 * The sides, the user's variants, and the kernel side: each metric as the
 * code of the machine's release (the `kernel` parameter) computes it. Its
 * index is fixed, past every variant, so the patch's sides and variants
 * keep theirs and `get PATCH.METRIC` (all sides) keeps its columns.
 */
#define SIDE_KERNEL (PATCH_MAX_SIDES + VARIANT_MAX)
#define PATCH_MAX_COLS (SIDE_KERNEL + 1)

enum value_kind {
	VAL_NONE, /* cannot be evaluated here; why says so */
	VAL_INT,
	VAL_REAL, /* may be +inf when infinity is the honest answer */
	VAL_LIST, /* whole numbers in order: i = how many; the metric's list fn yields them */
};

struct value {
	enum value_kind kind;
	union {
		uint64_t i;      /* VAL_INT, VAL_LIST */
		double r;        /* VAL_REAL */
		const char *why; /* VAL_NONE: the reason, one short phrase */
	};
};

/*
 * What a number is, so a reader knows how far to trust it. Every metric says
 * which; `show`, the screen, `help metrics` and the man page print the word.
 */
enum metric_kind {
	METRIC_EXACT,    /* the kernel's arithmetic for the machine described, bit for bit */
	METRIC_WORKLOAD, /* the kernel's loop arithmetic under a stated workload assumption */
	METRIC_MODELED,  /* a calibrated estimate; explain says what it was fitted to */
};

/* Which way a change is good news: the change column and its colour follow it. */
enum metric_better {
	BETTER_NONE,   /* a neutral fact (a size, a count that is neither gain nor price) */
	BETTER_LOWER,  /* a price: memory parked, drift, delay, time */
	BETTER_HIGHER, /* a gain: throughput, speedup */
};

struct metric_desc;
/*
 * why: NULL when only the value is wanted; else the function appends its
 * working (formula, values substituted, result, kernel function) as lines.
 * md is the metric's own descriptor: one function serves every metric of a
 * patch file (core/mmpatch.c) and finds the file's row by it.
 */
typedef struct value (*metric_fn)(const struct machine *m, const struct metric_desc *md, int side,
				  struct strbuf *why);
/*
 * A metric function's parameters as a built-in patch writes them, which
 * knows its row and has no use for the descriptor: METRIC_ARGS(m, side, why).
 */
#define METRIC_ARGS(m, side, why) \
	const struct machine *m, const struct metric_desc *self __attribute__((unused)), int side, struct strbuf *why

/*
 * Optional fast path for a sweep over `cpus`, for a metric whose values are
 * reals (the models): for each column s whose out[s] is not NULL (a side or
 * a variant; out[0] for a single-valued metric), fill out[s][i] with the
 * value at cpus = i + 1 for i < n (all else as in m), in one pass - MVA's
 * recursion yields X(k) for every population k <= N on its way to N, and the
 * sides' recursions run interleaved. Doubles, not values: a 65536-row table
 * is half a megabyte to fault in, not a whole one. Returns 0, or -1 to make
 * the caller fall back to fn per row. NULL: always fn per row.
 */
typedef int (*metric_cpus_fn)(const struct machine *m, uint64_t n, double *const out[PATCH_MAX_COLS]);

/*
 * Optional: the value on each of the patch's own sides (0 .. nsides - 1; no
 * variant, no kernel side) at once, into out[side], with no working: what the
 * sides share (a division, a machine figure) is done once. A sweep row calls
 * it in place of fn per cell; tests/unit/test_fastpath.c holds it against fn.
 */
typedef void (*metric_sides_fn)(const struct machine *m, struct value out[PATCH_MAX_SIDES]);

/*
 * For a sweep over totalram, or over ram when totalram follows it (the
 * row's machine_totalram()): the last totalram, at or above m's, up to which
 * every side's value (fn_sides, or fn on each side) stays what it is at m -
 * the kernel's divisions and fls() leave long runs of equal values - or 0
 * when it cannot say. A sweep row inside the run calls neither. A metric
 * that reads totalram only through such a figure (a model of the batch, of
 * the window) gives that figure's plateau too, and is then solved once per
 * run of equal inputs, not once per row: filling this field is all a new
 * metric needs. tests/unit/test_fastpath.c holds it to fn_sides and fn
 * across random runs.
 */
typedef uint64_t (*metric_plateau_fn)(const struct machine *m);

/*
 * For the fn_sides of a metric that is a formula of another metric's value
 * (a drift of the batch, the window in bytes): the other's fn_sides once,
 * then the formula on the two sides, before (0) and after (1).
 */
static inline void sides_of(const struct machine *m, struct value out[PATCH_MAX_SIDES], metric_sides_fn base,
			    struct value (*of)(const struct machine *, uint64_t))
{
	struct value b[PATCH_MAX_SIDES];

	base(m, b);
	out[0] = of(m, b[0].i);
	out[1] = of(m, b[1].i);
}

/*
 * A list-valued metric (VAL_LIST) hands its items to each(), in order, as
 * runs of equal items (item, repeat), so a schedule of a million equal asks
 * is one call. Returns how many items it yielded (fn's i).
 */
typedef void (*list_each_fn)(uint64_t item, uint64_t repeat, void *ctx);
typedef uint64_t (*metric_list_fn)(const struct machine *m, int side, list_each_fn each, void *ctx);

/*
 * What a model was fitted to, along one machine parameter: a figure for a
 * machine with key outside lo..hi extrapolates the fit, and says so where
 * it is printed. err_pct is the model's largest error against the seed rows
 * it was not fitted to (docs/MODELS.md), 0 when it states none: a change
 * smaller than that is not one the model can show.
 */
struct model_fit {
	const char *key;   /* the parameter the fit spans: "cpus" */
	uint64_t lo, hi;   /* its values in the fitted rows */
	const char *what;  /* "fitted to seed 000 at 72 CPUs" */
	double err_pct;
};

struct metric_desc {
	const char *name;
	const char *unit;      /* "pages", "bytes", "calls", "Mbps", "s", "x" ... */
	enum metric_kind kind;
	int single;            /* one value, no side (ratios, context figures) */
	const char *help;
	metric_fn fn;
	metric_cpus_fn fn_cpus;
	metric_sides_fn fn_sides;
	metric_plateau_fn totalram_plateau; /* for sweeps over totalram; may be NULL */
	/*
	 * fn reads totalram only through the patch's constant (patch_constant):
	 * with the constant held - on a variant's side - the value stands
	 * wherever the constant does, so a variant's column over totalram joins
	 * the runs its constant's plateau makes (core/mmpatch_code.h).
	 * tests/unit/test_mmpatch_code.c holds it: a held constant, any totalram.
	 */
	int through_constant;
	enum metric_better better;
	/*
	 * The parameters fn reads, space-separated, in the parameter table's
	 * names: the chart picks its x axis from them, and a sweep over a key
	 * not listed computes the column once. test_reads checks the list.
	 */
	const char *reads;
	metric_list_fn list;   /* set for VAL_LIST metrics only */
	/*
	 * Non-NULL: the model cannot resolve a before/after difference of the
	 * size it shows (its error against the seed is larger); the phrase says
	 * why, and the change column prints "unresolved", no ratio.
	 */
	const char *unresolved;
	/* fn_cpus takes the side's constant at each row's cpus: a variant that follows cpus needs no more */
	int cpus_rows;
	/*
	 * A single metric that is after / before of a sibling metric (its name
	 * here) gives exactly metric_ratio() of that metric's sides: a front end
	 * that has just computed the sibling (the explorer's row above) divides
	 * instead of solving the sibling's model again. test_patch holds fn to it.
	 */
	const char *ratio_of;
	const struct model_fit *fit; /* a model's fit range; NULL: none stated (exact, workload, or assumed) */
	int row; /* a patch file's metric: its row in the file's metrics, by which fn finds the file (core/mmpatch.c) */
};

/*
 * One figure the seed's mail states, as a row a patch file writes and a test
 * holds: the mail's words, the machine and metric batchlab gives the same
 * figure for, and how the two are compared. core/claim.c checks a row;
 * `about PATCH --claims`, `report` and their json print the verdicts.
 */
enum claim_how {
	CLAIM_EQUAL,   /* exact or workload: |batchlab - figure| <= tol (tol: how far the mail rounds) */
	CLAIM_WITHIN,  /* a model: within tol, a fraction of the figure (0.05 = 5%) */
	CLAIM_OUTSIDE, /* no metric reaches it: note says what the model leaves out */
};

enum claim_verdict { CLAIM_HOLDS, CLAIM_DIFFERS, CLAIM_NOT_MODELLED };

struct patch_claim {
	const char *said;    /* the claim as the mail words it */
	const char *where;   /* where the mail says it: "line 30", "cover letter" */
	const char *machine; /* the preset it maps to; NULL for CLAIM_OUTSIDE */
	const char *set;     /* "key=value ..." over the preset, or NULL */
	const char *metric;  /* "evals.after", "reduction", or a parameter: "scanned" */
	double figure;       /* the mail's number, in the metric's unit */
	enum claim_how how;
	double tol;
	const char *note;    /* why it differs or what it rests on; CLAIM_OUTSIDE: what is left out */
	enum claim_verdict expect; /* the verdict it gives today: test_claim fails when a model change moves it */
};

/*
 * The constant a variant replaces (core/variant.h): what it is in the
 * kernel, the patch's own intermediate names an expression may read besides
 * the machine's, and the kernel's limits on it. A variant is one more side:
 * side = nsides + k for the patch's k-th variant, and every metric of the
 * patch takes its constant from the side's accessor, so each metric -
 * exact, workload, model - is computed for it. Apart from the constant a
 * variant is the patch applied: a metric that tells sides apart by
 * `side == BEFORE` treats it as after.
 */
struct patch_constant {
	const char *name;               /* "MEMCG_CHARGE_BATCH" */
	const char *what;               /* what the expression computes, one line */
	const char *example;            /* an expression worth trying */
	const char *metric;             /* the metric whose value is the constant on each side ("batch") */
	const char *const *locals;      /* the patch's own names, NULL-terminated (may be empty) */
	const char *const *locals_help; /* one phrase per local */
	const char *const *locals_reads; /* per local: the parameters its value follows, space-separated */
	/* per local: the machine's name it always equals (nr is cpus), or NULL; NULL for none. A sweep reads that. */
	const char *const *locals_alias;
	/*
	 * per local: the expression in the machine's names (variant_common) its
	 * value always is, or NULL; NULL for none. A sweep compiles it into a
	 * variant's program where the local follows the key (core/mmpatch_code.h),
	 * and its plateau over totalram is then found. test_mmpatch_code holds it
	 * to local_values.
	 */
	const char *const *locals_expr;
	/* fills vals[i] for locals[i]; NULL when there are none. per_call locals are the caller's to fill. */
	void (*local_values)(const struct machine *m, uint64_t *vals);
	/* where the kernel limits the constant: NULL when v is fine, else why v would not work there */
	const char *(*check)(uint64_t v);
	/* the after side's constant as m's parameters set it (charge_batch), for check; NULL: none to mark */
	uint64_t (*after_value)(const struct machine *m);
	/* what batchlab's arithmetic for the patch takes: outside lo..hi a variant is n/a for why_range */
	uint64_t lo, hi;
	const char *why_range;
	/* 1: evaluated by the patch once per call with locals it supplies (remaining), so the
	   expression can fail mid-walk and the metric says so itself */
	int per_call;
	/* what the kernel makes of any value below it (proactive_reclaim: try_to_free_mem_cgroup_pages()
	   asks max(nr_pages, SWAP_CLUSTER_MAX)), and where; 0 and NULL when it takes the value as it is */
	uint64_t floor;
	const char *floor_why;
	/*
	 * Where the patch's variants are, for variant_const(), which a sweep
	 * asks per cell: slot, the patch's index in its set's list (the set's
	 * variant slots go by it); side0, its first variant's side, which is the
	 * number of its sides. Written out so the lookup is two loads, not a
	 * walk of the list; tests/unit/test_patch.c holds both to those.
	 */
	int slot, side0;
};

struct release_history;

/* A commit a release row names, with its subject line as git log prints it (`history`, the man page). */
struct commit_subject {
	const char *commit; /* 12 hex digits, as the rows write it; NULL ends a table */
	const char *subject;
};

/*
 * The kernel side of a patch: its constants through the releases (rows of
 * the patch file's own tables, core/mm/release.h) and how a metric reads
 * the release.
 */
struct patch_kernel {
	const struct release_history *const *history; /* NULL-terminated; `history PATCH` prints each */
	/*
	 * For a patch whose releases each run the code of one of its sides
	 * (rss_stat's before and after, proactive_reclaim's full/cluster/decay):
	 * the history whose row in effect names that side in its mode. The
	 * engine (metric_compute()) then resolves the kernel side itself: each
	 * metric is computed on the side the release's row names, n/a before the
	 * first row for the history's before_first, and the metric never sees
	 * SIDE_KERNEL. NULL: the metrics are handed SIDE_KERNEL and read the
	 * release themselves (a release whose code is none of the sides: a
	 * constant the rows give, a flush rule of its own).
	 */
	const struct release_history *runs;
	/* NULL when md computes on m's release; else why not (and why gets the working) */
	const char *(*na)(const struct machine *m, const struct metric_desc *md, struct strbuf *why);
	/* NULL, or a warning about m's release that every explain of the side carries */
	const char *(*warning)(const struct machine *m);
	/* NULL, or the patch's what-if knobs set to the release's own values on a scratch copy of m */
	void (*pin)(struct machine *m);
	/* the subject of every commit its rows name (release_subject() reads them all); NULL: none */
	const struct commit_subject *subjects;
};

struct patch_desc {
	const char *id;
	const char *title;
	const char *seed;            /* the seed file the patch came from */
	const char *kernel;          /* where it lives in the kernel */
	const char *const *sides;    /* NULL-terminated column names */
	int before, after;           /* the sides `before`/`after` mean, and the change column compares */
	const struct metric_desc *metrics; /* terminated by a row with name == NULL */
	const char *about;           /* what the patch changed and why, in batchlab's words */
	const char *published;       /* the seed's own figure */
	const char *headline;        /* batchlab's counterpart of the published figure, for `about` */
	const char *seed_presets;    /* the presets that rebuild the seed's machines, or NULL */
	const struct patch_constant *constant; /* what a variant replaces; NULL: no variants */
	/* the title as the values stand ("32 -> 128" once charge_batch is 128); NULL: title as it is */
	void (*title_now)(const struct machine *m, char *buf, unsigned long len);
	const struct patch_kernel *kernel_code; /* the kernel side; NULL: the patch has none */
	/*
	 * Optional: the metrics in row_metrics (bit k: metrics[k], each with an
	 * fn_sides), for one sweep row at once, into out[k] (the others are left
	 * alone): what they share - a batch, a window, a threshold, and the
	 * division each costs - is done once. A sweep row with two or more of
	 * them calls it in place of their fn_sides; tests/unit/test_fastpath.c
	 * holds every figure it gives against fn.
	 */
	void (*fn_row)(const struct machine *m, struct value (*out)[PATCH_MAX_SIDES]);
	uint32_t row_metrics;
	/*
	 * What a maintainer leads with, one point a string, each naming the
	 * function and file it is about (NULL-terminated; NULL: none). `report`
	 * opens with them.
	 */
	const char *const *points;
	/* Every figure the seed's mail states, checked (terminated by a row with said == NULL; NULL: none). */
	const struct patch_claim *claims;
};

/*
 * The patches every reader walks are a set's (core/patchset.h): a machine's
 * (m->set), or the built-in ones where a function is given NULL.
 */
/* How many patches are built in: the first entries of every set's list. */
int patch_builtin_count(void);

const struct patch_desc *patch_find(const struct patch_set *ps, const char *id);
/* "memcg_charge, proactive_reclaim, ... or vmstat": ps's ids, for error messages. */
void patch_ids(const struct patch_set *ps, char *buf, unsigned long len);
/* ": did you mean 'vmpressure'?" for a mistyped patch id, "" when none is near. Returns buf. */
const char *patch_suggest(const struct patch_set *ps, const char *id, char *buf, unsigned long len);
const struct metric_desc *patch_metric(const struct patch_desc *d, const char *name);
/* after / before of a metric's sides, as a ratio_of metric gives it: n/a unless both are reals and before > 0. */
struct value metric_ratio(struct value before, struct value after);
int patch_nsides(const struct patch_desc *d);
/* A side by name; "before" and "after" always work, "kernel" where the patch has kernel code. -1 if unknown. */
int patch_side(const struct patch_desc *d, const char *name);

/* A parsed metric name: PATCH.NAME[.SIDE]; side -1 = all sides (or single-valued). */
struct metric_ref {
	const struct patch_desc *patch;
	const struct metric_desc *metric;
	int side;
};

int metric_parse(const char *name, struct metric_ref *ref, char *err, unsigned long errlen);
/* The same over m's patches, its variants sides too (m may be NULL: the built-ins, no variant). */
int metric_parse_m(const struct machine *m, const char *name, struct metric_ref *ref, char *err, unsigned long errlen);
/* METRIC[.SIDE] (rest) of d itself, found by neither id nor list (a patch file not loaded yet); name for errors. */
int metric_parse_in(const struct machine *m, const struct patch_desc *d, const char *name, const char *rest,
		    struct metric_ref *ref, char *err, unsigned long errlen);
struct value metric_eval(const struct machine *m, const struct metric_ref *ref, int side);
/*
 * md on one side of d, a variant's included: the one way to evaluate a
 * metric where the side may be a variant (a variant that cannot be
 * evaluated on m is n/a with its reason, and why gets its working).
 */
struct value metric_compute(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md,
			    int side, struct strbuf *why);
/*
 * The kernel side as a walk sees it (a list metric's items): the base side
 * m's release runs and the machine to run it on (*use: m, or pinned with the
 * release's own values). -1 when d has no kernel side or md is n/a there.
 */
int patch_kernel_walk(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md,
		      struct machine *pinned, const struct machine **use);
/* The patch a metric belongs to, or NULL. */
const struct patch_desc *metric_patch(const struct patch_set *ps, const struct metric_desc *md);
/* d's title, following m's values where the title names them. */
void patch_title(const struct machine *m, const struct patch_desc *d, char *buf, unsigned long len);
/* Base sides plus m's variants of d: the columns. */
int patch_ncols(const struct machine *m, const struct patch_desc *d);
/* A column's name: the side's, or the variant's. */
const char *patch_col_name(const struct machine *m, const struct patch_desc *d, int side);

static inline struct value val_int(uint64_t i)
{
	struct value v = { .kind = VAL_INT, .i = i };
	return v;
}

static inline struct value val_real(double r)
{
	struct value v = { .kind = VAL_REAL, .r = r };
	return v;
}

static inline struct value val_list(uint64_t n)
{
	struct value v = { .kind = VAL_LIST, .i = n };
	return v;
}

/* Why a writer prints a real that is not a number as n/a: no output format has a bare nan. */
#define VALUE_NAN_WHY "not a number: the model's arithmetic has no value on this machine"

static inline struct value val_none(const char *why)
{
	struct value v = { .kind = VAL_NONE, .why = why };
	return v;
}

/* "exact", "workload", "model". */
const char *metric_kind_name(enum metric_kind k);
/* "lower", "higher", "none". */
const char *metric_better_name(enum metric_better b);
/* Does md read the parameter named key (listed in md->reads)? */
int metric_reads(const struct metric_desc *md, const char *key);

/* A value as a real, for ratios and models; NAN for VAL_NONE and VAL_LIST. */
double value_real(struct value v);

#endif
