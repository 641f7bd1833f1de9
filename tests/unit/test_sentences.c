/*
 * What batchlab says about the kernel, held to the kernel source (issue 12).
 * Each test names the function, file and line the sentence follows; the
 * lines were read in torvalds/linux (see /work/notes/truth.md for versions).
 */
#include <math.h>
#include <stdlib.h>

#include "testutil.h"

#include "../../lang/out/render.h"
#include "../../tui/layout.h"

static const char *about(const char *id)
{
	const struct patch_desc *d = patch_find(NULL, id);

	assert_non_null(d);
	return d->about;
}

static int contains(const char *hay, const char *needle)
{
	return strstr(hay, needle) != NULL;
}

/* needle in hay read as prose: line breaks and runs of spaces count as one space. */
static int flat(const char *hay, const char *needle)
{
	char *buf = malloc(strlen(hay) + 1), *o = buf;
	int found;

	assert_non_null(buf);
	for (const char *p = hay; *p; p++) {
		char c = *p == '\n' ? ' ' : *p;

		if (c == ' ' && o > buf && o[-1] == ' ')
			continue;
		*o++ = c;
	}
	*o = '\0';
	found = strstr(buf, needle) != NULL;
	free(buf);
	return found;
}

/* The whole of a file of the source tree, or a failed test. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f) {
		fprintf(stderr, "cannot open %s (run from the source tree)\n", path);
		fail();
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/*
 * vmpressure(), mm/vmpressure.c: both paths start with
 * "spin_lock(&vmpr->sr_lock);" and only then test "if (scanned < vmpressure_win)":
 * the lock is taken by every call, the window only gates the level computation
 * (non-tree: vmpressure_calc_level() and "memcg->socket_pressure = jiffies + HZ")
 * or "schedule_work(&vmpr->work)" (tree: vmpressure_work_fn() notifies cgroup-v1
 * memory.pressure_level listeners through vmpressure_event()).
 */
static void test_vmpressure_sr_lock(void **state)
{
	struct machine m = machine_with("ram 16G");

	(void)state;
	assert_true(contains(about("vmpressure"), "Every vmpressure() call takes the memcg's sr_lock"));
	assert_true(contains(about("vmpressure"), "memory.pressure_level"));
	assert_false(contains(about("vmpressure"), "each evaluation takes the per-memcg sr_lock"));
	/* the assumed per-evaluation cost no longer claims the lock round trip it does not save */
	assert_false(metric_explains(&m, "vmpressure.eval_time_s.after", "one sr_lock round trip plus"));
	assert_true(metric_explains(&m, "vmpressure.eval_time_s.after", "every vmpressure() call takes sr_lock"));
	assert_false(contains(param_find("vmpressure_eval_ns")->help, "sr_lock"));
	/* vmpressure_prio() calls vmpressure(gfp, memcg, true, vmpressure_win, 0): the tree path only */
	assert_true(metric_explains(&m, "vmpressure.detect_pages.after", "on the cgroup-v1 tree path vmpressure_prio()"));
}

/*
 * shrink_node_memcgs(), mm/vmscan.c: "if (!sc->proactive) vmpressure(sc->gfp_mask, memcg, false,
 * sc->nr_scanned - scanned, sc->nr_reclaimed - reclaimed);" - one call per memcg per
 * pass with that pass's delta, and none for memory.reclaim (sc->proactive).
 */
static void test_chunk_is_assumed(void **state)
{
	const struct param *p = param_find("chunk");
	struct machine m = machine_with("ram 16G");

	(void)state;
	assert_non_null(p);
	assert_true(contains(p->help, "assumed"));
	assert_true(contains(about("vmpressure"), "sc->proactive"));
	assert_true(contains(about("proactive_reclaim"), "never feeds vmpressure"));
	assert_true(metric_explains(&m, "vmpressure.evals.after", "workload:"));
	/* a reclaim rate borrowed from memory.reclaim says memory.reclaim itself never feeds vmpressure */
	assert_true(metric_explains(&m, "vmpressure.detect_s.after", "never feeds vmpressure"));
}

