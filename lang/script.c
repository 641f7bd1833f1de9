#include "script.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "../core/strbuf.h"
#include "cmd.h"
#include "out/escape.h"
#include "lesson.h"
#include "out/outfile.h"
#include "out/outopts.h"
#include "out/records.h"
#include "scan.h"

int script_width(FILE *out)
{
	struct winsize ws;

	if (isatty(fileno(out)) && !ioctl(fileno(out), TIOCGWINSZ, &ws) && ws.ws_col >= 24)
		return ws.ws_col;
	return 80;
}

/* An error for a terminal: one line, and no escape sequence a quoted argument smuggled in. */
static void print_error(FILE *errf, const char *where, const char *err)
{
	struct strbuf sb = STRBUF_INIT;

	escape_text(&sb, where, strlen(where));
	sb_puts(&sb, ": ");
	escape_text(&sb, err, strlen(err));
	fprintf(errf, "batchlab: %s\n", sb_str(&sb));
	sb_free(&sb);
}

/* Output that was lost (a full disk, a closed pipe) is a failed command, not a success. */
static int emit(const struct strbuf *res, FILE *out, FILE *errf, const char *where)
{
	char why[128];

	if (res->len && fwrite(res->buf, 1, res->len, out) != res->len)
		clearerr(out), errno = errno ? errno : EIO;
	else if (!ferror(out) && !fflush(out))
		return 0;
	fprintf(errf, "batchlab: %s: cannot write the output: %s\n", where,
		outfile_strerror(errno ? errno : EIO, why, sizeof(why)));
	return -1;
}

/*
 * A lesson in a json or jsonl run: its transcript - narration, the commands'
 * tables, the answers - is text for people, one result of the run's document
 * ({"text": LINE} rows), so the run stays one document.
 */
int script_lesson_text(struct session *s, const struct lesson *l, int check, FILE *in, FILE *out, FILE *errf)
{
	FILE *safe = escape_stream(out);
	int width = s->width ? s->width : script_width(out), rc;

	if (!safe) {
		fprintf(errf, "batchlab: lesson %s: out of memory\n", l->name);
		return 1;
	}
	s->term_cols = outopts_tty_cols(fileno(out)); /* the terminal's, which the filter does not have */
	rc = lesson_run(s, l, in, safe, errf, width, check);
	fclose(safe);
	return rc;
}

int script_lesson_doc(struct session *s, const struct lesson *l, int check, FILE *in, FILE *out, FILE *errf)
{
	enum out_format f = s->format;
	struct doc run = s->doc;
	struct strbuf res = STRBUF_INIT;
	char *buf = NULL, command[sizeof(l->name) + 8];
	size_t len = 0;
	FILE *t = open_memstream(&buf, &len);
	int rc;

	if (!t) {
		fprintf(errf, "batchlab: lesson %s: out of memory\n", l->name);
		return 1;
	}
	s->format = FMT_TABLE;
	doc_init(&s->doc, s->units, NULL); /* the lesson's commands print tables, not into the run's document */
	rc = lesson_run(s, l, in, t, errf, s->width ? s->width : 80, check);
	fclose(t);
	s->format = f;
	s->doc = run;
	snprintf(command, sizeof(command), "lesson %s", l->name);
	s->doc.command = command;
	rec_text_result(&s->doc, f, buf ? buf : "", &res);
	s->doc.command = NULL;
	if (!s->run) /* --lesson NAME: the whole run */
		doc_close(&s->doc, f, 1, &res);
	free(buf);
	if (emit(&res, out, errf, "lesson"))
		rc = 1;
	sb_free(&res);
	return rc;
}

/* The lesson in the format its command chose, answers from in. Its status. */
static int lesson_here(struct session *s, const struct lesson *l, FILE *in, FILE *out, FILE *errf)
{
	enum out_format f = s->format;
	int width = s->width, units = s->units, rc;

	if (s->lesson_width) /* lesson NAME --width N */
		s->width = s->lesson_width;
	s->units = s->lesson_units; /* --units: the record's "# units:" line */
	s->format = s->lesson_format;
	if (s->format == FMT_JSON || s->format == FMT_JSONL) /* csv in a json run: cmd_exec closed its document */
		rc = script_lesson_doc(s, l, 0, in, out, errf);
	else
		rc = script_lesson_text(s, l, 0, in, out, errf);
	s->format = f;
	s->width = width;
	s->units = units;
	return rc;
}

