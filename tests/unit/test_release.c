/*
 * core/mm/release.c and the kernel side: the release list, uname -r to a
 * release, the row in effect, and each release's formula worked out here by
 * hand from that release's code (not from batchlab's output).
 */
#include "testutil.h"

#include "../../core/mm/distro.h"
#include "../../core/mm/release.h"
#include "../../core/mm/zone.h"
#include "../../core/rowmemo.h"

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
		{ "5.15.167", "5.15.18" },     /* past the 5.15.18 backport of the stats-flush threshold */
		{ "5.15.17", "5.15" },
		{ "5.15.18", "5.15.18" },
		{ "6.10.3", "6.10" },
		{ "6.11.11", "6.11" },
		{ "6.7", "6.7" },
		{ "7.3.1", "6.18.8" },         /* newer than the tables: the newest state */
		{ "4.18.0-553.el8_10.x86_64", "4.18" },
		{ "3.10.0-1160.el7.x86_64", "3.10" },
		{ "6.1.103", "6.1" },          /* the 6.1.104-rc1 review carries the pcp backport */
		{ "6.1.104", "6.1.104" },
		{ "6.1.119", "6.1.104" },
		{ "6.1.158-rt55", "6.1.104" },
		{ "6.6.44", "6.6" },
		{ "6.6.45", "6.6.45" },
		{ "6.6.116", "6.6.45" },
		{ "6.6.117", "6.6.117" },
		{ "6.2.1", "6.2" },            /* mainline after 6.1 has no 6.1.104 backport */
		{ "6.1.0", "6.1" },
		{ "v6.1", "6.1" },
		{ "6.17-rc3", "6.17" },        /* a release candidate: its release, whose merge window is in it (issue 49) */
		{ "3.10-rc7", "3.10" },
		{ "Ubuntu 5.15.0-91.101-generic 5.15.131", "5.15.18" }, /* /proc/version_signature: the upstream update */
		{ "#1 SMP Debian 6.1.119-1 (2024-11-22)", "6.1.104" },   /* uname -v */
		{ "5.15.0-91-generic", "5.15" }, /* an ABI, no upstream update */
		{ "6.1.119-1.fc37.x86_64", "6.1.104" },
		{ "4.18.0-553.el8_10.x86_64", "4.18" }, /* RHEL: mainline, with a note that it may differ */
		{ "6.18", "6.18" },
		{ "6.18.7", "6.18" },
		{ "6.18.44-foo", "6.18.8" },
		{ "7.0.1", "6.18.8" },
		{ "6.1.y", "6.1.104" },        /* a series: its newest known state */
	};
	char err[300];

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		int idx = -1;

		assert_int_equal(release_from_uname(rows[i].uname, &idx, err, sizeof(err)), 0);
		assert_string_equal(release_names[idx], rows[i].release);
	}
}

/* `set kernel R` and `host` reading R take the same reading of R: the same state, and a note saying which. */
static void test_set_and_host_agree(void **state)
{
	static const char *const typed[] = { "6.1.119", "6.1.0", "v6.1", "6.17-rc3", "6.10", "6.18", "7.0.1",
					     "6.18.44-foo", "5.15.18", "6.6.117", "3.10.65" };
	const struct param *p = param_find("kernel");
	char err[400], note[300];

	(void)state;
	for (size_t i = 0; i < sizeof(typed) / sizeof(typed[0]); i++) {
		struct machine m = machine_with("");
		int idx = -1, noted = -1;

		assert_int_equal(param_set(&m, p, typed[i], err, sizeof(err)), 0);
		assert_int_equal(release_from_uname(typed[i], &idx, err, sizeof(err)), 0);
		assert_int_equal((int)m.kernel, idx);
		assert_int_equal(release_parse(typed[i], &noted, note, sizeof(note), err, sizeof(err)), 0);
		assert_int_equal(noted, idx);
		/* a string naming the state exactly needs no note; any other says which state it runs */
		assert_int_equal(!strcmp(typed[i], release_names[idx]), note[0] == '\0');
		if (note[0])
			assert_non_null(strstr(note, release_names[idx]));
	}
	assert_int_equal(release_parse("7.0.1", &(int){ 0 }, note, sizeof(note), err, sizeof(err)), 0);
	assert_non_null(strstr(note, "newer than the tables, which end at 6.18"));
	assert_int_equal(release_parse("6.17-rc3", &(int){ 0 }, note, sizeof(note), err, sizeof(err)), 0);
	assert_non_null(strstr(note, "release candidate"));
}

