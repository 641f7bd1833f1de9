/*
 * memcg_flush: the memcg stats flush threshold made per memcg (Yosry Ahmed,
 * 8d59d2214c23, 6.8). Before it one count of pending stat updates served
 * every memcg; after it each memcg counts its own (and its ancestors'), so a
 * flush of one subtree neither waits for nor pays for the rest - and the
 * change a reader may miss is bounded per memcg, so the machine as a whole
 * may miss memcgs times as much. The third side is the November 2025
 * proposal of a sysctl threshold for userspace reads (vm.memcg_stats_flush_threshold,
 * Leon Huang Fu, not merged): what it can and cannot buy, in pages.
 */
#include "../patch.h"

#include <stdio.h>
#include <string.h>

#include "kernel.h"
#include "release.h"
#include "../units.h"

enum { BEFORE, AFTER, TUNABLE };

/* include/linux/memcontrol.h: 32U before 6.1 (1813e51eece0), 64U from it */
#define FLUSH_BATCH_OLD 32u
#define FLUSH_BATCH 64u
/* mm/memcontrol.c: FLUSH_TIME (2UL*HZ), the periodic flush's period */
#define FLUSH_TIME_S 2.0

extern const struct patch_desc memcg_flush_patch;

/* How a release decides that the memcg stats are due a flush (the rows' mode). */
enum flush_rule_mode {
	RULE_NONE,    /* 5.15.0-5.15.17: no count; the periodic flush and every reader's trylock */
	RULE_EVENTS,  /* 5.16: one global count of update events, a unit per MEMCG_CHARGE_BATCH events */
	RULE_GLOBAL,  /* 5.17-6.7: one global count of pages, a unit per MEMCG_CHARGE_BATCH pages */
	RULE_MEMCG,   /* 6.8 on: each memcg's own count of pages against MEMCG_CHARGE_BATCH * cpus */
	RULE_USER,    /* the 2025 proposal: as RULE_MEMCG, userspace reads against the sysctl */
};

static struct value rule_value(const struct machine *m, const struct release_row *r, struct strbuf *why);

static const struct release_row rule_rows[] = {
	{ "5.15", "aa48e47e3906", "memcg: infrastructure to flush memcg stats: a 2 s periodic flush of the whole tree "
	  "and a flush by any reader that wins the trylock; no count decides", "mem_cgroup_flush_stats(), "
	  "flush_memcg_stats_dwork(), mm/memcontrol.c", "read in 5.15.0 and 5.15.16 (mem_cgroup_flush_stats() is "
	  "a spin_trylock() and a flush); 5.14 not read here (issue 33: 5.14-rc5 has no flush of this kind)",
	  rule_value, RULE_NONE },
	{ "5.15.18", "11192d9c124d", "5.15.18 takes 11192d9c124d and 5b3be698a872 by backport: the 5.17 page count",
	  "memcg_rstat_updated(), mem_cgroup_flush_stats(), mm/memcontrol.c",
	  "5.15.16 still has no count (read); the three commits are in a stable shortlog found in the mails "
	  "(issue 33: the Linux 5.15.18 announcement); 5.15.18 itself not read",
	  rule_value, RULE_GLOBAL },
	{ "5.16", "11192d9c124d", "memcg: flush stats only if updated (with fd25a9e0e23b, memcg: unify memcg stat "
	  "flushing): each update event counts 1, a unit per MEMCG_CHARGE_BATCH events per CPU; a flush is due "
	  "once the units pass num_online_cpus()",
	  "memcg_rstat_updated(), mem_cgroup_flush_stats(), mm/memcontrol.c",
	  "the code from 5b3be698a872's mailed pre-image (__this_cpu_inc_return() % MEMCG_CHARGE_BATCH); "
	  "no 5.16 tree read here", rule_value, RULE_EVENTS },
	{ "5.17", "5b3be698a872", "memcg: better bounds on the memcg stats updates: counts abs(val) pages; a CPU "
	  "adds x / MEMCG_CHARGE_BATCH units once x > MEMCG_CHARGE_BATCH", "memcg_rstat_updated(), "
	  "mem_cgroup_flush_stats(), mm/memcontrol.c", "read in 5.17.0; 6.7 not read here: its shape from the "
	  "pre-image of 8d59d2214c23's 6.6.y backport (November 2025), the same but for a guard that stops adding "
	  "units once a flush is due", 
	  rule_value, RULE_GLOBAL },
	{ "6.6.117", "8d59d2214c23", "stable backport of 6.8's per-memcg threshold (as memcg_charge's 6.6.117 row)",
	  "memcg_rstat_updated(), memcg_should_flush_stats(), mm/memcontrol.c",
	  "6.6.9 still counts units for all memcgs (read); the 6.6.117-rc1 review carries 8d59d2214c23 (patch "
	  "515/529); 6.6.117 itself not read", rule_value, RULE_MEMCG },
	{ "6.8", "8d59d2214c23", "mm: memcg: make stats flushing threshold per-memcg (seed i37): each memcg's per-CPU count "
	  "moves to its own atomic once it reaches MEMCG_CHARGE_BATCH; a flush of memcg X is due once X's count "
	  "passes MEMCG_CHARGE_BATCH * num_online_cpus()", "memcg_rstat_updated(), memcg_vmstats_needs_flush(), "
	  "mem_cgroup_flush_stats(), mm/memcontrol.c", "read in 6.8.0 (the statc->parent walk of the merged "
	  "parent-iteration fix included); 6.7 not read here, its shape from the patch's pre-image",
	  rule_value, RULE_MEMCG },
	{ .from = NULL },
};

