/*
 * The price of each patch (issue 13): every cost metric against figures
 * worked out by hand from the kernel lines cited, and the trade-off curves.
 * Default machine: 64 CPUs, 256 GiB, 4 KiB pages, so totalram =
 * (256 GiB - 256 GiB / 64) / 4096 = 66060288 pages.
 */
#include <math.h>

#include "testutil.h"

#include "../../core/tradeoff.h"
#include "../../core/variant.h"

/*
 * vmpressure(), mm/vmpressure.c: "vmpr->scanned += scanned; if (scanned <
 * vmpressure_win) return;" - the first evaluation needs whole calls whose
 * sum reaches the window.
 */
static void test_detect_pages(void **state)
{
	struct machine m = machine_with("chunk 32");

	(void)state;
	/* before: 512 / 32 = 16 calls; after: 66060288 >> 15 = 2016, fls = 11, 512 * 12 = 6144 */
	assert_int_equal(metric_u64(&m, "vmpressure.detect_pages.before"), 512);
	assert_int_equal(metric_u64(&m, "vmpressure.detect_pages.after"), 6144);
	m = machine_with("chunk 100");
	/* 6 calls of 100 reach 512; 62 calls of 100 reach 6144 */
	assert_int_equal(metric_u64(&m, "vmpressure.detect_pages.before"), 600);
	assert_int_equal(metric_u64(&m, "vmpressure.detect_pages.after"), 6200);
	assert_int_equal(metric_u64(&m, "vmpressure.detect_bytes.before"), 600 * 4096);
	/* a what-if window: 1000 pages in 32-page calls is 32 calls, 1024 pages */
	m = machine_with("vmpressure_win 1000");
	assert_int_equal(metric_u64(&m, "vmpressure.window.after"), 1000);
	assert_int_equal(metric_u64(&m, "vmpressure.detect_pages.after"), 1024);
	assert_int_equal(metric_u64(&m, "vmpressure.detect_pages.before"), 512); /* the old kernel stays */
	m = machine_with("pagesize 64K chunk 32");
	assert_int_equal(metric_u64(&m, "vmpressure.detect_bytes.before"), 512 * 65536ull);
}

/* detect_s is the model detect_pages / scan_rate; window_share is the window over cgroup_size. */
static void test_detect_s_and_share(void **state)
{
	struct machine m = machine_with("scan_rate 1000 cgroup_size 1G");

	(void)state;
	assert_true(fabs(metric_double(&m, "vmpressure.detect_s.before") - 0.512) < 1e-12);
	assert_true(fabs(metric_double(&m, "vmpressure.detect_s.after") - 6.144) < 1e-12);
	/* 512 pages = 2 MiB of 1 GiB = 0.1953125 %; 6144 pages = 24 MiB = 2.34375 % */
	assert_true(fabs(metric_double(&m, "vmpressure.window_share.before") - 0.1953125) < 1e-12);
	assert_true(fabs(metric_double(&m, "vmpressure.window_share.after") - 2.34375) < 1e-12);
	/* the window is sized by the machine, not the memcg: a 64 MiB memcg must scan 37.5 % of itself */
	m = machine_with("cgroup_size 64M");
	assert_true(fabs(metric_double(&m, "vmpressure.window_share.after") - 37.5) < 1e-12);
}

/*
 * refill_stock()/consume_stock(), mm/memcontrol.c: a stock holds at most a
 * batch per CPU; memcg_rstat_updated() keeps up to B - 1 per CPU beside the
 * shared count memcg_vmstats_needs_flush() tests, so (2B - 1) * cpus pages.
 */
static void test_memcg_costs(void **state)
{
	struct machine m = machine_with("cgroup_size 4G");

	(void)state;
	/* 64 CPUs * 64 pages * 4 KiB = 16 MiB of 4096 MiB = 0.390625 %; before 8 MiB = 0.1953125 % */
	assert_true(fabs(metric_double(&m, "memcg_charge.stock_share.after") - 0.390625) < 1e-12);
	assert_true(fabs(metric_double(&m, "memcg_charge.stock_share.before") - 0.1953125) < 1e-12);
	assert_int_equal(metric_u64(&m, "memcg_charge.stale_stat_bytes.before"), 63ull * 64 * 4096);
	assert_int_equal(metric_u64(&m, "memcg_charge.stale_stat_bytes.after"), 127ull * 64 * 4096);
	m = machine_with("cpus 72 cgroup_size 1G");
	/* seed 000's machine: 72 * 64 * 4096 = 18 MiB of a 1 GiB memcg = 1.7578125 % */
	assert_true(fabs(metric_double(&m, "memcg_charge.stock_share.after") - 1.7578125) < 1e-12);
}

