/*
 * plot: a metric's before and after (and variants) over a key, sampled by
 * core/plot_sample.c, drawn by chart.c as a text chart, or written as the
 * points in csv or json.
 */
#include "cmd_sweep.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "../../core/err.h"
#include "../../core/mm/release.h"
#include "../../core/units.h"
#include "../out/outpath.h"
#include "../out/wrap.h"
#include "../walk.h"
#include "../out/records.h"
#include "../out/render.h"
#include "../out/svg.h"
#include "../out/wrap.h"

#define PLOT_MAX_POINTS (1u << 20)

static int terminal_width(void)
{
	struct winsize ws;

	if (isatty(STDOUT_FILENO) && !ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_col >= CHART_MIN_WIDTH)
		return ws.ws_col > 200 ? 200 : ws.ws_col;
	return 80;
}

void plot_details(const struct patch_set *ps, struct strbuf *out)
{
	(void)ps; /* the same words whatever is loaded */
	sb_printf(out,
		  "A curve for each side of METRIC - before and after, any third side (proactive_reclaim's full), "
		  "then every variant, %d curves at most, each its own glyph and named in the legend - or the one "
		  "side named, over KEY from FROM to TO.\n"
		  "Points: with no step the range is sampled, about two points for each column of the chart, "
		  "spaced on a log axis when TO is 64 times FROM or more and evenly otherwise; with step N or x N "
		  "every stepped value is a point (x N on a log axis), at most %u of them. A list metric "
		  "(proactive_reclaim.asks) has no one number to plot: plot its count (proactive_reclaim.calls).\n"
		  "The chart: --width N columns (%d..%d; without it, a terminal's width up to 200, or 80 for a "
		  "file or a pipe) and 22 rows, in braille and box-drawing characters when the locale is UTF-8, "
		  "else (or with --ascii) in ASCII. A mark stands at this machine's KEY, and the line under the "
		  "chart gives each curve's value there. csv and json give the points instead, a column per curve; > PATH or "
		  "--output PATH writes to a file (a .csv or .json ending picks that format).\n"
		  "A picture: --format svg, or a PATH ending .svg, writes the chart as a standalone SVG 1.1 file "
		  "--size WIDTHxHEIGHT pixels (default %dx%d): the same points as the csv, each curve in a colour of "
		  "Okabe and Ito's colour-blind-safe palette with its own dash pattern and marker, a marker where this "
		  "machine sits on each, the machine line as a caption; --title TEXT gives it a heading of its own (a "
		  "slide's), and its text grows with --size past 800x500 (a 1920x1080 slide's is 2.16 times as big); "
		  "--no-caption leaves the machine line out. Each axis's labels are in one unit, named in its title "
		  "(0.5 .. 512 MiB, not 512KiB beside 512MiB), and never overlap.\n"
		  "The y axis is logarithmic when the curves span more than 100x, else linear: --log or --linear "
		  "chooses.\n",
		  PLOT_MAX_SERIES, PLOT_MAX_POINTS, CHART_MIN_WIDTH, WRAP_MAX, SVG_DEFAULT_W, SVG_DEFAULT_H);
	walk_details(out, "a plot");
}

/*
 * What plot and tradeoff take besides their words and the output options
 * cmd_run took (> PATH, --format, --width: outopts.h): --ascii (plot's text
 * chart) and --size WxH (a picture's pixels), N or =N.
 */
