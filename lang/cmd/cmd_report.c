/*
 * report PATCH [on PRESET...]: a plain-text review summary to paste into a
 * mailing-list reply - the patch, its status and constant, per machine its
 * gains and prices, the savings in proportion, the assumptions, a chart, and
 * last the batchlab line that reproduces every number. 72 columns unless
 * --width says; --format json gives the same content structured.
 */
#include "cmd_compare.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/mmpatch.h"
#include "../../core/params.h"
#include "../../core/plot_sample.h"
#include "../../core/sweep.h"
#include "../../core/variant.h"
#include "../../core/mm/release.h"
#include "../out/chart.h"
#include "../out/quote.h"
#include "../out/records.h"
#include "../out/render.h"
#include "cmd_report.h"
#include "../reportparts.h"
#include "../claims.h"
#include "../validation.h"
#include "../out/svg.h"
#include "cmd_sweep.h"
#include "../out/wrap.h"
#include "../state.h"

#define REPORT_WIDTH 72
#define REPORT_CHART_HEIGHT 10

/* A laptop, a two-socket server and a 1024-CPU one: the sizes a reviewer asks about first. */
static const char *const default_machines[] = { "laptop-8c-16g", "server-2s-128c-512g", "server-8s-1024c-8t", NULL };

/*
 * The patch's status: the release whose row in the patch's history tables
 * (core/mm/release.h) is the seed's change - "(seed NNN)" in what it says -
 * else the first clause of the about page's "Status: ...".
 */
static void report_status(const struct patch_desc *d, char *buf, size_t len)
{
	const char *p, *e;
	char mark[32];
	size_t n;
	const struct release_history *const *h = d->kernel_code ? d->kernel_code->history : NULL;
	const struct mmpatch *mp = mmpatch_of(d);

	if (mp && mp->status[0]) { /* the file's status line; merged in X with X's row and its commit, as a built-in's */
		const struct mmp_release *row = NULL;

		for (int i = 0; i < mp->nrel && !strncmp(mp->status, "merged in ", 10); i++)
			if (!strncmp(mp->status + 10, mp->rel[i].from, strlen(mp->rel[i].from)) &&
			    !isalnum((unsigned char)mp->status[10 + strlen(mp->rel[i].from)]) && mp->rel[i].commit[0])
				row = &mp->rel[i];
		if (row) /* the commit beside the release, the file's own words after */
			snprintf(buf, len, "merged in %.15s, commit %.40s (history %.31s)%.250s", row->from, row->commit,
				 d->id, mp->status + 10 + strlen(row->from));
		else
			snprintf(buf, len, "%.300s%s%.31s%s", mp->status, mp->nrel ? " (history " : "",
				 mp->nrel ? d->id : "", mp->nrel ? ")" : "");
		return;
	}
	snprintf(mark, sizeof(mark), "(seed %.3s)", d->seed);
	for (int i = 0; h && h[i]; i++)
		for (const struct release_row *r = h[i]->rows; r->from; r++)
			if (strstr(r->what, mark)) {
				snprintf(buf, len, "merged in %s%s%s (history %s)", r->from, r->commit ? ", commit " : "",
					 r->commit ? r->commit : "", d->id);
				return;
			}
	p = strstr(d->about, "Status: ");
	if (!p) {
		snprintf(buf, len, "not stated");
		return;
	}
	p += strlen("Status: ");
	/* its first clause: the rest is the about page's to tell */
	for (e = p; *e && !((e[0] == '.' || e[0] == ',' || e[0] == ';') && (e[1] == ' ' || e[1] == '\n' || !e[1])); e++)
		;
	n = (size_t)(e - p);
	snprintf(buf, len, "%.*s (about %s says more)", (int)n, p, d->id);
	for (char *c = buf; *c; c++)
		if (*c == '\n')
			*c = ' ';
}

/* --- the parameters the patch's numbers rest on --- */

static int patch_reads(const struct patch_desc *d, const char *key)
{
	for (const struct metric_desc *md = d->metrics; md->name; md++)
		if (metric_reads(md, key))
			return 1;
	return 0;
}

/* Not the machine's size (the tables show that): a workload assumption or a fitted constant. */
static int is_assumption(const struct param *p)
{
	return strcmp(p->group, "machine") != 0;
}

/*
 * What a workload metric rests on besides the parameters: a patch file's assume line, or, for a
 * built-in metric that reads no workload parameter, the workload its code fixes (explain states
 * it). NULL for any other metric. name gets PATCH.METRIC.
 */
static const char *metric_assumption(const struct patch_desc *d, const struct metric_desc *md, char *name,
				     size_t len, char *buf, size_t buflen)
{
	const struct mmpatch *mp = mmpatch_of(d);

	if (md->kind != METRIC_WORKLOAD)
		return NULL;
	snprintf(name, len, "%s.%s", d->id, md->name);
	if (mp)
		return mp->metrics[md - d->metrics].assume;
	for (size_t i = 0; i < nparams; i++)
		if (is_assumption(&params[i]) && metric_reads(md, params[i].name))
			return NULL;
	snprintf(buf, buflen, "a workload its code fixes (explain %s.%s%s%s states it)", d->id, md->name,
		 md->single ? "" : ".", md->single ? "" : d->sides[d->after]);
	return buf;
}

/* --- the chart: the metric that changes most, over the machine-size key it reads --- */

