/*
 * Seed 000: MEMCG_CHARGE_BATCH 32 -> 64 (include/linux/memcontrol.h).
 * A charge that misses the per-CPU stock charges a whole batch to every
 * page_counter from the cgroup to the root and keeps the rest in the stock:
 * a bigger batch means fewer trips to counters every CPU shares, at the price
 * of more memory sitting pre-charged per CPU and staler rstat flushes.
 */
#include "../patch.h"

#include <stdio.h>
#include <string.h>

#include "kernel.h"
#include "release.h"
#include "../mva.h"
#include "../units.h"
#include "../variant.h"

enum { BEFORE, AFTER };

#define MEMCG_CHARGE_BATCH_OLD 32u
/* refill_stock(), mm/memcontrol.c, since the stock caches 7 memcgs in uint8_t counts */
#define MEMCG_STOCK_S8_MAX 127u

extern const struct patch_desc memcg_charge_patch;

/*
 * The releases. Each row: from which release, the commit, what changed, and
 * the function and file computing that release's value; mode is the
 * constant itself (the batch, the memcgs a CPU's stock holds) or, for the
 * stats flush, how the kernel decides a flush is due (enum flush_mode).
 * "check" says what was not confirmed in that release's own source.
 */
static struct value row_mode(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	(void)m;
	(void)why;
	return val_int(r->mode);
}

static const struct release_row batch_rows[] = {
	{ "3.10", NULL, "CHARGE_BATCH = 32U, private to mm/memcontrol.c",
	  "__mem_cgroup_try_charge(), mm/memcontrol.c (try_charge() by 4.13)",
	  "3.10.65 (the table's first release, not where CHARGE_BATCH began; no 3.10.0 tree): 32U, charged by "
	  "__mem_cgroup_try_charge(); 4.13.4 and 4.15.0 still 32U in try_charge()", row_mode, 32 },
	{ "4.16", "a983b5ebee57", "renamed MEMCG_CHARGE_BATCH, moved to include/linux/memcontrol.h (the memcg "
	  "stat counters batch by it too), still 32U", "try_charge(), mm/memcontrol.c",
	  "4.15.0 (kernel.org) has the private CHARGE_BATCH and 4.16.13 MEMCG_CHARGE_BATCH in "
	  "include/linux/memcontrol.h (no 4.16.0 tree); the 4.15.18 read before is Ubuntu's linux-source-4.15.0, "
	  "which carries the change: it is no stable backport", row_mode, 32 },
	{ "6.1", "1813e51eece0", "doubled to 64U (seed 000)", "try_charge_memcg(), mm/memcontrol.c",
	  "6.0.1 has 32U and 6.1-rc7 64U (no 6.0.0 or 6.1.0 tree); 6.1.20 64U", row_mode, 64 },
	{ .from = NULL },
};

static const struct release_history batch_history = {
	.constant = "MEMCG_CHARGE_BATCH", .unit = "pages", .rows = batch_rows,
	.before_first = "batchlab's table starts at 3.10",
	.metric = "batch",
};

/* The machine-wide stock: a CPU keeps charge for up to this many memcgs at once. mode: memcgs; 0 replace-and-add */
static struct value stock_value(const struct machine *m, const struct release_row *r, struct strbuf *why);

static const struct release_row stock_rows[] = {
	{ "3.10", NULL, "one memcg per CPU: refill_stock() replaces another memcg's stock (draining it) and adds; "
	  "it never drains for size, but only a batch charge refills it, so it holds at most a batch",
	  "refill_stock(), mm/memcontrol.c",
	  "3.10.65 and 4.13.4: replace the cached memcg and add, no drain over a batch", stock_value, 0 },
	{ "4.14", "475d0487a2ad", "refill_stock() drains the stock once it holds more than a batch (socket "
	  "memory's uncharges refill it too)", "refill_stock(), mm/memcontrol.c",
	  "4.13.4 has no drain over a batch and 4.14.177 drains at stock->nr_pages > CHARGE_BATCH (no 4.14.0 tree); "
	  "6.0.1 and 6.12.0 the same", stock_value, 1 },
	{ "6.16", "f735eebe55f8", "multi-memcg percpu charge cache: up to NR_MEMCG_STOCK = 7 memcgs per CPU, "
	  "counts in uint8_t (so MEMCG_CHARGE_BATCH <= S8_MAX); the objcg stock split out",
	  "refill_stock(), consume_stock(), mm/memcontrol.c",
	  "6.17.0 has the 7-memcg stock; 6.12.0 one memcg; no 6.15 or 6.16 tree read: 6.16 is the mailed "
	  "patch's merge window (April 2025)", stock_value, 7 },
	{ .from = NULL },
};

static const struct release_history stock_history = {
	.constant = "memcg charge stock", .unit = "bytes", .rows = stock_rows,
	.before_first = "batchlab's table starts at 3.10",
};

/* How a release decides the memcg stats are due a flush. */
enum flush_mode {
	FLUSH_SUM,       /* no batching: a reader sums every CPU's count, nothing is stale */
	FLUSH_SPILL,     /* each per-CPU counter spills at abs(x) > batch: no flush at all */
	FLUSH_RSTAT,     /* rstat, flushed by every reader: no count decides */
	FLUSH_EVENTS,    /* one count of update events for all memcgs, a unit per batch of events per CPU */
	FLUSH_UNITS,     /* one count for all memcgs: a CPU adds x / batch once its abs(val) sum x > batch */
	FLUSH_PER_MEMCG, /* each memcg's own count of pages, against batch * cpus */
};

static struct value flush_value(const struct machine *m, const struct release_row *r, struct strbuf *why);

static const struct release_row flush_rows[] = {
	{ "3.10", NULL, "no batching: a reader sums every CPU's count (mem_cgroup_read_stat()), so no change is "
	  "unread and no flush exists", "mem_cgroup_read_stat(), mm/memcontrol.c (memcg_page_state() in "
	  "include/linux/memcontrol.h by 4.15)", "3.10.65 sums every online CPU's count; 4.15.0's memcg_page_state() "
	  "every possible CPU's", flush_value, FLUSH_SUM },
	{ "4.16", "a983b5ebee57", "each per-CPU stat counter spills into the memcg's total once abs(x) > "
	  "MEMCG_CHARGE_BATCH", "__mod_memcg_state(), a static inline in include/linux/memcontrol.h",
	  "4.15.0's __mod_memcg_state() only adds to the per-CPU count (readers sum every CPU); 4.16.13 and "
	  "4.19.78 spill in include/linux/memcontrol.h", flush_value, FLUSH_SPILL },
	{ "5.13", "2d146aa3aa84", "rstat: per-CPU deltas, folded by cgroup_rstat_flush() when stats are read; "
	  "no count decides", "__mod_memcg_state(), mm/memcontrol.c",
	  "not read in 5.12 or 5.13 (no tree in the store): from the commit; 5.15.0 runs rstat", flush_value,
	  FLUSH_RSTAT },
	{ "5.15", "aa48e47e3906", "a periodic flush every 2 s (flush_memcg_stats_dwork()); a reader's "
	  "mem_cgroup_flush_stats() flushes whenever spin_trylock() succeeds: still no count",
	  "mem_cgroup_flush_stats(), flush_memcg_stats_dwork(), mm/memcontrol.c",
	  "5.15.0 and 5.15.16 flush on every reader that gets the lock; no 5.14 tree read", flush_value, FLUSH_RSTAT },
	{ "5.15.18", "5b3be698a872", "stable backport of 5.16's and 5.17's threshold (with \"memcg: flush stats "
	  "only if updated\" and \"memcg: unify memcg stat flushing\"): 5.17's count of pages in units of a batch",
	  "memcg_rstat_updated(), mem_cgroup_flush_stats(), mm/memcontrol.c",
	  "the 5.15.18-rc1 review lists the three commits; 5.15.16 has no count and 5.15.55 counts abs(val)",
	  flush_value, FLUSH_UNITS },
	{ "5.16", "11192d9c124d", "a flush is due once the update events pass num_online_cpus() units: every "
	  "MEMCG_CHARGE_BATCH-th update on a CPU adds a unit, whatever its size (one count for every memcg)",
	  "memcg_rstat_updated(), mem_cgroup_flush_stats(), mm/memcontrol.c",
	  "5.15.0 has no count; no 5.16 tree in the store: the shape is the commit's diff and the 5.17 diff that "
	  "replaces it (__this_cpu_inc_return(stats_updates) % MEMCG_CHARGE_BATCH)", flush_value, FLUSH_EVENTS },
	{ "5.17", "5b3be698a872", "each CPU sums abs(val) and, once the sum x > MEMCG_CHARGE_BATCH, adds "
	  "x / MEMCG_CHARGE_BATCH units; a flush is due past num_online_cpus() units (one count for every memcg)",
	  "memcg_rstat_updated(), mem_cgroup_flush_stats(), mm/memcontrol.c",
	  "5.17-rc5 counts abs(val) in units (no 5.17.0 tree; no 5.16 tree: see the 5.16 row)", flush_value,
	  FLUSH_UNITS },
	{ "6.1", "1813e51eece0", "the same count, its unit twice as many pages with MEMCG_CHARGE_BATCH",
	  "memcg_rstat_updated(), mem_cgroup_flush_stats(), mm/memcontrol.c",
	  "6.0.1 counts units of 32 and 6.1-rc7 units of 64", flush_value, FLUSH_UNITS },
	{ "6.6.117", "8d59d2214c23", "stable backport of 6.8's per-memcg threshold",
	  "memcg_rstat_updated(), memcg_should_flush_stats(), mm/memcontrol.c",
	  "6.6.63 still counts units for all memcgs; the 6.6.117-rc1 review carries 8d59d2214c23 (patch 515/529)",
	  flush_value, FLUSH_PER_MEMCG },
	{ "6.8", "8d59d2214c23", "per memcg: each memcg's own updates (added up its ancestors) against "
	  "MEMCG_CHARGE_BATCH * num_online_cpus()", "memcg_rstat_updated(), memcg_vmstats_needs_flush(), "
	  "mm/memcontrol.c", "6.5.0 counts units for all memcgs and 6.8.1 per memcg (no 6.6.0, 6.7.0 or 6.8.0 tree)",
	  flush_value, FLUSH_PER_MEMCG },
	{ .from = NULL },
};

