/* The variant expression language: C's precedence, the kernel's functions, no silent wrap. */
#include "testutil.h"

#include "../../core/expr.h"
#include "../../core/mm/kernel.h"

static const char *const names[] = { "cpus", "totalram", "overcommit", "guess", "always", "never", "mem128m", NULL };

/* cpus 8, totalram 1032192 pages (4 GiB less the memmap), overcommit never, mem128m 31 */
static const uint64_t vals[] = { 8, 1032192, 2, 0, 1, 2, 31 };

static uint64_t ok(const char *text)
{
	struct expr e;
	char err[160];
	const char *why = NULL;
	uint64_t v = 0;

	if (expr_compile(&e, text, names, err, sizeof(err))) {
		fprintf(stderr, "'%s': %s\n", text, err);
		fail();
	}
	if (expr_eval(&e, names, vals, &v, &why, NULL)) {
		fprintf(stderr, "'%s': n/a: %s\n", text, why);
		fail();
	}
	return v;
}

/* Compiles, but cannot be evaluated: the reason. */
static const char *na(const char *text)
{
	struct expr e;
	char err[160];
	const char *why = NULL;
	uint64_t v = 0;

	assert_int_equal(expr_compile(&e, text, names, err, sizeof(err)), 0);
	assert_int_equal(expr_eval(&e, names, vals, &v, &why, NULL), -1);
	assert_non_null(why);
	return why;
}

/* Does not compile: the message, which must be one line. */
static const char *bad(const char *text)
{
	static char err[160];
	struct expr e;

	err[0] = '\0';
	assert_int_equal(expr_compile(&e, text, names, err, sizeof(err)), -1);
	assert_true(err[0]);
	assert_null(strchr(err, '\n'));
	return err;
}

static void test_arithmetic(void **state)
{
	(void)state;
	assert_int_equal(ok("1 + 2 * 3"), 7);
	assert_int_equal(ok("(1 + 2) * 3"), 9);
	assert_int_equal(ok("17 / 5"), 3);
	assert_int_equal(ok("17 % 5"), 2);
	assert_int_equal(ok("10 - 4 - 3"), 3); /* left to right */
	assert_int_equal(ok("64 / 4 / 2"), 8);
	assert_int_equal(ok("1 << 12"), 4096);
	assert_int_equal(ok("totalram >> 5"), 32256);
	assert_int_equal(ok("0x20 + 32U"), 64);
	assert_int_equal(ok("18446744073709551615"), UINT64_MAX);
	assert_int_equal(ok("2 * cpus"), 16);
	assert_int_equal(ok("-0 + +3"), 3);
}

static void test_logic(void **state)
{
	(void)state;
	assert_int_equal(ok("cpus > 4 && cpus < 16"), 1);
	assert_int_equal(ok("cpus > 8 || cpus == 8"), 1);
	assert_int_equal(ok("!cpus"), 0);
	assert_int_equal(ok("!!cpus"), 1);
	assert_int_equal(ok("3 && 5"), 1);
	assert_int_equal(ok("cpus != 8"), 0);
	assert_int_equal(ok("1 < 2 == 1"), 1); /* < binds tighter than == */
	/* short-circuit: the right side would divide by zero */
	assert_int_equal(ok("0 && 1 / 0"), 0);
	assert_int_equal(ok("1 || 1 / 0"), 1);
	/* ?: evaluates one branch, and nests to the right */
	assert_int_equal(ok("overcommit == never ? 256 : 1 / 0"), 256);
	assert_int_equal(ok("cpus == 1 ? 10 : cpus == 8 ? 20 : 30"), 20);
	assert_int_equal(ok("0 ? 1 : 2 + 3"), 5);
}

