/*
 * A patch file's optional parts (batchlab-mmpatch(5)): release rows, which
 * give the patch a kernel side through the release table every built-in
 * patch uses (core/mm/release.h), the claims its mail states (struct
 * patch_claim, checked by about ID --claims and report), and the trade-off
 * line (a tradeoff_spec, core/tradeoff.h). The keys' functions, named in
 * mmpatch.c's table; the checks that need the whole file; and the tables
 * built into the descriptor.
 */
#include <ctype.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "mmpatch.h"
#include "units.h"

/* --- release rows ------------------------------------------------------------------------ */

/* release RELEASE = EXPR */
int mmp_k_release(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_release *x;
	size_t n = strcspn(rest, " \t=");
	const char *eq = rest + n + strspn(rest + n, " \t"), *e;
	char msg[400], known[240];
	int idx;

	if (p->nrel == MMP_RELEASES) {
		snprintf(msg, sizeof(msg), "at most %d release rows expected", MMP_RELEASES);
		return mmp_at(p, 1, err, errlen, msg);
	}
	x = &p->rel[p->nrel];
	memset(x, 0, sizeof(*x));
	snprintf(x->from, sizeof(x->from), "%.*s", (int)(n < sizeof(x->from) ? n : sizeof(x->from) - 1), rest);
	if (!n || n >= sizeof(x->from) || (idx = release_find(x->from)) < 0) {
		release_list(known, sizeof(known));
		snprintf(msg, sizeof(msg), "release: a release batchlab knows expected (%s)", known);
		return mmp_at(p, col, err, errlen, msg);
	}
	if (p->nrel && idx <= release_find(p->rel[p->nrel - 1].from)) {
		snprintf(msg, sizeof(msg), "release %s: a release after the row above's (%s) expected: rows go oldest first",
			 x->from, p->rel[p->nrel - 1].from);
		return mmp_at(p, col, err, errlen, msg);
	}
	if (*eq != '=')
		return mmp_at(p, col + (int)(eq - rest), err, errlen, "release RELEASE = EXPR: '=' expected after the release");
	e = eq + 1 + strspn(eq + 1, " \t");
	if (!*e)
		return mmp_at(p, col + (int)(e - rest), err, errlen, "release RELEASE = EXPR: an expression expected after '='");
	if (mmp_text_to(p, e, col + (int)(e - rest), x->text, sizeof(x->text), "release's expression", err, errlen))
		return -1;
	x->line = p->line;
	x->col = col + (int)(e - rest);
	p->nrel++;
	p->block = MMP_RELEASE;
	return 0;
}

int mmp_k_commit(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_release *x = &p->rel[p->nrel - 1];
	size_t n = strlen(rest);

	if (n < 7 || n > 40 || strspn(rest, "0123456789abcdef") != n)
		return mmp_at(p, col, err, errlen, "commit: 7 to 40 lower-case hex digits expected (git log --oneline's)");
	memcpy(x->commit, rest, n + 1);
	return 0;
}

int mmp_k_subject(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_release *x = &p->rel[p->nrel - 1];

	return mmp_text_to(p, rest, col, x->subject, sizeof(x->subject), "subject", err, errlen);
}

int mmp_k_what(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_release *x = &p->rel[p->nrel - 1];

	return mmp_text_to(p, rest, col, x->what, sizeof(x->what), "what", err, errlen);
}

int mmp_k_checked(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_release *x = &p->rel[p->nrel - 1];

	return mmp_text_to(p, rest, col, x->checked, sizeof(x->checked), "checked", err, errlen);
}

int mmp_k_where(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	if (p->block == MMP_CLAIM)
		return mmp_text_to(p, rest, col, p->cl[p->ncl - 1].where, sizeof(p->cl[0].where), "where", err, errlen);
	return mmp_text_to(p, rest, col, p->rel[p->nrel - 1].where, sizeof(p->rel[0].where), "where", err, errlen);
}

