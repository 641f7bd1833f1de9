/* Text charts drawn into a grid of cells (see chart.h). */
#include "chart.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/units.h"
#include "numfmt.h"
#include "../../core/utf8.h"

/* Box drawing and braille, with the ASCII each falls back to. */
enum glyph { G_HLINE, G_VLINE, G_UP_FROM, G_UP_TO, G_DOWN_FROM, G_DOWN_TO, G_CORNER, G_TICK_Y, G_TICK_X,
	     G_MARK_COL, G_MARK_ARROW, NGLYPHS };

static const uint32_t glyph_utf8[NGLYPHS] = { 0x2500, 0x2502, 0x256f, 0x256d, 0x256e, 0x2570, 0x2514, 0x2524,
					      0x252c, 0x250a, 0x25b2 };
static const uint32_t glyph_ascii[NGLYPHS] = { '-', '|', '\'', '.', '.', '\'', '+', '+', '+', ':', '^' };
/* ASCII has too few line glyphs for both the axes and a curve: the line-style curve is drawn in these */
#define ASCII_LINE '*'

/*
 * A series' glyphs by style: its points, and the legend's sample of its
 * curve. Style 0 draws braille dots in UTF-8 and style 1 box drawing, so
 * their single points get glyphs of their own; the ASCII glyphs are none of
 * the axes' (- | + : ^) nor the overlap's #. The last row is the lead curve.
 */
static const struct style {
	uint32_t pt_utf8, pt_ascii;
	const char *sample_utf8, *sample_ascii;
} styles[CHART_STYLES + 1] = {
	{ 0x25cf, 'o', "\xe2\xa0\xa4\xe2\xa0\xa4", "oo" },      /* braille; a lone point: a disc */
	{ 0x25a0, '*', "\xe2\x94\x80\xe2\x94\x80", "**" },      /* a line; a lone point: a square */
	{ 0x00d7, 'x', "\xc3\x97\xc3\x97", "xx" },
	{ 0x25cb, '@', "\xe2\x97\x8b\xe2\x97\x8b", "@@" },
	{ 0x25c6, '%', "\xe2\x97\x86\xe2\x97\x86", "%%" },
	{ 0x25a1, '&', "\xe2\x96\xa1\xe2\x96\xa1", "&&" },
	{ 0x25bd, '=', "\xe2\x96\xbd\xe2\x96\xbd", "==" },
	{ 0x00b7, '.', "\xc2\xb7\xc2\xb7", ".." },              /* the lead curve */
};

int chart_series_style(const struct chart *c, int s)
{
	if (c->lead_curve)
		return s == 0 ? CHART_CURVE : s - 1 < CHART_STYLES ? s - 1 : CHART_STYLES - 1;
	return s < CHART_STYLES ? s : CHART_STYLES - 1;
}

const char *chart_style_sample(int style, int utf8, int single_point)
{
	static const char *const single_utf8[CHART_STYLES + 1] = { "\xe2\x97\x8f", "\xe2\x96\xa0", "\xc3\x97",
		"\xe2\x97\x8b", "\xe2\x97\x86", "\xe2\x96\xa1", "\xe2\x96\xbd", "\xc2\xb7" };
	static const char *const single_ascii[CHART_STYLES + 1] = { "o", "*", "x", "@", "%", "&", "=", "." };

	if (style < 0 || style > CHART_STYLES)
		style = CHART_STYLES;
	if (single_point)
		return utf8 ? single_utf8[style] : single_ascii[style];
	return utf8 ? styles[style].sample_utf8 : styles[style].sample_ascii;
}

struct ctx {
	const struct chart *c;
	struct chart_grid *g;
	int utf8;
	double xmin, xmax, ymin, ymax;
	int xlog, ylog;
	int both; /* some cell holds two curves */
	double ystep; /* linear y: the tick step round_y_range chose; 0 until then */
};

static uint32_t glyph(const struct ctx *x, enum glyph gl)
{
	return x->utf8 ? glyph_utf8[gl] : glyph_ascii[gl];
}

static void put(struct ctx *x, int row, int col, uint32_t ch, int tag)
{
	struct chart_grid *g = x->g;

	if (row < 0 || row >= g->height || col < 0 || col >= g->width)
		return;
	g->cells[row * g->width + col].ch = ch;
	g->cells[row * g->width + col].tag = (signed char)tag;
}

/* A curve's cell: note when another curve is there already (the lead curve gives way). */
static void put_curve(struct ctx *x, int row, int col, uint32_t ch, int tag)
{
	struct chart_grid *g = x->g;
	struct chart_cell *cell;

	if (row < 0 || row >= g->height || col < 0 || col >= g->width)
		return;
	cell = &g->cells[row * g->width + col];
	if (cell->tag >= 0 && cell->tag != tag && cell->tag != CHART_CURVE && tag != CHART_CURVE) {
		x->both = 1;
		cell->tag = CHART_BOTH;
		cell->ch = x->utf8 ? ch : '#';
		return;
	}
	if (tag == CHART_CURVE && cell->tag >= 0 && cell->tag != CHART_CURVE)
		return; /* a series drawn over the lead curve stays on top */
	cell->ch = ch;
	cell->tag = (signed char)tag;
}

