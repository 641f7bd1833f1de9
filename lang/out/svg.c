/*
 * SVG charts (svg.h): the layout of a figure for a paper or a slide, in
 * pixels, from the same struct chart and the same round ticks as the text
 * chart; only text, written by hand - no library.
 */
#include "svg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/utf8.h"
#include "quote.h"
#include "wrap.h"

/* Okabe & Ito's palette (2008), black left to the axes and text: apart under protanopia, deuteranopia, tritanopia. */
/* The 7th is not Okabe-Ito's yellow #F0E442 (1.3:1 on white, lost on a projector) but a dark olive of its hue (4.3:1). */
const char *const svg_palette[CHART_STYLES] = { "#0072B2", "#D55E00", "#009E73", "#CC79A7",
						"#E69F00", "#56B4E9", "#807D00" };
static const char *const dashes[CHART_STYLES] = { NULL, "9,4", "2,3", "9,3,2,3", "14,4", "5,5", "2,2,7,2" };
#define CURVE_COLOUR "#7F7F7F"
#define FONT "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\""
#define FS 13      /* text, px, at the default size: every length below is scaled with the picture (frame.k) */
#define CW 7.4     /* a character's width at FS, a little wide: labels must not collide */
#define ROW 18     /* a legend row */

/* An axis's one unit (axis_unit_of()): its name, and the axis's values per one of it. */
struct axis_unit {
	char name[16];
	double scale;
};

struct frame {
	double left, top, w, h; /* the plotting area */
	double k;               /* the picture's scale against 800x500: a 1920x1080 slide's text is 2.16 times as big */
	double pad;
	struct chart_axes a;
	struct axis_unit yu; /* the y axis's one unit */
};

static double text_w(const struct frame *f, const char *s)
{
	return CW * f->k * utf8_width(s, strlen(s));
}

static double pos(double v, double lo, double hi, int logscale)
{
	if (logscale)
		return hi > lo && v > 0 ? (log(v) - log(lo)) / (log(hi) - log(lo)) : 0;
	return hi > lo ? (v - lo) / (hi - lo) : 0.5;
}

/* A point in pixels; 0 when it is a gap (n/a, or off a log axis). */
static int to_px(const struct frame *f, double x, double y, double *px, double *py)
{
	double fy;

	if (!isfinite(x) || !isfinite(y) || (f->a.xlog && x <= 0) || x < f->a.xmin || x > f->a.xmax)
		return 0;
	if (f->a.ylog && y <= 0)
		y = f->a.ymin;
	fy = pos(y, f->a.ymin, f->a.ymax, f->a.ylog);
	fy = fy < 0 ? 0 : fy > 1 ? 1 : fy;
	*px = f->left + pos(x, f->a.xmin, f->a.xmax, f->a.xlog) * f->w;
	*py = f->top + (1 - fy) * f->h;
	return 1;
}

size_t svg_reduce(const double *px, const double *py, size_t n, double x0, int cols, double *ox, double *oy)
{
	size_t k = 0, i = 0;

	if (cols < 1 || n <= 4 * (size_t)cols) {
		memmove(ox, px, n * sizeof(*ox));
		memmove(oy, py, n * sizeof(*oy));
		return n;
	}
	while (i < n) {
		long col = lround(floor(px[i] - x0));
		size_t first = i, lo = i, hi = i, last = i, keep[4];
		int nk = 0;

		while (i < n && lround(floor(px[i] - x0)) == col) {
			if (py[i] < py[lo])
				lo = i;
			if (py[i] > py[hi])
				hi = i;
			last = i++;
		}
		/* the four in their order along the curve, each once */
		keep[nk++] = first;
		if (lo != first)
			keep[nk++] = lo;
		if (hi != first && hi != lo)
			keep[nk++] = hi;
		if (nk > 2 && keep[1] > keep[2]) {
			size_t t = keep[1];

			keep[1] = keep[2];
			keep[2] = t;
		}
		if (last != keep[nk - 1] && last != first && last != lo && last != hi)
			keep[nk++] = last;
		else if (last != keep[nk - 1]) { /* last is lo or hi: it must come last */
			int j = 0;

			while (keep[j] != last)
				j++;
			for (; j + 1 < nk; j++)
				keep[j] = keep[j + 1];
			keep[nk - 1] = last;
		}
		for (int j = 0; j < nk; j++) {
			ox[k] = px[keep[j]];
			oy[k++] = py[keep[j]];
		}
	}
	return k;
}

