/*
 * show: the side-by-side table of a patch (or every one) - metric, each
 * side, the change, the variants - and the machine's parameters, in table,
 * csv or json; or a column group per machine with on (cmd_compare.c).
 */
#include "cmd_show.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/mm/release.h"
#include "../../core/params.h"
#include "../../core/patch.h"
#include "../../core/suggest.h"
#include "../../core/units.h"
#include "../../core/utf8.h"
#include "../../core/variant.h"
#include "../../core/mmpatch.h"
#include "../out/numfmt.h"
#include "../out/records.h"
#include "../out/render.h"
#include "../out/wrap.h"
#include "../zonetable.h"
#include "cmd_compare.h"
#include "../validation.h"

static const char *kind_name(const struct metric_desc *md)
{
	return metric_kind_name(md->kind);
}

/* One record of csv/json output: machine rows and metric rows share the schema. */
struct record {
	const char *patch, *metric, *side, *unit, *kind;
	struct value v;
	const char *text; /* machine rows: the value as get prints it */
	int number;       /* ... and it is a number */
	const struct metric_desc *list; /* a list metric: its items, from m on side sidei */
	const struct machine *m;
	int sidei;
};

static const char *const show_heads[] = { "patch", "metric", "side", "value", "unit", "kind", NULL };

static void emit_record(struct records *rec, const struct record *r)
{
	uint64_t n;

	rec_str(rec, r->patch);
	rec_str(rec, r->metric);
	rec_str(rec, r->side);
	if (r->text && r->number) {
		rec_num(rec, r->text);
	} else if (r->text) {
		rec_choice(rec, r->text);
	} else if (r->list) {
		/* a list: a json array; in csv one quoted field, its items space-separated */
		struct strbuf items = STRBUF_INIT;
		int csv = rec->format == FMT_CSV;

		if (csv)
			sb_putc(&items, '"');
		if (render_list(r->m, r->list, r->sidei, !csv, &items, &n)) {
			sb_free(&items);
			rec_value(rec, r->v.kind == VAL_LIST ? val_none("too many items to print") : r->v);
		} else {
			if (csv)
				sb_putc(&items, '"');
			rec_num(rec, sb_str(&items));
			sb_free(&items);
		}
	} else {
		rec_value(rec, r->v);
	}
	rec_str(rec, r->unit);
	rec_str(rec, r->kind);
	rec_end_row(rec);
}

static int max_i(int a, int b)
{
	return a > b ? a : b;
}

/* prefix, then text wrapped so its lines hang under where it began (or, with no room there, below it). */
static void put_hanging(struct strbuf *out, const char *prefix, const char *text, int width)
{
	int at = utf8_width(prefix, strlen(prefix)), room = width - at;
	struct strbuf w = STRBUF_INIT;

	if (!*text) {
		sb_printf(out, "%s\n", prefix);
		return;
	}
	if (room < 20 && width > 28) { /* the text's own lines, under the prefix */
		at = 6;
		room = width - at;
		sb_printf(out, "%s\n%*s", prefix, at, "");
	} else {
		sb_puts(out, prefix);
	}
	wrap_text(&w, text, room, 0);
	for (const char *p = sb_str(&w); *p; p++) {
		sb_putc(out, *p);
		if (*p == '\n')
			sb_printf(out, "%*s", at, "");
	}
	sb_putc(out, '\n');
	sb_free(&w);
}

/* A value longer than this has its help on the next line: a few long values do not narrow every help. */
#define SHOW_VALUE_W 16

static void show_machine_table(const struct machine *m, int width, struct strbuf *out)
{
	const char *group = "";
	int name_w = (int)param_name_width(), value_w = 0, fits = 1;

	for (size_t i = 0; i < nparams; i++) {
		char v[96];

		param_format_human(m, &params[i], v, sizeof(v));
		value_w = max_i(value_w, (int)strlen(v));
		fits &= 2 + name_w + 1 + 32 + 1 + (int)strlen(params[i].help) <= width;
	}
	if (!fits && value_w > SHOW_VALUE_W)
		value_w = SHOW_VALUE_W;
	sb_puts(out, "machine\n");
	for (size_t i = 0; i < nparams; i++) {
		char v[96], prefix[256];

		if (strcmp(group, params[i].group)) {
			group = params[i].group;
			if (strcmp(group, "machine"))
				sb_printf(out, "%s\n", group);
		}
		param_format_human(m, &params[i], v, sizeof(v));
		if (fits) { /* the layout it always had, where every row fits */
			sb_printf(out, "  %-*s %-32s %s\n", name_w, params[i].name, v, params[i].help);
			continue;
		}
		if ((int)strlen(v) > value_w) {
			sb_printf(out, "  %-*s %s\n", name_w, params[i].name, v);
			snprintf(prefix, sizeof(prefix), "  %-*s %-*s  ", name_w, "", value_w, "");
		} else {
			snprintf(prefix, sizeof(prefix), "  %-*s %-*s  ", name_w, params[i].name, value_w, v);
		}
		put_hanging(out, prefix, params[i].help, width);
	}
}

