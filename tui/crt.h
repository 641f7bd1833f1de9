/*
 * The terminal, in one place (htop's CRT): curses modes, colours or their
 * monochrome stand-ins, and getting the terminal back whatever way the
 * explorer ends - quit, Ctrl-C, SIGTERM, SIGHUP, or a crash. The rest of the
 * explorer draws with the styles below and never touches terminal modes.
 */
#ifndef BL_CRT_H
#define BL_CRT_H

#include <stddef.h>

#include <curses.h>

enum crt_style {
	ST_NORMAL,
	ST_TITLE,    /* the title bar */
	ST_PATCH,    /* a patch's header line */
	ST_GROUP,    /* a parameter group in the machine panel */
	ST_HEAD,     /* column headings, titles */
	ST_CURSOR,   /* the selected row in the panel with the focus */
	ST_CURSOR2,  /* the selected row in the other panel */
	ST_UP,       /* a change that went up */
	ST_DOWN,     /* a change that went down */
	ST_MODELED,  /* a calibrated estimate, not kernel arithmetic */
	ST_CHANGED,  /* a cell the last change moved */
	ST_ERROR,    /* the status line's errors */
	ST_KEY,      /* a key name in the footer and help */
	ST_DIM,
	ST_SERIES0,  /* a chart's series by style: before, after, a third side, the variants; glyphs tell them apart without colour */
	ST_SERIES1,
	ST_SERIES2,
	ST_SERIES3,
	ST_SERIES4,
	ST_SERIES5,
	ST_SERIES6,
	ST_CURVE,    /* a chart's lead curve (the trade-off's) */
	ST_MARKER,   /* a chart's mark for the current machine */
	ST_NSTYLES
};

/*
 * The keys getch() returns for xterm's bracketed paste (mode 2004, on while
 * the explorer runs): what comes between them was pasted, not typed.
 */
#define CRT_KEY_PASTE_BEGIN (KEY_MAX + 1)
#define CRT_KEY_PASTE_END (KEY_MAX + 2)

/*
 * Curses on, signals caught. Returns 0, or -1 with err when the terminal
 * cannot be used (the caller falls back or reports).
 */
int crt_init(char *err, size_t errlen);
/* The same on other files than stdin and stdout (the fuzzer's pipe and sink). */
int crt_init_on(FILE *in, FILE *out, char *err, size_t errlen);
/* Curses off and the terminal as it was; safe to call more than once. */
void crt_done(void);
/* For the readline prompt (no curses): restore the terminal on every signal that ends the process. */
void crt_guard_prompt(void);
/* Attributes for a style: colours, or bold/reverse/underline with NO_COLOR or a monochrome terminal. */
attr_t crt_attr(enum crt_style st);
int crt_has_colors(void);
/* The theme (enum theme, lang/settings.h) the styles follow; before crt_init or at any time after. */
void crt_theme(int theme);
/* Readable when a signal has arrived: poll() it beside stdin. */
int crt_signal_fd(void);
/* The terminating signal that arrived (SIGINT, SIGTERM, SIGHUP, SIGQUIT), or 0. Drains the pipe. */
int crt_pending_signal(void);
/* A signal that ends the explorer (not Ctrl-C) has arrived: stop running commands. Does not drain. */
int crt_leaving(void);
/* Forget the pending signal (it was handled, e.g. Ctrl-C closed the command line). */
void crt_clear_signal(void);
/* 1 once after each SIGWINCH, with curses resized to the terminal. */
int crt_check_resize(void);
/* Monotonic milliseconds, for highlights and the benchmark. */
long long crt_now_ms(void);

#endif
