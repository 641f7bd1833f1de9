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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_batch),
		cmocka_unit_test(test_stock),
		cmocka_unit_test(test_flush_threshold),
		cmocka_unit_test(test_refills),
	};
	return cmocka_run_group_tests_name("memcg_charge", tests, NULL, NULL);
}
