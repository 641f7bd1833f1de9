/*
 * The explorer's base view: the machine panel (every parameter, from the
 * parameter table) on the left, every patch's metrics on the right (rows
 * from layout.c), one of them with the focus and a cursor.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/mm/release.h"
#include "../core/params.h"
#include "../core/tradeoff.h"
#include "../core/variant.h"
#include "../lang/out/chart.h"
#include "../lang/out/render.h"
#include "crt.h"
#include "lessonpane.h"
#include "screen.h"

struct panels {
	struct view v;
	struct row *mrows, *prows;
	size_t nm, np, pcap;
	enum patch_detail detail;
	int focus;       /* 0 machine panel, 1 patch panel */
	int mcur, pcur;  /* selected row of each panel */
	int mtop, ptop;  /* first row shown of each panel */
	char (*mnames)[LAYOUT_NAME_MAX], (*pnames)[LAYOUT_NAME_MAX]; /* each row's name cut to its column, unambiguous */
	int vcol;        /* the variant column under the column cursor ('<' '>'), of the patch under the cursor */
	int vfirst;      /* the first variant column on screen, when they do not all fit */
};

/* The first of d's variant columns on screen: the scroll, kept within what d has. */
static int var_first(const struct panels *pn, const struct screen *sc, const struct patch_desc *d)
{
	int nvar = patch_ncols(&sc->s->m, d) - patch_nsides(d), most = nvar - sc->L.nvar;

	return pn->vfirst < most ? pn->vfirst : most > 0 ? most : 0;
}

static const struct row *patch_row(const struct panels *pn)
{
	return pn->np ? &pn->prows[pn->pcur] : NULL;
}

static const struct param *selected_param(const struct panels *pn)
{
	return pn->nm ? pn->mrows[pn->mcur].param : NULL;
}

/* --- drawing ----------------------------------------------------------- */

static void draw_machine(struct panels *pn, struct screen *sc)
{
	const struct layout *L = &sc->L;

	pn->mtop = layout_scroll(pn->mtop, pn->mcur, L->height, (int)pn->nm);
	for (int i = 0; i < L->height && pn->mtop + i < (int)pn->nm; i++) {
		const struct row *r = &pn->mrows[pn->mtop + i];
		int y = L->top + i, cur = pn->mtop + i == pn->mcur;
		attr_t a = cur ? crt_attr(pn->focus == 0 ? ST_CURSOR : ST_CURSOR2) : A_NORMAL;
		const struct param_state *ps;
		char text[96];

		if (r->kind == ROW_GROUP) {
			screen_put(y, L->mx, L->mw, r->group, 0, crt_attr(ST_GROUP));
			continue;
		}
		ps = &sc->pstate[r->serial];
		if (a != A_NORMAL) /* the cursor's bar; any other row is still as erase() left it */
			screen_put(y, L->mx, L->mw, "", 0, a);
		screen_put(y, L->mx + 1, L->mname_w, pn->mnames[pn->mtop + i], 0, a);
		param_text_fit(&sc->s->m, r->param, ps->text, L->mval_w, text, sizeof(text));
		if (lessonpane_hides(sc, ps->text, r->param->unit) || lessonpane_hides(sc, text, r->param->unit))
			snprintf(text, sizeof(text), "?");
		screen_put(y, L->mx + 2 + L->mname_w, L->mval_w, text, 0,
			   screen_highlighted(sc, ps->changed) ? crt_attr(ST_CHANGED) : a);
	}
}

/* A cell as drawn: "?" while it would answer the lesson's open question (lessonpane_hides). */
static const char *shown_cell(struct screen *sc, const char *cell, const char *unit)
{
	return lessonpane_hides(sc, cell, unit) ? "?" : cell;
}