static double change_size(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md)
{
	double b, a;

	if (md->single || md->list)
		return 0;
	b = value_real(md->fn(m, d->before, NULL));
	a = value_real(md->fn(m, d->after, NULL));
	if (!(b > 0) || !(a > 0) || isinf(a) || isinf(b))
		return 0;
	return fabs(log(a / b));
}

/* A range end as `set` reads it, short enough for a 72-column line: 4G, 1E, or the bare number. */
static void range_word(const struct param *p, uint64_t v, char *buf, size_t len)
{
	static const char units[] = "KMGTPE";
	int u = -1;

	if (p->type == PT_SIZE)
		while (u < 5 && v && v % (1ull << (10 * (u + 2))) == 0)
			u++;
	if (u < 0)
		snprintf(buf, len, "%llu", (unsigned long long)v);
	else
		snprintf(buf, len, "%llu%c", (unsigned long long)(v >> (10 * (u + 1))), units[u]);
}

static const struct param *chart_key(const struct metric_desc *md)
{
	static const char *const prefer[] = { "ram", "cpus", NULL };

	for (int i = 0; prefer[i]; i++)
		if (metric_reads(md, prefer[i]))
			return param_find(prefer[i]);
	for (size_t i = 0; i < nparams; i++)
		if (params[i].type != PT_CHOICE && params[i].type != PT_REAL && !params[i].allowed &&
		    metric_reads(md, params[i].name))
			return &params[i];
	return NULL;
}

void report_chart_free(struct report_chart *rc)
{
	plot_points_free(&rc->pts);
	memset(rc, 0, sizeof(*rc));
}

int report_chart(const struct compare_set *set, const struct patch_desc *d, int width, struct report_chart *rc,
		 char *err, size_t errlen)
{
	const struct machine *m = &set->st[0].m;
	const struct metric_desc *best = NULL;
	double most = 0;
	uint64_t lo = UINT64_MAX, hi = 0;
	int sides[PLOT_MAX_SERIES], nser = 0;

	memset(rc, 0, sizeof(*rc));
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		double c = change_size(m, d, md);

		if (c > most && chart_key(md))
			most = c;
	}
	/* of those that change about as much (x64 and x64.02), the first in the patch's order */
	for (const struct metric_desc *md = d->metrics; md->name && !best; md++)
		if (most > 0 && change_size(m, d, md) >= most * 0.99 && chart_key(md))
			best = md;
	if (!best)
		return err_set(err, errlen, "no metric of %s changes on %s", d->id, set->st[0].label);
	rc->md = best;
	rc->key = chart_key(best);
	for (int g = 0; g < set->n; g++) {
		uint64_t v = param_u64(&set->st[g].m, rc->key);

		lo = v < lo ? v : lo;
		hi = v > hi ? v : hi;
	}
	if (lo == hi) { /* one machine, or all one size: a span around it */
		lo = lo / 16 > rc->key->min ? lo / 16 : rc->key->min;
		hi = hi <= rc->key->max / 16 ? hi * 16 : rc->key->max;
	}
	range_word(rc->key, lo, rc->from, sizeof(rc->from));
	range_word(rc->key, hi, rc->to, sizeof(rc->to));
	if (sweep_bounds_parse(m, rc->key->name, rc->from, rc->to, &rc->range, err, errlen))
		return -1;
	nser = plot_sides(m, d, best, -1, sides); /* every side and variant, in every chart's order */
	if (plot_sample(m, &rc->range, d, best, sides, nser, width, &rc->pts, err, errlen))
		return -1;
	snprintf(rc->title, sizeof(rc->title), "%s.%s on %s", d->id, best->name, set->st[0].label);
	rc->c.title = rc->title;
	rc->c.yunit = best->unit;
	rc->c.xname = rc->key->name;
	rc->c.xunit = rc->key->unit;
	rc->c.xscale = rc->pts.xlog ? CHART_LOG : CHART_LINEAR;
	rc->c.yscale = CHART_AUTO;
	rc->c.nseries = nser;
	for (int i = 0; i < nser; i++) {
		rc->c.series[i].label = patch_col_name(m, d, sides[i]);
		rc->c.series[i].x = rc->pts.x;
		rc->c.series[i].y = rc->pts.y[i];
		rc->c.series[i].n = rc->pts.n;
	}
	rc->c.marker_x = (double)param_u64(m, rc->key);
	return 0;
}

