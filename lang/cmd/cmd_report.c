/*
 * report PATCH [on PRESET...]: a plain-text review summary to paste into a
 * mailing-list reply - the patch, its status and constant, per machine its
 * gains and prices, the savings in proportion, the assumptions, a chart, and
 * last the batchlab line that reproduces every number. 72 columns unless
 * --width says; --format json gives the same content structured.
 */
#include "cmd_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/params.h"
#include "../../core/variant.h"
#include "../../core/mmpatch.h"
#include "../../core/mva.h"
#include "../out/chart.h"
#include "../out/quote.h"
#include "../out/render.h"
#include "../out/svg.h"
#include "../out/wrap.h"
#include "../reportchart.h"
#include "../reportjson.h"
#include "../reportparts.h"
#include "../interrupt.h"
#include "../reportrepro.h"
#include "../state.h"
#include "../walk.h"

#define REPORT_WIDTH 72
#define REPORT_CHART_HEIGHT 10

/* A laptop, a two-socket server and a 1024-CPU one: the sizes a reviewer asks about first. */
static const char *const default_machines[] = { "laptop-8c-16g", "server-2s-128c-512g", "server-8s-1024c-8t", NULL };

static void assumption_values(const struct compare_set *set, const struct param *p, struct strbuf *out)
{
	char first[96], v[96];
	int same = 1;

	param_format_human(&set->st[0].m, p, first, sizeof(first));
	for (int g = 1; g < set->n; g++) {
		param_format_human(&set->st[g].m, p, v, sizeof(v));
		same &= !strcmp(v, first);
	}
	if (same) {
		sb_puts(out, first);
		return;
	}
	for (int g = 0; g < set->n; g++) {
		param_format_human(&set->st[g].m, p, v, sizeof(v));
		sb_printf(out, "%s%s on %s", g ? ", " : "", v, set->st[g].label);
	}
}

static void report_head(const struct rform *f, const struct patch_desc *d, struct strbuf *out)
{
	char status[400], t[2400];
	struct strbuf q = STRBUF_INIT;
	const char *kernel = d->kernel;

	report_status(d, status, sizeof(status));
	if (f->md) { /* a patch file's words are markdown's text, not its markup (quote.h) */
		sb_printf(out, "## %s: ", d->id);
		quote_md(out, d->title);
		sb_puts(out, "\n\n");
		quote_md(&q, d->kernel);
		kernel = sb_str(&q);
	} else {
		report_para(out, f->width, "%s: %s\n", d->id, d->title);
	}
	if (mmpatch_is(d)) { /* a file has no seed: where it comes from, each origin with its kind */
		char o[4 * MMP_TEXT_MAX];

		mmpatch_origins(mmpatch_of(d), o, sizeof(o));
		snprintf(t, sizeof(t), "%s%s%s%s\nstatus: %s\n", o, o[0] ? "; " : "", kernel, f->md ? "  " : "", status);
	} else {
		snprintf(t, sizeof(t), "seed %s; %s%s\nstatus: %s\n", d->seed, kernel, f->md ? "  " : "", status);
	}
	rf_para(f, out, t);
	sb_free(&q);
}

/* A constant's value, or n/a with the reason a variant cannot build there. */
static void constant_cell(struct value v, const char *unit, char *buf, size_t len)
{
	if (v.kind == VAL_NONE && v.why)
		snprintf(buf, len, "n/a (%.*s)", (int)(len > 8 ? len - 8 : 0), v.why);
	else
		render_human(v, unit, buf, len);
}

/* The constant on each machine, one line when every machine has the same. */
static void report_constant(const struct rform *f, const struct compare_set *set, const struct patch_desc *d,
			    struct strbuf *out)
{
	const struct patch_constant *k = d->constant;
	const struct metric_desc *kmd = k && k->metric ? patch_metric(d, k->metric) : NULL;
	struct strbuf t = STRBUF_INIT, first = STRBUF_INIT;
	int same = 1;
	char b[200];