static const struct release_history rule_history = {
	.constant = "memcg stats flush threshold", .unit = "pages", .rows = rule_rows,
	.before_first = "before 5.15 no threshold: 5.13-5.14 flush on every read, 4.16-5.12 spill per counter "
			"(`history memcg_charge`)",
};

static struct value atomic_value(const struct machine *m, const struct release_row *r, struct strbuf *why);

/* mode: sizeof(memcg_vmstats.stats_updates), the per-memcg count a flush of the memcg is due on */
static const struct release_row atomic_rows[] = {
	{ "6.6.117", "8d59d2214c23", "the backport's per-memcg count, an atomic64_t", "struct memcg_vmstats, "
	  "mm/memcontrol.c", "the 6.6.117-rc1 review carries 8d59d2214c23; 6.6.117 itself not read", atomic_value, 8 },
	{ "6.8", "8d59d2214c23", "each memcg's stats_updates is an atomic64_t", "struct memcg_vmstats, mm/memcontrol.c",
	  "read in 6.8.0 (6.5.0 and 6.6.9 have the global atomic_t stats_flush_threshold)", atomic_value, 8 },
	{ "6.17", NULL, "stats_updates an atomic_t (at most MEMCG_CHARGE_BATCH * cpus plus one move: 32 bits hold it)",
	  "struct memcg_vmstats, memcg_rstat_updated(), mm/memcontrol.c",
	  "6.12.0, 6.13.7 and 6.14.0 have atomic64_t, 6.17.0 and 6.18.2 atomic_t (read); no 6.15 or 6.16 tree: "
	  "the change is in 6.15, 6.16 or 6.17", atomic_value, 4 },
	{ .from = NULL },
};

static const struct release_history atomic_history = {
	.constant = "memcg_vmstats.stats_updates", .unit = "bytes", .rows = atomic_rows,
	.before_first = "no per-memcg count before 6.8 (6.6.117 by backport): one global atomic_t stats_flush_threshold",
};

static struct value atomic_value(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	(void)m;
	sb_printf(why, "sizeof(stats_updates) = %llu bytes\n", (unsigned long long)r->mode);
	return val_int(r->mode);
}

/* How one side decides a flush is due, and the batch its counts go by. */
struct rule {
	enum flush_rule_mode mode;
	uint64_t b;         /* MEMCG_CHARGE_BATCH */
	uint64_t threshold; /* the reader's threshold, pages (RULE_MEMCG, RULE_USER) */
	uint64_t kernel_threshold; /* MEMCG_CHARGE_BATCH * num_online_cpus(): where memcg_rstat_updated() stops counting */
	uint64_t atomic_bytes; /* sizeof(memcg_vmstats.stats_updates) (RULE_MEMCG, RULE_USER) */
};

static const char *const mode_words[] = {
	"no count (5.15.0)", "one global count of events (5.16)", "one global count of pages (5.17-6.7)",
	"a count per memcg (6.8)", "a count per memcg, userspace reads at the sysctl (2025 proposal)",
};

static uint64_t release_batch(const struct machine *m)
{
	return machine_release(m) < release_find("6.1") ? FLUSH_BATCH_OLD : FLUSH_BATCH;
}

/* The side's rule; why gets a line naming it. */
static struct rule rule_of(const struct machine *m, int side, struct strbuf *why)
{
	struct rule r = { RULE_GLOBAL, FLUSH_BATCH, 0, 0, 8 };

