/*
 * The sweep command: a row for each value of a key, a column for each metric,
 * estimated before its first row, streamed to the output or a file in chunks;
 * lang/out/sweep_rows.c makes the rows' text.
 */
#include "cmd_sweep.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../core/err.h"
#include "../../core/mm/release.h"
#include "../out/outfile.h"
#include "../out/outpath.h"
#include "../out/wrap.h"
#include "../interrupt.h"
#include "../walk.h"
#include "../out/render.h"
#include "../out/sweep_rows.h"
#include "../validation.h"

/* rows a sweep may hold in memory when nothing streams them (the explorer's view) */

/* The pipe a sweep writes to is asked to hold this much (sink_grow_pipe). */
#define CHUNK (1024 * 1024)
/*
 * Rows go to the sink in writes of this much: a 10-million-row sweep never
 * sits in memory whole. A quarter of the pipe: the rows are made into bytes
 * still in the core's cache when write() copies them, and the reader drains
 * one write while the next is made (jsonl's 156 MB, 1M rows, to a pipe: 0.85x
 * the cpu of 1 MiB writes here; the byte floor, plain_writer bytes, 0.83x).
 */
#define FLUSH_AT (256 * 1024)
/* Rows written between two looks at the sink and Ctrl-C: a burst is well under a millisecond. */
#define ROW_BURST 4096

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}


struct sink {
	struct strbuf *buf;
	FILE *f;
	int failed;
	int grown;           /* the pipe it writes to was asked to hold a chunk */
};

/*
 * A sweep of many chunks into a pipe: the pipe asked to hold one chunk.
 * With Linux's 64 KiB a chunk is sixteen fills, each a sleep until the
 * reader drains it; on this 2-core VM that ping-pong cost 80-110 ms of
 * system time for 156 MB, against 13-46 ms with a 1 MiB pipe. Nothing
 * changes when the kernel refuses (pipe-max-size, a user's pipe pages).
 */
static void sink_grow_pipe(struct sink *k, int fd)
{
	struct stat st;

	k->grown = 1;
#ifdef F_SETPIPE_SZ
	if (!fstat(fd, &st) && S_ISFIFO(st.st_mode))
		(void)fcntl(fd, F_SETPIPE_SZ, CHUNK);
#else
	(void)fd;
	(void)st;
#endif
}

/*
 * A chunk goes to the stream's descriptor in one write when it has one:
 * fwrite would first fill its 4 KiB buffer and write that on its own, a
 * second system call and copy for every chunk.
 */
static void sink_flush(struct sink *k, int all)
{
	int fd;

	if (!k->f || (!all && k->buf->len < FLUSH_AT) || !k->buf->len)
		return;
	fd = fileno(k->f);
	if (fd >= 0 && !k->grown && !all)
		sink_grow_pipe(k, fd); /* a first full chunk: more follow */
	if (fd >= 0 && !fflush(k->f)) {
		for (size_t off = 0; off < k->buf->len;) {
			ssize_t n = write(fd, k->buf->buf + off, k->buf->len - off);

			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				k->failed = n < 0 && errno ? errno : EIO;
				break;
			}
			off += (size_t)n;
		}
	} else if (fwrite(k->buf->buf, 1, k->buf->len, k->f) != k->buf->len) {
		k->failed = errno ? errno : EIO;
	}
	sb_reset(k->buf);
}


/*
 * One line for the columns whose metric does not read the swept key (their
 * `reads`), computed once and flat over the sweep:
 * "note: vmpressure.window does not read cpus: constant over the sweep".
 */
static int flat(const struct machine *m, const struct sweep *sw, const struct sweep_col *c)
{
	return sweep_col_constant(sw, m, c);
}

