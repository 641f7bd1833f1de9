/* vmpressure_init_window() and vmpressure(), mm/vmpressure.c: seed 004's table. */
#include "testutil.h"

/* Seed 004: "config 4 GB .. 64 GB -> scaled_win 3072 .. 5120", nominal RAM with the memmap taken off. */
static void test_seed004_windows(void **state)
{
	static const struct { const char *ram; uint64_t window; } rows[] = {
		{ "4G", 3072 }, { "8G", 3584 }, { "16G", 4096 }, { "32G", 4608 }, { "64G", 5120 }, { "128G", 5632 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char s[64];
		struct machine m;

		snprintf(s, sizeof(s), "ram %s", rows[i].ram);
		m = machine_with(s);
		assert_int_equal(metric_u64(&m, "vmpressure.window.before"), 512);
		assert_int_equal(metric_u64(&m, "vmpressure.window.after"), rows[i].window);
	}
}

/* Seed 004: 11.9M pages scanned -> 23242 evaluations at 512 on every size; scaled within 0.5% of the seed. */
static void test_seed004_evals(void **state)
{
	static const struct { const char *ram; double seed_evals; } rows[] = {
		{ "4G", 3877 }, { "8G", 3329 }, { "16G", 2910 }, { "32G", 2585 }, { "64G", 2328 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char s[64];
		struct machine m;
		double after;

		snprintf(s, sizeof(s), "ram %s scanned 11900000", rows[i].ram);
		m = machine_with(s);
		assert_int_equal(metric_u64(&m, "vmpressure.evals.before"), 23242);
		after = (double)metric_u64(&m, "vmpressure.evals.after");
		assert_true(after > rows[i].seed_evals * 0.995 && after < rows[i].seed_evals * 1.005);
	}
}

/* The fls() step: 4 GiB of totalram exactly is 32 units of 128 MiB, one page less is 31. */
static void test_fls_step_at_4gib(void **state)
{
	struct machine m = machine_with("totalram 1048576p");

	(void)state;
	assert_int_equal(metric_u64(&m, "vmpressure.window.after"), 512 * (1 + 6));
	m = machine_with("totalram 1048575p");
	assert_int_equal(metric_u64(&m, "vmpressure.window.after"), 512 * (1 + 5));
	m = machine_with("totalram 4G");
	assert_int_equal(metric_u64(&m, "vmpressure.window.after"), 3584);
}

/* Below 128 MiB the window keeps the historical 512 pages: fls(0) = 0. */
static void test_small_machine_keeps_512(void **state)
{
	struct machine m = machine_with("totalram 32767p");

	(void)state;
	assert_int_equal(metric_u64(&m, "vmpressure.window.after"), 512);
}

/* 64K pages: PAGE_SHIFT 16, so 128 MiB is 2048 pages; SWAP_CLUSTER_MAX stays 32 pages. */
static void test_64k_pages(void **state)
{
	struct machine m = machine_with("pagesize 64K totalram 65536p");

	(void)state;
	/* 65536 >> 11 = 32, fls(32) = 6 */
	assert_int_equal(metric_u64(&m, "vmpressure.window.after"), 32 * 16 * 7);
	assert_int_equal(metric_u64(&m, "vmpressure.window_bytes.after"), 32 * 16 * 7 * 65536ull);
}

/* A window that is not a multiple of the chunk: the overshoot of the last chunk is dropped. */
static void test_chunk_rounding(void **state)
{
	struct machine m = machine_with("chunk 100 scanned 1000000");

	(void)state;
	/* before: ceil(512 / 100) * 100 = 600 pages per evaluation */
	assert_int_equal(metric_u64(&m, "vmpressure.evals.before"), 1000000 / 600);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seed004_windows),  cmocka_unit_test(test_seed004_evals),
		cmocka_unit_test(test_fls_step_at_4gib), cmocka_unit_test(test_small_machine_keeps_512),
		cmocka_unit_test(test_64k_pages),        cmocka_unit_test(test_chunk_rounding),
	};
	return cmocka_run_group_tests_name("vmpressure", tests, NULL, NULL);
}