static void show_machine_records(const struct machine *m, struct records *rec)
{
	for (size_t i = 0; i < nparams; i++) {
		char v[64];
		struct record r = { "machine", params[i].name, "", params[i].unit, "input", val_none(NULL), v,
				    param_is_number(&params[i]), NULL, NULL, 0 };

		param_bare(m, &params[i], v, sizeof(v));
		emit_record(rec, &r);
	}
}

/*
 * `show PATCH` as a table that fits a width. The cells are made first, in a
 * long and a short spelling; then each layout from the widest is tried until
 * one fits: the kind as its one-letter mark (~ model, * workload), variant
 * cells without their change, the verdict as a mark (+ better, - worse), short
 * cells beside a unit column, one-space gaps with the units under the table;
 * when none fits, a paragraph a metric, wrapped.
 */
struct show_row {
	char side[PATCH_MAX_COLS][96];  /* long: "512 pages", a variant's "127 pages (x3.969)" */
	char bare[PATCH_MAX_COLS][40];  /* a variant's value alone */
	char brief[PATCH_MAX_COLS][40]; /* short: "512", "2 MiB", "11.6Gbps" (the unit apart) */
	char change[64], change_brief[64];
	enum verdict verdict;
};

enum {
	SHOW_MARKS = 1,    /* the kind as a mark before the name */
	SHOW_BARE_VAR = 2, /* a variant's cell without its change */
	SHOW_VMARK = 4,    /* the verdict as + or - */
	SHOW_BRIEF = 8,    /* short cells, a unit column */
	SHOW_TIGHT = 16,   /* one-space gaps, no unit column: the units in a note */
	SHOW_STACKED = 32, /* a paragraph a metric */
	SHOW_KERNEL = 64,  /* a kernel column: the legend says what it is */
};
static const int show_layouts[] = { 0, SHOW_MARKS, SHOW_MARKS | SHOW_BARE_VAR, SHOW_MARKS | SHOW_BARE_VAR | SHOW_VMARK,
				    SHOW_MARKS | SHOW_BARE_VAR | SHOW_VMARK | SHOW_BRIEF,
				    SHOW_MARKS | SHOW_BARE_VAR | SHOW_VMARK | SHOW_BRIEF | SHOW_TIGHT, SHOW_STACKED };

/* A short cell's width: "11.58Gbps", "31.75 MiB". */
#define SHOW_BRIEF_W 9

static char kind_mark(const struct metric_desc *md)
{
	return md->kind == METRIC_MODELED ? '~' : md->kind == METRIC_WORKLOAD ? '*' : ' ';
}

static const char *vmark(enum verdict v)
{
	return v == VERDICT_BETTER ? "+" : v == VERDICT_WORSE ? "-" : "";
}

/*
 * Under the table: the after side's constant when the kernel marks it (a
 * charge_batch above S8_MAX), each variant's expression, and what the kernel
 * says about its value here - the same mark, from variant_mark().
 */
static void show_variant_notes(const struct machine *m, const struct patch_desc *d, int width, struct strbuf *out)
{
	const char *why, *mark;
	uint64_t x = 0;

	if (d->constant && (mark = variant_mark(m, d, d->after, &x, &why))) {
		struct strbuf t = STRBUF_INIT;

		sb_printf(&t, "  %s: %s = %llu; marked: %s\n", d->sides[d->after], d->constant->name,
			  (unsigned long long)x, mark);
		wrap_text(out, sb_str(&t), width, 0);
		sb_free(&t);
	}
	for (int side = patch_nsides(d); side < patch_ncols(m, d); side++) {
		const struct variant *v = variant_at(m, d, side);
		struct strbuf t = STRBUF_INIT;

		if (d->constant->per_call) {
			sb_printf(&t, "  %s: %s = %s, each call\n", v->name, d->constant->name, v->text);
		} else {
			mark = variant_mark(m, d, side, &x, &why);
			if (why)
				mark = why;
			sb_printf(&t, "  %s: %s = %s%s%s\n", v->name, d->constant->name, v->text,
				  mark ? (why ? "; n/a: " : "; marked: ") : "", mark ? mark : "");
		}
		wrap_text(out, sb_str(&t), width, 0);
		sb_free(&t);
	}
}

