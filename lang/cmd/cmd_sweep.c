#include "cmd_sweep.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../core/err.h"
#include "../out/outfile.h"
#include "../out/outpath.h"
#include "../out/wrap.h"
#include "../interrupt.h"
#include "../out/render.h"

/* rows a sweep may hold in memory when nothing streams them (the explorer's view) */

/*
 * The longest a sweep may be estimated to run before a script must say
 * --long (and the explorer asks): a mistyped range at 65536 CPUs (a model
 * solve a row) would run for hours.
 */
#define SWEEP_TIME_MAX_S 60.0
/* Rows timed, spread over the range, for that estimate; fewer rows than this many are not estimated. */
#define ESTIMATE_SAMPLES 5
#define ESTIMATE_MIN_ROWS 64u
/* Runs of equal inputs counted before the first row at most; past it the count is scaled from the rows covered. */
#define ESTIMATE_RUNS_MAX 200000u

/* Flush to the sink in chunks this big: a 10-million-row sweep never sits in memory whole. */
#define CHUNK (1024 * 1024)
/* Rows written between two looks at the sink and Ctrl-C: a burst is well under a millisecond. */
#define ROW_BURST 4096

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *put_str(char *p, const char *s)
{
	size_t n = strlen(s);

	memcpy(p, s, n);
	return p + n;
}

/* A reason as a json string, escaped, cut at WHY_MAX bytes: it must fit the row buffer (row_size). */
#define WHY_MAX 200
static char *put_json_why(char *p, const char *s)
{
	*p++ = '"';
	for (int n = 0; *s && n < WHY_MAX; s++, n++) {
		if (*s == '"' || *s == '\\')
			*p++ = '\\', *p++ = *s;
		else if ((unsigned char)*s < 0x20)
			*p++ = ' ';
		else
			*p++ = *s;
	}
	*p++ = '"';
	return p;
}

/*
 * The bare value `get` prints (render_bare): a real is the shortest text
 * that reads back as the same double (issue 15). In json and jsonl an n/a
 * or infinite value is null, with HEAD:na (its reason) or HEAD:inf (its
 * sign) beside it: a numeric field is never a string. Integers and reals are
 * written in place, no printf: they are most of every sweep's time.
 */
static inline char *put_value(char *p, const struct value *v, enum out_format fmt, const char *head)
{
	char b[64];

	/* by pointer: a 32-byte value copied per cell stalled the row on store forwarding */
	if (v->kind == VAL_INT)
		return fmt_u64_put(p, v->i);
	if (v->kind == VAL_REAL && !isinf(v->r))
		return fmt_real_put(p, v->r); /* render_bare's text, without its snprintf */
	if (fmt == FMT_JSON || fmt == FMT_JSONL) {
		p = put_str(p, "null, \"");
		p = put_str(p, head);
		if (v->kind == VAL_REAL)
			return put_str(put_str(p, ":inf\": "), v->r > 0 ? "1" : "-1");
		p = put_str(p, ":na\": ");
		return put_json_why(p, v->kind == VAL_NONE && v->why ? v->why : "n/a");
	}
	render_bare(*v, b, sizeof(b));
	return put_str(p, b);
}

/*
 * The key as `get` prints it: bytes, pages, a count, a real (lossless in
 * every format: a table's keys stay exact, so two rows never print alike).
 * A choice - a release, an overcommit mode - is text: a string in json and
 * jsonl, and quoted in csv too, where a reader that types unquoted fields
 * (Python's csv.QUOTE_NONNUMERIC, a spreadsheet) would read 5.10 as 5.1.
 */
static char *put_key(char *p, const struct sweep *sw, enum out_format fmt)
{
	if (sw->range.key->type == PT_CHOICE) {
		p = fmt == FMT_TABLE ? p : put_str(p, "\"");
		p = put_str(p, sw->range.key->choices[sw->cur.u]); /* names of [0-9a-z._-]: nothing to escape */
		return fmt == FMT_TABLE ? p : put_str(p, "\"");
	}
	if (!sw->range.real)
		return fmt_u64_put(p, sw->cur.u);
	return fmt_real_put(p, sw->cur.r);
}

struct sink {
	struct strbuf *buf;
	FILE *f;
	int failed;
	int grown;           /* the pipe it writes to was asked to hold a chunk */
};

/*
 * A sweep of many chunks into a pipe: the pipe asked to hold one chunk.
 * With Linux's 64 KiB a chunk is sixteen fills, each a sleep until the
 * reader drains it; on this 2-core VM that ping-pong cost 80-110 ms of
 * system time for 156 MB, against 13-46 ms with a 1 MiB pipe. Nothing
 * changes when the kernel refuses (pipe-max-size, a user's pipe pages).
 */
static void sink_grow_pipe(struct sink *k, int fd)
{
	struct stat st;

	k->grown = 1;
#ifdef F_SETPIPE_SZ
	if (!fstat(fd, &st) && S_ISFIFO(st.st_mode))
		(void)fcntl(fd, F_SETPIPE_SZ, CHUNK);
#else
	(void)fd;
	(void)st;
#endif
}

/*
 * A chunk goes to the stream's descriptor in one write when it has one:
 * fwrite would first fill its 4 KiB buffer and write that on its own, a
 * second system call and copy for every chunk.
 */
static void sink_flush(struct sink *k, int all)
{
	int fd;

	if (!k->f || (!all && k->buf->len < CHUNK) || !k->buf->len)
		return;
	fd = fileno(k->f);
	if (fd >= 0 && !k->grown && !all)
		sink_grow_pipe(k, fd); /* a first full chunk: more follow */
	if (fd >= 0 && !fflush(k->f)) {
		for (size_t off = 0; off < k->buf->len;) {
			ssize_t n = write(fd, k->buf->buf + off, k->buf->len - off);

			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				k->failed = n < 0 && errno ? errno : EIO;
				break;
			}
			off += (size_t)n;
		}
	} else if (fwrite(k->buf->buf, 1, k->buf->len, k->f) != k->buf->len) {
		k->failed = errno ? errno : EIO;
	}
	sb_reset(k->buf);
}

static int col_width(const char *head, int min)
{
	int n = (int)strlen(head);

	return n > min ? n : min;
}

/*
 * What a sweep prints: a column of the sweep, or, for a list-valued metric
 * (proactive_reclaim.asks) without --lists full, one of four: its count,
 * first, last and sum - a row of 8192 asks is 40 KB of text, its summary 20 bytes.
 */
enum { PART_WHOLE = -1, PART_COUNT, PART_FIRST, PART_LAST, PART_SUM, NPARTS };
static const char *const part_names[NPARTS] = { "count", "first", "last", "sum" };

struct ocol {
	int col, part;
	char head[sizeof(((struct sweep_col *)0)->head) + 8];
	const char *unit;
	/* a table's cell in format_row_lists: the text of the last value (kept: not an n/a), a pure function of it */
	int kept;
	struct value last;
	size_t len;
	char text[64];
};

struct layout {
	struct ocol *c;
	int n;
	int lists; /* some column is a list: rows go through format_row_lists */
};

static int layout_make(const struct sweep *sw, int full, struct layout *l)
{
	l->n = 0;
	l->lists = 0;
	l->c = calloc((size_t)sw->ncols * NPARTS + 1, sizeof(*l->c));
	if (!l->c)
		return -1;
	for (int i = 0; i < sw->ncols; i++) {
		const struct metric_desc *md = sw->cols[i].metric;

		l->lists |= md->list != NULL;
		for (int part = md->list && !full ? 0 : PART_WHOLE; part < (md->list && !full ? NPARTS : 0); part++) {
			struct ocol *o = &l->c[l->n++];

			o->col = i;
			o->part = part;
			o->unit = part == PART_COUNT ? "items" : md->unit;
			snprintf(o->head, sizeof(o->head), "%s%s%s", sw->cols[i].head, part >= 0 ? "." : "",
				 part >= 0 ? part_names[part] : "");
		}
	}
	return 0;
}