static const struct release_history flush_history = {
	.constant = "memcg stats flush", .unit = "pages", .rows = flush_rows,
	.before_first = "before 4.16 the memcg stat counters were not batched by MEMCG_CHARGE_BATCH "
			"(not in batchlab's table)",
	.metric = "flush_threshold",
};

static uint64_t release_batch(const struct machine *m)
{
	const struct release_row *r = release_row(m, &batch_history);

	return r ? r->mode : MEMCG_CHARGE_BATCH_OLD;
}

/* MEMCG_CHARGE_BATCH: 32U before seed 000, 64U after (or the charge_batch what-if); the release's on the kernel side. */
static uint64_t charge_batch(const struct machine *m, int side, struct strbuf *why)
{
	if (side == SIDE_KERNEL) {
		uint64_t b = release_batch(m);

		sb_printf(why, "MEMCG_CHARGE_BATCH = %lluU on %s (%s)\n", (unsigned long long)b,
			  release_names[machine_release(m)], release_row(m, &batch_history)->where);
		return b;
	}
	if (side > AFTER)
		return variant_const(m, &memcg_charge_patch, side, why);
	uint64_t b = side == BEFORE ? MEMCG_CHARGE_BATCH_OLD : m->charge_batch;

	if (side == BEFORE)
		sb_printf(why, "MEMCG_CHARGE_BATCH = 32U (include/linux/memcontrol.h, before seed 000)\n");
	else
		sb_printf(why, "MEMCG_CHARGE_BATCH = %lluU (include/linux/memcontrol.h; seed 000: 64U%s)\n",
			  (unsigned long long)b, b == 64 ? "" : "; set by charge_batch");
	if (b > MEMCG_STOCK_S8_MAX)
		sb_printf(why, "not buildable on kernels with the multi-memcg stock: refill_stock() has "
			       "BUILD_BUG_ON(MEMCG_CHARGE_BATCH > S8_MAX), %llu > 127 (mm/memcontrol.c)\n",
			  (unsigned long long)b);
	return b;
}

/* MEMCG_CHARGE_BATCH on the release a row starts at. */
static uint64_t batch_on(const struct release_row *r)
{
	const struct release_row *b = release_row_at(&batch_history, release_find(r->from));

	return b ? b->mode : MEMCG_CHARGE_BATCH_OLD;
}

/*
 * Before 4.14 refill_stock() never drained for size, but only a charge of a
 * whole batch refills the stock, with what that charge left over (less than
 * a batch): the bound is the same one memcg's batch per CPU.
 */
static uint64_t memcgs_of(const struct release_row *r)
{
	return r->mode ? r->mode : 1;
}

static struct value stock_value(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	uint64_t b = batch_on(r), bytes = mul_sat(mul_sat(m->cpus, memcgs_of(r)), mul_sat(b, m->pagesize));

	sb_printf(why, "cpus * memcgs per stock * MEMCG_CHARGE_BATCH * PAGE_SIZE = %llu * %llu * %llu * %llu = %llu\n",
		  (unsigned long long)m->cpus, (unsigned long long)memcgs_of(r), (unsigned long long)b,
		  (unsigned long long)m->pagesize, (unsigned long long)bytes);
	return val_int(bytes);
}

static struct value flush_value(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	uint64_t b = batch_on(r);

	if (r->mode == FLUSH_SUM)
		return val_none("no flush: readers sum every CPU");
	if (r->mode == FLUSH_SPILL)
		return val_none("no flush: each per-CPU counter spills on its own");
	if (r->mode == FLUSH_RSTAT)
		return val_none("no threshold: readers flush");
	if (r->mode == FLUSH_EVENTS)
		return val_none("counts update events, not pages");
	sb_printf(why, "MEMCG_CHARGE_BATCH * num_online_cpus() = %llu * %llu\n", (unsigned long long)b,
		  (unsigned long long)m->cpus);
	/* units are compared with num_online_cpus() itself: no unsigned int product to wrap before 6.8 */
	return val_int(r->mode == FLUSH_UNITS ? b * m->cpus : (uint32_t)(b * m->cpus));
}

/* How many memcgs a CPU's stock holds: the release's on the kernel side; before and after are 6.1's, one. */
static uint64_t stocks(const struct machine *m, int side)
{
	const struct release_row *r = side == SIDE_KERNEL ? release_row(m, &stock_history) : NULL;

	return r ? memcgs_of(r) : 1;
}

static struct value batch(METRIC_ARGS(m, side, why))
{
	uint64_t b = charge_batch(m, side, why);

	sb_printf(why, "kernel: try_charge_memcg(), mm/memcontrol.c charges max(MEMCG_CHARGE_BATCH, nr_pages)\n");
	return val_int(b);
}

/* refill_stock() drains a CPU's stock once it holds more than a batch: at most a batch per CPU. */
static struct value stock_max_bytes(METRIC_ARGS(m, side, why))
{
	uint64_t b = charge_batch(m, side, why), bytes = m->cpus * b * m->pagesize;
	char human[32];

	if (why) /* formatting costs more than the arithmetic: only when asked */
		format_size(bytes, human, sizeof(human));
	sb_printf(why, "formula: stock_max_bytes = cpus * MEMCG_CHARGE_BATCH * PAGE_SIZE\n");
	sb_printf(why, "%llu * %llu * %llu = %llu (%s)\n", (unsigned long long)m->cpus, (unsigned long long)b,
		  (unsigned long long)m->pagesize, (unsigned long long)bytes, human);
	sb_printf(why, "memory.current counts it; reclaim cannot see it until the stocks drain: try_charge_memcg() "
		       "calls drain_all_stock() once for the over-limit memcg before it retries towards OOM, and "
		       "memory.high/memory.max writes call it too; drain_all_stock() returns at once while another "
		       "drain holds percpu_charge_mutex, drains only stocks cached for that memcg's subtree, drains "
		       "the current CPU's itself and only queues work on the others (no wait), and skips isolated CPUs\n");
	sb_printf(why, "per memcg: kernels with the multi-memcg stock (NR_MEMCG_STOCK) cache up to 7 memcgs per CPU\n");
	sb_printf(why, "kernel: refill_stock(), consume_stock(), mm/memcontrol.c\n");
	return val_int(bytes);
}