/* --- the reproduce line --- */

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
		if (is_assumption(&params[i]) && patch_reads(d, params[i].name))
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
static void reproduce(const struct compare_set *set, const struct patch_desc *d, const struct report_chart *rc,
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

/* --- the report --- */

static void para(struct strbuf *out, int width, const char *fmt, ...) BL_PRINTF(3, 4);

/* One paragraph wrapped to width. */
static void para(struct strbuf *out, int width, const char *fmt, ...)
{
	char t[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t, sizeof(t), fmt, ap);
	va_end(ap);
	wrap_text(out, t, width, 0);
}

static const char *verdict_gain(enum verdict v)
{
	return v == VERDICT_BETTER ? "gain" : v == VERDICT_WORSE ? "price" : "";
}

static void assumption_values(const struct compare_set *set, const struct param *p, struct strbuf *out)
{
	char first[96], v[96];
	int same = 1;

	param_format_human(&set->st[0].m, p, first, sizeof(first));
	for (int g = 1; g < set->n; g++) {
		param_format_human(&set->st[g].m, p, v, sizeof(v));
		same &= !strcmp(v, first);
	}
	if (same) {
		sb_puts(out, first);
		return;
	}
	for (int g = 0; g < set->n; g++) {
		param_format_human(&set->st[g].m, p, v, sizeof(v));
		sb_printf(out, "%s%s on %s", g ? ", " : "", v, set->st[g].label);
	}
}

static void report_head(const struct rform *f, const struct patch_desc *d, struct strbuf *out)
{
	char status[400], t[2400];
	struct strbuf q = STRBUF_INIT;
	const char *kernel = d->kernel;

	report_status(d, status, sizeof(status));
	if (f->md) { /* a patch file's words are markdown's text, not its markup (quote.h) */
		sb_printf(out, "## %s: ", d->id);
		quote_md(out, d->title);
		sb_puts(out, "\n\n");
		quote_md(&q, d->kernel);
		kernel = sb_str(&q);
	} else {
		para(out, f->width, "%s: %s\n", d->id, d->title);
	}
	if (mmpatch_is(d)) { /* a file has no seed: where it comes from, each origin with its kind */
		char o[4 * MMP_TEXT_MAX];

		mmpatch_origins(mmpatch_of(d), o, sizeof(o));
		snprintf(t, sizeof(t), "%s%s%s%s\nstatus: %s\n", o, o[0] ? "; " : "", kernel, f->md ? "  " : "", status);
	} else {
		snprintf(t, sizeof(t), "seed %s; %s%s\nstatus: %s\n", d->seed, kernel, f->md ? "  " : "", status);
	}
	rf_para(f, out, t);
	sb_free(&q);
}

/* A constant's value, or n/a with the reason a variant cannot build there. */
static void constant_cell(struct value v, const char *unit, char *buf, size_t len)
{
	if (v.kind == VAL_NONE && v.why)
		snprintf(buf, len, "n/a (%.*s)", (int)(len > 8 ? len - 8 : 0), v.why);
	else
		render_human(v, unit, buf, len);
}

/* The constant on each machine, one line when every machine has the same. */
static void report_constant(const struct rform *f, const struct compare_set *set, const struct patch_desc *d,
			    struct strbuf *out)
{
	const struct patch_constant *k = d->constant;
	const struct metric_desc *kmd = k && k->metric ? patch_metric(d, k->metric) : NULL;
	struct strbuf t = STRBUF_INIT, first = STRBUF_INIT;
	int same = 1;
	char b[200];

	if (!kmd)
		return;
	for (int g = 0; g < set->n; g++) {
		const struct machine *m = &set->st[g].m;
		struct strbuf *v = g ? &t : &first;

		t.len = 0;
		sb_puts(&t, "");
		for (int side = 0; side < patch_ncols(m, d); side++) {
			constant_cell(metric_compute(m, d, kmd, side, NULL), kmd->unit, b, sizeof(b));
			sb_printf(v, "%s %s %s", side ? "," : "", patch_col_name(m, d, side), b);
		}
		same &= !g || !strcmp(sb_str(&t), sb_str(&first));
	}
	t.len = 0;
	sb_puts(&t, "");
	if (same) /* what it is, the claims and the tables say: the values are the news */
		sb_printf(&t, "%s:%s on %s.", k->name, sb_str(&first),
			  set->n > 1 ? "every machine" : set->st[0].label);
	else {
		sb_printf(&t, "The constant, %s: %s.", k->name, k->what);
		for (int g = 0; g < set->n; g++) {
			const struct machine *m = &set->st[g].m;

			sb_printf(&t, "\n- %s:", set->st[g].label);
			for (int side = 0; side < patch_ncols(m, d); side++) {
				constant_cell(metric_compute(m, d, kmd, side, NULL), kmd->unit, b, sizeof(b));
				sb_printf(&t, "%s %s %s", side ? "," : "", patch_col_name(m, d, side), b);
			}
		}
	}
	for (int side = patch_nsides(d); side < patch_ncols(&set->st[0].m, d); side++) {
		const struct variant *v = variant_at(&set->st[0].m, d, side);

		/* markdown: an expression as code, where its * is no emphasis (no ` is in the variants' language) */
		sb_printf(&t, f->md ? "\n- variant %s: %s = `%s`" : "\n- variant %s: %s = %s", v->name, k->name, v->text);
	}
	sb_putc(&t, '\n');
	sb_putc(out, '\n');
	rf_para(f, out, sb_str(&t));
	sb_free(&t);
	sb_free(&first);
	if (out->len > 1 && out->buf[out->len - 2] == '\n') /* rf_para's own line end after the text's */
		out->buf[--out->len] = '\0';
}

/* Does md give the same on every side of every machine (a saving that does not read the machine's size)? */
static int share_same(const struct compare_set *set, const struct patch_desc *d, const struct metric_desc *md)
{
	char a[96], b[96];

	if (patch_ncols(&set->st[0].m, d) != 2)
		return 0;
	render_human(metric_compute(&set->st[0].m, d, md, d->after, NULL), md->unit, a, sizeof(a));
	for (int g = 1; g < set->n; g++) {
		render_human(metric_compute(&set->st[g].m, d, md, d->after, NULL), md->unit, b, sizeof(b));
		if (strcmp(a, b))
			return 0;
	}
	return 1;
}

static void report_savings(const struct rform *f, const struct compare_set *set, const struct patch_desc *d,
			   struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	char b[96];
	int any = 0;

	for (const struct metric_desc *md = d->metrics; md->name; md++)
		any |= report_is_share(md);
	if (!any && mmpatch_is(d)) /* a file states no share metric: the section would say nothing about it */
		return;
	rf_heading(f, out, "The savings in proportion");
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		if (!report_is_share(md))
			continue;
		sb_printf(&t, "- %s (%s): %s.", md->name, metric_kind_name(md->kind), md->help);
		if (share_same(set, d, md)) {
			render_human(metric_compute(&set->st[0].m, d, md, d->after, NULL), md->unit, b, sizeof(b));
			sb_printf(&t, " After: %s on %s. (explain %s.%s.after says how.)\n", b,
				  set->n > 1 ? "every machine" : set->st[0].label, d->id, md->name);
			continue;
		}
		for (int g = 0; g < set->n; g++) {
			const struct machine *m = &set->st[g].m;

			sb_printf(&t, " %s:", set->st[g].label);
			for (int side = 0; side < patch_ncols(m, d); side++) {
				if (side == d->before)
					continue;
				render_human(metric_compute(m, d, md, side, NULL), md->unit, b, sizeof(b));
				sb_printf(&t, " %s %s,", patch_col_name(m, d, side), b);
			}
			t.buf[t.len - 1] = g + 1 < set->n ? ';' : '.';
		}
		sb_printf(&t, " (explain %s.%s.after says how.)\n", d->id, md->name);
	}
	if (!t.len)
		sb_puts(&t, "- no saving of this patch is a share of a larger piece of work here.\n");
	rf_para(f, out, sb_str(&t));
	sb_free(&t);
}