/* "16 MiB", "2.324 ms", "11.6Gbps" say their unit; "4032", "0.3906", "4.452 M" (a prefix alone) do not. */
static int cell_has_unit(const char *cell)
{
	const char *sp = strrchr(cell, ' '), *t = sp ? sp + 1 : cell;
	int letters = 0;

	for (const char *p = t; *p; p++)
		letters += (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '%';
	if (!letters)
		return 0;
	return !(sp && strlen(t) == 1 && strchr("kKMGTPE", *t));
}

/*
 * Does a row of short cells leave its unit out of some cell: then the unit is
 * told beside it (the unit column) or under the table (the units note), the
 * one test for both, so a row whose every cell says "16 MiB" or "17.49Gbps"
 * is not also labelled "bytes" or "Mbps".
 */
static int row_needs_unit(const struct show_row *r, int ncols)
{
	int bare = 0;

	for (int c = 0; c < ncols; c++)
		bare |= r->brief[c][0] && !cell_has_unit(r->brief[c]);
	bare |= r->brief[SIDE_KERNEL][0] && !cell_has_unit(r->brief[SIDE_KERNEL]);
	bare |= r->change_brief[0] && !r->brief[0][0] && !cell_has_unit(r->change_brief); /* a single value */
	return bare;
}

/* The units a tight table leaves out of its cells, each with the metrics counted in it. */
static void show_unit_note(const struct patch_desc *d, const struct show_row *rows, int ncols, int width,
			   struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;

	sb_puts(&t, "  units:");
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		const struct metric_desc *k;
		int shown = 0, first = 1;

		if (!*md->unit)
			continue;
		for (k = d->metrics; k < md; k++)
			if (!strcmp(k->unit, md->unit))
				break;
		if (k < md)
			continue; /* this unit was told with its first metric */
		for (k = md; k->name; k++) {
			if (strcmp(k->unit, md->unit) || !row_needs_unit(&rows[k - d->metrics], ncols))
				continue;
			sb_printf(&t, "%s %s", first ? "" : ",", k->name);
			first = 0;
			shown = 1;
		}
		if (shown)
			sb_printf(&t, " in %s;", md->unit);
	}
	if (t.len > 8) {
		t.buf[--t.len] = '\0'; /* the last ';' */
		sb_putc(&t, '\n');
		wrap_text(out, sb_str(&t), width, 0);
	}
	sb_free(&t);
}

/* A paragraph a metric: name (kind): side value, ..., change; variants. */
/* Does md get a kernel column: every metric with sides, and a context patch's single ones. */
static int show_kernel(const struct patch_desc *d, const struct metric_desc *md)
{
	return d->kernel_code && (!md->single || patch_nsides(d) == 1);
}

static void show_stacked(const struct machine *m, const struct patch_desc *d, const struct show_row *rows, int width,
			 struct strbuf *out)
{
	int nsides = patch_nsides(d), ncols = patch_ncols(m, d);

	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		const struct show_row *r = &rows[md - d->metrics];
		struct strbuf t = STRBUF_INIT;

		sb_printf(&t, "%c %s (%s):", kind_mark(md), md->name, kind_name(md));
		if (md->single) {
			sb_printf(&t, " %s", nsides > 1 ? r->change : r->side[0]);
		} else {
			for (int c = 0; c < nsides; c++)
				sb_printf(&t, "%s %s %s", c ? "," : "", d->sides[c], r->side[c]);
			if (nsides > 1 && r->change[0])
				sb_printf(&t, " (%s%s%s)", r->change, r->verdict ? ", " : "", verdict_word(r->verdict));
			for (int c = nsides; c < ncols; c++)
				sb_printf(&t, "%s %s %s", c == nsides ? ";" : ",", patch_col_name(m, d, c), r->side[c]);
		}
		if (show_kernel(d, md))
			sb_printf(&t, "; kernel %s", r->side[SIDE_KERNEL]);
		sb_putc(&t, '\n');
		/* the name hangs: its continuation lines are indented past the mark */
		{
			struct strbuf w = STRBUF_INIT;

			wrap_text(&w, sb_str(&t) + 2, width - 4 > 8 ? width - 4 : 8, 0);
			sb_printf(out, "%c ", kind_mark(md));
			for (const char *p = sb_str(&w); *p; p++) {
				sb_putc(out, *p);
				if (*p == '\n' && p[1])
					sb_puts(out, "    ");
			}
			sb_free(&w);
		}
		sb_free(&t);
	}
}

