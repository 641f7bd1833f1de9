/* memory_reclaim(), mm/memcontrol.c, with try_to_free_mem_cgroup_pages(), mm/vmscan.c: seed 002. */
#include "testutil.h"

/* The write handler's loop, page by page as MODELS.md states it: for tests only. */
static uint64_t simulate_calls(uint64_t request, int strategy)
{
	uint64_t reclaimed = 0, calls = 0;

	while (reclaimed < request) {
		uint64_t r = request - reclaimed, ask;

		ask = strategy == 0 ? r : strategy == 1 ? (r < 32 ? r : 32) : r / 4;
		reclaimed += ask > SWAP_CLUSTER_MAX ? ask : SWAP_CLUSTER_MAX;
		calls++;
	}
	return calls;
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_1g_request), cmocka_unit_test(test_against_simulation),
		cmocka_unit_test(test_64k_pages),  cmocka_unit_test(test_first_ask),
		cmocka_unit_test(test_huge_request), cmocka_unit_test(test_empty_request),
	};
	return cmocka_run_group_tests_name("proactive_reclaim", tests, NULL, NULL);
}
