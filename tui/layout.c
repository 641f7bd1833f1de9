#include "layout.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../core/units.h"
#include "../core/utf8.h"
#include "../lang/out/render.h"

size_t rows_machine(struct row *out, size_t max)
{
	const char *group = NULL;
	size_t n = 0;

	for (size_t i = 0; i < nparams; i++) {
		if (!group || strcmp(group, params[i].group)) {
			group = params[i].group;
			if (out && n < max)
				out[n] = (struct row){ .kind = ROW_GROUP, .group = group };
			n++;
		}
		if (out && n < max)
			out[n] = (struct row){ .kind = ROW_PARAM, .group = group, .param = &params[i], .serial = (int)i };
		n++;
	}
	return n;
}

static void put_row(struct row *out, size_t max, size_t *n, struct row r)
{
	if (out && *n < max)
		out[*n] = r;
	(*n)++;
}

size_t rows_patches(const struct patch_set *ps, struct row *out, size_t max, enum patch_detail detail)
{
	const struct patch_desc *const *patches = patch_set_list(ps);
	size_t n = 0;
	int serial = 0;

	for (int i = 0; patches[i]; i++) {
		const struct patch_desc *d = patches[i];

		if (i && detail == DETAIL_FULL)
			put_row(out, max, &n, (struct row){ .kind = ROW_BLANK, .patch = d });
		put_row(out, max, &n, (struct row){ .kind = ROW_PATCH, .patch = d });
		if (detail != DETAIL_COMPACT)
			put_row(out, max, &n, (struct row){ .kind = ROW_TITLE, .patch = d });
		for (const struct metric_desc *md = d->metrics; md->name; md++)
			put_row(out, max, &n, (struct row){ .kind = ROW_METRIC, .patch = d, .metric = md,
							    .serial = serial++ });
	}
	return n;
}

enum patch_detail patch_detail_for(const struct patch_set *ps, int height)
{
	if (height >= 0 && rows_patches(ps, NULL, 0, DETAIL_FULL) <= (size_t)height)
		return DETAIL_FULL;
	if (height >= 0 && rows_patches(ps, NULL, 0, DETAIL_TITLES) <= (size_t)height)
		return DETAIL_TITLES;
	return DETAIL_COMPACT;
}

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

/* The widest names the tables hold, so a new key or metric widens its column by itself. */
static void table_widths(const struct patch_set *ps, int *param_name, int *metric_name, int *unit, int *nsides)
{
	const struct patch_desc *const *patches = patch_set_list(ps);

	*param_name = *metric_name = *unit = *nsides = 0;
	for (size_t i = 0; i < nparams; i++)
		*param_name = max_int(*param_name, (int)strlen(params[i].name));
	for (int i = 0; patches[i]; i++) {
		*nsides = max_int(*nsides, patch_nsides(patches[i]));
		for (const struct metric_desc *md = patches[i]->metrics; md->name; md++) {
			*metric_name = max_int(*metric_name, (int)strlen(md->name));
			*unit = max_int(*unit, (int)strlen(md->unit));
		}
	}
}

#define GAP 2 /* between the machine panel and the patch panel */

static int machine_width(const struct layout *L)
{
	return 1 + L->mname_w + 1 + L->mval_w;
}

static int patch_width(const struct layout *L)
{
	return 2 + L->pname_w + L->nsides * (1 + L->pval_w) + 2 + L->pchange_w + L->nvar * (1 + L->pval_w);
}

/* Side by side, both panels and the gap; one at a time, the wider of the two. */
static int needed(const struct layout *L)
{
	if (L->single)
		return max_int(machine_width(L), patch_width(L));
	return machine_width(L) + GAP + patch_width(L);
}

/*
 * Narrow the columns until the panels fit in cols (0: as narrow as they go).
 * Side by side stops at the first `comfortable` steps: past them values and
 * names are cut, and one panel at a time shows them whole instead.
 */
#define COMFORTABLE 6
static void shrink_to(struct layout *L, int cols, size_t steps)
{
	/*
	 * what gives way first: room for 1.153e+18, long machine values, the change text, names;
	 * then the longest parameter name by two (as the table has it: watermark_scale_factor,
	 * the kernel's 22 letters, today) before the panels go one at a time
	 */
	int longest, metric_w, unit_w, nsides;

	table_widths(L->set, &longest, &metric_w, &unit_w, &nsides);
	struct { int *w, min; } shrink[] = {
		{ &L->pval_w, 8 }, { &L->mval_w, 22 }, { &L->pchange_w, 12 }, { &L->mval_w, 14 }, { &L->pname_w, 14 },
		{ &L->mname_w, longest - 2 }, { &L->pchange_w, 8 }, { &L->pval_w, 7 }, { &L->pname_w, 10 }, { &L->mname_w, 12 },
	};

	for (size_t i = 0; i < sizeof(shrink) / sizeof(shrink[0]) && i < steps; i++)
		while (needed(L) > cols && *shrink[i].w > shrink[i].min)
			(*shrink[i].w)--;
}

