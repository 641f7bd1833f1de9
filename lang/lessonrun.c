/*
 * A lesson run as a script: the runner the script modes, the prompt, --check
 * and `grade` use; a homework's answers read whole, question by question; the
 * grade each exercise gets, as a record.
 */
#include "lesson.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/types.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/err.h"
#include "../core/patch.h"
#include "out/records.h"
#include "script.h"
#include "out/wrap.h"

/* --- a homework's answers ---------------------------------------------------------------------- */

/*
 * One line of in, whole: its first cap bytes kept in buf (cap + 1 long), its
 * length counted, a CR before its newline dropped whatever the length. 0 at
 * the end, -1 once budget bytes are read (an endless input, /dev/zero, is
 * refused, not read for ever).
 */
static int read_line_cap(FILE *in, char *buf, size_t cap, size_t *len, int *any, size_t *budget)
{
	size_t n = 0;
	int c, last = 0;

	*any = 0;
	while ((c = getc(in)) != EOF && c != '\n') {
		if (!(*budget)--)
			return -1;
		*any = 1;
		if (n < cap)
			buf[n] = (char)c;
		n++;
		last = c;
	}
	if (c == EOF && !*any)
		return 0;
	*any = 1;
	if (n && last == '\r')
		n--;
	buf[n < cap ? n : cap] = '\0';
	*len = n;
	return 1;
}

static int read_line(FILE *in, char *buf, size_t *len, int *any, size_t *budget)
{
	return read_line_cap(in, buf, LESSON_ANSWER_MAX, len, any, budget);
}

/* "12: TEXT": 12, with *text past the colon; 0 for a line that is not numbered. */
static int numbered(const char *s, const char **text)
{
	const char *p = s + strspn(s, " \t");
	long n = 0;

	if (!isdigit((unsigned char)*p))
		return 0;
	while (isdigit((unsigned char)*p) && n < 100000)
		n = n * 10 + (*p++ - '0');
	p += strspn(p, " \t");
	if (*p != ':' || n < 1 || n >= 100000)
		return 0;
	*text = p + 1 + strspn(p + 1, " \t");
	return (int)n;
}

static int is_blank(const char *s, size_t len)
{
	return strlen(s) == len && !s[strspn(s, " \t")];
}

/* A try at question q: the avail bytes text holds of a line len long (a line longer than kept is cut, and says so by len). */
static int add_try(struct lesson_answers *a, int q, const char *text, size_t avail, size_t len)
{
	if (a->n == LESSON_ANSWER_LINES) {
		a->dropped++;
		return 0;
	}
	if (a->n == a->cap) {
		int cap = a->cap ? 2 * a->cap : 16;
		struct lesson_try *t = realloc(a->tries, (size_t)cap * sizeof(*t));

		if (!t)
			return -1;
		a->tries = t, a->cap = cap;
	}
	if (!(a->tries[a->n].text = calloc(1, LESSON_ANSWER_MAX + 1)))
		return -1;
	memcpy(a->tries[a->n].text, text, avail < LESSON_ANSWER_MAX ? avail : LESSON_ANSWER_MAX);
	a->tries[a->n].q = q;
	a->tries[a->n].len = len;
	a->n++;
	return 0;
}

/* The lines as read: blank ones kept (they separate blocks), comments dropped. */
struct raw_lines {
	struct lesson_answers all; /* q: -1 when blank, else the line's number (0: none) */
	int numbered, blank_inside;
	int blocks, answers; /* runs of answer lines between blank ones, and answer lines */
};