static void report_assumptions(const struct rform *f, const struct compare_set *set, const struct patch_desc *d,
			       struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	int n = 0;

	rf_heading(f, out, "The assumptions these numbers rest on (help NAME says what each is)");
	for (size_t i = 0; i < nparams; i++) {
		if (!is_assumption(&params[i]) || !patch_reads(d, params[i].name))
			continue;
		sb_printf(&t, "%s%s = ", n++ ? "; " : "", params[i].name);
		assumption_values(set, &params[i], &t);
		/* a fitted constant says so: the reader weighs it apart from a stated workload */
		if (strstr(params[i].help, "fitted"))
			sb_puts(&t, " (fitted)");
	}
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		char name[160], buf[400];
		const char *why = metric_assumption(d, md, name, sizeof(name), buf, sizeof(buf));

		if (why)
			sb_printf(&t, "%s%s rests on: %s", n++ ? "; " : "", name, why);
	}
	if (!n)
		sb_puts(&t, "none: no figure here reads a workload parameter or a fitted constant, or states an "
			    "assumption");
	sb_puts(&t, ".\n");
	rf_para(f, out, sb_str(&t));
	sb_free(&t);
}

/*
 * The view the report was made from as one line (lang/state.h), on the patch
 * reported: the session's machine, variants, patch files and format.
 */
static void report_state(struct session *s, const struct patch_desc *d, struct strbuf *out)
{
	char was[sizeof(s->show)];

	memcpy(was, s->show, sizeof(was));
	snprintf(s->show, sizeof(s->show), "%s", d->id);
	state_format(s, out);
	memcpy(s->show, was, sizeof(was));
}

/*
 * batchlab 'LINE' for a shell within width: a line too long is cut into
 * pieces the shell joins again, each ending '\ and the next opening ' (a view
 * line holds no ' of its own: state.c writes it %27).
 */
static void state_command(const char *line, int width, struct strbuf *out)
{
	int col = (int)strlen("batchlab '"), room;
	size_t n = strlen(line);

	sb_puts(out, "batchlab '");
	while (n) {
		room = width - col - 2 > 8 ? width - col - 2 : 8;
		if ((int)n + 1 <= width - col) {
			sb_printf(out, "%s'\n", line);
			return;
		}
		sb_printf(out, "%.*s'\\\n'", room, line);
		line += room;
		n -= (size_t)room;
		col = 1;
	}
	sb_puts(out, "'\n");
}

static void report_text(const struct rform *f, const struct compare_set *set, const struct patch_desc *d,
			const struct report_chart *rc, int have_chart, const char *state, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	char head[300];

	report_head(f, d, out);
	report_points(f, d, out);
	report_claims(f, d, out);
	report_constant(f, set, d, out);
	report_gains(f, set, d, out);
	report_savings(f, set, d, out);
	report_assumptions(f, set, d, out);
	if (have_chart) {
		snprintf(head, sizeof(head), "The metric that changes most, over %s (%s to %s)", rc->key->name, rc->from,
			 rc->to);
		rf_heading(f, out, head);
		chart_render(&rc->c, f->width, REPORT_CHART_HEIGHT, 0, &t);
		rf_pre(f, out, sb_str(&t));
		t.len = 0;
		sb_puts(&t, "");
	}
	rf_heading(f, out, "Every number above, again (paste into a shell)");
	reproduce(set, d, rc, f->width, &t);
	rf_pre(f, out, sb_str(&t));
	t.len = 0;
	sb_puts(&t, "");
	rf_heading(f, out, "The view this report was made from, as one line");
	state_command(state, f->width, &t);
	rf_pre(f, out, sb_str(&t));
	sb_free(&t);
}