static void put_text(struct ctx *x, int row, int col, const char *s, int maxcol)
{
	for (; *s && col <= maxcol; s++, col++)
		put(x, row, col, (unsigned char)*s, CHART_TEXT);
}

static double axis_pos(double v, double lo, double hi, int logscale)
{
	if (logscale)
		return hi > lo ? (log(v) - log(lo)) / (log(hi) - log(lo)) : 0.5;
	return hi > lo ? (v - lo) / (hi - lo) : 0.5;
}

static int usable(double v, int logscale)
{
	return isfinite(v) && (!logscale || v > 0);
}

/* Counted in twos: a size, CPUs or pages reads round as a power of two (1 GiB, 65536), not of ten. */
static int binary_unit(const char *unit)
{
	return unit && (!strcmp(unit, "bytes") || !strcmp(unit, "CPUs") || !strcmp(unit, "pages"));
}

/* A tick label: the number formatter's short form, without spaces ("4GiB", "2ms", "10k"). */
void chart_tick_label(double v, const char *unit, char *buf, size_t len)
{
	if (v == floor(v) && fabs(v) < 1e5 && (!unit || (strcmp(unit, "bytes") && strcmp(unit, "s"))))
		snprintf(buf, len, "%.0f", v); /* a whole tick (a power of two of CPUs) reads best whole: 65536 */
	else
		fmt_human_short(val_real(v), unit ? unit : "", 0, buf, len);
	/* "4 GiB" reads fine, but a space-free label is easier to fit and to find */
	for (char *p = buf; *p; p++)
		if (*p == ' ')
			memmove(p, p + 1, strlen(p));
}

static void tick_label(double v, const char *unit, char *buf, size_t len)
{
	chart_tick_label(v, unit, buf, len);
}

int chart_x_ticks(const struct chart *c, double lo, double hi, int logscale, int want, double *t, int max)
{
	int n = chart_ticks(lo, hi, logscale, c->xnames ? NULL : c->xunit, want, t, max), k = 0;

	if (!c->xnames)
		return n;
	/* a release sits at a whole index: no tick between two of them */
	for (int i = 0; i < n; i++)
		if (t[i] == floor(t[i]) && t[i] >= 0)
			t[k++] = t[i];
	return k;
}

void chart_x_label(const struct chart *c, double v, char *buf, size_t len)
{
	if (c->xnames && v >= 0 && v == floor(v)) {
		size_t i = 0;

		while (c->xnames[i] && i < (size_t)v)
			i++;
		snprintf(buf, len, "%s", c->xnames[i] ? c->xnames[i] : "?");
		return;
	}
	chart_tick_label(v, c->xunit, buf, len);
}

/* 1, 2 or 5 times a power of ten at least raw; for sizes 1, 2, 5 ... 500 times a power of 1024. */
static double nice_step(double raw, int binary)
{
	double mag;

	if (!(raw > 0) || !isfinite(raw))
		return 1;
	if (binary && raw >= 1024) {
		double k = pow(1024, floor(log(raw) / log(1024)));
		double m = raw / k, f = pow(10, floor(log10(m)));

		m /= f;
		return k * f * (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10);
	}
	mag = pow(10, floor(log10(raw)));
	return raw <= mag ? mag : raw <= 2 * mag ? 2 * mag : raw <= 5 * mag ? 5 * mag : 10 * mag;
}

/*
 * Round values in [lo, hi] for an axis, about want of them: on a linear axis
 * multiples of nice_step(); on a log one powers of two for sizes, CPUs and
 * pages (every second, fourth... when there are many), else 1, 2 and 5 times
 * the powers of ten when there are few decades and the powers of ten (every
 * second... when many) otherwise. Returns how many.
 */
