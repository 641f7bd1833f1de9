/*
 * The review report's sections that walk a patch's descriptor (reportparts.h):
 * the points, the claims table, the gains and prices per machine group, and
 * the text and markdown forms they share.
 */
#include "reportparts.h"
#include "validation.h"

#include <math.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/claim.h"
#include "../core/mm/release.h"
#include "../core/mmpatch.h"
#include "../core/params.h"
#include "claims.h"
#include "cmd/cmd_compare.h"
#include "out/quote.h"
#include "out/render.h"
#include "out/wrap.h"

/* --- the forms --- */

void rf_heading(const struct rform *f, struct strbuf *out, const char *text)
{
	if (f->md) {
		sb_printf(out, "\n### %s\n\n", text);
		return;
	}
	{
		struct strbuf t = STRBUF_INIT;

		sb_printf(&t, "%s:\n", text);
		sb_putc(out, '\n');
		wrap_text(out, sb_str(&t), f->width, 0);
		sb_free(&t);
	}
}

void rf_para(const struct rform *f, struct strbuf *out, const char *text)
{
	if (f->md)
		sb_puts(out, text);
	else
		wrap_text(out, text, f->width, 0);
	if (out->len && out->buf[out->len - 1] != '\n')
		sb_putc(out, '\n');
}

void rf_pre(const struct rform *f, struct strbuf *out, const char *text)
{
	int fence = f->md ? quote_md_fence(text) : 0; /* longer than any run of backticks inside: the block holds */

	for (int i = 0; i < fence; i++)
		sb_putc(out, '`');
	if (fence)
		sb_putc(out, '\n');
	sb_puts(out, text);
	if (out->len && out->buf[out->len - 1] != '\n')
		sb_putc(out, '\n');
	for (int i = 0; i < fence; i++)
		sb_putc(out, '`');
	if (fence)
		sb_putc(out, '\n');
}

static void tline(struct strbuf *out, struct strbuf *line)
{
	while (line->len && line->buf[line->len - 1] == ' ')
		line->buf[--line->len] = '\0';
	sb_printf(out, "%s\n", sb_str(line));
	line->len = 0;
	line->buf[0] = '\0';
}

/* A cell inside a GFM table (quote.h: markdown's quoting, a '|' escaped, blanks at its ends gone). */
static void md_cell(struct strbuf *out, const char *s)
{
	sb_puts(out, "| ");
	quote_md_cell(out, s);
	sb_putc(out, ' ');
}

/* align: a column's 'l' or 'r' (NULL: the first left, the rest right). */
static void md_table(const struct trow *rows, int nrows, int ncols, const char *align, struct strbuf *out)
{
	for (int r = 0; r < nrows; r++) {
		for (int c = 0; c < ncols; c++)
			md_cell(out, rows[r].c[c]);
		sb_puts(out, "|\n");
		if (r)
			continue;
		for (int c = 0; c < ncols; c++)
			sb_puts(out, (align ? align[c] == 'r' : c > 0) ? "| ---: " : "| --- ");
		sb_puts(out, "|\n");
	}
}

/* Too narrow for even one column beside the label: each row as a list. */
static void list_layout(const struct trow *rows, int nrows, int ncols, int width, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;

	for (int r = 1; r < nrows; r++) {
		sb_printf(&t, "  %s\n", rows[r].c[0]);
		for (int k = 1; k < ncols; k++)
			if (rows[r].c[k][0])
				sb_printf(&t, "    %s: %s\n", rows[0].c[k], rows[r].c[k]);
	}
	wrap_text(out, sb_str(&t), width, 0);
	sb_free(&t);
}

