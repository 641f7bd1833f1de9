/*
 * compare and show PATCH on ...: a patch's metrics with a column group per
 * machine state (compare.h), as text for people or csv/json rows.
 */
#include "cmd_compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/params.h"
#include "../../core/units.h"
#include "../out/records.h"
#include "../out/render.h"
#include "../out/wrap.h"
#include "../interrupt.h"
#include "../validation.h"
#include "../walk.h"

char compare_kind_mark(enum metric_kind k)
{
	return k == METRIC_MODELED ? '~' : k == METRIC_WORKLOAD ? '*' : ' ';
}

#define CELL 48

/* One group's cells for one metric: the patch's columns, then the change. */
struct group_cells {
	char col[PATCH_MAX_COLS][CELL];
	char change[CELL];
};

static int imax(int a, int b)
{
	return a > b ? a : b;
}

/*
 * The sides a state's group shows: the patch's columns, or for a state of
 * `compare kernel` its kernel side alone - the thing that differs between
 * releases; its change is against the first group's.
 */
static int group_sides(const struct compare_state *st, const struct patch_desc *d, int *sides)
{
	int n = 0;

	if (!strcmp(st->source, "kernel") && d->kernel_code) {
		sides[0] = SIDE_KERNEL;
		return 1;
	}
	for (int s = 0; s < patch_ncols(&st->m, d) && n < PATCH_MAX_COLS; s++)
		sides[n++] = s;
	return n;
}

static int kernel_group(const struct compare_state *st, const struct patch_desc *d)
{
	return !strcmp(st->source, "kernel") && d->kernel_code;
}

static void group_cells(const struct compare_set *set, int gi, const struct patch_desc *d,
			const struct metric_desc *md, struct group_cells *g)
{
	const struct machine *m = &set->st[gi].m;
	int sides[PATCH_MAX_COLS], n = group_sides(&set->st[gi], d, sides);

	memset(g, 0, sizeof(*g));
	if (kernel_group(&set->st[gi], d)) {
		/* a release against the first: the kernel side where the metric has one */
		int has = !md->single || patch_nsides(d) == 1;
		struct value v = has ? metric_compute(m, d, md, SIDE_KERNEL, NULL) : md->fn(m, md, 0, NULL);

		render_human(v, md->unit, has ? g->col[0] : g->change, has ? sizeof(g->col[0]) : sizeof(g->change));
		if (has && gi > 0 && kernel_group(&set->st[0], d))
			render_change(md, metric_compute(&set->st[0].m, d, md, SIDE_KERNEL, NULL), v, g->change,
				      sizeof(g->change));
		return;
	}
	if (md->single) {
		render_human(md->fn(m, md, 0, NULL), md->unit, g->change, sizeof(g->change));
		return;
	}
	for (int i = 0; i < n; i++)
		render_human(metric_compute(m, d, md, sides[i], NULL), md->unit, g->col[i], sizeof(g->col[i]));
	render_change(md, md->fn(m, md, d->before, NULL), md->fn(m, md, d->after, NULL), g->change, sizeof(g->change));
}

/* Right-aligned in w columns (cells are ASCII: units and digits). */
static void cell(struct strbuf *line, const char *text, int w)
{
	sb_printf(line, "  %*s", w, text);
}

static void end_line(struct strbuf *out, struct strbuf *line)
{
	while (line->len && line->buf[line->len - 1] == ' ')
		line->buf[--line->len] = '\0';
	sb_printf(out, "%s\n", sb_str(line));
	line->len = 0;
	line->buf[0] = '\0';
}

/* compare's table measured: every group's cells, and the widths of its columns. */
struct cmp_layout {
	int nrows, name_w, ng;
	int ncols[COMPARE_MAX], colw[COMPARE_MAX][PATCH_MAX_COLS], chw[COMPARE_MAX], gw[COMPARE_MAX];
	int sides[COMPARE_MAX][PATCH_MAX_COLS];
	struct group_cells *cells; /* nrows x ng, a row's groups side by side */
};

