/* A text to scroll over the panels: explain, about, `?`, any command's output. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/utf8.h"
#include "../lang/out/wrap.h"
#include "crt.h"
#include "screen.h"

struct pager {
	struct view v;
	char title[160];
	struct strbuf raw;  /* the text as it came: what `:> PATH` saves */
	struct strbuf text; /* raw reflowed to the window's width (wrap_reflow), again on a resize */
	int top, left, lines, cols, wide;
	int steps, shown;   /* a replay (source): its commands, and how many are shown - Space or Enter the next */
	/*
	 * A replay's machine before each step (NULL: none kept) and after the
	 * last: the session's machine follows the step shown, so the panels and
	 * title under it are where the narration is.
	 */
	struct machine *states, end;
	int nstates;
	/* / and n, as in less: the pattern being typed (typing), the last one searched, and a line that says how it went */
	int typing;
	char pat[128], last[128], said[160];
};

#define STEP_MARK '\f' /* lang/cmd/cmd_lesson.h's SOURCE_STEP: where a replay's next command begins */

/* The raw text of the steps shown so far, without their marks. */
static void pager_shown(const struct pager *pg, struct strbuf *out)
{
	int k = 0;

	for (const char *p = sb_str(&pg->raw); *p; p++) {
		if (*p == STEP_MARK && ++k >= pg->shown)
			break;
		if (*p != STEP_MARK)
			sb_putc(out, *p);
	}
}

/* The text to the window: prose at words, a table row wider than it left whole to scroll sideways. */
static void pager_reflow(struct pager *pg, int cols)
{
	struct strbuf shown = STRBUF_INIT;

	sb_reset(&pg->text);
	pager_shown(pg, &shown);
	wrap_reflow(&pg->text, sb_str(&shown), cols > 1 ? cols : 1, 1);
	sb_free(&shown);
	pg->cols = cols;
	pg->lines = 0;
	for (const char *p = sb_str(&pg->text); *p; p++)
		pg->lines += *p == '\n';
	if (pg->text.len && sb_str(&pg->text)[pg->text.len - 1] != '\n')
		pg->lines++;
	pg->wide = wrap_widest(sb_str(&pg->text)) > cols;
	if (!pg->wide)
		pg->left = 0;
}

static void pager_scroll(struct pager *pg, struct screen *sc, int by)
{
	int page = sc->L.height - 1, max = pg->lines - page;

	pg->top += by;
	if (pg->top > max)
		pg->top = max;
	if (pg->top < 0)
		pg->top = 0;
}

/* The first line at or after from (back: at or before) whose text holds pat, any case; -1 none. */
static int pager_find(const struct pager *pg, const char *pat, int from, int back)
{
	int hit = -1, i = 0;

	for (const char *p = sb_str(&pg->text); *p && !(back ? i > from : hit >= 0); i++) {
		size_t n = strcspn(p, "\n");
		char line[1024];

		snprintf(line, sizeof(line), "%.*s", (int)(n < sizeof(line) ? n : sizeof(line) - 1), p);
		if ((back ? i <= from : i >= from) && strcasestr(line, pat))
			hit = i;
		p += n + (p[n] == '\n');
	}
	return hit;
}

/* Search for pat from the line after top (back: before it), and put a match at the top; the line says it. */
static void pager_search(struct pager *pg, struct screen *sc, const char *pat, int back)
{
	int at;

	if (!*pat) {
		snprintf(pg->said, sizeof(pg->said), "no pattern yet: / types one");
		return;
	}
	at = pager_find(pg, pat, back ? pg->top - 1 : pg->top + 1, back);
	if (at < 0) {
		snprintf(pg->said, sizeof(pg->said), "pattern not found%s: %.100s", back ? " above" : " below", pat);
		return;
	}
	pg->top = at;
	pager_scroll(pg, sc, 0);
	snprintf(pg->said, sizeof(pg->said), "/%.100s  (n next, N previous)", pat);
}

/* A key while the pattern is typed: every key is the pattern's, none runs as a command. */
static void pager_typing(struct pager *pg, struct screen *sc, int ch)
{
	size_t n = strlen(pg->pat);

	if (ch == 27) {
		pg->typing = 0;
		pg->said[0] = '\0';
	} else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
		pg->typing = 0;
		if (*pg->pat)
			snprintf(pg->last, sizeof(pg->last), "%s", pg->pat);
		pager_search(pg, sc, pg->last, 0);
	} else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
		if (n)
			pg->pat[n - 1] = '\0';
		else
			pg->typing = 0;
	} else if (ch >= ' ' && ch < 256 && ch != 127 && n + 1 < sizeof(pg->pat)) {
		pg->pat[n] = (char)ch;
		pg->pat[n + 1] = '\0';
	}
	if (pg->typing)
		snprintf(pg->said, sizeof(pg->said), "/%s", pg->pat);
}