/* A column's heading in two parts: "vmpressure.window" over "after"; a single-valued metric has no side. */
static size_t head_group(const struct sweep_col *c)
{
	const char *dot = c->metric->single ? NULL : strrchr(c->head, '.');

	return dot ? (size_t)(dot - c->head) : strlen(c->head);
}

/*
 * A fitted table's heading: each metric's name once, over its sides, then the
 * sides, then the units (the widths were made to hold them: sweep_fit_widths).
 */
static void write_fit_header(const struct sweep *sw, const int *width, struct strbuf *out)
{
	const struct param *p = sw->range.key;
	size_t at = out->len;

	sb_printf(out, "%*s", width[0], "");
	for (int i = 0; i < sw->ncols; i++) {
		size_t g = head_group(&sw->cols[i]);
		int span = width[i + 1];

		if (i && g == head_group(&sw->cols[i - 1]) && !strncmp(sw->cols[i].head, sw->cols[i - 1].head, g)) {
			sb_printf(out, "  %*s", width[i + 1], "");
			continue;
		}
		for (int j = i + 1; j < sw->ncols && head_group(&sw->cols[j]) == g && !strncmp(sw->cols[j].head, sw->cols[i].head, g); j++)
			span += 2 + width[j + 1];
		if ((int)g > span)
			g = (size_t)span; /* a name longer than the width asked (sweep_fit_widths) */
		sb_printf(out, "  %-*.*s", (int)g, (int)g, sw->cols[i].head);
		span -= (int)g;
		for (int j = i + 1; j < sw->ncols && head_group(&sw->cols[j]) == g && !strncmp(sw->cols[j].head, sw->cols[i].head, g); j++)
			i = j;
		if (span > 0)
			sb_printf(out, "%*s", span, "");
	}
	while (out->len > at && out->buf[out->len - 1] == ' ')
		out->buf[--out->len] = '\0';
	sb_putc(out, '\n');
	sb_printf(out, "%*s", width[0], p->name);
	for (int i = 0; i < sw->ncols; i++) {
		size_t g = head_group(&sw->cols[i]);

		sb_printf(out, "  %*s", width[i + 1], sw->cols[i].head[g] ? sw->cols[i].head + g + 1 : "");
	}
	sb_putc(out, '\n');
	sb_printf(out, "%*s", width[0], p->unit);
	for (int i = 0; i < sw->ncols; i++)
		sb_printf(out, "  %*s", width[i + 1], sw->cols[i].metric->unit);
	sb_putc(out, '\n');
}

static void write_header(const struct sweep *sw, const struct layout *l, const int *width, struct strbuf *out)
{
	const struct param *p = sw->range.key;

	sb_printf(out, "%*s", width[0], p->name);
	for (int i = 0; i < l->n; i++)
		sb_printf(out, "  %*s", width[i + 1], l->c[i].head);
	sb_putc(out, '\n');
	/* the units under the names: the values are bare, as `get` prints them */
	sb_printf(out, "%*s", width[0], p->unit);
	for (int i = 0; i < l->n; i++)
		sb_printf(out, "  %*s", width[i + 1], l->c[i].unit);
	sb_putc(out, '\n');
}

/* csv, json, jsonl: the result's head in the document, and csv's header (records.c). */
static int write_head(const struct sweep *sw, const struct layout *l, struct doc *d, enum out_format fmt,
		      struct records *rec, const char ***heads, struct strbuf *out)
{
	struct rec_unit *units = calloc((size_t)l->n + 1, sizeof(*units));

	*heads = calloc((size_t)l->n + 2, sizeof(**heads));
	if (!units || !*heads) {
		free(units);
		free(*heads);
		*heads = NULL;
		return -1;
	}
	(*heads)[0] = sw->range.key->name;
	units[0] = (struct rec_unit){ sw->range.key->name, sw->range.key->unit, "input" };
	for (int i = 0; i < l->n; i++) {
		(*heads)[i + 1] = l->c[i].head;
		units[i + 1] = (struct rec_unit){ l->c[i].head, l->c[i].unit, rec_kind(sw->cols[l->c[i].col].metric) };
	}
	rec_begin(rec, d, fmt, *heads, units, l->n + 1, out);
	rec_head_done(rec);
	free(units);
	return 0;
}

/*
 * The text of a row after its key, kept from the row before. A sweep's
 * columns keep one value for thousands of rows (a batch moves once in
 * nr * 256 pages of totalram), so each cell keeps its last text with the
 * value it was made from, and a row writes a cell again only when its value
 * changed: sweep_next marks the columns whose value may have changed
 * (sw->dirty), those cells are compared and rewritten in place, and the
 * row's text is one copy. The key itself is the last key's
 * digits counted on when the key stepped by a few (issue 27 targets 1, 2, 6,
 * 8). The bytes are those of formatting every cell afresh
 * (tests/unit/test_fastpath.c).
 */
#if defined(__GNUC__)
#define ROW_INLINE inline __attribute__((always_inline))
#else
#define ROW_INLINE inline
#endif
#define ROW_SLACK 32 /* bytes past a row, its tail and each cell that copy_run may write */

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
	char close[8];       /* json: the row's end */
	size_t closelen;
	char **pre;          /* json: cell i's `, "HEAD": ` */
	size_t *prelen;
	char key[FMT_U64_MAX + 8]; /* the last integer key's digits */
	size_t keylen;
	uint64_t keyu;       /* the key / 10 they stand for */
	int keyok;           /* 0: none yet */
};

/* A cell's room: its name twice (json's "HEAD": and a null's "HEAD:na"), its width, a value, a reason (row_size). */
static size_t cell_room(const struct sweep *sw, const int *width, int i)
{
	return 2 * strlen(sw->cols[i].head) + (size_t)width[i + 1] + 80 + WHY_MAX + 8 + ROW_SLACK;
}

static void row_text_free(struct row_text *t)
{
	if (t->pre)
		for (int i = 0; t->pre[i]; i++)
			free(t->pre[i]);
	free(t->pre);
	free(t->prelen);
	free(t->tail);
	free(t->head);
	free(t->end);
	free(t->cell);
	free(t->cells);
	memset(t, 0, sizeof(*t));
}

static int row_text_init(struct row_text *t, const struct sweep *sw, const int *width, size_t rowmax)
{
	int n = sw->ncols;
	size_t room = 0;

	memset(t, 0, sizeof(*t));
	for (int i = 0; i < n; i++)
		room += cell_room(sw, width, i);
	t->tail = malloc(rowmax + ROW_SLACK);
	t->head = malloc(strlen(sw->range.key->name) + 16 + ROW_SLACK);
	t->end = calloc((size_t)n + 1, sizeof(*t->end));
	t->cell = calloc((size_t)n + 1, sizeof(*t->cell));
	t->cells = malloc(room + 1);
	t->pre = calloc((size_t)n + 1, sizeof(*t->pre));
	t->prelen = calloc((size_t)n + 1, sizeof(*t->prelen));
	if (!t->tail || !t->head || !t->end || !t->cell || !t->cells || !t->pre || !t->prelen) {
		row_text_free(t);
		return -1;
	}
	room = 0;
	for (int i = 0; i < n; i++) {
		size_t h = strlen(sw->cols[i].head);

		t->cell[i].text = t->cells + room;
		room += cell_room(sw, width, i);
		if (!(t->pre[i] = malloc(h + 8))) {
			row_text_free(t);
			return -1;
		}
		memcpy(t->pre[i], ", \"", 3);
		memcpy(t->pre[i] + 3, sw->cols[i].head, h);
		memcpy(t->pre[i] + 3 + h, "\": ", 3);
		t->prelen[i] = h + 6;
	}
	return 0;
}

/*
 * The integer key's digits: all but the last are kept from the last row and
 * counted on when they grew by one (a sweep stepping by 1 changes them once
 * in ten rows), else formatted; the last digit is written alone. Kept apart,
 * the copy of the kept digits never waits on the row before's store.
 */
