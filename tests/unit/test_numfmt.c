/* The number formatter: lossless reals for machines, 4 digits and units in words for people, changes. */
#include "testutil.h"

#include <math.h>
#include <stdlib.h>

#include "../../lang/out/numfmt.h"

static void expect_human(struct value v, const char *unit, const char *want)
{
	char b[64];

	fmt_human(v, unit, b, sizeof(b));
	assert_string_equal(b, want);
}

static void expect_short(struct value v, const char *unit, int width, const char *want)
{
	char b[64];

	fmt_human_short(v, unit, width, b, sizeof(b));
	assert_string_equal(b, want);
}

static void expect_change(struct value b, struct value a, const char *unit, enum metric_better better,
			  const char *want, enum verdict vd)
{
	char buf[64];

	assert_int_equal(fmt_change(b, a, unit, better, buf, sizeof(buf)), vd);
	assert_string_equal(buf, want);
}

/* The issue's own examples, and the rule that no e-notation reaches a person. */
static void test_human(void **state)
{
	(void)state;
	expect_human(val_real(4451899.0), "loops/s", "4.452 M loops/s");
	expect_human(val_real(32000000.0), "loops/s", "32 M loops/s");
	expect_human(val_real(0.0023242), "s", "2.324 ms");
	expect_human(val_real(1.936e-4), "s", "193.6 us");
	expect_human(val_real(1.1188), "s", "1.119 s");
	expect_human(val_real(INFINITY), "s", "inf s");
	expect_human(val_int(16 << 20), "bytes", "16 MiB");
	expect_human(val_int(1008ull << 20), "bytes", "1008 MiB");
	expect_human(val_int(512), "bytes", "512 B");
	expect_human(val_int(3ull << 29), "bytes", "1.5 GiB");
	expect_human(val_real(113036923.6), "bytes", "107.8 MiB"); /* modeled bytes: whole bytes, then the size */
	expect_human(val_int(4032), "pages", "4032 pages");
	expect_human(val_int(1153000000000000000ull), "pages", "1153000000000000000 pages"); /* exact, no limit */
	expect_short(val_int(1153000000000000000ull), "pages", 9, "1.153 E");
	expect_human(val_real(0.390625), "%", "0.3906 %");
	expect_human(val_real(25), "%", "25 %");
	expect_human(val_real(7.18800), "x", "x7.188");
	expect_human(val_real(11582.3), "Mbps", "11.58 Gbps");
	expect_human(val_real(258822.0), "pages/s", "258.8 k pages/s");
	expect_human(val_none("why"), "pages", "n/a");
	expect_human(val_int(23242), "evals", "23242 evals"); /* a whole count is never 2.324e+04 */
	expect_short(val_int(4032), "pages", 0, "4032");
	expect_short(val_real(4451899.0), "loops/s", 0, "4.452 M");
	expect_short(val_real(0.0023242), "s", 0, "2.324 ms");
	expect_short(val_int(66060288), "pages", 9, "66060288");
	expect_short(val_int(660602880), "pages", 8, "660.6 M");
	expect_short(val_real(7.188), "x", 0, "7.188");
	/* digits go before the space (issue 51: 11.6 Gbps beside 18.6 Gbps, not 11.58Gbps), the space before a cut */
	expect_short(val_real(11582.3), "Mbps", 9, "11.6 Gbps");
	expect_short(val_real(18600.0), "Mbps", 9, "18.6 Gbps");
	expect_short(val_real(11582.3), "Mbps", 6, "12Gbps");
	expect_short(val_real(11582.3), "Mbps", 10, "11.58 Gbps");
	for (double v = 1e-12; v < 1e19; v *= 7.3) {
		static const char *const units[] = { "s", "bytes", "pages", "loops/s", "%", "x", "Mbps", "fraction" };

		for (size_t u = 0; u < sizeof(units) / sizeof(units[0]); u++) {
			char b[64];

			fmt_human(val_real(v), units[u], b, sizeof(b));
			if (strstr(b, "e+") || strstr(b, "e-"))
				fail_msg("%g %s printed as '%s' (e-notation)", v, units[u], b);
		}
	}
}

static void test_sig(void **state)
{
	char b[64];

	(void)state;
	fmt_sig(9.99996, 4, b, sizeof(b));
	assert_string_equal(b, "10"); /* rounding moves the decade: not 10.00 or 9.99996 */
	fmt_sig(0.000123456, 4, b, sizeof(b));
	assert_string_equal(b, "0.0001235");
	fmt_sig(-2.5, 4, b, sizeof(b));
	assert_string_equal(b, "-2.5");
	fmt_sig(123456.7, 4, b, sizeof(b));
	assert_string_equal(b, "123457");
	fmt_sig(0, 4, b, sizeof(b));
	assert_string_equal(b, "0");
}

