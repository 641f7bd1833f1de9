/* Lessons: reading a lesson file, computing its answers, judging a student's (lessonrun.c runs them). */
#include "lesson.h"
#include "replyunit.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/err.h"
#include "../core/params.h"
#include "../core/patch.h"
#include "../core/units.h"
#include "cmd.h"
#include "out/escape.h"
#include "infile.h"
#include "out/outfile.h"
#include "presetio.h"
#include "out/render.h"
#include "scan.h"
#include "script.h"
#include "out/wrap.h"
#include "xdg.h"

#ifndef LESSONDIR
#define LESSONDIR "/usr/local/share/batchlab/lessons"
#endif

#define LESSON_FILE_MAX (1 << 20)

/* The parser's words, and what batchlab-lesson(5) says of each (tools/mkman.c reads these rows). */
const struct lesson_word lesson_words[] = {
	{ "title", LK_TITLE, "TEXT", "The lesson's name, as --lesson lists it. The first line, once; without it the file's name." },
	{ "step", LK_STEP, "TITLE",
	  "A new step. The explorer shows a step at a time (n, p); a script run prints its title and, at a terminal, "
	  "waits for Enter. Every lesson has at least one." },
	{ "say", LK_SAY, "TEXT",
	  "Narration, wrapped to the width. Each {COMMAND} in it is replaced by what COMMAND prints on one line - a "
	  "get of one name with its unit (16 GiB, 4032 pages) - so a number the lesson states never goes stale." },
	{ "focus", LK_FOCUS, "METRIC",
	  "The metric the step talks about: the explorer puts its cursor there. --check refuses one that names no "
	  "metric." },
	{ "ask", LK_ASK, "QUESTION",
	  "An exercise. An answer or a check follows, then any solution and hint. The question states every "
	  "condition its check applies, in the check's words, and asks on another machine than the one whose "
	  "method or number the step printed." },
	{ "answer", LK_ANSWER, "COMMAND-OR-ARITHMETIC [within TOL]",
	  "How the right answer is found: get NAME of one name, where's crossing (or never), or + - * / and "
	  "parentheses over {COMMAND} values. TOL is a number or N%; without it a count must be exact and a real "
	  "is within 0.5%. The student writes it in the answer's unit - 3072, 3072 pages, 1e6, 128G, 128 GiB, "
	  "x64, 64x - and one in another unit is wrong and says so. A sweep, a show or a get of two names is "
	  "refused, in braces too: they print more than one value." },
	{ "check", LK_CHECK, "COMMAND; COMMAND ...",
	  "A design exercise: right when every command succeeds, run on a scratch copy of the student's session. "
	  "The word {answer} stands for the reply, bound as one word after the commands are cut (a ';', '#' or "
	  "'>' in a reply is data, never a command); {COMMAND}s are computed as each command runs. It must hold "
	  "{answer} and an expect. --check refuses a check that accepts both 0 and 2^40, and one that accepts a "
	  "variant the step showed before the question (the example must fail)." },
	{ "solution", LK_SOLUTION, "TEXT", "A right answer to a check: what --check answers it with." },
	{ "hint", LK_HINT, "TEXT", "Shown after a wrong try, while tries are left (3 in all)." },
	{ NULL, LK_COMMAND, NULL, NULL },
};

/* --- reading ----------------------------------------------------------------------------------- */

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* "answer X within 5%": the tolerance off the end of the text. 0, or -1 when "within" has no number. */
static int split_within(struct lesson_line *ln)
{
	char *w = strstr(ln->text, " within ");
	char *end;

	if (!w)
		return 0;
	*w = '\0';
	w += 8;
	while (*w == ' ')
		w++;
	errno = 0;
	ln->tol = strtod(w, &end);
	if (end == w || errno || ln->tol < 0 || !isfinite(ln->tol))
		return -1;
	if (*end == '%')
		ln->tol_pct = 1, end++;
	if (*trim(end))
		return -1;
	ln->has_tol = 1;
	trim(ln->text);
	return 0;
}

static const char *kind_word(enum lesson_kind k)
{
	for (size_t i = 0; lesson_words[i].word; i++)
		if (lesson_words[i].kind == k)
			return lesson_words[i].word;
	return "command";
}

/* The first word of s into w. */
static void first_word(const char *s, char *w, size_t len)
{
	size_t n = strcspn(s, " \t;");

	if (n >= len)
		n = len - 1;
	memcpy(w, s, n);
	w[n] = '\0';
}

