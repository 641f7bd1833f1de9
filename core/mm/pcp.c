/*
 * Mel Gorman, "Calculate pcp->high based on zone sizes and active CPUs"
 * (5.14): a per-CPU page list's high mark was 6 * the raw zone_batchsize()
 * whatever the zone;
 * zone_highsize() in mm/page_alloc.c makes it the zone's low watermark split
 * across the CPUs of the zone's node, never below 4 * batch. The posted v2
 * split by max(1, local CPUs), so a CPU-less node (PMEM used as memory) gave
 * every CPU the whole low watermark; the merged code splits across all
 * online CPUs there. Then 6.7's auto-tuning between high_min and high_max,
 * and 6.16's free_high trigger.
 */
#include "../patch.h"

#include "kernel.h"
#include "pcp.h"
#include "release.h"
#include "vmstat.h"
#include "zone.h"
#include "../variant.h"

enum { BEFORE, AFTER, V2 };

extern const struct patch_desc pcp_patch;

/* include/linux/mmzone.h and mm/page_alloc.c */
#define MIN_PERCPU_PAGELIST_HIGH_FRACTION 8u
#define PCP_BATCH_SCALE_MAX 5u /* CONFIG_PCP_BATCH_SCALE_MAX's default, mm/Kconfig */
#define PAGE_ALLOC_COSTLY_ORDER 3u

/* One zone's pcp sizes on one side: what zone_set_pageset_high_and_batch() gives every CPU's pageset. */
struct pcp_sizes {
	uint64_t batch, low, split, high, high_max;
	int code; /* 0: 6 * batch; 1: zone_highsize(); 2: high_min and high_max (6.7) */
};

static struct value high_on(const struct machine *m, const struct release_row *r, struct strbuf *why);
static struct value trigger_on(const struct machine *m, const struct release_row *r, struct strbuf *why);

/* mode: the code (struct pcp_sizes) */
static const struct release_row high_rows[] = {
	{ "3.10", NULL, "pcp->high = 6 * the raw zone_batchsize() (0 on zones under 8192 pages), pcp->batch = max(1, it), "
	  "whatever the zone (percpu_pagelist_fraction unset)", "setup_pageset(), mm/page_alloc.c",
	  "read in 3.10.4 (pcp->high = 6 * batch; pcp->batch = max(1UL, 1 * batch))", high_on, 0 },
	{ "3.11", NULL, "the same values, set through pageset_update() (zone_set_pageset_high_and_batch() from 5.11)",
	  "pageset_set_batch(), mm/page_alloc.c", "3.10.4 sets them in setup_pageset(), 3.11.0 in pageset_set_batch() "
	  "(read); 4.15.18 the same", high_on, 0 },
	{ "5.14", NULL, "high = low watermark / (CPUs of the zone's node, all online CPUs on a CPU-less node), "
	  "at least 4 * batch (Mel Gorman's series and its fix 'Split pcp->high across all online CPUs for cpuless nodes')",
	  "zone_highsize(), mm/page_alloc.c", "read in trees: 5.12.9's zone_set_pageset_high_and_batch() has 6 * zone_batchsize() (or managed / "
	  "percpu_pagelist_fraction, another sysctl); 5.14-rc5's and 5.15.55's zone_highsize() the low watermark, or "
	  "managed / percpu_pagelist_high_fraction, split and at least batch << 2 (the series and the fraction were "
	  "merged for 5.14-rc1); no 5.13 or 5.14.0 tree could be reached", high_on, 1 },
	{ "6.7", NULL, "auto-tuning: pcp->high floats between high_min (the 5.14 value) and high_max (managed / 8 split "
	  "the same way); /proc/zoneinfo's high is 0 on a list unused since boot, and decay_pcp_high() lowers a used "
	  "one toward high_min ('mm: tune PCP high automatically', "
	  "51a755c56dc0, and its framework)", "zone_highsize(), zone_set_pageset_high_and_batch(), mm/page_alloc.c",
	  "read in 6.6.9 (one high, zone_highsize() of the low watermark or of the fraction) and 6.7.3 "
	  "(zone_set_pageset_high_and_batch(): high_min = zone_highsize(), high_max = zone_highsize() of managed / "
	  "MIN_PERCPU_PAGELIST_HIGH_FRACTION, or high_max = high_min with the fraction set)", high_on, 2 },
	{ .from = NULL },
};