static void test_uname_refused(void **state)
{
	static const char *const bad[] = { "", "linux", "6", "6.", ".8", "3.9.11", "2.6.32-754.el6", "5.20", "4.21.1",
					   "3.9-rc7", "6.1 x", "6.1\x01", "6.1x", "99999999.1" };
	const struct param *p = param_find("kernel");
	char err[300];
	int idx;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct machine m = machine_with("kernel 6.5"), was = m;

		err[0] = '\0';
		assert_int_equal(release_from_uname(bad[i], &idx, err, sizeof(err)), -1);
		assert_true(err[0] != '\0');
		/* set refuses it the same way and keeps the machine */
		assert_int_equal(param_set(&m, p, bad[i], err, sizeof(err)), -1);
		assert_int_equal(m.kernel, was.kernel);
		assert_non_null(strstr(err, "kernel: "));
	}
	/* an old one says which releases there are */
	release_from_uname("3.9.11", &idx, err, sizeof(err));
	assert_non_null(strstr(err, "3.10 to 6.18"));
	assert_non_null(strstr(err, "6.1.104"));
}

/* the parameter: the newest state by default, every name its own index, stable states after their series */
static void test_kernel_parameter(void **state)
{
	const struct param *p = param_find("kernel");
	struct machine m = machine_with("");
	char err[400];

	(void)state;
	assert_non_null(p);
	assert_int_equal(p->max, (uint64_t)release_count() - 1);
	assert_string_equal(release_names[m.kernel], release_names[release_count() - 1]);
	assert_string_equal(release_newest_mainline(), "6.18");
	assert_int_equal(param_set(&m, p, "6", err, sizeof(err)), -1); /* an index is no release */
	assert_int_equal(param_set(&m, p, "6.1.104", err, sizeof(err)), 0);
	assert_string_equal(release_names[m.kernel], "6.1.104");
	assert_true(release_is_stable((int)m.kernel));
	assert_string_equal(release_names[release_series((int)m.kernel)], "6.1");
	for (int i = 0; release_names[i]; i++) {
		assert_int_equal(release_find(release_names[i]), i);
		if (i)
			assert_true(strcmp(release_names[i - 1], release_names[i]) != 0);
	}
	/* every mainline release from 3.10 to 6.18 is a state of its own */
	assert_true(release_find("3.19") >= 0 && release_find("4.20") >= 0 && release_find("6.13") >= 0);
	assert_true(release_find("6.1.104") == release_find("6.1") + 1);
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
		{ "6.1.104", NULL, "b", "f(), x.c", NULL, row_value, 2 },
		{ "6.9", NULL, "c", "f(), x.c", NULL, row_value, 3 },
		{ .from = NULL },
	};
	static const struct release_history h = { "X", "pages", rows, "none before 5.4", NULL };

	(void)state;
	assert_null(release_row_at(&h, release_find("4.19")));
	assert_int_equal(release_row_at(&h, release_find("6.1"))->mode, 1);
	assert_int_equal(release_row_at(&h, release_find("6.1.104"))->mode, 2);
	assert_int_equal(release_row_at(&h, release_find("6.2"))->mode, 1);
	assert_int_equal(release_row_at(&h, release_find("6.6.45"))->mode, 1); /* another series */
	assert_int_equal(release_row_at(&h, release_find("6.18"))->mode, 3);
}

