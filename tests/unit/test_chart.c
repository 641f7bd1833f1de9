/* The chart's layout: axes, where points land, the marker, labels, both glyph sets. */
#include "testutil.h"

#include <math.h>
#include <stdlib.h>

#include "../../core/utf8.h"
#include "../../lang/out/chart.h"

static struct chart line_chart(const double *x, const double *y, size_t n, enum chart_scale xs)
{
	struct chart c;

	memset(&c, 0, sizeof(c));
	c.title = "t.metric";
	c.yunit = "pages";
	c.xname = "cpus";
	c.xunit = "CPUs";
	c.xscale = xs;
	c.yscale = CHART_LINEAR;
	c.nseries = 1;
	c.series[0].label = "after";
	c.series[0].x = x;
	c.series[0].y = y;
	c.series[0].n = n;
	c.marker_x = NAN;
	return c;
}

/* Rows of the plot area where column col (of the plot area) holds series s. */
static int rows_with(const struct chart_grid *g, int col, int s, int *first)
{
	int n = 0;

	*first = -1;
	for (int r = 0; r < g->plot_h; r++) {
		if (chart_cell_at(g, g->plot_y + r, g->plot_x + col)->tag == s) {
			if (*first < 0)
				*first = r;
			n++;
		}
	}
	return n;
}

static void test_axes(void **state)
{
	static const double x[] = { 0, 50, 100 }, y[] = { 0, 5, 10 };
	struct chart c = line_chart(x, y, 3, CHART_LINEAR);
	struct chart_grid g;
	int axis_row;

	(void)state;
	assert_int_equal(chart_draw(&c, 60, 16, 0, &g), 0);
	assert_int_equal(g.width, 60);
	assert_int_equal(g.height, 16);
	assert_int_equal(g.plot_y, 1);
	assert_int_equal(g.plot_h, 12);
	assert_int_equal(g.plot_x + g.plot_w, 60);
	axis_row = g.plot_y + g.plot_h;
	/* the y axis runs down the column left of the plot, the x axis along the row below */
	for (int r = 0; r < g.plot_h; r++)
		assert_int_equal(chart_cell_at(&g, g.plot_y + r, g.plot_x - 1)->tag, CHART_AXIS);
	assert_int_equal(chart_cell_at(&g, axis_row, g.plot_x - 1)->ch, '+');
	for (int col = 0; col < g.plot_w; col++)
		assert_int_equal(chart_cell_at(&g, axis_row, g.plot_x + col)->tag, CHART_AXIS);
	/* ticks at the round values 0, 20 ... 100 */
	assert_int_equal(chart_cell_at(&g, axis_row, g.plot_x)->ch, '+');
	assert_int_equal(chart_cell_at(&g, axis_row, g.plot_x + g.plot_w - 1)->ch, '+');
	chart_grid_free(&g);
}

static void test_text(void **state)
{
	static const double x[] = { 1, 2, 4, 8, 16 }, y[] = { 10, 20, 30, 40, 50 };
	struct chart c = line_chart(x, y, 5, CHART_LOG);
	struct strbuf out = STRBUF_INIT;
	const char *p;
	int lines = 0;

	(void)state;
	chart_render(&c, 50, 12, 0, &out);
	p = sb_str(&out);
	for (const char *q = p; *q; q++)
		lines += *q == '\n';
	assert_int_equal(lines, 12);
	assert_true(!strncmp(p, "t.metric (pages)", 16));
	assert_non_null(strstr(p, "cpus (CPUs), log scale"));
	/* y labels at round values (10..50 on 8 rows: every 20), not at whatever a row's edge holds */
	assert_non_null(strstr(p, "\n20 +"));
	assert_non_null(strstr(p, "\n40 +"));
	/* x labels at the powers of two */
	assert_non_null(strstr(p, "1"));
	assert_non_null(strstr(p, "16\n"));
	/* nothing but ASCII */
	for (const char *q = p; *q; q++)
		assert_true((unsigned char)*q < 0x80);
	/* no trailing blanks */
	assert_null(strstr(p, " \n"));
	sb_reset(&out);
	chart_render(&c, 10, 5, 0, &out);
	assert_non_null(strstr(sb_str(&out), "at least"));
	sb_free(&out);
}

