/*
 * The curses explorer: the machine on the left, every patch's metrics on the
 * right, recomputed and redrawn after each change. Rows come from the
 * parameter table and the model descriptors (layout.c), keys from one table
 * (key_bindings below), commands from the command table (cmd_run), and
 * everything the terminal needs from crt.c.
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/patch.h"
#include "../core/params.h"
#include "../lang/chart.h"
#include "../lang/cmd.h"
#include "cmdline.h"
#include "crt.h"
#include "frontends.h"
#include "keys.h"
#include "layout.h"
#include "../lang/render.h"
#include "../lang/sweepcmd.h"

#ifndef BATCHLAB_VERSION
#define BATCHLAB_VERSION "0.1.0"
#endif

/* How long a cell the last change moved stays highlighted. */
#define HIGHLIGHT_MS 1500

struct metric_state {
	struct metric_cells cells;
	long long changed[PATCH_MAX_SIDES + 1]; /* when each side, and the change column, last moved */
};

struct param_state {
	char text[96];
	long long changed;
};

/*
 * The axes a chart offers, in the order `x` steps through them, and the
 * range each spans (widened to take in the current machine). CPUs cover
 * every count the parameter table accepts; RAM from a small box to a large
 * NUMA machine.
 */
static const struct chart_axis {
	const char *key, *from, *to;
} chart_axes[] = {
	{ "cpus", "1", "65536" },
	{ "ram", "1G", "64T" },
};
#define NAXES (int)(sizeof(chart_axes) / sizeof(chart_axes[0]))

/* The chart view: one metric's sides across an axis, sampled from core when stale. */
struct chart_view {
	int open;
	const struct patch_desc *d;
	const struct metric_desc *md;
	int serial;                     /* the metric's row serial: its cells say what the marker stands for */
	int axis;                       /* index in chart_axes */
	int sides[CHART_MAX_SERIES], nser;
	struct plot_points pts;
	const struct param *key;
	int width;                      /* the width pts was sampled for; 0: sample again */
	char err[256];
};

struct screen {
	struct session *s;
	struct layout L;
	struct row *mrows, *prows;
	size_t nm, np, pcap;
	enum patch_detail detail;
	struct metric_state *metrics; /* by row serial */
	struct param_state *pstate;   /* by params[] index */
	int nmetrics;
	int focus;            /* 0 machine panel, 1 patch panel */
	int mcur, pcur;       /* selected row of each panel */
	int mtop, ptop;       /* first row shown of each panel */
	int overlay;          /* a text view covers the panels */
	char otitle[160];
	struct strbuf otext;
	int otop, oleft, olines;
	struct chart_view chart;  /* shown when overlay is set and chart.open */
	char status[512];
	int status_err;
	long long highlight_until;
	int quit;
	long long now; /* the frame being drawn: one clock for every highlight in it */
};

/* --- state ------------------------------------------------------------- */

static void set_status(struct screen *sc, int err, const char *fmt, ...) BL_PRINTF(3, 4);

static void set_status(struct screen *sc, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(sc->status, sizeof(sc->status), fmt, ap);
	va_end(ap);
	sc->status_err = err;
}

/*
 * Recompute every cell from the session's machine. With mark, cells whose
 * text moved are highlighted for a moment, so a change shows what it moved.
 */
static void recompute(struct screen *sc, int mark)
{
	long long now = crt_now_ms();
	int k = 0;

	for (int i = 0; patches[i]; i++) {
		for (const struct metric_desc *md = patches[i]->metrics; md->name; md++, k++) {
			struct metric_state *ms = &sc->metrics[k];
			struct metric_cells c;

			cells_metric(&sc->s->m, patches[i], md, sc->L.pval_w, &c);
			for (int sd = 0; sd < PATCH_MAX_SIDES; sd++)
				if (mark && strcmp(c.side[sd], ms->cells.side[sd]))
					ms->changed[sd] = now;
			if (mark && strcmp(c.change, ms->cells.change))
				ms->changed[PATCH_MAX_SIDES] = now;
			ms->cells = c;
		}
	}
	for (size_t i = 0; i < nparams; i++) {
		char t[96];

		param_format_human(&sc->s->m, &params[i], t, sizeof(t));
		if (mark && strcmp(t, sc->pstate[i].text))
			sc->pstate[i].changed = now;
		snprintf(sc->pstate[i].text, sizeof(sc->pstate[i].text), "%s", t);
	}
	if (mark)
		sc->highlight_until = now + HIGHLIGHT_MS;
	sc->chart.width = 0; /* the machine may have moved: sample the chart again */
}

static int highlighted(const struct screen *sc, long long when)
{
	return when && sc->now - when < HIGHLIGHT_MS;
}

static const struct row *patch_row(const struct screen *sc)
{
	return sc->np ? &sc->prows[sc->pcur] : NULL;
}

static const struct param *selected_param(const struct screen *sc)
{
	return sc->nm ? sc->mrows[sc->mcur].param : NULL;
}

