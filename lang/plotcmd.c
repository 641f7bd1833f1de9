/*
 * plot: a metric's before and after (and variants) over a key, sampled by
 * core/plot_sample.c, drawn by chart.c as a text chart, or written as the
 * points in csv or json.
 */
#include "sweepcmd.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "../core/err.h"
#include "../core/units.h"
#include "outpath.h"
#include "wrap.h"
#include "records.h"
#include "render.h"

#define PLOT_MAX_POINTS (1u << 20)

static int terminal_width(void)
{
	struct winsize ws;

	if (isatty(STDOUT_FILENO) && !ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_col >= CHART_MIN_WIDTH)
		return ws.ws_col > 200 ? 200 : ws.ws_col;
	return 80;
}

void plot_details(struct strbuf *out)
{
	sb_printf(out,
		  "A curve for each side of METRIC - before and after, then the variants while there is room, %d "
		  "curves at most - or the one side named, over KEY from FROM to TO.\n"
		  "Points: with no step the range is sampled, about two points for each column of the chart, "
		  "spaced on a log axis when TO is 64 times FROM or more and evenly otherwise; with step N or x N "
		  "every stepped value is a point (x N on a log axis), at most %u of them. A list metric "
		  "(proactive_reclaim.asks) has no one number to plot: plot its count (proactive_reclaim.calls).\n"
		  "The chart: --width N columns (%d..%d; without it, a terminal's width up to 200, or 80 for a "
		  "file or a pipe) and 22 rows, in braille and box-drawing characters when the locale is UTF-8, "
		  "else (or with --ascii) in ASCII. A mark stands at this machine's KEY, and the line under the "
		  "chart gives each curve's value there. csv and json give the points instead; > PATH or "
		  "--output PATH writes to a file (a .csv or .json ending picks that format).\n",
		  CHART_MAX_SERIES, PLOT_MAX_POINTS, CHART_MIN_WIDTH, WRAP_MAX);
}

/* --ascii: taken out of argv (cmd_run took --width, --format and > PATH: outopts.h). */
static int take_plot_options(int *argc, char **argv, int *ascii)
{
	int n = 0;

	for (int i = 0; i < *argc; i++) {
		if (!strcmp(argv[i], "--ascii"))
			*ascii = 1;
		else
			argv[n++] = argv[i];
	}
	*argc = n;
	return 0;
}

/*
 * The line above the chart that says which machine it is: the preset, and
 * the parameters the metric reads (metric_desc.reads) other than the one
 * the chart varies - what a reader needs to redraw it.
 */
static void plot_machine_line(const struct session *s, const struct metric_desc *md, const struct param *key,
			      int width, struct strbuf *out)
{
	struct strbuf line = STRBUF_INIT;
	char label[80], word[64];
	const char *p = md->reads ? md->reads : "";
	int any = 0;

	session_preset_label(s, label, sizeof(label));
	sb_printf(&line, "machine: %s%s", *label ? "preset " : "", label);
	while (*p) {
		size_t n = strcspn(p, " ");
		const struct param *q;

		snprintf(word, sizeof(word), "%.*s", (int)n, p);
		p += n + (p[n] == ' ');
		q = param_find(word);
		if (!q || q == key)
			continue;
		{
			char v[96];

			param_format_human(&s->m, q, v, sizeof(v));
			sb_printf(&line, "%s%s = %s", any || *label ? ", " : "", q->name, v);
			any = 1;
		}
	}
	if (!any && !*label)
		sb_puts(&line, "the default");
	/* wrapped at the chart's width, continuation lines indented */
	{
		const char *t = sb_str(&line);
		int col = 0;

		while (*t) {
			size_t n = strcspn(t, ",");
			int take = (int)n + (t[n] == ',');

			if (col && col + take > width) {
				sb_puts(out, "\n ");
				col = 1;
				while (*t == ' ')
					t++, n--, take--;
			}
			sb_printf(out, "%.*s", take, t);
			col += take;
			t += take;
		}
		sb_putc(out, '\n');
	}
	sb_free(&line);
}

/* The chart's points as rows: KEY, then a column per curve; lossless, as sweep writes them. */
static void plot_records(const struct sweep_range *r, const struct chart *c, const struct plot_points *pts,
			 enum out_format f, struct strbuf *out)
{
	const char *heads[PLOT_MAX_SERIES + 2];
	struct records rec;

	heads[0] = r->key->name;
	for (int i = 0; i < c->nseries; i++)
		heads[i + 1] = c->series[i].label;
	heads[c->nseries + 1] = NULL;
	rec_begin(&rec, f, heads, out);
	for (size_t k = 0; k < pts->n; k++) {
		rec_value(&rec, r->real ? val_real(pts->x[k]) : val_int((uint64_t)pts->x[k]));
		for (int i = 0; i < c->nseries; i++)
			rec_value(&rec, isnan(pts->y[i][k]) ? val_none(NULL) : val_real(pts->y[i][k]));
		rec_end_row(&rec);
	}
	rec_end(&rec);
}

