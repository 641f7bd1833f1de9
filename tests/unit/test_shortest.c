/*
 * fmt_real_shortest: every double reads back (strtod) as itself, with no
 * fewer digits possible and the closest digits of that length - checked
 * against glibc's correctly rounded %.Ne - over random bit patterns, short
 * decimals, whole numbers, subnormals and the edges around powers of two and
 * ten. SHORTEST_N sets the random count (make shortest-soak runs 100 million).
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "testutil.h"

#include "../../lang/out/numfmt.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next(void)
{
	/* xorshift64*: fixed seed, so a failure repeats */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dull;
}

static double from_bits(uint64_t b)
{
	double d;

	memcpy(&d, &b, sizeof(d));
	return d;
}

static uint64_t to_bits(double d)
{
	uint64_t b;

	memcpy(&b, &d, sizeof(b));
	return b;
}

/* The significant digits of a decimal text, no leading or trailing zeros, and the exponent of the first. */
static void digits_of(const char *s, char *dig, int *exp10)
{
	int n = 0, point = -1, lead = 1, first = 0, pos = 0;

	if (*s == '-')
		s++;
	for (; *s && *s != 'e'; s++) {
		if (*s == '.') {
			point = pos;
			continue;
		}
		if (lead && *s == '0') {
			pos++;
			continue;
		}
		if (lead)
			first = pos;
		lead = 0;
		dig[n++] = *s;
		pos++;
	}
	if (point < 0)
		point = pos;
	while (n > 1 && dig[n - 1] == '0')
		n--;
	dig[n] = '\0';
	*exp10 = point - first - 1 + (*s == 'e' ? atoi(s + 1) : 0);
}

/*
 * The definition fmt_real_shortest replaced (lang/out/numfmt.c before it was
 * fast): %.15g, %.16g, %.17g, the first that reads back (every precision for
 * a subnormal), a whole number below 1e17 written out when shorter. The fast
 * one must print the same text.
 */
static void slow_shortest(double v, char *t, size_t len)
{
	int n = 0;

	if (isnan(v)) {
		snprintf(t, len, "nan");
		return;
	}
	for (int prec = fabs(v) < 2.2250738585072014e-308 ? 1 : 15; prec <= 17; prec++) {
		n = snprintf(t, len, "%.*g", prec, v);
		if (prec == 17 || strtod(t, NULL) == v)
			break;
	}
	if (strchr(t, 'e') && fabs(v) < 1e17 && v == floor(v)) {
		char w[40];
		int m = snprintf(w, sizeof(w), "%.0f", v);

		if (m < n)
			memcpy(t, w, (size_t)m + 1);
	}
}

static uint64_t mant_of(double v)
{
	return to_bits(v) & ((1ull << 52) - 1);
}

static long checked;