int chart_ticks(double lo, double hi, int logscale, const char *unit, int want, double *t, int max)
{
	int n = 0;

	if (!(hi > lo) || want < 1 || max < 1)
		return 0;
	if (logscale && binary_unit(unit)) {
		int e0 = (int)ceil(log2(lo) - 1e-9), e1 = (int)floor(log2(hi) + 1e-9), stride = 1;

		while ((e1 - e0) / stride + 1 > want)
			stride *= 2;
		for (int e = e0; e <= e1 && n < max; e += stride)
			t[n++] = ldexp(1, e);
		return n;
	}
	if (logscale) {
		static const double mant[] = { 1, 2, 5 };
		int e0 = (int)floor(log10(lo)), e1 = (int)ceil(log10(hi)), fine = (e1 - e0) * 3 <= 2 * want, stride = 1;

		while (!fine && (e1 - e0) / stride + 1 > want)
			stride++;
		for (int e = e0; e <= e1 && n < max; e++) {
			if (!fine && (e - e0) % stride)
				continue;
			for (int k = 0; k < (fine ? 3 : 1) && n < max; k++) {
				double v = mant[k] * pow(10, e);

				if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9))
					t[n++] = v;
			}
		}
		if (n < 2 && !fine) /* a decade or two: the 2s and 5s say where the curve is */
			return chart_ticks(lo, hi, logscale, NULL, want * 3 + 3, t, max);
		return n;
	}
	{
		double step = nice_step((hi - lo) / want, binary_unit(unit));

		for (double v = ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9 && n < max; v += step)
			t[n++] = fabs(v) < step * 1e-9 ? 0 : v;
	}
	return n;
}

static void data_range(struct ctx *x)
{
	const struct chart *c = x->c;
	double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY, ypos = INFINITY;

	x->xlog = c->xscale == CHART_LOG;
	for (int s = 0; s < c->nseries; s++) {
		for (size_t i = 0; i < c->series[s].n; i++) {
			double px = c->series[s].x[i], py = c->series[s].y[i];

			if (!usable(px, x->xlog))
				continue;
			xmin = fmin(xmin, px);
			xmax = fmax(xmax, px);
			if (!isfinite(py))
				continue;
			ymin = fmin(ymin, py);
			ymax = fmax(ymax, py);
			if (py > 0)
				ypos = fmin(ypos, py);
		}
	}
	if (!isfinite(xmin)) {
		xmin = x->xlog ? 1 : 0;
		xmax = x->xlog ? 10 : 1;
	}
	if (!isfinite(ymin)) {
		ymin = 0;
		ymax = 1;
	}
	/* past 100x a linear axis flattens the small end into its floor: log, unless asked otherwise (--linear) */
	x->ylog = c->yscale == CHART_LOG || (c->yscale == CHART_AUTO && ymin > 0 && ymax / ymin > 100);
	if (x->ylog && !(ymin > 0)) {
		if (isfinite(ypos))
			ymin = ypos; /* log of a value at or below 0: those points fall off the bottom */
		else
			x->ylog = 0;
	}
	if (ymin == ymax) {
		/* a flat line sits in the middle, its value labelled */
		if (x->ylog) {
			ymin /= 2;
			ymax *= 2;
		} else {
			double d = ymin ? fabs(ymin) / 2 : 1;

			ymin -= d;
			ymax += d;
		}
	}
	x->xmin = xmin;
	x->xmax = xmax;
	x->ymin = ymin;
	x->ymax = ymax;
}

/*
 * The y range widened to round values (a 1-2-5 step on a linear axis, a
 * 1-2-5 value on a log one), so the top and bottom rows are labelled ticks.
 */
static void round_y_range(struct ctx *x, int ph)
{
	int want = ph / 3 > 2 ? ph / 3 : 2, binary = binary_unit(x->c->yunit);

	if (x->ylog && binary) { /* sizes: to powers of two */
		x->ymin = ldexp(1, (int)floor(log2(x->ymin) + 1e-9));
		x->ymax = ldexp(1, (int)ceil(log2(x->ymax) - 1e-9));
		if (x->ymax <= x->ymin)
			x->ymax = 2 * x->ymin;
		return;
	}
	if (x->ylog) {
		static const double mant[] = { 1, 2, 5, 10 };
		double e = pow(10, floor(log10(x->ymin))), lo = e, hi;

		for (int k = 0; k < 4 && mant[k] * e <= x->ymin * (1 + 1e-9); k++)
			lo = mant[k] * e;
		e = pow(10, floor(log10(x->ymax)));
		hi = 10 * e;
		for (int k = 3; k >= 0 && mant[k] * e >= x->ymax * (1 - 1e-9); k--)
			hi = mant[k] * e;
		x->ymin = lo;
		x->ymax = hi;
		return;
	}
	{
		double raw = (x->ymax - x->ymin) / want, step;

		if (!(raw > 0) || !isfinite(raw))
			return;
		step = nice_step(raw, binary);
		x->ymin = floor(x->ymin / step + 1e-9) * step;
		x->ymax = ceil(x->ymax / step - 1e-9) * step;
		x->ystep = step;
	}
}