static ROW_INLINE void key_digits_on(struct row_text *t, uint64_t u)
{
	uint64_t tens = u / 10;

	if (tens != t->keyu || !t->keyok) {
		if (t->keyok && tens == t->keyu + 1 && t->keylen) {
			size_t k = t->keylen;

			while (k && t->key[k - 1] == '9')
				t->key[--k] = '0';
			if (k) {
				t->key[k - 1]++;
			} else { /* 99 + 1: one digit more */
				memmove(t->key + 1, t->key, t->keylen++);
				t->key[0] = '1';
			}
		} else {
			t->keylen = tens ? (size_t)(fmt_u64_put(t->key, tens) - t->key) : 0;
			t->key[t->keylen] = '\0';
		}
		t->keyu = tens;
		t->keyok = 1;
	}
}

/* The key's digits at p once key_digits_on() has counted them on: keylen of them, and the last. */
static ROW_INLINE char *put_key_tail(char *p, const struct row_text *t, uint64_t u)
{
	memcpy(p, t->key, sizeof(t->key)); /* a fixed size copies in a few moves; the bytes past keylen are overwritten */
	p += t->keylen;
	*p++ = (char)('0' + u % 10);
	return p;
}

static ROW_INLINE char *put_key_digits(char *p, struct row_text *t, uint64_t u)
{
	key_digits_on(t, u);
	return put_key_tail(p, t, u);
}

/*
 * n bytes in 32-byte moves, up to 31 bytes past n at both ends (the row and
 * the tail have ROW_SLACK bytes to spare): a row's cells are 20 to a few
 * hundred bytes, where a call to memcpy costs more than the copy.
 */
static inline void copy_run(char *dst, const char *src, size_t n)
{
	if (n > 96) { /* json's rows: libc's wide moves are worth their call */
		memcpy(dst, src, n);
		return;
	}
	for (size_t i = 0; i < n; i += 32)
		memcpy(dst + i, src + i, 32);
}

/* Cell i's text for v at p (a table's after two spaces, padded); returns its end. */
static inline char *put_cell(char *p, const struct sweep *sw, struct row_text *t, int i, struct value v,
			     enum out_format fmt, const int *width, int fit)
{
	char cell[64];
	int len, pad;

	switch (fmt) {
	case FMT_CSV:
		*p++ = ',';
		/* an integer straight from the value in registers: through put_value's pointer it waited on the store */
		return v.kind == VAL_INT ? fmt_u64_put(p, v.i) : put_value(p, &v, fmt, sw->cols[i].head);
	case FMT_JSON:
	case FMT_JSONL:
		memcpy(p, t->pre[i], t->prelen[i]);
		return put_value(p + t->prelen[i], &v, fmt, sw->cols[i].head);
	default:
		/* a table is for people: the number formatter's cells, sizes in binary units */
		fmt_human_short(v, sw->cols[i].metric->unit, fit ? width[i + 1] : 0, cell, sizeof(cell));
		len = (int)strlen(cell);
		*p++ = ' ';
		*p++ = ' ';
		pad = width[i + 1] - len;
		if (pad > 0) {
			memset(p, ' ', (size_t)pad);
			p += pad;
		}
		memcpy(p, cell, (size_t)len);
		return p + len;
	}
}

/*
 * Cell i's kept text stands for v: the same kind and bits. An n/a's reason
 * is a pointer to text that does not change (a metric's words), but a
 * refused row's reason is the sweep's buffer: a refused row, and the row
 * after one, write every cell afresh (force).
 */
static inline int cell_stands(const struct row_cell *c, struct value v, int force)
{
	return c->ok && !force && c->v.kind == v.kind && c->v.i == v.i;
}

/* One row into p (big enough: see row_size); no list column. */
static ROW_INLINE char *format_row(const struct sweep *sw, enum out_format fmt, const int *width, int fit, char *p,
				   struct records *rec, struct row_text *t)
{
	char cell[96 + ROW_SLACK], *q, *key = fmt == FMT_TABLE ? cell : p;
	int n = sw->ncols, counted = !sw->range.real && sw->range.key->type != PT_CHOICE;
	int force = sw->refused || t->refused, in_place = 0; /* in_place: a table's key, written after its padding */
	/* the whole text afresh: the first row, a jump (not the row after the one the text is of), a refused row's reasons */
	int fresh = !t->row || sw->cur.i != t->row + 1 || force;
	size_t at;

	if (fmt == FMT_JSON || fmt == FMT_JSONL) {
		/* json's first row opens without a comma; from the second on, every row as the second */
		const char *open = rec->rows > 1 && t->open ? t->open : rec_row_open(rec);

		if (open != t->open) { /* the row's opening and its key's name, made when the opening changes */
			char *h = put_str(t->head, open);

			*h++ = '"';
			h = put_str(h, sw->range.key->name);
			h = put_str(h, "\": ");
			t->open = open;
			t->headlen = (size_t)(h - t->head);
		}
		copy_run(p, t->head, t->headlen);
		p += t->headlen;
		key = p;
	}
	if (fmt == FMT_TABLE && sw->range.key->type == PT_SIZE) {
		fmt_human(val_int(sw->cur.u), "bytes", cell, sizeof(cell));
		q = cell + strlen(cell);
	} else if (counted && fmt == FMT_TABLE) {
		/*
		 * Its length now, its digits after the padding below, straight into
		 * the row: copied in from cell, the wide load of the digit just
		 * stored there waited for the store (a third of the table's time).
		 */
		key_digits_on(t, sw->cur.u);
		q = cell + t->keylen + 1;
		in_place = 1;
	} else if (counted) { /* one call site, so that it is inlined */
		q = put_key_digits(key, t, sw->cur.u);
	} else {
		q = put_key(key, sw, fmt);
	}
	if (fmt != FMT_TABLE) {
		p = q;
	} else {
		/* right-aligned: the padding and the key in 32-byte moves (a key is rarely longer), no calls */
		static const char spaces[96 + ROW_SLACK] = "                                                                                                ";
		int klen = (int)(q - cell), pad = width[0] - klen;

		for (; pad > 96; pad -= 96, p += 96)
			memcpy(p, spaces, 96);
		if (pad > 0) {
			copy_run(p, spaces, (size_t)pad);
			p += pad;
		}
		if (in_place) {
			p = put_key_tail(p, t, sw->cur.u);
		} else {
			copy_run(p, cell, (size_t)klen);
			p += klen;
		}
	}
	t->row = sw->cur.i;
	t->refused = sw->refused != NULL;
	if (!t->closelen) /* the row's end goes after the last cell in tail */
		t->closelen = (size_t)(put_str(t->close, fmt == FMT_TABLE ? "\n" : rec_row_close(rec)) - t->close);
	if (fresh) {
		q = t->tail;
		for (int i = 0; i < n; i++) {
			struct row_cell *c = &t->cell[i];
			struct value v = sweep_value(sw, i);

			if (!cell_stands(c, v, force)) {
				c->len = (unsigned)(put_cell(c->text, sw, t, i, v, fmt, width, fit) - c->text);
				c->v = v;
				c->ok = 1;
			}
			copy_run(q, c->text, c->len);
			q += c->len;
			t->end[i] = (size_t)(q - t->tail);
		}
		memcpy(q, t->close, sizeof(t->close));
	} else {
		/*
		 * In place, column by column of those sweep_next says may have
		 * changed (sw->dirty, in order): a changed cell's text goes where its
		 * old one was, and only when its length changed does the rest of the
		 * row move.
		 */
		int w = 0;
		uint64_t bits = sw->dirty[0];

		for (;;) {
			int i;
			struct row_cell *c;
			struct value v;
			size_t start, old;

			while (!bits && ++w * 64 < n)
				bits = sw->dirty[w];
			if (!bits)
				break;
			i = w * 64 + __builtin_ctzll(bits);
			bits &= bits - 1;
			if (i >= n)
				break;
			c = &t->cell[i];
			v = sweep_value(sw, i);
			if (cell_stands(c, v, 0))
				continue;
			c->len = (unsigned)(put_cell(c->text, sw, t, i, v, fmt, width, fit) - c->text);
			c->v = v;
			c->ok = 1;
			start = i ? t->end[i - 1] : 0;
			old = t->end[i] - start;
			if (c->len != old) {
				size_t rest = t->end[n - 1] + t->closelen - t->end[i];

				memmove(t->tail + start + c->len, t->tail + t->end[i], rest);
				for (int k = i; k < n; k++)
					t->end[k] = t->end[k] - old + c->len;
			}
			memcpy(t->tail + start, c->text, c->len);
		}
	}
	at = (n ? t->end[n - 1] : 0) + t->closelen;
	copy_run(p, t->tail, at);
	p += at;
	*p = '\0';
	return p;
}