/* One double: round trip always; shortness and closeness when full is set. */
static void check(double v, int full)
{
	char buf[FMT_REAL_MAX], ref[64], d1[32], d2[32];
	int n = fmt_real_shortest(v, buf, sizeof(buf)), e1, e2, k;
	double back;

	checked++;
	assert_int_equal(n, (int)strlen(buf));
	assert_true(n < FMT_REAL_MAX);
	if (isnan(v)) {
		assert_string_equal(buf, "nan");
		return;
	}
	back = strtod(buf, NULL);
	if (to_bits(back) != to_bits(v)) {
		fprintf(stderr, "%a printed as %s reads back as %a\n", v, buf, back);
		fail();
	}
	if (!full)
		return;
	slow_shortest(v, ref, sizeof(ref));
	/*
	 * At a power of two the gap below is half the gap above, and %.16g can
	 * round into the narrow side, out of reach, where 16 other digits read
	 * back: there the old definition took 17 digits, and this is shorter.
	 */
	if (strcmp(buf, ref) && !(mant_of(v) == 0 && strlen(buf) < strlen(ref))) {
		fprintf(stderr, "%a: printed %s, the %%.15g..%%.17g definition prints %s\n", v, buf, ref);
		fail();
	}
	/* a whole number from 1e15 written out is shortest in characters, not in digits: the definition above holds it */
	if (isinf(v) || v == 0 || (!strchr(buf, 'e') && fabs(v) >= 1e15))
		return;
	digits_of(buf, d1, &e1);
	k = (int)strlen(d1);
	/* no shorter correctly rounded text reads back */
	if (k > 1) {
		snprintf(ref, sizeof(ref), "%.*e", k - 2, v);
		if (strtod(ref, NULL) == v) {
			fprintf(stderr, "%a: %s is shorter than %s and reads back\n", v, ref, buf);
			fail();
		}
	}
	/* the correctly rounded k digits, when they read back, are the ones printed */
	snprintf(ref, sizeof(ref), "%.*e", k - 1, v);
	if (strtod(ref, NULL) == v) {
		digits_of(ref, d2, &e2);
		if (strcmp(d1, d2) || e1 != e2) {
			fprintf(stderr, "%a: printed %s, the closest %d digits are %s\n", v, buf, k, ref);
			fail();
		}
	}
}

static void test_known(void **state)
{
	static const struct {
		double v;
		const char *s;
	} cases[] = {
		{ 0.0, "0" },
		{ -0.0, "-0" },
		{ 1.0, "1" },
		{ -1.0, "-1" },
		{ 0.1, "0.1" },
		{ 0.1 + 0.2, "0.30000000000000004" },
		{ 100.0, "100" },
		{ 123456.0, "123456" },
		{ 1.5, "1.5" },
		{ 99.99999999999999, "99.99999999999999" }, /* issue 15: must not print 100 */
		{ 0.0001, "0.0001" },
		{ 0.00001, "1e-05" },
		{ 1e15, "1e+15" },
		{ 1.5e15, "1.5e+15" },
		{ 4277834443099750.0, "4277834443099750" }, /* written out: shorter than 4.27783444309975e+15 */
		{ 12345678901234568.0, "12345678901234568" },
		{ 123456789012345678.0, "1.2345678901234568e+17" },
		{ 1e16, "1e+16" },
		{ 1.5e300, "1.5e+300" },
		{ 1e23, "1e+23" },
		{ 9007199254740992.0, "9007199254740992" },
		{ 4451899.0, "4451899" },
		{ 5e-324, "5e-324" },
		{ DBL_MAX, "1.7976931348623157e+308" },
		{ DBL_MIN, "2.2250738585072014e-308" },
		{ -DBL_MIN, "-2.2250738585072014e-308" },
		{ 2.2250738585072009e-308, "2.225073858507201e-308" }, /* the largest subnormal */
		{ 1.0 / 3, "0.3333333333333333" },
		{ 2.0 / 3, "0.6666666666666666" },
		{ 1e-7, "1e-07" },
		{ 0.000123, "0.000123" },
	};
	char buf[FMT_REAL_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		fmt_real_shortest(cases[i].v, buf, sizeof(buf));
		if (strcmp(buf, cases[i].s))
			fprintf(stderr, "%a: expected %s, got %s\n", cases[i].v, cases[i].s, buf);
		assert_string_equal(buf, cases[i].s);
	}
	fmt_real_shortest(INFINITY, buf, sizeof(buf));
	assert_string_equal(buf, "inf");
	fmt_real_shortest(-INFINITY, buf, sizeof(buf));
	assert_string_equal(buf, "-inf");
	fmt_real_shortest(NAN, buf, sizeof(buf));
	assert_string_equal(buf, "nan");
}

