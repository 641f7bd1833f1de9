/*
 * The sweep, plot and where commands (cmd_sweep.c, cmd_plot.c, cmd_where.c):
 * core/sweep.c makes the rows and core/plot_sample.c a chart's points; these
 * format them (table, csv, json), stream them to the session's output or a
 * file, and draw charts with chart.c.
 */
#ifndef BL_SWEEPCMD_H
#define BL_SWEEPCMD_H

#include <stddef.h>
#include <stdio.h>

#include "../../core/strbuf.h"
#include "../../core/plot_sample.h"
#include "../../core/sweep.h"
#include "../out/chart.h"
#include "../out/svg.h"
#include "../out/records.h"
#include "../session.h"

_Static_assert(PLOT_MAX_SERIES <= CHART_MAX_SERIES, "every sampled series must fit in a chart");

/* What a chart command takes besides its words and the output options: --ascii, --size WxH. */
struct chart_options {
	int ascii, width;  /* width 0: the terminal's, or 80 */
	int svg_w, svg_h;  /* a picture's size in pixels */
	const char *title; /* --title: a picture's heading (tradeoff; plot keeps its own) */
	int yscale;        /* --log, --linear: enum chart_scale; CHART_AUTO: log past 100x */
	int no_caption;    /* --no-caption: a picture without the machine line under it (a slide says it) */
};
#define CHART_OPTIONS_INIT { 0, 0, SVG_DEFAULT_W, SVG_DEFAULT_H, NULL, CHART_AUTO, 0 }
int chart_take_options(const char *cmd, int *argc, char **argv, int ascii_ok, struct chart_options *o, char *err,
		       size_t errlen);
/*
 * --title TEXT (or --title=TEXT): a picture's own heading, for a slide, in
 * place of the metric's name. *title stays NULL without one; -1 with err
 * when it has no text or the output is not a picture (svg).
 */
int chart_take_title(const char *cmd, int *argc, char **argv, int svg, const char **title, char *err, size_t errlen);

/*
 * "machine: preset NAME, cpus = 64, ..." - the preset and every parameter in
 * reads (space-separated, each once) but key: what a reader needs to redraw
 * a chart. Appended to line.
 */
void chart_machine_text(const struct session *s, const char *reads, const struct param *key, struct strbuf *line);
/* The same for machine m, named "KIND LABEL" (LABEL "" for none: "the default" when it reads nothing). */
void chart_machine_text_of(const struct machine *m, const char *kind, const char *label, const char *reads,
			   const struct param *key, struct strbuf *line);

int cmd_sweep(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
/* What sweep, plot and where do, in full (the commands' rows: help, the man page). */
void sweep_details(const struct patch_set *ps, struct strbuf *out);
void plot_details(const struct patch_set *ps, struct strbuf *out);
void where_details(const struct patch_set *ps, struct strbuf *out);
/* The rows the explorer's : line holds for a sweep without > PATH. */
#define SWEEP_VIEW_MAX_ROWS 100000u
int cmd_plot(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
int cmd_where(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
/*
 * METRIC[.SIDE] OP VALUE, argv[0..2], as where (and expect) read it: VALUE in
 * the metric's unit (a count, a size for bytes, 1.5x for a ratio). -1 with
 * err naming cmd.
 */
int where_condition_parse(const struct machine *m, const char *cmd, char **argv, struct metric_ref *ref,
			  enum where_op *op, struct value *thr, char *err, size_t errlen);

/*
 * KEY FROM TO [step N | x N], the first words of argv, into r (cmd names
 * the command in errors; plot without a step reads only the bounds).
 * Returns the index of the first word after the range, or -1 with err set.
 */
int sweep_range_words(const struct machine *m, int argc, char **argv, struct sweep_range *r, const char *cmd,
		      char *err, size_t errlen);

/*
 * Write every row of sw (columns added, not begun) from machine m in format
 * fmt: into out, flushed to f in chunks when f is not NULL (the remainder is
 * left in out for the caller). Ctrl-C stops it after a whole row, with the
 * output kept valid (json closed), and returns -2 with a note in err; other
 * errors (a write failed) return -1. A sweep estimated before its first row
 * (a solve of its models timed at a few rows, times the solves it makes) to
 * take over a minute is refused: -3, with err saying how long it would take
 * and that --long (sweep_out.long_ok) runs it.
 * progress: show progress on stderr for long sweeps.
 */
int sweep_write(const struct machine *m, struct sweep *sw, enum out_format fmt, FILE *f, int progress,
		struct strbuf *out, char *err, size_t errlen);

/* How sweep_write_doc writes: sweep_write is a standalone document, list columns summarised. */
struct sweep_out {
	enum out_format format;
	struct doc *doc;  /* the document the rows are a result of (records.h) */
	int lists_full;   /* list columns give every item, not count, first, last and sum */
	int close;        /* the document ends with the sweep (a file of its own) */
	int long_ok;      /* --long: a sweep estimated at over a minute runs (saying so) rather than being refused */
};
int sweep_write_doc(const struct machine *m, struct sweep *sw, const struct sweep_out *o, FILE *f, int progress,
		    struct strbuf *out, char *err, size_t errlen);

/*
 * A sweep's column word: PATCH.METRIC[.SIDE] as it is, or a whole patch -
 * PATCH and PATCH.* every metric of it, PATCH.SIDE every metric at that side
 * (single-valued ones as they are) - in `help metrics` order. Adds the
 * columns to sw; 0, or -1 with err.
 */
int sweep_add_word(struct sweep *sw, const struct machine *m, const char *word, char *err, size_t errlen);


#endif