/* Lay out for the current terminal size, keeping the selected metric selected. */
static void relayout(struct screen *sc)
{
	const struct metric_desc *keep = sc->np ? sc->prows[sc->pcur].metric : NULL;

	layout_compute(&sc->L, COLS, LINES);
	sc->detail = patch_detail_for(sc->L.height);
	sc->np = rows_patches(sc->prows, sc->pcap, sc->detail);
	sc->pcur = -1;
	for (size_t i = 0; i < sc->np; i++)
		if (sc->prows[i].kind == ROW_METRIC && (sc->pcur < 0 || sc->prows[i].metric == keep))
			sc->pcur = (int)i;
	if (sc->pcur < 0)
		sc->pcur = 0;
	sc->ptop = 0;
	recompute(sc, 0);
}

static int screen_setup(struct screen *sc, struct session *s)
{
	size_t full = rows_patches(NULL, 0, DETAIL_FULL);

	memset(sc, 0, sizeof(*sc));
	sc->s = s;
	sc->nm = rows_machine(NULL, 0);
	for (int i = 0; patches[i]; i++)
		for (const struct metric_desc *md = patches[i]->metrics; md->name; md++)
			sc->nmetrics++;
	sc->mrows = calloc(sc->nm, sizeof(*sc->mrows));
	sc->prows = calloc(full, sizeof(*sc->prows));
	sc->metrics = calloc((size_t)sc->nmetrics + 1, sizeof(*sc->metrics));
	sc->pstate = calloc(nparams, sizeof(*sc->pstate));
	if (!sc->mrows || !sc->prows || !sc->metrics || !sc->pstate)
		return -1;
	rows_machine(sc->mrows, sc->nm);
	sc->pcap = full;
	while (sc->mcur < (int)sc->nm - 1 && sc->mrows[sc->mcur].kind != ROW_PARAM)
		sc->mcur++;
	relayout(sc);
	return 0;
}

static void screen_free(struct screen *sc)
{
	free(sc->mrows);
	free(sc->prows);
	free(sc->metrics);
	free(sc->pstate);
	sb_free(&sc->otext);
	plot_points_free(&sc->chart.pts);
}

/* --- overlay: explain, about, help, command output ------------------------ */

static void open_overlay(struct screen *sc, const char *title, const char *text)
{
	sb_reset(&sc->otext);
	sb_puts(&sc->otext, text);
	snprintf(sc->otitle, sizeof(sc->otitle), "%s", title);
	sc->overlay = 1;
	sc->chart.open = 0;
	sc->otop = sc->oleft = 0;
	sc->olines = 0;
	for (const char *p = sb_str(&sc->otext); *p; p++)
		sc->olines += *p == '\n';
	if (sc->otext.len && sb_str(&sc->otext)[sc->otext.len - 1] != '\n')
		sc->olines++;
}

static void scroll_overlay(struct screen *sc, int by)
{
	int page = sc->L.height - 1, max = sc->olines - page;

	sc->otop += by;
	if (sc->otop > max)
		sc->otop = max;
	if (sc->otop < 0)
		sc->otop = 0;
}

/* Run one line of the language; output opens a view, an error goes to the status line. */
static void run_line(struct screen *sc, const char *line, const char *title)
{
	struct strbuf out = STRBUF_INIT, cmd = STRBUF_INIT;
	char err[1024], q = 0;
	int failed = 0;

	/* ';' separates commands and '#' starts a comment, except inside quotes - as in scripts */
	for (const char *p = line;; p++) {
		if (*p && (q || (*p != ';' && *p != '#'))) {
			if (q ? *p == q : (*p == '"' || *p == '\''))
				q = q ? 0 : *p;
			sb_putc(&cmd, *p);
			continue;
		}
		if (cmd_run(sc->s, sb_str(&cmd), &out, err, sizeof(err))) {
			set_status(sc, 1, "%s", err);
			failed = 1;
			break;
		}
		sb_reset(&cmd);
		if (sc->s->quit || !*p || *p == '#')
			break;
	}
	recompute(sc, 1);
	if (out.len)
		open_overlay(sc, title, sb_str(&out));
	else if (!failed && !sc->s->quit)
		set_status(sc, 0, "ok: %s", line);
	if (sc->s->quit)
		sc->quit = 1;
	sb_free(&out);
	sb_free(&cmd);
}

/* --- drawing ----------------------------------------------------------- */

static void put(int y, int x, int width, const char *text, int right, attr_t attr)
{
	char buf[512];

	if (width <= 0)
		return;
	fit_text(buf, sizeof(buf), text, width, right);
	attrset(attr);
	mvaddstr(y, x, buf);
	attrset(A_NORMAL);
}

/* --- the chart view ---------------------------------------------------- */

/*
 * Which sides to draw: the one value of a single-valued metric; else before
 * and after first (so they keep plot's glyphs and colours), then any other
 * side (proactive_reclaim's full) as the third curve.
 */
