/*
 * `/`: search the rows by name, as less and htop do - the cursor follows the
 * pattern as it is typed. Enter keeps the row found, Esc puts the cursor
 * back; the pattern stays for `n`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crt.h"
#include "screen.h"

struct search {
	struct view v;
	struct view_search_target t;
	int saved[4];    /* the target's cursor before the search */
	char text[64];
	size_t len;
	int found;
};

static void search_draw(struct view *v, struct screen *sc)
{
	struct search *se = (struct search *)v;
	char line[96];

	snprintf(line, sizeof(line), "/%s%s", se->text, se->len && !se->found ? "   (no row matches)" : "");
	move(sc->L.status_y, 0);
	clrtoeol();
	screen_put(sc->L.status_y, 0, sc->L.cols, line, 0, se->len && !se->found ? crt_attr(ST_ERROR) : A_NORMAL);
	curs_set(1);
	move(sc->L.status_y, 1 + (int)se->len);
}

static void again(struct search *se, struct screen *sc)
{
	se->t.restore(se->t.view, se->saved);
	se->found = se->len ? se->t.find(se->t.view, sc, se->text, 0) : 1;
}

static int search_key(struct view *v, struct screen *sc, const struct key_binding *b, int ch)
{
	struct search *se = (struct search *)v;

	(void)b;
	if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
		if (se->len)
			screen_search_set(sc, se->text);
		if (se->len && !se->found)
			screen_status(sc, 1, "no row matches '%s'", se->text);
		screen_pop(sc);
	} else if (ch == 27) {
		se->t.restore(se->t.view, se->saved);
		screen_pop(sc);
	} else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
		if (se->len)
			se->text[--se->len] = '\0';
		again(se, sc);
	} else if (ch >= 0x20 && ch < 0x7f && se->len + 1 < sizeof(se->text)) {
		se->text[se->len++] = (char)ch;
		se->text[se->len] = '\0';
		again(se, sc);
	}
	return 1;
}

static int search_interrupt(struct view *v, struct screen *sc)
{
	struct search *se = (struct search *)v;

	se->t.restore(se->t.view, se->saved);
	screen_pop(sc);
	return 1;
}

static void search_destroy(struct view *v)
{
	free(v);
}

static const struct view_ops search_ops = {
	.name = "search",
	.opaque = 0,
	.draw = search_draw,
	.key = search_key,
	.interrupt = search_interrupt,
	.destroy = search_destroy,
};

struct view *view_search_new(const struct view_search_target *t)
{
	struct search *se = calloc(1, sizeof(*se));

	if (!se)
		return NULL;
	se->v.ops = &search_ops;
	se->t = *t;
	se->found = 1;
	t->save(t->view, se->saved);
	return &se->v;
}