/* MEMCG_CHARGE_BATCH: 32U in 4.14.5's mm/memcontrol.c, 4.16.13's and 6.0.1's memcontrol.h; 64U in 6.1. */
static void test_memcg_batch_by_release(void **state)
{
	static const struct { const char *release; uint64_t batch; } rows[] = {
		{ "3.10", 32 }, { "4.14", 32 }, { "4.16", 32 }, { "6.0", 32 }, { "6.1", 64 }, { "6.1.104", 64 },
		{ "6.9", 64 }, { "6.18.8", 64 },
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
 * The stats flush on 8 CPUs, 4K pages: 4.16.13 spills each counter at
 * abs(x) > batch (32 * 8 pages); 5.13 and 5.15.0 have no count; 5.16's
 * counts events; 5.15.18, 5.17-rc5 and 6.0.1 count units of a batch:
 * (3B - 1) * 8 pages while no flush is due; 6.8.1 each memcg's pages,
 * (2B - 1) * 8.
 */
static void test_flush_by_release(void **state)
{
	static const struct { const char *release; uint64_t stale_pages; } rows[] = {
		{ "4.16", 32 * 8 }, { "5.12", 32 * 8 }, { "5.13", 0 }, { "5.15", 0 }, { "5.15.17", 0 },
		{ "5.15.18", (3 * 32 - 1) * 8 }, { "5.16", 0 }, { "5.17", (3 * 32 - 1) * 8 }, { "6.0", (3 * 32 - 1) * 8 },
		{ "6.1", (3 * 64 - 1) * 8 }, { "6.6.45", (3 * 64 - 1) * 8 }, { "6.6.117", (2 * 64 - 1) * 8 },
		{ "6.7", (3 * 64 - 1) * 8 }, { "6.8", (2 * 64 - 1) * 8 }, { "6.18.8", (2 * 64 - 1) * 8 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char s[64];
		struct machine m;
		struct value v;

		snprintf(s, sizeof(s), "kernel %s cpus 8", rows[i].release);
		m = machine_with(s);
		v = kernel_value(&m, "memcg_charge.stale_stat_bytes.kernel");
		if (!rows[i].stale_pages) {
			assert_int_equal(v.kind, VAL_NONE);
			continue;
		}
		assert_int_equal(v.kind, VAL_INT);
		assert_int_equal(v.i, rows[i].stale_pages * 4096);
	}
	{
		struct machine m = machine_with("kernel 5.16 cpus 8");
		struct value v = kernel_value(&m, "memcg_charge.flush_threshold.kernel");

		assert_int_equal(v.kind, VAL_NONE);
		assert_non_null(strstr(v.why, "events"));
		m = machine_with("kernel 6.0 cpus 8");
		assert_int_equal(kernel_u64(&m, "memcg_charge.flush_threshold.kernel"), 32 * 8);
		assert_true(metric_explains(&m, "memcg_charge.stale_stat_bytes.kernel", "(2B + 1) * cpus = 520 pages"));
		/* 3.10.65 and 4.15.0: readers sum every CPU, nothing is stale, and there is no flush */
		m = machine_with("kernel 3.11");
		assert_int_equal(kernel_u64(&m, "memcg_charge.stale_stat_bytes.kernel"), 0);
		assert_int_equal(kernel_value(&m, "memcg_charge.flush_threshold.kernel").kind, VAL_NONE);
		m = machine_with("kernel 4.15");
		assert_int_equal(kernel_u64(&m, "memcg_charge.stale_stat_bytes.kernel"), 0);
	}
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
		{ "6.18.8", 65536 },
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

/* 6.17 and 6.18 carry the CONFIG_NUMA=n warning in explain; 6.9, 6.18.8 and a newer release do not. */
static void test_numa_warning(void **state)
{
	static const char *const fixed[] = { "6.18.8", "6.18.19", "7.0.1" };
	struct machine m = machine_with("kernel 6.17");
	const struct patch_desc *d = patch_find(NULL, "proactive_reclaim");
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
	m = machine_with("kernel 6.18");
	metric_compute(&m, d, patch_metric(d, "calls"), SIDE_KERNEL, &why);
	assert_non_null(strstr(sb_str(&why), "CONFIG_NUMA=n"));
	sb_free(&why);
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		char s[40];

		snprintf(s, sizeof(s), "kernel %s", fixed[i]);
		m = machine_with(s);
		assert_null(d->kernel_code->warning(&m));
		metric_compute(&m, d, patch_metric(d, "calls"), SIDE_KERNEL, &why);
		assert_null(strstr(sb_str(&why), "stub returning 0"));
		sb_free(&why);
	}
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
	/* 3.10: no mm_compute_batch(); vm_acct_memory() adds with percpu_counter_batch = max(32, 2 * cpus) */
	{
		struct machine m = machine_with("kernel 3.10 cpus 8");

		assert_int_equal(kernel_u64(&m, "committed_as.batch.kernel"), 32);
		m = machine_with("kernel 3.10 cpus 144");
		assert_int_equal(kernel_u64(&m, "committed_as.batch.kernel"), 288);
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
		{ "6.1", 0 }, { "6.1.104", 63 << 5 }, { "6.5", 0 }, { "6.9", 0 }, { "6.10", 63 << 5 }, { "6.17", 63 << 5 },
		{ "6.6.45", 63 << 5 }, { "6.7", 0 },
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

/*
 * Every row of the five patches' tables, on one fixed machine - 8 CPUs, 4K
 * pages, totalram 4000000 pages, a 16 GiB zone (4194304 pages), 1G written
 * to memory.reclaim - as the code of the tree before the row and the tree
 * with it computes the row's constant (worked by hand from that code; NOROW:
 * the table does not reach back there; NA: that code has no such number).
 *
 * memcg: batch 32U (3.10.65, 4.15.0, 6.0.1), 64U (6.1-rc7); stock cpus * memcgs
 * * batch * 4096 (one memcg per CPU to 6.15, 7 from 6.16); stale stats: 0 while
 * readers sum every CPU (3.10.65, 4.15.0), batch * cpus pages per counter with
 * the 4.16.13 spill, none bounded with no count (5.15.0) or an event count
 * (5.16), (3B - 1) * cpus with units of a batch (5.17-rc5, 6.0.1), (2B - 1) *
 * cpus per memcg (6.8.1). committed_as: 3.10.65 max(32, 2 * 8) = 32;
 * 3.11.0 4000000 / 8 / 256 = 1953; 5.9.1 4000000 / 8 / 4 = 125000; reads 1,
 * then 8 from 5.9.1. vmstat: 16 GiB zone: min(4194304 >> 10, cap) / 4 to
 * 2^k - 1: 31 with 512 KiB, 63 with 1 MiB; threshold 2 * fls(8) * (1 + fls(128))
 * = 72; drain 63 << 5 = 2016 per hold or the whole list. vmpressure 512.
 * proactive_reclaim: first ask of 262144 pages: all, 32, / 4 = 65536.
 */
#define NOROW UINT64_MAX
#define NA (UINT64_MAX - 1)
#define STOCK "memcg_charge.stock_machine_max_bytes.kernel"
#define STALE "memcg_charge.stale_stat_bytes.kernel"

static const struct row_check {
	const char *patch, *constant, *from, *before;
	uint64_t before_value;
	uint64_t value;
	const char *metric; /* a kernel-side metric reading the row, when the row's value leans on another table */
} row_checks[] = {
	{ "memcg_charge", "MEMCG_CHARGE_BATCH", "3.10", NULL, 0, 32, NULL },
	{ "memcg_charge", "MEMCG_CHARGE_BATCH", "4.16", "4.15", 32, 32, NULL },
	{ "memcg_charge", "MEMCG_CHARGE_BATCH", "6.1", "6.0", 32, 64, NULL },
	{ "memcg_charge", "memcg charge stock", "3.10", NULL, 0, 8ull * 32 * 4096, STOCK },
	{ "memcg_charge", "memcg charge stock", "4.14", "4.13", 8ull * 32 * 4096, 8ull * 32 * 4096, STOCK },
	{ "memcg_charge", "memcg charge stock", "6.16", "6.15", 8ull * 64 * 4096, 8ull * 7 * 64 * 4096, STOCK },
	{ "memcg_charge", "memcg stats flush", "3.10", NULL, 0, 0, STALE },
	{ "memcg_charge", "memcg stats flush", "4.16", "4.15", 0, 32ull * 8 * 4096, STALE },
	{ "memcg_charge", "memcg stats flush", "5.13", "5.12", 32ull * 8 * 4096, NA, STALE },
	{ "memcg_charge", "memcg stats flush", "5.15", "5.14", NA, NA, STALE },
	{ "memcg_charge", "memcg stats flush", "5.15.18", "5.15", NA, (3ull * 32 - 1) * 8 * 4096, STALE },
	{ "memcg_charge", "memcg stats flush", "5.16", "5.15", NA, NA, STALE },
	{ "memcg_charge", "memcg stats flush", "5.17", "5.16", NA, (3ull * 32 - 1) * 8 * 4096, STALE },
	{ "memcg_charge", "memcg stats flush", "6.1", "6.0", (3ull * 32 - 1) * 8 * 4096, (3ull * 64 - 1) * 8 * 4096, STALE },
	{ "memcg_charge", "memcg stats flush", "6.6.117", "6.6.45", (3ull * 64 - 1) * 8 * 4096, (2ull * 64 - 1) * 8 * 4096,
	  STALE },
	{ "memcg_charge", "memcg stats flush", "6.8", "6.7", (3ull * 64 - 1) * 8 * 4096, (2ull * 64 - 1) * 8 * 4096, STALE },
	{ "committed_as", "vm_committed_as_batch", "3.10", NULL, 0, 32, NULL },
	{ "committed_as", "vm_committed_as_batch", "3.11", "3.10", 32, 1953, NULL },
	{ "committed_as", "vm_committed_as_batch", "5.9", "5.8", 1953, 125000, NULL },
	{ "committed_as", "vm_memory_committed() reads", "3.10", NULL, 0, 1, NULL },
	{ "committed_as", "vm_memory_committed() reads", "5.9", "5.8", 1, 8, NULL },
	{ "vmstat", "calculate_normal_threshold", "3.10", NULL, 0, 72, NULL },
	{ "vmstat", "calculate_normal_threshold", "5.0", "4.20", 72, 72, NULL },
	{ "vmstat", "zone_batchsize", "3.10", NULL, 0, 31, NULL },
	{ "vmstat", "zone_batchsize", "4.19", "4.18", 31, 63, NULL },
	{ "vmstat", "zone_batchsize", "5.14", "5.13", 63, 63, NULL },
	{ "vmstat", "pcp drain per lock hold", "3.10", NULL, 0, NA, NULL },
	{ "vmstat", "pcp drain per lock hold", "6.1.104", "6.1", NA, 2016, NULL },
	{ "vmstat", "pcp drain per lock hold", "6.6.45", "6.6", NA, 2016, NULL },
	{ "vmstat", "pcp drain per lock hold", "6.7", "6.6", NA, NA, NULL },
	{ "vmstat", "pcp drain per lock hold", "6.10", "6.9", NA, 2016, NULL },
	{ "vmstat", "pcp drain per lock hold", "6.11", "6.10", 2016, 2016, NULL },
	{ "vmpressure", "vmpressure_win", "3.10", NULL, 0, 512, NULL },
	{ "proactive_reclaim", "memory.reclaim ask", "5.19", "5.18", NOROW, 262144, NULL },
	{ "proactive_reclaim", "memory.reclaim ask", "6.6", "6.5", 262144, 32, NULL },
	{ "proactive_reclaim", "memory.reclaim ask", "6.9", "6.8", 32, 65536, NULL },
	{ "proactive_reclaim", "memory.reclaim ask", "6.17", "6.16", 65536, 65536, NULL },
	{ "proactive_reclaim", "memory.reclaim ask", "6.18", "6.17", 65536, 65536, NULL },
	{ "proactive_reclaim", "memory.reclaim ask", "6.18.8", "6.18", 65536, 65536, NULL },
};

static const struct release_history *history_of(const char *patch, const char *constant)
{
	const struct patch_desc *d = patch_find(NULL, patch);

	assert_non_null(d);
	for (int i = 0; d->kernel_code->history[i]; i++)
		if (!strcmp(d->kernel_code->history[i]->constant, constant))
			return d->kernel_code->history[i];
	fail_msg("%s has no history of %s", patch, constant);
	return NULL;
}

/* What release rel's code computes for h's constant on m: NOROW, NA or the number. */
static uint64_t code_value(const struct machine *m, const struct release_history *h, const char *rel,
			   const char *metric)
{
	const struct release_row *r = release_row_at(h, release_find(rel));
	struct value v;

	assert_true(release_find(rel) >= 0);
	if (!r)
		return NOROW;
	if (metric) {
		struct machine k = *m;

		k.kernel = (uint64_t)release_find(rel);
		v = kernel_value(&k, metric);
	} else {
		v = r->value(m, r, NULL);
	}
	return v.kind == VAL_NONE ? NA : v.i;
}

static void test_every_row_in_both_trees(void **state)
{
	struct machine m = machine_with("cpus 8 totalram 4000000p zone 4194304p reclaim 1G");

	(void)state;
	for (size_t i = 0; i < sizeof(row_checks) / sizeof(row_checks[0]); i++) {
		const struct row_check *c = &row_checks[i];
		const struct release_history *h = history_of(c->patch, c->constant);

		/* the row is in effect from its own release */
		assert_string_equal(release_row_at(h, release_find(c->from))->from, c->from);
		if (code_value(&m, h, c->from, c->metric) != c->value)
			fail_msg("%s %s on %s: %llu, expected %llu", c->patch, c->constant, c->from,
				 (unsigned long long)code_value(&m, h, c->from, c->metric), (unsigned long long)c->value);
		if (c->before && code_value(&m, h, c->before, c->metric) != c->before_value)
			fail_msg("%s %s on %s: %llu, expected %llu", c->patch, c->constant, c->before,
				 (unsigned long long)code_value(&m, h, c->before, c->metric),
				 (unsigned long long)c->before_value);
	}
}

/*
 * Every row of those patches has a check above, names its trees, and every
 * commit it names has a subject; a first row's "before" is left out only
 * because the table starts there.
 */
static void test_every_row_checked(void **state)
{
	static const char *const ids[] = { "memcg_charge", "committed_as", "vmstat", "vmpressure", "proactive_reclaim" };

	(void)state;
	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		const struct patch_desc *d = patch_find(NULL, ids[i]);

		for (int k = 0; d->kernel_code->history[k]; k++) {
			const struct release_history *h = d->kernel_code->history[k];

			for (const struct release_row *r = h->rows; r->from; r++) {
				size_t j = 0;

				while (j < sizeof(row_checks) / sizeof(row_checks[0]) &&
				       (strcmp(row_checks[j].patch, ids[i]) || strcmp(row_checks[j].constant, h->constant) ||
					strcmp(row_checks[j].from, r->from)))
					j++;
				if (j == sizeof(row_checks) / sizeof(row_checks[0]))
					fail_msg("%s %s row %s has no check", ids[i], h->constant, r->from);
				assert_true(row_checks[j].before || r == h->rows);
				assert_non_null(r->check);
				if (r->commit && !release_subject(NULL, r->commit))
					fail_msg("%s: commit %s has no subject", ids[i], r->commit);
			}
		}
	}
}

/* Every built-in patch's rows: each commit a row names has its subject (history prints it beside the id). */
static void test_every_commit_has_subject(void **state)
{
	int commits = 0;

	(void)state;
	for (int i = 0; i < patch_builtin_count(); i++) {
		const struct patch_kernel *k = patch_set_builtin.list[i]->kernel_code;

		for (int h = 0; k && k->history && k->history[h]; h++)
			for (const struct release_row *r = k->history[h]->rows; r->from; r++) {
				if (!r->commit)
					continue;
				if (!release_subject(NULL, r->commit))
					fail_msg("%s %s row %s: commit %s has no subject", patch_set_builtin.list[i]->id,
						 k->history[h]->constant, r->from, r->commit);
				commits++;
			}
	}
	assert_true(commits > 20);
}

/* The row in effect as the tables read: every row up to rel, a stable state's only in its own series. */
static const struct release_row *row_walked(const struct release_history *h, int rel)
{
	const struct release_row *in = NULL;

	for (const struct release_row *r = h->rows; r->from && release_find(r->from) <= rel; r++)
		if (!release_is_stable(release_find(r->from)) || release_series(release_find(r->from)) == release_series(rel))
			in = r;
	return in;
}

/*
 * Every built-in table's rows name known releases, oldest first (release_row_at() reads
 * from the newest back and counts on it), and on every release the row it finds is the
 * one a walk from the oldest finds.
 */
static void test_every_table_in_order(void **state)
{
	int tables = 0;

	(void)state;
	for (int i = 0; i < patch_builtin_count(); i++) {
		const struct patch_kernel *k = patch_set_builtin.list[i]->kernel_code;

		for (int h = 0; k && k->history && k->history[h]; h++, tables++) {
			const struct release_history *t = k->history[h];

			for (const struct release_row *r = t->rows; r->from; r++)
				if (release_find(r->from) < 0 || (r > t->rows && release_find(r->from) <= release_find(r[-1].from)))
					fail_msg("%s %s row %s: a known release after the row above's expected",
						 patch_set_builtin.list[i]->id, t->constant, r->from);
			for (int rel = -1; rel <= release_count(); rel++)
				if (release_row_at(t, rel) != (rel < 0 ? NULL : row_walked(t, rel)))
					fail_msg("%s %s on release %d: not the row a walk finds", patch_set_builtin.list[i]->id,
						 t->constant, rel);
		}
	}
	assert_true(tables > 10);
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

/* release_find knows each name by its own spelling only: every name at its index, near spellings refused. */
static void test_release_find_exact(void **state)
{
	static const char *const near[] = { "6.1.0", "06.1", "6.01", "6.1.", ".6.1", "6", "6.1.104.1", "6.1x",
					    "6.1.103", "6.19", "2.6", "", "4294967296.1" };
	(void)state;
	for (int i = 0; release_names[i]; i++) {
		char copy[32];

		snprintf(copy, sizeof(copy), "%s", release_names[i]);
		assert_int_equal(release_find(copy), i);
	}
	for (size_t i = 0; i < sizeof(near) / sizeof(near[0]); i++)
		assert_int_equal(release_find(near[i]), -1);
}

/*
 * RHEL 8's backport of the 262144 KiB min_free_kbytes bound (distro.c's
 * table: 4.18.0-240.el8's init_per_zone_wmark_min() has it, 4.18.0-147.5.1's
 * 65536): 1 TiB, THP off, totalram 63/64 of it - 264241152 pages, lowmem
 * 1056964608 KiB, int_sqrt(* 16) = 130043 below the raised bound, 65536
 * under mainline 4.18's. el8 from release 240 is rhel8.3; 239 and el9's
 * numbers are not. One row memo across the builds: its min_free_kbytes is
 * keyed on the build too.
 */
static void test_rhel8_min_free_kbytes_backport(void **state)
{
	static const struct {
		const char *kernel;
		uint64_t build, mfk;
	} rows[] = {
		{ "4.18.0-553.el8_10.x86_64", BUILD_RHEL8_3, 130043 }, { "4.18.0-240.el8", BUILD_RHEL8_3, 130043 },
		{ "4.18.0-239.el8", BUILD_RHEL, 65536 },                { "4.18.0-147.5.1.el8_1", BUILD_RHEL, 65536 },
		{ "3.10.0-1160.el7", BUILD_RHEL, 65536 },               { "4.18", BUILD_MAINLINE, 65536 },
	};
	struct row_memo memo = { .hits = 0 };
	char err[256];

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct machine m = machine_with("ram 1T thp off");

		m.memo = &memo;
		assert_int_equal(param_set(&m, param_find("kernel"), rows[i].kernel, err, sizeof(err)), 0);
		assert_int_equal(m.distro, rows[i].build);
		assert_int_equal(zone_min_free_kbytes(&m, NULL), rows[i].mfk);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uname_maps_to_newest_not_after),
		cmocka_unit_test(test_release_find_exact),
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
		cmocka_unit_test(test_set_and_host_agree),
		cmocka_unit_test(test_every_row_in_both_trees),
		cmocka_unit_test(test_every_row_checked),
		cmocka_unit_test(test_every_commit_has_subject),
		cmocka_unit_test(test_rhel8_min_free_kbytes_backport),
		cmocka_unit_test(test_every_table_in_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