static void pager_draw(struct view *v, struct screen *sc)
{
	struct pager *pg = (struct pager *)v;
	const struct layout *L = &sc->L;
	const char *p;
	char head[512], fit[512], where[96];

	if (pg->cols != L->cols)
		pager_reflow(pg, L->cols);
	p = sb_str(&pg->text);
	where[0] = '\0';
	if (pg->steps > 1) /* a replay: which step is shown */
		snprintf(where, sizeof(where), "step %d of %d  ", pg->shown, pg->steps);
	snprintf(head, sizeof(head), " %s   %s%d-%d/%d  (%s%sEsc closes; arrows, PgUp/PgDn scroll; / search%s)", pg->title,
		 where, pg->lines ? pg->top + 1 : 0, pg->top + L->height - 1 < pg->lines ? pg->top + L->height - 1 : pg->lines,
		 pg->lines, pg->shown < pg->steps ? "Space or Enter: the next command; " : "",
		 pg->steps > 1 && pg->shown >= pg->steps ? "the replay's end; " : "", pg->wide ? "; Left/Right: sideways" : "");
	wrap_shorten(fit, sizeof(fit), head, L->cols);
	screen_put(L->top, 0, L->cols, fit, 0, crt_attr(ST_TITLE));
	view_text_paint(L, p, pg->top, pg->left);
	if (pg->said[0]) { /* the search's line, where less has it: the foot of the text */
		move(L->top + L->height - 1, 0);
		clrtoeol();
		screen_put(L->top + L->height - 1, 0, L->cols, pg->said, 0, pg->typing ? A_NORMAL : crt_attr(ST_DIM));
	}
}

void view_text_paint(const struct layout *L, const char *p, int top, int left)
{
	for (int skip = 0; skip < top && *p; skip++) {
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
		/* scrolled sideways by columns: a line of braille is three bytes a column */
		if (utf8_width(line, strlen(line)) > left)
			screen_put(L->top + i, 0, L->cols, line + utf8_prefix(line, left), 0, A_NORMAL);
		p += n + (nl != NULL);
	}
}

void view_text_lines(struct text_scroll *ts, const char *p)
{
	ts->lines = 0;
	for (; *p; p++)
		ts->lines += *p == '\n';
}

int view_text_key(struct text_scroll *ts, const struct layout *L, enum key_action a, int ch)
{
	int page = L->height - 2 > 0 ? L->height - 2 : 1, by = 0, max = ts->lines - (L->height - 1);

	switch (a) {
	case KA_UP: by = -1; break;
	case KA_DOWN: by = 1; break;
	case KA_PAGE: by = ch == KEY_PPAGE ? -page : page; break;
	case KA_ENDS: by = ch == KEY_HOME || ch == 'g' ? -ts->lines : ts->lines; break;
	case KA_PANEL:
		if (ch == KEY_LEFT || ch == 'h')
			ts->left = ts->left > 8 ? ts->left - 8 : 0;
		else if (ch == KEY_RIGHT || ch == 'l')
			ts->left += 8;
		return 1;
	default: return 0;
	}
	ts->top += by;
	if (ts->top > max)
		ts->top = max;
	if (ts->top < 0)
		ts->top = 0;
	return 1;
}

/* The machine where the replay is: before the step after the last one shown, or where it ended. */
static void pager_follow(struct pager *pg, struct screen *sc)
{
	/* states[k] is the machine before the k-th command: the step after a narration that opens the replay is its first */
	int next = pg->shown - (strncmp(sb_str(&pg->raw), "batchlab> ", 10) != 0);

	if (!pg->states)
		return;
	sc->s->m = next < pg->nstates ? pg->states[next] : pg->end;
	screen_recompute(sc, 1);
}

void view_pager_steps(struct view *v, struct screen *sc, const struct machine *states, int n)
{
	struct pager *pg = (struct pager *)v;

	if (n < 1 || pg->steps < 2 || !(pg->states = malloc((size_t)n * sizeof(*pg->states))))
		return;
	memcpy(pg->states, states, (size_t)n * sizeof(*states));
	pg->nstates = n;
	pg->end = sc->s->m;
	pager_follow(pg, sc);
}

