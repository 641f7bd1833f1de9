/*
 * The chart view: one metric's sides and variants across an axis (what the
 * metric reads: CPUs, RAM...), sampled from core for the current machine and
 * redrawn as the machine or the terminal changes. Opened from a machine
 * parameter, it holds every metric that reads the parameter (c steps to the
 * next) over that parameter.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/params.h"
#include "../core/utf8.h"
#include "../lang/out/chart.h"
#include "../lang/cmd/cmd_sweep.h"
#include "crt.h"
#include "screen.h"

/*
 * Where a machine-size axis spans: CPUs every count the parameter table
 * accepts, RAM from a small box to a large NUMA machine. Other keys span
 * their parameter's whole range.
 */
static const struct chart_span {
	const char *key, *from, *to;
} spans[] = {
	{ "cpus", "1", "65536" },
	{ "ram", "1G", "64T" },
};

#define CHART_MAX_AXES 8

struct chart_axis {
	const struct param *key;
	char from[32], to[32];
};

#define CHART_MAX_PICKS 128

struct chart_pick {
	const struct patch_desc *d;
	const struct metric_desc *md;
	int serial;                     /* the metric's row serial: its cells say what the marker stands for */
};

struct chart_view {
	struct view v;
	const struct patch_desc *d;
	const struct metric_desc *md;
	int serial;
	struct chart_pick picks[CHART_MAX_PICKS]; /* the metrics c steps through (one unless opened from a parameter) */
	int npicks, pick;
	const struct param *over;       /* opened from this parameter: it is the first axis */
	struct chart_axis axes[CHART_MAX_AXES]; /* what x steps through: the keys the metric reads */
	int naxes, axis;
	int sides[PLOT_MAX_SERIES], nser;
	struct plot_points pts;
	struct sweep_range range;       /* what pts spans */
	const struct param *key;
	int width;                      /* the width pts was sampled for */
	unsigned long generation;       /* the screen's generation pts was sampled at; 0: sample again */
	char err[256];
};

/* Which sides to draw, in plot's order (plot_sides()): the variants come and go with the machine. */
static void chart_sides(struct chart_view *cv, const struct machine *m)
{
	cv->nser = plot_sides(m, cv->d, cv->md, -1, cv->sides);
}

/* The points for the chart's axis and the current machine, width columns wide; an error goes in cv->err. */
static void chart_sample(struct chart_view *cv, const struct machine *m, int width)
{
	const struct chart_axis *a = &cv->axes[cv->axis];
	struct sweep_range r;
	uint64_t now;

	plot_points_free(&cv->pts);
	cv->err[0] = '\0';
	cv->width = width;
	chart_sides(cv, m);
	/* as plot reads its range: the bounds only, sampled (a real-valued key has no step of its own); pagesize its list */
	if (a->key->allowed ? sweep_range_parse(m, a->key->name, a->from, a->to, NULL, NULL, &r, cv->err, sizeof(cv->err))
			    : sweep_bounds_parse(m, a->key->name, a->from, a->to, &r, cv->err, sizeof(cv->err)))
		return;
	cv->key = r.key;
	if (r.real) {
		double x = param_real(m, r.key);

		r.rfrom = x < r.rfrom ? x : r.rfrom;
		r.rto = x > r.rto ? x : r.rto;
	} else {
		now = param_u64(m, r.key);
		if (now < r.from)
			r.from = now;
		if (now > r.to)
			r.to = now;
	}
	cv->range = r;
	if (plot_sample(m, &r, cv->d, cv->md, cv->sides, cv->nser, width, &cv->pts, cv->err, sizeof(cv->err)))
		cv->pts.n = 0;
}

/* Points where a side is n/a are gaps in its curve: say so rather than let the gap puzzle. */
static int chart_gaps(const struct chart_view *cv, int s)
{
	int gaps = 0;

	for (size_t i = 0; i < cv->pts.n; i++)
		gaps += isnan(cv->pts.y[s][i]);
	return gaps;
}

static attr_t chart_cell_attr(int tag)
{
	if (tag >= 0 && tag < CHART_STYLES)
		return crt_attr((enum crt_style)(ST_SERIES0 + tag));
	switch (tag) {
	case CHART_CURVE: return crt_attr(ST_CURVE);
	case CHART_BOTH: return A_BOLD;
	case CHART_MARKER: return crt_attr(ST_MARKER);
	case CHART_AXIS: return crt_attr(ST_DIM);
	default: return A_NORMAL;
	}
}

