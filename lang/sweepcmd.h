/*
 * The sweep, plot and where commands: core/sweep.c makes the rows, this
 * formats them (table, csv, json), streams them to the session's output or
 * a file, and draws charts with chart.c.
 */
#ifndef BL_TUI_SWEEP_H
#define BL_TUI_SWEEP_H

#include <stddef.h>
#include <stdio.h>

#include "../core/strbuf.h"
#include "../core/sweep.h"
#include "chart.h"
#include "session.h"

int cmd_sweep(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
int cmd_plot(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
int cmd_where(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);

/*
 * Write every row of sw (columns added, not begun) from machine m in format
 * fmt: into out, flushed to f in chunks when f is not NULL (the remainder is
 * left in out for the caller). Ctrl-C stops it after a whole row, with the
 * output kept valid (json closed), and returns -2 with a note in err; other
 * errors (a write failed) return -1.
 * progress: show progress on stderr for long sweeps.
 */
int sweep_write(const struct machine *m, struct sweep *sw, enum out_format fmt, FILE *f, int progress,
		struct strbuf *out, char *err, size_t errlen);

/* A chart's points: x, and y for each series (NAN where the metric is n/a). */
struct plot_points {
	double *x, *y[CHART_MAX_SERIES];
	size_t n;
	int xlog; /* the range spans decades (or was typed x N): a log axis */
};

/*
 * md on each of sides[0..nser) over r: every row of a step typed (r->given),
 * else about two samples per column of a chart width columns wide, spaced
 * on a log axis when the range spans decades. The numbers are core's (a
 * sweep, with the fn_cpus fast path over cpus); p is freed on error.
 */
int plot_sample(const struct machine *m, const struct sweep_range *r, const struct patch_desc *d,
		const struct metric_desc *md, const int *sides, int nser, int width, struct plot_points *p, char *err,
		size_t errlen);
void plot_points_free(struct plot_points *p);

#endif
