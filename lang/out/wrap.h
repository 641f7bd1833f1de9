/*
 * Prose to a width: every view and command that prints sentences (about,
 * explain, help, the pager, the prompt, report, lessons) wraps them here, so a
 * line breaks at a word and never mid-word at the right edge of a terminal, a
 * 72-column mail or a projector.
 */
#ifndef BL_WRAP_H
#define BL_WRAP_H

#include <stddef.h>

#include "../../core/strbuf.h"

/* The widths --width accepts: narrower than a key bar is unreadable, wider than any terminal is a typo. */
#define WRAP_MIN 24
#define WRAP_MAX 1000

/*
 * Append text to out with no line wider than width display columns. Each input
 * line is wrapped on its own (a line break in the text is kept): its
 * continuation lines hang past a leading "- ", "* " or "N. " so a list item
 * hangs; an indented line's (a step of an explanation, a note under a line)
 * two deeper than itself; a flush line's at the margin. A line with a run of two spaces inside
 * it is a table row: keep_tables leaves it whole (a table is made narrow by
 * its writer, not by breaking its rows), else it wraps like prose. A word wider
 * than the room is cut at a character boundary, never with a marker.
 */
void wrap_text(struct strbuf *out, const char *text, int width, int keep_tables);

/*
 * Reflow text to width, as man and less do: a paragraph broken by its writer
 * at some other width is joined again and wrapped at words (wrap_text). Only a
 * paragraph with a line wider than width changes; one that fits stays byte for
 * byte. A paragraph is a run of lines of one indent (a list item's hang after
 * its first line), each but the last filled to about the text's widest line:
 * a short line, a line ending ':', a blank line, a list item, a deeper or
 * shallower indent and a table row (see wrap_text) each end one. A table row
 * is never joined; keep_tables keeps a too-wide one whole (a view that scrolls
 * sideways), else it is broken at words like prose, so no line is wider than
 * width.
 */
void wrap_reflow(struct strbuf *out, const char *text, int width, int keep_tables);

/*
 * text in at most width display columns, into buf: whole if it fits, else cut
 * after the last word that leaves room for "..." (a title, a status line).
 */
void wrap_shorten(char *buf, size_t len, const char *text, int width);

/* The widest line of text, in display columns. */
int wrap_widest(const char *text);

#endif
