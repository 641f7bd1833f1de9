/*
 * The `:` command line at the bottom of the explorer: readline, hosted
 * through its callback interface so curses keeps the screen. Keys arrive from
 * the explorer's loop; readline edits, completes and keeps history, and its
 * redisplay draws into the status line.
 */
#ifndef BL_CMDLINE_H
#define BL_CMDLINE_H

#include <curses.h>

enum cmdline_state {
	CMDLINE_IDLE,    /* not open */
	CMDLINE_EDITING,
	CMDLINE_DONE,    /* a line is ready: cmdline_take() */
	CMDLINE_CANCEL,  /* Esc, Ctrl-C, or Ctrl-D on an empty line */
};

/* Once, before curses starts (readline reads the terminal description too). */
void cmdline_init(void);
/* Save history and let readline go. */
void cmdline_done(void);
/* Start editing with prompt, the line holding initial (may be NULL). */
void cmdline_open(const char *prompt, const char *initial);
enum cmdline_state cmdline_state(void);
/* One key from wgetch(); returns the state after it. */
enum cmdline_state cmdline_key(int ch);
/* Text into the line at the point, every byte as itself (a paste): no key is interpreted. */
void cmdline_insert(const char *text, size_t n);
/* A note for the hint line until the next key (what a paste that left text on the line said). */
void cmdline_set_hint(const char *text);
/* Bytes in the line being edited (0 when not editing). */
size_t cmdline_length(void);
/* Close without running anything. */
void cmdline_cancel(void);
/* The finished line (the caller frees it), and back to idle. NULL unless DONE. */
char *cmdline_take(void);
/* The candidates a Tab found when there were several ("" when none), for a line of their own. */
const char *cmdline_hint(void);
/* Draw the prompt and line on row y, width columns wide, and leave the cursor at the point. */
void cmdline_draw(int y, int width);

#endif
