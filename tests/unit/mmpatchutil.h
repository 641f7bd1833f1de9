/* Shared by the patch-file parser's unit tests: parse a text as t.mmpatch for the result alone, or load a file of the tree. */
#ifndef BL_MMPATCHUTIL_H
#define BL_MMPATCHUTIL_H

#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../../core/mmpatch.h"

/* 0, or -1 with the parser's FILE:LINE:COLUMN message in err; the patch is big, so on the heap */
static inline int mmpatch_parse_only(const char *text, char *err, size_t errlen)
{
	struct mmpatch *p = malloc(sizeof(*p));
	int r;

	assert_non_null(p);
	r = mmpatch_parse(p, "t.mmpatch", text, strlen(text), 0, err, errlen);
	free(p);
	return r;
}

/* Is text refused in one line that says want? When not, row, what was said and want go to stderr. */
static inline int mmpatch_refused(size_t row, const char *text, const char *want)
{
	char err[512] = "";
	int r = mmpatch_parse_only(text, err, sizeof(err));

	if (r == -1 && strstr(err, want) && !strchr(err, '\n'))
		return 1;
	fprintf(stderr, "row %zu: %s '%s', want '%s'\n", row, r == -1 ? "refused with" : "accepted:", err, want);
	return 0;
}

/* a file of the tree, parsed into patch slot `slot`; the test fails, printing the parser's message, if it does not parse */
static inline struct mmpatch *mmpatch_load_slot(const char *path, int slot)
{
	static char text[MMP_FILE_MAX + 1];
	struct mmpatch *p = malloc(sizeof(*p));
	FILE *f = fopen(path, "r");
	char err[512];
	size_t n;

	assert_non_null(p);
	assert_non_null(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	if (mmpatch_parse(p, path, text, n, slot, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		fail();
	}
	return p;
}

/* the same, in slot 0 */
static inline struct mmpatch *mmpatch_load_file(const char *path)
{
	return mmpatch_load_slot(path, 0);
}

#endif
