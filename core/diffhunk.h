/*
 * The diff reader's own parts shared between its files (core/diffread.c
 * reads the diff and its #defines, core/diffbatch.c reads mm_compute_batch()
 * whole): a hunk as read, and the helpers both use. Not for other readers.
 */
#ifndef BL_DIFFHUNK_H
#define BL_DIFFHUNK_H

#include <stddef.h>

#include "diffread.h"

#define HUNK_LINES 1500
#define SUBS_MAX 8

struct hline {
	const char *s; /* the text after the +, - or space */
	size_t n;
	char kind;     /* ' ', '-', '+' */
	int line;      /* new file's line (old file's for '-') */
	char fn[48];   /* the function it is in, as far as the hunk shows */
};

struct hunk {
	const char *file;
	size_t filen;
	struct hline l[HUNK_LINES];
	int n, cut;
	char fn[48];
};

/* A local the hunk assigns before the constant reads it: mem128m = totalram_pages() >> (27 - PAGE_SHIFT). */
struct subs {
	char name[SUBS_MAX][32];
	char text[SUBS_MAX][VARIANT_TEXT_MAX];
	int n;
};

/* Is c a character of a C identifier? */
int diff_is_ident(char c);
/* Replace every whole word w in buf by to. 0, or -1 when it would not fit. */
int diff_replace_word(char *buf, size_t size, const char *w, const char *to);
/* The index just past the ')' matching the '(' at buf[i], or 0. */
size_t diff_closing(const char *buf, size_t i);
/* The kernel's C c (its locals in sb put in) in the variants' words: 0, or -1 when it does not fit. */
int diff_translate(const char *c, const struct subs *sb, char *out, size_t size);
/* A change listed, not mapped: fmt with a and b (NULL: ""). */
void diff_listed(struct diff_read *r, const struct hunk *h, int line, const char *fmt, const char *a, const char *b);
/* A change mapped to d as expr (the variants' words already), said as what; listed when it does not compile. */
void diff_mapped_text(struct diff_read *r, const struct hunk *h, int line, const struct patch_desc *d, const char *name,
		      const char *expr, const char *said);
/* mm_compute_batch() read on both sides of h (core/diffbatch.c): a finding, mapped or listed. */
void diff_map_compute_batch(struct diff_read *r, const struct hunk *h);

#endif
