/*
 * The explorer's frame: the title bar, the footer of keys, the status line,
 * the notice of a window too small, and the views drawn inside them
 * (screen_draw_frame); screen_put writes one cell of text for every view.
 */
#include <stdio.h>
#include <string.h>

#include "../lang/out/wrap.h"
#include "crt.h"
#include "lessonpane.h"
#include "screen.h"

#ifndef BATCHLAB_VERSION
#define BATCHLAB_VERSION "1.0.0"
#endif

void screen_put(int y, int x, int width, const char *text, int right, attr_t attr)
{
	char buf[4 * 512 + 1]; /* a full line of three-byte characters (braille, box drawing) */
	chtype cells[512];
	int n = 0;

	if (width <= 0)
		return;
	fit_text(buf, sizeof(buf), text, width, right);
	/*
	 * Most cells are ASCII: those go in as ready-made cells, which ncurses
	 * copies, where waddstr runs each byte through its multibyte decoder.
	 */
	while (n < (int)(sizeof(cells) / sizeof(cells[0])) && buf[n] >= ' ' && buf[n] <= '~') {
		cells[n] = (chtype)(unsigned char)buf[n] | attr;
		n++;
	}
	if (!buf[n]) {
		mvaddchnstr(y, x, cells, n);
		return;
	}
	attrset(attr);
	mvaddstr(y, x, buf);
	attrset(A_NORMAL);
}

static void draw_title(struct screen *sc)
{
	static const char legend[] = "~ model: calibrated estimate  * workload: stated assumption  plain: exact ";
	const int lw = (int)sizeof(legend) - 1;
	char left[256], machine[96];

	/* which machine: the preset loaded (its name: no folder, no .preset), or the defaults; starred once changed */
	const char *name = strrchr(sc->s->preset, '/') ? strrchr(sc->s->preset, '/') + 1 : sc->s->preset;
	int n = (int)strlen(name);

	if (n > 7 && !strcmp(name + n - 7, ".preset"))
		n -= 7;
	snprintf(machine, sizeof(machine), "%.*s%s", *name ? n : 8, *name ? name : "defaults",
		 session_modified(sc->s) ? "*" : "");
	snprintf(left, sizeof(left), " batchlab %s  %s  mm constants that should scale with the machine",
		 BATCHLAB_VERSION, machine);
	screen_put(0, 0, sc->L.cols, left, 0, crt_attr(ST_TITLE));
	if ((int)strlen(left) + 2 + lw > sc->L.cols) {
		snprintf(left, sizeof(left), " batchlab %s  %s", BATCHLAB_VERSION, machine);
		screen_put(0, 0, sc->L.cols, left, 0, crt_attr(ST_TITLE));
	}
	if ((int)strlen(left) + 2 + lw <= sc->L.cols)
		screen_put(0, sc->L.cols - lw, lw, legend, 0, crt_attr(ST_TITLE));
}

/* The keys that work in view v, each with its word, as many as fit: the view says which (view.h). */
static void draw_footer(struct screen *sc, struct view *v)
{
	const struct layout *L = &sc->L;
	int x = 0;

	move(L->footer_y, 0);
	clrtoeol();
	for (const struct key_binding *k = key_bindings; k->name; k++) {
		const char *label = k->label;
		int n;

		if (v->ops->footer && !v->ops->footer(v, sc, k->action, &label))
			continue;
		if (!label)
			continue;
		n = (int)(strlen(k->name) + strlen(label) + 3);
		if (x + n > L->cols)
			break;
		screen_put(L->footer_y, x, (int)strlen(k->name), k->name, 0, crt_attr(ST_KEY));
		screen_put(L->footer_y, x + (int)strlen(k->name) + 1, (int)strlen(label), label, 0, A_NORMAL);
		x += n;
	}
}

/* What the last action said; else what the topmost view that can describe its selection says. */
static void draw_status(struct screen *sc)
{
	const struct layout *L = &sc->L;
	char t[512] = "", fit[sizeof(sc->status) + 4];

	curs_set(0);
	/* one row: shortened at a word, with "...", never cut mid-word */
	if (sc->status[0]) {
		wrap_shorten(fit, sizeof(fit), sc->status, L->cols);
		screen_put(L->status_y, 0, L->cols, fit, 0, sc->status_err ? crt_attr(ST_ERROR) : A_NORMAL);
		return;
	}
	for (int i = sc->depth - 1; i >= 0; i--)
		if (sc->stack[i]->ops->describe) {
			sc->stack[i]->ops->describe(sc->stack[i], sc, t, sizeof(t));
			break;
		}
	wrap_shorten(fit, sizeof(fit), t, L->cols);
	screen_put(L->status_y, 0, L->cols, fit, 0, crt_attr(ST_DIM));
}

static void draw_too_small(struct screen *sc)
{
	const struct layout *L = &sc->L;
	char a[64], b[64];

	snprintf(a, sizeof(a), "terminal too small: %dx%d", L->cols, L->lines);
	snprintf(b, sizeof(b), "batchlab needs %dx%d", L->min_cols, L->min_lines);
	erase();
	screen_put(L->lines / 2 - 1 >= 0 ? L->lines / 2 - 1 : 0, 0, L->cols, a, 0, A_BOLD);
	if (L->lines > 1)
		screen_put(L->lines / 2, 0, L->cols, b, 0, A_NORMAL);
	if (L->lines > 2)
		screen_put(L->lines / 2 + 1, 0, L->cols, "q quits", 0, A_NORMAL);
}

/* The topmost opaque view fills the panel area; the views above it (the `:` line) draw last. */
void screen_draw_frame(struct screen *sc)
{
	int base = sc->depth - 1;

	if (sc->L.too_small) {
		draw_too_small(sc);
		refresh();
		return;
	}
	while (base > 0 && !sc->stack[base]->ops->opaque)
		base--;
	erase();
	draw_title(sc);
	if (sc->lesson)
		lessonpane_draw(sc, 1, sc->pane_rows);
	if (base || !lessonpane_full(sc->lesson)) { /* f: the step has the screen, the panels wait */
		sc->stack[base]->ops->draw(sc->stack[base], sc);
		draw_footer(sc, sc->stack[base]);
	}
	draw_status(sc);
	for (int i = base + 1; i < sc->depth; i++)
		sc->stack[i]->ops->draw(sc->stack[i], sc);
	refresh();
}