static void draw_metric(struct panels *pn, struct screen *sc, const struct row *r, const char *shown, int y, int cur)
{
	const struct layout *L = &sc->L;
	const struct metric_state *ms = &sc->metrics[r->serial];
	const struct metric_cells *c = &ms->cells;
	int nsides = patch_nsides(r->patch);
	attr_t base = cur ? crt_attr(pn->focus == 1 ? ST_CURSOR : ST_CURSOR2) : A_NORMAL;
	attr_t name = c->modeled ? base | crt_attr(ST_MODELED) : base;
	attr_t ch;
	char mark[2] = { c->modeled ? LAYOUT_MODELED_MARK : c->workload ? LAYOUT_WORKLOAD_MARK : ' ', '\0' }, change[96];

	if (base != A_NORMAL) /* the cursor's bar; any other row is still as erase() left it */
		screen_put(y, L->px, L->pw, "", 0, base);
	screen_put(y, L->px, 1, mark, 0, name);
	screen_put(y, L->px + 2, L->pname_w, shown, 0, name);
	for (int s = 0; s < nsides && s < L->nsides; s++)
		screen_put(y, layout_side_x(L, s, nsides), L->pval_w, shown_cell(sc, c->side[s], r->metric->unit), 1,
			   screen_highlighted(sc, ms->changed[s]) ? crt_attr(ST_CHANGED) : name);
	/* better in one colour, worse in another, neutral plain: the metric's .better decides, not the sign */
	ch = c->verdict == VERDICT_BETTER ? crt_attr(ST_UP) : c->verdict == VERDICT_WORSE ? crt_attr(ST_DOWN) : name;
	if (screen_highlighted(sc, ms->changed[PATCH_MAX_COLS]))
		ch = crt_attr(ST_CHANGED);
	else if (cur)
		ch = base;
	cells_change_text(c, crt_has_colors(), sc->utf8, L->pchange_w, change, sizeof(change));
	/* a side hidden hides the change too: 378 and x3.389 would give the hidden 1281 */
	for (int s = 0; s < patch_ncols(&sc->s->m, r->patch) && s < PATCH_MAX_COLS; s++)
		if (lessonpane_hides(sc, c->side[s], r->metric->unit))
			snprintf(change, sizeof(change), "?");
	screen_put(y, layout_change_x(L), L->pchange_w, shown_cell(sc, change, r->metric->single ? r->metric->unit : NULL), 0, ch);
	for (int k = 0; k < L->nvar && !r->metric->single; k++) {
		int s = nsides + var_first(pn, sc, r->patch) + k;

		if (s < patch_ncols(&sc->s->m, r->patch))
			screen_put(y, layout_var_x(L, k), L->pval_w, shown_cell(sc, c->side[s], r->metric->unit), 1,
				   screen_highlighted(sc, ms->changed[s]) ? crt_attr(ST_CHANGED) : name);
	}
	if (L->punit_w)
		screen_put(y, layout_unit_x(L), L->punit_w, r->metric->unit, 0, cur ? base : crt_attr(ST_DIM));
}

/* The patch under the cursor of the patch panel. */
static const struct patch_desc *cursor_patch(const struct panels *pn)
{
	return pn->np ? pn->prows[pn->pcur].patch : NULL;
}

/* A column the kernel marks (variant_mark(): charge_batch above S8_MAX) carries a '!' after its name. */
static const char *mark_flag(const struct machine *m, const struct patch_desc *d, int side)
{
	const char *why;

	return variant_mark(m, d, side, NULL, &why) ? "!" : "";
}

/* Variant column headings: the one under the column cursor stands out on the cursor's patch. */
static void draw_variant_heads(struct panels *pn, struct screen *sc, const struct patch_desc *d, int y)
{
	const struct layout *L = &sc->L;
	int nsides = patch_nsides(d), nvar = patch_ncols(&sc->s->m, d) - nsides, first = var_first(pn, sc, d);

	for (int k = 0; k < L->nvar && first + k < nvar; k++) {
		int sel = d == cursor_patch(pn) && first + k == pn->vcol;
		char head[48];

		/* < and > say more variants are a scroll away (< > move the column cursor there) */
		snprintf(head, sizeof(head), "%s%s%s%s", k == 0 && first > 0 ? "<" : "",
			 patch_col_name(&sc->s->m, d, nsides + first + k), mark_flag(&sc->s->m, d, nsides + first + k),
			 k == L->nvar - 1 && first + k + 1 < nvar ? ">" : "");
		screen_put(y, layout_var_x(L, k), L->pval_w, head, 1, sel ? crt_attr(ST_CURSOR2) : crt_attr(ST_PATCH));
	}
}

