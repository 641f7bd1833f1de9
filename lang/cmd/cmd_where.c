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
#include "../../core/units.h"
#include "../out/numfmt.h"
#include "../out/records.h"
#include "../out/render.h"

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
			 enum where_op op, struct value thr, struct where_result *res, char *refused, size_t refusedlen,
			 char *err, size_t errlen)
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
	res->all_na = 1;
	while ((more = sweep_next(sw)) > 0) {
		struct value prev = res->v;

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
		      enum where_op op, struct strbuf *out, char *err, size_t errlen)
{
	struct sweep_range r;
	struct sweep *sw;
	struct records rec;
	char why[256], an[160], bn[160], key[64], va[64], vb[64];
	int more = 0, found = 0;

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
	while (!found && (more = sweep_next(sw)) > 0)
		found = where_holds(sweep_value(sw, 0), op, sweep_value(sw, 1));
	put_where_key(&r, &sw->cur, key, sizeof(key));
	render_human(sweep_value(sw, 0), a->metric->unit, va, sizeof(va));
	render_human(sweep_value(sw, 1), b->metric->unit, vb, sizeof(vb));
	if (s->format != FMT_TABLE) {
		/* the one-metric schema (KEY, METRIC, holds), the second metric beside the first */
		const char *heads[] = { r.key->name, an, bn, "holds", NULL };
		struct rec_unit units[3] = { { r.key->name, r.key->unit, "input" }, { an, a->metric->unit, rec_kind(a->metric) },
					     { bn, b->metric->unit, rec_kind(b->metric) } };

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
	if (s->format == FMT_TABLE)
		sb_printf(out, "  (every %s of the range was tried in order, both metrics in one sweep: exact for those values)\n",
			  r.key->name);
	sweep_end(sw);
	free(sw);
	return more < 0 ? err_set(err, errlen, "a row was refused by the parameter table (a bug)") : 0;
}

/* where A OP B with B a metric: where_pair()'s answer (0 or -1), or 1 when B is no metric (a number follows). */
static int where_try_pair(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct metric_ref a, b;
	enum where_op op;
	char why[256];

	if (metric_parse_m(&s->m, argv[2], &b, why, sizeof(why)) || metric_parse_m(&s->m, argv[0], &a, why, sizeof(why)))
		return 1;
	if (where_op_parse(argv[1], &op))
		return err_set(err, errlen, "where: '%s' is not an operator (expected <, <=, >, >= or ==)", argv[1]);
	return where_pair(s, argv, argc, &a, &b, op, out, err, errlen);
}

void where_details(struct strbuf *out)
{
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
	int sides[PATCH_MAX_COLS], nsides = 0, stepped = argc == 9, choice;

	if ((argc != 7 && argc != 9) || strcmp(argv[3], "over") ||
	    (stepped && strcmp(argv[7], "step") && strcmp(argv[7], "x")))
		return err_set(err, errlen, "where: expected where METRIC[.SIDE] OP VALUE over KEY FROM TO [step N | x N]");
	if ((choice = where_try_pair(s, argc, argv, out, err, errlen)) != 1)
		return choice;
	if (where_condition_parse(&s->m, "where", argv, &ref, &op, &thr, err, errlen))
		return -1;
	if (stepped ? sweep_range_parse(&s->m, argv[4], argv[5], argv[6], argv[7], argv[8], &r, why, sizeof(why))
		    : sweep_bounds_parse(&s->m, argv[4], argv[5], argv[6], &r, why, sizeof(why)))
		return err_set(err, errlen, "where: %s", why);
	/* the releases are few and in order: every one is tried, the first where it holds is the answer */
	choice = r.key->type == PT_CHOICE;
	if (choice && sweep_range_parse(&s->m, argv[4], argv[5], argv[6], NULL, NULL, &r, why, sizeof(why)))
		return err_set(err, errlen, "where: %s", why);
	/* a metric with sides and none named: an answer for every side; over the releases, its kernel side */
	if (choice && ref.side < 0 && ref.patch->kernel_code && (!ref.metric->single || patch_nsides(ref.patch) == 1))
		sides[nsides++] = SIDE_KERNEL;
	else if (ref.metric->single || ref.side >= 0)
		sides[nsides++] = ref.metric->single && ref.side != SIDE_KERNEL ? 0 : ref.side;
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
	if (nsides > 1 && s->format != FMT_TABLE) {
		struct rec_unit units[2] = { { "at", r.key->unit, "input" }, { "value", ref.metric->unit, rec_kind(ref.metric) } };

		rec_begin(&rec, &s->doc, s->format, heads, units, 2, out);
	}
	for (int k = 0; k < nsides; k++) {
		struct sweep_col col;
		struct where_result res;
		char name[160], key[64], val[64], human[64] = "", refused[200];

		memset(&col, 0, sizeof(col));
		col.patch = ref.patch;
		col.metric = ref.metric;
		col.side = sides[k];
		if (ref.metric->single && sides[k] != SIDE_KERNEL)
			snprintf(name, sizeof(name), "%s.%s", ref.patch->id, ref.metric->name);
		else
			snprintf(name, sizeof(name), "%s.%s.%s", ref.patch->id, ref.metric->name,
				 patch_col_name(&s->m, ref.patch, sides[k]));
		if (stepped || choice ? where_stepped(&s->m, &r, &col, op, thr, &res, refused, sizeof(refused), why, sizeof(why))
			    : sweep_where(&s->m, &r, &col, op, thr, &res, why, sizeof(why)))
			return err_set(err, errlen, "where: %s", why);
		put_where_key(&r, &res.at, key, sizeof(key));
		render_bare(res.v, val, sizeof(val));
		if (!strcmp(r.key->unit, "bytes") && !r.real)
			fmt_human(val_int(res.at.u), "bytes", human, sizeof(human));
		if (s->format != FMT_TABLE && nsides > 1) {
			rec_str(&rec, name);
			rec_str(&rec, r.key->name);
			where_record(&rec, key, choice, &res);
			continue;
		}
		if (s->format != FMT_TABLE) {
			/* one metric: the schema scripts already read (KEY,METRIC,holds,monotone) */
			const char *heads1[] = { r.key->name, name, "holds", "monotone", NULL };
			struct rec_unit units[2] = { { r.key->name, r.key->unit, "input" },
						     { name, ref.metric->unit, rec_kind(ref.metric) } };

			rec_begin(&rec, &s->doc, s->format, heads1, units, 2, out);
			where_record(&rec, key, choice, &res);
			rec_end(&rec);
			continue;
		}
		where_value_text(res.v, ref.metric->unit, op, thr, val, sizeof(val));
		if (res.all_na) {
			/* nothing to compare anywhere: not a shape to warn about, a reason to give */
			char seen[64] = "at every value";

			if (!res.scanned)
				snprintf(seen, sizeof(seen), "at the %llu values looked at", (unsigned long long)res.evals);
			sb_printf(out, "never in %s..%s%s%s%s%s: %s is n/a everywhere (%s), because %s\n", from, to,
				  stepped ? " " : "", stepped ? argv[7] : "", stepped ? " " : "", stepped ? argv[8] : "", name,
				  seen, res.v.why);
			continue;
		}
		if (res.found && where_at_start(&r, &res.at))
			sb_printf(out, "already holds at the start of %s..%s, no crossing: %s = %s%s%s%s: %s = %s (%s %s)\n",
				  from, to, r.key->name, key, *human ? " (" : "", human, *human ? ")" : "", name, val,
				  where_op_name(op), argv[2]);
		else if (res.found)
			sb_printf(out, "%s = %s%s%s%s: %s = %s (%s %s)\n", r.key->name, key, *human ? " (" : "", human,
				  *human ? ")" : "", name, val, where_op_name(op), argv[2]);
		else
			sb_printf(out, "never in %s..%s%s%s%s%s: %s = %s at %s = %s\n", from, to, stepped ? " " : "",
				  stepped ? argv[7] : "", stepped ? " " : "", stepped ? argv[8] : "", name, val,
				  r.key->name, key);
		if (stepped)
			sb_printf(out, "  (every %s in the range %s %s was tried: the answer is exact for those values)\n",
				  r.key->name, argv[7], argv[8]);
		else if (choice)
			sb_printf(out, "  (the first release from %s on where it holds: every known release up to %s was tried in order)\n",
				  argv[5], res.found ? key : argv[6]);
		else if (res.monotone)
			sb_printf(out, "  (assumes %s is monotone in %s: it was, at the %llu values looked at)\n", name,
				  r.key->name, (unsigned long long)res.evals);
		else if (res.scanned)
			sb_printf(out, "  (%s is not monotone in %s here, so every value was tried: the answer is exact)\n",
				  name, r.key->name);
		else
			where_warn(s, out, name, r.key->name);
	}
	if (nsides > 1 && s->format != FMT_TABLE)
		rec_end(&rec);
	return 0;
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_where_entry = {
	.name = "where",
	.usage = "METRIC[.SIDE] OP VALUE over KEY FROM TO [step N | x N]",
	.args = { ARG_METRIC, ARG_OP, ARG_NONE, ARG_OVER, ARG_NUMKEY, ARG_VALUE, ARG_NONE, ARG_STEP },
	.min_args = 7,
	.max_args = 9,
	.help = "the first KEY value where METRIC OP VALUE holds (OP: < <= > >= ==); every side when none is named",
	.details = where_details,
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_where,
};
