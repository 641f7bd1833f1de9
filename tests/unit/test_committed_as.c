/* mm_compute_batch(), mm/mm_init.c, and percpu_counter_add_batch(), lib/percpu_counter.c: seed 003. */
#include <math.h>
#include <stdlib.h>

#include "testutil.h"

typedef int32_t s32;
typedef uint64_t u64;

/* mm_compute_batch() as the kernel writes it, s32 and u64 and all, to check core against. */
static s32 kernel_mm_compute_batch(s32 nr, unsigned long ram_pages, int policy_never, int after)
{
	u64 memsized_batch;
	s32 batch = nr * 2 > 32 ? nr * 2 : 32;

	if (!after || policy_never)
		memsized_batch = ram_pages / nr / 256 < 2147483647ull ? ram_pages / nr / 256 : 2147483647ull;
	else
		memsized_batch = ram_pages / nr / 4 < 2147483647ull ? ram_pages / nr / 4 : 2147483647ull;
	return (s32)memsized_batch > batch ? (s32)memsized_batch : batch;
}

/* A 16 GiB, 16-CPU desktop: totalram 4128768 pages; 4128768/16/256 = 1008, /4 = 64512. */
static void test_desktop_by_hand(void **state)
{
	struct machine m = machine_with("cpus 16 ram 16G");

	(void)state;
	assert_int_equal(machine_totalram(&m), 4128768);
	assert_int_equal(metric_u64(&m, "committed_as.batch.before"), 1008);
	assert_int_equal(metric_u64(&m, "committed_as.batch.after"), 64512);
	m = machine_with("cpus 16 ram 16G overcommit never");
	assert_int_equal(metric_u64(&m, "committed_as.batch.after"), 1008);
}

/* All three policies, 1..65536 CPUs, several memory sizes, against the kernel's own code. */
static void test_all_policies_all_cpus(void **state)
{
	static const char *const policies[] = { "guess", "always", "never" };
	static const char *const rams[] = { "1G", "16G", "192G", "4T" };

	(void)state;
	for (int p = 0; p < 3; p++) {
		for (int r = 0; r < 4; r++) {
			char s[96];
			struct machine m;

			snprintf(s, sizeof(s), "ram %s overcommit %s", rams[r], policies[p]);
			m = machine_with(s);
			for (uint64_t cpus = 1; cpus <= 65536; cpus += cpus < 300 ? 1 : 97) {
				m.cpus = cpus;
				assert_int_equal(metric_u64(&m, "committed_as.batch.before"),
						 kernel_mm_compute_batch((s32)cpus, machine_totalram(&m), p == 2, 0));
				assert_int_equal(metric_u64(&m, "committed_as.batch.after"),
						 kernel_mm_compute_batch((s32)cpus, machine_totalram(&m), p == 2, 1));
			}
		}
	}
}

/* The INT_MAX cap of min_t(u64, ..., INT_MAX): one CPU and 2^40 pages. */
static void test_int_max_cap(void **state)
{
	struct machine m = machine_with("cpus 1 totalram 1099511627776p overcommit never");

	(void)state;
	assert_int_equal(metric_u64(&m, "committed_as.batch.before"), 2147483647);
	assert_int_equal(metric_u64(&m, "committed_as.batch.after"), 2147483647);
}

/* The floor max(2 * nr, 32) wins on a small machine with many CPUs. */
static void test_floor(void **state)
{
	struct machine m = machine_with("cpus 4096 ram 1G");

	(void)state;
	assert_int_equal(metric_u64(&m, "committed_as.batch.before"), 8192);
	assert_int_equal(metric_u64(&m, "committed_as.batch.after"), 8192);
}

/* will-it-scale's 128M mmap: locks before on a 16 GiB desktop (32768 >= 1008), none after (< 64512). */
static void test_locked_ops(void **state)
{
	struct machine m = machine_with("cpus 16 ram 16G mmap 128M");

	(void)state;
	assert_int_equal(metric_u64(&m, "committed_as.locked_ops.before"), 2);
	assert_int_equal(metric_u64(&m, "committed_as.locked_ops.after"), 0);
	/* an mmap smaller than the old batch never took the lock: nothing to gain */
	m = machine_with("cpus 16 ram 16G mmap 1M");
	assert_int_equal(metric_u64(&m, "committed_as.locked_ops.before"), 0);
	assert_int_equal(metric_u64(&m, "committed_as.locked_ops.after"), 0);
	/* exactly the batch takes the lock: abs(count) >= batch */
	m = machine_with("cpus 16 ram 16G mmap 4032K");
	assert_int_equal(metric_u64(&m, "committed_as.locked_ops.before"), 2);
}

