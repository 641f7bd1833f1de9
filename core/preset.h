/*
 * The preset format: `key = value` lines, `#` comments, any parameter of the
 * table. Parsing is pure: the caller reads the file and shows the error.
 */
#ifndef BL_PRESET_H
#define BL_PRESET_H

#include <stddef.h>

#include "machine.h"
#include "strbuf.h"

/*
 * Start from the default machine, apply every line, and only if all of them
 * are valid copy the result to *m, whose set is then ps: ps keeps its
 * patches, its variants replaced by the preset's (variant.PATCH.NAME lines).
 * ps NULL: the built-ins, and the variant lines are checked and dropped. On
 * error *m and *ps are untouched, *line is the 1-based line at fault (0 if
 * none) and err says what was expected.
 */
int preset_apply(struct machine *m, struct patch_set *ps, const char *text, size_t len, int *line, char *err,
		 size_t errlen);
/* The first `# ` comment line of a preset: its one-line description ("" if none). */
void preset_description(const char *text, size_t len, char *buf, size_t buflen);
/* Every parameter of m as preset text, readable by preset_apply(). */
void preset_format(const struct machine *m, const char *description, struct strbuf *out);

#endif