/*
 * k rows after the one format_row() just wrote, every cell of which stands
 * (sweep_still): its kept text with the key counted on, nothing else looked
 * at - no cell, no dirty bit, no row of the sweep's bookkeeping. The caller
 * then sweep_skip()s them. fmt is csv, jsonl or a table with a counted key.
 */
static ROW_INLINE char *same_rows(const struct sweep *sw, enum out_format fmt, const int *width, char *p,
				  struct row_text *t, uint64_t k)
{
	static const char spaces[96 + ROW_SLACK] = "                                                                                                ";
	size_t at = (sw->ncols ? t->end[sw->ncols - 1] : 0) + t->closelen;
	uint64_t u = sw->cur.u, step = sw->range.step;

	for (uint64_t j = 0; j < k; j++) {
		u += step;
		if (fmt == FMT_JSONL) {
			copy_run(p, t->head, t->headlen);
			p += t->headlen;
		}
		key_digits_on(t, u);
		if (fmt == FMT_TABLE) {
			int pad = width[0] - (int)(t->keylen + 1);

			for (; pad > 96; pad -= 96, p += 96)
				memcpy(p, spaces, 96);
			if (pad > 0) {
				copy_run(p, spaces, (size_t)pad);
				p += pad;
			}
		}
		p = put_key_tail(p, t, u);
		copy_run(p, t->tail, at);
		p += at;
	}
	*p = '\0';
	t->row += k;
	return p;
}

/* Can same_rows() follow the row format_row() just wrote? */
static inline uint64_t rows_same(const struct sweep *sw, enum out_format fmt, const struct row_text *t, uint64_t room)
{
	uint64_t k;

	if (!sw->runs_ok || t->row != sw->cur.i || t->refused || (fmt == FMT_JSONL && !t->open) ||
	    (fmt == FMT_TABLE && sw->range.key->type == PT_SIZE))
		return 0;
	k = sweep_still(sw);
	return k < room ? k : room;
}

/*
 * A burst's rows in one format (fmt a constant where it is called, so each
 * row's tests of it fold away), each row after one format_row() wrote
 * followed by the rows where every cell stands (same_rows), as many as the
 * burst has room for. Ctrl-C ends it after the row it came in.
 */
static ROW_INLINE char *burst_rows(struct sweep *sw, enum out_format fmt, const int *width, int fit, char *p,
				   struct records *rec, struct row_text *t, uint64_t burst, uint64_t *done)
{
	uint64_t same;

	for (; *done < burst && !interrupt_seen() && sweep_next(sw); ++*done) {
		p = format_row(sw, fmt, width, fit, p, rec, t);
		if ((same = rows_same(sw, fmt, t, burst - *done - 1))) {
			p = same_rows(sw, fmt, width, p, t, same);
			sweep_skip(sw, same);
			*done += same;
		}
	}
	return p;
}

/* A list's count, first, last and sum, from its items (each with its repeat count). */
struct list_sum {
	uint64_t count, first, last, sum;
};

static void sum_item(uint64_t item, uint64_t repeat, void *ctx)
{
	struct list_sum *l = ctx;

	if (!repeat)
		return;
	if (!l->count)
		l->first = item;
	l->last = item;
	l->count += repeat;
	l->sum += item * repeat;
}

/*
 * A row with a list column (proactive_reclaim.asks) goes through a strbuf
 * rather than the fixed row buffer. With --lists full its cells are as long
 * as the schedule - table: the items space-separated; csv: one quoted field;
 * json: an array; a list longer than RENDER_LIST_MAX is n/a, as `get`
 * refuses it. Otherwise four cells: count, first, last, sum.
 */
/* cell (len bytes) onto out, right-aligned in width (0: as it is): no format string parsed per cell. */
static void sb_cell(struct strbuf *out, const char *cell, size_t len, int width)
{
	size_t pad = width > 0 && (size_t)width > len ? (size_t)width - len : 0;
	char *p = sb_reserve(out, pad + len);

	memset(p, ' ', pad);
	memcpy(p + pad, cell, len);
	out->len += pad + len;
	out->buf[out->len] = '\0';
}

/* A list cell whole (--lists full): its items, or n/a when there are too many to print. */
static void list_whole(const struct sweep *sw, const struct ocol *o, const struct sweep_col *c, enum out_format fmt,
		       int width, struct strbuf *out)
{
	int json = fmt == FMT_JSON || fmt == FMT_JSONL;
	size_t at = out->len;
	uint64_t n;
	char cell[WHY_MAX + 128], *q;

	if (fmt == FMT_CSV)
		sb_putc(out, '"');
	if (render_list(&sw->m, c->metric, c->side, json, out, &n)) {
		out->len = at + (fmt == FMT_CSV);
		out->buf[out->len] = '\0';
		if (json) {
			struct value v = val_none("too many items to print");

			q = put_value(cell, &v, fmt, o->head);
			sb_cell(out, cell, (size_t)(q - cell), 0);
		} else {
			sb_puts(out, "n/a");
		}
	}
	if (fmt == FMT_CSV)
		sb_putc(out, '"');
	/* table: left-aligned under its heading; a longer list runs on */
	if (fmt == FMT_TABLE && out->len - at < (size_t)width)
		sb_cell(out, "", 0, width - (int)(out->len - at));
}

/*
 * A row with a list column (proactive_reclaim.asks) goes through a strbuf
 * rather than the fixed row buffer. With --lists full its cells are as long
 * as the schedule - table: the items space-separated; csv: one quoted field;
 * json: an array; a list longer than RENDER_LIST_MAX is n/a, as `get`
 * refuses it. Otherwise four cells: count, first, last, sum. Each cell is
 * copied on in place (sb_cell), not through printf: a 100K-row sweep of
 * asks' twelve cells spent most of its time parsing "%*s".
 */
static void format_row_lists(const struct sweep *sw, struct layout *l, enum out_format fmt, const int *width,
			     struct strbuf *out, struct records *rec)
{
	char cell[WHY_MAX + 128], *q;
	int json = fmt == FMT_JSON || fmt == FMT_JSONL, w = 1;
	struct list_sum sum = { 0, 0, 0, 0 };
	struct value lv = val_none(NULL);