static void notes_show(const struct machine *m, const struct sweep *sw, FILE *f)
{
	struct strbuf t = STRBUF_INIT;
	int n = 0;

	for (int i = 0; i < sw->ncols; i++) {
		const struct sweep_col *c = &sw->cols[i];
		int first = 1, all = 1;

		if (!flat(m, sw, c))
			continue;
		/* a metric once, when every column of it is flat; else the flat columns (a variant may read the key) */
		for (int j = 0; j < sw->ncols; j++) {
			if (sw->cols[j].metric != c->metric)
				continue;
			first &= j >= i || !flat(m, sw, &sw->cols[j]);
			all &= flat(m, sw, &sw->cols[j]);
		}
		if (all && !first)
			continue;
		if (n++)
			sb_puts(&t, ", ");
		if (all)
			sb_printf(&t, "%s.%s", c->patch->id, c->metric->name);
		else
			sb_puts(&t, c->head);
	}
	if (n)
		fprintf(f, "note: %s %s not read %s: constant over the sweep\n", sb_str(&t), n > 1 ? "do" : "does",
			sw->range.key->name);
	sb_free(&t);
}

/* A sweep being written: what sweep_emit's parts share. */
struct emit {
	struct sweep *sw;
	const struct sweep_out *o;
	const int *fit;      /* a fitted table's widths (sweep_fit_widths), NULL: as wide as its headings */
	struct sink k;
	struct layout l;
	struct records rec;
	const char **heads;
	struct row_text text;
	size_t rowmax;
	int width[SWEEP_MAX_COLS * NPARTS + 1];
	int progress;
	struct walk w;
	uint64_t rows;       /* written so far */
};

/* The columns' widths and the row's text made for them; -1 with err when out of memory. */
static int emit_layout(struct emit *e, char *err, size_t errlen)
{
	const struct sweep *sw = e->sw;

	/* a fitted table gives a list its count ("31 items"): four columns, or its items, would run past the width */
	if (sweep_layout_make(sw, e->o->lists_full || e->fit, &e->l))
		return err_set(err, errlen, "sweep: out of memory");
	e->width[0] = sweep_col_width(sw->range.key->name, sw->range.key->type == PT_SIZE ? 14 : 8);
	if ((int)strlen(sw->range.key->unit) > e->width[0])
		e->width[0] = (int)strlen(sw->range.key->unit);
	for (int i = 0; i < e->l.n; i++)
		e->width[i + 1] = sweep_col_width(e->l.c[i].head, 10);
	if (e->fit) {
		memcpy(e->width, e->fit, sizeof(int) * (size_t)(sw->ncols + 1));
		e->l.lists = 0;
	}
	e->rowmax = sweep_row_size(sw, e->width);
	if (sweep_row_text_init(&e->text, sw, e->width, e->rowmax)) {
		free(e->l.c);
		return err_set(err, errlen, "sweep: out of memory");
	}
	return 0;
}

/*
 * A burst of rows, as many as the chunk has room for (at most ROW_BURST):
 * the flush, Ctrl-C and the clock are looked at between bursts, not between
 * rows. The first rows, and slow ones, go one by one. Returns the rows written.
 */
static uint64_t emit_burst(struct emit *e, int slow, struct strbuf *out)
{
	size_t each = e->rowmax + ROW_SLACK, room = out->cap - out->len;
	uint64_t burst = e->l.lists || e->rows < 64 || slow || room <= each ? 1 : room / each, done = 0;

	if (burst > ROW_BURST)
		burst = ROW_BURST;
	if (e->l.lists) {
		if (sweep_next(e->sw)) {
			sweep_row_lists(e->sw, &e->l, e->o->format, e->width, out, &e->rec);
			e->rec.rows += e->rec.rows < INT32_MAX;
			done = 1;
		}
	} else {
		/* straight into the output chunk: no row buffer, no copy */
		char *row = room > each ? out->buf + out->len : sb_reserve(out, each), *p = row;

		p = sweep_rows_burst(e->sw, e->o->format, e->width, e->fit != NULL, p, &e->rec, &e->text, burst, e->rows,
				     &done, &interrupt_flag);
		out->len += (size_t)(p - row);
	}
	return done;
}

/* Every row, burst by burst, each flushed as the chunk fills; the progress line on a terminal past two seconds. */
static void emit_rows(struct emit *e, struct strbuf *out)
{
	double start = now_s();
	int slow = 0;

	walk_start(&e->w, "sweep", e->sw->range.rows, e->progress);
	while (!e->k.failed) {
		uint64_t done = emit_burst(e, slow, out);

		if (!done)
			break;
		e->rows += done;
		sink_flush(&e->k, 0);
		if (e->k.failed || interrupt_seen())
			break;
		/* slow rows (a large model) go one by one, each flushed, so the progress and Ctrl-C see each */
		if (e->rows == 64)
			slow = (now_s() - start) / 64.0 > 1e-4;
		walk_step(&e->w, e->rows);
	}
}