/* The grid at row y: runs of cells with one style drawn together. */
static void paint_grid(const struct chart_grid *g, int y)
{
	char run[4 * 512 + 1];

	for (int row = 0; row < g->height; row++) {
		int col = 0;

		while (col < g->width) {
			int tag = chart_cell_at(g, row, col)->tag, start = col;
			size_t n = 0;

			while (col < g->width && chart_cell_at(g, row, col)->tag == tag && n + UTF8_MAX < sizeof(run))
				n += utf8_encode(run + n, chart_cell_at(g, row, col++)->ch);
			run[n] = '\0';
			attrset(chart_cell_attr(tag));
			mvaddstr(y + row, start, run);
		}
	}
	attrset(A_NORMAL);
}

int view_chart_show(const struct chart *c, int top, int cols, int height, int other_rows)
{
	struct chart_grid g;
	char note[128];

	if (chart_draw(c, cols, height, chart_locale_utf8(), &g)) {
		snprintf(note, sizeof(note), "(a chart needs at least %dx%d characters)", CHART_MIN_WIDTH,
			 chart_min_height(c, cols >= CHART_MIN_WIDTH ? cols : CHART_MIN_WIDTH, chart_locale_utf8()) + other_rows);
		screen_put(top, 0, cols, note, 0, A_NORMAL);
		return -1;
	}
	paint_grid(&g, top);
	chart_grid_free(&g);
	return 0;
}

/* The marker in numbers, as the panel shows them; then any gaps. */
static void chart_note(struct chart_view *cv, struct screen *sc, const struct chart *c, int y)
{
	const struct metric_cells *cells = &sc->metrics[cv->serial].cells;
	char note[512];
	int k;

	k = snprintf(note, sizeof(note), "this machine: %s = %s:", cv->key->name, sc->pstate[cv->key - params].text);
	for (int i = 0; i < cv->nser && k < (int)sizeof(note); i++)
		k += snprintf(note + k, sizeof(note) - (size_t)k, "%s %s %s", i ? "," : "", c->series[i].label,
			      cells->in_change ? cells->change : cells->side[cv->sides[i]]);
	k += snprintf(note + k, k < (int)sizeof(note) ? sizeof(note) - (size_t)k : 0, "  [%s]", cv->md->unit);
	for (int i = 0; i < cv->nser && k < (int)sizeof(note); i++) {
		int gaps = chart_gaps(cv, i);

		if (gaps)
			k += snprintf(note + k, sizeof(note) - (size_t)k, "   %s: n/a at %d of %zu points%s",
				      c->series[i].label, gaps, cv->pts.n, gaps < (int)cv->pts.n ? ", drawn as gaps" : "");
	}
	screen_put(y, 0, sc->L.cols, note, 0, A_NORMAL);
}

static void chart_view_draw(struct view *v, struct screen *sc)
{
	struct chart_view *cv = (struct chart_view *)v;
	const struct layout *L = &sc->L;
	char head[256], title[160];
	struct chart c;
	int h = L->height - 2, next = (cv->axis + 1) % cv->naxes;

	if (cv->width != L->cols || cv->generation != sc->generation) {
		chart_sample(cv, &sc->s->m, L->cols);
		cv->generation = sc->generation;
	}
	{
		char more[64] = "", nx[96] = "";

		if (cv->npicks > 1)
			snprintf(more, sizeof(more), "c: next metric (%d of %d); ", cv->pick + 1, cv->npicks);
		if (cv->naxes > 1)
			snprintf(nx, sizeof(nx), "x: next axis (%s); ", cv->axes[next].key->name);
		snprintf(head, sizeof(head), " chart %s.%s across %s   (%s%s:save PATH.svg; Esc closes)", cv->d->id,
			 cv->md->name, cv->axes[cv->axis].key->name, more, nx);
	}
	screen_put(L->top, 0, L->cols, head, 0, crt_attr(ST_TITLE));
	if (cv->err[0]) {
		screen_put(L->top + 2, 0, L->cols, cv->err, 0, crt_attr(ST_ERROR));
		return;
	}

	memset(&c, 0, sizeof(c));
	snprintf(title, sizeof(title), "%s.%s", cv->d->id, cv->md->name);
	c.title = title;
	c.yunit = cv->md->unit;
	c.xname = cv->key->name;
	c.xunit = cv->key->unit;
	c.xscale = cv->pts.xlog ? CHART_LOG : CHART_LINEAR;
	c.yscale = CHART_AUTO;
	c.nseries = cv->nser;
	for (int i = 0; i < cv->nser; i++) {
		c.series[i].label = cv->md->single ? cv->md->name : patch_col_name(&sc->s->m, cv->d, cv->sides[i]);
		c.series[i].x = cv->pts.x;
		c.series[i].y = cv->pts.y[i];
		c.series[i].n = cv->pts.n;
	}
	c.marker_x = cv->key->type == PT_REAL ? param_real(&sc->s->m, cv->key) : (double)param_u64(&sc->s->m, cv->key);
	if (view_chart_show(&c, L->top + 1, L->cols, h, 2))
		return;
	chart_note(cv, sc, &c, L->top + 1 + h);
}

