/*
 * Opening a file batchlab reads (a preset, a -f script, the history file, a
 * host file) without ever blocking on what is not a stream: a FIFO nobody
 * writes, a terminal or a device would hang a plain open() or read() until
 * killed. What was opened is checked before a byte is read; a stream asked
 * for (-f FIFO, as a shell's <(...)) waits for its writer.
 */
#ifndef BL_INFILE_H
#define BL_INFILE_H

#include <stddef.h>

/*
 * Open path for reading, non-blocking, then blocking again. regular: refuse
 * anything but a regular file ("PATH: not a regular file (a FIFO)"); else a
 * folder or a socket is still refused, a FIFO or device is a stream - a
 * FIFO's open waits for its writer, as cat's does.
 * The fd, or -1 with "PATH: why" in err.
 */
int infile_open(const char *path, int regular, char *err, size_t errlen);
/* "a FIFO", "a folder", ...: what a mode is, for messages. */
const char *infile_kind(unsigned mode);
/*
 * A whole regular file of at most max bytes, NUL-terminated, its UTF-8
 * byte-order mark dropped; a larger file is refused without being read.
 * 0, or -1 with "PATH: why". The caller frees *text.
 */
int infile_read(const char *path, size_t max, char **text, size_t *len, char *err, size_t errlen);

#endif
