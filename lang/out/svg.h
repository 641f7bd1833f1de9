/*
 * Charts as pictures: a struct chart (the same one chart.c draws as text)
 * written as a standalone SVG 1.1 document - no script, no external font,
 * image or style sheet. Round ticks with units, axis titles, the legend,
 * one path per series, a marker where the current machine sits on each
 * series (and each labelled point of a trade-off), the machine line as a
 * caption. Okabe-Ito colours, which stay apart for the common kinds of
 * colour blindness (the 7th, their yellow, darkened to read on white), each
 * with a dash pattern and a marker shape, so a grey print keeps the series
 * apart too. Text, lines and markers grow with the picture past 800x500 (a
 * 1920x1080 slide's by 2.16), so a room can read a slide; chart.heading
 * (--title) replaces the metric's name at the top.
 */
#ifndef BL_SVG_H
#define BL_SVG_H

#include <stddef.h>

#include "../../core/strbuf.h"
#include "chart.h"

#define SVG_DEFAULT_W 800
#define SVG_DEFAULT_H 500
#define SVG_MIN_W 320
#define SVG_MIN_H 240
#define SVG_MAX_SIDE 10000

/* The series colours, by chart style (chart_series_style()); the lead curve is grey. */
extern const char *const svg_palette[CHART_STYLES];

/*
 * c as SVG width x height pixels into out. caption: the machine line, NULL
 * for none. marks[s]: the value of series s on this machine, drawn as a
 * marker at c->marker_x (NAN or marks NULL: no marker).
 */
void svg_chart(const struct chart *c, const double *marks, const char *caption, int width, int height,
	       struct strbuf *out);

/*
 * A polyline of n points in pixels, ascending x, reduced to what cols pixel
 * columns starting at x0 can show: in each column its first, lowest,
 * highest and last point, in their order - the same picture at that
 * resolution (every column keeps its extent and its joins to the next).
 * n or fewer points into ox/oy, which hold n. Returns how many.
 */
size_t svg_reduce(const double *px, const double *py, size_t n, double x0, int cols, double *ox, double *oy);

/* "WxH" (--size): 0, or -1 with why in err. */
int svg_parse_size(const char *s, int *w, int *h, char *err, size_t errlen);

#endif
