/*
 * The patch command: load, list and check patch files (lang/patchreg.c reads
 * them, core/mmpatch.c parses them), and from, which reads a diff
 * (core/diffread.c) and adds what it maps as variants.
 */
#include "patchcmd.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/diffread.h"
#include "../core/err.h"
#include "../core/variant.h"
#include "infile.h"
#include "patchreg.h"

#define DIFF_FILE_MAX (4 << 20)

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

/* The findings mapped become variants of a copy of the machine, all or none. */
static int add_variants(struct session *s, const struct diff_read *r, const char *name, struct strbuf *out, char *err,
			size_t errlen)
{
	struct machine next;
	int added = 0;

	machine_copy(&next, &s->m);
	for (int i = 0; i < r->n; i++) {
		const struct diff_finding *f = &r->f[i];
		char vname[VARIANT_NAME_MAX], why[300];

		if (!f->patch)
			continue;
		snprintf(vname, sizeof(vname), "%s", name);
		for (int k = 2; variant_find(&next, f->patch, vname) >= 0 && k < 10; k++)
			snprintf(vname, sizeof(vname), "%.*s_%d", VARIANT_NAME_MAX - 4, name, k);
		if (variant_add(&next, f->patch, vname, f->expr, why, sizeof(why)))
			return err_set(err, errlen, "%s:%d: %s", f->file, f->line, why);
		sb_printf(out, "%s:%d: variant %s %s = %s  (%s)\n", f->file, f->line, f->patch->id, vname, f->expr, f->what);
		added++;
	}
	machine_copy(&s->m, &next);
	return added;
}

int patch_from_diff(struct session *s, const char *path, const char *as, struct strbuf *out, char *err, size_t errlen)
{
	struct diff_read *r;
	char *text = NULL, name[VARIANT_NAME_MAX], why[300];
	size_t len = 0;
	int added, listed = 0;

	if (infile_read(path, DIFF_FILE_MAX, &text, &len, err, errlen))
		return -1;
	if (!(r = malloc(sizeof(*r)))) {
		free(text);
		return err_set(err, errlen, "%s: out of memory", path);
	}
	if (diff_read(text, len, r, why, sizeof(why))) {
		free(text);
		free(r);
		return err_set(err, errlen, "%s: %s", path, why);
	}
	free(text);
	if (as)
		snprintf(name, sizeof(name), "%s", as);
	else
		name_after(path, name, sizeof(name));
	sb_printf(out, "%s: %s (%d file%s, %d hunk%s)\n", path, r->subject[0] ? r->subject : "a diff", r->files,
		  r->files == 1 ? "" : "s", r->hunks, r->hunks == 1 ? "" : "s");
	if ((added = add_variants(s, r, name, out, err, errlen)) < 0) {
		free(r);
		return -1;
	}
	for (int i = 0; i < r->n; i++)
		if (!r->f[i].patch) {
			sb_printf(out, "%s:%d: %s\n", r->f[i].file, r->f[i].line, r->f[i].what);
			listed++;
		}
	if (r->more)
		sb_printf(out, "... and %d more change%s not shown\n", r->more, r->more == 1 ? "" : "s");
	if (!added)
		sb_printf(out, "no change to a constant batchlab models%s\n", listed ? " (the changes above are listed, not mapped)" : "");
	free(r);
	return 0;
}

int cmd_patch(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	const char *verb = argv[0];

	if (!strcmp(verb, "list")) {
		if (argc != 1)
			return err_set(err, errlen, "patch: 'list' takes nothing after it");
		patchreg_list(out);
		return 0;
	}
	if (strcmp(verb, "load") && strcmp(verb, "check") && strcmp(verb, "from"))
		return err_set(err, errlen, "patch: expected load FILE|NAME, list, check FILE|NAME or from FILE.diff, not "
			       "'%.40s'", verb);
	if (argc != 2 && (argc != 3 || strcmp(verb, "from")))
		return err_set(err, errlen, "patch: expected patch %s %s", verb,
			       strcmp(verb, "from") ? "FILE|NAME" : "FILE.diff [NAME]");
	if (!strcmp(verb, "load"))
		return patchreg_load(argv[1], out, err, errlen);
	if (!strcmp(verb, "check"))
		return patchreg_check(argv[1], &s->m, out, err, errlen);
	return patch_from_diff(s, argv[1], argc == 3 ? argv[2] : NULL, out, err, errlen);
}

void patch_details(struct strbuf *out)
{
	sb_puts(out, "A patch file (NAME.mmpatch, see batchlab-mmpatch(5)) describes a patch batchlab does not know: its "
		     "constant before and after, as expressions over the machine's names and the kernel helpers, and the "
		     "metrics that follow from it. Loaded, it is a patch like the built-in ones: show, get, explain, sweep, "
		     "plot, where, tradeoff, variants, compare, report and the explorer take it.\n");
	sb_puts(out, "patch load NAME|PATH loads one (at most four; a file of a loaded id replaces it), as -P FILE does "
		     "on the command line. NAME is looked up as NAME.mmpatch in $XDG_DATA_HOME/batchlab/patches, "
		     "$BATCHLAB_PATCHES, patches/ beside the binary and share/batchlab/patches. patch list names the "
		     "loaded ones and the files there are; patch check FILE reads one and says what it holds and its "
		     "sides here, loading nothing. An error says FILE:LINE:COLUMN and what was expected.\n");
	sb_puts(out, "patch from FILE.diff [NAME] (or variant from FILE.diff [NAME]) reads a unified diff, as git format-patch writes "
		     "it, mail headers and all, and adds a variant named NAME, or after the diff's file, to each patch whose constant a "
		     "hunk changes: MEMCG_CHARGE_BATCH, SWAP_CLUSTER_MAX (the vmpressure window), the vmpressure window's "
		     "initialiser or assignment, the divisors in mm_compute_batch(), the ask of memory.reclaim, and the constant of "
		     "any loaded patch file. Every other change is listed, file and line, with what it changes: nothing is "
		     "guessed.\n");
}
