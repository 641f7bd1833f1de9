#include "escape.h"

#include <stdio.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0: overlong, surrogate or cut short. */
static size_t utf8_len(const unsigned char *s, size_t n, unsigned *cp)
{
	unsigned c = s[0], need, min;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xC2 && c <= 0xDF)
		need = 1, min = 0x80, c &= 0x1F;
	else if (c >= 0xE0 && c <= 0xEF)
		need = 2, min = 0x800, c &= 0x0F;
	else if (c >= 0xF0 && c <= 0xF4)
		need = 3, min = 0x10000, c &= 0x07;
	else
		return 0;
	if (n < need + 1)
		return 0;
	for (unsigned i = 1; i <= need; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3F);
	}
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return need + 1;
}

void escape_text(struct strbuf *out, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;

	for (size_t i = 0; i < len;) {
		unsigned cp;
		size_t n = utf8_len(p + i, len - i, &cp);

		if (!n) {
			sb_printf(out, "\\x%02x", p[i]);
			i++;
		} else if (cp < 0x20 || cp == 0x7f) {
			sb_printf(out, "\\x%02x", cp);
			i++;
		} else if (cp >= 0x80 && cp <= 0x9f) {
			sb_printf(out, "\\u%04x", cp);
			i += n;
		} else {
			for (size_t k = 0; k < n; k++)
				sb_putc(out, (char)p[i + k]);
			i += n;
		}
	}
}

void escape_buf(const char *s, char *buf, size_t buflen)
{
	struct strbuf sb = STRBUF_INIT;
	size_t n;

	if (!buflen)
		return;
	escape_text(&sb, s, strlen(s));
	n = sb.len < buflen - 1 ? sb.len : buflen - 1;
	/* never half an escape or half a character */
	while (n < sb.len && n > 0 && (((unsigned char)sb.buf[n] & 0xC0) == 0x80))
		n--;
	memcpy(buf, sb_str(&sb), n);
	buf[n] = '\0';
	sb_free(&sb);
}

void csv_field(struct strbuf *out, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		sb_puts(out, s);
		return;
	}
	sb_putc(out, '"');
	for (; *s; s++) {
		if (*s == '"')
			sb_putc(out, '"');
		sb_putc(out, *s);
	}
	sb_putc(out, '"');
}

void json_string(struct strbuf *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s);

	sb_putc(out, '"');
	for (size_t i = 0; i < len;) {
		unsigned cp;
		size_t n = utf8_len(p + i, len - i, &cp);

		if (!n) {
			sb_puts(out, "\\ufffd");
			i++;
			continue;
		}
		if (cp == '"' || cp == '\\')
			sb_printf(out, "\\%c", (char)cp);
		else if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f))
			sb_printf(out, "\\u%04x", cp);
		else
			for (size_t k = 0; k < n; k++)
				sb_putc(out, (char)p[i + k]);
		i += n;
	}
	sb_putc(out, '"');
}