static void test_functions(void **state)
{
	(void)state;
	assert_int_equal(ok("min(3, 2)"), 2);
	assert_int_equal(ok("max(3, 2)"), 3);
	assert_int_equal(ok("clamp(2 * cpus, 32, 127)"), 32);
	assert_int_equal(ok("clamp(200, 32, 127)"), 127);
	assert_int_equal(ok("clamp(50, 32, 127)"), 50);
	/* include/asm-generic/bitops/fls.h: fls(0) = 0, fls(1) = 1, fls(0x80000000) = 32 */
	assert_int_equal(ok("fls(0)"), 0);
	assert_int_equal(ok("fls(1)"), 1);
	assert_int_equal(ok("fls(0x80000000)"), 32);
	assert_int_equal(ok("fls(mem128m)"), 5);
	assert_int_equal(ok("ilog2(1)"), 0);
	assert_int_equal(ok("ilog2(4096)"), 12);
	assert_int_equal(ok("ilog2(4097)"), 12);
	assert_int_equal(ok("roundup_pow_of_two(1)"), 1);
	assert_int_equal(ok("roundup_pow_of_two(33)"), 64);
	assert_int_equal(ok("roundup_pow_of_two(64)"), 64);
	assert_int_equal(ok("rounddown_pow_of_two(100)"), 64);
	assert_int_equal(ok("rounddown_pow_of_two(1)"), 1);
	assert_int_equal(ok("int_sqrt(0)"), 0);
	assert_int_equal(ok("int_sqrt(99)"), 9);
	assert_int_equal(ok("int_sqrt(100)"), 10);
	assert_int_equal(ok("int_sqrt(18446744073709551615)"), 4294967295ull);
	assert_int_equal(ok("DIV_ROUND_UP(10, 4)"), 3);
	assert_int_equal(ok("DIV_ROUND_UP(8, 4)"), 2);
	assert_int_equal(ok("DIV_ROUND_UP(18446744073709551615, 1)"), UINT64_MAX); /* n + d - 1 fits exactly */
	assert_int_equal(ok("max ( 1 , min(2,3) )"), 2);
}

/* The issue's own examples, on cpus 8 and 4 GiB: figures worked by hand. */
static void test_issue_examples(void **state)
{
	(void)state;
	assert_int_equal(ok("128"), 128);
	assert_int_equal(ok("clamp(2 * cpus, 32, 127)"), 32);
	/* 512 * (1 + 5 / 2) = 512 * 3 */
	assert_int_equal(ok("512 * (1 + fls(mem128m) / 2)"), 1536);
	/* never: 1032192 / 8 / 256 = 504; max(504, max(16, 32)) */
	assert_int_equal(ok("max(totalram / cpus / (overcommit == never ? 256 : 16), max(2 * cpus, 32))"), 504);
}

static void test_no_silent_wrap(void **state)
{
	(void)state;
	assert_string_equal(na("1 / 0"), "division by zero");
	assert_string_equal(na("cpus % (cpus - 8)"), "division by zero");
	assert_string_equal(na("DIV_ROUND_UP(1, 0)"), "division by zero");
	assert_non_null(strstr(na("18446744073709551615 + 1"), "overflow"));
	assert_non_null(strstr(na("4294967296 * 4294967296"), "overflow"));
	assert_non_null(strstr(na("1 << 64"), "overflow"));
	assert_non_null(strstr(na("3 << 63"), "overflow"));
	assert_non_null(strstr(na("1 >> 64"), "64"));
	assert_non_null(strstr(na("cpus - 9"), "below zero"));
	assert_non_null(strstr(na("-cpus"), "negative"));
	assert_non_null(strstr(na("ilog2(0)"), "undefined"));
	assert_non_null(strstr(na("roundup_pow_of_two(0)"), "undefined"));
	assert_non_null(strstr(na("rounddown_pow_of_two(0)"), "undefined"));
	assert_non_null(strstr(na("roundup_pow_of_two(9223372036854775809)"), "overflow"));
	assert_int_equal(ok("roundup_pow_of_two(9223372036854775808)"), 1ull << 63);
	assert_non_null(strstr(na("DIV_ROUND_UP(18446744073709551615, 2)"), "overflow"));
	assert_non_null(strstr(na("clamp(1, 5, 2)"), "lo above hi"));
}