static int pager_key(struct view *v, struct screen *sc, const struct key_binding *b, int ch)
{
	struct pager *pg = (struct pager *)v;
	int page = sc->L.height - 2 > 0 ? sc->L.height - 2 : 1;
	MEVENT ev;

	if (pg->typing) {
		pager_typing(pg, sc, ch);
		return 1;
	}
	if (ch == '/' || ch == KEY_F(3)) {
		pg->typing = 1;
		pg->pat[0] = '\0';
		snprintf(pg->said, sizeof(pg->said), "/");
		return 1;
	}
	if (ch == 'n' || ch == 'N') {
		pager_search(pg, sc, pg->last, ch == 'N');
		return 1;
	}
	pg->said[0] = '\0';
	if (pg->shown < pg->steps && (ch == ' ' || ch == '\n' || ch == '\r' || ch == KEY_ENTER)) {
		pg->shown++; /* a replay's next command, at the foot of what is shown */
		pager_follow(pg, sc);
		pager_reflow(pg, sc->L.cols);
		pager_scroll(pg, sc, pg->lines);
		return 1;
	}
	switch (b ? b->action : KA_NONE) {
	case KA_UP: pager_scroll(pg, sc, -1); break;
	case KA_DOWN: pager_scroll(pg, sc, 1); break;
	case KA_PAGE: pager_scroll(pg, sc, ch == KEY_PPAGE ? -page : page); break;
	case KA_ENDS: pager_scroll(pg, sc, ch == KEY_HOME || ch == 'g' ? -pg->lines : pg->lines); break;
	case KA_PANEL:
		if (!pg->wide) /* every line fits: nothing to the side */
			return 0;
		if (ch == KEY_LEFT || ch == 'h')
			pg->left = pg->left > 8 ? pg->left - 8 : 0;
		else if (ch == KEY_RIGHT || ch == 'l')
			pg->left += 8;
		break;
	case KA_MOUSE:
		if (getmouse(&ev) == OK && ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED))
			pager_scroll(pg, sc, ev.bstate & BUTTON4_PRESSED ? -3 : 3);
		break;
	case KA_QUIT:
	case KA_ESCAPE: screen_pop(sc); break;
	default: return 0;
	}
	return 1;
}

static void pager_destroy(struct view *v)
{
	struct pager *pg = (struct pager *)v;

	sb_free(&pg->text);
	sb_free(&pg->raw);
	free(pg->states);
	free(pg);
}

static void pager_text(struct view *v, struct screen *sc, struct strbuf *out)
{
	(void)sc;
	for (const char *p = sb_str(&((struct pager *)v)->raw); *p; p++) /* the whole text: every step */
		if (*p != STEP_MARK)
			sb_putc(out, *p);
}

static int pager_footer(struct view *v, struct screen *sc, enum key_action a, const char **label)
{
	struct pager *pg = (struct pager *)v;

	(void)sc;
	switch (a) {
	case KA_QUIT: *label = "close"; return 1;
	case KA_HELP:
	case KA_COMMAND: return 1;
	case KA_DOWN: *label = "scroll"; return pg->lines > sc->L.height - 1;
	case KA_SEARCH: *label = "search"; return 1;
	case KA_PANEL: *label = "sideways"; return pg->wide;
	default: return 0;
	}
}

/* the keys this view takes (help keys) */
static const enum key_action pager_actions[] = { KA_UP, KA_DOWN, KA_PAGE, KA_ENDS, KA_PANEL, KA_SEARCH, KA_SEARCH_NEXT, KA_MOUSE, KA_ESCAPE, KA_NONE };

static const struct view_ops pager_ops = {
	.actions = pager_actions,
	.name = "pager",
	.opaque = 1,
	.draw = pager_draw,
	.key = pager_key,
	.destroy = pager_destroy,
	.text = pager_text,
	.footer = pager_footer,
};

struct view *view_pager_new(const char *title, const char *text)
{
	struct pager *pg = calloc(1, sizeof(*pg));

	if (!pg)
		return NULL;
	pg->v.ops = &pager_ops;
	sb_puts(&pg->raw, text);
	pg->steps = 1;
	for (const char *p = text; *p; p++)
		pg->steps += *p == STEP_MARK;
	pg->shown = 1;
	snprintf(pg->title, sizeof(pg->title), "%s", title);
	pager_reflow(pg, COLS);
	return &pg->v;
}

void view_help_text(struct strbuf *out)
{
	sb_puts(out, "keys\n");
	for (const struct key_binding *k = key_bindings; k->name; k++)
		sb_printf(out, "  %-16s %s\n", k->name, k->help);
	sb_printf(out, "\nThe machine panel (left) holds every parameter; the patch panels (right) show each\n"
		       "metric before and after the patch (proactive_reclaim: full, cluster, decay) and the\n"
		       "change. A cell a change moved is highlighted for a moment.\n\n"
		       "%c before a metric: a modeled figure, a calibrated estimate (drawn dim); %c: a workload\n"
		       "figure, the kernel's loop under a stated workload; the others are exact kernel\n"
		       "arithmetic. 'explain' shows the working, and a workload figure's assumption.\n\n"
		       "The command line (:) takes the whole scripted language; type 'help' there for the\n"
		       "commands and 'help set' for every parameter.\n",
		  LAYOUT_MODELED_MARK, LAYOUT_WORKLOAD_MARK);
}
