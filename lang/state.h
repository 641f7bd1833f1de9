/*
 * A view as one short line: "bl1:cpus=256,ram=1T,kernel=6.8,show=memcg_flush".
 * `state` prints it, `state load`, `batchlab STATE` and the explorer's
 * `:state STATE` restore it. It holds only what differs from the defaults:
 * the parameters (one KEY=VALUE per row of the parameter table), the loaded
 * patch files (patch=NAME@HASH, the hash of the file's bytes), the variants
 * (PATCH.NAME=EXPR), the patch or metric shown (show=) and the output format
 * (format=). Keys are the parameter table's rows and state.c's field rows, so
 * a new kind of thing (a zone layout) is one more row.
 *
 * Versioned: "bl1:" lines are read by every later batchlab. A value is
 * written bare when it holds nothing but letters, digits and @ . _ - + * / ( ) !
 * ? : ^ [ ]; a blank is '~', and any other byte %XX.
 */
#ifndef BL_STATE_H
#define BL_STATE_H

#include <stddef.h>

#include "../core/strbuf.h"
#include "session.h"

/* The version this batchlab writes, and the newest it reads. */
#define STATE_VERSION 1
/* The longest line read: a view is a few hundred bytes, a variant at most VARIANT_TEXT_MAX escaped. */
#define STATE_LINE_MAX 8192

/* Does word start as a view line does ("bl" digits ':')? main() and `state WORD` ask. */
int state_is(const char *word);
/* The session's view as one line, no newline, into out. */
void state_format(const struct session *s, struct strbuf *out);
/*
 * Restore the view line into s: every field is read and checked first, and
 * the machine, the show and the format change together or not at all. Patch
 * files it names are found (none missing) and loaded before its variants are
 * checked: a variant a loaded patch refuses leaves that patch loaded, said in
 * err. note (NULL: not told) gets a line for a patch file whose bytes here
 * differ from the line's. -1 with one line in err, s unchanged.
 */
int state_load(struct session *s, const char *line, struct strbuf *note, char *err, size_t errlen);

#endif
