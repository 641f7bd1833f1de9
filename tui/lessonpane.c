/* The explorer's lesson pane (lessonpane.h): a lesson's steps run on the live machine, above the panels. */
#include "lessonpane.h"

#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../lang/cmd.h"
#include "../lang/lesson.h"
#include "../lang/out/wrap.h"
#include "crt.h"
#include "screen.h"
#include "view.h"

struct lessonpane {
	struct lesson l;
	int step;             /* the step shown, 0-based */
	int next;             /* the lesson line to run next */
	int reached;          /* snap[0..reached] hold the machine at each step's start */
	struct machine *snap; /* one per step: p puts the machine back as it was there */
	int ask;              /* the line of the open exercise, -1 none */
	int tries;
	int right;            /* exercises answered right, of l.nexercises */
	unsigned char *done;  /* per line: that exercise was answered right */
	/*
	 * The step's narration and outputs. Prose is drawn wrapped to the width;
	 * a line a command printed starts with OUTPUT_MARK and is drawn as it
	 * was printed, column for column (a table, explain's steps).
	 */
	struct strbuf text;
	int first;            /* first wrapped line shown: a step opens at its top */
	int follow;           /* after an answer: show the newest lines */
	int finished;
	int full;             /* f: the step has the whole screen, the panels wait */
	int body;             /* rows of the step drawn last: a page for PgUp/PgDn and Space */
	struct strbuf want;   /* the open question's answer, computed once (lessonpane_hides) */
	int want_for;         /* the ask line want is for; -1 none */
};

#define OUTPUT_MARK '\x01'
#define PANE_MIN 6          /* rows: the title, four lines of the step, the keys */
#define PANELS_KEEP 8       /* rows the panels keep at least beside a grown pane */

/* The step's text as drawn cols wide: prose wrapped, output kept. */
static void pane_lines(const struct lessonpane *p, int cols, struct strbuf *w)
{
	for (const char *line = sb_str(&p->text); *line;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);

		if (*line == OUTPUT_MARK) {
			sb_printf(w, "%.*s\n", (int)len - 1, line + 1);
		} else {
			char *one = strndup(line, len);

			if (one)
				wrap_text(w, one, cols, 0);
			free(one);
			if (!w->len || w->buf[w->len - 1] != '\n')
				sb_putc(w, '\n');
		}
		if (!nl)
			break;
		line = nl + 1;
	}
}

static int count_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

int lessonpane_rows(const struct lessonpane *p, int cols, int lines)
{
	struct strbuf w = STRBUF_INIT;
	int want, most, keep = lines / 3 > PANELS_KEEP ? lines / 3 : PANELS_KEEP;

	if (!p || lines < 20) /* no room for a pane and panels: the panels, and the pane waits for a bigger window */
		return 0;
	if (p->full)
		return lines - 2; /* the title above, the status line below */
	pane_lines(p, cols - 1, &w);
	want = count_lines(sb_str(&w)) + 2; /* the step's title and its keys */
	sb_free(&w);
	most = lines - 3 - keep;
	return want < PANE_MIN ? PANE_MIN : want > most ? (most < PANE_MIN ? PANE_MIN : most) : want;
}

int lessonpane_full(const struct lessonpane *p)
{
	return p && p->full;
}

static void say(struct lessonpane *p, const char *fmt, const char *text)
{
	sb_printf(&p->text, fmt, text);
}

/* What a command printed, each line marked to be drawn as printed. */
static void say_output(struct lessonpane *p, const char *text)
{
	for (const char *line = text; *line;) {
		size_t len = strcspn(line, "\n");

		sb_printf(&p->text, "%c%.*s\n", OUTPUT_MARK, (int)len, line);
		line += len + (line[len] == '\n');
	}
}

/*
 * A command of the step, shown as typed, then what it printed (or its error),
 * as -f --echo shows it: laid out to the pane's width as the prompt lays it
 * out to a terminal of that width, and kept so.
 */
static void run_command(struct screen *sc, struct lessonpane *p, const char *cmd, int quiet)
{
	struct strbuf out = STRBUF_INIT;
	int cols = sc->s->term_cols;
	char err[1024];

	if (!quiet) {
		sb_printf(&out, "batchlab> %s", cmd);
		say_output(p, sb_str(&out));
		sb_reset(&out);
	}
	sc->s->term_cols = sc->L.cols - 1;
	if (cmd_run(sc->s, cmd, &out, err, sizeof(err)))
		say(p, "error: %s\n", err);
	else if (!quiet)
		say_output(p, sb_str(&out));
	sc->s->term_cols = cols;
	sb_free(&out);
	sc->s->lesson[0] = '\0'; /* a lesson's own `lesson` line starts nothing */
}

