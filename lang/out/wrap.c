/* Word wrapping of prose to a width in display columns (see wrap.h). */
#include "wrap.h"

#include <stdio.h>
#include <string.h>

#include "../../core/utf8.h"

static void spaces(struct strbuf *out, int n)
{
	while (n-- > 0)
		sb_putc(out, ' ');
}

/* Past a list marker ("- ", "* ", "N. ") at indent: where the item's words start; else indent. */
static int marker_hang(const char *s, size_t n, int indent)
{
	size_t i = (size_t)indent, d = i;

	if (i + 1 < n && (s[i] == '-' || s[i] == '*') && s[i + 1] == ' ')
		return indent + 2;
	while (d < n && s[d] >= '0' && s[d] <= '9')
		d++;
	if (d > i && d + 1 < n && s[d] == '.' && s[d + 1] == ' ')
		return (int)(d + 2);
	return indent;
}

/*
 * How far a line's continuation hangs: past a list marker; an indented line
 * (a step of an explanation, a note under a line) two deeper than itself, so
 * its continuation reads as one and a hanging formula stays under its line;
 * a flush paragraph not at all.
 */
static int hang_of(const char *s, size_t n, int indent)
{
	int h = marker_hang(s, n, indent);

	return h == indent && indent >= 2 ? indent + 2 : h;
}

static int is_table_row(const char *s, size_t n, size_t from)
{
	for (size_t i = from; i + 1 < n; i++)
		if (s[i] == ' ' && s[i + 1] == ' ' && i + 2 < n && s[i + 2] != ' ')
			return 1;
	return 0;
}

/* A word at column *col; one wider than the room is cut at a character and carried on below, at hang. */
static void put_word(struct strbuf *out, const char *w, size_t wl, int ww, int width, int hang, int *col)
{
	while (*col + ww > width) {
		size_t take = utf8_prefix(w, width - *col);

		if (take == 0) /* a wide character in a one-column room */
			take = wl;
		sb_printf(out, "%.*s", (int)take, w);
		w += take;
		wl -= take;
		ww = utf8_width(w, wl);
		if (wl == 0)
			break;
		sb_putc(out, '\n');
		spaces(out, hang);
		*col = hang;
	}
	sb_printf(out, "%.*s", (int)wl, w);
	*col += ww;
}

static void wrap_line(struct strbuf *out, const char *s, size_t n, int width, int keep_tables)
{
	size_t i = 0;
	int indent, hang, col, words = 0;

	while (i < n && s[i] == ' ')
		i++;
	if (i == n)
		return;
	if (keep_tables && is_table_row(s, n, i)) {
		sb_printf(out, "%.*s", (int)n, s);
		return;
	}
	indent = (int)i;
	hang = hang_of(s, n, indent);
	/* an indent that leaves no room for words is not kept */
	if (indent > width / 2)
		indent = width / 2;
	if (hang > width / 2)
		hang = width / 2;
	spaces(out, indent);
	col = indent;
	while (i < n) {
		size_t w0 = i, wl;
		int ww;

		while (i < n && s[i] != ' ')
			i++;
		wl = i - w0;
		while (i < n && s[i] == ' ')
			i++;
		ww = utf8_width(s + w0, wl);
		if (words && col + 1 + ww > width) {
			sb_putc(out, '\n');
			spaces(out, hang);
			col = hang;
			words = 0;
		} else if (words) {
			sb_putc(out, ' ');
			col++;
		}
		put_word(out, s + w0, wl, ww, width, hang, &col);
		words = 1;
	}
}

void wrap_text(struct strbuf *out, const char *text, int width, int keep_tables)
{
	const char *p = text;

	if (width < 1)
		width = 1;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		wrap_line(out, p, n, width, keep_tables);
		if (!nl)
			break;
		sb_putc(out, '\n');
		p = nl + 1;
	}
}

/* One line of a text being reflowed. */
struct rline {
	const char *s;
	size_t n;
	int indent, hang, cols, table, blank;
};

static void rline_at(struct rline *l, const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && s[i] == ' ')
		i++;
	l->s = s;
	l->n = n;
	l->blank = i == n;
	l->indent = (int)i;
	l->hang = l->blank ? 0 : hang_of(s, n, (int)i);
	l->table = !l->blank && is_table_row(s, n, i);
	l->cols = utf8_width(s, n);
}

/* The display width of l's first word. */
static int first_word(const struct rline *l)
{
	size_t i = (size_t)l->indent, w = i;

	while (w < l->n && l->s[w] != ' ')
		w++;
	return utf8_width(l->s + i, w - i);
}

/*
 * Whether b goes on in a's paragraph (whose hang is hang): b is plain prose at
 * that hang, and a was filled - the word b begins with would have fitted on a
 * within the text's fill width had its writer not broken the line there (give
 * or take a few columns), and b does not begin with a label ("kernel:"). A
 * line ending a sentence must be filled to the very width, so a paragraph that
 * ends on a fairly long last line stays apart from the next.
 */
static int continues(const struct rline *a, const struct rline *b, int hang, int fill)
{
	char last = a->n ? a->s[a->n - 1] : ' ';
	int slack = last == '.' || last == ';' ? 0 : 4, w = first_word(b);

	if (a->blank || b->blank || a->table || b->table || b->indent != hang || marker_hang(b->s, b->n, b->indent) != b->indent)
		return 0;
	if (w > 1 && b->s[b->indent + (size_t)w - 1] == ':' && b->s[b->indent] >= 'a' && b->s[b->indent] <= 'z')
		return 0; /* "kernel:", "assumed:": a label starts a step of its own */
	if (w == 1 && strchr("=*/+", b->s[b->indent]))
		return 0; /* "= 42": a hanging formula's next step, under its line */
	if (last == ':' || last == '.' || fill < 40)
		return 0; /* a sentence's end closes a logical line: text is written a paragraph a line */
	return a->cols + 1 + first_word(b) > fill - slack;
}

