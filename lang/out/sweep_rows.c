/*
 * A sweep's rows as text: headings, the rows of csv, json, jsonl and a
 * table, and a list column's rows. The sweep itself (its estimate, where the
 * bytes go, Ctrl-C) is lang/cmd/cmd_sweep.c's; this only renders.
 */
#include "sweep_rows.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

static const char *const part_names[NPARTS] = { "count", "first", "last", "sum" };

static char *put_str(char *p, const char *s)
{
	size_t n = strlen(s);

	memcpy(p, s, n);
	return p + n;
}

/* A reason as a json string, escaped, cut at WHY_MAX bytes: it must fit the row buffer (sweep_row_size). */
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
	if (v->kind == VAL_REAL && isnan(v->r)) { /* no format has a bare nan: n/a, and why */
		const struct value none = val_none(VALUE_NAN_WHY);

		return put_value(p, &none, fmt, head);
	}
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

int sweep_col_width(const char *head, int min)
{
	int n = (int)strlen(head);

	return n > min ? n : min;
}


int sweep_layout_make(const struct sweep *sw, int full, struct layout *l)
{
	l->n = 0;
	l->lists = 0;
	l->room = 0;
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
size_t sweep_head_group(const struct sweep_col *c)
{
	const char *dot = c->metric->single ? NULL : strrchr(c->head, '.');

	return dot ? (size_t)(dot - c->head) : strlen(c->head);
}

/*
 * A fitted table's heading: each metric's name once, over its sides, then the
 * sides, then the units (the widths were made to hold them: sweep_fit_widths).
 */
void sweep_write_fit_header(const struct sweep *sw, const int *width, struct strbuf *out)
{
	const struct param *p = sw->range.key;
	size_t at = out->len;

	sb_printf(out, "%*s", width[0], "");
	for (int i = 0; i < sw->ncols; i++) {
		size_t g = sweep_head_group(&sw->cols[i]);
		int span = width[i + 1];

		if (i && g == sweep_head_group(&sw->cols[i - 1]) && !strncmp(sw->cols[i].head, sw->cols[i - 1].head, g)) {
			sb_printf(out, "  %*s", width[i + 1], "");
			continue;
		}
		for (int j = i + 1; j < sw->ncols && sweep_head_group(&sw->cols[j]) == g && !strncmp(sw->cols[j].head, sw->cols[i].head, g); j++)
			span += 2 + width[j + 1];
		if ((int)g > span)
			g = (size_t)span; /* a name longer than the width asked (sweep_fit_widths) */
		sb_printf(out, "  %-*.*s", (int)g, (int)g, sw->cols[i].head);
		span -= (int)g;
		for (int j = i + 1; j < sw->ncols && sweep_head_group(&sw->cols[j]) == g && !strncmp(sw->cols[j].head, sw->cols[i].head, g); j++)
			i = j;
		if (span > 0)
			sb_printf(out, "%*s", span, "");
	}
	while (out->len > at && out->buf[out->len - 1] == ' ')
		out->buf[--out->len] = '\0';
	sb_putc(out, '\n');
	sb_printf(out, "%*s", width[0], p->name);
	for (int i = 0; i < sw->ncols; i++) {
		size_t g = sweep_head_group(&sw->cols[i]);

		sb_printf(out, "  %*s", width[i + 1], sw->cols[i].head[g] ? sw->cols[i].head + g + 1 : "");
	}
	sb_putc(out, '\n');
	sb_printf(out, "%*s", width[0], p->unit);
	for (int i = 0; i < sw->ncols; i++)
		sb_printf(out, "  %*s", width[i + 1], sw->cols[i].metric->unit);
	sb_putc(out, '\n');
}

void sweep_write_header(const struct sweep *sw, const struct layout *l, const int *width, struct strbuf *out)
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
int sweep_write_head(const struct sweep *sw, const struct layout *l, const struct measured_band *const *bands,
		     struct doc *d, enum out_format fmt, struct records *rec, const char ***heads, struct strbuf *out)
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
	units[0] = (struct rec_unit){ sw->range.key->name, sw->range.key->unit, "input", NULL };
	for (int i = 0; i < l->n; i++) {
		(*heads)[i + 1] = l->c[i].head;
		units[i + 1] = (struct rec_unit){ l->c[i].head, l->c[i].unit, rec_kind(sw->cols[l->c[i].col].metric),
						  bands[l->c[i].col] };
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


/* A cell's room: its name twice (json's "HEAD": and a null's "HEAD:na"), its width, a value, a reason (sweep_row_size). */
static size_t cell_room(const struct sweep *sw, const int *width, int i)
{
	return 2 * strlen(sw->cols[i].head) + (size_t)width[i + 1] + 80 + WHY_MAX + 8 + ROW_SLACK;
}

void sweep_row_text_free(struct row_text *t)
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
	free(t->block);
	memset(t, 0, sizeof(*t));
}

int sweep_row_text_init(struct row_text *t, const struct sweep *sw, const int *width, size_t rowmax)
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
		sweep_row_text_free(t);
		return -1;
	}
	room = 0;
	for (int i = 0; i < n; i++) {
		size_t h = strlen(sw->cols[i].head);

		t->cell[i].text = t->cells + room;
		room += cell_room(sw, width, i);
		if (!(t->pre[i] = malloc(h + 8))) {
			sweep_row_text_free(t);
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

/* json's row opening and its key's name at p, made again only when the opening changes (the first row's has no comma). */
static ROW_INLINE char *put_row_open(char *p, const struct sweep *sw, struct records *rec, struct row_text *t)
{
	/* json's first row opens without a comma; from the second on, every row as the second */
	const char *open = rec->rows > 1 && t->open ? t->open : rec_row_open(rec);

	if (open != t->open) {
		char *h = put_str(t->head, open);

		*h++ = '"';
		h = put_str(h, sw->range.key->name);
		h = put_str(h, "\": ");
		t->open = open;
		t->headlen = (size_t)(h - t->head);
	}
	copy_run(p, t->head, t->headlen);
	return p + t->headlen;
}

/* The row's key at p: a table's right-aligned in width[0]; returns its end. */
static ROW_INLINE char *put_row_key(char *p, const struct sweep *sw, enum out_format fmt, const int *width,
				    struct row_text *t)
{
	/* right-aligned: the padding and the key in 32-byte moves (a key is rarely longer), no calls */
	static const char spaces[96 + ROW_SLACK] = "                                                                                                ";
	char cell[96 + ROW_SLACK], *q;
	int counted = !sw->range.real && sw->range.key->type != PT_CHOICE, klen, pad;

	if (fmt != FMT_TABLE) /* one call site each, so that they are inlined */
		return counted ? put_key_digits(p, t, sw->cur.u) : put_key(p, sw, fmt);
	if (sw->range.key->type == PT_SIZE) {
		fmt_human(val_int(sw->cur.u), "bytes", cell, sizeof(cell));
		q = cell + strlen(cell);
	} else if (counted) {
		/*
		 * Its length now, its digits after the padding below, straight into
		 * the row: copied in from cell, the wide load of the digit just
		 * stored there waited for the store (a third of the table's time).
		 */
		key_digits_on(t, sw->cur.u);
		q = cell + t->keylen + 1;
	} else {
		q = put_key(cell, sw, fmt);
	}
	klen = (int)(q - cell);
	for (pad = width[0] - klen; pad > 96; pad -= 96, p += 96)
		memcpy(p, spaces, 96);
	if (pad > 0) {
		copy_run(p, spaces, (size_t)pad);
		p += pad;
	}
	if (counted && sw->range.key->type != PT_SIZE)
		return put_key_tail(p, t, sw->cur.u);
	copy_run(p, cell, (size_t)klen);
	return p + klen;
}

/* Cell i's text made again for v when it does not stand for it; 1 when made. */
static ROW_INLINE int cell_remake(const struct sweep *sw, struct row_text *t, int i, struct value v, enum out_format fmt,
				  const int *width, int fit, int force)
{
	struct row_cell *c = &t->cell[i];

	if (cell_stands(c, v, force))
		return 0;
	c->len = (unsigned)(put_cell(c->text, sw, t, i, v, fmt, width, fit) - c->text);
	c->v = v;
	c->ok = 1;
	return 1;
}

/* Every cell's text after the key afresh into tail: each one remade unless it stands. */
static ROW_INLINE void row_tail_fresh(const struct sweep *sw, enum out_format fmt, const int *width, int fit,
				      struct row_text *t, int force)
{
	char *q = t->tail;

	for (int i = 0; i < sw->ncols; i++) {
		cell_remake(sw, t, i, sweep_value(sw, i), fmt, width, fit, force);
		copy_run(q, t->cell[i].text, t->cell[i].len);
		q += t->cell[i].len;
		t->end[i] = (size_t)(q - t->tail);
	}
	/* eight bytes as one move (json's end and csv's newline are shorter), a caveat's end as long as it is */
	memcpy(q, t->close, t->closelen < 8 ? 8 : t->closelen + 1);
}

/*
 * The tail in place, column by column of those sweep_next says may have
 * changed (sw->dirty, in order): a changed cell's text goes where its old
 * one was, and only when its length changed does the rest of the row move.
 */
static ROW_INLINE void row_tail_dirty(const struct sweep *sw, enum out_format fmt, const int *width, int fit,
				      struct row_text *t)
{
	int n = sw->ncols, w = 0;
	uint64_t bits = sw->dirty[0];

	for (;;) {
		int i;
		size_t start, old;
		struct row_cell *c;

		while (!bits && ++w * 64 < n)
			bits = sw->dirty[w];
		if (!bits)
			break;
		i = w * 64 + __builtin_ctzll(bits);
		bits &= bits - 1;
		if (i >= n)
			break;
		if (!cell_remake(sw, t, i, sweep_value(sw, i), fmt, width, fit, 0))
			continue;
		c = &t->cell[i];
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

/* One row into p (big enough: see sweep_row_size); no list column. */
static ROW_INLINE char *format_row(const struct sweep *sw, enum out_format fmt, const int *width, int fit, char *p,
				   struct records *rec, struct row_text *t)
{
	int n = sw->ncols, force = sw->refused || t->refused;
	/* the whole text afresh: the first row, a jump (not the row after the one the text is of), a refused row's reasons */
	int fresh = !t->row || sw->cur.i != t->row + 1 || force;
	size_t at;

	if (fmt == FMT_JSON || fmt == FMT_JSONL)
		p = put_row_open(p, sw, rec, t);
	p = put_row_key(p, sw, fmt, width, t);
	t->row = sw->cur.i;
	t->refused = sw->refused != NULL;
	if (!t->closelen) /* the row's end goes after the last cell in tail */
		t->closelen = (size_t)(put_str(t->close, fmt == FMT_TABLE ? "\n" : rec_row_close(rec)) - t->close);
	if (fresh)
		row_tail_fresh(sw, fmt, width, fit, t, force);
	else
		row_tail_dirty(sw, fmt, width, fit, t);
	at = (n ? t->end[n - 1] : 0) + t->closelen;
	copy_run(p, t->tail, at);
	p += at;
	*p = '\0';
	return p;
}

/*
 * Room for ten rows of rl bytes in t->block: 0, or -1 (no memory: the rows
 * are written one by one). Made once a sweep, grown when a row grows.
 */
static int block_room(struct row_text *t, size_t rl)
{
	char *b;

	if (10 * rl + ROW_SLACK <= t->blockcap)
		return 0;
	if (!(b = realloc(t->block, 10 * rl + ROW_SLACK)))
		return -1;
	t->block = b;
	t->blockcap = 10 * rl + ROW_SLACK;
	return 0;
}

/*
 * Whole decades of rows that stand, a key stepping by 1 (jsonl): the
 * ten rows of a decade differ only in the key's digits, so they are made
 * once as a block - the head, the key, the tail, ten times, the last digit
 * 0 to 9 - and each later decade is the block with the key's kept digits
 * written over in its ten rows, copied out in one move: the row's bytes and
 * ten short stores, not ten rows assembled. From u + 1, a decade's first
 * row; n decades; returns the end.
 */
static char *same_decades(char *p, struct row_text *t, size_t at, uint64_t u, uint64_t n)
{
	size_t hl = t->headlen, kl, rl;
	int made = 0;

	key_digits_on(t, u + 1);
	kl = t->keylen;
	rl = hl + kl + 1 + at;
	for (uint64_t d = 0; d < n; d++, u += 10) {
		if (d) {
			key_digits_on(t, u + 1);
			if (t->keylen != kl) { /* 99..9 + 1: a digit more, a block of longer rows */
				kl = t->keylen;
				rl = hl + kl + 1 + at;
				made = 0;
			}
		}
		if (!made) {
			for (int j = 0; j < 10; j++) {
				char *r = t->block + (size_t)j * rl;

				memcpy(r, t->head, hl);
				memcpy(r + hl, t->key, kl);
				r[hl + kl] = (char)('0' + j);
				memcpy(r + hl + kl + 1, t->tail, at);
			}
			made = 1;
		} else {
			for (int j = 0; j < 10; j++)
				memcpy(t->block + (size_t)j * rl + hl, t->key, kl);
		}
		memcpy(p, t->block, 10 * rl);
		p += 10 * rl;
	}
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
	/*
	 * jsonl by 1: up to the next decade row by row, its whole decades as blocks, the rest row by row (csv's
	 * rows, a tenth of the bytes, are quicker made one by one in 32-byte moves than copied in calls)
	 */
	uint64_t lead = step == 1 && fmt == FMT_JSONL ? (10 - (u + 1) % 10) % 10 : k, decades = 0;

	if (lead < k && (k - lead) / 10 >= 2 &&
	    !block_room(t, t->headlen + sizeof(t->key) + 1 + at))
		decades = (k - lead) / 10;
	else
		lead = k;
	for (uint64_t j = 0; j < k; j++) {
		if (j == lead && decades) {
			p = same_decades(p, t, at, u, decades);
			u += 10 * decades;
			j += 10 * decades - 1;
			continue;
		}
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
				   struct records *rec, struct row_text *t, uint64_t burst, uint64_t *done,
				   const volatile sig_atomic_t *stop)
{
	uint64_t same;

	for (; *done < burst && !*stop && sweep_next(sw); ++*done) {
		p = format_row(sw, fmt, width, fit, p, rec, t);
		if ((same = rows_same(sw, fmt, t, burst - *done - 1))) {
			p = same_rows(sw, fmt, width, p, t, same);
			sweep_skip(sw, same);
			*done += same;
		}
	}
	return p;
}

char *sweep_rows_burst(struct sweep *sw, enum out_format fmt, const int *width, int fit, char *p, struct records *rec,
		       struct row_text *t, uint64_t burst, uint64_t rows_before, uint64_t *done,
		       const volatile sig_atomic_t *stop)
{
	/* a loop for each format, so that each row's tests of the format fold away */
	if (fmt == FMT_CSV)
		p = burst_rows(sw, FMT_CSV, width, 0, p, rec, t, burst, done, stop);
	else if (fmt == FMT_TABLE)
		p = burst_rows(sw, FMT_TABLE, width, fit, p, rec, t, burst, done, stop);
	else if (fmt == FMT_JSONL)
		p = burst_rows(sw, FMT_JSONL, width, 0, p, rec, t, burst, done, stop);
	else
		for (; *done < burst && !*stop && sweep_next(sw); ++*done) {
			p = format_row(sw, fmt, width, 0, p, rec, t);
			rec->rows += rec->rows < INT32_MAX; /* json's rows after the first open with a comma */
		}
	if (fmt != FMT_JSON)
		rec->rows = (int)(rows_before + *done > INT32_MAX ? INT32_MAX : rows_before + *done);
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

/* cell (len bytes) at p, right-aligned in width (0: as it is); returns its end. */
static inline char *put_right(char *p, const char *cell, size_t len, int width)
{
	size_t pad = width > 0 && (size_t)width > len ? (size_t)width - len : 0;

	memset(p, ' ', pad);
	memcpy(p + pad, cell, len);
	return p + pad + len;
}

/*
 * The most bytes a list row takes but for a list whole (its key and each
 * part a null with its reason), and each part's text before its cell: both
 * made at the first row.
 */
static size_t list_row_room(const struct sweep *sw, struct layout *l, enum out_format fmt, const int *width)
{
	if (!l->room) {
		l->room = 64 + REC_CLOSE_MAX + strlen(sw->range.key->name) + (size_t)width[0];
		for (int k = 0; k < l->n; k++) {
			struct ocol *o = &l->c[k];

			l->room += 2 * strlen(o->head) + (size_t)width[k + 1] + 80 + WHY_MAX + 8 + ROW_SLACK;
			if (fmt == FMT_JSON || fmt == FMT_JSONL)
				snprintf(o->pre, sizeof(o->pre), ", \"%s\": ", o->head);
			else
				snprintf(o->pre, sizeof(o->pre), "%s", fmt == FMT_CSV ? "," : "  ");
			o->prelen = strlen(o->pre);
		}
	}
	return l->room;
}

/* A list row's opening and key at p (json: its opening and the key's name first). */
static char *list_row_key(char *p, const struct sweep *sw, enum out_format fmt, const int *width, struct records *rec)
{
	char cell[WHY_MAX + 128], *q;

	if (fmt == FMT_JSON || fmt == FMT_JSONL) {
		p = put_str(p, rec_row_open(rec));
		*p++ = '"';
		p = put_str(p, sw->range.key->name);
		p = put_str(p, "\": ");
	}
	if (fmt == FMT_TABLE && sw->range.key->type == PT_SIZE) { /* the key as the fast path's table gives it */
		fmt_human(val_int(sw->cur.u), "bytes", cell, sizeof(cell));
		q = cell + strlen(cell);
	} else {
		q = put_key(cell, sw, fmt);
	}
	return put_right(p, cell, (size_t)(q - cell), fmt == FMT_TABLE ? width[0] : 0);
}

/*
 * Part o's value: the column's own, or a part of its list - the four parts
 * share one pass over the items (*lv and *sum, made at the count, kept for
 * the three after it).
 */
static struct value list_part_value(const struct sweep *sw, const struct ocol *o, struct value *lv,
				    struct list_sum *sum)
{
	const struct sweep_col *c = &sw->cols[o->col];

	if (o->part < 0)
		return sweep_value(sw, o->col);
	if (o->part == PART_COUNT) {
		*lv = sweep_value(sw, o->col);
		memset(sum, 0, sizeof(*sum));
		if (lv->kind == VAL_LIST)
			c->metric->list(&sw->m, c->side, sum_item, sum);
	}
	if (lv->kind != VAL_LIST)
		return *lv; /* n/a (a variant that cannot be evaluated here): every part */
	if (o->part != PART_COUNT && !sum->count)
		return val_none("an empty list");
	return val_int(o->part == PART_COUNT ? sum->count : o->part == PART_FIRST ? sum->first
			: o->part == PART_LAST ? sum->last : sum->sum);
}

/*
 * Part o's cell for v at p: a number's text is kept with the value it was
 * made from and copied while the value stays (most of a list's parts do from
 * row to row: a cluster's first and last ask, a full reclaim's one call).
 */
static char *list_cell_put(char *p, struct ocol *o, struct value v, enum out_format fmt, int width)
{
	char cell[WHY_MAX + 128], *q;
	int table = fmt == FMT_TABLE;

	if (v.kind == VAL_REAL && isnan(v.r))
		v = val_none(VALUE_NAN_WHY);
	if (table ? v.kind != VAL_NONE : v.kind == VAL_INT || (v.kind == VAL_REAL && !isinf(v.r))) {
		if (!o->kept || v.kind != o->last.kind || v.i != o->last.i) {
			if (table)
				fmt_human_short(v, o->unit, 0, o->text, sizeof(o->text));
			else
				*put_value(o->text, &v, fmt, o->head) = '\0';
			o->len = strlen(o->text);
			o->last = v;
			o->kept = 1;
		}
		if (table)
			return put_right(p, o->text, o->len, width);
		copy_run(p, o->text, o->len); /* a number: at most 32 bytes, in one move */
		return p + o->len;
	}
	if (table) {
		fmt_human_short(v, o->unit, 0, cell, sizeof(cell));
		q = cell + strlen(cell);
	} else {
		q = put_value(cell, &v, fmt, o->head);
	}
	return put_right(p, cell, (size_t)(q - cell), table ? width : 0);
}

/*
 * A row with a list column (proactive_reclaim.asks): with --lists full its
 * cells are as long as the schedule - table: the items space-separated; csv:
 * one quoted field; json: an array; a list longer than RENDER_LIST_MAX is
 * n/a, as `get` refuses it. Otherwise four cells: count, first, last, sum.
 * The row is written in place at the end of out, no call a cell: a 100K-row
 * sweep of asks' twelve cells spent most of its time in strbuf's calls.
 */
void sweep_row_lists(const struct sweep *sw, struct layout *l, enum out_format fmt, const int *width,
		     struct strbuf *out, struct records *rec)
{
	struct list_sum sum = { 0, 0, 0, 0 };
	struct value lv = val_none(NULL);
	size_t room = list_row_room(sw, l, fmt, width);
	char *p = list_row_key(sb_reserve(out, room), sw, fmt, width, rec);

	for (int k = 0; k < l->n; k++) {
		struct ocol *o = &l->c[k];
		const struct sweep_col *c = &sw->cols[o->col];

		memcpy(p, o->pre, o->prelen);
		p += o->prelen;
		if (o->part == PART_WHOLE && c->metric->list) { /* as long as it is: through out */
			out->len = (size_t)(p - out->buf);
			list_whole(sw, o, c, fmt, width[k + 1], out);
			p = sb_reserve(out, room);
			continue;
		}
		p = list_cell_put(p, o, list_part_value(sw, o, &lv, &sum), fmt, width[k + 1]);
	}
	p = put_str(p, fmt == FMT_TABLE ? "\n" : rec_row_close(rec));
	out->len = (size_t)(p - out->buf);
	out->buf[out->len] = '\0';
}

size_t sweep_row_size(const struct sweep *sw, const int *width)
{
	size_t n = 64 + REC_CLOSE_MAX + strlen(sw->range.key->name) + (size_t)width[0];

	/* a cell: its name, its value, and a reason beside a null (WHY_MAX) with its own name */
	for (int i = 0; i < sw->ncols; i++)
		n += 2 * strlen(sw->cols[i].head) + (size_t)width[i + 1] + 80 + WHY_MAX + 8;
	return n;
}
