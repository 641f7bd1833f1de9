/*
 * The patch command: load, list and check patch files (lang/patchreg.c reads
 * them, core/mmpatch.c parses them), and from, which reads a diff
 * (core/diffread.c) and adds what it maps as variants.
 */
#include "cmd_patch.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/diffread.h"
#include "../out/outpath.h"
#include "../../core/err.h"
#include "../../core/variant.h"
#include "../infile.h"
#include "../../core/mmpatch.h"
#include "../patchreg.h"
#include "../out/escape.h"
#include "../out/records.h"


/* What load and check say: the lines as they are, or in csv and json a row of the file and its lines. */
static void note_out(struct session *s, const char *file, const char *text, struct strbuf *out)
{
	static const char *const heads[] = { "file", "note", NULL };
	struct records rec;

	if (s->format == FMT_TABLE) {
		sb_puts(out, text);
		return;
	}
	rec_begin(&rec, &s->doc, s->format, heads, NULL, 0, out);
	rec_str(&rec, file);
	rec_lines(&rec, text);
	rec_end_row(&rec);
	rec_end(&rec);
}

/*
 * The variant's name after the diff's file: its base name without the
 * extension or git format-patch's 0001- number, other characters as '_',
 * a letter first (v), at most VARIANT_NAME_MAX - 3 so a _2 still fits.
 */
static void name_after(const char *path, char *name, size_t size)
{
	const char *base = strrchr(path, '/'), *dot;
	size_t n, k = 0;

	base = base ? base + 1 : path;
	if (strspn(base, "0123456789") == 4 && base[4] == '-')
		base += 5;
	dot = strchr(base, '.');
	n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	if (!n || !isalpha((unsigned char)base[0]))
		name[k++] = 'v';
	for (size_t i = 0; i < n && k + 1 < size && k < VARIANT_NAME_MAX - 4; i++)
		name[k++] = isalnum((unsigned char)base[i]) ? base[i] : '_';
	name[k] = '\0';
}

/* The findings mapped become variants of a copy of the machine, all or none; vnames[i]: finding i's variant. */
static int add_variants(struct session *s, const struct diff_read *r, const char *name,
			char (*vnames)[VARIANT_NAME_MAX], char *err, size_t errlen)
{
	struct patch_set *next = patchreg_new(s->m.set);
	struct machine with = s->m;
	int added = 0;

	if (!next)
		return err_set(err, errlen, "patch from: out of memory");
	with.set = next;
	for (int i = 0; i < r->n; i++) {
		const struct diff_finding *f = &r->f[i];
		char why[300];

		vnames[i][0] = '\0';
		if (!f->patch)
			continue;
		snprintf(vnames[i], VARIANT_NAME_MAX, "%s", name);
		for (int k = 2; variant_find(&with, f->patch, vnames[i]) >= 0 && k < 10; k++)
			snprintf(vnames[i], VARIANT_NAME_MAX, "%.*s_%c", VARIANT_NAME_MAX - 4, name, (char)('0' + k));
		if (variant_add(next, f->patch, vnames[i], f->expr, why, sizeof(why))) {
			patchreg_drop(next);
			return err_set(err, errlen, "%s:%d: %s", f->file, f->line, why);
		}
		added++;
	}
	if (added) /* nothing mapped is an error: the session keeps the set it had */
		session_set_patches(s, next);
	else
		patchreg_drop(next);
	return added;
}

/* The text: the diff, the variants added, then every change listed and not mapped. */
static void from_text(const char *path, const struct diff_read *r, char (*vnames)[VARIANT_NAME_MAX],
		      struct strbuf *out)
{
	struct strbuf shown = STRBUF_INIT;

	escape_text(&shown, path, strlen(path)); /* a path's bytes, never an escape sequence on the terminal */
	sb_printf(out, "%s: %s (%d file%s, %d hunk%s)\n", sb_str(&shown), r->subject[0] ? r->subject : "a diff", r->files,
		  r->files == 1 ? "" : "s", r->hunks, r->hunks == 1 ? "" : "s");
	for (int i = 0; i < r->n; i++)
		if (r->f[i].patch)
			sb_printf(out, "%s:%d: variant %s %s = %s  (%s)\n", r->f[i].file, r->f[i].line, r->f[i].patch->id,
				  vnames[i], r->f[i].expr, r->f[i].what);
	for (int i = 0; i < r->n; i++)
		if (!r->f[i].patch)
			sb_printf(out, "%s:%d: %s\n", r->f[i].file, r->f[i].line, r->f[i].what);
	sb_free(&shown);
}

