/*
 * One estimator and one progress line for every command that walks rows:
 * the estimate from timed solves of the walk's own sweep, the line drawn as
 * pv and rsync --info=progress2 draw theirs (a carriage return, rows done,
 * percent, rate, time left; erased at the end), never on a pipe.
 */
#include "walk.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../core/err.h"
#include "../core/strbuf.h"
#include "interrupt.h"

/* Rows timed, spread over the range, for an estimate. */
#define ESTIMATE_SAMPLES 5
/* Runs of equal inputs counted before the first row at most; past it the count is scaled from the rows covered. */
#define ESTIMATE_RUNS_MAX 200000u
/* The line is redrawn at most this often: a person reads no faster, and a terminal is not made to scroll. */
#define REDRAW_S 0.2

int (*walk_hook)(const char *cmd, uint64_t done, uint64_t rows, double left);

/* BATCHLAB_WALK_SLOWER, read once: 1 unless set to a number above 0. */
static double slower(void)
{
	static double f;

	if (!f) {
		const char *e = getenv(WALK_SLOWER_ENV);
		char *end = NULL;
		double v = e ? strtod(e, &end) : 1;

		f = e && end != e && !*end && v > 0 && v < 1e12 ? v : 1;
	}
	return f;
}

/* A walk's clock: seconds, times BATCHLAB_WALK_SLOWER (its estimates and its progress line both read it). */
static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9) * slower();
}

/* The quicker of two timings of a row's part: the first run of a code path pays for cold caches, no later row does. */
static double solve_seconds(struct sweep *sw, int runs)
{
	double best = -1;
	volatile uint64_t sink = 0;

	for (int rep = 0; rep < 2; rep++) {
		double t0, d;

		if (sw->m.memo)
			row_memo_forget_row(sw->m.memo);
		t0 = now_s();
		sink += sweep_solve_row(sw, runs);
		d = now_s() - t0;
		if (best < 0 || d < best)
			best = d;
	}
	(void)sink;
	return best;
}

/* The row beside u (x) in the range: the next one, or at TO the one before; 0 when there is none to name (a list). */
static int beside(const struct sweep_range *r, uint64_t u, double x, uint64_t *u2, double *x2)
{
	*u2 = u;
	*x2 = x;
	if (r->list || r->rows < 2)
		return 0;
	if (r->real)
		*x2 = r->mult ? (x * r->factor <= r->rto ? x * r->factor : x / r->factor)
			      : (x + r->rstep <= r->rto ? x + r->rstep : x - r->rstep);
	else if (r->mult)
		*u2 = (double)u * r->factor <= (double)r->to ? (uint64_t)((double)u * r->factor) : (uint64_t)((double)u / r->factor);
	else
		*u2 = r->step <= r->to - u ? u + r->step : u - r->step;
	return 1;
}

/*
 * A row's part solved as the walk solves it, with the networks solved so
 * far kept (the sweep's memo of them): at u (sought, its networks solved
 * and kept), the row beside it timed - answered from the memo when the key
 * does not move its networks, solved anew when it does (*moved counts those).
 */
static double row_seconds(struct sweep *sw, uint64_t u, double x, int *moved)
{
	struct mva_memo *mm = sw->m.mva_memo;
	const struct param *key = sw->range.key;
	uint64_t u2, misses;
	double x2, t0, d;
	volatile uint64_t sink = 0;
	char why[256];

	if (!mm || !beside(&sw->range, u, x, &u2, &x2))
		return solve_seconds(sw, 0);
	sink += sweep_solve_row(sw, 0); /* every network of the row at u kept, the columns fill_rows leaves too */
	if (sw->range.real ? param_set_real(&sw->m, key, x2, why, sizeof(why))
			   : param_set_u64(&sw->m, key, u2, why, sizeof(why)))
		return solve_seconds(sw, 0);
	misses = mm->misses;
	if (sw->m.memo)
		row_memo_forget_row(sw->m.memo);
	t0 = now_s();
	sink += sweep_solve_row(sw, 0);
	d = now_s() - t0;
	if (mm->misses == misses) { /* the quicker of two, as solve_seconds(): the first run of a path pays for cold caches */
		double again;

		if (sw->m.memo)
			row_memo_forget_row(sw->m.memo);
		t0 = now_s();
		sink += sweep_solve_row(sw, 0);
		again = now_s() - t0;
		d = again < d ? again : d;
	}
	(void)sink;
	if (mm->misses > misses) { /* solved anew, as every row will be: the quicker of this and two more, as solve_seconds() */
		double again;

		(*moved)++;
		sw->m.mva_memo = NULL;
		again = solve_seconds(sw, 0);
		sw->m.mva_memo = mm;
		d = again < d ? again : d;
	}
	return d;
}