/* Group g's cells of every metric, and its columns' widths (gw[g] the whole group's, its label's at least). */
static void cmp_measure_group(const struct compare_set *set, const struct patch_desc *d, int g, struct cmp_layout *l)
{
	const struct machine *m = &set->st[g].m;

	l->ncols[g] = group_sides(&set->st[g], d, l->sides[g]);
	l->chw[g] = (int)strlen("change");
	for (int s = 0; s < l->ncols[g]; s++)
		l->colw[g][s] = (int)strlen(patch_col_name(m, d, l->sides[g][s]));
	for (int r = 0; r < l->nrows; r++) {
		struct group_cells *c = &l->cells[r * l->ng + g];

		group_cells(set, g, d, &d->metrics[r], c);
		for (int s = 0; s < l->ncols[g]; s++)
			l->colw[g][s] = imax(l->colw[g][s], (int)strlen(c->col[s]));
		l->chw[g] = imax(l->chw[g], (int)strlen(c->change));
	}
	l->gw[g] = l->chw[g] + 2;
	for (int s = 0; s < l->ncols[g]; s++)
		l->gw[g] += l->colw[g][s] + 2;
	l->gw[g] = imax(l->gw[g], (int)strlen(set->st[g].label) + 2);
}

/* "PATCH: title (seed NNN)", wrapped to width (0: one line). */
static void cmp_title(const struct compare_set *set, const struct patch_desc *d, int width, struct strbuf *line,
		      struct strbuf *out)
{
	char title[160];

	patch_title(set->n ? &set->st[0].m : NULL, d, title, sizeof(title));
	sb_printf(line, "%s: %s (seed %.3s)", d->id, title, d->seed);
	if (width > 0) {
		wrap_text(out, sb_str(line), width, 0);
		sb_putc(out, '\n');
		line->len = 0;
		line->buf[0] = '\0';
	} else {
		end_line(out, line);
	}
}

/* Groups g0 up to g1 side by side: the machines over their groups, the heads, a line per metric. */
static void cmp_block(const struct compare_set *set, const struct patch_desc *d, const struct cmp_layout *l, int g0,
		      int g1, struct strbuf *line, struct strbuf *out)
{
	/* the machine over its group, left-aligned with the group's first column */
	sb_printf(line, "%*s", l->name_w, "");
	for (int g = g0; g < g1; g++)
		sb_printf(line, "  %-*s", l->gw[g] - 2, set->st[g].label);
	end_line(out, line);
	sb_printf(line, "  %-*s", l->name_w - 2, "metric");
	for (int g = g0; g < g1; g++) {
		for (int s = 0; s < l->ncols[g]; s++)
			cell(line, patch_col_name(&set->st[g].m, d, l->sides[g][s]), l->colw[g][s]);
		cell(line, "change", l->chw[g]);
	}
	end_line(out, line);
	for (int r = 0; r < l->nrows; r++) {
		const struct metric_desc *md = &d->metrics[r];

		sb_printf(line, "%c %-*s", compare_kind_mark(md->kind), l->name_w - 2, md->name);
		for (int g = g0; g < g1; g++) {
			const struct group_cells *c = &l->cells[r * l->ng + g];

			for (int s = 0; s < l->ncols[g]; s++)
				cell(line, c->col[s], l->colw[g][s]);
			cell(line, c->change, l->chw[g]);
		}
		end_line(out, line);
	}
}