	if (side == SIDE_KERNEL) {
		const struct release_row *row = release_row(m, &rule_history), *a = release_row(m, &atomic_history);

		r.mode = row ? (enum flush_rule_mode)row->mode : RULE_NONE;
		r.b = release_batch(m);
		r.atomic_bytes = a ? a->mode : 8;
	} else if (side == AFTER) {
		r.mode = RULE_MEMCG;
	} else if (side == TUNABLE) {
		r.mode = RULE_USER;
		r.atomic_bytes = 4; /* posted on mm-new of November 2025, past 6.17's atomic_t */
	}
	/* memcg_vmstats_needs_flush(): MEMCG_CHARGE_BATCH * num_online_cpus(), an unsigned int product */
	r.threshold = (uint32_t)(r.b * m->cpus);
	r.kernel_threshold = r.threshold;
	if (r.mode == RULE_USER && m->user_flush_threshold)
		r.threshold = m->user_flush_threshold;
	sb_printf(why, "rule: %s, MEMCG_CHARGE_BATCH = %lluU\n", mode_words[r.mode], (unsigned long long)r.b);
	return r;
}

/* the row's own release's MEMCG_CHARGE_BATCH, times the machine's CPUs */
static struct value rule_value(const struct machine *m, const struct release_row *row, struct strbuf *why)
{
	uint64_t b = release_find(row->from) < release_find("6.1") ? FLUSH_BATCH_OLD : FLUSH_BATCH;

	if (row->mode == RULE_NONE)
		return val_none("no count: readers flush whenever the trylock succeeds");
	sb_printf(why, "MEMCG_CHARGE_BATCH * num_online_cpus() = %llu * %llu\n", (unsigned long long)b,
		  (unsigned long long)m->cpus);
	return val_int((uint32_t)(b * m->cpus));
}

/*
 * The most change (pages) a reader of one memcg may miss while no flush is
 * due, for updates of u pages each (abs(val) = u). Worked out from the code
 * and held to a step-by-step replay of it in tests/unit/test_memcg_flush.c.
 * 5.17-6.7 memcg_rstat_updated(): a CPU keeps x <= B (multiples of u, so
 * u * floor(B / u)); the first x past B, (floor(B / u) + 1) * u, adds
 * x / B units; units are added while they are <= cpus, and a flush is due
 * once they pass it. 6.8: a CPU keeps x < B; the first x >= B, ceil(B / u) * u,
 * moves to the memcg's atomic while that is <= the threshold.
 */
/*
 * From 6.8 memcg_rstat_updated() stops counting a memcg that is already due a
 * flush (memcg_vmstats_needs_flush()): its atomic never passes the first
 * multiple of the move x above MEMCG_CHARGE_BATCH * cpus. A user threshold at
 * or above that is never reached.
 */
static uint64_t atomic_top(const struct rule *r, uint64_t u)
{
	uint64_t x = (r->b + u - 1) / u * u;

	return (r->kernel_threshold / x + 1) * x;
}

#define MISS_UNBOUNDED UINT64_MAX

static uint64_t memcg_miss(const struct rule *r, uint64_t cpus, uint64_t u)
{
	uint64_t b = r->b, x, k;

	switch (r->mode) {
	case RULE_EVENTS: /* units of B events; B - 1 events stay on each CPU; each event u pages */
		return mul_sat((2 * b - 1) * cpus, u);
	case RULE_GLOBAL:
		x = (b / u + 1) * u;
		k = x / b;
		return cpus / k * x + cpus * (u * (b / u));
	case RULE_MEMCG:
	case RULE_USER:
		if (r->threshold >= atomic_top(r, u))
			return MISS_UNBOUNDED;
		x = (b + u - 1) / u * u;
		return r->threshold / x * x + cpus * (u * ((b - 1) / u));
	default:
		return 0;
	}
}

static int per_memcg(const struct rule *r)
{
	return r->mode == RULE_MEMCG || r->mode == RULE_USER;
}