static int read_raw(FILE *in, struct raw_lines *r)
{
	char buf[LESSON_ANSWER_MAX + 4];
	size_t len, budget = LESSON_ANSWERS_BYTES;
	int any, seen = 0, blank = 0, first = 1, rc;

	/* the first line read with room for a byte-order mark, which an editor put there and no answer holds */
	while ((rc = read_line_cap(in, buf, first ? LESSON_ANSWER_MAX + 3 : LESSON_ANSWER_MAX, &len, &any, &budget)) > 0) {
		const char *text;
		int num;

		if (first && len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) {
			memmove(buf, buf + 3, (len < LESSON_ANSWER_MAX + 3 ? len : LESSON_ANSWER_MAX + 3) - 3 + 1);
			len -= 3;
		}
		if (first)
			buf[len < LESSON_ANSWER_MAX ? len : LESSON_ANSWER_MAX] = '\0';
		first = 0;
		if (strlen(buf) == len && buf[strspn(buf, " \t")] == '#')
			continue;
		if (is_blank(buf, len)) {
			blank = seen;
			if (add_try(&r->all, -1, buf, len, len))
				return -1;
			continue;
		}
		if (blank)
			r->blank_inside = 1;
		if (blank || !seen)
			r->blocks++;
		r->answers++;
		blank = 0;
		seen = 1;
		num = numbered(buf, &text);
		if (num)
			r->numbered = 1;
		if (add_try(&r->all, num, buf, len, len))
			return -1;
	}
	return rc < 0 ? -2 : 0;
}

/*
 * Blank lines make blocks only where they can: as many blocks as questions
 * (or more), or more answer lines than questions. Fewer, with no more lines
 * than questions, is a line per question with a stray blank line - read as
 * blocks it would move every later answer onto the wrong question.
 */
static int read_as_blocks(const struct raw_lines *r, int questions)
{
	if (!r->blank_inside)
		return 0;
	return questions <= 0 || r->blocks >= questions || r->answers > questions;
}

int lesson_answers_read(FILE *in, struct lesson_answers *a, int questions, char *err, size_t errlen)
{
	struct raw_lines r;
	int q = 0, last = 0, prev_blank = 0, rc;

	memset(a, 0, sizeof(*a));
	memset(&r, 0, sizeof(r));
	if ((rc = read_raw(in, &r))) {
		lesson_answers_free(&r.all);
		return rc == -2 ? err_set(err, errlen, "answers: more than %d bytes: a homework is its answers, no more",
					  LESSON_ANSWERS_BYTES)
				: err_set(err, errlen, "answers: out of memory");
	}
	r.blank_inside = read_as_blocks(&r, questions);
	a->layout = r.numbered ? "numbered" : r.blank_inside ? "blocks" : "lines";
	a->dropped = r.all.dropped;
	for (int i = 0; i < r.all.n; i++) {
		struct lesson_try *t = &r.all.tries[i];
		const char *text = t->text;
		size_t len = t->len, avail = len < LESSON_ANSWER_MAX ? len : LESSON_ANSWER_MAX;
		int rc = 0;

		if (t->q < 0) {
			prev_blank = 1;
			continue;
		}
		if (r.numbered) {
			if (t->q > 0) { /* the number and its colon are not the answer */
				numbered(t->text, &text);
				last = t->q - 1;
				len -= (size_t)(text - t->text);
				avail -= (size_t)(text - t->text);
			}
			rc = add_try(a, last, text, avail, len);
		} else if (r.blank_inside) {
			if (prev_blank && a->n)
				q++;
			rc = add_try(a, q, text, avail, len);
		} else {
			rc = add_try(a, q++, text, avail, len);
		}
		prev_blank = 0;
		if (rc) {
			lesson_answers_free(&r.all);
			lesson_answers_free(a);
			return err_set(err, errlen, "answers: out of memory");
		}
	}
	lesson_answers_free(&r.all);
	return 0;
}

void lesson_answers_free(struct lesson_answers *a)
{
	for (int i = 0; i < a->n; i++)
		free(a->tries[i].text);
	free(a->tries);
	a->tries = NULL;
	a->n = a->cap = 0;
}

void lesson_grade_free(struct lesson_grade *g)
{
	free(g->marks);
	g->marks = NULL;
	g->n = g->right = 0;
}

/* --- the runner -------------------------------------------------------------------------------- */

struct run {
	struct session *s;
	const struct lesson *l;
	FILE *in, *out, *errf;
	int width, check, tty;
	struct lesson_answers answers; /* homework: read whole first */
	int used;                      /* answers.tries[] taken as tries */
	struct lesson_grade *g;
	int q, step;                   /* the exercise (0-based) and step (1-based) under way */
	struct strbuf seen;            /* --check: the step's text so far, as the lesson pane shows it */
	int shown;                     /* --check: questions whose answer is on the screen when asked */
};