void compare_table(const struct compare_set *set, const struct patch_desc *d, int width, struct strbuf *out)
{
	struct cmp_layout *l = calloc(1, sizeof(*l));
	struct strbuf line = STRBUF_INIT;

	if (!l)
		return;
	l->name_w = (int)strlen("metric") + 2;
	l->ng = set->n;
	for (const struct metric_desc *md = d->metrics; md->name; md++, l->nrows++)
		l->name_w = imax(l->name_w, (int)strlen(md->name) + 2);
	l->cells = calloc((size_t)(l->nrows ? l->nrows : 1) * (size_t)(l->ng ? l->ng : 1), sizeof(*l->cells));
	if (!l->cells) {
		free(l);
		return;
	}
	for (int g = 0; g < l->ng; g++)
		cmp_measure_group(set, d, g, l);
	cmp_title(set, d, width, &line, out);
	/* blocks of groups, as many side by side as the width holds (at least one) */
	for (int g0 = 0; g0 < l->ng;) {
		int g1 = g0 + 1, used = l->name_w + l->gw[g0];

		while (g1 < l->ng && (width <= 0 || used + l->gw[g1] <= width))
			used += l->gw[g1++];
		if (g0)
			sb_putc(out, '\n');
		cmp_block(set, d, l, g0, g1, &line, out);
		g0 = g1;
	}
	sb_free(&line);
	free(l->cells);
	free(l);
}

static const char *const record_heads[] = { "machine", "patch", "metric", "side", "value", "unit", "kind", NULL };

/* d's rows on every machine of set, into records begun with record_heads. */
static void compare_rows(const struct compare_set *set, const struct patch_desc *d, struct records *rec)
{
	enum out_format f = rec->format;

	for (int g = 0; g < set->n; g++) {
		const struct machine *m = &set->st[g].m;

		int sides[PATCH_MAX_COLS], ns = group_sides(&set->st[g], d, sides);

		for (const struct metric_desc *md = d->metrics; md->name; md++) {
			/* a release's group: the kernel side, a context patch's single metrics too */
			int kernel = sides[0] == SIDE_KERNEL && (!md->single || patch_nsides(d) == 1);

			for (int i = 0; i < (md->single && !kernel ? 1 : ns); i++) {
				int s = md->single && !kernel ? 0 : sides[i];
				struct value v = metric_compute(m, d, md, s, NULL);

				rec_str(rec, set->st[g].label);
				rec_str(rec, d->id);
				rec_str(rec, md->name);
				rec_str(rec, md->single && !kernel ? "" : patch_col_name(m, d, s));
				rec_metric_value(rec, m, md, s, v, f == FMT_CSV);
				rec_str(rec, md->unit);
				rec_str(rec, metric_kind_name(md->kind));
				rec_end_row(rec);
			}
		}
	}
}

static const char *const legend =
	"kind: ~ model (a calibrated estimate), * workload (the kernel's loop under a stated workload), "
	"blank: exact; change: before -> after on that machine\n";

/* The patches asked for, against the states in set: tables (wrapped to width) or one run of records. */
/* The patches a compare shows: its tables, the units its progress counts. */
static int shown_patches(const struct patch_desc *const *patches, const struct patch_desc *only)
{
	int n = 0;

	for (int i = 0; patches[i]; i++)
		n += !only || patches[i] == only;
	return n;
}

/* One machine's cells, every table's: what compare_print() works out per machine, for its estimate. */
struct machine_solve {
	const struct compare_set *set;
	const struct patch_desc *const *patches;
	const struct patch_desc *only;
	int g;
};

static void solve_machine(void *ctx)
{
	const struct machine_solve *ms = ctx;
	struct group_cells gc;

	for (int i = 0; ms->patches[i]; i++)
		for (const struct metric_desc *md = ms->patches[i]->metrics;
		     md->name && (!ms->only || ms->patches[i] == ms->only); md++)
			group_cells(ms->set, ms->g, ms->patches[i], md, &gc);
}

/*
 * compare's walk: the machine with the most CPUs (the models' dearest) timed
 * through every table, times the machines; its progress counts the tables.
 */
static int compare_walk(struct session *s, const struct compare_set *set, const struct patch_desc *only,
			const struct walk_how *how, struct walk_run *run, char *err, size_t errlen)
{
	struct machine_solve ms = { set, patch_set_list(s->m.set), only, 0 };
	const char *cmd = only ? "show" : "compare";
	struct walk_estimate est = { 0, 0, 0, NULL, 0 };
	int rc;

	for (int g = 1; g < set->n; g++)
		ms.g = set->st[g].m.cpus > set->st[ms.g].m.cpus ? g : ms.g;
	est.per = walk_time(solve_machine, &ms);
	est.solves = (uint64_t)set->n;
	est.total = est.per * (double)set->n;
	rc = walk_units_begin(run, cmd, "tables", (uint64_t)shown_patches(ms.patches, only), &est, how, err, errlen);
	s->ask_long = rc == -3 && !how->long_ok;
	return rc;
}