/* --- claims ---------------------------------------------------------------------------------- */

/* claim METRIC[.SIDE] = NUMBER | outside */
int mmp_k_claim(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_claim *c;
	struct patch_claim *pc;
	size_t n = strcspn(rest, " \t=");
	const char *eq = rest + n + strspn(rest + n, " \t"), *num;
	char msg[200], why[96];

	if (p->ncl == MMP_CLAIMS) {
		snprintf(msg, sizeof(msg), "at most %d claims expected", MMP_CLAIMS);
		return mmp_at(p, 1, err, errlen, msg);
	}
	c = &p->cl[p->ncl];
	pc = &p->claims[p->ncl];
	memset(c, 0, sizeof(*c));
	memset(pc, 0, sizeof(*pc));
	c->line = p->line;
	c->col = col;
	c->metric_col = col;
	p->ncl++;
	p->block = MMP_CLAIM;
	if (n == 7 && !strncmp(rest, "outside", 7) && !*eq) {
		pc->how = CLAIM_OUTSIDE;
		pc->expect = CLAIM_NOT_MODELLED;
		return 0;
	}
	if (!n || n >= sizeof(c->metric) || strspn(rest, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") < n)
		return mmp_at(p, col, err, errlen, "claim: METRIC[.SIDE] = NUMBER or 'outside' expected");
	memcpy(c->metric, rest, n);
	c->metric[n] = '\0';
	if (*eq != '=')
		return mmp_at(p, col + (int)(eq - rest), err, errlen, "claim METRIC[.SIDE] = NUMBER: '=' expected");
	num = eq + 1 + strspn(eq + 1, " \t");
	if (!*num || parse_real(num, &pc->figure, why, sizeof(why))) {
		snprintf(msg, sizeof(msg), "claim: the mail's figure, a number in the metric's unit, expected after '='%s%s",
			 *num ? ": " : "", *num ? why : "");
		return mmp_at(p, col + (int)(num - rest), err, errlen, msg);
	}
	pc->how = CLAIM_EQUAL;
	pc->expect = CLAIM_HOLDS;
	return 0;
}

int mmp_k_said(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_claim *c = &p->cl[p->ncl - 1];

	c->said_set = 1;
	return mmp_text_to(p, rest, col, c->said, sizeof(c->said), "said", err, errlen);
}

/* on PRESET [KEY=VALUE ...]: each key a parameter, checked here; the values when the claim is checked */
int mmp_k_on(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_claim *c = &p->cl[p->ncl - 1];
	size_t n = strcspn(rest, " \t");
	const char *s;
	char msg[200];

	c->on_line = p->line;
	c->on_col = col;
	/* a name, not a path: a patch file someone sends does not make batchlab read other files */
	if (!n || n >= sizeof(c->machine) || strspn(rest, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") < n)
		return mmp_at(p, col, err, errlen, "on: a preset's name (preset list: letters, digits, '-' and '_') "
			      "expected, then KEY=VALUE settings");
	memcpy(c->machine, rest, n);
	c->machine[n] = '\0';
	for (s = rest + n; *s;) {
		size_t w, k;
		char key[MMP_NAME_MAX];

		s += strspn(s, " \t");
		w = strcspn(s, " \t");
		if (!w)
			break;
		k = strcspn(s, "=");
		if (k >= w || !k || k + 1 == w || k >= sizeof(key))
			return mmp_at(p, col + (int)(s - rest), err, errlen, "on: KEY=VALUE expected after the preset");
		snprintf(key, sizeof(key), "%.*s", (int)k, s);
		if (!param_find(key)) {
			char mean[128];

			snprintf(msg, sizeof(msg), "on: unknown parameter '%s'%s (help set)", key,
				 param_suggest(key, mean, sizeof(mean)));
			return mmp_at(p, col + (int)(s - rest), err, errlen, msg);
		}
		s += w;
	}
	s = rest + n + strspn(rest + n, " \t");
	if (strlen(s) >= sizeof(c->set))
		return mmp_at(p, col, err, errlen, "on: shorter settings expected");
	/* claim_apply() reads them space-separated */
	for (n = 0; *s; s++)
		if (*s != '\t' && !(*s == ' ' && n && c->set[n - 1] == ' '))
			c->set[n++] = *s;
	c->set[n] = '\0';
	return 0;
}

int mmp_k_within(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct patch_claim *pc = &p->claims[p->ncl - 1];
	size_t n = strlen(rest);
	char num[64], why[96];
	int pct = n && rest[n - 1] == '%';

	snprintf(num, sizeof(num), "%.*s", (int)(pct ? n - 1 : n), rest);
	if (pc->how == CLAIM_OUTSIDE)
		return mmp_at(p, 1, err, errlen, "within: a claim outside the metrics has no figure to be within of");
	if (!n || n >= sizeof(num) || parse_real(num, &pc->tol, why, sizeof(why)) || pc->tol < 0 || isinf(pc->tol))
		return mmp_at(p, col, err, errlen, "within: a number of at least 0 (in the metric's unit) or NUMBER% expected");
	if (pct) {
		pc->how = CLAIM_WITHIN;
		pc->tol /= 100;
	}
	return 0;
}

int mmp_k_note(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	return mmp_text_to(p, rest, col, p->cl[p->ncl - 1].note, sizeof(p->cl[0].note), "note", err, errlen);
}

int mmp_k_expect(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	static const char *const words[] = { [CLAIM_HOLDS] = "holds", [CLAIM_DIFFERS] = "differs",
					     [CLAIM_NOT_MODELLED] = "outside" };
	struct patch_claim *pc = &p->claims[p->ncl - 1];

	p->cl[p->ncl - 1].expect_line = p->line;
	p->cl[p->ncl - 1].expect_col = col;
	for (int i = 0; i < 3; i++)
		if (!strcmp(rest, words[i])) {
			if ((i == CLAIM_NOT_MODELLED) != (pc->how == CLAIM_OUTSIDE))
				return mmp_at(p, col, err, errlen, pc->how == CLAIM_OUTSIDE
					      ? "expect: a claim outside the metrics is outside: 'expect outside' expected"
					      : "expect: holds or differs expected (outside is for 'claim outside')");
			pc->expect = (enum claim_verdict)i;
			return 0;
		}
	return mmp_at(p, col, err, errlen, "expect: holds, differs or outside expected");
}

/* --- the trade-off line -------------------------------------------------------------------- */

/* The next word of s from *at into out: its column, or 0 at the end of the line. */
static int word_at(const char *s, size_t *at, char *out, size_t size, int col0)
{
	size_t w;
	int c;

	*at += strspn(s + *at, " \t");
	w = strcspn(s + *at, " \t");
	if (!w)
		return 0;
	c = col0 + (int)*at;
	snprintf(out, size, "%.*s", (int)(w < size ? w : size - 1), s + *at);
	*at += w;
	return w < size ? c : -c;
}

/* tradeoff BENEFIT against COST [over KNOB FROM TO [x N | step N]] */
int mmp_k_tradeoff(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	static const char usage[] = "tradeoff BENEFIT against COST [over KNOB FROM TO [x N | step N]]";
	struct mmp_tradeoff *t = &p->to;
	size_t at = 0;
	char word[40], msg[200];
	int c;

	if (p->has_tradeoff)
		return mmp_at(p, 1, err, errlen, "a second 'tradeoff' line: a patch has one trade-off");
	memset(t, 0, sizeof(*t));
	t->line = p->line;
	t->col = col;
	p->has_tradeoff = 1;
	p->block = MMP_TAIL;
	if ((c = word_at(rest, &at, t->benefit, sizeof(t->benefit), col)) <= 0)
		return mmp_at(p, c ? -c : col, err, errlen, "tradeoff: the benefit's metric expected first");
	if ((c = word_at(rest, &at, word, sizeof(word), col)) <= 0 || strcmp(word, "against")) {
		snprintf(msg, sizeof(msg), "%s: 'against' expected after the benefit", usage);
		return mmp_at(p, c ? (c < 0 ? -c : c) : col + (int)at, err, errlen, msg);
	}
	if ((c = word_at(rest, &at, t->cost, sizeof(t->cost), col)) <= 0)
		return mmp_at(p, c ? -c : col + (int)at, err, errlen, "tradeoff: the cost's metric expected after 'against'");
	if (!(c = word_at(rest, &at, word, sizeof(word), col)))
		return 0;
	if (c < 0 || strcmp(word, "over")) {
		snprintf(msg, sizeof(msg), "%s: 'over' or the end of the line expected after the cost", usage);
		return mmp_at(p, c < 0 ? -c : c, err, errlen, msg);
	}
	if ((t->knob_col = word_at(rest, &at, t->knob, sizeof(t->knob), col)) <= 0 ||
	    word_at(rest, &at, t->from, sizeof(t->from), col) <= 0 || word_at(rest, &at, t->to, sizeof(t->to), col) <= 0) {
		snprintf(msg, sizeof(msg), "%s: KNOB FROM TO expected after 'over'", usage);
		return mmp_at(p, col + (int)at, err, errlen, msg);
	}
	if (!(c = word_at(rest, &at, t->how, sizeof(t->how), col)))
		return 0;
	if (c < 0 || (strcmp(t->how, "x") && strcmp(t->how, "step")) ||
	    word_at(rest, &at, t->step, sizeof(t->step), col) <= 0 || rest[at + strspn(rest + at, " \t")]) {
		snprintf(msg, sizeof(msg), "%s: x N or step N expected after the range, then the end of the line", usage);
		return mmp_at(p, c < 0 ? -c : c, err, errlen, msg);
	}
	return 0;
}

/* --- the whole file ------------------------------------------------------------------------- */

static int compile_rows(struct mmpatch *p, char *err, size_t errlen)
{
	const char *saved = p->names[p->constant0];
	char msg[300];
	int rc = 0;

	p->names[p->constant0] = NULL; /* a row reads the machine and the helpers, as a side does */
	for (int i = 0; i < p->nrel && !rc; i++)
		if (expr_compile(&p->rel[i].prog, p->rel[i].text, p->names, msg, sizeof(msg)))
			rc = mmp_expr_error(p, p->rel[i].line, p->rel[i].col, msg, err, errlen);
	p->names[p->constant0] = saved;
	return rc;
}

/* METRIC[.SIDE], METRIC.ratio or a parameter: what claim_check() will find. */
static int check_claim_metric(struct mmpatch *p, const struct mmp_claim *c, char *err, size_t errlen)
{
	char name[sizeof(c->metric)], msg[300];
	char *dot;
	int ok = 1;

	snprintf(name, sizeof(name), "%s", c->metric);
	if (param_find(name))
		return 0;
	dot = strchr(name, '.');
	if (dot)
		*dot++ = '\0';
	if (mmpatch_metric_index(p, name) < 0)
		ok = 0;
	else if (dot && strcmp(dot, "ratio") && strcmp(dot, "before") && strcmp(dot, "after") &&
		 !(p->nrel && !strcmp(dot, "kernel"))) {
		ok = 0;
		for (int i = 0; i < p->nsides; i++)
			ok |= !strcmp(p->sides[i].name, dot);
	}
	if (ok)
		return 0;
	snprintf(msg, sizeof(msg), "claim: '%s': a metric of the file, METRIC.SIDE (a side%s), METRIC.ratio or a "
		 "parameter expected", c->metric, p->nrel ? " or kernel" : "");
	return mmp_at_line(p, c->line, c->metric_col, err, errlen, msg);
}

static int check_claims(struct mmpatch *p, char *err, size_t errlen)
{
	for (int i = 0; i < p->ncl; i++) {
		const struct mmp_claim *c = &p->cl[i];
		const struct patch_claim *pc = &p->claims[i];

		if (!c->said_set)
			return mmp_at_line(p, c->line, 1, err, errlen, "claim: a 'said TEXT' line expected under it (the "
									 "claim in the mail's words)");
		if (pc->how == CLAIM_OUTSIDE) {
			if (!c->note[0])
				return mmp_at_line(p, c->line, 1, err, errlen, "claim outside: a 'note TEXT' line expected "
										 "under it (what no metric models)");
			continue;
		}
		if (!c->machine[0])
			return mmp_at_line(p, c->line, 1, err, errlen, "claim: an 'on PRESET [KEY=VALUE...]' line expected "
									 "under it (the machine it is stated for)");
		if (check_claim_metric(p, c, err, errlen))
			return -1;
	}
	return 0;
}

/* The knob: the constant (by either name), or a parameter; then its range, read on the default machine. */
static int check_tradeoff(struct mmpatch *p, char *err, size_t errlen)
{
	const struct mmp_tradeoff *t = &p->to;
	const char *names[2] = { t->benefit, t->cost };
	struct machine m;
	struct sweep_range r;
	char msg[400], why[300];

	if (!p->has_tradeoff)
		return 0;
	for (int i = 0; i < 2; i++)
		if (mmpatch_metric_index(p, names[i]) < 0) {
			snprintf(msg, sizeof(msg), "tradeoff: '%s' is no metric of the file: the %s's metric expected", names[i],
				 i ? "cost" : "benefit");
			return mmp_at_line(p, t->line, t->col, err, errlen, msg);
		}
	if (!t->knob[0])
		return 0;
	if (strcmp(t->knob, p->metrics[0].name) && strcmp(t->knob, p->constant_name) && !param_find(t->knob)) {
		snprintf(msg, sizeof(msg), "tradeoff: over '%s': the constant (%s or %s) or a parameter (help set) expected",
			 t->knob, p->constant_name, p->metrics[0].name);
		return mmp_at_line(p, t->line, t->knob_col, err, errlen, msg);
	}
	machine_defaults(&m);
	mmp_rows_build(p); /* the spec the range is read for */
	if (tradeoff_range_parse(&m, &p->tradeoff[0], p->tradeoff[0].knob, t->from, t->to, t->how[0] ? t->how : NULL,
				 t->how[0] ? t->step : NULL, &r, why, sizeof(why))) {
		snprintf(msg, sizeof(msg), "tradeoff: %s", why);
		return mmp_at_line(p, t->line, t->knob_col, err, errlen, msg);
	}
	return 0;
}

int mmp_rows_finish(struct mmpatch *p, char *err, size_t errlen)
{
	return compile_rows(p, err, errlen) || check_claims(p, err, errlen) || check_tradeoff(p, err, errlen) ? -1 : 0;
}

/* A release row's value: the constant as that row's code computes it on m at the row's release. Its mode is its index: the file is found from it. */
static struct value row_value(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	const struct mmpatch *p = (const struct mmpatch *)(const void *)((const char *)(r - r->mode) -
									   offsetof(struct mmpatch, rows));
	const struct mmp_release *x = &p->rel[r->mode];
	uint64_t vals[EXPR_MAX_NAMES], v;
	const char *na;
	struct machine at = *m;
	int idx = release_find(r->from);

	/* the row's code is its release's: a kernel name in it (MEMCG_CHARGE_BATCH) reads that release's value */
	if (idx >= 0)
		at.kernel = (uint64_t)idx;
	if (mmp_fill_machine(p, &x->prog, &at, vals, &na) || expr_eval(&x->prog, p->names, vals, &v, &na, why))
		return val_none(na);
	return val_int(v);
}

static void build_history(struct mmpatch *p)
{
	int ns = 0;

	for (int i = 0; i < p->nrel; i++) {
		struct mmp_release *x = &p->rel[i];

		/* text is shorter than MMP_TEXT_MAX, expr_what 16 longer (memcpy: gcc -O1 takes snprintf for an overlap) */
		memcpy(x->expr_what, "computed as ", 12);
		memcpy(x->expr_what + 12, x->text, strlen(x->text) + 1);
		p->rows[i] = (struct release_row){ .from = x->from, .commit = x->commit[0] ? x->commit : NULL,
						   .what = x->what[0] ? x->what : x->expr_what,
						   .where = x->where[0] ? x->where : p->kernel_where, .value = row_value,
						   .check = x->checked[0] ? x->checked : NULL,
						   .mode = (uint64_t)i }; /* row_value() finds the file by it */
	}
	memset(&p->rows[p->nrel], 0, sizeof(p->rows[0]));
	for (int i = 0; i < p->nrel; i++) /* history's subject column: the commits the file names a subject for */
		if (p->rel[i].commit[0] && p->rel[i].subject[0])
			p->subjects[ns++] = (struct commit_subject){ p->rel[i].commit, p->rel[i].subject };
	memset(&p->subjects[ns], 0, sizeof(p->subjects[0]));
	p->history = (struct release_history){ .constant = p->constant_name, .unit = p->metrics[0].unit,
					       .rows = p->rows, .before_first = "older than the patch file's first release row" };
	p->histories[0] = &p->history;
	p->histories[1] = NULL;
	memset(&p->kernel, 0, sizeof(p->kernel));
	p->kernel.history = p->histories;
	p->kernel.subjects = ns ? p->subjects : NULL;
	p->desc.kernel_code = p->nrel ? &p->kernel : NULL;
}

static void build_claims(struct mmpatch *p)
{
	for (int i = 0; i < p->ncl; i++) {
		const struct mmp_claim *c = &p->cl[i];
		struct patch_claim *pc = &p->claims[i];

		pc->said = c->said;
		pc->where = c->where[0] ? c->where : "mail";
		pc->machine = pc->how == CLAIM_OUTSIDE ? NULL : c->machine;
		pc->set = c->set[0] ? c->set : NULL;
		pc->metric = pc->how == CLAIM_OUTSIDE ? NULL : c->metric;
		pc->note = c->note[0] ? c->note : NULL;
	}
	memset(&p->claims[p->ncl], 0, sizeof(p->claims[0]));
	p->desc.claims = p->ncl ? p->claims : NULL;
}

static void build_tradeoff(struct mmpatch *p)
{
	const struct mmp_tradeoff *t = &p->to;
	struct tradeoff_spec *s = &p->tradeoff[0];
	int constant = !t->knob[0] || !strcmp(t->knob, p->metrics[0].name) || !strcmp(t->knob, p->constant_name);

	memset(&p->tradeoff[1], 0, sizeof(p->tradeoff[1]));
	if (!p->has_tradeoff)
		return;
	p->knob = (struct param){ .name = p->metrics[0].name, .type = PT_COUNT, .max = UINT64_MAX,
				  .unit = p->metrics[0].unit, .group = p->id, .help = p->what };
	snprintf(p->tradeoff_why, sizeof(p->tradeoff_why), "%s against %s as %s moves (patch file %s)", t->benefit, t->cost,
		 constant ? p->constant_name : t->knob, p->file);
	*s = (struct tradeoff_spec){ .patch = p->id, .knob = constant ? p->metrics[0].name : t->knob,
				     .benefit = t->benefit, .cost = t->cost, .before_label = "the before side",
				     .why = p->tradeoff_why, .variant_is_knob = constant,
				     .constant = constant ? &p->knob : NULL };
	if (t->knob[0]) {
		s->from = t->from;
		s->to = t->to;
		s->how = t->how[0] ? t->how : NULL;
		s->step = t->how[0] ? t->step : NULL;
	}
}

void mmp_rows_build(struct mmpatch *p)
{
	build_history(p);
	build_claims(p);
	build_tradeoff(p);
}
