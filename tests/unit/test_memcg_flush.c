/*
 * memcg_flush (issue 37): the memcg stats flush threshold per memcg,
 * 8d59d2214c23. Each bound is held to a step-by-step replay of the
 * release's memcg_rstat_updated() and flush test (written here from the
 * code read in 5.17.0 and 6.8.0, and the 5.16 patch's pre-image), on
 * machines of 1 to 65536 CPUs, and to the figures the mails give.
 */
#include <math.h>
#include <stdlib.h>

#include "presetutil.h"

#include "../../core/mm/release.h"

/*
 * Replays: CPUs take updates of u pages, one CPU at a time, each as long as
 * the update leaves no flush due; what is then pending is the most a reader
 * can miss (every CPU's count filled to just below its spill, the shared
 * count to just below the threshold). 5.17-6.7: a CPU's x spills at x > B,
 * adding x / B units while the units are <= cpus; due once units > cpus.
 */
static uint64_t replay_global(uint64_t b, uint64_t cpus, uint64_t u)
{
	uint64_t units = 0, pending = 0;

	for (uint64_t c = 0; c < cpus; c++) {
		uint64_t x = 0;

		for (;;) {
			uint64_t nx = x + u, nu = units;

			if (nx <= b) {
				x = nx;
				continue;
			}
			if (units <= cpus)
				nu = units + nx / b;
			if (nu > cpus)
				break;
			units = nu;
			pending += nx;
			x = 0;
		}
		pending += x;
	}
	return pending;
}

/* 6.8: a memcg's per-CPU count spills at x >= B into its atomic while that is <= t; due once it passes t. */
static uint64_t replay_memcg(uint64_t b, uint64_t cpus, uint64_t u, uint64_t t)
{
	uint64_t shared = 0, pending = 0;

	for (uint64_t c = 0; c < cpus; c++) {
		uint64_t x = 0;

		for (;;) {
			uint64_t nx = x + u, ns = shared;

			if (nx < b) {
				x = nx;
				continue;
			}
			if (shared <= t)
				ns = shared + nx;
			if (ns > t)
				break;
			shared = ns;
			pending += nx;
			x = 0;
		}
		pending += x;
	}
	return pending;
}

/* 5.16: an event per update; __this_cpu_inc_return() % B == 0 adds a unit; due once units > cpus. */
static uint64_t replay_events(uint64_t b, uint64_t cpus, uint64_t u)
{
	uint64_t units = 0, events = 0;

	for (uint64_t c = 0; c < cpus; c++) {
		uint64_t n = 0;

		for (;;) {
			if ((n + 1) % b == 0 && units + 1 > cpus)
				break;
			n++;
			if (n % b == 0)
				units++;
		}
		events += n;
	}
	return events * u;
}

static uint64_t cpus_at(int i)
{
	/* every count to 300, then powers of two and their neighbours to 65536 */
	if (i < 300)
		return (uint64_t)i + 1;
	i -= 300;
	return (1ull << (9 + i / 3)) + (uint64_t)(i % 3) - 1 > 65536 ? 65536 : (1ull << (9 + i / 3)) + (uint64_t)(i % 3) - 1;
}

static void test_replay_all_sides(void **state)
{
	static const uint64_t sizes[] = { 1, 3, 64, 100 };

	(void)state;
	for (int i = 0; i < 300 + 24; i++) {
		uint64_t cpus = cpus_at(i);

		for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
			char set[96];
			struct machine m;

			if (cpus > 4096 && sizes[k] != 1)
				continue; /* the replay walks every CPU: one size is enough up there */
			snprintf(set, sizeof(set), "cpus %llu stat_update_pages %llu memcgs 7", (unsigned long long)cpus,
				 (unsigned long long)sizes[k]);
			m = machine_with(set);
			assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.before"),
					 replay_global(64, cpus, sizes[k]));
			assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.after"),
					 replay_memcg(64, cpus, sizes[k], 64 * cpus));
			assert_int_equal(metric_u64(&m, "memcg_flush.error_pages.before"), replay_global(64, cpus, sizes[k]));
			assert_int_equal(metric_u64(&m, "memcg_flush.error_pages.after"),
					 7 * replay_memcg(64, cpus, sizes[k], 64 * cpus));
			assert_int_equal(metric_u64(&m, "memcg_flush.error_bytes.after"),
					 7 * replay_memcg(64, cpus, sizes[k], 64 * cpus) * 4096);
		}
	}
}

/* Single-page updates: 6.7 lets (2B + 1) * cpus pages wait, 6.8 (2B - 1) * cpus per memcg. */
static void test_single_page_shapes(void **state)
{
	(void)state;
	for (uint64_t cpus = 1; cpus <= 65536; cpus *= 2) {
		char set[64];
		struct machine m;

		snprintf(set, sizeof(set), "cpus %llu memcgs 1000", (unsigned long long)cpus);
		m = machine_with(set);
		assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.before"), 129 * cpus);
		assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.after"), 127 * cpus);
		assert_int_equal(metric_u64(&m, "memcg_flush.error_pages.after"), 1000 * 127 * cpus);
		assert_int_equal(metric_u64(&m, "memcg_flush.threshold.after"), 64 * cpus);
	}
}

/*
 * The 2025 proposal: a userspace read flushes once the memcg's atomic
 * passes vm.memcg_stats_flush_threshold, but the per-CPU counts still
 * spill in batches - its own example, 64 * 256 = 16,384 on 256 cores, and
 * the least any setting leaves, 256 * 63 pages.
 */
