/*
 * How a command names its output file: one spelling for every writer
 * (sweep, plot, tradeoff), as INTERFACE.md promises. The file itself is
 * written by outfile.c.
 */
#ifndef BL_OUTPATH_H
#define BL_OUTPATH_H

#include <stddef.h>

#include "../../core/strbuf.h"
#include "../session.h"

/*
 * `> PATH`, `>PATH`, `--output PATH`, `--output=PATH` (and the other output
 * options, outopts.h): taken out of argv, the rest kept in order; *path is
 * NULL when none was given. 0, or -1 with "CMD: why" in err. A command whose
 * row prints needs none of this: cmd_run has taken them into s->opts.
 */
int outpath_take(const char *cmd, int *argc, char **argv, const char **path, char *err, size_t errlen);
/*
 * The format output to path is written in: PATH ending .csv, .json or .svg
 * chooses it unless the session's format is already csv or json (--format,
 * `format`); .svg is a chart's picture (FMT_SVG), refused by other commands.
 */
enum out_format outpath_format(enum out_format session_format, const char *path);
/*
 * A command's whole output, built in text, written to path through
 * outfile.c (text is freed either way); on a terminal "wrote the WHAT to
 * PATH" is appended to out. 0, or -1 with "CMD: why" in err.
 */
int outpath_write(const struct session *s, const char *cmd, const char *what, const char *path, struct strbuf *text,
		  struct strbuf *out, char *err, size_t errlen);

#endif
