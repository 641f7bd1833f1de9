/* vmpressure_init_window() and vmpressure(), mm/vmpressure.c: seed 004's table. */
#include <math.h>

#include "testutil.h"

#include "../../core/variant.h"

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

/*
 * The kernel's fls() takes an unsigned int (include/asm-generic/bitops/builtin-fls.h:
 * "static __always_inline int fls(unsigned int x)"), and seed 004's
 * vmpressure_init_window() passes it the unsigned long mem128m: 2^32 units of
 * 128 MiB (512 PiB, 2^47 4K pages) arrive as 0, so the window falls back to 512.
 */
static void test_fls_truncates_at_512pib(void **state)
{
	struct machine m = machine_with("totalram 140737488355328p"); /* 2^47: mem128m = 2^32 */

	(void)state;
	assert_int_equal(metric_u64(&m, "vmpressure.window.after"), 512 * (1 + 0));
	assert_true(metric_explains(&m, "vmpressure.window.after", "truncated"));
	/* 2^32 + 2^31 units: the low 32 bits are 2^31, fls = 32 */
	m = machine_with("totalram 211106232532992p");
	assert_int_equal(metric_u64(&m, "vmpressure.window.after"), 512 * (1 + 32));
	/* one unit below 2^32 still fits: fls(2^32 - 1) = 32, and no truncation is reported */
	m = machine_with("totalram 140737488322560p"); /* (2^32 - 1) << 15 */
	assert_int_equal(metric_u64(&m, "vmpressure.window.after"), 512 * (1 + 32));
	assert_false(metric_explains(&m, "vmpressure.window.after", "truncated"));
}

/*
 * vmpressure(), mm/vmpressure.c, the non-tree path, literally:
 *	scanned = vmpr->scanned += scanned; ...
 *	if (scanned < vmpressure_win) { spin_unlock(&vmpr->sr_lock); return; }
 *	vmpr->scanned = vmpr->reclaimed = 0;
 * fed `scanned` pages in calls of `chunk`, the last call carrying the rest.
 */
static uint64_t simulate_evals(uint64_t win, uint64_t chunk, uint64_t scanned)
{
	uint64_t acc = 0, evals = 0;

	while (scanned) {
		uint64_t call = scanned < chunk ? scanned : chunk;

		scanned -= call;
		acc += call;
		if (acc < win)
			continue;
		acc = 0;
		evals++;
	}
	return evals;
}

/* The final partial call is a call too: it can complete a window. */
static void test_last_partial_call_counts(void **state)
{
	static const struct { uint64_t chunk, scanned; } rows[] = {
		{ 100, 512 }, { 100, 511 }, { 100, 600 }, { 100, 1112 }, { 32, 11900000 }, { 7, 100003 },
		{ 1000, 999 }, { 1000, 1000 }, { 513, 1025 }, { 1, 5000 }, { 3000, 12345 }, { 100, 1000001 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char s[96];
		struct machine m;

		snprintf(s, sizeof(s), "ram 16G chunk %llu scanned %llu", (unsigned long long)rows[i].chunk,
			 (unsigned long long)rows[i].scanned);
		m = machine_with(s);
		assert_int_equal(metric_u64(&m, "vmpressure.evals.before"),
				 simulate_evals(512, rows[i].chunk, rows[i].scanned));
		assert_int_equal(metric_u64(&m, "vmpressure.evals.after"),
				 simulate_evals(metric_u64(&m, "vmpressure.window.after"), rows[i].chunk, rows[i].scanned));
	}
	/* by hand: 5 calls of 100 leave 500 pending, the sixth call of 12 reaches 512 */
	struct machine m = machine_with("chunk 100 scanned 512");
	assert_int_equal(metric_u64(&m, "vmpressure.evals.before"), 1);
}

/*
 * eval_share, issue 22's figure by hand: on the default machine 23242 evaluations become 1936
 * (ceil(6144 / 32) = 192 calls a window, 371875 calls), 21306 * 100 ns = 2.1306 ms saved of a
 * 11900000 / 258822 = 45.98 s reclaim run: 0.004634%; before saves nothing against itself.
 */
static void test_eval_share(void **state)
{
	struct machine m = machine_with("");
	double run = 11900000.0 / 258822.0;
	char err[200];

	(void)state;
	assert_float_equal(metric_double(&m, "vmpressure.eval_share.before"), 0, 0);
	assert_float_equal(metric_double(&m, "vmpressure.eval_share.after"), 100 * 21306 * 100e-9 / run, 1e-12);
	assert_true(metric_double(&m, "vmpressure.eval_share.after") > 0.0046 &&
		    metric_double(&m, "vmpressure.eval_share.after") < 0.0047);
	/* the share follows both assumptions: 4x the cost and half the rate is 8x the share */
	m = machine_with("vmpressure_eval_ns 400 scan_rate 129411");
	assert_float_equal(metric_double(&m, "vmpressure.eval_share.after"), 100 * 21306 * 400e-9 / (11900000.0 / 129411),
			   1e-12);
	/* a variant with the old window saves nothing */
	m = machine_with("");
	assert_int_equal(variant_add(test_set(&m), patch_find(NULL, "vmpressure"), "old", "512", err, sizeof(err)), 0);
	assert_float_equal(metric_double(&m, "vmpressure.eval_share.old"), 0, 0);
}

/*
 * The window as vmpressure() uses it, page by page: the first call whose running sum reaches
 * vmpressure_win evaluates, so with one-page calls the first evaluation comes at page `window`;
 * window_bytes is that in bytes, window_share its share of cgroup_size.
 */
static void test_window_stepped(void **state)
{
	static const char *const sets[] = { "", "ram 4G", "ram 64G", "ram 127M", "pagesize 64K ram 1T", "ram 16G cgroup_size 1G" };

	(void)state;
	for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		struct machine m = machine_with(sets[i]);

		for (int side = 0; side < 2; side++) {
			char name[64];
			uint64_t win, first = 0;

			snprintf(name, sizeof(name), "vmpressure.window.%s", side ? "after" : "before");
			win = metric_u64(&m, name);
			for (uint64_t pages = 1; pages <= win + 1 && !first; pages++)
				if (simulate_evals(win, 1, pages) == 1)
					first = pages;
			assert_int_equal(first, win);
			assert_int_equal(simulate_evals(win, 1, 2 * win - 1), 1);
			snprintf(name, sizeof(name), "vmpressure.window_bytes.%s", side ? "after" : "before");
			assert_int_equal(metric_u64(&m, name), first * m.pagesize);
			snprintf(name, sizeof(name), "vmpressure.window_share.%s", side ? "after" : "before");
			assert_true(fabs(metric_double(&m, name) - 100.0 * (double)(first * m.pagesize) / (double)m.cgroup_size) <
				    1e-12 * metric_double(&m, name));
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_window_stepped),
		cmocka_unit_test(test_seed004_windows),  cmocka_unit_test(test_seed004_evals),
		cmocka_unit_test(test_fls_step_at_4gib), cmocka_unit_test(test_small_machine_keeps_512),
		cmocka_unit_test(test_64k_pages),        cmocka_unit_test(test_chunk_rounding),
		cmocka_unit_test(test_fls_truncates_at_512pib), cmocka_unit_test(test_last_partial_call_counts),
		cmocka_unit_test(test_eval_share),
	};
	return cmocka_run_group_tests_name("vmpressure", tests, NULL, NULL);
}
