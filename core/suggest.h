/*
 * "Did you mean ...": the name nearest a mistyped one among a table's names
 * (commands, parameters, patches, metrics, sides, presets), so an unknown name
 * is answered with the one meant. Every caller offers its own table's rows.
 */
#ifndef BL_SUGGEST_H
#define BL_SUGGEST_H

#include <stddef.h>

struct suggest {
	const char *word; /* as typed */
	char best[96];    /* the nearest name offered so far, "" for none near enough */
	int dist;
};

void suggest_init(struct suggest *s, const char *word);
/* One name of the table: kept when it is nearer than any before it and near enough to be a typo. */
void suggest_offer(struct suggest *s, const char *name);
/*
 * ": did you mean 'NAME'?" into buf when a name was near enough, else "".
 * Near enough: a prefix of three letters or more, or at most one edit (a letter
 * wrong, missing, extra, or two swapped) in a word of up to four letters, two
 * up to eight, three beyond.
 */
const char *suggest_text(const struct suggest *s, char *buf, size_t len);

#endif