int svg_parse_size(const char *s, int *w, int *h, char *err, size_t errlen)
{
	char *end;
	long a, b;

	a = strtol(s, &end, 10);
	if (end == s || (*end != 'x' && *end != 'X'))
		return err_set(err, errlen, "--size '%s': expected WIDTHxHEIGHT in pixels, e.g. 800x500", s);
	b = strtol(end + 1, &end, 10);
	if (*end || a < SVG_MIN_W || b < SVG_MIN_H || a > SVG_MAX_SIDE || b > SVG_MAX_SIDE)
		return err_set(err, errlen, "--size '%s': expected WIDTHxHEIGHT, %d..%d by %d..%d pixels", s, SVG_MIN_W,
			       SVG_MAX_SIDE, SVG_MIN_H, SVG_MAX_SIDE);
	*w = (int)a;
	*h = (int)b;
	return 0;
}

/* A marker of style st centred at (x, y): each style its own shape, so grey prints tell them apart. */
static void marker(struct strbuf *out, int st, double x, double y, double r, const char *cls)
{
	const char *fill = st >= 0 && st < CHART_STYLES ? svg_palette[st] : CURVE_COLOUR;

	sb_printf(out, "<path class=\"%s\" fill=\"%s\" stroke=\"#000000\" stroke-width=\"0.8\" d=\"", cls, fill);
	switch (st) {
	case 0: /* a disc, as two arcs */
		sb_printf(out, "M%.2f,%.2f a%.2f,%.2f 0 1,0 %.2f,0 a%.2f,%.2f 0 1,0 %.2f,0 Z", x - r, y, r, r, 2 * r, r, r,
			  -2 * r);
		break;
	case 1: sb_printf(out, "M%.2f,%.2f h%.2f v%.2f h%.2f Z", x - r, y - r, 2 * r, 2 * r, -2 * r); break;
	case 2: sb_printf(out, "M%.2f,%.2f L%.2f,%.2f L%.2f,%.2f Z", x, y - r * 1.2, x + r, y + r * 0.8, x - r, y + r * 0.8); break;
	case 3: sb_printf(out, "M%.2f,%.2f L%.2f,%.2f L%.2f,%.2f L%.2f,%.2f Z", x, y - r * 1.3, x + r, y, x, y + r * 1.3, x - r, y); break;
	case 4: sb_printf(out, "M%.2f,%.2f L%.2f,%.2f L%.2f,%.2f Z", x, y + r * 1.2, x + r, y - r * 0.8, x - r, y - r * 0.8); break;
	case 5: /* a cross */
		sb_printf(out, "M%.2f,%.2f l%.2f,%.2f l%.2f,%.2f l%.2f,%.2f l%.2f,%.2f l%.2f,%.2f l%.2f,%.2f l%.2f,%.2f "
			  "l%.2f,%.2f l%.2f,%.2f l%.2f,%.2f l%.2f,%.2f Z", x - r, y - r * 0.4, r * 0.6, 0.0, 0.0, -r * 0.6,
			  r * 0.8, 0.0, 0.0, r * 0.6, r * 0.6, 0.0, 0.0, r * 0.8, -r * 0.6, 0.0, 0.0, r * 0.6, -r * 0.8, 0.0,
			  0.0, -r * 0.6, -r * 0.6, 0.0);
		break;
	case 6: /* a pentagon */
		for (int k = 0; k < 5; k++) {
			double t = -M_PI / 2 + k * 2 * M_PI / 5;

			sb_printf(out, "%s%.2f,%.2f ", k ? "L" : "M", x + r * 1.1 * cos(t), y + r * 1.1 * sin(t));
		}
		sb_puts(out, "Z");
		break;
	default: sb_printf(out, "M%.2f,%.2f h%.2f v%.2f h%.2f Z", x - r / 2, y - r / 2, r, r, -r); break;
	}
	sb_puts(out, "\"/>\n");
}

static void stroke_style(struct strbuf *out, int st, double k)
{
	if (st == CHART_CURVE) {
		sb_printf(out, "stroke=\"" CURVE_COLOUR "\" stroke-width=\"%.2f\"", 1.5 * k);
		return;
	}
	sb_printf(out, "stroke=\"%s\" stroke-width=\"%.2f\"", svg_palette[st], 2.2 * k);
	if (dashes[st]) { /* the dashes grow with the line */
		sb_puts(out, " stroke-dasharray=\"");
		for (const char *d = dashes[st]; *d;) {
			char *end;
			double v = strtod(d, &end);

			sb_printf(out, "%s%g", d == dashes[st] ? "" : ",", v * k);
			d = *end == ',' ? end + 1 : end;
		}
		sb_putc(out, '"');
	}
}

