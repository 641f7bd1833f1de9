#include "sweepcmd.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../core/err.h"
#include "../core/params.h"
#include "../core/units.h"
#include "chart.h"
#include "outfile.h"
#include "outpath.h"
#include "cmd.h"
#include "interrupt.h"
#include "numfmt.h"
#include "records.h"
#include "render.h"

/* rows a sweep may hold in memory when nothing streams them (the explorer's view) */
#define SWEEP_VIEW_MAX_ROWS 100000u


/* Flush to the sink in chunks this big: a 10-million-row sweep never sits in memory whole. */
#define CHUNK (1024 * 1024)

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *put_str(char *p, const char *s)
{
	size_t n = strlen(s);

	memcpy(p, s, n);
	return p + n;
}

/*
 * The bare value `get` prints (render_bare): a real is the shortest text
 * that reads back as the same double (issue 15); in json inf and n/a stay
 * strings as in `show`. Integers and reals are written in place, no printf:
 * they are most of every sweep's time.
 */
static inline char *put_value(char *p, const struct value *v, enum out_format fmt)
{
	char b[64];

	/* by pointer: a 32-byte value copied per cell stalled the row on store forwarding */
	if (v->kind == VAL_INT)
		return fmt_u64_put(p, v->i);
	if (v->kind == VAL_REAL && !isinf(v->r))
		return fmt_real_put(p, v->r); /* render_bare's text, without its snprintf */
	render_bare(*v, b, sizeof(b));
	if (fmt == FMT_JSON) {
		*p++ = '"';
		p = put_str(p, b);
		*p++ = '"';
		return p;
	}
	return put_str(p, b);
}

/* The key as `get` prints it: bytes, pages, a count, a real (lossless in csv and json). */
static char *put_key(char *p, const struct sweep *sw, enum out_format fmt)
{
	char b[64];

	if (!sw->range.real)
		return fmt_u64_put(p, sw->cur.u);
	if (fmt != FMT_TABLE)
		return fmt_real_put(p, sw->cur.r);
	snprintf(b, sizeof(b), "%.6g", sw->cur.r);
	return put_str(p, b);
}

struct sink {
	struct strbuf *buf;
	FILE *f;
	int failed;
};

static void sink_flush(struct sink *k, int all)
{
	if (!k->f || (!all && k->buf->len < CHUNK) || !k->buf->len)
		return;
	if (fwrite(k->buf->buf, 1, k->buf->len, k->f) != k->buf->len)
		k->failed = errno ? errno : EIO;
	sb_reset(k->buf);
}

static int col_width(const char *head, int min)
{
	int n = (int)strlen(head);

	return n > min ? n : min;
}

static void write_header(const struct sweep *sw, enum out_format fmt, const int *width, struct strbuf *out)
{
	const struct param *p = sw->range.key;

	if (fmt == FMT_JSON) {
		sb_puts(out, "[\n");
		return;
	}
	if (fmt == FMT_CSV) {
		sb_puts(out, p->name);
		for (int i = 0; i < sw->ncols; i++) {
			sb_putc(out, ',');
			sb_puts(out, sw->cols[i].head);
		}
		sb_putc(out, '\n');
		return;
	}
	sb_printf(out, "%*s", width[0], p->name);
	for (int i = 0; i < sw->ncols; i++)
		sb_printf(out, "  %*s", width[i + 1], sw->cols[i].head);
	sb_putc(out, '\n');
	/* the units under the names: the values are bare, as `get` prints them */
	sb_printf(out, "%*s", width[0], p->unit);
	for (int i = 0; i < sw->ncols; i++)
		sb_printf(out, "  %*s", width[i + 1], sw->cols[i].metric->unit);
	sb_putc(out, '\n');
}

