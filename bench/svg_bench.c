/*
 * SVG of a 100,000-point plot (issue 23): svg_chart() reduces each series to
 * the picture's pixel columns (svg_reduce()); the whole document must take
 * under 50 ms. A benchmark, not a test: it prints, it does not fail.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../lang/out/svg.h"

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(void)
{
	enum { N = 100000, RUNS = 15 };
	static double x[N], y[2][N];
	double ms[RUNS];
	struct chart c;
	struct strbuf out = STRBUF_INIT;
	size_t bytes = 0;

	for (int i = 0; i < N; i++) {
		x[i] = 1 + i;
		y[0][i] = 1000 + 400 * sin(i * 0.001) + 50 * sin(i * 0.3);
		y[1][i] = 2 * y[0][i];
	}
	memset(&c, 0, sizeof(c));
	c.title = "bench.metric";
	c.yunit = "pages";
	c.xname = "cpus";
	c.xunit = "CPUs";
	c.xscale = CHART_LINEAR;
	c.yscale = CHART_LINEAR;
	c.nseries = 2;
	c.marker_x = NAN;
	for (int s = 0; s < 2; s++) {
		c.series[s].label = s ? "after" : "before";
		c.series[s].x = x;
		c.series[s].y = y[s];
		c.series[s].n = N;
	}
	for (int r = 0; r < RUNS; r++) {
		double t0 = now_ms();

		sb_reset(&out);
		svg_chart(&c, NULL, "machine: the bench's", SVG_DEFAULT_W, SVG_DEFAULT_H, &out);
		ms[r] = now_ms() - t0;
		bytes = out.len;
	}
	qsort(ms, RUNS, sizeof(ms[0]), by_value);
	printf("svg: 2 series of %d points to an %dx%d picture (%zu bytes): median %.2f ms, max %.2f ms (target < 50 ms) %s\n",
	       N, SVG_DEFAULT_W, SVG_DEFAULT_H, bytes, ms[RUNS / 2], ms[RUNS - 1], ms[RUNS / 2] < 50 ? "PASS" : "MISS");
	sb_free(&out);
	return 0;
}