/*
 * The bound over every memcg at once: each CPU's stock holds up to a batch
 * for each memcg it caches, one before 6.16 and NR_MEMCG_STOCK = 7 from it,
 * so the machine may park cpus * memcgs * batch pages while one memcg's
 * share stays stock_max_bytes.
 */
static struct value stock_machine_max_bytes(METRIC_ARGS(m, side, why))
{
	uint64_t b = charge_batch(m, side, why), n = stocks(m, side);
	uint64_t bytes = mul_sat(mul_sat(m->cpus, n), mul_sat(b, m->pagesize));
	char human[32];

	if (why)
		format_size(bytes, human, sizeof(human));
	sb_printf(why, "formula: stock_machine_max_bytes = cpus * memcgs per stock * MEMCG_CHARGE_BATCH * PAGE_SIZE\n");
	sb_printf(why, "%llu * %llu * %llu * %llu = %llu (%s)\n", (unsigned long long)m->cpus, (unsigned long long)n,
		  (unsigned long long)b, (unsigned long long)m->pagesize, (unsigned long long)bytes, human);
	if (side == SIDE_KERNEL)
		sb_printf(why, "memcgs per stock on %s: %s\n", release_names[machine_release(m)],
			  release_row(m, &stock_history)->what);
	else
		sb_printf(why, "memcgs per stock: 1, as on the patch's 6.1 (the multi-memcg stock came in 6.16)\n");
	sb_printf(why, "kernel: refill_stock(), consume_stock(), mm/memcontrol.c\n");
	return val_int(bytes);
}

static uint64_t refills(const struct machine *m, int side, struct strbuf *why)
{
	uint64_t b = charge_batch(m, side, why), pages = GiB / m->pagesize, r = (pages + b - 1) / b;

	sb_printf(why, "workload: one CPU charges 1 GiB a page at a time into one memcg; nothing else drains its stock\n");
	sb_printf(why, "formula: refills_per_gib = ceil((1 GiB / PAGE_SIZE) / MEMCG_CHARGE_BATCH)\n");
	sb_printf(why, "ceil(%llu / %llu) = %llu trips to the page_counters (each charges a whole batch; the last leaves its surplus in the stock)\n",
		  (unsigned long long)pages, (unsigned long long)b, (unsigned long long)r);
	return r;
}

static struct value refills_per_gib(METRIC_ARGS(m, side, why))
{
	uint64_t r = refills(m, side, why);

	sb_printf(why, "kernel: try_charge_memcg() on a consume_stock() miss, mm/memcontrol.c\n");
	return val_int(r);
}

static struct value counter_updates_per_gib(METRIC_ARGS(m, side, why))
{
	uint64_t r = refills(m, side, why), u = r * m->depth;

	sb_printf(why, "each refill walks depth = %llu page_counters to the root: %llu * %llu = %llu atomic updates\n",
		  (unsigned long long)m->depth, (unsigned long long)r, (unsigned long long)m->depth,
		  (unsigned long long)u);
	sb_printf(why, "kernel: page_counter_try_charge(), mm/page_counter.c\n");
	return val_int(u);
}


/* The price of the batch, measured against the memcg it lives in. */
static struct value stock_share(METRIC_ARGS(m, side, why))
{
	uint64_t b = charge_batch(m, side, why), bytes = mul_sat(m->cpus * b, m->pagesize);
	double pct = 100.0 * (double)bytes / (double)m->cgroup_size;

	sb_printf(why, "formula: stock_share = 100 * cpus * MEMCG_CHARGE_BATCH * PAGE_SIZE / cgroup_size\n");
	sb_printf(why, "100 * %llu * %llu * %llu / %llu = %.6g%%\n", (unsigned long long)m->cpus, (unsigned long long)b,
		  (unsigned long long)m->pagesize, (unsigned long long)m->cgroup_size, pct);
	sb_printf(why, "memory.current counts it, reclaim cannot take it back until drain_all_stock()\n");
	sb_printf(why, "kernel: refill_stock(), consume_stock(), drain_all_stock(), mm/memcontrol.c\n");
	return val_real(pct);
}

/*
 * How late the periodic flush may be, in the code: flush_memcg_stats_dwork()
 * flushes, then queues itself FLUSH_TIME later on a deferrable timer (so
 * flushes are at least 2 s apart and later on an idle CPU), and
 * mem_cgroup_flush_stats_ratelimited() flushes only when that work is a whole
 * cycle late.
 */
static const char *const flush_time_note =
	"in time: flush_memcg_stats_dwork() flushes, then re-queues itself FLUSH_TIME = 2UL*HZ later as "
	"deferrable work: periodic flushes at least 2 s apart, later while that CPU idles (no 2 s bound); "
	"mem_cgroup_flush_stats_ratelimited() readers flush only when the periodic flush is a whole cycle "
	"late (2 * FLUSH_TIME = 4 s after the last flush) and the threshold is passed\n";

/*
 * memcg_rstat_updated(), mm/memcontrol.c, steps two counters per memcg: each
 * update adds abs(val) to this CPU's stats_updates, and only once that reaches
 * MEMCG_CHARGE_BATCH does it move the whole per-CPU count to the shared
 * vmstats->stats_updates. memcg_vmstats_needs_flush() tests the shared count
 * alone (> MEMCG_CHARGE_BATCH * num_online_cpus(), an unsigned int product).
 * So while no flush is due the shared count holds up to that threshold and
 * every CPU up to MEMCG_CHARGE_BATCH - 1 more: (2B - 1) * cpus pages, not the
 * B * cpus of the comment above flush_memcg_stats_dwork().
 */
static uint64_t stale_pages(uint64_t b, uint64_t cpus, uint64_t *threshold)
{
	*threshold = (uint32_t)(b * cpus);
	/* the shared count moves in steps of at least a batch: a wrapped threshold below one holds none */
	return (*threshold >= b ? *threshold : 0) + cpus * (b - 1);
}

/*
 * 4.16 to 5.12 had no flush: __mod_memcg_state() kept each counter's per-CPU
 * delta until abs(x) > MEMCG_CHARGE_BATCH, so a counter's total lags by at
 * most a batch per CPU.
 */
static struct value stale_spill_bytes(const struct machine *m, uint64_t b, struct strbuf *why)
{
	uint64_t pages = b * m->cpus, bytes = mul_sat(pages, m->pagesize);

	sb_printf(why, "formula (4.16-5.12): stale_stat_bytes = cpus * MEMCG_CHARGE_BATCH * PAGE_SIZE, per counter\n");
	sb_printf(why, "%llu * %llu * %llu = %llu bytes: each CPU keeps up to a batch of a counter's change before it "
		       "spills it into the memcg's total (and its ancestors')\n",
		  (unsigned long long)m->cpus, (unsigned long long)b, (unsigned long long)m->pagesize,
		  (unsigned long long)bytes);
	sb_printf(why, "kernel: __mod_memcg_state(), mm/memcontrol.c\n");
	return val_int(bytes);
}

/*
 * 5.15.18 and 5.17 to 6.7 (memcg_rstat_updated(), mem_cgroup_flush_stats(),
 * mm/memcontrol.c): a CPU sums abs(val) in its stats_updates and, once the
 * sum x exceeds B, adds x / B units to the one stats_flush_threshold and
 * starts again from 0; a flush is due once the units exceed
 * num_online_cpus(). Units carry from B + 1 pages (one-page updates) up to
 * 2B - 1 (an update of B - 1 on a count of B): while no flush is due, cpus
 * units of up to 2B - 1 pages each and up to B pages on every CPU,
 * (3B - 1) * cpus; (2B + 1) * cpus when every update is one page.
 */
static struct value stale_units_bytes(const struct machine *m, uint64_t b, struct strbuf *why)
{
	uint64_t pages = mul_sat(3 * b - 1, m->cpus), bytes = mul_sat(pages, m->pagesize);