/* One row into p (big enough: see row_size). */
static char *format_row(const struct sweep *sw, enum out_format fmt, const int *width, char *p, int first)
{
	char cell[64], *q;

	switch (fmt) {
	case FMT_CSV:
		p = put_key(p, sw, fmt);
		for (int i = 0; i < sw->ncols; i++) {
			struct value v = sweep_value(sw, i);

			*p++ = ',';
			p = put_value(p, &v, fmt);
		}
		break;
	case FMT_JSON:
		p = put_str(p, first ? "  {\"" : ",\n  {\"");
		p = put_str(p, sw->range.key->name);
		p = put_str(p, "\": ");
		p = put_key(p, sw, fmt);
		for (int i = 0; i < sw->ncols; i++) {
			p = put_str(p, ", \"");
			p = put_str(p, sw->cols[i].head);
			p = put_str(p, "\": ");
			{
				struct value v = sweep_value(sw, i);

				p = put_value(p, &v, fmt);
			}
		}
		*p++ = '}';
		*p = '\0';
		return p; /* the newline comes with the next row or the closing bracket */
	default:
		/* a table is for people: the number formatter's cells, sizes in binary units */
		for (int i = 0; i <= sw->ncols; i++) {
			int n;

			if (i) {
				fmt_human_short(sweep_value(sw, i - 1), sw->cols[i - 1].metric->unit, 0, cell, sizeof(cell));
				q = cell + strlen(cell);
			} else if (sw->range.key->type == PT_SIZE) {
				fmt_human(val_int(sw->cur.u), "bytes", cell, sizeof(cell));
				q = cell + strlen(cell);
			} else {
				q = put_key(cell, sw, FMT_CSV); /* keys stay exact: two rows never print alike */
			}
			n = (int)(q - cell);
			if (i)
				p = put_str(p, "  ");
			for (; n < width[i]; n++)
				*p++ = ' ';
			memcpy(p, cell, (size_t)(q - cell));
			p += q - cell;
		}
		break;
	}
	*p++ = '\n';
	*p = '\0';
	return p;
}

/*
 * A row with a list column (proactive_reclaim.asks): its cells are as long
 * as the schedule, so the row goes through a strbuf rather than the fixed
 * row buffer. Table: the items space-separated; csv: one quoted field; json:
 * an array. A list longer than RENDER_LIST_MAX is n/a, as `get` refuses it.
 */
static void list_cell(const struct sweep *sw, int i, enum out_format fmt, struct strbuf *out)
{
	const struct sweep_col *c = &sw->cols[i];
	uint64_t n;

	if (fmt == FMT_CSV)
		sb_putc(out, '"');
	if (render_list(&sw->m, c->metric, c->side, fmt == FMT_JSON, out, &n))
		sb_puts(out, fmt == FMT_JSON ? "\"n/a\"" : "n/a");
	if (fmt == FMT_CSV)
		sb_putc(out, '"');
}

static void format_row_lists(const struct sweep *sw, enum out_format fmt, const int *width, struct strbuf *out,
			     int first)
{
	char cell[64], *q;

	if (fmt == FMT_JSON) {
		sb_puts(out, first ? "  {\"" : ",\n  {\"");
		sb_puts(out, sw->range.key->name);
		sb_puts(out, "\": ");
	}
	if (fmt == FMT_TABLE && sw->range.key->type == PT_SIZE) { /* the key as the fast path's table gives it */
		fmt_human(val_int(sw->cur.u), "bytes", cell, sizeof(cell));
	} else {
		q = put_key(cell, sw, fmt == FMT_TABLE ? FMT_CSV : fmt);
		*q = '\0';
	}
	sb_printf(out, "%*s", fmt == FMT_TABLE ? width[0] : 0, cell);
	for (int i = 0; i < sw->ncols; i++) {
		struct value v;

		if (fmt == FMT_JSON)
			sb_printf(out, ", \"%s\": ", sw->cols[i].head);
		else
			sb_puts(out, fmt == FMT_CSV ? "," : "  ");
		if (sw->cols[i].metric->list) {
			size_t at = out->len;

			list_cell(sw, i, fmt, out);
			/* table: left-aligned under its heading; a longer list runs on */
			if (fmt == FMT_TABLE && out->len - at < (size_t)width[i + 1])
				sb_printf(out, "%*s", width[i + 1] - (int)(out->len - at), "");
			continue;
		}
		v = sweep_value(sw, i);
		if (fmt == FMT_TABLE) {
			fmt_human_short(v, sw->cols[i].metric->unit, 0, cell, sizeof(cell));
		} else {
			q = put_value(cell, &v, fmt);
			*q = '\0';
		}
		sb_printf(out, "%*s", fmt == FMT_TABLE ? width[i + 1] : 0, cell);
	}
	sb_puts(out, fmt == FMT_JSON ? "}" : "\n");
}