static void wrapped(FILE *out, const char *text, int width)
{
	struct strbuf sb = STRBUF_INIT;

	wrap_text(&sb, text, width, 1);
	fprintf(out, "%s\n", sb_str(&sb));
	sb_free(&sb);
}

/* A line the runner writes itself (a title, a command as typed, a grade row), within the width like the prose. */
static void line_out(FILE *out, int width, int keep_rows, const char *fmt, ...) BL_PRINTF(4, 5);
static void line_out(FILE *out, int width, int keep_rows, const char *fmt, ...)
{
	struct strbuf w = STRBUF_INIT;
	char line[2 * SCRIPT_LINE_MAX]; /* a lesson line and the words around it */
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (wrap_widest(line) <= width)
		sb_puts(&w, line);
	else /* a grade row (a table's) stays whole unless a width was asked for, as the dispatcher keeps one */
		wrap_text(&w, line, width, keep_rows);
	fprintf(out, "%s\n", sb_str(&w));
	sb_free(&w);
}

/* An answer as the transcript and the record show it: control characters (a NUL, an escape) as '?'. */
static void shown(const char *text, size_t len, char *buf, size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < len && i < LESSON_ANSWER_MAX && n + 1 < size; i++)
		buf[n++] = (unsigned char)text[i] < 0x20 || text[i] == 0x7f ? '?' : text[i];
	buf[n] = '\0';
}

/* The next try at question q: 1 with text and len, 0 when there is none (the input ended, or no more for q). */
static int next_reply(struct run *r, int t, char *text, size_t *len)
{
	if (r->tty) {
		int any;

		size_t budget = (size_t)-1; /* a person types: no end to wait for but theirs */

		fputs("answer> ", r->out);
		fflush(r->out);
		return read_line(r->in, text, len, &any, &budget) > 0;
	}
	/* the t-th try at this question, wherever it stands in the file (numbered answers may come in any order) */
	for (int i = 0, seen = 0; i < r->answers.n; i++)
		if (r->answers.tries[i].q == r->q && ++seen == t) {
			memcpy(text, r->answers.tries[i].text, LESSON_ANSWER_MAX + 1);
			*len = r->answers.tries[i].len;
			r->used++;
			return 1;
		}
	return 0;
}

/* A try judged: a NUL inside it or a line too long is a wrong try of its own, said so. */
static int judge_reply(struct run *r, const struct lesson_exercise *x, const char *text, size_t len,
		       struct strbuf *msg, char *err, size_t errlen)
{
	if (strlen(text) < len && len <= LESSON_ANSWER_MAX)
		{
		sb_printf(msg, "an answer is one line of text: a NUL byte at column %zu", strlen(text) + 1);
		return 0;
	}
	if (len > LESSON_ANSWER_MAX)
		{
		sb_printf(msg, "an answer of at most %d characters expected", LESSON_ANSWER_MAX);
		return 0;
	}
	return lesson_judge(r->s, x, text, msg, err, errlen);
}

static int lesson_error(struct run *r, int lineno, const char *fmt, const char *a, const char *b)
{
	fprintf(r->errf, "batchlab: %s:%d: ", r->l->path, lineno);
	fprintf(r->errf, fmt, a, b);
	fputc('\n', r->errf);
	return -1;
}

/*
 * --check on a design exercise: a check that accepts both 0 and 2^40 cannot
 * tell a design from any other, and a variant the step defined before asking
 * (the example it shows) must fail, or the step gives its answer away.
 */
