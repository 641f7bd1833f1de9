/*
 * zone_highsize(), mm/page_alloc.c: the published figures of Mel Gorman's
 * pcp->high series, worked out here from the kernel's arithmetic and the
 * stated machine, and the code of each release it went through.
 */
#include "testutil.h"

/* Feng Tang's machine as Dave Hansen gave it: 96 threads, a CPU-less node, its zone and min. */
#define FENG "cpus 96 nodes 4 ram 624G node_cpus 0 zone 65011712p zone_min 4573p"

/* __setup_per_zone_wmarks() of 4.6 on, by hand: min + max(min / 4, managed * factor / 10000). */
static uint64_t low_by_hand(uint64_t min, uint64_t managed, uint64_t factor)
{
	uint64_t scale = managed / 10000 * factor + managed % 10000 * factor / 10000, floor = min / 4;

	return min + (scale > floor ? scale : floor);
}

/* zone_batchsize(): min(managed / 1024, 1 MiB of pages) / 4, then 2^k - 1 below 1.5 times that. */
static uint64_t batch_by_hand(uint64_t managed, uint64_t pagesize)
{
	uint64_t b = managed / 1024 < 1048576 / pagesize ? managed / 1024 : 1048576 / pagesize, p = 1;

	b /= 4;
	if (!b)
		b = 1;
	while (p * 2 <= b + b / 2)
		p *= 2;
	return p - 1 ? p - 1 : 1;
}

/* Published with the merged fix: pcp->high 724, batch 63, vm stats threshold 125. */
static void test_feng_tang_merged(void **state)
{
	struct machine m = machine_with(FENG);
	uint64_t low = low_by_hand(4573, 65011712, 10);

	(void)state;
	assert_int_equal(low, 69584); /* the zone's low, which its published high 134595 implies */
	assert_int_equal(metric_u64(&m, "pcp.low.after"), low);
	assert_int_equal(metric_u64(&m, "pcp.high.after"), 724);
	assert_int_equal(low / 96, 724); /* a CPU-less node: split across num_online_cpus() */
	assert_int_equal(metric_u64(&m, "pcp.batch.after"), 63);
	assert_int_equal(batch_by_hand(65011712, 4096), 63);
	assert_int_equal(metric_u64(&m, "pcp.threshold"), 125);
	assert_int_equal(metric_u64(&m, "pcp.split_cpus.after"), 96);
	assert_true(metric_explains(&m, "pcp.high.after", "num_online_cpus()"));
}

/* Published against v2: 69584 pages per CPU, about 270MB; ~26GB per zone, roughly 10% of it. */
static void test_feng_tang_v2(void **state)
{
	struct machine m = machine_with(FENG);
	double mib, gib, share;

	(void)state;
	assert_int_equal(metric_u64(&m, "pcp.high.v2"), 69584);
	assert_int_equal(metric_u64(&m, "pcp.split_cpus.v2"), 1);
	mib = (double)metric_u64(&m, "pcp.high_bytes.v2") / (1 << 20);
	assert_true(mib > 265 && mib < 275);
	gib = (double)metric_u64(&m, "pcp.zone_pcp_bytes.v2") / (1 << 30);
	assert_true(gib > 25 && gib < 27);
	assert_int_equal(metric_u64(&m, "pcp.zone_pcp_bytes.v2"), 69584ull * 96 * 4096);
	share = metric_double(&m, "pcp.zone_pcp_share.v2");
	assert_true(share > 9.5 && share < 11);
}

/* Before 5.14: 6 * batch whatever the zone and the CPUs. */
static void test_before_is_six_batches(void **state)
{
	static const char *const shapes[] = { FENG, "", "cpus 4 ram 2G", "cpus 1024 ram 16T nodes 8" };

	(void)state;
	for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		struct machine m = machine_with(shapes[i]);

		assert_int_equal(metric_u64(&m, "pcp.high.before"), 6 * metric_u64(&m, "pcp.batch.before"));
		assert_int_equal(metric_value(&m, "pcp.split_cpus.before").kind, VAL_NONE);
	}
}