static void initial_widths(struct layout *L, int *unit_w)
{
	table_widths(L->set, &L->mname_w, &L->pname_w, unit_w, &L->nsides);
	L->mval_w = 30;    /* "auto: 66060288 pages (252 GiB)" */
	L->pval_w = 9;     /* "1008 MiB", "1.153e+18" */
	L->pchange_w = 16; /* "+204700% (x2048)" */
}

int layout_compute(struct layout *L, const struct patch_set *ps, int cols, int lines)
{
	struct layout narrowest;
	int unit_w;

	memset(L, 0, sizeof(*L));
	L->set = ps;
	L->cols = cols;
	L->lines = lines;
	initial_widths(L, &unit_w);
	narrowest = *L;
	narrowest.single = 1;
	shrink_to(&narrowest, 0, (size_t)-1);
	L->min_cols = needed(&narrowest);
	L->min_lines = LAYOUT_CHROME_LINES + LAYOUT_MIN_PANEL_LINES;
	shrink_to(L, cols, COMFORTABLE);
	if (needed(L) > cols) {
		/* side by side does not fit (80 columns): one panel at a time, each the whole width, Tab between */
		initial_widths(L, &unit_w);
		L->single = 1;
		shrink_to(L, cols, (size_t)-1);
	}

	L->top = 1;
	L->height = lines - LAYOUT_CHROME_LINES;
	L->footer_y = lines - 2;
	L->status_y = lines - 1;
	L->mx = 0;
	L->mw = L->single ? cols : machine_width(L);
	L->px = L->single ? 0 : L->mw + GAP;
	L->pw = cols - L->px;
	if (L->pw - patch_width(L) >= 1 + unit_w)
		L->punit_w = unit_w;
	if (cols < L->min_cols || lines < L->min_lines) {
		L->too_small = 1;
		return -1;
	}
	return 0;
}

int layout_side_x(const struct layout *L, int s, int nsides)
{
	/* sides fill the columns from the right, so `after` (and decay) always sits next to the change */
	return L->px + 2 + L->pname_w + 1 + (L->nsides - nsides + s) * (L->pval_w + 1);
}

int layout_change_x(const struct layout *L)
{
	return layout_side_x(L, L->nsides, L->nsides) + 1;
}

int layout_var_x(const struct layout *L, int k)
{
	return layout_change_x(L) + L->pchange_w + 1 + k * (L->pval_w + 1);
}

int layout_unit_x(const struct layout *L)
{
	return layout_var_x(L, L->nvar);
}

void layout_variants(struct layout *L, int want)
{
	int pname_w, unit_w, nsides, mname_w;

	table_widths(L->set, &mname_w, &pname_w, &unit_w, &nsides);
	L->nvar_all = want;
	/* one variant column at least: the other columns give way for it as they do for a narrow screen */
	L->nvar = want > 0;
	shrink_to(L, L->cols, (size_t)-1);
	if (needed(L) > L->cols)
		L->nvar = 0; /* not even at the narrowest: the variants stay in show and explain */
	while (L->nvar < want && needed(L) + L->pval_w + 1 <= L->cols)
		L->nvar++;
	L->mw = L->single ? L->cols : machine_width(L);
	L->px = L->single ? 0 : L->mw + GAP;
	L->pw = L->cols - L->px;
	L->punit_w = L->pw - patch_width(L) >= 1 + unit_w ? unit_w : 0;
}

int layout_scroll(int first, int cursor, int height, int total)
{
	if (height <= 0 || total <= height)
		return 0;
	if (cursor < first)
		first = cursor;
	else if (cursor >= first + height)
		first = cursor - height + 1;
	if (first > total - height)
		first = total - height;
	return first < 0 ? 0 : first;
}

/* A value in at most width columns: the short form (the unit has its own column), big counts with a prefix. */
static void value_text(struct value v, const char *unit, int width, char *buf, size_t len)
{
	fmt_human_short(v, unit, width, buf, len);
}