/*
 * try_charge_memcg(), mm/memcontrol.c: "current->memcg_nr_pages_over_high +=
 * batch" per refill, synchronous reclaim once it is "> MEMCG_CHARGE_BATCH":
 * the second refill. calculate_high_delay(): penalty * nr_pages /
 * MEMCG_CHARGE_BATCH, one event per batch pages.
 */
static void test_memory_high(void **state)
{
	struct machine m = machine_with("charge_batch 64");

	(void)state;
	assert_int_equal(metric_u64(&m, "memcg_charge.high_sync_pages.before"), 64);
	assert_int_equal(metric_u64(&m, "memcg_charge.high_sync_pages.after"), 128);
	m = machine_with("charge_batch 100");
	assert_int_equal(metric_u64(&m, "memcg_charge.high_sync_pages.after"), 200);
	/* 1 GiB is 262144 pages of 4 KiB: 8192 events at 32, 4096 at 64 */
	m = machine_with("");
	assert_int_equal(metric_u64(&m, "memcg_charge.high_throttles_per_gib.before"), 8192);
	assert_int_equal(metric_u64(&m, "memcg_charge.high_throttles_per_gib.after"), 4096);
	m = machine_with("pagesize 64K");
	assert_int_equal(metric_u64(&m, "memcg_charge.high_throttles_per_gib.after"), 16384 / 64);
}

/*
 * __vm_enough_memory(), mm/util.c: under OVERCOMMIT_NEVER the approximate
 * count is compared with vm_commit_limit() = totalram * ratio / 100 + swap.
 */
static void test_commit_limit_error(void **state)
{
	struct machine m = machine_with("overcommit never");
	struct value v;

	(void)state;
	/* batch = 66060288 / 64 / 256 = 4032; drift 4032 * 64 = 258048 pages; limit 33030144 pages */
	assert_true(fabs(metric_double(&m, "committed_as.commit_limit_error_pct.after") - 0.78125) < 1e-12);
	assert_true(fabs(metric_double(&m, "committed_as.commit_limit_error_pct.before") - 0.78125) < 1e-12);
	m = machine_with("overcommit never swap 8G");
	/* swap adds 2097152 pages: 35127296 */
	assert_true(fabs(metric_double(&m, "committed_as.commit_limit_error_pct.after") - 100.0 * 258048 / 35127296) <
		    1e-9);
	m = machine_with("overcommit never overcommit_ratio 100");
	assert_true(fabs(metric_double(&m, "committed_as.commit_limit_error_pct.after") - 0.390625) < 1e-12);
	/* guess and always enforce nothing with the count */
	m = machine_with("overcommit guess");
	v = metric_value(&m, "committed_as.commit_limit_error_pct.after");
	assert_int_equal(v.kind, VAL_NONE);
	m = machine_with("overcommit never overcommit_ratio 0");
	v = metric_value(&m, "committed_as.commit_limit_error_pct.after");
	assert_int_equal(v.kind, VAL_NONE); /* CommitLimit 0 pages */
}

/*
 * vm_memory_committed(), mm/util.c: "for big platform like a 2S/36C/72T
 * Skylake server, in worst case ... the time cost could be about 30~40
 * microseconds" - the default cost must land in that range at 72 CPUs.
 */
static void test_sum_cost(void **state)
{
	struct machine m = machine_with("cpus 72");
	double after = metric_double(&m, "committed_as.sum_cost.after");

	(void)state;
	assert_true(after >= 30 && after <= 40);
	assert_true(fabs(metric_double(&m, "committed_as.sum_cost.before") - after / 72) < 1e-9);
	m = machine_with("cpus 144");
	assert_true(fabs(metric_double(&m, "committed_as.sum_cost.after") - 2 * after) < 1e-9);
}

