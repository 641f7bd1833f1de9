/* The variant expression language: C's precedence, the kernel's functions, no silent wrap. */
#include "testutil.h"

#include "../../core/expr.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arithmetic),    cmocka_unit_test(test_logic),
		cmocka_unit_test(test_functions),     cmocka_unit_test(test_issue_examples),
		cmocka_unit_test(test_no_silent_wrap), cmocka_unit_test(test_errors),
		cmocka_unit_test(test_limits),        cmocka_unit_test(test_trace),
		cmocka_unit_test(test_closest),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