/*
 * vmpressure_init_window() is in no mainline tree: torvalds/linux mm/vmpressure.c has
 * "static const unsigned long vmpressure_win = SWAP_CLUSTER_MAX * 16;". Every patch's
 * about opens with its status.
 */
static void test_status(void **state)
{
	(void)state;
	for (int i = 0; patch_set_builtin.list[i]; i++)
		if (strcmp(patch_set_builtin.list[i]->seed, "-"))
			assert_true(contains(patch_set_builtin.list[i]->about, "Status:"));
	assert_true(contains(about("vmpressure"), "proposed patch"));
	assert_true(contains(about("vmpressure"), "no mainline tree"));
	/* the release a patch entered, and what in which tree shows it (core/mm/release.c's tables) */
	assert_true(contains(about("memcg_charge"), "6.0.1's include/linux/memcontrol.h has 32U"));
	assert_true(contains(about("proactive_reclaim"), "Released in 6.9"));
	assert_true(contains(about("committed_as"), "56f3547bfa4d"));
}

/*
 * zone_batchsize(), mm/page_alloc.c: "batch = min(zone_managed_pages(zone) >> 10, SZ_1M / PAGE_SIZE);
 * batch /= 4; ... batch = rounddown_pow_of_two(batch + batch/2) - 1;" - at most 63 pages on
 * 4K pages, whatever the zone; not "0.1% of the zone, at most 1 MiB".
 */
static void test_zone_batchsize_cap(void **state)
{
	uint64_t most = 0;

	(void)state;
	for (unsigned int shift = 0; shift <= 48; shift++) {
		char s[64];
		struct machine m;
		uint64_t b;

		snprintf(s, sizeof(s), "zone %llup", 1ull << shift);
		m = machine_with(s);
		b = metric_u64(&m, "vmstat.pcp_batch");
		most = b > most ? b : most;
	}
	assert_int_equal(most, 63);
	assert_true(contains(about("vmstat"), "at most 63 pages"));
	assert_false(contains(about("vmstat"), "(at most 1 MiB) per pcp list refill"));
	/* nr_pcp_alloc(): "batch = (base_batch << pcp->alloc_factor);" - pcp_batch is a unit */
	assert_true(contains(about("vmstat"), "alloc_factor"));
}

/*
 * try_charge_memcg(), mm/memcontrol.c: "if (!drained) { drain_all_stock(mem_over_limit);
 * drained = true; goto retry; }" before any OOM; memory_high_write()/memory_max_write()
 * drain_all_stock(memcg) too; "#define NR_MEMCG_STOCK 7" and, in refill_stock(),
 * "BUILD_BUG_ON(MEMCG_CHARGE_BATCH > S8_MAX);".
 */
static void test_memcg_stock_sentences(void **state)
{
	(void)state;
	assert_true(flat(about("memcg_charge"), "memory.high and memory.max writes do"));
	assert_true(contains(about("memcg_charge"), "up to 7 memcgs per CPU"));
	assert_true(contains(about("memcg_charge"), "above 127"));
}

/*
 * drain_all_stock(), mm/memcontrol.c: "if (!mutex_trylock(&percpu_charge_mutex)) return;";
 * per online CPU only a stock whose cached memcg is_memcg_drain_needed() finds
 * "mem_cgroup_is_descendant(memcg, root_memcg)"; "if (cpu == curcpu) drain_local_memcg_stock()
 * else schedule_drain_work()", and schedule_drain_work() queues only "if (!cpu_is_isolated(cpu))"
 * and returns without waiting. try_charge_memcg() calls it once: "if (!drained)".
 * Not "drains every CPU's stock before it gives up".
 */