static void chart_sides(struct chart_view *cv)
{
	int n = patch_nsides(cv->d);

	cv->nser = 0;
	if (cv->md->single) {
		cv->sides[cv->nser++] = 0;
		return;
	}
	cv->sides[cv->nser++] = cv->d->before;
	if (cv->d->after != cv->d->before)
		cv->sides[cv->nser++] = cv->d->after;
	for (int sd = 0; sd < n && cv->nser < CHART_MAX_SERIES; sd++)
		if (sd != cv->d->before && sd != cv->d->after)
			cv->sides[cv->nser++] = sd;
}

/* The points for the chart's axis and the current machine, width columns wide; an error goes in cv->err. */
static void chart_sample(struct chart_view *cv, const struct machine *m, int width)
{
	const struct chart_axis *a = &chart_axes[cv->axis];
	struct sweep_range r;
	uint64_t now;

	plot_points_free(&cv->pts);
	cv->err[0] = '\0';
	cv->width = width;
	if (sweep_range_parse(m, a->key, a->from, a->to, NULL, NULL, &r, cv->err, sizeof(cv->err)))
		return;
	cv->key = r.key;
	now = param_u64(m, r.key);
	if (now < r.from)
		r.from = now;
	if (now > r.to)
		r.to = now;
	if (plot_sample(m, &r, cv->d, cv->md, cv->sides, cv->nser, width, &cv->pts, cv->err, sizeof(cv->err)))
		cv->pts.n = 0;
}

static void open_chart(struct screen *sc, const struct row *r)
{
	struct chart_view *cv = &sc->chart;

	cv->d = r->patch;
	cv->md = r->metric;
	cv->serial = r->serial;
	cv->width = 0;
	chart_sides(cv);
	sc->overlay = 1;
	cv->open = 1;
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
	switch (tag) {
	case 0: return crt_attr(ST_SERIES0);
	case 1: return crt_attr(ST_SERIES1);
	case 2: return crt_attr(ST_SERIES2);
	case CHART_BOTH: return A_BOLD;
	case CHART_MARKER: return crt_attr(ST_MARKER);
	case CHART_AXIS: return crt_attr(ST_DIM);
	default: return A_NORMAL;
	}
}