/* csv and json: a row per change, its variant's patch, name and expression empty where it is only listed. */
static void from_records(struct session *s, const struct diff_read *r, char (*vnames)[VARIANT_NAME_MAX],
			 struct strbuf *out)
{
	static const char *const heads[] = { "file", "line", "patch", "variant", "expression", "what", NULL };
	struct records rec;

	rec_begin(&rec, &s->doc, s->format, heads, NULL, 0, out);
	for (int i = 0; i < r->n; i++) {
		rec_str(&rec, r->f[i].file);
		rec_value(&rec, val_int((uint64_t)r->f[i].line));
		rec_str(&rec, r->f[i].patch ? r->f[i].patch->id : "");
		rec_str(&rec, vnames[i]);
		rec_str(&rec, r->f[i].patch ? r->f[i].expr : "");
		rec_str(&rec, r->f[i].what);
		rec_end_row(&rec);
	}
	rec_end(&rec);
}

int patch_from_diff(struct session *s, const char *path, const char *as, struct strbuf *out, char *err, size_t errlen)
{
	struct diff_read *r;
	char *text = NULL, name[VARIANT_NAME_MAX], why[300], (*vnames)[VARIANT_NAME_MAX];
	size_t len = 0;
	int added;

	if (session_check_read(s, "patch from", path, err, errlen) ||
	    infile_read(path, DIFF_TEXT_MAX, &text, &len, err, errlen))
		return -1;
	if (!(r = malloc(sizeof(*r)))) {
		free(text);
		return err_set(err, errlen, "%s: out of memory", path);
	}
	if (diff_read(s->m.set, text, len, r, why, sizeof(why))) {
		free(text);
		free(r);
		return err_set(err, errlen, "%s: %s", path, why);
	}
	free(text);
	if (!(vnames = calloc((size_t)r->n + 1, sizeof(*vnames)))) {
		diff_read_free(r);
		free(r);
		return err_set(err, errlen, "%s: out of memory", path);
	}
	if (as)
		snprintf(name, sizeof(name), "%s", as);
	else
		name_after(path, name, sizeof(name));
	if ((added = add_variants(s, r, name, vnames, err, errlen)) < 0) {
		free(vnames);
		diff_read_free(r);
		free(r);
		return -1;
	}
	if (s->format == FMT_TABLE)
		from_text(path, r, vnames, out);
	else
		from_records(s, r, vnames, out);
	free(vnames);
	if (!added) { /* the listing stays above the error: what the diff does, and that none of it is a variant */
		int n = r->n;

		diff_read_free(r);
		free(r);
		return err_set(err, errlen, "patch from: %s mapped nothing: no hunk sets a constant batchlab models to a "
			       "value it can compute (%d change%s listed%s)", path, n, n == 1 ? "" : "s",
			       n ? " above" : "");
	}
	diff_read_free(r);
	free(r);
	return 0;
}

struct list_rows {
	struct records rec;
	const struct patch_set *ps;
};

static void list_row(const struct mmpatch *p, const char *name, const char *path, void *ctx)
{
	struct list_rows *l = ctx;
	struct records *rec = &l->rec;
	char why[600] = "";
	int ok = p || !patchreg_loadable(l->ps, name, path, why, sizeof(why));

	rec_str(rec, name);
	rec_str(rec, p ? p->title : "");
	rec_bool(rec, p != NULL);
	rec_str(rec, path);
	rec_bool(rec, ok);
	rec_str(rec, ok ? "" : why);
	rec_end_row(rec);
}

/* patch list as csv or json: a row per loaded patch and per file found, and whether patch load NAME loads it */
static void list_records(struct session *s, struct strbuf *out)
{
	static const char *const heads[] = { "patch", "title", "loaded", "path", "loadable", "why", NULL };
	struct list_rows l = { .ps = s->m.set };

	rec_begin(&l.rec, &s->doc, s->format, heads, NULL, 0, out);
	patchreg_each(s->m.set, list_row, &l);
	rec_end(&l.rec);
}

