/*
 * The `:` line as a view: it sits above whatever is shown, takes every key
 * while open (readline edits them, cmdline.c), and draws only the footer
 * (Tab's candidates) and the status line. A finished line runs in the
 * language; Esc, Ctrl-C or Ctrl-D on an empty line close it unrun.
 */
#include <stdlib.h>

#include "cmdline.h"
#include "crt.h"
#include "screen.h"

static struct view cmdline_view;
/* opened again for keys that followed an Enter: a ':' first is the key that opens a command line, not text */
static int following;

static void cmdline_view_draw(struct view *v, struct screen *sc)
{
	const struct layout *L = &sc->L;

	(void)v;
	if (*cmdline_hint()) {
		move(L->footer_y, 0);
		clrtoeol();
		screen_put(L->footer_y, 0, L->cols, cmdline_hint(), 0, crt_attr(ST_HEAD));
	}
	move(L->status_y, 0);
	clrtoeol();
	curs_set(1);
	cmdline_draw(L->status_y, L->cols);
}

/*
 * Enter: the line runs. Keys already waiting behind the Enter (a paste the
 * terminal did not bracket, a script typing) are more command-line text,
 * never hotkeys: the line opens again for them, the status line kept.
 */
static void finished(struct screen *sc)
{
	char *line = cmdline_take();
	int more = !sc->pasting && screen_typeahead(sc);

	screen_pop(sc);
	if (line && *line)
		screen_run_line(sc, line, line);
	free(line);
	if (more && !sc->quit) {
		screen_push(sc, view_cmdline_new(NULL));
		following = 1;
	}
}

static int cmdline_view_key(struct view *v, struct screen *sc, const struct key_binding *b, int ch)
{
	enum cmdline_state st;

	(void)v, (void)b;
	if (following && ch == ':' && !cmdline_length() && !sc->pasting) {
		following = 0;
		return 1;
	}
	following = 0;
	st = cmdline_key(ch);
	if (st == CMDLINE_DONE)
		finished(sc);
	else if (st == CMDLINE_CANCEL)
		screen_pop(sc);
	return 1;
}

static int cmdline_view_interrupt(struct view *v, struct screen *sc)
{
	(void)v;
	screen_pop(sc); /* Ctrl-C on the command line abandons the line, as in a shell */
	return 1;
}

/* Closing abandons whatever is being typed; the view itself is static (readline is one global editor). */
static void cmdline_view_destroy(struct view *v)
{
	(void)v;
	if (cmdline_state() != CMDLINE_IDLE)
		cmdline_cancel();
}

static const struct view_ops cmdline_ops = {
	.name = "cmdline",
	.opaque = 0,
	.draw = cmdline_view_draw,
	.key = cmdline_view_key,
	.interrupt = cmdline_view_interrupt,
	.destroy = cmdline_view_destroy,
};

int view_is_cmdline(const struct view *v)
{
	return v == &cmdline_view;
}

struct view *view_cmdline_new(const char *initial)
{
	following = 0;
	cmdline_view.ops = &cmdline_ops;
	cmdline_open(":", initial);
	return &cmdline_view;
}
