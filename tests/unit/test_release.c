/*
 * core/mm/release.c and the kernel side: the release list, uname -r to a
 * release, the row in effect, and each release's formula worked out here by
 * hand from that release's code (not from batchlab's output).
 */
#include "testutil.h"

#include "../../core/mm/release.h"

static struct value kernel_value(const struct machine *m, const char *name)
{
	struct metric_ref ref;
	char err[200];

	if (metric_parse_m(m, name, &ref, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		fail();
	}
	assert_int_equal(ref.side, SIDE_KERNEL);
	return metric_compute(m, ref.patch, ref.metric, ref.side, NULL);
}

static uint64_t kernel_u64(const struct machine *m, const char *name)
{
	struct value v = kernel_value(m, name);

	assert_int_equal(v.kind, VAL_INT);
	return v.i;
}

static void test_uname_maps_to_newest_not_after(void **state)
{
	static const struct { const char *uname; const char *release; } rows[] = {
		{ "6.8.0-49-generic", "6.8" }, /* Ubuntu 24.04 */
		{ "6.1.0-28-amd64", "6.1" },   /* Debian 12: its ABI number is no stable sublevel */
		{ "5.15.167", "5.15.y" },     /* past 5.15.18: the memcg stats threshold by backport (issue 37) */
		{ "5.15.17", "5.15" },
		{ "6.10.3", "6.9" },           /* not known: the newest before it */
		{ "6.7", "6.6" },
		{ "7.3.1", "6.17" },
		{ "4.18.0-553.el8_10.x86_64", "4.16" },
		{ "3.10.0-1160.el7.x86_64", "3.10" },
		{ "6.1.112", "6.1" },          /* before 6.1.119, the first 6.1 update read with the backport */
		{ "6.1.119", "6.1.y" },
		{ "6.1.158-rt55", "6.1.y" },
		{ "6.2.1", "6.2" },            /* mainline after 6.1 has no 6.1.y backport */
	};
	char err[300];

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		int idx = -1;

		assert_int_equal(release_from_uname(rows[i].uname, &idx, err, sizeof(err)), 0);
		assert_string_equal(release_names[idx], rows[i].release);
	}
}

static void test_uname_refused(void **state)
{
	static const char *const bad[] = { "", "linux", "6", "6.", ".8", "3.9.11", "2.6.32-754.el6" };
	char err[300];
	int idx;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		assert_int_equal(release_from_uname(bad[i], &idx, err, sizeof(err)), -1);
		assert_true(err[0] != '\0');
	}
	/* an old one says which releases there are */
	release_from_uname("3.9.11", &idx, err, sizeof(err));
	assert_non_null(strstr(err, "3.10"));
	assert_non_null(strstr(err, "6.17"));
}

/* the parameter: by name only, the newest by default, every name its own index */
static void test_kernel_parameter(void **state)
{
	const struct param *p = param_find("kernel");
	struct machine m = machine_with("");
	char err[400];

	(void)state;
	assert_non_null(p);
	assert_int_equal(p->max, (uint64_t)release_count() - 1);
	assert_string_equal(release_names[m.kernel], release_names[release_count() - 1]);
	assert_int_equal(param_set(&m, p, "6", err, sizeof(err)), -1); /* an index is no release */
	assert_non_null(strstr(err, "6.1.y"));
	assert_int_equal(param_set(&m, p, "6.1.y", err, sizeof(err)), 0);
	assert_string_equal(release_names[m.kernel], "6.1.y");
	for (int i = 0; release_names[i]; i++) {
		assert_int_equal(release_find(release_names[i]), i);
		if (i)
			assert_true(strcmp(release_names[i - 1], release_names[i]) != 0);
	}
}

static struct value row_value(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	(void)m;
	(void)why;
	return val_int(r->mode);
}

/* A backport row holds in its series only: mainline after it keeps the row before. */
static void test_stable_row_stays_in_its_series(void **state)
{
	static const struct release_row rows[] = {
		{ "5.4", NULL, "a", "f(), x.c", NULL, row_value, 1 },
		{ "6.1.y", NULL, "b", "f(), x.c", NULL, row_value, 2 },
		{ "6.9", NULL, "c", "f(), x.c", NULL, row_value, 3 },
		{ .from = NULL },
	};
	static const struct release_history h = { "X", "pages", rows, "none before 5.4" };

	(void)state;
	assert_null(release_row_at(&h, release_find("4.19")));
	assert_int_equal(release_row_at(&h, release_find("6.1"))->mode, 1);
	assert_int_equal(release_row_at(&h, release_find("6.1.y"))->mode, 2);
	assert_int_equal(release_row_at(&h, release_find("6.5"))->mode, 1);
	assert_int_equal(release_row_at(&h, release_find("6.17"))->mode, 3);
}