/* As snprintf: the length it needs, the text cut to fit, always terminated. */
static void test_short_buffer(void **state)
{
	char buf[8];

	(void)state;
	memset(buf, 'x', sizeof(buf));
	assert_int_equal(fmt_real_shortest(0.1 + 0.2, buf, 5), 19);
	assert_string_equal(buf, "0.30");
	assert_int_equal(buf[5], 'x');
	assert_int_equal(fmt_real_shortest(1.5, buf, 0), 3);
	assert_int_equal(buf[0], '0');
}

static void test_u64(void **state)
{
	char buf[32], ref[32];
	uint64_t v = 1;

	(void)state;
	for (int i = 0; i < 64; i++, v <<= 1) {
		uint64_t vs[] = { v - 1, v, v + 1, v * 10 / 7 };

		for (int j = 0; j < 4; j++) {
			*fmt_u64_put(buf, vs[j]) = '\0';
			snprintf(ref, sizeof(ref), "%llu", (unsigned long long)vs[j]);
			assert_string_equal(buf, ref);
		}
	}
	for (int i = 0; i < 200000; i++) {
		uint64_t x = next() >> (next() % 64);

		*fmt_u64_put(buf, x) = '\0';
		snprintf(ref, sizeof(ref), "%llu", (unsigned long long)x);
		assert_string_equal(buf, ref);
	}
	*fmt_u64_put(buf, UINT64_MAX) = '\0';
	assert_string_equal(buf, "18446744073709551615");
}

static void test_edges(void **state)
{
	(void)state;
	/* every power of two and its neighbours: the narrow lower gap */
	for (int e = -1074; e <= 1023; e++) {
		double p = ldexp(1, e);

		check(p, 1);
		check(nextafter(p, 0), 1);
		check(nextafter(p, INFINITY), 1);
	}
	/* every power of ten and its neighbours, in range */
	for (int e = -323; e <= 308; e++) {
		char t[16];
		double p;

		snprintf(t, sizeof(t), "1e%d", e);
		p = strtod(t, NULL);
		check(p, 1);
		check(-p, 1);
		check(nextafter(p, 0), 1);
		check(nextafter(p, INFINITY), 1);
	}
	/* whole numbers around 2^53, where whole doubles start to skip */
	for (uint64_t i = (1ull << 53) - 1000; i < (1ull << 53) + 1000; i++)
		check((double)i, 1);
	for (uint64_t i = 0; i < 100000; i++)
		check((double)i, 1);
	check(DBL_MAX, 1);
	check(-DBL_MAX, 1);
	check(DBL_MIN, 1);
	check(DBL_TRUE_MIN, 1);
	check(INFINITY, 1);
	check(-INFINITY, 1);
	check(NAN, 1);
	check(0.0, 1);
	check(-0.0, 1);
}

static long count(void)
{
	const char *s = getenv("SHORTEST_N");

	return s ? atol(s) : 300000;
}

static void test_random(void **state)
{
	long n = count();

	(void)state;
	checked = 0;
	for (long i = 0; i < n; i++) {
		uint64_t b = next();
		double v = from_bits(b);
		char t[40];

		if (isnan(v))
			continue;
		/* every tenth value gets the (slow) shortest and closest checks too */
		check(v, i % 10 == 0);
		/* subnormals */
		check(from_bits(b & 0x800fffffffffffffull), i % 10 == 1);
		/* short decimals, as people and metrics write them: 1..17 digits */
		snprintf(t, sizeof(t), "%llue%d", (unsigned long long)(next() % 100000000000000000ull >> (next() % 57)),
			 (int)(next() % 80) - 40);
		check(strtod(t, NULL), i % 10 == 2);
		/* whole numbers of every size */
		check((double)(next() >> (next() % 64)), i % 10 == 3);
		/* ratios like the models' */
		check((double)(next() % 1000000 + 1) / (double)(next() % 1000 + 1), i % 10 == 4);
	}
	fprintf(stderr, "test_shortest: %ld doubles checked\n", checked);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known),
		cmocka_unit_test(test_short_buffer),
		cmocka_unit_test(test_u64),
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
