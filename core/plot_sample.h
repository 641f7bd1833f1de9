/*
 * The points of a chart: a metric's sides sampled across a sweep range,
 * for `plot` and the explorer's chart view. Computing only; drawing is
 * lang/out/chart.c's.
 */
#ifndef BL_PLOT_SAMPLE_H
#define BL_PLOT_SAMPLE_H

#include <stddef.h>

#include "machine.h"
#include "patch.h"
#include "sweep.h"

#define PLOT_MAX_SERIES 7 /* the sides (up to three: proactive_reclaim's full) and four variants */

/* A chart's points: x, and y for each series (NAN where the metric is n/a). */
struct plot_points {
	double *x, *y[PLOT_MAX_SERIES];
	size_t n;
	int xlog; /* the range spans decades (or was typed x N): a log axis */
};

/*
 * The series a chart of md draws, in the one order every chart keeps: the
 * one value of a single-valued metric, or the side asked for (side >= 0),
 * else the patch's sides in show's order (before, after; proactive_reclaim's
 * full, cluster, decay), then the machine's variants of d. Returns how many (at most PLOT_MAX_SERIES).
 */
int plot_sides(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md, int side,
	       int *sides);

/*
 * md on each of sides[0..nser) over r: every row of a step typed (r->given),
 * else about two samples per column of a chart width columns wide, spaced
 * on a log axis when the range spans decades. The numbers are core's (a
 * sweep, with the fn_cpus fast path over cpus); p is freed on error.
 */
int plot_sample(const struct machine *m, const struct sweep_range *r, const struct patch_desc *d,
		const struct metric_desc *md, const int *sides, int nser, int width, struct plot_points *p, char *err,
		size_t errlen);
/*
 * A caller that watches the samples being made (a command's estimate, its
 * progress line, Ctrl-C): begin sees the sweep, begun, and the samples to
 * come, and refuses with a negative code and err; step sees the samples made
 * so far and stops the sampling with nonzero; end follows begin always.
 */
struct plot_watch {
	int (*begin)(void *ctx, struct sweep *sw, uint64_t samples, char *err, size_t errlen);
	int (*step)(void *ctx, uint64_t done);
	void (*end)(void *ctx);
	void *ctx;
};
/* plot_sample() watched: begin's code when it refuses, -2 with err when step stopped it. */
int plot_sample_watched(const struct machine *m, const struct sweep_range *r, const struct patch_desc *d,
			const struct metric_desc *md, const int *sides, int nser, int width, const struct plot_watch *w,
			struct plot_points *p, char *err, size_t errlen);
void plot_points_free(struct plot_points *p);

#endif