/* Text of size px at the default size, scaled with the picture. */
static void text_at(struct strbuf *out, const struct frame *f, double x, double y, const char *anchor, double size,
		    const char *extra, const char *s)
{
	sb_printf(out, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.3g\"%s%s%s%s>", x, y, size * f->k,
		  anchor ? " text-anchor=\"" : "", anchor ? anchor : "", anchor ? "\"" : "", extra ? extra : "");
	quote_xml(out, s);
	sb_puts(out, "</text>\n");
}

/* One series as one path: a gap (n/a) starts a new stretch; more points than pixels reduced to the pixels. */
static void series_path(struct strbuf *out, const struct frame *f, const struct chart *c, int s)
{
	const struct chart_series *se = &c->series[s];
	double *px = malloc(sizeof(double) * (se->n ? se->n : 1)), *py = malloc(sizeof(double) * (se->n ? se->n : 1));
	double *ox = malloc(sizeof(double) * (se->n ? se->n : 1)), *oy = malloc(sizeof(double) * (se->n ? se->n : 1));
	size_t i = 0;
	int st = chart_series_style(c, s);

	if (!px || !py || !ox || !oy)
		goto out;
	sb_printf(out, "<path class=\"series s%d\" fill=\"none\" ", s);
	stroke_style(out, st, f->k);
	sb_puts(out, " stroke-linejoin=\"round\" d=\"");
	while (i < se->n) {
		size_t m = 0, k;

		while (i < se->n && !to_px(f, se->x[i], se->y[i], &px[0], &py[0]))
			i++;
		while (i < se->n && to_px(f, se->x[i], se->y[i], &px[m], &py[m])) {
			m++;
			i++;
		}
		k = svg_reduce(px, py, m, f->left, (int)ceil(f->w) + 1, ox, oy);
		for (size_t j = 0; j < k; j++)
			sb_printf(out, "%s%.2f,%.2f", j ? " L" : (out->buf[out->len - 1] == '"' ? "M" : " M"), ox[j], oy[j]);
	}
	sb_puts(out, "\"/>\n");
out:
	free(px);
	free(py);
	free(ox);
	free(oy);
}

/*
 * One unit for every label of an axis (a slide reads "0.5 1 2 ... 512" under
 * "(MiB)", not 128KiB beside 512MiB): for a size, a time or a rate, the unit
 * of the family whose labels are shortest, the larger on a tie; else the
 * axis's own unit, unscaled. The axis title names it.
 */
static void axis_unit_of(const double *t, int n, const char *unit, struct axis_unit *u)
{
	static const struct {
		const char *family, *name;
		double scale;
	} units[] = {
		{ "bytes", "bytes", 1 },    { "bytes", "KiB", 0x1p10 }, { "bytes", "MiB", 0x1p20 }, { "bytes", "GiB", 0x1p30 },
		{ "bytes", "TiB", 0x1p40 }, { "bytes", "PiB", 0x1p50 }, { "bytes", "EiB", 0x1p60 }, { "s", "ns", 1e-9 },
		{ "s", "us", 1e-6 },	    { "s", "ms", 1e-3 },	{ "s", "s", 1 },	    { "Mbps", "Mbps", 1 },
		{ "Mbps", "Gbps", 1e3 },    { "Mbps", "Tbps", 1e6 },
	};
	/* a metric in ms or us is a time: its values are in that unit */
	double base = !unit ? 1 : !strcmp(unit, "ms") ? 1e-3 : !strcmp(unit, "us") ? 1e-6 : !strcmp(unit, "ns") ? 1e-9 : 1;
	const char *family = !unit ? "" : base != 1 || !strcmp(unit, "s") ? "s" : unit;
	size_t best = (size_t)-1;

	snprintf(u->name, sizeof(u->name), "%s", unit ? unit : "");
	u->scale = 1;
	for (size_t k = 0; k < sizeof(units) / sizeof(units[0]); k++) {
		size_t widest = 0;
		char b[32];

		if (strcmp(units[k].family, family))
			continue;
		for (int i = 0; i < n; i++) { /* an e-notation label (1.074e+09) is never the shortest to read */
			size_t w;

			snprintf(b, sizeof(b), "%.6g", t[i] * base / units[k].scale);
			w = strchr(b, 'e') ? 99 : strlen(b);
			if (w > widest)
				widest = w;
		}
		if (widest <= best) {
			best = widest;
			snprintf(u->name, sizeof(u->name), "%s", units[k].name);
			u->scale = units[k].scale / base;
		}
	}
}

