/*
 * A paste into the explorer is text for the `:` line, never keys: a
 * bracketed paste (or keys that follow an Enter too fast for a person) runs
 * line by line, and its first failure is said once it is over.
 */
#include <poll.h>
#include <stdio.h>

#include "../lang/script.h"
#include "cmdline.h"
#include "crt.h"
#include "screen.h"

/* Keys this soon after an Enter on the `:` line came with it (no person types a hotkey that fast). */
#define FOLLOW_MS 10
/* A bracketed paste whose end marker never comes is over after this long without a key. */
#define PASTE_IDLE_MS 1000

int screen_typeahead(struct screen *sc)
{
	int ch = getch();

	if (ch == ERR) {
		struct pollfd p = { sc->in, POLLIN, 0 };

		if (poll(&p, 1, FOLLOW_MS) > 0 && (p.revents & POLLIN))
			ch = getch();
	}
	if (ch == ERR)
		return 0;
	ungetch(ch);
	return 1;
}

/* The `:` line on top, opened over whatever is shown (a search or a question gives way to it). */
static void paste_target(struct screen *sc)
{
	struct view *top = screen_top(sc);

	if (view_is_cmdline(top))
		return;
	if (!top->ops->opaque)
		screen_pop(sc);
	screen_push(sc, view_cmdline_new(NULL));
}

void screen_paste_begin(struct screen *sc)
{
	sc->pasting = 1;
	sc->paste_cr = sc->paste_lines = sc->paste_long = 0;
	sc->paste_err[0] = '\0';
	sc->paste_last = crt_now_ms();
	sc->status[0] = '\0';
	paste_target(sc);
}

/* The first failure is said where it is seen: on the hint line when the paste left text on the `:` line. */
void screen_paste_end(struct screen *sc)
{
	sc->pasting = 0;
	if (!sc->paste_err[0])
		return;
	if (view_is_cmdline(screen_top(sc)))
		cmdline_set_hint(sc->paste_err);
	else
		screen_status(sc, 1, "%s", sc->paste_err);
}

/*
 * One key of a paste: a line end runs the line (CR, LF or CR LF, as
 * terminals send them), a byte of text goes into the line as itself, and
 * anything else - a function key's sequence, a control character - is not
 * text and is dropped. A line past the language's limit does not run.
 */
void screen_paste_key(struct screen *sc, int ch)
{
	sc->paste_last = crt_now_ms();
	if (ch == '\n' && sc->paste_cr) {
		sc->paste_cr = 0;
		return;
	}
	sc->paste_cr = ch == '\r';
	if (ch != '\r' && ch != '\n' && ch != '\t' && (ch < ' ' || ch == 0x7f || ch > 0xff))
		return;
	paste_target(sc); /* the line that ran closed it */
	if (ch == '\r' || ch == '\n') {
		sc->paste_lines++;
		if (sc->paste_long) {
			sc->paste_long = 0;
			cmdline_cancel();
			screen_pop(sc);
			if (!sc->paste_err[0])
				snprintf(sc->paste_err, sizeof(sc->paste_err),
					 "line %d of the paste: longer than %d characters: not run", sc->paste_lines, SCRIPT_LINE_MAX - 1);
			return;
		}
		screen_top(sc)->ops->key(screen_top(sc), sc, NULL, '\r');
		return;
	}
	if (cmdline_length() >= SCRIPT_LINE_MAX - 1) {
		sc->paste_long = 1;
		return;
	}
	{
		char c = (char)ch;

		cmdline_insert(&c, 1);
	}
}


long long screen_paste_left(const struct screen *sc)
{
	return sc->paste_last + PASTE_IDLE_MS - crt_now_ms();
}
