/*
 * A sweep's rows as text (sweep_rows.c): the headings of a table, csv and
 * json, and the rows themselves, each cell's text kept from the row before
 * and written again only when its value changed. cmd_sweep.c runs the sweep
 * (estimate, sink, Ctrl-C) and hands each burst of rows here.
 */
#ifndef BL_SWEEP_ROWS_H
#define BL_SWEEP_ROWS_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "../../core/strbuf.h"
#include "../../core/sweep.h"
#include "numfmt.h"
#include "records.h"

/* A reason as a json string is cut at this many bytes: it must fit the row buffer (sweep_row_size). */
#define WHY_MAX 200
#define ROW_SLACK 32 /* bytes past a row, its tail and each cell that copy_run may write */

/*
 * What a sweep prints: a column of the sweep, or, for a list-valued metric
 * (proactive_reclaim.asks) without --lists full, one of four: its count,
 * first, last and sum - a row of 8192 asks is 40 KB of text, its summary 20 bytes.
 */
enum { PART_WHOLE = -1, PART_COUNT, PART_FIRST, PART_LAST, PART_SUM, NPARTS };

struct ocol {
	int col, part;
	char head[sizeof(((struct sweep_col *)0)->head) + 8];
	const char *unit;
	/* its cell in sweep_row_lists: the text of the last value (kept: a number), a pure function of it */
	int kept;
	struct value last;
	size_t len;
	char text[64];
	/* what goes before the cell: json's `, "HEAD": `, csv's comma, a table's two spaces */
	char pre[sizeof(((struct sweep_col *)0)->head) + 16];
	size_t prelen;
};

struct layout {
	struct ocol *c;
	int n;
	int lists;  /* some column is a list: rows go through sweep_row_lists */
	size_t room; /* the most a list row takes but for a list whole (0: not yet worked out) */
};

/* Sweep sw's columns as printed: a list's four parts, or its items whole (full). -1: out of memory. */
int sweep_layout_make(const struct sweep *sw, int full, struct layout *l);
/* head's width, at least min. */
int sweep_col_width(const char *head, int min);
/* A column's heading in two parts: "vmpressure.window" over "after"; the length of the first. */
size_t sweep_head_group(const struct sweep_col *c);
/* A fitted table's three heading lines (widths from sweep_fit_widths), a plain table's two. */
void sweep_write_fit_header(const struct sweep *sw, const int *width, struct strbuf *out);
void sweep_write_header(const struct sweep *sw, const struct layout *l, const int *width, struct strbuf *out);
/*
 * csv, json, jsonl: the result's head in the document and csv's header; *heads for the caller to free;
 * bands[c]: sweep column c's held-out error (NULL: none). -1: no memory.
 */
int sweep_write_head(const struct sweep *sw, const struct layout *l, const struct measured_band *const *bands,
		     struct doc *d, enum out_format fmt, struct records *rec, const char ***heads, struct strbuf *out);

/*
 * The text of a row after its key, kept from the row before (sweep_rows.c
 * says how): one per sweep written, made for its widths.
 */
struct row_cell {
	struct value v;      /* the value text is of: its kind and bits */
	int ok;              /* text stands for v */
	unsigned len;
	char *text;          /* the separator (a table's spaces, json's name) and the value */
};

struct row_text {
	char *tail;          /* the cells' text: row_size bytes */
	size_t *end;         /* where cell i's text ends in tail */
	struct row_cell *cell;
	char *cells;         /* their texts' room */
	uint64_t row;        /* the sweep's row (cur.i) tail is of */
	int refused;         /* that row was one `set` refuses: its n/a cells carry its reason */
	const char *open;    /* json: the opening head is made for */
	char *head;          /* json: the row's opening and its key's name */
	size_t headlen;
	char close[REC_CLOSE_MAX]; /* the row's end: json's brace, csv's caveat column (rec_row_close) */
	size_t closelen;
	char **pre;          /* json: cell i's `, "HEAD": ` */
	size_t *prelen;
	char key[FMT_U64_MAX + 8]; /* the last integer key's digits */
	size_t keylen;
	uint64_t keyu;       /* the key / 10 they stand for */
	int keyok;           /* 0: none yet */
	/* ten rows of one decade of a key stepping by 1, each the same row but for the key's digits (same_rows) */
	char *block;
	size_t blockcap;
};

/* The most bytes a row takes (every cell a null with its reason). */
size_t sweep_row_size(const struct sweep *sw, const int *width);
int sweep_row_text_init(struct row_text *t, const struct sweep *sw, const int *width, size_t rowmax);
void sweep_row_text_free(struct row_text *t);
/*
 * Up to burst rows at p (room for burst rows of sweep_row_size + ROW_SLACK),
 * sw advanced over them; *done counts the rows written. rows_before: the
 * rows written so far (json's rows after the first open with a comma).
 * Returns the end. *stop set (Ctrl-C's flag) ends it after the row it came in.
 */
char *sweep_rows_burst(struct sweep *sw, enum out_format fmt, const int *width, int fit, char *p, struct records *rec,
		       struct row_text *t, uint64_t burst, uint64_t rows_before, uint64_t *done,
		       const volatile sig_atomic_t *stop);
/* One row with a list column onto out (l's parts, or its items with --lists full). */
void sweep_row_lists(const struct sweep *sw, struct layout *l, enum out_format fmt, const int *width,
		     struct strbuf *out, struct records *rec);

#endif