/* The y labels step by 1, 2 or 5 times a power of ten, each a multiple of the step, whatever the data's range. */
static void test_round_ticks(void **state)
{
	static const double x[] = { 1, 2, 3 };
	static const double ranges[][2] = { { 0, 4451899 }, { 512, 5120 }, { 0.0011, 0.0023 }, { 3, 7 }, { 17, 981 } };

	(void)state;
	for (size_t k = 0; k < sizeof(ranges) / sizeof(ranges[0]); k++) {
		double y[] = { ranges[k][0], (ranges[k][0] + ranges[k][1]) / 2, ranges[k][1] }, v[32], step, m;
		struct chart c = line_chart(x, y, 3, CHART_LINEAR);
		struct chart_grid g;
		int labels = 0;

		c.yunit = "";
		assert_int_equal(chart_draw(&c, 60, 20, 0, &g), 0);
		for (int r = 0; r < g.plot_h && labels < 32; r++) {
			char b[32];
			int n = 0;

			if (chart_cell_at(&g, g.plot_y + r, g.plot_x - 1)->ch != '+')
				continue;
			for (int col = 0; col < g.plot_x - 1 && n < 31; col++)
				if (chart_cell_at(&g, g.plot_y + r, col)->ch != ' ')
					b[n++] = (char)chart_cell_at(&g, g.plot_y + r, col)->ch;
			b[n] = '\0';
			v[labels++] = strtod(b, NULL) * (strchr(b, 'M') ? 1e6 : strchr(b, 'k') ? 1e3 : 1);
		}
		chart_grid_free(&g);
		assert_true(labels >= 2);
		step = v[0] - v[1]; /* top down */
		m = step / pow(10, floor(log10(step) + 1e-9));
		if (fabs(m - 1) > 1e-6 && fabs(m - 2) > 1e-6 && fabs(m - 5) > 1e-6)
			fail_msg("range %g..%g: ticks %g apart", ranges[k][0], ranges[k][1], step);
		for (int i = 0; i < labels; i++) {
			double q = v[i] / step;

			if (fabs(q - round(q)) > 1e-6 || (i && fabs(v[i - 1] - v[i] - step) > step * 1e-6))
				fail_msg("range %g..%g: tick %g is off the %g grid", ranges[k][0], ranges[k][1], v[i], step);
		}
	}
}

/* ASCII: the curves' glyphs are none of the axes' (- | + and the marker's : ^). */
static void test_ascii_glyphs(void **state)
{
	static const double x[] = { 1, 2, 3, 4 }, y0[] = { 1, 1, 1, 1 }, y1[] = { 1, 4, 2, 3 };
	struct chart c = line_chart(x, y0, 4, CHART_LINEAR);
	struct chart_grid g;

	(void)state;
	c.nseries = 2;
	c.series[1] = c.series[0];
	c.series[1].y = y1;
	assert_int_equal(chart_draw(&c, 50, 14, 0, &g), 0);
	for (int r = 0; r < g.height; r++)
		for (int col = 0; col < g.width; col++) {
			const struct chart_cell *cell = chart_cell_at(&g, r, col);

			if (cell->tag >= 0 && cell->tag < CHART_MAX_SERIES && strchr("-|+:^.'", (int)cell->ch))
				fail_msg("series %d drawn with '%c', an axis glyph", cell->tag, (int)cell->ch);
		}
	chart_grid_free(&g);
}

