/*
 * The explorer's geometry and cell text, with no terminal: which lines the
 * panels hold (read from the parameter table and the model descriptors), how
 * wide each column is for a given screen size, and the text of every cell.
 * the views (view_panels.c) only draw what these return; the unit tests check them directly.
 */
#ifndef BL_LAYOUT_H
#define BL_LAYOUT_H

#include <stddef.h>

#include "../core/patch.h"
#include "../core/params.h"
#include "../lang/out/numfmt.h"

/* The title bar above the panels, the footer and the status line below. */
#define LAYOUT_CHROME_LINES 3
#define LAYOUT_MIN_PANEL_LINES 6

enum row_kind {
	ROW_GROUP,  /* machine panel: a parameter group ("machine", "workload", a patch id) */
	ROW_PARAM,  /* machine panel: one parameter */
	ROW_PATCH,  /* patch panel: id and the side names over their columns */
	ROW_TITLE,  /* patch panel: the patch's title under it, when there is room */
	ROW_METRIC, /* patch panel: one metric, all its sides and the change */
	ROW_BLANK,  /* patch panel: space between patches, when there is room */
};

struct row {
	enum row_kind kind;
	const char *group;
	const struct param *param;
	const struct patch_desc *patch;
	const struct metric_desc *metric;
	int serial; /* ROW_PARAM: index in params[]; ROW_METRIC: index among all metrics, in table order */
};

/* How much of the patch panel's furniture fits, most first. */
enum patch_detail {
	DETAIL_FULL,    /* title line and a blank line per patch */
	DETAIL_TITLES,  /* title line, no blank lines */
	DETAIL_COMPACT, /* id and side names only */
};

/*
 * Rows of each panel, in table order. Both write at most max rows to out
 * (out may be NULL) and return how many there are.
 */
size_t rows_machine(struct row *out, size_t max);
size_t rows_patches(const struct patch_set *ps, struct row *out, size_t max, enum patch_detail detail);
/* The most detail whose rows fit in height lines (DETAIL_COMPACT if none does). */
enum patch_detail patch_detail_for(const struct patch_set *ps, int height);

struct layout {
	int cols, lines;
	int too_small;          /* nothing but a message fits */
	int min_cols, min_lines;
	int top, height;        /* panel lines: top .. top + height - 1 */
	int footer_y, status_y;
	int mx, mw;             /* machine panel: x and width */
	int mname_w, mval_w;    /* its name and value columns */
	int px, pw;             /* patch panel */
	int pname_w, pval_w;    /* metric name (after a 2-column marker), each side */
	int pchange_w, punit_w; /* change column; unit column (0 when it does not fit) */
	int nsides;             /* side columns: the most any model has */
	int single;             /* too narrow for both panels side by side: one at a time, each cols wide */
	int nvar;               /* variant columns on screen, after the change column (layout_variants) */
	int nvar_all;           /* variant columns there are: the most any patch has; more than nvar scroll */
	const struct patch_set *set; /* the patches the panel shows (layout_compute's ps) */
};

/* Widths for a cols x lines screen showing ps's patches; returns 0, or -1 (too_small set) when it cannot fit. */
int layout_compute(struct layout *L, const struct patch_set *ps, int cols, int lines);
/*
 * Room for want variant columns after the change column: as many as fit
 * (nvar; the rest scroll), the unit column only if there is room after them.
 */
void layout_variants(struct layout *L, int want);
/* x of the k-th variant column on screen (0 <= k < nvar). */
int layout_var_x(const struct layout *L, int k);
/* x of side s of a patch with nsides sides, of the change column, of the unit column (patch panel). */
int layout_side_x(const struct layout *L, int s, int nsides);
int layout_change_x(const struct layout *L);
int layout_unit_x(const struct layout *L);

/*
 * First row to show so that row `cursor` is visible in a window of `height`
 * rows out of `total`, moving as little as possible from `first`.
 */
int layout_scroll(int first, int cursor, int height, int total);

/* The text of one metric row: every side, the change, and its direction. */
struct metric_cells {
	char side[PATCH_MAX_COLS][32]; /* the sides, then the machine's variants of the patch */
	char change[48];
	int direction;  /* -1 down, 0 same or n/a, 1 up */
	enum verdict verdict; /* better or worse by the metric's .better: the change's colour, or its mark */
	int modeled;    /* METRIC_MODELED: drawn apart, marked with LAYOUT_MODELED_MARK */
	int workload;   /* METRIC_WORKLOAD: marked with LAYOUT_WORKLOAD_MARK (explain states the workload) */
	int in_change;  /* a single-valued metric of a multi-sided patch: its value sits in the change column */
	struct value v[PATCH_MAX_SIDES]; /* the sides' values the cells were made from (a ratio_of metric divides them) */
};