static void rule_working(const struct rule *r, uint64_t cpus, uint64_t u, struct strbuf *why)
{
	uint64_t b = r->b, x;

	if (!why)
		return;
	if (r->mode == RULE_EVENTS) {
		sb_printf(why, "memcg_rstat_updated() (5.16): every update is one event, an atomic unit per %llu "
			       "events on a CPU, %llu left over on each; a flush once units > num_online_cpus(): "
			       "(%llu * %llu + %llu * %llu) events * %llu pages per update\n",
			  (unsigned long long)b, (unsigned long long)(b - 1), (unsigned long long)cpus, (unsigned long long)b,
			  (unsigned long long)cpus, (unsigned long long)(b - 1), (unsigned long long)u);
	} else if (r->mode == RULE_GLOBAL) {
		x = (b / u + 1) * u;
		sb_printf(why, "memcg_rstat_updated() (5.17-6.7): a CPU keeps up to %llu pages (x <= B); at x = %llu > B it "
			       "adds x / B = %llu unit(s) to one count for every memcg while that count <= num_online_cpus(); "
			       "mem_cgroup_flush_stats() flushes once it passes: %llu / %llu * %llu + %llu * %llu pages\n",
			  (unsigned long long)(u * (b / u)), (unsigned long long)x, (unsigned long long)(x / b),
			  (unsigned long long)cpus, (unsigned long long)(x / b), (unsigned long long)x,
			  (unsigned long long)cpus, (unsigned long long)(u * (b / u)));
	} else if (per_memcg(r)) {
		x = (b + u - 1) / u * u;
		sb_printf(why, "memcg_rstat_updated() (6.8): each memcg's per-CPU count keeps up to %llu pages (x < B); at "
			       "x = %llu >= B it moves to the memcg's atomic while that is <= the threshold, %llu; "
			       "a flush of the memcg is due once its atomic passes it: %llu / %llu * %llu + %llu * %llu pages\n",
			  (unsigned long long)(u * ((b - 1) / u)), (unsigned long long)x,
			  (unsigned long long)r->threshold, (unsigned long long)r->threshold, (unsigned long long)x,
			  (unsigned long long)x, (unsigned long long)cpus, (unsigned long long)(u * ((b - 1) / u)));
	}
	if (r->mode == RULE_USER && r->threshold >= atomic_top(r, u)) {
		sb_printf(why, "the proposal's mem_cgroup_flush_stats_user() tests the memcg's atomic against "
			       "vm.memcg_stats_flush_threshold = %llu; memcg_rstat_updated() stops adding to the atomic "
			       "once it passes MEMCG_CHARGE_BATCH * cpus = %llu (memcg_vmstats_needs_flush()), so it tops "
			       "out at %llu <= %llu: the user read never flushes on its count, only the 2 s periodic "
			       "flush (or a kernel reader's) bounds what it misses\n",
			  (unsigned long long)r->threshold, (unsigned long long)r->kernel_threshold,
			  (unsigned long long)atomic_top(r, u), (unsigned long long)r->threshold);
		return;
	}
	if (r->mode == RULE_USER)
		sb_printf(why, "the proposal's mem_cgroup_flush_stats_user() tests the memcg's atomic against "
			       "vm.memcg_stats_flush_threshold (user_flush_threshold here; 0 = the default); the "
			       "per-CPU counts still move in batches, so even a threshold of 1 leaves cpus * %llu pages\n",
			  (unsigned long long)(u * ((b - 1) / u)));
}

static struct value threshold(METRIC_ARGS(m, side, why))
{
	struct rule r = rule_of(m, side, why);

	if (r.mode == RULE_EVENTS || r.mode == RULE_GLOBAL)
		sb_printf(why, "mem_cgroup_flush_stats(): a flush once the units pass num_online_cpus() = %llu, units of "
			       "MEMCG_CHARGE_BATCH = %llu: %llu pages (events in 5.16) nominal, one count for all memcgs\n",
			  (unsigned long long)m->cpus, (unsigned long long)r.b, (unsigned long long)r.threshold);
	else if (r.mode == RULE_USER && m->user_flush_threshold)
		sb_printf(why, "user_flush_threshold = %llu pages for userspace reads; the kernel's own readers keep "
			       "MEMCG_CHARGE_BATCH * num_online_cpus() = %llu\n",
			  (unsigned long long)r.threshold, (unsigned long long)(uint32_t)(r.b * m->cpus));
	else
		sb_printf(why, "memcg_vmstats_needs_flush(): stats_updates > MEMCG_CHARGE_BATCH * num_online_cpus() = "
			       "%llu * %llu = %llu pages (an unsigned int product), per memcg\n",
			  (unsigned long long)r.b, (unsigned long long)m->cpus, (unsigned long long)r.threshold);
	sb_printf(why, "kernel: memcg_rstat_updated(), mem_cgroup_flush_stats(), mm/memcontrol.c\n");
	return val_int(r.threshold);
}

static struct value memcg_error_pages(METRIC_ARGS(m, side, why))
{
	struct rule r = rule_of(m, side, why);
	uint64_t p = memcg_miss(&r, m->cpus, m->stat_update_pages);

	sb_printf(why, "workload: stat updates of stat_update_pages = %llu page(s) each (abs(val))\n",
		  (unsigned long long)m->stat_update_pages);
	rule_working(&r, m->cpus, m->stat_update_pages, why);
	if (p == MISS_UNBOUNDED)
		return val_none("the user threshold is never reached: no bound in pages");
	sb_printf(why, "= %llu pages one memcg's reader may miss while no flush is due%s\n", (unsigned long long)p,
		  per_memcg(&r) ? "" : " (all of it may be that memcg's)");
	sb_printf(why, "kernel: memcg_rstat_updated(), mem_cgroup_flush_stats(), mm/memcontrol.c\n");
	return val_int(p);
}

/* The change every memcg's readers together may miss: one count before 6.8, one per memcg from it. */
static uint64_t system_miss(const struct machine *m, const struct rule *r)
{
	uint64_t p = memcg_miss(r, m->cpus, m->stat_update_pages);

	if (p == MISS_UNBOUNDED)
		return p;
	return per_memcg(r) ? mul_sat(p, m->memcgs) : p;
}

