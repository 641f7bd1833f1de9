/*
 * The patch sets a session holds (core/patchset.h) and the patch files they
 * list: made, shared and freed here, and patch files read from their folders.
 */
#include "patchreg.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/err.h"
#include "../core/mmpatch.h"
#include "../core/patch.h"
#include "infile.h"
#include "xdg.h"

#ifndef PATCHDIR
#define PATCHDIR "/usr/local/share/batchlab/patches"
#endif

/*
 * A set and a loaded file are shared: a set by the session and the undo
 * entries that may restore it, a file by every set that lists it. Each is
 * freed when its last holder lets go.
 */
struct held_set {
	int refs;
	struct patch_set set;
};

struct held_file {
	int refs;
	uint32_t hash;    /* of the file's bytes, as read: a view line (state.h) names it so */
	struct mmpatch p; /* its desc is what a set lists */
};

static struct held_set *held_set_of(const struct patch_set *ps)
{
	return (struct held_set *)(void *)((char *)(uintptr_t)ps - offsetof(struct held_set, set));
}

static struct held_file *held_file_of(const struct patch_desc *d)
{
	const struct mmpatch *p = mmpatch_of(d);

	return (struct held_file *)(void *)((char *)(uintptr_t)p - offsetof(struct held_file, p));
}

struct patch_set *patchreg_new(const struct patch_set *from)
{
	struct held_set *h = malloc(sizeof(*h));

	if (!h)
		return NULL;
	h->refs = 1;
	patch_set_copy(&h->set, from);
	for (int k = 0; k < h->set.nloaded; k++)
		held_file_of(h->set.list[VARIANT_BUILTIN + k])->refs++;
	return &h->set;
}

void patchreg_hold(const struct patch_set *ps)
{
	if (ps && ps != &patch_set_builtin)
		held_set_of(ps)->refs++;
}

void patchreg_drop(const struct patch_set *ps)
{
	struct held_set *h;

	if (!ps || ps == &patch_set_builtin)
		return;
	h = held_set_of(ps);
	if (--h->refs > 0)
		return;
	for (int k = 0; k < h->set.nloaded; k++) {
		struct held_file *f = held_file_of(h->set.list[VARIANT_BUILTIN + k]);

		if (--f->refs == 0)
			free(f);
	}
	free(h);
}

/* --- finding ------------------------------------------------------------------------------- */

#define PATCH_DIRS 4

/* A folder named twice ($BATCHLAB_PATCHES set to the one beside the binary) is searched and listed once. */
static int drop_twice(char dirs[PATCH_DIRS][PATH_MAX], int k)
{
	char real[PATCH_DIRS][PATH_MAX];
	int n = 0;

	for (int i = 0; i < k; i++) {
		int seen = 0;

		if (!realpath(dirs[i], real[n]))
			snprintf(real[n], PATH_MAX, "%s", dirs[i]);
		for (int j = 0; j < n && !seen; j++)
			seen = !strcmp(real[j], real[n]);
		if (seen)
			continue;
		if (n != i)
			memcpy(dirs[n], dirs[i], PATH_MAX);
		n++;
	}
	return n;
}

static int patch_dirs(char dirs[PATCH_DIRS][PATH_MAX])
{
	const char *env = getenv("BATCHLAB_PATCHES");
	int k = 0;

	if (!xdg_path(XDG_DATA, "patches", dirs[k], PATH_MAX))
		k++;
	if (env && *env)
		snprintf(dirs[k++], PATH_MAX, "%s", env);
	if (!beside_binary("patches", dirs[k], PATH_MAX)) /* run from the source tree */
		k++;
	snprintf(dirs[k++], PATH_MAX, "%s", PATCHDIR);
	return drop_twice(dirs, k);
}

static int is_path(const char *s)
{
	size_t n = strlen(s);

	return strchr(s, '/') || (n > 8 && !strcmp(s + n - 8, ".mmpatch"));
}