static int parse_line(struct lesson *l, char *s, int lineno, char *err, size_t errlen)
{
	struct lesson_line *ln = &l->lines[l->nlines];
	char word[32];
	size_t i;

	first_word(s, word, sizeof(word));
	memset(ln, 0, sizeof(*ln));
	ln->lineno = lineno;
	ln->kind = LK_COMMAND;
	for (i = 0; lesson_words[i].word; i++)
		if (!strcmp(word, lesson_words[i].word))
			break;
	if (lesson_words[i].word) {
		ln->kind = lesson_words[i].kind;
		s = trim(s + strlen(word));
		if (!*s && ln->kind != LK_STEP)
			return err_set(err, errlen, "%s:%d: '%s' expects text after it", l->path, lineno, word);
	} else if (!cmd_find(word)) {
		return err_set(err, errlen,
			       "%s:%d: '%s' is neither a lesson word (title, step, say, focus, ask, answer, check, "
			       "solution, hint) nor a command",
			       l->path, lineno, word);
	}
	if (!(ln->text = strdup(s)))
		return err_set(err, errlen, "%s:%d: out of memory", l->path, lineno);
	l->nlines++;
	if (ln->kind == LK_ANSWER && split_within(ln))
		return err_set(err, errlen, "%s:%d: 'within' expects a tolerance: a number, or a percentage like 1%%",
			       l->path, lineno);
	return 0;
}

/* Each exercise complete, each lesson word where it belongs. */
/* Where validate is in an exercise: the ask line's index (-1 outside one), and what came after it. */
struct ask_state {
	int in_ask, judged, has_check, has_solution;
};

/* The exercise st is in ends: it must have been judged, and a check needs a solution. */
static int ask_end(const struct lesson *l, struct ask_state *st, char *err, size_t errlen)
{
	const struct lesson_line *a = &l->lines[st->in_ask];

	if (!st->judged)
		return err_set(err, errlen, "%s:%d: 'ask' expects an 'answer' or a 'check' after it", l->path, a->lineno);
	if (st->has_check && !st->has_solution)
		return err_set(err, errlen, "%s:%d: a 'check' exercise expects a 'solution' (for --check)", l->path,
			       a->lineno);
	st->in_ask = -1;
	return 0;
}

/* Line i in its place: a title first, asks after a step, an answer or check once an ask, hints inside one. */
static int validate_line(struct lesson *l, int i, struct ask_state *st, char *err, size_t errlen)
{
	const struct lesson_line *ln = &l->lines[i];
	enum lesson_kind k = ln->kind;

	switch (k) {
	case LK_TITLE:
		if (i != 0)
			return err_set(err, errlen, "%s:%d: 'title' belongs on the first line", l->path, ln->lineno);
		snprintf(l->title, sizeof(l->title), "%s", ln->text);
		break;
	case LK_STEP:
		l->nsteps++;
		break;
	case LK_ASK:
		if (!l->nsteps)
			return err_set(err, errlen, "%s:%d: 'ask' expects a 'step' before it", l->path, ln->lineno);
		*st = (struct ask_state){ i, 0, 0, 0 };
		l->nexercises++;
		break;
	case LK_ANSWER:
	case LK_CHECK:
		if (st->in_ask < 0 || st->judged)
			return err_set(err, errlen, "%s:%d: '%s' expects an 'ask' before it (one answer or check each)",
				       l->path, ln->lineno, kind_word(k));
		if (lesson_lint_judge(l, ln, err, errlen))
			return -1;
		st->judged = 1;
		st->has_check = k == LK_CHECK;
		break;
	case LK_SOLUTION:
	case LK_HINT:
		if (st->in_ask < 0)
			return err_set(err, errlen, "%s:%d: '%s' expects an 'ask' before it", l->path, ln->lineno,
				       kind_word(k));
		if (k == LK_SOLUTION)
			st->has_solution = 1;
		break;
	default:
		if (!l->nsteps && k != LK_TITLE)
			return err_set(err, errlen, "%s:%d: expected 'title' or 'step' before the first %s", l->path,
				       ln->lineno, kind_word(k));
		break;
	}
	return 0;
}

static int validate(struct lesson *l, char *err, size_t errlen)
{
	struct ask_state st = { -1, 0, 0, 0 };

	for (int i = 0; i <= l->nlines; i++) {
		enum lesson_kind k = i < l->nlines ? l->lines[i].kind : LK_STEP;

		/* an exercise ends where the next one, a step, a command, a say or the lesson's end begins */
		if (st.in_ask >= 0 && (k == LK_ASK || k == LK_STEP || k == LK_COMMAND || k == LK_SAY || k == LK_TITLE ||
				       k == LK_FOCUS) && ask_end(l, &st, err, errlen))
			return -1;
		if (i < l->nlines && (validate_line(l, i, &st, err, errlen) || lesson_lint_line(l, &l->lines[i], err, errlen)))
			return -1;
	}
	if (!l->nsteps)
		return err_set(err, errlen, "%s: a lesson expects at least one 'step'", l->path);
	return 0;
}

