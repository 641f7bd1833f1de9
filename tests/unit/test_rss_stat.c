/*
 * rss_stat (issue 37): mm's rss counters as percpu_counter, f1a7941243c1.
 * The bounds are held to step-by-step replays of 6.1.0's
 * check_sync_rss_stat() and 6.2's percpu_counter_add_batch() and
 * compute_batch_value(), written here from the code read, on machines of 1
 * to 65536 CPUs, and to the figures of the reports.
 */
#include <math.h>
#include <stdlib.h>

#include "presetutil.h"

/*
 * 6.1: each fault first runs check_sync_rss_stat() (events++ > 64 syncs
 * the thread's counts and zeroes events), then adds its pages to the cache.
 * The most the cache holds between two syncs.
 */
static uint64_t replay_thread_cache(uint64_t fault_pages)
{
	uint64_t events = 0, cached = 0, most = 0;

	for (int f = 0; f < 1000; f++) {
		if (events++ > 64) {
			cached = 0;
			events = 0;
		}
		cached += fault_pages;
		if (cached > most)
			most = cached;
	}
	return most;
}

/* 6.2: compute_batch_value() sets max(32, nr * 2) from num_online_cpus() */
static uint64_t replay_batch(uint64_t cpus)
{
	uint64_t nr = cpus;

	return nr * 2 > 32 ? nr * 2 : 32;
}

/* percpu_counter_add_batch(): a CPU's count folds once abs(count + amount) >= batch; the most it keeps */
static uint64_t replay_cpu_keeps(uint64_t batch)
{
	int64_t count = 0, most = 0;

	for (int i = 0; i < 3 * (int)batch; i++) {
		int64_t c = count + 1;

		if (llabs(c) >= (int64_t)batch)
			count = 0; /* folded into fbc->count */
		else
			count = c;
		if (count > most)
			most = count;
	}
	return (uint64_t)most;
}

static void test_replays(void **state)
{
	(void)state;
	assert_int_equal(replay_thread_cache(1), 66);
	for (uint64_t threads = 1; threads <= 4096; threads = threads * 2 + 1)
		for (uint64_t fp = 1; fp <= 16; fp *= 4) {
			char set[96];
			struct machine m;

			snprintf(set, sizeof(set), "task_threads %llu fault_pages %llu", (unsigned long long)threads,
				 (unsigned long long)fp);
			m = machine_with(set);
			assert_int_equal(metric_u64(&m, "rss_stat.error_pages.before"), threads * replay_thread_cache(fp));
		}
	for (uint64_t cpus = 1; cpus <= 65536; cpus += cpus < 300 ? 1 : cpus / 7) {
		char set[64];
		struct machine m;
		uint64_t b = replay_batch(cpus);

		snprintf(set, sizeof(set), "cpus %llu", (unsigned long long)cpus);
		m = machine_with(set);
		assert_int_equal(metric_u64(&m, "rss_stat.batch.after"), b);
		assert_int_equal(metric_u64(&m, "rss_stat.error_pages.after"), cpus * replay_cpu_keeps(b));
		assert_int_equal(metric_u64(&m, "rss_stat.rss_error_bytes.after"), cpus * replay_cpu_keeps(b) * 3 * 4096);
		assert_int_equal(metric_u64(&m, "rss_stat.percpu_bytes.after"), 4 * 4 * cpus);
	}
	struct machine m = machine_with("cpus 65536");
	assert_int_equal(metric_u64(&m, "rss_stat.error_pages.after"), 65536ull * 131071);
}

/* crossover_cpus: the least CPU count where the percpu bound passes the per-thread one, by a walk */
static void test_crossover(void **state)
{
	(void)state;
	for (uint64_t threads = 1; threads <= 100000; threads = threads * 3 + 2) {
		char set[64];
		struct machine m;
		uint64_t old = threads * 66, c = 1;

		snprintf(set, sizeof(set), "task_threads %llu", (unsigned long long)threads);
		m = machine_with(set);
		while (c <= 65536 && c * (replay_batch(c) - 1) <= old)
			c++;
		if (c > 65536)
			assert_int_equal(metric_value(&m, "rss_stat.crossover_cpus").kind, VAL_NONE);
		else
			assert_int_equal(metric_u64(&m, "rss_stat.crossover_cpus"), c);
	}
}

/*
 * Sweet Tea Dorminy's service: 5 threads on 250 CPUs. The pre-6.2 bound the
 * report gives, 64 * 5 pages = 1.25 MiB, against the code's 66 faults per
 * thread; the percpu bound must cover "tens of megabytes" and reach "a
 * gigabyte" over the three counters.
 */
static void test_service_250cpu(void **state)
{
	struct machine m = preset_machine("service-250cpu");
	double before = (double)metric_u64(&m, "rss_stat.error_pages.before") * 4096;

	(void)state;
	assert_true(fabs(before - 1.25 * 1048576) / (1.25 * 1048576) < 0.04);
	assert_int_equal(metric_u64(&m, "rss_stat.error_pages.after"), 250 * 499);
	assert_true(metric_u64(&m, "rss_stat.error_pages.after") * 4096 > 50ull << 20);
	assert_true(metric_u64(&m, "rss_stat.rss_error_bytes.after") >= 1ull << 30);
	assert_int_equal(metric_u64(&m, "rss_stat.crossover_cpus"), 11);
}

/* unixbench spawn on 128 threads, 11110 -> 8974: fitted, so both come back to the unit. */
static void test_spawn(void **state)
{
	struct machine m = preset_machine("icelake-128t");

	(void)state;
	assert_within_pct(metric_double(&m, "rss_stat.spawn_score.before"), 11110, 0.01);
	assert_within_pct(metric_double(&m, "rss_stat.spawn_score.after"), 8974, 0.01);
	assert_true(metric_explains(&m, "rss_stat.spawn_score.after", "by construction"));
}

/* select_bad_process() on 256 vCPUs: three figures fitted, the precise 0.5 ms at 40 held out. */
static void test_oom(void **state)
{
	struct machine m = preset_machine("oom-256vcpu");

	(void)state;
	assert_within_pct(metric_double(&m, "rss_stat.oom_approx_ms"), 3.0, 0.01);
	assert_within_pct(metric_double(&m, "rss_stat.oom_precise_ms"), 80.0, 0.01);
	m.oom_processes = 40;
	assert_within_pct(metric_double(&m, "rss_stat.oom_approx_ms"), 0.3, 0.01);
	/* held out: the model gives 0.608 ms for the published 0.5 */
	assert_within_pct(metric_double(&m, "rss_stat.oom_precise_ms"), 0.5, 25);
}

/* The kernel side: the per-thread caches to 6.1, the percpu counter from 6.2. */
static void test_kernel_side(void **state)
{
	struct machine m = machine_with("cpus 250 kernel 6.1");

	(void)state;
	assert_int_equal(metric_u64(&m, "rss_stat.error_pages.kernel"), 5 * 66);
	m = machine_with("cpus 250 kernel 6.2");
	assert_int_equal(metric_u64(&m, "rss_stat.error_pages.kernel"), 250 * 499);
	assert_int_equal(metric_u64(&m, "rss_stat.fork_allocs.kernel"), 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_replays),
		cmocka_unit_test(test_crossover),
		cmocka_unit_test(test_service_250cpu),
		cmocka_unit_test(test_spawn),
		cmocka_unit_test(test_oom),
		cmocka_unit_test(test_kernel_side),
	};
	return cmocka_run_group_tests_name("rss_stat", tests, NULL, NULL);
}