/* __percpu_counter_compare(): the count is trusted to batch * CPUs pages; 25% of RAM after, 0.4% before. */
static void test_drift(void **state)
{
	struct machine m = machine_with("cpus 16 ram 16G");

	(void)state;
	assert_int_equal(metric_u64(&m, "committed_as.max_drift_bytes.before"), 1008ull * 16 * 4096);
	assert_int_equal(metric_u64(&m, "committed_as.max_drift_bytes.after"), 64512ull * 16 * 4096);
	assert_true(metric_double(&m, "committed_as.max_drift_pct.after") > 24.9);
	assert_true(metric_double(&m, "committed_as.max_drift_pct.before") < 0.40);
}

/*
 * percpu_counter_add_batch(), lib/percpu_counter.c: "if (abs(count) >= batch)" folds
 * the CPU's delta into fbc->count, so a CPU can hold at most batch - 1 unfolded:
 * adding one page at a time on every CPU, the largest drift is (batch - 1) * cpus.
 */
static uint64_t simulate_max_drift(uint64_t batch, uint64_t cpus)
{
	uint64_t drift = 0;

	for (uint64_t cpu = 0; cpu < cpus; cpu++) {
		int64_t local = 0, most = 0; /* this CPU's unfolded delta, and the most it ever holds */

		for (uint64_t i = 0; i < 2 * batch; i++) {
			int64_t count = local + 1;

			if (count >= (int64_t)batch || count <= -(int64_t)batch)
				local = 0; /* fbc->count += count; the CPU's delta is cleared */
			else
				local = count;
			if (local > most)
				most = local;
		}
		drift += (uint64_t)most;
	}
	return drift;
}

static void test_drift_reachable(void **state)
{
	struct machine m = machine_with("cpus 16 ram 16G");
	uint64_t b = metric_u64(&m, "committed_as.batch.before");

	(void)state;
	assert_int_equal(b, 1008);
	assert_int_equal(simulate_max_drift(b, 16), (b - 1) * 16);
	assert_int_equal(metric_u64(&m, "committed_as.reachable_drift_bytes.before"), simulate_max_drift(b, 16) * 4096);
	/* the bound, __percpu_counter_compare()'s "batch * num_online_cpus()", is one batch per CPU more */
	assert_int_equal(metric_u64(&m, "committed_as.max_drift_bytes.before") -
				 metric_u64(&m, "committed_as.reachable_drift_bytes.before"),
			 16ull * 4096);
	assert_true(metric_explains(&m, "committed_as.max_drift_bytes.before", "bound"));
}

/*
 * __vm_enough_memory(), mm/util.c: "if (sysctl_overcommit_memory == OVERCOMMIT_ALWAYS) return 0;"
 * and the OVERCOMMIT_GUESS branch returns before percpu_counter_read_positive(&vm_committed_as):
 * under guess and always nothing reads the approximate count.
 */
static void test_drift_reader(void **state)
{
	struct machine m = machine_with("overcommit guess");

	(void)state;
	assert_true(metric_explains(&m, "committed_as.max_drift_pct.after", "no reader"));
	m = machine_with("overcommit always");
	assert_true(metric_explains(&m, "committed_as.max_drift_pct.after", "no reader"));
	m = machine_with("overcommit never");
	assert_false(metric_explains(&m, "committed_as.max_drift_pct.after", "no reader"));
	assert_true(metric_explains(&m, "committed_as.max_drift_pct.after", "percpu_counter_read_positive()"));
}

/* mm_compute_batch() lives in mm/mm_init.c ("void mm_compute_batch(int overcommit_policy)"), not mm/util.c. */
static void test_compute_batch_file(void **state)
{
	struct machine m = machine_with("cpus 16");

	(void)state;
	assert_true(metric_explains(&m, "committed_as.batch.after", "mm_compute_batch(), mm/mm_init.c"));
	assert_false(metric_explains(&m, "committed_as.batch.after", "mm_compute_batch(), mm/util.c"));
}

/* A 16X lift instead of 64X: /16 instead of /4. */
static void test_lift(void **state)
{
	struct machine m = machine_with("cpus 16 ram 16G committed_lift 16");

	(void)state;
	assert_int_equal(metric_u64(&m, "committed_as.batch.after"), 4128768 / 16 / 16);
}

/*
 * vm_commit_limit(), mm/util.c, as the kernel types it: "allowed" is an unsigned long,
 * "(totalram_pages() - hugetlb_total_pages()) * sysctl_overcommit_ratio / 100" multiplies
 * an unsigned long by an int (converted to unsigned long, wrapping at 2^64) and then
 * divides; "allowed += total_swap_pages". No hugetlb pages, overcommit_kbytes unset.
 */
static unsigned long kernel_vm_commit_limit(unsigned long totalram, int ratio, unsigned long swap_pages)
{
	unsigned long allowed;

	allowed = (totalram - 0) * ratio / 100;
	allowed += swap_pages;
	return allowed;
}