	if (!kmd)
		return;
	for (int g = 0; g < set->n; g++) {
		const struct machine *m = &set->st[g].m;
		struct strbuf *v = g ? &t : &first;

		t.len = 0;
		sb_puts(&t, "");
		for (int side = 0; side < patch_ncols(m, d); side++) {
			constant_cell(metric_compute(m, d, kmd, side, NULL), kmd->unit, b, sizeof(b));
			sb_printf(v, "%s %s %s", side ? "," : "", patch_col_name(m, d, side), b);
		}
		same &= !g || !strcmp(sb_str(&t), sb_str(&first));
	}
	t.len = 0;
	sb_puts(&t, "");
	if (same) /* what it is, the claims and the tables say: the values are the news */
		sb_printf(&t, "%s:%s on %s.", k->name, sb_str(&first),
			  set->n > 1 ? "every machine" : set->st[0].label);
	else {
		sb_printf(&t, "The constant, %s: %s.", k->name, k->what);
		for (int g = 0; g < set->n; g++) {
			const struct machine *m = &set->st[g].m;

			sb_printf(&t, "\n- %s:", set->st[g].label);
			for (int side = 0; side < patch_ncols(m, d); side++) {
				constant_cell(metric_compute(m, d, kmd, side, NULL), kmd->unit, b, sizeof(b));
				sb_printf(&t, "%s %s %s", side ? "," : "", patch_col_name(m, d, side), b);
			}
		}
	}
	for (int side = patch_nsides(d); side < patch_ncols(&set->st[0].m, d); side++) {
		const struct variant *v = variant_at(&set->st[0].m, d, side);

		/* markdown: an expression as code, where its * is no emphasis (no ` is in the variants' language) */
		sb_printf(&t, f->md ? "\n- variant %s: %s = `%s`" : "\n- variant %s: %s = %s", v->name, k->name, v->text);
	}
	sb_putc(&t, '\n');
	sb_putc(out, '\n');
	rf_para(f, out, sb_str(&t));
	sb_free(&t);
	sb_free(&first);
	if (out->len > 1 && out->buf[out->len - 2] == '\n') /* rf_para's own line end after the text's */
		out->buf[--out->len] = '\0';
}

/* Does md give the same on every side of every machine (a saving that does not read the machine's size)? */
static int share_same(const struct compare_set *set, const struct patch_desc *d, const struct metric_desc *md)
{
	char a[96], b[96];

	if (patch_ncols(&set->st[0].m, d) != 2)
		return 0;
	render_human(metric_compute(&set->st[0].m, d, md, d->after, NULL), md->unit, a, sizeof(a));
	for (int g = 1; g < set->n; g++) {
		render_human(metric_compute(&set->st[g].m, d, md, d->after, NULL), md->unit, b, sizeof(b));
		if (strcmp(a, b))
			return 0;
	}
	return 1;
}

static void report_savings(const struct rform *f, const struct compare_set *set, const struct patch_desc *d,
			   struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	char b[96];
	int any = 0;

	for (const struct metric_desc *md = d->metrics; md->name; md++)
		any |= report_is_share(md);
	if (!any && mmpatch_is(d)) /* a file states no share metric: the section would say nothing about it */
		return;
	rf_heading(f, out, "The savings in proportion");
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		if (!report_is_share(md))
			continue;
		sb_printf(&t, "- %s (%s): %s.", md->name, metric_kind_name(md->kind), md->help);
		if (share_same(set, d, md)) {
			render_human(metric_compute(&set->st[0].m, d, md, d->after, NULL), md->unit, b, sizeof(b));
			sb_printf(&t, " After: %s on %s. (explain %s.%s.after says how.)\n", b,
				  set->n > 1 ? "every machine" : set->st[0].label, d->id, md->name);
			continue;
		}
		for (int g = 0; g < set->n; g++) {
			const struct machine *m = &set->st[g].m;

			sb_printf(&t, " %s:", set->st[g].label);
			for (int side = 0; side < patch_ncols(m, d); side++) {
				if (side == d->before)
					continue;
				render_human(metric_compute(m, d, md, side, NULL), md->unit, b, sizeof(b));
				sb_printf(&t, " %s %s,", patch_col_name(m, d, side), b);
			}
			t.buf[t.len - 1] = g + 1 < set->n ? ';' : '.';
		}
		sb_printf(&t, " (explain %s.%s.after says how.)\n", d->id, md->name);
	}
	if (!t.len)
		sb_puts(&t, "- no saving of this patch is a share of a larger piece of work here.\n");
	rf_para(f, out, sb_str(&t));
	sb_free(&t);
}

