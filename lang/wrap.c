/* Word wrapping of prose to a width in display columns (see wrap.h). */
#include "wrap.h"

#include <string.h>

#include "../core/utf8.h"

static void spaces(struct strbuf *out, int n)
{
	while (n-- > 0)
		sb_putc(out, ' ');
}

/* How far a line's continuation hangs: its indent, and past a list marker. */
static int hang_of(const char *s, size_t n, int indent)
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

static int is_table_row(const char *s, size_t n, size_t from)
{
	for (size_t i = from; i + 1 < n; i++)
		if (s[i] == ' ' && s[i + 1] == ' ' && i + 2 < n && s[i + 2] != ' ')
			return 1;
	return 0;
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
		/* a word wider than the room: cut at a character, carry on below */
		while (col + ww > width) {
			size_t take = utf8_prefix(s + w0, width - col);

			if (take == 0) /* a wide character in a one-column room */
				take = wl;
			sb_printf(out, "%.*s", (int)take, s + w0);
			w0 += take;
			wl -= take;
			ww = utf8_width(s + w0, wl);
			if (wl == 0)
				break;
			sb_putc(out, '\n');
			spaces(out, hang);
			col = hang;
		}
		sb_printf(out, "%.*s", (int)wl, s + w0);
		col += ww;
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