/* Every line of text behind "> ", as a mail reply quotes it ("> " alone on a blank line is ">"). */
static void quote_lines(const char *text, struct strbuf *out)
{
	while (*text) {
		size_t n = strcspn(text, "\n");

		sb_printf(out, n ? "> %.*s\n" : ">\n", (int)n, text);
		text += n + (text[n] == '\n');
	}
}

/* --- json: the same content, structured, as records (records.h) nest it --- */

/* A patch file's origins, each "KIND ID" (commit, mail, link); a built-in patch has none (its seed says where). */
void report_origins(struct records *rec, const struct patch_desc *d)
{
	char o[4 * MMP_TEXT_MAX] = "";

	if (mmpatch_is(d))
		mmpatch_origins(mmpatch_of(d), o, sizeof(o));
	for (char *c = o; *c; c++) /* "commit X, mail <Y>": a line each */
		if (c[0] == ',' && c[1] == ' ')
			c[0] = '\n', memmove(c + 1, c + 2, strlen(c + 2) + 1);
	rec_lines(rec, o);
}

static const char *const report_heads[] = { "patch", "title", "seed", "origin", "kernel", "status", "constant", "machines",
					    "assumptions", "chart", "points", "claims", "reproduce", "state", NULL };
static const char *const constant_heads[] = { "name", "what", "metric", "variants", NULL };
static const char *const variant_heads[] = { "name", "expr", NULL };
static const char *const machine_heads[] = { "machine", "cpus", "ram", "pagesize", "metrics", NULL };
static const char *const metric_heads[] = { "metric", "kind", "better", "unit", "role", "values", "change",
					    "verdict", "heldout_rows", "heldout_err_lo_pct", "heldout_err_hi_pct",
					    "extrapolated", NULL };
static const char *const assumption_heads[] = { "name", "help", "values", NULL };
static const char *const chart_heads[] = { "metric", "machine", "over", "from", "to", "series", "points", NULL };

/* The patch's constant: its name, what it is, its metric, and the variants given it. */
static void report_json_constant(struct records *rec, const struct compare_set *set, const struct patch_desc *d)
{
	const struct machine *m = &set->st[0].m;

	if (!d->constant) {
		rec_skip(rec);
		return;
	}
	rec_obj_begin(rec, constant_heads);
	rec_str(rec, d->constant->name);
	rec_str(rec, d->constant->what);
	rec_str(rec, d->constant->metric ? d->constant->metric : "");
	rec_arr_begin(rec);
	for (int side = patch_nsides(d); side < patch_ncols(m, d); side++) {
		const struct variant *v = variant_at(m, d, side);

		rec_obj_begin(rec, variant_heads);
		rec_str(rec, v->name);
		rec_str(rec, v->text);
		rec_obj_end(rec);
	}
	rec_arr_end(rec);
	rec_obj_end(rec);
}

/* A metric's value on one side: a list's items as an array, else a value as records types it. */
static void report_json_value(struct records *rec, const struct machine *m, const struct metric_desc *md, int side,
			      struct value v)
{
	struct strbuf items = STRBUF_INIT;
	uint64_t n;

	if (v.kind == VAL_LIST && !render_list(m, md, side, 1, &items, &n))
		rec_num(rec, sb_str(&items));
	else
		rec_value(rec, v);
	sb_free(&items);
}

/* Every side's value of md, keyed by the side's name (the metric's own for a single value). */
static void report_json_values(struct records *rec, const struct machine *m, const struct patch_desc *d,
			       const struct metric_desc *md)
{
	int ncols = md->single ? 1 : patch_ncols(m, d);
	const char **keys = calloc((size_t)ncols + 1, sizeof(*keys));

	if (!keys) {
		rec_skip(rec); /* out of memory: the values left out rather than a broken document */
		return;
	}
	for (int side = 0; side < ncols; side++)
		keys[side] = md->single ? md->name : patch_col_name(m, d, side);
	rec_obj_begin(rec, keys);
	for (int side = 0; side < ncols; side++)
		report_json_value(rec, m, md, side, metric_compute(m, d, md, side, NULL));
	rec_obj_end(rec);
	free(keys);
}

/* One metric the report tabulates: the constant's, a gain or price, or a share. */
static void report_json_metric(struct records *rec, const struct machine *m, const struct patch_desc *d,
			       const struct metric_desc *md, int constant)
{
	char ch[64] = "";
	enum verdict vd = VERDICT_NONE;

	rec_obj_begin(rec, metric_heads);
	rec_str(rec, md->name);
	rec_str(rec, metric_kind_name(md->kind));
	rec_str(rec, metric_better_name(md->better));
	rec_str(rec, md->unit);
	rec_str(rec, constant ? "constant" : report_is_share(md) ? "share" : "gain or price");
	report_json_values(rec, m, d, md);
	if (!md->single)
		vd = render_change(md, md->fn(m, d->before, NULL), md->fn(m, d->after, NULL), ch, sizeof(ch));
	rec_str(rec, ch);
	rec_str(rec, verdict_gain(vd));
	validation_rec_fields(rec, validation_band(d, md)); /* a model's held-out error; null for the others */
	rec_bool(rec, model_extrapolated(m, md));
	rec_obj_end(rec);
}