static void report_assumptions(const struct rform *f, const struct compare_set *set, const struct patch_desc *d,
			       struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	int n = 0;

	rf_heading(f, out, "The assumptions these numbers rest on (help NAME says what each is)");
	for (size_t i = 0; i < nparams; i++) {
		if (!report_is_assumption(&params[i]) || !report_patch_reads(d, params[i].name))
			continue;
		sb_printf(&t, "%s%s = ", n++ ? "; " : "", params[i].name);
		assumption_values(set, &params[i], &t);
		/* a fitted constant says so: the reader weighs it apart from a stated workload */
		if (strstr(params[i].help, "fitted"))
			sb_puts(&t, " (fitted)");
	}
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		char name[160], buf[400];
		const char *why = report_metric_assumption(d, md, name, sizeof(name), buf, sizeof(buf));

		if (why)
			sb_printf(&t, "%s%s rests on: %s", n++ ? "; " : "", name, why);
	}
	if (!n)
		sb_puts(&t, "none: no figure here reads a workload parameter or a fitted constant, or states an "
			    "assumption");
	sb_puts(&t, ".\n");
	rf_para(f, out, sb_str(&t));
	sb_free(&t);
}

/*
 * The view the report was made from as one line (lang/state.h), on the patch
 * reported: the session's machine, variants, patch files and format.
 */
static void report_state(struct session *s, const struct patch_desc *d, struct strbuf *out)
{
	char was[sizeof(s->show)];

	memcpy(was, s->show, sizeof(was));
	snprintf(s->show, sizeof(s->show), "%s", d->id);
	state_format(s, out);
	memcpy(s->show, was, sizeof(was));
}

/*
 * batchlab 'LINE' for a shell within width: a line too long is cut into
 * pieces the shell joins again, each ending '\ and the next opening ' (a view
 * line holds no ' of its own: state.c writes it %27).
 */
static void state_command(const char *line, int width, struct strbuf *out)
{
	int col = (int)strlen("batchlab '"), room;
	size_t n = strlen(line);

	sb_puts(out, "batchlab '");
	while (n) {
		room = width - col - 2 > 8 ? width - col - 2 : 8;
		if ((int)n + 1 <= width - col) {
			sb_printf(out, "%s'\n", line);
			return;
		}
		sb_printf(out, "%.*s'\\\n'", room, line);
		line += room;
		n -= (size_t)room;
		col = 1;
	}
	sb_puts(out, "'\n");
}

static void report_text(const struct rform *f, const struct compare_set *set, const struct patch_desc *d,
			const struct report_chart *rc, int have_chart, const char *state, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	char head[300];

	report_head(f, d, out);
	report_points(f, d, out);
	report_claims(f, set->st[0].m.set, d, out);
	report_constant(f, set, d, out);
	report_gains(f, set, d, out);
	report_savings(f, set, d, out);
	report_assumptions(f, set, d, out);
	if (have_chart) {
		snprintf(head, sizeof(head), "The metric that changes most, over %s (%s to %s)", rc->key->name, rc->from,
			 rc->to);
		rf_heading(f, out, head);
		chart_render(&rc->c, f->width, REPORT_CHART_HEIGHT, 0, &t);
		rf_pre(f, out, sb_str(&t));
		t.len = 0;
		sb_puts(&t, "");
	}
	rf_heading(f, out, "Every number above, again (paste into a shell)");
	report_reproduce(set, d, rc, f->width, &t);
	rf_pre(f, out, sb_str(&t));
	t.len = 0;
	sb_puts(&t, "");
	rf_heading(f, out, "The view this report was made from, as one line");
	state_command(state, f->width, &t);
	rf_pre(f, out, sb_str(&t));
	sb_free(&t);
}

/* Every line of text behind "> ", as a mail reply quotes it ("> " alone on a blank line is ">"). */
static void quote_lines(const char *text, struct strbuf *out)
{
	while (*text) {
		size_t n = strcspn(text, "\n");

		sb_printf(out, n ? "> %.*s\n" : ">\n", (int)n, text);
		text += n + (text[n] == '\n');
	}
}