/* The last step done: the score, and the progress forgotten once every exercise was right. */
static void finish(struct lessonpane *p)
{
	char line[160];

	p->finished = 1;
	snprintf(line, sizeof(line), "End of the lesson: %d of %d exercises right. n closes this pane.\n", p->right,
		 p->l.nexercises);
	say(p, "%s", line);
	if (p->right == p->l.nexercises)
		lesson_progress_clear(&p->l);
}

/* How many questions step k asks, and which of them line i is (1-based; 0 when i asks none). */
static int step_questions(const struct lessonpane *p, int k, int i, int *which)
{
	int n = 0;

	*which = 0;
	for (int j = lesson_step_start(&p->l, k) + 1; j < lesson_step_start(&p->l, k + 1); j++)
		if (p->l.lines[j].kind == LK_ASK && (n++, j == i))
			*which = n;
	return n;
}

/* Lines from p->next to the step's end or its next exercise; quiet: only the commands (to reach a step). */
static void run_step(struct screen *sc, struct lessonpane *p, int quiet)
{
	const int end = lesson_step_start(&p->l, p->step + 1);
	char err[1024];

	while (p->next < end) {
		const struct lesson_line *ln = &p->l.lines[p->next++];
		struct strbuf sb = STRBUF_INIT;

		switch (ln->kind) {
		case LK_SAY:
			if (quiet)
				break;
			if (lesson_say(sc->s, ln->text, &sb, err, sizeof(err)))
				say(p, "error: %s\n", err);
			else
				say(p, "%s\n", sb_str(&sb));
			break;
		case LK_FOCUS:
			if (!quiet)
				view_panels_select(sc->stack[0], sc, ln->text);
			break;
		case LK_COMMAND:
			run_command(sc, p, ln->text, quiet);
			break;
		case LK_ASK:
			if (quiet) /* a step seen again asks again: the machine waits where it waited */
				break;
			if (lesson_say(sc->s, ln->text, &sb, err, sizeof(err))) {
				say(p, "error: %s\n", err);
			} else {
				int which, n = step_questions(p, p->step, p->next - 1, &which);
				char nth[32] = "";

				if (n > 1)
					snprintf(nth, sizeof(nth), "(%d of %d) ", which, n);
				sb_printf(&p->text, "? %s%s\n", nth, sb_str(&sb));
			}
			if (p->done[p->next - 1]) { /* a step seen again: a question answered right is not asked again */
				say(p, "%s", "  (answered right before)\n");
				sb_free(&sb);
				break;
			}
			p->ask = p->next - 1;
			p->tries = 0;
			sb_free(&sb);
			screen_relayout(sc);
			screen_recompute(sc, 1);
			{
				int which, n = step_questions(p, p->step, p->ask, &which);

				if (which < n)
					screen_status(sc, 0, "question %d of %d in this step: Enter or a opens the answer line; n skips to the next",
						      which, n);
				else
					screen_status(sc, 0, "a question: Enter or a opens the answer line; n skips it");
			}
			return;
		default:
			break;
		}
		sb_free(&sb);
	}
	if (!quiet && p->step == p->l.nsteps - 1)
		finish(p);
	if (!quiet)
		screen_relayout(sc); /* the pane grows to the step's text */
	screen_recompute(sc, 1);
}

/* Show step k from its start, the machine as it was there. */
static void enter_step(struct screen *sc, struct lessonpane *p, int k, const char *note)
{
	p->step = k;
	p->next = lesson_step_start(&p->l, k) + 1;
	p->ask = -1;
	p->first = 0;
	p->follow = 0;
	p->finished = 0;
	sb_reset(&p->text);
	if (note)
		say(p, "%s\n", note);
	sc->s->m = p->snap[k];
	sc->pin_since = crt_now_ms();
	lesson_progress_save(&p->l, k, p->right);
	run_step(sc, p, 0);
}

int lessonpane_start(struct screen *sc, const char *path, char *err, size_t errlen)
{
	struct lessonpane *p = calloc(1, sizeof(*p));
	int resume;

	if (!p)
		return err_set(err, errlen, "lesson: out of memory");
	if (lesson_load(&p->l, path, err, errlen)) {
		free(p);
		return -1;
	}
	p->want_for = -1;
	p->snap = calloc((size_t)p->l.nsteps, sizeof(*p->snap));
	p->done = calloc((size_t)p->l.nlines + 1, 1);
	if (!p->snap || !p->done) {
		lessonpane_free(p);
		return err_set(err, errlen, "lesson: out of memory");
	}
	if (sc->lesson)
		lessonpane_free(sc->lesson);
	sc->lesson = p;
	screen_relayout(sc);
	p->snap[0] = sc->s->m;
	/* where the student left off: the steps before it run quietly, so the machine is as it was there */
	resume = lesson_progress_load(&p->l);
	for (int k = 0; k < resume; k++) {
		p->step = k;
		p->next = lesson_step_start(&p->l, k) + 1;
		run_step(sc, p, 1);
		p->snap[k + 1] = sc->s->m;
	}
	p->reached = resume;
	enter_step(sc, p, resume,
		   resume ? "(back at this step, where you left off: p goes back, --lesson NAME --restart starts over)" : NULL);
	return 0;
}