static void chart_pick(struct chart_view *cv, int k);

static int chart_view_key(struct view *v, struct screen *sc, const struct key_binding *b, int ch)
{
	struct chart_view *cv = (struct chart_view *)v;
	MEVENT ev;

	(void)ch;
	switch (b ? b->action : KA_NONE) {
	case KA_CHART: /* opened from a parameter: the next metric that reads it */
		if (cv->npicks < 2) {
			screen_status(sc, 0, cv->over ? "only %s.%s reads %s" : "already charting %s.%s", cv->d->id,
				      cv->md->name, cv->over ? cv->over->name : "");
			break;
		}
		cv->pick = (cv->pick + 1) % cv->npicks;
		chart_pick(cv, cv->pick);
		break;
	case KA_CHART_AXIS:
		if (cv->naxes < 2) {
			screen_status(sc, 0, "%s.%s reads no other parameter a chart can vary", cv->d->id, cv->md->name);
			break;
		}
		cv->axis = (cv->axis + 1) % cv->naxes;
		cv->width = 0; /* sample again */
		break;
	case KA_MOUSE: getmouse(&ev); break;
	case KA_QUIT:
	case KA_ESCAPE: screen_pop(sc); break;
	default: return 0;
	}
	return 1;
}

static int chart_view_footer(struct view *v, struct screen *sc, enum key_action a, const char **label)
{
	struct chart_view *cv = (struct chart_view *)v;

	(void)sc;
	switch (a) {
	case KA_QUIT: *label = "close"; return 1;
	case KA_CHART_AXIS: *label = "axis"; return cv->naxes > 1;
	case KA_CHART: *label = "next metric"; return cv->npicks > 1;
	case KA_HELP:
	case KA_COMMAND:
	case KA_STEP: /* the machine's selected parameter: the chart follows it */
	case KA_UNDO: return 1;
	default: return 0;
	}
}

/* Quoted for the scanner: a path may hold blanks; one with a quote of its own is refused. */
int view_quote_path(const char *path, char *buf, size_t len)
{
	if (strchr(path, '\'')) {
		snprintf(buf, len, "'%s': a path with a quote (') in it cannot be saved to from here", path);
		return -1;
	}
	if (strlen(path) + 3 > len || strlen(path) > 900) { /* cut, or past the command line it goes into: another file */
		snprintf(buf, len, "a PATH of at most 900 bytes expected (got %zu)", strlen(path));
		return -1;
	}
	snprintf(buf, len, "'%s'", path);
	return 0;
}

/* :save PATH: the plot command that draws this chart, at this width, into PATH. */
static int chart_view_save(struct view *v, struct screen *sc, const char *path, char *line, size_t len)
{
	struct chart_view *cv = (struct chart_view *)v;
	const struct sweep_range *r = &cv->range;
	char q[1100], from[48], to[48];

	if (cv->err[0] || !cv->key) {
		snprintf(line, len, "the chart has nothing drawn to save");
		return -1;
	}
	if (view_quote_path(path, q, sizeof(q))) {
		snprintf(line, len, "%s", q);
		return -1;
	}
	if (r->real) {
		snprintf(from, sizeof(from), "%.17g", r->rfrom);
		snprintf(to, sizeof(to), "%.17g", r->rto);
	} else {
		snprintf(from, sizeof(from), cv->key->type == PT_PAGES ? "%llup" : "%llu", (unsigned long long)r->from);
		snprintf(to, sizeof(to), cv->key->type == PT_PAGES ? "%llup" : "%llu", (unsigned long long)r->to);
	}
	snprintf(line, len, "plot %s.%s over %s %s %s --width %d > %s", cv->d->id, cv->md->name, cv->key->name, from, to,
		 sc->L.cols < CHART_MIN_WIDTH ? CHART_MIN_WIDTH : sc->L.cols > 1000 ? 1000 : sc->L.cols, q);
	return 0;
}

static void chart_view_destroy(struct view *v)
{
	struct chart_view *cv = (struct chart_view *)v;

	plot_points_free(&cv->pts);
	free(cv);
}

/* the keys this view takes (help keys) */
static const enum key_action chart_actions[] = { KA_CHART, KA_CHART_AXIS, KA_STEP, KA_MOUSE, KA_ESCAPE, KA_NONE };

static const struct view_ops chart_ops = {
	.actions = chart_actions,
	.name = "chart",
	.opaque = 1,
	.draw = chart_view_draw,
	.key = chart_view_key,
	.save_command = chart_view_save,
	.destroy = chart_view_destroy,
	.footer = chart_view_footer,
};

