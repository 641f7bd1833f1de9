/*
 * Text charts: one to three curves of y over x, axes labelled with units,
 * one x value (the current machine) marked. Pure: the chart is drawn into a
 * grid of cells (a code point and what it belongs to), which the curses
 * explorer paints with colours and `plot` turns into lines of text.
 *
 * Up to seven series (three sides and four variants), each its own glyph,
 * in the order given: with UTF-8 the first is braille dots (2x4 per cell),
 * the second a line of box-drawing characters, then x o <> [] v; in ASCII
 * o * x @ % & = (none of the axes' - | + : ^). A chart may lead with a
 * plain curve (the trade-off's, dots: . in ASCII) before its series. Where
 * two curves share a cell the later one shows and the cell is tagged
 * CHART_BOTH ('#' in ASCII, named in the legend). The legend is always
 * drawn: on the title's row when it fits there, else on rows of its own.
 */
#ifndef BL_CHART_H
#define BL_CHART_H

#include <stddef.h>
#include <stdint.h>

#include "../../core/strbuf.h"

#define CHART_MAX_SERIES 8 /* a lead curve and seven series */
#define CHART_STYLES 7     /* glyphs for series; CHART_CURVE is the lead curve's */
#define CHART_MIN_WIDTH 24
#define CHART_MIN_HEIGHT 7

enum chart_scale { CHART_LINEAR, CHART_LOG, CHART_AUTO /* log when the values span more than 100x */ };

struct chart_series {
	const char *label;    /* "before", "after"; the legend's name */
	const double *x, *y;  /* n points in ascending x; a NAN or infinite y is a gap */
	size_t n;
	const char *point_label; /* a one-point series: written beside its point when there is room ("32") */
};

struct chart {
	const char *title;    /* "vmpressure.window": the y axis's name, its unit follows it */
	const char *title_tail; /* after the unit: " against memcg_charge.stock_share"; NULL for none */
	const char *heading;  /* a picture's own heading (--title: a slide's), in place of title and unit; NULL for none */
	const char *yunit;    /* "pages"; "bytes" labels the ticks as sizes */
	const char *xname;    /* "ram" */
	const char *xunit;    /* "bytes", "CPUs" */
	const char *xnote;    /* said in the x axis's title after the unit: "unresolved"; NULL for none */
	enum chart_scale xscale, yscale;
	struct chart_series series[CHART_MAX_SERIES];
	int nseries;
	int lead_curve;       /* series[0] is a plain curve (style CHART_CURVE); the others take styles 0.. */
	double marker_x;      /* the current machine's x; NAN for none */
	/* x is an index into these names (the kernel releases): ticks at whole indices, labelled by name */
	const char *const *xnames;
};

/* The style (glyph and colour) of series s: its index, or one less after a lead curve. */
int chart_series_style(const struct chart *c, int s);
/* The legend sample of a style: two cells for a curve, one for a single point. */
const char *chart_style_sample(int style, int utf8, int single_point);

/* What a cell shows, so a front end can colour it. */
enum {
	CHART_TEXT = -1,      /* titles, tick labels, legend */
	CHART_AXIS = -2,
	CHART_MARKER = -3,    /* the current machine's column and its arrow */
	CHART_CURVE = 7,      /* the lead curve */
	CHART_BOTH = 9,       /* two curves in one cell */
	/* 0 .. CHART_STYLES - 1: the series of that style */
};

struct chart_cell {
	uint32_t ch;          /* a Unicode code point; ' ' when blank */
	signed char tag;
};

struct chart_grid {
	int width, height;
	struct chart_cell *cells;       /* row-major, width * height */
	int plot_x, plot_y, plot_w, plot_h; /* the plotting area inside the grid */
	int marker_col;                 /* grid column of the marker, -1 if none or off the chart */
	int legend_rows;                /* rows of their own the legend took under the title (0: on the title's row) */
	int xlog, ylog;                 /* the scales chosen */
};

/* Draw c into a new grid of width x height cells. -1 when smaller than the minimum or out of memory. */
int chart_draw(const struct chart *c, int width, int height, int utf8, struct chart_grid *g);
/* The fewest rows c needs at width columns: its legend's rows, the axes and three rows of plot. */
int chart_min_height(const struct chart *c, int width, int utf8);
void chart_grid_free(struct chart_grid *g);
static inline const struct chart_cell *chart_cell_at(const struct chart_grid *g, int row, int col)
{
	return &g->cells[row * g->width + col];
}

/* The grid as height lines of UTF-8 (or ASCII) text, trailing blanks trimmed. */
void chart_grid_text(const struct chart_grid *g, struct strbuf *out);
/* chart_draw then chart_grid_text; a too-small size gives one line saying so. */
void chart_render(const struct chart *c, int width, int height, int utf8, struct strbuf *out);

/*
 * The axes as chart_draw chooses them, for another drawing of the same chart
 * (svg.c): the data's range widened to round y values, the scales, and the
 * round ticks - 1-2-5 times a power of ten, or powers of two for sizes, CPUs
 * and pages on a log axis - about want of them.
 */
struct chart_axes {
	double xmin, xmax, ymin, ymax;
	int xlog, ylog;
	double ystep;
};
void chart_axes_of(const struct chart *c, int want_y, struct chart_axes *a);
int chart_ticks(double lo, double hi, int logscale, const char *unit, int want, double *t, int max);
/* A tick's label: "4GiB", "2ms", "65536". */
void chart_tick_label(double v, const char *unit, char *buf, size_t len);
/*
 * The x axis's ticks (at most max, about want) and their labels, for both
 * renderers: chart_ticks(), or whole indices named by c->xnames. Returns how many.
 */
int chart_x_ticks(const struct chart *c, double lo, double hi, int logscale, int want, double *t, int max);
void chart_x_label(const struct chart *c, double v, char *buf, size_t len);

/* Is the locale's character set UTF-8 (LC_ALL, then LC_CTYPE, then LANG)? */
int chart_locale_utf8(void);

#endif
