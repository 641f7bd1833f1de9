/*
 * Issue 55: the four newer patches (watermark, pcp, rss_stat, memcg_flush)
 * held to the kernel's code, one test per kind of difference found. Each
 * works the code's figure out here, step by step from the function it
 * names, and checks batchlab against it and against the figure the issue
 * got from the compiled kernel function.
 */
#include <string.h>

#include "testutil.h"

#include "../../core/mm/release.h"

/*
 * One node's lowmem zones as x86-64 lays them out, by hand: DMA keeps 16 MiB
 * less the first MiB, DMA32 the bytes from 16 MiB to 3 GiB, Normal the rest;
 * the pages past DMA shared in proportion to those bytes, Normal taking what
 * the division leaves. Returns the populated ones (nr_zones of khugepaged).
 */
static uint64_t x86_zones(const struct machine *m, uint64_t zones[3])
{
	uint64_t mib = 1ull << 20, total = machine_totalram(m), ram = m->ram;
	uint64_t dma32_bytes = (ram < 3072 * mib ? ram : 3072 * mib) - 16 * mib, rest;

	assert_int_equal(m->nodes, 1);
	zones[0] = 15 * mib / m->pagesize;
	rest = total - zones[0];
	zones[1] = (uint64_t)((unsigned __int128)rest * dma32_bytes / (ram - 16 * mib));
	zones[2] = rest - zones[1];
	return 1 + (zones[1] > 0) + (zones[2] > 0);
}

/* nr_free_buffer_pages() once the watermarks of mfk are set (factor 10, the 4.6 gap): managed - high per zone */
static uint64_t free_above_high(const struct machine *m, uint64_t mfk, uint64_t *nr_zones)
{
	uint64_t zones[3], total = machine_totalram(m), pages_min = mfk >> (machine_page_shift(m) - 10), free = 0;

	*nr_zones = x86_zones(m, zones);
	for (int i = 0; i < 3; i++) {
		uint64_t min = pages_min * zones[i] / total, gap, high;

		gap = zones[i] * 10 / 10000 > min / 4 ? zones[i] * 10 / 10000 : min / 4;
		high = min + 2 * gap;
		free += zones[i] > high ? zones[i] - high : 0;
	}
	return free;
}

/*
 * init_per_zone_wmark_min()'s default, then set_recommended_min_free_kbytes():
 * 11 pageblocks per populated zone up to Normal, at most 5% of the pages above
 * the zones' high watermarks. *capped: the 5% bound.
 */
static uint64_t boot_mfk(const struct machine *m, uint64_t *mfk0, int *capped)
{
	uint64_t shift = machine_page_shift(m), total = machine_totalram(m), nr_zones, free, want, rec;
	uint64_t root = ref_isqrt((total << (shift - 10)) * 16);

	*mfk0 = root < 128 ? 128 : root > 262144 ? 262144 : root;
	free = free_above_high(m, *mfk0, &nr_zones);
	want = (m->pagesize / 8) * nr_zones * 11;
	*capped = free / 20 < want;
	rec = (want < free / 20 ? want : free / 20) << (shift - 10);
	return rec > *mfk0 ? rec : *mfk0;
}

/*
 * 1. khugepaged's 5% cap is of nr_free_buffer_pages() once the watermarks are
 * set. 1 GiB on x86-64 is DMA and DMA32 (no Normal zone): 2 zones' 11264
 * pages bind, under the cap; 768 MiB is capped.
 */
static void test_khugepaged_cap_past_watermarks(void **state)
{
	struct machine m = machine_with("ram 1G");
	uint64_t mfk0, mfk, nr_zones;
	int capped;

	(void)state;
	mfk = boot_mfk(&m, &mfk0, &capped);
	assert_false(capped);
	assert_int_equal(metric_u64(&m, "watermark.min_free_kbytes"), mfk);
	assert_int_equal(mfk, 45056); /* 512 * 2 * 11 pages */
	assert_int_equal(metric_u64(&m, "watermark.min.kernel"), 11264ull * 254208 / 258048);
	m = machine_with("ram 768M");
	mfk = boot_mfk(&m, &mfk0, &capped);
	assert_true(capped && mfk > mfk0);
	assert_int_equal(metric_u64(&m, "watermark.min_free_kbytes"), mfk);
	/* the cap counts the pages above high, not totalram */
	assert_true(mfk < (machine_totalram(&m) / 20) << 2);
	(void)free_above_high(&m, mfk0, &nr_zones);
	assert_int_equal(nr_zones, 2);
	m = machine_with("pagesize 64K ram 64G");
	assert_int_equal(metric_u64(&m, "watermark.min_free_kbytes"), boot_mfk(&m, &mfk0, &capped));
	assert_true(metric_explains(&m, "watermark.min_free_kbytes", "managed - high_wmark_pages()"));
}