static void test_change(void **state)
{
	(void)state;
	/* the cases */
	expect_change(val_int(32), val_int(65536), "pages", BETTER_NONE, "x2048", VERDICT_NONE);
	expect_change(val_real(0.390625), val_real(25), "%", BETTER_LOWER, "+24.61 pp", VERDICT_WORSE);
	expect_change(val_real(INFINITY), val_real(10.56), "s", BETTER_LOWER, "inf -> 10.56 s", VERDICT_BETTER);
	expect_change(val_int(2), val_int(0), "locks", BETTER_LOWER, "2 -> 0", VERDICT_BETTER);
	/* modest changes as a signed percentage, big ones as a factor either way */
	expect_change(val_real(11582.3), val_real(17487.0), "Mbps", BETTER_HIGHER, "+51.0%", VERDICT_BETTER);
	expect_change(val_real(2.493), val_real(1.018), "s", BETTER_LOWER, "/2.449", VERDICT_BETTER);
	expect_change(val_int(8192), val_int(31), "calls", BETTER_LOWER, "/264.3", VERDICT_BETTER);
	expect_change(val_int(8 << 20), val_int(16 << 20), "bytes", BETTER_LOWER, "x2", VERDICT_WORSE);
	expect_change(val_int(100000), val_int(100001), "pages", BETTER_HIGHER, "+0.001%", VERDICT_BETTER);
	expect_change(val_int(5), val_int(5), "pages", BETTER_HIGHER, "same", VERDICT_NONE);
	expect_change(val_none("x"), val_int(5), "pages", BETTER_HIGHER, "", VERDICT_NONE);
	assert_string_equal(verdict_word(VERDICT_BETTER), "better");
	assert_string_equal(verdict_word(VERDICT_WORSE), "worse");
	assert_string_equal(verdict_word(VERDICT_NONE), "");
}

/* The shortest text of v by brute force: the shortest %g of any precision that reads back. */
static int shortest_len(double v)
{
	char t[40];
	int best = -1;

	for (int p = 1; p <= 17; p++) {
		snprintf(t, sizeof(t), "%.*g", p, v);
		if (strtod(t, NULL) == v && (best < 0 || (int)strlen(t) < best))
			best = (int)strlen(t);
	}
	snprintf(t, sizeof(t), "%.0f", v); /* a whole number written out */
	if (fabs(v) < 1e17 && strtod(t, NULL) == v && (int)strlen(t) < best)
		best = (int)strlen(t);
	return best;
}

static void roundtrip(double v, int check_short)
{
	char b[40];
	int n = fmt_real_shortest(v, b, sizeof(b));

	assert_int_equal(n, (int)strlen(b));
	if (strtod(b, NULL) != v && !(isnan(v) && isnan(strtod(b, NULL))))
		fail_msg("%.17g printed as %s does not read back", v, b);
	if (check_short && isfinite(v) && n != shortest_len(v))
		fail_msg("%.17g printed as %s, a shorter text reads back", v, b);
}

static void test_shortest(void **state)
{
	static const double edge[] = { 0.0, 1.0, 0.1, 0.3, 100, 99.99999999999999, 1e22, 1e23, 5e-324, 2.2250738585072014e-308,
				       1.7976931348623157e308, 4451899.0, 0.390625, 1.0 / 3, 2.0 / 3, 123456789012345678.0,
				       9007199254740993.0, -0.5, -1e-300 };
	char b[40];
	uint64_t x = 0x9e3779b97f4a7c15ull;

	(void)state;
	for (size_t i = 0; i < sizeof(edge) / sizeof(edge[0]); i++)
		roundtrip(edge[i], 1);
	fmt_real_shortest(99.99999999999999, b, sizeof(b));
	assert_string_equal(b, "99.99999999999999"); /* not 100 */
	fmt_real_shortest(0.1, b, sizeof(b));
	assert_string_equal(b, "0.1");
	/* the same digits written out, for people */
	fmt_real_plain(7.04e-05, b, sizeof(b));
	assert_string_equal(b, "0.0000704");
	fmt_real_plain(-1.5e20, b, sizeof(b));
	assert_string_equal(b, "-150000000000000000000");
	fmt_real_plain(1.2345e3, b, sizeof(b));
	assert_string_equal(b, "1234.5");
	assert_true(strtod("0.0000704", NULL) == 7.04e-05);
	fmt_real_shortest(INFINITY, b, sizeof(b));
	assert_string_equal(b, "inf");
	fmt_real_shortest(-INFINITY, b, sizeof(b));
	assert_string_equal(b, "-inf");
	/* random bit patterns (every exponent) and random decimals of few digits: each reads back, shortest */
	for (int i = 0; i < 200000; i++) {
		double v;

		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		memcpy(&v, &x, sizeof(v));
		if (isfinite(v))
			roundtrip(v, i < 20000);
		roundtrip((double)(x % 1000000) / 1000.0, i < 20000);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_human),
		cmocka_unit_test(test_sig),
		cmocka_unit_test(test_change),
		cmocka_unit_test(test_shortest),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