/* A machine's size as the parameter table gives it (get's figure), named as the table names it. */
static void report_json_param(struct records *rec, const struct machine *m, const struct param *p)
{
	char v[96];

	param_bare(m, p, v, sizeof(v));
	if (param_is_number(p))
		rec_num(rec, v);
	else
		rec_str(rec, v);
}

/* One machine: its label, its size, and the metrics the report tabulates on it. */
static void report_json_machine(struct records *rec, const struct compare_set *set, int g, const struct patch_desc *d)
{
	const struct machine *m = &set->st[g].m;

	rec_obj_begin(rec, machine_heads);
	rec_str(rec, set->st[g].label);
	for (int i = 1; i < 4; i++) /* cpus, ram, pagesize: the heads name the parameters */
		report_json_param(rec, m, param_find(machine_heads[i]));
	rec_arr_begin(rec);
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		int constant = d->constant && d->constant->metric && !strcmp(md->name, d->constant->metric);

		if (constant || report_is_priced(md) || report_is_share(md))
			report_json_metric(rec, m, d, md, constant);
	}
	rec_arr_end(rec);
	rec_obj_end(rec);
}

/*
 * The machines an object keyed by label holds: each label once (report on
 * vm-4g vm-4g names one preset twice, with one value), in set's order.
 * Returns how many; labels[k] names set->st[at[k]].
 */
static int distinct_labels(const struct compare_set *set, const char **labels, int *at)
{
	int n = 0;

	for (int g = 0; g < set->n; g++) {
		int seen = 0;

		for (int k = 0; k < n && !seen; k++)
			seen = !strcmp(labels[k], set->st[g].label);
		if (!seen) {
			at[n] = g;
			labels[n++] = set->st[g].label;
		}
	}
	labels[n] = NULL;
	return n;
}

/*
 * The workload parameters and fitted constants the metrics read, each with its value per machine;
 * then the workload metrics with an assumption of their own (metric_assumption), no values.
 */
static void report_json_assumptions(struct records *rec, const struct compare_set *set, const struct patch_desc *d)
{
	const char *labels[COMPARE_MAX + 1];
	int at[COMPARE_MAX], n = distinct_labels(set, labels, at);

	rec_arr_begin(rec);
	for (size_t i = 0; i < nparams; i++) {
		if (!is_assumption(&params[i]) || !patch_reads(d, params[i].name))
			continue;
		rec_obj_begin(rec, assumption_heads);
		rec_str(rec, params[i].name);
		rec_str(rec, params[i].help);
		rec_obj_begin(rec, labels);
		for (int k = 0; k < n; k++)
			report_json_param(rec, &set->st[at[k]].m, &params[i]);
		rec_obj_end(rec);
		rec_obj_end(rec);
	}
	/* the workload metrics' own assumptions: words, the same on every machine */
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		char name[160], buf[400];
		const char *why = metric_assumption(d, md, name, sizeof(name), buf, sizeof(buf));

		if (!why)
			continue;
		rec_obj_begin(rec, assumption_heads);
		rec_str(rec, name);
		rec_str(rec, why);
		rec_obj_begin(rec, labels);
		rec_obj_end(rec);
		rec_obj_end(rec);
	}
	rec_arr_end(rec);
}

/* A figure of the chart: lossless, null where the curve has no point (records.h: an item has no flag). */
static void report_json_real(struct records *rec, double y)
{
	char b[64];

	if (isnan(y) || isinf(y)) {
		rec_num(rec, "null");
		return;
	}
	fmt_real_shortest(y, b, sizeof(b));
	rec_num(rec, b);
}

/* The chart's metric, range and series, and its points as [x, y per series]. */
static void report_json_chart(struct records *rec, const struct compare_set *set, const struct patch_desc *d,
			      const struct report_chart *rc)
{
	char metric[160];

	snprintf(metric, sizeof(metric), "%s.%s", d->id, rc->md->name);
	rec_obj_begin(rec, chart_heads);
	rec_str(rec, metric);
	rec_str(rec, set->st[0].label);
	rec_str(rec, rc->key->name);
	rec_str(rec, rc->from);
	rec_str(rec, rc->to);
	rec_arr_begin(rec);
	for (int i = 0; i < rc->c.nseries; i++)
		rec_str(rec, rc->c.series[i].label);
	rec_arr_end(rec);
	rec_arr_begin(rec);
	for (size_t k = 0; k < rc->pts.n; k++) {
		rec_arr_begin(rec);
		report_json_real(rec, rc->pts.x[k]);
		for (int i = 0; i < rc->c.nseries; i++)
			report_json_real(rec, rc->pts.y[i][k]);
		rec_arr_end(rec);
	}
	rec_arr_end(rec);
	rec_obj_end(rec);
}

/* The points a maintainer leads with, and the seed's claims as about PATCH --claims gives their records. */
static void report_json_review(struct records *rec, const struct patch_desc *d)
{
	struct claim_row *rows;
	int n = claims_check(d, &rows);

	rec_arr_begin(rec);
	for (int i = 0; d->points && d->points[i]; i++)
		rec_str(rec, d->points[i]);
	rec_arr_end(rec);
	claims_rec_array(d, rows, n, rec);
	free(rows);
}