static void draw_patches(struct panels *pn, struct screen *sc)
{
	const struct layout *L = &sc->L;
	int first = pn->pcur;

	/* bring the patch's heading into view with its first metric */
	while (first > 0 && pn->prows[first - 1].kind != ROW_METRIC && pn->prows[first - 1].kind != ROW_BLANK &&
	       pn->pcur - first < L->height - 1)
		first--;
	if (first < pn->ptop)
		pn->ptop = first;
	pn->ptop = layout_scroll(pn->ptop, pn->pcur, L->height, (int)pn->np);
	for (int i = 0; i < L->height && pn->ptop + i < (int)pn->np; i++) {
		const struct row *r = &pn->prows[pn->ptop + i];
		const struct patch_desc *d = r->patch;
		int y = L->top + i, nsides = patch_nsides(d);
		char t[256];

		switch (r->kind) {
		case ROW_PATCH:
			screen_put(y, L->px, L->pw, d->id, 0, crt_attr(ST_PATCH));
			for (int s = 0; s < nsides && s < L->nsides; s++) {
				snprintf(t, sizeof(t), "%s%s", d->sides[s], mark_flag(&sc->s->m, d, s));
				screen_put(y, layout_side_x(L, s, nsides), L->pval_w, t, 1, crt_attr(ST_PATCH));
			}
			if (nsides > 1)
				screen_put(y, layout_change_x(L), L->pchange_w, "change", 0, crt_attr(ST_PATCH));
			draw_variant_heads(pn, sc, d, y);
			if (L->punit_w)
				screen_put(y, layout_unit_x(L), L->punit_w, "unit", 0, crt_attr(ST_PATCH));
			break;
		case ROW_TITLE: {
			const char *why, *mark = d->constant ? variant_mark(&sc->s->m, d, d->after, NULL, &why) : NULL;
			char title[160];

			patch_title(&sc->s->m, d, title, sizeof(title));
			/* the after side's constant past the kernel's limit: said first, where the line is not cut */
			if (mark)
				snprintf(t, sizeof(t), "  %s  %s!: %s", title, d->sides[d->after], mark);
			else
				snprintf(t, sizeof(t), "  %s  (seed %.3s; %s)", d->title, d->seed, d->kernel);
			screen_put(y, L->px, L->pw, t, 0, crt_attr(mark ? ST_ERROR : ST_DIM));
			break;
		}
		case ROW_METRIC:
			draw_metric(pn, sc, r, pn->pnames[pn->ptop + i], y, pn->ptop + i == pn->pcur);
			break;
		default:
			break;
		}
	}
}

static void panels_draw(struct view *v, struct screen *sc)
{
	struct panels *pn = (struct panels *)v;
	char where[64];

	if (!sc->L.single) {
		draw_machine(pn, sc);
		draw_patches(pn, sc);
		return;
	}
	/* one panel at a time: say which, and how to reach the other */
	if (pn->focus == 0)
		draw_machine(pn, sc);
	else
		draw_patches(pn, sc);
	snprintf(where, sizeof(where), " %s  (Tab: %s) ", pn->focus ? "patches" : "machine", pn->focus ? "machine" : "patches");
	screen_put(0, sc->L.cols - (int)strlen(where), (int)strlen(where), where, 0, crt_attr(ST_TITLE) | A_BOLD);
}

/* Nothing else to report: say what the selected row is. */
static void panels_describe(struct view *v, struct screen *sc, char *t, size_t len)
{
	struct panels *pn = (struct panels *)v;
	const struct row *r = patch_row(pn);

	if (pn->focus == 1 && r && variant_at(&sc->s->m, r->patch, patch_nsides(r->patch) + pn->vcol)) {
		const struct variant *vr = variant_at(&sc->s->m, r->patch, patch_nsides(r->patch) + pn->vcol);

		const char *why, *mark = variant_mark(&sc->s->m, r->patch, patch_nsides(r->patch) + pn->vcol, NULL, &why);

		snprintf(t, len, "variant %s.%s: %s = %s%s%s  (v add, V remove, < > pick a variant)", r->patch->id,
			 vr->name, r->patch->constant->name, vr->text, mark ? "; marked: " : "", mark ? mark : "");
	} else if (pn->focus == 0 && selected_param(pn)) {
		const struct param *p = selected_param(pn);
		char range[128];

		param_format_range(p, range, sizeof(range));
		snprintf(t, len, "%s: %s  [%s]", p->name, p->help, range);
	} else if (r && r->metric) {
		const char *why, *mark = r->patch->constant ? variant_mark(&sc->s->m, r->patch, r->patch->after, NULL, &why)
							   : NULL;

		/* the after side's constant past the kernel's limit ('!' on its heading): why, first */
		if (mark) {
			snprintf(t, len, "%s!: %s  (%s.%s: %s)", r->patch->sides[r->patch->after], mark, r->patch->id,
				 r->metric->name, r->metric->help);
		} else if (r->patch->kernel_code && (!r->metric->single || patch_nsides(r->patch) == 1)) {
			/* the kernel side first, so a narrow screen keeps it: the release's own value */
			char kv[256], caveat[REC_CAVEAT_MAX];

			render_human(metric_compute(&sc->s->m, r->patch, r->metric, SIDE_KERNEL, NULL), r->metric->unit, kv,
				     sizeof(kv));
			if (lessonpane_hides(sc, kv, r->metric->unit)) /* the status line keeps the open question's answer too */
				snprintf(kv, sizeof(kv), "?");
			/* an enterprise kernel's figure says, beside it, that it is mainline's and may differ */
			if (*release_caveat(&sc->s->m, caveat, sizeof(caveat)))
				snprintf(kv + strlen(kv), sizeof(kv) - strlen(kv), " (%s)", caveat);
			snprintf(t, len, "%s.%s: kernel %s: %s; %s  [%s, %s]", r->patch->id, r->metric->name,
				 release_names[machine_release(&sc->s->m)], kv, r->metric->help,
				 metric_kind_name(r->metric->kind), r->metric->unit);
		} else {
			snprintf(t, len, "%s.%s: %s  [%s, %s]", r->patch->id, r->metric->name, r->metric->help,
				 metric_kind_name(r->metric->kind), r->metric->unit);
		}
	} else {
		t[0] = '\0';
	}
}