/* The y ticks: round values, each on the row it falls in, none two rows apart or less. */
static int y_ticks(const struct ctx *x, int ph, double *t, int *rows, int max)
{
	double all[64];
	int n = 0, k = 0;

	if (!x->ylog && x->ystep > 0) /* the step the range was rounded to: its ends are ticks */
		for (double v = x->ymin; v <= x->ymax + x->ystep * 1e-9 && n < 64; v += x->ystep)
			all[n++] = fabs(v) < x->ystep * 1e-9 ? 0 : v;
	else
		n = chart_ticks(x->ymin, x->ymax, x->ylog, x->c->yunit, ph / 3 > 2 ? ph / 3 : 2, all, 64);

	for (int i = n - 1; i >= 0 && k < max; i--) { /* top down */
		int r = (int)lround((1 - axis_pos(all[i], x->ymin, x->ymax, x->ylog)) * (ph - 1));

		if (r < 0 || r >= ph || (k && r - rows[k - 1] < 2))
			continue;
		t[k] = all[i];
		rows[k++] = r;
	}
	return k;
}

static int y_label_width(const struct ctx *x, int ph)
{
	double t[64];
	int rows[64], n = y_ticks(x, ph, t, rows, 64), w = 1;

	for (int i = 0; i < n; i++) {
		char b[32];

		tick_label(t[i], x->c->yunit, b, sizeof(b));
		if ((int)strlen(b) > w)
			w = (int)strlen(b);
	}
	return w > 10 ? 10 : w;
}

/* Columns 0..plot_w-1 of the plot area, as the first grid column plus an offset. */
static int x_column(const struct ctx *x, double v)
{
	return (int)lround(axis_pos(v, x->xmin, x->xmax, x->xlog) * (x->g->plot_w - 1));
}

static void draw_axes(struct ctx *x)
{
	struct chart_grid *g = x->g;
	int axis_col = g->plot_x - 1, axis_row = g->plot_y + g->plot_h, ph = g->plot_h, rows[64], n;
	double t[64];
	char b[32];

	for (int r = 0; r < ph; r++)
		put(x, g->plot_y + r, axis_col, glyph(x, G_VLINE), CHART_AXIS);
	n = y_ticks(x, ph, t, rows, 64);
	for (int i = 0; i < n; i++) {
		put(x, g->plot_y + rows[i], axis_col, glyph(x, G_TICK_Y), CHART_AXIS);
		tick_label(t[i], x->c->yunit, b, sizeof(b));
		if ((int)strlen(b) > axis_col - 1)
			b[axis_col - 1] = '\0';
		put_text(x, g->plot_y + rows[i], axis_col - 1 - (int)strlen(b), b, axis_col - 2);
	}
	put(x, axis_row, axis_col, glyph(x, G_CORNER), CHART_AXIS);
	for (int c = 0; c < g->plot_w; c++)
		put(x, axis_row, g->plot_x + c, glyph(x, G_HLINE), CHART_AXIS);
}

/* Round ticks (chart_ticks), spaced for their labels. */
static void draw_x_ticks(struct ctx *x)
{
	struct chart_grid *g = x->g;
	int axis_row = g->plot_y + g->plot_h, label_row = axis_row + 1, last_end = -2;
	int maxticks = g->plot_w / 9 > 1 ? g->plot_w / 9 : 2;
	double ticks[64];
	int n = chart_x_ticks(x->c, x->xmin, x->xmax, x->xlog, maxticks, ticks, 64);

	if (!n) {
		ticks[n++] = x->xmin;
		ticks[n++] = x->xmax;
	}
	for (int i = 0; i < n; i++) {
		int col = g->plot_x + x_column(x, ticks[i]), start, len;
		char b[32];

		chart_x_label(x->c, ticks[i], b, sizeof(b));
		len = (int)strlen(b);
		start = col - len / 2;
		if (start < 0)
			start = 0;
		if (start + len > g->width)
			start = g->width - len;
		put(x, axis_row, col, glyph(x, G_TICK_X), CHART_AXIS);
		if (start <= last_end + 1)
			continue; /* would touch the previous label */
		put_text(x, label_row, start, b, g->width - 1);
		last_end = start + len - 1;
	}
}

static void draw_marker(struct ctx *x)
{
	struct chart_grid *g = x->g;
	double m = x->c->marker_x;
	int col;

	g->marker_col = -1;
	if (!usable(m, x->xlog) || m < x->xmin || m > x->xmax)
		return;
	col = g->plot_x + x_column(x, m);
	g->marker_col = col;
	for (int r = 0; r < g->plot_h; r++)
		put(x, g->plot_y + r, col, glyph(x, G_MARK_COL), CHART_MARKER);
	put(x, g->plot_y + g->plot_h, col, glyph(x, G_MARK_ARROW), CHART_MARKER);
}

/* A point's place in [0, 1] on each axis; 0 if it cannot be drawn. */
static int point_pos(const struct ctx *x, double px, double py, double *fx, double *fy)
{
	if (!usable(px, x->xlog) || !isfinite(py) || px < x->xmin || px > x->xmax)
		return 0;
	if (x->ylog && py <= 0)
		py = x->ymin;
	*fx = axis_pos(px, x->xmin, x->xmax, x->xlog);
	*fy = axis_pos(py, x->ymin, x->ymax, x->ylog);
	if (*fy < 0)
		*fy = 0;
	if (*fy > 1)
		*fy = 1;
	return 1;
}