int lesson_load(struct lesson *l, const char *path, char *err, size_t errlen)
{
	char *text = NULL, *p;
	size_t len = 0;
	int lineno = 0;
	const char *slash, *dot;

	memset(l, 0, sizeof(*l));
	snprintf(l->path, sizeof(l->path), "%s", path);
	slash = strrchr(path, '/');
	slash = slash ? slash + 1 : path;
	dot = strrchr(slash, '.');
	snprintf(l->name, sizeof(l->name), "%.*s", (int)(dot && dot != slash ? (size_t)(dot - slash) : strlen(slash)),
		 slash);
	if (infile_read(path, LESSON_FILE_MAX, &text, &len, err, errlen))
		return -1;
	if (memchr(text, '\0', len)) {
		free(text);
		return err_set(err, errlen, "%s: a NUL byte: a lesson is text", path);
	}
	if (!(l->lines = calloc(LESSON_LINES_MAX, sizeof(*l->lines)))) {
		free(text);
		return err_set(err, errlen, "%s: out of memory", path);
	}
	for (p = text; p && *p;) {
		char *nl = strchr(p, '\n'), *s;

		if (nl)
			*nl = '\0';
		lineno++;
		if (strlen(p) >= SCRIPT_LINE_MAX) {
			free(text);
			lesson_free(l);
			return err_set(err, errlen, "%s:%d: a line of at most %d characters expected", path, lineno,
				       SCRIPT_LINE_MAX - 1);
		}
		s = trim(p);
		p = nl ? nl + 1 : NULL;
		if (!*s || *s == '#')
			continue;
		if (l->nlines == LESSON_LINES_MAX) {
			free(text);
			lesson_free(l);
			return err_set(err, errlen, "%s:%d: at most %d lesson lines expected", path, lineno,
				       LESSON_LINES_MAX);
		}
		if (parse_line(l, s, lineno, err, errlen)) {
			free(text);
			lesson_free(l);
			return -1;
		}
	}
	free(text);
	if (validate(l, err, errlen)) {
		lesson_free(l);
		return -1;
	}
	if (!l->title[0])
		snprintf(l->title, sizeof(l->title), "%s", l->name);
	return 0;
}

void lesson_free(struct lesson *l)
{
	for (int i = 0; i < l->nlines; i++)
		free(l->lines[i].text);
	free(l->lines);
	l->lines = NULL;
	l->nlines = 0;
}

/* --- finding ----------------------------------------------------------------------------------- */

#define LESSON_DIRS 4

/* The user's folder first, so a user's lesson shadows a built-in one of the same name. */
static int lesson_dirs(char dirs[LESSON_DIRS][PATH_MAX])
{
	const char *env = getenv("BATCHLAB_LESSONS");
	int k = 0;

	if (!xdg_path(XDG_DATA, "lessons", dirs[k], PATH_MAX))
		k++;
	if (env && *env)
		snprintf(dirs[k++], PATH_MAX, "%s", env);
	if (!beside_binary("lessons", dirs[k], PATH_MAX)) /* run from the source tree */
		k++;
	snprintf(dirs[k++], PATH_MAX, "%s", LESSONDIR);
	return k;
}

static int is_lesson_path(const char *s)
{
	size_t n = strlen(s);

	return strchr(s, '/') || (n > 7 && !strcmp(s + n - 7, ".lesson"));
}