void rf_table(const struct rform *f, const struct trow *rows, int nrows, int ncols, struct strbuf *out)
{
	int w[RCOLS] = { 0 };
	struct strbuf line = STRBUF_INIT;

	if (f->md) {
		sb_putc(out, '\n'); /* a table opens a block of its own, never inside a paragraph */
		md_table(rows, nrows, ncols, NULL, out);
		return;
	}
	for (int r = 0; r < nrows; r++)
		for (int c = 0; c < ncols; c++)
			w[c] = w[c] > (int)strlen(rows[r].c[c]) ? w[c] : (int)strlen(rows[r].c[c]);
	for (int c = 1; c < ncols; c++)
		if (2 + w[0] + 2 + w[c] > f->width) {
			list_layout(rows, nrows, ncols, f->width, out);
			return;
		}
	for (int c0 = 1; c0 < ncols;) {
		int c1 = c0 + 1, used = 2 + w[0] + 2 + w[c0];

		while (c1 < ncols && used + 2 + w[c1] <= f->width)
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

/* "  [3] text" with its continuation lines under the text, to width (markdown: a list item). */
static void note_line(const struct rform *f, struct strbuf *out, const char *mark, const char *text)
{
	struct strbuf t = STRBUF_INIT;
	int hang = 3 + (int)strlen(mark);
	const char *p;

	if (f->md) {
		sb_printf(out, "- %s %s\n", mark, text);
		return;
	}
	wrap_text(&t, text, f->width - hang > 20 ? f->width - hang : 20, 0);
	for (p = sb_str(&t); *p; p += *p == '\n') {
		size_t n = strcspn(p, "\n");

		if (p == sb_str(&t))
			sb_printf(out, "  %s %.*s\n", mark, (int)n, p);
		else
			sb_printf(out, "%*s%.*s\n", hang, "", (int)n, p);
		p += n;
	}
	sb_free(&t);
}

/* --- notes: the reasons a table's marks point to, each once --- */

#define NOTES_MAX 48

struct notes {
	const char *text[NOTES_MAX];
	char own[NOTES_MAX][240]; /* a note built here (an n/a's reason, a fit) */
	int n;
};

/* The note's number from 1 (the same text, the same number); 0 when full. */
static int note_add(struct notes *ns, const char *text)
{
	for (int i = 0; i < ns->n; i++)
		if (!strcmp(ns->text[i], text))
			return i + 1;
	if (ns->n == NOTES_MAX)
		return 0;
	snprintf(ns->own[ns->n], sizeof(ns->own[0]), "%s", text);
	ns->text[ns->n] = ns->own[ns->n];
	return ++ns->n;
}

static void notes_print(const struct rform *f, const struct notes *ns, struct strbuf *out)
{
	for (int i = 0; i < ns->n; i++) {
		char mark[16];

		snprintf(mark, sizeof(mark), "[%d]", i + 1);
		note_line(f, out, mark, ns->text[i]);
	}
}

/* --- the points --- */

void report_points(const struct rform *f, const struct patch_desc *d, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;

	if (!d->points || !d->points[0])
		return;
	rf_heading(f, out, "What a maintainer leads with");
	for (int i = 0; d->points[i]; i++)
		sb_printf(&t, "- %s\n", d->points[i]);
	rf_para(f, out, sb_str(&t));
	sb_free(&t);
}

/* --- the claims --- */

/* "line 30" -> "30", "lines 22, 24" -> "22, 24", "cover letter" -> "cover" */
static const char *where_short(const char *w, char *buf, size_t len)
{
	if (!strncmp(w, "lines ", 6))
		w += 6;
	else if (!strncmp(w, "line ", 5))
		w += 5;
	if (w[0] >= '0' && w[0] <= '9') {
		snprintf(buf, len, "%s", w);
	} else { /* its first word; a path by its file's name (Documentation/.../net.rst: net.rst) */
		size_t n = strcspn(w, " ,;");
		const char *slash = memchr(w, '/', n);

		while (slash && memchr(slash + 1, '/', n - (size_t)(slash + 1 - w)))
			slash = memchr(slash + 1, '/', n - (size_t)(slash + 1 - w));
		if (slash) {
			n -= (size_t)(slash + 1 - w);
			w = slash + 1;
		}
		snprintf(buf, len, "%.*s", (int)n, w);
	}
	return buf;
}

/* s in a cell of len bytes: whole, or cut after a word with "..." (json and about --claims keep it whole) */
static void cut_at_word(const char *s, char *cell, size_t len)
{
	size_t n = strlen(s), k;

	if (n < len) {
		memcpy(cell, s, n + 1);
		return;
	}
	for (k = len - 4; k > 0 && s[k] != ' '; k--)
		;
	if (!k) /* one word longer than the cell: cut it, the dots still say so */
		k = len - 4;
	while (k > 0 && strchr(" .,;:", s[k - 1])) /* the dots stand for the rest: no stop before them */
		k--;
	memcpy(cell, s, k);
	memcpy(cell + k, "...", 4);
}

/* The claims' cells: where, the mail's words, batchlab's figure, the verdict word with its note's number. */
static void claim_cells(const struct claim_row *row, struct notes *ns, const struct rform *f, struct trow *r)
{
	const char *note = row->err[0] ? row->err : row->c->note;
	char k[16] = "";

	where_short(row->c->where, r->c[0], RCELL);
	cut_at_word(row->c->said, r->c[1], RCELL);
	snprintf(r->c[2], RCELL, "%s", row->got);
	if (f->md) { /* a cell holds the whole verdict */
		snprintf(r->c[3], RCELL, "%s", row->word);
		return;
	}
	if (note || row->r.extrapolated || row->untested) {
		char t[600];

		snprintf(t, sizeof(t), "%s%s%s%s%s", note ? note : "", note && row->r.extrapolated ? "; " : "",
			 row->r.extrapolated ? "extrapolated outside the model's fit" : "",
			 (note || row->r.extrapolated) && row->untested ? "; " : "",
			 row->untested ? "rests on no held-out test" : "");
		snprintf(k, sizeof(k), " [%d]", note_add(ns, t));
	}
	snprintf(r->c[3], RCELL, "%s%s", row->word, k);
}

/* Text: the mail's words wrap in their column, so a row fits the width. */
static void claims_text_table(const struct rform *f, const struct trow *rows, int n, struct strbuf *out)
{
	int w[4] = { 0 }, said;

	for (int r = 0; r <= n; r++)
		for (int c = 0; c < 4; c++)
			w[c] = w[c] > (int)strlen(rows[r].c[c]) ? w[c] : (int)strlen(rows[r].c[c]);
	said = f->width - (2 + w[0] + 2 + 2 + w[2] + 2 + w[3]);
	if (said < 16) { /* too narrow for the columns: a row as a list */
		list_layout(rows, n + 1, 4, f->width, out);
		return;
	}
	w[1] = w[1] < said ? w[1] : said;
	for (int r = 0; r <= n; r++) {
		struct strbuf t = STRBUF_INIT;
		const char *p;
		int first = 1;

		wrap_text(&t, rows[r].c[1], w[1], 0);
		for (p = sb_str(&t); first || *p; first = 0) {
			size_t k = strcspn(p, "\n");
			struct strbuf line = STRBUF_INIT;

			sb_printf(&line, "  %-*s  %-*.*s", w[0], first ? rows[r].c[0] : "", w[1], (int)k, p);
			if (first)
				sb_printf(&line, "  %*s  %s", w[2], rows[r].c[2], rows[r].c[3]);
			tline(out, &line);
			sb_free(&line);
			p += k + (p[k] == '\n');
		}
		sb_free(&t);
	}
}

void report_claims(const struct rform *f, const struct patch_set *ps, const struct patch_desc *d, struct strbuf *out)
{
	struct claim_row *rows;
	int n = claims_check(ps, d, &rows);
	struct trow *cells;
	struct notes ns = { .n = 0 };
	char head[300], tally[120];
	int lines = 0;

	if (!n)
		return;
	cells = calloc((size_t)n + 1, sizeof(*cells));
	if (!cells) {
		free(rows);
		return;
	}
	claims_tally(rows, n, tally, sizeof(tally));
	snprintf(head, sizeof(head), "Claims: %s (about %s --claims)", tally, d->id);
	rf_heading(f, out, head);
	snprintf(cells[0].c[0], RCELL, "line");
	snprintf(cells[0].c[1], RCELL, "the mail says");
	snprintf(cells[0].c[2], RCELL, "batchlab");
	snprintf(cells[0].c[3], RCELL, "verdict");
	for (int i = 0; i < n; i++) {
		claim_cells(&rows[i], &ns, f, &cells[i + 1]);
		lines += isdigit((unsigned char)cells[i + 1].c[0][0]) != 0;
	}
	if (!lines) /* no claim names a line: the column says where in the thread each is */
		snprintf(cells[0].c[0], RCELL, "where");
	if (f->md) {
		md_table(cells, n + 1, 4, "llrl", out);
		sb_putc(out, '\n');
		for (int i = 0; i < n; i++) /* the reasons, a row's each, under the table */
			if (strcmp(rows[i].verdict, "holds"))
				sb_printf(out, "- %s (%s): %s\n", rows[i].c->said, rows[i].c->where, rows[i].verdict);
	} else {
		claims_text_table(f, cells, n, out);
		notes_print(f, &ns, out);
	}
	free(cells);
	free(rows);
}

/* --- the gains and prices --- */

int report_is_share(const struct metric_desc *md)
{
	return !md->single && md->better == BETTER_HIGHER && !strcmp(md->unit, "%");
}

int report_is_priced(const struct metric_desc *md)
{
	return md->better != BETTER_NONE && !report_is_share(md) && !md->list;
}

/* A value cell: n/a pointing to its reason, a model outside its fit marked '!'. */
static void value_cell(const struct machine *m, const struct metric_desc *md, struct value v, struct notes *ns,
		       char *buf, size_t len)
{
	render_human(v, md->unit, buf, len);
	if (v.kind == VAL_NONE && v.why) {
		char t[240];

		snprintf(t, sizeof(t), "n/a: %s", v.why);
		snprintf(buf, len, "n/a [%d]", note_add(ns, t));
	} else if (model_extrapolated(m, md) && strlen(buf) + 1 < len) {
		strcat(buf, "!");
	}
}

/* compare-kernels' cell: the value and its change against the baseline, "?" where the model cannot tell. */
static void compare_cell(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md, int side,
			 struct notes *ns, char *buf, size_t len)
{
	struct value v = metric_compute(m, d, md, side, NULL), b = metric_compute(m, d, md, d->before, NULL);
	double x = value_real(v), base = value_real(b), pct;
	char val[RCELL];

	value_cell(m, md, v, ns, val, sizeof(val));
	if (md->single || isnan(x) || isnan(base) || isinf(x) || isinf(base) || base == 0) {
		snprintf(buf, len, "%s", val);
		return;
	}
	pct = (x / base - 1) * 100;
	if (side == d->before) { /* the baseline, as compare-kernels prints it */
		snprintf(buf, len, "%.40s (0.00%%)", val);
		return;
	}
	snprintf(buf, len, "%.40s (%+.2f%%)%s", val, pct,
		 md->kind == METRIC_MODELED && side != d->before &&
				 (md->unresolved || (md->fit && fabs(pct) < md->fit->err_pct))
			 ? "?"
			 : "");
}

/* The side in column k: the patch's order, but compare-kernels' baseline (before) first. */
static int col_side(const struct rform *f, const struct patch_desc *d, int k)
{
	if (!f->compare || d->before == 0)
		return k;
	return k == 0 ? d->before : k <= d->before ? k - 1 : k;
}

/* One metric's cells on one machine: every column, then the change with its gain (+) or price (-). */
static void gain_cells(const struct rform *f, const struct machine *m, const struct patch_desc *d,
		       const struct metric_desc *md, struct notes *ns, struct trow *r)
{
	int ncols = patch_ncols(m, d);
	enum verdict vd;
	char ch[RCELL];

	snprintf(r->c[0], RCELL, "%c %s", compare_kind_mark(md->kind), md->name);
	if (md->single) {
		struct value v = md->fn(m, md, 0, NULL);

		/* a ratio after / before is a change: in the change column, above 1 the gain */
		value_cell(m, md, v, ns, r->c[f->compare ? 1 : ncols + 1], RCELL - 3);
		if (!f->compare && v.kind == VAL_REAL && v.r != 1)
			strcat(r->c[ncols + 1], (v.r > 1) == (md->better == BETTER_HIGHER) ? " +" : " -");
		return;
	}
	for (int s = 0; s < ncols; s++)
		if (f->compare)
			compare_cell(m, d, md, col_side(f, d, s), ns, r->c[1 + s], RCELL);
		else
			value_cell(m, md, metric_compute(m, d, md, s, NULL), ns, r->c[1 + s], RCELL);
	if (f->compare)
		return;
	vd = render_change(md, md->fn(m, md, d->before, NULL), md->fn(m, md, d->after, NULL), ch, sizeof(ch));
	snprintf(r->c[1 + ncols], RCELL, "%.56s%s", ch, vd == VERDICT_BETTER ? " +" : vd == VERDICT_WORSE ? " -" : "");
}

static int table_cols(const struct rform *f, const struct machine *m, const struct patch_desc *d)
{
	return 1 + patch_ncols(m, d) + !f->compare;
}

static void table_head(const struct rform *f, const struct machine *m, const struct patch_desc *d, const char *label,
		       struct trow *r)
{
	int ncols = patch_ncols(m, d);

	memset(r, 0, sizeof(*r));
	snprintf(r->c[0], RCELL, "%s", label);
	for (int s = 0; s < ncols; s++)
		snprintf(r->c[1 + s], RCELL, "%s", patch_col_name(m, d, col_side(f, d, s)));
	if (!f->compare)
		snprintf(r->c[1 + ncols], RCELL, "change");
}

/* Is md's row the same on every machine of set (a batch that does not read the machine's size)? */
static int shared_row(const struct rform *f, const struct compare_set *set, const struct patch_desc *d,
		      const struct metric_desc *md)
{
	struct notes scratch = { .n = 0 };
	struct trow a, b;

	if (set->n < 2)
		return 0;
	memset(&a, 0, sizeof(a));
	gain_cells(f, &set->st[0].m, d, md, &scratch, &a);
	for (int g = 1; g < set->n; g++) {
		memset(&b, 0, sizeof(b));
		gain_cells(f, &set->st[g].m, d, md, &scratch, &b);
		if (memcmp(&a, &b, sizeof(a)))
			return 0;
	}
	return 1;
}

/*
 * One group's table, headed by label: the metrics of d that are shared
 * (shared = 1) or not, on machine m; its n/a reasons under it (a model
 * beyond its measured machines: gains_beyond()).
 */
static void group_table(const struct rform *f, const struct compare_set *set, const struct machine *m,
			const struct patch_desc *d, int shared, const char *label, struct strbuf *out)
{
	struct trow *rows;
	struct notes ns = { .n = 0 };
	int nrows = 1;

	for (const struct metric_desc *md = d->metrics; md->name; md++)
		nrows += report_is_priced(md);
	rows = calloc((size_t)nrows, sizeof(*rows));
	if (!rows)
		return;
	table_head(f, m, d, label, &rows[0]);
	nrows = 1;
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		if (!report_is_priced(md) || shared_row(f, set, d, md) != shared)
			continue;
		gain_cells(f, m, d, md, &ns, &rows[nrows++]);
	}
	if (nrows > 1)
		rf_table(f, rows, nrows, table_cols(f, m, d), out);
	notes_print(f, &ns, out);
	free(rows);
}

/* A machine's name in a table's first column: a preset given as a path by its file's name. */
static const char *short_label(const char *label)
{
	const char *slash = strrchr(label, '/');

	return slash && slash[1] ? slash + 1 : label;
}

/* "laptop-8c-16g 8 CPUs 16 GiB" (", 64 KiB pages" with page), the machine as its table's heading leaves it out */
static void machine_words(const struct compare_state *st, int page, struct strbuf *out)
{
	char cpus[48], ram[48], pg[48];

	param_format_human(&st->m, param_find("cpus"), cpus, sizeof(cpus));
	param_format_human(&st->m, param_find("ram"), ram, sizeof(ram));
	param_format_human(&st->m, param_find("pagesize"), pg, sizeof(pg));
	sb_printf(out, "%s %s CPUs %s%s%s%s", short_label(st->label), cpus, ram, page ? ", " : "", page ? pg : "", page ? " pages" : "");
}

/* "! beyond the measured machines: throughput (measured ...) here cpus = 8 (laptop), ...; speedup ...". */
static void gains_beyond(const struct compare_set *set, const struct patch_desc *d, struct strbuf *ext)
{
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		int any = 0;

		if (!report_is_priced(md))
			continue;
		for (int g = 0; g < set->n; g++) {
			const struct machine *m = &set->st[g].m;

			if (!model_extrapolated(m, md))
				continue;
			sb_printf(ext, "%s%s", any ? ", " : ext->len ? "; " : "", any ? "" : md->name);
			if (!any++)
				sb_printf(ext, " %s; here %s = ", md->fit->what, md->fit->key);
			sb_printf(ext, "%llu (%s)", (unsigned long long)param_u64(m, param_find(md->fit->key)),
				  short_label(set->st[g].label));
		}
	}
}