/* MEMCG_CHARGE_BATCH: 32U in 4.14.5's mm/memcontrol.c, 4.16.13's and 6.0.1's memcontrol.h; 64U in 6.1. */
static void test_memcg_batch_by_release(void **state)
{
	static const struct { const char *release; uint64_t batch; } rows[] = {
		{ "3.10", 32 }, { "4.14", 32 }, { "4.16", 32 }, { "6.0", 32 }, { "6.1", 64 }, { "6.1.y", 64 },
		{ "6.9", 64 }, { "6.17", 64 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char s[64];
		struct machine m;

		/* the what-if of the after side is not the release's */
		snprintf(s, sizeof(s), "kernel %s charge_batch 100", rows[i].release);
		m = machine_with(s);
		assert_int_equal(kernel_u64(&m, "memcg_charge.batch.kernel"), rows[i].batch);
		/* refills per GiB in single pages: ceil(262144 / batch) */
		assert_int_equal(kernel_u64(&m, "memcg_charge.refills_per_gib.kernel"),
				 (262144 + rows[i].batch - 1) / rows[i].batch);
	}
}

/*
 * refill_stock(): one memcg per CPU until 6.15, NR_MEMCG_STOCK = 7 from 6.16.
 * 64 CPUs, 4K pages, batch 64: one memcg's bound is 64 * 64 * 4096 = 16 MiB
 * on both; every memcg's at once is 16 MiB, then 7 * 16 MiB.
 */
static void test_stock_bound_6_16(void **state)
{
	struct machine m15 = machine_with("kernel 6.15"), m16 = machine_with("kernel 6.16");

	(void)state;
	assert_int_equal(kernel_u64(&m15, "memcg_charge.stock_max_bytes.kernel"), 64ull * 64 * 4096);
	assert_int_equal(kernel_u64(&m16, "memcg_charge.stock_max_bytes.kernel"), 64ull * 64 * 4096);
	assert_int_equal(kernel_u64(&m15, "memcg_charge.stock_machine_max_bytes.kernel"), 64ull * 64 * 4096);
	assert_int_equal(kernel_u64(&m16, "memcg_charge.stock_machine_max_bytes.kernel"), 7 * 64ull * 64 * 4096);
	/* before and after are the patch's 6.1: one memcg per CPU */
	assert_int_equal(metric_u64(&m16, "memcg_charge.stock_machine_max_bytes.after"), 64ull * 64 * 4096);
}

/*
 * The stats flush: 5.12.9 spills each counter at abs(x) > batch (no
 * threshold), 5.14 runs rstat without one, 5.15.24 counts whole batches
 * against num_online_cpus(), 6.8.1 compares each memcg's own count with
 * batch * cpus.
 */
static void test_flush_by_release(void **state)
{
	struct machine m = machine_with("kernel 4.16 cpus 8");
	struct value v;

	(void)state;
	v = kernel_value(&m, "memcg_charge.flush_threshold.kernel");
	assert_int_equal(v.kind, VAL_NONE);
	/* a counter still holds up to a batch per CPU before it spills: 32 * 8 pages */
	assert_int_equal(kernel_u64(&m, "memcg_charge.stale_stat_bytes.kernel"), 32ull * 8 * 4096);
	m = machine_with("kernel 5.13 cpus 8");
	assert_int_equal(kernel_value(&m, "memcg_charge.flush_threshold.kernel").kind, VAL_NONE);
	assert_int_equal(kernel_value(&m, "memcg_charge.stale_stat_bytes.kernel").kind, VAL_NONE);
	m = machine_with("kernel 5.15 cpus 8");
	assert_int_equal(kernel_u64(&m, "memcg_charge.flush_threshold.kernel"), 32 * 8);
	m = machine_with("kernel 6.1 cpus 8");
	assert_int_equal(kernel_u64(&m, "memcg_charge.flush_threshold.kernel"), 64 * 8);
	m = machine_with("kernel 6.8 cpus 8");
	assert_int_equal(kernel_u64(&m, "memcg_charge.flush_threshold.kernel"), 64 * 8);
	m = machine_with("kernel 3.11");
	assert_int_equal(kernel_value(&m, "memcg_charge.stale_stat_bytes.kernel").kind, VAL_NONE);
}

/*
 * memory_reclaim(): 5.19.0 and 6.5.0 ask for the whole remainder, 6.6.63
 * and 6.8.1 for min(remainder, SWAP_CLUSTER_MAX), 6.9.0 for remainder / 4;
 * try_to_free_mem_cgroup_pages() reclaims at least SWAP_CLUSTER_MAX.
 */
static uint64_t decay_calls(uint64_t r)
{
	uint64_t done = 0, calls = 0;

	while (done < r) {
		uint64_t ask = (r - done) / 4;

		done += ask > 32 ? ask : 32;
		calls++;
	}
	return calls;
}

static void test_reclaim_by_release(void **state)
{
	static const struct { const char *release; uint64_t first; } rows[] = {
		{ "5.19", 262144 }, { "6.5", 262144 }, { "6.6", 32 }, { "6.8", 32 }, { "6.9", 65536 }, { "6.17", 65536 },
	};
	struct machine m;

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char s[80];

		/* the decay side's reclaim_divisor what-if is not the kernel's 4 */
		snprintf(s, sizeof(s), "kernel %s reclaim 1G reclaim_divisor 8", rows[i].release);
		m = machine_with(s);
		assert_int_equal(kernel_u64(&m, "proactive_reclaim.first_ask.kernel"), rows[i].first);
	}
	m = machine_with("kernel 6.5 reclaim 3000000K");
	assert_int_equal(kernel_u64(&m, "proactive_reclaim.calls.kernel"), 1);
	m = machine_with("kernel 6.6 reclaim 3000000K");
	assert_int_equal(kernel_u64(&m, "proactive_reclaim.calls.kernel"), (750000 + 31) / 32);
	m = machine_with("kernel 6.9 reclaim 3000000K");
	assert_int_equal(kernel_u64(&m, "proactive_reclaim.calls.kernel"), decay_calls(750000));
	m = machine_with("kernel 5.15");
	assert_int_equal(kernel_value(&m, "proactive_reclaim.first_ask.kernel").kind, VAL_NONE);
}