/* A tick's label in the axis's one unit: the number alone ("0.5", "512", "65536"). */
static void axis_label(double v, const char *unit, const struct axis_unit *u, char *buf, size_t len)
{
	if (u->scale == 1 && (!unit || (strcmp(unit, "bytes") && strcmp(unit, "s") && strcmp(unit, "Mbps")))) {
		chart_tick_label(v, unit, buf, len); /* a count: 65536, 4.45M */
		return;
	}
	snprintf(buf, len, "%.6g", v / u->scale);
}

static int y_ticks(const struct frame *f, const char *unit, double *t, int max)
{
	int n = 0;

	if (!f->a.ylog && f->a.ystep > 0) {
		for (double v = f->a.ymin; v <= f->a.ymax + f->a.ystep * 1e-9 && n < max; v += f->a.ystep)
			t[n++] = fabs(v) < f->a.ystep * 1e-9 ? 0 : v;
		return n;
	}
	return chart_ticks(f->a.ymin, f->a.ymax, f->a.ylog, unit, (int)(f->h / (45 * f->k)) > 2 ? (int)(f->h / (45 * f->k)) : 2,
			   t, max);
}

/* The legend's entries placed in rows across the width: a swatch (line, dash, marker) and the name. */
struct entry {
	double x;
	int row;
};

static int legend_layout(const struct frame *f, const struct chart *c, double width, struct entry *e)
{
	double x = 0;
	int row = 0;

	for (int s = 0; s < c->nseries; s++) {
		double w = (40 + 18) * f->k + text_w(f, c->series[s].label ? c->series[s].label : "");

		if (x > 0 && x + w > width) {
			row++;
			x = 0;
		}
		e[s].x = x;
		e[s].row = row;
		x += w;
	}
	return c->nseries ? row + 1 : 0;
}

/* The caption lines: the machine line wrapped to the picture's width. */
static int caption_lines(const struct frame *f, const char *caption, int width, struct strbuf *lines)
{
	int cols = (int)((width - 2 * f->pad) / (0.56 * 11 * f->k)), n = 0;

	if (!caption || !*caption)
		return 0;
	wrap_text(lines, caption, cols < 24 ? 24 : cols, 0);
	for (size_t i = 0; i < lines->len; i++)
		n += lines->buf[i] == '\n';
	return n + (lines->len && lines->buf[lines->len - 1] != '\n');
}

/* The document's head: the title and caption for a reader, the white page, the heading drawn. */
static void svg_head(struct strbuf *out, const struct frame *f, const struct chart *c, const char *caption, int width,
		     int height, const char *title)
{
	sb_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	sb_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
		  "viewBox=\"0 0 %d %d\">\n", width, height, width, height);
	sb_puts(out, "<title>");
	quote_xml(out, c->heading ? c->heading : title);
	sb_puts(out, "</title>\n");
	if (caption) {
		sb_puts(out, "<desc>");
		quote_xml(out, caption);
		sb_puts(out, "</desc>\n");
	}
	sb_printf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#FFFFFF\"/>\n", width, height);
	sb_printf(out, "<g class=\"chart %s %s\" " FONT " fill=\"#000000\">\n", f->a.xlog ? "xlog" : "xlin",
		  f->a.ylog ? "ylog" : "ylin");
	sb_printf(out, "<clipPath id=\"plotarea\"><rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/></clipPath>\n",
		  f->left - 8 * f->k, f->top - 8 * f->k, f->w + 16 * f->k, f->h + 16 * f->k);
	text_at(out, f, f->pad, 22 * f->k, NULL, 15, " font-weight=\"bold\"", c->heading ? c->heading : title);
}

/* The legend, in the series' order - show's: before, after, the other sides, then the variants. */
static void svg_legend(struct strbuf *out, const struct frame *f, const struct chart *c, const struct entry *e)
{
	for (int s = 0; s < c->nseries; s++) {
		int st = chart_series_style(c, s);
		double x = f->pad + e[s].x, y = (34 + e[s].row * ROW + 9) * f->k;

		if (c->series[s].n != 1) {
			sb_printf(out, "<path class=\"legend\" fill=\"none\" d=\"M%.2f,%.2f h%.2f\" ", x, y, 34 * f->k);
			stroke_style(out, st, f->k);
			sb_puts(out, "/>\n");
		}
		if (st != CHART_CURVE)
			marker(out, st, x + 17 * f->k, y, 4.5 * f->k, "legendmark");
		text_at(out, f, x + 40 * f->k, y + 4.5 * f->k, NULL, FS, NULL, c->series[s].label ? c->series[s].label : "");
	}
}