static int check_refuses(struct run *r, const struct lesson_exercise *x, int ask)
{
	static const char *const extremes[] = { "0", "1099511627776" };
	const int from = lesson_step_start(r->l, r->step - 1);
	struct strbuf msg = STRBUF_INIT;
	char err[1024];
	int passed = 0;

	for (size_t k = 0; k < sizeof(extremes) / sizeof(extremes[0]); k++) {
		sb_reset(&msg);
		passed += lesson_judge(r->s, x, extremes[k], &msg, err, sizeof(err)) == 1;
	}
	sb_free(&msg);
	if (passed == 2)
		return lesson_error(r, x->check->lineno, "this check accepts both 0 and 2^40: it cannot fail%s%s", "", "");
	for (int i = from; i < ask; i++) {
		const struct lesson_line *ln = &r->l->lines[i];
		const char *eq = strchr(ln->text, '=');
		int right;

		if (ln->kind != LK_COMMAND || strncmp(ln->text, "variant ", 8) || !eq)
			continue;
		right = lesson_judge(r->s, x, eq + 1 + strspn(eq + 1, " "), &msg, err, sizeof(err));
		line_out(r->out, r->width, !r->s->width, "  the example '%s' %s the check%s%s", eq + 1 + strspn(eq + 1, " "),
			right ? "passes" : "fails", msg.len ? ": " : "", sb_str(&msg));
		sb_free(&msg);
		if (right)
			return lesson_error(r, ln->lineno, "the example '%s' shown before the question passes its check%s",
					    eq + 1 + strspn(eq + 1, " "), ": it gives the answer away");
	}
	return 0;
}

/* --check: the lesson's own answer as the reply. 0, or -1 after saying why. */
static int own_answer(struct run *r, const struct lesson_exercise *x, char *reply, size_t *len)
{
	struct strbuf want = STRBUF_INIT;
	char err[1024];

	if (lesson_shown_answer(r->s, x, &want, err, sizeof(err))) { /* as a student writes it: 128 GiB, not bytes */
		sb_free(&want);
		return lesson_error(r, (x->answer ? x->answer : x->check)->lineno, "%s%s", err, "");
	}
	snprintf(reply, LESSON_ANSWER_MAX + 1, "%s", sb_str(&want));
	*len = strlen(reply);
	sb_free(&want);
	return 0;
}

/* After the last try: the answer, in the question's units, and how it was found. */
static void show_answer(struct run *r, const struct lesson_exercise *x)
{
	struct strbuf want = STRBUF_INIT;
	char err[1024];

	if (lesson_shown_answer(r->s, x, &want, err, sizeof(err)) == 0)
		line_out(r->out, r->width, !r->s->width, "  the answer: %s (found with: %s)", sb_str(&want),
			x->check ? x->check->text : x->answer->text);
	sb_free(&want);
}

/* One try: 1 right, 0 wrong, -1 error. The grade's mark follows it. */
static int one_try(struct run *r, const struct lesson_exercise *x, struct lesson_mark *m, int t, const char *reply,
		   size_t len)
{
	struct strbuf msg = STRBUF_INIT;
	char err[1024], seen[LESSON_ANSWER_MAX + 1];
	int right;

	shown(reply, len, seen, sizeof(seen));
	snprintf(m->answer, sizeof(m->answer), "%s", seen);
	m->answered = 1;
	m->tries = t;
	if (!r->tty) /* a transcript shows what was answered */
		line_out(r->out, r->width, !r->s->width, "> %s", seen);
	right = judge_reply(r, x, reply, len, &msg, err, sizeof(err));
	if (right < 0) {
		sb_free(&msg);
		return lesson_error(r, x->answer->lineno, "%s%s", err, "");
	}
	if (right) {
		line_out(r->out, r->width, !r->s->width, "  right.");
	} else if (r->check) {
		lesson_error(r, (x->solution ? x->solution : x->answer)->lineno, "the lesson's own answer '%s' is judged wrong: %s",
			     reply, msg.len ? sb_str(&msg) : "no reason given");
		right = -1;
	} else {
		line_out(r->out, r->width, !r->s->width, "  not quite%s%s.", msg.len ? ": " : "", sb_str(&msg));
		if (x->hint && t < LESSON_TRIES) {
			struct strbuf h = STRBUF_INIT;

			sb_printf(&h, "  hint: %s", x->hint->text);
			wrapped(r->out, sb_str(&h), r->width);
			sb_free(&h);
			m->hints++;
		}
	}
	sb_free(&msg);
	return right;
}