/* 7. min_free_kbytes is an int: khugepaged's unsigned long raise is cut to 32 bits. */
static void test_min_free_kbytes_is_an_int(void **state)
{
	struct machine m = machine_with("pagesize 64K ram 1E totalram 8589934592p nodes 1024");
	uint64_t want_kib = 8192ull * 1026 * 11 * 64;

	(void)state;
	assert_true(want_kib > UINT32_MAX);
	assert_int_equal(metric_u64(&m, "watermark.min_free_kbytes"), (uint32_t)want_kib);
	assert_int_equal(metric_u64(&m, "watermark.min_free_kbytes"), 1622147072);
	/* 372 nodes: 8192 * 374 * 11 * 64 passes INT_MAX, a negative int, and min's share wraps as the kernel's */
	m = machine_with("pagesize 64K ram 1E totalram 8589934592p nodes 372");
	assert_int_equal((int64_t)metric_u64(&m, "watermark.min_free_kbytes"), (int32_t)(uint32_t)(8192ull * 374 * 11 * 64));
	assert_true(metric_explains(&m, "watermark.min_free_kbytes", "is an int"));
}

/* THP built but disabled recalculates from 5.16; below 512 MiB hugepage_init() turns THP off. */
static void test_thp_semantics(void **state)
{
	struct machine m = machine_with("ram 1G thp never");
	uint64_t mfk0, nr_zones;
	int capped;

	(void)state;
	boot_mfk(&m, &mfk0, &capped);
	assert_int_equal(metric_u64(&m, "watermark.min_free_kbytes"), ref_isqrt(free_above_high(&m, mfk0, &nr_zones) * 4 * 16));
	assert_int_equal(metric_u64(&m, "watermark.min_free_kbytes"), 4051);
	m = machine_with("ram 1G thp off");
	assert_int_equal(metric_u64(&m, "watermark.min_free_kbytes"), mfk0);
	assert_int_equal(mfk0, 4063);
	m = machine_with("ram 1G thp never kernel 5.15");
	assert_int_equal(metric_u64(&m, "watermark.min_free_kbytes"), mfk0);
	m = machine_with("ram 256M thp on");
	assert_true(machine_totalram(&m) < (512u << 20) / 4096);
	assert_int_equal(metric_u64(&m, "watermark.min_free_kbytes"), ref_isqrt(machine_totalram(&m) * 4 * 16));
	assert_true(metric_explains(&m, "watermark.min_free_kbytes", "hugepage_init() turns THP off"));
}

/* 2. A fault's pages arrive in one add: a CPU holds the largest multiple of fault_pages below the batch. */
static void test_rss_fault_pages_one_add(void **state)
{
	struct machine m = machine_with("fault_pages 16");
	uint64_t batch = m.cpus * 2 > 32 ? m.cpus * 2 : 32, c;

	(void)state;
	assert_int_equal(metric_u64(&m, "rss_stat.error_pages.after"), m.cpus * ((batch - 1) / 16 * 16));
	assert_int_equal(metric_u64(&m, "rss_stat.error_pages.after"), 7168);
	for (c = 1;; c++) {
		uint64_t b = c * 2 > 32 ? c * 2 : 32;

		if (c * ((b - 1) / 16 * 16) > m.task_threads * 66 * 16)
			break;
	}
	assert_int_equal(metric_u64(&m, "rss_stat.crossover_cpus"), c);
	assert_int_equal(c, 56);
	assert_true(metric_explains(&m, "rss_stat.error_pages.after", "largest multiple of fault_pages"));
}

/* 4. From 6.6 a fork allocates the four counters in one percpu_counter_init_many() call. */
static void test_rss_fork_allocs(void **state)
{
	static const struct {
		const char *kernel;
		uint64_t allocs;
	} rows[] = { { "6.1", 0 }, { "6.2", 4 }, { "6.5", 4 }, { "6.6", 1 }, { "6.18", 1 } };

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char set[64];
		struct machine m;

		snprintf(set, sizeof(set), "kernel %s", rows[i].kernel);
		m = machine_with(set);
		assert_int_equal(metric_u64(&m, "rss_stat.fork_allocs.kernel"), rows[i].allocs);
	}
}