	sb_printf(why, "formula (5.15.18, 5.17-6.7): stale_stat_bytes = (3 * MEMCG_CHARGE_BATCH - 1) * cpus * PAGE_SIZE\n");
	sb_printf(why, "memcg_rstat_updated() adds abs(val) to this CPU's stats_updates; past MEMCG_CHARGE_BATCH it adds "
		       "x / MEMCG_CHARGE_BATCH units to stats_flush_threshold and zeroes it; mem_cgroup_flush_stats() "
		       "flushes once the units exceed num_online_cpus() (%llu): up to %llu units of at most 2B - 1 = %llu "
		       "pages (an update of B - 1 on a count of B), and up to B = %llu on every CPU\n",
		  (unsigned long long)m->cpus, (unsigned long long)m->cpus, (unsigned long long)(2 * b - 1),
		  (unsigned long long)b);
	sb_printf(why, "%llu * %llu = %llu pages; * %llu = %llu bytes a reader may miss before a flush is due\n",
		  (unsigned long long)(3 * b - 1), (unsigned long long)m->cpus, (unsigned long long)pages,
		  (unsigned long long)m->pagesize, (unsigned long long)bytes);
	sb_printf(why, "workload: with one-page updates every unit is B + 1 pages: (2B + 1) * cpus = %llu pages\n",
		  (unsigned long long)mul_sat(2 * b + 1, m->cpus));
	sb_puts(why, flush_time_note);
	sb_printf(why, "kernel: memcg_rstat_updated(), mem_cgroup_flush_stats(), mm/memcontrol.c\n");
	return val_int(bytes);
}

static struct value stale_stat_bytes(METRIC_ARGS(m, side, why))
{
	uint64_t b = charge_batch(m, side, why), full = b * m->cpus, t, pages = stale_pages(b, m->cpus, &t);
	uint64_t bytes = mul_sat(pages, m->pagesize);

	if (side == SIDE_KERNEL && release_row(m, &flush_history)->mode == FLUSH_SUM) {
		sb_printf(why, "3.10-4.15: a reader sums every CPU's count (mem_cgroup_read_stat(), memcg_page_state()): "
			       "no change waits for a flush, 0 bytes unread\n");
		return val_int(0);
	}
	if (side == SIDE_KERNEL && release_row(m, &flush_history)->mode == FLUSH_SPILL)
		return stale_spill_bytes(m, b, why); /* kernel_na() made sure of a row */
	if (side == SIDE_KERNEL && release_row(m, &flush_history)->mode == FLUSH_UNITS)
		return stale_units_bytes(m, b, why);

	sb_printf(why, "formula: stale_stat_bytes = (threshold + cpus * (MEMCG_CHARGE_BATCH - 1)) * PAGE_SIZE, "
		       "threshold = MEMCG_CHARGE_BATCH * num_online_cpus(); (2B - 1) * cpus pages while it does not wrap\n");
	sb_printf(why, "memcg_rstat_updated() adds abs(val) to this CPU's stats_updates and moves it to the shared "
		       "vmstats->stats_updates only once it reaches MEMCG_CHARGE_BATCH; memcg_vmstats_needs_flush() "
		       "tests the shared count alone: it holds up to the threshold, each CPU up to %llu more\n",
		  (unsigned long long)(b - 1));
	if (trunc32(full))
		sb_printf(why, "truncated: the kernel's threshold is an unsigned int product, %llu wraps to %llu\n",
			  (unsigned long long)full, (unsigned long long)t);
	sb_printf(why, "%llu + %llu * %llu = %llu pages; * %llu = %llu bytes a reader may miss before a flush is due\n",
		  (unsigned long long)(t >= b ? t : 0), (unsigned long long)m->cpus, (unsigned long long)(b - 1),
		  (unsigned long long)pages, (unsigned long long)m->pagesize, (unsigned long long)bytes);
	sb_printf(why, "not the comment above flush_memcg_stats_dwork() ('atmost (MEMCG_CHARGE_BATCH * nr_cpus)'): "
		       "the per-CPU counts it leaves out are in no flush threshold\n");
	sb_puts(why, flush_time_note);
	sb_printf(why, "kernel: memcg_rstat_updated(), memcg_vmstats_needs_flush(), mm/memcontrol.c\n");
	return val_int(bytes);
}

/*
 * memcg_vmstats_needs_flush(), mm/memcontrol.c: stats_updates >
 * MEMCG_CHARGE_BATCH * num_online_cpus(), an unsigned int product that wraps
 * at 2^32. memcg_rstat_updated() adds abs(val) - pages of stat change - to a
 * per-CPU count and moves it to the shared one in whole batches, so the change
 * that makes a flush due lies between threshold + 1 and threshold + 1 +
 * cpus * (batch - 1) pages.
 */
/*
 * 5.15.18 and 5.17 to 6.7: mem_cgroup_flush_stats() flushes once
 * stats_flush_threshold > num_online_cpus(), the units of
 * memcg_rstat_updated() (x / MEMCG_CHARGE_BATCH per spill): the value is the
 * pages of cpus whole units, compared as a count (no product to wrap).
 */
static struct value units_threshold(const struct machine *m, uint64_t b, struct strbuf *why)
{
	uint64_t t = mul_sat(b, m->cpus);

	sb_printf(why, "formula (5.15.18, 5.17-6.7): flush once stats_flush_threshold > num_online_cpus() units of "
		       "MEMCG_CHARGE_BATCH pages: %llu * %llu = %llu pages (a count of units, no product to wrap)\n",
		  (unsigned long long)m->cpus, (unsigned long long)b, (unsigned long long)t);
	sb_printf(why, "a flush is due after %llu (one update of (cpus + 1) * B) to %llu pages of change "
		       "((3B - 1) * cpus + 1, units of 2B - 1 pages and B on every CPU)\n",
		  (unsigned long long)mul_sat(m->cpus + 1, b), (unsigned long long)(mul_sat(3 * b - 1, m->cpus) + 1));
	sb_puts(why, flush_time_note);
	sb_printf(why, "kernel: memcg_rstat_updated(), mem_cgroup_flush_stats(), mm/memcontrol.c\n");
	return val_int(t);
}

static struct value flush_threshold(METRIC_ARGS(m, side, why))
{
	uint64_t b = charge_batch(m, side, why), full = b * m->cpus, t, most = stale_pages(b, m->cpus, &t) + 1;
	uint64_t least = max_u64(t + 1, b);

	if (side == SIDE_KERNEL && release_row(m, &flush_history)->mode == FLUSH_UNITS)
		return units_threshold(m, b, why); /* kernel_na() made sure of a row */
	sb_printf(why, "formula: flush when stats_updates > MEMCG_CHARGE_BATCH * num_online_cpus()\n");
	sb_printf(why, "%llu * %llu = %llu pages of stat change\n", (unsigned long long)b, (unsigned long long)m->cpus,
		  (unsigned long long)full);
	if (trunc32(full))
		sb_printf(why, "truncated: both are unsigned int, so the product wraps to %llu\n", (unsigned long long)t);
	sb_printf(why, "stats_updates grows by abs(val) per update: pages changed, not a count of updates; "
		       "memcg_rstat_updated() keeps up to MEMCG_CHARGE_BATCH - 1 of them per CPU before it adds them to "
		       "the shared count, so a flush is due after %llu to %llu pages of change (B*cpus+1 to (2B-1)*cpus+1)\n",
		  (unsigned long long)least, (unsigned long long)most);
	sb_puts(why, flush_time_note);
	sb_printf(why, "kernel: memcg_vmstats_needs_flush(), memcg_rstat_updated(), flush_memcg_stats_dwork(), mm/memcontrol.c\n");
	return val_int(t);
}

/*
 * The memory.high side seed 000 names. After a refill, try_charge_memcg()
 * adds the whole batch to current->memcg_nr_pages_over_high when the memcg
 * is above memory.high, and reclaims synchronously only once that exceeds
 * MEMCG_CHARGE_BATCH: with single-page charges, at the second refill.
 */
static struct value high_sync_pages(METRIC_ARGS(m, side, why))
{
	uint64_t b = charge_batch(m, side, why), refills = 2; /* k * batch > batch first at k = 2 */
	uint64_t pages = refills * b;