static void test_drain_all_stock(void **state)
{
	struct machine m = machine_with("");

	(void)state;
	assert_false(contains(about("memcg_charge"), "drains every CPU's stock"));
	assert_false(metric_explains(&m, "memcg_charge.stock_max_bytes.after", "drains every CPU's stock"));
	for (int i = 0; i < 2; i++) {
		struct strbuf sb = STRBUF_INIT;
		const char *text;

		if (i) {
			const struct metric_desc *smb = patch_metric(patch_find(NULL, "memcg_charge"), "stock_max_bytes");

			smb->fn(&m, smb, 1, &sb);
			text = sb_str(&sb);
		} else {
			text = about("memcg_charge");
		}
		assert_true(flat(text, "isolated CPUs"));
		assert_true(flat(text, "mutex"));
		assert_true(flat(text, "without waiting") || flat(text, "no wait"));
		assert_true(flat(text, "subtree"));
		assert_true(flat(text, "drain_all_stock() once"));
		sb_free(&sb);
	}
}

/*
 * mem_cgroup_handle_over_high(), mm/memcontrol.c: "penalty_jiffies = min(penalty_jiffies,
 * MEMCG_MAX_HIGH_DELAY_JIFFIES);" (2UL*HZ), "if (penalty_jiffies <= HZ / 100) goto out;",
 * "if (nr_reclaimed || nr_retries--) { in_retry = true; goto retry_reclaim; }" and only then
 * schedule_timeout_killable(): a sleep needs a penalty over 10 ms and reclaim that stopped.
 */
static void test_high_throttle_regime(void **state)
{
	struct machine m = machine_with("");
	const struct metric_desc *md = patch_metric(patch_find(NULL, "memcg_charge"), "high_throttles_per_gib");

	(void)state;
	assert_true(metric_explains(&m, "memcg_charge.high_throttles_per_gib.after", "HZ / 100"));
	assert_true(metric_explains(&m, "memcg_charge.high_throttles_per_gib.after", "MAX_RECLAIM_RETRIES"));
	assert_true(metric_explains(&m, "memcg_charge.high_throttles_per_gib.after", "clamped to MEMCG_MAX_HIGH_DELAY_JIFFIES, 2 s"));
	assert_true(metric_explains(&m, "memcg_charge.high_throttles_per_gib.after", "regime:"));
	assert_false(metric_explains(&m, "memcg_charge.high_throttles_per_gib.after", "reclaims nr_pages = 64 and sleeps"));
	assert_false(contains(md->help, "reclaim+throttle events"));
}

/*
 * try_charge_memcg(): "unsigned int batch = max(MEMCG_CHARGE_BATCH, nr_pages);" is charged to the
 * page_counters, "refill_stock(memcg, batch - nr_pages)" keeps the rest; at the second refill
 * memcg_nr_pages_over_high = 2B: the counters grew 2B, the task charged B + 1 pages.
 */
static void test_high_sync_task_pages(void **state)
{
	struct machine m = machine_with("");
	const struct metric_desc *md = patch_metric(patch_find(NULL, "memcg_charge"), "high_sync_pages");

	(void)state;
	assert_int_equal(metric_u64(&m, "memcg_charge.high_sync_pages.after"), 128);
	assert_true(metric_explains(&m, "memcg_charge.high_sync_pages.after", "the task itself has charged 64 + 1 = 65 pages"));
	assert_true(metric_explains(&m, "memcg_charge.high_sync_pages.after", "page_counters grew"));
	assert_false(metric_explains(&m, "memcg_charge.high_sync_pages.after", "pages charged over memory.high"));
	assert_false(contains(md->help, "pages a task charges"));
}

/*
 * percpu_counter_add_batch(), lib/percpu_counter.c: "if (unlikely(abs(count + amount) >= batch))" -
 * count is the CPU's residue. __percpu_counter_compare(): "abs(count - rhs) > (batch *
 * num_online_cpus())", s32 times unsigned int: 32 bits. The most a read is off: batch - 1 per CPU.
 * __vm_enough_memory(), mm/util.c: "allowed -= sysctl_admin_reserve_kbytes >> (PAGE_SHIFT - 10);"
 * without CAP_SYS_ADMIN, "allowed -= min_t(long, mm->total_vm / 32, reserve);" for a task's mm.
 */