	if (json) {
		sb_puts(out, rec_row_open(rec));
		sb_putc(out, '"');
		sb_puts(out, sw->range.key->name);
		sb_puts(out, "\": ");
	}
	if (fmt == FMT_TABLE && sw->range.key->type == PT_SIZE) { /* the key as the fast path's table gives it */
		fmt_human(val_int(sw->cur.u), "bytes", cell, sizeof(cell));
		q = cell + strlen(cell);
	} else {
		q = put_key(cell, sw, fmt);
		*q = '\0';
	}
	sb_cell(out, cell, (size_t)(q - cell), fmt == FMT_TABLE ? width[0] : 0);
	for (int k = 0; k < l->n; k++, w++) {
		struct ocol *o = &l->c[k];
		const struct sweep_col *c = &sw->cols[o->col];
		struct value v;

		if (json) {
			sb_puts(out, ", \"");
			sb_puts(out, o->head);
			sb_puts(out, "\": ");
		} else {
			sb_puts(out, fmt == FMT_CSV ? "," : "  ");
		}
		if (o->part == PART_WHOLE && c->metric->list) {
			list_whole(sw, o, c, fmt, width[w], out);
			continue;
		}
		if (o->part == PART_COUNT) { /* the four parts share one pass over the items */
			lv = sweep_value(sw, o->col);
			memset(&sum, 0, sizeof(sum));
			if (lv.kind == VAL_LIST)
				c->metric->list(&sw->m, c->side, sum_item, &sum);
		}
		if (o->part >= 0 && lv.kind != VAL_LIST) {
			v = lv; /* n/a (a variant that cannot be evaluated here): every part */
		} else if (o->part >= 0) {
			uint64_t x[NPARTS] = { sum.count, sum.first, sum.last, sum.sum };

			v = o->part != PART_COUNT && !sum.count ? val_none("an empty list") : val_int(x[o->part]);
		} else {
			v = sweep_value(sw, o->col);
		}
		if (fmt == FMT_TABLE && v.kind != VAL_NONE) {
			if (!o->kept || v.kind != o->last.kind || v.i != o->last.i) {
				fmt_human_short(v, o->unit, 0, o->text, sizeof(o->text));
				o->len = strlen(o->text);
				o->last = v;
				o->kept = 1;
			}
			sb_cell(out, o->text, o->len, width[w]);
			continue;
		}
		if (fmt == FMT_TABLE) {
			fmt_human_short(v, o->unit, 0, cell, sizeof(cell));
			q = cell + strlen(cell);
		} else {
			q = put_value(cell, &v, fmt, o->head);
		}
		sb_cell(out, cell, (size_t)(q - cell), fmt == FMT_TABLE ? width[w] : 0);
	}
	sb_puts(out, json ? rec_row_close(rec) : "\n");
}

static size_t row_size(const struct sweep *sw, const int *width)
{
	size_t n = 64 + strlen(sw->range.key->name) + (size_t)width[0];

	/* a cell: its name, its value, and a reason beside a null (WHY_MAX) with its own name */
	for (int i = 0; i < sw->ncols; i++)
		n += 2 * strlen(sw->cols[i].head) + (size_t)width[i + 1] + 80 + WHY_MAX + 8;
	return n;
}

static void progress_show(uint64_t done, uint64_t rows)
{
	fprintf(stderr, "\rsweep: %3d%% (%llu of %llu rows)", (int)(100.0 * (double)done / (double)rows),
		(unsigned long long)done, (unsigned long long)rows);
}

/* What a sweep will cost, worked out before its first row (sweep_estimate). */
struct estimate {
	double total;     /* seconds */
	double per;       /* a solve of the dearer part, seconds */
	uint64_t solves;  /* how many of those */
};

/* The quicker of two timings of a row's part: the first run of a code path pays for cold caches, no later row does. */
static double solve_seconds(struct sweep *sw, int runs)
{
	double best = -1;
	volatile uint64_t sink = 0;

	for (int rep = 0; rep < 2; rep++) {
		double t0 = now_s(), d;

		sink += sweep_solve_row(sw, runs);
		d = now_s() - t0;
		if (best < 0 || d < best)
			best = d;
	}
	(void)sink;
	return best;
}

/*
 * A sweep's time before its first row: the cost of a solve at this machine -
 * the models at this CPU count, timed at ESTIMATE_SAMPLES rows spread from
 * FROM to TO (a row's cost may grow with the key: a cpus sweep's last rows
 * are the dearest) - times the solves the sweep will make: one a row for the
 * columns worked out every row, one a run of equal inputs for those a
 * plateau answers (sweep_runs(), counted over the range). The sweep's
 * machine, cursor and refusals are put back as they were.
 */
static void sweep_estimate(struct sweep *sw, struct estimate *e)
{
	const struct sweep_range *r = &sw->range;
	struct machine *keep = malloc(sizeof(*keep));
	struct sweep_cursor cur = sw->cur, first_at = sw->first_refused_at;
	uint64_t nrefused = sw->nrefused, runs, covered;
	double t_runs = 0, t_rows = 0, rows_part, runs_part;
	int timed = 0;
	char why[256], first[sizeof(sw->first_refused)];

	memset(e, 0, sizeof(*e));
	if (!keep)
		return;
	machine_copy(keep, &sw->m);
	memcpy(first, sw->first_refused, sizeof(first));
	sw->m.mva_memo = NULL; /* the explorer's solved networks would answer the second timing of each, not a row's solve */
	for (int k = 0; k < ESTIMATE_SAMPLES; k++) {
		uint64_t u = r->from + (uint64_t)((double)(r->to - r->from) * k / (ESTIMATE_SAMPLES - 1));
		double x = r->rfrom + (r->rto - r->rfrom) * k / (ESTIMATE_SAMPLES - 1);

		if (sweep_seek(sw, u, x, why, sizeof(why)))
			continue; /* not a value the key takes (a page size between two): the others tell */
		t_runs += solve_seconds(sw, 1);
		t_rows += solve_seconds(sw, 0);
		timed++;
	}
	runs = sweep_runs(sw, ESTIMATE_RUNS_MAX, &covered);
	machine_copy(&sw->m, keep);
	sw->cur = cur;
	sw->nrefused = nrefused;
	sw->first_refused_at = first_at;
	memcpy(sw->first_refused, first, sizeof(first));
	free(keep);
	if (!timed)
		return;
	if (covered && covered < r->rows)
		runs = (uint64_t)((double)runs * (double)r->rows / (double)covered);
	t_runs /= timed;
	t_rows /= timed;
	runs_part = t_runs * (double)runs;
	rows_part = t_rows * (double)r->rows;
	e->total = runs_part + rows_part;
	e->per = runs_part > rows_part ? t_runs : t_rows;
	e->solves = runs_part > rows_part ? runs : r->rows;
}

static void say_duration(char *buf, size_t len, double secs)
{
	if (secs >= 5400)
		snprintf(buf, len, "%.1f hours", secs / 3600);
	else if (secs < 120)
		snprintf(buf, len, "%.0f seconds", secs);
	else
		snprintf(buf, len, "%.0f minutes", secs / 60);
}

/*
 * One line for the columns whose metric does not read the swept key (their
 * `reads`), computed once and flat over the sweep:
 * "note: vmpressure.window does not read cpus: constant over the sweep".
 */
static int flat(const struct machine *m, const struct sweep *sw, const struct sweep_col *c)
{
	return sweep_col_constant(sw, m, c);
}

static void notes_show(const struct machine *m, const struct sweep *sw, FILE *f)
{
	struct strbuf t = STRBUF_INIT;
	int n = 0;

	for (int i = 0; i < sw->ncols; i++) {
		const struct sweep_col *c = &sw->cols[i];
		int first = 1, all = 1;

		if (!flat(m, sw, c))
			continue;
		/* a metric once, when every column of it is flat; else the flat columns (a variant may read the key) */
		for (int j = 0; j < sw->ncols; j++) {
			if (sw->cols[j].metric != c->metric)
				continue;
			first &= j >= i || !flat(m, sw, &sw->cols[j]);
			all &= flat(m, sw, &sw->cols[j]);
		}
		if (all && !first)
			continue;
		if (n++)
			sb_puts(&t, ", ");
		if (all)
			sb_printf(&t, "%s.%s", c->patch->id, c->metric->name);
		else
			sb_puts(&t, c->head);
	}
	if (n)
		fprintf(f, "note: %s %s not read %s: constant over the sweep\n", sb_str(&t), n > 1 ? "do" : "does",
			sw->range.key->name);
	sb_free(&t);
}

/*
 * Every row of sw as o asks. fit: the column widths of a table made to fit
 * (sweep_fit_widths), NULL: as wide as its headings.
 */