/* The axes, their ticks, grid lines and titles. */
static void svg_axes(struct strbuf *out, const struct frame *f, const struct chart *c, const double *t, int nt)
{
	const double k = f->k;
	double last_end = -1e9, xt_[64];
	int maxt = (int)(f->w / (80 * k)) > 2 ? (int)(f->w / (80 * k)) : 2, unit = c->yunit && *c->yunit, nx;
	char b[64], xt[256], yt[200];
	struct axis_unit yu, xu;

	sb_printf(out, "<path class=\"axes\" fill=\"none\" stroke=\"#000000\" stroke-width=\"%.2f\" d=\"M%.2f,%.2f V%.2f H%.2f\"/>\n",
		  k, f->left, f->top, f->top + f->h, f->left + f->w);
	for (int i = 0; i < nt; i++) {
		double y = f->top + (1 - pos(t[i], f->a.ymin, f->a.ymax, f->a.ylog)) * f->h;

		if (y < f->top - 0.5 || y > f->top + f->h + 0.5)
			continue;
		sb_printf(out, "<path class=\"grid\" stroke=\"#E0E0E0\" stroke-width=\"%.2f\" d=\"M%.2f,%.2f H%.2f\"/>\n", k,
			  f->left + 1, y, f->left + f->w);
		sb_printf(out, "<path class=\"tick\" stroke=\"#000000\" stroke-width=\"%.2f\" d=\"M%.2f,%.2f h%.2f\"/>\n", k,
			  f->left, y, -5 * k);
		axis_label(t[i], c->yunit, &f->yu, b, sizeof(b));
		text_at(out, f, f->left - 8 * k, y + 4.5 * k, "end", FS - 1, NULL, b);
	}
	yu = f->yu;
	nx = chart_x_ticks(c, f->a.xmin, f->a.xmax, f->a.xlog, maxt, xt_, 64);
	axis_unit_of(xt_, c->xnames ? 0 : nx, c->xnames ? NULL : c->xunit, &xu);
	for (int i = 0; i < nx; i++) {
		double x = f->left + pos(xt_[i], f->a.xmin, f->a.xmax, f->a.xlog) * f->w, w, at;
		const char *anchor = "middle";

		sb_printf(out, "<path class=\"tick\" stroke=\"#000000\" stroke-width=\"%.2f\" d=\"M%.2f,%.2f v%.2f\"/>\n", k, x,
			  f->top + f->h, 5 * k);
		if (c->xnames)
			chart_x_label(c, xt_[i], b, sizeof(b));
		else
			axis_label(xt_[i], c->xunit, &xu, b, sizeof(b));
		w = text_w(f, b);
		at = x - w / 2;
		if (x + w / 2 > f->left + f->w + 20 * k) /* the last one ends at the edge, not past it */
			at = x - w, anchor = "end";
		if (at < last_end + 6 * k) /* labels never overlap: one that would is left out, its tick kept */
			continue;
		text_at(out, f, x, f->top + f->h + 19 * k, anchor, FS - 1, NULL, b);
		last_end = at + w;
	}
	snprintf(xt, sizeof(xt), "%s%s%s%s%s%s%s", c->xname ? c->xname : "", *xu.name ? " (" : "", xu.name,
		 *xu.name ? ")" : "", f->a.xlog ? ", log scale" : "", c->xnote ? ", " : "", c->xnote ? c->xnote : "");
	text_at(out, f, f->left + f->w / 2, f->top + f->h + 38 * k, "middle", FS, NULL, xt);
	snprintf(yt, sizeof(yt), "%s%s%s%s", c->title ? c->title : "", unit ? " (" : "", unit ? yu.name : "",
		 unit ? ")" : "");
	sb_printf(out, "<text font-size=\"%.3g\" text-anchor=\"middle\" transform=\"translate(%.2f,%.2f) rotate(-90)\">",
		  FS * k, f->pad + 4 * k, f->top + f->h / 2);
	quote_xml(out, yt);
	sb_puts(out, "</text>\n");
}

