/* The nearest name to a mistyped one (see suggest.h): edit distance with swaps, case aside. */
#include "suggest.h"

#include <stdio.h>
#include <string.h>

#define SUGGEST_MAX 64 /* longer words are compared on their first SUGGEST_MAX letters */

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 'a' - 'A' : c;
}

/* Edits from a to b: a letter replaced, inserted or deleted, or two neighbours swapped, each one. */
static int distance(const char *a, const char *b)
{
	int na = (int)strlen(a), nb = (int)strlen(b);
	int d[SUGGEST_MAX + 1][SUGGEST_MAX + 1];

	na = na > SUGGEST_MAX ? SUGGEST_MAX : na;
	nb = nb > SUGGEST_MAX ? SUGGEST_MAX : nb;
	for (int i = 0; i <= na; i++)
		d[i][0] = i;
	for (int j = 0; j <= nb; j++)
		d[0][j] = j;
	for (int i = 1; i <= na; i++)
		for (int j = 1; j <= nb; j++) {
			int cost = lower(a[i - 1]) != lower(b[j - 1]), v = d[i - 1][j - 1] + cost;

			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]) &&
			    d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[na][nb];
}

void suggest_init(struct suggest *s, const char *word)
{
	s->word = word;
	s->best[0] = '\0';
	s->dist = 1 << 20;
}

void suggest_offer(struct suggest *s, const char *name)
{
	size_t n = strlen(s->word);
	int most = n <= 4 ? 1 : n <= 8 ? 2 : 3, d;

	if (!*name || !n || !strcmp(name, s->word))
		return;
	d = distance(s->word, name);
	/* "vmpress" for vmpressure: a beginning typed is as good as one slip */
	if (n >= 3 && !strncmp(name, s->word, n))
		d = 1;
	if (d > most || d >= s->dist)
		return;
	s->dist = d;
	snprintf(s->best, sizeof(s->best), "%s", name);
}

const char *suggest_text(const struct suggest *s, char *buf, size_t len)
{
	if (!len)
		return buf;
	if (s->best[0])
		snprintf(buf, len, ": did you mean '%s'?", s->best);
	else
		buf[0] = '\0';
	return buf;
}