/*
 * Under a table: each model column's held-out error (lang/validation.c),
 * once a metric, and whether the sweep over cpus leaves its measured machines.
 */
static void emit_validation(const struct sweep *sw, int width, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;

	for (int i = 0; i < sw->ncols; i++) {
		const struct sweep_col *c = &sw->cols[i];
		const struct measured_band *b = validation_band(c->patch, c->metric);
		int seen = 0;
		char band[96];

		for (int j = 0; j < i; j++)
			seen |= sw->cols[j].metric == c->metric;
		if (!b || seen)
			continue;
		sb_printf(&t, "~ %s.%s: %s", c->patch->id, c->metric->name, measured_band_text(b, band, sizeof(band)));
		if (b->cpus_hi && !strcmp(sw->range.key->name, "cpus"))
			sb_printf(&t, "; outside %llu..%llu CPUs extrapolated", b->cpus_lo, b->cpus_hi);
		sb_putc(&t, '\n');
	}
	if (t.len && width)
		wrap_text(out, sb_str(&t), width, 0);
	else
		sb_puts(out, sb_str(&t));
	sb_free(&t);
}

/* After the last row: the document closed, a table's line on the rows `set` refuses, the rest flushed. */
static void emit_close(struct emit *e, FILE *f, struct strbuf *out)
{
	const struct sweep *sw = e->sw;

	if (e->o->format != FMT_TABLE && e->heads) {
		rec_end(&e->rec);
		if (e->o->close)
			doc_close(e->o->doc, e->o->format, 0, out);
	}
	if (sw->nrefused && e->o->format == FMT_TABLE) {
		char at[40];

		if (sw->range.real)
			fmt_real_shortest(sw->first_refused_at.r, at, sizeof(at));
		else
			snprintf(at, sizeof(at), "%llu", (unsigned long long)sw->first_refused_at.u);
		sb_printf(out, "n/a: %llu %s `set` refuses; the first, %s = %s: %s\n", (unsigned long long)sw->nrefused,
			  sw->nrefused == 1 ? "row is a machine" : "rows are machines", sw->range.key->name, at,
			  sw->first_refused);
	}
	sink_flush(&e->k, 1);
	if (f && !e->k.failed && fflush(f))
		e->k.failed = errno ? errno : EIO;
	walk_finish(&e->w);
}

/*
 * Every row of sw as o asks. fit: the column widths of a table made to fit
 * (sweep_fit_widths), NULL: as wide as its headings.
 */
/* The head of a csv or json sweep, each model column beside its held-out error (validation.c), and its caveat ("": none). */
static int write_head(const struct sweep *sw, struct emit *e, const struct sweep_out *o, const char *caveat,
		      struct strbuf *out)
{
	const struct measured_band *bands[SWEEP_MAX_COLS];

	rec_caveat_next(o->doc, caveat);
	for (int c = 0; c < sw->ncols; c++)
		bands[c] = validation_band(sw->cols[c].patch, sw->cols[c].metric);
	return sweep_write_head(sw, &e->l, bands, o->doc, o->format, &e->rec, &e->heads, out);
}