/* Points land in the column their x maps to and the row their y maps to. */
static void test_points(void **state)
{
	static const double x[] = { 0, 25, 50, 75, 100 }, y[] = { 0, 0, 10, 0, 0 };
	struct chart c = line_chart(x, y, 5, CHART_LINEAR);
	struct chart_grid g;
	int first;

	(void)state;
	c.series[1] = c.series[0];
	c.nseries = 2; /* the line style (series 1) draws one row per column */
	c.series[0].n = 0;
	assert_int_equal(chart_draw(&c, 45, 14, 0, &g), 0);
	/* plot width w: x = 0 -> column 0, 50 -> (w-1)/2, 100 -> w-1 */
	assert_int_equal(rows_with(&g, 0, 1, &first), 1);
	assert_int_equal(first, g.plot_h - 1); /* y = 0 is the bottom row */
	assert_true(rows_with(&g, (int)lround(0.5 * (g.plot_w - 1)), 1, &first) >= 1);
	assert_int_equal(first, 0); /* the peak at the top row */
	assert_int_equal(rows_with(&g, g.plot_w - 1, 1, &first), 1);
	assert_int_equal(first, g.plot_h - 1);
	chart_grid_free(&g);
}

/* On a log axis the geometric middle is the middle column. */
static void test_log_axis(void **state)
{
	static const double x[] = { 1, 256, 65536 }, y[] = { 1, 2, 3 };
	struct chart c = line_chart(x, y, 3, CHART_LOG);
	struct chart_grid g;
	int first, mid;

	(void)state;
	c.series[0].label = "before";
	assert_int_equal(chart_draw(&c, 41, 12, 0, &g), 0);
	assert_int_equal(g.xlog, 1);
	mid = (int)lround(0.5 * (g.plot_w - 1));
	assert_int_equal(rows_with(&g, mid, 0, &first), 1);
	assert_int_equal(first, (int)lround(0.5 * (g.plot_h - 1)));
	/* a quarter of the way along, the curve is interpolated a quarter of the way up */
	assert_int_equal(rows_with(&g, (int)lround(0.25 * (g.plot_w - 1)), 0, &first), 1);
	assert_int_equal(first, (int)lround(0.75 * (g.plot_h - 1)));
	chart_grid_free(&g);
}

static void test_marker(void **state)
{
	static const double x[] = { 1, 65536 }, y[] = { 1, 2 };
	struct chart c = line_chart(x, y, 2, CHART_LOG);
	struct chart_grid g;
	int axis_row;

	(void)state;
	c.marker_x = 256; /* halfway on the log axis */
	assert_int_equal(chart_draw(&c, 41, 12, 0, &g), 0);
	axis_row = g.plot_y + g.plot_h;
	assert_int_equal(g.marker_col, g.plot_x + (int)lround(0.5 * (g.plot_w - 1)));
	assert_int_equal(chart_cell_at(&g, axis_row, g.marker_col)->ch, '^');
	assert_int_equal(chart_cell_at(&g, axis_row, g.marker_col)->tag, CHART_MARKER);
	assert_int_equal(chart_cell_at(&g, g.plot_y, g.marker_col)->ch, ':');
	chart_grid_free(&g);
	/* outside the range: no marker */
	c.marker_x = 1e6;
	assert_int_equal(chart_draw(&c, 41, 12, 0, &g), 0);
	assert_int_equal(g.marker_col, -1);
	chart_grid_free(&g);
}