	sb_printf(why, "workload: one task charging single pages inside one kernel entry, its memcg over memory.high\n");
	sb_printf(why, "each refill: memcg_nr_pages_over_high += batch (%llu); synchronous reclaim when > MEMCG_CHARGE_BATCH (%llu)\n",
		  (unsigned long long)b, (unsigned long long)b);
	sb_printf(why, "first past it after %llu refills: %llu * %llu = %llu pages the page_counters grew over memory.high\n",
		  (unsigned long long)refills, (unsigned long long)refills, (unsigned long long)b, (unsigned long long)pages);
	sb_printf(why, "the task itself has charged %llu + 1 = %llu pages by then: each refill charges a batch to the "
		       "page_counters, the task takes one page and refill_stock() keeps the other %llu in its CPU's stock\n",
		  (unsigned long long)b, (unsigned long long)(b + 1), (unsigned long long)(b - 1));
	sb_printf(why, "kernel: try_charge_memcg(), mm/memcontrol.c: current->memcg_nr_pages_over_high += batch; "
		       "if (current->memcg_nr_pages_over_high > MEMCG_CHARGE_BATCH ...) mem_cgroup_handle_over_high()\n");
	return val_int(pages);
}

/*
 * calculate_high_delay() scales the penalty by nr_pages / MEMCG_CHARGE_BATCH,
 * and nr_pages arrives in whole batches: a task returning to user space after
 * each refill is throttled once per batch pages with the same per-event
 * penalty at the same overage, so throttling per GiB over memory.high is
 * proportional to the number of events.
 */
static struct value high_throttles_per_gib(METRIC_ARGS(m, side, why))
{
	uint64_t b = charge_batch(m, side, why), pages = GiB / m->pagesize, n = (pages + b - 1) / b;

	sb_printf(why, "workload: single-page charges over memory.high, back to user space after each refill\n");
	sb_printf(why, "formula: throttle events per GiB = ceil((1 GiB / PAGE_SIZE) / MEMCG_CHARGE_BATCH) = ceil(%llu / %llu) = %llu\n",
		  (unsigned long long)pages, (unsigned long long)b, (unsigned long long)n);
	sb_printf(why, "each event: mem_cgroup_handle_over_high() reclaims nr_pages = %llu and computes "
		       "calculate_high_delay() = (overage^2 * HZ >> 34) * nr_pages / MEMCG_CHARGE_BATCH = 1x the base penalty\n",
		  (unsigned long long)b);
	sb_printf(why, "it sleeps only when that penalty (clamped to MEMCG_MAX_HIGH_DELAY_JIFFIES, 2 s) exceeds HZ / 100 "
		       "(10 ms) and reclaim has stopped making progress: it retries while reclaim frees pages, then "
		       "MAX_RECLAIM_RETRIES more times, and sleeps only after those\n");
	sb_printf(why, "regime: this counts sleeps only where reclaim cannot keep up and the overage makes the penalty "
		       "pass 10 ms; there, at the same overage, the throttle per GiB charged scales with this count "
		       "(fewer = weaker backoff); elsewhere an event reclaims and returns without sleeping\n");
	sb_printf(why, "kernel: calculate_high_delay(), mem_cgroup_handle_over_high(), try_charge_memcg(), mm/memcontrol.c\n");
	return val_int(n);
}

/*
 * The throughput model (seed 000's netperf): every CPU charges pages in a
 * loop - Z of private work per page (a delay centre), and once per batch
 * pages one visit to each of depth shared page_counter cachelines (queueing
 * centres of service c, so demand c / batch per page at each).
 */
struct charge_net {
	double demand[MVA_MAX_CENTRES];
	struct mva_net net;
};

static void charge_net_init(const struct machine *m, uint64_t batch, struct charge_net *cn)
{
	for (uint64_t k = 0; k < m->depth && k < MVA_MAX_CENTRES; k++)
		cn->demand[k] = m->page_counter_ns / (double)batch;
	cn->net.think = m->charge_page_ns;
	cn->net.demand = cn->demand;
	cn->net.ncentres = (size_t)min_u64(m->depth, MVA_MAX_CENTRES);
	cn->net.memo = m->mva_memo;
}

/*
 * The CPUs that charge at once: each netperf instance and its netserver keep
 * one CPU busy apiece, so 2 * instances of them, at most every CPU (more
 * threads than CPUs take turns: the robot's 200% runs). With instances auto
 * every CPU charges, as in the seed (36 pairs on 72 CPUs).
 */
static uint64_t charging_cpus(const struct machine *m, uint64_t cpus)
{
	if (!m->instances)
		return cpus;
	return 2 * m->instances < cpus ? 2 * m->instances : cpus;
}

/*
 * X pages per ns over the charging CPUs, as the seed reports it: average
 * Mbps per netperf instance, each payload page costing netperf_charges page
 * charges. Auto instances are cpus / 2, a half on an odd count (the seed's
 * one pair per two CPUs, as an average).
 */
static double netperf_mbps(const struct machine *m, double x_per_ns, uint64_t cpus)
{
	double pages_per_s = x_per_ns * 1e9;
	double instances = m->instances ? (double)m->instances : (double)cpus / 2;

	return pages_per_s / m->netperf_charges * (double)m->pagesize * 8 / 1e6 / instances;
}

static const char *const netperf_fit =
	"fitted: charge_page_ns and page_counter_ns to seed 000 (72 CPUs, depth 3, 4K pages): "
	"10482.7 Mbps at batch 32 and 17064.7 Mbps at batch 64, two figures for two unknowns, so "
	"the model reproduces both by construction; a machine's own speed (netperf-44cpu, "
	"netperf-icl-128t) scales both by one factor fitted to one row (`about memcg_charge --validation`)\n"
	"assumed: each netperf and its netserver keep a CPU busy (N = min(cpus, 2 * instances); "
	"instances auto: every CPU, cpus / 2 pairs), "
	"netperf_charges pages charged per payload page; nothing else in the path contends\n";

static struct value charge_throughput(METRIC_ARGS(m, side, why))
{
	uint64_t b = charge_batch(m, side, why), n = charging_cpus(m, m->cpus);
	struct charge_net cn;
	double x, cycle, mbps;

	charge_net_init(m, b, &cn);
	if (mva_solve(&cn.net, n, &x, NULL, NULL))
		return val_none("no work per page: charge_page_ns and page_counter_ns are both 0");
	cycle = (double)n / x;
	mbps = netperf_mbps(m, x, m->cpus);
	sb_printf(why, "model: closed network, N = min(cpus, 2 * instances) = %llu CPUs charging pages in a loop (exact MVA)\n",
		  (unsigned long long)n);
	sb_printf(why, "  delay centre Z = charge_page_ns = %.4g ns of private work per page\n", m->charge_page_ns);
	sb_printf(why, "  %llu queueing centres (depth page_counters), each D = page_counter_ns / batch = %.4g / %llu = %.4g ns per page\n",
		  (unsigned long long)m->depth, m->page_counter_ns, (unsigned long long)b, cn.demand[0]);
	sb_printf(why, "X(%llu) = %.0f pages/s; time per page = N / X = %.0f ns, of which %.0f ns queueing at the counters\n",
		  (unsigned long long)n, x * 1e9, cycle, cycle - m->charge_page_ns);
	sb_printf(why, "Mbps per netperf = X / netperf_charges * PAGE_SIZE * 8 / 1e6 / instances\n");
	sb_printf(why, "  = %.0f / %.4g * %llu * 8 / 1e6 / %.6g = %.6g Mbps (modeled)\n", x * 1e9, m->netperf_charges,
		  (unsigned long long)m->pagesize, m->instances ? (double)m->instances : (double)m->cpus / 2, mbps);
	sb_puts(why, netperf_fit);
	return val_real(mbps);
}

/*
 * Both sides' throughput at once, without the working: the two recursions
 * interleaved cost about one (mva_solve_pair() gives each network the
 * doubles mva_solve() would), so the explorer's row and a sweep's row solve
 * once, not twice, at 65536 CPUs.
 */