/*
 * A table row whose last cell is prose ("  q        quit (F10 too; in a view:
 * close it)", help's lists): the cells before it kept, the prose wrapped under
 * its column - or, with no room there, on the lines below, indented. 0 when
 * the last cell is not prose (a row of numbers scrolls or breaks instead).
 */
static int wrap_definition(struct strbuf *out, const char *s, size_t n, int width)
{
	size_t at = 0, words = 0;
	int col, hang;
	struct strbuf w = STRBUF_INIT;

	for (size_t i = 1; i + 1 < n; i++)
		if (s[i] == ' ' && s[i - 1] == ' ' && s[i + 1] != ' ')
			at = i + 1;
	if (!at)
		return 0;
	for (size_t i = at; i < n; i++)
		words += s[i] == ' ' && i + 1 < n && s[i + 1] != ' ';
	if (words < 2)
		return 0;
	col = utf8_width(s, at);
	if (col <= width - 20) {
		sb_printf(out, "%.*s", (int)at, s);
		hang = col;
	} else {
		/* the cells alone, then the prose below them */
		size_t end = at;

		while (end > 0 && s[end - 1] == ' ')
			end--;
		if (utf8_width(s, end) <= width) {
			sb_printf(out, "%.*s", (int)end, s);
		} else {
			struct strbuf head = STRBUF_INIT;

			sb_printf(&head, "%.*s", (int)end, s);
			wrap_text(out, sb_str(&head), width, 0);
			sb_free(&head);
		}
		hang = width / 4 < 8 ? width / 4 : 8;
		sb_putc(out, '\n');
		for (int i = 0; i < hang; i++)
			sb_putc(out, ' ');
	}
	{
		struct strbuf tail = STRBUF_INIT;

		sb_printf(&tail, "%.*s", (int)(n - at), s + at);
		wrap_text(&w, sb_str(&tail), width - hang, 0);
		sb_free(&tail);
	}
	for (const char *p = sb_str(&w); *p; p++) {
		sb_putc(out, *p);
		if (*p == '\n')
			for (int i = 0; i < hang; i++)
				sb_putc(out, ' ');
	}
	sb_free(&w);
	return 1;
}

void wrap_reflow(struct strbuf *out, const char *text, int width, int keep_tables)
{
	struct rline a, b;
	const char *p = text;
	int fill = 0;

	if (width < 1)
		width = 1;
	for (const char *q = text; *q;) { /* the width the writer filled its prose to */
		const char *nl = strchr(q, '\n');
		size_t n = nl ? (size_t)(nl - q) : strlen(q);

		rline_at(&a, q, n);
		if (!a.table && a.cols > fill)
			fill = a.cols;
		q += n + (nl != NULL);
	}
	while (*p) {
		struct strbuf para = STRBUF_INIT;
		const char *start = p, *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		int fits, hang, end_nl;

		rline_at(&a, p, n);
		hang = a.hang;
		fits = a.cols <= width;
		sb_printf(&para, "%.*s", (int)n, p);
		p += n + (nl != NULL);
		end_nl = nl != NULL;
		while (end_nl && *p) {
			const char *nl2 = strchr(p, '\n');
			size_t n2 = nl2 ? (size_t)(nl2 - p) : strlen(p);

			rline_at(&b, p, n2);
			if (!continues(&a, &b, hang, fill))
				break;
			fits &= b.cols <= width;
			/* joined with one space: the hang's indent goes, wrap_text puts it back */
			sb_printf(&para, " %.*s", (int)(n2 - (size_t)b.indent), p + b.indent);
			a = b;
			p += n2 + (nl2 != NULL);
			end_nl = nl2 != NULL;
		}
		if (fits)
			sb_printf(out, "%.*s", (int)(p - start - end_nl), start);
		else if (a.table && wrap_definition(out, sb_str(&para), para.len, width))
			; /* "  name   what it does ...": the prose hangs under its column */
		else if (a.table && keep_tables)
			sb_puts(out, sb_str(&para));
		else
			wrap_text(out, sb_str(&para), width, 0);
		if (end_nl)
			sb_putc(out, '\n');
		sb_free(&para);
	}
}

int wrap_widest(const char *text)
{
	int widest = 0;

	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		int w = utf8_width(p, n);

		if (w > widest)
			widest = w;
		if (!nl)
			break;
		p = nl + 1;
	}
	return widest;
}

void wrap_shorten(char *buf, size_t len, const char *text, int width)
{
	size_t n = strlen(text), cut;

	if (utf8_width(text, n) <= width || width < 4) {
		snprintf(buf, len, "%.*s", width < 4 ? (int)utf8_prefix(text, width > 0 ? width : 0) : (int)n, text);
		return;
	}
	cut = utf8_prefix(text, width - 3);
	/* back to the end of a word, unless the first word alone is too long */
	for (size_t i = cut; i > 0; i--)
		if (text[i] == ' ') {
			while (i > 0 && text[i - 1] == ' ')
				i--;
			if (i > 0)
				cut = i;
			break;
		}
	snprintf(buf, len, "%.*s...", (int)cut, text);
}