int report_build(struct session *s, const struct patch_desc *d, struct compare_set *set, int width,
		 enum out_format fmt, unsigned style, const struct plot_watch *w, struct strbuf *out, char *err,
		 size_t errlen)
{
	struct report_chart rc;
	char why[300];
	struct rform f = { fmt == FMT_MARKDOWN, !!(style & REPORT_COMPARE), width - (style & REPORT_QUOTE ? 2 : 0) };
	int got = report_chart(set, d, f.width, w, &rc, why, sizeof(why)), have_chart = !got;
	struct strbuf state = STRBUF_INIT;

	if (got == -3 || got == -2) /* the chart's samples refused for their time, or stopped: no report */
		return err_set(err, errlen, "%s", why) + (got == -3 ? -2 : -1); /* why names report */
	report_state(s, d, &state);
	if (fmt == FMT_JSON || fmt == FMT_JSONL) {
		report_json(&s->doc, fmt, set, d, &rc, have_chart, width, sb_str(&state), out);
	} else if (style & REPORT_QUOTE) {
		struct strbuf t = STRBUF_INIT;

		report_text(&f, set, d, &rc, have_chart, sb_str(&state), &t);
		if (wrap_widest(sb_str(&t)) > f.width) {
			/*
			 * fitted here, before the quote: the dispatcher's reflow of quoted text
			 * would put continuation lines out of the quote (issue 47: widths 24..28)
			 */
			struct strbuf fit = STRBUF_INIT;

			wrap_reflow(&fit, sb_str(&t), f.width, 0);
			sb_free(&t);
			t = fit;
		}
		quote_lines(sb_str(&t), out);
		sb_free(&t);
	} else
		report_text(&f, set, d, &rc, have_chart, sb_str(&state), out);
	sb_free(&state);
	if (have_chart)
		report_chart_free(&rc);
	return 0;
}

void report_details(const struct patch_set *ps, struct strbuf *out)
{
	(void)ps; /* the same words whatever is loaded */
	sb_puts(out,
		"A review summary of PATCH to paste into a mailing-list reply, no line wider than 72 columns unless "
		"--width N (24..1000) says otherwise, in the order a reviewer argues:\n"
		"- the patch's title, seed, kernel files and status (merged, or proposed), as about has it;\n"
		"- what a maintainer leads with: the points of the patch's descriptor, each naming the function and "
		"file it is about;\n"
		"- the seed's claims, checked: every figure the seed's mail states, a row each - where the mail says "
		"it, its words, batchlab's figure for the same machine and workload, and the verdict: holds, within "
		"N% (a model, N its distance from the mail's figure), differs or outside the model, the reasons "
		"under the table (about PATCH --claims gives each row's machine, metric and comparison);\n"
		"- its constant on each machine: before, after and each of your variants (help variant);\n"
		"- the gains (+) and prices (-): every metric with a better direction, its kind marked (~ model, * "
		"workload, unmarked exact), before, after, your variants and the change before -> after; one table "
		"for the rows every machine shares and one per machine - the presets named, else laptop-8c-16g, "
		"server-2s-128c-512g and server-8s-1024c-8t - for the rest; a model figure on a machine outside its "
		"fit is marked ! with the fit and the machines, an n/a cell points to its reason;\n"
		"- the savings in proportion: the share metrics (vmpressure.eval_share, memcg_charge.update_share, "
		"committed_as.lock_share), each saving as a share of the work it belongs to;\n"
		"- the assumptions: every workload parameter and fitted constant the metrics read, with its value on "
		"each machine, and each workload metric that reads none: a patch file's with its assume line, a "
		"built-in one's workload fixed in its code;\n"
		"- an ASCII chart of the metric that changes most on the first machine (of those within 1% of the "
		"largest change, the first in the patch's order), over the machine-size parameter it reads, from the "
		"smallest machine's value to the largest, every side and variant a curve of its own (> PATH.svg or "
		"--format svg writes that chart alone as an SVG picture, --size WIDTHxHEIGHT pixels);\n"
		"- last, a batchlab -c '...' command that prints every number again, labelled: per machine preset "
		"load (its name or path quoted for batchlab and for sh), your variants once (preset load keeps them), "
		"show PATCH, and get --named of the assumptions (NAME = VALUE), then the plot. A command too long for "
		"the width is cut into pieces the shell joins again: a piece ends with '\\ and the next line opens "
		"with '.\n"
		"Then the view the report was made from as one line (state): batchlab 'LINE' restores it, on the "
		"patch reported.\n"
		"--quote puts \"> \" before every line, as a reply quotes, within the width. --format markdown writes "
		"the same as markdown for a forge or a cover letter: headings, GitHub-flavoured tables, the chart and "
		"the command as fenced blocks. --style compare lays the gains out as mmtests' compare-kernels does: "
		"the baseline (before) first, every other column's change against it in parentheses, ? where a "
		"model's change is smaller than its stated error.\n"
		"Machines are presets (report PATCH on preset NAME... says so explicitly), each loaded as preset load "
		"does and given your variants; one that does not exist, or one set would refuse, is an error. "
		"--format json gives the same content as one object, the points and claims included; > PATH writes "
		"it to a file.\n");
	walk_details_units(out, "a report", "machine", "machine");
	sb_puts(out, "Its chart's samples are then a walk of their own, estimated and shown as plot's are.\n");
}

