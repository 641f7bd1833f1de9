/*
 * where: the first value of a key in FROM..TO at which a metric's
 * comparison with a threshold holds, for each side it has - found by
 * sweep_where() (core/sweep.c: bisection, its samples checked for order),
 * or with a step by going through the stepped values in order.
 */
#include "cmd_sweep.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/mm/release.h"
#include "../../core/units.h"
#include "../out/numfmt.h"
#include "../out/records.h"
#include "../out/render.h"
#include "../interrupt.h"
#include "../validation.h"
#include "../walk.h"

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

int where_condition_parse(const struct machine *m, const char *cmd, char **argv, struct metric_ref *ref,
			  enum where_op *op, struct value *thr, char *err, size_t errlen)
{
	char why[256];

	if (metric_parse_m(m, argv[0], ref, why, sizeof(why)))
		return err_set(err, errlen, "%s: %s", cmd, why);
	if (ref->metric->list)
		return err_set(err, errlen, "%s: %s.%s is a list, not one number to compare", cmd, ref->patch->id,
			       ref->metric->name);
	if (where_op_parse(argv[1], op))
		return err_set(err, errlen, "%s: '%s' is not an operator (expected <, <=, >, >= or ==)", cmd, argv[1]);
	if (parse_threshold(argv[2], ref->metric, thr))
		return err_set(err, errlen, "%s: '%s' is not a number%s", cmd, argv[2],
			       !strcmp(ref->metric->unit, "bytes") ? " or a size" : "");
	return 0;
}

/* A row's answer, the same in both record shapes: the key value (a release is a name, not a number), the metric, holds, monotone. */
static void where_record(struct records *rec, const char *key, int choice, const struct where_result *res)
{
	if (choice)
		rec_choice(rec, key);
	else
		rec_num(rec, key);
	rec_value(rec, res->v);
	rec_bool(rec, res->found);
	rec_bool(rec, res->monotone);
	rec_end_row(rec);
}

/*
 * An enterprise kernel's figures say so, as get's do (release_caveat_over()
 * for the key walked): csv and json in the next result (call before its
 * rec_begin), a table on a line after its answer.
 */
static void where_caveat(struct session *s, const char *key, struct strbuf *out)
{
	char caveat[REC_CAVEAT_MAX];

	release_caveat_over(&s->m, key, caveat, sizeof(caveat));
	if (s->format != FMT_TABLE)
		rec_caveat_next(&s->doc, caveat);
	else if (*caveat)
		sb_printf(out, "  (kernel figures: %s)\n", caveat);
}

/* A bisection that may have missed an earlier crossing: a warning, on stderr in a script (session_note). */
static void where_warn(const struct session *s, struct strbuf *out, const char *name, const char *key)
{
	struct strbuf t = STRBUF_INIT;

	sb_printf(&t, "where: warning: %s is not monotone in %s here and the range is too wide to try every value: "
		  "an earlier %s may hold too\n", name, key, key);
	session_note(s, out, sb_str(&t));
	sb_free(&t);
}

static void put_where_key(const struct sweep_range *r, const struct sweep_cursor *c, char *buf, size_t len)
{
	if (r->real)
		fmt_real_shortest(c->r, buf, len);
	else if (r->key->type == PT_CHOICE) /* a release, by its name */
		snprintf(buf, len, "%s", r->key->choices[c->u]);
	else
		snprintf(buf, len, "%llu", (unsigned long long)c->u);
}

/*
 * The value at a crossing, in as few digits as show the condition holding:
 * the usual rounding unless it would print a number that fails it (9.99999996
 * rounds to "10 %", which is not < 10), then the fewest significant digits in
 * the metric's own unit that still pass (17 always do: they round-trip). A
 * whole number shown scaled ("22 MiB") gets its exact count beside it.
 */