static struct value error_pages(METRIC_ARGS(m, side, why))
{
	struct rule r = rule_of(m, side, why);
	uint64_t p = memcg_miss(&r, m->cpus, m->stat_update_pages), all = system_miss(m, &r);

	sb_printf(why, "workload: stat updates of stat_update_pages = %llu page(s) each (abs(val))\n",
		  (unsigned long long)m->stat_update_pages);
	rule_working(&r, m->cpus, m->stat_update_pages, why);
	if (all == MISS_UNBOUNDED)
		return val_none("the user threshold is never reached: no bound in pages");
	if (per_memcg(&r))
		sb_printf(why, "per memcg %llu pages, every memcg its own count: * memcgs = %llu * %llu = %llu pages\n",
			  (unsigned long long)p, (unsigned long long)p, (unsigned long long)m->memcgs,
			  (unsigned long long)all);
	else
		sb_printf(why, "one count for every memcg: %llu pages for the whole machine, however many memcgs\n",
			  (unsigned long long)all);
	sb_printf(why, "the changelog's NR_CPUS * MEMCG_CHARGE_BATCH (* NR_MEMCGS) leaves out the per-CPU counts\n");
	sb_printf(why, "kernel: memcg_rstat_updated(), mem_cgroup_flush_stats(), mm/memcontrol.c\n");
	return val_int(all);
}

static struct value error_bytes(METRIC_ARGS(m, side, why))
{
	struct rule r = rule_of(m, side, why);
	uint64_t all = system_miss(m, &r), bytes = mul_sat(all, m->pagesize);
	char human[32];

	if (all == MISS_UNBOUNDED) {
		rule_working(&r, m->cpus, m->stat_update_pages, why);
		return val_none("the user threshold is never reached: no bound in pages");
	}
	if (why)
		format_size(bytes, human, sizeof(human));
	sb_printf(why, "workload: stat updates of stat_update_pages = %llu page(s) each (abs(val))\n",
		  (unsigned long long)m->stat_update_pages);
	rule_working(&r, m->cpus, m->stat_update_pages, why);
	sb_printf(why, "error_pages * PAGE_SIZE = %llu * %llu = %llu bytes (%s)\n", (unsigned long long)all,
		  (unsigned long long)m->pagesize, (unsigned long long)bytes, human);
	sb_printf(why, "bounded in time by the periodic flush: flush_memcg_stats_dwork() every FLUSH_TIME = 2 s (deferrable)\n");
	return val_int(bytes);
}

/*
 * The counters' memory: before, one unsigned int per CPU and one atomic_t;
 * from 6.8 each memcg has an unsigned int per CPU in memcg_vmstats_percpu
 * and a stats_updates in memcg_vmstats (an atomic64_t, an atomic_t from 6.17
 * as read) - the changelog's NR_CPUS * NR_MEMCGS * 4.
 */
static struct value counter_bytes(METRIC_ARGS(m, side, why))
{
	struct rule r = rule_of(m, side, why);
	uint64_t bytes;

	if (r.mode == RULE_NONE)
		bytes = 0;
	else if (!per_memcg(&r))
		bytes = m->cpus * 4 + 4;
	else
		bytes = mul_sat(m->memcgs, m->cpus * 4 + r.atomic_bytes);
	if (per_memcg(&r))
		sb_printf(why, "memcgs * (cpus * sizeof(unsigned int) + sizeof(%s)) = %llu * (%llu * 4 + %llu) = %llu bytes "
			       "(6.8.0's memcg_vmstats_percpu also caches parent and vmstats pointers, 16 bytes per CPU, "
			       "in a cacheline-aligned struct: not counted)\n",
			  r.atomic_bytes == 8 ? "atomic64_t" : "atomic_t", (unsigned long long)m->memcgs,
			  (unsigned long long)m->cpus, (unsigned long long)r.atomic_bytes, (unsigned long long)bytes);
	else
		sb_printf(why, "cpus * sizeof(unsigned int) + sizeof(atomic_t) = %llu * 4 + 4 = %llu bytes, for all memcgs\n",
			  (unsigned long long)m->cpus, (unsigned long long)bytes);
	sb_printf(why, "kernel: struct memcg_vmstats_percpu, struct memcg_vmstats, mm/memcontrol.c\n");
	return val_int(bytes);
}

/*
 * How old a memcg's stats may be when read: the change rate fills the count
 * that decides its flush - every memcg's before 6.8, its own from 6.8 - and
 * the periodic flush caps it at FLUSH_TIME.
 */