/* The solves timed at ESTIMATE_SAMPLES rows from FROM to TO (a row's cost may grow with the key: a cpus sweep's last rows are the dearest). */
static int time_samples(struct sweep *sw, double *t_runs, double *t_rows, int *moved)
{
	const struct sweep_range *r = &sw->range;
	struct mva_memo *mm = sw->m.mva_memo;
	char why[256];
	int timed = 0;

	*t_runs = *t_rows = 0;
	for (int k = 0; k < ESTIMATE_SAMPLES; k++) {
		uint64_t u = r->from + (uint64_t)((double)(r->to - r->from) * k / (ESTIMATE_SAMPLES - 1));
		double x = r->rfrom + (r->rto - r->rfrom) * k / (ESTIMATE_SAMPLES - 1);

		if (sweep_seek(sw, u, x, why, sizeof(why)))
			continue; /* not a value the key takes (a page size between two): the others tell */
		sw->m.mva_memo = NULL; /* a run's solve: its inputs moved, its network one not solved before */
		*t_runs += solve_seconds(sw, 1);
		sw->m.mva_memo = mm;
		*t_rows += row_seconds(sw, u, x, moved);
		timed++;
	}
	if (timed) {
		*t_runs /= timed;
		*t_rows /= timed;
	}
	return timed;
}

void walk_estimate(struct sweep *sw, uint64_t rows, struct walk_estimate *e)
{
	const struct sweep_range *r = &sw->range;
	struct machine *keep = malloc(sizeof(*keep));
	struct sweep_cursor cur = sw->cur, first_at = sw->first_refused_at;
	uint64_t nrefused = sw->nrefused, runs = 0, covered = 0;
	double t_runs, t_rows, rows_part, runs_part;
	int timed;
	char first[sizeof(sw->first_refused)];

	int moved = 0;

	memset(e, 0, sizeof(*e));
	if (!keep)
		return;
	*keep = sw->m;
	memcpy(first, sw->first_refused, sizeof(first));
	/* each timing a row's work as the walk meets it: its release rows remembered, its layout worked anew (row_memo_forget_row) */
	timed = time_samples(sw, &t_runs, &t_rows, &moved);
	if (!rows || rows == r->rows)
		runs = sweep_runs(sw, ESTIMATE_RUNS_MAX, &covered);
	sw->m = *keep;
	sw->cur = cur;
	sw->nrefused = nrefused;
	sw->first_refused_at = first_at;
	memcpy(sw->first_refused, first, sizeof(first));
	free(keep);
	if (!timed)
		return;
	e->key = r->key->name;
	e->moved = moved;
	if (rows && rows != r->rows) {
		/* samples the walk seeks to (a plot's): each a solve of everything */
		e->per = t_runs + t_rows;
		e->solves = rows;
		e->total = e->per * (double)rows;
		return;
	}
	if (covered && covered < r->rows)
		runs = (uint64_t)((double)runs * (double)r->rows / (double)covered);
	runs_part = t_runs * (double)runs;
	rows_part = t_rows * (double)r->rows;
	e->total = runs_part + rows_part;
	e->per = runs_part > rows_part ? t_runs : t_rows;
	e->solves = runs_part > rows_part ? runs : r->rows;
	e->moved &= runs_part <= rows_part; /* said only of the part that costs */
}