int chart_take_options(const char *cmd, int *argc, char **argv, int ascii_ok, struct chart_options *o, char *err,
		       size_t errlen)
{
	int n = 0;

	for (int i = 0; i < *argc; i++) {
		const char *a = argv[i], *w;
		char why[128];

		if (ascii_ok && !strcmp(a, "--ascii")) {
			o->ascii = 1;
			continue;
		}
		if (!strcmp(a, "--log") || !strcmp(a, "--linear")) {
			o->yscale = a[3] == 'o' ? CHART_LOG : CHART_LINEAR;
			continue;
		}
		if (!strcmp(a, "--no-caption")) {
			o->no_caption = 1;
			continue;
		}
		if (strncmp(a, "--size", 6) || (a[6] && a[6] != '=')) {
			argv[n++] = argv[i];
			continue;
		}
		if (a[6] == '=')
			w = a + 7;
		else if (i + 1 == *argc)
			return err_set(err, errlen, "%s: expected WIDTHxHEIGHT after --size", cmd);
		else
			w = argv[++i];
		if (svg_parse_size(w, &o->svg_w, &o->svg_h, why, sizeof(why)))
			return err_set(err, errlen, "%s: %s", cmd, why);
	}
	*argc = n;
	return 0;
}

int chart_take_title(const char *cmd, int *argc, char **argv, int svg, const char **title, char *err, size_t errlen)
{
	int n = 0;

	for (int i = 0; i < *argc; i++) {
		const char *a = argv[i];

		if (strncmp(a, "--title", 7) || (a[7] && a[7] != '=')) {
			argv[n++] = argv[i];
			continue;
		}
		if (a[7] == '=')
			*title = a + 8;
		else if (i + 1 < *argc)
			*title = argv[++i];
		if (!*title || !**title)
			return err_set(err, errlen, "%s: expected a heading after --title (quoted: --title 'Window by RAM')", cmd);
	}
	*argc = n;
	if (*title && !svg)
		return err_set(err, errlen, "%s: --title is a picture's heading: add --format svg, or > PATH.svg", cmd);
	return 0;
}

/*
 * The line above the chart that says which machine it is: the preset, and
 * the parameters the metric reads (metric_desc.reads) other than the one
 * the chart varies - what a reader needs to redraw it.
 */
void chart_machine_text(const struct session *s, const char *reads, const struct param *key, struct strbuf *line)
{
	char label[80];

	session_preset_label(s, label, sizeof(label));
	chart_machine_text_of(&s->m, *label ? "preset " : "", label, reads, key, line);
}

void chart_machine_text_of(const struct machine *m, const char *kind, const char *label, const char *reads,
			   const struct param *key, struct strbuf *line)
{
	char word[64], caveat[REC_CAVEAT_MAX];
	const char *p = reads ? reads : "";
	const struct param *seen[64];
	int any = 0, nseen = 0;

	sb_printf(line, "machine: %s%s", *label ? kind : "", label);
	while (*p) {
		size_t n = strcspn(p, " ");
		const struct param *q;
		int dup = 0;

		snprintf(word, sizeof(word), "%.*s", (int)n, p);
		p += n + (p[n] == ' ');
		q = param_find(word);
		for (int i = 0; i < nseen; i++)
			dup |= seen[i] == q;
		if (!q || q == key || dup)
			continue;
		if (nseen < 64)
			seen[nseen++] = q;
		{
			char v[96];

			param_format_human(m, q, v, sizeof(v));
			sb_printf(line, "%s%s = %s", any || *label ? ", " : "", q->name, v);
			any = 1;
		}
	}
	if (!any && !*label)
		sb_puts(line, "the default");
	/* an enterprise kernel's figures say so beside the machine they are of, as get's do */
	if (*release_caveat_over(m, key ? key->name : "", caveat, sizeof(caveat)))
		sb_printf(line, " (kernel figures %s)", caveat);
}

static void plot_machine_line(const struct session *s, const struct metric_desc *md, const struct param *key,
			      int width, struct strbuf *out)
{
	struct strbuf line = STRBUF_INIT;

	chart_machine_text(s, md->reads, key, &line);
	/* wrapped at the chart's width: a mail's 72 columns hold it */
	wrap_text(out, sb_str(&line), width, 0);
	if (out->len && out->buf[out->len - 1] != '\n')
		sb_putc(out, '\n');
	sb_free(&line);
}

