#include "scan.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../core/err.h"

void scan_init(struct scanner *sc, const char *text, size_t len)
{
	sc->text = text;
	sc->len = len;
	sc->pos = 0;
	sc->line = 1;
	sc->count = 0;
}

size_t scan_bom(const char *text, size_t len)
{
	return len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3) ? 3 : 0;
}

static int blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isspace((unsigned char)s[i]))
			return 0;
	return 1;
}

/* As in sh, '#' is a comment only where a word could start: hash#1.csv is one word. */
static int word_start(const char *t, size_t start, size_t i)
{
	return i == start || isspace((unsigned char)t[i - 1]);
}

/* An apostrophe between two letters (the seed's table, don't) is a letter, not a quote: t[i] with text from start. */
static int apostrophe(const char *t, size_t start, size_t i, size_t len)
{
	return t[i] == '\'' && i > start && i + 1 < len && isalpha((unsigned char)t[i - 1]) &&
	       isalpha((unsigned char)t[i + 1]);
}

/* The next command, blank or not: 0 at the end. */
static int scan_one(struct scanner *sc, struct scan_cmd *cmd)
{
	const char *t = sc->text;
	size_t i = sc->pos;
	char q = 0;

	if (i >= sc->len)
		return 0;
	cmd->start = i;
	cmd->line = sc->line;
	cmd->comment = 0;
	for (; i < sc->len && t[i] != '\n'; i++) {
		if (q) {
			if (t[i] == q)
				q = 0;
		} else if (t[i] == '"' || (t[i] == '\'' && !apostrophe(t, cmd->start, i, sc->len))) {
			q = t[i];
		} else if (t[i] == ';' || (t[i] == '#' && word_start(t, cmd->start, i))) {
			break;
		}
	}
	cmd->len = i - cmd->start;
	if (i >= sc->len) {
		cmd->term = '\0';
		cmd->end = sc->len;
	} else if (t[i] == '#') {
		/* a comment: to its line's end, and the line's end ends the command too */
		cmd->term = '#';
		cmd->comment = i;
		while (i < sc->len && t[i] != '\n')
			i++;
		cmd->end = i < sc->len ? i + 1 : sc->len;
		if (i < sc->len)
			sc->line++;
	} else {
		cmd->term = t[i];
		cmd->end = i + 1;
		if (t[i] == '\n')
			sc->line++;
	}
	sc->pos = cmd->end;
	return 1;
}

int scan_next(struct scanner *sc, struct scan_cmd *cmd)
{
	while (scan_one(sc, cmd))
		if (!blank(sc->text + cmd->start, cmd->len)) {
			cmd->number = ++sc->count;
			return 1;
		}
	return 0;
}

unsigned scan_count(const char *text, size_t len)
{
	struct scanner sc;
	struct scan_cmd c;

	scan_init(&sc, text, len);
	while (scan_next(&sc, &c))
		;
	return sc.count;
}

int scan_locate(const char *text, size_t point, size_t *start, size_t *len)
{
	struct scanner sc;
	struct scan_cmd c, last = { 0 };
	int any = 0;

	scan_init(&sc, text, point);
	while (scan_one(&sc, &c)) {
		last = c;
		any = 1;
	}
	if (any && last.term == '#')
		return -1;
	if (!any || last.term != '\0') {
		/* right after a separator: a new, empty command at the cursor */
		*start = point;
		*len = 0;
		return 0;
	}
	*start = last.start;
	*len = last.len;
	return 0;
}

int scan_words(char *cmd, char **argv, int max, char *err, size_t errlen)
{
	int argc = 0;
	char *p = cmd, *w;

	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			return argc;
		if (argc == max)
			return err_set(err, errlen, "too many words (at most %d)", max);
		/*
		 * As in sh, and as scan_one() reads it: a quote may open anywhere in a
		 * word and groups up to its match, blanks and ';' included; the quotes
		 * go, the word goes on (cpus"; get ram" is the one word cpus; get ram).
		 * The word is copied down over its own quotes, so it never grows.
		 */
		argv[argc++] = w = p;
		while (*p && !isspace((unsigned char)*p)) {
			if (*p == '"' || (*p == '\'' && !apostrophe(argv[argc - 1], 0, (size_t)(p - argv[argc - 1]), strlen(argv[argc - 1])))) {
				char q = *p++;

				while (*p && *p != q)
					*w++ = *p++;
				if (!*p)
					return err_set(err, errlen, "unterminated quote %c", q);
				p++;
				continue;
			}
			*w++ = *p++;
		}
		if (*p)
			p++;
		*w = '\0';
	}
}