static int sweep_emit(const struct machine *m, struct sweep *sw, const struct sweep_out *o, FILE *f, int progress,
		      const int *fit, struct strbuf *out, char *err, size_t errlen)
{
	struct emit e = { .sw = sw, .o = o, .fit = fit, .k = { out, f, 0, 0 }, .progress = progress };
	struct sigaction old;
	int rc;
	char why[128], caveat[REC_CAVEAT_MAX];

	if (emit_layout(&e, err, errlen))
		return -1;
	/* Ctrl-C ends the sweep after a whole row, so what was written stays valid */
	interrupt_catch(1, &old);
	sweep_begin(sw, m);
	if ((rc = walk_check("sweep", sw, 0, o->long_ok, progress, err, errlen)) == 0) {
		/* an enterprise kernel's figures say so as get's do: a table above its heads, csv and json as records.h says */
		release_caveat_over(m, sw->range.key->name, caveat, sizeof(caveat));
		if ((fit || o->format == FMT_TABLE) && *caveat)
			sb_printf(out, "kernel figures below: %s\n", caveat);
		if (fit)
			sweep_write_fit_header(sw, e.width, out);
		else if (o->format == FMT_TABLE)
			sweep_write_header(sw, &e.l, e.width, out);
		else if (write_head(sw, &e, o, caveat, out))
			e.k.failed = ENOMEM;
		emit_rows(&e, out);
		emit_close(&e, f, out);
	}
	free(e.heads);
	free(e.l.c);
	sweep_row_text_free(&e.text);
	interrupt_release(&old);
	sweep_end(sw);
	if (rc)
		return rc; /* refused before a row: nothing written */
	if (e.k.failed)
		rc = err_set(err, errlen, "sweep: write error after %llu rows: %s", (unsigned long long)e.rows,
			     outfile_strerror(e.k.failed, why, sizeof(why)));
	else if (interrupt_take())
		rc = err_set(err, errlen, "sweep: interrupted after %llu of %llu rows; the rows written are complete",
			 (unsigned long long)e.rows, (unsigned long long)sw->range.rows) - 1;
	interrupt_take();
	return rc;
}

int sweep_write_doc(const struct machine *m, struct sweep *sw, const struct sweep_out *o, FILE *f, int progress,
		    struct strbuf *out, char *err, size_t errlen)
{
	return sweep_emit(m, sw, o, f, progress, NULL, out, err, errlen);
}

int sweep_write(const struct machine *m, struct sweep *sw, enum out_format fmt, FILE *f, int progress,
		struct strbuf *out, char *err, size_t errlen)
{
	struct doc d;
	struct sweep_out o = { fmt, &d, 0, 1, 0 };

	doc_init(&d, 0, NULL);
	return sweep_emit(m, sw, &o, f, progress, NULL, out, err, errlen);
}

/* Columns a and b are sides of one metric. */
static int same_group(const struct sweep *sw, int a, int b)
{
	size_t g = sweep_head_group(&sw->cols[a]);

	return g == sweep_head_group(&sw->cols[b]) && !strncmp(sw->cols[a].head, sw->cols[b].head, g);
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

	width[0] = sweep_col_width(sw->range.key->name, sw->range.key->type == PT_SIZE ? 9 : 5);
	if ((int)strlen(sw->range.key->unit) > width[0])
		width[0] = (int)strlen(sw->range.key->unit);
	total = width[0];
	for (int i = 0; i < sw->ncols; i++) {
		const struct sweep_col *c = &sw->cols[i];
		size_t g = sweep_head_group(c);

		width[i + 1] = sweep_col_width(c->head[g] ? c->head + g + 1 : "", SWEEP_FIT_CELL);
		if ((int)strlen(c->metric->unit) > width[i + 1])
			width[i + 1] = (int)strlen(c->metric->unit);
		total += 2 + width[i + 1];
	}
	/* a metric's name longer than its sides together widens its last side */
	for (int i = 0; i < sw->ncols;) {
		size_t g = sweep_head_group(&sw->cols[i]);
		int j = i, span = width[i + 1];

		while (j + 1 < sw->ncols && sweep_head_group(&sw->cols[j + 1]) == g && !strncmp(sw->cols[j + 1].head, sw->cols[i].head, g))
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
	int w = sweep_col_width(sw->range.key->name, sw->range.key->type == PT_SIZE ? 14 : 8);

	for (int i = 0; i < sw->ncols; i++)
		w += 2 + sweep_col_width(sw->cols[i].head, 10);
	return w;
}

/*
 * A table for people no wider than width: fitted (a metric's name over its
 * sides, short cells), and when even that is too wide, in blocks of columns,
 * each with the key, one after the other: a sweep per block, so no row is held.
 */
static int sweep_write_fit(const struct machine *m, const struct sweep *sw, const struct sweep_range *r, FILE *f,
			   int progress, int width, int long_ok, struct strbuf *out, char *err, size_t errlen)
{
	struct sweep *part = malloc(sizeof(*part)); /* as big as sw (139 KB): not on the stack */
	const struct sweep_out table = { FMT_TABLE, NULL, 1, 0, long_ok };
	int w[SWEEP_MAX_COLS + 1], from = 0, rc = 0;
	char why[256];

	if (!part)
		return err_set(err, errlen, "sweep: out of memory");
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
		sweep_init(part, r);
		for (int i = from; i < to; i++)
			if (sweep_add_metric_m(part, m, sw->cols[i].head, why, sizeof(why)))
				{
				free(part);
				return err_set(err, errlen, "sweep: %s", why);
			}
		sweep_fit_widths(part, width, pw);
		/* a metric cut at the block's edge keeps its name's width only where it fits */
		for (int i = 1; i <= part->ncols && pw[0] + 2 * part->ncols > 0; i++) {
			int total = pw[0];

			for (int j = 1; j <= part->ncols; j++)
				total += 2 + pw[j];
			if (total > width && pw[i] > w[from + i])
				pw[i] = w[from + i];
		}
		if (from)
			sb_putc(out, '\n');
		rc = sweep_emit(m, part, &table, f, progress, pw, out, err, errlen);
		from = to;
	}
	free(part);
	return rc;
}