struct collected {
	uint64_t items[64];
	size_t n;
};

static void collect(uint64_t item, uint64_t repeat, void *ctx)
{
	struct collected *c = ctx;

	for (uint64_t i = 0; i < repeat; i++) {
		assert_true(c->n < 64);
		c->items[c->n++] = item;
	}
}

static size_t asks_of(const struct machine *m, const char *side, struct collected *c)
{
	struct metric_ref ref;
	char err[128];
	struct value v;

	assert_int_equal(metric_parse("proactive_reclaim.asks", &ref, err, sizeof(err)), 0);
	assert_non_null(ref.metric->list);
	c->n = 0;
	v = ref.metric->fn(m, ref.metric, patch_side(ref.patch, side), NULL);
	assert_int_equal(v.kind, VAL_LIST);
	assert_true(isnan(value_real(v))); /* no one number: charts and the change column leave it out */
	assert_int_equal(ref.metric->list(m, patch_side(ref.patch, side), collect, c), v.i);
	assert_int_equal(c->n, v.i);
	return c->n;
}

/*
 * memory_reclaim(), mm/memcontrol.c: batch_size = (nr_to_reclaim -
 * nr_reclaimed) / 4; try_to_free_mem_cgroup_pages(), mm/vmscan.c:
 * .nr_to_reclaim = max(nr_pages, SWAP_CLUSTER_MAX).
 */
static void test_ask_schedule(void **state)
{
	/* 1 MiB = 256 pages: 64, 48, 36, then 27 -> 32, 19 -> 32, 11 -> 32, 3 -> 32: 276 pages */
	static const uint64_t decay[] = { 64, 48, 36, 32, 32, 32, 32 };
	struct machine m = machine_with("reclaim 1M");
	struct collected c;

	(void)state;
	assert_int_equal(asks_of(&m, "decay", &c), 7);
	for (size_t i = 0; i < 7; i++)
		assert_int_equal(c.items[i], decay[i]);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.tail_overshoot_pages.decay"), 276 - 256);
	assert_int_equal(asks_of(&m, "cluster", &c), 8); /* 256 / 32 */
	for (size_t i = 0; i < 8; i++)
		assert_int_equal(c.items[i], 32);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.tail_overshoot_pages.cluster"), 0);
	assert_int_equal(asks_of(&m, "full", &c), 1);
	assert_int_equal(c.items[0], 256);
	/* 100 pages: cluster 4 asks of 32 = 128; decay 25, 17, 9, 1 -> 32 each = 128; full one ask of 100 */
	m = machine_with("reclaim 409600");
	assert_int_equal(metric_u64(&m, "proactive_reclaim.tail_overshoot_pages.cluster"), 28);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.tail_overshoot_pages.decay"), 28);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.tail_overshoot_pages.full"), 0);
	/* a divisor of 2 on 256 pages: 128, 64, 32, then 16 -> 32: exactly 256 */
	m = machine_with("reclaim 1M reclaim_divisor 2");
	assert_int_equal(asks_of(&m, "decay", &c), 4);
	assert_int_equal(c.items[0], 128);
	assert_int_equal(c.items[3], 32);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.tail_overshoot_pages.decay"), 0);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.decay"), 4);
	/* nothing asked, nothing listed */
	m = machine_with("reclaim 0");
	assert_int_equal(asks_of(&m, "decay", &c), 0);
}

/* A huge request: cluster is one run of equal asks, counted without walking it. */
static void test_ask_schedule_huge(void **state)
{
	struct machine m = machine_with("reclaim 1E");
	struct metric_ref ref;
	char err[128];
	struct value v;

	(void)state;
	assert_int_equal(metric_parse("proactive_reclaim.asks.cluster", &ref, err, sizeof(err)), 0);
	v = ref.metric->fn(&m, ref.metric, ref.side, NULL);
	assert_int_equal(v.i, (1ull << 60) / 4096 / 32);
	assert_int_equal(v.i, metric_u64(&m, "proactive_reclaim.calls.cluster"));
	assert_int_equal(metric_value(&m, "proactive_reclaim.asks.decay").i, metric_u64(&m, "proactive_reclaim.calls.decay"));
}