static const struct release_history high_history = {
	.constant = "pcp->high", .unit = "pages", .rows = high_rows,
	.before_first = "batchlab's table starts at 3.10",
};

/* mode: 0 free_count >= batch, 1 >= batch + high_min / 2 */
static const struct release_row trigger_rows[] = {
	{ "6.7", "6ccdcb6d3a74", "a high-order free drains the list (free_high) once pcp->free_count >= batch",
	  "free_unref_page_commit(), mm/page_alloc.c", "the line 6.16's patch replaces, and the Fixes: tags naming "
	  "6ccdcb6d3a74; read in 6.6.9 (free_high from pcp->free_factor, no count) and 6.7.3 (free_count >= batch)",
	  trigger_on, 0 },
	{ "6.16", NULL, "free_count >= batch + high_min / 2 (Nikhil Dhama; v1 and v2 had 5 * batch, which Huang Ying "
	  "found 'too magic')", "free_unref_page_commit() (free_frozen_page_commit() in the latest trees), mm/page_alloc.c", "the posted v3 diff and a later "
	  "tree's free path with the new test; 6.16 from the patch's date, no 6.15 or 6.16 tree read", trigger_on, 1 },
	{ .from = NULL },
};

static const struct release_history trigger_history = {
	.constant = "free_high trigger", .unit = "pages", .rows = trigger_rows,
	.before_first = "no free_count trigger before 6.7 (6ccdcb6d3a74): free_high, where it existed, followed a bulk "
			"free in progress (pcp->free_factor), not a count",
	.metric = "free_high_trigger",
};

/* The code a side runs: before 6 * batch, after and v2 zone_highsize(), kernel the release's row. */
static int side_code(const struct machine *m, int side)
{
	const struct release_row *r;

	if (side != SIDE_KERNEL)
		return side == BEFORE ? 0 : 1;
	r = release_row(m, &high_history);
	return r ? (int)r->mode : 0;
}

/* The CPUs zone_highsize() splits over: v2 max(1, local), merged local or, on a CPU-less node, all online. */
static uint64_t split_cpus(const struct machine *m, int side, struct strbuf *why)
{
	uint64_t local = machine_node_cpus(m);

	if (side == V2) {
		sb_printf(why, "v2: nr_local_cpus = max(1U, cpumask_weight(cpumask_of_node(nid)))\n"
			       "  = max(1, %llu) = %llu%s\n", (unsigned long long)local, (unsigned long long)max_u64(1, local),
			  local ? "" : " (a CPU-less node: every CPU may hold the whole\n  low watermark)");
		return max_u64(1, local);
	}
	sb_printf(why, "nr_split_cpus = cpumask_weight(cpumask_of_node(nid)) + cpu_online\n  = %llu + 0",
		  (unsigned long long)local);
	if (local) {
		sb_printf(why, " = %llu\n", (unsigned long long)local);
		return local;
	}
	sb_printf(why, " = 0: a CPU-less node, so num_online_cpus() = %llu\n", (unsigned long long)m->cpus);
	return m->cpus;
}

/* zone_highsize()'s split: int high = total_pages / nr_split_cpus, then max(high, batch << 2). */
static uint64_t split_high(uint64_t total, uint64_t split, uint64_t batch, struct strbuf *why)
{
	int32_t high = (int32_t)(uint32_t)(total / split);
	uint64_t floor = batch << 2, v = high < 0 || (uint64_t)high < floor ? floor : (uint64_t)high;

	sb_printf(why, "high = %llu / %llu = %lld%s; max(high, batch << 2 = %llu) = %llu\n", (unsigned long long)total,
		  (unsigned long long)split, (long long)high, total / split > INT32_MAX ? " (cut to int, as the kernel's int high)" : "",
		  (unsigned long long)floor, (unsigned long long)v);
	return v;
}

/*
 * zone_highsize()'s total_pages: the low watermark, or, with
 * vm.percpu_pagelist_high_fraction set (the sysctl is 5.14's, as the
 * zone_highsize() code), managed / the fraction.
 */