/* Braille: each cell is 2 dots wide and 4 high; consecutive points are joined dot by dot. */
static void draw_braille(struct ctx *x, int s)
{
	static const uint8_t bit[4][2] = { { 0x01, 0x08 }, { 0x02, 0x10 }, { 0x04, 0x20 }, { 0x40, 0x80 } };
	const struct chart_series *se = &x->c->series[s];
	struct chart_grid *g = x->g;
	int dw = 2 * g->plot_w, dh = 4 * g->plot_h, have = 0, px0 = 0, py0 = 0;
	uint8_t *dots = calloc((size_t)g->plot_w * (size_t)g->plot_h, 1);

	if (!dots)
		return;
	for (size_t i = 0; i < se->n; i++) {
		double fx, fy;
		int px, py;

		if (!point_pos(x, se->x[i], se->y[i], &fx, &fy)) {
			have = 0;
			continue;
		}
		px = (int)lround(fx * (dw - 1));
		py = (int)lround((1 - fy) * (dh - 1));
		if (!have) {
			px0 = px;
			py0 = py;
		}
		/* Bresenham from the previous dot */
		for (int dx = abs(px - px0), dy = -abs(py - py0), sx = px0 < px ? 1 : -1, sy = py0 < py ? 1 : -1,
			 e = dx + dy, e2;;) {
			dots[(py0 / 4) * g->plot_w + px0 / 2] |= bit[py0 % 4][px0 % 2];
			if (px0 == px && py0 == py)
				break;
			e2 = 2 * e;
			if (e2 >= dy) {
				e += dy;
				px0 += sx;
			}
			if (e2 <= dx) {
				e += dx;
				py0 += sy;
			}
		}
		have = 1;
	}
	for (int r = 0; r < g->plot_h; r++)
		for (int c = 0; c < g->plot_w; c++)
			if (dots[r * g->plot_w + c])
				put_curve(x, g->plot_y + r, g->plot_x + c, 0x2800u + dots[r * g->plot_w + c], chart_series_style(x->c, s));
	free(dots);
}

/* One row per column: the point nearest the column's centre, columns between points interpolated. */
static void column_rows(const struct ctx *x, int s, int *rows)
{
	const struct chart_series *se = &x->c->series[s];
	int pw = x->g->plot_w, ph = x->g->plot_h;
	double *best = malloc(sizeof(double) * (size_t)pw), *fys = malloc(sizeof(double) * (size_t)pw);
	int prev = -1;

	for (int c = 0; c < pw; c++)
		rows[c] = -1;
	if (!best || !fys)
		goto out;
	for (int c = 0; c < pw; c++)
		best[c] = INFINITY;
	for (size_t i = 0; i < se->n; i++) {
		double fx, fy, at;
		int c;

		if (!point_pos(x, se->x[i], se->y[i], &fx, &fy))
			continue;
		at = fx * (pw - 1);
		c = (int)lround(at);
		if (fabs(at - c) < best[c]) {
			best[c] = fabs(at - c);
			fys[c] = fy;
		}
	}
	for (int c = 0; c < pw; c++) {
		if (!isfinite(best[c]))
			continue;
		for (int k = prev + 1; prev >= 0 && k < c; k++)
			fys[k] = fys[prev] + (fys[c] - fys[prev]) * (k - prev) / (c - prev);
		for (int k = prev >= 0 ? prev : c; k <= c; k++)
			rows[k] = (int)lround((1 - fys[k]) * (ph - 1));
		prev = c;
	}
out:
	free(best);
	free(fys);
}

/* A glyph of the line-style curve: box drawing, or in ASCII one glyph the axes do not use. */
static uint32_t line_glyph(const struct ctx *x, enum glyph gl)
{
	return x->utf8 ? glyph_utf8[gl] : ASCII_LINE;
}

static void draw_line(struct ctx *x, int s)
{
	struct chart_grid *g = x->g;
	int *rows = malloc(sizeof(int) * (size_t)g->plot_w);

	if (!rows)
		return;
	column_rows(x, s, rows);
	for (int c = 0; c < g->plot_w; c++) {
		int r0 = rows[c], r1 = c + 1 < g->plot_w ? rows[c + 1] : -1, col = g->plot_x + c, top = g->plot_y;

		if (r0 < 0)
			continue;
		if (r1 < 0 || r1 == r0) {
			put_curve(x, top + r0, col, line_glyph(x, G_HLINE), chart_series_style(x->c, s));
		} else if (r1 < r0) {
			put_curve(x, top + r0, col, line_glyph(x, G_UP_FROM), chart_series_style(x->c, s));
			put_curve(x, top + r1, col, line_glyph(x, G_UP_TO), chart_series_style(x->c, s));
			for (int r = r1 + 1; r < r0; r++)
				put_curve(x, top + r, col, line_glyph(x, G_VLINE), chart_series_style(x->c, s));
		} else {
			put_curve(x, top + r0, col, line_glyph(x, G_DOWN_FROM), chart_series_style(x->c, s));
			put_curve(x, top + r1, col, line_glyph(x, G_DOWN_TO), chart_series_style(x->c, s));
			for (int r = r0 + 1; r < r1; r++)
				put_curve(x, top + r, col, line_glyph(x, G_VLINE), chart_series_style(x->c, s));
		}
	}
	free(rows);
}