static int sweep_emit(const struct machine *m, struct sweep *sw, const struct sweep_out *o, FILE *f, int progress,
		      const int *fit, struct strbuf *out, char *err, size_t errlen)
{
	struct sink k = { out, f, 0, 0 };
	struct sigaction old;
	struct layout l;
	struct records rec;
	const char **heads = NULL;
	enum out_format fmt = o->format;
	int width[SWEEP_MAX_COLS * NPARTS + 1], rc = 0, shown = 0, estimated = 0, slow = 0;
	struct row_text text;
	double start = now_s(), last = start;
	uint64_t rows = 0;
	size_t rowmax;
	char why[128];

	/* a fitted table gives a list its count ("31 items"): four columns, or its items, would run past the width */
	if (layout_make(sw, o->lists_full || fit, &l))
		return err_set(err, errlen, "sweep: out of memory");
	width[0] = col_width(sw->range.key->name, sw->range.key->type == PT_SIZE ? 14 : 8);
	if ((int)strlen(sw->range.key->unit) > width[0])
		width[0] = (int)strlen(sw->range.key->unit);
	for (int i = 0; i < l.n; i++)
		width[i + 1] = col_width(l.c[i].head, 10);
	if (fit) {
		memcpy(width, fit, sizeof(int) * (size_t)(sw->ncols + 1));
		l.lists = 0;
	}
	rowmax = row_size(sw, width);
	if (row_text_init(&text, sw, width, rowmax)) {
		free(l.c);
		return err_set(err, errlen, "sweep: out of memory");
	}

	/* Ctrl-C ends the sweep after a whole row, so what was written stays valid */
	interrupt_catch(1, &old);

	sweep_begin(sw, m);
	if (sw->range.rows >= ESTIMATE_MIN_ROWS) {
		struct estimate e;
		char take[64];

		sweep_estimate(sw, &e);
		say_duration(take, sizeof(take), e.total);
		if (e.total > SWEEP_TIME_MAX_S && !o->long_ok) {
			interrupt_release(&old);
			sweep_end(sw);
			free(l.c);
			row_text_free(&text);
			return err_set(err, errlen, "sweep: %llu rows would take about %s (estimated: %llu solves at about "
				       "%.2g ms each), over a minute: add --long to run it, or take a larger step or a "
				       "narrower range", (unsigned long long)sw->range.rows, take,
				       (unsigned long long)e.solves, e.per * 1e3) - 2;
		}
		if (e.total > SWEEP_TIME_MAX_S)
			fprintf(stderr, "sweep: %llu rows, about %s (estimated: %llu solves at about %.2g ms each); "
				"Ctrl-C stops it with the rows so far\n", (unsigned long long)sw->range.rows, take,
				(unsigned long long)e.solves, e.per * 1e3);
	}
	if (fit)
		write_fit_header(sw, width, out);
	else if (fmt == FMT_TABLE)
		write_header(sw, &l, width, out);
	else if (write_head(sw, &l, o->doc, fmt, &rec, &heads, out))
		k.failed = ENOMEM;
	while (!k.failed) {
		/*
		 * Rows in bursts, as many as the chunk has room for (at most
		 * ROW_BURST): the flush, Ctrl-C and the clock are looked at between
		 * bursts, not between rows. The first rows, and slow ones, go one by one.
		 */
		size_t each = rowmax + ROW_SLACK, room = out->cap - out->len;
		uint64_t burst = l.lists || rows < 64 || slow || room <= each ? 1 : room / each, done = 0, before = rows;

		if (burst > ROW_BURST)
			burst = ROW_BURST;
		if (l.lists) {
			if (sweep_next(sw)) {
				format_row_lists(sw, &l, fmt, width, out, &rec);
				rec.rows += rec.rows < INT32_MAX;
				done = 1;
			}
		} else {
			/* straight into the output chunk: no row buffer, no copy */
			char *row = room > each ? out->buf + out->len : sb_reserve(out, each), *p = row;

			/* a loop for each format, so that each row's tests of the format fold away */
			if (fmt == FMT_CSV)
				p = burst_rows(sw, FMT_CSV, width, 0, p, &rec, &text, burst, &done);
			else if (fmt == FMT_TABLE)
				p = burst_rows(sw, FMT_TABLE, width, fit != NULL, p, &rec, &text, burst, &done);
			else if (fmt == FMT_JSONL)
				p = burst_rows(sw, FMT_JSONL, width, 0, p, &rec, &text, burst, &done);
			else
				for (; done < burst && !interrupt_seen() && sweep_next(sw); done++) {
					p = format_row(sw, fmt, width, 0, p, &rec, &text);
					rec.rows += rec.rows < INT32_MAX; /* json's rows after the first open with a comma */
				}
			if (fmt != FMT_JSON)
				rec.rows = (int)(rows + done > INT32_MAX ? INT32_MAX : rows + done);
			out->len += (size_t)(p - row);
		}
		if (!done)
			break;
		rows += done;
		sink_flush(&k, 0);
		if (k.failed || interrupt_seen())
			break;
		/* the clock is read for the first rows, and then per row only when rows are slow (a large model) */
		if (progress && (rows <= 64 || slow || (rows >> 14) != (before >> 14))) {
			double t = now_s();

			if (!estimated && (rows == 64 || t - start > 0.25)) {
				estimated = 1;
				slow = (t - start) / (double)rows > 1e-4;
			}
			if (t - start > 0.5 && t - last > 0.1) {
				progress_show(rows, sw->range.rows);
				shown = 1;
				last = t;
			}
		}
	}
	if (fmt != FMT_TABLE && heads) {
		rec_end(&rec);
		if (o->close)
			doc_close(o->doc, fmt, 0, out);
	}
	free(heads);
	free(l.c);
	row_text_free(&text);
	if (sw->nrefused && fmt == FMT_TABLE) {
		char at[40];

		if (sw->range.real)
			fmt_real_shortest(sw->first_refused_at.r, at, sizeof(at));
		else
			snprintf(at, sizeof(at), "%llu", (unsigned long long)sw->first_refused_at.u);
		sb_printf(out, "n/a: %llu %s `set` refuses; the first, %s = %s: %s\n", (unsigned long long)sw->nrefused,
			  sw->nrefused == 1 ? "row is a machine" : "rows are machines", sw->range.key->name, at,
			  sw->first_refused);
	}
	sink_flush(&k, 1);
	if (f && !k.failed && fflush(f))
		k.failed = errno ? errno : EIO;
	if (shown)
		fprintf(stderr, "\r%60s\r", "");
	interrupt_release(&old);
	sweep_end(sw);

	if (k.failed)
		rc = err_set(err, errlen, "sweep: write error after %llu rows: %s", (unsigned long long)rows,
			     outfile_strerror(k.failed, why, sizeof(why)));
	else if (interrupt_take())
		rc = err_set(err, errlen, "sweep: interrupted after %llu of %llu rows; the rows written are complete",
			 (unsigned long long)rows, (unsigned long long)sw->range.rows) - 1;
	interrupt_take();
	return rc;
}

int sweep_write_doc(const struct machine *m, struct sweep *sw, const struct sweep_out *o, FILE *f, int progress,
		    struct strbuf *out, char *err, size_t errlen)
{
	return sweep_emit(m, sw, o, f, progress, NULL, out, err, errlen);
}

int sweep_write(const struct machine *m, struct sweep *sw, enum out_format fmt, FILE *f, int progress,
		struct strbuf *out, char *err, size_t errlen)
{
	struct doc d;
	struct sweep_out o = { fmt, &d, 0, 1, 0 };

	doc_init(&d, 0, NULL);
	return sweep_emit(m, sw, &o, f, progress, NULL, out, err, errlen);
}

/* Columns a and b are sides of one metric. */
static int same_group(const struct sweep *sw, int a, int b)
{
	size_t g = head_group(&sw->cols[a]);

	return g == head_group(&sw->cols[b]) && !strncmp(sw->cols[a].head, sw->cols[b].head, g);
}

/* A fitted table's cells: a short number ("23242", "11.6Gbps", "258.8 k") in this many columns at least. */
#define SWEEP_FIT_CELL 7