void walk_details_units(struct strbuf *out, const char *cmd, const char *unit, const char *counted)
{
	sb_printf(out,
		  "Time: before it prints, %s is estimated (its dearest %s's work timed, times the %ss); one of more "
		  "than a minute is refused unless --long is given (the explorer asks). On a terminal an estimate over "
		  "ten seconds is said on stderr, and past two seconds a progress line there counts the %ss done, "
		  "erased at the end; never on a pipe. Ctrl-C stops it after a whole %s, and nothing is written (a "
		  "file named keeps what it held). " WALK_SLOWER_ENV "=F times the clock by F, for tests.\n", cmd, unit,
		  unit, counted, counted);
}

void walk_duration(char *buf, size_t len, double secs)
{
	if (secs >= 5400)
		snprintf(buf, len, "%.1f hours", secs / 3600);
	else if (secs < 120)
		snprintf(buf, len, "%.0f seconds", secs);
	else
		snprintf(buf, len, "%.0f minutes", secs / 60);
}

/* An estimate's verdict: refused over a minute without --long (-3 with err), said when long or asked to; kept: Ctrl-C keeps the units so far. */
static int judge(const char *cmd, const char *units, int kept, uint64_t n, const struct walk_estimate *est, int long_ok,
		 int say, const char *narrower, char *err, size_t errlen)
{
	char take[64], moved[160] = "";
	int one = n == 1 && units[strlen(units) - 1] == 's' ? 1 : 0; /* "1 table" */

	walk_duration(take, sizeof(take), est->total);
	if (est->moved && est->key)
		snprintf(moved, sizeof(moved), "; %s moves its models' networks, solved at every row", est->key);
	if (est->total > WALK_LONG_S && !long_ok)
		return err_set(err, errlen, "%s: %llu %.*s would take about %s (estimated: %llu solves at about "
			       "%.2g ms each%s), over a minute: add --long to run it, or %s", cmd, (unsigned long long)n,
			       (int)strlen(units) - one, units, take, (unsigned long long)est->solves, est->per * 1e3, moved,
			       narrower) - 2;
	/* not under the explorer (walk_hook): a line on its terminal would scroll the screen under curses */
	if (!walk_hook && (est->total > WALK_LONG_S || (say && est->total > WALK_SAY_S)))
		fprintf(stderr, "%s: %llu %.*s, about %s (estimated: %llu solves at about %.2g ms each%s); "
			"Ctrl-C stops it%s%s%s\n", cmd, (unsigned long long)n, (int)strlen(units) - one, units, take,
			(unsigned long long)est->solves, est->per * 1e3, moved, kept ? " with the " : "", kept ? units : "",
			kept ? " so far" : ", nothing written");
	return 0;
}

/* walk_check() with extra seconds of the command's own beside the rows (report's machines). */
static int check_extra(const char *cmd, struct sweep *sw, uint64_t rows, double extra, int long_ok, int say, char *err,
		       size_t errlen)
{
	struct walk_estimate est = { 0, 0, 0, NULL, 0 };
	uint64_t n = rows ? rows : sw->range.rows;

	if (n < WALK_MIN_ROWS && extra <= WALK_SAY_S)
		return 0;
	if (n >= WALK_MIN_ROWS)
		walk_estimate(sw, rows, &est);
	est.total += extra;
	return judge(cmd, "rows", 1, n, &est, long_ok, say, "take a larger step or a narrower range", err, errlen);
}

int walk_check(const char *cmd, struct sweep *sw, uint64_t rows, int long_ok, int say, char *err, size_t errlen)
{
	return check_extra(cmd, sw, rows, 0, long_ok, say, err, errlen);
}

double walk_time(void (*solve)(void *ctx), void *ctx)
{
	double t0 = now_s();

	solve(ctx);
	return now_s() - t0;
}

