#include "sweepcmd.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../core/err.h"
#include "outfile.h"
#include "outpath.h"
#include "wrap.h"
#include "interrupt.h"
#include "render.h"

/* rows a sweep may hold in memory when nothing streams them (the explorer's view) */

/*
 * The longest a sweep may be estimated to run before it is refused unstarted:
 * a mistyped range at 65536 CPUs (a model solve a row) would run for hours.
 */
#define SWEEP_TIME_MAX_S 3600.0 /* "the hour a sweep may run", as the refusal says */
/* Rows timed, spread over the range, for that estimate; fewer rows than this many are not estimated. */
#define ESTIMATE_SAMPLES 5
#define ESTIMATE_MIN_ROWS 1000u

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

	if (sw->range.key->type == PT_CHOICE) { /* a release by its name; json quotes it */
		p = fmt == FMT_JSON ? put_str(p, "\"") : p;
		p = put_str(p, sw->range.key->choices[sw->cur.u]);
		return fmt == FMT_JSON ? put_str(p, "\"") : p;
	}
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

/* A column's heading in two parts: "vmpressure.window" over "after"; a single-valued metric has no side. */
static size_t head_group(const struct sweep_col *c)
{
	const char *dot = c->metric->single ? NULL : strrchr(c->head, '.');

	return dot ? (size_t)(dot - c->head) : strlen(c->head);
}

/*
 * A fitted table's heading: each metric's name once, over its sides, then the
 * sides, then the units (the widths were made to hold them: sweep_fit_widths).
 */