/* UTF-8: braille for the first curve, box drawing for the second, both in the legend. */
static void test_utf8(void **state)
{
	static const double x[] = { 1, 2, 3, 4 }, y0[] = { 1, 2, 3, 4 }, y1[] = { 4, 3, 2, 1 };
	struct chart c = line_chart(x, y0, 4, CHART_LINEAR);
	struct chart_grid g;
	struct strbuf out = STRBUF_INIT;
	int braille = 0, box = 0, both = 0;

	(void)state;
	c.nseries = 2;
	c.series[0].label = "before";
	c.series[1].label = "after";
	c.series[1].x = x;
	c.series[1].y = y1;
	c.series[1].n = 4;
	assert_int_equal(chart_draw(&c, 60, 14, 1, &g), 0);
	for (int r = 0; r < g.plot_h; r++) {
		for (int col = 0; col < g.plot_w; col++) {
			const struct chart_cell *cell = chart_cell_at(&g, g.plot_y + r, g.plot_x + col);

			braille += cell->tag == 0 && cell->ch >= 0x2800 && cell->ch <= 0x28ff;
			box += cell->tag == 1 && cell->ch >= 0x2500 && cell->ch <= 0x257f;
			both += cell->tag == CHART_BOTH;
		}
	}
	assert_true(braille > 10);
	assert_true(box > 10);
	assert_true(both >= 1); /* the curves cross */
	/* the braille curve starts in the bottom-left cell, the line in the top-left */
	assert_int_equal(chart_cell_at(&g, g.plot_y + g.plot_h - 1, g.plot_x)->tag, 0);
	assert_int_equal(chart_cell_at(&g, g.plot_y, g.plot_x)->tag, 1);
	chart_grid_text(&g, &out);
	assert_non_null(strstr(sb_str(&out), "\xe2\x94\x80\xe2\x94\x80 after"));
	assert_non_null(strstr(sb_str(&out), " before"));
	assert_non_null(strstr(sb_str(&out), "\xe2\x94\x94")); /* the corner */
	chart_grid_free(&g);
	sb_free(&out);
}

/* Sizes label as sizes; gaps (NAN, inf) are skipped, not drawn at the edge. */
static void test_units_and_gaps(void **state)
{
	static const double x[] = { 1073741824.0, 2147483648.0, 4294967296.0 }, y[] = { 512, NAN, INFINITY };
	struct chart c = line_chart(x, y, 3, CHART_LOG);
	struct strbuf out = STRBUF_INIT;

	(void)state;
	c.xname = "ram";
	c.xunit = "bytes";
	chart_render(&c, 50, 10, 0, &out);
	assert_non_null(strstr(sb_str(&out), "1GiB"));
	assert_non_null(strstr(sb_str(&out), "4GiB"));
	assert_non_null(strstr(sb_str(&out), "ram (bytes), log scale"));
	sb_free(&out);
}

/*
 * Issue 23: at every width the chart takes and for 1..7 series (and a lead
 * curve), at its least height, every series' name is in the legend, no line
 * is wider than the chart, and the series' glyphs differ.
 */
static void test_legend_every_width(void **state)
{
	static const double x[] = { 1, 2, 4, 8 };
	static double y[8][4];
	static const char *const names[8] = { "before", "after", "full", "variant_one", "v2", "scaled_by_cpus", "v4", "x" };
	struct strbuf out = STRBUF_INIT;

	(void)state;
	for (int i = 0; i < 8; i++)
		for (int k = 0; k < 4; k++)
			y[i][k] = (i + 1) * x[k];
	for (int utf8 = 0; utf8 < 2; utf8++)
		for (int lead = 0; lead < 2; lead++)
			for (int n = 1; n <= 7 + lead; n++)
				for (int w = CHART_MIN_WIDTH; w <= 90; w++) {
					struct chart c = line_chart(x, y[0], 4, CHART_LOG);
					struct chart_grid g;
					int h, total = lead;

					c.nseries = n;
					c.lead_curve = lead;
					for (int i = 0; i < n; i++) {
						c.series[i] = c.series[0];
						c.series[i].label = names[i];
						c.series[i].y = y[i];
					}
					h = chart_min_height(&c, w, utf8);
					assert_true(h >= CHART_MIN_HEIGHT);
					/* the least it says is the least: a row fewer and the chart, or the legend's #, is gone */
					if (!chart_draw(&c, w, h - 1, utf8, &g)) {
						int hash = 0;

						sb_reset(&out);
						chart_grid_text(&g, &out);
						for (int i = 0; i < g.width * g.height; i++)
							hash |= g.cells[i].ch == '#';
						assert_true(!utf8 && hash && !strstr(sb_str(&out), "# overlap"));
						chart_grid_free(&g);
					}
					if (chart_draw(&c, w, h, utf8, &g))
						fail_msg("utf8 %d lead %d n %d width %d: no chart at its least height %d", utf8, lead, n, w, h);
					sb_reset(&out);
					chart_grid_text(&g, &out);
					{
						int hash = 0;

						for (int i = 0; i < g.width * g.height; i++)
							hash |= g.cells[i].ch == '#';
						if (hash && !strstr(sb_str(&out), "# overlap"))
							fail_msg("width %d, %d series: # drawn, not in the legend", w, n);
					}
					for (int i = 0; i < n; i++) {
						char want[64];

						snprintf(want, sizeof(want), "%s %s",
							 chart_style_sample(chart_series_style(&c, i), utf8, 0), names[i]);
						if (!strstr(sb_str(&out), want))
							fail_msg("width %d, %d series: no '%s' in the legend:\n%s", w, n, want,
								 sb_str(&out));
						total++;
					}
					for (const char *p = sb_str(&out); *p;) {
						size_t len = strcspn(p, "\n");

						assert_true(utf8_width(p, len) <= w);
						p += len + (p[len] == '\n');
					}
					chart_grid_free(&g);
					(void)total;
				}
	/* the glyphs themselves: seven styles and the lead curve, none the same */
	for (int utf8 = 0; utf8 < 2; utf8++)
		for (int a = 0; a <= CHART_STYLES; a++)
			for (int b = 0; b < a; b++) {
				assert_string_not_equal(chart_style_sample(a, utf8, 0), chart_style_sample(b, utf8, 0));
				assert_string_not_equal(chart_style_sample(a, utf8, 1), chart_style_sample(b, utf8, 1));
			}
	sb_free(&out);
}

