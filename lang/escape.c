#include "escape.h"

#include <stdio.h>
#include <string.h>

#include "../core/utf8.h"

/* A U+FFFD that was typed as one, not a malformed byte utf8_decode() stood it in for. */
static int real_fffd(const char *p)
{
	return !strncmp(p, "\xEF\xBF\xBD", 3);
}

void escape_text(struct strbuf *out, const char *s, size_t len)
{
	const char *p = s, *end = s + len;

	while (p < end && *p) {
		const char *at = p;
		uint32_t cp = utf8_decode(&p);

		if (p > end || (cp == 0xfffd && !real_fffd(at))) {
			sb_printf(out, "\\x%02x", (unsigned char)*at);
			p = at + 1;
		} else if (cp < 0x20 || cp == 0x7f) {
			sb_printf(out, "\\x%02x", (unsigned)cp);
		} else if (cp >= 0x80 && cp <= 0x9f) {
			sb_printf(out, "\\u%04x", (unsigned)cp);
		} else {
			for (; at < p; at++)
				sb_putc(out, *at);
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
	/* never half a character */
	while (n < sb.len && n > 0 && (((unsigned char)sb.buf[n] & 0xC0) == 0x80))
		n--;
	memcpy(buf, sb_str(&sb), n);
	buf[n] = '\0';
	sb_free(&sb);
}
