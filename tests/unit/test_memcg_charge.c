/* MEMCG_CHARGE_BATCH (include/linux/memcontrol.h) and what follows from it in mm/memcontrol.c: seed 000. */
#include "testutil.h"

static void test_batch(void **state)
{
	struct machine m = machine_with("cpus 72");

	(void)state;
	assert_int_equal(metric_u64(&m, "memcg_charge.batch.before"), 32);
	assert_int_equal(metric_u64(&m, "memcg_charge.batch.after"), 64);
	m = machine_with("charge_batch 128");
	assert_int_equal(metric_u64(&m, "memcg_charge.batch.after"), 128);
}

/* refill_stock(): a CPU's stock holds at most a batch; 72 CPUs * 32 pages * 4 KiB = 9 MiB. */
static void test_stock(void **state)
{
	struct machine m = machine_with("cpus 72");

	(void)state;
	assert_int_equal(metric_u64(&m, "memcg_charge.stock_max_bytes.before"), 72ull * 32 * 4096);
	assert_int_equal(metric_u64(&m, "memcg_charge.stock_max_bytes.after"), 72ull * 64 * 4096);
}

/* memcg_vmstats_needs_flush(): stats_updates > MEMCG_CHARGE_BATCH * num_online_cpus(). */
static void test_flush_threshold(void **state)
{
	struct machine m = machine_with("cpus 256");

	(void)state;
	assert_int_equal(metric_u64(&m, "memcg_charge.flush_threshold.before"), 8192);
	assert_int_equal(metric_u64(&m, "memcg_charge.flush_threshold.after"), 16384);
}

/* try_charge_memcg(): 262144 4K pages per GiB / 32 = 8192 refills, each walking depth counters. */
static void test_refills(void **state)
{
	struct machine m = machine_with("depth 3");

	(void)state;
	assert_int_equal(metric_u64(&m, "memcg_charge.refills_per_gib.before"), 8192);
	assert_int_equal(metric_u64(&m, "memcg_charge.refills_per_gib.after"), 4096);
	assert_int_equal(metric_u64(&m, "memcg_charge.counter_updates_per_gib.before"), 8192 * 3);
	m = machine_with("pagesize 64K");
	assert_int_equal(metric_u64(&m, "memcg_charge.refills_per_gib.before"), 16384 / 32);
}

/*
 * memcg_vmstats_needs_flush(), mm/memcontrol.c: "return atomic_long_read(&vmstats->stats_updates) >
 * MEMCG_CHARGE_BATCH * num_online_cpus();" - 64U times an unsigned int is an
 * unsigned int: 65536 * 65536 wraps to 0.
 */
static void test_flush_threshold_wraps(void **state)
{
	struct machine m = machine_with("cpus 65536 charge_batch 65536");

	(void)state;
	assert_int_equal(metric_u64(&m, "memcg_charge.flush_threshold.after"), 0);
	assert_true(metric_explains(&m, "memcg_charge.flush_threshold.after", "wraps"));
	m = machine_with("cpus 65536 charge_batch 65535");
	assert_int_equal(metric_u64(&m, "memcg_charge.flush_threshold.after"), 65535ull * 65536);
	/* memcg_rstat_updated(): "stats_updates = READ_ONCE(statc->stats_updates) + abs(val);" */
	assert_true(metric_explains(&m, "memcg_charge.flush_threshold.after", "abs(val)"));
}

/*
 * try_charge_memcg(), mm/memcontrol.c: "unsigned int batch = max(MEMCG_CHARGE_BATCH, nr_pages);"
 * - every consume_stock() miss charges a whole batch, so n single pages take
 * ceil(n / batch) trips. Counted here by walking the stock page by page.
 */
static uint64_t simulate_refills(uint64_t pages, uint64_t batch)
{
	uint64_t stock = 0, trips = 0;

	for (uint64_t i = 0; i < pages; i++) {
		if (!stock) { /* consume_stock() fails: charge a batch, refill_stock() keeps batch - 1 */
			trips++;
			stock = batch;
		}
		stock--;
	}
	return trips;
}

static void test_refills_ceiling(void **state)
{
	static const uint64_t batches[] = { 100, 127, 3, 64, 65536, 262143 % 65536 + 1 };
	(void)state;
	for (size_t i = 0; i < sizeof(batches) / sizeof(batches[0]); i++) {
		char s[64];
		struct machine m;

		snprintf(s, sizeof(s), "charge_batch %llu depth 2", (unsigned long long)batches[i]);
		m = machine_with(s);
		assert_int_equal(metric_u64(&m, "memcg_charge.refills_per_gib.after"), simulate_refills(262144, batches[i]));
		assert_int_equal(metric_u64(&m, "memcg_charge.counter_updates_per_gib.after"),
				 2 * simulate_refills(262144, batches[i]));
	}
}

/*
 * refill_stock(), mm/memcontrol.c (multi-memcg stock): "BUILD_BUG_ON(MEMCG_CHARGE_BATCH > S8_MAX);"
 * A batch above 127 does not build on those kernels; batchlab says so.
 */
static void test_batch_above_s8_max(void **state)
{
	struct machine m = machine_with("charge_batch 128");

	(void)state;
	assert_true(metric_explains(&m, "memcg_charge.batch.after", "not buildable"));
	m = machine_with("charge_batch 127");
	assert_false(metric_explains(&m, "memcg_charge.batch.after", "not buildable"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_batch),
		cmocka_unit_test(test_stock),
		cmocka_unit_test(test_flush_threshold),
		cmocka_unit_test(test_refills),
		cmocka_unit_test(test_flush_threshold_wraps),
		cmocka_unit_test(test_refills_ceiling),
		cmocka_unit_test(test_batch_above_s8_max),
	};
	return cmocka_run_group_tests_name("memcg_charge", tests, NULL, NULL);
}
