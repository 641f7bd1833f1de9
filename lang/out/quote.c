/* Quoting, one function per consumer (quote.h). */
#include "quote.h"

#include <string.h>

#include "../../core/utf8.h"

/* The next character of *s: its length in bytes, 0 for a byte that is not UTF-8 (one byte then stands alone). */
static size_t next_char(const char *s, uint32_t *cp)
{
	const char *p = s;

	*cp = utf8_decode(&p);
	if (*cp == 0xfffd && strncmp(s, "\xEF\xBF\xBD", 3))
		return 0;
	return (size_t)(p - s);
}

int quote_cmd(struct strbuf *out, const char *s)
{
	static const char plain[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/-+=:,@%";

	if (strpbrk(s, "\n\r"))
		return -1;
	if (*s && !s[strspn(s, plain)]) {
		sb_puts(out, s);
		return 0;
	}
	/* lang/scan.h: inside "..." nothing is special but '"', which closes it; a '"' is written "'"'" */
	sb_putc(out, '"');
	for (; *s; s++)
		if (*s == '"')
			sb_puts(out, "\"'\"'\"");
		else
			sb_putc(out, *s);
	sb_putc(out, '"');
	return 0;
}

/* Would the byte at s (n bytes of one character, 0: not UTF-8) print raw on a terminal as more than itself? */
static int sh_raw_unsafe(const char *s, size_t n, uint32_t cp)
{
	(void)s;
	return !n || (cp < 0x20 && cp != '\n' && cp != '\t') || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f);
}

void quote_sh_inside(struct strbuf *out, const char *s)
{
	while (*s) {
		uint32_t cp;
		size_t n = next_char(s, &cp);

		if (*s == '\'') {
			sb_puts(out, "'\\''");
		} else if (sh_raw_unsafe(s, n, cp)) {
			/* the quote closed, the bytes made by printf's octal escapes (POSIX: dash has no $'...'), reopened:
			   nothing raw reaches a terminal, and a line break is never one of them (it stays in the quote) */
			sb_puts(out, "'\"$(printf '");
			while (*s && *s != '\n') {
				uint32_t c;
				size_t k = next_char(s, &c);

				if (!sh_raw_unsafe(s, k, c))
					break;
				for (size_t i = 0; i < (k ? k : 1); i++)
					sb_printf(out, "\\%03o", (unsigned char)s[i]);
				s += k ? k : 1;
			}
			sb_puts(out, "')\"'");
			continue;
		} else {
			sb_printf(out, "%.*s", (int)n, s);
		}
		s += n ? n : 1;
	}
}

void quote_sh(struct strbuf *out, const char *s)
{
	static const char plain[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/-+=:,@%";

	if (*s && !s[strspn(s, plain)]) {
		sb_puts(out, s);
		return;
	}
	sb_putc(out, '\'');
	quote_sh_inside(out, s);
	sb_putc(out, '\'');
}

static void md_text(struct strbuf *out, const char *s, size_t n, int cell)
{
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t k = next_char(s + i, &cp);

		if (!k || cp == 0xfffd) {
			sb_puts(out, "\xEF\xBF\xBD");
			i += k ? k : 1;
			continue;
		}
		if (cp == '\n' || cp == '\r' || cp == '\t')
			sb_putc(out, ' ');
		else if (cp == '<')
			sb_puts(out, "&lt;");
		else if (cp == '&')
			sb_puts(out, "&amp;");
		else if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f))
			sb_printf(out, "&#%u;", (unsigned)cp); /* shown, never sent raw */
		else if (strchr("\\`*_[]~", (int)cp) || (cell && cp == '|'))
			sb_printf(out, "\\%c", (char)cp);
		else
			sb_printf(out, "%.*s", (int)k, s + i);
		i += k;
	}
}

void quote_md(struct strbuf *out, const char *s)
{
	md_text(out, s, strlen(s), 0);
}

void quote_md_cell(struct strbuf *out, const char *s)
{
	size_t n;

	while (*s == ' ')
		s++;
	n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	md_text(out, s, n, 1);
}

int quote_md_fence(const char *text)
{
	int most = 0, run = 0;

	for (const char *p = text; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		most = run > most ? run : most;
	}
	return most >= 3 ? most + 1 : 3;
}

void quote_xml(struct strbuf *out, const char *s)
{
	while (*s) {
		uint32_t cp;
		size_t n = next_char(s, &cp);

		if (!n) {
			sb_puts(out, "\xEF\xBF\xBD"); /* XML is UTF-8 here: a stray byte stands as U+FFFD */
			s++;
			continue;
		}
		switch (cp) {
		case '&': sb_puts(out, "&amp;"); break;
		case '<': sb_puts(out, "&lt;"); break;
		case '>': sb_puts(out, "&gt;"); break;
		case '"': sb_puts(out, "&quot;"); break;
		default:
			/* XML 1.0 has no place for other C0 controls; C1 and DEL are legal but print as nothing useful */
			if ((cp >= 0x20 && cp != 0x7f && !(cp >= 0x80 && cp <= 0x9f)) || cp == '\t')
				sb_printf(out, "%.*s", (int)n, s);
		}
		s += n;
	}
}
