/* memory_reclaim(), mm/memcontrol.c, with try_to_free_mem_cgroup_pages(), mm/vmscan.c: seed 002. */
#include "testutil.h"

#include <math.h>

#include "../../core/variant.h"

/* The write handler's loop, page by page as MODELS.md states it, dividing by div: for tests only. */
static uint64_t simulate_calls_div(uint64_t request, int strategy, uint64_t div)
{
	uint64_t reclaimed = 0, calls = 0;

	while (reclaimed < request) {
		uint64_t r = request - reclaimed, ask;

		ask = strategy == 0 ? r : strategy == 1 ? (r < 32 ? r : 32) : r / div;
		reclaimed += ask > SWAP_CLUSTER_MAX ? ask : SWAP_CLUSTER_MAX;
		calls++;
	}
	return calls;
}

static uint64_t simulate_calls(uint64_t request, int strategy)
{
	return simulate_calls_div(request, strategy, 4);
}

/* The model's walk with every ask a division and each call reclaiming ask * (1 + eps): the pages it ends at. */
static double simulate_model(double request, uint64_t div, double eps, double *calls)
{
	double pages = 0;

	*calls = 0;
	while (pages < request) {
		pages += fmax(floor((request - pages) / (double)div), SWAP_CLUSTER_MAX) * (1 + eps);
		++*calls;
	}
	return pages;
}

/*
 * Every divisor, a power of two (a shift, a multiply by the reciprocal in
 * core) or not (a division): the same calls as the loop, and the model's
 * overshoot the same double as dividing at every step.
 */
static void test_divisors(void **state)
{
	static const uint64_t divs[] = { 1, 2, 3, 4, 5, 7, 8, 16, 100, 512, 1000, 1024 };
	static const char *const eps[] = { "0", "0.1053", "0.5", "1" };

	(void)state;
	for (size_t d = 0; d < sizeof(divs) / sizeof(divs[0]); d++)
		for (uint64_t pages = 1; pages < (1ull << 40); pages = pages * 3 + 7)
			for (size_t e = 0; e < sizeof(eps) / sizeof(eps[0]); e++) {
				char set[160];
				struct machine m;
				double calls, over;

				snprintf(set, sizeof(set), "reclaim_divisor %llu reclaim_eps %s",
					 (unsigned long long)divs[d], eps[e]);
				m = machine_with(set);
				m.reclaim = pages * 4096;
				assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.decay"),
						 simulate_calls_div(pages, 2, divs[d]));
				over = (simulate_model((double)pages, divs[d], m.reclaim_eps, &calls) - (double)pages) * 4096;
				assert_int_equal(metric_u64(&m, "proactive_reclaim.model_calls.decay"), (uint64_t)calls);
				assert_true(metric_double(&m, "proactive_reclaim.overreclaim_bytes.decay") == over);
			}
}

/* MODELS.md: a 1 GiB request (262144 pages of 4K) takes exactly 1, 8192 and 31 calls. */
static void test_1g_request(void **state)
{
	struct machine m = machine_with("reclaim 1G");

	(void)state;
	assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.full"), 1);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.cluster"), 8192);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.decay"), 31);
	/* before = cluster, after = decay */
	assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.before"), 8192);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.after"), 31);
}

/* The closed forms against the loop, over requests of every shape. */
static void test_against_simulation(void **state)
{
	static const char *const sides[] = { "proactive_reclaim.calls.full", "proactive_reclaim.calls.cluster",
					     "proactive_reclaim.calls.decay" };
	(void)state;
	for (uint64_t pages = 0; pages < 5000; pages += pages < 300 ? 1 : 37) {
		struct machine m = machine_with("reclaim 0");

		m.reclaim = pages * 4096;
		for (int s = 0; s < 3; s++)
			assert_int_equal(metric_u64(&m, sides[s]), simulate_calls(pages, s));
	}
}

/* 64K pages: 1 GiB is 16384 pages and SWAP_CLUSTER_MAX is still 32 pages. */
static void test_64k_pages(void **state)
{
	struct machine m = machine_with("pagesize 64K reclaim 1G");

	(void)state;
	assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.cluster"), 512);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.decay"), simulate_calls(16384, 2));
}

/* The first ask: everything, SWAP_CLUSTER_MAX, or a quarter. */
static void test_first_ask(void **state)
{
	struct machine m = machine_with("reclaim 1G");

	(void)state;
	assert_int_equal(metric_u64(&m, "proactive_reclaim.first_ask.full"), 262144);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.first_ask.cluster"), 32);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.first_ask.decay"), 65536);
}