/*
 * commit_limit_error_pct divides the drift bound by what the kernel computes, wrap and all:
 * a 2^48-page machine with overcommit_ratio 100000 has 2^48 * 100000 past 2^64.
 */
static void test_commit_limit_wraps(void **state)
{
	static const struct { const char *set; unsigned long ram; int ratio; } rows[] = {
		{ "overcommit never ram 1E totalram 281474976710656p overcommit_ratio 100000", 1ul << 48, 100000 },
		{ "overcommit never ram 1E totalram 281474976710656p overcommit_ratio 50", 1ul << 48, 50 },
		{ "overcommit never ram 1E totalram 184467440737096p overcommit_ratio 100000", 184467440737096ul, 100000 },
		{ "overcommit never", 66060288ul, 50 },
		{ "overcommit never cpus 1", 66060288ul, 50 },
		{ "overcommit never cpus 65536", 66060288ul, 50 },
	};

	(void)state;
	assert_true(sizeof(unsigned long) == 8);
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct machine m = machine_with(rows[i].set);
		unsigned long limit = kernel_vm_commit_limit(rows[i].ram, rows[i].ratio, 0);
		uint64_t drift = metric_u64(&m, "committed_as.batch.after") * m.cpus;

		assert_int_equal(machine_totalram(&m), rows[i].ram);
		assert_true(fabs(metric_double(&m, "committed_as.commit_limit_error_pct.after") -
				 100.0 * (double)drift / (double)limit) < 1e-12 * (100.0 * (double)drift / (double)limit));
	}
	/* the wrapped limit itself, by hand: 2^48 * 100000 - 2^64 = 9700753597356048384; / 100 */
	assert_int_equal(kernel_vm_commit_limit(1ul << 48, 100000, 0), 97007535973560483ul);
	{
		struct machine m = machine_with(rows[0].set);

		assert_true(metric_explains(&m, "committed_as.commit_limit_error_pct.after", "wraps"));
		assert_true(metric_explains(&m, "committed_as.commit_limit_error_pct.after", "= 97007535973560483 pages"));
		m = machine_with(rows[1].set);
		assert_false(metric_explains(&m, "committed_as.commit_limit_error_pct.after", "wraps"));
	}
}

/*
 * lock_share by hand: the default 128 MiB mapping is 32768 pages, past the old batch 4032 and
 * under the new 258048, so 2 lock trips go. t_cs = 100 * (1 + 0.5 * 2) = 200 ns: 400 of 1400 ns.
 */
static void test_lock_share(void **state)
{
	struct machine m = machine_with("committed_lock_ns 100 socket_growth 0.5 sockets 3 mmap_loop_ns 1000");

	(void)state;
	assert_float_equal(metric_double(&m, "committed_as.lock_share.before"), 0, 0);
	assert_float_equal(metric_double(&m, "committed_as.lock_share.after"), 100 * 400.0 / 1400, 1e-12);
	/* overcommit never keeps the old batch: nothing saved */
	m = machine_with("overcommit never");
	assert_float_equal(metric_double(&m, "committed_as.lock_share.after"), 0, 0);
}

/*
 * percpu_counter_add_batch(), lib/percpu_counter.c (CONFIG_HAVE_CMPXCHG_LOCAL), as the code steps
 * it: count = this CPU's counter; "if (unlikely(abs(count + amount) >= batch))" takes fbc->lock,
 * "fbc->count += count + amount; __this_cpu_sub(*fbc->counters, count);" - else the counter
 * becomes count + amount. Returns 1 when it took the lock.
 */
static int kernel_add_batch(int64_t *fbc_count, int32_t *counter, int64_t amount, int32_t batch)
{
	int64_t count = *counter;

	if (llabs(count + amount) >= batch) {
		*fbc_count += count + amount;
		*counter -= (int32_t)count;
		return 1;
	}
	*counter = (int32_t)(count + amount);
	return 0;
}

/*
 * locked_ops stepped: vm_acct_memory(pages) and vm_unacct_memory() add +S and -S through
 * percpu_counter_add_batch(); from a CPU share of 0 the loop takes the lock twice when S reaches
 * the batch and never below it. With a residue left by other mappings it is not S alone:
 * a smaller mapping can take the lock, one of the batch need not - the about says so.
 */