int walk_units_begin(struct walk_run *run, const char *cmd, const char *units, uint64_t n,
		     const struct walk_estimate *est, const struct walk_how *how, char *err, size_t errlen)
{
	int rc = judge(cmd, units, 0, n, est, how->long_ok, how->show, "name fewer of them", err, errlen);

	if (rc)
		return rc;
	interrupt_catch(1, &run->old);
	walk_start(&run->w, cmd, n, how->show);
	run->w.units = units;
	run->w.every = 1; /* a handful of units, each its own cost: the first one's rate says nothing of the next */
	return 0;
}

int walk_may_show(int streamed)
{
	struct stat o, e;

	if (!isatty(STDERR_FILENO))
		return 0;
	if (!streamed || !isatty(STDOUT_FILENO))
		return 1;
	return !fstat(STDOUT_FILENO, &o) && !fstat(STDERR_FILENO, &e) && o.st_rdev != e.st_rdev;
}

void walk_start(struct walk *w, const char *cmd, uint64_t rows, int show)
{
	struct winsize ws;

	memset(w, 0, sizeof(*w));
	w->cmd = cmd;
	w->units = "rows";
	w->rows = rows;
	w->show = show || walk_hook;
	w->next = w->show ? 1 : UINT64_MAX;
	w->start = w->last = now_s();
	w->cols = show && !ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) && ws.ws_col ? ws.ws_col : 80;
}

/* 1234567 as "1.23M", the rate and counts short enough for an 80-column line. */
static void short_count(char *buf, size_t len, double v)
{
	static const char unit[] = " kMGT";
	int u = 0;

	while (v >= 1000 && u < 4) {
		v /= 1000;
		u++;
	}
	if (!u)
		snprintf(buf, len, v < 10 && v != (double)(uint64_t)v ? "%.2g" : "%.0f", v); /* a rate of 0.31 tables/s not "0" */
	else
		snprintf(buf, len, "%.*f%c", v < 10 ? 2 : v < 100 ? 1 : 0, v, unit[u]);
}

/* The line, one write: "sweep: 1.23M of 10.0M rows  12%  41.2k rows/s  0:03:40 left". */
static void draw(struct walk *w, uint64_t done, double rate, double left)
{
	char line[160], d[16], n[16], r[16], l[32];
	int len, pad;

	short_count(d, sizeof(d), (double)done);
	short_count(n, sizeof(n), (double)w->rows);
	short_count(r, sizeof(r), rate);
	if (left >= 0 && left < 360000)
		snprintf(l, sizeof(l), "%d:%02d:%02d left", (int)left / 3600, (int)left / 60 % 60, (int)left % 60);
	else
		snprintf(l, sizeof(l), "time left not known");
	len = snprintf(line, sizeof(line), "\r%s: %s of %s %s %3d%%  %s %s/s  %s", w->cmd, d, n, w->units,
		       w->rows ? (int)(100.0 * (double)done / (double)w->rows) : 0, r, w->units, l);
	if (len >= (int)sizeof(line))
		len = (int)sizeof(line) - 1;
	if (len - 1 > w->cols - 1)
		len = w->cols; /* never wrapped: a carriage return could not take a second line back */
	pad = w->shown > len - 1 ? w->shown - (len - 1) : 0;
	if (pad && len + pad < (int)sizeof(line)) {
		memset(line + len, ' ', (size_t)pad);
		len += pad;
	}
	if (write(STDERR_FILENO, line, (size_t)len) < 0)
		w->show = 0; /* a terminal gone: the walk goes on without a line */
	else
		w->shown = len - 1 - pad > w->shown ? len - 1 - pad : w->shown;
}