/* The chart's points as rows: KEY, then a column per curve; lossless, as sweep writes them. */
static void plot_records(const struct sweep_range *r, const struct chart *c, const struct plot_points *pts,
			 const struct metric_desc *md, struct doc *d, enum out_format f, struct strbuf *out)
{
	const char *heads[PLOT_MAX_SERIES + 2];
	struct rec_unit units[PLOT_MAX_SERIES + 1];
	struct records rec;

	heads[0] = r->key->name;
	units[0] = (struct rec_unit){ r->key->name, r->key->unit, "input", NULL };
	for (int i = 0; i < c->nseries; i++) {
		heads[i + 1] = c->series[i].label;
		units[i + 1] = (struct rec_unit){ c->series[i].label, md->unit, rec_kind(md), NULL };
	}
	heads[c->nseries + 1] = NULL;
	rec_begin(&rec, d, f, heads, units, c->nseries + 1, out);
	for (size_t k = 0; k < pts->n; k++) {
		if (r->key->type == PT_CHOICE) /* a release, by its name */
			rec_str(&rec, r->key->choices[(size_t)pts->x[k]]);
		else
			rec_value(&rec, r->real ? val_real(pts->x[k]) : val_int((uint64_t)pts->x[k]));
		for (int i = 0; i < c->nseries; i++)
			rec_value(&rec, isnan(pts->y[i][k]) ? val_none(NULL) : val_real(pts->y[i][k]));
		rec_end_row(&rec);
	}
	rec_end(&rec);
}

/* The sides to draw, a series each: over the releases the kernel side, else every side and variant unless one was named. */
static int plot_series_sides(const struct session *s, struct sweep_range *r, const struct metric_ref *ref, int *sides,
			     char *err, size_t errlen)
{
	if (!r->key->resolve)
		return plot_sides(&s->m, ref->patch, ref->metric, ref->side, sides);
	/* over the releases: every one is a point, and the kernel side is what moves */
	r->given = 1;
	if (!ref->patch->kernel_code)
		return err_set(err, errlen, "plot: %s has no kernel side: nothing of it varies over kernel", ref->patch->id);
	sides[0] = ref->side >= 0 ? ref->side : SIDE_KERNEL;
	return 1;
}

/* The chart of the sampled points: its title (in title), axes, series and this machine's marker. */
static void plot_chart_setup(const struct session *s, const struct sweep_range *r, const struct metric_ref *ref,
			     const struct plot_points *pts, const int *sides, int nser, struct chart *c, char *title,
			     size_t tlen)
{
	snprintf(title, tlen, "%s.%s%s%s", ref->patch->id, ref->metric->name, nser == 1 && !ref->metric->single ? "." : "",
		 nser == 1 && !ref->metric->single ? patch_col_name(&s->m, ref->patch, sides[0]) : "");
	c->title = title;
	c->yunit = ref->metric->unit;
	c->xname = r->key->name;
	c->xunit = r->key->unit;
	c->xscale = pts->xlog ? CHART_LOG : CHART_LINEAR;
	c->xnames = r->key->type == PT_CHOICE ? r->key->choices : NULL;
	c->yscale = CHART_AUTO;
	c->nseries = nser;
	for (int i = 0; i < nser; i++) {
		c->series[i].label = ref->metric->single && sides[i] != SIDE_KERNEL ? ref->metric->name
				     : patch_col_name(&s->m, ref->patch, sides[i]);
		if (sides[i] == SIDE_KERNEL && c->xnames)
			c->series[i].label = "release's code"; /* "kernel" is the axis's name already */
		c->series[i].x = pts->x;
		c->series[i].y = pts->y[i];
		c->series[i].n = pts->n;
	}
	c->marker_x = r->real ? param_real(&s->m, r->key) : (double)param_u64(&s->m, r->key);
}