/* The widths of show's columns in one layout: the widest cell of each, its head included. */
struct show_widths {
	int name, kind, side[PATCH_MAX_COLS], change, verdict, unit;
};

static void show_column_widths(const struct machine *m, const struct patch_desc *d, const struct show_row *rows,
			       int f, struct show_widths *w)
{
	int nsides = patch_nsides(d), ncols = patch_ncols(m, d);

	*w = (struct show_widths){ .name = (int)strlen("metric"), .kind = (int)strlen("kind"),
				   .change = (int)strlen("change"), .unit = (int)strlen("unit") };
	for (int c = 0; c < ncols; c++)
		w->side[c] = (int)strlen(patch_col_name(m, d, c));
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		const struct show_row *r = &rows[md - d->metrics];

		w->name = max_i(w->name, (int)strlen(md->name));
		w->kind = max_i(w->kind, (int)strlen(kind_name(md)));
		for (int c = 0; c < ncols; c++)
			w->side[c] = max_i(w->side[c], (int)strlen(f & SHOW_BRIEF ? r->brief[c]
								   : c >= nsides && f & SHOW_BARE_VAR ? r->bare[c]
												  : r->side[c]));
		if (d->kernel_code)
			w->side[SIDE_KERNEL] = max_i(max_i(w->side[SIDE_KERNEL], (int)strlen("kernel")),
						     (int)strlen(f & SHOW_BRIEF ? r->brief[SIDE_KERNEL] : r->side[SIDE_KERNEL]));
		w->change = max_i(w->change, (int)strlen(f & SHOW_BRIEF ? r->change_brief : r->change) +
						     (f & SHOW_VMARK && r->verdict ? 2 : 0));
		if (!(f & SHOW_VMARK))
			w->verdict = max_i(w->verdict, (int)strlen(verdict_word(r->verdict)));
		if (row_needs_unit(r, ncols))
			w->unit = max_i(w->unit, (int)strlen(md->unit));
	}
	if (f & SHOW_BRIEF) { /* one column for all the sides: they line up */
		for (int c = 1; c < ncols; c++)
			w->side[0] = max_i(w->side[0], w->side[c]);
		w->side[0] = max_i(w->side[0], w->side[SIDE_KERNEL]);
	}
}

/* One line of the table in layout f: md's row r, or the heads when r is NULL. */
static void show_row_line(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md,
			  const struct show_row *r, int f, const struct show_widths *w, struct strbuf *line)
{
	int nsides = patch_nsides(d), ncols = patch_ncols(m, d), gap = f & SHOW_TIGHT ? 1 : 2;

	if (f & SHOW_MARKS)
		sb_printf(line, "%c %-*s", md ? kind_mark(md) : ' ', w->name, md ? md->name : "metric");
	else
		sb_printf(line, "  %-*s%*s%-*s", w->name, md ? md->name : "metric", gap, "", w->kind,
			  md ? kind_name(md) : "kind");
	if (f & SHOW_BRIEF && !(f & SHOW_TIGHT))
		sb_printf(line, "%*s%-*s", gap, "", w->unit,
			  !md ? "unit" : row_needs_unit(r, ncols) ? md->unit : "");
	for (int c = 0; c < nsides; c++)
		sb_printf(line, "%*s%*s", gap, "", f & SHOW_BRIEF ? w->side[0] : w->side[c],
			  !r ? d->sides[c] : f & SHOW_BRIEF ? r->brief[c] : r->side[c]);
	if (nsides > 1) {
		char ch[80];

		/* the verdict as a mark goes with its change: "x12 -" */
		snprintf(ch, sizeof(ch), "%s%s%s", !r ? "change" : f & SHOW_BRIEF ? r->change_brief : r->change,
			 r && f & SHOW_VMARK && r->verdict ? " " : "", r && f & SHOW_VMARK ? vmark(r->verdict) : "");
		sb_printf(line, "%*s%-*s", gap, "", w->change, ch);
		if (w->verdict)
			sb_printf(line, "%*s%-*s", gap, "", w->verdict, r ? verdict_word(r->verdict) : "");
	}
	for (int c = nsides; c < ncols; c++) /* a variant is a side of the user's: right-aligned as the sides are */
		sb_printf(line, "%*s%*s", gap, "", f & SHOW_BRIEF ? w->side[0] : w->side[c],
			  !r ? patch_col_name(m, d, c) : f & SHOW_BRIEF ? r->brief[c]
						       : f & SHOW_BARE_VAR ? r->bare[c] : r->side[c]);
	/* the kernel side last, right-aligned as the sides are */
	if (d->kernel_code)
		sb_printf(line, "%*s%*s", gap, "", f & SHOW_BRIEF ? w->side[0] : w->side[SIDE_KERNEL],
			  !r ? "kernel" : f & SHOW_BRIEF ? r->brief[SIDE_KERNEL] : r->side[SIDE_KERNEL]);
	/* no trailing blanks: a row without a verdict ends at its last word */
	while (line->len && line->buf[line->len - 1] == ' ')
		line->buf[--line->len] = '\0';
}