int cmd_plot(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct sweep_range r;
	struct metric_ref ref;
	struct plot_points pts;
	struct chart c;
	struct strbuf text = STRBUF_INIT, *dst;
	const char *path = s->opts.path;
	enum out_format fmt;
	char why[PATH_MAX + 256], title[160];
	int width = s->opts.width, height = 22, next, nser = 0, sides[CHART_MAX_SERIES], ascii = 0;

	if (take_plot_options(&argc, argv, &ascii))
		return -1;
	if (argc < 5 || strcmp(argv[1], "over"))
		return err_set(err, errlen, "plot: expected plot METRIC[.SIDE] over KEY FROM TO [step N | x N] "
			       "[--ascii] [--width N] [> PATH]");
	if (!width) /* a file or a pipe gets 80 columns, a terminal its own width */
		width = path ? 80 : terminal_width();
	if (metric_parse_m(&s->m, argv[0], &ref, why, sizeof(why)))
		return err_set(err, errlen, "plot: %s", why);
	if (ref.metric->list)
		return err_set(err, errlen, "plot: %s.%s is a list, not one number per row: plot %s.calls, or sweep it",
			       ref.patch->id, ref.metric->name, ref.patch->id);
	next = sweep_range_words(&s->m, argc - 2, argv + 2, &r, "plot", err, errlen);
	if (next < 0)
		return -1;
	if (next + 2 != argc)
		return err_set(err, errlen, "plot: unexpected '%s' after the range", argv[next + 2]);
	if (r.given && r.rows > PLOT_MAX_POINTS)
		return err_set(err, errlen, "plot: %llu points is more than a chart can show (at most %u): use a coarser step",
			   (unsigned long long)r.rows, PLOT_MAX_POINTS);
	fmt = s->format;

	/* both sides as two curves unless one was named */
	if (ref.metric->single || ref.side >= 0) {
		sides[nser++] = ref.metric->single && ref.side != SIDE_KERNEL ? 0 : ref.side;
	} else {
		sides[nser++] = ref.patch->before;
		if (ref.patch->after != ref.patch->before)
			sides[nser++] = ref.patch->after;
		/* and the variants, as many as the chart has room for */
		for (int v = patch_nsides(ref.patch); v < patch_ncols(&s->m, ref.patch) && nser < CHART_MAX_SERIES; v++)
			sides[nser++] = v;
	}
	if (plot_sample(&s->m, &r, ref.patch, ref.metric, sides, nser, width, &pts, why, sizeof(why)))
		return err_set(err, errlen, "plot: %s", why);

	memset(&c, 0, sizeof(c));
	snprintf(title, sizeof(title), "%s.%s%s%s", ref.patch->id, ref.metric->name, nser == 1 && !ref.metric->single ? "." : "",
		 nser == 1 && !ref.metric->single ? patch_col_name(&s->m, ref.patch, sides[0]) : "");
	c.title = title;
	c.yunit = ref.metric->unit;
	c.xname = r.key->name;
	c.xunit = r.key->unit;
	c.xscale = pts.xlog ? CHART_LOG : CHART_LINEAR;
	c.yscale = CHART_AUTO;
	c.nseries = nser;
	for (int i = 0; i < nser; i++) {
		c.series[i].label = ref.metric->single ? ref.metric->name : patch_col_name(&s->m, ref.patch, sides[i]);
		c.series[i].x = pts.x;
		c.series[i].y = pts.y[i];
		c.series[i].n = pts.n;
	}
	c.marker_x = r.real ? param_real(&s->m, r.key) : (double)param_u64(&s->m, r.key);
	dst = path ? &text : out;
	if (fmt != FMT_TABLE) {
		plot_records(&r, &c, &pts, fmt, dst);
	} else {
		plot_machine_line(s, ref.metric, r.key, width, dst);
		chart_render(&c, width, height, ascii ? 0 : chart_locale_utf8(), dst);
	}
	plot_points_free(&pts);

	/* what the marker stands for, in numbers a person reads */
	if (fmt == FMT_TABLE) {
		char key[64], b[64];

		param_format_human(&s->m, r.key, key, sizeof(key));
		sb_printf(dst, "this machine: %s = %s:", r.key->name, key);
		for (int i = 0; i < nser; i++) {
			render_human(metric_compute(&s->m, ref.patch, ref.metric, sides[i], NULL), ref.metric->unit, b, sizeof(b));
			sb_printf(dst, "%s %s %s", i ? "," : "", c.series[i].label, b);
		}
		sb_putc(dst, '\n');
	}
	if (path)
		return outpath_write(s, "plot", "chart", path, &text, out, err, errlen);
	return 0;
}
