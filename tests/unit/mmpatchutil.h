/* Shared by the patch-file parser's unit tests: parse a file's text as t.mmpatch, the result alone. */
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

#endif
