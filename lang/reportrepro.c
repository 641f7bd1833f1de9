/*
 * report's last part: the batchlab lines that reproduce every number of the
 * report - the machines loaded as the report loaded them, the variants
 * given, each figure asked with get - quoted for a shell.
 */
#include "reportrepro.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/mmpatch.h"
#include "../core/params.h"
#include "../core/plot_sample.h"
#include "../core/sweep.h"
#include "../core/variant.h"
#include "../core/mm/release.h"
#include "cmd/cmd_sweep.h"
#include "out/chart.h"
#include "out/quote.h"
#include "out/records.h"
#include "out/render.h"
#include "out/svg.h"
#include "out/wrap.h"
#include "reportparts.h"

/* Does p have the same value on every machine of set (then the last machine's get prints it for all)? */
static int assumption_same(const struct compare_set *set, const struct param *p)
{
	char first[96], v[96];

	param_bare(&set->st[0].m, p, first, sizeof(first));
	for (int g = 1; g < set->n; g++) {
		param_bare(&set->st[g].m, p, v, sizeof(v));
		if (strcmp(v, first))
			return 0;
	}
	return 1;
}

/* `get --named` lines of at most width columns (a newline ends a command inside -c). */
static void get_lines(struct strbuf *out, const char *const *names, int n, int width)
{
	int col = 0;

	for (int i = 0; i < n; i++) {
		int w = (int)strlen(names[i]) + 1;

		if (col && col + w > width) {
			sb_putc(out, '\n');
			col = 0;
		}
		if (!col) {
			sb_puts(out, "get --named");
			col = 11;
		}
		sb_printf(out, " %s", names[i]);
		col += w;
	}
	if (col)
		sb_putc(out, '\n');
}

/* The assumptions the report prints: `show PATCH` prints its metrics, labelled, but not these. */
static int report_names(const struct patch_desc *d, char names[][96], int max)
{
	int n = 0;

	for (size_t i = 0; i < nparams && n < max; i++)
		if (report_is_assumption(&params[i]) && report_patch_reads(d, params[i].name))
			snprintf(names[n++], 96, "%s", params[i].name);
	return n;
}

/*
 * `preset load WORD` for the shell: the word quoted for batchlab, then for
 * sh's single quotes. A path with a line break can be no batchlab word: the
 * machine's settings instead, each as set reads it back.
 */
static void preset_load_line(struct strbuf *cmds, const char *arg, const struct machine *m)
{
	struct strbuf w = STRBUF_INIT;

	if (!quote_cmd(&w, arg)) {
		sb_puts(cmds, "preset load ");
		quote_sh_inside(cmds, sb_str(&w));
		sb_putc(cmds, '\n');
	} else {
		sb_puts(cmds, "reset\n");
		for (size_t i = 0; i < nparams; i++) {
			char v[96];

			param_bare(m, &params[i], v, sizeof(v));
			sb_printf(cmds, "set %s %s\n", params[i].name, v);
		}
	}
	sb_free(&w);
}

/* Would cutting t before position k split a '\'' (sh's quote inside single quotes)? */
static int inside_escape(const char *t, int k)
{
	for (int j = k - 3 > 0 ? k - 3 : 0; j < k; j++)
		if (!strncmp(t + j, "'\\''", 4))
			return 1;
	return 0;
}

/*
 * batchlab -c '...' with one command a line, no line wider than width: a
 * command too long for it is cut into pieces the shell joins again - a
 * piece ends with '\ (quote closed, the newline escaped) and the next opens
 * a quote: 'plot a over ram '\<newline>'4G 1E' is the one word
 * "plot a over ram 4G 1E".
 */
static void sh_lines(const char *patch_file, const char *cmds, int width, struct strbuf *out)
{
	int col = (int)strlen("batchlab -c '");

	if (patch_file) { /* a patch file's patch: loaded by -P, its path a shell word only (no batchlab word) */
		struct strbuf w = STRBUF_INIT;

		quote_sh(&w, patch_file);
		sb_printf(out, "batchlab -P %s \\\n", sb_str(&w));
		sb_free(&w);
	}
	sb_puts(out, patch_file ? "  -c '" : "batchlab -c '");
	col = patch_file ? 6 : col;
	while (*cmds) {
		size_t n = strcspn(cmds, "\n");
		int last = !cmds[n] || !cmds[n + 1];
		const char *t = cmds;

		while (n) {
			int room = width - col;

			if ((int)n + last <= room) {
				sb_printf(out, "%.*s%s\n", (int)n, t, last ? "'" : "");
				col = 0;
				break;
			}
			/* a piece and '\ : cut after the last blank that leaves room, else anywhere but in a '\'' */
			int take = room - 2 > 1 ? room - 2 : 1;

			for (int k = take; k > take / 2; k--)
				if (t[k - 1] == ' ') {
					take = k;
					break;
				}
			while (take > 1 && t[take - 1] != ' ' && inside_escape(t, take))
				take--;
			sb_printf(out, "%.*s'\\\n'", take, t);
			col = 1;
			t += take;
			n -= (size_t)take;
		}
		cmds += strcspn(cmds, "\n");
		if (*cmds)
			cmds++;
	}
}

/*
 * Per machine: its preset, `show PATCH` (every metric, labelled as the
 * tables are) and `get --named` of the assumptions; then the chart's plot.
 */
void report_reproduce(const struct compare_set *set, const struct patch_desc *d, const struct report_chart *rc,
		      int width, struct strbuf *out)
{
	char names[96][96];
	const char *ptr[96];
	int n = report_names(d, names, 96), same = 1;
	/* a quoted report's text is 2 columns narrower than its --width, which is never below WRAP_MIN */
	int asked = width < WRAP_MIN ? WRAP_MIN : width;
	struct strbuf cmds = STRBUF_INIT;

	for (int i = 0; i < n; i++) {
		ptr[i] = names[i];
		same &= assumption_same(set, param_find(names[i]));
	}
	for (int g = 0; g < set->n; g++) {
		const struct machine *m = &set->st[g].m;

		preset_load_line(&cmds, set->st[g].arg, m);
		/* preset load keeps the variants defined: once, after the first */
		for (int side = patch_nsides(d); !g && side < patch_ncols(m, d); side++) {
			const struct variant *v = variant_at(m, d, side);

			sb_printf(&cmds, "variant %s %s = ", d->id, v->name);
			quote_sh_inside(&cmds, v->text);
			sb_putc(&cmds, '\n');
		}
		sb_printf(&cmds, "show %s --width %d\n", d->id, asked);
		if (!same)
			get_lines(&cmds, ptr, n, width - 2);
	}
	if (same)
		get_lines(&cmds, ptr, n, width - 2);
	if (rc->md) {
		preset_load_line(&cmds, set->st[0].arg, &set->st[0].m);
		sb_printf(&cmds, "plot %s.%s over %s %s %s --ascii --width %d\n", d->id, rc->md->name, rc->key->name,
			  rc->from, rc->to, asked);
	}
	sh_lines(mmpatch_is(d) ? ((const struct mmpatch *)(const void *)d)->path : NULL, sb_str(&cmds), width, out);
	sb_free(&cmds);
}