static void test_committed_as_residue(void **state)
{
	struct machine m = machine_with("overcommit never");

	(void)state;
	assert_false(flat(about("committed_as"), "munmap of at least the batch takes it"));
	assert_true(flat(about("committed_as"), "abs(count + amount) >= batch"));
	assert_true(flat(about("committed_as"), "a smaller mapping can and a bigger one need not"));
	assert_false(flat(about("committed_as"), "the bound the percpu_counter code uses is batch * CPUs"));
	assert_true(flat(about("committed_as"), "computes in 32 bits"));
	assert_true(metric_explains(&m, "committed_as.locked_ops.after", "abs(count + amount) >= batch"));
	assert_true(metric_explains(&m, "committed_as.locked_ops.after", "share starts at 0"));
	assert_true(metric_explains(&m, "committed_as.max_drift_bytes.after", "computed in 32 bits"));
	assert_false(metric_explains(&m, "committed_as.commit_limit_error_pct.after", "off by up to batch per"));
	assert_true(metric_explains(&m, "committed_as.commit_limit_error_pct.after", "(batch - 1) per online CPU"));
	assert_true(metric_explains(&m, "committed_as.commit_limit_error_pct.after", "admin_reserve_kbytes"));
	assert_true(metric_explains(&m, "committed_as.commit_limit_error_pct.after", "user_reserve_kbytes"));
	assert_true(flat(about("committed_as"), "admin and user reserves"));
}

/* vm_memory_committed()'s sum is commit 4e2ee51e8251, a sibling of seed 003, not seed 003. */
static void test_sum_cost_commit(void **state)
{
	struct machine m = machine_with("");

	(void)state;
	assert_true(metric_explains(&m, "committed_as.sum_cost.after", "4e2ee51e8251"));
	assert_true(metric_explains(&m, "committed_as.sum_cost.after", "not seed 003 itself"));
	assert_true(flat(about("committed_as"), "4e2ee51e8251"));
}

/*
 * memory_reclaim(), mm/memcontrol.c (user_proactive_reclaim(), mm/vmscan.c, in later trees):
 * "nr_to_reclaim = memparse(buf, &buf) / PAGE_SIZE;", not page_counter_memparse().
 */
static void test_reclaim_memparse(void **state)
{
	struct machine m = machine_with("reclaim 1G");

	(void)state;
	assert_false(metric_explains(&m, "proactive_reclaim.calls.decay", "page_counter_memparse"));
	assert_true(metric_explains(&m, "proactive_reclaim.first_ask.decay", "memparse(buf, &buf) / PAGE_SIZE"));
}

/*
 * vmpressure_calc_level(), mm/vmpressure.c: "reclaimed can be greater than scanned for things such
 * as reclaimed slab pages"; mm/vmscan.c guards vmpressure() in shrink_node_memcgs(), shrink_node()
 * and MGLRU's shrink_one(), and vmpressure_prio() in do_try_to_free_pages(), each with
 * "if (!sc->proactive)": more than two callers.
 */
static void test_vmpressure_callers(void **state)
{
	struct machine m = machine_with("");

	(void)state;
	assert_false(metric_explains(&m, "vmpressure.detect_s.after", "scanned >= reclaimed"));
	assert_true(metric_explains(&m, "vmpressure.detect_s.after", "reclaimed can exceed scanned"));
	assert_false(flat(about("vmpressure"), "both callers"));
	assert_false(flat(about("proactive_reclaim"), "shrink_node() and shrink_node_memcgs() skip"));
	for (int i = 0; i < 2; i++) {
		const char *a = about(i ? "vmpressure" : "proactive_reclaim");

		assert_true(flat(a, "shrink_one()"));
		assert_true(flat(a, "do_try_to_free_pages()"));
		assert_true(flat(a, "vmpressure_prio()"));
		assert_true(flat(a, "!sc->proactive"));
	}
}