/*
 * The widths of sw's columns as a fitted table: each as wide as its side, its
 * unit and a short number, a metric's name spread over its sides. Returns the
 * widest row the columns from..to-1 make with the key's.
 */
static int sweep_fit_widths(const struct sweep *sw, int limit, int *width)
{
	int total;

	width[0] = col_width(sw->range.key->name, sw->range.key->type == PT_SIZE ? 9 : 5);
	if ((int)strlen(sw->range.key->unit) > width[0])
		width[0] = (int)strlen(sw->range.key->unit);
	total = width[0];
	for (int i = 0; i < sw->ncols; i++) {
		const struct sweep_col *c = &sw->cols[i];
		size_t g = head_group(c);

		width[i + 1] = col_width(c->head[g] ? c->head + g + 1 : "", SWEEP_FIT_CELL);
		if ((int)strlen(c->metric->unit) > width[i + 1])
			width[i + 1] = (int)strlen(c->metric->unit);
		total += 2 + width[i + 1];
	}
	/* a metric's name longer than its sides together widens its last side */
	for (int i = 0; i < sw->ncols;) {
		size_t g = head_group(&sw->cols[i]);
		int j = i, span = width[i + 1];

		while (j + 1 < sw->ncols && head_group(&sw->cols[j + 1]) == g && !strncmp(sw->cols[j + 1].head, sw->cols[i].head, g))
			span += 2 + width[++j + 1];
		/* but never past the width asked: a name longer than that is cut there (write_fit_header) */
		if ((int)g > span && width[0] + 2 + span < limit) {
			int grow = (int)g - span < limit - width[0] - 2 - span ? (int)g - span : limit - width[0] - 2 - span;

			width[j + 1] += grow;
			total += grow;
		}
		i = j + 1;
	}
	return total;
}

/* The widest row of the table as sweep_write lays it out, its headings whole. */
static int sweep_natural_width(const struct sweep *sw)
{
	int w = col_width(sw->range.key->name, sw->range.key->type == PT_SIZE ? 14 : 8);

	for (int i = 0; i < sw->ncols; i++)
		w += 2 + col_width(sw->cols[i].head, 10);
	return w;
}

/*
 * A table for people no wider than width: fitted (a metric's name over its
 * sides, short cells), and when even that is too wide, in blocks of columns,
 * each with the key, one after the other: a sweep per block, so no row is held.
 */
static int sweep_write_fit(const struct machine *m, const struct sweep *sw, const struct sweep_range *r, FILE *f,
			   int progress, int width, int long_ok, struct strbuf *out, char *err, size_t errlen)
{
	static struct sweep part; /* as big as sw: not on the stack */
	const struct sweep_out table = { FMT_TABLE, NULL, 1, 0, long_ok };
	int w[SWEEP_MAX_COLS + 1], from = 0, rc = 0;
	char why[256];

	sweep_fit_widths(sw, width, w);
	while (from < sw->ncols && !rc) {
		int to = from, used = w[0], pw[SWEEP_MAX_COLS + 1];

		/* whole metrics while they fit, else as many sides as fit (one at least) */
		while (to < sw->ncols && used + 2 + w[to + 1] <= width)
			used += 2 + w[++to];
		if (to == from) {
			to = from + 1;
		} else if (to < sw->ncols && same_group(sw, to - 1, to)) {
			/* a metric cut at the edge starts the next block, unless it began this one */
			int gs = to;

			while (gs > from && same_group(sw, gs - 1, gs))
				gs--;
			if (gs > from)
				to = gs;
		}
		sweep_init(&part, r);
		for (int i = from; i < to; i++)
			if (sweep_add_metric_m(&part, m, sw->cols[i].head, why, sizeof(why)))
				return err_set(err, errlen, "sweep: %s", why);
		sweep_fit_widths(&part, width, pw);
		/* a metric cut at the block's edge keeps its name's width only where it fits */
		for (int i = 1; i <= part.ncols && pw[0] + 2 * part.ncols > 0; i++) {
			int total = pw[0];

			for (int j = 1; j <= part.ncols; j++)
				total += 2 + pw[j];
			if (total > width && pw[i] > w[from + i])
				pw[i] = w[from + i];
		}
		if (from)
			sb_putc(out, '\n');
		rc = sweep_emit(m, &part, &table, f, progress, pw, out, err, errlen);
		from = to;
	}
	return rc;
}

void sweep_details(struct strbuf *out)
{
	sb_printf(out,
		  "A row for each value of KEY from FROM to TO, both included, and a column for each METRIC: "
		  "PATCH.METRIC is a column for each of its sides (before, after, a variant's name), "
		  "PATCH.METRIC.SIDE one; PATCH or PATCH.* every metric of the patch, PATCH.SIDE every metric at "
		  "that side, in help metrics order. Over kernel (sweep kernel 5.10 6.18 ...) the rows are the "
		  "releases batchlab knows, in order, and PATCH.METRIC is its kernel side. A list "
		  "(proactive_reclaim.asks) is four columns, NAME.count, .first, .last and .sum, unless --lists "
		  "full gives its items. One line on stderr names the columns whose metric does not read KEY "
		  "(computed once: constant over the sweep).\n"
		  "Steps: with none given, a count (cpus, threads, depth) goes up by 1, and a size or a number of "
		  "pages (ram, reclaim, totalram) doubles from FROM, which must then be above 0; a key with a set "
		  "of values (pagesize) takes each of them from FROM to TO; a real-valued key needs "
		  "step N or x N. step N adds N, in the key's unit (1G for a size, 100p or 4M for pages); x N "
		  "multiplies by N, which must be above 1.\n"
		  "Limits: at most %llu rows and %d columns; the explorer's : line holds at most %u rows (more go "
		  "to a file with > PATH). Before its first row a sweep is estimated (a solve of its models timed "
		  "at a few rows, times the solves it makes: one a row, or one a run of equal inputs where the "
		  "key only moves a batch or a window); one of more than a minute is refused unless --long is "
		  "given (the explorer asks), and with it says how long; Ctrl-C stops it after a whole row, and "
		  "the rows written stand.\n"
		  "Output: for people, 4 significant digits with the units under the names; with --width N "
		  "(%d..%d), or on a terminal narrower than the table, each metric's name over its sides, short "
		  "cells, and the columns that do not fit in blocks after it, each with KEY. csv and json keep "
		  "every digit, json and jsonl a null with NAME:na beside it for n/a; --units puts a '# units:' "
		  "line above the csv header. > PATH or --output PATH writes the rows to a file as they come (a "
		  ".csv, .json or .jsonl ending picks that format).\n",
		  (unsigned long long)SWEEP_MAX_ROWS, SWEEP_MAX_COLS, SWEEP_VIEW_MAX_ROWS, WRAP_MIN, WRAP_MAX);
}

/* --- sweep ------------------------------------------------------------------ */

int sweep_range_words(const struct machine *m, int argc, char **argv, struct sweep_range *r, const char *cmd,
		      char *err, size_t errlen)
{
	const char *how = NULL, *n = NULL;
	char why[256];
	int next = 3;

	if (argc > 3 && (!strcmp(argv[3], "step") || !strcmp(argv[3], "x"))) {
		how = argv[3];
		n = argc > 4 ? argv[4] : NULL;
		next = 5;
	}
	/* a step among the metrics: say where it belongs, and that the releases take none */
	for (int i = next; i < argc; i++) {
		const struct param *p = param_find(argv[0]);

		if (strcmp(argv[i], "step") && strcmp(argv[i], "x"))
			continue;
		if (p && p->resolve)
			return err_set(err, errlen, "%s: %s: the releases are taken in order, every known one from %s to %s: "
				       "no '%s' (%s %s FROM TO ...)", cmd, p->name, argv[1], argv[2], argv[i], cmd, p->name);
		return err_set(err, errlen, "%s: '%s' goes straight after TO (%s KEY FROM TO %s N ...)", cmd, argv[i], cmd,
			       argv[i]);
	}
	/*
	 * plot with no step samples the range itself (core/plot_sample.c): only the
	 * bounds are read, so neither "step 1 gives N rows" nor "needs a step" can come up
	 */
	if (!how && !strcmp(cmd, "plot") && param_find(argv[0]) && !param_find(argv[0])->allowed &&
	    !param_find(argv[0])->resolve) {
		if (sweep_bounds_parse(m, argv[0], argv[1], argv[2], r, why, sizeof(why)))
			return err_set(err, errlen, "%s: %s", cmd, why);
		return next;
	}
	if (sweep_range_parse(m, argv[0], argv[1], argv[2], how, n, r, why, sizeof(why)))
		return err_set(err, errlen, "%s: %s", cmd, why);
	return next;
}