int lesson_find(const char *name, char *path, size_t len, char *err, size_t errlen)
{
	char dirs[LESSON_DIRS][PATH_MAX];
	int k = lesson_dirs(dirs);
	struct strbuf known = STRBUF_INIT;
	char lerr[256];

	if (is_lesson_path(name)) {
		snprintf(path, len, "%s", name);
		return 0;
	}
	for (const char *c = name; *c; c++)
		if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
			return err_set(err, errlen, "lesson '%s': a name of letters, digits, '-' and '_' expected", name);
	for (int i = 0; i < k; i++) {
		struct stat st;

		snprintf(path, len, "%s/%s.lesson", dirs[i], name);
		if (!stat(path, &st) && S_ISREG(st.st_mode))
			return 0;
	}
	lesson_list(&known, lerr, sizeof(lerr));
	{
		struct strbuf names = STRBUF_INIT; /* one line: the names only */

		for (const char *p = sb_str(&known); *p;) {
			const char *nl = strchr(p, '\n');

			sb_printf(&names, "%s%.*s", names.len ? ", " : "", (int)strcspn(p, " \n"), p);
			if (!nl)
				break;
			p = nl + 1;
		}
		err_set(err, errlen, "no lesson '%s' (known: %s)", name, names.len ? sb_str(&names) : "none found");
		sb_free(&names);
	}
	sb_free(&known);
	return -1;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int lesson_list(struct strbuf *out, char *err, size_t errlen)
{
	char dirs[LESSON_DIRS][PATH_MAX], *names[256];
	int k = lesson_dirs(dirs), n = 0;

	(void)err, (void)errlen;
	for (int i = 0; i < k; i++) {
		DIR *d = opendir(dirs[i]);
		struct dirent *e;

		if (!d)
			continue;
		while ((e = readdir(d)) && n < (int)(sizeof(names) / sizeof(names[0]))) {
			size_t len = strlen(e->d_name);
			int dup = 0;

			if (len <= 7 || strcmp(e->d_name + len - 7, ".lesson") || e->d_name[0] == '.')
				continue;
			for (int j = 0; j < n; j++)
				if (!strncmp(names[j], e->d_name, len - 7) && names[j][len - 7] == '\t')
					dup = 1;
			if (dup)
				continue;
			{
				char path[PATH_MAX], line[1024], lerr[512];
				struct lesson l;

				snprintf(path, sizeof(path), "%.*s/%.255s", PATH_MAX - 300, dirs[i], e->d_name);
				struct strbuf t = STRBUF_INIT; /* a file's title or name reaches a terminal as text */

				if (lesson_load(&l, path, lerr, sizeof(lerr)))
					snprintf(line, sizeof(line), "%.*s\t(broken: %.400s)", (int)(len - 7), e->d_name, lerr);
				else
					snprintf(line, sizeof(line), "%.*s\t%s (%d step%s, %d exercise%s)", (int)(len - 7),
						 e->d_name, l.title, l.nsteps, l.nsteps == 1 ? "" : "s", l.nexercises,
						 l.nexercises == 1 ? "" : "s");
				escape_lines(&t, line, strlen(line));
				snprintf(line, sizeof(line), "%s", sb_str(&t));
				sb_free(&t);
				lesson_free(&l);
				names[n] = strdup(line);
				if (names[n])
					n++;
			}
		}
		closedir(d);
	}
	qsort(names, (size_t)n, sizeof(names[0]), by_name);
	for (int i = 0; i < n; i++) {
		char *tab = strchr(names[i], '\t');

		if (tab)
			sb_printf(out, "%-18.*s %s\n", (int)(tab - names[i]), names[i], tab + 1);
		free(names[i]);
	}
	return 0;
}

/* --- steps and exercises ------------------------------------------------------------------------ */

int lesson_step_start(const struct lesson *l, int k)
{
	int seen = -1;

	for (int i = 0; i < l->nlines; i++)
		if (l->lines[i].kind == LK_STEP && ++seen == k)
			return i;
	return l->nlines;
}

struct lesson_exercise lesson_exercise_at(const struct lesson *l, int i)
{
	struct lesson_exercise x = { &l->lines[i], NULL, NULL, NULL, NULL };

	for (int j = i + 1; j < l->nlines; j++) {
		const struct lesson_line *ln = &l->lines[j];

		if (ln->kind == LK_ANSWER)
			x.answer = ln;
		else if (ln->kind == LK_CHECK)
			x.check = ln;
		else if (ln->kind == LK_SOLUTION)
			x.solution = ln;
		else if (ln->kind == LK_HINT)
			x.hint = ln;
		else
			break;
	}
	return x;
}

/* --- computing ---------------------------------------------------------------------------------- */

/* Run one command on s with its output in out, in the format asked; the session's own format is kept. */
static int run_as(struct session *s, const char *cmd, enum out_format fmt, struct strbuf *out, char *err,
		  size_t errlen)
{
	enum out_format was = s->format;
	FILE *stream = s->stream;
	int rc;

	s->format = fmt;
	s->stream = NULL;
	rc = cmd_run(s, cmd, out, err, errlen);
	s->format = was;
	s->stream = stream;
	return rc;
}

/* A CSV field of a line (no quoting is needed for the values batchlab prints: numbers and words). */
static void csv_field(const char *line, int k, char *buf, size_t len)
{
	const char *p = line;
	size_t n;

	while (k-- > 0 && (p = strchr(p, ',')))
		p++;
	if (!p) {
		buf[0] = '\0';
		return;
	}
	n = strcspn(p, ",\n");
	if (n >= len)
		n = len - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
}

static int csv_column(const char *header, const char *name)
{
	char f[128];

	for (int k = 0; k < 64; k++) {
		csv_field(header, k, f, sizeof(f));
		if (!f[0])
			return -1;
		if (!strcmp(f, name))
			return k;
	}
	return -1;
}

/*
 * A command's one value, as a student would give it: `get`'s value, `where`'s
 * crossing (or "never" when nothing in the range holds), else the first field.
 */
static int command_value(struct session *s, const char *cmd, struct strbuf *value, char *err, size_t errlen)
{
	struct strbuf out = STRBUF_INIT;
	const char *row, *head;
	char f[256];
	int col;

	if (run_as(s, cmd, FMT_CSV, &out, err, errlen)) {
		sb_free(&out);
		return -1;
	}
	/* the header: past a "# COMMAND" or "# units:" line and the blank line a second table gets */
	head = sb_str(&out);
	while (*head == '#' || *head == '\n')
		head = strchr(head, '\n') ? strchr(head, '\n') + 1 : head + strlen(head);
	row = strchr(head, '\n');
	if (!row || !row[1]) {
		sb_free(&out);
		return err_set(err, errlen, "'%s' printed no value", cmd);
	}
	row++;
	if ((col = csv_column(head, "holds")) >= 0 && (csv_field(row, col, f, sizeof(f)), !strcmp(f, "no"))) {
		sb_puts(value, "never");
	} else {
		col = csv_column(head, "value");
		csv_field(row, col >= 0 && !strncmp(head, "name,", 5) ? col : 0, f, sizeof(f));
		sb_puts(value, f);
	}
	sb_free(&out);
	return 0;
}

/*
 * `get NAME` of one parameter or one metric side, as a person reads it: 16 GiB,
 * 107.8 MiB, 1.51 - with its unit, not the bare number a script wants. 1 done.
 */
static int human_get(struct session *s, const char *cmd, struct strbuf *out)
{
	char name[160], buf[96], why[256];
	const struct param *p;
	struct metric_ref ref;

	if (sscanf(cmd, " get %159s %c", name, buf) != 1)
		return 0;
	if ((p = param_find(name))) {
		param_format_human(&s->m, p, buf, sizeof(buf));
		sb_puts(out, strncmp(buf, "auto: ", 6) ? buf : buf + 6); /* the value, not how it was set */
		return 1;
	}
	if (metric_parse_m(&s->m, name, &ref, why, sizeof(why)) || ref.metric->list ||
	    (ref.side < 0 && !ref.metric->single))
		return 0;
	render_human(metric_compute(&s->m, ref.patch, ref.metric, ref.metric->single ? 0 : ref.side, NULL),
		     ref.metric->unit, buf, sizeof(buf));
	sb_puts(out, buf);
	return 1;
}

/* What {COMMAND} stands for in narration: the command's text output on one line. */
static int command_text(struct session *s, const char *cmd, struct strbuf *out, char *err, size_t errlen)
{
	struct strbuf res = STRBUF_INIT;
	size_t n;

	if (human_get(s, cmd, out))
		return 0;
	if (run_as(s, cmd, FMT_TABLE, &res, err, errlen)) {
		sb_free(&res);
		return -1;
	}
	n = res.len;
	while (n && (res.buf[n - 1] == '\n' || res.buf[n - 1] == ' '))
		n--;
	for (size_t i = 0; i < n; i++)
		sb_putc(out, res.buf[i] == '\n' ? ' ' : res.buf[i]);
	sb_free(&res);
	return 0;
}

/* text with every {COMMAND} replaced; values: each as its one value (answers), else as printed (narration). */
static int expand(struct session *s, const char *text, int values, struct strbuf *out, char *err, size_t errlen)
{
	for (const char *p = text; *p;) {
		const char *open = strchr(p, '{'), *close;
		char *cmd;
		int rc;

		if (!open) {
			sb_puts(out, p);
			break;
		}
		if (!(close = strchr(open, '}')))
			return err_set(err, errlen, "'{' at column %d has no '}'", (int)(open - text) + 1);
		sb_printf(out, "%.*s", (int)(open - p), p);
		if ((size_t)(close - open + 1) == strlen(ANSWER_WORD) && !strncmp(open, ANSWER_WORD, strlen(ANSWER_WORD))) {
			sb_puts(out, ANSWER_WORD); /* bound later, as data: never run */
			p = close + 1;
			continue;
		}
		if (!(cmd = strndup(open + 1, (size_t)(close - open - 1))))
			return err_set(err, errlen, "out of memory");
		rc = values ? command_value(s, cmd, out, err, errlen) : command_text(s, cmd, out, err, errlen);
		free(cmd);
		if (rc)
			return -1;
		p = close + 1;
	}
	return 0;
}

int lesson_say(struct session *s, const char *text, struct strbuf *out, char *err, size_t errlen)
{
	return expand(s, text, 0, out, err, errlen);
}

/* Arithmetic for answers: + - * / and parentheses over decimal numbers. */
struct arith {
	const char *p;
	int bad;
};

static double arith_sum(struct arith *a);

static void arith_space(struct arith *a)
{
	while (*a->p == ' ')
		a->p++;
}

static double arith_atom(struct arith *a)
{
	double v;
	char *end;

	arith_space(a);
	if (*a->p == '(') {
		a->p++;
		v = arith_sum(a);
		arith_space(a);
		if (*a->p != ')')
			a->bad = 1;
		else
			a->p++;
		return v;
	}
	if (*a->p == '-') {
		a->p++;
		return -arith_atom(a);
	}
	v = strtod(a->p, &end);
	if (end == a->p)
		a->bad = 1;
	a->p = end;
	return v;
}

static double arith_product(struct arith *a)
{
	double v = arith_atom(a);

	for (;;) {
		arith_space(a);
		if (*a->p == '*')
			a->p++, v *= arith_atom(a);
		else if (*a->p == '/')
			a->p++, v /= arith_atom(a);
		else
			return v;
	}
}

static double arith_sum(struct arith *a)
{
	double v = arith_product(a);

	for (;;) {
		arith_space(a);
		if (*a->p == '+')
			a->p++, v += arith_product(a);
		else if (*a->p == '-')
			a->p++, v -= arith_product(a);
		else
			return v;
	}
}

static int is_command(const char *text)
{
	char w[32];

	first_word(text, w, sizeof(w));
	return cmd_find(w) != NULL;
}

int lesson_expected(struct session *s, const struct lesson_exercise *x, struct strbuf *value, char *err,
		    size_t errlen)
{
	struct strbuf e = STRBUF_INIT;
	struct arith a;
	double v;

	if (x->check) /* a design exercise has no one answer: the lesson's own solution is one */
		return sb_puts(value, x->solution ? x->solution->text : ""), 0;
	if (is_command(x->answer->text))
		return command_value(s, x->answer->text, value, err, errlen);
	if (expand(s, x->answer->text, 1, &e, err, errlen)) {
		sb_free(&e);
		return -1;
	}
	a.p = sb_str(&e);
	a.bad = 0;
	v = arith_sum(&a);
	arith_space(&a);
	if (a.bad || *a.p || !isfinite(v)) {
		err_set(err, errlen, "answer '%s' is %s: not a number", x->answer->text, sb_str(&e));
		sb_free(&e);
		return -1;
	}
	sb_printf(value, "%.10g", v);
	sb_free(&e);
	return 0;
}

/* An answer is one line: a control character (a newline, a NUL read from a file) is refused, not cut at. */
static int one_line(const char *reply, size_t len, struct strbuf *msg)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)reply[i] < 0x20 && reply[i] != '\t') {
			sb_printf(msg, "an answer is one line: %s at column %zu",
				  reply[i] == '\n' ? "a line break" : reply[i] ? "a control character" : "a NUL byte", i + 1);
			return 0;
		}
	return 1;
}