/*
 * Seed 004's context lines ("extern const unsigned long vmpressure_win;", "Shared with the v1
 * vmpressure block") are in no mainline tree: mm/vmpressure.c has "static const unsigned long
 * vmpressure_win = SWAP_CLUSTER_MAX * 16;". calculate_normal_threshold(), mm/vmstat.c, scales
 * "mem = zone_managed_pages(zone) >> (27 - PAGE_SHIFT)" per zone; seed 004 takes totalram_pages().
 */
static void test_seed004_applies(void **state)
{
	(void)state;
	assert_true(flat(about("vmpressure"), "does not apply to mainline as posted"));
	assert_true(flat(about("vmpressure"), "static const"));
	assert_true(flat(about("vmpressure"), "not exported"));
	assert_true(flat(about("vmpressure"), "it does not: that function scales each zone"));
	assert_false(flat(about("vmstat"), "copies the first rule's fls() scaling"));
	assert_true(flat(about("vmstat"), "each zone's size"));
}

/* mm_compute_batch() is in mm/mm_init.c: the benches' and tests' sentences too. */
static void test_bench_sentences(void **state)
{
	static const char *const files[] = { "bench/plain_writer.c", "bench/peer_loop.py", "bench/sweep_plain.py",
					     "tests/unit/test_committed_as.c", "tests/unit/test_variant.c", "README.md" };

	(void)state;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *text = slurp(files[i]);

		if (contains(text, "mm_compute_batch() (mm/util.c)") || contains(text, "mm_compute_batch(), mm/util.c:")) {
			fprintf(stderr, "%s places mm_compute_batch() in mm/util.c\n", files[i]);
			fail();
		}
		free(text);
	}
}

/* Seed 000: "17064.7 Mbps (62.7% improvement)"; 17064.7 / 10482.7 = 1.627896: +62.79%, the seed truncates. */
static void test_seed_percentages(void **state)
{
	const char *pub = patch_find(NULL, "memcg_charge")->published;
	char want[32];

	(void)state;
	snprintf(want, sizeof(want), "+%.2f%%", 100.0 * (17064.7 / 10482.7 - 1));
	assert_string_equal(want, "+62.79%");
	assert_true(flat(pub, want));
	assert_true(flat(pub, "+62.7%"));
	assert_true(flat(pub, "17063.7 Mbps"));
	assert_false(flat(pub, "with the patch (+62.7%)"));
}

/*
 * memcg_rstat_updated(), mm/memcontrol.c: "stats_updates = this_cpu_add_return(statc_pcpu->stats_updates,
 * abs(val));" - pages of stat change. "at most 2 s" is not the code: stats_flush_dwork is
 * DECLARE_DEFERRABLE_WORK, flush_memcg_stats_dwork() flushes and then "queue_delayed_work(...,
 * FLUSH_TIME)" - flushes at least 2 s apart; mem_cgroup_flush_stats_ratelimited() flushes only
 * "if (time_after64(jiffies_64, READ_ONCE(flush_last_time) + 2*FLUSH_TIME))".
 */
static void test_flush_counts_pages(void **state)
{
	const struct metric_desc *md = patch_metric(patch_find(NULL, "memcg_charge"), "flush_threshold");
	struct machine m = machine_with("cpus 8");

	(void)state;
	assert_non_null(md);
	assert_string_equal(md->unit, "pages");
	for (int i = 0; i < 2; i++) {
		const char *name = i ? "memcg_charge.stale_stat_bytes.after" : "memcg_charge.flush_threshold.after";

		assert_true(metric_explains(&m, name, "at least 2 s apart"));
		assert_true(metric_explains(&m, name, "a whole cycle"));
		assert_true(metric_explains(&m, name, "deferrable"));
		assert_false(metric_explains(&m, name, "every 2 s"));
		assert_false(metric_explains(&m, name, "every FLUSH_TIME"));
	}
	assert_false(contains(patch_metric(patch_find(NULL, "memcg_charge"), "stale_stat_bytes")->help, "at most 2 s"));
	assert_false(contains(about("memcg_charge"), "every 2 s"));
	assert_true(contains(about("memcg_charge"), "at least 2 s apart"));
}

