/*
 * How a command names its output file: one spelling for every writer
 * (sweep, plot, tradeoff), as INTERFACE.md promises. The file itself is
 * written by outfile.c, told as the session tells (session_write_file()).
 */
#ifndef BL_OUTPATH_H
#define BL_OUTPATH_H

#include <stddef.h>

#include "../../core/strbuf.h"
#include "doc.h"

/*
 * The format output to path is written in: PATH ending .csv, .json or .svg
 * chooses it unless the session's format is already csv or json (--format,
 * `format`); .svg is a chart's picture (FMT_SVG), refused by other commands.
 */
enum out_format outpath_format(enum out_format session_format, const char *path);

/*
 * 1 when writing to the output path `to` would replace the file `read`, which
 * the command reads (`grade L a.txt > a.txt`, `source x > x`): the same
 * regular file, by a link too. A device (> /dev/stdout) or a new name is not.
 */
int outpath_replaces(const char *to, const char *read);

#endif
