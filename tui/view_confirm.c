/* A yes/no question on the status line, above whatever is shown: `R` asks before it resets everything. */
#include <stdio.h>
#include <stdlib.h>

#include "crt.h"
#include "screen.h"

struct confirm {
	struct view v;
	char question[160];
	void (*yes)(struct screen *sc);
};

static void confirm_draw(struct view *v, struct screen *sc)
{
	struct confirm *c = (struct confirm *)v;

	move(sc->L.status_y, 0);
	clrtoeol();
	screen_put(sc->L.status_y, 0, sc->L.cols, c->question, 0, crt_attr(ST_ERROR));
}

/* Every key answers: y (or Y) is yes, anything else no. */
static int confirm_key(struct view *v, struct screen *sc, const struct key_binding *b, int ch)
{
	struct confirm *c = (struct confirm *)v;
	void (*yes)(struct screen *sc) = c->yes;

	(void)b;
	if (ch == KEY_RESIZE)
		return 1;
	screen_pop(sc); /* c is gone from here on */
	if (ch == 'y' || ch == 'Y')
		yes(sc);
	else
		screen_status(sc, 0, "left as it was");
	return 1;
}

static int confirm_interrupt(struct view *v, struct screen *sc)
{
	(void)v;
	screen_pop(sc);
	screen_status(sc, 0, "left as it was");
	return 1;
}

static void confirm_destroy(struct view *v)
{
	free(v);
}

static const struct view_ops confirm_ops = {
	.name = "confirm",
	.opaque = 0,
	.draw = confirm_draw,
	.key = confirm_key,
	.interrupt = confirm_interrupt,
	.destroy = confirm_destroy,
};

struct view *view_confirm_new(const char *question, void (*yes)(struct screen *sc))
{
	struct confirm *c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->v.ops = &confirm_ops;
	snprintf(c->question, sizeof(c->question), "%s (y/n)", question);
	c->yes = yes;
	return &c->v;
}