static void cells_start(const struct metric_desc *md, struct metric_cells *c)
{
	memset(c, 0, sizeof(*c));
	c->modeled = md->kind == METRIC_MODELED;
	c->workload = md->kind == METRIC_WORKLOAD;
}

/* a ratio or a context figure: one value, placed where `show` puts it */
static void cells_single(const struct patch_desc *d, const struct metric_desc *md, struct value v, int width,
			 struct metric_cells *c)
{
	cells_start(md, c);
	c->v[0] = v;
	c->in_change = patch_nsides(d) > 1;
	if (c->in_change)
		fmt_human_short(v, md->unit, 0, c->change, sizeof(c->change));
	else
		value_text(v, md->unit, width, c->side[0], sizeof(c->side[0]));
}

void cells_ratio(const struct patch_desc *d, const struct metric_desc *md, const struct metric_cells *of, int width,
		 struct metric_cells *c)
{
	cells_single(d, md, metric_ratio(of->v[d->before], of->v[d->after]), width, c);
}

void cells_metric(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md, int width,
		  struct metric_cells *c)
{
	int nsides = patch_nsides(d), ncols = patch_ncols(m, d);
	struct value v[PATCH_MAX_COLS];

	if (md->single) {
		cells_single(d, md, md->fn(m, md, 0, NULL), width, c);
		return;
	}
	cells_start(md, c);
	/* every side in one call where the metric offers it: a model's sides solved side by side, not one after another */
	if (md->fn_sides)
		md->fn_sides(m, v);
	for (int s = 0; s < nsides && s < PATCH_MAX_SIDES; s++) {
		if (!md->fn_sides)
			v[s] = md->fn(m, md, s, NULL);
		c->v[s] = v[s];
		value_text(v[s], md->unit, width, c->side[s], sizeof(c->side[s]));
	}
	/* the user's variants of the patch, in their own columns */
	for (int s = nsides; s < ncols && s < PATCH_MAX_COLS; s++) {
		v[s] = metric_compute(m, d, md, s, NULL);
		value_text(v[s], md->unit, width, c->side[s], sizeof(c->side[s]));
	}
	if (nsides > 1) {
		c->verdict = render_change(md, v[d->before], v[d->after], c->change, sizeof(c->change));
		c->direction = isnan(value_real(v[d->before])) || isnan(value_real(v[d->after])) ||
					       value_real(v[d->before]) == value_real(v[d->after])
				       ? 0
				       : value_real(v[d->after]) > value_real(v[d->before]) ? 1 : -1;
	}
}

void cells_memo_init(struct cells_memo *mm, const struct metric_desc *md)
{
	const char *w = md->reads;

	memset(mm, 0, sizeof(*mm));
	mm->cells_size = sizeof(mm->slot[0].cells);
	if (!w) {
		mm->nreads = -1;
		return;
	}
	while (*w) {
		char name[64];
		size_t n = strcspn(w, " ");
		const struct param *p;

		if (n && n < sizeof(name)) {
			memcpy(name, w, n);
			name[n] = '\0';
			p = param_find(name);
			if (!p || mm->nreads == CELLS_MEMO_READS) {
				mm->nreads = -1; /* a name test_patch would reject, or too many: never trust the memo */
				return;
			}
			mm->reads[mm->nreads++] = p;
		}
		w += n;
		w += *w == ' ';
	}
}

/* The inputs as words: each parameter's stored value (auto is 0) and what it stands for. */
static void memo_inputs(const struct cells_memo *mm, const struct machine *m, uint64_t *in)
{
	for (int k = 0; k < mm->nreads; k++) {
		const struct param *p = mm->reads[k];

		if (p->type == PT_REAL) {
			double r = param_real(m, p);

			memcpy(&in[2 * k], &r, sizeof(r));
			in[2 * k + 1] = 0;
		} else {
			memcpy(&in[2 * k], (const char *)m + p->offset, sizeof(uint64_t));
			in[2 * k + 1] = param_u64(m, p);
		}
	}
}