static void test_tunable(void **state)
{
	struct machine m = preset_machine("wis-256cpu");

	(void)state;
	assert_int_equal(metric_u64(&m, "memcg_flush.threshold.tunable"), 16384);
	assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.tunable"),
			 metric_u64(&m, "memcg_flush.memcg_error_pages.after"));
	for (uint64_t t = 1; t <= 20000; t = t * 3 + 1) {
		m.user_flush_threshold = t;
		assert_int_equal(metric_u64(&m, "memcg_flush.threshold.tunable"), t);
		assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.tunable"), replay_memcg(64, 256, 1, t));
	}
	m.user_flush_threshold = 1;
	assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.tunable"), 256 * 63);
	/* the start Leon Huang Fu suggested, num_cpus * 16: still more than half the default's bound */
	m.user_flush_threshold = 256 * 16;
	assert_true(metric_u64(&m, "memcg_flush.memcg_error_pages.tunable") * 2 >
		    metric_u64(&m, "memcg_flush.memcg_error_pages.after"));
}

/* The kernel side: each release's own rule and batch (32 before 6.1). */
static void test_kernel_releases(void **state)
{
	struct machine m = machine_with("cpus 64 kernel 5.17");
	struct value v;

	(void)state;
	assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.kernel"), replay_global(32, 64, 1));
	assert_int_equal(metric_u64(&m, "memcg_flush.threshold.kernel"), 32 * 64);
	m = machine_with("cpus 64 kernel 5.16 stat_update_pages 5");
	assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.kernel"), replay_events(32, 64, 5));
	assert_int_equal(replay_events(32, 64, 5), (2 * 32 - 1) * 64 * 5);
	m = machine_with("cpus 64 kernel 6.5");
	assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.kernel"), replay_global(64, 64, 1));
	m = machine_with("cpus 64 kernel 6.8");
	assert_int_equal(metric_u64(&m, "memcg_flush.memcg_error_pages.kernel"), replay_memcg(64, 64, 1, 4096));
	m = machine_with("kernel 5.15");
	v = metric_value(&m, "memcg_flush.memcg_error_pages.kernel");
	assert_int_equal(v.kind, VAL_NONE);
	m = machine_with("kernel 5.15.18");
	assert_int_equal(metric_u64(&m, "memcg_flush.threshold.kernel"), 32 * 64);
	m = machine_with("kernel 5.10");
	assert_int_equal(metric_value(&m, "memcg_flush.threshold.kernel").kind, VAL_NONE);
}

/* 5.15.0-5.15.17 have no count; the backport arrives with 5.15.18. */
static void test_uname_backport(void **state)
{
	int idx;
	char err[200];

	(void)state;
	assert_int_equal(release_from_uname("5.15.17", &idx, err, sizeof(err)), 0);
	assert_string_equal(release_names[idx], "5.15");
	assert_int_equal(release_from_uname("5.15.18", &idx, err, sizeof(err)), 0);
	assert_string_equal(release_names[idx], "5.15.18");
	assert_int_equal(release_from_uname("5.16.3", &idx, err, sizeof(err)), 0);
	assert_string_equal(release_names[idx], "5.16");
}

/* struct memcg_vmstats_percpu's unsigned int per CPU per memcg, memcg_vmstats' atomic64_t. */
static void test_counter_bytes(void **state)
{
	struct machine m = machine_with("cpus 44 memcgs 300");

	(void)state;
	assert_int_equal(metric_u64(&m, "memcg_flush.counter_bytes.before"), 44 * 4 + 4);
	assert_int_equal(metric_u64(&m, "memcg_flush.counter_bytes.after"), 300 * (44 * 4 + 8));
	assert_int_equal(metric_u64(&m, "memcg_flush.update_counters.before"), 1);
	assert_int_equal(metric_u64(&m, "memcg_flush.update_counters.after"), m.depth);
}

/* Staleness: every memcg feeds the one count before 6.8, its own after; capped at FLUSH_TIME. */
static void test_staleness(void **state)
{
	struct machine m = machine_with("cpus 64 memcgs 200 stat_update_rate 10000");

	(void)state;
	assert_true(fabs(metric_double(&m, "memcg_flush.staleness.before") - (129.0 * 64 + 1) / (200 * 10000.0)) < 1e-12);
	assert_true(fabs(metric_double(&m, "memcg_flush.staleness.after") - (127.0 * 64 + 1) / 10000.0) < 1e-12);
	m = machine_with("cpus 4096 stat_update_rate 10");
	assert_true(metric_double(&m, "memcg_flush.staleness.after") == 2.0);
}

/* The netperf machine of the changelog: three levels walked per update, three times the atomics per GiB. */
static void test_netperf_counts(void **state)
{
	struct machine m = preset_machine("netperf-44cpu");

	(void)state;
	assert_int_equal(m.cpus, 44);
	assert_int_equal(metric_u64(&m, "memcg_flush.update_counters.after"), 3);
	assert_int_equal(metric_u64(&m, "memcg_flush.shared_atomics_per_gib.before"), 262144 / 65);
	assert_int_equal(metric_u64(&m, "memcg_flush.shared_atomics_per_gib.after"), 262144 / 64 * 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_replay_all_sides),
		cmocka_unit_test(test_single_page_shapes),
		cmocka_unit_test(test_tunable),
		cmocka_unit_test(test_kernel_releases),
		cmocka_unit_test(test_uname_backport),
		cmocka_unit_test(test_counter_bytes),
		cmocka_unit_test(test_staleness),
		cmocka_unit_test(test_netperf_counts),
	};
	return cmocka_run_group_tests_name("memcg_flush", tests, NULL, NULL);
}
