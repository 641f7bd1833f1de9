/*
 * The patches loaded from patch files (core/mmpatch.h, batchlab-mmpatch(5)):
 * read here (core does no file I/O), kept for the run, and put after the
 * built-in ones in patch_list(), which every reader of patches[] walks. A
 * name is looked up as NAME.mmpatch in the user's folder
 * ($XDG_DATA_HOME/batchlab/patches), $BATCHLAB_PATCHES, patches/ beside the
 * binary (a source tree), then the installed share/batchlab/patches.
 */
#ifndef BL_PATCHREG_H
#define BL_PATCHREG_H

#include <stddef.h>
#include <stdint.h>

#include "../core/machine.h"
#include "../core/strbuf.h"

struct mmpatch;

/*
 * Read, check and load the patch file NAME or PATH. One of the same id that
 * is loaded already is replaced in its place, and m's variants of it (m may
 * be NULL: none) stay, read again as the new file's - refused when the file's
 * constant or its unit is another, or a variant does not compile against it.
 * note (may be NULL) gets one line saying what was loaded. -1 with one line
 * in err and nothing loaded.
 */
int patchreg_load(const char *name_or_path, struct machine *m, struct strbuf *note, char *err, size_t errlen);
/* Read and check a patch file without loading it: note gets what it holds. */
int patchreg_check(const char *name_or_path, const struct machine *m, struct strbuf *note, char *err, size_t errlen);
/* The patch files there are (name, title, where) and which are loaded, a line each. */
void patchreg_list(struct strbuf *out);
/* The same as data: each loaded patch (path its file), then each file found (p NULL), to each(). */
void patchreg_each(void (*each)(const struct mmpatch *p, const char *name, const char *path, void *ctx), void *ctx);
/* name_or_path as a path: a path is kept, a name looked up in the folders. -1 with err naming them. */
int patchreg_find(const char *name, char *path, size_t len, char *err, size_t errlen);
/* FNV-1a of a patch file's bytes, folded to 32 bits: what a view line (state.h) knows the file by. */
uint32_t patchreg_text_hash(const char *text, size_t len);
/* The k-th loaded patch (0, 1, ...) and the hash of its file's bytes as they were read; NULL past the last. */
const struct mmpatch *patchreg_loaded_at(int k, uint32_t *hash);
/* The file name_or_path stands for (patchreg_find) and its bytes' hash, nothing loaded. -1 with err. */
int patchreg_file_hash(const char *name, char *path, size_t len, uint32_t *hash, char *err, size_t errlen);
/* Would patch load NAME load the file at path (found as NAME)? 0, or -1 with why (the file's error, one line). */
int patchreg_loadable(const char *name, const char *path, char *why, size_t len);
/* Every loaded patch file unloaded (a harness's fresh start per input; a session's variants of them must go too). */
void patchreg_unload_all(void);
/* The loaded patch with this id, or NULL. */
const struct mmpatch *patchreg_loaded(const char *id);

#endif