/* The report as the one row of a result in the run's document d. */
static void report_json(struct doc *doc, enum out_format fmt, const struct compare_set *set,
			const struct patch_desc *d, const struct report_chart *rc, int have_chart, int width,
			const char *state, struct strbuf *out)
{
	char status[400];
	struct strbuf rep = STRBUF_INIT;
	struct records rec;

	report_status(d, status, sizeof(status));
	rec_begin(&rec, doc, fmt, report_heads, NULL, 0, out);
	rec_str(&rec, d->id);
	rec_str(&rec, d->title);
	rec_str(&rec, d->seed);
	report_origins(&rec, d);
	rec_str(&rec, d->kernel);
	rec_str(&rec, status);
	report_json_constant(&rec, set, d);
	rec_arr_begin(&rec);
	for (int g = 0; g < set->n; g++)
		report_json_machine(&rec, set, g, d);
	rec_arr_end(&rec);
	report_json_assumptions(&rec, set, d);
	if (have_chart)
		report_json_chart(&rec, set, d, rc);
	else
		rec_skip(&rec);
	report_json_review(&rec, d);
	reproduce(set, d, rc, width, &rep);
	rec_str(&rec, sb_str(&rep));
	rec_str(&rec, state);
	rec_end_row(&rec);
	rec_end(&rec);
	sb_free(&rep);
}

/* The report's chart as an SVG picture (svg.c): its machine, the first, marked; the machine line its caption. */
static int report_svg(const struct compare_set *set, const struct patch_desc *d, int width, int svg_w, int svg_h,
		      struct strbuf *out, char *err, size_t errlen)
{
	struct report_chart rc;
	struct strbuf cap = STRBUF_INIT;
	double marks[PLOT_MAX_SERIES];
	int sides[PLOT_MAX_SERIES], n;

	if (report_chart(set, d, width, &rc, err, errlen))
		return -1;
	n = plot_sides(&set->st[0].m, d, rc.md, -1, sides);
	for (int i = 0; i < n && i < rc.c.nseries; i++)
		marks[i] = value_real(metric_compute(&set->st[0].m, d, rc.md, sides[i], NULL));
	chart_machine_text_of(&set->st[0].m, "", set->st[0].label, rc.md->reads, rc.key, &cap);
	svg_chart(&rc.c, n == rc.c.nseries ? marks : NULL, sb_str(&cap), svg_w, svg_h, out);
	sb_free(&cap);
	report_chart_free(&rc);
	return 0;
}

int report_build(struct session *s, const struct patch_desc *d, struct compare_set *set, int width,
		 enum out_format fmt, unsigned style, struct strbuf *out, char *err, size_t errlen)
{
	struct report_chart rc;
	char why[300];
	struct rform f = { fmt == FMT_MARKDOWN, !!(style & REPORT_COMPARE), width - (style & REPORT_QUOTE ? 2 : 0) };
	int have_chart = !report_chart(set, d, f.width, &rc, why, sizeof(why));
	struct strbuf state = STRBUF_INIT;

	(void)err, (void)errlen;
	report_state(s, d, &state);
	if (fmt == FMT_JSON || fmt == FMT_JSONL) {
		report_json(&s->doc, fmt, set, d, &rc, have_chart, width, sb_str(&state), out);
	} else if (style & REPORT_QUOTE) {
		struct strbuf t = STRBUF_INIT;

		report_text(&f, set, d, &rc, have_chart, sb_str(&state), &t);
		if (wrap_widest(sb_str(&t)) > f.width) {
			/*
			 * fitted here, before the quote: the dispatcher's reflow of quoted text
			 * would put continuation lines out of the quote (issue 47: widths 24..28)
			 */
			struct strbuf fit = STRBUF_INIT;

			wrap_reflow(&fit, sb_str(&t), f.width, 0);
			sb_free(&t);
			t = fit;
		}
		quote_lines(sb_str(&t), out);
		sb_free(&t);
	} else
		report_text(&f, set, d, &rc, have_chart, sb_str(&state), out);
	sb_free(&state);
	if (have_chart)
		report_chart_free(&rc);
	return 0;
}