/* What the marker stands for, in numbers a person reads, wrapped to the chart's width. */
static void plot_marker_text(const struct session *s, const struct sweep_range *r, const struct metric_ref *ref,
			     const int *sides, const struct chart *c, int width, struct strbuf *dst)
{
	struct strbuf line = STRBUF_INIT;
	char key[64], b[64];

	param_format_human(&s->m, r->key, key, sizeof(key));
	sb_printf(&line, "this machine: %s = %s:", r->key->name, key);
	for (int i = 0; i < c->nseries; i++) {
		render_human(metric_compute(&s->m, ref->patch, ref->metric, sides[i], NULL), ref->metric->unit, b, sizeof(b));
		sb_printf(&line, "%s %s %s", i ? "," : "", c->series[i].label, b);
	}
	wrap_text(dst, sb_str(&line), width, 0);
	if (dst->len && dst->buf[dst->len - 1] != '\n')
		sb_putc(dst, '\n');
	sb_free(&line);
}

/* The chart in the format asked: an SVG picture, records (a document of their own for a file), or text. */
static void plot_draw(struct session *s, const struct sweep_range *r, const struct metric_ref *ref, const int *sides,
		      const struct chart *c, const struct plot_points *pts, const struct chart_options *o,
		      struct strbuf *dst)
{
	enum out_format fmt = s->format;
	char caveat[REC_CAVEAT_MAX];

	if (fmt == FMT_SVG) {
		struct strbuf cap = STRBUF_INIT;
		double marks[PLOT_MAX_SERIES];

		for (int i = 0; i < c->nseries; i++)
			marks[i] = value_real(metric_compute(&s->m, ref->patch, ref->metric, sides[i], NULL));
		chart_machine_text(s, ref->metric->reads, r->key, &cap);
		svg_chart(c, marks, o->no_caption ? NULL : sb_str(&cap), o->svg_w, o->svg_h, dst);
		sb_free(&cap);
	} else if (fmt != FMT_TABLE && s->opts.path) { /* a file is a document of its own */
		struct doc fd;

		doc_init(&fd, s->units, s->doc.command);
		rec_caveat_next(&fd, release_caveat_over(&s->m, r->key->name, caveat, sizeof(caveat)));
		plot_records(r, c, pts, ref->metric, &fd, fmt, dst);
		doc_close(&fd, fmt, 0, dst);
	} else if (fmt != FMT_TABLE) {
		rec_caveat_next(&s->doc, release_caveat_over(&s->m, r->key->name, caveat, sizeof(caveat)));
		plot_records(r, c, pts, ref->metric, &s->doc, fmt, dst);
	} else {
		plot_machine_line(s, ref->metric, r->key, o->width, dst);
		chart_render(c, o->width, 22 /* rows: a 24-line terminal less the machine line and the marker's */, o->ascii ? 0 : chart_locale_utf8(), dst);
		plot_marker_text(s, r, ref, sides, c, o->width, dst);
	}
}

/* The command's words read: its options into o, the metric into ref, the range into r; -1 with err. */
static int plot_parse(struct session *s, int *argc, char **argv, struct chart_options *o, const char **heading,
		      struct metric_ref *ref, struct sweep_range *r, struct walk_how *how, char *err, size_t errlen)
{
	char why[PATH_MAX + 256];
	int next;