/* n words alike: a dozen at most, compared in line (a libc memcmp call costs more than the words) */
static int same_words(const uint64_t *a, const uint64_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

void cells_metric_memo(struct cells_memo *mm, const struct machine *m, const struct patch_desc *d,
		       const struct metric_desc *md, int width, struct metric_cells *c)
{
	uint64_t in[2 * CELLS_MEMO_READS];
	size_t len;
	int s;

	/* a variant reads what its expression names, which md->reads does not list: no memo for the patch then */
	if (mm->nreads < 0 || patch_ncols(m, d) > patch_nsides(d)) {
		cells_metric(m, d, md, width, c);
		return;
	}
	len = 2 * (size_t)mm->nreads;
	memo_inputs(mm, m, in);
	/* the slot the last call used first: a key moves one parameter, and most rows do not read it */
	for (int t = 0; t < CELLS_MEMO_SLOTS; t++) {
		s = (mm->last + t) % CELLS_MEMO_SLOTS;
		if (mm->slot[s].used && mm->slot[s].width == width && same_words(mm->slot[s].in, in, len)) {
			memcpy(c, &mm->slot[s].cells, mm->cells_size);
			mm->hits++;
			mm->last = s;
			return;
		}
	}
	cells_metric(m, d, md, width, c);
	s = mm->next;
	mm->last = s;
	mm->next = (s + 1) % CELLS_MEMO_SLOTS;
	mm->slot[s].used = 1;
	mm->slot[s].width = width;
	memcpy(mm->slot[s].in, in, len * sizeof(in[0]));
	memcpy(&mm->slot[s].cells, c, mm->cells_size);
	mm->misses++;
}

void param_text_fit(const struct machine *m, const struct param *p, const char *text, int width, char *out,
		    size_t len)
{
	char alt[3][64];
	int n = 0;

	if (utf8_width(text, strlen(text)) <= width) {
		snprintf(out, len, "%s", text);
		return;
	}
	if (p->type == PT_PAGES) {
		uint64_t raw, v = param_u64(m, p);
		const char *tag;

		memcpy(&raw, (const char *)m + p->offset, sizeof(raw));
		tag = (p->flags & PF_AUTO) && !raw ? "auto: " : "";
		snprintf(alt[n++], sizeof(alt[0]), "%s%llu pages", tag, (unsigned long long)v);
		snprintf(alt[n++], sizeof(alt[0]), "%s%llup", tag, (unsigned long long)v);
	}
	param_format_input(m, p, alt[n++], sizeof(alt[0])); /* as typed: "auto", "1032192p", "4294967296" */
	for (int i = 0; i < n; i++)
		if (utf8_width(alt[i], strlen(alt[i])) <= width) {
			snprintf(out, len, "%s", alt[i]);
			return;
		}
	snprintf(out, len, "%s", text);
}

void param_text_memo(struct param_memo *pm, const struct machine *m, const struct param *p, char *buf, size_t len)
{
	uint64_t in[3];

	if (p->type == PT_REAL) {
		double r = param_real(m, p);

		memcpy(&in[0], &r, sizeof(r));
		in[1] = 0;
	} else {
		memcpy(&in[0], (const char *)m + p->offset, sizeof(uint64_t));
		in[1] = param_u64(m, p);
	}
	in[2] = m->pagesize; /* page counts are shown in bytes too */
	if (!pm->used || memcmp(pm->in, in, sizeof(in))) {
		param_format_human(m, p, pm->text, sizeof(pm->text));
		memcpy(pm->in, in, sizeof(in));
		pm->used = 1;
	}
	if (len) {
		size_t n = strlen(pm->text);

		n = n < len - 1 ? n : len - 1;
		memcpy(buf, pm->text, n);
		buf[n] = '\0';
	}
}

void cells_change_text(const struct metric_cells *c, int colour, int utf8, int width, char *buf, size_t len)
{
	const char *word = verdict_word(c->verdict);
	int n = (int)strlen(c->change);

	if (colour || !*word || c->in_change) {
		snprintf(buf, len, "%s", c->change);
		return;
	}
	if (width <= 0 || n + 1 + (int)strlen(word) <= width)
		snprintf(buf, len, "%s %s", c->change, word);
	else if (utf8 && n + 4 <= width) /* U+2713 check mark, U+2717 ballot x: one column, three bytes */
		snprintf(buf, len, "%s %s", c->change, c->verdict == VERDICT_BETTER ? "\xe2\x9c\x93" : "\xe2\x9c\x97");
	else
		snprintf(buf, len, "%s %c", c->change, c->verdict == VERDICT_BETTER ? '+' : '!');
}

void fit_text(char *dst, size_t dstlen, const char *src, int width, int right)
{
	size_t len = strlen(src), keep;
	int n, pad;

	if (!dstlen)
		return;
	if (width < 0)
		width = 0;
	if ((size_t)width >= dstlen)
		width = (int)dstlen - 1;
	n = utf8_width(src, len);
	if (n > width || len >= dstlen) {
		/* cut on a character, never inside one, and mark the cut */
		int cols = width ? width - 1 : 0;

		keep = utf8_prefix(src, cols);
		while (cols > 0 && keep + 2 > dstlen)
			keep = utf8_prefix(src, --cols);
		memcpy(dst, src, keep);
		/* a wide character that would straddle the cut leaves a blank */
		pad = 0;
		if (width) {
			pad = width - 1 - utf8_width(src, keep);
			if (keep + (size_t)pad + 2 > dstlen)
				pad = (int)(dstlen - 2 - keep);
		}
		memset(dst + keep, ' ', (size_t)pad);
		keep += (size_t)pad;
		if (width)
			dst[keep++] = '>';
		dst[keep] = '\0';
		return;
	}
	/* padding counts columns, but the buffer holds bytes: a line of braille is three times its width */
	pad = width - n;
	if (len + (size_t)pad >= dstlen)
		pad = len < dstlen ? (int)(dstlen - 1 - len) : 0;
	if (right) {
		memset(dst, ' ', (size_t)pad);
		memcpy(dst + pad, src, len);
	} else {
		memcpy(dst, src, len);
		memset(dst + len, ' ', (size_t)pad);
	}
	dst[len + (size_t)pad] = '\0';
}

void fit_names(const char *const *names, size_t n, int width, char (*out)[LAYOUT_NAME_MAX])
{
	if (width >= LAYOUT_NAME_MAX)
		width = LAYOUT_NAME_MAX - 1;
	for (size_t i = 0; i < n; i++)
		fit_text(out[i], LAYOUT_NAME_MAX, names[i], width, 0);
	/* two names cut alike (max_drift_bytes, max_drift_pct -> max_drift>): keep each one's end instead */
	for (size_t i = 0; i < n; i++) {
		int clash = 0;

		for (size_t j = 0; j < n && !clash; j++)
			clash = j != i && (int)strlen(names[i]) > width && !strcmp(out[i], out[j]);
		if (clash && width >= 5) {
			size_t len = strlen(names[i]);
			int head = (width - 1) / 2, tail = width - 1 - head;

			snprintf(out[i], LAYOUT_NAME_MAX, "%.*s>%s", head, names[i], names[i] + len - (size_t)tail);
		}
	}
}

static int at_end(const struct param *p, int dir, char *buf, size_t len)
{
	char range[128];

	param_format_range(p, range, sizeof(range));
	snprintf(buf, len, "%s is already at its %s (%s)", p->name, dir > 0 ? "maximum" : "minimum", range);
	return -1;
}

int param_step(const struct machine *m, const struct param *p, int dir, char *buf, size_t len)
{
	uint64_t v, next;

	if (p->type == PT_LAYOUT) {
		snprintf(buf, len, "%s is a layout, typed whole: set %s ... (help set)", p->name, p->name);
		return -1;
	}
	if (p->type == PT_CHOICE) {
		uint64_t i = *(const uint64_t *)((const char *)m + p->offset);

		if ((dir < 0 && i == 0) || (dir > 0 && !p->choices[i + 1]))
			return at_end(p, dir, buf, len);
		snprintf(buf, len, "%s", p->choices[dir > 0 ? i + 1 : i - 1]);
		return 0;
	}
	if (p->type == PT_REAL) {
		double r = *(const double *)((const char *)m + p->offset), nr = dir > 0 ? r * 2 : r / 2;

		if (nr > p->rmax)
			nr = p->rmax;
		if (nr < p->rmin)
			nr = p->rmin;
		if (nr == r)
			return at_end(p, dir, buf, len);
		snprintf(buf, len, "%.17g", nr);
		return 0;
	}
	v = param_u64(m, p);
	if (p->allowed) {
		int i = 0;

		while (p->allowed[i] && p->allowed[i] != v)
			i++;
		if (!p->allowed[i]) /* not a listed value (a bad preset?): start from the first */
			i = dir > 0 ? -1 : 1;
		if ((dir < 0 && i <= 0) || (dir > 0 && !p->allowed[i + 1]))
			return at_end(p, dir, buf, len);
		next = p->allowed[dir > 0 ? i + 1 : i - 1];
	} else {
		if (dir > 0)
			next = v > p->max / 2 ? p->max : v ? v * 2 : 1;
		else
			next = v / 2;
		if (next < p->min)
			next = p->min;
		if (next > p->max)
			next = p->max;
		if (next == v)
			return at_end(p, dir, buf, len);
	}
	snprintf(buf, len, p->type == PT_PAGES ? "%llup" : "%llu", (unsigned long long)next);
	return 0;
}
