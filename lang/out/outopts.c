/* A command's output options taken out of its words (see outopts.h). */
#include "outopts.h"

#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "../../core/err.h"
#include "../../core/units.h"
#include "wrap.h"

const char *const out_format_names[] = { "table", "csv", "json", "svg", "jsonl", "markdown", NULL };

const char *const outopt_words[] = { ">", "--output", "--format", "--width", "--units", "--lists", NULL };

int out_format_find(const char *name)
{
	for (int i = 0; out_format_names[i]; i++)
		if (!strcmp(name, out_format_names[i]))
			return i;
	return -1;
}

int outopts_tty_cols(int fd)
{
	struct winsize ws;

	if (!isatty(fd) || ioctl(fd, TIOCGWINSZ, &ws) || !ws.ws_col)
		return 0;
	return ws.ws_col > WRAP_MAX ? WRAP_MAX : ws.ws_col;
}

int outopts_width(const char *cmd, const char *w, int *width, char *err, size_t errlen)
{
	char why[96];
	uint64_t v;

	if (parse_u64(w, &v, why, sizeof(why)) || v < WRAP_MIN || v > WRAP_MAX)
		return err_set(err, errlen, "%s: --width '%s': expected %d..%d columns", cmd, w, WRAP_MIN, WRAP_MAX);
	*width = (int)v;
	return 0;
}

/* "--name VALUE" or "--name=VALUE" at argv[*i]: the value (advancing *i past it), or NULL when a is not --name. */
static const char *long_value(const char *name, int argc, char **argv, int *i, int *missing)
{
	size_t n = strlen(name);
	const char *a = argv[*i];

	*missing = 0;
	if (strncmp(a, name, n))
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	if (a[n])
		return NULL;
	if (*i + 1 == argc) {
		*missing = 1;
		return "";
	}
	return argv[++*i];
}

/* --format, --units, --lists, --width at argv[*i] into r: 1 taken, 0 not one of them, -1 with err. */
static int take_setting(const char *cmd, int argc, char **argv, int *i, struct out_opts *r, char *err, size_t errlen)
{
	const char *v;
	int missing;

	if ((v = long_value("--format", argc, argv, i, &missing))) {
		if (missing)
			return err_set(err, errlen, "%s: expected table, csv, json or jsonl after --format", cmd);
		if ((r->format = out_format_find(v)) < 0)
			return err_set(err, errlen, "%s: --format '%s' is not one of table, csv, json, jsonl", cmd, v); /* svg is taken too: cmd.c refuses it to a command that draws no chart */
		return 1;
	}
	if (!strcmp(argv[*i], "--units")) {
		r->units = 1;
		return 1;
	}
	if ((v = long_value("--lists", argc, argv, i, &missing))) {
		if (missing || (strcmp(v, "summary") && strcmp(v, "full")))
			return err_set(err, errlen, "%s: --lists '%s': expected summary or full", cmd, v);
		r->lists = !strcmp(v, "full");
		return 1;
	}
	if ((v = long_value("--width", argc, argv, i, &missing))) {
		if (missing)
			return err_set(err, errlen, "%s: expected a number of columns (%d..%d) after --width", cmd,
				       WRAP_MIN, WRAP_MAX);
		return outopts_width(cmd, v, &r->width, err, errlen) ? -1 : 1;
	}
	return 0;
}

/* > PATH, >PATH, --output PATH at argv[*i] into r->path: 1 taken, 0 not an output, -1 with err. */
static int take_path(const char *cmd, int argc, char **argv, int *i, struct out_opts *r, char *err, size_t errlen)
{
	const char *a = argv[*i], *v;
	int missing;

	if ((v = long_value("--output", argc, argv, i, &missing)) || !strcmp(a, ">")) {
		if (!v && *i + 1 < argc)
			v = argv[++*i];
		if (!v || missing || !*v)
			return err_set(err, errlen, "%s: expected a PATH after %s", cmd, a);
	} else if (a[0] == '>' && a[1] == '>') {
		/* not a file named ">out.csv": an output is replaced whole (outfile.h), never appended to */
		return err_set(err, errlen, "%s: '>>' (append) is not supported: > PATH replaces PATH whole "
			       "(join files with cat)", cmd);
	} else if (a[0] == '>' && a[1] != '=') {
		v = a + 1; /* >PATH; ">=" is a comparison (echo's text, a lesson's), never a file named "=" */
	} else {
		return 0;
	}
	if (r->path)
		return err_set(err, errlen, "%s: one output file at a time ('%s' and '%s')", cmd, r->path, v);
	if (!strcmp(v, "-")) /* a shell's word for stdout, never a file named "-" */
		return err_set(err, errlen, "%s: '> -' writes no file: leave out > PATH to write to stdout (or > ./- for a file named -)",
			       cmd);
	r->path = v;
	return 1;
}

int outopts_take(const char *cmd, int *argc, char **argv, int keep, struct out_opts *o, char *err, size_t errlen)
{
	struct out_opts r = *o;
	int n = 0;

	for (int i = 0; i < *argc; i++) {
		int t = 0;

		if (i != keep && !(t = take_setting(cmd, *argc, argv, &i, &r, err, errlen)))
			t = take_path(cmd, *argc, argv, &i, &r, err, errlen);
		if (t < 0)
			return -1;
		if (!t)
			argv[n++] = argv[i];
	}
	*argc = n;
	*o = r;
	return 0;
}