/* zone_batchsize() before 5.14, by hand: the int share, its unsigned long product, the clamps */
static uint64_t batch_513(uint64_t managed, uint64_t pagesize)
{
	int32_t b = (int32_t)(uint32_t)(managed / 1024);
	int64_t q;
	uint64_t r = 1;

	if ((uint64_t)(int64_t)b * pagesize > 1024 * 1024)
		b = (int32_t)(1024 * 1024 / pagesize);
	q = b / 4 < 1 ? 1 : b / 4;
	while (r * 2 <= (uint64_t)(q + q / 2))
		r *= 2;
	return r - 1;
}

/* 5. Before 5.14 pcp->high is 6 * the raw batch, 0 on zones under 8192 pages; batch alone has max(1, ...). */
static void test_pcp_high_raw_batch(void **state)
{
	struct machine m = machine_with("kernel 5.8 ram 16M");
	uint64_t zone = machine_totalram(&m);

	(void)state;
	assert_true(zone < 8192);
	assert_int_equal(batch_513(zone, 4096), 0);
	assert_int_equal(metric_u64(&m, "pcp.high.kernel"), 6 * batch_513(zone, 4096));
	assert_int_equal(metric_u64(&m, "pcp.high.before"), 0);
	assert_int_equal(metric_u64(&m, "pcp.batch.kernel"), 1);
	m = machine_with("kernel 3.10 totalram 8192p zone 8192p");
	assert_int_equal(metric_u64(&m, "pcp.high.kernel"), 6 * batch_513(8192, 4096));
	assert_int_equal(metric_u64(&m, "pcp.high.kernel"), 6);
	assert_true(metric_explains(&m, "pcp.high.kernel", "setup_pageset() (3.10)"));
}

/* 8. Before 5.14 zone_batchsize() takes the share in an int: zones of 2^41 pages and more wrap. */
static void test_zone_batchsize_int(void **state)
{
	struct machine m = machine_with("ram 1E totalram 140737488355328p zone 140737488355328p");

	(void)state;
	assert_int_equal(batch_513(1ull << 47, 4096), 0); /* 2^37 cut to an int is 0 */
	assert_int_equal(metric_u64(&m, "pcp.batch.before"), 1);
	assert_int_equal(metric_u64(&m, "pcp.high.before"), 6 * batch_513(1ull << 47, 4096));
	assert_int_equal(metric_u64(&m, "pcp.batch.after"), 63); /* 5.14's min() of unsigned longs */
	m = machine_with("ram 1E totalram 140737488355328p zone 140737488355328p kernel 5.13");
	assert_int_equal(metric_u64(&m, "pcp.batch.kernel"), 1);
	assert_int_equal(metric_u64(&m, "vmstat.pcp_batch.kernel"), 1);
	m = machine_with("ram 1E totalram 2199023255552p zone 2199023255552p kernel 5.13"); /* 2^41: the int is INT_MIN, the product caps it */
	assert_int_equal(metric_u64(&m, "pcp.batch.kernel"), batch_513(1ull << 41, 4096));
	assert_int_equal(metric_u64(&m, "pcp.batch.kernel"), 63);
}

/* 9. Before 5.17 the sysctl refuses a factor above 1000: pcp's kernel side is n/a, as watermark's. */
static void test_pcp_refused_factor(void **state)
{
	struct machine m = machine_with("kernel 4.15 watermark_scale_factor 3000");

	(void)state;
	assert_int_equal(metric_value(&m, "pcp.low.kernel").kind, VAL_NONE);
	assert_int_equal(metric_value(&m, "pcp.high.kernel").kind, VAL_NONE);
	assert_int_equal(metric_value(&m, "watermark.low.kernel").kind, VAL_NONE);
	assert_int_equal(metric_value(&m, "pcp.batch.kernel").kind, VAL_INT); /* batch reads no factor */
	m = machine_with("kernel 5.17 watermark_scale_factor 3000");
	assert_int_equal(metric_value(&m, "pcp.low.kernel").kind, VAL_INT);
	m = machine_with("kernel 5.16 watermark_scale_factor 1000");
	assert_int_equal(metric_value(&m, "pcp.low.kernel").kind, VAL_INT);
}

/* 3. memcg_vmstats.stats_updates is an atomic_t in 6.17 and 6.18, an atomic64_t in 6.8. */
static void test_stats_updates_size(void **state)
{
	struct machine m = machine_with("kernel 6.18");

	(void)state;
	assert_int_equal(metric_u64(&m, "memcg_flush.counter_bytes.kernel"), m.memcgs * (m.cpus * 4 + 4));
	assert_int_equal(metric_u64(&m, "memcg_flush.counter_bytes.kernel"), 52000);
	assert_true(metric_explains(&m, "memcg_flush.counter_bytes.kernel", "sizeof(atomic_t)"));
	m = machine_with("kernel 6.14");
	assert_int_equal(metric_u64(&m, "memcg_flush.counter_bytes.kernel"), m.memcgs * (m.cpus * 4 + 8));
	assert_int_equal(metric_u64(&m, "memcg_flush.counter_bytes.after"), m.memcgs * (m.cpus * 4 + 8));
}

