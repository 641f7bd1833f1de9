/* core/mva.c against networks solved by hand and the limits every closed network obeys. */
#include <math.h>
#include <stdlib.h>

#include "testutil.h"

#include "../../core/mva.h"

static double solve(double think, const double *demand, size_t k, uint64_t n)
{
	struct mva_net net = { think, demand, k, NULL };
	double x = -1;

	assert_int_equal(mva_solve(&net, n, &x, NULL, NULL), 0);
	return x;
}

/*
 * Z = 1, one centre D = 1, by hand (R = D (1 + Q(n-1)), X = n / (Z + R), Q = X R):
 *   n = 1: R = 1,            X = 1 / 2   = 0.5,    Q = 0.5
 *   n = 2: R = 1.5,          X = 2 / 2.5 = 0.8,    Q = 1.2
 *   n = 3: R = 2.2,          X = 3 / 3.2 = 0.9375, Q = 2.0625
 */
static void test_one_centre_by_hand(void **state)
{
	const double d = 1;

	(void)state;
	assert_float_equal(solve(1, &d, 1, 1), 0.5, 1e-12);
	assert_float_equal(solve(1, &d, 1, 2), 0.8, 1e-12);
	assert_float_equal(solve(1, &d, 1, 3), 0.9375, 1e-12);
}

/*
 * Z = 0, two centres D = (1, 2), by hand:
 *   n = 1: R = (1, 2),        X = 1/3,          Q = (1/3, 2/3)
 *   n = 2: R = (4/3, 10/3),   X = 2 / (14/3) = 3/7,  Q = (4/7, 10/7)
 *   n = 3: R = (11/7, 34/7),  X = 3 / (45/7) = 7/15
 */
static void test_two_centres_by_hand(void **state)
{
	const double d[] = { 1, 2 };

	(void)state;
	assert_float_equal(solve(0, d, 2, 1), 1.0 / 3, 1e-12);
	assert_float_equal(solve(0, d, 2, 2), 3.0 / 7, 1e-12);
	assert_float_equal(solve(0, d, 2, 3), 7.0 / 15, 1e-12);
}

struct trace {
	double x[8];
	uint64_t calls;
};

static void record(uint64_t k, double x, void *ctx)
{
	struct trace *t = ctx;

	assert_int_equal(k, t->calls + 1); /* every population, in order */
	if (k <= 8)
		t->x[k - 1] = x;
	t->calls++;
}

/* One pass reports X(k) for every k, and each equals a separate solve to k. */
static void test_one_pass_all_populations(void **state)
{
	const double d[] = { 0.5, 2, 0.25 };
	struct mva_net net = { 3, d, 3, NULL };
	struct trace t = { { 0 }, 0 };
	double x;

	(void)state;
	assert_int_equal(mva_solve(&net, 8, &x, record, &t), 0);
	assert_int_equal(t.calls, 8);
	for (uint64_t k = 1; k <= 8; k++)
		assert_float_equal(t.x[k - 1], solve(3, d, 3, k), 1e-12);
	assert_float_equal(x, t.x[7], 0);
}

/* One customer never queues: X(1) = 1 / (Z + sum D). */
static void test_single_customer(void **state)
{
	const double d[] = { 0.7, 1.3, 2.5, 0.01 };

	(void)state;
	assert_float_equal(solve(4.2, d, 4, 1), 1 / (4.2 + 0.7 + 1.3 + 2.5 + 0.01), 1e-12);
}

/* Saturation: X(n) rises towards 1 / max D, never past it; and never past n / (Z + sum D). */
static void test_saturation(void **state)
{
	const double d[] = { 1, 4, 2 };
	double prev = 0;

	(void)state;
	for (uint64_t n = 1; n <= 200; n++) {
		double x = solve(10, d, 3, n);

		assert_true(n > 20 ? x >= prev - 1e-15 : x > prev); /* flat, to rounding, once saturated */
		assert_true(x <= 0.25 + 1e-12);
		assert_true(x <= (double)n / (10 + 7) + 1e-12);
		prev = x;
	}
	assert_float_equal(solve(10, d, 3, 200), 0.25, 1e-6);
}