static struct value staleness(METRIC_ARGS(m, side, why))
{
	struct rule r = rule_of(m, side, why);
	uint64_t miss = memcg_miss(&r, m->cpus, m->stat_update_pages), due = miss + m->stat_update_pages;
	double rate = per_memcg(&r) ? m->stat_update_rate : m->stat_update_rate * (double)m->memcgs, s;

	if (r.mode == RULE_NONE)
		return val_real(0);
	if (miss == MISS_UNBOUNDED) {
		rule_working(&r, m->cpus, m->stat_update_pages, why);
		sb_printf(why, "no flush on the count: the periodic one, FLUSH_TIME = 2 s, bounds it\n");
		return val_real(FLUSH_TIME_S);
	}
	s = (double)due / rate;
	sb_printf(why, "workload: every memcg changes stat_update_rate = %.3f pages/s of stats\n", m->stat_update_rate);
	sb_printf(why, "a flush is due at the latest after %llu pages of change in the count's scope (%s), "
		       "which changes at %.3f pages/s: %llu / %.3f = %.9f s\n",
		  (unsigned long long)due, per_memcg(&r) ? "the memcg" : "every memcg", rate, (unsigned long long)due,
		  rate, s);
	if (s > FLUSH_TIME_S)
		sb_printf(why, "the periodic flush comes first: FLUSH_TIME = 2 s (flush_memcg_stats_dwork(); deferrable, "
			       "so later on an idle CPU)\n");
	return val_real(s < FLUSH_TIME_S ? s : FLUSH_TIME_S);
}

/* memcg_rstat_updated(): 6.8 walks statc->parent to the root, one per-CPU count per level. */
static struct value update_counters(METRIC_ARGS(m, side, why))
{
	struct rule r = rule_of(m, side, why);
	uint64_t n = r.mode == RULE_NONE ? 0 : per_memcg(&r) ? m->depth : 1;

	sb_printf(why, "per-CPU counts one stat update writes: %s = %llu\n",
		  per_memcg(&r) ? "the memcg's and each ancestor's, depth" : "the one global per-CPU count",
		  (unsigned long long)n);
	sb_printf(why, "kernel: memcg_rstat_updated(), mm/memcontrol.c\n");
	return val_int(n);
}

/* The shared atomics: one per flushed batch, per level from 6.8 (skipped while the memcg is already due). */
static struct value shared_atomics_per_gib(METRIC_ARGS(m, side, why))
{
	struct rule r = rule_of(m, side, why);
	uint64_t u = m->stat_update_pages, pages = GiB / m->pagesize, x, n;

	if (r.mode == RULE_NONE)
		return val_int(0);
	x = r.mode == RULE_EVENTS ? r.b * u : r.mode == RULE_GLOBAL ? (r.b / u + 1) * u : (r.b + u - 1) / u * u;
	n = pages / x * (per_memcg(&r) ? m->depth : 1);
	sb_printf(why, "workload: one CPU changes 1 GiB of stats in updates of %llu page(s), no flush due meanwhile\n",
		  (unsigned long long)u);
	sb_printf(why, "an atomic add every %llu pages%s: %llu / %llu%s = %llu\n", (unsigned long long)x,
		  per_memcg(&r) ? " at each of depth levels" : "", (unsigned long long)pages, (unsigned long long)x,
		  per_memcg(&r) ? " * depth" : "", (unsigned long long)n);
	sb_printf(why, "kernel: memcg_rstat_updated(), mm/memcontrol.c\n");
	return val_int(n);
}

static const struct metric_desc metrics[] = {
	{ .name = "threshold", .unit = "pages", .kind = METRIC_EXACT,
	  .help = "pages of stat change past which a flush is due (MEMCG_CHARGE_BATCH * cpus; the sysctl on tunable)",
	  .fn = threshold, .better = BETTER_NONE, .reads = "cpus user_flush_threshold" },
	{ .name = "memcg_error_pages", .unit = "pages", .kind = METRIC_WORKLOAD,
	  .help = "stat change one memcg's reader may miss while no flush is due",
	  .fn = memcg_error_pages, .better = BETTER_LOWER,
	  .reads = "cpus stat_update_pages user_flush_threshold" },
	{ .name = "error_pages", .unit = "pages", .kind = METRIC_WORKLOAD,
	  .help = "stat change every memcg's readers together may miss (one count before 6.8, one per memcg after)",
	  .fn = error_pages, .better = BETTER_LOWER,
	  .reads = "cpus memcgs stat_update_pages user_flush_threshold" },
	{ .name = "error_bytes", .unit = "bytes", .kind = METRIC_WORKLOAD,
	  .help = "error_pages in bytes", .fn = error_bytes, .better = BETTER_LOWER,
	  .reads = "cpus memcgs pagesize stat_update_pages user_flush_threshold" },
	{ .name = "counter_bytes", .unit = "bytes", .kind = METRIC_EXACT,
	  .help = "memory of the pending-update counters (per CPU, and per memcg from 6.8)",
	  .fn = counter_bytes, .better = BETTER_LOWER, .reads = "cpus memcgs" },
	{ .name = "staleness", .unit = "s", .kind = METRIC_WORKLOAD,
	  .help = "how old a memcg's stats may be when read, at stat_update_rate, capped by the 2 s periodic flush",
	  .fn = staleness, .better = BETTER_LOWER,
	  .reads = "cpus memcgs stat_update_pages stat_update_rate user_flush_threshold" },
	{ .name = "update_counters", .unit = "counters", .kind = METRIC_EXACT,
	  .help = "per-CPU counts one stat update writes (the memcg and its ancestors from 6.8)",
	  .fn = update_counters, .better = BETTER_LOWER, .reads = "depth" },
	{ .name = "shared_atomics_per_gib", .unit = "atomics", .kind = METRIC_WORKLOAD,
	  .help = "shared atomic adds per GiB of stat change on one CPU",
	  .fn = shared_atomics_per_gib, .better = BETTER_LOWER, .reads = "pagesize depth stat_update_pages" },
	{ .name = NULL },
};

