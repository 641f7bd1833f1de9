/* User- and file-supplied text made safe to echo to a terminal or a log (see escape.h). */
#include "escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "../../core/utf8.h"

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

void escape_lines(struct strbuf *out, const char *s, size_t len)
{
	for (size_t i = 0; i < len;) {
		size_t n = 0;

		while (i + n < len && s[i + n] != '\n' && s[i + n] != '\t' && s[i + n])
			n++;
		escape_text(out, s + i, n);
		if (i + n < len)
			sb_putc(out, s[i + n] ? s[i + n] : '?'); /* a NUL is no text either */
		i += n + 1;
	}
}

struct escaping {
	FILE *to;
	char carry[4]; /* the start of a UTF-8 character the last write cut */
	size_t ncarry;
};

/* How many bytes at the end of s[0..n) begin a UTF-8 character that needs more (0 when none). */
static size_t cut_char(const char *s, size_t n)
{
	for (size_t k = 1; k <= 3 && k <= n; k++) {
		unsigned char c = (unsigned char)s[n - k];

		if ((c & 0xc0) == 0x80)
			continue; /* a continuation byte: look further back */
		if (c < 0xc0)
			return 0;
		return (size_t)(c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2) > k ? k : 0;
	}
	return 0;
}

static ssize_t escaping_write(void *cookie, const char *buf, size_t len)
{
	struct escaping *e = cookie;
	struct strbuf in = STRBUF_INIT, out = STRBUF_INIT;
	size_t keep;

	sb_printf(&in, "%.*s", (int)e->ncarry, e->carry);
	for (size_t i = 0; i < len; i++)
		sb_putc(&in, buf[i]); /* bytes one by one: a NUL among them stays a byte to escape */
	keep = cut_char(in.buf, in.len);
	memcpy(e->carry, in.buf + in.len - keep, keep);
	e->ncarry = keep;
	escape_lines(&out, in.buf, in.len - keep);
	if (out.len && fwrite(out.buf, 1, out.len, e->to) != out.len)
		len = 0;
	fflush(e->to);
	sb_free(&in);
	sb_free(&out);
	return len ? (ssize_t)len : -1;
}

static int escaping_close(void *cookie)
{
	struct escaping *e = cookie;
	struct strbuf out = STRBUF_INIT;

	escape_lines(&out, e->carry, e->ncarry); /* a character never finished: its bytes, escaped */
	if (out.len)
		fwrite(out.buf, 1, out.len, e->to);
	fflush(e->to);
	sb_free(&out);
	free(e);
	return 0;
}

FILE *escape_stream(FILE *to)
{
	cookie_io_functions_t io = { .write = escaping_write, .close = escaping_close };
	struct escaping *e = calloc(1, sizeof(*e));
	FILE *f;

	if (!e)
		return NULL;
	e->to = to;
	f = fopencookie(e, "w", io);
	if (!f) {
		free(e);
		return NULL;
	}
	setvbuf(f, NULL, _IONBF, 0);
	return f;
}
