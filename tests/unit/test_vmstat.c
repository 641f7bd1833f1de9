/* calculate_normal_threshold(), mm/vmstat.c, and zone_batchsize(), mm/page_alloc.c. */
#include "testutil.h"

/* 8 CPUs, a 4 GiB zone: 2 * fls(8) * (1 + fls(1048576 >> 15)) = 2 * 4 * 7 = 56. */
static void test_threshold_by_hand(void **state)
{
	struct machine m = machine_with("cpus 8 zone 1048576p");

	(void)state;
	assert_int_equal(metric_u64(&m, "vmstat.threshold"), 56);
	/* the min(125, ...) cap: 4096 CPUs, fls = 13 */
	m = machine_with("cpus 4096 zone 1048576p");
	assert_int_equal(metric_u64(&m, "vmstat.threshold"), 125);
}

/* zone_batchsize(): 0.1% of the zone, at most 1 MiB, /4, then 2^n - 1. */
static void test_pcp_batch(void **state)
{
	static const struct { const char *zone; uint64_t batch; } rows[] = {
		{ "32768p", 7 },   /* 128 MiB: 32 / 4 = 8, rounddown(12) - 1 = 7 */
		{ "65536p", 15 },  /* 256 MiB */
		{ "131072p", 31 }, /* 512 MiB */
		{ "262144p", 63 }, /* 1 GiB: the 1 MiB cap is reached */
		{ "4194304p", 63 },
		{ "4096p", 1 },    /* 4 / 4 = 1, rounddown(1) - 1 = 0, max(1, 0) = 1 */
		{ "1p", 1 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char s[64];
		struct machine m;

		snprintf(s, sizeof(s), "zone %s", rows[i].zone);
		m = machine_with(s);
		assert_int_equal(metric_u64(&m, "vmstat.pcp_batch"), rows[i].batch);
	}
}

/* 64K pages: SZ_1M / PAGE_SIZE = 16 caps it; 16 / 4 = 4, rounddown(6) - 1 = 3. */
static void test_pcp_batch_64k(void **state)
{
	struct machine m = machine_with("pagesize 64K zone 1000000p");

	(void)state;
	assert_int_equal(metric_u64(&m, "vmstat.pcp_batch"), 3);
}

/*
 * calculate_normal_threshold(), mm/vmstat.c: "int mem;" (memory in 128 MB units), then
 * "mem = zone_managed_pages(zone) >> (27 - PAGE_SHIFT);" - the int keeps the low
 * 32 bits, and fls() takes an unsigned int. 2^47 4K pages is 2^32 units: mem = 0.
 */
static void test_threshold_int_mem(void **state)
{
	struct machine m = machine_with("cpus 1 zone 140737488355328p");

	(void)state;
	/* 2 * fls(1) * (1 + fls(0)) = 2; 64-bit arithmetic would say 2 * 1 * 34 = 68 */
	assert_int_equal(metric_u64(&m, "vmstat.threshold"), 2);
	assert_true(metric_explains(&m, "vmstat.threshold", "truncated"));
	/* 2^31 units: mem is negative (INT_MIN), fls((unsigned)INT_MIN) = 32 */
	m = machine_with("cpus 1 zone 70368744177664p");
	assert_int_equal(metric_u64(&m, "vmstat.threshold"), 2 * 1 * 33);
	assert_true(metric_explains(&m, "vmstat.threshold", "-2147483648"));
	m = machine_with("cpus 1 zone 1048576p");
	assert_false(metric_explains(&m, "vmstat.threshold", "truncated"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_threshold_by_hand),
		cmocka_unit_test(test_pcp_batch),
		cmocka_unit_test(test_pcp_batch_64k),
		cmocka_unit_test(test_threshold_int_mem),
	};
	return cmocka_run_group_tests_name("vmstat", tests, NULL, NULL);
}
