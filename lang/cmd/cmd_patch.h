/*
 * `patch load|list|check|from`: patch files (batchlab-mmpatch(5)) made
 * patches like the built-in ones, and a unified diff read for the constants
 * it changes (`patch from FILE.diff`, also `variant from FILE.diff`).
 */
#ifndef BL_PATCHCMD_H
#define BL_PATCHCMD_H

#include <stddef.h>

#include "../../core/strbuf.h"
#include "../session.h"

/*
 * Read the diff at path and add a variant (named as, or after the file when
 * as is NULL) for each constant it changes that batchlab knows; out lists
 * the rest. All the variants or none.
 */
int patch_from_diff(struct session *s, const char *path, const char *as, struct strbuf *out, char *err,
		    size_t errlen);

#endif