static uint64_t high_total(const struct machine *m, uint64_t low, struct strbuf *why)
{
	uint64_t f = m->percpu_pagelist_high_fraction;

	if (!f)
		return low;
	sb_printf(why, "vm.percpu_pagelist_high_fraction = %llu: total_pages = zone_managed_pages() / %llu = %llu / %llu "
		       "= %llu (not the low watermark)\n", (unsigned long long)f, (unsigned long long)f,
		  (unsigned long long)machine_zone(m), (unsigned long long)f, (unsigned long long)(machine_zone(m) / f));
	return machine_zone(m) / f;
}

/* The zone_batchsize() code a side runs: before 5.13's (an int share), the kernel side its release's. */
static int batch_side(int side)
{
	return side == SIDE_KERNEL ? SIDE_KERNEL : side == BEFORE ? VMSTAT_BATCH_INT : 0;
}

static void pcp_sizes(const struct machine *m, int side, struct pcp_sizes *p, struct strbuf *why)
{
	struct zone_wmarks w;

	p->code = side_code(m, side);
	if (p->code == 0) {
		uint64_t raw = vmstat_zone_batch_raw(m, batch_side(side), why);

		p->batch = max_u64(1, raw);
		p->low = p->split = 0;
		p->high = p->high_max = 6 * raw;
		sb_printf(why, "high = 6 * the raw zone_batchsize() = 6 * %llu = %llu pages per CPU, whatever the zone's "
			       "size; batch = max(1, %llu) = %llu (the max is on batch only)\n",
			  (unsigned long long)raw, (unsigned long long)p->high, (unsigned long long)raw,
			  (unsigned long long)p->batch);
		if (m->percpu_pagelist_high_fraction)
			sb_printf(why, "vm.percpu_pagelist_high_fraction = %llu: no such sysctl before 5.14 (its "
				       "percpu_pagelist_fraction is another, not modeled): ignored\n",
				  (unsigned long long)m->percpu_pagelist_high_fraction);
		sb_printf(why, "kernel: setup_pageset() (3.10), pageset_set_batch() (3.11), "
			       "zone_set_pageset_high_and_batch()\n  (5.11-5.13), mm/page_alloc.c\n");
		return;
	}
	p->batch = vmstat_zone_batchsize(m, batch_side(side), why).i;
	sb_printf(why, "total_pages = low_wmark_pages(zone), the zone's low watermark:\n");
	if (side == SIDE_KERNEL)
		zone_wmarks_kernel(m, &w, why);
	else
		zone_wmarks(m, 1, &w, why);
	p->low = w.low;
	p->split = split_cpus(m, side, why);
	if (side > V2 && side != SIDE_KERNEL) { /* a variant: its own pcp->high, the rest as after */
		p->high = p->high_max = variant_const(m, &pcp_patch, side, why);
		sb_printf(why, "a variant: pcp->high = %llu (its expression, in place of zone_highsize())\n",
			  (unsigned long long)p->high);
		return;
	}
	p->high = split_high(high_total(m, p->low, why), p->split, p->batch, why);
	p->high_max = p->high;
	if (p->code == 2 && m->percpu_pagelist_high_fraction) {
		sb_printf(why, "high_max = high_min: a fraction set tunes pcp high by hand, no auto-tuning "
			       "(zone_set_pageset_high_and_batch())\n");
	} else if (p->code == 2) {
		sb_printf(why, "high_min is that; high_max = zone_highsize(.., MIN_PERCPU_PAGELIST_HIGH_FRACTION): managed / 8:\n");
		p->high_max = split_high(machine_zone(m) / MIN_PERCPU_PAGELIST_HIGH_FRACTION, p->split, p->batch, why);
	}
	sb_printf(why, "kernel: zone_highsize(), mm/page_alloc.c (%s)\n",
		  side == V2 ? "the posted v2" : p->code == 2 ? "6.7 on: high_min and high_max" : "5.14 on");
}

void pcp_zone_high(const struct machine *m, uint64_t low, uint64_t *high_min, uint64_t *high_max)
{
	int code = side_code(m, SIDE_KERNEL);
	uint64_t batch = vmstat_zone_batchsize(m, 1, NULL).i, split;

	if (code == 0) {
		*high_min = *high_max = 6 * batch;
		return;
	}
	split = split_cpus(m, SIDE_KERNEL, NULL);
	*high_min = *high_max = split_high(high_total(m, low, NULL), split, batch, NULL);
	if (code == 2 && !m->percpu_pagelist_high_fraction)
		*high_max = split_high(machine_zone(m) / MIN_PERCPU_PAGELIST_HIGH_FRACTION, split, batch, NULL);
}