/*
 * A design exercise: the check's commands - the lesson's own text, cut into
 * commands and words before the reply is seen - run in order on a scratch copy
 * of the session, each with its {COMMAND}s computed at that point (after the
 * check's own `set`s) and then the word {answer} bound to the reply as one word
 * (cmd_run_bound): the reply is data, which no ';', '#' or '>' in it can turn
 * into a command.
 */
static int judge_check(struct session *s, const struct lesson_exercise *x, const char *reply, struct strbuf *msg)
{
	struct session *scratch = malloc(sizeof(*scratch));
	const char *text = x->check->text;
	char err[1024];
	struct scanner sc;
	struct scan_cmd c;
	int rc = 0;

	if (!scratch) {
		sb_puts(msg, "out of memory");
		return 0;
	}
	session_copy(scratch, s);
	scratch->stream = NULL;
	scratch->interactive = 0;
	scratch->format = FMT_TABLE;
	scan_init(&sc, text, strlen(text));
	while (!rc && scan_next(&sc, &c)) {
		struct strbuf one = STRBUF_INIT, done = STRBUF_INIT, out = STRBUF_INIT;

		sb_printf(&one, "%.*s", (int)c.len, text + c.start);
		rc = expand(scratch, sb_str(&one), 1, &done, err, sizeof(err)) ||
		     cmd_run_bound(scratch, sb_str(&done), ANSWER_WORD, reply, &out, err, sizeof(err));
		sb_free(&one);
		sb_free(&done);
		sb_free(&out);
	}
	if (rc) /* "expect: X" says only X to the student */
		sb_puts(msg, strncmp(err, "expect: ", 8) ? err : err + 8);
	session_end(scratch);
	free(scratch);
	return rc == 0;
}