static int compare_print(struct session *s, const struct compare_set *set, const struct patch_desc *only,
			 int width, const struct walk_how *how, struct strbuf *out, char *err, size_t errlen)
{
	const struct patch_desc *const *patches = patch_set_list(s->m.set);
	enum out_format fmt = s->format;
	struct strbuf *dst = out;
	int first = 1, rc, ntables = shown_patches(patches, only);
	uint64_t done = 0;
	size_t from = out->len;
	struct walk_run run;

	if ((rc = compare_walk(s, set, only, how, &run, err, errlen)))
		return rc;

	if (fmt != FMT_TABLE) {
		/* one result: every patch's rows together, each metric's unit and kind in its head */
		struct rec_units u = { 0 };
		struct records rec;

		for (int i = 0; patches[i]; i++)
			for (const struct metric_desc *md = patches[i]->metrics; md->name && (!only || patches[i] == only); md++) {
				char name[160];

				snprintf(name, sizeof(name), "%s.%s", patches[i]->id, md->name);
				recu_add_band(&u, name, md->unit, rec_kind(md), validation_band(patches[i], md));
			}
		rec_begin(&rec, &s->doc, fmt, record_heads, u.u, u.n, dst);
		recu_free(&u);
		for (int i = 0; patches[i] && !interrupt_seen(); i++)
			if (!only || patches[i] == only) {
				compare_rows(set, patches[i], &rec);
				walk_step(&run.w, ++done);
			}
		rec_end(&rec);
		(void)first;
	} else {
		for (int i = 0; patches[i] && !interrupt_seen(); i++) {
			if (only && patches[i] != only)
				continue;
			if (!first)
				sb_putc(dst, '\n');
			compare_table(set, patches[i], width, dst);
			walk_step(&run.w, ++done);
			first = 0;
		}
		sb_putc(dst, '\n');
		for (int g = 0; g < set->n; g++) {
			struct strbuf m = STRBUF_INIT;
			char cpus[64], ram[64];

			param_format_human(&set->st[g].m, param_find("cpus"), cpus, sizeof(cpus));
			param_format_human(&set->st[g].m, param_find("ram"), ram, sizeof(ram));
			sb_printf(&m, "%s: %s CPUs, %s\n", set->st[g].label, cpus, ram);
			if (width > 0)
				wrap_text(dst, sb_str(&m), width, 0);
			else
				sb_puts(dst, sb_str(&m));
			sb_free(&m);
		}
		if (width > 0)
			wrap_text(dst, legend, width, 0);
		else
			sb_puts(dst, legend);
	}
	if (walk_run_end(&run)) {
		/* nothing half written: the tables so far are dropped, a file named keeps what it held */
		out->len = from;
		if (out->buf)
			out->buf[from] = '\0';
		return err_set(err, errlen, "%s: interrupted after %llu of %d tables; nothing written", only ? "show" : "compare",
			       (unsigned long long)done, ntables);
	}
	return 0;
}