static void where_value_text(struct value v, const char *unit, enum where_op op, struct value thr, char *buf,
			     size_t len)
{
	char num[40];

	render_human(v, unit, buf, len);
	if (v.kind == VAL_INT && where_holds(v, op, thr)) {
		/* "22 MiB" is rounded: the exact count beside it, which is what the condition held for */
		size_t n = (size_t)snprintf(num, sizeof(num), "%llu", (unsigned long long)v.i), have = strlen(buf);

		if (strncmp(buf, num, n) || (buf[n] && buf[n] != ' '))
			snprintf(buf + have, len > have ? len - have : 0, " (%s%s%s)", num, *unit ? " " : "", unit);
		return;
	}
	if (v.kind != VAL_REAL || !isfinite(v.r) || !where_holds(v, op, thr))
		return;
	for (int sig = FMT_SIG; sig <= 17; sig++) {
		snprintf(num, sizeof(num), "%.*g", sig, v.r);
		if (!where_holds(val_real(strtod(num, NULL)), op, thr))
			continue;
		if (sig > FMT_SIG)
			snprintf(buf, len, "%s%s%s", num, *unit ? " " : "", unit);
		return;
	}
}

/* The first value of the range: a condition found there held before any crossing. */
static int where_at_start(const struct sweep_range *r, const struct sweep_cursor *at)
{
	return r->real ? at->r == r->rfrom : at->u == r->from;
}

/*
 * where with a step: every value of the stepped range in order (a sweep of
 * one column), the first where it holds. Exact, whatever the metric's shape:
 * the step says which values count.
 */
