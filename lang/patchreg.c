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
#include "../core/variant.h"
#include "claims.h"
#include "out/escape.h"
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

/*
 * Every claim of p, one of ps's patches, checked as about --claims will
 * check it: its `on` machine loaded, its settings applied, and its verdict
 * the one its `expect` line says. What would fail or surprise at show time
 * fails here, at the claim's line.
 */
static int verify_claims(const struct patch_set *ps, const struct mmpatch *p, char *err, size_t errlen)
{
	static const char *const words[] = { "holds", "differs", "outside" };
	struct claim_row *rows;
	char msg[700];
	int n = claims_check(ps, &p->desc, &rows), rc = 0;

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

/*
 * The variants ps holds of old, read again as variants of p, the file that
 * replaces it in its slot: each must still mean a value of the same constant
 * in the same unit, and compile against p's names (their order may differ:
 * each program is made again). -1 with err and ps as it was; 0 with the
 * programs replaced.
 */
static int carry_variants(struct patch_set *ps, const struct mmpatch *old, const struct mmpatch *p, char *err,
			  size_t errlen)
{
	const char *names[VARIANT_NAMES_MAX + 1];
	int s = p->desc.constant->slot, n = ps->nvariants[s];
	struct expr *progs;
	char msg[200];

	if (!n)
		return 0;
	if (!(progs = malloc((size_t)n * sizeof(*progs))))
		return err_set(err, errlen, "%s: out of memory", p->file);
	variant_names(&p->desc, names, VARIANT_NAMES_MAX + 1);
	for (int k = 0; k < n; k++) {
		const struct variant *v = &ps->variants[s][k];

		if (strcmp(old->constant_name, p->constant_name) || strcmp(old->metrics[0].unit, p->metrics[0].unit)) {
			free(progs);
			return err_set(err, errlen, "%s: its constant is %s%s%s, the loaded patch %s's %s%s%s: the variant "
				       "%s (%.60s) would silently be a value of the other; variant del %s %s first, or give "
				       "the file another id", p->file, p->constant_name, *p->metrics[0].unit ? " in " : "",
				       p->metrics[0].unit, p->id, old->constant_name, *old->metrics[0].unit ? " in " : "",
				       old->metrics[0].unit, v->name, v->text, p->id, v->name);
		}
		if (expr_compile(&progs[k], v->text, names, msg, sizeof(msg))) {
			free(progs);
			return err_set(err, errlen, "%s: patch %s's variant %s (%.60s) does not read as a variant of this file: "
				       "%s", p->file, p->id, v->name, v->text, msg);
		}
	}
	for (int k = 0; k < n; k++)
		ps->variants[s][k].prog = progs[k];
	free(progs);
	return 0;
}

/*
 * The patch file name checked whole and put in a new set, from with it
 * loaded: in the slot of a loaded file of its id (from's variants of that
 * one carried over, where they keep their meaning), else after the last -
 * or, checking, in a set of its own when from has no room. *out is held once
 * by the caller, *added the file. -1 with err, nothing made.
 */
static int load_into(const struct patch_set *from, const char *name, int checking, struct patch_set **out,
		     const struct mmpatch **added, char *err, size_t errlen)
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
	if (slot == VARIANT_LOADED && checking) { /* checked as the only file loaded, as parsed: load says there is no room */
		from = NULL;
		was = &patch_set_builtin;
		slot = 0;
	}
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
		held_file_of(next->list[VARIANT_BUILTIN + slot])->refs--; /* from lists it still */
	}
	patch_set_put(next, slot, &f->p.desc);
	f->refs++;
	/* next holds f: dropping next frees it */
	if ((slot < was->nloaded && carry_variants(next, mmpatch_of(was->list[VARIANT_BUILTIN + slot]), &f->p, err,
						   errlen)) ||
	    verify_claims(next, &f->p, err, errlen)) {
		patchreg_drop(next);
		return -1;
	}
	*out = next;
	*added = &f->p;
	return 0;
}

int patchreg_load(const struct patch_set *from, const char *name, struct patch_set **out, struct strbuf *note,
		 char *err, size_t errlen)
{
	const struct patch_set *was = patch_set_or_builtin(from);
	const struct mmpatch *p;

	if (load_into(from, name, 0, out, &p, err, errlen))
		return -1;
	if ((*out)->nloaded == was->nloaded)
		sb_printf(note, "patch %s: replaced by %s\n", p->id, p->file);
	else
		sb_printf(note, "patch %s: loaded from %s (%d metric%s; show %s)\n", p->id, p->file, p->nmetrics,
			  p->nmetrics == 1 ? "" : "s", p->id);
	return 0;
}

int patchreg_check(const char *name, const struct machine *m, struct strbuf *note, char *err, size_t errlen)
{
	struct patch_set *with;
	const struct mmpatch *p;

	if (load_into(m ? m->set : NULL, name, 1, &with, &p, err, errlen))
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
	patchreg_drop(with);
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

		each(p, p->id, p->path, ctx);
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
	const struct patch_set *ps;
	int files, heading, nloaded;
};

int patchreg_loadable(const struct patch_set *ps, const char *name, const char *path, char *why, size_t len)
{
	struct patch_set *with;
	const struct mmpatch *p;

	for (const char *c = name; *c; c++)
		if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
			return err_set(why, len, "its name is no patch name (letters, digits, '-' and '_'): patch load PATH");
	if (load_into(ps, path, 1, &with, &p, why, len))
		return -1;
	patchreg_drop(with);
	return 0;
}

static void list_line(const struct mmpatch *p, const char *name, const char *path, void *ctx)
{
	struct list_ctx *c = ctx;
	struct strbuf n = STRBUF_INIT, f = STRBUF_INIT;
	char why[600];

	if (!p && !c->heading) {
		if (!c->nloaded)
			sb_puts(c->out, "  none (patch load NAME|PATH, or -P FILE)\n");
		sb_puts(c->out, "patch files (patch load NAME):\n");
		c->heading = 1;
	}
	/* a file's name and path are the file system's bytes: shown, never sent to the terminal raw */
	escape_text(&n, name, strlen(name));
	escape_text(&f, path, strlen(path));
	if (p) {
		sb_printf(c->out, "  %-24s %s  (%s)\n", sb_str(&n), p->title, sb_str(&f));
	} else if (!patchreg_loadable(c->ps, name, path, why, sizeof(why))) {
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

void patchreg_list(const struct patch_set *ps, struct strbuf *out)
{
	struct list_ctx c = { out, ps, 0, 0, patch_set_or_builtin(ps)->nloaded };

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