/* Little's law over the whole network: customers thinking plus queued add up to n. */
static void test_little(void **state)
{
	const double d[] = { 1, 3 };
	double q[2] = { 0, 0 };

	(void)state;
	/* redo the recursion by hand to n = 5 and check the solver's X against it and Little's law */
	for (uint64_t n = 1; n <= 5; n++) {
		double r0 = d[0] * (1 + q[0]), r1 = d[1] * (1 + q[1]), x = (double)n / (2 + r0 + r1);

		q[0] = x * r0;
		q[1] = x * r1;
		assert_float_equal(solve(2, d, 2, n), x, 1e-12);
		assert_float_equal(x * 2 + q[0] + q[1], (double)n, 1e-9);
	}
}

/* 65536 customers and 64 centres: finite, below the bound, no overflow. */
static void test_large(void **state)
{
	double d[MVA_MAX_CENTRES];
	double x;

	(void)state;
	for (int k = 0; k < MVA_MAX_CENTRES; k++)
		d[k] = 1e-3 * (k + 1);
	x = solve(1e9, d, MVA_MAX_CENTRES, 65536);
	assert_true(isfinite(x) && x > 0 && x <= 1 / 0.064);
	x = solve(0, d, 1, 65536);
	assert_float_equal(x, 1000, 1e-6); /* one centre and no think time: always busy */
}

static void test_refused(void **state)
{
	const double d[] = { 1, -1 }, zero[] = { 0, 0 }, inf[] = { INFINITY };
	struct mva_net net = { 1, d, 2, NULL };
	double x = 42;

	(void)state;
	assert_int_equal(mva_solve(&net, 3, &x, NULL, NULL), -1); /* negative demand */
	net.demand = zero;
	net.think = 0;
	assert_int_equal(mva_solve(&net, 3, &x, NULL, NULL), -1); /* no work: X infinite */
	net.demand = inf;
	net.ncentres = 1;
	assert_int_equal(mva_solve(&net, 3, &x, NULL, NULL), -1);
	net.demand = d;
	net.think = 1;
	net.ncentres = 1;
	assert_int_equal(mva_solve(&net, 0, &x, NULL, NULL), -1); /* no customers */
	net.ncentres = MVA_MAX_CENTRES + 1;
	assert_int_equal(mva_solve(&net, 3, &x, NULL, NULL), -1);
	assert_float_equal(x, 42, 0); /* untouched on failure */
	net.ncentres = 0;
	assert_int_equal(mva_solve(&net, 4, &x, NULL, NULL), 0); /* pure delay: X = n / Z */
	assert_float_equal(x, 4, 1e-12);
}

/*
 * Identical centres take the symmetric recursion; a hair of difference takes
 * the general one. Both are exact MVA, so they must agree to rounding.
 */
static void test_symmetric_matches_general(void **state)
{
	double same[3] = { 20.4, 20.4, 20.4 }, nudged[3] = { 20.4, 20.4, 20.4 * (1 + 1e-15) }, xs, xg;
	struct mva_net s = { 1688, same, 3, NULL }, g = { 1688, nudged, 3, NULL };

	(void)state;
	for (uint64_t n = 1; n <= 4096; n *= 2) {
		assert_int_equal(mva_solve(&s, n, &xs, NULL, NULL), 0);
		assert_int_equal(mva_solve(&g, n, &xg, NULL, NULL), 0);
		assert_true(fabs(xs - xg) <= 1e-9 * xg);
	}
}

/* Every X(k) of a single solve, for comparing with the pair's. */
static void keep_single(uint64_t k, double x, void *ctx)
{
	((double *)ctx)[k - 1] = x;
}

struct pair_seen {
	double *a, *b;
	uint64_t calls;
};

static void keep_pair(uint64_t k, double xa, double xb, void *ctx)
{
	struct pair_seen *ps = ctx;

	assert_int_equal(k, ps->calls + 1); /* in order, each k once */
	ps->calls++;
	ps->a[k - 1] = xa;
	ps->b[k - 1] = xb;
}

/*
 * The interleaved pair gives what two separate solves give, symmetric or
 * not, zero demand or not: X(n) and, with each, every X(k) - the same
 * doubles, so a sweep printing both sides agrees with get to the last bit.
 */