/* This machine: a line across, then each series' marker on it; the series' paths and single points. */
static void svg_series(struct strbuf *out, const struct frame *f, const struct chart *c, const double *marks)
{
	const double k = f->k;

	if (isfinite(c->marker_x) && c->marker_x >= f->a.xmin && c->marker_x <= f->a.xmax && (!f->a.xlog || c->marker_x > 0)) {
		double x = f->left + pos(c->marker_x, f->a.xmin, f->a.xmax, f->a.xlog) * f->w;

		sb_printf(out, "<path class=\"machine\" stroke=\"#555555\" stroke-width=\"%.2f\" stroke-dasharray=\"%g,%g\" "
			  "d=\"M%.2f,%.2f V%.2f\"/>\n", k, 3 * k, 3 * k, x, f->top, f->top + f->h);
		/* beside its line, on the side with room: past the plot's right edge it would leave the picture */
		if (x + 4 * k + text_w(f, "this machine") > f->left + f->w)
			text_at(out, f, x - 4 * k, f->top + 12 * k, "end", FS - 2, " fill=\"#555555\"", "this machine");
		else
			text_at(out, f, x + 4 * k, f->top + 12 * k, NULL, FS - 2, " fill=\"#555555\"", "this machine");
	}
	sb_puts(out, "<g clip-path=\"url(#plotarea)\">\n");
	for (int s = 0; s < c->nseries; s++)
		if (c->series[s].n > 1)
			series_path(out, f, c, s);
	for (int s = 0; s < c->nseries; s++) {
		const struct chart_series *se = &c->series[s];
		double px, py;
		int st = chart_series_style(c, s);

		if (marks && isfinite(marks[s]) && to_px(f, c->marker_x, marks[s], &px, &py))
			marker(out, st, px, py, 5 * k, "mark");
		if (se->n == 1 && to_px(f, se->x[0], se->y[0], &px, &py)) {
			marker(out, st, px, py, 6 * k, "point");
			if (se->point_label)
				text_at(out, f, px + 9 * k, py - 8 * k, NULL, FS - 1, NULL, se->point_label);
		}
	}
	sb_puts(out, "</g>\n");
}

void svg_chart(const struct chart *c, const double *marks, const char *caption, int width, int height,
	       struct strbuf *out)
{
	struct frame f;
	struct entry e[CHART_MAX_SERIES];
	struct strbuf cap = STRBUF_INIT;
	char title[320], b[64];
	double t[64], lw = 0;
	int nt, legend_rows, ncap, unit = c->yunit && *c->yunit;

	/* text a room can read on a slide: every length grows with the picture past 800x500, none shrinks */
	f.k = fmax(1.0, fmin(width / (double)SVG_DEFAULT_W, height / (double)SVG_DEFAULT_H));
	f.pad = 16 * f.k;
	legend_rows = legend_layout(&f, c, width - 2 * f.pad, e);
	ncap = caption_lines(&f, caption, width, &cap);
	f.top = (34 + legend_rows * ROW + 12) * f.k;
	f.h = height - f.top - (48 + ncap * 15) * f.k;
	if (f.h < 60)
		f.h = 60;
	chart_axes_of(c, (int)(f.h / (45 * f.k)) > 2 ? (int)(f.h / (45 * f.k)) : 2, &f.a);
	nt = y_ticks(&f, c->yunit, t, 64);
	axis_unit_of(t, nt, c->yunit, &f.yu);
	for (int i = 0; i < nt; i++) {
		axis_label(t[i], c->yunit, &f.yu, b, sizeof(b));
		lw = fmax(lw, text_w(&f, b));
	}
	f.left = f.pad + (20 + 8) * f.k + lw;
	f.w = width - f.left - 24 * f.k;
	snprintf(title, sizeof(title), "%s%s%s%s%s%s", c->title ? c->title : "", unit ? " (" : "", unit ? f.yu.name : "",
		 unit ? ")" : "", f.a.ylog ? ", log scale" : "", c->title_tail ? c->title_tail : "");
	svg_head(out, &f, c, caption, width, height, title);
	svg_legend(out, &f, c, e);
	svg_axes(out, &f, c, t, nt);
	svg_series(out, &f, c, marks);
	{ /* the machine line as a caption */
		const char *p = sb_str(&cap);
		double y = height - (ncap * 15 - 8) * f.k;

		while (*p) {
			size_t n = strcspn(p, "\n");
			char line[512];

			snprintf(line, sizeof(line), "%.*s", (int)n, p);
			text_at(out, &f, f.pad, y, NULL, 11, " fill=\"#333333\"", line);
			y += 15 * f.k;
			p += n + (p[n] == '\n');
		}
	}
	sb_puts(out, "</g>\n</svg>\n");
	sb_free(&cap);
}