static int cmd_patch(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	const char *verb = argv[0];

	if (!strcmp(verb, "list")) {
		if (argc != 1)
			return err_set(err, errlen, "patch: 'list' takes nothing after it");
		if (s->format == FMT_TABLE)
			patchreg_list(s->m.set, out);
		else
			list_records(s, out);
		return 0;
	}
	if (strcmp(verb, "load") && strcmp(verb, "check") && strcmp(verb, "from"))
		return err_set(err, errlen, "patch: expected load FILE|NAME, list, check FILE|NAME or from FILE.diff, not "
			       "'%.40s'", verb);
	if (argc != 2 && (argc != 3 || strcmp(verb, "from")))
		return err_set(err, errlen, "patch: expected patch %s %s", verb,
			       strcmp(verb, "from") ? "FILE|NAME" : "FILE.diff [NAME]");
	if (!strcmp(verb, "load") || !strcmp(verb, "check")) {
		struct strbuf note = STRBUF_INIT;
		struct patch_set *next = NULL;
		int r = !strcmp(verb, "load") ? patchreg_load(s->m.set, argv[1], &next, &note, err, errlen)
					      : patchreg_check(argv[1], &s->m, &note, err, errlen);

		if (next)
			session_set_patches(s, next);
		if (!r)
			note_out(s, argv[1], sb_str(&note), out);
		sb_free(&note);
		return r;
	}
	return patch_from_diff(s, argv[1], argc == 3 ? argv[2] : NULL, out, err, errlen);
}

static void patch_details(const struct patch_set *ps, struct strbuf *out)
{
	(void)ps; /* the same words whatever is loaded */
	sb_puts(out, "A patch file (NAME.mmpatch, see batchlab-mmpatch(5)) describes a patch batchlab does not know: its "
		     "constant before and after, as expressions over the machine's names and the kernel helpers, and the "
		     "metrics that follow from it. Loaded, it is a patch like the built-in ones: show, get, explain, sweep, "
		     "plot, where, tradeoff, variants, compare, report and the explorer take it.\n");
	sb_puts(out, "patch load NAME|PATH loads one (at most four; a file of a loaded id replaces it), as -P FILE does "
		     "on the command line. NAME is looked up as NAME.mmpatch in $XDG_DATA_HOME/batchlab/patches, "
		     "$BATCHLAB_PATCHES, patches/ beside the binary and share/batchlab/patches. patch list names the "
		     "loaded ones and the files there are, and why one cannot be loaded; patch check FILE reads one and says "
		     "what it holds and its sides here, loading nothing. Both check a file whole, as load does: every "
		     "expression, every claim's machine (a preset's name) and settings, and every claim's verdict against its "
		     "expect line. A file of a loaded id keeps the variants of it only when its constant and unit are the same "
		     "and each variant reads as one of the new file's. An error says FILE:LINE:COLUMN and what was "
		     "expected.\n");
	sb_puts(out, "patch from FILE.diff [NAME] (or variant from FILE.diff [NAME]) reads a unified diff, as git format-patch writes "
		     "it, mail headers and all, and adds a variant named NAME, or after the diff's file, to each patch whose constant a "
		     "hunk changes: MEMCG_CHARGE_BATCH, SWAP_CLUSTER_MAX (the vmpressure window), the vmpressure window's "
		     "initialiser or assignment, mm_compute_batch() (its arithmetic read on both sides of the hunk, the old side held to batchlab's own on a grid of machines; a hunk it cannot read whole is listed, never mapped in part), the ask of memory.reclaim, and the constant of "
		     "any loaded patch file. Every other change is listed, file and line, with what it changes: nothing is "
		     "guessed. A hunk that touches a constant batchlab knows, or a name a loaded file declares (its constant "
		     "and its aka line), is listed with what it does to it: makes it tunable (a sysctl table entry, or a "
		     "variable read at run time in its place), changes its value (the code reads another of the file's names "
		     "in place of one, or a line changes in a function the file names), bounds it (NAME = min(COUNT, BOUND) "
		     "with a count read at run time, as drain_pages_zone() bounds to_drain: the bound is mapped when it reads as "
		     "the patch's, pcp->batch as zone_batchsize), sets it to its old name, declares, moves or removes it. A "
		     "diff that maps nothing to a variant is an error (exit status 1), after its listing.\n");
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_patch_entry = {
	.name = "patch",
	.usage = "load FILE|NAME | list | check FILE|NAME | from FILE.diff [NAME]",
	.args = { ARG_WORD, ARG_PATH, ARG_NONE },
	.min_args = 1,
	.max_args = 3,
	.help = "a patch of your own from a patch file (batchlab-mmpatch(5)), or variants from a diff",
	.details = patch_details,
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_patch,
	.examples = (const char *const[]){ "patch list", "patch check percpu_batch256", "patch load percpu_batch256", "patch from batch128.diff", NULL },
};