/* The models' held-out error under the tables (lang/validation.c), and which figures rest on no held-out test. */
static void gains_validation(const struct rform *f, const struct patch_desc *d, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT, none = STRBUF_INIT;

	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		const struct measured_band *b = validation_band(d, md);

		if (b && b->held)
			sb_printf(&t, "%s%s %+.1f%%..%+.1f%% over %d row%s", t.len ? "; " : "", md->name, b->lo_pct, b->hi_pct,
				  b->held, b->held == 1 ? "" : "s");
		else if (b)
			sb_printf(&none, "%s%s", none.len ? ", " : "", md->name);
	}
	if (t.len || none.len) {
		struct strbuf w = STRBUF_INIT;

		sb_printf(&w, "held-out error, model vs measured (about %s --validation): %s%s%s", d->id,
			  t.len ? sb_str(&t) : "none", none.len ? "; resting on no held-out test: " : "", sb_str(&none));
		note_line(f, out, "~", sb_str(&w));
		sb_free(&w);
	}
	sb_free(&t);
	sb_free(&none);
}

void report_gains(const struct rform *f, const struct compare_set *set, const struct patch_desc *d,
		  struct strbuf *out)
{
	struct strbuf ext = STRBUF_INIT, t = STRBUF_INIT;
	int any_shared = 0, pages_differ = 0;
	char page[48];