static void test_errors(void **state)
{
	(void)state;
	assert_string_equal(bad("2 * cpu"), "unknown name 'cpu' at column 5 (did you mean 'cpus'?)");
	assert_string_equal(bad("2 * totlram"), "unknown name 'totlram' at column 5 (did you mean 'totalram'?)");
	assert_non_null(strstr(bad("2 * zebra"), "unknown name 'zebra'"));
	assert_null(strstr(bad("2 * zebra"), "did you mean"));
	assert_string_equal(bad("clamp(cpus, 1"), "unbalanced parentheses: '(' of clamp at column 6 is never closed");
	assert_string_equal(bad("(cpus + 1"), "unbalanced parentheses: '(' at column 1 is never closed");
	assert_string_equal(bad("cpus + 1)"), "unbalanced parentheses: ')' at column 9 has no '('");
	/* issue 21.13: a ')' where a value belongs lacks the value, not a '(' */
	assert_string_equal(bad("()"), "empty parentheses at column 1: expected a value between '(' and ')'");
	assert_string_equal(bad("max(cpus,)"), "expected a value after the ',' at column 9, found ')' at column 10");
	assert_string_equal(bad("(cpus + )"), "expected a value at column 9, found ')'");
	assert_string_equal(bad("min(1, (2 + ))"), "expected a value at column 13, found ')'");
	/* a leading 0 would be octal in C: refused, never read as 8 or as 10 */
	assert_non_null(strstr(bad("010"), "'010' at column 1: a leading 0 is octal in C (010 is 8)"));
	assert_non_null(strstr(bad("cpus + 09"), "'09' at column 8"));
	assert_string_equal(bad("cpus 2"), "unexpected '2' at column 6 after a complete expression");
	assert_string_equal(bad("cpus + 1 foo"), "unexpected 'foo' at column 10 after a complete expression");
	assert_string_equal(bad("sqrt(cpus)"), "unknown function 'sqrt' at column 1 (see 'help variant')");
	assert_string_equal(bad("mim(cpus, 2)"), "unknown function 'mim' at column 1 (did you mean 'min'?)");
	assert_string_equal(bad("clamp(cpus, 32)"), "clamp takes 3 arguments, got 2: clamp(val, lo, hi)");
	assert_string_equal(bad("fls()"), "fls takes 1 argument, got 0: fls(x)");
	assert_string_equal(bad(""), "empty expression");
	assert_string_equal(bad("   "), "empty expression");
	assert_non_null(strstr(bad("cpus +"), "ends where a value was expected"));
	assert_non_null(strstr(bad("cpus = 2"), "not an operator"));
	assert_non_null(strstr(bad("cpus & 2"), "not an operator"));
	assert_non_null(strstr(bad("cpus(2)"), "is a name, not a function"));
	assert_non_null(strstr(bad("min + 1"), "is a function"));
	assert_non_null(strstr(bad("99999999999999999999"), "does not fit 64 bits"));
	assert_non_null(strstr(bad("12abc"), "runs into a word"));
	assert_non_null(strstr(bad("1 ? 2"), "has no ':'"));
	assert_non_null(strstr(bad("cpus $ 2"), "unexpected '$'"));
}

static void test_limits(void **state)
{
	char deep[200], long_[600];
	struct expr e;
	char err[160];

	(void)state;
	/* nesting past the limit is an error, not a stack overflow */
	memset(deep, '(', 100);
	strcpy(deep + 100, "1");
	assert_int_equal(expr_compile(&e, deep, names, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "nested too deeply"));
	memset(deep, '!', 150);
	strcpy(deep + 150, "1");
	assert_int_equal(expr_compile(&e, deep, names, err, sizeof(err)), -1);
	/* more steps than fit */
	long_[0] = '\0';
	for (int i = 0; i < 120; i++)
		strcat(long_, "1+");
	strcat(long_, "1");
	assert_int_equal(expr_compile(&e, long_, names, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "too long"));
	/* an error leaves the old program alone */
	assert_int_equal(expr_compile(&e, "cpus + 1", names, err, sizeof(err)), 0);
	assert_int_equal(expr_compile(&e, "cpus +", names, err, sizeof(err)), -1);
	{
		uint64_t v;
		const char *why;

		assert_int_equal(expr_eval(&e, names, vals, &v, &why, NULL), 0);
		assert_int_equal(v, 9);
	}
}