/* The table in layout f; its rows (title and notes apart). */
static void show_rows(const struct machine *m, const struct patch_desc *d, const struct show_row *rows, int f,
		      struct strbuf *out)
{
	struct show_widths w;

	show_column_widths(m, d, rows, f, &w);
	for (int row = -1; row < 0 || d->metrics[row].name; row++) {
		struct strbuf line = STRBUF_INIT;

		show_row_line(m, d, row >= 0 ? &d->metrics[row] : NULL, row >= 0 ? &rows[row] : NULL, f, &w, &line);
		sb_printf(out, "%s\n", sb_str(&line));
		sb_free(&line);
	}
}

/* A value's cell twice: as people read it, and short enough for the brief layouts. */
static void show_cell(struct value v, const char *unit, char *cell, size_t cell_len, char *brief, size_t brief_len)
{
	render_human(v, unit, cell, cell_len);
	fmt_human_short(v, unit, SHOW_BRIEF_W, brief, brief_len);
}

/* A variant's cell: its value and its change against before. */
static void show_variant_cell(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md,
			      int s, struct value before, struct show_row *r)
{
	struct value v = metric_compute(m, d, md, s, NULL);
	char ch[40], val[40];

	render_human(v, md->unit, val, sizeof(val));
	memcpy(r->bare[s], val, sizeof(val));
	fmt_human_short(v, md->unit, SHOW_BRIEF_W, r->brief[s], sizeof(r->brief[s]));
	render_change(md, before, v, ch, sizeof(ch));
	if (v.kind == VAL_NONE || !ch[0])
		snprintf(r->side[s], sizeof(r->side[s]), "%s", val);
	else
		snprintf(r->side[s], sizeof(r->side[s]), "%s (%s)", val, ch);
}

/* md's row of show's table: every side, the change and its verdict, the variants, the kernel. */
static void show_row_cells(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md,
			   struct show_row *r)
{
	int nsides = patch_nsides(d), ncols = patch_ncols(m, d), multi = nsides > 1;
	struct value before;

	if (show_kernel(d, md)) {
		char caveat[REC_CAVEAT_MAX];

		show_cell(metric_compute(m, d, md, SIDE_KERNEL, NULL), md->unit, r->side[SIDE_KERNEL],
			  sizeof(r->side[SIDE_KERNEL]), r->brief[SIDE_KERNEL], sizeof(r->brief[SIDE_KERNEL]));
		if (*release_caveat(m, caveat, sizeof(caveat))) { /* next to the figure: the legend says what '?' is */
			strncat(r->side[SIDE_KERNEL], "?", sizeof(r->side[SIDE_KERNEL]) - strlen(r->side[SIDE_KERNEL]) - 1);
			strncat(r->brief[SIDE_KERNEL], "?", sizeof(r->brief[SIDE_KERNEL]) - strlen(r->brief[SIDE_KERNEL]) - 1);
		}
	}
	if (md->single) {
		/* one value: in the change column of a patch with sides, else its only column */
		struct value v = md->fn(m, md, 0, NULL);

		if (multi)
			show_cell(v, md->unit, r->change, sizeof(r->change), r->change_brief, sizeof(r->change_brief));
		else
			show_cell(v, md->unit, r->side[0], sizeof(r->side[0]), r->brief[0], sizeof(r->brief[0]));
		return;
	}
	before = md->fn(m, md, d->before, NULL);
	for (int s = 0; s < nsides; s++)
		show_cell(md->fn(m, md, s, NULL), md->unit, r->side[s], sizeof(r->side[s]), r->brief[s], sizeof(r->brief[s]));
	if (multi)
		r->verdict = render_change(md, before, md->fn(m, md, d->after, NULL), r->change, sizeof(r->change));
	snprintf(r->change_brief, sizeof(r->change_brief), "%s", r->change);
	for (int s = nsides; s < ncols; s++)
		show_variant_cell(m, d, md, s, before, r);
}