/* Log axes: 1-2-5 times powers of ten for seconds and percents, powers of two for sizes and CPUs. */
static void test_log_ticks(void **state)
{
	double t[64];
	int n;

	(void)state;
	n = chart_ticks(0.003906, 0.01562 * 4, 1, "s", 8, t, 64); /* 3.906 ms .. 62.5 ms: 5m 10m 20m 50m */
	assert_true(n >= 3);
	for (int i = 0; i < n; i++) {
		double m = t[i] / pow(10, floor(log10(t[i]) + 1e-9));

		if (fabs(m - 1) > 1e-9 && fabs(m - 2) > 1e-9 && fabs(m - 5) > 1e-9)
			fail_msg("tick %g is not 1, 2 or 5 times a power of ten", t[i]);
	}
	n = chart_ticks(1, 65536, 1, "CPUs", 6, t, 64);
	assert_true(n >= 2 && n <= 6);
	for (int i = 0; i < n; i++)
		assert_true(t[i] == ldexp(1, (int)lround(log2(t[i]))));
	n = chart_ticks(1073741824.0, 1099511627776.0, 1, "bytes", 20, t, 64);
	assert_int_equal(n, 11); /* 1G .. 1T: every power of two */
}

static void test_locale(void **state)
{
	(void)state;
	setenv("LC_ALL", "en_US.UTF-8", 1);
	assert_int_equal(chart_locale_utf8(), 1);
	setenv("LC_ALL", "C", 1);
	assert_int_equal(chart_locale_utf8(), 0);
	unsetenv("LC_ALL");
	setenv("LC_CTYPE", "de_DE.utf8", 1);
	assert_int_equal(chart_locale_utf8(), 1);
	unsetenv("LC_CTYPE");
	setenv("LANG", "POSIX", 1);
	assert_int_equal(chart_locale_utf8(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_axes),   cmocka_unit_test(test_text),   cmocka_unit_test(test_points),
		cmocka_unit_test(test_log_axis), cmocka_unit_test(test_marker), cmocka_unit_test(test_utf8),
		cmocka_unit_test(test_units_and_gaps), cmocka_unit_test(test_locale),
		cmocka_unit_test(test_round_ticks), cmocka_unit_test(test_ascii_glyphs),
		cmocka_unit_test(test_legend_every_width), cmocka_unit_test(test_log_ticks),
	};
	return cmocka_run_group_tests_name("chart", tests, NULL, NULL);
}