/* One exercise: up to LESSON_TRIES tries (or the lesson's own answer with check). 1 right, 0 not, -1 error. */
static int exercise(struct run *r, int i)
{
	struct lesson_exercise x = lesson_exercise_at(r->l, i);
	struct lesson_mark *m = &r->g->marks[r->q];
	char err[1024], reply[LESSON_ANSWER_MAX + 1];
	struct strbuf q = STRBUF_INIT;
	size_t len;

	m->lineno = x.ask->lineno;
	m->step = r->step;
	sb_puts(&q, "? ");
	if (lesson_say(r->s, x.ask->text, &q, err, sizeof(err))) {
		sb_free(&q);
		return lesson_error(r, x.ask->lineno, "%s%s", err, "");
	}
	wrapped(r->out, sb_str(&q), r->width);
	if (r->check && !x.check) {
		struct strbuf where = STRBUF_INIT;
		int seen;

		sb_puts(&r->seen, sb_str(&q));
		seen = lesson_answer_visible(r->s, &x, sb_str(&r->seen), &where, err, sizeof(err));
		if (seen) /* a lesson's own answer that fails is its answer line's error */
			lesson_error(r, seen < 0 ? x.answer->lineno : x.ask->lineno,
				     seen < 0 ? "%s%s" : "the answer is on the screen when this is asked, %s%s",
				     seen < 0 ? err : sb_str(&where), "");
		sb_free(&where);
		if (seen < 0) {
			sb_free(&q);
			return -1;
		}
		r->shown += seen; /* said, and the run goes on: every question in sight is named in one run */
	}
	sb_free(&q);
	if (r->check && x.check && check_refuses(r, &x, i))
		return -1;
	for (int t = 1; t <= LESSON_TRIES; t++) {
		int right;

		if (r->check ? own_answer(r, &x, reply, &len) : !next_reply(r, t, reply, &len)) {
			if (r->check)
				return -1;
			line_out(r->out, r->width, !r->s->width, "  (no %sanswer%s)", t > 1 ? "more " : "", r->tty ? ": the input ended" : " given");
			return 0;
		}
		if ((right = one_try(r, &x, m, t, reply, len)) != 0) {
			m->right = right > 0; /* an answer the lesson could not judge is no right one */
			return right;
		}
	}
	show_answer(r, &x);
	return 0;
}

/* A focus names a metric the explorer can put its cursor on: one that parses on this machine. */
static int focus_known(struct run *r, const struct lesson_line *ln)
{
	struct metric_ref ref;
	char why[256];

	if (!metric_parse_m(&r->s->m, ln->text, &ref, why, sizeof(why))) {
		/* the view is on it, as the explorer's cursor would be: a view line (state.h) carries it */
		snprintf(r->s->show, sizeof(r->s->show), "%s.%s", ref.patch->id, ref.metric->name);
		return 0;
	}
	return lesson_error(r, ln->lineno, "focus: %s%s", why, "");
}