static void draw_points(struct ctx *x, int s, uint32_t ch)
{
	struct chart_grid *g = x->g;
	int *rows = malloc(sizeof(int) * (size_t)g->plot_w);

	if (!rows)
		return;
	column_rows(x, s, rows);
	for (int c = 0; c < g->plot_w; c++)
		if (rows[c] >= 0)
			put_curve(x, g->plot_y + rows[c], g->plot_x + c, ch, chart_series_style(x->c, s));
	free(rows);
}

/* UTF-8 text into cells, one code point each, up to column maxcol. */
static int put_utf8(struct ctx *x, int row, int col, const char *s, int tag, int maxcol)
{
	while (*s && col < x->g->width && col <= maxcol)
		put(x, row, col++, utf8_decode(&s), tag);
	return col;
}

static int utf8_len(const char *s)
{
	return utf8_width(s, strlen(s));
}

/*
 * The legend: one entry per series ("oo before"), then "# overlap" in ASCII
 * when two curves share a cell - for one series too: the legend is always
 * there, so a reader never has to guess which glyph is which.
 */
#define LEGEND_MAX (CHART_MAX_SERIES + 1)

struct legend {
	char entry[LEGEND_MAX][96];
	int tag[LEGEND_MAX], n;
	int row[LEGEND_MAX], col[LEGEND_MAX]; /* where each goes: row 0 is the title's */
	int rows;                             /* rows of its own, under the title */
};

static void legend_entries(const struct chart *c, int utf8, int both, struct legend *L)
{
	L->n = 0;
	for (int s = 0; s < c->nseries && s < CHART_MAX_SERIES; s++) {
		int st = chart_series_style(c, s);

		snprintf(L->entry[L->n], sizeof(L->entry[0]), "%s %s", chart_style_sample(st, utf8, c->series[s].n == 1),
			 c->series[s].label ? c->series[s].label : "");
		L->tag[L->n++] = st;
	}
	if (both && !utf8 && L->n) {
		snprintf(L->entry[L->n], sizeof(L->entry[0]), "# overlap");
		L->tag[L->n++] = CHART_BOTH;
	}
}

/* On the title's row, right-aligned, when all of it fits there; else packed in rows of its own. */
static void legend_place(struct legend *L, int width, int title_len)
{
	int total = 0, row = 1, col = 0;

	L->rows = 0;
	for (int i = 0; i < L->n; i++)
		total += (i ? 2 : 0) + utf8_len(L->entry[i]);
	if (L->n && title_len + 2 + total <= width) {
		col = width - total;
		for (int i = 0; i < L->n; i++) {
			L->row[i] = 0;
			L->col[i] = col;
			col += utf8_len(L->entry[i]) + 2;
		}
		return;
	}
	for (int i = 0; i < L->n; i++) {
		int w = utf8_len(L->entry[i]);

		if (col && col + 2 + w > width) {
			row++;
			col = 0;
		}
		if (col)
			col += 2;
		L->row[i] = row;
		L->col[i] = col;
		col += w;
		L->rows = row;
	}
}

static void title_text(const struct ctx *x, int ylog, char *title, size_t len)
{
	const struct chart *c = x->c;
	int unit = c->yunit && *c->yunit;

	snprintf(title, len, "%s%s%s%s%s%s", c->title ? c->title : "", unit ? " (" : "", unit ? c->yunit : "",
		 unit ? ")" : "", ylog ? ", log scale" : "", c->title_tail ? c->title_tail : "");
}

static void draw_legend(struct ctx *x, const struct legend *L)
{
	for (int i = 0; i < L->n; i++) {
		const char *e = L->entry[i], *sp = strchr(e, ' ');
		char sample[16];
		int col;

		/* the sample takes its curve's tag, so a coloured front end colours it alike */
		snprintf(sample, sizeof(sample), "%.*s", sp ? (int)(sp - e) : (int)strlen(e), e);
		col = put_utf8(x, L->row[i], L->col[i], sample, L->tag[i], x->g->width - 1);
		if (sp)
			put_utf8(x, L->row[i], col, sp, CHART_TEXT, x->g->width - 1);
	}
}