/* --- keys -------------------------------------------------------------- */

/* Move the cursor of the focused panel by `by` selectable rows (clamped). */
static void move_cursor(struct panels *pn, int by)
{
	struct row *rows = pn->focus ? pn->prows : pn->mrows;
	int n = (int)(pn->focus ? pn->np : pn->nm), *cur = pn->focus ? &pn->pcur : &pn->mcur;
	enum row_kind want = pn->focus ? ROW_METRIC : ROW_PARAM;
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

/*
 * A page: by screen rows, headers counted, so no row is jumped over (by
 * items it skipped one row per group header, which a longer machine panel
 * showed: threads and depth never came on screen at 80x24). The cursor lands
 * on the nearest row of its kind at or before the target.
 */
static void page_cursor(struct panels *pn, int by)
{
	struct row *rows = pn->focus ? pn->prows : pn->mrows;
	int n = (int)(pn->focus ? pn->np : pn->nm), *cur = pn->focus ? &pn->pcur : &pn->mcur;
	enum row_kind want = pn->focus ? ROW_METRIC : ROW_PARAM;
	int i = *cur + by;

	if (i < 0)
		i = 0;
	if (i >= n)
		i = n - 1;
	for (int j = i; j != *cur; j += by < 0 ? 1 : -1)
		if (rows[j].kind == want) {
			*cur = j;
			return;
		}
	move_cursor(pn, by < 0 ? -1 : 1); /* a page of headers only: one row of its kind on */
}

/* Apply one parameter value through param_set, so every front end validates in one place. */
static void apply_param(struct screen *sc, const struct param *p, const char *value)
{
	struct machine next;
	char err[256];

	next = sc->s->m;
	if (param_set(&next, p, value, err, sizeof(err)) || machine_check(&next, err, sizeof(err))) {
		screen_status(sc, 1, "%s", err);
		return;
	}
	sc->s->m = next;
	screen_recompute(sc, 1);
	screen_status(sc, 0, "%s = %s", p->name, sc->pstate[p - params].text);
}

static void step_param(struct panels *pn, struct screen *sc, int ch)
{
	const struct param *p = selected_param(pn);
	int dir = ch == '+' || ch == '=' ? 1 : -1;
	char value[128];

	if (!p)
		return;
	if (param_step(&sc->s->m, p, dir, value, sizeof(value))) {
		screen_status(sc, 1, "%s", value);
		return;
	}
	apply_param(sc, p, value);
}

static void explain_selected(struct panels *pn, struct screen *sc)
{
	const struct row *r = patch_row(pn);
	char line[160];

	if (!r || !r->metric)
		return;
	snprintf(line, sizeof(line), "explain %s.%s", r->patch->id, r->metric->name);
	screen_run_line(sc, line, line);
}

static void about_selected(struct panels *pn, struct screen *sc)
{
	const struct param *p = selected_param(pn);
	const struct patch_desc *d = patch_row(pn) ? patch_row(pn)->patch : NULL;
	char line[160];

	/* a patch's own parameter (charge_batch) asks about that patch */
	if (pn->focus == 0 && p && patch_find(sc->s->m.set, p->group))
		d = patch_find(sc->s->m.set, p->group);
	if (!d)
		return;
	snprintf(line, sizeof(line), "about %s", d->id);
	screen_run_line(sc, line, line);
}

static void chart_selected(struct panels *pn, struct screen *sc)
{
	const struct row *r = patch_row(pn);

	if (pn->focus == 0 && selected_param(pn)) {
		/* a machine parameter: every metric that reads it, over it - the patch under the cursor first */
		const struct param *p = selected_param(pn);
		const struct patch_desc *first = patch_find(sc->s->m.set, p->group) ? patch_find(sc->s->m.set, p->group) : r ? r->patch : NULL;

		if (p->type == PT_CHOICE) {
			screen_status(sc, 0, "%s is a choice, not a number a chart can run along", p->name);
			return;
		}
		if (!view_chart_readers(sc->s->m.set, p)) {
			screen_status(sc, 0, "no metric reads %s: there is nothing to chart over it", p->name);
			return;
		}
		screen_show(sc, view_chart_over(sc->s->m.set, p, first));
		return;
	}
	if (!r || !r->metric) {
		screen_status(sc, 0, "select a metric (Tab to the patches) to chart it");
		return;
	}
	if (r->metric->list) {
		screen_status(sc, 0, "%s.%s is a list, not one number to chart: Enter explains it, :get prints it",
			      r->patch->id, r->metric->name);
		return;
	}
	screen_show(sc, view_chart_new(r->patch, r->metric, r->serial));
}

static void tradeoff_selected(struct panels *pn, struct screen *sc)
{
	const struct param *p = selected_param(pn);
	const struct patch_desc *d = patch_row(pn) ? patch_row(pn)->patch : NULL;
	const struct tradeoff_spec *spec;

	/* as for about: a patch's own parameter (charge_batch) means that patch */
	if (pn->focus == 0 && p && patch_find(sc->s->m.set, p->group))
		d = patch_find(sc->s->m.set, p->group);
	if (!d) {
		screen_status(sc, 0, "select a patch or one of its metrics (Tab to the patches) for its trade-off");
		return;
	}
	spec = tradeoff_spec_find(sc->s->m.set, d->id);
	if (!spec) {
		screen_status(sc, 0, "%s trades nothing: it is context, not a patch", d->id);
		return;
	}
	screen_show(sc, view_tradeoff_new(spec));
}

static void compare_selected(struct panels *pn, struct screen *sc)
{
	const struct param *p = selected_param(pn);
	const struct patch_desc *d = patch_row(pn) ? patch_row(pn)->patch : NULL;

	if (pn->focus == 0 && p && patch_find(sc->s->m.set, p->group))
		d = patch_find(sc->s->m.set, p->group);
	screen_show(sc, view_compare_new(sc->s->m.set, d));
}

static void zones_selected(struct panels *pn, struct screen *sc)
{
	const struct patch_desc *d = patch_row(pn) ? patch_row(pn)->patch : NULL;

	screen_show(sc, view_zones_new(d));
}

static void enter(struct panels *pn, struct screen *sc)
{
	const struct param *p = selected_param(pn);
	char init[64];

	if (pn->focus == 1) {
		explain_selected(pn, sc);
		return;
	}
	if (p) {
		snprintf(init, sizeof(init), "set %s ", p->name);
		screen_command(sc, init);
	}
}

/* Typing a digit on a parameter starts `set KEY` with it. */
static void type_value(struct panels *pn, struct screen *sc, int ch)
{
	const struct param *p = selected_param(pn);
	char init[64];

	if (!p)
		return;
	pn->focus = 0;
	snprintf(init, sizeof(init), "set %s %c", p->name, ch);
	screen_command(sc, init);
}

static void reset(struct panels *pn, struct screen *sc)
{
	const struct param *p = selected_param(pn);

	if (p)
		apply_param(sc, p, p->def);
}

/* --- search, help, reset all ------------------------------------------------ */

static int contains(const char *hay, const char *needle)
{
	return strcasestr(hay, needle) != NULL;
}

/*
 * The row after (next) or at the cursor whose name holds text, machine panel
 * then patch panel, wrapping round once: parameters by name, metrics as
 * PATCH.METRIC so `vmpressure.win` finds the one it means.
 */
static int panels_find(struct view *v, struct screen *sc, const char *text, int next)
{
	struct panels *pn = (struct panels *)v;
	int total = (int)(pn->nm + pn->np), at = pn->focus ? (int)pn->nm + pn->pcur : pn->mcur;

	(void)sc;
	for (int k = next ? 1 : 0; k <= total; k++) {
		int i = (at + k) % total;
		const struct row *r = i < (int)pn->nm ? &pn->mrows[i] : &pn->prows[i - (int)pn->nm];
		char name[160];

		if (r->kind == ROW_PARAM)
			snprintf(name, sizeof(name), "%s", r->param->name);
		else if (r->kind == ROW_METRIC)
			snprintf(name, sizeof(name), "%s.%s", r->patch->id, r->metric->name);
		else
			continue;
		if (!contains(name, text))
			continue;
		pn->focus = i >= (int)pn->nm;
		if (pn->focus)
			pn->pcur = i - (int)pn->nm;
		else
			pn->mcur = i;
		return 1;
	}
	return 0;
}

int view_panels_select(struct view *panels, struct screen *sc, const char *name)
{
	return panels_find(panels, sc, name, 0);
}

int view_panels_show(struct view *panels, struct screen *sc, const char *show)
{
	struct panels *pn = (struct panels *)panels;
	size_t idlen = strcspn(show, ".");

	(void)sc;
	for (size_t i = 0; i < pn->np; i++) {
		const struct row *r = &pn->prows[i];

		if (r->kind != ROW_METRIC || strlen(r->patch->id) != idlen || strncmp(r->patch->id, show, idlen) ||
		    (show[idlen] && strcmp(r->metric->name, show + idlen + 1)))
			continue;
		pn->focus = 1;
		pn->pcur = (int)i;
		return 1;
	}
	return 0;
}

void view_panels_shown(const struct view *panels, char *buf, size_t len)
{
	const struct panels *pn = (const struct panels *)panels;
	const struct row *r = pn->focus ? patch_row(pn) : NULL;

	if (r && r->kind == ROW_METRIC)
		snprintf(buf, len, "%s.%s", r->patch->id, r->metric->name);
	else
		snprintf(buf, len, "%s", "");
}

static void panels_save(struct view *v, int *where)
{
	struct panels *pn = (struct panels *)v;

	where[0] = pn->focus, where[1] = pn->mcur, where[2] = pn->pcur;
}

static void panels_restore(struct view *v, const int *where)
{
	struct panels *pn = (struct panels *)v;

	pn->focus = where[0], pn->mcur = where[1], pn->pcur = where[2];
}

static void search(struct panels *pn, struct screen *sc, int next)
{
	const struct view_search_target t = { &pn->v, panels_find, panels_save, panels_restore };

	if (!next) {
		screen_push(sc, view_search_new(&t));
		return;
	}
	if (!sc->search[0])
		screen_status(sc, 0, "no search yet: / starts one");
	else if (!panels_find(&pn->v, sc, sc->search, 1))
		screen_status(sc, 1, "no row matches '%s'", sc->search);
}

/* The language's own help for the row (menuconfig's habit): `help cpus`, `help memcg_charge.batch`. */
static void row_help(struct panels *pn, struct screen *sc)
{
	const struct param *p = selected_param(pn);
	const struct row *r = patch_row(pn);
	char line[160];

	if (pn->focus == 0 && p)
		snprintf(line, sizeof(line), "help %s", p->name);
	else if (pn->focus == 1 && r && r->metric)
		snprintf(line, sizeof(line), "help %s.%s", r->patch->id, r->metric->name);
	else
		return;
	screen_run_line(sc, line, line);
}

static void reset_all(struct screen *sc)
{
	struct strbuf kept = STRBUF_INIT;

	/* as `reset`: the parameters go back, the variants stay, and the status line says which */
	session_reset(sc->s, &kept);
	screen_recompute(sc, 1);
	if (kept.len)
		screen_status(sc, 0, "every parameter back to its default; kept your variants %.120s (u undoes it)",
			      sb_str(&kept));
	else
		screen_status(sc, 0, "every parameter back to its default (u undoes it)");
	sb_free(&kept);
}

/* v: the command line opens with `variant PATCH vN = ` for the patch under the cursor. */
static void variant_add_key(struct panels *pn, struct screen *sc)
{
	const struct patch_desc *d = cursor_patch(pn);
	char init[96], name[16];

	if (!d || !d->constant) {
		screen_status(sc, 1, "%s has no constant a variant can replace", d ? d->id : "this");
		return;
	}
	for (int i = 1;; i++) {
		snprintf(name, sizeof(name), "v%d", i);
		if (variant_find(&sc->s->m, d, name) < 0)
			break;
	}
	pn->focus = 1;
	snprintf(init, sizeof(init), "variant %s %s = ", d->id, name);
	screen_command(sc, init);
}

/* V: remove the variant column under the column cursor. */
static void variant_del_key(struct panels *pn, struct screen *sc)
{
	const struct patch_desc *d = cursor_patch(pn);
	const struct variant *v = d ? variant_at(&sc->s->m, d, patch_nsides(d) + pn->vcol) : NULL;
	char line[96];

	if (!v) {
		screen_status(sc, 1, "no variant column here (v adds one)");
		return;
	}
	snprintf(line, sizeof(line), "variant del %s %s", d->id, v->name);
	screen_run_line(sc, line, line);
	if (pn->vcol > 0 && pn->vcol >= patch_ncols(&sc->s->m, d) - patch_nsides(d))
		pn->vcol--;
	pn->vfirst = var_first(pn, sc, d);
}

/* < >: the column cursor over the patch's variants, scrolling them when they do not all fit. */
static void variant_col_key(struct panels *pn, struct screen *sc, int ch)
{
	const struct patch_desc *d = cursor_patch(pn);
	int nvar = d ? patch_ncols(&sc->s->m, d) - patch_nsides(d) : 0;

	if (!nvar) {
		screen_status(sc, 0, "no variants of %s (v adds one)", d ? d->id : "this patch");
		return;
	}
	pn->vcol += ch == '<' || ch == ',' ? -1 : 1;
	pn->vcol = pn->vcol < 0 ? 0 : pn->vcol >= nvar ? nvar - 1 : pn->vcol;
	if (pn->vcol < pn->vfirst)
		pn->vfirst = pn->vcol;
	if (sc->L.nvar > 0 && pn->vcol >= pn->vfirst + sc->L.nvar)
		pn->vfirst = pn->vcol - sc->L.nvar + 1;
	pn->focus = 1;
}

/* A click selects the parameter or metric under it; the wheel moves. */
static void mouse(struct panels *pn, struct screen *sc)
{
	const struct layout *L = &sc->L;
	MEVENT ev;
	int i;

	if (getmouse(&ev) != OK)
		return;
	if (ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) {
		move_cursor(pn, ev.bstate & BUTTON4_PRESSED ? -3 : 3);
		return;
	}
	if (ev.y < L->top || ev.y >= L->top + L->height)
		return;
	if (L->single ? pn->focus == 0 : ev.x < L->mx + L->mw) {
		i = pn->mtop + ev.y - L->top;
		if (i < (int)pn->nm && pn->mrows[i].kind == ROW_PARAM) {
			pn->focus = 0;
			pn->mcur = i;
		}
	} else if (L->single || ev.x >= L->px) {
		i = pn->ptop + ev.y - L->top;
		if (i < (int)pn->np && pn->prows[i].kind == ROW_METRIC) {
			pn->focus = 1;
			pn->pcur = i;
		}
	}
}

/* Keys that act on the selection (explain, about, chart) reach the panels from under a pager too. */
static int panels_key(struct view *v, struct screen *sc, const struct key_binding *b, int ch)
{
	struct panels *pn = (struct panels *)v;
	int top = screen_top(sc) == v, page = sc->L.height - 2 > 0 ? sc->L.height - 2 : 1;

	switch (b ? b->action : KA_NONE) {
	case KA_EXPLAIN: explain_selected(pn, sc); return 1;
	case KA_ABOUT: about_selected(pn, sc); return 1;
	case KA_CHART: chart_selected(pn, sc); return 1;
	case KA_TRADEOFF: tradeoff_selected(pn, sc); return 1;
	case KA_COMPARE: compare_selected(pn, sc); return 1;
	case KA_ZONES: zones_selected(pn, sc); return 1;
	default: break;
	}
	if (!top)
		return 0;
	switch (b ? b->action : KA_NONE) {
	case KA_UP: move_cursor(pn, -1); break;
	case KA_DOWN: move_cursor(pn, 1); break;
	case KA_PAGE: page_cursor(pn, ch == KEY_PPAGE ? -page : page); break;
	case KA_ENDS:
		move_cursor(pn, ch == KEY_HOME || ch == 'g' ? -(int)(pn->np + pn->nm) : (int)(pn->np + pn->nm));
		break;
	case KA_PANEL: pn->focus = ch == KEY_LEFT || ch == 'h' ? 0 : ch == KEY_RIGHT || ch == 'l' ? 1 : !pn->focus; break;
	case KA_STEP: step_param(pn, sc, ch); break;
	case KA_ENTER: enter(pn, sc); break;
	case KA_TYPE_VALUE: type_value(pn, sc, ch); break;
	case KA_RESET: reset(pn, sc); break;
	case KA_RESET_ALL: screen_push(sc, view_confirm_new("reset every parameter to its default?", reset_all)); break;
	case KA_ROW_HELP: row_help(pn, sc); break;
	case KA_SEARCH: search(pn, sc, 0); break;
	case KA_SEARCH_NEXT: search(pn, sc, 1); break;
	case KA_MOUSE: mouse(pn, sc); break;
	case KA_VARIANT_ADD: variant_add_key(pn, sc); break;
	case KA_VARIANT_DEL: variant_del_key(pn, sc); break;
	case KA_VARIANT_COL: variant_col_key(pn, sc, ch); break;
	case KA_STATE: screen_run_line(sc, "state", "state: batchlab 'LINE' or :state LINE restores this view"); break;
	default: return 0;
	}
	return 1;
}

/* Each parameter's or metric's name cut to width, no two alike (layout.c's fit_names). */
static void fit_row_names(const struct row *rows, size_t n, int width, char (*out)[LAYOUT_NAME_MAX])
{
	const char **names = malloc((n ? n : 1) * sizeof(*names));

	if (!names) { /* out of memory: plain cuts, still within the column */
		for (size_t i = 0; i < n; i++)
			fit_text(out[i], LAYOUT_NAME_MAX, rows[i].param ? rows[i].param->name :
				 rows[i].metric ? rows[i].metric->name : "", width, 0);
		return;
	}
	for (size_t i = 0; i < n; i++)
		names[i] = rows[i].kind == ROW_PARAM ? rows[i].param->name : rows[i].kind == ROW_METRIC ? rows[i].metric->name : "";
	fit_names(names, n, width, out);
	free(names);
}

/* Rows for the new height, keeping the selected metric selected. */
static void panels_resize(struct view *v, struct screen *sc)
{
	struct panels *pn = (struct panels *)v;
	const struct metric_desc *keep = pn->np ? pn->prows[pn->pcur].metric : NULL;
	size_t need = rows_patches(sc->s->m.set, NULL, 0, DETAIL_FULL);

	if (need > pn->pcap) { /* a patch file loaded: room for its rows */
		struct row *rows = calloc(need, sizeof(*rows));
		char (*names)[LAYOUT_NAME_MAX] = calloc(need, sizeof(*names));

		if (!rows || !names) {
			free(rows);
			free(names);
			return;
		}
		free(pn->prows);
		free(pn->pnames);
		pn->prows = rows;
		pn->pnames = names;
		pn->pcap = need;
	}
	pn->detail = patch_detail_for(sc->s->m.set, sc->L.height);
	pn->np = rows_patches(sc->s->m.set, pn->prows, pn->pcap, pn->detail);
	pn->pcur = -1;
	for (size_t i = 0; i < pn->np; i++)
		if (pn->prows[i].kind == ROW_METRIC && (pn->pcur < 0 || pn->prows[i].metric == keep))
			pn->pcur = (int)i;
	if (pn->pcur < 0)
		pn->pcur = 0;
	pn->ptop = 0;
	fit_row_names(pn->mrows, pn->nm, sc->L.mname_w, pn->mnames);
	fit_row_names(pn->prows, pn->np, sc->L.pname_w, pn->pnames);
}

static void panels_destroy(struct view *v)
{
	struct panels *pn = (struct panels *)v;

	if (!pn)
		return;
	free(pn->mrows);
	free(pn->prows);
	free(pn->mnames);
	free(pn->pnames);
	free(pn);
}

/* the keys this view takes (help keys) */
static const enum key_action panels_actions[] = { KA_STEP, KA_PANEL, KA_ENTER, KA_ABOUT, KA_CHART, KA_TRADEOFF, KA_COMPARE, KA_UP, KA_DOWN, KA_PAGE, KA_ENDS, KA_EXPLAIN, KA_TYPE_VALUE, KA_ROW_HELP, KA_SEARCH, KA_SEARCH_NEXT, KA_RESET, KA_RESET_ALL, KA_VARIANT_ADD, KA_VARIANT_DEL, KA_VARIANT_COL, KA_MOUSE, KA_STATE, KA_NONE };

static const struct view_ops panels_ops = {
	.actions = panels_actions,
	.name = "panels",
	.opaque = 1,
	.draw = panels_draw,
	.key = panels_key,
	.resize = panels_resize,
	.describe = panels_describe,
	.destroy = panels_destroy,
};

struct view *view_panels_new(struct screen *sc)
{
	struct panels *pn = calloc(1, sizeof(*pn));

	if (!pn)
		return NULL;
	pn->v.ops = &panels_ops;
	pn->nm = rows_machine(NULL, 0);
	pn->pcap = rows_patches(sc->s->m.set, NULL, 0, DETAIL_FULL);
	pn->mrows = calloc(pn->nm, sizeof(*pn->mrows));
	pn->prows = calloc(pn->pcap, sizeof(*pn->prows));
	pn->mnames = calloc(pn->nm, sizeof(*pn->mnames));
	pn->pnames = calloc(pn->pcap, sizeof(*pn->pnames));
	if (!pn->mrows || !pn->prows || !pn->mnames || !pn->pnames) {
		panels_destroy(&pn->v);
		return NULL;
	}
	rows_machine(pn->mrows, pn->nm);
	while (pn->mcur < (int)pn->nm - 1 && pn->mrows[pn->mcur].kind != ROW_PARAM)
		pn->mcur++;
	panels_resize(&pn->v, sc);
	return &pn->v;
}