void report_details(struct strbuf *out)
{
	sb_puts(out,
		"A review summary of PATCH to paste into a mailing-list reply, no line wider than 72 columns unless "
		"--width N (24..1000) says otherwise, in the order a reviewer argues:\n"
		"- the patch's title, seed, kernel files and status (merged, or proposed), as about has it;\n"
		"- what a maintainer leads with: the points of the patch's descriptor, each naming the function and "
		"file it is about;\n"
		"- the seed's claims, checked: every figure the seed's mail states, a row each - where the mail says "
		"it, its words, batchlab's figure for the same machine and workload, and the verdict: holds, within "
		"N% (a model, N its distance from the mail's figure), differs or outside the model, the reasons "
		"under the table (about PATCH --claims gives each row's machine, metric and comparison);\n"
		"- its constant on each machine: before, after and each of your variants (help variant);\n"
		"- the gains (+) and prices (-): every metric with a better direction, its kind marked (~ model, * "
		"workload, unmarked exact), before, after, your variants and the change before -> after; one table "
		"for the rows every machine shares and one per machine - the presets named, else laptop-8c-16g, "
		"server-2s-128c-512g and server-8s-1024c-8t - for the rest; a model figure on a machine outside its "
		"fit is marked ! with the fit and the machines, an n/a cell points to its reason;\n"
		"- the savings in proportion: the share metrics (vmpressure.eval_share, memcg_charge.update_share, "
		"committed_as.lock_share), each saving as a share of the work it belongs to;\n"
		"- the assumptions: every workload parameter and fitted constant the metrics read, with its value on "
		"each machine, and each workload metric that reads none: a patch file's with its assume line, a "
		"built-in one's workload fixed in its code;\n"
		"- an ASCII chart of the metric that changes most on the first machine (of those within 1% of the "
		"largest change, the first in the patch's order), over the machine-size parameter it reads, from the "
		"smallest machine's value to the largest, every side and variant a curve of its own (> PATH.svg or "
		"--format svg writes that chart alone as an SVG picture, --size WIDTHxHEIGHT pixels);\n"
		"- last, a batchlab -c '...' command that prints every number again, labelled: per machine preset "
		"load (its name or path quoted for batchlab and for sh), your variants once (preset load keeps them), "
		"show PATCH, and get --named of the assumptions (NAME = VALUE), then the plot. A command too long for "
		"the width is cut into pieces the shell joins again: a piece ends with '\\ and the next line opens "
		"with '.\n"
		"Then the view the report was made from as one line (state): batchlab 'LINE' restores it, on the "
		"patch reported.\n"
		"--quote puts \"> \" before every line, as a reply quotes, within the width. --format markdown writes "
		"the same as markdown for a forge or a cover letter: headings, GitHub-flavoured tables, the chart and "
		"the command as fenced blocks. --style compare lays the gains out as mmtests' compare-kernels does: "
		"the baseline (before) first, every other column's change against it in parentheses, ? where a "
		"model's change is smaller than its stated error.\n"
		"Machines are presets (report PATCH on preset NAME... says so explicitly), each loaded as preset load "
		"does and given your variants; one that does not exist, or one set would refuse, is an error. "
		"--format json gives the same content as one object, the points and claims included; > PATH writes "
		"it to a file.\n");
}

/* --quote and --style compare, taken out of the words (anywhere, as the output options are). */
static int report_take_style(int *argc, char **argv, unsigned *style, char *err, size_t errlen)
{
	int k = 0;

	for (int i = 0; i < *argc; i++) {
		const char *v = NULL;

		if (!strcmp(argv[i], "--quote")) {
			*style |= REPORT_QUOTE;
			continue;
		}
		if (!strncmp(argv[i], "--style=", 8))
			v = argv[i] + 8;
		else if (!strcmp(argv[i], "--style")) {
			if (i + 1 == *argc)
				return err_set(err, errlen, "report: --style: expected compare");
			v = argv[++i];
		}
		if (v && strcmp(v, "compare"))
			return err_set(err, errlen, "report: --style '%s': expected compare", v);
		if (v) {
			*style |= REPORT_COMPARE;
			continue;
		}
		argv[k++] = argv[i];
	}
	*argc = k;
	return 0;
}

int cmd_report(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	const struct patch_desc *d;
	struct compare_set *set;
	enum out_format fmt = s->format;
	int width = s->opts.width ? s->opts.width : REPORT_WIDTH, rc; /* cmd_run took > PATH, --format, --width */
	struct chart_options o = CHART_OPTIONS_INIT;

	unsigned style = 0;

	if (chart_take_options("report", &argc, argv, 0, &o, err, errlen) || report_take_style(&argc, argv, &style, err, errlen))
		return -1;
	if (argc < 1 || (argc > 1 && strcmp(argv[1], "on")) || argc == 2)
		return err_set(err, errlen, "report: expected report PATCH [on PRESET...] [--quote] [--style compare] "
			       "[--width N] [> PATH]");
	d = patch_find(argv[0]);
	if (!d) {
		char ids[160];

		patch_ids(ids, sizeof(ids));
		return err_set(err, errlen, "report: unknown patch '%s' (expected %s)", argv[0], ids);
	}
	if (fmt == FMT_CSV)
		return err_set(err, errlen, "report: a report is text, markdown or json, not csv (--format json)");
	if ((style & REPORT_QUOTE) && fmt != FMT_TABLE && fmt != FMT_MARKDOWN)
		return err_set(err, errlen, "report: --quote quotes text for a mail reply, not %s", out_format_names[fmt]);
	set = compare_new();
	if (!set)
		return err_set(err, errlen, "report: out of memory");
	if (argc > 2)
		rc = compare_words(set, s, "report", argc - 2, argv + 2, err, errlen);
	else
		rc = compare_words(set, s, "report", 3, (char **)default_machines, err, errlen);
	if (!rc && fmt == FMT_SVG) /* the picture is the report's chart */
		rc = report_svg(set, d, width, o.svg_w, o.svg_h, out, err, errlen);
	else if (!rc)
		rc = report_build(s, d, set, width, fmt, style, out, err, errlen);
	compare_free(set);
	return rc;
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_report_entry = {
	.name = "report",
	.usage = "PATCH [on PRESET...] [--quote] [--style compare]",
	.args = { ARG_PATCH, ARG_ON, ARG_MACHINES },
	.min_args = 1,
	.max_args = -1,
	.help = "a review summary for a mailing-list reply, 72 columns, reproducible; --format markdown; > PATH.svg: its chart",
	.details = report_details,
	.out = OUT_FILE | OUT_FORMATS,
	.picture = CMD_SVG | CMD_MARKDOWN,
	.exec = cmd_report,
	.examples = (const char *const[]){ "report memcg_charge", "report memcg_charge --quote", "report memcg_charge on vm-4g", NULL },
};