/* "PATCH: title  (seed NNN; files); kernel: RELEASE", its continuation hanging when it is wider than width. */
static void show_title(const struct machine *m, const struct patch_desc *d, int width, struct strbuf *out)
{
	char title[160], id[80];
	struct strbuf t = STRBUF_INIT;

	patch_title(m, d, title, sizeof(title));
	snprintf(id, sizeof(id), "%s: ", d->id);
	if (mmpatch_is(d)) { /* a file has no seed: its first origin, with its kind */
		char o[4 * MMP_TEXT_MAX];

		mmpatch_origins(mmpatch_of(d), o, sizeof(o));
		sb_printf(&t, "%s  (%.*s; %s)", title, o[0] ? (int)strcspn(o, ",") : 10, o[0] ? o : "patch file", d->kernel);
	} else {
		sb_printf(&t, "%s  (seed %.3s; %s)", title, d->seed, d->kernel);
	}
	if (d->kernel_code) /* whose code the kernel column is */
		sb_printf(&t, "; kernel: %s", release_names[machine_release(m)]);
	if ((int)(strlen(id) + t.len) <= width)
		sb_printf(out, "%s%s\n", id, sb_str(&t));
	else
		put_hanging(out, id, sb_str(&t), width);
	sb_free(&t);
}

/* The first layout (show_layouts) whose table fits width, its text in t; SHOW_STACKED when none does. */
static int show_layout_fit(const struct machine *m, const struct patch_desc *d, const struct show_row *rows,
			   int width, struct strbuf *t)
{
	for (size_t i = 0; i < sizeof(show_layouts) / sizeof(show_layouts[0]) - 1; i++) {
		sb_reset(t);
		show_rows(m, d, rows, show_layouts[i], t);
		if (wrap_widest(sb_str(t)) <= width)
			return show_layouts[i];
	}
	return SHOW_STACKED;
}

/* What the kernel column's release does that its figures do not show, as one paragraph. */
static void show_kernel_warning(const struct machine *m, const struct patch_desc *d, int width, struct strbuf *out)
{
	struct strbuf w = STRBUF_INIT;

	if (!d->kernel_code || !d->kernel_code->warning || !d->kernel_code->warning(m))
		return;
	sb_printf(&w, "\n  kernel %s: %s\n", release_names[machine_release(m)], d->kernel_code->warning(m));
	for (char *c = w.buf + 1; *c; c++) /* one paragraph: the warning's own line breaks are for explain */
		if (*c == '\n' && c[1])
			*c = ' ';
	wrap_text(out, sb_str(&w), width > 0 ? width : 100, 0);
	sb_free(&w);
}

/*
 * Under a patch's table, its models' held-out error (lang/validation.c):
 * the band of each model with held-out rows, the models resting on none, and
 * those this machine's CPUs put beyond every measured machine.
 */
static void show_validation_note(const struct machine *m, const struct patch_desc *d, int width, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT, none = STRBUF_INIT, beyond = STRBUF_INIT;
	int any = 0;

	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		const struct measured_band *b = validation_band(d, md);
		char why[200];

		if (!b)
			continue;
		if (b->held)
			sb_printf(&t, "%s%s %+.1f%%..%+.1f%% (%d)", any++ ? ", " : "", md->name, b->lo_pct, b->hi_pct, b->held);
		else
			sb_printf(&none, "%s%s", none.len ? ", " : "", md->name);
		if (validation_beyond(d, md, m, why, sizeof(why)))
			sb_printf(&beyond, "%s%s: %s", beyond.len ? "; " : "", md->name, why);
	}
	if (any || none.len) {
		struct strbuf w = STRBUF_INIT;

		if (any)
			sb_printf(&w, "held-out error, model vs measured (rows; about %s --validation): %s%s%s", d->id,
				  sb_str(&t), none.len ? "; no held-out test: " : "", sb_str(&none));
		else
			sb_printf(&w, "models with no held-out test (about %s --validation): %s", d->id, sb_str(&none));
		if (beyond.len)
			sb_printf(&w, "; beyond every measured machine (extrapolated): %s", sb_str(&beyond));
		sb_putc(&w, '\n');
		sb_putc(out, '\n'); /* apart from the table, whose rows end at a blank line */
		wrap_text(out, sb_str(&w), width, 0);
		sb_free(&w);
	}
	sb_free(&t);
	sb_free(&none);
	sb_free(&beyond);
}

