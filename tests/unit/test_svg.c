/* SVG charts: the reduction keeps a curve's picture; the document has a path per series, markers, legend, caption. */
#include "testutil.h"

#include <math.h>
#include <stdlib.h>

#include "../../lang/out/svg.h"

/* 100,000 points of a wiggly curve over 700 pixel columns: each column's extent and ends survive, in order. */
static void test_reduce_keeps_columns(void **state)
{
	enum { N = 100000, COLS = 700 };
	double *px = malloc(N * sizeof(double)), *py = malloc(N * sizeof(double));
	double *ox = malloc(N * sizeof(double)), *oy = malloc(N * sizeof(double));
	double lo[COLS + 1], hi[COLS + 1], first[COLS + 1], last[COLS + 1];
	int seen[COLS + 1] = { 0 };
	size_t k;

	(void)state;
	assert_non_null(px);
	assert_non_null(ox);
	for (int i = 0; i < N; i++) {
		px[i] = 50 + (double)i * COLS / N;
		py[i] = 200 + 100 * sin(i * 0.01) + 30 * sin(i * 0.37) + (i % 977 == 0 ? 80 : 0);
	}
	for (int i = 0; i < N; i++) {
		int c = (int)floor(px[i] - 50);

		if (!seen[c]) {
			seen[c] = 1;
			lo[c] = hi[c] = first[c] = py[i];
		}
		lo[c] = fmin(lo[c], py[i]);
		hi[c] = fmax(hi[c], py[i]);
		last[c] = py[i];
	}
	k = svg_reduce(px, py, N, 50, COLS, ox, oy);
	assert_true(k <= 4 * (size_t)(COLS + 1));
	assert_true(k >= 2 * (size_t)COLS);
	for (int c = 0; c <= COLS; c++) {
		double l = INFINITY, h = -INFINITY, f = NAN, z = NAN;
		int any = 0;

		for (size_t j = 0; j < k; j++)
			if ((int)floor(ox[j] - 50) == c) {
				if (!any)
					f = oy[j];
				any = 1;
				l = fmin(l, oy[j]);
				h = fmax(h, oy[j]);
				z = oy[j];
			}
		assert_int_equal(any, seen[c]);
		if (!any)
			continue;
		assert_true(l == lo[c] && h == hi[c]);
		assert_true(f == first[c] && z == last[c]);
	}
	for (size_t j = 1; j < k; j++)
		assert_true(ox[j] >= ox[j - 1]); /* in the curve's order */
	/* few points pass through untouched */
	assert_int_equal(svg_reduce(px, py, 100, 50, COLS, ox, oy), 100);
	assert_true(ox[99] == px[99] && oy[42] == py[42]);
	free(px);
	free(py);
	free(ox);
	free(oy);
}