static void test_trace(void **state)
{
	struct strbuf t = STRBUF_INIT;
	struct expr e;
	char err[160];
	const char *why;
	uint64_t v;

	(void)state;
	assert_int_equal(expr_compile(&e, "clamp(2 * cpus, 32, 127)", names, err, sizeof(err)), 0);
	assert_int_equal(expr_eval(&e, names, vals, &v, &why, &t), 0);
	assert_string_equal(sb_str(&t), "cpus = 8\n2 * 8 = 16\nclamp(16, 32, 127) = 32\n");
	sb_reset(&t);
	assert_int_equal(expr_compile(&e, "totalram / (cpus - 8)", names, err, sizeof(err)), 0);
	assert_int_equal(expr_eval(&e, names, vals, &v, &why, &t), -1);
	assert_string_equal(sb_str(&t), "totalram = 1032192\ncpus = 8\n8 - 8 = 0\n1032192 / 0: division by zero\n");
	sb_reset(&t);
	/* a name read twice is shown once */
	assert_int_equal(expr_compile(&e, "cpus * cpus", names, err, sizeof(err)), 0);
	assert_int_equal(expr_eval(&e, names, vals, &v, &why, &t), 0);
	assert_string_equal(sb_str(&t), "cpus = 8\n8 * 8 = 64\n");
	assert_true(expr_reads(&e, 0));
	assert_false(expr_reads(&e, 1));
	sb_free(&t);
}

static void test_closest(void **state)
{
	(void)state;
	assert_string_equal(expr_closest("cpu", 3, names, 0), "cpus");
	assert_string_equal(expr_closest("CPUS", 4, names, 0), "cpus");
	assert_string_equal(expr_closest("ilog", 4, NULL, 1), "ilog2");
	assert_null(expr_closest("q", 1, names, 0));
}

/*
 * Binding folds the program (expr_bind): every step whose operands are known
 * is worked out once, a known condition keeps its branch, literals and names
 * ride in the operators. Random expressions on random machines, each worked
 * out three ways that must agree: a reference evaluator here, on the tree
 * the text was printed from (C's unsigned arithmetic with the language's
 * checks: an independent answer, not the program's); the compiled program,
 * traced and untraced; and the program bound and folded under several masks.
 * Where it fails, every program run gives the same reason.
 */
struct rnd {
	uint64_t s;
};

static uint64_t rnd_next(struct rnd *r)
{
	r->s ^= r->s << 13;
	r->s ^= r->s >> 7;
	r->s ^= r->s << 17;
	return r->s;
}

static uint64_t rnd_value(struct rnd *r)
{
	static const uint64_t edge[] = { 0, 1, 2, 3, 4, 7, 8, 16, 31, 32, 63, 64, 127, 128, 256, 1000, 1032192,
					 4294967295ull, 4294967296ull, 1ull << 62, (1ull << 63) - 1, 1ull << 63,
					 UINT64_MAX - 1, UINT64_MAX };
	uint64_t k = rnd_next(r) % 4;

	if (k == 0)
		return rnd_next(r) >> (rnd_next(r) % 64);
	return edge[rnd_next(r) % (sizeof(edge) / sizeof(edge[0]))];
}

