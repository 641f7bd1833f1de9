/*
 * The loaded patch files: the registry patch_list() reads (this definition
 * replaces core/patch.c's weak one, which knows only the built-ins), and the
 * reading of patch files from their folders.
 */
#include "patchreg.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/err.h"
#include "../core/mmpatch.h"
#include "../core/patch.h"
#include "../core/variant.h"
#include "claims.h"
#include "out/escape.h"
#include "infile.h"
#include "xdg.h"

#ifndef PATCHDIR
#define PATCHDIR "/usr/local/share/batchlab/patches"
#endif

static struct mmpatch *loaded[VARIANT_LOADED];
static uint32_t loaded_hash[VARIANT_LOADED]; /* of each loaded file's bytes, as read: a view line names it so */
static int nloaded;
static const struct patch_desc *list[VARIANT_BUILTIN + VARIANT_LOADED + 1];

static void rebuild(void)
{
	int nb = patch_builtin_count();

	for (int i = 0; i < nb; i++)
		list[i] = builtin_patches[i];
	for (int k = 0; k < nloaded; k++)
		list[nb + k] = &loaded[k]->desc;
	list[nb + nloaded] = NULL;
}

const struct patch_desc *const *patch_list(void)
{
	if (!list[0])
		rebuild();
	return list;
}

