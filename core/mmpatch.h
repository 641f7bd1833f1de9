/*
 * Patch files (NAME.mmpatch, batchlab-mmpatch(5)): a patch batchlab does not
 * know, described in a few lines - its constant before and after as
 * expressions over the machine (core/expr.h, the variants' language) and
 * the figures that follow from it - and read into a patch_desc like the
 * built-in ones, so show, explain, sweep, plot, variants and report take it.
 *
 *   patch   memcg_batch128
 *   title   memcg charge batch 64 -> 128
 *   constant MEMCG_CHARGE_BATCH as batch
 *   unit    pages
 *   before  = 64
 *   after   = 128
 *   metric  stock_bytes = batch * cpus * pagesize
 *   unit    bytes
 *   better  lower
 *
 * The parser takes a buffer (core does no file I/O: lang/patchreg.c reads
 * the file and keeps the loaded patches); mmp_keys[] is its table, which the
 * man page is generated from. Every error is one line, FILE:LINE:COLUMN:
 * what was expected.
 */
#ifndef BL_MMPATCH_H
#define BL_MMPATCH_H

#include <stddef.h>
#include <stdint.h>

#include "expr.h"
#include "mm/release.h"
#include "params.h"
#include "patch.h"
#include "tradeoff.h"

#define MMP_FILE_MAX (64 * 1024) /* a patch file is a page of text, not a program */
#define MMP_LINE_MAX 1000
#define MMP_METRICS 24            /* the constant's own metric included */
#define MMP_NAME_MAX 32
#define MMP_TEXT_MAX 400          /* an expression, a help line */
#define MMP_ORIGINS 4
#define MMP_ABOUT_MAX 4000
#define MMP_HELPERS 5             /* rows of mmp_helpers[] */
#define MMP_RELEASES 16           /* release rows: a constant's history is a few changes */
#define MMP_CLAIMS 12             /* figures a patch's mails state */
#define MMP_POINTS 6              /* what a maintainer leads with: a few points, as the built-ins have */

/* Where in a patch file a key may stand. */
enum mmp_block {
	MMP_HEAD,     /* before `constant`: the patch's own lines */
	MMP_CONSTANT, /* after `constant`, before the first `metric` */
	MMP_METRIC,   /* after a `metric` line: it describes that metric */
	MMP_ANY,      /* the constant's block or a metric's: the line is about the block it is in */
	MMP_TAIL,     /* after `constant`, anywhere: starts a block of its own (release, claim, tradeoff) */
	MMP_RELEASE,  /* after a `release` line: it describes that row */
	MMP_CLAIM,    /* after a `claim` line: it describes that claim */
	MMP_ROW,      /* a release row's or a claim's lines */
	MMP_BLOCKS
};

/* Where each block's keys stand, in the man page's words (mkman reads it). */
extern const char *const mmp_block_where[MMP_BLOCKS];

struct mmpatch;