/* Appends a random expression to b and returns its reference value: 0, or -1 where it cannot be evaluated. */
static int gen(struct rnd *r, int depth, const uint64_t *v, struct strbuf *b, uint64_t *out)
{
	static const char *const bin[] = { "+", "-", "*", "/", "%", "<<", ">>", "==", "!=", "<", "<=", ">", ">=", "&&", "||" };
	static const char *const fn1[] = { "fls", "ilog2", "roundup_pow_of_two", "rounddown_pow_of_two", "int_sqrt" };
	static const char *const fn2[] = { "min", "max", "DIV_ROUND_UP" };
	uint64_t x = 0, y = 0, z = 0;
	int kind = depth <= 0 ? (int)(rnd_next(r) % 2) : (int)(rnd_next(r) % 9);

	if (kind == 0) { /* a name */
		int i = (int)(rnd_next(r) % 7);

		sb_puts(b, names[i]);
		*out = v[i];
		return 0;
	}
	if (kind == 1) { /* a literal */
		*out = rnd_value(r);
		sb_printf(b, "%llu", (unsigned long long)*out);
		return 0;
	}
	if (kind <= 4) { /* a binary operator, the most common */
		const char *op = bin[rnd_next(r) % (sizeof(bin) / sizeof(bin[0]))];
		int fx, fy;

		sb_puts(b, "(");
		fx = gen(r, depth - 1, v, b, &x);
		sb_printf(b, " %s ", op);
		fy = gen(r, depth - 1, v, b, &y);
		sb_puts(b, ")");
		/* the right side of && and || is evaluated only when the left does not decide */
		if (fx)
			return -1;
		if (!strcmp(op, "&&"))
			return !x ? (*out = 0, 0) : fy ? -1 : (*out = y != 0, 0);
		if (!strcmp(op, "||"))
			return x ? (*out = 1, 0) : fy ? -1 : (*out = y != 0, 0);
		if (fy)
			return -1;
		if (!strcmp(op, "+"))
			return x > UINT64_MAX - y ? -1 : (*out = x + y, 0);
		if (!strcmp(op, "-"))
			return y > x ? -1 : (*out = x - y, 0);
		if (!strcmp(op, "*"))
			return x && y > UINT64_MAX / x ? -1 : (*out = x * y, 0);
		if (!strcmp(op, "/"))
			return !y ? -1 : (*out = x / y, 0);
		if (!strcmp(op, "%"))
			return !y ? -1 : (*out = x % y, 0);
		if (!strcmp(op, "<<")) {
			/* no bit may be lost: x < 2^(64 - y) */
			if (y >= 64 || (y && x >> (64 - y)))
				return -1;
			return *out = x << y, 0;
		}
		if (!strcmp(op, ">>"))
			return y >= 64 ? -1 : (*out = x >> y, 0);
		*out = !strcmp(op, "==") ? x == y : !strcmp(op, "!=") ? x != y : !strcmp(op, "<") ? x < y
		     : !strcmp(op, "<=") ? x <= y : !strcmp(op, ">") ? x > y : x >= y;
		return 0;
	}
	if (kind == 5) { /* ?: */
		int fc, fa, fb;

		sb_puts(b, "(");
		fc = gen(r, depth - 1, v, b, &x);
		sb_puts(b, " ? ");
		fa = gen(r, depth - 1, v, b, &y);
		sb_puts(b, " : ");
		fb = gen(r, depth - 1, v, b, &z);
		sb_puts(b, ")");
		if (fc)
			return -1;
		return x ? (fa ? -1 : (*out = y, 0)) : (fb ? -1 : (*out = z, 0));
	}
	if (kind == 6 && rnd_next(r) % 3 == 0) { /* C's conversions: the low bits, a negative signed value fails */
		static const struct { const char *type; unsigned bits; int sign; } casts[] = {
			{ "u32", 32, 0 }, { "int", 32, 1 }, { "u8", 8, 0 }, { "unsigned long", 64, 0 }, { "s16", 16, 1 },
			{ "long", 64, 1 },
		};
		int c = (int)(rnd_next(r) % 6), fx;
		uint64_t t;

		sb_printf(b, "(%s)(", casts[c].type);
		fx = gen(r, depth - 1, v, b, &x);
		sb_puts(b, ")");
		if (fx)
			return -1;
		t = casts[c].bits == 64 ? x : x % (1ull << casts[c].bits);
		if (casts[c].sign && t >= 1ull << (casts[c].bits - 1))
			return -1;
		return *out = t, 0;
	}
	if (kind == 6) { /* ! and unary - (which only 0 survives) */
		int neg = (int)(rnd_next(r) % 2), fx;

		sb_puts(b, neg ? "-(" : "!(");
		fx = gen(r, depth - 1, v, b, &x);
		sb_puts(b, ")");
		if (fx || (neg && x))
			return -1;
		return *out = neg ? 0 : !x, 0;
	}
	if (kind == 7) { /* one-argument functions: the kernel's log2.h */
		const char *f = fn1[rnd_next(r) % 5];
		int fx, bits = 0;

		sb_printf(b, "%s(", f);
		fx = gen(r, depth - 1, v, b, &x);
		sb_puts(b, ")");
		if (fx)
			return -1;
		for (uint64_t t = x; t; t >>= 1)
			bits++;
		if (!strcmp(f, "fls"))
			return *out = (uint64_t)bits, 0;
		if (!strcmp(f, "int_sqrt"))
			return *out = ref_isqrt(x), 0;
		if (!x || (!strcmp(f, "roundup_pow_of_two") && x > (1ull << 63)))
			return -1;
		if (!strcmp(f, "ilog2"))
			return *out = (uint64_t)bits - 1, 0;
		if (!strcmp(f, "rounddown_pow_of_two"))
			return *out = 1ull << (bits - 1), 0;
		for (*out = 1; *out < x; *out <<= 1)
			;
		return 0;
	}
	if (rnd_next(r) % 3) { /* min, max, DIV_ROUND_UP */
		const char *f = fn2[rnd_next(r) % 3];
		int fx, fy;

		sb_printf(b, "%s(", f);
		fx = gen(r, depth - 1, v, b, &x);
		sb_puts(b, ", ");
		fy = gen(r, depth - 1, v, b, &y);
		sb_puts(b, ")");
		if (fx || fy)
			return -1;
		if (!strcmp(f, "min"))
			return *out = x < y ? x : y, 0;
		if (!strcmp(f, "max"))
			return *out = x > y ? x : y, 0;
		if (!y || x > UINT64_MAX - (y - 1))
			return -1;
		return *out = x / y + (x % y != 0), 0;
	} else { /* clamp */
		int fx, fy, fz;

		sb_puts(b, "clamp(");
		fx = gen(r, depth - 1, v, b, &x);
		sb_puts(b, ", ");
		fy = gen(r, depth - 1, v, b, &y);
		sb_puts(b, ", ");
		fz = gen(r, depth - 1, v, b, &z);
		sb_puts(b, ")");
		if (fx || fy || fz || y > z)
			return -1;
		return *out = x < y ? y : x > z ? z : x, 0;
	}
}