int patchreg_find(const char *name, char *path, size_t len, char *err, size_t errlen)
{
	char dirs[PATCH_DIRS][PATH_MAX];
	int k = patch_dirs(dirs);

	if (is_path(name)) {
		if (strlen(name) >= len)
			return err_set(err, errlen, "'%.40s...': a path of at most %zu bytes expected", name, len - 1);
		snprintf(path, len, "%s", name);
		return 0;
	}
	for (const char *c = name; *c; c++)
		if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
			return err_set(err, errlen, "patch file '%.60s': a name of letters, digits, '-' and '_', or a path, "
				       "expected", name);
	for (int i = 0; i < k; i++) {
		struct stat st;

		snprintf(path, len, "%s/%s.mmpatch", dirs[i], name);
		if (!stat(path, &st) && S_ISREG(st.st_mode))
			return 0;
	}
	return err_set(err, errlen, "no patch file '%s.mmpatch' in %s, $BATCHLAB_PATCHES, patches/ or %s (patch list "
		       "names them)", name, k > 0 ? dirs[0] : "~/.local/share/batchlab/patches", PATCHDIR);
}

/* --- reading ------------------------------------------------------------------------------- */

uint32_t patchreg_text_hash(const char *text, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a, 64 bits, folded */

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)text[i]) * 0x100000001b3ull;
	return (uint32_t)(h ^ (h >> 32));
}

const struct mmpatch *patchreg_loaded_at(const struct patch_set *ps, int k, uint32_t *hash)
{
	ps = patch_set_or_builtin(ps);
	if (k < 0 || k >= ps->nloaded)
		return NULL;
	*hash = held_file_of(ps->list[VARIANT_BUILTIN + k])->hash;
	return mmpatch_of(ps->list[VARIANT_BUILTIN + k]);
}

const struct mmpatch *patchreg_loaded(const struct patch_set *ps, const char *id)
{
	return mmpatch_of(patch_find(ps, id));
}

int patchreg_file_hash(const char *name, char *path, size_t len, uint32_t *hash, char *err, size_t errlen)
{
	char *text = NULL;
	size_t n = 0;

	if (patchreg_find(name, path, len, err, errlen) || infile_read(path, MMP_FILE_MAX, &text, &n, err, errlen))
		return -1;
	*hash = patchreg_text_hash(text, n);
	free(text);
	return 0;
}

/* path read and parsed into a new patch for slot, held by no set yet (the hash of its bytes kept); NULL with err. */
static struct held_file *read_patch(const char *name, int slot, char *err, size_t errlen)
{
	char path[PATH_MAX];
	char *text = NULL;
	size_t len = 0;
	struct held_file *f;

	if (patchreg_find(name, path, sizeof(path), err, errlen))
		return NULL;
	if (infile_read(path, MMP_FILE_MAX, &text, &len, err, errlen))
		return NULL;
	if (!(f = malloc(sizeof(*f)))) {
		free(text);
		err_set(err, errlen, "%s: out of memory", path);
		return NULL;
	}
	f->refs = 0;
	if (mmpatch_parse(&f->p, path, text, len, slot, err, errlen)) {
		free(text);
		free(f);
		return NULL;
	}
	f->hash = patchreg_text_hash(text, len);
	free(text);
	return f;
}

int patchreg_load(const struct patch_set *from, const char *name, struct patch_set **out, struct strbuf *note,
		 char *err, size_t errlen)
{
	const struct patch_set *was = patch_set_or_builtin(from);
	struct held_file *f;
	struct patch_set *next;
	int slot = was->nloaded;

	/* a file of an id loaded already takes its place: parse it for that slot */
	f = read_patch(name, 0, err, errlen);
	if (!f)
		return -1;
	for (int k = 0; k < was->nloaded; k++)
		if (!strcmp(mmpatch_of(was->list[VARIANT_BUILTIN + k])->id, f->p.id))
			slot = k;
	if (slot == VARIANT_LOADED) {
		free(f);
		return err_set(err, errlen, "%s: %d patch files are loaded, the most there is room for", name, VARIANT_LOADED);
	}
	if (slot != 0) {
		free(f);
		if (!(f = read_patch(name, slot, err, errlen)))
			return -1;
	}
	if (!(next = patchreg_new(from))) {
		free(f);
		return err_set(err, errlen, "%s: out of memory", name);
	}
	if (slot < was->nloaded) {
		struct held_file *old = held_file_of(next->list[VARIANT_BUILTIN + slot]);

		if (--old->refs == 0)
			free(old);
		sb_printf(note, "patch %s: replaced by %s\n", f->p.id, f->p.file);
	} else {
		sb_printf(note, "patch %s: loaded from %s (%d metric%s; show %s)\n", f->p.id, f->p.file, f->p.nmetrics,
			  f->p.nmetrics == 1 ? "" : "s", f->p.id);
	}
	patch_set_put(next, slot, &f->p.desc);
	f->refs++;
	*out = next;
	return 0;
}