static void test_locked_ops_stepped(void **state)
{
	static const char *const sets[] = { "mmap 128M", "mmap 4M", "mmap 16M cpus 16 ram 16G", "mmap 1G overcommit never",
					    "mmap 4095 cpus 1 ram 64M" };

	(void)state;
	for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		struct machine m = machine_with(sets[i]);

		for (int side = 0; side < 2; side++) {
			int32_t batch = (int32_t)metric_u64(&m, side ? "committed_as.batch.after" : "committed_as.batch.before");
			int64_t pages = (int64_t)((m.mmap + m.pagesize - 1) / m.pagesize), fbc = 0;
			int32_t counter = 0;
			int locks = 0;

			for (int loop = 0; loop < 3; loop++) {
				int l = kernel_add_batch(&fbc, &counter, pages, batch);

				l += kernel_add_batch(&fbc, &counter, -pages, batch);
				if (loop)
					assert_int_equal(l, locks); /* the same every loop */
				locks = l;
			}
			assert_int_equal(metric_u64(&m, side ? "committed_as.locked_ops.after" : "committed_as.locked_ops.before"),
					 locks);
		}
	}
	/* the residue: batch 100, a CPU at -99 maps 100 pages without the lock; one at 99 locks on 1 page */
	{
		int64_t fbc = 0;
		int32_t counter = -99;

		assert_int_equal(kernel_add_batch(&fbc, &counter, 100, 100), 0);
		counter = 99;
		assert_int_equal(kernel_add_batch(&fbc, &counter, 1, 100), 1);
	}
}

/*
 * The drift, stepped: amounts of every sign and size through percpu_counter_add_batch() on
 * each CPU never leave a CPU's counter at batch or more in absolute value, and single pages
 * reach batch - 1 on every CPU: reachable_drift_bytes. max_drift_bytes is the margin
 * __percpu_counter_compare() trusts, "batch * num_online_cpus()": s32 times unsigned int,
 * 32-bit arithmetic - where that wraps, the explain gives the kernel's wrapped value.
 */
static void test_drift_stepped(void **state)
{
	static const char *const sets[] = { "", "cpus 1", "cpus 16 ram 16G", "cpus 8192 ram 64T", "overcommit never" };
	uint64_t seed = 2463534242ull;

	(void)state;
	for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		struct machine m = machine_with(sets[i]);

		for (int side = 0; side < 2; side++) {
			int32_t batch = (int32_t)metric_u64(&m, side ? "committed_as.batch.after" : "committed_as.batch.before");
			int64_t fbc = 0, most = 0;
			int32_t counter = 0;
			unsigned int margin = (unsigned int)batch * (unsigned int)m.cpus; /* s32 * unsigned int */
			char want[96];

			for (int k = 0; k < 100000; k++) {
				int64_t amount;

				seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
				amount = (int64_t)(seed % (2 * (uint64_t)batch + 1)) - batch;
				kernel_add_batch(&fbc, &counter, amount, batch);
				assert_true(llabs(counter) < batch);
			}
			counter = 0;
			for (int64_t k = 0; k < 2 * (int64_t)batch && k < 5000000; k++) {
				kernel_add_batch(&fbc, &counter, 1, batch);
				if (counter > most)
					most = counter;
			}
			if (2 * (int64_t)batch <= 5000000)
				assert_int_equal(most, batch - 1);
			assert_int_equal(metric_u64(&m, side ? "committed_as.reachable_drift_bytes.after"
							    : "committed_as.reachable_drift_bytes.before"),
					 (uint64_t)(batch - 1) * m.cpus * m.pagesize);
			assert_int_equal(metric_u64(&m, side ? "committed_as.max_drift_bytes.after"
							    : "committed_as.max_drift_bytes.before"),
					 (uint64_t)batch * m.cpus * m.pagesize);
			snprintf(want, sizeof(want), "wraps to %u", margin);
			assert_int_equal(metric_explains(&m, side ? "committed_as.max_drift_bytes.after"
								  : "committed_as.max_drift_bytes.before", want),
					 (uint64_t)margin != (uint64_t)batch * m.cpus);
			assert_true(fabs(metric_double(&m, side ? "committed_as.max_drift_pct.after" : "committed_as.max_drift_pct.before") -
					 100.0 * (double)batch * (double)m.cpus / (double)machine_totalram(&m)) <
				    1e-12 * metric_double(&m, side ? "committed_as.max_drift_pct.after" : "committed_as.max_drift_pct.before"));
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_locked_ops_stepped), cmocka_unit_test(test_drift_stepped),
		cmocka_unit_test(test_desktop_by_hand), cmocka_unit_test(test_all_policies_all_cpus),
		cmocka_unit_test(test_int_max_cap),     cmocka_unit_test(test_floor),
		cmocka_unit_test(test_locked_ops),      cmocka_unit_test(test_drift),
		cmocka_unit_test(test_lift),            cmocka_unit_test(test_drift_reachable),
		cmocka_unit_test(test_drift_reader),    cmocka_unit_test(test_compute_batch_file), cmocka_unit_test(test_commit_limit_wraps),
		cmocka_unit_test(test_lock_share),
	};
	return cmocka_run_group_tests_name("committed_as", tests, NULL, NULL);
}
