/* The script runner: `-c`, `-f FILE`, and stdin when it is not a terminal. */
#ifndef BL_SCRIPT_H
#define BL_SCRIPT_H

#include <stdio.h>

#include "session.h"

/* The longest line a script or stdin may hold: the command line's limit (cmd_run takes 4095 characters). */
#define SCRIPT_LINE_MAX 4096
#define SCRIPT_LINE_MAX_TEXT "4096"

/*
 * Run one line of the language, cut into commands by the scanner (scan.h):
 * ';' and newlines separate, '#' to the end of its line is a comment. Output goes to out, the first error to errf as
 * "batchlab: WHERE: message" and stops the line. Returns 0 or 1.
 */
int script_run_line(struct session *s, const char *line, const char *where, FILE *out, FILE *errf);
/*
 * Every line of f; where is the file's name, and errors carry "name:line".
 * A line over SCRIPT_LINE_MAX bytes, a NUL byte or a read error stops it with
 * exit status 1 as soon as it is seen; a byte-order mark at the start is skipped.
 */
int script_run_stream(struct session *s, FILE *f, const char *name, FILE *out, FILE *errf);
/* -c: the text may hold newlines too; errors say "-c", or "-c:N" for the Nth of several commands. */
int script_run_text(struct session *s, const char *text, const char *where, FILE *out, FILE *errf);

struct lesson;
/*
 * A lesson in a json or jsonl run (the lesson command, --lesson NAME): its
 * transcript is one text result of the run's document (records.h). Its status.
 */
int script_lesson_doc(struct session *s, const struct lesson *l, int check, FILE *in, FILE *out, FILE *errf);
/*
 * A lesson as text for people: its file's words reach the terminal escaped
 * (escape_stream: no escape sequence a lesson file holds is sent raw). Its status.
 */
int script_lesson_text(struct session *s, const struct lesson *l, int check, FILE *in, FILE *out, FILE *errf);
/*
 * `lesson NAME > PATH`: the transcript (or record) the lesson prints, answers
 * from in, written to PATH through outfile.c; a lesson's own error leaves PATH
 * as it was. Errors go to errf. Its status.
 */
int script_lesson_file(struct session *s, const struct lesson *l, FILE *in, const char *to, FILE *errf);

/* Columns for prose (lesson narration) on out: the terminal's width, else 80. */
int script_width(FILE *out);

#endif
