/*
 * report PATCH [on PRESET...]: a plain-text review summary to paste into a
 * mailing-list reply - the patch, its status and constant, per machine its
 * gains and prices, the savings in proportion, the assumptions, a chart, and
 * last the batchlab line that reproduces every number. 72 columns unless
 * --width says; --format json gives the same content structured.
 */
#include "comparecmd.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/params.h"
#include "../core/plot_sample.h"
#include "../core/sweep.h"
#include "../core/variant.h"
#include "../core/mm/release.h"
#include "chart.h"
#include "records.h"
#include "render.h"
#include "reportcmd.h"
#include "svg.h"
#include "sweepcmd.h"
#include "wrap.h"

#define REPORT_WIDTH 72
#define REPORT_CHART_HEIGHT 16

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

/* Metrics the per-machine tables show: the gains and prices (a direction), the share metrics apart. */
static int is_share(const struct metric_desc *md)
{
	return !md->single && md->better == BETTER_HIGHER && !strcmp(md->unit, "%");
}

static int is_priced(const struct metric_desc *md)
{
	return md->better != BETTER_NONE && !is_share(md) && !md->list;
}

/* --- a table to a width: columns packed into blocks, the label column repeated --- */

#define TCELL 48
#define TCOLS (PATCH_MAX_COLS + 3)

struct trow {
	char c[TCOLS][TCELL];
};

static void tline(struct strbuf *out, struct strbuf *line)
{
	while (line->len && line->buf[line->len - 1] == ' ')
		line->buf[--line->len] = '\0';
	sb_printf(out, "%s\n", sb_str(line));
	line->len = 0;
	line->buf[0] = '\0';
}

/*
 * rows[0] is the header; column 0 the label (left), the rest right-aligned.
 * Too narrow for even one column beside the label: each row as a list.
 */
static void table_to_width(const struct trow *rows, int nrows, int ncols, int width, struct strbuf *out)
{
	int w[TCOLS] = { 0 };
	struct strbuf line = STRBUF_INIT;

	for (int r = 0; r < nrows; r++)
		for (int c = 0; c < ncols; c++)
			w[c] = w[c] > (int)strlen(rows[r].c[c]) ? w[c] : (int)strlen(rows[r].c[c]);
	for (int c = 1; c < ncols; c++) {
		if (2 + w[0] + 2 + w[c] <= width)
			continue;
		/* the list layout: label, then "  head: cell" lines, wrapped */
		for (int r = 1; r < nrows; r++) {
			sb_printf(&line, "  %s\n", rows[r].c[0]);
			for (int k = 1; k < ncols; k++)
				if (rows[r].c[k][0])
					sb_printf(&line, "    %s: %s\n", rows[0].c[k], rows[r].c[k]);
		}
		wrap_text(out, sb_str(&line), width, 0);
		sb_free(&line);
		return;
	}
	for (int c0 = 1; c0 < ncols;) {
		int c1 = c0 + 1, used = 2 + w[0] + 2 + w[c0];

		while (c1 < ncols && used + 2 + w[c1] <= width)
			used += 2 + w[c1++];
		if (c0 > 1)
			sb_putc(out, '\n');
		for (int r = 0; r < nrows; r++) {
			sb_printf(&line, "  %-*s", w[0], rows[r].c[0]);
			for (int c = c0; c < c1; c++)
				sb_printf(&line, "  %*s", w[c], rows[r].c[c]);
			tline(out, &line);
		}
		c0 = c1;
	}
	sb_free(&line);
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

/* s inside a shell's single quotes: ' becomes '\'' */
static void sh_quoted(struct strbuf *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '\'')
			sb_puts(out, "'\\''");
		else
			sb_putc(out, *s);
	}
}

/* `get` lines of at most width columns (a newline ends a command inside -c). */
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
			sb_puts(out, "get");
			col = 3;
		}
		sb_printf(out, " %s", names[i]);
		col += w;
	}
	if (col)
		sb_putc(out, '\n');
}