static void draw_titles(struct ctx *x, const struct legend *L)
{
	const struct chart *c = x->c;
	struct chart_grid *g = x->g;
	char title[320], xt[200];
	int col, room = g->width - 1;

	title_text(x, x->ylog, title, sizeof(title));
	if (L->n && !L->rows && L->n) /* the legend on this row: the title stops short of it */
		room = L->col[0] - 3;
	put_utf8(x, 0, 0, title, CHART_TEXT, room);
	draw_legend(x, L);
	snprintf(xt, sizeof(xt), "%s%s%s%s%s%s%s", c->xname ? c->xname : "", c->xunit && *c->xunit ? " (" : "",
		 c->xunit ? c->xunit : "", c->xunit && *c->xunit ? ")" : "", x->xlog ? ", log scale" : "",
		 c->xnote ? ", " : "", c->xnote ? c->xnote : "");
	col = g->plot_x + (g->plot_w - utf8_len(xt)) / 2;
	if (col + utf8_len(xt) > g->width)
		col = g->width - utf8_len(xt);
	put_utf8(x, g->height - 1, col > 0 ? col : 0, xt, CHART_TEXT, g->width - 1);
	if (g->marker_col >= 0) {
		const char *note = x->utf8 ? "\xe2\x96\xb2 this machine" : "^ this machine";

		if (col + utf8_len(xt) + 2 + utf8_len(note) <= g->width)
			put_utf8(x, g->height - 1, g->width - utf8_len(note), note, CHART_MARKER, g->width - 1);
	}
}

/* A one-point series' label beside its point, right of it or else left, on blank cells of the plot. */
static void draw_point_labels(struct ctx *x)
{
	struct chart_grid *g = x->g;

	for (int s = 0; s < x->c->nseries; s++) {
		const struct chart_series *se = &x->c->series[s];
		double fx, fy;
		int row, col, len, at = -1;

		if (se->n != 1 || !se->point_label || !point_pos(x, se->x[0], se->y[0], &fx, &fy))
			continue;
		col = g->plot_x + (int)lround(fx * (g->plot_w - 1));
		row = g->plot_y + (int)lround((1 - fy) * (g->plot_h - 1));
		len = utf8_len(se->point_label);
		for (int side = 0; side < 2 && at < 0; side++) {
			int c0 = side ? col - 1 - len : col + 1, free_ = c0 >= g->plot_x && c0 + len <= g->width;

			for (int k = 0; free_ && k < len; k++)
				free_ = chart_cell_at(g, row, c0 + k)->tag < 0 && chart_cell_at(g, row, c0 + k)->ch == ' ';
			if (free_)
				at = c0;
		}
		if (at >= 0)
			put_utf8(x, row, at, se->point_label, chart_series_style(x->c, s), g->width - 1);
	}
}

static void draw_series(struct ctx *x)
{
	const struct chart *c = x->c;

	/* the last first: before and after, the ones a reader came for, end on top */
	for (int s = (c->nseries < CHART_MAX_SERIES ? c->nseries : CHART_MAX_SERIES) - 1; s >= 0; s--) {
		int st = chart_series_style(c, s);

		if (st == 0 && x->utf8 && c->series[s].n > 1)
			draw_braille(x, s);
		else if (st == 1 && c->series[s].n > 1)
			draw_line(x, s);
		else if (st == CHART_CURVE)
			draw_points(x, s, x->utf8 ? styles[CHART_CURVE].pt_utf8 : styles[CHART_CURVE].pt_ascii);
		else
			draw_points(x, s, x->utf8 ? styles[st].pt_utf8 : styles[st].pt_ascii);
	}
}

static void fill_blank(struct chart_grid *g)
{
	for (int i = 0; i < g->width * g->height; i++) {
		g->cells[i].ch = ' ';
		g->cells[i].tag = CHART_TEXT;
	}
}

void chart_axes_of(const struct chart *c, int want_y, struct chart_axes *a)
{
	struct chart_grid g;
	struct ctx x;

	memset(&g, 0, sizeof(g));
	memset(&x, 0, sizeof(x));
	x.c = c;
	x.g = &g;
	data_range(&x);
	round_y_range(&x, 3 * want_y);
	a->xmin = x.xmin;
	a->xmax = x.xmax;
	a->ymin = x.ymin;
	a->ymax = x.ymax;
	a->xlog = x.xlog;
	a->ylog = x.ylog;
	a->ystep = x.ystep;
}

static int legend_for(const struct chart *c, int width, int utf8, int both, struct legend *L)
{
	struct ctx x;
	char title[320];

	memset(&x, 0, sizeof(x));
	x.c = c;
	legend_entries(c, utf8, both, L);
	{
		struct chart_grid g;

		memset(&g, 0, sizeof(g));
		x.g = &g;
		data_range(&x);
	}
	title_text(&x, x.ylog, title, sizeof(title));
	legend_place(L, width, utf8_len(title));
	return L->rows;
}