/* report's own options: --quote, --style compare, and a picture's --size WIDTHxHEIGHT. */
struct report_options {
	unsigned style; /* REPORT_* bits */
	int svg_w, svg_h;
	struct walk_how how; /* --long, a progress line */
};

/* An option's value: --NAME=VALUE or --NAME VALUE (the next word, taken); NULL when argv[*i] is not --NAME. */
static const char *option_value(int argc, char **argv, int *i, const char *name, int *missing)
{
	size_t n = strlen(name);

	*missing = 0;
	if (strncmp(argv[*i], name, n) || (argv[*i][n] && argv[*i][n] != '='))
		return NULL;
	if (argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (*i + 1 == argc)
		return *missing = 1, NULL;
	return argv[++*i];
}

/* The options, taken out of the words (anywhere, as the output options are). */
static int report_take_options(int *argc, char **argv, struct report_options *o, char *err, size_t errlen)
{
	int k = 0, missing;

	for (int i = 0; i < *argc; i++) {
		const char *v;
		char why[128];

		if (!strcmp(argv[i], "--quote")) {
			o->style |= REPORT_QUOTE;
		} else if ((v = option_value(*argc, argv, &i, "--style", &missing)) || missing) {
			if (!v)
				return err_set(err, errlen, "report: --style: expected compare");
			if (strcmp(v, "compare"))
				return err_set(err, errlen, "report: --style '%s': expected compare", v);
			o->style |= REPORT_COMPARE;
		} else if ((v = option_value(*argc, argv, &i, "--size", &missing)) || missing) {
			if (!v)
				return err_set(err, errlen, "report: expected WIDTHxHEIGHT after --size");
			if (svg_parse_size(v, &o->svg_w, &o->svg_h, why, sizeof(why)))
				return err_set(err, errlen, "report: %s", why);
		} else {
			argv[k++] = argv[i];
		}
	}
	*argc = k;
	return 0;
}

/* One machine's figures of d, every metric and side: what the report works out per machine, for its estimate. */
struct report_solve {
	const struct patch_desc *d;
	const struct machine *m;
};

static void solve_report_machine(void *ctx)
{
	const struct report_solve *rs = ctx;

	for (const struct metric_desc *md = rs->d->metrics; md->name; md++)
		for (int side = 0; side < (md->single ? 1 : patch_ncols(rs->m, rs->d)); side++)
			(void)metric_compute(rs->m, rs->d, md, side, NULL);
}

/*
 * The machines' figures as a walk before the report is written: the dearest
 * machine (the most CPUs) timed, times the machines, is the estimate; each
 * machine's models solved in turn with the line counting machines, kept in a
 * memo of solved networks (core/mva.h) the report's text then reads back
 * (a hit is the double the solve gave: no figure depends on it).
 */
static int report_machines(struct session *s, const struct patch_desc *d, struct compare_set *set,
			   const struct report_options *o, struct mva_memo *memo, char *err, size_t errlen)
{
	struct report_solve rs = { d, &set->st[0].m };
	struct walk_estimate est = { 0, 0, 0, NULL, 0 };
	struct walk_run run;
	int rc, g;

	for (g = 0; g < set->n; g++) {
		set->st[g].m.mva_memo = memo;
		rs.m = set->st[g].m.cpus > rs.m->cpus ? &set->st[g].m : rs.m;
	}
	est.per = walk_time(solve_report_machine, &rs);
	est.solves = (uint64_t)set->n;
	est.total = est.per * (double)set->n;
	if ((rc = walk_units_begin(&run, "report", "machines", (uint64_t)set->n, &est, &o->how, err, errlen))) {
		s->ask_long = rc == -3 && !o->how.long_ok; /* over a minute: the explorer asks, then adds --long */
		return rc;
	}
	for (g = 0; g < set->n && !interrupt_seen(); g++) {
		rs.m = &set->st[g].m;
		solve_report_machine(&rs);
		walk_step(&run.w, (uint64_t)g + 1);
	}
	if (walk_run_end(&run))
		return err_set(err, errlen, "report: interrupted after %d of %d machines; nothing written", g, set->n);
	return 0;
}

/* The report as a walk: its machines (report_machines), then its chart's samples watched as plot's are. */
static int report_walk(struct session *s, const struct patch_desc *d, struct compare_set *set, int width,
		       enum out_format fmt, const struct report_options *o, struct strbuf *out, char *err, size_t errlen)
{
	struct mva_memo *memo = calloc(1, sizeof(*memo));
	struct walk_plot wp;
	struct plot_watch watch = walk_plot_watch(&wp, "report", &o->how);
	int rc;

	if (!memo)
		return err_set(err, errlen, "report: out of memory");
	rc = report_machines(s, d, set, o, memo, err, errlen);
	if (!rc && fmt == FMT_SVG) /* the picture is the report's chart */
		rc = report_svg(set, d, width, o->svg_w, o->svg_h, &watch, out, err, errlen);
	else if (!rc)
		rc = report_build(s, d, set, width, fmt, o->style, &watch, out, err, errlen);
	if (rc == -3)
		s->ask_long = !o->how.long_ok;
	else if (rc == -2)
		rc = err_set(err, errlen, "report: interrupted while sampling its chart; nothing written");
	for (int g = 0; g < set->n; g++)
		set->st[g].m.mva_memo = NULL;
	free(memo);
	return rc;
}

int cmd_report(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	const struct patch_desc *d;
	struct compare_set *set;
	enum out_format fmt = s->format;
	int width = s->opts.width ? s->opts.width : REPORT_WIDTH, rc; /* cmd_run took > PATH, --format, --width */
	struct report_options o = { 0, SVG_DEFAULT_W, SVG_DEFAULT_H, { 0, 0 } };

	s->ask_long = 0;
	argc = walk_take_long(argc, argv, &o.how);
	o.how.show = walk_may_show(0); /* the report is printed at the end */
	if (report_take_options(&argc, argv, &o, err, errlen))
		return -1;
	if (argc < 1 || (argc > 1 && strcmp(argv[1], "on")) || argc == 2)
		return err_set(err, errlen, "report: expected report PATCH [on PRESET...] [--quote] [--style compare] "
			       "[--width N] [> PATH]");
	d = patch_find(s->m.set, argv[0]);
	if (!d) {
		char ids[160];

		patch_ids(s->m.set, ids, sizeof(ids));
		return err_set(err, errlen, "report: unknown patch '%s' (expected %s)", argv[0], ids);
	}
	if (fmt == FMT_CSV)
		return err_set(err, errlen, "report: a report is text, markdown or json, not csv (--format json)");
	if ((o.style & REPORT_QUOTE) && fmt != FMT_TABLE && fmt != FMT_MARKDOWN)
		return err_set(err, errlen, "report: --quote quotes text for a mail reply, not %s", out_format_names[fmt]);
	set = compare_new();
	if (!set)
		return err_set(err, errlen, "report: out of memory");
	if (argc > 2)
		rc = compare_words(set, s, "report", argc - 2, argv + 2, err, errlen);
	else
		rc = compare_words(set, s, "report", 3, (char **)default_machines, err, errlen);
	if (!rc)
		rc = report_walk(s, d, set, width, fmt, &o, out, err, errlen);
	compare_free(set);
	return rc;
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_report_entry = {
	.name = "report",
	.usage = "PATCH [on PRESET...] [--quote] [--style compare]",
	.args = { ARG_PATCH, ARG_ON, ARG_MACHINES },
	.min_args = 1,
	.max_args = -1,
	.help = "a review summary for a mailing-list reply, 72 columns, reproducible; --format markdown; > PATH.svg: its chart",
	.details = report_details,
	.out = OUT_FILE | OUT_FORMATS,
	.picture = CMD_SVG | CMD_MARKDOWN,
	.exec = cmd_report,
	.examples = (const char *const[]){ "report memcg_charge", "report memcg_charge --quote", "report memcg_charge on vm-4g", NULL },
};