static int count(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* Seven series: seven paths, each in its own colour, seven legend entries, seven markers on the machine. */
static void test_document(void **state)
{
	static const double x[] = { 1, 2, 4, 8, 16 };
	static double y[7][5];
	static const char *const names[7] = { "before", "after", "full", "a<b", "v2", "v3", "v4" };
	double marks[7];
	struct chart c;
	struct strbuf out = STRBUF_INIT;
	const char *s;

	(void)state;
	memset(&c, 0, sizeof(c));
	c.title = "t.metric";
	c.yunit = "pages";
	c.xname = "cpus";
	c.xunit = "CPUs";
	c.xscale = CHART_LOG;
	c.yscale = CHART_LINEAR;
	c.nseries = 7;
	c.marker_x = 4;
	for (int i = 0; i < 7; i++) {
		for (int k = 0; k < 5; k++)
			y[i][k] = (i + 1) * x[k];
		c.series[i].label = names[i];
		c.series[i].x = x;
		c.series[i].y = y[i];
		c.series[i].n = 5;
		marks[i] = (i + 1) * 4;
	}
	svg_chart(&c, marks, "machine: cpus = 4 & more", 800, 500, &out);
	s = sb_str(&out);
	assert_true(!strncmp(s, "<?xml version=\"1.0\"", 19));
	assert_non_null(strstr(s, "version=\"1.1\""));
	assert_non_null(strstr(s, "sans-serif"));
	assert_null(strstr(s, "<script"));
	assert_null(strstr(s, "href"));
	assert_int_equal(count(s, "class=\"series "), 7);
	assert_int_equal(count(s, "class=\"mark\""), 7);
	for (int i = 0; i < 7; i++) {
		char b[32];

		snprintf(b, sizeof(b), "stroke=\"%s\"", svg_palette[i]);
		assert_true(count(s, b) >= 2); /* its path and its legend swatch */
	}
	assert_non_null(strstr(s, ">a&lt;b</text>"));   /* labels escaped */
	assert_non_null(strstr(s, "cpus = 4 &amp; more")); /* the caption */
	assert_non_null(strstr(s, "cpus (CPUs), log scale"));
	sb_free(&out);
}

/*
 * Issue 51's slide: sizes from 128 KiB to 512 MiB (4096x) on a default axis are on a log scale
 * (past 100x), every y label in one unit named in the axis title (MiB: 0.125 .. 512, never
 * 128KiB beside 512MiB), x labels apart and none past the picture's edge; no caption, no desc.
 */
static void test_slide_axes(void **state)
{
	static const double x[] = { 1, 4, 16, 64, 256, 1024, 4096 };
	double y[7];
	struct chart c;
	struct strbuf out = STRBUF_INIT;
	const char *s, *p;
	int labels = 0;

	(void)state;
	for (int i = 0; i < 7; i++)
		y[i] = 131072.0 * x[i];
	memset(&c, 0, sizeof(c));
	c.title = "t.bytes";
	c.yunit = "bytes";
	c.xname = "cpus";
	c.xunit = "CPUs";
	c.xscale = CHART_LOG;
	c.yscale = CHART_AUTO;
	c.nseries = 1;
	c.marker_x = 4096;
	c.series[0].label = "before";
	c.series[0].x = x;
	c.series[0].y = y;
	c.series[0].n = 7;
	svg_chart(&c, NULL, NULL, 800, 500, &out);
	s = sb_str(&out);
	assert_non_null(strstr(s, "t.bytes (MiB), log scale"));
	assert_null(strstr(s, "KiB<"));
	assert_null(strstr(s, "MiB<")); /* no label carries a unit: the title says it */
	assert_null(strstr(s, "<desc>"));
	assert_non_null(strstr(s, ">0.125</text>"));
	assert_non_null(strstr(s, ">512</text>"));
	/* every label inside the picture: an end-anchored last x label, "this machine" to the left of its line */
	for (p = strstr(s, "<text x=\""); p; p = strstr(p + 1, "<text x=\"")) {
		double at = strtod(p + 9, NULL);

		assert_true(at >= 0 && at <= 800);
		labels++;
	}
	assert_true(labels > 10);
	assert_non_null(strstr(s, "text-anchor=\"end\"" ));
	sb_reset(&out);
	c.yscale = CHART_LINEAR; /* --linear: asked, so kept */
	svg_chart(&c, NULL, NULL, 800, 500, &out);
	assert_null(strstr(sb_str(&out), "log scale\""));
	assert_non_null(strstr(sb_str(&out), "t.bytes (MiB)"));
	assert_null(strstr(sb_str(&out), "t.bytes (MiB), log scale"));
	sb_free(&out);
}

static void test_size(void **state)
{
	int w = 0, h = 0;
	char err[128];

	(void)state;
	assert_int_equal(svg_parse_size("1024x768", &w, &h, err, sizeof(err)), 0);
	assert_int_equal(w, 1024);
	assert_int_equal(h, 768);
	assert_int_equal(svg_parse_size("10x10", &w, &h, err, sizeof(err)), -1);
	assert_int_equal(svg_parse_size("800", &w, &h, err, sizeof(err)), -1);
	assert_int_equal(svg_parse_size("800x500x2", &w, &h, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "WIDTHxHEIGHT"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reduce_keeps_columns),
		cmocka_unit_test(test_document),
		cmocka_unit_test(test_size),
		cmocka_unit_test(test_slide_axes),
	};
	return cmocka_run_group_tests_name("svg", tests, NULL, NULL);
}