static void test_pair_matches_single(void **state)
{
	double d1[3] = { 40.9, 40.9, 40.9 }, d2[1] = { 184.0 }, d3[2] = { 5.0, 7.0 }, d0[1] = { 0 };
	struct mva_net nets[] = { { 1688, d1, 3, NULL }, { 2000, d2, 1, NULL }, { 10, d3, 2, NULL }, { 2000, d0, 1, NULL } };
	enum { N = 70000 };
	double *sa = malloc(N * sizeof(double)), *sb = malloc(N * sizeof(double));
	double *pa_k = malloc(N * sizeof(double)), *pb_k = malloc(N * sizeof(double));

	(void)state;
	assert_non_null(sa);
	assert_non_null(sb);
	assert_non_null(pa_k);
	assert_non_null(pb_k);
	for (size_t i = 0; i < 4; i++) {
		for (size_t j = 0; j < 4; j++) {
			for (uint64_t n = 1; n <= N; n = n * 3 + 1) {
				struct pair_seen ps = { pa_k, pb_k, 0 };
				double a, b, pa, pb;

				assert_int_equal(mva_solve(&nets[i], n, &a, keep_single, sa), 0);
				assert_int_equal(mva_solve(&nets[j], n, &b, keep_single, sb), 0);
				assert_int_equal(mva_solve_pair(&nets[i], &nets[j], n, &pa, &pb, NULL, NULL), 0);
				assert_true(pa == a && pb == b);
				assert_int_equal(mva_solve_pair(&nets[i], &nets[j], n, &pa, &pb, keep_pair, &ps), 0);
				assert_true(pa == a && pb == b);
				assert_int_equal(ps.calls, n);
				for (uint64_t k = 0; k < n; k++)
					if (pa_k[k] != sa[k] || pb_k[k] != sb[k]) {
						fprintf(stderr, "nets %zu, %zu, k %llu: pair %.17g %.17g, single %.17g %.17g\n", i,
							j, (unsigned long long)k + 1, pa_k[k], pb_k[k], sa[k], sb[k]);
						fail();
					}
			}
		}
	}
	nets[0].think = -1;
	{
		double a, b;

		assert_int_equal(mva_solve_pair(&nets[0], &nets[1], 8, &a, &b, NULL, NULL), -1);
		assert_int_equal(mva_solve_pair(&nets[1], &nets[1], 0, &a, &b, NULL, NULL), -1);
	}
	free(sa);
	free(sb);
	free(pa_k);
	free(pb_k);
}

/*
 * A memo hands back the very double the solve gave, for the same network at
 * the same n only: one bit off in Z or D, one customer more, another K, and
 * it solves. A pair finds either side kept, and two alike solve once.
 */
static void test_memo(void **state)
{
	double d1[3] = { 40.9, 40.9, 40.9 }, d2[3] = { 20.45, 20.45, 20.45 }, d3[2] = { 5.0, 7.0 };
	double nudged = nextafter(40.9, 100), dn[3] = { nudged, nudged, nudged };
	struct mva_memo mm;
	struct mva_net plain = { 1688, d1, 3, NULL }, kept = { 1688, d1, 3, &mm }, other = { 1688, d2, 3, &mm };
	struct mva_net near = { 1688, dn, 3, &mm }, fewer = { 1688, d1, 2, &mm }, general = { 10, d3, 2, &mm };
	double want, x, xa, xb;

	(void)state;
	memset(&mm, 0, sizeof(mm));
	assert_int_equal(mva_solve(&plain, 65536, &want, NULL, NULL), 0);
	assert_int_equal(mva_solve(&kept, 65536, &x, NULL, NULL), 0);
	assert_true(x == want && mm.misses == 1 && mm.hits == 0);
	assert_int_equal(mva_solve(&kept, 65536, &x, NULL, NULL), 0);
	assert_true(x == want && mm.hits == 1);
	/* not the same network, or not the same n: solved, each its own figure */
	assert_int_equal(mva_solve(&kept, 65535, &x, NULL, NULL), 0);
	assert_true(x != want && mm.hits == 1);
	assert_int_equal(mva_solve(&near, 65536, &x, NULL, NULL), 0);
	assert_true(mm.hits == 1 && x == solve(1688, dn, 3, 65536));
	assert_int_equal(mva_solve(&fewer, 65536, &x, NULL, NULL), 0);
	assert_true(mm.hits == 1 && x == solve(1688, d1, 2, 65536));
	/* unlike centres are never kept */
	assert_int_equal(mva_solve(&general, 100, &x, NULL, NULL), 0);
	assert_int_equal(mva_solve(&general, 100, &x, NULL, NULL), 0);
	assert_true(mm.hits == 1 && x == solve(10, d3, 2, 100));
	/* a pair: one side kept, the other solved alone; then both kept */
	assert_int_equal(mva_solve_pair(&kept, &other, 65536, &xa, &xb, NULL, NULL), 0);
	assert_true(xa == want && xb == solve(1688, d2, 3, 65536) && mm.hits == 2);
	assert_int_equal(mva_solve_pair(&other, &kept, 65536, &xa, &xb, NULL, NULL), 0);
	assert_true(xb == want && xa == solve(1688, d2, 3, 65536) && mm.hits == 4);
	/* a solve that reports every X(k) runs and keeps nothing */
	{
		unsigned long misses = mm.misses;
		double *all = malloc(65536 * sizeof(double));

		assert_non_null(all);
		assert_int_equal(mva_solve(&kept, 65536, &x, keep_single, all), 0);
		assert_true(x == want && all[65535] == want && mm.hits == 4 && mm.misses == misses);
		free(all);
	}
	/* more networks than slots: the oldest goes, the answers stay right */
	for (int i = 0; i < 3 * MVA_MEMO_SLOTS; i++) {
		double di[1] = { 1.0 + i };
		struct mva_net ni = { 100, di, 1, &mm };

		assert_int_equal(mva_solve(&ni, 1000, &x, NULL, NULL), 0);
		assert_true(x == solve(100, di, 1, 1000));
	}
	assert_int_equal(mva_solve(&kept, 65536, &x, NULL, NULL), 0);
	assert_true(x == want);
}