/* refresh_zone_stat_thresholds(), mm/vmstat.c: max_drift = num_online_cpus() * threshold. */
static void test_vmstat_drift(void **state)
{
	struct machine m = machine_with("");

	(void)state;
	/* 2 * fls(64) * (1 + fls(2016)) = 2 * 7 * 12 = 168 -> 125; 125 * 64 = 8000 pages */
	assert_int_equal(metric_u64(&m, "vmstat.drift_pages"), 8000);
	assert_int_equal(metric_u64(&m, "vmstat.drift_bytes"), 8000 * 4096);
	/* 4 CPUs, a 1 GiB zone: 2 * 3 * (1 + fls(8)) = 30; 30 * 4 = 120 */
	m = machine_with("cpus 4 zone 1G");
	assert_int_equal(metric_u64(&m, "vmstat.drift_pages"), 120);
}

static const struct tradeoff_point *point_at(const struct tradeoff *t, uint64_t knob)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->pts[i].on_curve && t->pts[i].knob == knob)
			return &t->pts[i];
	fail_msg("no point at %llu", (unsigned long long)knob);
	return NULL;
}

/* The before row is the before side, the after row the after side: the curve passes through both. */
static void test_tradeoff_marks(void **state)
{
	struct machine m = machine_with("");
	struct tradeoff t;
	const struct tradeoff_point *p;
	char err[256];

	(void)state;
	assert_int_equal(tradeoff_run(&m, tradeoff_spec_find(NULL, "memcg_charge"), NULL, &t, err, sizeof(err)), 0);
	assert_int_equal(t.n, 8); /* 8, 16, ..., 1024 */
	p = point_at(&t, 32);
	assert_int_equal(p->mark, TRADE_BEFORE);
	assert_true(fabs(p->y - metric_double(&m, "memcg_charge.throughput.before")) < 1e-9 * p->y);
	assert_true(fabs(p->x - metric_double(&m, "memcg_charge.stock_share.before")) < 1e-12);
	p = point_at(&t, 64);
	assert_int_equal(p->mark, TRADE_AFTER);
	assert_true(fabs(p->y - metric_double(&m, "memcg_charge.throughput.after")) < 1e-9 * p->y);
	/* each doubling doubles the stock */
	assert_true(fabs(point_at(&t, 128)->x - 2 * p->x) < 1e-12);
	tradeoff_free(&t);

	/* the patch's window (6144 here) is not a power of two: its row is added to the grid */
	assert_int_equal(tradeoff_run(&m, tradeoff_spec_find(NULL, "vmpressure"), NULL, &t, err, sizeof(err)), 0);
	assert_int_equal(t.n, 9);
	p = point_at(&t, 6144);
	assert_int_equal(p->mark, TRADE_AFTER);
	assert_int_equal(p->benefit.i, metric_u64(&m, "vmpressure.evals.after"));
	assert_int_equal(point_at(&t, 512)->benefit.i, metric_u64(&m, "vmpressure.evals.before"));
	tradeoff_free(&t);

	/* the old kernel's speedup against itself is 1 */
	assert_int_equal(tradeoff_run(&m, tradeoff_spec_find(NULL, "committed_as"), NULL, &t, err, sizeof(err)), 0);
	assert_true(point_at(&t, 1)->y == 1.0 && point_at(&t, 1)->mark == TRADE_BEFORE);
	assert_int_equal(point_at(&t, 64)->mark, TRADE_AFTER);
	tradeoff_free(&t);

	/* reclaim's old kernel asks 32 at a time: a point off the divisor curve */
	assert_int_equal(tradeoff_run(&m, tradeoff_spec_find(NULL, "proactive_reclaim"), NULL, &t, err, sizeof(err)), 0);
	p = &t.pts[t.n - 1];
	assert_false(p->on_curve);
	assert_int_equal(p->mark, TRADE_BEFORE);
	assert_string_equal(p->label, "before (cluster)");
	assert_true(fabs(p->y - metric_double(&m, "proactive_reclaim.time_s.cluster")) < 1e-12);
	assert_int_equal(point_at(&t, 4)->mark, TRADE_AFTER);
	tradeoff_free(&t);
}

