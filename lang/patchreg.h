/*
 * The patch sets a session holds (core/patchset.h) and the patch files they
 * list (core/mmpatch.h, batchlab-mmpatch(5)): files are read here (core does
 * no file I/O), sets made, shared and freed here. A name is looked up as
 * NAME.mmpatch in the user's folder ($XDG_DATA_HOME/batchlab/patches),
 * $BATCHLAB_PATCHES, patches/ beside the binary (a source tree), then the
 * installed share/batchlab/patches.
 */
#ifndef BL_PATCHREG_H
#define BL_PATCHREG_H

#include <stddef.h>
#include <stdint.h>

#include "../core/machine.h"
#include "../core/strbuf.h"

struct mmpatch;

/*
 * A new set, a copy of from (NULL: the built-ins), with one holder: the
 * caller, who lets go with patchreg_drop(). NULL when out of memory.
 */
struct patch_set *patchreg_new(const struct patch_set *from);
/* One more holder of ps (an undo entry that may restore it); NULL and the built-in set are no one's. */
void patchreg_hold(const struct patch_set *ps);
/* A holder lets go: the last frees ps, and each patch file no other set lists. */
void patchreg_drop(const struct patch_set *ps);

/*
 * Read and check the patch file NAME or PATH whole (every claim run on its
 * machine, as about --claims will), and make *out: from with it loaded, held
 * once by the caller. One of the same id loaded already is replaced in its
 * place, and from's variants of it stay, read again as the new file's -
 * refused when the file's constant or its unit is another, or a variant does
 * not compile against it. note (may be NULL) gets one line saying what was
 * loaded. -1 with one line in err, nothing made.
 */
int patchreg_load(const struct patch_set *from, const char *name_or_path, struct patch_set **out, struct strbuf *note,
		  char *err, size_t errlen);
/* Read and check a patch file whole, as patchreg_load on m's set would, without loading it: note gets what it holds. */
int patchreg_check(const char *name_or_path, const struct machine *m, struct strbuf *note, char *err, size_t errlen);
/* The patch files there are (name, title, where) and which ps has loaded, a line each. */
void patchreg_list(const struct patch_set *ps, struct strbuf *out);
/* The same as data: each patch ps loaded (path its file), then each file found (p NULL), to each(). */
void patchreg_each(const struct patch_set *ps,
		   void (*each)(const struct mmpatch *p, const char *name, const char *path, void *ctx), void *ctx);
/* name_or_path as a path: a path is kept, a name looked up in the folders. -1 with err naming them. */
int patchreg_find(const char *name, char *path, size_t len, char *err, size_t errlen);
/* FNV-1a of a patch file's bytes, folded to 32 bits: what a view line (state.h) knows the file by. */
uint32_t patchreg_text_hash(const char *text, size_t len);
/* ps's k-th loaded patch (0, 1, ...) and the hash of its file's bytes as they were read; NULL past the last. */
const struct mmpatch *patchreg_loaded_at(const struct patch_set *ps, int k, uint32_t *hash);
/* The file name_or_path stands for (patchreg_find) and its bytes' hash, nothing loaded. -1 with err. */
int patchreg_file_hash(const char *name, char *path, size_t len, uint32_t *hash, char *err, size_t errlen);
/*
 * Would patch load NAME, on a session of ps, load the file at path (found as
 * NAME)? 0, or -1 with why (the file's error, one line).
 */
int patchreg_loadable(const struct patch_set *ps, const char *name, const char *path, char *why, size_t len);
/* The patch ps loaded with this id, or NULL. */
const struct mmpatch *patchreg_loaded(const struct patch_set *ps, const char *id);

#endif