static struct value high_on(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	struct machine k;
	struct pcp_sizes p;

	k = *m;
	k.kernel = (uint64_t)release_find(r->from);
	pcp_sizes(&k, SIDE_KERNEL, &p, why);
	return val_int(p.high);
}

static struct value batch(METRIC_ARGS(m, side, why))
{
	struct value v = vmstat_zone_batchsize(m, batch_side(side), why);

	sb_printf(why, "the patch leaves batch alone: every side has zone_batchsize()'s value (before: 5.13's, whose "
		       "int share wraps on zones of 2^41 pages and more)\n");
	return v;
}

static struct value high(METRIC_ARGS(m, side, why))
{
	struct pcp_sizes p;

	pcp_sizes(m, side, &p, why);
	if (p.code == 2)
		sb_printf(why, "/proc/zoneinfo's high is pcp->high: 0 on a CPU whose list is unused since boot "
			       "(per_cpu_pages_init() zeroes it, pageset_update() sets only high_min and high_max); "
			       "a used list's is kept in high_min..high_max, and decay_pcp_high() lowers it toward "
			       "high_min = %llu, mm/page_alloc.c\n", (unsigned long long)p.high);
	return val_int(p.high);
}

static struct value high_max(METRIC_ARGS(m, side, why))
{
	struct pcp_sizes p;

	pcp_sizes(m, side, &p, why);
	if (p.code != 2)
		sb_printf(why, "no auto-tuning on this side: high_max = high = %llu\n", (unsigned long long)p.high);
	return val_int(p.high_max);
}

static struct value high_bytes(METRIC_ARGS(m, side, why))
{
	struct pcp_sizes p;

	pcp_sizes(m, side, &p, why);
	sb_printf(why, "high_bytes = high * PAGE_SIZE = %llu * %llu = %llu\n", (unsigned long long)p.high,
		  (unsigned long long)m->pagesize, (unsigned long long)mul_sat(p.high, m->pagesize));
	return val_int(mul_sat(p.high, m->pagesize));
}

static struct value low(METRIC_ARGS(m, side, why))
{
	struct zone_wmarks w;

	if (side == SIDE_KERNEL)
		zone_wmarks_kernel(m, &w, why);
	else
		zone_wmarks(m, 1, &w, why);
	sb_printf(why, "kernel: __setup_per_zone_wmarks(), mm/page_alloc.c (low_wmark_pages(), what zone_highsize() splits)\n");
	return val_int(w.low);
}

static struct value split(METRIC_ARGS(m, side, why))
{
	if (side_code(m, side) == 0) {
		sb_printf(why, "6 * batch splits nothing: the zone's size and its CPUs do not enter\n");
		sb_printf(why, "kernel: zone_set_pageset_high_and_batch(), mm/page_alloc.c (5.13)\n");
		return val_none("6 * batch: no split");
	}
	uint64_t n = split_cpus(m, side, why);

	sb_printf(why, "kernel: zone_highsize(), mm/page_alloc.c\n");
	return val_int(n);
}

/*
 * What every CPU's list may hold for this zone: each possible CPU has a
 * pageset for every zone (__zone_set_pageset_high_and_batch() walks
 * for_each_possible_cpu), so any CPU freeing this zone's pages fills its own.
 */
static uint64_t zone_pcp_pages(const struct machine *m, int side, struct strbuf *why)
{
	struct pcp_sizes p;
	uint64_t pages;

	pcp_sizes(m, side, &p, why);
	pages = mul_sat(p.high_max, m->cpus);
	sb_printf(why, "worst case: every online CPU's list for this zone at %s: %llu * %llu CPUs = %llu pages\n",
		  p.code == 2 ? "high_max" : "high", (unsigned long long)p.high_max, (unsigned long long)m->cpus,
		  (unsigned long long)pages);
	sb_printf(why, "  (every CPU has a pageset for every zone: __zone_set_pageset_high_and_batch() walks "
		       "for_each_possible_cpu; a remote CPU freeing this zone's pages fills its own list)\n");
	return pages;
}

