/*
 * The screen manager: what every view shares - the session, the layout, the
 * cells of every metric and parameter as last computed, the status line -
 * and the stack of views (view.h). Views call these; screen.c implements them.
 */
#ifndef BL_SCREEN_H
#define BL_SCREEN_H

#include <stdio.h>

#include <curses.h>

#include "../core/mva.h"
#include "../core/strbuf.h"
#include "../lang/session.h"
#include "layout.h"
#include "view.h"

#define SCREEN_MAX_VIEWS 8

struct metric_state {
	struct metric_cells cells;
	long long changed[PATCH_MAX_COLS + 1]; /* when each side (variants too), and the change column, last moved */
};

struct param_state {
	char text[96];
	long long changed;
};

#define SCREEN_UNDO_MAX 100

/*
 * What `u` puts back: the machine, and which preset it was measured against.
 * The entry holds the patch set the machine points to (lang/patchreg.h), so
 * the variants and patches it restores are those it was taken with.
 */
struct undo_entry {
	struct machine m, preset_m;
	char preset[64];
};

struct screen {
	struct session *s;
	struct layout L;
	struct metric_state *metrics; /* by metric row serial */
	struct cells_memo *memo;      /* by metric row serial: cells by the values their metric reads */
	struct param_memo *pmemo;     /* by params[] index: texts by the values they show */
	struct mva_memo mva;          /* the models' solved networks: the session's machine points here while the screen runs */
	struct param_state *pstate;   /* by params[] index */
	int nmetrics;
	const struct patch_desc *seen[VARIANT_PATCHES + 1]; /* the set's patches as the rows were made for them (patch load, undo) */
	unsigned long generation;     /* bumped whenever the cells are recomputed: views sampling the machine redo it */
	struct view *stack[SCREEN_MAX_VIEWS];
	int depth;                    /* stack[0] is the panels, for the whole run */
	char status[512];
	int status_err;
	long long highlight_until;
	long long now;                /* the frame being drawn: one clock for every highlight in it */
	int quit;
	struct undo_entry *undo;      /* a ring of the states before the last changes, newest at undo_n - 1 */
	int undo_n, undo_first;
	struct undo_entry *shown;     /* the state the cells were last computed from */
	int undoing;
	char search[64];              /* the last `/` pattern, for `n` */
	struct lessonpane *lesson;    /* a lesson running above the panels (lessonpane.h), NULL none */
	int pane_rows;                /* rows it takes under the title */
	long long pin_since;          /* cells changed since the lesson's step began stay lit */
	int theme;                    /* the theme the styles follow now: a :set theme changes it */
	int utf8;                     /* chart_locale_utf8() at the start: asked per metric row, it read the environment each time */
	int in;                       /* the keys' file descriptor (the terminal; a pipe for the fuzzer) */
	int pasting;                  /* inside a bracketed paste: keys are text for the `:` line */
	int paste_cr;                 /* its last key was a CR: an LF now is the same line end */
	int paste_lines;              /* lines of it ended so far */
	int paste_long;               /* the line being pasted passed the language's limit: it will not run */
	long long paste_last;         /* when its last key came */
	char paste_err[512];          /* the first of its lines that failed, and why */
	FILE *log;                    /* BATCHLAB_LOG: key events and redraw times, for whoever debugs the screen */
	long long log_start;          /* microseconds at start: log lines carry the time since */
};

void screen_status(struct screen *sc, int err, const char *fmt, ...) BL_PRINTF(3, 4);
/* Recompute every cell from the session's machine; with mark, cells whose text moved light up a moment. */
void screen_recompute(struct screen *sc, int mark);
/* A cell that moved at `when` is still highlighted in this frame. */
int screen_highlighted(const struct screen *sc, long long when);
/* The view on top, and whether v is it. */
struct view *screen_top(const struct screen *sc);
/* Close every view above the panels and show v (a pager, a chart). v NULL: out of memory, said so. */
void screen_show(struct screen *sc, struct view *v);
/* Put v above the current view (the `:` line). */
void screen_push(struct screen *sc, struct view *v);
/* Close the top view (never the panels). */
void screen_pop(struct screen *sc);
/* Lay out again (a resize, a lesson pane opened or closed); every view fits itself, then the cells. */
void screen_relayout(struct screen *sc);
/* Run one line of the language: output opens a pager titled title, an error goes to the status line. */
void screen_run_line(struct screen *sc, const char *line, const char *title);
/* One line into the BATCHLAB_LOG file, if there is one, stamped with the time since start. */
void screen_log(struct screen *sc, const char *fmt, ...) BL_PRINTF(2, 3);
/* Put the machine back as it was before the last change; says what it did in the status line. */
void screen_undo(struct screen *sc);
/* Keep the pattern a search ended with, for `n`. */
void screen_search_set(struct screen *sc, const char *text);
/*
 * A key is already waiting, or arrives within a few milliseconds: what
 * follows an Enter so closely came with it (a paste, a script), not from a
 * person deciding on a hotkey. The key stays queued.
 */
int screen_typeahead(struct screen *sc);
/*
 * The explorer on a terminal curses already drives: keys from fd in, until
 * quit, a signal or the input's end. keys_per_frame: draw after that many
 * keys at most (0: after all that are waiting). Returns the exit status;
 * -1 when out of memory (said by the caller, once curses is off).
 */
int screen_loop(struct session *s, FILE *log, int in, int keys_per_frame);
/* Open the `:` line holding initial. */
void screen_command(struct screen *sc, const char *initial);

/* text fitted to width columns at (y, x) in attr; right-aligned if right. */
void screen_put(int y, int x, int width, const char *text, int right, attr_t attr);

/* --- between screen.c and the files split from it (screen_undo.c, screen_run.c, screen_paste.c, screen_draw.c) --- */

/* e becomes the session's state, as the undo ring keeps it. */
void screen_undo_take(const struct session *s, struct undo_entry *e);
/* What e holds let go (its patch set). */
void screen_undo_free(struct undo_entry *e);
/* After a recompute: the state shown before it goes on the undo ring if the session moved away from it. */
void screen_remember(struct screen *sc);
/* The error of a command a signal that ends the explorer stopped, for stderr once the screen is gone ("" if none). */
const char *screen_last_words(void);
/* A bracketed paste begins, ends, or brings key ch. */
void screen_paste_begin(struct screen *sc);
void screen_paste_end(struct screen *sc);
void screen_paste_key(struct screen *sc, int ch);
/* Milliseconds until a paste left open gives up (0 or less: now). */
long long screen_paste_left(const struct screen *sc);
/* The title, footer, status line and the views, for one frame. */
void screen_draw_frame(struct screen *sc);

#endif