	for (const struct metric_desc *md = d->metrics; md->name; md++)
		any_shared |= report_is_priced(md) && shared_row(f, set, d, md);
	rf_heading(f, out,
		   f->compare ? "Gains and prices, compare-kernels style: the baseline first, each column's change "
				"against it (? a model's change under its stated error; ! a model beyond every "
				"measured machine; ~ model, * workload)"
			      : "Gains (+) and prices (-), before -> after (~ model, * workload, ! a model beyond "
				"every measured machine)");
	param_format_human(&set->st[0].m, param_find("pagesize"), page, sizeof(page));
	for (int g = 1; g < set->n; g++) { /* one page size for all, or each machine's */
		char pg[48];

		param_format_human(&set->st[g].m, param_find("pagesize"), pg, sizeof(pg));
		pages_differ |= strcmp(pg, page) != 0;
	}
	sb_puts(&t, "Machines: ");
	for (int g = 0; g < set->n; g++) {
		sb_puts(&t, g ? "; " : "");
		machine_words(&set->st[g], pages_differ, &t);
	}
	if (!pages_differ)
		sb_printf(&t, " (%s pages)", page);
	sb_puts(&t, ".\n");
	rf_para(f, out, sb_str(&t));
	if (any_shared)
		group_table(f, set, &set->st[0].m, d, 1, set->n > 1 ? "on every machine" : set->st[0].label, out);
	for (int g = 0, blocks = 0; g < set->n; g++) {
		size_t from, before = out->len;

		/* each table is headed by its machine; a blank line only after one that went on in blocks */
		sb_puts(out, f->md || f->compare || blocks || (any_shared && !g) ? "\n" : "");
		from = out->len;
		group_table(f, set, &set->st[g].m, d, 0, short_label(set->st[g].label), out);
		blocks = strstr(out->buf + from, "\n\n") != NULL;
		if (out->len == from) { /* every row was shared: no table, and no blank line for it */
			out->len = before;
			out->buf[before] = '\0';
		}
	}
	gains_beyond(set, d, &ext);
	if (ext.len) {
		if (f->md)
			sb_putc(out, '\n');
		note_line(f, out, "!", sb_str(&ext));
	}
	gains_validation(f, d, out);
	sb_free(&ext);
	sb_free(&t);
}

