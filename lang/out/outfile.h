/*
 * The one way batchlab writes a file a user named (`sweep ... > PATH`,
 * `preset save`, `plot ... > PATH`): the way `sort -o` and `install` treat a path.
 *
 *  - a regular file or a new name: a temporary file in the same folder, fsync,
 *    rename over the target, keeping an existing file's mode;
 *  - a symbolic link: the file it points to is replaced; the link stays a link;
 *  - a device, FIFO or socket: opened and streamed into, never replaced
 *    (`> /dev/null` stays the null device);
 *  - an existing, writable regular file in a folder that takes no new file
 *    (no write permission there): written in place - truncated and written
 *    through - and o.note says that this write is not atomic;
 *  - a folder, a missing folder or a read-only file: refused.
 * Errors are one line naming the path as the user gave it, never the temporary
 * name. Any signal that ends the process while a temporary file exists
 * removes it (sigends.h's sig_ends_process: SIGTERM, SIGHUP, SIGUSR1,
 * SIGPIPE, the core-dumping ones ...); meanwhile SIGXFSZ is ignored, so a
 * `ulimit -f` reached is a write error (EFBIG) with a message.
 *
 *     struct outfile o;
 *     if (outfile_open(&o, path, err, errlen)) return -1;
 *     fwrite(..., o.f);
 *     return outfile_commit(&o, err, errlen);   (or outfile_abort(&o))
 */
#ifndef BL_OUTFILE_H
#define BL_OUTFILE_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>

#include "../../core/strbuf.h"

struct outfile {
	FILE *f;               /* write here */
	int direct;            /* streaming into a node that is not a regular file: no temporary, no rename */
	const char *path;      /* as the user gave it: the name errors carry (the caller keeps it alive) */
	char target[PATH_MAX]; /* the file replaced: path with its links resolved */
	char tmp[PATH_MAX];    /* the temporary beside target ("" when direct) */
	char note[PATH_MAX + 200]; /* "" or, written in place, the line that tells the user so */
	int temp_errno;        /* why no temporary could be made beside target (0: it was) */
};

/* 0, or -1 with "PATH: why" in err. */
int outfile_open(struct outfile *o, const char *path, char *err, size_t errlen);
/* Flush, fsync and rename into place (or just flush and close a node). 0, or -1 with "PATH: why". */
int outfile_commit(struct outfile *o, char *err, size_t errlen);
/* Close and remove the temporary file: the target is left as it was. */
void outfile_abort(struct outfile *o);
/* The whole of text to path, in one call (preset save). */
int outfile_write(const char *path, const char *text, size_t len, char *err, size_t errlen);
/* The same, and note (NULL: not told) gets o.note's line when the file was written in place. */
int outfile_write_told(const char *path, const char *text, size_t len, struct strbuf *note, char *err, size_t errlen);
/* Async-signal-safe: remove the temporary file being written, if any (for a front end's own handlers). */
void outfile_signal_cleanup(void);
/* "No space left on device (ENOSPC)": the message and the name a user can search for. */
const char *outfile_strerror(int e, char *buf, size_t len);

#endif