/* A node with CPUs splits the same in v2 and merged; the floor is batch << 2. */
static void test_local_cpus_and_floor(void **state)
{
	struct machine m = machine_with(FENG " node_cpus 24");

	(void)state;
	assert_int_equal(metric_u64(&m, "pcp.high.after"), 69584 / 24);
	assert_int_equal(metric_u64(&m, "pcp.high.v2"), 69584 / 24);
	/* 1 GiB on one node of 64 CPUs: the low watermark split 64 ways is below 4 * batch */
	m = machine_with("cpus 64 ram 1G");
	assert_true(metric_u64(&m, "pcp.low.after") / 64 < 4 * metric_u64(&m, "pcp.batch.after"));
	assert_int_equal(metric_u64(&m, "pcp.high.after"), 4 * metric_u64(&m, "pcp.batch.after"));
}

/* The kernel side: 5.13 6 * batch, 5.14 zone_highsize(), 6.7 high_max = managed / 8 split too. */
static void test_releases(void **state)
{
	struct machine m = machine_with(FENG " kernel 5.13");

	(void)state;
	assert_int_equal(metric_u64(&m, "pcp.high.kernel"), 378);
	m = machine_with(FENG " kernel 5.14");
	assert_int_equal(metric_u64(&m, "pcp.high.kernel"), 724);
	assert_int_equal(metric_u64(&m, "pcp.high_max.kernel"), 724);
	m = machine_with(FENG " kernel 6.7");
	assert_int_equal(metric_u64(&m, "pcp.high.kernel"), 724);
	assert_int_equal(metric_u64(&m, "pcp.high_max.kernel"), 65011712 / 8 / 96);
	assert_int_equal(metric_u64(&m, "pcp.zone_pcp_bytes.kernel"), 65011712ull / 8 / 96 * 96 * 4096);
	/* 4.16's zone_batchsize() caps at 512 KiB: 31 pages, and 6 * 31 */
	m = machine_with(FENG " kernel 4.16");
	assert_int_equal(metric_u64(&m, "pcp.high.kernel"), 6 * 31);
}

/* free_high: no count before 6.7, batch from 6.7, batch + high_min / 2 from 6.16. */
static void test_free_high_trigger(void **state)
{
	struct machine m = machine_with(FENG " kernel 6.6");

	(void)state;
	assert_int_equal(metric_value(&m, "pcp.free_high_trigger.kernel").kind, VAL_NONE);
	m = machine_with(FENG " kernel 6.15");
	assert_int_equal(metric_u64(&m, "pcp.free_high_trigger.kernel"), 63);
	m = machine_with(FENG " kernel 6.16");
	assert_int_equal(metric_u64(&m, "pcp.free_high_trigger.kernel"), 63 + 724 / 2);
	assert_int_equal(metric_u64(&m, "pcp.free_high_trigger.after"), 63 + 724 / 2);
	/* v2's high: past free_count's cap of batch << 5 (plus an order-3 free), it never fires */
	assert_int_equal(metric_u64(&m, "pcp.free_high_trigger.v2"), 63 + 69584 / 2);
	assert_true(63 + 69584 / 2 > (63 << 5) + 7);
	assert_true(metric_explains(&m, "pcp.free_high_trigger.v2", "never fires"));
	assert_false(metric_explains(&m, "pcp.free_high_trigger.after", "never fires"));
}

/* node_cpus auto is cpus / nodes; 0 is a value, not auto. */
static void test_node_cpus(void **state)
{
	struct machine m = machine_with("cpus 96 nodes 4");
	const struct param *p = param_find("node_cpus");

	(void)state;
	assert_int_equal(param_u64(&m, p), 24);
	m = machine_with("cpus 96 nodes 4 node_cpus 0");
	assert_int_equal(param_u64(&m, p), 0);
	assert_int_equal(metric_u64(&m, "pcp.split_cpus.after"), 96);
	m = machine_with("cpus 96 nodes 4 node_cpus 0 node_cpus auto");
	assert_int_equal(param_u64(&m, p), 24);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_feng_tang_merged), cmocka_unit_test(test_feng_tang_v2),
		cmocka_unit_test(test_before_is_six_batches), cmocka_unit_test(test_local_cpus_and_floor),
		cmocka_unit_test(test_releases), cmocka_unit_test(test_free_high_trigger),
		cmocka_unit_test(test_node_cpus),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