int script_lesson_file(struct session *s, const struct lesson *l, FILE *in, const char *to, FILE *errf)
{
	struct outfile o;
	struct doc run = s->doc;
	char err[PATH_MAX + 256], *ebuf = NULL;
	size_t elen = 0;
	FILE *errs;
	int rc, was_run = s->run;

	if (outfile_open(&o, to, err, sizeof(err))) {
		print_error(errf, "lesson", err);
		return 1;
	}
	if (!(errs = open_memstream(&ebuf, &elen))) {
		outfile_abort(&o);
		print_error(errf, "lesson", "out of memory");
		return 1;
	}
	s->run = 0; /* a file is a document of its own; the run's goes on after it */
	doc_init(&s->doc, s->units, NULL);
	rc = lesson_here(s, l, in, o.f, errs);
	s->run = was_run;
	s->doc = run;
	fclose(errs);
	if (elen) { /* the lesson's own error: the file stays as it was */
		outfile_abort(&o);
		fputs(ebuf, errf);
		rc = 1;
	} else if (outfile_commit(&o, err, sizeof(err))) {
		print_error(errf, "lesson", err);
		rc = 1;
	} else if (o.note[0]) {
		fprintf(errf, "batchlab: lesson: %s\n", o.note);
	}
	free(ebuf);
	return rc;
}

/*
 * `lesson NAME` in a script or at the prompt: the lesson runs here, its answers
 * read from stdin, a line a try. A lesson's own `lesson` line is refused: one
 * class at a time. With > PATH its transcript goes to PATH, the answers from
 * stdin unless that is a terminal (no one could see the questions): then none.
 */
static int run_lesson(struct session *s, FILE *out, FILE *errf)
{
	char path[sizeof(s->lesson)], err[1024];
	struct lesson l;
	int rc;

	snprintf(path, sizeof(path), "%s", s->lesson);
	s->lesson[0] = '\0';
	if (s->in_lesson) {
		print_error(errf, path, "a lesson cannot start another lesson");
		return 1;
	}
	if (lesson_load(&l, path, err, sizeof(err))) {
		fprintf(errf, "batchlab: %s\n", err);
		return 1;
	}
	s->in_lesson = 1;
	if (s->lesson_to[0]) {
		char nothing[1] = "";
		FILE *none = isatty(STDIN_FILENO) ? fmemopen(nothing, 0, "r") : NULL;

		rc = script_lesson_file(s, &l, none ? none : stdin, s->lesson_to, errf);
		if (none)
			fclose(none);
	} else {
		rc = lesson_here(s, &l, stdin, out, errf);
	}
	s->in_lesson = 0;
	lesson_free(&l);
	return rc;
}

/* The command is echo: its first word, whatever follows. */
static int is_echo(const char *cmd)
{
	const char *t = cmd + strspn(cmd, " \t");

	return !strncmp(t, "echo", 4) && (!t[4] || t[4] == ' ' || t[4] == '\t');
}

/* One command of the scanned text; where names it in an error. 0, or 1 after printing the error. */
static int run_one(struct session *s, const char *text, const struct scan_cmd *c, const char *where, FILE *out,
		   FILE *errf)
{
	struct strbuf res = STRBUF_INIT;
	char err[1024], *cmd;
	int rc;

	cmd = strndup(text + c->start, c->len);
	if (!cmd) {
		print_error(errf, where, "out of memory");
		return 1;
	}
	/* as sh -x: the command as typed, then what it printed - but echo is narration: its text once, not twice */
	if (s->pause && s->paused++ && isatty(STDIN_FILENO) && isatty(fileno(out))) {
		char line[64];

		/* where the replay is, and how to stop it there: the machine stays as the last command left it */
		fprintf(out, "(Enter: the next command, %u; q or Esc, then Enter, stops here) ", s->paused);
		fflush(out);
		if (!fgets(line, sizeof(line), stdin) || line[0] == 'q' || line[0] == 27) { /* the person left or stopped */
			free(cmd);
			s->quit = 1;
			return 0;
		}
	}
	if (s->echo && !is_echo(cmd)) {
		const char *t = cmd + strspn(cmd, " \t");
		size_t n = strlen(t);

		while (n && (t[n - 1] == ' ' || t[n - 1] == '\t'))
			n--;
		fprintf(out, "batchlab> %.*s\n", (int)n, t);
		if (s->stepped && s->source_depth > 0)
			session_step_state(s);
	}
	s->stream = out;
	if (fileno(out) >= 0) /* asked again each command: the window may have been resized (a lesson's filter has no fd) */
		s->term_cols = outopts_tty_cols(fileno(out));
	errno = 0;
	rc = cmd_run(s, cmd, &res, err, sizeof(err));
	s->stream = NULL;
	free(cmd);
	if (emit(&res, out, errf, where))
		rc = 1;
	else if (rc)
		print_error(errf, where, err), rc = 1;
	sb_free(&res);
	if (!rc && s->lesson[0])
		rc = run_lesson(s, out, errf);
	return rc;
}