/*
 * percpu_counter_add_batch(), lib/percpu_counter.c: "if (abs(count) >= batch)" - a mapping
 * of exactly the batch takes the lock; the about says "at least the batch".
 */
static void test_committed_as_sentences(void **state)
{
	(void)state;
	assert_true(contains(about("committed_as"), "at least the batch"));
	assert_false(contains(about("committed_as"), "larger than the batch takes it"));
	assert_true(contains(patch_find(NULL, "committed_as")->kernel, "mm/mm_init.c"));
}

/* Two constants fitted to two figures reproduce them by construction; the explain says so. */
static void test_by_construction(void **state)
{
	struct machine m = machine_with("cpus 72");

	(void)state;
	assert_true(metric_explains(&m, "memcg_charge.throughput.after", "by construction"));
	assert_true(metric_explains(&m, "committed_as.throughput.after", "by construction"));
	assert_true(metric_explains(&m, "proactive_reclaim.pages_per_s.decay", "by construction"));
}

/*
 * The root-reclaim inf follows from an assumed inflow, not from the kernel: memory_reclaim()
 * ("while (nr_reclaimed < nr_to_reclaim)") ends whenever enough is reclaimed.
 */
static void test_inf_is_conditional(void **state)
{
	struct machine m = machine_with("reclaim 2315599872 reclaim_inflow 14000 reclaim_restart_us 1858.47 "
					"reclaim_page_ns 14692.4 reclaim_eps 0");

	(void)state;
	assert_true(isinf(metric_double(&m, "proactive_reclaim.time_s.cluster")));
	assert_true(metric_explains(&m, "proactive_reclaim.time_s.cluster", "if pages are charged back at"));
}

/*
 * The workload rows walk memory_reclaim() with every call returning its ask; the
 * model's calls return more. The table shows both, and why they differ.
 */
static void test_reclaim_calls_story(void **state)
{
	struct machine m = machine_with("reclaim 1G");

	(void)state;
	assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.decay"), 31);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.cluster"), 8192);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.model_calls.decay"), 28);
	assert_int_equal(metric_u64(&m, "proactive_reclaim.model_calls.cluster"), 7412);
	assert_true(metric_explains(&m, "proactive_reclaim.time_s.decay", "28 model calls, not the 31 of `calls`"));
	assert_true(metric_explains(&m, "proactive_reclaim.calls.decay", "workload: each call reclaims exactly"));
}

/*
 * Seed 002's over-reclaim (3.5 MiB cluster, -7.4 MiB decay) is beyond the model: about and
 * explain show both and the error, and the change column prints no ratio.
 */
static void test_overreclaim_unresolved(void **state)
{
	const struct metric_desc *md = patch_metric(patch_find(NULL, "proactive_reclaim"), "overreclaim_bytes");
	struct machine m = machine_with("reclaim 1G");
	char buf[64];

	(void)state;
	assert_non_null(md->unresolved);
	assert_true(contains(about("proactive_reclaim"), "3.5 MiB and -7.4 MiB"));
	assert_true(metric_explains(&m, "proactive_reclaim.overreclaim_bytes.decay", "seed   -7.4 MiB, error"));
	render_change(md, md->fn(&m, md, 1, NULL), md->fn(&m, md, 2, NULL), buf, sizeof(buf));
	assert_string_equal(buf, "unresolved");
	/* a resolved metric still gets its ratio */
	md = patch_metric(patch_find(NULL, "proactive_reclaim"), "calls");
	render_change(md, md->fn(&m, md, 1, NULL), md->fn(&m, md, 2, NULL), buf, sizeof(buf));
	assert_false(contains(buf, "unresolved"));
}