int patchreg_check(const char *name, const struct machine *m, struct strbuf *note, char *err, size_t errlen)
{
	struct held_file *f = read_patch(name, 0, err, errlen);
	const struct mmpatch *p = f ? &f->p : NULL;

	if (!p)
		return -1;
	sb_printf(note, "%s: ok: patch %s, constant %s, %d side%s, %d metric%s\n", p->file, p->id, p->constant_name,
		  p->nsides, p->nsides == 1 ? "" : "s", p->nmetrics, p->nmetrics == 1 ? "" : "s");
	for (int i = 0; i < p->nsides; i++) {
		struct value v = mmpatch_metric(p, 0, m, i, NULL);

		if (v.kind == VAL_INT)
			sb_printf(note, "  %s.%s = %llu here\n", p->constant_name, p->sides[i].name, (unsigned long long)v.i);
		else
			sb_printf(note, "  %s.%s = n/a here: %s\n", p->constant_name, p->sides[i].name, v.why);
	}
	free(f);
	return 0;
}

/* --- the list ------------------------------------------------------------------------------- */

void patchreg_each(const struct patch_set *ps, void (*each)(const struct mmpatch *p, const char *name, const char *path,
							       void *ctx), void *ctx)
{
	char dirs[PATCH_DIRS][PATH_MAX], path[PATH_MAX + 256], name[256];
	int k = patch_dirs(dirs);

	ps = patch_set_or_builtin(ps);
	for (int i = 0; i < ps->nloaded; i++) {
		const struct mmpatch *p = mmpatch_of(ps->list[VARIANT_BUILTIN + i]);

		each(p, p->id, p->file, ctx);
	}
	for (int i = 0; i < k; i++) {
		DIR *d = opendir(dirs[i]);
		struct dirent *e;

		while (d && (e = readdir(d))) {
			size_t len = strlen(e->d_name);

			if (len <= 8 || e->d_name[0] == '.' || strcmp(e->d_name + len - 8, ".mmpatch"))
				continue;
			snprintf(name, sizeof(name), "%.*s", (int)(len - 8), e->d_name);
			snprintf(path, sizeof(path), "%.4000s/%.255s", dirs[i], e->d_name);
			each(NULL, name, path, ctx);
		}
		if (d)
			closedir(d);
	}
}

struct list_ctx {
	struct strbuf *out;
	int files, heading, nloaded;
};

static void list_line(const struct mmpatch *p, const char *name, const char *path, void *ctx)
{
	struct list_ctx *c = ctx;

	if (!p && !c->heading) {
		if (!c->nloaded)
			sb_puts(c->out, "  none (patch load NAME|PATH, or -P FILE)\n");
		sb_puts(c->out, "patch files (patch load NAME):\n");
		c->heading = 1;
	}
	if (p)
		sb_printf(c->out, "  %-24s %s  (%s)\n", name, p->title, path);
	else
		sb_printf(c->out, "  %-24s %s\n", name, path);
	c->files += !p;
}

void patchreg_list(const struct patch_set *ps, struct strbuf *out)
{
	struct list_ctx c = { out, 0, 0, patch_set_or_builtin(ps)->nloaded };

	sb_puts(out, "loaded:\n");
	patchreg_each(ps, list_line, &c);
	if (!c.heading) { /* no file found: the headings list_line() writes before the first */
		if (!c.nloaded)
			sb_puts(out, "  none (patch load NAME|PATH, or -P FILE)\n");
		sb_puts(out, "patch files (patch load NAME):\n");
	}
	if (!c.files)
		sb_puts(out, "  none found\n");
}