/*
 * A run's stdout is one document (records.h): begun empty, and closed when
 * the run ends however it ends, so what was printed stays whole json. empty:
 * a json run that printed nothing still prints an (empty) document.
 */
static void run_begin(struct session *s)
{
	s->run = 1;
	doc_init(&s->doc, s->units, NULL);
}

static int run_end(struct session *s, int empty, FILE *out, FILE *errf, const char *where, int rc)
{
	struct strbuf tail = STRBUF_INIT;

	doc_close(&s->doc, s->format, empty, &tail);
	s->run = 0;
	doc_init(&s->doc, s->units, NULL);
	if (emit(&tail, out, errf, where))
		rc = 1;
	sb_free(&tail);
	return rc;
}

int script_run_line(struct session *s, const char *line, const char *where, FILE *out, FILE *errf)
{
	struct scanner sc;
	struct scan_cmd c;
	int own = !s->run, rc = 0; /* the prompt's line is a run of its own */

	if (own)
		run_begin(s);
	scan_init(&sc, line, strlen(line));
	while (!s->quit && scan_next(&sc, &c))
		if (run_one(s, line, &c, where, out, errf)) {
			rc = 1;
			break;
		}
	return own ? run_end(s, 0, out, errf, where, rc) : rc;
}

/*
 * A line of a script, read with a bound: a line longer than SCRIPT_LINE_MAX is
 * refused the moment the bound is reached, and a NUL byte at once, so neither
 * /dev/zero nor an endless line is read into memory. 1 with a line, 0 at the
 * end, -1 with why set.
 */
static int read_line(FILE *f, char *buf, size_t *len, const char **why, int *err)
{
	size_t n = 0;
	int ch;

	while ((ch = getc(f)) != EOF) {
		if (!ch) {
			*why = "binary data (a NUL byte): not a batchlab script";
			return -1;
		}
		if (ch == '\n')
			break;
		if (n == SCRIPT_LINE_MAX) {
			*why = "line longer than " SCRIPT_LINE_MAX_TEXT " bytes: not a batchlab script";
			return -1;
		}
		buf[n++] = (char)ch;
	}
	buf[n] = '\0';
	*len = n;
	/* end of file and a read error look alike to getc(): an error must not pass for the end */
	if (ch == EOF && ferror(f)) {
		*err = errno ? errno : EIO;
		*why = NULL;
		return -1;
	}
	return ch == EOF && !n ? 0 : 1;
}

int script_run_stream(struct session *s, FILE *f, const char *name, FILE *out, FILE *errf)
{
	char *line = malloc(SCRIPT_LINE_MAX + 1), where[512], errtext[160];
	unsigned long lineno = 0;
	int rc = 0, r, own;

	if (!line) {
		fprintf(errf, "batchlab: %s: out of memory\n", name);
		return 1;
	}
	own = !s->run; /* `source FILE` inside a run: its results are the run's */
	if (own)
		run_begin(s);
	while (!s->quit) {
		const char *why = NULL;
		size_t len, skip;
		int e = 0;

		errno = 0;
		r = read_line(f, line, &len, &why, &e);
		if (!r)
			break;
		lineno++;
		snprintf(where, sizeof(where), "%s:%lu", name, lineno);
		if (r < 0) {
			print_error(errf, where, why ? why : outfile_strerror(e, errtext, sizeof(errtext)));
			rc = 1;
			break;
		}
		skip = lineno == 1 ? scan_bom(line, len) : 0;
		if (script_run_line(s, line + skip, where, out, errf)) {
			rc = 1;
			break;
		}
	}
	free(line);
	if (own) /* a json run that printed nothing (-f of only set) is still one document */
		rc = run_end(s, 1, out, errf, name, rc);
	fflush(out);
	return rc;
}

int script_run_text(struct session *s, const char *text, const char *where, FILE *out, FILE *errf)
{
	size_t len = strlen(text), skip = scan_bom(text, len);
	unsigned count = scan_count(text + skip, len - skip);
	struct scanner sc;
	struct scan_cmd c;
	char pos[256];
	int rc = 0, own = !s->run;

	scan_init(&sc, text + skip, len - skip);
	if (own)
		run_begin(s);
	while (!s->quit && scan_next(&sc, &c)) {
		/* with more than one command, which one failed: -c:3 is the third */
		if (count > 1)
			snprintf(pos, sizeof(pos), "%s:%u", where, c.number);
		else
			snprintf(pos, sizeof(pos), "%s", where);
		if (run_one(s, text + skip, &c, pos, out, errf)) {
			rc = 1;
			break;
		}
	}
	if (own)
		rc = run_end(s, 1, out, errf, where, rc);
	fflush(out);
	return rc;
}