static struct value zone_pcp_bytes(METRIC_ARGS(m, side, why))
{
	uint64_t pages = zone_pcp_pages(m, side, why), bytes = mul_sat(pages, m->pagesize);

	sb_printf(why, "zone_pcp_bytes = %llu * PAGE_SIZE %llu = %llu\n", (unsigned long long)pages,
		  (unsigned long long)m->pagesize, (unsigned long long)bytes);
	return val_int(bytes);
}

static struct value zone_pcp_share(METRIC_ARGS(m, side, why))
{
	uint64_t pages = zone_pcp_pages(m, side, why), zone = machine_zone(m);
	double pct = 100.0 * (double)pages / (double)zone;

	sb_printf(why, "zone_pcp_share = 100 * %llu / %llu managed pages = %.9f%%\n", (unsigned long long)pages,
		  (unsigned long long)zone, pct);
	return val_real(pct);
}

/* The free_count cap: free_count grows while below batch << CONFIG_PCP_BATCH_SCALE_MAX, by 1 << order. */
static void trigger_reach(uint64_t trigger, uint64_t batch, struct strbuf *why)
{
	uint64_t cap = (batch << PCP_BATCH_SCALE_MAX) - 1 + (1u << PAGE_ALLOC_COSTLY_ORDER);

	if (trigger > cap)
		sb_printf(why, "unreachable: free_count stops growing at batch << CONFIG_PCP_BATCH_SCALE_MAX (%llu), so it "
			       "tops out at %llu (an order-3 free): free_high never fires on this zone\n",
			  (unsigned long long)(batch << PCP_BATCH_SCALE_MAX), (unsigned long long)cap);
}

static uint64_t trigger_with(uint64_t mode, const struct pcp_sizes *p, struct strbuf *why)
{
	uint64_t t = mode ? p->batch + p->high / 2 : p->batch;

	if (mode)
		sb_printf(why, "trigger = batch + high_min / 2 = %llu + %llu / 2 = %llu pages of free_count\n",
			  (unsigned long long)p->batch, (unsigned long long)p->high, (unsigned long long)t);
	else
		sb_printf(why, "trigger = batch = %llu pages of free_count\n", (unsigned long long)t);
	trigger_reach(t, p->batch, why);
	return t;
}

static struct value trigger_on(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	struct machine k;
	struct pcp_sizes p;

	k = *m;
	k.kernel = (uint64_t)release_find(r->from);
	pcp_sizes(&k, SIDE_KERNEL, &p, why);
	return val_int(trigger_with(r->mode, &p, why));
}

/*
 * free_high: a high-order free (order 1..PAGE_ALLOC_COSTLY_ORDER) after
 * another drains the list to batch once free_count reaches the trigger.
 * The sides carry the rule of 6.16 on (batch + high_min / 2) with their own
 * high as high_min; the kernel side its release's rule.
 */
static struct value free_high_trigger(METRIC_ARGS(m, side, why))
{
	const struct release_row *r = side == SIDE_KERNEL ? release_row(m, &trigger_history) : NULL;
	struct pcp_sizes p;

	if (side == SIDE_KERNEL && !r) {
		sb_printf(why, "%s\n", trigger_history.before_first);
		return val_none("no free_count trigger before 6.7");
	}
	pcp_sizes(m, side, &p, why);
	if (side != SIDE_KERNEL)
		sb_printf(why, "the rule of 6.16 on, with this side's high as high_min:\n");
	sb_printf(why, "kernel: free_unref_page_commit(), free_frozen_page_commit() in the latest trees, "
		       "mm/page_alloc.c\n");
	return val_int(trigger_with(r ? r->mode : 1, &p, why));
}

static struct value threshold(METRIC_ARGS(m, side, why))
{
	(void)side;
	return vmstat_normal_threshold(m, why);
}

#define PCP_READS "cpus ram pagesize totalram zone nodes node_cpus min_free_kbytes thp pageblock_nr_pages watermark_scale_factor zone_min kernel"
/* pcp->high and what follows from it: zone_highsize() reads the fraction too */
#define PCP_HIGH_READS PCP_READS " pagelist_high_fraction"