static void test_fold_random(void **state)
{
	struct rnd r = { 0x9e3779b97f4a7c15ull };
	struct strbuf t = STRBUF_INIT, src = STRBUF_INIT;
	int folded = 0, failing = 0, constant = 0;

	(void)state;
	for (int n = 0; n < 20000; n++) {
		uint64_t v[7], want = 0, got = 0, masks[4];
		char err[160];
		const char *text;
		const char *why0 = NULL, *why = NULL;
		struct expr e;
		int fails, rc;

		for (int i = 0; i < 7; i++)
			v[i] = rnd_value(&r);
		sb_reset(&src);
		fails = gen(&r, (int)(rnd_next(&r) % 4) + 1, v, &src, &want);
		text = sb_str(&src);
		if (expr_compile(&e, text, names, err, sizeof(err)))
			continue; /* too many steps for one program: the limits have their own test */
		sb_reset(&t);
		rc = expr_eval(&e, names, v, &got, &why0, &t);
		if (rc != fails || (!rc && got != want)) {
			fprintf(stderr, "'%s': traced %d %llu (%s), reference %d %llu\n", text, rc,
				(unsigned long long)got, rc ? why0 : "", fails, (unsigned long long)want);
			fail();
		}
		failing += fails != 0;
		masks[0] = 0;
		masks[1] = ~0ull;
		masks[2] = rnd_next(&r);
		masks[3] = ~1ull; /* everything but cpus: a sweep over cpus */
		for (int k = -1; k < 4; k++) {
			struct expr b = e;

			if (k >= 0)
				expr_bind(&b, masks[k], v);
			got = 0;
			why = NULL;
			rc = expr_eval(&b, names, v, &got, &why, NULL);
			if (rc != fails || (!rc && got != want) || (rc && strcmp(why, why0))) {
				fprintf(stderr, "'%s' bound %llx: %d %llu (%s), unbound %d %llu (%s)\n", text,
					(unsigned long long)(k >= 0 ? masks[k] : 0), rc, (unsigned long long)got,
					rc ? why : "", fails, (unsigned long long)want, fails ? why0 : "");
				fail();
			}
			if (k >= 0) {
				assert_true(b.nops <= e.nops);
				folded += b.nops < e.nops;
			}
			/* everything known and it evaluates: every step reached was worked out at bind */
			if (k == 1 && !fails) {
				uint64_t c = 0;

				assert_true(expr_known(&b, &c));
				assert_true(c == want);
				assert_int_equal(b.reads, 0);
				constant++;
			}
		}
	}
	/* the generator reaches both outcomes, and binding does fold */
	fprintf(stderr, "fold: %d failing, %d folded to a constant, %d shorter\n", failing, constant, folded);
	assert_true(failing > 1000 && constant > 1000 && folded > 10000);
	sb_free(&t);
	sb_free(&src);
}

