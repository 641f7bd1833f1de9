/*
 * complete.c's completer hooked into readline, once for both hosts of
 * readline: the line prompt (repl.c) and the explorer's command line
 * (cmdline.c). Word breaks keep metric names and paths whole.
 */
#ifndef BL_RLCOMPLETE_H
#define BL_RLCOMPLETE_H

/* Point readline's completion at complete_line(); safe to call again. */
void rlcomplete_install(void);
/* Free the last completion's words. */
void rlcomplete_done(void);

#endif