int sweep_add_word(struct sweep *sw, const struct machine *m, const char *word, char *err, size_t errlen)
{
	const char *dot = strchr(word, '.'), *rest = dot ? dot + 1 : "";
	size_t n = dot ? (size_t)(dot - word) : strlen(word);
	const struct patch_desc *d = NULL;
	char id[64], name[256];
	int side = -2; /* -2: not a whole patch; -1: every side */

	if (n < sizeof(id)) {
		memcpy(id, word, n);
		id[n] = '\0';
		d = patch_find(id);
	}
	if (d && (!dot || !strcmp(rest, "*")))
		side = -1;
	else if (d && !patch_metric(d, rest)) /* a metric's name wins over a side's */
		for (int i = 0; i < patch_ncols(m, d); i++)
			if (!strcmp(rest, patch_col_name(m, d, i)))
				side = i;
	if (side == -2 && !dot) {
		char ids[160];

		patch_ids(ids, sizeof(ids));
		return err_set(err, errlen, "'%s': expected a PATCH (%s: every metric of it) or PATCH.METRIC[.SIDE], "
			       "e.g. vmpressure.window.after", word, ids);
	}
	if (side == -2)
		return sweep_add_metric_m(sw, m, word, err, errlen);
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		if (md->single || side < 0)
			snprintf(name, sizeof(name), "%s.%s", d->id, md->name);
		else
			snprintf(name, sizeof(name), "%s.%s.%s", d->id, md->name, patch_col_name(m, d, side));
		if (sweep_add_metric_m(sw, m, name, err, errlen))
			return -1;
	}
	return 0;
}

int cmd_sweep(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	static struct sweep sw; /* 192 columns: too big for a stack a curses front end may keep small */
	struct sweep_range r;
	const char *path = s->opts.path; /* cmd_run took > PATH (outopts.h) */
	char why[PATH_MAX + 256];
	struct outfile of;
	struct stat was;
	int existed;
	struct strbuf fbuf = STRBUF_INIT;
	int first, rc, progress, fit, long_ok = 0, n = 0;

	/* --long, anywhere: a sweep estimated at over a minute runs */
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--long"))
			argv[n++] = argv[i];
	long_ok = n < argc;
	argc = n;
	s->ask_long = 0;
	if (argc < 4)
		return err_set(err, errlen, "sweep: expected sweep KEY FROM TO [step N | x N] METRIC...");
	first = sweep_range_words(&s->m, argc, argv, &r, "sweep", err, errlen);
	if (first < 0)
		return -1;
	if (first >= argc)
		return err_set(err, errlen, "sweep: expected at least one METRIC after the range, e.g. vmstat.threshold");
	sweep_init(&sw, &r);
	for (int i = first; i < argc; i++)
		if (sweep_add_word(&sw, &s->m, argv[i], why, sizeof(why)))
			return err_set(err, errlen, "sweep: %s", why);

	progress = s->stream && isatty(STDERR_FILENO);
	/* with no stream (the explorer's command line) every row is held in memory for a view */
	if (!path && !s->stream && r.rows > SWEEP_VIEW_MAX_ROWS)
		return err_set(err, errlen, "sweep: %llu rows are too many to view here (at most %u): add > PATH to write them to a file",
			   (unsigned long long)r.rows, SWEEP_VIEW_MAX_ROWS);
	fit = s->format == FMT_TABLE && session_width(s) && sweep_natural_width(&sw) > session_width(s);
	for (int i = 0; i < sw.ncols && s->format == FMT_TABLE && session_width(s); i++)
		fit |= sw.cols[i].metric->list != NULL; /* a list's items would run past any width */
	if (!path && fit) {
		if (s->stream)
			notes_show(&s->m, &sw, stderr);
		rc = sweep_write_fit(&s->m, &sw, &r, s->stream, progress, session_width(s), long_ok, out, err, errlen);
		s->ask_long = rc == -3 && !long_ok;
		return rc ? -1 : 0;
	}
	if (s->stream)
		notes_show(&s->m, &sw, stderr);
	if (!path) {
		struct sweep_out o = { s->format, &s->doc, s->lists_full, 0, long_ok };

		rc = sweep_write_doc(&s->m, &sw, &o, s->stream, progress, out, err, errlen);
		s->ask_long = rc == -3 && !long_ok; /* the explorer asks, and runs it again with --long */
		return rc ? -1 : 0;
	}

	existed = !stat(path, &was);
	if (outfile_open(&of, path, why, sizeof(why)))
		return err_set(err, errlen, "sweep: %s", why);
	if (fit) {
		rc = sweep_write_fit(&s->m, &sw, &r, of.f, progress, session_width(s), long_ok, &fbuf, err, errlen);
	} else {
		/* a file is a document of its own */
		struct doc fd;
		struct sweep_out o = { s->format, &fd, s->lists_full, 1, long_ok };

		doc_init(&fd, s->units, s->doc.command);
		rc = sweep_write_doc(&s->m, &sw, &o, of.f, progress, &fbuf, err, errlen);
	}
	sb_free(&fbuf);
	if (rc == -3) { /* refused before a row: PATH stays as it was */
		outfile_abort(&of);
		s->ask_long = !long_ok;
		return -1;
	}
	if (rc == -2 && interrupt_ending() && existed) {
		/*
		 * SIGTERM, SIGHUP: batchlab is ending, not a person stopping it - a part never
		 * replaces a file that was there; a new one keeps the whole rows so far (issue 21)
		 */
		outfile_abort(&of);
		return err_set(err, errlen, "sweep: stopped by a signal that ends batchlab: %s left as it was", path);
	}
	if (rc == -2) {
		char note[512];

		/* the rows written are whole: they take PATH's place, and the note says there are fewer */
		snprintf(note, sizeof(note), "%s (in %s)", err, path);
		if (outfile_commit(&of, why, sizeof(why)))
			return err_set(err, errlen, "sweep: %s", why);
		return err_set(err, errlen, "%s", note);
	}
	if (rc) {
		/* the file is named in the error: "sweep: PATH: write error after ..." */
		snprintf(why, sizeof(why), "%s", err + (strncmp(err, "sweep: ", 7) ? 0 : 7));
		outfile_abort(&of);
		return err_set(err, errlen, "sweep: %s: %s", path, why);
	}
	if (outfile_commit(&of, why, sizeof(why)))
		return err_set(err, errlen, "sweep: %s", why);
	if (of.note[0])
		sb_printf(out, "sweep: %s\n", of.note);
	if (s->interactive)
		sb_printf(out, "wrote %llu rows to %s\n", (unsigned long long)r.rows, path);
	return 0;
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_sweep_entry = {
	.name = "sweep",
	.usage = "KEY FROM TO [step N | x N] METRIC... [--long] [> PATH]",
	.args = { ARG_NUMKEY, ARG_VALUE, ARG_NONE, ARG_RANGE_TAIL },
	.min_args = 4,
	.max_args = -1,
	.help = "metrics as one parameter varies, a row per value (--output PATH too)",
	.details = sweep_details,
	.out = OUT_SELF | OUT_FORMATS,
	.exec = cmd_sweep,
};
