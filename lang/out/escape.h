/*
 * Text a user or a file supplied, made safe to echo to a terminal or a log:
 * what batchlab prints back (errors, file names, zone names) can carry no
 * escape sequence. C0 and C1 controls, DEL and bytes that are not UTF-8 come
 * out as \xNN (C1 as \u0080..\u009f), and so do characters that print as
 * nothing (a byte-order mark, a zero-width space: \ufeff, \u200b); other
 * valid UTF-8 text passes unchanged.
 */
#ifndef BL_ESCAPE_H
#define BL_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

#include "../../core/strbuf.h"

void escape_text(struct strbuf *out, const char *s, size_t len);
/* Into a fixed buffer (always terminated; cut at a whole escape). */
void escape_buf(const char *s, char *buf, size_t buflen);
/* escape_text() with its line breaks and tabs kept: a lesson's text, many lines. */
void escape_lines(struct strbuf *out, const char *s, size_t len);
/*
 * A stream that writes what it is given to `to` escaped as escape_lines() does,
 * at once (a prompt shows before its answer is read), a character cut between
 * two writes kept for the next: for text from a file (a lesson's) on a
 * terminal. fclose() it (to stays open); NULL when it cannot be made.
 */
FILE *escape_stream(FILE *to);

#endif
