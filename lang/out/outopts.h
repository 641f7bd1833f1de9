/*
 * A command's output options: where its text goes and how it is laid out.
 * Every command whose row in lang/cmd.c says it prints takes them inside the
 * command, with the meaning they have before -c:
 *
 *     > PATH, >PATH, --output PATH, --output=PATH   the output to PATH (outfile.c writes it)
 *     --format FMT, --format=FMT                    table, csv or json for this command (svg: a chart's)
 *     --width N, --width=N                          no line of text wider than N (24..1000)
 *     --units                                       csv: a "# units:" line above the header
 *     --lists summary|full, --lists=...             a sweep's list columns: count/first/last/sum, or every item
 *
 * cmd_run() takes them out of the words before the command counts its
 * arguments, so a command never parses them itself; it reads s->opts (and
 * s->format, already the one asked for) while it runs.
 */
#ifndef BL_OUTOPTS_H
#define BL_OUTOPTS_H

#include <stddef.h>

struct out_opts {
	const char *path; /* > PATH / --output PATH, NULL: the command's own out; points into the command's words */
	int format;       /* an enum out_format asked for inside the command, -1: none asked */
	int width;        /* columns text may take, 0: none asked (the writer's natural layout) */
	int units;        /* --units: csv's "# units:" line (records.h), 0: none asked */
	int lists;        /* --lists full|summary: 1 or 0, -1: none asked (a sweep's list columns) */
	/*
	 * A new option is a field here, a row of outopt_words[] in outopts.c and a
	 * case in outopts_take() (helper scriptout: --units goes here).
	 */
};

#define OUT_OPTS_INIT { NULL, -1, 0, 0, -1 }

/*
 * The names --format and `format` accept, in enum out_format's order
 * (session.h); NULL-terminated. A new format is a name here and an enum value.
 */
extern const char *const out_format_names[];
/* The enum out_format named name, or -1. */
int out_format_find(const char *name);

/* The option words, for completion and help: "--output", "--format", "--width", ">" ... NULL-terminated. */
extern const char *const outopt_words[];

/*
 * Take the output options out of argv (the command's arguments, without its
 * name); the rest is kept in order. keep is the index of an argument that is
 * never an option (where's OP, which may be '>'), -1 for none. 0, or -1 with
 * "CMD: why" in err and *o as it was.
 */
int outopts_take(const char *cmd, int *argc, char **argv, int keep, struct out_opts *o, char *err, size_t errlen);

/* The columns of the terminal fd is, 0 when it is none (a pipe, a file). */
int outopts_tty_cols(int fd);

/* A --width value: 0 with *width set, or -1 with "CMD: --width 'W': expected 24..1000 columns". */
int outopts_width(const char *cmd, const char *w, int *width, char *err, size_t errlen);

#endif
