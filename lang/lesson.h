/*
 * Lessons: guided tours in the command language. A lesson file is commands
 * plus a few lesson words - title, step, say, focus, ask, answer, check,
 * solution, hint: lesson_words[] below, the parser's table, which
 * batchlab-lesson(5) is generated from (tools/mkman.c).
 *
 * The runner (lessonrun.c) is the one the script modes, the prompt, --check
 * and `grade` use; the explorer's lesson pane steps through the same parsed
 * lesson with lesson_say(), lesson_judge() and lesson_shown_answer().
 */
#ifndef BL_LESSON_H
#define BL_LESSON_H

#include <stdio.h>

#include "../core/strbuf.h"
#include "session.h"

struct records;

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

/* A lesson word: the parser's row, and the man page's (batchlab-lesson(5), tools/mkman.c). */
struct lesson_word {
	const char *word;
	enum lesson_kind kind;
	const char *args; /* what follows it, as the man page shows it */
	const char *help;
};

extern const struct lesson_word lesson_words[]; /* terminated by word == NULL */

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

#define ANSWER_WORD "{answer}" /* in a check: the student's reply, bound as one word */
/*
 * lesson_load's checks of one line, past its word's place (lesson_lint.c): its
 * commands' forms and {COMMAND}s; an answer's or a check's judging. -1 with
 * "FILE:LINE: what was expected".
 */
int lesson_lint_line(const struct lesson *l, const struct lesson_line *ln, char *err, size_t errlen);
int lesson_lint_judge(const struct lesson *l, const struct lesson_line *ln, char *err, size_t errlen);
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
/* The right answer as the student would write it, in the question's unit (128 GiB, 3072 pages); a design's solution. */
int lesson_shown_answer(struct session *s, const struct lesson_exercise *x, struct strbuf *value, char *err,
			size_t errlen);
/*
 * Is reply right? A number is read as a person writes it (3072, 1e6, 128G,
 * 128 GiB, x64, 64x, 0.5 %) in the unit the answer is in; one in another unit
 * is wrong and says so. 1 yes, 0 no (why in msg), -1 with err when the lesson's own
 * answer cannot be computed. A `check` runs on a scratch copy of the session:
 * a wrong design leaves the student's machine as it was.
 */
int lesson_judge(struct session *s, const struct lesson_exercise *x, const char *reply, struct strbuf *msg, char *err,
		 size_t errlen);

/* lesson_judge of a number question against its answer want, already computed (lesson_expected). */
int lesson_judge_want(struct session *s, const struct lesson_exercise *x, const char *want, const char *reply,
		      struct strbuf *msg);
/*
 * --check: is a number question's answer in the step's text when it is
 * asked (its narration and outputs so far, and the question): a number there
 * the question would accept. 1 with where it is, 0 no, -1 with err when the
 * answer cannot be computed. (The explorer's panels and status line show "?"
 * for such a value while the question is open.)
 */
int lesson_answer_visible(struct session *s, const struct lesson_exercise *x, const char *text, struct strbuf *where,
			  char *err, size_t errlen);

/* The explorer's progress, per lesson file in $XDG_STATE_HOME/batchlab/lessons/NAME@HASH (of its path): the step reached. */
int lesson_progress_load(const struct lesson *l);
void lesson_progress_save(const struct lesson *l, int step, int answered);
void lesson_progress_clear(const struct lesson *l);

/*
 * A homework's answers, read whole before the lesson runs, so that a missing
 * or extra line cannot shift one question's answers onto the next. Three
 * layouts (lessonrun.c, and batchlab-lesson(5)):
 *
 *   N: TEXT     numbered: a try at question N (again: the next try at it);
 *               a line without a number is one more try at the last question
 *   blocks      no numbers, blank lines between questions: a block per
 *               question, a line per try
 *   lines       no numbers, no blank line between answers: a line per
 *               question, one try each
 *
 * A line whose first character is '#' is a comment. A try holds the line
 * whole: a NUL in it or a line too long makes it a wrong try, never two.
 */
struct lesson_try {
	int q;        /* the question, 0-based */
	char *text;   /* the line's first ANSWER_MAX bytes, NUL-terminated */
	size_t len;   /* how many bytes the line had (a NUL inside: strlen(text) < len) */
};

#define LESSON_ANSWER_MAX 1024  /* an answer is one value or one expression */
#define LESSON_ANSWER_LINES 10000
#define LESSON_ANSWERS_BYTES (1 << 20) /* a homework file: more is refused, so an endless input ends */

struct lesson_answers {
	struct lesson_try *tries;
	int n, cap;
	int dropped;  /* lines past LESSON_ANSWER_LINES */
	const char *layout; /* "numbered", "blocks" or "lines" */
};

/*
 * Read answers from in, for a lesson of questions exercises (0: not known).
 * Blank lines make blocks when the file has as many blocks as questions, or
 * more answer lines than questions; otherwise a blank line is a stray one in a
 * line-per-question file. A UTF-8 byte-order mark first is skipped. -1 with
 * err (out of memory, too long).
 */
int lesson_answers_read(FILE *in, struct lesson_answers *a, int questions, char *err, size_t errlen);
void lesson_answers_free(struct lesson_answers *a);

/* One exercise's grade: what a course records. */
struct lesson_mark {
	int lineno;             /* its `ask` line */
	int step;               /* 1-based */
	char answer[LESSON_ANSWER_MAX + 1]; /* the last try, control characters shown as '?' ("" none) */
	int answered, right, tries, hints;
};

struct lesson_grade {
	struct lesson_mark *marks; /* one per exercise, in order */
	int n, right;
	int ignored;               /* answers past a question's last try, or past the last question */
	int error;                 /* the lesson stopped on an error of its own (printed): the marks are partial */
};

void lesson_grade_free(struct lesson_grade *g);
/* A stream that keeps nothing (a transcript no one reads); NULL when out of memory. */
FILE *lesson_sink(void);

/*
 * Run the lesson as a script, from its first step (homework is graded whole:
 * the explorer's progress is neither read nor written): narration and outputs
 * to out, the answers from in - try by try from a person at a terminal, else
 * a homework read whole (lesson_answers_read). check: every exercise answered
 * with the lesson's own answer, each design example and two extreme answers
 * tried on its check, which must refuse the example and cannot accept both
 * (--check). g, when not NULL, gets the grade. Returns 0 when every exercise
 * was answered right, 1 otherwise or on an error (printed to errf as
 * "FILE:LINE: ...").
 */
int lesson_run(struct session *s, const struct lesson *l, FILE *in, FILE *out, FILE *errf, int width, int check);
int lesson_run_graded(struct session *s, const struct lesson *l, FILE *in, FILE *out, FILE *errf, int width, int check,
		      struct lesson_grade *g);

/* The grade as a record: a row per exercise (student names the answer file, NULL for none); csv or json into out. */
void lesson_grade_rows(const struct lesson *l, const struct lesson_grade *g, const char *student, struct records *r);
extern const char *const lesson_grade_heads[];         /* question, line, step, answer, right, tries, hints */
extern const char *const lesson_grade_student_heads[]; /* student, then lesson_grade_heads */

#endif