/*
 * A solve at n keeps where the recursion stood at n, n / 2, n / 4 ...: the
 * explorer's - key on cpus is answered from it (a hit, the very double), and
 * any other population resumes from the largest kept below it and gives the
 * double a solve from 1 gives - alone and in pairs, over random walks of n.
 */
static void test_memo_marks(void **state)
{
	double d1[3] = { 40.9, 40.9, 40.9 }, d2[3] = { 20.45, 20.45, 20.45 };
	struct mva_memo mm;
	struct mva_net a = { 1688, d1, 3, &mm }, b = { 1688, d2, 3, &mm };
	struct mva_net pa = { 1688, d1, 3, NULL }, pb = { 1688, d2, 3, NULL };
	uint64_t x = 0x2545f4914f6cdd1dull, n = 65536;
	double got, want, ga, gb, wa, wb;

	(void)state;
	memset(&mm, 0, sizeof(mm));
	assert_int_equal(mva_solve_pair(&a, &b, n, &ga, &gb, NULL, NULL), 0);
	/* halving: every population on the way down is kept, for both (down to where solving is cheaper) */
	for (uint64_t k = n / 2; k >= MVA_MEMO_MIN; k /= 2) {
		unsigned long hits = mm.hits;

		assert_int_equal(mva_solve_pair(&a, &b, k, &ga, &gb, NULL, NULL), 0);
		assert_int_equal(mva_solve_pair(&pa, &pb, k, &wa, &wb, NULL, NULL), 0);
		assert_true(mm.hits == hits + 2 && ga == wa && gb == wb);
	}
	/* random populations, alone and in pairs: resumed or kept, always the solve from 1's doubles */
	for (int t = 0; t < 300; t++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		n = 1 + x % (t % 3 ? 70000 : 3000); /* below MVA_MEMO_MIN too: solved, the same doubles */
		if (t % 2) {
			assert_int_equal(mva_solve(&a, n, &got, NULL, NULL), 0);
			assert_int_equal(mva_solve(&pa, n, &want, NULL, NULL), 0);
			assert_true(got == want);
		} else {
			assert_int_equal(mva_solve_pair(&a, &b, n, &ga, &gb, NULL, NULL), 0);
			assert_int_equal(mva_solve_pair(&pa, &pb, n, &wa, &wb, NULL, NULL), 0);
			assert_true(ga == wa && gb == wb);
		}
	}
	fprintf(stderr, "test_memo_marks: %lu hits, %lu misses\n", mm.hits, mm.misses);
	assert_true(mm.hits > 10 && mm.misses > 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_centre_by_hand),
		cmocka_unit_test(test_two_centres_by_hand),
		cmocka_unit_test(test_one_pass_all_populations),
		cmocka_unit_test(test_single_customer),
		cmocka_unit_test(test_saturation),
		cmocka_unit_test(test_little),
		cmocka_unit_test(test_large),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_symmetric_matches_general),
		cmocka_unit_test(test_pair_matches_single),
		cmocka_unit_test(test_memo),
		cmocka_unit_test(test_memo_marks),
	};
	return cmocka_run_group_tests_name("mva", tests, NULL, NULL);
}