void show_details(const struct patch_set *ps, struct strbuf *out)
{
	sb_puts(out, "show, show all: the machine and every patch's table; show machine: the parameters; show PATCH: "
		     "PATCH's metrics before, after and for your variants, the change, and better or worse by each "
		     "metric's direction (help METRIC). A patch whose releases batchlab knows has a kernel column: what "
		     "the code of the machine's release (the kernel parameter) computes - the patch as merged and every "
		     "change to it since (history PATCH), so it can differ from after, which is the patch alone.\n"
		     "show zones: every node and zone of the machine as /proc/zoneinfo prints them - managed, min, "
		     "low, high, promo, boost, protection, pcp batch, high_min and high_max for the CPUs of the zone's "
		     "node, and the vmstat threshold - as the kernel release computes them; show zones PATCH: the "
		     "zone figures PATCH changes, before and after, zone by zone. The zones are the ones host loaded, "
		     "given zone by zone (set zones 0.cpus=2 0.DMA=3998/3840 ... 1.cpus=0 1.Normal=...), or laid out "
		     "from ram and nodes as the arch parameter's architecture does: x86_64 (DMA to 16 MiB less the "
		     "first MiB, DMA32 to 3 GiB, Normal above) or arm64 (RAM from 1 GiB, DMA to 4 GiB, DMA32 empty, "
		     "Normal above); every other node Normal. set zone NAME (DMA32, 1.Normal) makes every "
		     "single-zone metric that zone's; zone auto is the largest Normal zone.\n");
	compare_details(ps, out);
}

void compare_details(const struct patch_set *ps, struct strbuf *out)
{
	(void)ps; /* the same words whatever is loaded */
	sb_puts(out,
		"show PATCH on PRESET PRESET... prints PATCH's metrics with a column group per machine: each group "
		"the patch's columns (before, after, your variants) and the change before -> after on that machine; "
		"the kind is the one-letter mark (~ model, * workload, unmarked exact). compare PRESET PRESET... does "
		"the same for every patch.\n"
		"Each machine is a preset, loaded as preset load loads it (a NAME or a PATH) and given your "
		"variants; a preset that does not exist, or one set would refuse, is one error naming it and nothing "
		"is printed. A leading source word says where the machines come from: preset (the default). At most "
		"8 machines.\n"
		"With --width N the groups that do not fit beside each other go on in a block below, each block "
		"headed again; without it a table is as wide as its groups. --format csv or json gives a row per "
		"machine, metric and column. In the explorer, m shows the patch under the cursor on the loaded "
		"machine and up to three presets.\n");
	walk_details_units(out, "a compare", "machine", "table");
}

int cmd_compare(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct compare_set *set;
	struct walk_how how;
	int rc;

	s->ask_long = 0;
	argc = walk_take_long(argc, argv, &how);
	how.show = walk_may_show(0); /* the tables are printed at the end */
	set = compare_new();
	if (!set)
		return err_set(err, errlen, "compare: out of memory");
	rc = compare_words(set, s, "compare", argc, argv, err, errlen);
	if (!rc && set->n < 2) /* one machine is no comparison: show says it, on that machine */
		rc = err_set(err, errlen, "compare: one machine is no comparison: name two or more (compare %s PRESET), "
			     "or show PATCH on %s for one", argv[argc - 1], argv[argc - 1]);
	if (!rc)
		rc = compare_print(s, set, NULL, s->opts.width, &how, out, err, errlen);
	compare_free(set);
	return rc;
}

int cmd_show_on(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	const struct patch_desc *d;
	struct compare_set *set;
	struct walk_how how;
	int rc;

	s->ask_long = 0;
	argc = walk_take_long(argc, argv, &how);
	how.show = walk_may_show(0);
	d = patch_find(s->m.set, argv[0]);

	if (!d) {
		char ids[160];

		patch_ids(s->m.set, ids, sizeof(ids));
		return err_set(err, errlen, "show: '%s' on machines: expected a patch (%s)", argv[0], ids);
	}
	set = compare_new();
	if (!set)
		return err_set(err, errlen, "show: out of memory");
	rc = compare_words(set, s, "show", argc - 2, argv + 2, err, errlen);
	if (!rc)
		rc = compare_print(s, set, d, s->opts.width, &how, out, err, errlen);
	compare_free(set);
	return rc;
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_compare_entry = {
	.name = "compare",
	.usage = "[preset] PRESET PRESET...",
	.args = { ARG_MACHINES },
	.min_args = 1,
	.max_args = -1,
	.help = "every patch's metrics with a column group per machine (presets, or what a source word names)",
	.details = compare_details,
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_compare,
	.examples = (const char *const[]){ "compare vm-4g laptop-8c-16g", "compare preset vm-4g pmem-96t", NULL },
};