static int draw_pass(const struct chart *c, int width, int height, int utf8, struct chart_grid *g, int both);

int chart_min_height(const struct chart *c, int width, int utf8)
{
	struct legend L;
	int h = CHART_MIN_HEIGHT + legend_for(c, width, utf8, 0, &L);

	/* in ASCII two curves in a cell show #, which the legend then names: it may need a row more */
	if (!utf8 && c->nseries > 1) {
		struct chart_grid g;
		struct legend L2;
		int h2 = CHART_MIN_HEIGHT + legend_for(c, width, utf8, 1, &L2);

		if (h2 > h && !chart_draw(c, width, h, utf8, &g)) {
			int both = 0;

			for (int i = 0; i < g.width * g.height; i++)
				both |= g.cells[i].tag == CHART_BOTH;
			chart_grid_free(&g);
			if (both)
				h = h2;
		}
	}
	return h;
}

static int draw_pass(const struct chart *c, int width, int height, int utf8, struct chart_grid *g, int both)
{
	struct ctx x = { c, g, utf8, 0, 0, 0, 0, 0, 0, 0, 0 };
	struct legend L;
	int lw;

	legend_for(c, width, utf8, both, &L);
	if (height < CHART_MIN_HEIGHT + L.rows)
		return -1;
	fill_blank(g);
	data_range(&x);
	g->xlog = x.xlog;
	g->ylog = x.ylog;
	g->legend_rows = L.rows;
	/* title row; the legend's rows; plot rows; the x axis, its tick labels and its name */
	g->plot_y = 1 + L.rows;
	g->plot_h = height - 4 - L.rows;
	round_y_range(&x, g->plot_h);
	lw = y_label_width(&x, g->plot_h);
	g->plot_x = lw + 2;
	g->plot_w = width - g->plot_x;
	draw_axes(&x);
	draw_x_ticks(&x);
	draw_marker(&x);
	draw_series(&x);
	draw_point_labels(&x);
	if (x.both && !both && !utf8) { /* the legend names the overlap's #: it may need a row more */
		struct legend L2;

		if (height >= CHART_MIN_HEIGHT + legend_for(c, width, utf8, 1, &L2))
			return draw_pass(c, width, height, utf8, g, 1);
	}
	draw_titles(&x, &L);
	return 0;
}

int chart_draw(const struct chart *c, int width, int height, int utf8, struct chart_grid *g)
{
	memset(g, 0, sizeof(*g));
	if (width < CHART_MIN_WIDTH || height < CHART_MIN_HEIGHT)
		return -1;
	g->cells = calloc((size_t)width * (size_t)height, sizeof(*g->cells));
	if (!g->cells)
		return -1;
	g->width = width;
	g->height = height;
	if (draw_pass(c, width, height, utf8, g, 0)) {
		chart_grid_free(g);
		return -1;
	}
	return 0;
}

void chart_grid_free(struct chart_grid *g)
{
	free(g->cells);
	g->cells = NULL;
}

static void put_cp(struct strbuf *out, uint32_t cp)
{
	char b[UTF8_MAX];
	size_t n = utf8_encode(b, cp);

	for (size_t i = 0; i < n; i++)
		sb_putc(out, b[i]);
}

void chart_grid_text(const struct chart_grid *g, struct strbuf *out)
{
	for (int r = 0; r < g->height; r++) {
		int end = g->width;

		while (end > 0 && chart_cell_at(g, r, end - 1)->ch == ' ')
			end--;
		for (int c = 0; c < end; c++)
			put_cp(out, chart_cell_at(g, r, c)->ch);
		sb_putc(out, '\n');
	}
}

void chart_render(const struct chart *c, int width, int height, int utf8, struct strbuf *out)
{
	struct chart_grid g;

	if (chart_draw(c, width, height, utf8, &g)) {
		sb_printf(out, "(a chart needs at least %dx%d characters)\n", CHART_MIN_WIDTH,
			  chart_min_height(c, width >= CHART_MIN_WIDTH ? width : CHART_MIN_WIDTH, utf8));
		return;
	}
	chart_grid_text(&g, out);
	chart_grid_free(&g);
}

static int names_utf8(const char *v)
{
	char low[64];
	size_t i;

	for (i = 0; v[i] && i < sizeof(low) - 1; i++)
		low[i] = (char)tolower((unsigned char)v[i]);
	low[i] = '\0';
	return strstr(low, "utf-8") || strstr(low, "utf8");
}

int chart_locale_utf8(void)
{
	static const char *const vars[] = { "LC_ALL", "LC_CTYPE", "LANG" };

	for (int i = 0; i < 3; i++) {
		const char *v = getenv(vars[i]);

		if (v && *v)
			return names_utf8(v);
	}
	return 0;
}