static size_t utf8_put(char *b, uint32_t cp)
{
	if (cp < 0x80) {
		b[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		b[0] = (char)(0xc0 | (cp >> 6));
		b[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	b[0] = (char)(0xe0 | (cp >> 12));
	b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
	b[2] = (char)(0x80 | (cp & 0x3f));
	return 3;
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

			while (col < g->width && chart_cell_at(g, row, col)->tag == tag && n + 4 < sizeof(run))
				n += utf8_put(run + n, chart_cell_at(g, row, col++)->ch);
			run[n] = '\0';
			attrset(chart_cell_attr(tag));
			mvaddstr(y + row, start, run);
		}
	}
	attrset(A_NORMAL);
}

static void draw_chart(struct screen *sc)
{
	const struct layout *L = &sc->L;
	struct chart_view *cv = &sc->chart;
	const struct metric_cells *cells = &sc->metrics[cv->serial].cells;
	char head[256], title[160], note[512];
	struct chart_grid g;
	struct chart c;
	int k, h = L->height - 2, next = (cv->axis + 1) % NAXES;

	if (cv->width != L->cols)
		chart_sample(cv, &sc->s->m, L->cols);
	snprintf(head, sizeof(head), " chart %s.%s across %s   (x: %s axis; Esc closes)", cv->d->id, cv->md->name,
		 chart_axes[cv->axis].key, chart_axes[next].key);
	put(L->top, 0, L->cols, head, 0, crt_attr(ST_TITLE));
	if (cv->err[0]) {
		put(L->top + 2, 0, L->cols, cv->err, 0, crt_attr(ST_ERROR));
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
		c.series[i].label = cv->md->single ? cv->md->name : cv->d->sides[cv->sides[i]];
		c.series[i].x = cv->pts.x;
		c.series[i].y = cv->pts.y[i];
		c.series[i].n = cv->pts.n;
	}
	c.marker_x = (double)param_u64(&sc->s->m, cv->key);
	if (chart_draw(&c, L->cols, h, chart_locale_utf8(), &g)) {
		snprintf(note, sizeof(note), "(a chart needs at least %dx%d characters)", CHART_MIN_WIDTH,
			 CHART_MIN_HEIGHT + 2);
		put(L->top + 1, 0, L->cols, note, 0, A_NORMAL);
		return;
	}
	paint_grid(&g, L->top + 1);
	chart_grid_free(&g);

	/* the marker in numbers, as the panel shows them; then any gaps */
	k = snprintf(note, sizeof(note), "this machine: %s = %s:", cv->key->name, sc->pstate[cv->key - params].text);
	for (int i = 0; i < cv->nser && k < (int)sizeof(note); i++)
		k += snprintf(note + k, sizeof(note) - (size_t)k, "%s %s %s", i ? "," : "", c.series[i].label,
			      cells->in_change ? cells->change : cells->side[cv->sides[i]]);
	k += snprintf(note + k, k < (int)sizeof(note) ? sizeof(note) - (size_t)k : 0, "  [%s]", cv->md->unit);
	for (int i = 0; i < cv->nser && k < (int)sizeof(note); i++) {
		int gaps = chart_gaps(cv, i);

		if (gaps)
			k += snprintf(note + k, sizeof(note) - (size_t)k, "   %s: n/a at %d of %zu points%s", c.series[i].label,
				      gaps, cv->pts.n, gaps < (int)cv->pts.n ? ", drawn as gaps" : "");
	}
	put(L->top + 1 + h, 0, L->cols, note, 0, A_NORMAL);
}

static void draw_title(struct screen *sc)
{
	static const char legend[] = "~ modeled: a calibrated estimate   plain: exact kernel arithmetic ";
	const int lw = (int)sizeof(legend) - 1;
	char left[160];

	snprintf(left, sizeof(left), " batchlab %s  mm constants that should scale with the machine", BATCHLAB_VERSION);
	put(0, 0, sc->L.cols, left, 0, crt_attr(ST_TITLE));
	if ((int)strlen(left) + 2 + lw > sc->L.cols)
		put(0, 0, sc->L.cols, " batchlab " BATCHLAB_VERSION, 0, crt_attr(ST_TITLE));
	if (lw <= sc->L.cols - 16)
		put(0, sc->L.cols - lw, lw, legend, 0, crt_attr(ST_TITLE));
}

static void draw_machine(struct screen *sc)
{
	const struct layout *L = &sc->L;

	sc->mtop = layout_scroll(sc->mtop, sc->mcur, L->height, (int)sc->nm);
	for (int i = 0; i < L->height && sc->mtop + i < (int)sc->nm; i++) {
		const struct row *r = &sc->mrows[sc->mtop + i];
		int y = L->top + i, cur = sc->mtop + i == sc->mcur;
		attr_t a = cur ? crt_attr(sc->focus == 0 && !sc->overlay ? ST_CURSOR : ST_CURSOR2) : A_NORMAL;
		const struct param_state *ps;

		if (r->kind == ROW_GROUP) {
			put(y, L->mx, L->mw, r->group, 0, crt_attr(ST_GROUP));
			continue;
		}
		ps = &sc->pstate[r->serial];
		put(y, L->mx, L->mw, "", 0, a);
		put(y, L->mx + 1, L->mname_w, r->param->name, 0, a);
		put(y, L->mx + 2 + L->mname_w, L->mval_w, ps->text, 0,
		    highlighted(sc, ps->changed) ? crt_attr(ST_CHANGED) : a);
	}
}

static void draw_metric(struct screen *sc, const struct row *r, int y, int cur)
{
	const struct layout *L = &sc->L;
	const struct metric_state *ms = &sc->metrics[r->serial];
	const struct metric_cells *c = &ms->cells;
	int nsides = patch_nsides(r->patch);
	attr_t base = cur ? crt_attr(sc->focus == 1 && !sc->overlay ? ST_CURSOR : ST_CURSOR2) : A_NORMAL;
	attr_t name = c->modeled ? base | crt_attr(ST_MODELED) : base;
	attr_t ch;
	char mark[2] = { c->modeled ? LAYOUT_MODELED_MARK : ' ', '\0' };

	put(y, L->px, L->pw, "", 0, base);
	put(y, L->px, 1, mark, 0, name);
	put(y, L->px + 2, L->pname_w, r->metric->name, 0, name);
	for (int s = 0; s < nsides && s < L->nsides; s++)
		put(y, layout_side_x(L, s, nsides), L->pval_w, c->side[s], 1,
		    highlighted(sc, ms->changed[s]) ? crt_attr(ST_CHANGED) : name);
	ch = c->direction > 0 ? crt_attr(ST_UP) : c->direction < 0 ? crt_attr(ST_DOWN) : name;
	if (highlighted(sc, ms->changed[PATCH_MAX_SIDES]))
		ch = crt_attr(ST_CHANGED);
	else if (cur)
		ch = base;
	put(y, layout_change_x(L), L->pchange_w, c->change, 0, ch);
	if (L->punit_w)
		put(y, layout_unit_x(L), L->punit_w, r->metric->unit, 0, cur ? base : crt_attr(ST_DIM));
}

static void draw_patches(struct screen *sc)
{
	const struct layout *L = &sc->L;
	int first = sc->pcur;

	/* bring the patch's heading into view with its first metric */
	while (first > 0 && sc->prows[first - 1].kind != ROW_METRIC && sc->prows[first - 1].kind != ROW_BLANK &&
	       sc->pcur - first < L->height - 1)
		first--;
	if (first < sc->ptop)
		sc->ptop = first;
	sc->ptop = layout_scroll(sc->ptop, sc->pcur, L->height, (int)sc->np);
	for (int i = 0; i < L->height && sc->ptop + i < (int)sc->np; i++) {
		const struct row *r = &sc->prows[sc->ptop + i];
		const struct patch_desc *d = r->patch;
		int y = L->top + i, nsides = patch_nsides(d);
		char t[256];

		switch (r->kind) {
		case ROW_PATCH:
			put(y, L->px, L->pw, d->id, 0, crt_attr(ST_PATCH));
			for (int s = 0; s < nsides && s < L->nsides; s++)
				put(y, layout_side_x(L, s, nsides), L->pval_w, d->sides[s], 1, crt_attr(ST_PATCH));
			if (nsides > 1)
				put(y, layout_change_x(L), L->pchange_w, "change", 0, crt_attr(ST_PATCH));
			if (L->punit_w)
				put(y, layout_unit_x(L), L->punit_w, "unit", 0, crt_attr(ST_PATCH));
			break;
		case ROW_TITLE:
			snprintf(t, sizeof(t), "  %s  (seed %.3s; %s)", d->title, d->seed, d->kernel);
			put(y, L->px, L->pw, t, 0, crt_attr(ST_DIM));
			break;
		case ROW_METRIC:
			draw_metric(sc, r, y, sc->ptop + i == sc->pcur);
			break;
		default:
			break;
		}
	}
}

static void draw_overlay(struct screen *sc)
{
	const struct layout *L = &sc->L;
	const char *p = sb_str(&sc->otext);
	char head[256];

	snprintf(head, sizeof(head), " %s   (Esc closes; arrows, PgUp/PgDn scroll)  %d-%d/%d", sc->otitle,
		 sc->olines ? sc->otop + 1 : 0, sc->otop + L->height - 1 < sc->olines ? sc->otop + L->height - 1 : sc->olines,
		 sc->olines);
	put(L->top, 0, L->cols, head, 0, crt_attr(ST_TITLE));
	for (int skip = 0; skip < sc->otop && *p; skip++) {
		const char *nl = strchr(p, '\n');

		p = nl ? nl + 1 : p + strlen(p);
	}
	for (int i = 1; i < L->height; i++) {
		const char *nl = strchr(p, '\n');
		int n = nl ? (int)(nl - p) : (int)strlen(p);
		char line[1024];

		move(L->top + i, 0);
		clrtoeol();
		if (!*p)
			continue;
		snprintf(line, sizeof(line), "%.*s", n, p);
		if ((int)strlen(line) > sc->oleft)
			put(L->top + i, 0, L->cols, line + sc->oleft, 0, A_NORMAL);
		p += n + (nl != NULL);
	}
}

static void draw_footer(struct screen *sc)
{
	const struct layout *L = &sc->L;
	int x = 0;

	move(L->footer_y, 0);
	clrtoeol();
	if (cmdline_state() == CMDLINE_EDITING && *cmdline_hint()) {
		put(L->footer_y, 0, L->cols, cmdline_hint(), 0, crt_attr(ST_HEAD));
		return;
	}
	for (const struct key_binding *k = key_bindings; k->name; k++) {
		int n;

		if (!k->label)
			continue;
		n = (int)(strlen(k->name) + strlen(k->label) + 3);
		if (x + n > L->cols)
			break;
		put(L->footer_y, x, (int)strlen(k->name), k->name, 0, crt_attr(ST_KEY));
		put(L->footer_y, x + (int)strlen(k->name) + 1, (int)strlen(k->label), k->label, 0, A_NORMAL);
		x += n;
	}
}

static void draw_status(struct screen *sc)
{
	const struct layout *L = &sc->L;
	char t[512];

	if (cmdline_state() == CMDLINE_EDITING) {
		curs_set(1);
		cmdline_draw(L->status_y, L->cols);
		return;
	}
	curs_set(0);
	if (sc->status[0]) {
		put(L->status_y, 0, L->cols, sc->status, 0, sc->status_err ? crt_attr(ST_ERROR) : A_NORMAL);
		return;
	}
	/* nothing to report: say what the selected row is */
	if (sc->focus == 0 && selected_param(sc)) {
		const struct param *p = selected_param(sc);
		char range[128];

		param_format_range(p, range, sizeof(range));
		snprintf(t, sizeof(t), "%s: %s  [%s]", p->name, p->help, range);
	} else if (patch_row(sc) && patch_row(sc)->metric) {
		const struct row *r = patch_row(sc);

		snprintf(t, sizeof(t), "%s.%s: %s  [%s, %s]", r->patch->id, r->metric->name, r->metric->help,
			 metric_kind_name(r->metric->kind), r->metric->unit);
	} else {
		t[0] = '\0';
	}
	put(L->status_y, 0, L->cols, t, 0, crt_attr(ST_DIM));
}

static void draw_too_small(struct screen *sc)
{
	const struct layout *L = &sc->L;
	char a[64], b[64];

	snprintf(a, sizeof(a), "terminal too small: %dx%d", L->cols, L->lines);
	snprintf(b, sizeof(b), "batchlab needs %dx%d", L->min_cols, L->min_lines);
	erase();
	put(L->lines / 2 - 1 >= 0 ? L->lines / 2 - 1 : 0, 0, L->cols, a, 0, A_BOLD);
	if (L->lines > 1)
		put(L->lines / 2, 0, L->cols, b, 0, A_NORMAL);
	if (L->lines > 2)
		put(L->lines / 2 + 1, 0, L->cols, "q quits", 0, A_NORMAL);
}

static void draw(struct screen *sc)
{
	sc->now = crt_now_ms();
	if (sc->L.too_small) {
		draw_too_small(sc);
		refresh();
		return;
	}
	erase();
	draw_title(sc);
	if (sc->overlay && sc->chart.open) {
		draw_chart(sc);
	} else if (sc->overlay) {
		draw_overlay(sc);
	} else {
		draw_machine(sc);
		draw_patches(sc);
	}
	draw_footer(sc);
	draw_status(sc);
	refresh();
}

/* --- keys -------------------------------------------------------------- */

/* Move the cursor of the focused panel by `by` selectable rows (clamped). */
static void move_cursor(struct screen *sc, int by)
{
	struct row *rows = sc->focus ? sc->prows : sc->mrows;
	int n = (int)(sc->focus ? sc->np : sc->nm), *cur = sc->focus ? &sc->pcur : &sc->mcur;
	enum row_kind want = sc->focus ? ROW_METRIC : ROW_PARAM;
	int step = by < 0 ? -1 : 1;

	for (int left = by < 0 ? -by : by; left > 0; left--) {
		int i = *cur + step;

		while (i >= 0 && i < n && rows[i].kind != want)
			i += step;
		if (i < 0 || i >= n)
			break;
		*cur = i;
	}
}

static void key_up(struct screen *sc, int key)
{
	(void)key;
	if (sc->overlay)
		scroll_overlay(sc, -1);
	else
		move_cursor(sc, -1);
}

static void key_down(struct screen *sc, int key)
{
	(void)key;
	if (sc->overlay)
		scroll_overlay(sc, 1);
	else
		move_cursor(sc, 1);
}

static void key_page(struct screen *sc, int key)
{
	int by = key == KEY_PPAGE ? -(sc->L.height - 2) : sc->L.height - 2;

	if (by == 0)
		by = key == KEY_PPAGE ? -1 : 1;
	if (sc->overlay)
		scroll_overlay(sc, by);
	else
		move_cursor(sc, by);
}

static void key_ends(struct screen *sc, int key)
{
	int up = key == KEY_HOME || key == 'g';

	if (sc->overlay)
		scroll_overlay(sc, up ? -sc->olines : sc->olines);
	else
		move_cursor(sc, up ? -(int)(sc->np + sc->nm) : (int)(sc->np + sc->nm));
}

static void key_panel(struct screen *sc, int key)
{
	if (sc->overlay) {
		if (key == KEY_LEFT || key == 'h')
			sc->oleft = sc->oleft > 8 ? sc->oleft - 8 : 0;
		else if (key == KEY_RIGHT || key == 'l')
			sc->oleft += 8;
		return;
	}
	if (key == KEY_LEFT || key == 'h')
		sc->focus = 0;
	else if (key == KEY_RIGHT || key == 'l')
		sc->focus = 1;
	else
		sc->focus = !sc->focus;
}

/* Apply one parameter value through param_set, so every front end validates in one place. */
static void apply_param(struct screen *sc, const struct param *p, const char *value)
{
	struct machine next = sc->s->m;
	char err[256];

	if (param_set(&next, p, value, err, sizeof(err))) {
		set_status(sc, 1, "%s", err);
		return;
	}
	sc->s->m = next;
	recompute(sc, 1);
	set_status(sc, 0, "%s = %s", p->name, sc->pstate[p - params].text);
}

static void key_step(struct screen *sc, int key)
{
	const struct param *p = selected_param(sc);
	int dir = key == '+' || key == '=' ? 1 : -1;
	char value[128];

	if (!p || sc->overlay)
		return;
	if (param_step(&sc->s->m, p, dir, value, sizeof(value))) {
		set_status(sc, 1, "%s", value);
		return;
	}
	apply_param(sc, p, value);
}

static void key_reset(struct screen *sc, int key)
{
	const struct param *p = selected_param(sc);

	if (sc->overlay)
		return;
	if (key == 'R') {
		machine_defaults(&sc->s->m);
		recompute(sc, 1);
		set_status(sc, 0, "every parameter back to its default");
		return;
	}
	if (p)
		apply_param(sc, p, p->def);
}

static void open_command(struct screen *sc, const char *initial)
{
	sc->status[0] = '\0';
	cmdline_open(":", initial);
}

static void key_command(struct screen *sc, int key)
{
	(void)key;
	open_command(sc, NULL);
}

/* Typing a digit on a parameter starts `set KEY` with it. */
static void key_type_value(struct screen *sc, int key)
{
	const struct param *p = selected_param(sc);
	char init[64];

	if (!p || sc->overlay)
		return;
	sc->focus = 0;
	snprintf(init, sizeof(init), "set %s %c", p->name, key);
	open_command(sc, init);
}

static void explain_selected(struct screen *sc)
{
	const struct row *r = patch_row(sc);
	char line[160], title[160];

	if (!r || !r->metric)
		return;
	snprintf(line, sizeof(line), "explain %s.%s", r->patch->id, r->metric->name);
	snprintf(title, sizeof(title), "%s", line);
	run_line(sc, line, title);
}

static void key_enter(struct screen *sc, int key)
{
	const struct param *p = selected_param(sc);
	char init[64];

	(void)key;
	if (sc->overlay)
		return;
	if (sc->focus == 1) {
		explain_selected(sc);
		return;
	}
	if (p) {
		snprintf(init, sizeof(init), "set %s ", p->name);
		open_command(sc, init);
	}
}

static void key_explain(struct screen *sc, int key)
{
	(void)key;
	explain_selected(sc);
}

static void key_about(struct screen *sc, int key)
{
	const struct param *p = selected_param(sc);
	const struct patch_desc *d = patch_row(sc) ? patch_row(sc)->patch : NULL;
	char line[160];

	(void)key;
	/* a patch's own parameter (charge_batch) asks about that patch */
	if (sc->focus == 0 && p && patch_find(p->group))
		d = patch_find(p->group);
	if (!d)
		return;
	snprintf(line, sizeof(line), "about %s", d->id);
	run_line(sc, line, line);
}

static void key_chart(struct screen *sc, int key)
{
	const struct row *r = patch_row(sc);

	(void)key;
	if (sc->overlay && sc->chart.open)
		return;
	if (!r || !r->metric) {
		set_status(sc, 0, "select a metric (Tab to the patches) to chart it");
		return;
	}
	open_chart(sc, r);
}

static void key_chart_axis(struct screen *sc, int key)
{
	(void)key;
	if (!sc->overlay || !sc->chart.open)
		return;
	sc->chart.axis = (sc->chart.axis + 1) % NAXES;
	sc->chart.width = 0;
}

static void key_help(struct screen *sc, int key)
{
	struct strbuf out = STRBUF_INIT;

	(void)key;
	sb_puts(&out, "keys\n");
	for (const struct key_binding *k = key_bindings; k->name; k++)
		sb_printf(&out, "  %-16s %s\n", k->name, k->help);
	sb_printf(&out, "\nThe machine panel (left) holds every parameter; the patch panels (right) show each\n"
			"metric before and after the patch (proactive_reclaim: full, cluster, decay) and the\n"
			"change. A cell a change moved is highlighted for a moment.\n\n"
			"%c before a metric: a modeled figure, a calibrated estimate (drawn dim); the others are\n"
			"exact kernel arithmetic. 'explain' shows either's working.\n\n"
			"The command line (:) takes the whole scripted language; type 'help' there for the\n"
			"commands and 'help set' for every parameter.\n",
		  LAYOUT_MODELED_MARK);
	open_overlay(sc, "keys", sb_str(&out));
	sb_free(&out);
}

static void close_overlay(struct screen *sc)
{
	sc->overlay = 0;
	sc->chart.open = 0;
}

static void key_escape(struct screen *sc, int key)
{
	(void)key;
	close_overlay(sc);
}

static void key_redraw(struct screen *sc, int key)
{
	(void)sc, (void)key;
	clearok(curscr, TRUE);
}

static void key_quit(struct screen *sc, int key)
{
	(void)key;
	if (sc->overlay) {
		close_overlay(sc);
		return;
	}
	sc->quit = 1;
}

/* A click selects the parameter or metric under it; the wheel moves or scrolls. */
static void key_mouse(struct screen *sc, int key)
{
	const struct layout *L = &sc->L;
	MEVENT ev;
	int i;

	(void)key;
	if (getmouse(&ev) != OK)
		return;
	if (ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) {
		int by = ev.bstate & BUTTON4_PRESSED ? -3 : 3;

		if (sc->overlay)
			scroll_overlay(sc, by);
		else
			move_cursor(sc, by);
		return;
	}
	if (sc->overlay || ev.y < L->top || ev.y >= L->top + L->height)
		return;
	if (ev.x < L->mx + L->mw) {
		i = sc->mtop + ev.y - L->top;
		if (i < (int)sc->nm && sc->mrows[i].kind == ROW_PARAM) {
			sc->focus = 0;
			sc->mcur = i;
		}
	} else if (ev.x >= L->px) {
		i = sc->ptop + ev.y - L->top;
		if (i < (int)sc->np && sc->prows[i].kind == ROW_METRIC) {
			sc->focus = 1;
			sc->pcur = i;
		}
	}
}

const struct key_binding key_bindings[] = {
	{ { 'q', 'Q' }, "q", "quit", "quit (in a view: close it)", key_quit },
	{ { '?', KEY_F(1) }, "?", "keys", "every key (this list)", key_help },
	{ { ':' }, ":", "command", "command line: the whole scripted language (set, preset load, explain, help...)",
	  key_command },
	{ { '+', '=' }, "+", "double", "increase the selected parameter: double a count or size, next choice",
	  key_step },
	{ { '-', '_' }, "-", "halve", "decrease the selected parameter: halve a count or size, previous choice",
	  key_step },
	{ { '\t', KEY_BTAB, KEY_LEFT, KEY_RIGHT, 'h', 'l' }, "Tab", "panel",
	  "switch between the machine and the patches (Left/Right, h/l too; in a view: scroll sideways)",
	  key_panel },
	{ { '\n', '\r', KEY_ENTER }, "Enter", "explain",
	  "on a metric: explain it; on a parameter: type a new value", key_enter },
	{ { 'a' }, "a", "about", "about the patch under the cursor: what it changed, its published result",
	  key_about },
	{ { 'c' }, "c", "chart", "chart the selected metric across CPUs (log scale), before and after", key_chart },
	{ { 'x' }, "x", NULL, "in a chart: switch the axis between CPUs and RAM", key_chart_axis },
	{ { KEY_UP, 'k' }, "Up k", NULL, "move up (in a view: scroll)", key_up },
	{ { KEY_DOWN, 'j' }, "Down j", NULL, "move down (in a view: scroll)", key_down },
	{ { KEY_PPAGE, KEY_NPAGE, ' ' }, "PgUp PgDn Space", NULL, "a page up or down", key_page },
	{ { KEY_HOME, KEY_END, 'g', 'G' }, "Home End g G", NULL, "the first or last row", key_ends },
	{ { 'e' }, "e", NULL, "explain the selected metric: formula, values, result, kernel source", key_explain },
	{ { '0', '1', '2', '3', '4', '5', '6', '7', '8', '9' }, "0-9", NULL,
	  "start typing a new value for the selected parameter", key_type_value },
	{ { 'r' }, "r", NULL, "reset the selected parameter to its default", key_reset },
	{ { 'R' }, "R", NULL, "reset every parameter to its default", key_reset },
	{ { 27 }, "Esc", NULL, "close a view or the command line", key_escape },
	{ { 12 }, "Ctrl-L", NULL, "redraw the screen", key_redraw },
	{ { KEY_MOUSE }, "click", NULL, "select a parameter or metric; the wheel moves", key_mouse },
	{ { 0 }, NULL, NULL, NULL, NULL },
};

static void handle_key(struct screen *sc, int ch)
{
	if (cmdline_state() == CMDLINE_EDITING) {
		enum cmdline_state st = cmdline_key(ch);

		if (st == CMDLINE_DONE) {
			char *line = cmdline_take();

			if (line && *line)
				run_line(sc, line, line);
			free(line);
		} else if (st == CMDLINE_CANCEL) {
			cmdline_cancel();
		}
		return;
	}
	if (ch == KEY_RESIZE) {
		relayout(sc);
		return;
	}
	sc->status[0] = '\0';
	for (const struct key_binding *k = key_bindings; k->name; k++)
		for (int i = 0; i < KEY_BINDING_MAX_KEYS && k->keys[i]; i++)
			if (k->keys[i] == ch) {
				if (sc->L.too_small && k->handler != key_quit)
					return;
				k->handler(sc, ch);
				return;
			}
}

/* --- the loop ---------------------------------------------------------- */

/* How long poll() may sleep: until the next highlight fades, or for ever. */
static int poll_timeout(struct screen *sc)
{
	long long left = sc->highlight_until - crt_now_ms();

	if (!sc->highlight_until)
		return -1;
	if (left <= 0) {
		sc->highlight_until = 0; /* one more frame draws them plain */
		return 0;
	}
	return (int)left;
}

int screen_main(struct session *s)
{
	struct screen sc;
	char err[256];
	int sig = 0;

	s->interactive = 1;
	if (crt_init(err, sizeof(err))) {
		/* a terminal that cannot host the screen (TERM=dumb in an editor's shell) still gets the prompt */
		fprintf(stderr, "batchlab: %s: no explorer; the line prompt instead\n", err);
		return repl_main(s);
	}
	cmdline_init();
	if (screen_setup(&sc, s)) {
		crt_done();
		cmdline_done();
		screen_free(&sc);
		fprintf(stderr, "batchlab: out of memory\n");
		return 1;
	}
	while (!sc.quit) {
		struct pollfd fds[2] = { { STDIN_FILENO, POLLIN, 0 }, { crt_signal_fd(), POLLIN, 0 } };
		int ch;

		draw(&sc);
		if (poll(fds, 2, poll_timeout(&sc)) < 0 && errno != EINTR)
			break;
		/* keys typed before a Ctrl-C count first: it may be meant for the command line they opened */
		while (!sc.quit && (ch = getch()) != ERR)
			handle_key(&sc, ch);
		if ((sig = crt_pending_signal())) {
			if (sig == SIGINT && cmdline_state() == CMDLINE_EDITING) {
				/* Ctrl-C on the command line abandons the line, as in a shell */
				cmdline_cancel();
				crt_clear_signal();
				sig = 0;
				continue;
			}
			break;
		}
		if (crt_check_resize()) {
			relayout(&sc);
			clearok(curscr, TRUE); /* what the terminal kept of the old size is unknown: repaint all */
		}
		if (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL)) {
			sig = SIGHUP; /* the terminal went away */
			break;
		}
	}
	crt_done();
	cmdline_done();
	screen_free(&sc);
	return sig ? 128 + sig : 0;
}
