/* Preset files on disk: where they are found, reading them whole, loading one into a session. */
#ifndef BL_PRESETIO_H
#define BL_PRESETIO_H

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

#include "../core/machine.h"
#include "../core/strbuf.h"
#include "session.h"

/* Read a whole preset file (infile_read: a regular file of at most 1 MiB, BOM dropped); -1 with err. The caller frees *text. */
int read_small_file(const char *path, char **text, size_t *len, char *err, size_t errlen);
/* mkdir -p; on failure errno is set and failed names the folder that could not be made. */
int make_dirs(const char *dir, mode_t mode, char *failed, size_t failedlen);

/*
 * NAME (searched in the user's and the built-in preset folders) or a PATH
 * (anything with a '/' or ending in .preset), as preset_apply() takes ps.
 * All or nothing: on error m and ps are untouched and err reads
 * "file:line: key: what was expected".
 */
int preset_load(struct machine *m, struct patch_set *ps, const char *name_or_path, char *err, size_t errlen);
/* Every preset found, one per line: name, user or built-in, description. */
void preset_list(struct strbuf *out);
/* The same as csv or json rows (name, source, status ok|broken|unreadable, description, path). */
void preset_list_format(struct strbuf *out, enum out_format f, struct doc *d);

#define PRESET_NAME_MAX 64

struct preset_info {
	char name[PRESET_NAME_MAX + 1];
	int user;               /* from the user's folder, not a built-in one */
	int order;              /* search order: the first of a name wins */
	int dir;                /* which preset folder: preset_path() makes the file's path */
};

/* The file a listed preset is in: 0, or -1 if it does not fit len. */
int preset_path(const struct preset_info *p, char *buf, size_t len);

/*
 * Every preset found, sorted by name, one per name: a user's preset shadows
 * a built-in one. Returns the count; the caller frees *list (even when 0).
 */
int preset_all(struct preset_info **list);
/* $XDG_CONFIG_HOME/batchlab/presets, or ~/.config/...; -1 when neither is set. */
int user_preset_dir(char *buf, size_t len);
/*
 * The machine as a preset file: a PATH, or a NAME in the user's folder
 * (created with its parents). Atomic: a temporary file beside the target,
 * fsync, rename. Appends "saved PATH" to out (which may be NULL), and to note
 * (NULL: not told) the line saying it was written in place, when it was.
 */
int preset_save(const struct machine *m, const char *name_or_path, struct strbuf *out, struct strbuf *note, char *err,
		size_t errlen);

#endif
