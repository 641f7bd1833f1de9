/*
 * What both hosts of readline share - complete.c's completer and the history
 * file - for both hosts of
 * readline: the line prompt (repl.c) and the explorer's command line
 * (cmdline.c). Word breaks keep metric names and paths whole.
 */
#ifndef BL_RLCOMPLETE_H
#define BL_RLCOMPLETE_H

#include <stddef.h>

/* Lines of history kept, by both hosts. */
#define HISTORY_LINES 1000

/*
 * $XDG_STATE_HOME/batchlab/history, else ~/.local/state/batchlab/history: one
 * file, so the prompt and the explorer share their history. With create, its
 * folders are made and the file exists afterwards (append_history() needs it).
 * -2 when the path is not a regular file (a FIFO, a device, a folder): no
 * history then, rather than a hang or a replaced node. -3 when it holds binary
 * data (a NUL byte): not a history, left untouched. -1: no such file to make.
 */
int history_file(char *buf, size_t len, int create);
/*
 * The history file is shared by every batchlab running (the explorer and
 * any number of prompts), so it is only appended to and cut, never
 * overwritten, under a lock (flock on history.lock beside it), with the
 * signals that end the process held meanwhile.
 */
void history_load(const char *path);
/*
 * Append readline's last n lines to path; with trim, then cut it to its last
 * HISTORY_LINES and remove the temporaries of killed sessions (readline's
 * history-PID.tmp). Without the lock (another holds it for over 2 s) it only appends.
 */
void history_save(const char *path, int n, int trim);

/* Point readline's completion at complete_line(); safe to call again. */
void rlcomplete_install(void);
/* Whose variants complete (names, metric sides): the session's machine, or NULL. */
struct machine;
void rlcomplete_machine(const struct machine *m);
/* Free the last completion's words. */
void rlcomplete_done(void);

#endif
