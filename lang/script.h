/* The script runner: `-c`, `-f FILE`, and stdin when it is not a terminal. */
#ifndef BL_SCRIPT_H
#define BL_SCRIPT_H

#include <stdio.h>

#include "session.h"

/*
 * Run one line of the language: commands separated by ';', '#' to the end is
 * a comment. Output goes to out, the first error to errf as
 * "batchlab: WHERE: message" and stops the line. Returns 0 or 1.
 */
int script_run_line(struct session *s, const char *line, const char *where, FILE *out, FILE *errf);
/* Every line of f; where is the file's name, and errors carry "name:line". */
int script_run_stream(struct session *s, FILE *f, const char *name, FILE *out, FILE *errf);
/* -c: the text may hold newlines too; errors say "-c". */
int script_run_text(struct session *s, const char *text, const char *where, FILE *out, FILE *errf);

#endif
