/*
 * __setup_per_zone_wmarks() before and after 795ae7a0de6b, and the
 * min_free_kbytes it takes its min from: the changelog's 140 GB machine, Feng
 * Tang's zone, the review's crossover, and the releases' clamps, worked out
 * here from the kernel's arithmetic.
 */
#include <math.h>

#include "testutil.h"

/* the changelog's figure is the whole machine's: one zone of all of it (presets/wmark-140g.preset) */
#define MACHINE_140G "totalram 36700160p ram 144G nodes 1 zone 36700160p"

/* int_sqrt() by hand, the slow way */
static uint64_t isqrt_by_hand(uint64_t x)
{
	uint64_t r = (uint64_t)sqrt((double)x);

	while (r * r > x)
		r--;
	while ((r + 1) * (r + 1) <= x)
		r++;
	return r;
}

/*
 * The changelog: "On a 140G machine ... from 16M to 143M". After: 0.1% of
 * 36700160 pages is 36700 pages, 143.36 MiB. Before: min / 4, where min is
 * min_free_kbytes in pages - khugepaged's 11 pageblocks on 3 zones (67584
 * KiB, a 16.5 MiB gap) with thp on, the sqrt default (11.83 MiB) without.
 */
static void test_changelog_140g(void **state)
{
	struct machine m = machine_with(MACHINE_140G " thp on");
	uint64_t thp_kib = 512 * 3 * (2 + 3 * 3) * 4, plain_kib = isqrt_by_hand(36700160ull * 4 * 16);

	(void)state;
	assert_int_equal(metric_u64(&m, "watermark.gap.after"), 36700160 / 1000);
	assert_int_equal(metric_u64(&m, "watermark.gap_bytes.after"), 36700ull * 4096);
	assert_int_equal(thp_kib, 67584);
	assert_true(plain_kib < thp_kib);
	assert_int_equal(metric_u64(&m, "watermark.min_free_kbytes"), thp_kib);
	assert_int_equal(metric_u64(&m, "watermark.gap.before"), thp_kib / 4 / 4);
	assert_int_equal(metric_u64(&m, "watermark.gap_bytes.before"), 16896ull / 4 * 4096); /* 16.5 MiB: "16M" */
	m = machine_with(MACHINE_140G " thp off");
	assert_int_equal(plain_kib, 48464);
	assert_int_equal(metric_u64(&m, "watermark.min_free_kbytes"), plain_kib);
	assert_int_equal(metric_u64(&m, "watermark.gap.before"), plain_kib / 4 / 4);
	assert_true(fabs((double)metric_u64(&m, "watermark.gap_bytes.before") / (1 << 20) - 11.8) < 0.05);
	assert_int_equal(metric_u64(&m, "watermark.gap.after"), 36700);
}

/* Feng Tang's PMEM zone: /proc/zoneinfo min 4573, low 69584, high 134595. */
static void test_feng_tang_zone(void **state)
{
	struct machine m = machine_with("cpus 96 nodes 4 ram 624G zone 65011712p zone_min 4573p");

	(void)state;
	assert_int_equal(metric_u64(&m, "watermark.min.after"), 4573);
	assert_int_equal(metric_u64(&m, "watermark.low.after"), 69584);
	assert_int_equal(metric_u64(&m, "watermark.high.after"), 134595);
	/* mult_frac(65011712, 10, 10000) = 6501 * 10 + 1712 * 10 / 10000 = 65011 */
	assert_int_equal(metric_u64(&m, "watermark.gap.after"), 65011);
	assert_int_equal(metric_u64(&m, "watermark.low.before"), 4573 + 4573 / 4);
	assert_int_equal(metric_u64(&m, "watermark.high.before"), 4573 + 4573 / 2);
}

/*
 * The review: Johannes put the crossover near 1 GB, Rik asked about 16GB.
 * With the sqrt default the floor is sqrt(64 P) / 16 pages against P / 1000,
 * equal at P = 250000 pages (977 MiB); with khugepaged's raise the floor is
 * 16896 / 4 = 4224 pages, met at 4224000 pages (16.1 GiB).
 */
static void test_review_crossover(void **state)
{
	struct machine m;

	(void)state;
	m = machine_with("totalram 240000p thp off");
	assert_true(metric_double(&m, "watermark.binds.after") <= 1);
	m = machine_with("totalram 262144p thp off");
	assert_true(metric_double(&m, "watermark.binds.after") > 1);
	m = machine_with("totalram 4000000p thp on");
	assert_true(metric_double(&m, "watermark.binds.after") <= 1);
	m = machine_with("totalram 4300000p thp on");
	assert_true(metric_double(&m, "watermark.binds.after") > 1);
	assert_int_equal(metric_value(&m, "watermark.binds.before").kind, VAL_NONE);
}

/* The releases: the old gap to 4.5, 4.6's on; the clamp's top 65536 KiB to 5.6, 262144 from 5.7. */
static void test_releases(void **state)
{
	struct machine m = machine_with(MACHINE_140G " kernel 3.11");
	uint64_t tb = isqrt_by_hand((((1ull << 40) - (1ull << 34)) >> 10) * 16);

	(void)state;
	assert_int_equal(metric_u64(&m, "watermark.gap.kernel"), metric_u64(&m, "watermark.gap.before"));
	m = machine_with(MACHINE_140G " kernel 4.6");
	assert_int_equal(metric_u64(&m, "watermark.gap.kernel"), 36700);
	m = machine_with("ram 1T thp off kernel 5.4");
	assert_int_equal(metric_u64(&m, "watermark.min_free_kbytes"), 65536);
	m = machine_with("ram 1T thp off kernel 5.7");
	assert_true(tb > 65536 && tb < 262144);
	assert_int_equal(metric_u64(&m, "watermark.min_free_kbytes"), tb);
	/* the sysctl takes 1..1000 until 5.16, 1..3000 from 5.17 */
	m = machine_with("watermark_scale_factor 2000 kernel 5.15");
	assert_int_equal(metric_value(&m, "watermark.gap.kernel").kind, VAL_NONE);
	assert_int_equal(metric_value(&m, "watermark.min.kernel").kind, VAL_INT);
	m = machine_with("watermark_scale_factor 2000 kernel 5.17");
	assert_int_equal(metric_value(&m, "watermark.gap.kernel").kind, VAL_INT);
}

/* A zone's min is its share of pages_min; a set min_free_kbytes is taken as it is. */
static void test_zone_share(void **state)
{
	struct machine m = machine_with("totalram 4000000p nodes 2 min_free_kbytes 40000");
	/*
	 * ram 256G over two nodes: DMA keeps 15 MiB (3840 pages), the rest of
	 * totalram goes by bytes; node 1's Normal (128 GiB) is the largest
	 * Normal zone (node 0's loses 3 GiB below 4 GiB to DMA and DMA32)
	 */
	uint64_t rest = 4000000 - 3840, zone = rest * (128ull << 30) / ((256ull << 30) - (16 << 20));

	(void)state;
	assert_int_equal(param_u64(&m, param_find("zone")), zone);
	assert_int_equal(metric_u64(&m, "watermark.min.after"), 10000ull * zone / 4000000);
	m = machine_with("totalram 4000000p nodes 2 min_free_kbytes 40000 zone_min 77p");
	assert_int_equal(metric_u64(&m, "watermark.min.after"), 77);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_changelog_140g), cmocka_unit_test(test_feng_tang_zone),
		cmocka_unit_test(test_review_crossover), cmocka_unit_test(test_releases),
		cmocka_unit_test(test_zone_share),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