/* Another knob: no marks; too many values: an error and nothing allocated. */
static void test_tradeoff_ranges(void **state)
{
	struct machine m = machine_with("");
	struct sweep_range r;
	struct tradeoff t;
	char err[256];

	(void)state;
	assert_int_equal(sweep_range_parse(&m, "cpus", "1", "4", NULL, NULL, &r, err, sizeof(err)), 0);
	assert_int_equal(tradeoff_run(&m, tradeoff_spec_find(NULL, "memcg_charge"), &r, &t, err, sizeof(err)), 0);
	assert_int_equal(t.n, 4);
	for (size_t i = 0; i < t.n; i++)
		assert_int_equal(t.pts[i].mark, TRADE_NONE);
	tradeoff_free(&t);
	assert_int_equal(sweep_range_parse(&m, "charge_batch", "1", "65536", "step", "1", &r, err, sizeof(err)), 0);
	assert_int_equal(tradeoff_run(&m, tradeoff_spec_find(NULL, "memcg_charge"), &r, &t, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "too many"));
	assert_null(t.pts);
	assert_null(tradeoff_spec_find(NULL, "vmstat"));
}

/*
 * refill_stock(), mm/memcontrol.c: "BUILD_BUG_ON(MEMCG_CHARGE_BATCH > S8_MAX);" - a charge_batch
 * of 128 or more does not build there. The after side's constant (set charge_batch 200) is marked
 * as a variant's is, and so is every trade-off row whose knob passes 127, and a variant's point.
 */
static void test_tradeoff_s8_max(void **state)
{
	struct machine m = machine_with("charge_batch 200");
	const struct patch_desc *d = patch_find(NULL, "memcg_charge");
	struct tradeoff t;
	const char *why, *mark;
	uint64_t x = 0;
	char err[256];

	(void)state;
	mark = variant_mark(&m, d, d->after, &x, &why);
	assert_non_null(mark);
	assert_int_equal(x, 200);
	assert_non_null(strstr(mark, "S8_MAX"));
	assert_null(variant_mark(&m, d, d->before, &x, &why)); /* 32, the old kernel's */
	m = machine_with("charge_batch 127");
	assert_null(variant_mark(&m, d, d->after, &x, &why));
	m = machine_with("");
	assert_int_equal(variant_add(test_set(&m), d, "big", "128", err, sizeof(err)), 0);
	assert_int_equal(variant_add(test_set(&m), d, "small", "100", err, sizeof(err)), 0);
	assert_int_equal(tradeoff_run(&m, tradeoff_spec_find(NULL, "memcg_charge"), NULL, &t, err, sizeof(err)), 0);
	for (size_t i = 0; i < t.n; i++) {
		const struct tradeoff_point *p = &t.pts[i];

		if (p->on_curve)
			assert_int_equal(p->flag != NULL, p->knob > 127);
		else if (!strcmp(p->label, "variant big"))
			assert_non_null(p->flag);
		else
			assert_null(p->flag);
	}
	tradeoff_free(&t);
	m = machine_with("charge_batch 200");
	assert_int_equal(tradeoff_run(&m, tradeoff_spec_find(NULL, "memcg_charge"), NULL, &t, err, sizeof(err)), 0);
	assert_non_null(point_at(&t, 200)->flag);
	assert_int_equal(point_at(&t, 200)->mark, TRADE_AFTER);
	assert_null(point_at(&t, 32)->flag);
	tradeoff_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detect_pages),     cmocka_unit_test(test_detect_s_and_share),
		cmocka_unit_test(test_memcg_costs),      cmocka_unit_test(test_memory_high),
		cmocka_unit_test(test_commit_limit_error), cmocka_unit_test(test_sum_cost),
		cmocka_unit_test(test_ask_schedule),     cmocka_unit_test(test_ask_schedule_huge),
		cmocka_unit_test(test_vmstat_drift),     cmocka_unit_test(test_tradeoff_marks),
		cmocka_unit_test(test_tradeoff_ranges),   cmocka_unit_test(test_tradeoff_s8_max),
	};
	return cmocka_run_group_tests_name("cost", tests, NULL, NULL);
}