	if (chart_take_options("plot", argc, argv, 1, o, err, errlen) ||
	    chart_take_title("plot", argc, argv, s->format == FMT_SVG, heading, err, errlen))
		return -1;
	*argc = walk_take_long(*argc, argv, how); /* after --title: a title may read "--long" */
	o->width = s->opts.width;
	if (*argc < 5 || strcmp(argv[1], "over"))
		return err_set(err, errlen, "plot: expected plot METRIC[.SIDE] over KEY FROM TO [step N | x N] "
			       "[--ascii] [--log|--linear] [--width N] [--format svg] [--size WxH] [--title TEXT] [--no-caption] [--long] [> PATH]");
	if (!o->width) /* a file or a pipe gets 80 columns, a terminal its own width */
		o->width = s->opts.path ? 80 : terminal_width();
	if (metric_parse_m(&s->m, argv[0], ref, why, sizeof(why)))
		return err_set(err, errlen, "plot: %s", why);
	if (ref->metric->list)
		return err_set(err, errlen, "plot: %s.%s is a list, not one number per row: plot %s.calls, or sweep it",
			       ref->patch->id, ref->metric->name, ref->patch->id);
	next = sweep_range_words(&s->m, *argc - 2, argv + 2, r, "plot", err, errlen);
	if (next < 0)
		return -1;
	if (next + 2 != *argc)
		return err_set(err, errlen, "plot: unexpected '%s' after the range", argv[next + 2]);
	if (r->given && r->rows > PLOT_MAX_POINTS)
		return err_set(err, errlen, "plot: %llu points is more than a chart can show (at most %u): use a coarser step",
			   (unsigned long long)r->rows, PLOT_MAX_POINTS);
	if (o->ascii && s->format != FMT_TABLE) /* two answers to one question: say so rather than drop one */
		return err_set(err, errlen, "plot: --ascii draws the text chart, and the output is %s%s: choose one",
			       out_format_names[s->format], s->opts.path ? " (from > PATH)" : "");
	return 0;
}

int cmd_plot(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct sweep_range r;
	struct metric_ref ref;
	struct plot_points pts;
	struct chart c;
	const char *heading = NULL; /* --title */
	struct chart_options o = CHART_OPTIONS_INIT;
	struct strbuf text = STRBUF_INIT, *dst = s->opts.path ? &text : out;
	char why[PATH_MAX + 256], title[160];
	int nser, sides[PLOT_MAX_SERIES], rc;
	struct walk_how how;
	struct walk_plot wp;
	struct plot_watch watch;

	s->ask_long = 0;
	how.show = walk_may_show(0); /* the chart is drawn at the end */
	watch = walk_plot_watch(&wp, "plot", &how);
	if (plot_parse(s, &argc, argv, &o, &heading, &ref, &r, &how, err, errlen))
		return -1;
	nser = plot_series_sides(s, &r, &ref, sides, err, errlen);
	if (nser < 0)
		return -1;
	/* the same points whatever the format, so a picture and its csv agree point for point */
	rc = plot_sample_watched(&s->m, &r, ref.patch, ref.metric, sides, nser, o.width, &watch, &pts, why, sizeof(why));
	if (rc == -3) { /* over a minute: the explorer asks, then adds --long */
		s->ask_long = 1;
		return err_set(err, errlen, "%s", why);
	}
	if (rc)
		return err_set(err, errlen, "plot: %s", why);
	memset(&c, 0, sizeof(c));
	c.heading = heading;
	plot_chart_setup(s, &r, &ref, &pts, sides, nser, &c, title, sizeof(title));
	c.yscale = (enum chart_scale)o.yscale; /* --log, --linear, else log past 100x */
	plot_draw(s, &r, &ref, sides, &c, &pts, &o, dst);
	plot_points_free(&pts);
	if (s->opts.path)
		return session_write_file(s, "plot", s->format == FMT_SVG ? "picture" : "chart", s->opts.path, &text, out, err,
				     errlen);
	return 0;
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_plot_entry = {
	.name = "plot",
	.usage = "METRIC[.SIDE] over KEY FROM TO [step N | x N] [--ascii] [--log|--linear] [--width N] [--format svg] [--size WxH] [--title TEXT] [--no-caption] [--long] [> PATH]",
	.args = { ARG_METRIC, ARG_OVER, ARG_NUMKEY, ARG_VALUE, ARG_NONE, ARG_STEP },
	.min_args = 5,
	.max_args = -1,
	.help = "a chart of every side and variant as one parameter varies: text, or SVG for > PATH.svg (--output PATH too)",
	.details = plot_details,
	.out = OUT_SELF | OUT_FORMATS,
	.picture = CMD_SVG,
	.exec = cmd_plot,
	.examples = (const char *const[]){ "plot memcg_charge.stock_max_bytes over cpus 1 64 --ascii", NULL },
};