/* 6.17 carries the CONFIG_NUMA=n warning in explain; 6.9 does not. */
static void test_numa_warning(void **state)
{
	struct machine m = machine_with("kernel 6.17");
	const struct patch_desc *d = patch_find("proactive_reclaim");
	struct strbuf why = STRBUF_INIT;

	(void)state;
	metric_compute(&m, d, patch_metric(d, "calls"), SIDE_KERNEL, &why);
	assert_non_null(strstr(sb_str(&why), "CONFIG_NUMA=n"));
	assert_non_null(strstr(sb_str(&why), "user_proactive_reclaim(), mm/vmscan.c"));
	sb_free(&why);
	m = machine_with("kernel 6.9");
	metric_compute(&m, d, patch_metric(d, "calls"), SIDE_KERNEL, &why);
	assert_null(strstr(sb_str(&why), "CONFIG_NUMA"));
	assert_non_null(strstr(sb_str(&why), "memory_reclaim(), mm/memcontrol.c"));
	sb_free(&why);
}

/*
 * mm_compute_batch(): 3.11.0-5.8.1 max(min(ram / nr / 256, INT_MAX), max(2nr, 32));
 * 5.9.1 divides by 4 unless OVERCOMMIT_NEVER. Worked from totalram here.
 */
static uint64_t mm_batch(uint64_t ram, uint64_t nr, uint64_t div)
{
	uint64_t mem = ram / nr / div, fl = 2 * nr > 32 ? 2 * nr : 32;

	mem = mem < 2147483647ull ? mem : 2147483647ull;
	return mem > fl ? mem : fl;
}

static void test_committed_batch_by_release(void **state)
{
	/* the default machine and seed 003's server (mmap-server-144t: 144 CPUs, 192 GiB) */
	static const char *const machines[] = { "", "cpus 144 ram 192G sockets 4" };

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		char s[128];
		struct machine m;
		uint64_t ram, nr;

		snprintf(s, sizeof(s), "kernel 5.8 committed_lift 16 %s", machines[i]);
		m = machine_with(s);
		ram = machine_totalram(&m);
		nr = m.cpus;
		assert_int_equal(kernel_u64(&m, "committed_as.batch.kernel"), mm_batch(ram, nr, 256));
		snprintf(s, sizeof(s), "kernel 5.9 committed_lift 16 %s", machines[i]);
		m = machine_with(s);
		assert_int_equal(kernel_u64(&m, "committed_as.batch.kernel"), mm_batch(ram, nr, 4));
		snprintf(s, sizeof(s), "kernel 5.9 overcommit never %s", machines[i]);
		m = machine_with(s);
		assert_int_equal(kernel_u64(&m, "committed_as.batch.kernel"), mm_batch(ram, nr, 256));
	}
	/* 3.10: no mm_compute_batch() */
	{
		struct machine m = machine_with("kernel 3.10");
		struct value v = kernel_value(&m, "committed_as.batch.kernel");

		assert_int_equal(v.kind, VAL_NONE);
		assert_non_null(strstr(v.why, "3.11"));
	}
}