static const char *const sides[] = { "before", "after", "tunable", NULL };

static const struct release_history *const histories[] = { &rule_history, &atomic_history, NULL };

static const char *kernel_na(const struct machine *m, const struct metric_desc *md, struct strbuf *why)
{
	const struct release_row *r = release_row(m, &rule_history);

	(void)why;
	if (!r)
		return rule_history.before_first;
	if (r->mode == RULE_NONE && strcmp(md->name, "counter_bytes") && strcmp(md->name, "update_counters") &&
	    strcmp(md->name, "shared_atomics_per_gib"))
		return "no count on 5.15.0-5.15.17: readers flush whenever the trylock succeeds, and every 2 s";
	return NULL;
}

/* Every commit a row above names, with its subject as git log prints it (checked in Fixes: lines and shortlogs). */
static const struct commit_subject subjects[] = {
	{ "11192d9c124d", "memcg: flush stats only if updated" },
	{ "5b3be698a872", "memcg: better bounds on the memcg stats updates" },
	{ "8d59d2214c23", "mm: memcg: make stats flushing threshold per-memcg" },
	{ "aa48e47e3906", "memcg: infrastructure to flush memcg stats" },
	{ NULL, NULL },
};

static const struct patch_kernel flush_kernel = {
	.subjects = subjects,
	.history = histories,
	.na = kernel_na,
};

/*
 * The figures the changelog, the 2025 proposal and the test robot state, on
 * the machines they came from: a row each, checked by core/claim.c and held
 * by tests/unit/test_claim.c. The throughput figures are outside the model:
 * batchlab counts the per-CPU and shared updates that change, not their time.
 */
static const struct patch_claim claims[] = {
	{ .said = "64 * 256 = 16,384 on a 256-core system", .where = "the 2025 tunable-threshold proposal",
	  .machine = "wis-256cpu", .metric = "threshold.after", .figure = 16384, .how = CLAIM_EQUAL, .expect = CLAIM_HOLDS },
	{ .said = "40198.0 -> 38629.7 Mbps (-3.9%)", .where = "changelog, netperf on 44 CPUs", .how = CLAIM_OUTSIDE,
	  .note = "no throughput model: update_counters 1 -> 3 and shared_atomics_per_gib are what change",
	  .expect = CLAIM_NOT_MODELLED },
	{ .said = "per_process_ops -3.29%, -3.13%, -1.56%", .where = "changelog, will-it-scale on 256 CPUs",
	  .how = CLAIM_OUTSIDE, .note = "no throughput model; within the benchmark's noise by the changelog",
	  .expect = CLAIM_NOT_MODELLED },
	{ .said = "fallocate1 -25.8% / -30.0%", .where = "kernel test robot, 104-thread Skylake", .how = CLAIM_OUTSIDE,
	  .note = "cache misses on the parent walk in memcg_rstat_updated(), fixed before the merge: no count shows them",
	  .expect = CLAIM_NOT_MODELLED },
	{ .said = "NR_CPUS * MEMCG_CHARGE_BATCH * NR_MEMCGS", .where = "changelog, the error margin", .how = CLAIM_OUTSIDE,
	  .note = "the shape holds; the code's constant is (2B - 1) * cpus per memcg with single-page updates "
		  "(error_pages), the per-CPU counts included",
	  .expect = CLAIM_NOT_MODELLED },
	{ .said = NULL },
};

