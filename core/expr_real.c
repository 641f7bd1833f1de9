/*
 * Real arithmetic for patch files' workload and model metrics (expr_real.h):
 * a recursive-descent parser that checks a line and, given values, works it
 * out in double as it reads it.
 */
#include "expr_real.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct expr_real_func expr_real_funcs[] = {
	{ "min", 2, "min(a, b)" },
	{ "max", 2, "max(a, b)" },
	{ "clamp", 3, "clamp(val, lo, hi)" },
	{ "abs", 1, "abs(x)" },
	{ "sqrt", 1, "sqrt(x): x at least 0" },
	{ "log2", 1, "log2(x): x above 0" },
	{ "pow", 2, "pow(x, y)" },
	{ NULL, 0, NULL },
};

#define REAL_MAX_DEPTH 32

struct rparser {
	const char *s;
	size_t i;
	const char *const *names;
	const double *vals; /* NULL: check only */
	uint64_t reads;
	int depth, failed;
	char *err;
	size_t errlen;
	const char *why; /* the first reason a live step is undefined */
};

static void fail(struct rparser *p, const char *what)
{
	char tok[24];
	size_t n = 0;

	if (p->failed)
		return;
	p->failed = 1;
	while (p->s[p->i + n] && p->s[p->i + n] != ' ' && n < sizeof(tok) - 1)
		n++;
	snprintf(tok, sizeof(tok), "%.*s", (int)n, p->s + p->i);
	if (p->s[p->i])
		snprintf(p->err, p->errlen, "unexpected '%s' at column %d (expected %s)", tok, (int)p->i + 1, what);
	else
		snprintf(p->err, p->errlen, "the line ends at column %d (expected %s)", (int)p->i + 1, what);
}

/* A live step (one whose value is used) that is undefined makes the figure n/a; a dead branch's never does. */
static double undefined(struct rparser *p, int live, const char *why)
{
	if (live && p->vals && !p->why)
		p->why = why;
	return 0;
}

static void skip(struct rparser *p)
{
	while (p->s[p->i] == ' ' || p->s[p->i] == '\t')
		p->i++;
}

static int eat(struct rparser *p, const char *op)
{
	size_t n = strlen(op);

	skip(p);
	if (strncmp(p->s + p->i, op, n))
		return 0;
	/* '<' is not the start of '<=' nor '<<'; '=' alone is no operator here */
	if (n == 1 && strchr("<>", op[0]) && (p->s[p->i + 1] == '=' || p->s[p->i + 1] == op[0]))
		return 0;
	if (n == 1 && strchr("&|", op[0]) && p->s[p->i + 1] == op[0])
		return 0;
	if (n == 1 && op[0] == '!' && p->s[p->i + 1] == '=')
		return 0;
	p->i += n;
	return 1;
}

static double ternary(struct rparser *p, int live);

static double number(struct rparser *p)
{
	const char *start = p->s + p->i;
	char *end;
	double v;

	if (start[0] == '0' && (start[1] == 'x' || start[1] == 'X')) {
		v = (double)strtoull(start, &end, 16);
	} else {
		/* digits, a point, an exponent: strtod's decimal form, nothing it reads beyond (no "inf", no hex floats) */
		size_t n = strspn(start, "0123456789.");

		if (n && (start[n] == 'e' || start[n] == 'E') &&
		    (isdigit((unsigned char)start[n + 1]) ||
		     ((start[n + 1] == '-' || start[n + 1] == '+') && isdigit((unsigned char)start[n + 2]))))
			n += 2 + strspn(start + n + 2, "0123456789");
		{
			char buf[64];
			size_t points = 0;

			for (size_t k = 0; k < n; k++)
				points += start[k] == '.';
			if (n >= sizeof(buf) || points > 1)
				return fail(p, "a number (0.75, 1e-6)"), 0;
			memcpy(buf, start, n);
			buf[n] = '\0';
			v = strtod(buf, &end);
			end = (char *)start + (end - buf);
		}
	}
	if (end == start || isalnum((unsigned char)*end) || *end == '_' || *end == '.')
		return fail(p, "a number (0.75, 1e-6)"), 0;
	p->i += (size_t)(end - start);
	return v;
}

static double call(struct rparser *p, const struct expr_real_func *f, int live)
{
	double a[3] = { 0, 0, 0 };

	skip(p);
	if (p->s[p->i] != '(')
		return fail(p, "'(' after a function's name"), 0;
	p->i++;
	for (int k = 0; k < f->argc && !p->failed; k++) {
		if (k && !eat(p, ","))
			return fail(p, f->usage), 0;
		a[k] = ternary(p, live);
	}
	if (p->failed)
		return 0;
	if (!eat(p, ")"))
		return fail(p, f->usage), 0;
	if (!strcmp(f->name, "min"))
		return fmin(a[0], a[1]);
	if (!strcmp(f->name, "max"))
		return fmax(a[0], a[1]);
	if (!strcmp(f->name, "clamp"))
		return a[1] > a[2] ? undefined(p, live, "clamp() with lo above hi") : fmin(fmax(a[0], a[1]), a[2]);
	if (!strcmp(f->name, "abs"))
		return fabs(a[0]);
	if (!strcmp(f->name, "sqrt"))
		return a[0] < 0 ? undefined(p, live, "sqrt() of a negative number") : sqrt(a[0]);
	if (!strcmp(f->name, "log2"))
		return a[0] <= 0 ? undefined(p, live, "log2() of a number not above 0") : log2(a[0]);
	return pow(a[0], a[1]);
}