static const struct metric_desc metrics[] = {
	{ .name = "batch", .unit = "pages", .kind = METRIC_EXACT, .fn = batch, .better = BETTER_NONE,
	  .help = "pcp->batch, zone_batchsize(): the pages a list refills and drains in (the patch leaves it)",
	  .reads = "ram pagesize totalram zone nodes" },
	{ .name = "high", .unit = "pages", .kind = METRIC_EXACT, .fn = high, .better = BETTER_NONE,
	  .help = "pcp->high per CPU: the list is drained past it (6.7 on: high_min)", .reads = PCP_HIGH_READS },
	{ .name = "high_max", .unit = "pages", .kind = METRIC_EXACT, .fn = high_max, .better = BETTER_LOWER,
	  .help = "the most pcp->high can tune to (6.7's high_max; without auto-tuning, high)", .reads = PCP_HIGH_READS },
	{ .name = "high_bytes", .unit = "bytes", .kind = METRIC_EXACT, .fn = high_bytes, .better = BETTER_NONE,
	  .help = "high in bytes: one CPU's list for this zone", .reads = PCP_HIGH_READS },
	{ .name = "split_cpus", .unit = "CPUs", .kind = METRIC_EXACT, .fn = split, .better = BETTER_NONE,
	  .help = "the CPUs zone_highsize() splits the low watermark across", .reads = "cpus ram pagesize totalram nodes node_cpus kernel" },
	{ .name = "low", .unit = "pages", .kind = METRIC_EXACT, .fn = low, .better = BETTER_NONE,
	  .help = "the zone's low watermark, which zone_highsize() splits", .reads = PCP_READS },
	{ .name = "zone_pcp_bytes", .unit = "bytes", .kind = METRIC_EXACT, .fn = zone_pcp_bytes, .better = BETTER_LOWER,
	  .help = "what every CPU's list may hold of this zone: high_max * cpus (the reviewers' worst case per zone)",
	  .reads = PCP_HIGH_READS },
	{ .name = "zone_pcp_share", .unit = "%", .kind = METRIC_EXACT, .fn = zone_pcp_share, .better = BETTER_LOWER,
	  .help = "zone_pcp_bytes as a share of the zone", .reads = PCP_HIGH_READS },
	{ .name = "free_high_trigger", .unit = "pages", .kind = METRIC_EXACT, .fn = free_high_trigger,
	  .better = BETTER_NONE, .help = "free_count at which a high-order free drains the list (6.16's rule on the sides)",
	  .reads = PCP_HIGH_READS },
	{ .name = "threshold", .unit = "pages", .kind = METRIC_EXACT, .single = 1, .fn = threshold, .better = BETTER_NONE,
	  .help = "vm stats threshold of the zone (calculate_normal_threshold(), context)",
	  .reads = "cpus ram pagesize totalram zone nodes" },
	{ .name = NULL },
};

static const char *const sides[] = { "before", "after", "v2", NULL };
static const char *const locals[] = { "low", "local_cpus", "batch", "managed", NULL };
static const char *const locals_help[] = {
	"low_wmark_pages(zone): the zone's low watermark, 4.6's formula", "CPUs of the zone's node (node_cpus)",
	"pcp->batch, zone_batchsize()", "zone_managed_pages(zone)", NULL };
static const char *const locals_reads[] = {
	"ram pagesize totalram zone nodes min_free_kbytes thp pageblock_nr_pages watermark_scale_factor zone_min kernel",
	"cpus nodes node_cpus", "ram pagesize totalram zone nodes", "ram pagesize totalram zone nodes", NULL };

static void local_values(const struct machine *m, uint64_t *vals)
{
	struct zone_wmarks w;

	zone_wmarks(m, 1, &w, NULL);
	vals[0] = w.low;
	vals[1] = machine_node_cpus(m);
	vals[2] = vmstat_zone_batchsize(m, 0, NULL).i;
	vals[3] = machine_zone(m);
}

/* pcp->high is an int in struct per_cpu_pages, and zone_highsize() returns int */
static const char *high_check(uint64_t v)
{
	return v > KERNEL_INT_MAX ? "above INT_MAX: pcp->high is an int (struct per_cpu_pages)" : NULL;
}

