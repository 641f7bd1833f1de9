/* MEMCG_CHARGE_BATCH (include/linux/memcontrol.h) and what follows from it in mm/memcontrol.c: seed 000. */
#include <math.h>
#include <stdlib.h>

#include "testutil.h"

/* Does the help of memcg_charge.NAME contain needle? */
static int contains_help(const char *name, const char *needle)
{
	const struct metric_desc *md = patch_metric(patch_find(NULL, "memcg_charge"), name);

	return md && strstr(md->help, needle) != NULL;
}

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

/*
 * memcg_rstat_updated(), mm/memcontrol.c, as the code steps it for one memcg:
 * while memcg_vmstats_needs_flush() is false, add abs(val) to this CPU's
 * stats_updates; once that reaches MEMCG_CHARGE_BATCH, exchange it for 0 and
 * add it to the shared vmstats->stats_updates. needs_flush: shared > threshold.
 */
struct rstat {
	uint64_t percpu[8];
	uint64_t shared, batch, threshold;
};

static int rstat_needs_flush(const struct rstat *r)
{
	return r->shared > r->threshold;
}

static void rstat_updated(struct rstat *r, unsigned cpu, uint64_t val)
{
	if (!val || rstat_needs_flush(r))
		return;
	r->percpu[cpu] += val;
	if (r->percpu[cpu] < r->batch)
		return;
	r->shared += r->percpu[cpu];
	r->percpu[cpu] = 0;
}

static uint64_t rstat_pending(const struct rstat *r, unsigned cpus)
{
	uint64_t sum = r->shared;

	for (unsigned c = 0; c < cpus; c++)
		sum += r->percpu[c];
	return sum;
}

/* Every state reachable with updates of 1..2B+1 pages on any CPU, depth first: the most change unflushed. */
static uint64_t rstat_search(struct rstat *r, unsigned cpus, unsigned char *seen, size_t stride)
{
	size_t key = 0;
	uint64_t best;

	for (unsigned c = 0; c < cpus; c++)
		key = key * r->batch + r->percpu[c];
	key = key * stride + r->shared;
	if (seen[key])
		return 0;
	seen[key] = 1;
	best = rstat_pending(r, cpus);
	for (unsigned c = 0; c < cpus; c++)
		for (uint64_t v = 1; v <= 2 * r->batch + 1; v++) {
			struct rstat next = *r;
			uint64_t got;

			rstat_updated(&next, c, v);
			if (rstat_needs_flush(&next))
				continue;
			got = rstat_search(&next, cpus, seen, stride);
			if (got > best)
				best = got;
		}
	return best;
}

/*
 * stale_stat_bytes against the code path: on small machines every reachable
 * state is searched, and the most change a reader can miss (no flush due) is
 * the metric, not the B * cpus of the comment above flush_memcg_stats_dwork().
 */
static void test_stale_exhaustive(void **state)
{
	(void)state;
	for (unsigned cpus = 1; cpus <= 3; cpus++)
		for (uint64_t b = 1; b <= 4; b++) {
			struct rstat r = { { 0 }, 0, b, b * cpus };
			size_t stride = (size_t)(r.threshold + 1), states = stride;
			unsigned char *seen;
			struct machine m;
			char set[64];

			for (unsigned c = 0; c < cpus; c++)
				states *= (size_t)b;
			seen = calloc(states, 1);
			assert_non_null(seen);
			snprintf(set, sizeof(set), "cpus %u charge_batch %llu", cpus, (unsigned long long)b);
			m = machine_with(set);
			assert_int_equal(metric_u64(&m, "memcg_charge.stale_stat_bytes.after"),
					 rstat_search(&r, cpus, seen, stride) * 4096);
			free(seen);
		}
}

/* Single pages round robin over every CPU until a flush is due: the last total before it is the most. */
static uint64_t rstat_round_robin(uint64_t cpus, uint64_t batch, uint64_t *due_at)
{
	uint64_t *percpu = calloc(cpus, sizeof(*percpu)), shared = 0, threshold = (uint32_t)(batch * cpus), pages = 0;

	assert_non_null(percpu);
	for (uint64_t c = 0; shared <= threshold; c = (c + 1) % cpus) {
		/* the same steps as rstat_updated(), on a heap array for 65536 CPUs */
		pages++;
		if (++percpu[c] >= batch) {
			shared += percpu[c];
			percpu[c] = 0;
		}
	}
	free(percpu);
	*due_at = pages;
	return pages - 1;
}