/* The table to width columns; returns the layout it took (SHOW_*), for the notes under every table. */
static int show_model_table(const struct machine *m, const struct patch_desc *d, int width, struct strbuf *out)
{
	int nrows = 0, f;
	struct show_row *rows;
	struct strbuf t = STRBUF_INIT;
	const struct metric_desc *md;

	for (md = d->metrics; md->name; md++)
		nrows++;
	rows = calloc((size_t)nrows + 1, sizeof(*rows));
	if (!rows)
		return 0;
	for (md = d->metrics; md->name; md++)
		show_row_cells(m, d, md, &rows[md - d->metrics]);
	show_title(m, d, width, out);
	f = show_layout_fit(m, d, rows, width, &t);
	if (f == SHOW_STACKED)
		show_stacked(m, d, rows, width, out);
	else
		sb_puts(out, sb_str(&t));
	if (f & SHOW_TIGHT)
		show_unit_note(d, rows, patch_ncols(m, d), width, out);
	show_variant_notes(m, d, width, out);
	show_kernel_warning(m, d, width, out);
	show_validation_note(m, d, width, out);
	sb_free(&t);
	free(rows);
	return f;
}

static void show_model_records(const struct machine *m, const struct patch_desc *d, struct records *rec)
{
	int nsides = patch_ncols(m, d);

	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		for (int s = 0; s < (md->single ? 1 : nsides); s++) {
			struct record r = { d->id, md->name, md->single ? "" : patch_col_name(m, d, s), md->unit,
					    kind_name(md), metric_compute(m, d, md, s, NULL), NULL, 0, md->list ? md : NULL, m, s };

			emit_record(rec, &r);
		}
		if (d->kernel_code && (!md->single || patch_nsides(d) == 1)) {
			struct record r = { d->id, md->name, "kernel", md->unit, kind_name(md),
					    metric_compute(m, d, md, SIDE_KERNEL, NULL), NULL, 0, md->list ? md : NULL, m,
					    SIDE_KERNEL };

			emit_record(rec, &r);
		}
	}
}

/* What the marks and words of the tables above say, wrapped to width. */
static void show_legend(const struct machine *m, int flags, int width, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;

	if (flags & (SHOW_MARKS | SHOW_STACKED))
		sb_puts(&t, "\n~ model: an estimate from a calibrated model (explain says what it rests on)\n"
			    "* workload: the kernel's loop under a stated workload (explain states it)\n"
			    "unmarked: exact, the kernel's arithmetic for this machine\n");
	else
		sb_puts(&t, "\nkind: exact = the kernel's arithmetic for this machine; workload = the kernel's loop under a "
			    "stated workload (explain states it); model = an estimate from a calibrated model (explain says "
			    "what it rests on)\n");
	if (flags & SHOW_VMARK)
		sb_puts(&t, "+ after a change: better, -: worse (which way is better: help METRIC)\n");
	if (flags & SHOW_KERNEL)
		render_kernel_column(m, &t);
	wrap_text(out, sb_str(&t), width, 0);
	sb_free(&t);
}

/* A topic show does not know: the error, with the nearest it does and every one it takes. */
static int show_unknown_topic(const struct patch_set *ps, const char *topic, char *err, size_t errlen)
{
	const struct patch_desc *const *patches = patch_set_list(ps);
	char ids[160], mean[128];
	struct suggest sg;

	patch_ids(ps, ids, sizeof(ids));
	suggest_init(&sg, topic);
	suggest_offer(&sg, "machine");
	suggest_offer(&sg, "all");
	for (int i = 0; patches[i]; i++)
		suggest_offer(&sg, patches[i]->id);
	return err_set(err, errlen, "show: unknown topic '%s'%s (expected machine, all, or a patch: %s)", topic,
		       suggest_text(&sg, mean, sizeof(mean)), ids);
}