/* --- what more than one section reads --- */

/*
 * The patch's status: the release whose row in the patch's history tables
 * (core/mm/release.h) is the seed's change - "(seed NNN)" in what it says -
 * else the first clause of the about page's "Status: ...".
 */
void report_status(const struct patch_desc *d, char *buf, size_t len)
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

int report_patch_reads(const struct patch_desc *d, const char *key)
{
	for (const struct metric_desc *md = d->metrics; md->name; md++)
		if (metric_reads(md, key))
			return 1;
	return 0;
}

/* Not the machine's size (the tables show that): a workload assumption or a fitted constant. */
int report_is_assumption(const struct param *p)
{
	return strcmp(p->group, "machine") != 0;
}

/*
 * What a workload metric rests on besides the parameters: a patch file's assume line, or, for a
 * built-in metric that reads no workload parameter, the workload its code fixes (explain states
 * it). NULL for any other metric. name gets PATCH.METRIC.
 */
const char *report_metric_assumption(const struct patch_desc *d, const struct metric_desc *md, char *name,
				     size_t len, char *buf, size_t buflen)
{
	const struct mmpatch *mp = mmpatch_of(d);

	if (md->kind != METRIC_WORKLOAD)
		return NULL;
	snprintf(name, len, "%s.%s", d->id, md->name);
	if (mp)
		return mp->metrics[md - d->metrics].assume;
	for (size_t i = 0; i < nparams; i++)
		if (report_is_assumption(&params[i]) && metric_reads(md, params[i].name))
			return NULL;
	snprintf(buf, buflen, "a workload its code fixes (explain %s.%s%s%s states it)", d->id, md->name,
		 md->single ? "" : ".", md->single ? "" : d->sides[d->after]);
	return buf;
}

/* One paragraph wrapped to width. */
void report_para(struct strbuf *out, int width, const char *fmt, ...)
{
	char t[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t, sizeof(t), fmt, ap);
	va_end(ap);
	wrap_text(out, t, width, 0);
}