static size_t row_size(const struct sweep *sw, const int *width)
{
	size_t n = 64 + strlen(sw->range.key->name) + (size_t)width[0];

	for (int i = 0; i < sw->ncols; i++)
		n += strlen(sw->cols[i].head) + (size_t)width[i + 1] + 72;
	return n;
}

static void progress_show(uint64_t done, uint64_t rows)
{
	fprintf(stderr, "\rsweep: %3d%% (%llu of %llu rows)", (int)(100.0 * (double)done / (double)rows),
		(unsigned long long)done, (unsigned long long)rows);
}

/*
 * A sweep that will take more than a minute says so once its first rows are
 * timed (a quarter second or 64 rows in), before the bulk of it runs: rows
 * of a 65536-CPU model solve take milliseconds each.
 */
static void estimate_show(uint64_t done, uint64_t rows, double secs)
{
	double per = secs / (double)done, total = per * (double)rows;

	if (total <= 60)
		return;
	fprintf(stderr, "sweep: %llu rows at about %.2g ms a row: about %.0f minutes (estimated); "
		"Ctrl-C stops it with the rows so far\n", (unsigned long long)rows, per * 1e3, total / 60);
}

int sweep_write(const struct machine *m, struct sweep *sw, enum out_format fmt, FILE *f, int progress,
		struct strbuf *out, char *err, size_t errlen)
{
	struct sink k = { out, f, 0 };
	struct sigaction old;
	int width[SWEEP_MAX_COLS + 1], rc = 0, shown = 0, lists = 0, estimated = 0, slow = 0;
	double start = now_s(), last = start;
	uint64_t rows = 0;
	size_t rowmax;
	char why[128];

	width[0] = col_width(sw->range.key->name, sw->range.key->type == PT_SIZE ? 14 : 8);
	if ((int)strlen(sw->range.key->unit) > width[0])
		width[0] = (int)strlen(sw->range.key->unit);
	for (int i = 0; i < sw->ncols; i++) {
		width[i + 1] = col_width(sw->cols[i].head, 10);
		lists |= sw->cols[i].metric->list != NULL;
	}
	rowmax = row_size(sw, width);

	/* Ctrl-C ends the sweep after a whole row, so what was written stays valid */
	interrupt_catch(1, &old);

	sweep_begin(sw, m);
	write_header(sw, fmt, width, out);
	while (sweep_next(sw)) {
		if (lists) {
			format_row_lists(sw, fmt, width, out, rows == 0);
		} else {
			/* straight into the output chunk: no row buffer, no copy */
			char *row = sb_reserve(out, rowmax);

			out->len += (size_t)(format_row(sw, fmt, width, row, rows == 0) - row);
		}
		rows++;
		sink_flush(&k, 0);
		if (k.failed || interrupt_seen())
			break;
		/* the clock is read for the first rows, and then per row only when rows are slow (a large model) */
		if (progress && (rows <= 64 || slow || !(rows & 0x3fff))) {
			double t = now_s();

			if (!estimated && (rows == 64 || t - start > 0.25)) {
				estimated = 1;
				slow = (t - start) / (double)rows > 1e-4;
				estimate_show(rows, sw->range.rows, t - start);
			}
			if (t - start > 0.5 && t - last > 0.1) {
				progress_show(rows, sw->range.rows);
				shown = 1;
				last = t;
			}
		}
	}
	if (fmt == FMT_JSON)
		sb_puts(out, rows ? "\n]\n" : "]\n");
	sink_flush(&k, 1);
	if (f && !k.failed && fflush(f))
		k.failed = errno ? errno : EIO;
	if (shown)
		fprintf(stderr, "\r%60s\r", "");
	interrupt_release(&old);
	sweep_end(sw);