static int where_stepped(const struct machine *m, const struct sweep_range *r, const struct sweep_col *col,
			 enum where_op op, struct value thr, const struct walk_how *how, struct where_result *res,
			 char *refused, size_t refusedlen, char *err, size_t errlen)
{
	struct sweep *sw = malloc(sizeof(*sw)); /* 192 columns: too big for a small stack */
	struct walk_run run;
	char why[256];
	int more = 0, dir = 0, rc, stopped;

	memset(res, 0, sizeof(*res));
	if (!sw)
		return err_set(err, errlen, "out of memory");
	sweep_init(sw, r);
	if (sweep_add_column(sw, col->patch, col->metric, col->side, col->metric->name, why, sizeof(why))) {
		free(sw);
		return err_set(err, errlen, "%s", why);
	}
	sweep_begin(sw, m);
	if ((rc = walk_run_begin(&run, "where", sw, 0, how, err, errlen))) {
		sweep_end(sw);
		free(sw);
		return rc;
	}
	res->monotone = 1;
	res->all_na = 1;
	while (!interrupt_seen() && (more = sweep_next(sw)) > 0) {
		struct value prev = res->v;

		walk_step(&run.w, res->evals);
		res->evals++;
		res->at = sw->cur;
		res->v = sweep_value(sw, 0);
		if (res->v.kind != VAL_NONE)
			res->all_na = 0;
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
	stopped = walk_run_end(&run);
	if (stopped && !res->found) {
		sweep_end(sw);
		free(sw);
		return err_set(err, errlen, "interrupted after %llu of %llu values of %s; none of them holds",
			       (unsigned long long)res->evals, (unsigned long long)r->rows, r->key->name);
	}
	if (res->found || !res->evals)
		res->all_na = 0;
	if (res->all_na && res->v.why == sw->refused_why) {
		/* the reason lives in the sweep, which goes: the first refused row's stands for them */
		snprintf(refused, refusedlen, "%s", sw->first_refused);
		res->v = val_none(refused);
	} else if (res->v.kind == VAL_NONE && res->v.why) {
		/* the last row's reason may live in the sweep too (a refused machine's): kept in res, which outlives it */
		snprintf(res->why, sizeof(res->why), "%s", res->v.why);
		res->v.why = res->why;
	}
	sweep_end(sw);
	free(sw);
	if (more < 0)
		return err_set(err, errlen, "a row was refused by the parameter table (a bug)");
	res->scanned = 1;
	return 0;
}

/*
 * where A OP B, B a metric too (issue 37: "from how many CPUs is the new
 * bound worse"): every value of the range in order, both metrics in one
 * sweep, the first row where A OP B holds. Exact; the range is one a sweep
 * takes row by row.
 */
static int where_pair(struct session *s, char **argv, int argc, const struct metric_ref *a, const struct metric_ref *b,
		      enum where_op op, const struct walk_how *how, struct strbuf *out, char *err, size_t errlen)
{
	struct sweep_range r;
	struct sweep *sw;
	struct records rec;
	struct walk_run run;
	char why[256], an[160], bn[160], key[64], va[64], vb[64];
	int more = 0, found = 0, rc;
	uint64_t n = 0;

	if (a->side < 0 || b->side < 0 || a->metric->list || b->metric->list)
		return err_set(err, errlen, "where: comparing two metrics needs a side on each (PATCH.METRIC.SIDE)");
	if (sweep_range_parse(&s->m, argv[4], argv[5], argv[6], argc == 9 ? argv[7] : "step", argc == 9 ? argv[8] : "1",
			      &r, why, sizeof(why)))
		return err_set(err, errlen, "where: %s", why);
	if (!(sw = malloc(sizeof(*sw))))
		return err_set(err, errlen, "out of memory");
	sweep_init(sw, &r);
	snprintf(an, sizeof(an), "%s.%s.%s", a->patch->id, a->metric->name, patch_col_name(&s->m, a->patch, a->side));
	snprintf(bn, sizeof(bn), "%s.%s.%s", b->patch->id, b->metric->name, patch_col_name(&s->m, b->patch, b->side));
	if (sweep_add_column(sw, a->patch, a->metric, a->side, an, why, sizeof(why)) ||
	    sweep_add_column(sw, b->patch, b->metric, b->side, bn, why, sizeof(why))) {
		free(sw);
		return err_set(err, errlen, "where: %s", why);
	}
	sweep_begin(sw, &s->m);
	if ((rc = walk_run_begin(&run, "where", sw, 0, how, err, errlen))) {
		s->ask_long = 1;
		sweep_end(sw);
		free(sw);
		return -1;
	}
	while (!found && !interrupt_seen() && (more = sweep_next(sw)) > 0) {
		found = where_holds(sweep_value(sw, 0), op, sweep_value(sw, 1));
		walk_step(&run.w, ++n);
	}
	if (walk_run_end(&run) && !found) {
		sweep_end(sw);
		free(sw);
		return err_set(err, errlen, "where: interrupted after %llu of %llu values of %s; %s %s %s holds at none of them",
			       (unsigned long long)n, (unsigned long long)r.rows, r.key->name, an, where_op_name(op), bn);
	}
	put_where_key(&r, &sw->cur, key, sizeof(key));
	render_human(sweep_value(sw, 0), a->metric->unit, va, sizeof(va));
	render_human(sweep_value(sw, 1), b->metric->unit, vb, sizeof(vb));
	if (s->format != FMT_TABLE) {
		/* the one-metric schema (KEY, METRIC, holds), the second metric beside the first */
		const char *heads[] = { r.key->name, an, bn, "holds", NULL };
		struct rec_unit units[3] = { { r.key->name, r.key->unit, "input", NULL },
					     { an, a->metric->unit, rec_kind(a->metric), validation_band(a->patch, a->metric) },
					     { bn, b->metric->unit, rec_kind(b->metric), validation_band(b->patch, b->metric) } };

		where_caveat(s, r.key->name, out);
		rec_begin(&rec, &s->doc, s->format, heads, units, 3, out);
		rec_num(&rec, key);
		rec_value(&rec, sweep_value(sw, 0));
		rec_value(&rec, sweep_value(sw, 1));
		rec_bool(&rec, found);
		rec_end_row(&rec);
		rec_end(&rec);
	} else if (found) {
		sb_printf(out, "%s = %s: %s = %s %s %s = %s\n", r.key->name, key, an, va, where_op_name(op), bn, vb);
	} else {
		sb_printf(out, "never in %s..%s: at %s = %s, %s = %s and %s = %s\n", argv[5], argv[6], r.key->name, key,
			  an, va, bn, vb);
	}
	if (s->format == FMT_TABLE) {
		sb_printf(out, "  (every %s of the range was tried in order, both metrics in one sweep: exact for those values)\n",
			  r.key->name);
		where_caveat(s, r.key->name, out);
	}
	sweep_end(sw);
	free(sw);
	return more < 0 ? err_set(err, errlen, "a row was refused by the parameter table (a bug)") : 0;
}

/* where A OP B with B a metric: where_pair()'s answer (0 or -1), or 1 when B is no metric (a number follows). */
static int where_try_pair(struct session *s, int argc, char **argv, const struct walk_how *how, struct strbuf *out,
			  char *err, size_t errlen)
{
	struct metric_ref a, b;
	enum where_op op;
	char why[256];

	if (metric_parse_m(&s->m, argv[2], &b, why, sizeof(why)) || metric_parse_m(&s->m, argv[0], &a, why, sizeof(why)))
		return 1;
	if (where_op_parse(argv[1], &op))
		return err_set(err, errlen, "where: '%s' is not an operator (expected <, <=, >, >= or ==)", argv[1]);
	return where_pair(s, argv, argc, &a, &b, op, how, out, err, errlen);
}

void where_details(const struct patch_set *ps, struct strbuf *out)
{
	(void)ps; /* the same words whatever is loaded */
	sb_printf(out,
		  "The first value of KEY in FROM..TO at which METRIC OP VALUE holds (OP: <, <=, >, >= or ==), "
		  "for each side of the metric, or for the one side named. VALUE is in the metric's unit: a "
		  "number, a size such as 4M for bytes, 1.5x for a ratio - or another PATCH.METRIC.SIDE, compared "
		  "row by row at every value of the range in order (with METRIC.SIDE named too).\n"
		  "How: with no step every whole value of KEY counts (every double for a real-valued key), and "
		  "the first one is found by bisection, which assumes the metric only rises or only falls along "
		  "KEY. %d evenly spaced values and those the bisection looks at are checked for that order; "
		  "when they are out of order a range of at most %llu values is tried one value after another, "
		  "so the answer is exact, and a wider one keeps the bisection's answer with a warning that an "
		  "earlier value may hold. With step N or x N only the stepped values count, tried in order "
		  "(the steps as in sweep). A key whose values are not an interval (pagesize) cannot be "
		  "bisected. Over kernel every release from FROM to TO is tried in order, and PATCH.METRIC is its "
		  "kernel side: the first release where it holds.\n"
		  "The answer: KEY's value and the metric's there, the line under it saying which of these it "
		  "rests on; 'already holds at the start' when it holds at FROM; 'never' with the value at TO "
		  "when nothing in the range holds.\n",
		  65, (unsigned long long)WHERE_SCAN_MAX);
	walk_details(out, "a where that tries values in order");
}

/* What one where asks, for the helpers that answer it a side at a time. */
struct where_ask {
	char **argv;                 /* the command's words: argv[2] the threshold, argv[5..8] the range as typed */
	struct sweep_range r;
	struct metric_ref ref;
	struct value thr;
	enum where_op op;
	int stepped, choice;         /* a step given; a choice key (the releases), every value tried */
	char from[64], to[64];       /* the range's ends as people read them */
	struct walk_how how;         /* --long given; a progress line allowed */
};

/* The sides to answer for: the one named, or every side; over the releases, the kernel side. */
static int where_sides(const struct machine *m, const struct where_ask *w, int *sides)
{
	const struct metric_ref *ref = &w->ref;
	int n = 0;

	if (w->choice && ref->side < 0 && ref->patch->kernel_code && (!ref->metric->single || patch_nsides(ref->patch) == 1))
		sides[n++] = SIDE_KERNEL;
	else if (ref->metric->single || ref->side >= 0)
		sides[n++] = ref->metric->single && ref->side != SIDE_KERNEL ? 0 : ref->side;
	else
		for (int i = 0; i < patch_ncols(m, ref->patch) && n < PATCH_MAX_COLS; i++)
			sides[n++] = i;
	return n;
}

/* The range's ends as the answer names them: as typed for sizes (1 GiB..1 TiB). */
static void where_range_text(struct where_ask *w)
{
	struct sweep_cursor c;

	sweep_cursor_start(&c);
	c.u = w->r.from;
	c.r = w->r.rfrom;
	put_where_key(&w->r, &c, w->from, sizeof(w->from));
	c.u = w->r.to;
	c.r = w->r.rto;
	put_where_key(&w->r, &c, w->to, sizeof(w->to));
	if (!strcmp(w->r.key->unit, "bytes") && !w->r.real) {
		fmt_human(val_int(w->r.from), "bytes", w->from, sizeof(w->from));
		fmt_human(val_int(w->r.to), "bytes", w->to, sizeof(w->to));
	}
}

/* How far to trust the answer: a line after it, by how the range was searched. */
static void where_how_text(const struct session *s, const struct where_ask *w, const struct where_result *res,
			   const char *name, const char *key, struct strbuf *out)
{
	const char *kname = w->r.key->name;

	if (w->stepped)
		sb_printf(out, "  (every %s in the range %s %s was tried: the answer is exact for those values)\n", kname,
			  w->argv[7], w->argv[8]);
	else if (w->choice)
		sb_printf(out, "  (the first release from %s on where it holds: every known release up to %s was tried in order)\n",
			  w->argv[5], res->found ? key : w->argv[6]);
	else if (res->monotone)
		sb_printf(out, "  (assumes %s is monotone in %s: it was, at the %llu values looked at)\n", name, kname,
			  (unsigned long long)res->evals);
	else if (res->scanned)
		sb_printf(out, "  (%s is not monotone in %s here, so every value was tried: the answer is exact)\n", name,
			  kname);
	else
		where_warn(s, out, name, kname);
}

/* One side's answer for people: where it first holds, or that it never does, and how far to trust that. */
static void where_answer_text(const struct session *s, const struct where_ask *w, const struct where_result *res,
			      const char *name, const char *key, const char *human, struct strbuf *out)
{
	const char *step = w->stepped ? " " : "", *by = w->stepped ? w->argv[7] : "", *n = w->stepped ? w->argv[8] : "";
	char val[64];

	render_bare(res->v, val, sizeof(val));
	where_value_text(res->v, w->ref.metric->unit, w->op, w->thr, val, sizeof(val));
	if (res->all_na) {
		/* nothing to compare anywhere: not a shape to warn about, a reason to give */
		char seen[64] = "at every value";

		if (!res->scanned)
			snprintf(seen, sizeof(seen), "at the %llu values looked at", (unsigned long long)res->evals);
		sb_printf(out, "never in %s..%s%s%s%s%s: %s is n/a everywhere (%s), because %s\n", w->from, w->to, step, by,
			  step, n, name, seen, res->v.why);
		return;
	}
	if (res->found && where_at_start(&w->r, &res->at))
		sb_printf(out, "already holds at the start of %s..%s, no crossing: %s = %s%s%s%s: %s = %s (%s %s)\n",
			  w->from, w->to, w->r.key->name, key, *human ? " (" : "", human, *human ? ")" : "", name, val,
			  where_op_name(w->op), w->argv[2]);
	else if (res->found)
		sb_printf(out, "%s = %s%s%s%s: %s = %s (%s %s)\n", w->r.key->name, key, *human ? " (" : "", human,
			  *human ? ")" : "", name, val, where_op_name(w->op), w->argv[2]);
	else
		sb_printf(out, "never in %s..%s%s%s%s%s: %s = %s at %s = %s\n", w->from, w->to, step, by, step, n, name,
			  val, w->r.key->name, key);
	where_how_text(s, w, res, name, key, out);
}

/* The command's words read into w: -1 with err when they are not a where. */
static int where_parse(struct session *s, int argc, char **argv, struct where_ask *w, char *err, size_t errlen)
{
	char why[256];

	w->argv = argv;
	w->stepped = argc == 9;
	if (where_condition_parse(&s->m, "where", argv, &w->ref, &w->op, &w->thr, err, errlen))
		return -1;
	if (w->stepped ? sweep_range_parse(&s->m, argv[4], argv[5], argv[6], argv[7], argv[8], &w->r, why, sizeof(why))
		       : sweep_bounds_parse(&s->m, argv[4], argv[5], argv[6], &w->r, why, sizeof(why)))
		return err_set(err, errlen, "where: %s", why);
	/* the releases are few and in order: every one is tried, the first where it holds is the answer */
	w->choice = w->r.key->type == PT_CHOICE;
	if (w->choice && sweep_range_parse(&s->m, argv[4], argv[5], argv[6], NULL, NULL, &w->r, why, sizeof(why)))
		return err_set(err, errlen, "where: %s", why);
	where_range_text(w);
	return 0;
}

/* One side answered: as a record (rec open, several sides), a document of its own (one), or text. */
static int where_side(struct session *s, const struct where_ask *w, int side, struct records *rec, int nsides,
		      struct strbuf *out, char *err, size_t errlen)
{
	const struct metric_ref *ref = &w->ref;
	struct sweep_col col;
	struct where_result res;
	char name[160], key[64], human[64] = "", refused[200], why[512];
	int rc;

	memset(&col, 0, sizeof(col));
	col.patch = ref->patch;
	col.metric = ref->metric;
	col.side = side;
	if (ref->metric->single && side != SIDE_KERNEL)
		snprintf(name, sizeof(name), "%s.%s", ref->patch->id, ref->metric->name);
	else
		snprintf(name, sizeof(name), "%s.%s.%s", ref->patch->id, ref->metric->name,
			 patch_col_name(&s->m, ref->patch, side));
	rc = w->stepped || w->choice ? where_stepped(&s->m, &w->r, &col, w->op, w->thr, &w->how, &res, refused,
						     sizeof(refused), why, sizeof(why))
				     : sweep_where(&s->m, &w->r, &col, w->op, w->thr, &res, why, sizeof(why));
	if (rc == -3) { /* its estimate is over a minute: the explorer asks, then adds --long */
		s->ask_long = 1;
		return err_set(err, errlen, "%s", why);
	}
	if (rc)
		return err_set(err, errlen, "where: %s", why);
	put_where_key(&w->r, &res.at, key, sizeof(key));
	if (!strcmp(w->r.key->unit, "bytes") && !w->r.real)
		fmt_human(val_int(res.at.u), "bytes", human, sizeof(human));
	if (s->format != FMT_TABLE && nsides > 1) {
		rec_str(rec, name);
		rec_str(rec, w->r.key->name);
		where_record(rec, key, w->choice, &res);
	} else if (s->format != FMT_TABLE) {
		/* one metric: the schema scripts already read (KEY,METRIC,holds,monotone) */
		const char *heads1[] = { w->r.key->name, name, "holds", "monotone", NULL };
		struct rec_unit units[2] = { { w->r.key->name, w->r.key->unit, "input", NULL },
					     { name, ref->metric->unit, rec_kind(ref->metric), validation_band(ref->patch, ref->metric) } };

		where_caveat(s, w->r.key->name, out);
		rec_begin(rec, &s->doc, s->format, heads1, units, 2, out);
		where_record(rec, key, w->choice, &res);
		rec_end(rec);
	} else {
		where_answer_text(s, w, &res, name, key, human, out);
		where_caveat(s, w->r.key->name, out);
	}
	return 0;
}

int cmd_where(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	static const char *const heads[] = { "metric", "key", "at", "value", "holds", "monotone", NULL };
	struct where_ask w;
	struct records rec;
	struct walk_how how;
	int sides[PATCH_MAX_COLS], nsides, rc;

	argc = walk_take_long(argc, argv, &how);
	s->ask_long = 0;
	how.show = walk_may_show(0);
	if ((argc != 7 && argc != 9) || strcmp(argv[3], "over") ||
	    (argc == 9 && strcmp(argv[7], "step") && strcmp(argv[7], "x")))
		return err_set(err, errlen, "where: expected where METRIC[.SIDE] OP VALUE over KEY FROM TO [step N | x N]");
	if ((rc = where_try_pair(s, argc, argv, &how, out, err, errlen)) != 1)
		return rc;
	memset(&w, 0, sizeof(w));
	w.how = how;
	if (where_parse(s, argc, argv, &w, err, errlen))
		return -1;
	nsides = where_sides(&s->m, &w, sides);
	if (nsides > 1 && s->format != FMT_TABLE) {
		struct rec_unit units[2] = { { "at", w.r.key->unit, "input", NULL },
					     { "value", w.ref.metric->unit, rec_kind(w.ref.metric),
					       validation_band(w.ref.patch, w.ref.metric) } };

		where_caveat(s, w.r.key->name, out);
		rec_begin(&rec, &s->doc, s->format, heads, units, 2, out);
	}
	for (int k = 0; k < nsides; k++)
		if (where_side(s, &w, sides[k], &rec, nsides, out, err, errlen))
			return -1;
	if (nsides > 1 && s->format != FMT_TABLE)
		rec_end(&rec);
	return 0;
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_where_entry = {
	.name = "where",
	.usage = "METRIC[.SIDE] OP VALUE over KEY FROM TO [step N | x N] [--long]",
	.args = { ARG_METRIC, ARG_OP, ARG_NONE, ARG_OVER, ARG_NUMKEY, ARG_VALUE, ARG_NONE, ARG_STEP },
	.min_args = 7,
	.max_args = 10,
	.help = "the first KEY value where METRIC OP VALUE holds (OP: < <= > >= ==); every side when none is named",
	.details = where_details,
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_where,
	.examples = (const char *const[]){ "where memcg_charge.stock_max_bytes.after > 1M over cpus 1 1024", NULL },
};
