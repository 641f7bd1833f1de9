#include "escape.h"

#include <stdio.h>
#include <string.h>

#include "../core/utf8.h"

/* A U+FFFD that was typed as one, not a malformed byte utf8_decode() stood it in for. */
static int real_fffd(const char *p)
{
	return !strncmp(p, "\xEF\xBF\xBD", 3);
}

/*
 * Characters that print as nothing (Unicode's format characters, Cf): a
 * byte-order mark or a zero-width space inside a word makes `cp<200b>us`
 * look like `cpus` in an error that says it is unknown. Shown as \uXXXX.
 */
static int invisible(uint32_t cp)
{
	static const uint32_t ranges[][2] = {
		{ 0x00ad, 0x00ad }, { 0x0600, 0x0605 }, { 0x061c, 0x061c }, { 0x06dd, 0x06dd }, { 0x070f, 0x070f },
		{ 0x180e, 0x180e }, { 0x200b, 0x200f }, { 0x2028, 0x202e }, { 0x2060, 0x2064 }, { 0x2066, 0x206f },
		{ 0xfeff, 0xfeff }, { 0xfff9, 0xfffb }, { 0xe0001, 0xe0001 }, { 0xe0020, 0xe007f },
	};

	for (size_t i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++)
		if (cp >= ranges[i][0] && cp <= ranges[i][1])
			return 1;
	return 0;
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
		} else if ((cp >= 0x80 && cp <= 0x9f) || invisible(cp)) {
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