void sweep_details(const struct patch_set *ps, struct strbuf *out)
{
	(void)ps; /* the same words whatever is loaded */
	sb_printf(out,
		  "A row for each value of KEY from FROM to TO, both included, and a column for each METRIC: "
		  "PATCH.METRIC is a column for each of its sides (before, after, a variant's name), "
		  "PATCH.METRIC.SIDE one; PATCH or PATCH.* every metric of the patch, PATCH.SIDE every metric at "
		  "that side, in help metrics order. Over kernel (sweep kernel 5.10 6.18 ...) the rows are the "
		  "releases batchlab knows, in order, and PATCH.METRIC is its kernel side. A list "
		  "(proactive_reclaim.asks) is four columns, NAME.count, .first, .last and .sum, unless --lists "
		  "full gives its items. One line on stderr names the columns whose metric does not read KEY "
		  "(computed once: constant over the sweep).\n"
		  "Steps: with none given, a count (cpus, threads, depth) goes up by 1, and a size or a number of "
		  "pages (ram, reclaim, totalram) doubles from FROM, which must then be above 0; a key with a set "
		  "of values (pagesize) takes each of them from FROM to TO; a real-valued key needs "
		  "step N or x N. step N adds N, in the key's unit (1G for a size, 100p or 4M for pages); x N "
		  "multiplies by N, which must be above 1.\n"
		  "Limits: at most %llu rows and %d columns; the explorer's : line holds at most %u rows (more go "
		  "to a file with > PATH). Before its first row a sweep is estimated (a solve of its models timed "
		  "at a few rows, times the solves it makes: one a row, or one a run of equal inputs where the "
		  "key only moves a batch or a window); one of more than a minute is refused unless --long is "
		  "given (the explorer asks), and with it says how long (on a terminal, from ten seconds); past two "
		  "seconds a progress line on stderr gives the rows done, the rate and the time left, erased at "
		  "the end, when stderr is a terminal the rows do not go to (the explorer: a bar on its status "
		  "line, Esc stops it); Ctrl-C stops it after a whole row, and the rows written stand.\n"
		  "Output: for people, 4 significant digits with the units under the names; with --width N "
		  "(%d..%d), or on a terminal narrower than the table, each metric's name over its sides, short "
		  "cells, and the columns that do not fit in blocks after it, each with KEY. csv and json keep "
		  "every digit, json and jsonl a null with NAME:na beside it for n/a; --units puts a '# units:' "
		  "line above the csv header. > PATH or --output PATH writes the rows to a file as they come (a "
		  ".csv, .json or .jsonl ending picks that format).\n",
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
	/* a step among the metrics: say where it belongs, and that the releases take none */
	for (int i = next; i < argc; i++) {
		const struct param *p = param_find(argv[0]);

		if (strcmp(argv[i], "step") && strcmp(argv[i], "x"))
			continue;
		if (p && p->resolve)
			return err_set(err, errlen, "%s: %s: the releases are taken in order, every known one from %s to %s: "
				       "no '%s' (%s %s FROM TO ...)", cmd, p->name, argv[1], argv[2], argv[i], cmd, p->name);
		return err_set(err, errlen, "%s: '%s' goes straight after TO (%s KEY FROM TO %s N ...)", cmd, argv[i], cmd,
			       argv[i]);
	}
	/*
	 * plot with no step samples the range itself (core/plot_sample.c): only the
	 * bounds are read, so neither "step 1 gives N rows" nor "needs a step" can come up
	 */
	if (!how && !strcmp(cmd, "plot") && param_find(argv[0]) && !param_find(argv[0])->allowed &&
	    !param_find(argv[0])->resolve) {
		if (sweep_bounds_parse(m, argv[0], argv[1], argv[2], r, why, sizeof(why)))
			return err_set(err, errlen, "%s: %s", cmd, why);
		return next;
	}
	if (sweep_range_parse(m, argv[0], argv[1], argv[2], how, n, r, why, sizeof(why)))
		return err_set(err, errlen, "%s: %s", cmd, why);
	return next;
}

int sweep_add_word(struct sweep *sw, const struct machine *m, const char *word, char *err, size_t errlen)
{
	const char *dot = strchr(word, '.'), *rest = dot ? dot + 1 : "";
	size_t n = dot ? (size_t)(dot - word) : strlen(word);
	const struct patch_desc *d = NULL;
	char id[64], name[256];
	int side = -2; /* -2: not a whole patch; -1: every side */

	if (n < sizeof(id)) {
		memcpy(id, word, n);
		id[n] = '\0';
		d = patch_find(m->set, id);
	}
	if (d && (!dot || !strcmp(rest, "*")))
		side = -1;
	else if (d && !patch_metric(d, rest)) /* a metric's name wins over a side's */
		for (int i = 0; i < patch_ncols(m, d); i++)
			if (!strcmp(rest, patch_col_name(m, d, i)))
				side = i;
	if (side == -2 && !dot) {
		char ids[160];

		patch_ids(m->set, ids, sizeof(ids));
		return err_set(err, errlen, "'%s': expected a PATCH (%s: every metric of it) or PATCH.METRIC[.SIDE], "
			       "e.g. vmpressure.window.after", word, ids);
	}
	if (side == -2)
		return sweep_add_metric_m(sw, m, word, err, errlen);
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		if (md->single || side < 0)
			snprintf(name, sizeof(name), "%s.%s", d->id, md->name);
		else
			snprintf(name, sizeof(name), "%s.%s.%s", d->id, md->name, patch_col_name(m, d, side));
		if (sweep_add_metric_m(sw, m, name, err, errlen))
			return -1;
	}
	return 0;
}