const struct patch_desc memcg_flush_patch = {
	.id = "memcg_flush",
	.title = "memcg stats flush threshold per memcg",
	.seed = "i37: issue 37, commit 8d59d2214c23",
	.kernel = "mm/memcontrol.c",
	.sides = sides,
	.before = BEFORE,
	.after = AFTER,
	.metrics = metrics,
	.about =
		"Status: in mainline as 8d59d2214c23 (\"mm: memcg: make stats flushing threshold per-memcg\", "
		"Yosry Ahmed), released in 6.8 (`history memcg_flush`); backported to 6.6.y in November 2025 "
		"(Leon Huang Fu's series). memcg stats are per-CPU deltas that a flush folds into the memcg "
		"tree; flushing costs, so a reader flushes only once enough change is pending. Before 6.8 "
		"one count served every memcg (memcg_rstat_updated() adds a unit per MEMCG_CHARGE_BATCH "
		"pages, mem_cgroup_flush_stats() flushes once the units pass num_online_cpus()): a busy "
		"memcg made every reader flush the whole tree. From 6.8 each memcg counts its own updates "
		"(and its ancestors', walking statc->parent), so a flush of one subtree is its own business.\n"
		"The price the changelog names: a per-CPU counter per memcg (NR_CPUS * NR_MEMCGS * 4 "
		"bytes; counter_bytes), more work per update (update_counters: depth per-CPU counts), and a "
		"machine-wide error that grows with the memcgs (error_pages), bounded in time by the 2 s "
		"periodic flush. From the code, one memcg's reader may miss (2B - 1) * cpus pages in 6.8 "
		"against (2B + 1) * cpus in 6.7: the per-CPU counts are in no threshold.\n"
		"The tunable side is the November 2025 proposal of vm.memcg_stats_flush_threshold (Leon "
		"Huang Fu, mm-new, not merged): userspace reads of memory.stat flush once the memcg's count "
		"passes the sysctl (set user_flush_threshold; 0 = the default). Michal Hocko asked "
		"\"how are admins supposed to know how to tune this?\": the answer in pages is that the "
		"per-CPU counts stay out of any threshold, so the least a reader can miss is "
		"cpus * (MEMCG_CHARGE_BATCH - 1) pages (16128 pages, 63 MiB on 256 CPUs), and a setting "
		"below the default only trades the other half. At or past the first multiple of a move above "
		"the default (memcg_rstat_updated() stops counting a memcg already due a flush) the user "
		"read never flushes on its count: only the 2 s periodic flush bounds it. The author then "
		"took up Hocko's write-to-flush idea instead.\n"
		"What the model leaves out: the update-side cost. batchlab's charge model (memcg_charge) has "
		"no stat-update centre, so for the changelog's netperf (-3.9%), its will-it-scale table and "
		"the test robot's fallocate1 regression (-25.8% / -30.0% before the merged parent-iteration "
		"fix, a cache-miss cost of walking parent_mem_cgroup()) it gives the counts that change "
		"(update_counters, shared_atomics_per_gib), not a throughput.\n",
	.published =
		"Each figure the mails give, batchlab's beside it (tests/unit/test_memcg_flush.c holds them):\n"
		"- the 2025 proposal: 64 * 256 = 16,384 on a 256-core system. batchlab (wis-256cpu, "
		"threshold): 16384 pages, exact - agrees.\n"
		"- changelog, 44 CPUs (no SMT), 22 netperf TCP_SENDFILE in a 2-level cgroup: 40198.0 -> 38629.7 "
		"Mbps (-3.9%). batchlab (netperf-44cpu): no throughput - what changes is counted, "
		"update_counters 1 -> 3 per-CPU counts per update and shared_atomics_per_gib 4032 -> 12288; "
		"no prediction.\n"
		"- changelog, will-it-scale page_fault1/2/3 on 256 CPUs, 10 runs: per_process_ops -3.29%, "
		"-3.13%, -1.56% (means), within the benchmark's noise by the changelog. batchlab "
		"(wis-256cpu): the same counts; no prediction.\n"
		"- kernel test robot: will-it-scale fallocate1 -25.8% / -30.0% on a 104-thread 2-socket "
		"Skylake, fixed by \"mm: memcg: optimize parent iteration in memcg_rstat_updated()\" (merged "
		"with the series; 6.8.0 has its statc->parent walk). batchlab (skylake-104t): no "
		"prediction - a cost of cache misses on the parent walk, which no count here shows.\n"
		"- the changelog's error margin, NR_CPUS * MEMCG_CHARGE_BATCH -> * NR_MEMCGS: batchlab "
		"(error_pages, single-page updates) (2B + 1) * cpus -> memcgs * (2B - 1) * cpus, the per-CPU "
		"counts included - the shape agrees, the constant is the code's.\n",
	.headline = "error_pages",
	.seed_presets = "netperf-44cpu, wis-256cpu, skylake-104t",
	.claims = claims,
	.kernel_code = &flush_kernel,
};