static double primary(struct rparser *p, int live)
{
	size_t at, n;

	skip(p);
	at = p->i;
	if (isdigit((unsigned char)p->s[at]) || (p->s[at] == '.' && isdigit((unsigned char)p->s[at + 1])))
		return number(p);
	if (p->s[at] == '(') {
		double v;

		p->i++;
		v = ternary(p, live);
		if (!p->failed && !eat(p, ")"))
			fail(p, "')'");
		return v;
	}
	for (n = 0; isalnum((unsigned char)p->s[at + n]) || p->s[at + n] == '_'; n++)
		;
	if (!n || isdigit((unsigned char)p->s[at]))
		return fail(p, "a number, a name, a function or '('"), 0;
	for (int k = 0; p->names[k] && k < 64; k++)
		if (strlen(p->names[k]) == n && !strncmp(p->names[k], p->s + at, n)) {
			p->i += n;
			p->reads |= 1ull << k;
			return p->vals ? p->vals[k] : 0;
		}
	for (int k = 0; expr_real_funcs[k].name; k++)
		if (strlen(expr_real_funcs[k].name) == n && !strncmp(expr_real_funcs[k].name, p->s + at, n)) {
			p->i += n;
			return call(p, &expr_real_funcs[k], live);
		}
	return fail(p, "a name the file knows (a machine's, a helper's, the constant's or a metric's) or a real "
		       "function (min, max, clamp, abs, sqrt, log2, pow)"), 0;
}

static double unary(struct rparser *p, int live)
{
	double v;

	/* signs, parentheses and calls nest: each level is counted, so no line recurses deeper than this */
	if (++p->depth > REAL_MAX_DEPTH)
		return fail(p, "fewer nested signs, parentheses or calls"), 0;
	if (eat(p, "-"))
		v = -unary(p, live);
	else if (eat(p, "+"))
		v = unary(p, live);
	else if (eat(p, "!"))
		v = unary(p, live) == 0;
	else
		v = primary(p, live);
	p->depth--;
	return v;
}

static double product(struct rparser *p, int live)
{
	double v = unary(p, live);

	while (!p->failed) {
		int op = eat(p, "*") ? '*' : eat(p, "/") ? '/' : eat(p, "%") ? '%' : 0;
		double r;

		if (!op)
			break;
		r = unary(p, live);
		if (op == '*')
			v *= r;
		else if (r == 0)
			v = undefined(p, live, "division by zero");
		else
			v = op == '/' ? v / r : fmod(v, r);
	}
	return v;
}

static double sum(struct rparser *p, int live)
{
	double v = product(p, live);

	while (!p->failed) {
		if (eat(p, "+"))
			v += product(p, live);
		else if (eat(p, "-"))
			v -= product(p, live);
		else
			break;
	}
	return v;
}

static double compare(struct rparser *p, int live)
{
	static const char *const ops[] = { "<=", ">=", "==", "!=", "<", ">" };
	double v = sum(p, live);

	for (int again = 1; again && !p->failed;) {
		again = 0;
		for (int k = 0; k < 6; k++)
			if (eat(p, ops[k])) {
				double r = sum(p, live);

				v = k == 0 ? v <= r : k == 1 ? v >= r : k == 2 ? v == r : k == 3 ? v != r : k == 4 ? v < r : v > r;
				again = 1;
				break;
			}
	}
	return v;
}

static double logic(struct rparser *p, int live)
{
	double v = compare(p, live);

	while (!p->failed) {
		if (eat(p, "&&"))
			v = compare(p, live && v != 0) != 0 && v != 0;
		else if (eat(p, "||"))
			v = compare(p, live && v == 0) != 0 || v != 0;
		else
			break;
	}
	return v;
}

static double ternary(struct rparser *p, int live)
{
	double c = logic(p, live), a, b;

	if (p->failed || !eat(p, "?"))
		return c;
	a = ternary(p, live && c != 0);
	if (!p->failed && !eat(p, ":"))
		return fail(p, "':' of the '?'"), 0;
	b = ternary(p, live && c == 0);
	return c != 0 ? a : b;
}

static int run(struct rparser *p, double *out)
{
	double v = ternary(p, 1);

	skip(p);
	if (!p->failed && p->s[p->i])
		fail(p, "an operator or the end of the line");
	if (p->failed)
		return -1;
	*out = v;
	return 0;
}

int expr_real_compile(const char *text, const char *const *names, uint64_t *reads, char *err, size_t errlen)
{
	struct rparser p = { .s = text, .names = names, .err = err, .errlen = errlen };
	double v;

	if (run(&p, &v))
		return -1;
	*reads = p.reads;
	return 0;
}

int expr_real_eval(const char *text, const char *const *names, const double *vals, double *out, const char **why,
		   struct strbuf *trace)
{
	char err[160];
	struct rparser p = { .s = text, .names = names, .vals = vals, .err = err, .errlen = sizeof(err) };
	double v;

	if (run(&p, &v))
		return *why = "the expression does not parse", -1;
	if (p.why)
		return *why = p.why, -1;
	if (!isfinite(v))
		return *why = "the figure is not finite (it overflows a double)", -1;
	sb_printf(trace, "= %.17g (real arithmetic)\n", v);
	*out = v;
	return 0;
}
