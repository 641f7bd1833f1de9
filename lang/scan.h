/*
 * The one scanner of the command language. `-c`, `-f`, stdin, the readline
 * prompt, the explorer's command line and completion all cut text into
 * commands here, so they cannot disagree:
 *
 *  - ';' and a newline end a command;
 *  - '#' at the start of a word (as in sh) starts a comment that ends at the
 *    end of its line; inside a word (hash#1.csv) it is a letter;
 *  - inside "..." or '...' neither ';' nor '#' is special; a quote ends at
 *    its line's end at the latest (an unterminated quote is an error of that
 *    command, not a swallowed script);
 *  - words are separated by blanks; a quote may open anywhere in a word and
 *    is removed, as in sh (a"b c"d is the one word ab cd) - both passes,
 *    scan_next() and scan_words(), read it so;
 *  - unlike sh, a ' between two letters is an apostrophe, a letter of its
 *    word (echo The seed's table): narration is English.
 */
#ifndef BL_SCAN_H
#define BL_SCAN_H

#include <stddef.h>

struct scanner {
	const char *text;
	size_t len, pos;
	unsigned line;  /* line of pos, from 1 */
	unsigned count; /* commands returned so far (blank ones not counted) */
};

struct scan_cmd {
	size_t start, len; /* the command's text: text[start .. start+len), without separator or comment */
	size_t end;        /* where the next command may start (past the separator, or past the comment's line) */
	unsigned line;     /* its line, from 1 */
	unsigned number;   /* its place among the non-blank commands, from 1 */
	char term;         /* what ended it: ';', '\n', '#' (a comment to the line's end) or '\0' (the end) */
	size_t comment;    /* term '#': where the comment starts */
};

void scan_init(struct scanner *sc, const char *text, size_t len);
/* The next non-blank command: 1, or 0 at the end of the text. */
int scan_next(struct scanner *sc, struct scan_cmd *cmd);
/* How many non-blank commands the text holds (to know whether positions are worth naming). */
unsigned scan_count(const char *text, size_t len);

/*
 * The command the cursor at point is in (completion): 0 with *start and *len
 * set, or -1 when point is inside a comment.
 */
int scan_locate(const char *text, size_t point, size_t *start, size_t *len);

/*
 * Split one command (no ';', no comment) into words in place; quotes group
 * (anywhere in a word) and are removed. Returns the number of words, or -1 with err.
 */
int scan_words(char *cmd, char **argv, int max, char *err, size_t errlen);

/* Skip a UTF-8 byte-order mark: the text's start without it. */
size_t scan_bom(const char *text, size_t len);

#endif
