/*
 * A command that walks rows (sweep, where, expect, plot; compare, report and
 * host check walk tables, machines and zones): its time estimated
 * before the first row from timed solves of its models (one estimator for
 * all of them), refused past a minute unless --long is given (the explorer
 * asks), and a progress line on a terminal while it runs.
 */
#ifndef BL_WALK_H
#define BL_WALK_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/plot_sample.h"
#include "../core/sweep.h"

/* Estimated past this, a script must say --long and the explorer asks: a mistyped range at 65536 CPUs runs for hours. */
#define WALK_LONG_S 60.0
/* Estimated past this, the estimate is said on stderr before the first row (a terminal's). */
#define WALK_SAY_S 10.0
/* A walk running longer than this shows its progress. */
#define WALK_SHOW_S 2.0
/* Fewer rows than this are not estimated: a handful of solves is timed by running them. */
#define WALK_MIN_ROWS 64u

/* What a walk will cost, worked out before its first row. */
struct walk_estimate {
	double total;     /* seconds */
	double per;       /* a solve of the dearer part, seconds */
	uint64_t solves;  /* how many of those */
	const char *key;  /* the key walked, NULL for units */
	int moved;        /* the key moves a model's network (the rows' solves cost): each row solves it anew */
};

/*
 * sw's time (begun, not yet stepped): its models timed at a few rows spread
 * over the range, times the solves it will make (one a row, or one a run of
 * equal inputs for the columns plateaus answer). sw is left as it was.
 * rows: the rows the walk will visit (a plot's samples), 0 for all of sw's.
 */
void walk_estimate(struct sweep *sw, uint64_t rows, struct walk_estimate *e);

/*
 * The check before a walk's first row: estimated over WALK_LONG_S without
 * long_ok is refused, -3 with err ("CMD: N rows would take about ..."); over
 * WALK_SAY_S the estimate is said on stderr when say (stderr a terminal), and
 * over WALK_LONG_S always. 0: go.
 */
int walk_check(const char *cmd, struct sweep *sw, uint64_t rows, int long_ok, int say, char *err, size_t errlen);

/* Every walk's clock times this (a number above 0): a test sees a second's estimate and progress in a millisecond. */
#define WALK_SLOWER_ENV "BATCHLAB_WALK_SLOWER"

/* A walk running: its progress line, shown past WALK_SHOW_S. */
struct walk {
	const char *cmd;
	const char *units;   /* what it counts: "rows", "tables", "zones" */
	int every;           /* the clock read after every unit, not every few rows */
	uint64_t rows;       /* in all */
	uint64_t next;       /* the row count at which the clock is read next */
	double start, last;
	int show;            /* stderr is a terminal the output is not written to */
	int shown;           /* columns of the line on screen, 0: none */
	int cols;            /* the terminal's width */
};

/*
 * A progress line may be drawn: stderr is a terminal, and rows do not go to
 * that terminal while the walk runs (streamed: they go to stdout as they are
 * made, and stdout is that terminal) - a line drawn between rows would be torn
 * by the next ones. where and expect answer at the end: never streamed.
 */
int walk_may_show(int streamed);
/* show: a progress line may be drawn (stderr a terminal, the output not on it or finished per row). */
void walk_start(struct walk *w, const char *cmd, uint64_t rows, int show);
void walk_look(struct walk *w, uint64_t done);
/* done rows so far: cheap, the clock read only every few rows. */
static inline void walk_step(struct walk *w, uint64_t done)
{
	if (done >= w->next)
		walk_look(w, done);
}
/* The line erased (the terminal as it was before the walk). */
void walk_finish(struct walk *w);

/*
 * The explorer's progress: set by a front end that draws it itself (a status
 * line); called at most every tenth of a second with the rows done, in all,
 * and the seconds left (< 0: not known). Nonzero stops the walk after its
 * row, as Ctrl-C does (Esc): it raises the same flag (interrupt.h).
 */
extern int (*walk_hook)(const char *cmd, uint64_t done, uint64_t rows, double left);

/* How a command walks: --long given, a progress line allowed (walk_may_show()). */
struct walk_how {
	int long_ok;
	int show;
};
/* --long taken out of argv wherever it stands: the words left; how->long_ok says whether it was there. */
int walk_take_long(int argc, char **argv, struct walk_how *how);

/* A walk of sw (begun) being run: checked, Ctrl-C caught, its progress started. */
struct walk_run {
	struct walk w;
	struct sigaction old;
};
/* walk_check(), then Ctrl-C caught and the line started; -3 with err when refused (nothing caught). */
int walk_run_begin(struct walk_run *run, const char *cmd, struct sweep *sw, uint64_t rows, const struct walk_how *how,
		   char *err, size_t errlen);
/*
 * A walk whose units are not a sweep's rows (compare's tables, report's
 * machines, host check's zones): est from a solve timed by walk_time() times
 * the solves the walk makes, n the units its line counts; then as
 * walk_run_begin(), with walk_step() after each unit. -3 with err when
 * refused (nothing caught).
 */
int walk_units_begin(struct walk_run *run, const char *cmd, const char *units, uint64_t n,
		     const struct walk_estimate *est, const struct walk_how *how, char *err, size_t errlen);
/* solve(ctx)'s seconds on the walks' clock. */
double walk_time(void (*solve)(void *ctx), void *ctx);
/* The line erased, Ctrl-C given back: 1 when Ctrl-C (or the explorer's Esc) stopped the walk. */
int walk_run_end(struct walk_run *run);

/* A plot's samples watched as a walk (plot_sample_watched): the estimate, the line, Ctrl-C. */
struct walk_plot {
	struct walk_run run;
	const char *cmd;
	const struct walk_how *how;
	double extra; /* seconds of the command's other work, in its estimate beside the samples' (report's machines) */
};
struct plot_watch walk_plot_watch(struct walk_plot *wp, const char *cmd, const struct walk_how *how);

struct strbuf;
/* help's paragraph on a walk's time, the same for every command that walks rows. */
void walk_details(struct strbuf *out, const char *cmd);

/* The same for a walk of units (walk_units_begin()): "a compare", the unit timed ("machine"), the one counted ("table"). */
void walk_details_units(struct strbuf *out, const char *cmd, const char *unit, const char *counted);

/* "12 seconds", "4 minutes", "1.5 hours". */
void walk_duration(char *buf, size_t len, double secs);

#endif