static void charge_throughput_sides(const struct machine *m, struct value out[PATCH_MAX_SIDES])
{
	struct charge_net nb, na;
	double xb, xa;

	charge_net_init(m, charge_batch(m, BEFORE, NULL), &nb);
	charge_net_init(m, charge_batch(m, AFTER, NULL), &na);
	if (mva_solve_pair(&nb.net, &na.net, charging_cpus(m, m->cpus), &xb, &xa, NULL, NULL)) {
		/* a network that cannot be solved: each side says why, as fn does */
		out[BEFORE] = charge_throughput(m, NULL, BEFORE, NULL);
		out[AFTER] = charge_throughput(m, NULL, AFTER, NULL);
		return;
	}
	out[BEFORE] = val_real(netperf_mbps(m, xb, m->cpus));
	out[AFTER] = val_real(netperf_mbps(m, xa, m->cpus));
}

static struct value charge_speedup(METRIC_ARGS(m, side, why))
{
	struct charge_net nb, na;
	struct value before, after;
	double xb, xa;

	(void)side;
	/* both sides in one interleaved pass: the same figures charge_throughput() gives */
	charge_net_init(m, MEMCG_CHARGE_BATCH_OLD, &nb);
	charge_net_init(m, m->charge_batch, &na);
	if (mva_solve_pair(&nb.net, &na.net, charging_cpus(m, m->cpus), &xb, &xa, NULL, NULL))
		return val_none("throughput cannot be evaluated");
	before = val_real(netperf_mbps(m, xb, m->cpus));
	after = val_real(netperf_mbps(m, xa, m->cpus));
	if (!(before.r > 0))
		return val_none("throughput cannot be evaluated");
	sb_printf(why, "formula: speedup = throughput.after / throughput.before (same N, Z, c; batch %u -> %llu)\n",
		  MEMCG_CHARGE_BATCH_OLD, (unsigned long long)m->charge_batch);
	sb_printf(why, "%.6g / %.6g = %.4f (modeled)\n", after.r, before.r, after.r / before.r);
	sb_printf(why, "N = %llu CPUs, depth = %llu, Z = %.4g ns, page_counter_ns = %.4g ns\n",
		  (unsigned long long)charging_cpus(m, m->cpus),
		  (unsigned long long)m->depth, m->charge_page_ns, m->page_counter_ns);
	sb_puts(why, netperf_fit);
	sb_printf(why, "shape: near 1 on few CPUs (the counters are idle), towards batch ratio on very many\n");
	return val_real(after.r / before.r);
}


/*
 * The saving put in proportion: the counter updates a bigger batch saves per
 * GiB are a part of the charge loop they belong to - each page's own work
 * (charge_page_ns, the model's fitted private work per charged page) plus the
 * before side's counter updates, uncontended (one CPU: no queueing, which is
 * what the throughput model adds on many).
 */
static struct value update_share(METRIC_ARGS(m, side, why))
{
	uint64_t ub = refills(m, BEFORE, NULL) * m->depth, us = refills(m, side, NULL) * m->depth;
	uint64_t pages = GiB / m->pagesize;
	double saved = ((double)ub - (double)us) * m->page_counter_ns;
	double path = (double)pages * m->charge_page_ns + (double)ub * m->page_counter_ns;
	double pct = path > 0 ? 100.0 * saved / path : 0;

	sb_printf(why, "model: update_share = 100 * (updates.before - updates) * page_counter_ns\n"
		       "  / (pages * charge_page_ns + updates.before * page_counter_ns), per GiB charged on one CPU\n");
	sb_printf(why, "saved: (%llu - %llu) page_counter updates * %.3f ns = %.6f ms per GiB\n",
		  (unsigned long long)ub, (unsigned long long)us, m->page_counter_ns, saved / 1e6);
	sb_printf(why, "the charge loop it is part of: %llu pages * %.3f ns + %llu * %.3f ns = %.6f ms per GiB\n",
		  (unsigned long long)pages, m->charge_page_ns, (unsigned long long)ub, m->page_counter_ns, path / 1e6);
	sb_printf(why, "100 * %.6f / %.6f = %.6f%% (modeled)\n", saved / 1e6, path / 1e6, pct);
	sb_printf(why, "uncontended: on many CPUs the counters queue and the share grows (throughput shows that)\n");
	sb_puts(why, netperf_fit);
	sb_printf(why, "kernel: page_counter_try_charge(), mm/page_counter.c, from try_charge_memcg(), mm/memcontrol.c, "
		       "once per refill for each of depth levels\n");
	return val_real(pct);
}

/*
 * One MVA pass yields every cpus = 1..n of a sweep; two columns' recursions
 * run interleaved in it, so both sides cost about what one did.
 */
struct charge_sweep {
	const struct machine *m;
	double *a, *b; /* the two columns of the pass; b NULL for a pass of one */
	int ratio;           /* speedup: a gets b's Mbps over a's */
};

static void charge_sweep_one(uint64_t k, double x, void *ctx)
{
	struct charge_sweep *cs = ctx;

	cs->a[k - 1] = netperf_mbps(cs->m, x, k);
}

static void charge_sweep_two(uint64_t k, double xa, double xb, void *ctx)
{
	struct charge_sweep *cs = ctx;
	double a = netperf_mbps(cs->m, xa, k), b = netperf_mbps(cs->m, xb, k);

	if (cs->ratio) {
		cs->a[k - 1] = b / a; /* as charge_speedup() divides: the same double */
		return;
	}
	cs->a[k - 1] = a;
	cs->b[k - 1] = b;
}

static int charge_sweep_pass(const struct machine *m, uint64_t n, int sa, int sb, struct charge_sweep *cs)
{
	struct charge_net na, nb;
	double xa, xb;

	charge_net_init(m, charge_batch(m, sa, NULL), &na);
	if (sb < 0)
		return mva_solve(&na.net, n, &xa, charge_sweep_one, cs);
	charge_net_init(m, charge_batch(m, sb, NULL), &nb);
	return mva_solve_pair(&na.net, &nb.net, n, &xa, &xb, charge_sweep_two, cs);
}

static int charge_throughput_cpus(const struct machine *m, uint64_t n, double *const out[PATCH_MAX_COLS])
{
	int want[PATCH_MAX_COLS], nw = 0;

	if (m->instances) /* a fixed count caps the charging CPUs below cpus: fn per row */
		return -1;
	for (int s = 0; s < PATCH_MAX_COLS; s++)
		if (out[s])
			want[nw++] = s;
	for (int i = 0; i < nw; i += 2) {
		struct charge_sweep cs = { m, out[want[i]], i + 1 < nw ? out[want[i + 1]] : NULL, 0 };

		if (charge_sweep_pass(m, n, want[i], i + 1 < nw ? want[i + 1] : -1, &cs))
			return -1;
	}
	return 0;
}

static int charge_speedup_cpus(const struct machine *m, uint64_t n, double *const out[PATCH_MAX_COLS])
{
	struct charge_sweep cs = { m, out[0], NULL, 1 };

	if (m->instances)
		return -1;
	return charge_sweep_pass(m, n, BEFORE, AFTER, &cs);
}

/*
 * The machines measured (core/measured.c): throughput's rows span 44 to 128
 * CPUs (fitted at 72 and 44, held out at 44 and 128; test_validation holds
 * the range to the rows); the speedup was measured on seed 000's 72 alone.
 */
static const struct model_fit throughput_fit = { "cpus", 44, 128,
						 "measured from 44 to 128 CPUs (fitted at 72 and 44, held out at 44 and 128)", 0 };
static const struct model_fit speedup_fit = { "cpus", 72, 72, "fitted to seed 000 at 72 CPUs, no other machine measured", 0 };