/* show's result begins: the head's units, every parameter and metric the rows name, as PATCH.METRIC. */
static void show_rec_begin(struct session *s, int all, const char *topic, struct records *rec, struct strbuf *out)
{
	const struct patch_desc *const *patches = patch_set_list(s->m.set);
	struct rec_units u = { 0 };

	for (size_t i = 0; (all || !strcmp(topic, "machine")) && i < nparams; i++)
		recu_add(&u, params[i].name, params[i].unit, "input");
	for (int i = 0; patches[i]; i++)
		for (const struct metric_desc *md = patches[i]->metrics; md->name && (all || !strcmp(topic, patches[i]->id)); md++) {
			char name[160];

			snprintf(name, sizeof(name), "%s.%s", patches[i]->id, md->name);
			recu_add_band(&u, name, md->unit, kind_name(md), validation_band(patches[i], md));
		}
	{
		char caveat[REC_CAVEAT_MAX];

		/* the kernel rows' caveat, as '?' and its legend say it in the table */
		rec_caveat_next(&s->doc, release_caveat(&s->m, caveat, sizeof(caveat)));
	}
	rec_begin(rec, &s->doc, s->format, show_heads, u.u, u.n, out);
	recu_free(&u);
}

int show_topic(struct session *s, const char *topic, struct strbuf *out, char *err, size_t errlen)
{
	const struct patch_desc *const *patches = patch_set_list(s->m.set);
	int all = !*topic || !strcmp(topic, "all"), any = 0, flags = 0;
	struct records rec;
	/* a table for people fits the terminal, or --width, else the 80 columns most terminals open at */
	int width = session_width(s) ? session_width(s) : 80;

	if (!all && strcmp(topic, "machine") && !patch_find(s->m.set, topic))
		return show_unknown_topic(s->m.set, topic, err, errlen);
	if (s->format != FMT_TABLE)
		show_rec_begin(s, all, topic, &rec, out);
	if (all || !strcmp(topic, "machine")) {
		if (s->format == FMT_TABLE)
			show_machine_table(&s->m, width, out);
		else
			show_machine_records(&s->m, &rec);
		any = 1;
	}
	for (int i = 0; patches[i]; i++) {
		if (!all && strcmp(topic, patches[i]->id))
			continue;
		if (s->format == FMT_TABLE) {
			if (any)
				sb_putc(out, '\n');
			flags |= show_model_table(&s->m, patches[i], width, out) | (patches[i]->kernel_code ? SHOW_KERNEL : 0);
		} else {
			show_model_records(&s->m, patches[i], &rec);
		}
		any = 1;
	}
	if (s->format == FMT_TABLE && (all || strcmp(topic, "machine")))
		show_legend(&s->m, flags, width, out);
	if (s->format != FMT_TABLE)
		rec_end(&rec);
	return 0;
}

static int cmd_show(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	if (argc && !strcmp(argv[0], "zones")) {
		if (argc > 2)
			return err_set(err, errlen, "show zones: unexpected '%.40s' (expected show zones [PATCH])", argv[2]);
		return zone_table(s, argc == 2 ? argv[1] : NULL, out, err, errlen);
	}
	if (argc >= 2 && !strcmp(argv[1], "on"))
		return cmd_show_on(s, argc, argv, out, err, errlen);
	if (argc > 1)
		return err_set(err, errlen, "show: unexpected '%s' (expected show [TOPIC] or show PATCH on PRESET...)", argv[1]);
	if (show_topic(s, argc ? argv[0] : "", out, err, errlen))
		return -1;
	/* the view is on the patch shown now (a view line carries it); show all or machine: on none */
	snprintf(s->show, sizeof(s->show), "%s", argc && patch_find(s->m.set, argv[0]) ? argv[0] : "");
	return 0;
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_show_entry = {
	.name = "show",
	.usage = "[machine|all|PATCH] | zones [PATCH] | PATCH on PRESET...",
	.args = { ARG_TOPIC, ARG_ON, ARG_MACHINES },
	.min_args = 0,
	.max_args = -1,
	.help = "side-by-side table: metric, before, after, change; with on, a column group per machine",
	.details = show_details,
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_show,
	.examples = (const char *const[]){ "show", "show all", "show memcg_charge", "show memcg_charge on vm-4g pmem-96t", NULL },
};