/* The metric names and parameters the report prints, in the order it prints them. */
static int report_names(const struct patch_desc *d, char names[][96], int max)
{
	int n = 0;

	if (d->constant && d->constant->metric && n < max)
		snprintf(names[n++], 96, "%s.%s", d->id, d->constant->metric);
	for (const struct metric_desc *md = d->metrics; md->name && n < max; md++)
		if (is_priced(md) || is_share(md))
			snprintf(names[n++], 96, "%s.%s", d->id, md->name);
	for (size_t i = 0; i < nparams && n < max; i++)
		if (is_assumption(&params[i]) && patch_reads(d, params[i].name))
			snprintf(names[n++], 96, "%s", params[i].name);
	return n;
}

/*
 * batchlab -c '...' with one command a line, no line wider than width: a
 * command too long for it is cut into pieces the shell joins again - a
 * piece ends with '\ (quote closed, the newline escaped) and the next opens
 * a quote: 'plot a over ram '\<newline>'4G 1E' is the one word
 * "plot a over ram 4G 1E".
 */
static void sh_lines(const char *cmds, int width, struct strbuf *out)
{
	int col = (int)strlen("batchlab -c '");

	sb_puts(out, "batchlab -c '");
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
			/* a piece and '\ : cut after the last blank that leaves room, else anywhere */
			int take = room - 2 > 1 ? room - 2 : 1;

			for (int k = take; k > take / 2; k--)
				if (t[k - 1] == ' ') {
					take = k;
					break;
				}
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

static void reproduce(const struct compare_set *set, const struct patch_desc *d, const struct report_chart *rc,
		      int width, struct strbuf *out)
{
	char names[96][96];
	const char *ptr[96];
	int n = report_names(d, names, 96);
	struct strbuf cmds = STRBUF_INIT;

	for (int i = 0; i < n; i++)
		ptr[i] = names[i];
	for (int g = 0; g < set->n; g++) {
		const struct machine *m = &set->st[g].m;

		sb_puts(&cmds, "preset load ");
		sh_quoted(&cmds, set->st[g].arg);
		sb_putc(&cmds, '\n');
		/* preset load keeps the variants defined: once, after the first */
		for (int side = patch_nsides(d); !g && side < patch_ncols(m, d); side++) {
			const struct variant *v = variant_at(m, d, side);

			sb_printf(&cmds, "variant %s %s = ", d->id, v->name);
			sh_quoted(&cmds, v->text);
			sb_putc(&cmds, '\n');
		}
		get_lines(&cmds, ptr, n, width - 2);
	}
	if (rc->md) {
		char plot[300];

		snprintf(plot, sizeof(plot), "plot %s.%s over %s %s %s --ascii --width %d", d->id, rc->md->name,
			 rc->key->name, rc->from, rc->to, width);
		sb_puts(&cmds, "preset load ");
		sh_quoted(&cmds, set->st[0].arg);
		sb_putc(&cmds, '\n');
		sb_printf(&cmds, "%s\n", plot);
	}
	sh_lines(sb_str(&cmds), width, out);
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

static void machine_line(const struct compare_state *st, char *buf, int len)
{
	char cpus[48], ram[48], page[48];

	param_format_human(&st->m, param_find("cpus"), cpus, sizeof(cpus));
	param_format_human(&st->m, param_find("ram"), ram, sizeof(ram));
	param_format_human(&st->m, param_find("pagesize"), page, sizeof(page));
	snprintf(buf, (size_t)len, "%.*s: %.40s CPUs, %.40s, %.40s pages", COMPARE_LABEL_MAX, st->label, cpus, ram, page);
}

static const char *verdict_gain(enum verdict v)
{
	return v == VERDICT_BETTER ? "gain" : v == VERDICT_WORSE ? "price" : "";
}

static void machine_table(const struct compare_state *st, const struct patch_desc *d, int width, struct strbuf *out)
{
	const struct machine *m = &st->m;
	int ncols = patch_ncols(m, d), nrows = 1, tc = 1 + ncols + 2;
	struct trow *rows;

	for (const struct metric_desc *md = d->metrics; md->name; md++)
		nrows += is_priced(md);
	rows = calloc((size_t)nrows, sizeof(*rows));
	if (!rows)
		return;
	snprintf(rows[0].c[0], TCELL, "  metric");
	for (int s = 0; s < ncols; s++)
		snprintf(rows[0].c[1 + s], TCELL, "%s", patch_col_name(m, d, s));
	snprintf(rows[0].c[1 + ncols], TCELL, "change");
	snprintf(rows[0].c[2 + ncols], TCELL, "%s", "");
	nrows = 1;
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		struct trow *r;

		if (!is_priced(md))
			continue;
		r = &rows[nrows++];
		snprintf(r->c[0], TCELL, "%c %s", compare_kind_mark(md->kind), md->name);
		if (md->single) {
			struct value v = md->fn(m, 0, NULL);

			render_human(v, md->unit, r->c[1 + ncols], TCELL);
			/* a ratio after / before: above 1 is the gain */
			if (v.kind == VAL_REAL && v.r != 1)
				snprintf(r->c[2 + ncols], TCELL, "%s", (v.r > 1) == (md->better == BETTER_HIGHER) ? "gain" : "price");
			continue;
		}
		for (int s = 0; s < ncols; s++)
			render_human(metric_compute(m, d, md, s, NULL), md->unit, r->c[1 + s], TCELL);
		snprintf(r->c[2 + ncols], TCELL, "%s",
			 verdict_gain(render_change(md, md->fn(m, d->before, NULL), md->fn(m, d->after, NULL), r->c[1 + ncols],
						    TCELL)));
	}
	table_to_width(rows, nrows, tc, width, out);
	free(rows);
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

static void report_text(const struct session *s, const struct compare_set *set, const struct patch_desc *d,
			const struct report_chart *rc, int have_chart, int width, struct strbuf *out)
{
	const struct patch_constant *k = d->constant;
	const struct metric_desc *kmd = k && k->metric ? patch_metric(d, k->metric) : NULL;
	char status[400], b[96];
	struct strbuf t = STRBUF_INIT;

	(void)s;
	report_status(d, status, sizeof(status));
	para(out, width, "%s: %s\n", d->id, d->title);
	para(out, width, "seed %s; %s\n", d->seed, d->kernel);
	para(out, width, "status: %s\n", status);
	if (kmd) {
		sb_putc(out, '\n');
		para(out, width, "The constant, %s: %s.\n", k->name, k->what);
		for (int g = 0; g < set->n; g++) {
			const struct machine *m = &set->st[g].m;

			sb_printf(&t, "- %s:", set->st[g].label);
			for (int side = 0; side < patch_ncols(m, d); side++) {
				render_human(metric_compute(m, d, kmd, side, NULL), kmd->unit, b, sizeof(b));
				sb_printf(&t, "%s %s %s", side ? "," : "", patch_col_name(m, d, side), b);
			}
			sb_putc(&t, '\n');
		}
		for (int side = patch_nsides(d); side < patch_ncols(&set->st[0].m, d); side++) {
			const struct variant *v = variant_at(&set->st[0].m, d, side);

			sb_printf(&t, "- variant %s: %s = %s\n", v->name, k->name, v->text);
		}
		wrap_text(out, sb_str(&t), width, 0);
		t.len = 0;
		t.buf[0] = '\0';
	}

	sb_putc(out, '\n');
	para(out, width, "Gains and prices per machine (change: before -> after; "
			 "~ model, * workload, unmarked exact):\n");
	for (int g = 0; g < set->n; g++) {
		char ml[256];

		machine_line(&set->st[g], ml, (int)sizeof(ml));
		sb_putc(out, '\n');
		para(out, width, "%s\n", ml);
		machine_table(&set->st[g], d, width, out);
	}

	sb_putc(out, '\n');
	para(out, width, "The savings in proportion:\n");
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		if (!is_share(md))
			continue;
		sb_printf(&t, "- %s (%s): %s.", md->name, metric_kind_name(md->kind), md->help);
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
	wrap_text(out, sb_str(&t), width, 0);
	t.len = 0;
	t.buf[0] = '\0';

	sb_putc(out, '\n');
	para(out, width, "The assumptions (workload parameters and fitted constants these numbers rest on):\n");
	for (size_t i = 0; i < nparams; i++) {
		if (!is_assumption(&params[i]) || !patch_reads(d, params[i].name))
			continue;
		sb_printf(&t, "- %s = ", params[i].name);
		assumption_values(set, &params[i], &t);
		sb_printf(&t, ": %s\n", params[i].help);
	}
	wrap_text(out, sb_str(&t), width, 0);
	sb_free(&t);

	if (have_chart) {
		sb_putc(out, '\n');
		para(out, width, "The metric that changes most, %s.%s, over %s (%s to %s):\n", d->id, rc->md->name,
		     rc->key->name, rc->from, rc->to);
		chart_render(&rc->c, width, REPORT_CHART_HEIGHT, 0, out);
	}
	sb_putc(out, '\n');
	para(out, width, "Every number above, again (paste into a shell):\n");
	reproduce(set, d, rc, width, out);
}

/* --- json: the same content, structured --- */

static void jkey(struct strbuf *out, const char *k)
{
	json_string(out, k);
	sb_puts(out, ": ");
}

/* A number, an array, or null with KEY:na (why) or KEY:inf (its sign) beside it, as records.h types them. */
static void jvalue(struct strbuf *out, const char *key, const struct machine *m, const struct metric_desc *md, int side,
		   struct value v)
{
	char b[64];
	uint64_t n;

	if (v.kind == VAL_LIST && !render_list(m, md, side, 1, out, &n))
		return;
	render_bare(v, b, sizeof(b));
	if (v.kind == VAL_INT || (v.kind == VAL_REAL && !isinf(v.r))) {
		sb_puts(out, b);
		return;
	}
	sb_puts(out, "null, ");
	sb_printf(out, "\"%s%s\": ", key, v.kind == VAL_REAL ? ":inf" : ":na");
	if (v.kind == VAL_REAL)
		sb_puts(out, v.r > 0 ? "1" : "-1");
	else
		json_string(out, v.kind == VAL_NONE && v.why ? v.why : b);
}

static void report_json(const struct compare_set *set, const struct patch_desc *d, const struct report_chart *rc,
			int have_chart, int width, struct strbuf *out)
{
	char status[400];
	struct strbuf rep = STRBUF_INIT;

	report_status(d, status, sizeof(status));
	sb_puts(out, "{\n  ");
	jkey(out, "patch"); json_string(out, d->id);
	sb_puts(out, ",\n  "); jkey(out, "title"); json_string(out, d->title);
	sb_puts(out, ",\n  "); jkey(out, "seed"); json_string(out, d->seed);
	sb_puts(out, ",\n  "); jkey(out, "kernel"); json_string(out, d->kernel);
	sb_puts(out, ",\n  "); jkey(out, "status"); json_string(out, status);
	if (d->constant) {
		sb_puts(out, ",\n  "); jkey(out, "constant");
		sb_puts(out, "{"); jkey(out, "name"); json_string(out, d->constant->name);
		sb_puts(out, ", "); jkey(out, "what"); json_string(out, d->constant->what);
		sb_puts(out, ", "); jkey(out, "metric"); json_string(out, d->constant->metric ? d->constant->metric : "");
		sb_puts(out, ", "); jkey(out, "variants"); sb_puts(out, "[");
		for (int side = patch_nsides(d); side < patch_ncols(&set->st[0].m, d); side++) {
			const struct variant *v = variant_at(&set->st[0].m, d, side);

			sb_puts(out, side > patch_nsides(d) ? ", {" : "{");
			jkey(out, "name"); json_string(out, v->name);
			sb_puts(out, ", "); jkey(out, "expr"); json_string(out, v->text);
			sb_puts(out, "}");
		}
		sb_puts(out, "]}");
	}
	sb_puts(out, ",\n  "); jkey(out, "machines"); sb_puts(out, "[");
	for (int g = 0; g < set->n; g++) {
		const struct machine *m = &set->st[g].m;
		int first = 1;

		sb_puts(out, g ? ",\n    {" : "\n    {");
		jkey(out, "machine"); json_string(out, set->st[g].label);
		sb_printf(out, ", \"cpus\": %llu, \"ram\": %llu, \"pagesize\": %llu", (unsigned long long)m->cpus,
			  (unsigned long long)m->ram, (unsigned long long)m->pagesize);
		sb_puts(out, ", "); jkey(out, "metrics"); sb_puts(out, "[");
		for (const struct metric_desc *md = d->metrics; md->name; md++) {
			int constant = d->constant && d->constant->metric && !strcmp(md->name, d->constant->metric);
			char ch[64] = "";
			enum verdict vd = VERDICT_NONE;

			if (!constant && !is_priced(md) && !is_share(md))
				continue;
			sb_puts(out, first ? "\n      {" : ",\n      {");
			first = 0;
			jkey(out, "metric"); json_string(out, md->name);
			sb_puts(out, ", "); jkey(out, "kind"); json_string(out, metric_kind_name(md->kind));
			sb_puts(out, ", "); jkey(out, "better"); json_string(out, metric_better_name(md->better));
			sb_puts(out, ", "); jkey(out, "unit"); json_string(out, md->unit);
			sb_puts(out, ", "); jkey(out, "role"),
				json_string(out, constant ? "constant" : is_share(md) ? "share" : "gain or price");
			sb_puts(out, ", "); jkey(out, "values"); sb_puts(out, "{");
			for (int side = 0; side < (md->single ? 1 : patch_ncols(m, d)); side++) {
				if (side)
					sb_puts(out, ", ");
				jkey(out, md->single ? md->name : patch_col_name(m, d, side));
				jvalue(out, md->single ? md->name : patch_col_name(m, d, side), m, md, side,
				       metric_compute(m, d, md, side, NULL));
			}
			sb_puts(out, "}");
			if (!md->single)
				vd = render_change(md, md->fn(m, d->before, NULL), md->fn(m, d->after, NULL), ch, sizeof(ch));
			sb_puts(out, ", "); jkey(out, "change"); json_string(out, ch);
			sb_puts(out, ", "); jkey(out, "verdict"); json_string(out, verdict_gain(vd));
			sb_puts(out, "}");
		}
		sb_puts(out, "]}");
	}
	sb_puts(out, "\n  ]");
	sb_puts(out, ",\n  "); jkey(out, "assumptions"); sb_puts(out, "[");
	{
		int first = 1;

		for (size_t i = 0; i < nparams; i++) {
			if (!is_assumption(&params[i]) || !patch_reads(d, params[i].name))
				continue;
			sb_puts(out, first ? "\n    {" : ",\n    {");
			first = 0;
			jkey(out, "name"); json_string(out, params[i].name);
			sb_puts(out, ", "); jkey(out, "help"); json_string(out, params[i].help);
			sb_puts(out, ", "); jkey(out, "values"); sb_puts(out, "{");
			for (int g = 0; g < set->n; g++) {
				char v[96];

				param_bare(&set->st[g].m, &params[i], v, sizeof(v));
				sb_puts(out, g ? ", " : "");
				jkey(out, set->st[g].label);
				if (param_is_number(&params[i]))
					sb_puts(out, v);
				else
					json_string(out, v);
			}
			sb_puts(out, "}}");
		}
		sb_puts(out, "\n  ]");
	}
	if (have_chart) {
		sb_puts(out, ",\n  "); jkey(out, "chart"); sb_puts(out, "{");
		jkey(out, "metric"); sb_printf(out, "\"%s.%s\"", d->id, rc->md->name);
		sb_puts(out, ", "); jkey(out, "machine"); json_string(out, set->st[0].label);
		sb_puts(out, ", "); jkey(out, "over"); json_string(out, rc->key->name);
		sb_puts(out, ", \"from\": ");
		json_string(out, rc->from);
		sb_puts(out, ", \"to\": ");
		json_string(out, rc->to);
		sb_puts(out, ", \"series\": [");
		for (int i = 0; i < rc->c.nseries; i++) {
			sb_puts(out, i ? ", " : ""); json_string(out, rc->c.series[i].label);
		}
		sb_puts(out, "], \"points\": [");
		for (size_t k = 0; k < rc->pts.n; k++) {
			char b[64];

			fmt_real_shortest(rc->pts.x[k], b, sizeof(b));
			sb_printf(out, "%s[%s", k ? ", " : "", b);
			for (int i = 0; i < rc->c.nseries; i++) {
				double y = rc->pts.y[i][k];

				if (isnan(y) || isinf(y)) {
					sb_puts(out, ", null");
					continue;
				}
				fmt_real_shortest(y, b, sizeof(b));
				sb_printf(out, ", %s", b);
			}
			sb_puts(out, "]");
		}
		sb_puts(out, "]}");
	}
	reproduce(set, d, rc, width, &rep);
	sb_puts(out, ",\n  "); jkey(out, "reproduce"); json_string(out, sb_str(&rep));
	sb_puts(out, "\n}\n");
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
		 enum out_format fmt, struct strbuf *out, char *err, size_t errlen)
{
	struct report_chart rc;
	char why[300];
	int have_chart = !report_chart(set, d, width, &rc, why, sizeof(why));

	(void)err, (void)errlen;
	if (fmt == FMT_JSON || fmt == FMT_JSONL) {
		/* the report object is the one row of a result in the run's document (records.h) */
		static const char *const heads[] = { NULL };
		struct strbuf obj = STRBUF_INIT;
		struct records rec;

		report_json(set, d, &rc, have_chart, width, &obj);
		rec_begin(&rec, &s->doc, fmt, heads, NULL, 0, out);
		rec_raw_row(&rec, sb_str(&obj));
		rec_end(&rec);
		sb_free(&obj);
	} else
		report_text(s, set, d, &rc, have_chart, width, out);
	if (have_chart)
		report_chart_free(&rc);
	return 0;
}

void report_details(struct strbuf *out)
{
	sb_puts(out,
		"A plain-text review summary of PATCH to paste into a mailing-list reply, no line wider than 72 "
		"columns unless --width N (24..1000) says otherwise. In order:\n"
		"- the patch's title, seed, kernel files and status (merged, or proposed), as about has it;\n"
		"- its constant on each machine: before, after and each of your variants (help variant);\n"
		"- per machine - the presets named, else laptop-8c-16g, server-2s-128c-512g and server-8s-1024c-8t - "
		"the gains and prices: every metric with a better direction, its kind marked (~ model, * workload, "
		"unmarked exact), the change before -> after, and gain or price by that direction; a table too wide "
		"for the width goes on in a second block;\n"
		"- the savings in proportion: the share metrics (vmpressure.eval_share, memcg_charge.update_share, "
		"committed_as.lock_share), each saving as a share of the work it belongs to;\n"
		"- the assumptions: every workload parameter and fitted constant the metrics read, with its value on "
		"each machine;\n"
		"- an ASCII chart of the metric that changes most on the first machine (of those within 1% of the "
		"largest change, the first in the patch's order), over the machine-size parameter it reads, from the "
		"smallest machine's value to the largest, every side and variant a curve of its own (> PATH.svg or "
		"--format svg writes that chart alone as an SVG picture, --size WIDTHxHEIGHT pixels);\n"
		"- last, a batchlab -c '...' command that prints every number again: the first preset load, your "
		"variants (preset load keeps them), a get of every figure on each machine, then the plot. A command "
		"too long for the width is cut into pieces the shell joins again: a piece ends with '\\ and the next "
		"line opens with '.\n"
		"Machines are presets (report PATCH on preset NAME... says so explicitly), each loaded as preset load "
		"does and given your variants; one that does not exist, or one set would refuse, is an error. "
		"--format json gives the same content as one object; > PATH writes it to a file.\n");
}

int cmd_report(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	const struct patch_desc *d;
	struct compare_set *set;
	enum out_format fmt = s->format;
	int width = s->opts.width ? s->opts.width : REPORT_WIDTH, rc; /* cmd_run took > PATH, --format, --width */
	struct chart_options o = CHART_OPTIONS_INIT;

	if (chart_take_options("report", &argc, argv, 0, &o, err, errlen))
		return -1;
	if (argc < 1 || (argc > 1 && strcmp(argv[1], "on")) || argc == 2)
		return err_set(err, errlen, "report: expected report PATCH [on PRESET...] [--width N] [> PATH]");
	d = patch_find(argv[0]);
	if (!d) {
		char ids[160];

		patch_ids(ids, sizeof(ids));
		return err_set(err, errlen, "report: unknown patch '%s' (expected %s)", argv[0], ids);
	}
	if (fmt == FMT_CSV)
		return err_set(err, errlen, "report: a report is text or json, not csv (--format json)");
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
		rc = report_build(s, d, set, width, fmt, out, err, errlen);
	compare_free(set);
	return rc;
}