	if (k.failed)
		rc = err_set(err, errlen, "sweep: write error after %llu rows: %s", (unsigned long long)rows,
			     outfile_strerror(k.failed, why, sizeof(why)));
	else if (interrupt_take())
		rc = err_set(err, errlen, "sweep: interrupted after %llu of %llu rows; the rows written are complete",
			 (unsigned long long)rows, (unsigned long long)sw->range.rows) - 1;
	interrupt_take();
	return rc;
}

/* --- sweep ------------------------------------------------------------------ */

/* KEY FROM TO [step N | x N] then the rest: the index of the first word after the range. */
static int parse_range_words(const struct machine *m, int argc, char **argv, struct sweep_range *r, const char *cmd,
			     char *err, size_t errlen)
{
	const char *how = NULL, *n = NULL;
	char why[256];
	int next = 3;

	if (argc > 3 && (!strcmp(argv[3], "step") || !strcmp(argv[3], "x"))) {
		how = argv[3];
		n = argc > 4 ? argv[4] : NULL;
		next = 5;
	}
	/*
	 * plot with no step samples the range itself (core/plot_sample.c): only the
	 * bounds are read, so neither "step 1 gives N rows" nor "needs a step" can come up
	 */
	if (!how && !strcmp(cmd, "plot") && param_find(argv[0]) && !param_find(argv[0])->allowed) {
		if (sweep_bounds_parse(m, argv[0], argv[1], argv[2], r, why, sizeof(why)))
			return err_set(err, errlen, "%s: %s", cmd, why);
		return next;
	}
	if (sweep_range_parse(m, argv[0], argv[1], argv[2], how, n, r, why, sizeof(why)))
		return err_set(err, errlen, "%s: %s", cmd, why);
	return next;
}

int cmd_sweep(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	static struct sweep sw; /* 192 columns: too big for a stack a curses front end may keep small */
	struct sweep_range r;
	const char *path;
	char why[PATH_MAX + 256];
	struct outfile of;
	struct strbuf fbuf = STRBUF_INIT;
	int first, rc, progress;

	if (outpath_take("sweep", &argc, argv, &path, err, errlen))
		return -1;
	if (argc < 4)
		return err_set(err, errlen, "sweep: expected sweep KEY FROM TO [step N | x N] METRIC...");
	first = parse_range_words(&s->m, argc, argv, &r, "sweep", err, errlen);
	if (first < 0)
		return -1;
	if (first >= argc)
		return err_set(err, errlen, "sweep: expected at least one METRIC after the range, e.g. vmstat.threshold");
	sweep_init(&sw, &r);
	for (int i = first; i < argc; i++)
		if (sweep_add_metric_m(&sw, &s->m, argv[i], why, sizeof(why)))
			return err_set(err, errlen, "sweep: %s", why);

	progress = s->stream && isatty(STDERR_FILENO);
	/* with no stream (the explorer's command line) every row is held in memory for a view */
	if (!path && !s->stream && r.rows > SWEEP_VIEW_MAX_ROWS)
		return err_set(err, errlen, "sweep: %llu rows are too many to view here (at most %u): add > PATH to write them to a file",
			   (unsigned long long)r.rows, SWEEP_VIEW_MAX_ROWS);
	if (!path)
		return sweep_write(&s->m, &sw, s->format, s->stream, progress, out, err, errlen) ? -1 : 0;

	if (outfile_open(&of, path, why, sizeof(why)))
		return err_set(err, errlen, "sweep: %s", why);
	rc = sweep_write(&s->m, &sw, outpath_format(s->format, path), of.f, progress, &fbuf, err, errlen);
	sb_free(&fbuf);
	if (rc == -2) {
		char note[512];

		/* the rows written are whole: they take PATH's place, and the note says there are fewer */
		snprintf(note, sizeof(note), "%s (in %s)", err, path);
		if (outfile_commit(&of, why, sizeof(why)))
			return err_set(err, errlen, "sweep: %s", why);
		return err_set(err, errlen, "%s", note);
	}
	if (rc) {
		/* the file is named in the error: "sweep: PATH: write error after ..." */
		snprintf(why, sizeof(why), "%s", err + (strncmp(err, "sweep: ", 7) ? 0 : 7));
		outfile_abort(&of);
		return err_set(err, errlen, "sweep: %s: %s", path, why);
	}
	if (outfile_commit(&of, why, sizeof(why)))
		return err_set(err, errlen, "sweep: %s", why);
	if (s->interactive)
		sb_printf(out, "wrote %llu rows to %s\n", (unsigned long long)r.rows, path);
	return 0;
}