/*
 * The register form (expr_code_make/run) against the interpreter, which stays
 * the reference: random expressions, each on several random machines (the
 * names' values), unbound and bound under random masks as a sweep binds
 * them. Every run must give the interpreter's answer bit for bit: the same
 * value, or n/a with the same reason (division by zero, overflow, ...). On
 * the machine the text was generated for, the independent reference of
 * gen() must agree too.
 */
static void test_code_random(void **state)
{
	struct rnd r = { 0x6a09e667f3bcc909ull };
	struct strbuf src = STRBUF_INIT;
	long runs = 0, failing = 0, shorter = 0, branchy = 0;

	(void)state;
	for (int n = 0; n < 30000; n++) {
		uint64_t v[7], want = 0;
		char err[160];
		struct expr e;
		int fails;

		for (int i = 0; i < 7; i++)
			v[i] = rnd_value(&r);
		sb_reset(&src);
		fails = gen(&r, (int)(rnd_next(&r) % 5) + 1, v, &src, &want);
		if (expr_compile(&e, sb_str(&src), names, err, sizeof(err)))
			continue;
		for (int machine = 0; machine < 4; machine++) {
			uint64_t w[7];

			for (int i = 0; i < 7; i++)
				w[i] = machine ? rnd_value(&r) : v[i];
			for (int k = -1; k < 3; k++) {
				uint64_t mask = k < 0 ? 0 : k == 0 ? ~1ull : k == 1 ? ~0ull : rnd_next(&r);
				struct expr b = e;
				struct expr_code c;
				uint64_t x = 0, y = 0;
				const char *wx = NULL, *wy = NULL;
				int rx, ry;

				if (k >= 0)
					expr_bind(&b, mask, w);
				rx = expr_eval(&b, names, w, &x, &wx, NULL);
				assert_int_equal(expr_code_make(&c, &b), 0);
				ry = expr_code_run(&c, w, &y, &wy);
				if (rx != ry || (!rx && x != y) || (rx && strcmp(wx, wy))) {
					fprintf(stderr, "'%s' mask %llx: interpreter %d %llu (%s), register form %d %llu (%s)\n",
						sb_str(&src), (unsigned long long)mask, rx, (unsigned long long)x, rx ? wx : "",
						ry, (unsigned long long)y, ry ? wy : "");
					fail();
				}
				if (!machine && (ry != fails || (!ry && y != want))) {
					fprintf(stderr, "'%s': register form %d %llu, reference %d %llu\n", sb_str(&src), ry,
						(unsigned long long)y, fails, (unsigned long long)want);
					fail();
				}
				/* it reads no more than the program does */
				assert_true((c.reads & ~b.reads) == 0);
				runs++;
				failing += ry != 0;
				shorter += c.nins - 1 < b.nops; /* the steps, not the end */
			}
		}
		/* ?:, && and ||: paths that join */
		branchy += strchr(sb_str(&src), '?') || strstr(sb_str(&src), "&&") || strstr(sb_str(&src), "||");
	}
	fprintf(stderr, "register form: %ld runs, %ld n/a, %ld in fewer steps than the program, %ld with branches\n",
		runs, failing, shorter, branchy);
	/* both outcomes, branches, and programs made shorter: not a generator that skips the hard cases */
	assert_true(runs > 300000 && failing > 30000 && runs - failing > 30000 && shorter > 100000 && branchy > 5000);
	sb_free(&src);
}

/*
 * expr_code_flat's promise, held to the interpreter: where it says a program
 * of one name is one value over a range of that name, the interpreter gives
 * that value, without failing, at both ends and at points between. Random
 * programs bound down to one name (as a sweep binds them), random ranges.
 */