/* The sweep's words after --long is taken out (anywhere): its range into r, its columns into sw. */
static int sweep_words(struct session *s, int argc, char **argv, struct sweep *sw, struct sweep_range *r, char *err,
		       size_t errlen)
{
	char why[PATH_MAX + 256];
	int first;

	if (argc < 4)
		return err_set(err, errlen, "sweep: expected sweep KEY FROM TO [step N | x N] METRIC...");
	first = sweep_range_words(&s->m, argc, argv, r, "sweep", err, errlen);
	if (first < 0)
		return -1;
	if (first >= argc)
		return err_set(err, errlen, "sweep: expected at least one METRIC after the range, e.g. vmstat.threshold");
	sweep_init(sw, r);
	for (int i = first; i < argc; i++)
		if (sweep_add_word(sw, &s->m, argv[i], why, sizeof(why)))
			return err_set(err, errlen, "sweep: %s", why);
	return 0;
}

/*
 * The rows into PATH (cmd_run took > PATH): written to a new file that takes
 * PATH's place when the sweep ends, or is dropped and PATH left as it was.
 */
static int sweep_to_file(struct session *s, struct sweep *sw, const struct sweep_range *r, int fit, int progress,
			 int long_ok, struct strbuf *out, char *err, size_t errlen)
{
	const char *path = s->opts.path;
	char why[PATH_MAX + 256];
	struct outfile of;
	struct stat was;
	struct strbuf fbuf = STRBUF_INIT;
	int existed = !stat(path, &was), rc;

	if (outfile_open(&of, path, why, sizeof(why)))
		return err_set(err, errlen, "sweep: %s", why);
	if (fit) {
		rc = sweep_write_fit(&s->m, sw, r, of.f, progress, session_width(s), long_ok, &fbuf, err, errlen);
	} else {
		/* a file is a document of its own */
		struct doc fd;
		struct sweep_out o = { s->format, &fd, s->lists_full, 1, long_ok };

		doc_init(&fd, s->units, s->doc.command);
		rc = sweep_write_doc(&s->m, sw, &o, of.f, progress, &fbuf, err, errlen);
	}
	sb_free(&fbuf);
	if (rc == -3) { /* refused before a row: PATH stays as it was */
		outfile_abort(&of);
		s->ask_long = !long_ok;
		return -1;
	}
	if (rc == -2 && interrupt_ending() && existed) {
		/*
		 * SIGTERM, SIGHUP: batchlab is ending, not a person stopping it - a part never
		 * replaces a file that was there; a new one keeps the whole rows so far (issue 21)
		 */
		outfile_abort(&of);
		return err_set(err, errlen, "sweep: stopped by a signal that ends batchlab: %s left as it was", path);
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
		sb_printf(out, "wrote %llu rows to %s\n", (unsigned long long)r->rows, path);
	return 0;
}

/* The sweep into sw: read, then written where the session's output goes (a fitted table, the document, a file). */
static int sweep_run(struct session *s, struct sweep *sw, int argc, char **argv, struct strbuf *out, char *err,
		     size_t errlen)
{
	struct sweep_range r;
	int rc, progress, fit, long_ok, n = 0;

	/* --long, anywhere: a sweep estimated at over a minute runs */
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--long"))
			argv[n++] = argv[i];
	long_ok = n < argc;
	s->ask_long = 0;
	if (sweep_words(s, n, argv, sw, &r, err, errlen))
		return -1;
	progress = s->stream && walk_may_show(s->opts.path == NULL);
	/* with no stream (the explorer's command line) every row is held in memory for a view */
	if (!s->opts.path && !s->stream && r.rows > SWEEP_VIEW_MAX_ROWS)
		return err_set(err, errlen, "sweep: %llu rows are too many to view here (at most %u): add > PATH to write them to a file",
			   (unsigned long long)r.rows, SWEEP_VIEW_MAX_ROWS);
	fit = s->format == FMT_TABLE && session_width(s) && sweep_natural_width(sw) > session_width(s);
	for (int i = 0; i < sw->ncols && s->format == FMT_TABLE && session_width(s); i++)
		fit |= sw->cols[i].metric->list != NULL; /* a list's items would run past any width */
	if (s->stream)
		notes_show(&s->m, sw, stderr);
	if (s->opts.path)
		return sweep_to_file(s, sw, &r, fit, progress, long_ok, out, err, errlen);
	if (fit) {
		rc = sweep_write_fit(&s->m, sw, &r, s->stream, progress, session_width(s), long_ok, out, err, errlen);
	} else {
		struct sweep_out o = { s->format, &s->doc, s->lists_full, 0, long_ok };

		rc = sweep_write_doc(&s->m, sw, &o, s->stream, progress, out, err, errlen);
	}
	s->ask_long = rc == -3 && !long_ok; /* the explorer asks, and runs it again with --long */
	if (!rc && s->format == FMT_TABLE && !s->opts.path) /* after the rows: the models' held-out error */
		emit_validation(sw, session_width(s), out);
	return rc ? -1 : 0;
}

int cmd_sweep(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	/* 192 columns, 139 KB: on the heap, not a stack a curses front end may keep small */
	struct sweep *sw = malloc(sizeof(*sw));
	int rc;

	if (!sw)
		return err_set(err, errlen, "sweep: out of memory");
	rc = sweep_run(s, sw, argc, argv, out, err, errlen);
	free(sw);
	return rc;
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_sweep_entry = {
	.name = "sweep",
	.usage = "KEY FROM TO [step N | x N] METRIC... [--long] [> PATH]",
	.args = { ARG_NUMKEY, ARG_VALUE, ARG_NONE, ARG_RANGE_TAIL },
	.min_args = 4,
	.max_args = -1,
	.help = "metrics as one parameter varies, a row per value (--output PATH too)",
	.details = sweep_details,
	.out = OUT_SELF | OUT_FORMATS,
	.exec = cmd_sweep,
	.examples = (const char *const[]){ "sweep cpus 1 64 x 2 memcg_charge.batch", NULL },
};