static const struct patch_constant high_constant = {
	.name = "pcp->high",
	.what = "pages a CPU's list for the zone may hold before a free drains a batch",
	.example = "max(low / cpus, 4 * batch)",
	.metric = "high",
	.locals = locals,
	.locals_help = locals_help,
	.locals_reads = locals_reads,
	.local_values = local_values,
	.check = high_check,
	/* high * cpus * PAGE_SIZE must fit 64 bits for zone_pcp_bytes */
	.lo = 0,
	.hi = 1ull << 32,
	.why_range = "above 2^32 pages: past the kernel's int pcp->high",
	.slot = PATCH_SLOT(pcp),
	.side0 = 3,
};

static const struct release_history *const histories[] = { &high_history, &trigger_history, &zone_gap_history,
							   &zone_mfk_history, &zone_thp_history, NULL };

/* Every commit a row above names, with its subject as git log prints it (checked in Fixes: lines and shortlogs). */
static const struct commit_subject subjects[] = {
	{ "6ccdcb6d3a74", "mm, pcp: reduce detecting time of consecutive high order page freeing" },
	{ "795ae7a0de6b", "mm: scale kswapd watermarks in proportion to memory" },
	{ NULL, NULL },
};

/* A factor the release's sysctl refuses cannot be the release's: the same n/a as the watermark patch's. */
static const char *kernel_na(const struct machine *m, const struct metric_desc *md, struct strbuf *why)
{
	uint64_t top = zone_release_wsf_max(m);

	if (!top || m->watermark_scale_factor <= top || !metric_reads(md, "watermark_scale_factor"))
		return NULL;
	sb_printf(why, "watermark_scale_factor %llu: this release's sysctl takes 1..%llu and keeps the factor it had "
		       "(proc_dointvec_minmax(), kernel/sysctl.c; 3000 from 5.17)\n",
		  (unsigned long long)m->watermark_scale_factor, (unsigned long long)top);
	return "watermark_scale_factor above this release's 1000";
}

static const struct patch_kernel pcp_kernel = {
	.subjects = subjects,
	.history = histories,
	.na = kernel_na,
};

/*
 * The figures the review thread states (Dave Hansen on v2, Feng Tang on the
 * merged fix), on the machine they came from: a row each, checked by
 * core/claim.c and held by tests/unit/test_claim.c.
 */
static const struct patch_claim claims[] = {
	{ .said = "pcp->high 724", .where = "Feng Tang, the merged fix", .machine = "pmem-96t", .metric = "high.after",
	  .figure = 724, .how = CLAIM_EQUAL, .note = "low 69584 over the 96 online CPUs: the node has none",
	  .expect = CLAIM_HOLDS },
	{ .said = "batch 63", .where = "Feng Tang, the merged fix", .machine = "pmem-96t", .metric = "batch.after",
	  .figure = 63, .how = CLAIM_EQUAL, .note = "zone_batchsize(): the 1 MiB cap", .expect = CLAIM_HOLDS },
	{ .said = "vm stats threshold 125", .where = "Feng Tang, the merged fix", .machine = "pmem-96t",
	  .metric = "threshold", .figure = 125, .how = CLAIM_EQUAL, .note = "calculate_normal_threshold()'s cap",
	  .expect = CLAIM_HOLDS },
	{ .said = "the pcp->high value per-cpu is 69584 pages", .where = "Dave Hansen, on v2", .machine = "pmem-96t",
	  .metric = "high.v2", .figure = 69584, .how = CLAIM_EQUAL,
	  .note = "v2 divides by max(1, CPUs on the node): the whole low watermark", .expect = CLAIM_HOLDS },
	{ .said = "or about 270MB per CPU", .where = "Dave Hansen, on v2", .machine = "pmem-96t", .metric = "high_bytes.v2",
	  .figure = 270 * 1048576.0, .how = CLAIM_EQUAL, .tol = 5 * 1048576.0,
	  .note = "271.8 MiB: 'about' rounds it", .expect = CLAIM_HOLDS },
	{ .said = "~26GB of worst-case memory in the pcps per zone", .where = "Dave Hansen, on v2", .machine = "pmem-96t",
	  .metric = "zone_pcp_bytes.v2", .figure = 26 * 1073741824.0, .how = CLAIM_EQUAL, .tol = 1073741824.0,
	  .note = "25.48 GiB (27.4 GB): every CPU's list full", .expect = CLAIM_HOLDS },
	{ .said = "or roughly 10% of the size of the zone", .where = "Dave Hansen, on v2", .machine = "pmem-96t",
	  .metric = "zone_pcp_share.v2", .figure = 10, .how = CLAIM_EQUAL, .tol = 0.5, .note = "10.28%",
	  .expect = CLAIM_HOLDS },
	{ .said = "5 * batch appears too magic", .where = "Huang Ying, on the 6.16 free_high trigger", .how = CLAIM_OUTSIDE,
	  .note = "a judgement, not a figure: free_high_trigger shows both rules on the machine set",
	  .expect = CLAIM_NOT_MODELLED },
	{ .said = NULL },
};