static int run_line(struct run *r, int i)
{
	const struct lesson_line *ln = &r->l->lines[i];
	struct strbuf sb = STRBUF_INIT;
	char err[1024], where[sizeof(r->l->path) + 32];
	int rc = 0;

	switch (ln->kind) {
	case LK_STEP:
		if (r->step && !r->check && r->tty) { /* at a terminal the runner waits between steps */
			char line[LESSON_ANSWER_MAX + 1];
			size_t len, budget = (size_t)-1;
			int any;

			fputs("(Enter: the next step) ", r->out);
			fflush(r->out);
			if (read_line(r->in, line, &len, &any, &budget) <= 0)
				return -1;
		}
		fputc('\n', r->out);
		line_out(r->out, r->width, !r->s->width, "== Step %d of %d: %s ==", ++r->step, r->l->nsteps, ln->text);
		sb_reset(&r->seen);
		break;
	case LK_SAY:
		if (lesson_say(r->s, ln->text, &sb, err, sizeof(err)))
			rc = lesson_error(r, ln->lineno, "%s%s", err, "");
		else
			wrapped(r->out, sb_str(&sb), r->width);
		if (r->check)
			sb_printf(&r->seen, "%s\n", sb_str(&sb));
		break;
	case LK_FOCUS:
		rc = focus_known(r, ln);
		break;
	case LK_COMMAND:
		line_out(r->out, r->width, !r->s->width, "batchlab> %s", ln->text);
		fflush(r->out);
		snprintf(where, sizeof(where), "%s:%d", r->l->path, ln->lineno);
		if (r->check) { /* what it prints is on the screen when the step asks */
			char *buf = NULL;
			size_t len = 0;
			FILE *m = open_memstream(&buf, &len);

			if (!m)
				return lesson_error(r, ln->lineno, "%s%s", "out of memory", "");
			rc = script_run_line(r->s, ln->text, where, m, r->errf) ? -1 : 0;
			fclose(m);
			fputs(buf ? buf : "", r->out);
			sb_printf(&r->seen, "batchlab> %s\n%s", ln->text, buf ? buf : "");
			free(buf);
			break;
		}
		rc = script_run_line(r->s, ln->text, where, r->out, r->errf) ? -1 : 0;
		if (!rc && r->s->quit) { /* a sourced file's quit: every later command would be skipped, silently */
			r->s->quit = 0;
			rc = lesson_error(r, ln->lineno, "'%s' quit: a lesson runs to its end%s", ln->text, "");
		}
		break;
	case LK_ASK:
		rc = exercise(r, i);
		if (rc > 0)
			r->g->right++;
		rc = rc < 0 ? -1 : 0;
		r->q++;
		break;
	default:
		break;
	}
	sb_free(&sb);
	return rc;
}

/* The grade, question by question, after the transcript. */
static void print_grade(struct run *r)
{
	const struct lesson_grade *g = r->g;

	fputc('\n', r->out);
	line_out(r->out, r->width, !r->s->width, "Grade, question by question:");
	for (int k = 0; k < g->n; k++) {
		const struct lesson_mark *m = &g->marks[k];

		line_out(r->out, r->width, !r->s->width, "  %2d  step %d, line %-4d %-5s  %d %s, %d %s  %s%s", k + 1, m->step, m->lineno,
			m->right ? "right" : "wrong", m->tries, m->tries == 1 ? "try" : "tries", m->hints,
			m->hints == 1 ? "hint" : "hints", m->answered ? "answer: " : "no answer", m->answer);
	}
	if (g->ignored)
		line_out(r->out, r->width, !r->s->width, "  %d answer line%s not used (past a question's %d tries, or past the last question)",
			 g->ignored, g->ignored == 1 ? "" : "s", LESSON_TRIES);
}

int lesson_run_graded(struct session *s, const struct lesson *l, FILE *in, FILE *out, FILE *errf, int width, int check,
		      struct lesson_grade *g)
{
	struct lesson_grade own = { 0 };
	struct run r = { .s = s, .l = l, .in = in, .out = out, .errf = errf, .width = width, .check = check,
			 .seen = STRBUF_INIT };
	char err[256];
	int rc = 0;

	r.g = g ? g : &own;
	memset(r.g, 0, sizeof(*r.g));
	r.g->n = l->nexercises;
	if (!(r.g->marks = calloc((size_t)l->nexercises + 1, sizeof(*r.g->marks)))) {
		fprintf(errf, "batchlab: %s: out of memory\n", l->path);
		return 1;
	}
	r.tty = !check && isatty(fileno(in));
	if (!check && !r.tty && lesson_answers_read(in, &r.answers, l->nexercises, err, sizeof(err))) {
		fprintf(errf, "batchlab: %s\n", err);
		lesson_grade_free(r.g);
		return 1;
	}
	if (r.width < WRAP_MIN)
		r.width = WRAP_MIN;
	line_out(out, r.width, !s->width, "Lesson %s: %s (%d step%s, %d exercise%s)", l->name, l->title, l->nsteps,
		 l->nsteps == 1 ? "" : "s", l->nexercises, l->nexercises == 1 ? "" : "s");
	for (int i = 0; i < l->nlines && !rc; i++)
		rc = run_line(&r, i);
	r.g->error = rc != 0;
	if (!rc) {
		r.g->ignored = r.answers.n - r.used + r.answers.dropped; /* past a question's last try, or the last question */
		if (!check && (r.g->n || r.g->ignored)) /* a lesson with no questions has no grade to give */
			print_grade(&r);
		fputc('\n', out);
		line_out(out, r.width, !s->width, "End of lesson %s: %d of %d exercises right.", l->name, r.g->right, r.q);
	}
	lesson_answers_free(&r.answers);
	sb_free(&r.seen);
	rc = rc || r.g->right != r.q || r.shown;
	if (!g)
		lesson_grade_free(&own);
	return rc;
}

