/*
 * Machines side by side in the explorer (`m`): the patch under the cursor on
 * the loaded machine and up to three others - the report's default span,
 * laptop to a 1024-CPU server, less the one loaded - a column group each,
 * as `show PATCH on ...` prints it (lang/cmd/cmd_compare.c). It follows the
 * machine: a change made under it (the `:` line) redraws it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/utf8.h"
#include "../lang/cmd/cmd_compare.h"
#include "../lang/out/wrap.h"
#include "crt.h"
#include "screen.h"

#define COMPARE_VIEW_OTHERS 3

static const char *const others[] = { "laptop-8c-16g", "server-2s-128c-512g", "server-8s-1024c-8t", NULL };

struct compare_view {
	struct view v;
	const struct patch_desc *d;
	struct strbuf text;
	unsigned long generation; /* the screen's when text was made */
	int cols;
	struct text_scroll ts;
};

/* The comparison as text, for the machine as it stands and the window's width. */
static void compare_view_build(struct compare_view *cv, struct screen *sc)
{
	struct compare_set *set = compare_new();
	char err[512];

	sb_reset(&cv->text);
	cv->generation = sc->generation;
	cv->cols = sc->L.cols;
	if (!set || compare_add_current(set, sc->s, err, sizeof(err))) {
		sb_puts(&cv->text, "out of memory\n");
		compare_free(set);
		return;
	}
	for (int i = 0; others[i] && set->n < 1 + COMPARE_VIEW_OTHERS; i++) {
		char *one = (char *)others[i];

		if (!strcmp(sc->s->preset, others[i]))
			continue;
		if (compare_words(set, sc->s, "compare", 1, &one, err, sizeof(err)))
			sb_printf(&cv->text, "%s\n", err); /* a preset missing from this install: said, the rest shown */
	}
	compare_table(set, cv->d, sc->L.cols - 1, &cv->text);
	sb_puts(&cv->text, "\n~ model, * workload, unmarked exact; change: before -> after on that machine.\n"
			   "m: the next patch; : show PATCH on PRESET... for machines of your choice\n");
	compare_free(set);
	view_text_lines(&cv->ts, sb_str(&cv->text));
}

static void compare_view_draw(struct view *v, struct screen *sc)
{
	struct compare_view *cv = (struct compare_view *)v;
	const struct layout *L = &sc->L;
	const char *p;
	char head[256];

	if (cv->generation != sc->generation || cv->cols != L->cols)
		compare_view_build(cv, sc);
	p = sb_str(&cv->text);
	snprintf(head, sizeof(head), " %s on %s machines   (Esc closes; arrows scroll; m next patch)", cv->d->id,
		 "side-by-side");
	screen_put(L->top, 0, L->cols, head, 0, crt_attr(ST_TITLE));
	view_text_paint(L, p, cv->ts.top, cv->ts.left);
}

/* The patch after d that has metrics, wrapping round. */
static const struct patch_desc *next_patch(const struct patch_set *ps, const struct patch_desc *d)
{
	const struct patch_desc *const *patches = patch_set_list(ps);
	int i = 0;

	while (patches[i] && patches[i] != d)
		i++;
	return patches[i] && patches[i + 1] ? patches[i + 1] : patches[0];
}

static int compare_view_key(struct view *v, struct screen *sc, const struct key_binding *b, int ch)
{
	struct compare_view *cv = (struct compare_view *)v;

	if (b && view_text_key(&cv->ts, &sc->L, b->action, ch))
		return 1;
	switch (b ? b->action : KA_NONE) {
	case KA_COMPARE:
		cv->d = next_patch(sc->s->m.set, cv->d);
		cv->ts.top = cv->ts.left = 0;
		compare_view_build(cv, sc);
		break;
	case KA_QUIT:
	case KA_ESCAPE: screen_pop(sc); break;
	default: return 0;
	}
	return 1;
}

static void compare_view_destroy(struct view *v)
{
	struct compare_view *cv = (struct compare_view *)v;

	sb_free(&cv->text);
	free(cv);
}

static int compare_view_footer(struct view *v, struct screen *sc, enum key_action a, const char **label)
{
	struct compare_view *cv = (struct compare_view *)v;

	switch (a) {
	case KA_QUIT: *label = "close"; return 1;
	case KA_HELP:
	case KA_COMMAND: return 1;
	case KA_DOWN: *label = "scroll"; return cv->ts.lines > sc->L.height - 1;
	case KA_PANEL: *label = "sideways"; return wrap_widest(sb_str(&cv->text)) > sc->L.cols;
	case KA_COMPARE: *label = "next patch"; return 1;
	default: return 0;
	}
}

/* `:> PATH` saves the comparison as shown. */
static void compare_view_text(struct view *v, struct screen *sc, struct strbuf *out)
{
	struct compare_view *cv = (struct compare_view *)v;

	if (cv->generation != sc->generation || cv->cols != sc->L.cols)
		compare_view_build(cv, sc);
	sb_puts(out, sb_str(&cv->text));
}

/* the keys this view takes (help keys) */
static const enum key_action compare_actions[] = { KA_COMPARE, KA_UP, KA_DOWN, KA_PAGE, KA_ENDS, KA_PANEL, KA_ESCAPE, KA_NONE };

static const struct view_ops compare_view_ops = {
	.actions = compare_actions,
	.name = "compare",
	.opaque = 1,
	.draw = compare_view_draw,
	.key = compare_view_key,
	.destroy = compare_view_destroy,
	.text = compare_view_text,
	.footer = compare_view_footer,
};

struct view *view_compare_new(const struct patch_set *ps, const struct patch_desc *d)
{
	struct compare_view *cv = calloc(1, sizeof(*cv));

	if (!cv)
		return NULL;
	cv->v.ops = &compare_view_ops;
	cv->d = d ? d : patch_set_list(ps)[0];
	cv->generation = (unsigned long)-1;
	return &cv->v;
}