/* A row of the parser's table: the key, what follows it, where, and what it means (the man page's words). */
struct mmp_key {
	const char *key;
	const char *args;
	enum mmp_block block;
	int required;
	const char *help;
	int (*parse)(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
};

extern const struct mmp_key mmp_keys[]; /* terminated by key == NULL */

/* A name an expression of a patch file may read besides the machine's: a kernel helper batchlab computes. */
struct mmp_helper {
	const char *name;
	const char *help;  /* the kernel function and file */
	const char *patch; /* the built-in patch and metric that compute it (NULL: its own function) */
	const char *metric;
	int kernel_side;   /* the release's value (the `kernel` side), not side 0 */
};

extern const struct mmp_helper mmp_helpers[]; /* terminated by name == NULL */

struct mmp_metric {
	char name[MMP_NAME_MAX];
	char unit[MMP_NAME_MAX];
	char help[MMP_TEXT_MAX];
	char assume[MMP_TEXT_MAX];
	char text[MMP_TEXT_MAX]; /* the expression as written ("" for the constant's metric) */
	int line, col;           /* where the expression starts */
	int kind_line;           /* where kind workload was said, for the missing assume */
	enum metric_kind kind;
	enum metric_better better;
	int better_set;
	struct expr prog;
	char reads[256];
	/* a real-valued metric: scale * EXPR / per (per_text "" for none); whole-number metrics may not read it */
	char per_text[MMP_TEXT_MAX];
	int per_line, per_col, real;
	double scale;
	struct expr per;
	/* arith real (workload and model metrics): text is worked in double by core/expr_real.c, prog holds only its reads */
	int arith_real, arith_line;
};

/* A release row as written: from release FROM on, the kernel computes the constant as EXPR. */
struct mmp_release {
	char from[16];
	char commit[41];
	char subject[MMP_TEXT_MAX]; /* the commit's subject line, as git log prints it */
	char what[MMP_TEXT_MAX];
	char where[MMP_TEXT_MAX];
	char checked[MMP_TEXT_MAX]; /* the trees read for the row, as a built-in row's check says them */
	char text[MMP_TEXT_MAX];
	char expr_what[MMP_TEXT_MAX + 16]; /* history's what, when the file says none: "computed as EXPR" */
	int line, col;
	struct expr prog;
};

/* A claim as written: a figure the patch's mail states, and the machine it is stated for. */
struct mmp_claim {
	char said[MMP_TEXT_MAX];
	char where[MMP_TEXT_MAX];
	char machine[MMP_NAME_MAX];
	char set[MMP_TEXT_MAX];
	char metric[2 * MMP_NAME_MAX + 8]; /* METRIC[.SIDE] or METRIC.ratio, or a parameter */
	char note[MMP_TEXT_MAX];
	int line, col, metric_col, said_set;
	int on_line, on_col, expect_line, expect_col; /* where the machine and the expected verdict are said (0: not) */
};

/* The trade-off line as written (tradeoff BENEFIT against COST [over KNOB FROM TO [x N | step N]]). */
struct mmp_tradeoff {
	char benefit[MMP_NAME_MAX], cost[MMP_NAME_MAX], knob[MMP_NAME_MAX];
	char from[32], to[32], how[8], step[32];
	int line, col, knob_col;
};

struct mmp_side {
	char name[MMP_NAME_MAX];
	char text[MMP_TEXT_MAX];
	int line, col;
	struct expr prog;
};

struct mmpatch {
	struct patch_desc desc; /* first: a metric's function finds its patch from the descriptor */
	char file[256];         /* as the caller named it, for errors and about: a control byte or one not UTF-8 as \xNN */
	char path[4096];        /* as the caller named it, byte for byte: to open it again (the report's -P) */
	char id[MMP_NAME_MAX];
	char title[MMP_TEXT_MAX];
	char origin[MMP_ORIGINS][MMP_TEXT_MAX];
	int norigins;
	char status[MMP_TEXT_MAX]; /* "merged in 6.9", "proposed ...", "rejected ..." */
	char point_text[MMP_POINTS][MMP_TEXT_MAX];
	int npoints;
	const char *points[MMP_POINTS + 1];
	char published[MMP_CLAIMS * (MMP_TEXT_MAX + 40) + 64]; /* the claims' figures, as about's published lines */
	char files[MMP_TEXT_MAX];
	char functions[MMP_TEXT_MAX];
	char about_lines[MMP_ABOUT_MAX];
	char about[MMP_ABOUT_MAX + 2 * MMP_TEXT_MAX * (MMP_ORIGINS + 2)];
	char kernel_where[2 * MMP_TEXT_MAX + 8];
	char constant_name[MMP_NAME_MAX];
	char aka[MMP_TEXT_MAX]; /* the constant's other kernel names, space-separated: patch from lists hunks touching them */
	char what[MMP_TEXT_MAX];
	struct mmp_side sides[PATCH_MAX_SIDES];
	int nsides;
	const char *side_names[PATCH_MAX_SIDES + 1];
	struct mmp_metric metrics[MMP_METRICS]; /* [0]: the constant's own */
	int nmetrics;
	struct metric_desc md[MMP_METRICS + 1];
	struct patch_constant constant;
	/* the helpers as the constant's locals, for its variants (NULL-terminated) */
	const char *locals[MMP_HELPERS + 1], *locals_help[MMP_HELPERS + 1], *locals_reads[MMP_HELPERS + 1];
	/* the names the expressions read: the machine's, the helpers, the constant (kernel name), the metrics */
	const char *names[EXPR_MAX_NAMES + 1];
	int nnames, helper0, constant0, metric0;
	/* optional parts: release rows (the kernel side), claims, the trade-off (core/mmpatch_rows.c) */
	struct mmp_release rel[MMP_RELEASES];
	int nrel;
	struct release_row rows[MMP_RELEASES + 1];
	struct release_history history;
	const struct release_history *histories[2];
	struct patch_kernel kernel;
	struct commit_subject subjects[MMP_RELEASES + 1];
	struct mmp_claim cl[MMP_CLAIMS];
	int ncl;
	struct patch_claim claims[MMP_CLAIMS + 1];
	struct mmp_tradeoff to;
	int has_tradeoff;
	/* [0] the file's, [1] a terminator: a reader walking the specs as a table (the explorer's t) stops there */
	struct tradeoff_spec tradeoff[2];
	char tradeoff_why[MMP_TEXT_MAX];
	struct param knob; /* the constant itself as a trade-off's knob: its name, unit and range */
	/* parsing */
	enum mmp_block block;
	int line;
	int slot; /* the index among the loaded patches: its variant slot is patch_builtin_count() + slot */
};

/*
 * Parse text (len bytes, a file's whole contents) into *p, to be the loaded
 * patch at index slot (0 .. VARIANT_LOADED - 1). file names it in errors.
 * -1 with "FILE:LINE:COLUMN: what was expected" in err; *p is then unusable.
 * A patch whose id is a built-in one's is refused. p is big (about 100 KB):
 * the caller allocates it, and must not move it after (it points into itself).
 */
int mmpatch_parse(struct mmpatch *p, const char *file, const char *text, size_t len, int slot, char *err,
		  size_t errlen);

/* Is d a loaded patch (its descriptor a struct mmpatch's)? */
int mmpatch_is(const struct patch_desc *d);
/* d as the loaded patch it is, or NULL for a built-in one. */
const struct mmpatch *mmpatch_of(const struct patch_desc *d);

/* A metric of a loaded patch: value on side, with the working when why is not NULL. */
struct value mmpatch_metric(const struct mmpatch *p, int j, const struct machine *m, int side, struct strbuf *why);
/* The same with the constant set to c (a trade-off over the constant): every side gives the same. */
struct value mmpatch_metric_at(const struct mmpatch *p, int j, const struct machine *m, uint64_t c);
/* The constant on side (SIDE_KERNEL: the release row in effect): 0, or -1 with why. */
int mmpatch_constant(const struct mmpatch *p, const struct machine *m, int side, uint64_t *out, const char **why);
/* Where the patch comes from, each origin with its kind: "commit 12a686c2e761, mail <id@host>"; "" for none. */
void mmpatch_origins(const struct mmpatch *p, char *buf, size_t len);
/* Metric j's index by name, or -1. */
int mmpatch_metric_index(const struct mmpatch *p, const char *name);

/*
 * The optional parts' keys and their finishing (core/mmpatch_rows.c): the
 * parser's table names these; mmpatch_rows_finish() compiles and checks
 * them once the whole file is read, and builds the release history, the
 * claims and the trade-off into the descriptor.
 */
int mmp_k_release(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_k_commit(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_k_subject(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_k_what(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_k_checked(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_k_where(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_k_claim(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_k_said(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_k_on(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_k_within(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_k_note(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_k_expect(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_k_tradeoff(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_rows_finish(struct mmpatch *p, char *err, size_t errlen);
/* core/mmpatch_real.c: the real-valued metrics' keys, and no whole-number expression reading a real metric */
int mmp_k_per(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_k_scale(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_k_arith(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen);
int mmp_check_real_reads(struct mmpatch *p, char *err, size_t errlen);
void mmp_rows_build(struct mmpatch *p);
/* shared with mmpatch.c: an error at the parser's line, and one at a line of the caller's */
int mmp_at(const struct mmpatch *p, int col, char *err, size_t errlen, const char *what);
int mmp_at_line(const struct mmpatch *p, int line, int col, char *err, size_t errlen, const char *what);
int mmp_expr_error(const struct mmpatch *p, int line, int col, const char *msg, char *err, size_t errlen);
int mmp_text_to(struct mmpatch *p, const char *rest, int col, char *out, size_t size, const char *what, char *err,
		size_t errlen);
/* mmpatch_helpers.c's: helper i's value on m (mmp_helpers[]), every helper's as a variant's locals, what i reads */
int mmp_helper_value(int i, const struct machine *m, uint64_t *v, const char **why);
void mmp_helper_locals(const struct machine *m, uint64_t *vals);
const char *mmp_helper_reads(int i);
/* mmpatch_eval.c's: the function of every file's metrics */
struct value mmp_metric_fn(const struct machine *m, const struct metric_desc *md, int side, struct strbuf *why);
/* the machine's and the helpers' values e reads, for the rows' expressions (no metric, no constant) */
int mmp_fill_machine(const struct mmpatch *p, const struct expr *e, const struct machine *m, uint64_t *vals,
		     const char **why);

#endif