static void close_pane(struct screen *sc)
{
	lessonpane_free(sc->lesson);
	sc->lesson = NULL;
	sc->pin_since = 0;
	screen_relayout(sc);
}

/* The answer line opens on the student's key, never by itself, and says how to leave it. */
static void open_answer(struct screen *sc)
{
	screen_command(sc, "answer ");
	screen_status(sc, 0, "type your answer, Enter checks it; Esc leaves the line, the question stays");
}

int lessonpane_key(struct screen *sc, int ch)
{
	struct lessonpane *p = sc->lesson;

	if (!p)
		return 0;
	switch (ch) {
	case 'n':
		if (p->finished) {
			close_pane(sc);
			screen_status(sc, 0, "the lesson is over; the machine stays as it left it");
			return 1;
		}
		if (p->ask >= 0) { /* a question skipped: the step's next question, if it has one, is asked */
			int which, n = step_questions(p, p->step, p->ask, &which);

			if (which < n) {
				p->ask = -1;
				p->follow = 1;
				say(p, "%s", "  (skipped)\n");
				run_step(sc, p, 0);
				return 1;
			}
		}
		/* an exercise skipped: the rest of the step's commands still run, so the next step's machine is right */
		p->ask = -1;
		run_step(sc, p, 1);
		if (p->step + 1 < p->l.nsteps) {
			p->snap[p->step + 1] = sc->s->m;
			if (p->step + 1 > p->reached)
				p->reached = p->step + 1;
			enter_step(sc, p, p->step + 1, NULL);
		} else {
			p->follow = 1;
			finish(p);
		}
		return 1;
	case 'p':
		if (p->step == 0) {
			screen_status(sc, 0, "this is the first step");
			return 1;
		}
		enter_step(sc, p, p->step - 1, NULL);
		screen_status(sc, 0, "step %d again: the machine is as it was when it began", p->step + 1);
		return 1;
	case '\n':
	case '\r':
	case KEY_ENTER:
	case 'a':
		if (p->ask < 0)
			return 0; /* Enter explains, a tells about the patch, as without a lesson */
		open_answer(sc);
		return 1;
	case 'f':
		p->full = !p->full;
		screen_relayout(sc);
		screen_status(sc, 0, p->full ? "the whole step: f again brings the panels back" : "the panels are back");
		return 1;
	case '[':
		p->follow = 0;
		p->first = p->first > 3 ? p->first - 3 : 0;
		return 1;
	case ']':
		p->first += 3; /* drawing stops it at the last page */
		return 1;
	case KEY_NPAGE:
	case ' ':
		p->follow = 0;
		p->first += p->body > 2 ? p->body - 1 : 1; /* a line of the last page stays, to read on from */
		return 1;
	case KEY_PPAGE:
		p->follow = 0;
		p->first = p->first > (p->body > 2 ? p->body - 1 : 1) ? p->first - (p->body > 2 ? p->body - 1 : 1) : 0;
		return 1;
	case KEY_HOME:
		p->follow = 0;
		p->first = 0;
		return 1;
	case KEY_END:
		p->follow = 1;
		return 1;
	}
	return 0;
}

void lessonpane_answer(struct screen *sc, const char *text)
{
	struct lessonpane *p = sc->lesson;
	struct strbuf msg = STRBUF_INIT, want = STRBUF_INIT;
	struct lesson_exercise x;
	char err[1024];
	int right;

	if (!p || p->ask < 0) {
		screen_status(sc, 1, "answer: no question is open%s", p ? "" : " (lesson NAME starts a lesson)");
		return;
	}
	while (*text == ' ')
		text++;
	p->follow = 1;
	x = lesson_exercise_at(&p->l, p->ask);
	say(p, "> %s\n", text);
	right = lesson_judge(sc->s, &x, text, &msg, err, sizeof(err));
	if (right < 0) {
		say(p, "error: %s\n", err);
		screen_status(sc, 1, "the lesson's own answer failed: %s", err);
	} else if (right) {
		say(p, "%s", "  right.\n");
		if (!p->done[p->ask]) /* answered again on a step seen again: counted once */
			p->right++;
		p->done[p->ask] = 1;
		screen_status(sc, 0, "right");
	} else {
		say(p, "  not quite%s", msg.len ? ": " : "");
		say(p, "%s.\n", sb_str(&msg));
		if (++p->tries < LESSON_TRIES) {
			if (x.hint)
				say(p, "  hint: %s\n", x.hint->text);
			sb_free(&msg);
			screen_relayout(sc);
			screen_status(sc, 1, "not quite: Enter or a to try again (%d %s left)", LESSON_TRIES - p->tries,
				      LESSON_TRIES - p->tries == 1 ? "try" : "tries");
			return;
		}
		if (!lesson_shown_answer(sc->s, &x, &want, err, sizeof(err)))
			sb_printf(&p->text, "  the answer: %s (found with: %s)\n", sb_str(&want),
				  x.check ? x.check->text : x.answer->text);
	}
	sb_free(&msg);
	sb_free(&want);
	p->ask = -1;
	lesson_progress_save(&p->l, p->step, p->right);
	run_step(sc, p, 0);
}