/* Figures from totalram auto and zone auto say they are estimates and how to get the real one. */
static void test_estimates_named(void **state)
{
	struct machine m = machine_with("ram 16G");

	(void)state;
	assert_true(metric_explains(&m, "vmpressure.window.after", "estimated: totalram auto"));
	assert_true(metric_explains(&m, "committed_as.batch.after", "`host`"));
	assert_true(metric_explains(&m, "vmstat.threshold", "estimated: zone auto"));
	assert_true(metric_explains(&m, "vmstat.pcp_batch", "`set zone N`"));
	m = machine_with("ram 16G totalram 4000000p zone 3000000p");
	assert_false(metric_explains(&m, "vmpressure.window.after", "estimated"));
	assert_false(metric_explains(&m, "vmstat.threshold", "estimated"));
}

/* Every workload metric states its assumption. */
static void test_workload_assumptions(void **state)
{
	struct machine m = machine_with("ram 16G");

	(void)state;
	for (int i = 0; patch_set_builtin.list[i]; i++)
		for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++) {
			char name[128];

			if (md->kind != METRIC_WORKLOAD)
				continue;
			snprintf(name, sizeof(name), "%s.%s", patch_set_builtin.list[i]->id, md->name);
			if (!metric_explains(&m, name, "workload:")) {
				fprintf(stderr, "%s: explain states no workload assumption\n", name);
				fail();
			}
		}
}

/* The three kinds on screen: a workload row carries its own mark, apart from model and exact. */
static void test_screen_marks_kinds(void **state)
{
	const struct patch_desc *d = patch_find(NULL, "memcg_charge");
	struct machine m = machine_with("cpus 72");
	struct metric_cells c;

	(void)state;
	cells_metric(&m, d, patch_metric(d, "refills_per_gib"), 9, &c);
	assert_true(c.workload);
	assert_false(c.modeled);
	cells_metric(&m, d, patch_metric(d, "throughput"), 9, &c);
	assert_true(c.modeled);
	assert_false(c.workload);
	cells_metric(&m, d, patch_metric(d, "batch"), 9, &c);
	assert_false(c.modeled || c.workload);
}

/*
 * The docs: NR_CPUS tops out at 8192 on x86-64 (NR_CPUS_RANGE_END, arch/x86/Kconfig) and
 * 4096 on arm64 (arch/arm64/Kconfig "range 2 4096"); the 80%/40% is batchlab's grid.
 */
static void test_docs(void **state)
{
	char *models = slurp("docs/MODELS.md"), *preset = slurp("presets/huge-65536cpu.preset");

	(void)state;
	assert_true(contains(models, "property of the grid"));
	assert_true(contains(models, "by construction"));
	assert_false(contains(models, "exact `calls` metric"));
	assert_true(contains(preset, "8192"));
	assert_true(contains(preset, "4096"));
	assert_false(contains(preset, "NR_CPUS of\n# the largest configs"));
	free(models);
	free(preset);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vmpressure_sr_lock),    cmocka_unit_test(test_chunk_is_assumed),
		cmocka_unit_test(test_status),                cmocka_unit_test(test_zone_batchsize_cap),
		cmocka_unit_test(test_memcg_stock_sentences), cmocka_unit_test(test_flush_counts_pages),
		cmocka_unit_test(test_committed_as_sentences), cmocka_unit_test(test_by_construction),
		cmocka_unit_test(test_inf_is_conditional),    cmocka_unit_test(test_reclaim_calls_story),
		cmocka_unit_test(test_overreclaim_unresolved), cmocka_unit_test(test_estimates_named),
		cmocka_unit_test(test_workload_assumptions),  cmocka_unit_test(test_docs),
		cmocka_unit_test(test_screen_marks_kinds),    cmocka_unit_test(test_drain_all_stock),
		cmocka_unit_test(test_high_throttle_regime),  cmocka_unit_test(test_high_sync_task_pages),
		cmocka_unit_test(test_committed_as_residue),  cmocka_unit_test(test_sum_cost_commit),
		cmocka_unit_test(test_reclaim_memparse),      cmocka_unit_test(test_vmpressure_callers),
		cmocka_unit_test(test_seed004_applies),       cmocka_unit_test(test_bench_sentences),
		cmocka_unit_test(test_seed_percentages),
	};
	return cmocka_run_group_tests_name("sentences", tests, NULL, NULL);
}