/*
 * The values of issue 20, stepped through the code: (2B - 1) * cpus pages.
 * Default machine (64 CPUs, 4K): 4032 / 8128 pages = 16515072 / 33292288 bytes;
 * 1 CPU: 63 / 127 pages; 65536 CPUs: 4128768 / 8323072 pages.
 */
static void test_stale_values(void **state)
{
	static const struct { const char *set; uint64_t before, after; } rows[] = {
		{ "", 4032, 8128 },
		{ "cpus 1", 63, 127 },
		{ "cpus 65536", 4128768, 8323072 },
		{ "cpus 72", 63 * 72, 127 * 72 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct machine m = machine_with(rows[i].set);
		uint64_t due, before = rstat_round_robin(m.cpus, 32, &due), after = rstat_round_robin(m.cpus, 64, &due);

		assert_int_equal(before, rows[i].before);
		assert_int_equal(after, rows[i].after);
		assert_int_equal(metric_u64(&m, "memcg_charge.stale_stat_bytes.before"), before * 4096);
		assert_int_equal(metric_u64(&m, "memcg_charge.stale_stat_bytes.after"), after * 4096);
		/* flush_threshold stays the constant B * cpus */
		assert_int_equal(metric_u64(&m, "memcg_charge.flush_threshold.after"), 64 * m.cpus);
	}
	/* the default machine's bytes as the issue gives them */
	{
		struct machine m = machine_with("");

		assert_int_equal(metric_u64(&m, "memcg_charge.stale_stat_bytes.before"), 16515072);
		assert_int_equal(metric_u64(&m, "memcg_charge.stale_stat_bytes.after"), 33292288);
		assert_true(metric_explains(&m, "memcg_charge.stale_stat_bytes.after", "4096 + 64 * 63 = 8128 pages"));
	}
}

/*
 * flush_threshold's range: one update of threshold + 1 pages makes a flush due at once;
 * single pages round robin make it due only at (2B - 1) * cpus + 1. The help and the
 * explain say both ends.
 */
static void test_flush_due_range(void **state)
{
	struct machine m = machine_with("cpus 4");
	struct rstat r = { { 0 }, 0, 64, 256 };
	uint64_t due;

	(void)state;
	rstat_updated(&r, 0, 256);
	assert_false(rstat_needs_flush(&r));
	rstat_updated(&r, 1, 1);
	assert_false(rstat_needs_flush(&r));
	r = (struct rstat){ { 0 }, 0, 64, 256 };
	rstat_updated(&r, 0, 257);
	assert_true(rstat_needs_flush(&r));
	rstat_round_robin(4, 64, &due);
	assert_int_equal(due, 127 * 4 + 1);
	assert_true(metric_explains(&m, "memcg_charge.flush_threshold.after", "due after 257 to 509 pages"));
	assert_true(contains_help("flush_threshold", "B*cpus+1 to (2B-1)*cpus+1"));
	assert_false(contains_help("flush_threshold", "every 2 s regardless"));
}

/*
 * A wrapped threshold: 65536 CPUs * 65536 = 2^32 wraps to 0; the shared count moves in
 * steps of at least a batch, so it holds nothing while no flush is due, and each CPU
 * holds B - 1. Stepped: B - 1 pages on CPUs, still no flush; then one more page.
 */
static void test_stale_wrapped(void **state)
{
	struct machine m = machine_with("cpus 65536 charge_batch 65536");
	struct rstat r = { { 0 }, 0, 65536, (uint32_t)(65536ull * 65536) };

	(void)state;
	for (unsigned c = 0; c < 8; c++)
		rstat_updated(&r, c, 65535);
	assert_false(rstat_needs_flush(&r));
	assert_int_equal(rstat_pending(&r, 8), 8 * 65535);
	rstat_updated(&r, 3, 1);
	assert_true(rstat_needs_flush(&r));
	assert_int_equal(metric_u64(&m, "memcg_charge.stale_stat_bytes.after"), 65536ull * 65535 * 4096);
	assert_true(metric_explains(&m, "memcg_charge.stale_stat_bytes.after", "wraps to 0"));
}

/*
 * update_share by hand: 4K pages, depth 3: 262144 pages a GiB, 8192 -> 4096 refills, 24576 -> 12288
 * updates. At charge_page_ns 1000 and page_counter_ns 2000 the loop is 262144 us + 49152 us and
 * the saving 24576 us: 3/38 of it.
 */
static void test_update_share(void **state)
{
	struct machine m = machine_with("charge_page_ns 1000 page_counter_ns 2000");

	(void)state;
	assert_float_equal(metric_double(&m, "memcg_charge.update_share.before"), 0, 0);
	assert_float_equal(metric_double(&m, "memcg_charge.update_share.after"), 300.0 / 38, 1e-12);
	/* a batch of 128 saves three quarters of the before side's updates: 36864 us of 311296 us */
	m = machine_with("charge_batch 128 charge_page_ns 1000 page_counter_ns 2000");
	assert_float_equal(metric_double(&m, "memcg_charge.update_share.after"), 100 * 36864.0 / 311296, 1e-12);
}

/*
 * The stock as the code steps it. try_charge_memcg(): consume_stock() takes nr_pages from this
 * CPU's stock when "stock->nr_pages >= nr_pages" (never for nr_pages > MEMCG_CHARGE_BATCH); on a
 * miss "batch = max(MEMCG_CHARGE_BATCH, nr_pages)" is charged to the page_counter and
 * refill_stock(memcg, batch - nr_pages) keeps the rest; uncharges refill the stock too.
 * refill_stock(): "stock_pages = nr_pages[i] + nr_pages; if (stock_pages > MEMCG_CHARGE_BATCH)
 * drain_stock(stock, i);". So a stock holds at most the batch, and holds exactly it after an
 * uncharge of a batch into an empty stock: stock_max_bytes = cpus * batch * PAGE_SIZE, and one
 * single-page miss grows the page_counter by `batch`.
 */
struct stock {
	uint64_t pages, counter, most;
};

static void stock_refill(struct stock *st, uint64_t b, uint64_t nr)
{
	st->pages += nr;
	if (st->pages > b) {
		st->counter -= st->pages; /* drain_stock(): back to the page_counter */
		st->pages = 0;
	}
	if (st->pages > st->most)
		st->most = st->pages;
}

static void stock_charge(struct stock *st, uint64_t b, uint64_t nr)
{
	uint64_t batch = nr > b ? nr : b;

	if (nr <= b && st->pages >= nr) {
		st->pages -= nr;
		return;
	}
	st->counter += batch;
	if (batch > nr)
		stock_refill(st, b, batch - nr);
}

static void test_stock_stepped(void **state)
{
	static const char *const sets[] = { "", "cpus 1", "cpus 72 charge_batch 127", "charge_batch 1", "cpus 65536" };
	uint64_t seed = 88172645463325252ull;

	(void)state;
	for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		struct machine m = machine_with(sets[i]);

		for (int side = 0; side < 2; side++) {
			uint64_t b = metric_u64(&m, side ? "memcg_charge.batch.after" : "memcg_charge.batch.before");
			struct stock st = { 0, 0, 0 };

			/* one single-page charge into an empty stock: the counter grows by the batch */
			stock_charge(&st, b, 1);
			assert_int_equal(st.counter, b);
			assert_int_equal(st.pages, b - 1);
			/* then charges and uncharges of every size, xorshift-chosen */
			for (int k = 0; k < 20000; k++) {
				uint64_t nr;

				seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
				nr = 1 + seed % (2 * b + 2);
				if (seed & 1ull << 40)
					stock_charge(&st, b, nr);
				else
					stock_refill(&st, b, nr);
				assert_true(st.pages <= b);
			}
			st.pages = 0; /* a drained stock, as drain_all_stock() leaves it */
			stock_refill(&st, b, b); /* an uncharge of a batch stays: not > MEMCG_CHARGE_BATCH */
			assert_int_equal(st.most, b);
			assert_int_equal(metric_u64(&m, side ? "memcg_charge.stock_max_bytes.after"
							    : "memcg_charge.stock_max_bytes.before"),
					 m.cpus * st.most * m.pagesize);
			assert_true(fabs(metric_double(&m, side ? "memcg_charge.stock_share.after" : "memcg_charge.stock_share.before") -
					 100.0 * (double)(m.cpus * st.most * m.pagesize) / (double)m.cgroup_size) < 1e-9);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stock_stepped),
		cmocka_unit_test(test_batch),
		cmocka_unit_test(test_stock),
		cmocka_unit_test(test_flush_threshold),
		cmocka_unit_test(test_refills),
		cmocka_unit_test(test_flush_threshold_wraps),
		cmocka_unit_test(test_refills_ceiling),
		cmocka_unit_test(test_batch_above_s8_max),
		cmocka_unit_test(test_stale_exhaustive),
		cmocka_unit_test(test_stale_values),
		cmocka_unit_test(test_flush_due_range),
		cmocka_unit_test(test_stale_wrapped),
		cmocka_unit_test(test_update_share),
	};
	return cmocka_run_group_tests_name("memcg_charge", tests, NULL, NULL);
}