static void lower_trimmed(const char *s, char *buf, size_t len)
{
	size_t n = 0;

	while (*s == ' ')
		s++;
	for (; *s && n + 1 < len; s++)
		buf[n++] = (char)tolower((unsigned char)*s);
	while (n && buf[n - 1] == ' ')
		n--;
	buf[n] = '\0';
}

/* --- answers in the question's units ------------------------------------------------------------ */

/*
 * The unit the question asks in: its metric's or parameter's (get), its key's
 * (where); for arithmetic, the metric of `{get M} / F` in units of F (a size
 * over 1048576 asks in MiB); else a plain number.
 */
static void answer_q(struct session *s, const struct lesson_exercise *x, struct reply_q *q)
{
	char w[8][160];
	const struct param *p;
	struct metric_ref ref;
	char why[256];
	const char *unit = "";
	double div = 1;
	int n;

	if (x->answer && !is_command(x->answer->text)) {
		char tail[8];

		n = sscanf(x->answer->text, "{get %159[^}]} / %lf %7s", w[1], &div, tail);
		if (n < 2 || (n == 3 && strcmp(tail, "within")) || !(div > 0))
			div = 1, w[1][0] = '\0';
		else
			n = 2;
		w[0][0] = '\0';
		if (n == 2)
			snprintf(w[0], sizeof(w[0]), "get");
	} else {
		n = x->answer ? sscanf(x->answer->text, "%159s %159s %159s %159s %159s %159s %159s", w[0], w[1], w[2], w[3],
				       w[4], w[5], w[6])
			      : 0;
	}
	if (n >= 2 && !strcmp(w[0], "get"))
		unit = (p = param_find(w[1])) ? p->unit
		       : !metric_parse_m(&s->m, w[1], &ref, why, sizeof(why)) ? ref.metric->unit : "";
	else if (n >= 6 && !strcmp(w[0], "where") && !strcmp(w[4], "over") && (p = param_find(w[5])))
		unit = p->unit;
	reply_q_of(q, unit, *unit ? div : 1);
}