void walk_look(struct walk *w, uint64_t done)
{
	double t = now_s(), el = t - w->start, rate = el > 0 ? (double)done / el : 0, left;
	double gap;

	/* the next look about a redraw later, at this rate: the clock is not read every row of a fast walk */
	gap = w->every ? 1 : rate * REDRAW_S / 4;
	/* at most as many again as done: a walk whose first rows were quick (answered from the networks its
	 * estimate solved) is not left unlooked at for a million slow ones */
	gap = gap > (double)done + 1 ? (double)done + 1 : gap;
	w->next = done + (gap < 1 ? 1 : gap > 1e6 ? 1000000 : (uint64_t)gap);
	if (el < WALK_SHOW_S || t - w->last < REDRAW_S)
		return;
	w->last = t;
	left = rate > 0 && w->rows >= done ? (double)(w->rows - done) / rate : -1;
	if (walk_hook) {
		if (walk_hook(w->cmd, done, w->rows, left))
			interrupt_flag = 1;
		return;
	}
	draw(w, done, rate, left);
}

void walk_finish(struct walk *w)
{
	char blank[512];
	int n = w->shown + 2 < (int)sizeof(blank) ? w->shown + 2 : (int)sizeof(blank);

	if (walk_hook && w->show && !w->shown) {
		(void)walk_hook(w->cmd, w->rows, w->rows, -2); /* done: the front end clears its bar */
	}
	if (!w->shown)
		return;
	memset(blank, ' ', (size_t)n);
	blank[0] = '\r';
	blank[n - 1] = '\r';
	if (write(STDERR_FILENO, blank, (size_t)n) < 0)
		w->show = 0;
	w->shown = 0;
}

int walk_take_long(int argc, char **argv, struct walk_how *how)
{
	int n = 0;

	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--long"))
			argv[n++] = argv[i];
	how->long_ok = n < argc;
	if (n < argc)
		argv[n] = NULL;
	return n;
}

static int run_begin(struct walk_run *run, const char *cmd, struct sweep *sw, uint64_t rows, double extra,
		     const struct walk_how *how, char *err, size_t errlen)
{
	int rc = check_extra(cmd, sw, rows, extra, how->long_ok, how->show, err, errlen);

	if (rc)
		return rc;
	/* Ctrl-C ends the walk after a whole row: what was found or written stays whole */
	interrupt_catch(1, &run->old);
	walk_start(&run->w, cmd, rows ? rows : sw->range.rows, how->show);
	return 0;
}

int walk_run_begin(struct walk_run *run, const char *cmd, struct sweep *sw, uint64_t rows, const struct walk_how *how,
		   char *err, size_t errlen)
{
	return run_begin(run, cmd, sw, rows, 0, how, err, errlen);
}

int walk_run_end(struct walk_run *run)
{
	walk_finish(&run->w);
	interrupt_release(&run->old);
	return interrupt_take();
}

static int plot_begin(void *ctx, struct sweep *sw, uint64_t samples, char *err, size_t errlen)
{
	struct walk_plot *wp = ctx;

	return run_begin(&wp->run, wp->cmd, sw, samples, wp->extra, wp->how, err, errlen);
}

static int plot_step(void *ctx, uint64_t done)
{
	struct walk_plot *wp = ctx;

	walk_step(&wp->run.w, done);
	return interrupt_seen();
}

static void plot_end(void *ctx)
{
	struct walk_plot *wp = ctx;

	walk_run_end(&wp->run);
}

struct plot_watch walk_plot_watch(struct walk_plot *wp, const char *cmd, const struct walk_how *how)
{
	struct plot_watch w = { plot_begin, plot_step, plot_end, wp };

	wp->cmd = cmd;
	wp->how = how;
	wp->extra = 0;
	return w;
}

void walk_details(struct strbuf *out, const char *cmd)
{
	sb_printf(out,
		  "Time: before its first row %s is estimated (a solve of its models timed at a few rows, times the "
		  "rows, or the runs of equal inputs a plateau answers); one of more than a minute is refused unless "
		  "--long is given (the explorer asks). On a terminal an estimate over ten seconds is said on stderr, "
		  "and past two seconds a progress line there gives the rows done, the rate and the time left, "
		  "erased at the end (in the explorer a bar on the status line; Esc stops it); never on a pipe. "
		  "Ctrl-C stops it after a whole row. " WALK_SLOWER_ENV "=F times every walk's clock by F (its "
		  "estimate and its progress line), as if the machine were F times slower: for tests.\n", cmd);
}
