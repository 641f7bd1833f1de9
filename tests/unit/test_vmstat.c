/* calculate_normal_threshold(), mm/vmstat.c, and zone_batchsize(), mm/page_alloc.c. */
#include <math.h>
#include <stdlib.h>

#include "testutil.h"
#include "../../core/mm/release.h"

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

/*
 * __mod_zone_page_state(), mm/vmstat.c, stepped as the code steps it: x = delta + this CPU's
 * vm_stat_diff; "if (unlikely(abs(x) > t)) { zone_page_state_add(x, zone, item); x = 0; }";
 * the diff keeps x. drift_pages is the most the zone counter can lag its CPUs' diffs: single
 * pages round robin leave t on every CPU before any folds, cpus * t in all, and never more.
 */
static void test_drift_stepped(void **state)
{
	static const char *const sets[] = { "", "cpus 1", "cpus 8 zone 1048576p", "cpus 65536", "cpus 3 zone 1000p" };

	(void)state;
	for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		struct machine m = machine_with(sets[i]);
		int64_t t = (int64_t)metric_u64(&m, "vmstat.threshold"), zone = 0, most = 0, pending;
		int64_t *diff = calloc(m.cpus, sizeof(*diff));

		assert_non_null(diff);
		for (uint64_t step = 0; step < (uint64_t)(t + 2) * m.cpus; step++) {
			uint64_t cpu = step % m.cpus;
			int64_t x = 1 + diff[cpu];

			if (x > t || x < -t) {
				zone += x;
				x = 0;
			}
			diff[cpu] = x;
			pending = (int64_t)(step + 1) - zone; /* the change the zone counter does not show yet */
			assert_true(x >= -t && x <= t);
			if (pending > most)
				most = pending;
		}
		assert_int_equal(most, metric_u64(&m, "vmstat.drift_pages"));
		assert_int_equal((uint64_t)most * m.pagesize, metric_u64(&m, "vmstat.drift_bytes"));
		free(diff);
	}
}

/*
 * zone_batchsize(), mm/page_alloc.c, in the kernel's own int arithmetic:
 *	batch = min(zone_managed_pages(zone) >> 10, SZ_1M / PAGE_SIZE); batch /= 4;
 *	if (batch < 1) batch = 1; batch = rounddown_pow_of_two(batch + batch/2) - 1;
 * and zone_set_pageset_high_and_batch()'s max(1, ...), for every zone size from 1 page up.
 */
static int kernel_zone_batchsize(unsigned long managed, unsigned long page_size)
{
	int batch = (int)((managed >> 10) < (1024 * 1024) / page_size ? (managed >> 10) : (1024 * 1024) / page_size);
	unsigned long r = 1;

	batch /= 4;
	if (batch < 1)
		batch = 1;
	while (r * 2 <= (unsigned long)(batch + batch / 2))
		r *= 2;
	batch = (int)r - 1;
	return batch < 1 ? 1 : batch;
}

static void test_pcp_batch_kernel(void **state)
{
	(void)state;
	for (unsigned shift = 0; shift <= 40; shift++)
		for (int k = -1; k <= 1; k++) {
			unsigned long zone = (1ul << shift) + (unsigned long)k;
			char set[64];
			struct machine m;

			if (!zone)
				continue;
			for (int big = 0; big < 2; big++) {
				snprintf(set, sizeof(set), "pagesize %s zone %lup", big ? "64K" : "4K", zone);
				m = machine_with(set);
				assert_int_equal(metric_u64(&m, "vmstat.pcp_batch"),
						 kernel_zone_batchsize(zone, big ? 65536 : 4096));
			}
		}
}

/*
 * The value column of pcp_drain_max is mainline's drain_pages_zone(),
 * mm/page_alloc.c: mainline's pcp->batch << CONFIG_PCP_BATCH_SCALE_MAX (5),
 * whatever release the machine names - 3.10's smaller batch cap belongs to
 * the kernel side only (it once leaked into the value column).
 */
static void test_drain_value_is_mainline(void **state)
{
	(void)state;
	for (int rel = 0; release_names[rel]; rel++)
		for (unsigned long zone = 1000; zone < 100000000ul; zone *= 7) {
			char set[96];
			struct machine m;

			snprintf(set, sizeof(set), "kernel %s zone %lup", release_names[rel], zone);
			m = machine_with(set);
			assert_int_equal(metric_u64(&m, "vmstat.pcp_drain_max"), (uint64_t)kernel_zone_batchsize(zone, 4096) << 5);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_drift_stepped),
		cmocka_unit_test(test_pcp_batch_kernel),
		cmocka_unit_test(test_drain_value_is_mainline),
		cmocka_unit_test(test_threshold_by_hand),
		cmocka_unit_test(test_pcp_batch),
		cmocka_unit_test(test_pcp_batch_64k),
		cmocka_unit_test(test_threshold_int_mem),
	};
	return cmocka_run_group_tests_name("vmstat", tests, NULL, NULL);
}