/* The right answer as the student would write it, in the question's unit: 128 GiB, 3072 pages, 12.0052 x. */
static void answer_in_units(double v, const char *unit, struct strbuf *out)
{
	static const char *const bin[] = { "KiB", "MiB", "GiB", "TiB", "PiB" };

	if (!strcmp(unit, "bytes") && v == floor(v) && v >= 1024 && v < 0x1p60) {
		int k = -1;
		double d = v;

		while (k < 4 && d >= 1024 && fmod(d, 1024) == 0)
			d /= 1024, k++;
		if (k >= 0) {
			sb_printf(out, "%.0f %s", d, bin[k]);
			return;
		}
	}
	if (!strcmp(unit, "x"))
		sb_printf(out, "x%.6g", v);
	else if (v == floor(v) && fabs(v) < 1e15)
		sb_printf(out, "%.0f%s%s", v, *unit ? " " : "", unit);
	else
		sb_printf(out, "%.6g%s%s", v, *unit ? " " : "", unit);
}

int lesson_shown_answer(struct session *s, const struct lesson_exercise *x, struct strbuf *value, char *err,
			size_t errlen)
{
	struct strbuf want = STRBUF_INIT;
	char *end;
	double v;

	if (lesson_expected(s, x, &want, err, errlen)) {
		sb_free(&want);
		return -1;
	}
	v = strtod(sb_str(&want), &end);
	if (x->check || end == sb_str(&want) || *end || !isfinite(v))
		sb_puts(value, sb_str(&want)); /* a design, "never", inf */
	else
	{
		struct reply_q q;

		answer_q(s, x, &q);
		answer_in_units(v, q.scale != q.metric_scale && !strcmp(q.dim, "bytes") ? "" : q.metric_unit, value);
		if (q.scale != q.metric_scale && !strcmp(q.dim, "bytes"))
			sb_printf(value, " %s", q.name);
	}
	sb_free(&want);
	return 0;
}

/* A number off by the page size: the answer given in pages where bytes are asked, or the other way. */
static int unit_off(struct session *s, const char *unit, double rv, double wv, struct strbuf *msg)
{
	double page = (double)s->m.pagesize;

	if (!strcmp(unit, "bytes") && rv * page == wv)
		return sb_puts(msg, "that is the size in pages; the question asks for a size (like 128G)"), 1;
	if (!strcmp(unit, "pages") && rv == wv * page)
		return sb_puts(msg, "that is in bytes; the question asks for pages"), 1;
	return 0;
}

/*
 * The spaces a word processor or a number's typesetting puts in a reply
 * (no-break U+00A0, figure U+2007, thin U+2009, narrow no-break U+202F) as
 * plain ones: "64 GiB" pasted from a document is the answer typed.
 */
static void plain_spaces(const char *reply, char *buf, size_t len)
{
	size_t n = 0;

	for (const char *p = reply; *p && n + 1 < len;) {
		if (!strncmp(p, "\xc2\xa0", 2))
			buf[n++] = ' ', p += 2;
		else if (!strncmp(p, "\xe2\x80\x87", 3) || !strncmp(p, "\xe2\x80\x89", 3) || !strncmp(p, "\xe2\x80\xaf", 3))
			buf[n++] = ' ', p += 3;
		else
			buf[n++] = *p++;
	}
	buf[n] = '\0';
}