void lessonpane_draw(struct screen *sc, int top, int rows)
{
	struct lessonpane *p = sc->lesson;
	struct strbuf w = STRBUF_INIT;
	const int cols = sc->L.cols;
	char head[512];
	int n, body = rows - 2, first;
	const char *line;

	if (!p || rows < 3)
		return;
	{
		char full[512];

		int which, nq = step_questions(p, p->step, -1, &which);
		char many[32] = "";

		if (nq > 1)
			snprintf(many, sizeof(many), "  (%d questions)", nq);
		snprintf(full, sizeof(full), " lesson %s  step %d of %d: %s%s", p->l.name, p->step + 1, p->l.nsteps,
			 p->l.lines[lesson_step_start(&p->l, p->step)].text, many);
		wrap_shorten(head, sizeof(head), full, cols);
	}
	screen_put(top, 0, cols, head, 0, crt_attr(ST_TITLE));
	pane_lines(p, cols - 1, &w);
	n = count_lines(sb_str(&w));
	p->body = body;
	/* the step from its top; after an answer, the newest lines; never past the last page */
	first = n - body > 0 ? n - body : 0;
	if (!p->follow && p->first < first)
		first = p->first;
	p->first = first;
	line = sb_str(&w);
	for (int i = 0; *line && i < first + body; i++) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);

		if (i >= first) {
			char buf[1024];

			snprintf(buf, sizeof(buf), "%.*s", (int)(len < sizeof(buf) ? len : sizeof(buf) - 1), line);
			screen_put(top + 1 + i - first, 1, cols - 1, buf, 0,
				   buf[0] == '?' ? crt_attr(ST_KEY) : !strncmp(buf, "batchlab> ", 10) ? crt_attr(ST_DIM) : A_NORMAL);
		}
		if (!nl)
			break;
		line = nl + 1;
	}
	if (p->ask >= 0 && !strcmp(screen_top(sc)->ops->name, "cmdline")) /* the answer line is open below */
		snprintf(head, sizeof(head), " your answer on the line below: Enter checks it, Esc leaves the line");
	else
		snprintf(head, sizeof(head), " n next%s  p previous  Space PgDn PgUp Home End  f %s%s%s",
			 p->ask >= 0 ? "" : " step", p->full ? "panels" : "full step",
			 p->ask >= 0 ? "  Enter or a: answer" : "", p->finished ? "  (the end: n closes)" : "");
	screen_put(top + rows - 1, 0, cols, head, 0, crt_attr(ST_DIM));
	sb_free(&w);
}

void lessonpane_free(struct lessonpane *p)
{
	if (!p)
		return;
	lesson_free(&p->l);
	free(p->snap);
	free(p->done);
	sb_free(&p->text);
	sb_free(&p->want);
	free(p);
}

int lessonpane_hides(struct screen *sc, const char *cell, const char *unit)
{
	struct lessonpane *p = sc->lesson;
	struct lesson_exercise x;
	struct strbuf msg = STRBUF_INIT;
	char err[256], with[160];
	int hide;

	if (!p || p->ask < 0 || !cell[strspn(cell, " ")])
		return 0;
	x = lesson_exercise_at(&p->l, p->ask);
	if (x.check)
		return 0;
	if (p->want_for != p->ask) {
		sb_reset(&p->want);
		if (lesson_expected(sc->s, &x, &p->want, err, sizeof(err)))
			sb_reset(&p->want);
		p->want_for = p->ask;
	}
	if (!p->want.len)
		return 0;
	hide = lesson_judge_want(sc->s, &x, sb_str(&p->want), cell, &msg) == 1;
	sb_reset(&msg);
	snprintf(with, sizeof(with), "%s %s", cell + strspn(cell, " "), unit ? unit : "");
	hide = hide || (unit && *unit && lesson_judge_want(sc->s, &x, sb_str(&p->want), with, &msg) == 1);
	sb_free(&msg);
	return hide;
}