const struct mmpatch *patchreg_loaded(const char *id)
{
	for (int k = 0; k < nloaded; k++)
		if (!strcmp(loaded[k]->id, id))
			return loaded[k];
	return NULL;
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

const struct mmpatch *patchreg_loaded_at(int k, uint32_t *hash)
{
	if (k < 0 || k >= nloaded)
		return NULL;
	*hash = loaded_hash[k];
	return loaded[k];
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

/*
 * Every claim of a parsed file checked as about --claims will check it: its
 * `on` machine loaded, its settings applied, and its verdict the one its
 * `expect` line says. What would fail or surprise at show time fails here,
 * at the claim's line.
 */
static int verify_claims(struct mmpatch *p, char *err, size_t errlen)
{
	static const char *const words[] = { "holds", "differs", "outside" };
	struct mmpatch *held = loaded[p->slot];
	int held_n = nloaded, n, rc = 0;
	struct claim_row *rows;
	char msg[700];

	/* a metric finds its file by slot (core/mmpatch.c): the file stands in its slot while its claims run */
	loaded[p->slot] = p;
	if (nloaded <= p->slot)
		nloaded = p->slot + 1;
	rebuild();
	n = claims_check(&p->desc, &rows);
	loaded[p->slot] = held;
	nloaded = held_n;
	rebuild();

	if (n && !rows)
		return err_set(err, errlen, "%s: out of memory", p->file);
	for (int i = 0; i < n && !rc; i++) {
		const struct claim_row *w = &rows[i];

		if (w->err[0]) {
			snprintf(msg, sizeof(msg), "on: the claim's machine cannot be used: %s", w->err);
			rc = p->cl[i].on_line ? mmp_at_line(p, p->cl[i].on_line, p->cl[i].on_col, err, errlen, msg)
					      : mmp_at_line(p, p->cl[i].line, p->cl[i].col, err, errlen, msg);
		} else if (w->r.verdict != w->c->expect) {
			snprintf(msg, sizeof(msg), "claim: the verdict %s (%s) expected, not '%s'", p->cl[i].expect_line ?
				 "its 'expect' line says" : "a claim without 'expect' gives", words[w->c->expect], w->verdict);
			rc = p->cl[i].expect_line ? mmp_at_line(p, p->cl[i].expect_line, p->cl[i].expect_col, err, errlen, msg)
						  : mmp_at_line(p, p->cl[i].line, p->cl[i].col, err, errlen, msg);
		}
	}
	free(rows);
	return rc;
}

/* path read and parsed into a new patch for slot, its claims checked (the hash of its bytes into *hash); NULL with err. */
static struct mmpatch *read_patch(const char *name, int slot, uint32_t *hash, char *err, size_t errlen)
{
	char path[PATH_MAX];
	char *text = NULL;
	size_t len = 0;
	struct mmpatch *p;

	if (patchreg_find(name, path, sizeof(path), err, errlen))
		return NULL;
	if (infile_read(path, MMP_FILE_MAX, &text, &len, err, errlen))
		return NULL;
	if (!(p = malloc(sizeof(*p)))) {
		free(text);
		err_set(err, errlen, "%s: out of memory", path);
		return NULL;
	}
	if (mmpatch_parse(p, path, text, len, slot, err, errlen) || verify_claims(p, err, errlen)) {
		free(text);
		free(p);
		return NULL;
	}
	*hash = patchreg_text_hash(text, len);
	free(text);
	return p;
}

/*
 * The variants m holds of old, read again as variants of p, the file that
 * replaces it: each must still mean a value of the same constant in the same
 * unit, and compile against p's names (their order may differ: each program
 * is made again). -1 with err and m as it was; 0 with the programs replaced.
 */
static int carry_variants(struct machine *m, const struct mmpatch *old, const struct mmpatch *p, char *err,
			  size_t errlen)
{
	const struct patch_desc *d = &old->desc;
	const char *names[VARIANT_NAMES_MAX + 1];
	int n0 = patch_nsides(d), n = patch_ncols(m, d);
	struct expr *progs;
	char msg[200];

	if (n <= n0)
		return 0;
	if (!(progs = malloc((size_t)(n - n0) * sizeof(*progs))))
		return err_set(err, errlen, "%s: out of memory", p->file);
	variant_names(&p->desc, names, VARIANT_NAMES_MAX + 1);
	for (int side = n0; side < n; side++) {
		const struct variant *v = variant_at(m, d, side);

		if (strcmp(old->constant_name, p->constant_name) || strcmp(old->metrics[0].unit, p->metrics[0].unit)) {
			free(progs);
			return err_set(err, errlen, "%s: its constant is %s%s%s%s, the loaded patch %s's %s%s%s%s: the "
				       "variant %s (%.60s) would silently be a value of the other; variant del %s %s first, "
				       "or give the file another id", p->file, p->constant_name, *p->metrics[0].unit ? " in " : "",
				       p->metrics[0].unit, "", p->id, old->constant_name, *old->metrics[0].unit ? " in " : "",
				       old->metrics[0].unit, "", v->name, v->text, p->id, v->name);
		}
		if (expr_compile(&progs[side - n0], v->text, names, msg, sizeof(msg))) {
			free(progs);
			return err_set(err, errlen, "%s: patch %s's variant %s (%.60s) does not read as a variant of this file: "
				       "%s", p->file, p->id, v->name, v->text, msg);
		}
	}
	for (int side = n0; side < n; side++)
		*variant_prog(m, d, side) = progs[side - n0];
	free(progs);
	return 0;
}

int patchreg_load(const char *name, struct machine *m, struct strbuf *note, char *err, size_t errlen)
{
	struct mmpatch *p;
	uint32_t hash;
	int slot = nloaded;

	/* a file of an id loaded already takes its place: parse it for that slot */
	p = read_patch(name, 0, &hash, err, errlen);
	if (!p)
		return -1;
	for (int k = 0; k < nloaded; k++)
		if (!strcmp(loaded[k]->id, p->id))
			slot = k;
	if (slot == VARIANT_LOADED) {
		free(p);
		return err_set(err, errlen, "%s: %d patch files are loaded, the most there is room for", name, VARIANT_LOADED);
	}
	if (slot != 0) {
		free(p);
		if (!(p = read_patch(name, slot, &hash, err, errlen)))
			return -1;
	}
	if (slot < nloaded && m && carry_variants(m, loaded[slot], p, err, errlen)) {
		free(p);
		return -1;
	}
	if (slot < nloaded) {
		free(loaded[slot]);
		sb_printf(note, "patch %s: replaced by %s\n", p->id, p->file);
	} else {
		nloaded++;
		sb_printf(note, "patch %s: loaded from %s (%d metric%s; show %s)\n", p->id, p->file, p->nmetrics,
			  p->nmetrics == 1 ? "" : "s", p->id);
	}
	loaded[slot] = p;
	loaded_hash[slot] = hash;
	rebuild();
	return 0;
}

int patchreg_check(const char *name, const struct machine *m, struct strbuf *note, char *err, size_t errlen)
{
	uint32_t hash;
	struct mmpatch *p = read_patch(name, 0, &hash, err, errlen);

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
	free(p);
	return 0;
}

void patchreg_unload_all(void)
{
	for (int k = 0; k < nloaded; k++)
		free(loaded[k]);
	nloaded = 0;
	rebuild();
}

/* --- the list ------------------------------------------------------------------------------- */

void patchreg_each(void (*each)(const struct mmpatch *p, const char *name, const char *path, void *ctx), void *ctx)
{
	char dirs[PATCH_DIRS][PATH_MAX], path[PATH_MAX + 256], name[256];
	int k = patch_dirs(dirs);

	for (int i = 0; i < nloaded; i++)
		each(loaded[i], loaded[i]->id, loaded[i]->path, ctx);
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
	int files, heading;
};

int patchreg_loadable(const char *name, const char *path, char *why, size_t len)
{
	struct mmpatch *p;
	uint32_t hash;

	for (const char *c = name; *c; c++)
		if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
			return err_set(why, len, "its name is no patch name (letters, digits, '-' and '_'): patch load PATH");
	if (!(p = read_patch(path, 0, &hash, why, len)))
		return -1;
	free(p);
	return 0;
}

static void list_line(const struct mmpatch *p, const char *name, const char *path, void *ctx)
{
	struct list_ctx *c = ctx;
	struct strbuf n = STRBUF_INIT, f = STRBUF_INIT;
	char why[600];

	if (!p && !c->heading) {
		if (!nloaded)
			sb_puts(c->out, "  none (patch load NAME|PATH, or -P FILE)\n");
		sb_puts(c->out, "patch files (patch load NAME):\n");
		c->heading = 1;
	}
	/* a file's name and path are the file system's bytes: shown, never sent to the terminal raw */
	escape_text(&n, name, strlen(name));
	escape_text(&f, path, strlen(path));
	if (p) {
		sb_printf(c->out, "  %-24s %s  (%s)\n", sb_str(&n), p->title, sb_str(&f));
	} else if (!patchreg_loadable(name, path, why, sizeof(why))) {
		sb_printf(c->out, "  %-24s %s\n", sb_str(&n), sb_str(&f));
	} else {
		sb_reset(&f);
		escape_text(&f, why, strlen(why));
		sb_printf(c->out, "  %-24s cannot be loaded: %s\n", sb_str(&n), sb_str(&f));
	}
	c->files += !p;
	sb_free(&n);
	sb_free(&f);
}

void patchreg_list(struct strbuf *out)
{
	struct list_ctx c = { out, 0, 0 };

	sb_puts(out, "loaded:\n");
	patchreg_each(list_line, &c);
	if (!c.heading) { /* no file found: the headings list_line() writes before the first */
		if (!nloaded)
			sb_puts(out, "  none (patch load NAME|PATH, or -P FILE)\n");
		sb_puts(out, "patch files (patch load NAME):\n");
	}
	if (!c.files)
		sb_puts(out, "  none found\n");
}