/* An exbibyte request ends: decay needs O(log R) calls, cluster is a closed form. */
static void test_huge_request(void **state)
{
	struct machine m = machine_with("reclaim 1E");

	(void)state;
	assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.cluster"), (1ull << 48) / 32);
	assert_true(metric_u64(&m, "proactive_reclaim.calls.decay") < 200);
}

/* Writing 0 (or less than a page) reclaims nothing and calls nothing. */
static void test_empty_request(void **state)
{
	struct machine m = machine_with("reclaim 100");

	(void)state;
	assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.full"), 0);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.decay"), 0);
}

/*
 * Issue 21.9: a variant whose second ask is 2^64 - 1 pages: reclaimed would be
 * R + (2^64 - 1 - (R - 32)), past what nr_reclaimed (unsigned long) holds. Every
 * metric of the side is n/a saying so - not "asks too little" after a wrapped
 * count - and an ask that still fits (2^63) is followed to its end.
 */
static void test_ask_past_u64(void **state)
{
	struct machine m = machine_with("reclaim 1G");
	const struct patch_desc *d = patch_find(NULL, "proactive_reclaim");
	static const char *const names[] = { "calls", "tail_overshoot_pages", "time_s", "overreclaim_bytes", "model_calls", NULL };
	char err[256];
	int side;

	(void)state;
	assert_int_equal(variant_add(test_set(&m), d, "v",
				     "remaining == nr_to_reclaim ? 32 : 18446744073709551615", err, sizeof(err)), 0);
	for (int i = 0; names[i]; i++) {
		char name[96];
		struct value v;

		snprintf(name, sizeof(name), "proactive_reclaim.%s.v", names[i]);
		v = metric_value(&m, name);
		assert_int_equal(v.kind, VAL_NONE);
		assert_non_null(strstr(v.why, "2^64 - 1 pages"));
	}
	side = variant_find(&m, d, "v");
	assert_int_equal(variant_del(test_set(&m), d, "v", err, sizeof(err)), 0);
	assert_int_equal(variant_add(test_set(&m), d, "v", "remaining == nr_to_reclaim ? 32 : 9223372036854775808", err,
				     sizeof(err)), 0);
	assert_int_equal(variant_find(&m, d, "v"), side);
	/* two calls: 32, then 2^63 against 262144 - 32 remaining */
	assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.v"), 2);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.tail_overshoot_pages.v"), (1ull << 63) - (262144 - 32));
}

/*
 * first_ask as user_proactive_reclaim() (memory_reclaim() before) computes it on its first pass:
 * nr_to_reclaim = memparse(buf) / PAGE_SIZE, then "batch_size = (nr_to_reclaim - nr_reclaimed) / 4"
 * with nr_reclaimed = 0 (decay), min(remaining, SWAP_CLUSTER_MAX) before it (cluster) or the
 * remainder (full), and try_to_free_mem_cgroup_pages() asks ".nr_to_reclaim = max(nr_pages,
 * SWAP_CLUSTER_MAX)".
 */
static void test_first_ask_stepped(void **state)
{
	static const char *const sizes[] = { "1G", "4097", "128K", "129K", "1E", "3", "64G" };

	(void)state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		for (int big = 0; big < 2; big++) {
			char set[64];
			struct machine m;
			unsigned long nr_to_reclaim, nr_reclaimed = 0, asks[3];

			snprintf(set, sizeof(set), "reclaim %s pagesize %s", sizes[i], big ? "64K" : "4K");
			m = machine_with(set);
			nr_to_reclaim = (unsigned long)(m.reclaim / m.pagesize);
			if (!nr_to_reclaim)
				continue; /* the loop never runs: no first call */
			asks[0] = nr_to_reclaim - nr_reclaimed;
			asks[1] = nr_to_reclaim - nr_reclaimed < 32 ? nr_to_reclaim - nr_reclaimed : 32;
			asks[2] = (nr_to_reclaim - nr_reclaimed) / 4;
			for (int s = 0; s < 3; s++)
				asks[s] = asks[s] > 32 ? asks[s] : 32;
			assert_int_equal(metric_u64(&m, "proactive_reclaim.first_ask.full"), asks[0]);
			assert_int_equal(metric_u64(&m, "proactive_reclaim.first_ask.cluster"), asks[1]);
			assert_int_equal(metric_u64(&m, "proactive_reclaim.first_ask.decay"), asks[2]);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_first_ask_stepped),
		cmocka_unit_test(test_1g_request), cmocka_unit_test(test_against_simulation),
		cmocka_unit_test(test_64k_pages),  cmocka_unit_test(test_first_ask),
		cmocka_unit_test(test_huge_request), cmocka_unit_test(test_empty_request),
		cmocka_unit_test(test_divisors), cmocka_unit_test(test_ask_past_u64),
	};
	return cmocka_run_group_tests_name("proactive_reclaim", tests, NULL, NULL);
}