static const struct metric_desc metrics[] = {
	{ .name = "batch", .unit = "pages", .kind = METRIC_EXACT,
	  .help = "pages charged per trip to the shared page_counters", .fn = batch,
	  .better = BETTER_NONE, .reads = "charge_batch" },
	{ .name = "stock_max_bytes", .unit = "bytes", .kind = METRIC_EXACT,
	  .help = "most memory pre-charged in per-CPU stocks", .fn = stock_max_bytes,
	  .better = BETTER_LOWER, .reads = "cpus pagesize charge_batch" },
	{ .name = "stock_machine_max_bytes", .unit = "bytes", .kind = METRIC_EXACT,
	  .help = "most memory pre-charged in every CPU's stock for all memcgs at once", .fn = stock_machine_max_bytes,
	  .better = BETTER_LOWER, .reads = "cpus pagesize charge_batch" },
	{ .name = "flush_threshold", .unit = "pages", .kind = METRIC_EXACT,
	  .help = "MEMCG_CHARGE_BATCH * cpus: a flush is due after B*cpus+1 to (2B-1)*cpus+1 pages of stat change",
	  .fn = flush_threshold,
	  .better = BETTER_NONE, .reads = "cpus charge_batch" },
	{ .name = "stock_share", .unit = "%", .kind = METRIC_EXACT,
	  .help = "stock_max_bytes as a share of cgroup_size", .fn = stock_share,
	  .better = BETTER_LOWER, .reads = "cpus pagesize charge_batch cgroup_size" },
	{ .name = "stale_stat_bytes", .unit = "bytes", .kind = METRIC_EXACT,
	  .help = "memcg stat change a reader may miss while no flush is due: (2B-1)*cpus pages", .fn = stale_stat_bytes,
	  .better = BETTER_LOWER, .reads = "cpus pagesize charge_batch" },
	{ .name = "high_sync_pages", .unit = "pages", .kind = METRIC_WORKLOAD,
	  .help = "page_counter growth over memory.high before try_charge_memcg() reclaims synchronously (the task charged B+1)",
	  .fn = high_sync_pages, .better = BETTER_LOWER, .reads = "charge_batch" },
	{ .name = "high_throttles_per_gib", .unit = "events", .kind = METRIC_WORKLOAD,
	  .help = "memory.high reclaim events per GiB charged over it; each may sleep (penalty > 10 ms, reclaim stalled)",
	  .fn = high_throttles_per_gib, .better = BETTER_HIGHER, .reads = "pagesize charge_batch" },
	{ .name = "refills_per_gib", .unit = "refills", .kind = METRIC_WORKLOAD,
	  .help = "stock refills per GiB charged in single pages", .fn = refills_per_gib,
	  .better = BETTER_LOWER, .reads = "pagesize charge_batch" },
	{ .name = "counter_updates_per_gib", .unit = "atomics", .kind = METRIC_WORKLOAD,
	  .help = "shared page_counter updates per GiB charged", .fn = counter_updates_per_gib,
	  .better = BETTER_LOWER, .reads = "pagesize depth charge_batch" },
	{ .name = "update_share", .unit = "%", .kind = METRIC_MODELED,
	  .help = "counter-update time saved per GiB against before, as a share of the charge loop's time (one CPU)",
	  .fn = update_share, .better = BETTER_HIGHER,
	  .reads = "pagesize depth charge_batch charge_page_ns page_counter_ns" },
	{ .name = "throughput", .unit = "Mbps", .kind = METRIC_MODELED,
	  .help = "netperf Mbps per instance, MVA over cpus (fitted to seed 000)",
	  .fn = charge_throughput, .fn_cpus = charge_throughput_cpus, .fn_sides = charge_throughput_sides,
	  .better = BETTER_HIGHER, .reads = "cpus pagesize depth instances charge_batch charge_page_ns page_counter_ns netperf_charges",
	  .fit = &throughput_fit },
	{ .name = "speedup", .unit = "x", .kind = METRIC_MODELED, .single = 1,
	  .help = "throughput after / before", .fn = charge_speedup, .ratio_of = "throughput",
	  .fn_cpus = charge_speedup_cpus,
	  .better = BETTER_HIGHER, .reads = "cpus pagesize depth instances charge_batch charge_page_ns page_counter_ns netperf_charges",
	  .fit = &speedup_fit },
	{ .name = NULL },
};

static const char *const sides[] = { "before", "after", NULL };
static const char *const no_locals[] = { NULL };

/* mm/memcontrol.c, refill_stock(): the stock keeps nr_pages in a uint8_t array, hence S8_MAX */
static const char *charge_batch_check(uint64_t v)
{
	return v > 127 ? "above 127: does not build on current kernels (BUILD_BUG_ON(MEMCG_CHARGE_BATCH > S8_MAX), "
			 "refill_stock(), mm/memcontrol.c)"
		       : NULL;
}

/* the after side's MEMCG_CHARGE_BATCH: the charge_batch what-if, 64 as seed 000 has it */
static uint64_t charge_batch_after(const struct machine *m)
{
	return m->charge_batch;
}

/* "32 -> 64" only while those are the values: the charge_batch what-if moves the after side */
static void title_now(const struct machine *m, char *buf, unsigned long len)
{
	snprintf(buf, len, "memcg charge batch %u -> %llu", MEMCG_CHARGE_BATCH_OLD, (unsigned long long)m->charge_batch);
}

static const struct patch_constant charge_constant = {
	.name = "MEMCG_CHARGE_BATCH",
	.what = "the charge batch: pages charged per trip to the shared page_counters",
	.example = "clamp(2 * cpus, 32, 127)",
	.metric = "batch",
	.locals = no_locals,
	.locals_help = no_locals,
	.locals_reads = no_locals,
	.check = charge_batch_check,
	.after_value = charge_batch_after,
	/* nr_pages is an unsigned int; a 0 batch charges nothing */
	.lo = 1,
	.hi = 2147483647,
	.why_range = "outside 1..2147483647: not a charge batch",
	.slot = PATCH_SLOT(memcg_charge),
	.side0 = 2,
};

static const struct release_history *const histories[] = { &batch_history, &stock_history, &flush_history, NULL };

/* The stats metrics need a release whose flush they describe; and they say its scope. */
static const char *kernel_na(const struct machine *m, const struct metric_desc *md, struct strbuf *why)
{
	const struct release_row *r = release_row(m, &flush_history);
	int threshold = !strcmp(md->name, "flush_threshold"), stale = !strcmp(md->name, "stale_stat_bytes");

	if (!threshold && !stale)
		return NULL;
	if (!r)
		return flush_history.before_first;
	if (r->mode == FLUSH_SUM && threshold)
		return "no flush before 4.16: a reader sums every CPU's count (mem_cgroup_read_stat(), memcg_page_state())";
	if (r->mode == FLUSH_SPILL && threshold)
		return "no flush threshold before 5.15.18 and 5.16: each per-CPU counter spills on its own at abs(x) > batch";
	if (r->mode == FLUSH_RSTAT)
		return "no count-based flush in 5.13-5.15.17: readers flush (mem_cgroup_flush_stats(), cgroup_rstat_flush())";
	if (r->mode == FLUSH_EVENTS)
		return "5.16 counts update events, not pages: every MEMCG_CHARGE_BATCH-th update on a CPU adds a unit "
		       "whatever its size, so no number of pages bounds it (memcg_rstat_updated())";
	if (r->mode == FLUSH_SUM)
		sb_printf(why, "scope: none: before 4.16 a reader sums every CPU's count, nothing waits for a flush\n");
	else if (r->mode == FLUSH_SPILL)
		sb_printf(why, "scope: per counter and CPU: __mod_memcg_state() keeps up to MEMCG_CHARGE_BATCH pages of "
			       "each counter per CPU before it spills, so a counter may miss cpus * batch pages\n");
	else if (r->mode == FLUSH_UNITS)
		sb_printf(why, "scope: one count for every memcg: memcg_rstat_updated() adds any memcg's updates to it, "
			       "so one busy memcg makes the flush due for all\n");
	else
		sb_printf(why, "scope: per memcg: memcg_rstat_updated() counts each memcg's updates (and its "
			       "ancestors'), and memcg_vmstats_needs_flush() compares that memcg's own count\n");
	return NULL;
}

