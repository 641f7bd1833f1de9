/* Preset files on disk: where they are found, reading them whole, loading one into a session. */
#ifndef BL_PRESETIO_H
#define BL_PRESETIO_H

#include <stddef.h>

#include "../core/machine.h"
#include "../core/strbuf.h"

/* Read a whole (small) file; -1 with err on failure. The caller frees *text. */
int read_small_file(const char *path, char **text, size_t *len, char *err, size_t errlen);

/*
 * NAME (searched in the user's and the built-in preset folders) or a PATH
 * (anything with a '/' or ending in .preset). All or nothing: on error m is
 * untouched and err reads "file:line: key: what was expected".
 */
int preset_load(struct machine *m, const char *name_or_path, char *err, size_t errlen);
/* Every preset found, one per line: name, description. */
void preset_list(struct strbuf *out);

#endif