/* --- plot ------------------------------------------------------------------- */

#define PLOT_MAX_POINTS (1u << 20)

static int terminal_width(void)
{
	struct winsize ws;

	if (isatty(STDOUT_FILENO) && !ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_col >= CHART_MIN_WIDTH)
		return ws.ws_col > 200 ? 200 : ws.ws_col;
	return 80;
}

/* --ascii, --width N, --width=N: taken out of argv. */
static int take_plot_options(int *argc, char **argv, int *ascii, int *width, char *err, size_t errlen)
{
	int n = 0;

	for (int i = 0; i < *argc; i++) {
		const char *a = argv[i], *w = NULL;
		char why[96];
		uint64_t v;

		if (!strcmp(a, "--ascii")) {
			*ascii = 1;
			continue;
		}
		if (!strcmp(a, "--width")) {
			if (i + 1 == *argc)
				return err_set(err, errlen, "plot: expected a number of columns after --width");
			w = argv[++i];
		} else if (!strncmp(a, "--width=", 8)) {
			w = a + 8;
		} else {
			argv[n++] = argv[i];
			continue;
		}
		if (parse_u64(w, &v, why, sizeof(why)) || v < CHART_MIN_WIDTH || v > 1000)
			return err_set(err, errlen, "plot: --width '%s': expected %d..1000 columns", w, CHART_MIN_WIDTH);
		*width = (int)v;
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
	const char *path;
	enum out_format fmt;
	char why[PATH_MAX + 256], title[160];
	int width = 0, height = 22, next, nser = 0, sides[CHART_MAX_SERIES], ascii = 0;

	if (outpath_take("plot", &argc, argv, &path, err, errlen) ||
	    take_plot_options(&argc, argv, &ascii, &width, err, errlen))
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
	next = parse_range_words(&s->m, argc - 2, argv + 2, &r, "plot", err, errlen);
	if (next < 0)
		return -1;
	if (next + 2 != argc)
		return err_set(err, errlen, "plot: unexpected '%s' after the range", argv[next + 2]);
	if (r.given && r.rows > PLOT_MAX_POINTS)
		return err_set(err, errlen, "plot: %llu points is more than a chart can show (at most %u): use a coarser step",
			   (unsigned long long)r.rows, PLOT_MAX_POINTS);
	fmt = outpath_format(s->format, path);

	/* both sides as two curves unless one was named */
	if (ref.metric->single || ref.side >= 0) {
		sides[nser++] = ref.metric->single ? 0 : ref.side;
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

/* --- where ------------------------------------------------------------------ */

/* VALUE in the metric's unit: a number, a size for bytes, 1.5x for ratios. */
static int parse_threshold(const char *text, const struct metric_desc *md, struct value *v)
{
	char why[96], buf[64];
	uint64_t u;
	double d;
	size_t n = strlen(text);

	if (!parse_u64(text, &u, why, sizeof(why))) {
		*v = val_int(u);
		return 0;
	}
	if (!strcmp(md->unit, "bytes") && !parse_size(text, &u, why, sizeof(why))) {
		*v = val_int(u);
		return 0;
	}
	if (n > 1 && n < sizeof(buf) && text[n - 1] == 'x' && !strcmp(md->unit, "x")) {
		memcpy(buf, text, n - 1);
		buf[n - 1] = '\0';
		text = buf;
	}
	if (!parse_real(text, &d, why, sizeof(why))) {
		*v = val_real(d);
		return 0;
	}
	return -1;
}

static void put_where_key(const struct sweep_range *r, const struct sweep_cursor *c, char *buf, size_t len)
{
	if (r->real)
		fmt_real_shortest(c->r, buf, len);
	else
		snprintf(buf, len, "%llu", (unsigned long long)c->u);
}

/*
 * where with a step: every value of the stepped range in order (a sweep of
 * one column), the first where it holds. Exact, whatever the metric's shape:
 * the step says which values count.
 */
static int where_stepped(const struct machine *m, const struct sweep_range *r, const struct sweep_col *col,
			 enum where_op op, struct value thr, struct where_result *res, char *err, size_t errlen)
{
	struct sweep *sw = malloc(sizeof(*sw)); /* 192 columns: too big for a small stack */
	char why[256];
	int more, dir = 0;

	memset(res, 0, sizeof(*res));
	if (!sw)
		return err_set(err, errlen, "out of memory");
	sweep_init(sw, r);
	if (sweep_add_column(sw, col->patch, col->metric, col->side, col->metric->name, why, sizeof(why))) {
		free(sw);
		return err_set(err, errlen, "%s", why);
	}
	sweep_begin(sw, m);
	res->monotone = 1;
	while ((more = sweep_next(sw)) > 0) {
		struct value prev = res->v;

		res->evals++;
		res->at = sw->cur;
		res->v = sweep_value(sw, 0);
		/* in order so far (rising or falling, not both), for the same report bisection gives */
		if (res->evals > 1 && value_real(res->v) != value_real(prev)) {
			int d = value_real(res->v) > value_real(prev) ? 1 : -1;

			if (dir && d != dir)
				res->monotone = 0;
			dir = d;
		}
		if (where_holds(res->v, op, thr)) {
			res->found = 1;
			break;
		}
	}
	sweep_end(sw);
	free(sw);
	if (more < 0)
		return err_set(err, errlen, "a row was refused by the parameter table (a bug)");
	res->scanned = 1;
	return 0;
}

int cmd_where(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	static const char *const heads[] = { "metric", "key", "at", "value", "holds", "monotone", NULL };
	struct sweep_range r;
	struct metric_ref ref;
	struct value thr;
	struct records rec;
	enum where_op op;
	char why[256], from[64], to[64];
	int sides[PATCH_MAX_COLS], nsides = 0, stepped = argc == 9;

	if ((argc != 7 && argc != 9) || strcmp(argv[3], "over") ||
	    (stepped && strcmp(argv[7], "step") && strcmp(argv[7], "x")))
		return err_set(err, errlen, "where: expected where METRIC[.SIDE] OP VALUE over KEY FROM TO [step N | x N]");
	if (metric_parse_m(&s->m, argv[0], &ref, why, sizeof(why)))
		return err_set(err, errlen, "where: %s", why);
	if (ref.metric->list)
		return err_set(err, errlen, "where: %s.%s is a list, not one number to compare", ref.patch->id,
			       ref.metric->name);
	if (where_op_parse(argv[1], &op))
		return err_set(err, errlen, "where: '%s' is not an operator (expected <, <=, >, >= or ==)", argv[1]);
	if (parse_threshold(argv[2], ref.metric, &thr))
		return err_set(err, errlen, "where: '%s' is not a number%s", argv[2],
			   !strcmp(ref.metric->unit, "bytes") ? " or a size" : "");
	if (stepped ? sweep_range_parse(&s->m, argv[4], argv[5], argv[6], argv[7], argv[8], &r, why, sizeof(why))
		    : sweep_bounds_parse(&s->m, argv[4], argv[5], argv[6], &r, why, sizeof(why)))
		return err_set(err, errlen, "where: %s", why);
	/* a metric with sides and none named: an answer for every side */
	if (ref.metric->single || ref.side >= 0)
		sides[nsides++] = ref.metric->single ? 0 : ref.side;
	else
		for (int i = 0; i < patch_ncols(&s->m, ref.patch) && nsides < PATCH_MAX_COLS; i++)
			sides[nsides++] = i;
	{
		struct sweep_cursor c;

		sweep_cursor_start(&c);
		c.u = r.from;
		c.r = r.rfrom;
		put_where_key(&r, &c, from, sizeof(from));
		c.u = r.to;
		c.r = r.rto;
		put_where_key(&r, &c, to, sizeof(to));
		if (!strcmp(r.key->unit, "bytes") && !r.real) { /* the range as it was typed: 1 GiB..1 TiB */
			fmt_human(val_int(r.from), "bytes", from, sizeof(from));
			fmt_human(val_int(r.to), "bytes", to, sizeof(to));
		}
	}
	if (nsides > 1 && s->format != FMT_TABLE)
		rec_begin(&rec, s->format, heads, out);
	for (int k = 0; k < nsides; k++) {
		struct sweep_col col;
		struct where_result res;
		char name[160], key[64], val[64], human[64] = "";

		memset(&col, 0, sizeof(col));
		col.patch = ref.patch;
		col.metric = ref.metric;
		col.side = sides[k];
		if (ref.metric->single)
			snprintf(name, sizeof(name), "%s.%s", ref.patch->id, ref.metric->name);
		else
			snprintf(name, sizeof(name), "%s.%s.%s", ref.patch->id, ref.metric->name,
				 patch_col_name(&s->m, ref.patch, sides[k]));
		if (stepped ? where_stepped(&s->m, &r, &col, op, thr, &res, why, sizeof(why))
			    : sweep_where(&s->m, &r, &col, op, thr, &res, why, sizeof(why)))
			return err_set(err, errlen, "where: %s", why);
		put_where_key(&r, &res.at, key, sizeof(key));
		render_bare(res.v, val, sizeof(val));
		if (!strcmp(r.key->unit, "bytes") && !r.real)
			fmt_human(val_int(res.at.u), "bytes", human, sizeof(human));
		if (s->format != FMT_TABLE && nsides > 1) {
			rec_str(&rec, name);
			rec_str(&rec, r.key->name);
			rec_num(&rec, key);
			rec_value(&rec, res.v);
			rec_bool(&rec, res.found);
			rec_bool(&rec, res.monotone);
			rec_end_row(&rec);
			continue;
		}
		if (s->format == FMT_CSV) {
			/* one metric: the schema scripts already read (KEY,METRIC,holds,monotone) */
			sb_printf(out, "%s,%s,holds,monotone\n%s,%s,%s,%s\n", r.key->name, name, key, val,
				  res.found ? "yes" : "no", res.monotone ? "yes" : "no");
			continue;
		}
		if (s->format == FMT_JSON) {
			int quote = res.v.kind == VAL_NONE || (res.v.kind == VAL_REAL && isinf(res.v.r));

			sb_printf(out, "{\"%s\": %s, \"%s\": %s%s%s, \"holds\": %s, \"monotone\": %s}\n", r.key->name, key,
				  name, quote ? "\"" : "", val, quote ? "\"" : "", res.found ? "true" : "false",
				  res.monotone ? "true" : "false");
			continue;
		}
		render_human(res.v, ref.metric->unit, val, sizeof(val));
		if (res.found)
			sb_printf(out, "%s = %s%s%s%s: %s = %s (%s %s)\n", r.key->name, key, *human ? " (" : "", human,
				  *human ? ")" : "", name, val, where_op_name(op), argv[2]);
		else
			sb_printf(out, "never in %s..%s%s%s%s%s: %s = %s at %s = %s\n", from, to, stepped ? " " : "",
				  stepped ? argv[7] : "", stepped ? " " : "", stepped ? argv[8] : "", name, val,
				  r.key->name, key);
		if (stepped)
			sb_printf(out, "  (every %s in the range %s %s was tried: the answer is exact for those values)\n",
				  r.key->name, argv[7], argv[8]);
		else if (res.monotone)
			sb_printf(out, "  (assumes %s is monotone in %s: it was, at the %llu values looked at)\n", name,
				  r.key->name, (unsigned long long)res.evals);
		else if (res.scanned)
			sb_printf(out, "  (%s is not monotone in %s here, so every value was tried: the answer is exact)\n",
				  name, r.key->name);
		else
			sb_printf(out, "  (warning: %s is not monotone in %s here and the range is too wide to try every "
				  "value: an earlier %s may hold too)\n", name, r.key->name, r.key->name);
	}
	if (nsides > 1 && s->format != FMT_TABLE)
		rec_end(&rec);
	return 0;
}