/* A key the chart can vary: a whole number (count, size, pages); choices and reals are not an axis. */
static int add_axis(struct chart_view *cv, const struct param *p)
{
	struct chart_axis *a;
	uint64_t lo, hi;

	if (!p || cv->naxes == CHART_MAX_AXES || p->type == PT_CHOICE || p->type == PT_LAYOUT)
		return 0;
	for (int i = 0; i < cv->naxes; i++)
		if (cv->axes[i].key == p)
			return 0;
	a = &cv->axes[cv->naxes++];
	a->key = p;
	lo = p->min, hi = p->max;
	if (p->allowed) { /* pagesize: the listed values, not the field's range */
		lo = hi = p->allowed[0];
		for (const uint64_t *v = p->allowed; *v; v++)
			hi = *v > hi ? *v : hi, lo = *v < lo ? *v : lo;
	}
	snprintf(a->from, sizeof(a->from), p->type == PT_PAGES ? "%llup" : "%llu", (unsigned long long)lo);
	snprintf(a->to, sizeof(a->to), p->type == PT_PAGES ? "%llup" : "%llu", (unsigned long long)hi);
	if (p->type == PT_REAL) {
		snprintf(a->from, sizeof(a->from), "%.17g", p->rmin);
		snprintf(a->to, sizeof(a->to), "%.17g", p->rmax);
	}
	for (size_t i = 0; i < sizeof(spans) / sizeof(spans[0]); i++)
		if (!strcmp(spans[i].key, p->name)) {
			snprintf(a->from, sizeof(a->from), "%s", spans[i].from);
			snprintf(a->to, sizeof(a->to), "%s", spans[i].to);
		}
	return 1;
}

/*
 * The x axes: the keys the metric reads (md->reads), in the parameter
 * table's order - so the machine's size comes first: a vmpressure metric
 * is charted across RAM, memcg's stock across CPUs. A metric that reads no
 * such key gets CPUs and RAM, where it shows flat.
 */
static int reads_param(const struct metric_desc *md, const char *name)
{
	const char *r = md->reads ? md->reads : "";
	size_t n = strlen(name);

	for (const char *w = strstr(r, name); w; w = strstr(w + 1, name))
		if ((w == r || w[-1] == ' ') && (w[n] == ' ' || w[n] == '\0'))
			return 1;
	return 0;
}

static void chart_axes(struct chart_view *cv)
{
	cv->naxes = 0;
	cv->axis = 0;
	if (cv->over)
		add_axis(cv, cv->over);
	for (size_t i = 0; i < nparams; i++)
		if (reads_param(cv->md, params[i].name))
			add_axis(cv, &params[i]);
	if (!cv->naxes) {
		add_axis(cv, param_find("cpus"));
		add_axis(cv, param_find("ram"));
	}
}

static void chart_pick(struct chart_view *cv, int k)
{
	cv->d = cv->picks[k].d;
	cv->md = cv->picks[k].md;
	cv->serial = cv->picks[k].serial;
	chart_axes(cv);
	cv->width = 0; /* sample again */
}

static struct chart_view *chart_view_alloc(void)
{
	struct chart_view *cv = calloc(1, sizeof(*cv));

	if (cv)
		cv->v.ops = &chart_ops;
	return cv;
}

struct view *view_chart_new(const struct patch_desc *d, const struct metric_desc *md, int serial)
{
	struct chart_view *cv = chart_view_alloc();

	if (!cv)
		return NULL;
	cv->picks[0] = (struct chart_pick){ d, md, serial };
	cv->npicks = 1;
	chart_pick(cv, 0);
	return &cv->v;
}

/*
 * The metrics a chart over p shows (every metric that reads p, one number
 * each), first's first, then in the table's order. How many; up to max into picks.
 */
static int readers(const struct patch_set *ps, const struct param *p, const struct patch_desc *first,
		   struct chart_pick *picks, int max)
{
	const struct patch_desc *const *patches = patch_set_list(ps);
	int n = 0;

	for (int pass = 0; pass < 2; pass++) {
		int serial = 0;

		for (int i = 0; patches[i]; i++)
			for (const struct metric_desc *md = patches[i]->metrics; md->name; md++, serial++) {
				if ((patches[i] == first) != (pass == 0) || md->list || !reads_param(md, p->name))
					continue;
				if (n < max)
					picks[n] = (struct chart_pick){ patches[i], md, serial };
				n++;
			}
	}
	return n;
}

int view_chart_readers(const struct patch_set *ps, const struct param *p)
{
	return p && p->type != PT_CHOICE ? readers(ps, p, NULL, NULL, 0) : 0;
}

struct view *view_chart_over(const struct patch_set *ps, const struct param *p, const struct patch_desc *first)
{
	struct chart_view *cv = chart_view_alloc();

	if (!cv)
		return NULL;
	cv->over = p;
	cv->npicks = readers(ps, p, first, cv->picks, CHART_MAX_PICKS);
	if (cv->npicks > CHART_MAX_PICKS)
		cv->npicks = CHART_MAX_PICKS;
	chart_pick(cv, 0);
	return &cv->v;
}