int lesson_judge(struct session *s, const struct lesson_exercise *x, const char *typed, struct strbuf *msg, char *err,
		 size_t errlen)
{
	struct strbuf want = STRBUF_INIT;
	char reply[LESSON_ANSWER_MAX + 1];
	int right;

	if (!one_line(typed, strlen(typed), msg))
		return 0;
	if (strlen(typed) > LESSON_ANSWER_MAX) { /* judged whole or not at all: never a cut reply */
		sb_printf(msg, "an answer of at most %d characters expected", LESSON_ANSWER_MAX);
		return 0;
	}
	plain_spaces(typed, reply, sizeof(reply));
	if (x->check)
		return judge_check(s, x, reply, msg);
	if (lesson_expected(s, x, &want, err, errlen)) {
		sb_free(&want);
		return -1;
	}
	right = lesson_judge_want(s, x, sb_str(&want), reply, msg);
	sb_free(&want);
	return right;
}

int lesson_judge_want(struct session *s, const struct lesson_exercise *x, const char *want, const char *reply,
		      struct strbuf *msg)
{
	struct reply_q q;
	char r[64];
	double rv, wv, tol;
	int right, had_unit;

	answer_q(s, x, &q);
	wv = strtod(want, NULL);
	if (!strcmp(want, "never")) {
		lower_trimmed(reply, r, sizeof(r));
		return !strcmp(r, "never") || !strcmp(r, "none") || !strcmp(r, "no");
	}
	if (reply_read(reply, &q, &rv, &had_unit, msg))
		return 0;
	if (x->answer->has_tol)
		tol = x->answer->tol_pct ? fabs(wv) * x->answer->tol / 100 : x->answer->tol;
	else if (wv == floor(wv) && fabs(wv) < 1e15)
		tol = 0; /* a count is exact */
	else
		tol = fabs(wv) * 0.005; /* a real: as printed, four figures or so */
	wv *= q.scale;
	tol *= q.scale;
	/* exact, within the lesson's tolerance, or what batchlab itself prints for it (69.58 k, 11.83 MiB) */
	right = rv == wv || fabs(rv - wv) <= tol || (had_unit && reply_is_printed(rv, wv, &q));
	if (!right && !had_unit && unit_off(s, q.dim, rv, wv, msg))
		return 0;
	if (!right)
		sb_puts(msg, rv < wv ? "too small" : "too large");
	if (!right && !had_unit && !strcmp(q.dim, "bytes") && q.scale == 1 && rv < 1024)
		sb_printf(msg, " (that is %g bytes: write a size with its unit, like 128G)", rv);
	return right;
}

/* --- progress ----------------------------------------------------------------------------------- */

/*
 * A lesson's progress file: its name and a hash of where the file is, so lessons of one name
 * in different folders (a built-in and a lecturer's copy) each keep their own step. legacy: the file the
 * name alone gave before, read when the lesson has none of its own yet.
 */
static int progress_path(const struct lesson *l, char *path, size_t len, char *dir, size_t dirlen, int legacy)
{
	char real[PATH_MAX];
	const char *where = realpath(l->path, real) ? real : l->path;
	uint32_t h = 2166136261u; /* FNV-1a */

	if (xdg_path(XDG_STATE, "lessons", dir, dirlen))
		return -1;
	for (const unsigned char *p = (const unsigned char *)where; *p; p++)
		h = (h ^ *p) * 16777619u;
	if (legacy)
		snprintf(path, len, "%.*s/%s", (int)(len - 80), dir, l->name);
	else
		snprintf(path, len, "%.*s/%s@%08x", (int)(len - 80), dir, l->name, (unsigned)h);
	return 0;
}

int lesson_progress_load(const struct lesson *l)
{
	char path[PATH_MAX], dir[PATH_MAX], err[256], *text = NULL;
	size_t len;
	int step = 0;

	if (progress_path(l, path, sizeof(path), dir, sizeof(dir), 0))
		return 0;
	if (infile_read(path, 4096, &text, &len, err, sizeof(err)) &&
	    (progress_path(l, path, sizeof(path), dir, sizeof(dir), 1) || infile_read(path, 4096, &text, &len, err, sizeof(err))))
		return 0;
	if (sscanf(text, "step %d", &step) != 1 || step < 0 || step >= l->nsteps)
		step = 0;
	free(text);
	return step;
}

void lesson_progress_save(const struct lesson *l, int step, int answered)
{
	char path[PATH_MAX], dir[PATH_MAX], err[256], failed[PATH_MAX], text[128];
	int n;

	if (progress_path(l, path, sizeof(path), dir, sizeof(dir), 0) || make_dirs(dir, 0700, failed, sizeof(failed)))
		return;
	n = snprintf(text, sizeof(text), "step %d\nanswered %d of %d\n", step, answered, l->nexercises);
	outfile_write(path, text, (size_t)n, err, sizeof(err)); /* progress is a convenience: a failure loses nothing typed */
}

void lesson_progress_clear(const struct lesson *l)
{
	char path[PATH_MAX], dir[PATH_MAX];

	for (int legacy = 0; legacy < 2; legacy++)
		if (!progress_path(l, path, sizeof(path), dir, sizeof(dir), legacy))
			unlink(path);
}