const struct patch_desc pcp_patch = {
	.id = "pcp",
	.title = "pcp->high from the zone's low watermark and its node's CPUs",
	.seed = "-",
	.kernel = "mm/page_alloc.c",
	.sides = sides,
	.before = BEFORE,
	.after = AFTER,
	.metrics = metrics,
	.about =
		"Mel Gorman, 'Calculate pcp->high based on zone sizes and active CPUs', merged for 5.14.\n"
		"Every CPU keeps a list of free pages per zone (struct per_cpu_pages) so most allocations "
		"and frees skip the zone lock; pages move between list and zone in batches of pcp->batch "
		"(zone_batchsize(): at most 63 pages with 4K pages), and a free past pcp->high drains the "
		"list. Up to 5.13 high was 6 * zone_batchsize() - 378 pages, 1.5 MiB - on any zone and any "
		"number of CPUs (6 * the raw value: 0 on a zone under 8192 pages, whose batch, max(1, ...), "
		"is 1). zone_highsize() in mm/page_alloc.c makes it the zone's low watermark divided by the "
		"CPUs of the zone's node, at least 4 * batch, so that lists that are all full do not wake "
		"kswapd by themselves (the changelog: 'set the number of PCP pages such that if they are "
		"all full that background reclaim is not started prematurely').\n"
		"The review found a hole: v2 divided by max(1U, cpumask_weight(cpumask_of_node(nid))), "
		"and a node with no CPUs - persistent memory onlined as RAM - divided by 1: each of the "
		"machine's CPUs could park the whole low watermark. The fix merged with the series "
		"('Split pcp->high across all online CPUs for cpuless nodes', suggested by Dave Hansen) "
		"splits across num_online_cpus() when the node has none (side v2 shows the posted code).\n"
		"Later: 6.7 tunes high between high_min (this value) and high_max (managed / 8, split the "
		"same way); 6.16 makes a high-order free drain the list (free_high) only once free_count "
		"reaches batch + high_min / 2, where it was batch (the posted 5 * batch, Huang Ying: 'too "
		"magic'). free_count stops growing at batch << CONFIG_PCP_BATCH_SCALE_MAX, so a trigger "
		"above that never fires. The price of a big high is memory parked on lists "
		"(zone_pcp_bytes: every CPU's list for this zone full); the gain, fewer zone-lock trips.\n"
		"`-p pmem-96t` loads Feng Tang's machine below.\n",
	.published =
		"Feng Tang's Cascade Lake, 96 threads, a CPU-less PMEM node whose zone has 65011712 pages "
		"and high watermark 134595 (Dave Hansen): with v2 'the pcp->high value per-cpu is 69584 "
		"pages or about 270MB per CPU. Scaled up by the 96 CPU threads, that's ~26GB of worst-case "
		"memory in the pcps per zone, or roughly 10% of the size of the zone.' With the merged "
		"fix: pcp->high 724, batch 63, vm stats threshold 125.\n"
		"batchlab (tests, test_pcp): low 4573 + max(4573 / 4, 65011712 * 10 / 10000) = 69584; merged "
		"69584 / 96 CPUs = 724, batch 63, threshold 125; v2 69584 pages per CPU = 271.8 MiB, over 96 "
		"CPUs 25.48 GiB, 10.28% of the zone. With the CPUs on the node (node_cpus 24) v2 and the "
		"merged code agree: 69584 / 24 = 2899.\n",
	.headline = "high",
	.seed_presets = "pmem-96t",
	.constant = &high_constant,
	.claims = claims,
	.kernel_code = &pcp_kernel,
};
