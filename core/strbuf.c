#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void sb_grow(struct strbuf *sb, size_t extra)
{
	size_t need = sb->len + extra + 1;
	size_t cap = sb->cap ? sb->cap : 64;
	char *p;

	if (need <= sb->cap)
		return;
	while (cap < need)
		cap *= 2;
	p = realloc(sb->buf, cap);
	if (!p)
		abort(); /* out of memory for a few KiB of text: nothing sensible is left to do */
	sb->buf = p;
	sb->cap = cap;
}

char *sb_reserve(struct strbuf *sb, size_t extra)
{
	sb_grow(sb, extra);
	return sb->buf + sb->len;
}

void sb_printf_impl(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!sb)
		return; /* a metric computing without being asked why */
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n <= 0)
		return;
	sb_grow(sb, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

void sb_puts(struct strbuf *sb, const char *s)
{
	size_t n;

	if (!sb)
		return;
	n = strlen(s);
	sb_grow(sb, n);
	memcpy(sb->buf + sb->len, s, n + 1);
	sb->len += n;
}

void sb_putc(struct strbuf *sb, char c)
{
	if (!sb)
		return;
	sb_grow(sb, 1);
	sb->buf[sb->len++] = c;
	sb->buf[sb->len] = '\0';
}

void sb_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

void sb_free(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

const char *sb_str(const struct strbuf *sb)
{
	return sb->buf ? sb->buf : "";
}