static void write_fit_header(const struct sweep *sw, const int *width, struct strbuf *out)
{
	const struct param *p = sw->range.key;
	size_t at = out->len;

	sb_printf(out, "%*s", width[0], "");
	for (int i = 0; i < sw->ncols; i++) {
		size_t g = head_group(&sw->cols[i]);
		int span = width[i + 1];

		if (i && g == head_group(&sw->cols[i - 1]) && !strncmp(sw->cols[i].head, sw->cols[i - 1].head, g)) {
			sb_printf(out, "  %*s", width[i + 1], "");
			continue;
		}
		for (int j = i + 1; j < sw->ncols && head_group(&sw->cols[j]) == g && !strncmp(sw->cols[j].head, sw->cols[i].head, g); j++)
			span += 2 + width[j + 1];
		if ((int)g > span)
			g = (size_t)span; /* a name longer than the width asked (sweep_fit_widths) */
		sb_printf(out, "  %-*.*s", (int)g, (int)g, sw->cols[i].head);
		span -= (int)g;
		for (int j = i + 1; j < sw->ncols && head_group(&sw->cols[j]) == g && !strncmp(sw->cols[j].head, sw->cols[i].head, g); j++)
			i = j;
		if (span > 0)
			sb_printf(out, "%*s", span, "");
	}
	while (out->len > at && out->buf[out->len - 1] == ' ')
		out->buf[--out->len] = '\0';
	sb_putc(out, '\n');
	sb_printf(out, "%*s", width[0], p->name);
	for (int i = 0; i < sw->ncols; i++) {
		size_t g = head_group(&sw->cols[i]);

		sb_printf(out, "  %*s", width[i + 1], sw->cols[i].head[g] ? sw->cols[i].head + g + 1 : "");
	}
	sb_putc(out, '\n');
	sb_printf(out, "%*s", width[0], p->unit);
	for (int i = 0; i < sw->ncols; i++)
		sb_printf(out, "  %*s", width[i + 1], sw->cols[i].metric->unit);
	sb_putc(out, '\n');
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
static char *format_row(const struct sweep *sw, enum out_format fmt, const int *width, int fit, char *p, int first)
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
				fmt_human_short(sweep_value(sw, i - 1), sw->cols[i - 1].metric->unit, fit ? width[i] : 0, cell,
						sizeof(cell));
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

/*
 * Seconds a row takes, from ESTIMATE_SAMPLES rows spread from FROM to TO
 * (a row's cost may grow with the key: a cpus sweep's last rows are the
 * dearest), every column computed as the sweep will; 0 when none could be
 * timed. The sweep's machine and cursor are put back as they were.
 */
static double row_seconds(struct sweep *sw)
{
	const struct sweep_range *r = &sw->range;
	struct machine *keep = malloc(sizeof(*keep));
	struct sweep_cursor cur = sw->cur;
	double t0, t = 0;
	int timed = 0;
	char why[256];

	if (!keep)
		return 0;
	machine_copy(keep, &sw->m);
	for (int k = 0; k < ESTIMATE_SAMPLES; k++) {
		uint64_t u = r->from + (uint64_t)((double)(r->to - r->from) * k / (ESTIMATE_SAMPLES - 1));
		double x = r->rfrom + (r->rto - r->rfrom) * k / (ESTIMATE_SAMPLES - 1);
		volatile double sink = 0;

		double best = -1;

		if (sweep_seek(sw, u, x, why, sizeof(why)))
			continue; /* not a value the key takes (a page size between two): the others tell */
		/*
		 * The quicker of two timings: the first run of a code path pays for
		 * cold caches (and, under valgrind, for translating it), which no
		 * later row pays again.
		 */
		for (int rep = 0; rep < 2; rep++) {
			double d;

			t0 = now_s();
			for (int i = 0; i < sw->ncols; i++)
				sink += value_real(sweep_value(sw, i));
			d = now_s() - t0;
			if (best < 0 || d < best)
				best = d;
		}
		t += best;
		timed++;
		(void)sink;
	}
	machine_copy(&sw->m, keep);
	sw->cur = cur;
	free(keep);
	return timed ? t / timed : 0;
}

static void say_duration(char *buf, size_t len, double secs)
{
	if (secs >= 5400)
		snprintf(buf, len, "%.1f hours", secs / 3600);
	else
		snprintf(buf, len, "%.0f minutes", secs / 60);
}

/* fit: the column widths of a table made to fit (sweep_fit_widths), NULL: as wide as its headings. */
static int sweep_emit(const struct machine *m, struct sweep *sw, enum out_format fmt, FILE *f, int progress,
		      const int *fit, struct strbuf *out, char *err, size_t errlen)
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
	if (fit) {
		memcpy(width, fit, sizeof(int) * (size_t)(sw->ncols + 1));
		lists = 0; /* a list is its count here ("31 items"): its items would run past the width */
	}
	rowmax = row_size(sw, width);

	/* Ctrl-C ends the sweep after a whole row, so what was written stays valid */
	interrupt_catch(1, &old);

	sweep_begin(sw, m);
	if (sw->range.rows >= ESTIMATE_MIN_ROWS) {
		double per = row_seconds(sw), total = per * (double)sw->range.rows;
		char take[64];

		if (total > SWEEP_TIME_MAX_S) {
			interrupt_release(&old);
			sweep_end(sw);
			say_duration(take, sizeof(take), total);
			return err_set(err, errlen, "sweep: %llu rows at about %.2g ms a row would take about %s (estimated), "
				       "more than the hour a sweep may run; %llu rows fit: take a larger step or a narrower "
				       "range, or split it into sweeps of that many rows",
				       (unsigned long long)sw->range.rows, per * 1e3, take,
				       (unsigned long long)(SWEEP_TIME_MAX_S / per)) - 2;
		}
	}
	if (fit)
		write_fit_header(sw, width, out);
	else
		write_header(sw, fmt, width, out);
	while (sweep_next(sw)) {
		if (lists) {
			format_row_lists(sw, fmt, width, out, rows == 0);
		} else {
			/* straight into the output chunk: no row buffer, no copy */
			char *row = sb_reserve(out, rowmax);

			out->len += (size_t)(format_row(sw, fmt, width, fit != NULL, row, rows == 0) - row);
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
	if (sw->nrefused && fmt == FMT_TABLE) {
		char at[40];

		if (sw->range.real)
			fmt_real_shortest(sw->first_refused_at.r, at, sizeof(at));
		else
			snprintf(at, sizeof(at), "%llu", (unsigned long long)sw->first_refused_at.u);
		sb_printf(out, "n/a: %llu %s `set` refuses; the first, %s = %s: %s\n", (unsigned long long)sw->nrefused,
			  sw->nrefused == 1 ? "row is a machine" : "rows are machines", sw->range.key->name, at,
			  sw->first_refused);
	}
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

int sweep_write(const struct machine *m, struct sweep *sw, enum out_format fmt, FILE *f, int progress,
		struct strbuf *out, char *err, size_t errlen)
{
	return sweep_emit(m, sw, fmt, f, progress, NULL, out, err, errlen);
}

/* Columns a and b are sides of one metric. */
static int same_group(const struct sweep *sw, int a, int b)
{
	size_t g = head_group(&sw->cols[a]);

	return g == head_group(&sw->cols[b]) && !strncmp(sw->cols[a].head, sw->cols[b].head, g);
}

/* A fitted table's cells: a short number ("23242", "11.6Gbps", "258.8 k") in this many columns at least. */
#define SWEEP_FIT_CELL 7

/*
 * The widths of sw's columns as a fitted table: each as wide as its side, its
 * unit and a short number, a metric's name spread over its sides. Returns the
 * widest row the columns from..to-1 make with the key's.
 */
static int sweep_fit_widths(const struct sweep *sw, int limit, int *width)
{
	int total;

	width[0] = col_width(sw->range.key->name, sw->range.key->type == PT_SIZE ? 9 : 5);
	if ((int)strlen(sw->range.key->unit) > width[0])
		width[0] = (int)strlen(sw->range.key->unit);
	total = width[0];
	for (int i = 0; i < sw->ncols; i++) {
		const struct sweep_col *c = &sw->cols[i];
		size_t g = head_group(c);

		width[i + 1] = col_width(c->head[g] ? c->head + g + 1 : "", SWEEP_FIT_CELL);
		if ((int)strlen(c->metric->unit) > width[i + 1])
			width[i + 1] = (int)strlen(c->metric->unit);
		total += 2 + width[i + 1];
	}
	/* a metric's name longer than its sides together widens its last side */
	for (int i = 0; i < sw->ncols;) {
		size_t g = head_group(&sw->cols[i]);
		int j = i, span = width[i + 1];

		while (j + 1 < sw->ncols && head_group(&sw->cols[j + 1]) == g && !strncmp(sw->cols[j + 1].head, sw->cols[i].head, g))
			span += 2 + width[++j + 1];
		/* but never past the width asked: a name longer than that is cut there (write_fit_header) */
		if ((int)g > span && width[0] + 2 + span < limit) {
			int grow = (int)g - span < limit - width[0] - 2 - span ? (int)g - span : limit - width[0] - 2 - span;

			width[j + 1] += grow;
			total += grow;
		}
		i = j + 1;
	}
	return total;
}

/* The widest row of the table as sweep_write lays it out, its headings whole. */
static int sweep_natural_width(const struct sweep *sw)
{
	int w = col_width(sw->range.key->name, sw->range.key->type == PT_SIZE ? 14 : 8);

	for (int i = 0; i < sw->ncols; i++)
		w += 2 + col_width(sw->cols[i].head, 10);
	return w;
}

/*
 * A table for people no wider than width: fitted (a metric's name over its
 * sides, short cells), and when even that is too wide, in blocks of columns,
 * each with the key, one after the other: a sweep per block, so no row is held.
 */
static int sweep_write_fit(const struct machine *m, const struct sweep *sw, const struct sweep_range *r, FILE *f,
			   int progress, int width, struct strbuf *out, char *err, size_t errlen)
{
	static struct sweep part; /* as big as sw: not on the stack */
	int w[SWEEP_MAX_COLS + 1], from = 0, rc = 0;
	char why[256];

	sweep_fit_widths(sw, width, w);
	while (from < sw->ncols && !rc) {
		int to = from, used = w[0], pw[SWEEP_MAX_COLS + 1];

		/* whole metrics while they fit, else as many sides as fit (one at least) */
		while (to < sw->ncols && used + 2 + w[to + 1] <= width)
			used += 2 + w[++to];
		if (to == from) {
			to = from + 1;
		} else if (to < sw->ncols && same_group(sw, to - 1, to)) {
			/* a metric cut at the edge starts the next block, unless it began this one */
			int gs = to;

			while (gs > from && same_group(sw, gs - 1, gs))
				gs--;
			if (gs > from)
				to = gs;
		}
		sweep_init(&part, r);
		for (int i = from; i < to; i++)
			if (sweep_add_metric_m(&part, m, sw->cols[i].head, why, sizeof(why)))
				return err_set(err, errlen, "sweep: %s", why);
		sweep_fit_widths(&part, width, pw);
		/* a metric cut at the block's edge keeps its name's width only where it fits */
		for (int i = 1; i <= part.ncols && pw[0] + 2 * part.ncols > 0; i++) {
			int total = pw[0];

			for (int j = 1; j <= part.ncols; j++)
				total += 2 + pw[j];
			if (total > width && pw[i] > w[from + i])
				pw[i] = w[from + i];
		}
		if (from)
			sb_putc(out, '\n');
		rc = sweep_emit(m, &part, FMT_TABLE, f, progress, pw, out, err, errlen);
		from = to;
	}
	return rc;
}

void sweep_details(struct strbuf *out)
{
	sb_printf(out,
		  "A row for each value of KEY from FROM to TO, both included, and a column for each METRIC: "
		  "PATCH.METRIC is a column for each of its sides (before, after, a variant's name), "
		  "PATCH.METRIC.SIDE one. Over kernel (sweep kernel 5.10 6.17 ...) the rows are the releases "
		  "batchlab knows, in order, and PATCH.METRIC is its kernel side.\n"
		  "Steps: with none given, a count (cpus, threads, depth) goes up by 1, and a size or a number of "
		  "pages (ram, reclaim, totalram) doubles from FROM, which must then be above 0; a key with a set "
		  "of values (pagesize) takes each of them from FROM to TO; a real-valued key needs "
		  "step N or x N. step N adds N, in the key's unit (1G for a size, 100p or 4M for pages); x N "
		  "multiplies by N, which must be above 1.\n"
		  "Limits: at most %llu rows and %d columns; the explorer's : line holds at most %u rows (more go "
		  "to a file with > PATH). A sweep estimated to need more than an hour is refused before it "
		  "starts, and on a terminal one of more than a minute says how long; Ctrl-C stops it after a "
		  "whole row, and the rows written stand.\n"
		  "Output: for people, 4 significant digits with the units under the names; with --width N "
		  "(%d..%d), or on a terminal narrower than the table, each metric's name over its sides, short "
		  "cells, and the columns that do not fit in blocks after it, each with KEY. csv and json keep "
		  "every digit. > PATH or --output PATH writes the rows to a file as they come (a .csv or .json "
		  "ending picks that format).\n",
		  (unsigned long long)SWEEP_MAX_ROWS, SWEEP_MAX_COLS, SWEEP_VIEW_MAX_ROWS, WRAP_MIN, WRAP_MAX);
}

/* --- sweep ------------------------------------------------------------------ */

int sweep_range_words(const struct machine *m, int argc, char **argv, struct sweep_range *r, const char *cmd,
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
	const char *path = s->opts.path; /* cmd_run took > PATH (outopts.h) */
	char why[PATH_MAX + 256];
	struct outfile of;
	struct strbuf fbuf = STRBUF_INIT;
	int first, rc, progress, fit;

	if (argc < 4)
		return err_set(err, errlen, "sweep: expected sweep KEY FROM TO [step N | x N] METRIC...");
	first = sweep_range_words(&s->m, argc, argv, &r, "sweep", err, errlen);
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
	fit = s->format == FMT_TABLE && session_width(s) && sweep_natural_width(&sw) > session_width(s);
	for (int i = 0; i < sw.ncols && s->format == FMT_TABLE && session_width(s); i++)
		fit |= sw.cols[i].metric->list != NULL; /* a list's items would run past any width */
	if (!path && fit)
		return sweep_write_fit(&s->m, &sw, &r, s->stream, progress, session_width(s), out, err, errlen) ? -1 : 0;
	if (!path)
		return sweep_write(&s->m, &sw, s->format, s->stream, progress, out, err, errlen) ? -1 : 0;

	if (outfile_open(&of, path, why, sizeof(why)))
		return err_set(err, errlen, "sweep: %s", why);
	if (fit)
		rc = sweep_write_fit(&s->m, &sw, &r, of.f, progress, session_width(s), &fbuf, err, errlen);
	else
		rc = sweep_write(&s->m, &sw, s->format, of.f, progress, &fbuf, err, errlen);
	sb_free(&fbuf);
	if (rc == -3) { /* refused before a row: PATH stays as it was */
		outfile_abort(&of);
		return -1;
	}
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
	if (of.note[0])
		sb_printf(out, "sweep: %s\n", of.note);
	if (s->interactive)
		sb_printf(out, "wrote %llu rows to %s\n", (unsigned long long)r.rows, path);
	return 0;
}
