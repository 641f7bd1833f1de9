/*
 * Text charts: one to three curves of y over x, axes labelled with units,
 * one x value (the current machine) marked. Pure: the chart is drawn into a
 * grid of cells (a code point and what it belongs to), which the curses
 * explorer paints with colours and `plot` turns into lines of text.
 *
 * Glyphs: with UTF-8 the first curve is braille dots (2x4 per cell), the
 * second a line of box-drawing characters, the third crosses; in ASCII '+',
 * a line of - . ' |, and 'x'. Where two curves share a cell the later one
 * shows and the cell is tagged CHART_BOTH ('#' in ASCII).
 */
#ifndef BL_CHART_H
#define BL_CHART_H

#include <stddef.h>
#include <stdint.h>

#include "../core/strbuf.h"

#define CHART_MAX_SERIES 3
#define CHART_MIN_WIDTH 24
#define CHART_MIN_HEIGHT 7

enum chart_scale { CHART_LINEAR, CHART_LOG, CHART_AUTO /* log when the values span 1000x or more */ };

struct chart_series {
	const char *label;    /* "before", "after" */
	const double *x, *y;  /* n points in ascending x; a NAN or infinite y is a gap */
	size_t n;
};

struct chart {
	const char *title;    /* "vmpressure.window" */
	const char *yunit;    /* "pages"; "bytes" labels the ticks as sizes */
	const char *xname;    /* "ram" */
	const char *xunit;    /* "bytes", "CPUs" */
	enum chart_scale xscale, yscale;
	struct chart_series series[CHART_MAX_SERIES];
	int nseries;
	double marker_x;      /* the current machine's x; NAN for none */
};

/* What a cell shows, so a front end can colour it. */
enum {
	CHART_TEXT = -1,      /* titles, tick labels, legend */
	CHART_AXIS = -2,
	CHART_MARKER = -3,    /* the current machine's column and its arrow */
	CHART_BOTH = 9,       /* two curves in one cell */
	/* 0 .. CHART_MAX_SERIES - 1: that series */
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
	int xlog, ylog;                 /* the scales chosen */
};

/* Draw c into a new grid of width x height cells. -1 when smaller than the minimum or out of memory. */
int chart_draw(const struct chart *c, int width, int height, int utf8, struct chart_grid *g);
void chart_grid_free(struct chart_grid *g);
static inline const struct chart_cell *chart_cell_at(const struct chart_grid *g, int row, int col)
{
	return &g->cells[row * g->width + col];
}

/* The grid as height lines of UTF-8 (or ASCII) text, trailing blanks trimmed. */
void chart_grid_text(const struct chart_grid *g, struct strbuf *out);
/* chart_draw then chart_grid_text; a too-small size gives one line saying so. */
void chart_render(const struct chart *c, int width, int height, int utf8, struct strbuf *out);

/* Is the locale's character set UTF-8 (LC_ALL, then LC_CTYPE, then LANG)? */
int chart_locale_utf8(void);

#endif