/* vm_memory_committed(): one read in 5.8.1's mm/util.c, a sum over the CPUs in 5.9.1's. */
static void test_committed_sum_by_release(void **state)
{
	struct machine m8 = machine_with("kernel 5.8 cpus 72"), m9 = machine_with("kernel 5.9 cpus 72");
	struct value v8 = kernel_value(&m8, "committed_as.sum_cost.kernel"), v9 = kernel_value(&m9, "committed_as.sum_cost.kernel");

	(void)state;
	assert_true(v8.kind == VAL_REAL && v9.kind == VAL_REAL);
	assert_true(v9.r > 71.9 * v8.r && v9.r < 72.1 * v8.r);
}

/* zone_batchsize(): 512 KiB cap in 4.16.13, 1 MiB in 4.19.78; a 16 GiB zone reaches both caps. */
static void test_pcp_batch_by_release(void **state)
{
	struct machine m = machine_with("kernel 4.16 zone 4194304p");

	(void)state;
	/* 512 KiB / 4K = 128, / 4 = 32, rounddown(48) - 1 = 31 */
	assert_int_equal(kernel_u64(&m, "vmstat.pcp_batch.kernel"), 31);
	m = machine_with("kernel 4.19 zone 4194304p");
	assert_int_equal(kernel_u64(&m, "vmstat.pcp_batch.kernel"), 63);
	/* the threshold's formula never changed: 2 * fls(64) * (1 + fls(16 GiB / 128 MiB)) = 2 * 7 * 9, capped at 125 */
	assert_int_equal(kernel_u64(&m, "vmstat.threshold.kernel"), 125);
}

/*
 * drain_pages_zone(): 6.1.0 and 6.9.0 free pcp->count under one lock hold;
 * 6.1.119 and 6.1.158 at most pcp->batch << CONFIG_PCP_BATCH_SCALE_MAX (5).
 * A 16 GiB zone: batch 63, so 63 << 5 = 2016 pages.
 */
static void test_pcp_drain_by_release(void **state)
{
	static const struct { const char *release; uint64_t pages; } rows[] = {
		{ "6.1", 0 }, { "6.1.y", 63 << 5 }, { "6.5", 0 }, { "6.9", 0 }, { "6.12", 63 << 5 }, { "6.17", 63 << 5 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char s[64];
		struct machine m;
		struct value v;

		snprintf(s, sizeof(s), "kernel %s zone 4194304p", rows[i].release);
		m = machine_with(s);
		v = kernel_value(&m, "vmstat.pcp_drain_max.kernel");
		if (!rows[i].pages) {
			assert_int_equal(v.kind, VAL_NONE);
			continue;
		}
		assert_int_equal(v.kind, VAL_INT);
		assert_int_equal(v.i, rows[i].pages);
	}
}

/* vmpressure_win: SWAP_CLUSTER_MAX * 16 in 3.11.0, 5.8.1, 6.8.1, 6.9.0; seed 004 is in none. */
static void test_vmpressure_every_release(void **state)
{
	(void)state;
	for (int i = 0; release_names[i]; i++) {
		struct machine m = machine_with("ram 1T");

		m.kernel = (uint64_t)i;
		assert_int_equal(kernel_u64(&m, "vmpressure.window.kernel"), 512);
	}
}

/* A single-valued ratio has no kernel side; a context patch's single metrics do. */
static void test_kernel_side_names(void **state)
{
	struct metric_ref ref;
	char err[200];

	(void)state;
	assert_int_equal(metric_parse("memcg_charge.speedup.kernel", &ref, err, sizeof(err)), -1);
	assert_int_equal(metric_parse("vmstat.threshold.kernel", &ref, err, sizeof(err)), 0);
	assert_int_equal(ref.side, SIDE_KERNEL);
	assert_int_equal(metric_parse("memcg_charge.batch.kernel", &ref, err, sizeof(err)), 0);
	assert_string_equal(patch_col_name(NULL, ref.patch, ref.side), "kernel");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uname_maps_to_newest_not_after),
		cmocka_unit_test(test_uname_refused),
		cmocka_unit_test(test_kernel_parameter),
		cmocka_unit_test(test_stable_row_stays_in_its_series),
		cmocka_unit_test(test_memcg_batch_by_release),
		cmocka_unit_test(test_stock_bound_6_16),
		cmocka_unit_test(test_flush_by_release),
		cmocka_unit_test(test_reclaim_by_release),
		cmocka_unit_test(test_numa_warning),
		cmocka_unit_test(test_committed_batch_by_release),
		cmocka_unit_test(test_committed_sum_by_release),
		cmocka_unit_test(test_pcp_batch_by_release),
		cmocka_unit_test(test_pcp_drain_by_release),
		cmocka_unit_test(test_vmpressure_every_release),
		cmocka_unit_test(test_kernel_side_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