#define LAYOUT_MODELED_MARK '~'
#define LAYOUT_WORKLOAD_MARK '*'

/* width: the side columns' width; a count wider than that is written 1.153e+18 (0: no limit). */
void cells_metric(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md, int width,
		  struct metric_cells *c);

/*
 * The cells of a ratio_of metric (core/patch.h) from the cells of the metric
 * it divides, made just before for the same machine: what cells_metric
 * gives, without solving that metric's model a second time.
 */
void cells_ratio(const struct patch_desc *d, const struct metric_desc *md, const struct metric_cells *of, int width,
		 struct metric_cells *c);

#define CELLS_MEMO_READS 24
#define CELLS_MEMO_SLOTS 4

/*
 * A metric row's cells remembered by the values of the parameters its
 * metric reads (md->reads, which test_patch holds complete) and the width:
 * a change to anything else, or back to a machine seen lately (+ then -),
 * costs no model solve and no formatting. At 65536 CPUs one MVA solve is
 * half a millisecond, and a redraw used to solve a dozen.
 */
struct cells_memo {
	const struct param *reads[CELLS_MEMO_READS];
	int nreads;  /* -1: no reads list (or too long): computed every time */
	int next;    /* the slot the next miss overwrites */
	int last;    /* the slot the last call gave or filled: looked at first */
	/*
	 * sizeof(struct metric_cells), read at run time: a hit copies the cells
	 * with libc's memcpy (vector moves), where a copy of a size known when
	 * compiling is inlined as rep movs, whose start costs more than the copy
	 */
	size_t cells_size;
	struct {
		int used, width;
		uint64_t in[2 * CELLS_MEMO_READS];
		struct metric_cells cells;
	} slot[CELLS_MEMO_SLOTS];
	unsigned long hits, misses;
};

void cells_memo_init(struct cells_memo *mm, const struct metric_desc *md);
/* cells_metric, or the cells it gave for the same inputs lately. */
void cells_metric_memo(struct cells_memo *mm, const struct machine *m, const struct patch_desc *d,
		       const struct metric_desc *md, int width, struct metric_cells *c);

/* A parameter's text (param_format_human) remembered by what it is made of: its value, auto's, the page size. */
struct param_memo {
	int used;
	uint64_t in[3];
	char text[96];
};

/*
 * A parameter's value for a column width columns wide: text (its human
 * form) when it fits, else a shorter spelling of the same value - "auto:
 * 66060288 pages", "66060288p", "auto" - and a cut only when not even the
 * shortest fits: "auto: 6606028>" would read as another number.
 */
void param_text_fit(const struct machine *m, const struct param *p, const char *text, int width, char *out,
		    size_t len);

/* param_format_human into buf, formatted again only when the parameter's inputs moved. */
void param_text_memo(struct param_memo *pm, const struct machine *m, const struct param *p, char *buf, size_t len);

/*
 * The change cell as drawn in width columns. With colour the colour says
 * better or worse and the text is c->change; without (NO_COLOR, a
 * monochrome terminal) a word follows it ("x2 worse"), or where that does
 * not fit a mark: a check or a cross under UTF-8, '+' or '!' in ASCII.
 */
void cells_change_text(const struct metric_cells *c, int colour, int utf8, int width, char *buf, size_t len);

/*
 * src fitted to exactly width display columns (UTF-8; a cut never splits a
 * character): padded, right-aligned if right, cut with a trailing '>' if
 * longer. Never writes past dstlen bytes, fitting fewer columns if it must.
 */
void fit_text(char *dst, size_t dstlen, const char *src, int width, int right);

#define LAYOUT_NAME_MAX 64
/*
 * The names of one column (parameters, metrics) fitted to width, each cut
 * so that no two read alike: where cutting the end makes two the same, each
 * keeps its head and its end around the '>' (max_d>bytes, max_d>ft_pct).
 */
void fit_names(const char *const *names, size_t n, int width, char (*out)[LAYOUT_NAME_MAX]);

/*
 * The value `+` (dir 1) or `-` (dir -1) sets: counts, sizes and pages double
 * or halve within the row's range, choices and allowed values step to the
 * next one. Written as the user would type it, for param_set to validate.
 * Returns 0, or -1 with a reason in buf when already at the end of the range.
 */
int param_step(const struct machine *m, const struct param *p, int dir, char *buf, size_t len);

#endif