/*
 * 6. From 6.8 memcg_rstat_updated() stops counting a memcg already due a
 * flush: replay single-page updates on every CPU in turn and find where its
 * atomic stops. A user threshold at or above that is never reached.
 */
static void test_user_threshold_never_reached(void **state)
{
	struct machine m = machine_with("user_flush_threshold 5000");
	uint64_t top = 0, pcpu[4096] = { 0 }, threshold = 64 * m.cpus;

	(void)state;
	assert_true(m.cpus <= 4096);
	for (uint64_t step = 0; step < 64 * m.cpus * 4; step++) {
		uint64_t c = step % m.cpus;

		if (top > threshold) /* memcg_vmstats_needs_flush(): stop */
			break;
		if (++pcpu[c] >= 64) {
			top += pcpu[c];
			pcpu[c] = 0;
		}
	}
	assert_int_equal(top, threshold + 64);
	assert_true(m.user_flush_threshold >= top);
	assert_int_equal(metric_value(&m, "memcg_flush.memcg_error_pages.tunable").kind, VAL_NONE);
	assert_int_equal(metric_value(&m, "memcg_flush.error_bytes.tunable").kind, VAL_NONE);
	assert_true(metric_double(&m, "memcg_flush.staleness.tunable") == 2.0);
	/* one page below the top the threshold is reached: the bound is back */
	m = machine_with("user_flush_threshold 4159");
	assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.tunable"), 4159 / 64 * 64 + m.cpus * 63);
}

/* 6.6.117 carries 8d59d2214c23: memcg_flush and memcg_charge agree on it. */
static void test_6_6_117_per_memcg(void **state)
{
	struct machine m = machine_with("kernel 6.6.117");

	(void)state;
	assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.kernel"), (2 * 64 - 1) * m.cpus);
	assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.kernel") * m.pagesize,
			 metric_u64(&m, "memcg_charge.stale_stat_bytes.kernel"));
	m = machine_with("kernel 6.6.45"); /* before the backport: one count for all, units of B + 1 pages */
	assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.kernel"), (2 * 64 + 1) * m.cpus);
}

/* The sentences the issue found contradicting the code, as they read now. */
static void test_sentences_read_as_the_code(void **state)
{
	struct machine m = machine_with("kernel 6.18");
	const struct patch_desc *flush = patch_find(NULL, "memcg_flush"), *pcp = patch_find(NULL, "pcp");
	const struct release_history *high = pcp->kernel_code->history[0];

	(void)state;
	assert_null(strstr(flush->about, "any setting\nonly trades"));
	assert_non_null(strstr(flush->about, "never flushes on its count"));
	assert_string_equal(high->rows[0].from, "3.10");
	assert_non_null(strstr(high->rows[0].where, "setup_pageset()"));
	assert_null(strstr(high->rows[0].where, "pageset_set_batch()"));
	assert_non_null(strstr(high->rows[0].what, "raw zone_batchsize()"));
	for (const struct release_row *r = high->rows; r->from; r++)
		assert_null(strstr(r->what, "decays to high_min when idle"));
	assert_true(metric_explains(&m, "rss_stat.fork_allocs.kernel", "percpu_counter_init_many()"));
	assert_int_equal(metric_u64(&m, "rss_stat.fork_allocs.kernel"), 1);
	m = machine_with("kernel 6.18 ram 1G");
	assert_false(metric_explains(&m, "watermark.min_free_kbytes", "5% of lowmem"));
	assert_true(metric_explains(&m, "pcp.high.kernel", "0 on a CPU whose list is unused since boot"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_khugepaged_cap_past_watermarks), cmocka_unit_test(test_min_free_kbytes_is_an_int),
		cmocka_unit_test(test_thp_semantics), cmocka_unit_test(test_rss_fault_pages_one_add),
		cmocka_unit_test(test_rss_fork_allocs), cmocka_unit_test(test_pcp_high_raw_batch),
		cmocka_unit_test(test_zone_batchsize_int), cmocka_unit_test(test_pcp_refused_factor),
		cmocka_unit_test(test_stats_updates_size), cmocka_unit_test(test_user_threshold_never_reached),
		cmocka_unit_test(test_6_6_117_per_memcg), cmocka_unit_test(test_sentences_read_as_the_code),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
