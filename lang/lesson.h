/*
 * Lessons: guided tours in the command language. A lesson file is commands
 * plus a few lesson words:
 *
 *   title TEXT            the lesson's name in `--lesson` (first line)
 *   step TITLE            a new step; the runner waits between steps
 *   say TEXT              narration, wrapped to the width; {COMMAND} inside it
 *                         is replaced by what COMMAND prints, so a number the
 *                         lesson states never goes stale when a model is refitted
 *   focus METRIC          the metric the step talks about (the explorer puts the cursor there)
 *   ask QUESTION          an exercise; what follows says how it is checked:
 *   answer CMD-OR-EXPR [within TOL]   batchlab computes the right answer itself:
 *                         a command (its value: `get`'s value, `where`'s crossing
 *                         or "never") or arithmetic over {COMMAND} values;
 *                         TOL is a number or N%
 *   check CMD; CMD ...    a design exercise: {answer} stands for what the student
 *                         typed; right when every command succeeds
 *   solution TEXT         a right answer to a `check`, for --check
 *   hint TEXT             shown after a wrong try
 *   anything else         a command, shown as typed, then its output
 *
 * The runner here is the one the script modes, the prompt and --check use;
 * the explorer's lesson pane steps through the same parsed lesson with
 * lesson_say(), lesson_command() and lesson_judge().
 */
#ifndef BL_LESSON_H
#define BL_LESSON_H

#include <stdio.h>

#include "../core/strbuf.h"
#include "session.h"

#define LESSON_LINES_MAX 2000 /* a lesson is a class, not a book */
#define LESSON_TRIES 3        /* then the answer is shown, with how it was found */

enum lesson_kind {
	LK_TITLE,
	LK_STEP,
	LK_SAY,
	LK_FOCUS,
	LK_ASK,
	LK_ANSWER,
	LK_CHECK,
	LK_SOLUTION,
	LK_HINT,
	LK_COMMAND,
};

struct lesson_line {
	enum lesson_kind kind;
	int lineno;   /* in the file, for FILE:LINE */
	char *text;   /* after the lesson word */
	double tol;   /* answer: within TOL (absolute), or percent when tol_pct */
	int tol_pct;
	int has_tol;
};

/* An exercise: its question and how it is judged, gathered from the lines after `ask`. */
struct lesson_exercise {
	const struct lesson_line *ask, *answer, *check, *solution, *hint;
};

struct lesson {
	char path[4096];
	char name[64];    /* the file name less ".lesson" */
	char title[160];
	struct lesson_line *lines;
	int nlines;
	int nsteps;
	int nexercises;
};

/*
 * Read and check a lesson file before anything runs: every lesson word known,
 * every command a known one, each `ask` followed by an `answer` or a `check`
 * (a `check` by a `solution`), each `within` a number. -1 with
 * "FILE:LINE: what was expected" in err.
 */
int lesson_load(struct lesson *l, const char *path, char *err, size_t errlen);
void lesson_free(struct lesson *l);

/*
 * A lesson NAME (searched in $BATCHLAB_LESSONS, the user's
 * $XDG_DATA_HOME/batchlab/lessons, then the installed folder) or a PATH (with a
 * '/' or ending ".lesson") into path. -1 with err naming the known lessons.
 */
int lesson_find(const char *name, char *path, size_t len, char *err, size_t errlen);
/* Every lesson found, a line each: name and title (what `--lesson` prints). */
int lesson_list(struct strbuf *out, char *err, size_t errlen);

/* Where step k (0-based) starts in l->lines; l->nlines past the last. */
int lesson_step_start(const struct lesson *l, int k);
/* The exercise whose `ask` is line i. */
struct lesson_exercise lesson_exercise_at(const struct lesson *l, int i);

/* The narration of a `say` with every {COMMAND} computed on s. -1 with err. */
int lesson_say(struct session *s, const char *text, struct strbuf *out, char *err, size_t errlen);
/* The right answer, computed: its text, and how it was found. -1 with err. */
int lesson_expected(struct session *s, const struct lesson_exercise *x, struct strbuf *value, char *err,
		    size_t errlen);
/*
 * Is reply right? 1 yes, 0 no (why in msg), -1 with err when the lesson's own
 * answer cannot be computed. A `check` runs on a scratch copy of the session:
 * a wrong design leaves the student's machine as it was.
 */
int lesson_judge(struct session *s, const struct lesson_exercise *x, const char *reply, struct strbuf *msg, char *err,
		 size_t errlen);

/* The explorer's progress, per lesson in $XDG_STATE_HOME/batchlab/lessons/NAME: the step reached. */
int lesson_progress_load(const struct lesson *l);
void lesson_progress_save(const struct lesson *l, int step, int answered);
void lesson_progress_clear(const struct lesson *l);

/*
 * Run the lesson as a script, from its first step (homework is graded whole:
 * the explorer's progress is neither read nor written): narration and outputs
 * to out, each answer read from in, a line a try. check: answer every exercise with the lesson's
 * own answer (--check). Returns 0 when every exercise was answered right, 1
 * otherwise or on an error (printed to errf as "FILE:LINE: ...").
 */
int lesson_run(struct session *s, const struct lesson *l, FILE *in, FILE *out, FILE *errf, int width, int check);

#endif