/* Every commit a row above names, with its subject as git log prints it (checked in Fixes: lines and shortlogs). */
static const struct commit_subject subjects[] = {
	{ "1813e51eece0", "memcg: increase MEMCG_CHARGE_BATCH to 64" },
	{ "2d146aa3aa84", "mm: memcontrol: switch to rstat" },
	{ "11192d9c124d", "memcg: flush stats only if updated" },
	{ "475d0487a2ad", "mm: memcontrol: use per-cpu stocks for socket memory uncharging" },
	{ "5b3be698a872", "memcg: better bounds on the memcg stats updates" },
	{ "8d59d2214c23", "mm: memcg: make stats flushing threshold per-memcg" },
	{ "a983b5ebee57", "mm: memcontrol: fix excessive complexity in memory.stat reporting" },
	{ "aa48e47e3906", "memcg: infrastructure to flush memcg stats" },
	{ "f735eebe55f8", "memcg: multi-memcg percpu charge cache" },
	{ NULL, NULL },
};

static const struct patch_kernel charge_kernel = {
	.subjects = subjects,
	.history = histories,
	.na = kernel_na,
};

/*
 * --- seed 000's claims, the series' cover letter's, and the points a
 * maintainer leads with (core/patch.h: struct patch_claim; `about
 * memcg_charge --claims`, `report memcg_charge`) ---
 *
 * The cover letter is [PATCH 0/3] "memcg: optimizatize charge codepath"
 * (20220822001737.4120417-1-shakeelb@google.com): seed 000 is its (C).
 */
#define COVER "cover letter"
#define FITTED "fitted to it (charge_page_ns, page_counter_ns): holds by construction"

static const struct patch_claim claims[] = {
	{ .said = "MEMCG_CHARGE_BATCH 32U", .where = "line 55", .machine = "netperf-72cpu", .metric = "batch.before",
	  .figure = 32, .how = CLAIM_EQUAL, .expect = CLAIM_HOLDS },
	{ .said = "MEMCG_CHARGE_BATCH 64U", .where = "line 56", .machine = "netperf-72cpu", .metric = "batch.after",
	  .figure = 64, .how = CLAIM_EQUAL, .expect = CLAIM_HOLDS },
	{ .said = "72 CPUs: 10482.7 Mbps without", .where = "line 21", .machine = "netperf-72cpu",
	  .metric = "throughput.before", .figure = 10482.7, .how = CLAIM_WITHIN, .tol = 0.03, .note = FITTED,
	  .expect = CLAIM_HOLDS },
	{ .said = "17064.7 Mbps with the patch", .where = "line 22", .machine = "netperf-72cpu",
	  .metric = "throughput.after", .figure = 17064.7, .how = CLAIM_WITHIN, .tol = 0.03, .note = FITTED,
	  .expect = CLAIM_HOLDS },
	{ .said = "62.7% improvement", .where = "lines 22, 24", .machine = "netperf-72cpu", .metric = "speedup",
	  .figure = 1.627, .how = CLAIM_EQUAL, .tol = 0.001,
	  .note = "17064.7 / 10482.7 = 1.6279, truncated; both figures fitted", .expect = CLAIM_HOLDS },
	{ .said = "36 netperf, -l 60 -m 10K", .where = "lines 17-18", .how = CLAIM_OUTSIDE,
	  .note = "no run length, message size or network stack in the model",
	  .expect = CLAIM_NOT_MODELLED },
	{ .said = "no oom behavior change", .where = "line 10", .how = CLAIM_OUTSIDE,
	  .note = "OOM is not modelled (drain_all_stock(), mm/memcontrol.c)",
	  .expect = CLAIM_NOT_MODELLED },
	{ .said = "root memcg: 21694.8", .where = COVER, .how = CLAIM_OUTSIDE,
	  .note = "root charges no page_counter: try_charge(), mm/memcontrol.c",
	  .expect = CLAIM_NOT_MODELLED },
	{ .said = "(A) alone: 14542.5 (-32.9%)", .where = COVER, .how = CLAIM_OUTSIDE,
	  .note = "(A): propagate_protected_usage()'s atomics, mm/page_counter.c",
	  .expect = CLAIM_NOT_MODELLED },
	{ .said = "(B) alone: 12413.7 (-42.7%)", .where = COVER, .how = CLAIM_OUTSIDE,
	  .note = "(B): struct page_counter's layout, include/linux/page_counter.h",
	  .expect = CLAIM_NOT_MODELLED },
	{ .said = "(C) alone: 17063.7 (-21.3%)", .where = COVER, .machine = "netperf-72cpu",
	  .metric = "throughput.after", .figure = 17063.7, .how = CLAIM_WITHIN, .tol = 0.03,
	  .note = "the commit says 17064.7, the figure fitted", .expect = CLAIM_HOLDS },
	{ .said = "(A+B+C): 20120.3 (-7.2%)", .where = COVER, .how = CLAIM_OUTSIDE,
	  .note = "needs (A) and (B), which the model leaves out", .expect = CLAIM_NOT_MODELLED },
	{ .said = NULL },
};

static const char *const points[] = {
	"The 62.7% is (C) of three changes; (A) and (B), in mm/page_counter.c and include/linux/page_counter.h, "
	"give 14542.5 and 12413.7 Mbps alone. The batch model covers (C) only.",
	"Twice the memory pre-charged per CPU, invisible to reclaim: refill_stock(), mm/memcontrol.c.",
	"The rstat flush threshold doubles: memcg_rstat_updated(), mm/memcontrol.c - a reader may miss "
	"(2B - 1) * CPUs pages.",
	"'No OOM change' rests on drain_all_stock() in try_charge_memcg() (mm/memcontrol.c), which skips while "
	"another drain runs and does not wait for remote CPUs.",
	NULL,
};

const struct patch_desc memcg_charge_patch = {
	.id = "memcg_charge",
	.title = "memcg charge batch 32 -> 64",
	.seed = "000_b5b07a3c34551255",
	.kernel = "include/linux/memcontrol.h, mm/memcontrol.c",
	.sides = sides,
	.before = BEFORE,
	.after = AFTER,
	.metrics = metrics,
	.about =
		"Status: in mainline as commit 1813e51eece0 (named by a later kselftest fix), released in "
		"6.1: 6.0.1's include/linux/memcontrol.h has 32U, 6.1-rc7's 64U (`history memcg_charge`).\n"
		"A memcg charge first takes pages from the CPU's stock; on a miss it charges "
		"MEMCG_CHARGE_BATCH pages at once to every page_counter from the cgroup up to the root and "
		"keeps the surplus in the stock. Those counters are cachelines every charging CPU writes, "
		"so on big machines with network-heavy workloads the charge path became the bottleneck.\n"
		"The patch doubles the batch from 32 to 64: half the trips to the shared counters. The "
		"price: up to twice as much memory pre-charged per CPU (memory.current shows it, reclaim "
		"does not see it), and an rstat flush threshold twice as high (counted in pages of stat "
		"change; a reader may miss (2B - 1) * CPUs pages, the shared count's B * CPUs and up to "
		"B - 1 on every CPU, memcg_rstat_updated(); the periodic flush is deferrable work "
		"re-queued after each flush, at least 2 s apart). The seed expects no OOM change: before "
		"it retries towards OOM, try_charge_memcg() calls drain_all_stock() once for the over-limit "
		"memcg, as memory.high and memory.max writes do. That drain is not every CPU's stock: it "
		"does nothing while another drain holds its mutex, touches only stocks cached for the "
		"over-limit subtree, queues the work on other CPUs without waiting for it, and skips "
		"isolated CPUs. Later kernels keep stock for up to 7 memcgs per CPU in "
		"uint8_t counts and refuse to build with MEMCG_CHARGE_BATCH above 127 (BUILD_BUG_ON in "
		"refill_stock()): batchlab marks such a charge_batch as not buildable there. The patch "
		"itself says the number should one day scale with the machine or adapt to the workload.\n",
	.published =
		"72 CPUs, three-level cgroup hierarchy, 36 netperf TCP_SENDFILE clients against netserver:\n"
		"10482.7 Mbps without, 17064.7 Mbps with the patch: the seed says +62.7%, and "
		"17064.7 / 10482.7 = 1.6279 is +62.79% (the seed truncates); the series cover letter gives "
		"17063.7 Mbps for the same row (6.0-rc1 + the batch change).\n",
	.headline = "throughput",
	.seed_presets = "netperf-72cpu",
	.constant = &charge_constant,
	.title_now = title_now,
	.kernel_code = &charge_kernel,
	.points = points,
	.claims = claims,
};