static void test_code_flat(void **state)
{
	struct rnd r = { 0xbb67ae8584caa73bull };
	struct strbuf src = STRBUF_INIT;
	long asked = 0, flat = 0, wide = 0;

	(void)state;
	for (int n = 0; n < 60000; n++) {
		uint64_t v[7], want = 0, lo, hi, x;
		char err[160];
		struct expr e;
		struct expr_code c;
		int name = (int)(rnd_next(&r) % 7);

		for (int i = 0; i < 7; i++)
			v[i] = rnd_value(&r);
		sb_reset(&src);
		gen(&r, (int)(rnd_next(&r) % 5) + 1, v, &src, &want);
		if (expr_compile(&e, sb_str(&src), names, err, sizeof(err)))
			continue;
		expr_bind(&e, ~(1ull << name), v); /* every name but one: a sweep over it */
		assert_int_equal(expr_code_make(&c, &e), 0);
		if (c.nnames != 1)
			continue;
		lo = rnd_next(&r) % 4 ? rnd_next(&r) % 100000 : rnd_value(&r);
		hi = rnd_next(&r) % 3 ? lo + rnd_next(&r) % 1000 : lo + (rnd_next(&r) >> (rnd_next(&r) % 64));
		hi = hi < lo ? UINT64_MAX : hi;
		asked++;
		if (!expr_code_flat(&c, lo, hi, &x))
			continue;
		flat++;
		wide += hi - lo >= 1000;
		for (int k = 0; k < 40; k++) {
			uint64_t at = k == 0 ? lo : k == 1 ? hi : lo + rnd_next(&r) % (hi - lo == UINT64_MAX ? UINT64_MAX : hi - lo + 1);
			uint64_t got = 0, w[7];
			const char *why = NULL;

			memcpy(w, v, sizeof(w));
			w[name] = at;
			if (expr_eval(&e, names, w, &got, &why, NULL) || got != x) {
				fprintf(stderr, "'%s' over %s in %llu..%llu said %llu, at %llu the interpreter: %s %llu\n",
					sb_str(&src), names[name], (unsigned long long)lo, (unsigned long long)hi,
					(unsigned long long)x, (unsigned long long)at, why ? why : "", (unsigned long long)got);
				fail();
			}
		}
	}
	fprintf(stderr, "flat: %ld ranges asked about, %ld one value (%ld of 1000 values or more)\n", asked, flat, wide);
	assert_true(asked > 10000 && flat > 2000 && wide > 200 && flat < asked);
	sb_free(&src);
}

/*
 * int_sqrt64() (sqrt, int_sqrt() in the kernel, min_free_kbytes' root) is the
 * largest r with r * r <= x: every x below 2^17, and each side of every
 * square along the way to 2^64 - where a double holds x only to 53 bits.
 */
static void test_int_sqrt(void **state)
{
	(void)state;
	for (uint64_t x = 0; x < (1u << 17); x++)
		assert_int_equal(int_sqrt64(x), ref_isqrt(x));
	for (uint64_t k = 2; k < (1ull << 32); k += k / 7 + 1) {
		for (uint64_t r = k - 1; r <= k; r++) {
			uint64_t sq = r * r;

			assert_int_equal(int_sqrt64(sq - 1), r - 1);
			assert_int_equal(int_sqrt64(sq), r);
			assert_int_equal(int_sqrt64(sq + 1), ref_isqrt(sq + 1));
			assert_int_equal(int_sqrt64(sq + 2 * r), r); /* (r + 1)^2 - 1 */
		}
	}
	assert_int_equal(int_sqrt64(UINT64_MAX), UINT32_MAX);
	assert_int_equal(int_sqrt64(UINT64_MAX - 1), UINT32_MAX);
	assert_int_equal(int_sqrt64(0xfffffffe00000001ull), UINT32_MAX); /* (2^32 - 1)^2 */
	assert_int_equal(int_sqrt64(0xfffffffe00000000ull), UINT32_MAX - 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arithmetic),    cmocka_unit_test(test_logic),
		cmocka_unit_test(test_functions),     cmocka_unit_test(test_issue_examples),
		cmocka_unit_test(test_no_silent_wrap), cmocka_unit_test(test_errors),
		cmocka_unit_test(test_limits),        cmocka_unit_test(test_trace),
		cmocka_unit_test(test_closest),       cmocka_unit_test(test_fold_random),
		cmocka_unit_test(test_code_random),   cmocka_unit_test(test_code_flat),
		cmocka_unit_test(test_int_sqrt),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