static ssize_t discard(void *c, const char *buf, size_t n)
{
	(void)c, (void)buf;
	return (ssize_t)n;
}

/* A stream that takes everything and keeps nothing: the transcript when only the record is asked for. */
FILE *lesson_sink(void)
{
	return fopencookie(NULL, "w", (cookie_io_functions_t){ .write = discard });
}

/* The grade in csv, json or jsonl: one result, a row per exercise. */
static void write_record(const struct lesson *l, const struct lesson_grade *g, enum out_format fmt, int units, FILE *out)
{
	struct strbuf sb = STRBUF_INIT;
	struct records rec;
	struct doc d;
	char cmd[96];

	snprintf(cmd, sizeof(cmd), "lesson %s", l->name);
	doc_init(&d, units, cmd);
	rec_begin(&rec, &d, fmt, lesson_grade_heads, NULL, 0, &sb);
	lesson_grade_rows(l, g, NULL, &rec);
	rec_end(&rec);
	doc_close(&d, fmt, 1, &sb);
	fputs(sb_str(&sb), out);
	sb_free(&sb);
}

/*
 * --format csv, json or jsonl: stdout holds the grade's record only; the
 * transcript goes nowhere (or, to a person answering at a terminal, to stderr).
 */
int lesson_run(struct session *s, const struct lesson *l, FILE *in, FILE *out, FILE *errf, int width, int check)
{
	enum out_format fmt = s->format;
	struct lesson_grade g = { 0 };
	FILE *sink = NULL;
	int rc;

	if (fmt == FMT_TABLE || check)
		return lesson_run_graded(s, l, in, out, errf, width, check, NULL);
	if (!isatty(fileno(in)) && !(sink = lesson_sink())) {
		fprintf(errf, "batchlab: %s: out of memory\n", l->path);
		return 1;
	}
	s->format = FMT_TABLE; /* the lesson's own commands print for the transcript, as they were written */
	rc = lesson_run_graded(s, l, in, sink ? sink : errf, errf, width, 0, &g);
	s->format = fmt;
	if (sink)
		fclose(sink);
	if (g.marks && !g.error) /* a lesson that stopped on its own error has no grade to record */
		write_record(l, &g, fmt, s->units, out);
	lesson_grade_free(&g);
	return rc;
}

/* --- the grade as a record ---------------------------------------------------------------------- */

const char *const lesson_grade_heads[] = { "question", "line", "step", "answer", "right", "tries", "hints", NULL };
const char *const lesson_grade_student_heads[] = { "student", "question", "line", "step", "answer",
						   "right", "tries", "hints", NULL };

void lesson_grade_rows(const struct lesson *l, const struct lesson_grade *g, const char *student, struct records *r)
{
	(void)l;
	for (int k = 0; k < g->n; k++) {
		const struct lesson_mark *m = &g->marks[k];
		char n[32];

		if (student)
			rec_str(r, student);
		snprintf(n, sizeof(n), "%d", k + 1);
		rec_num(r, n);
		snprintf(n, sizeof(n), "%d", m->lineno);
		rec_num(r, n);
		snprintf(n, sizeof(n), "%d", m->step);
		rec_num(r, n);
		rec_str(r, m->answered ? m->answer : "");
		rec_bool(r, m->right);
		snprintf(n, sizeof(n), "%d", m->tries);
		rec_num(r, n);
		snprintf(n, sizeof(n), "%d", m->hints);
		rec_num(r, n);
		rec_end_row(r);
	}
}
