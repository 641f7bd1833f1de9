/*
 * Johannes Weiner, 795ae7a0de6b "mm: scale kswapd watermarks in proportion
 * to memory" (4.6): kswapd wakes at a zone's low watermark and sleeps at its
 * high one; the gap between them was a quarter of the zone's min, its share
 * of min_free_kbytes, which grows with the square root of memory. The patch
 * makes the gap at least watermark_scale_factor / 10000 of the zone.
 */
#include "../patch.h"

#include <math.h>

#include "kernel.h"
#include "release.h"
#include "zone.h"
#include "../variant.h"

enum { BEFORE, AFTER };

extern const struct patch_desc watermark_patch;

/* The watermarks a side computes: before the old gap, after 4.6's, kernel the release's. */
static void wmarks(const struct machine *m, int side, struct zone_wmarks *w, struct strbuf *why)
{
	if (side == SIDE_KERNEL)
		zone_wmarks_kernel(m, w, why);
	else
		zone_wmarks(m, side != BEFORE, w, why);
	if (side > AFTER && side != SIDE_KERNEL) { /* a variant: its own gap, low and high from it as 4.6 sets them */
		w->gap = variant_const(m, &watermark_patch, side, why);
		w->low = w->min + w->gap;
		w->high = w->min + 2 * w->gap;
		sb_printf(why, "a variant: gap = %llu; low = min + gap = %llu; high = min + 2 * gap = %llu\n",
			  (unsigned long long)w->gap, (unsigned long long)w->low, (unsigned long long)w->high);
	}
	sb_printf(why, "kernel: __setup_per_zone_wmarks(), mm/page_alloc.c (%s)\n",
		  side == BEFORE ? "before 795ae7a0de6b" : side == AFTER ? "795ae7a0de6b, 4.6 on" :
		  side == SIDE_KERNEL ? "the machine's release" : "4.6's, with the variant's gap");
}

static struct value wmin(METRIC_ARGS(m, side, why))
{
	struct zone_wmarks w;

	wmarks(m, side, &w, why);
	return val_int(w.min);
}

static struct value wlow(METRIC_ARGS(m, side, why))
{
	struct zone_wmarks w;

	wmarks(m, side, &w, why);
	return val_int(w.low);
}

static struct value whigh(METRIC_ARGS(m, side, why))
{
	struct zone_wmarks w;

	wmarks(m, side, &w, why);
	return val_int(w.high);
}

static struct value gap(METRIC_ARGS(m, side, why))
{
	struct zone_wmarks w;

	wmarks(m, side, &w, why);
	sb_printf(why, "gap = low - min = %llu pages (high - low: %llu)\n", (unsigned long long)w.gap,
		  (unsigned long long)(w.high - w.low));
	return val_int(w.gap);
}

static struct value gap_bytes(METRIC_ARGS(m, side, why))
{
	struct zone_wmarks w;

	wmarks(m, side, &w, why);
	sb_printf(why, "gap_bytes = (low - min) * PAGE_SIZE = %llu * %llu = %llu\n", (unsigned long long)w.gap,
		  (unsigned long long)m->pagesize, (unsigned long long)mul_sat(w.gap, m->pagesize));
	return val_int(mul_sat(w.gap, m->pagesize));
}

static struct value gap_share(METRIC_ARGS(m, side, why))
{
	struct zone_wmarks w;
	double pct;

	wmarks(m, side, &w, why);
	pct = 100.0 * (double)w.gap / (double)machine_zone(m);
	sb_printf(why, "gap_share = 100 * %llu / %llu managed pages = %.9f%%\n",
		  (unsigned long long)w.gap, (unsigned long long)machine_zone(m), pct);
	return val_real(pct);
}

/* Which term of max(min >> 2, mult_frac(...)) wins: their ratio, above 1 the scale factor. */
static struct value binds(METRIC_ARGS(m, side, why))
{
	struct zone_wmarks w;

	wmarks(m, side, &w, why);
	if (side > AFTER && side != SIDE_KERNEL) {
		sb_printf(why, "a variant's gap is its expression: no floor or scale term to compare\n");
		return val_none("a variant's gap has no terms");
	}
	if (!w.scaled) {
		sb_printf(why, "no scale factor before 795ae7a0de6b: the min/4 floor is the gap\n");
		return val_none("no scale factor before 4.6");
	}
	if (!w.floor) {
		sb_printf(why, "min >> 2 = 0: the scale factor binds whatever it is\n");
		return val_real(INFINITY);
	}
	sb_printf(why, "binds = scale term / floor term = %llu / %llu = %.6f: %s\n", (unsigned long long)w.scale,
		  (unsigned long long)w.floor, (double)w.scale / (double)w.floor,
		  w.scale > w.floor ? "above 1, the scale factor binds" : "1 or below, the min/4 floor binds");
	return val_real((double)w.scale / (double)w.floor);
}

/*
 * kswapd's duty cycle: woken below low, it reclaims until the zone is above
 * high, then sleeps until allocations take the zone down to low again - so a
 * steady allocation stream wakes it once per high - low pages allocated.
 */
static struct value wakeups_per_gib(METRIC_ARGS(m, side, why))
{
	struct zone_wmarks w;
	uint64_t per_gib = (1ull << 30) / m->pagesize, step, n;

	wmarks(m, side, &w, why);
	step = w.high - w.low;
	sb_printf(why, "workload: allocations take the zone down steadily and kswapd keeps up: it wakes "
		       "at low, reclaims to high and sleeps (wakeup_kswapd(), balance_pgdat(), mm/vmscan.c)\n");
	if (!step) {
		sb_printf(why, "high - low = 0: kswapd would wake on every allocation\n");
		return val_none("high = low: no sleep between wakeups");
	}
	n = (per_gib + step - 1) / step;
	sb_printf(why, "wakeups per GiB = ceil(%llu pages / (high - low = %llu)) = %llu\n", (unsigned long long)per_gib,
		  (unsigned long long)step, (unsigned long long)n);
	return val_int(n);
}

static struct value min_free_kbytes(METRIC_ARGS(m, side, why))
{
	uint64_t v = zone_min_free_kbytes(m, why);

	(void)side;
	sb_printf(why, "kernel: init_per_zone_wmark_min() (calculate_min_free_kbytes() in later "
		       "releases), mm/page_alloc.c; set_recommended_min_free_kbytes(), "
		       "mm/khugepaged.c (mm/huge_memory.c before 4.8)\n");
	return val_int(v);
}

#define WMARK_READS "ram pagesize totalram zone nodes min_free_kbytes thp zone_min kernel"
#define WMARK_SCALED WMARK_READS " watermark_scale_factor"

static const struct metric_desc metrics[] = {
	{ .name = "min", .unit = "pages", .kind = METRIC_EXACT, .fn = wmin, .better = BETTER_NONE,
	  .help = "the zone's min watermark: its share of min_free_kbytes (the patch leaves it)", .reads = WMARK_READS },
	{ .name = "low", .unit = "pages", .kind = METRIC_EXACT, .fn = wlow, .better = BETTER_NONE,
	  .help = "the low watermark: kswapd wakes below it", .reads = WMARK_SCALED },
	{ .name = "high", .unit = "pages", .kind = METRIC_EXACT, .fn = whigh, .better = BETTER_NONE,
	  .help = "the high watermark: kswapd sleeps above it", .reads = WMARK_SCALED },
	{ .name = "gap", .unit = "pages", .kind = METRIC_EXACT, .fn = gap, .better = BETTER_NONE,
	  .help = "low - min: the room between kswapd waking and allocations stalling", .reads = WMARK_SCALED },
	{ .name = "gap_bytes", .unit = "bytes", .kind = METRIC_EXACT, .fn = gap_bytes, .better = BETTER_NONE,
	  .help = "the gap in bytes", .reads = WMARK_SCALED },
	{ .name = "gap_share", .unit = "%", .kind = METRIC_EXACT, .fn = gap_share, .better = BETTER_NONE,
	  .help = "the gap as a share of the zone", .reads = WMARK_SCALED },
	{ .name = "binds", .unit = "x", .kind = METRIC_EXACT, .fn = binds, .better = BETTER_NONE,
	  .help = "scale-factor term / min/4 floor: above 1 the scale factor sets the gap", .reads = WMARK_SCALED },
	{ .name = "wakeups_per_gib", .unit = "wakeups", .kind = METRIC_WORKLOAD, .fn = wakeups_per_gib,
	  .better = BETTER_LOWER, .help = "kswapd wakeups per GiB allocated, if each reclaims from low to high",
	  .reads = WMARK_SCALED },
	{ .name = "min_free_kbytes", .unit = "KiB", .kind = METRIC_EXACT, .single = 1, .fn = min_free_kbytes,
	  .better = BETTER_NONE, .help = "the min_free_kbytes the zone's min is a share of, and which regime set it",
	  .reads = "ram pagesize totalram nodes min_free_kbytes thp kernel" },
	{ .name = NULL },
};

static const char *const sides[] = { "before", "after", NULL };
static const char *const locals[] = { "min", "managed", NULL };
static const char *const locals_help[] = { "the zone's min watermark (zone_min)", "zone_managed_pages(zone)", NULL };
static const char *const locals_reads[] = { WMARK_READS, "ram pagesize totalram zone nodes", NULL };

static void local_values(const struct machine *m, uint64_t *vals)
{
	vals[0] = zone_min_pages(m, NULL);
	vals[1] = machine_zone(m);
}

static const struct patch_constant gap_constant = {
	.name = "the watermark gap",
	.what = "low - min (and high - low): what kswapd frees per wakeup",
	.example = "max(min / 4, managed / 500)",
	.metric = "gap",
	.locals = locals,
	.locals_help = locals_help,
	.locals_reads = locals_reads,
	.local_values = local_values,
	/* min + 2 * gap, in bytes, must fit 64 bits */
	.lo = 0,
	.hi = 1ull << 44,
	.why_range = "above 2^44 pages: past any zone",
	.slot = PATCH_SLOT(watermark),
	.side0 = 2,
};

static const struct release_history *const histories[] = { &zone_gap_history, &zone_mfk_history, &zone_thp_history,
							   NULL };

/* The sysctl refuses a factor past the release's top: such a value cannot be the release's. */
static const char *kernel_na(const struct machine *m, const struct metric_desc *md, struct strbuf *why)
{
	uint64_t top = zone_release_wsf_max(m);

	if (!top || m->watermark_scale_factor <= top || !metric_reads(md, "watermark_scale_factor"))
		return NULL;
	sb_printf(why, "watermark_scale_factor %llu: this release's sysctl takes 1..%llu (3000 from 5.17)\n",
		  (unsigned long long)m->watermark_scale_factor, (unsigned long long)top);
	return "watermark_scale_factor above this release's 1000";
}

/* Every commit a row above names, with its subject as git log prints it (checked in Fixes: lines and shortlogs). */
static const struct commit_subject subjects[] = {
	{ "795ae7a0de6b", "mm: scale kswapd watermarks in proportion to memory" },
	{ NULL, NULL },
};

static const struct patch_kernel wmark_kernel = {
	.subjects = subjects,
	.history = histories,
	.na = kernel_na,
};

/*
 * The figures the changelog and the PMEM zone's /proc/zoneinfo state, on the
 * machines they came from: a row each, checked by core/claim.c and held by
 * tests/unit/test_claim.c.
 */
static const struct patch_claim claims[] = {
	{ .said = "from 16M", .where = "the changelog (a 140G machine)", .machine = "wmark-140g", .metric = "gap_bytes.before",
	  .figure = 16 * 1048576.0, .how = CLAIM_EQUAL, .tol = 1048576.0,
	  .note = "16.5 MiB with khugepaged's raise of min_free_kbytes (thp on)", .expect = CLAIM_HOLDS },
	{ .said = "from 16M", .where = "the changelog (a 140G machine)", .machine = "wmark-140g", .set = "thp=off",
	  .metric = "gap_bytes.before", .figure = 16 * 1048576.0, .how = CLAIM_EQUAL, .tol = 1048576.0,
	  .note = "11.83 MiB with the plain square-root default: the mail's 16M is the THP regime",
	  .expect = CLAIM_DIFFERS },
	{ .said = "to 143M", .where = "the changelog (a 140G machine)", .machine = "wmark-140g", .metric = "gap_bytes.after",
	  .figure = 143 * 1048576.0, .how = CLAIM_EQUAL, .tol = 1048576.0,
	  .note = "36700 pages: the zone's managed pages * 10 / 10000", .expect = CLAIM_HOLDS },
	{ .said = "low 69584", .where = "Feng Tang's /proc/zoneinfo (min 4573)", .machine = "pmem-96t", .metric = "low.after",
	  .figure = 69584, .how = CLAIM_EQUAL, .expect = CLAIM_HOLDS },
	{ .said = "high 134595", .where = "Feng Tang's /proc/zoneinfo (min 4573)", .machine = "pmem-96t",
	  .metric = "high.after", .figure = 134595, .how = CLAIM_EQUAL, .expect = CLAIM_HOLDS },
	{ .said = "the scale factor takes over near 1GB, or beyond 16GB?", .where = "Johannes Weiner and Rik van Riel, review",
	  .how = CLAIM_OUTSIDE,
	  .note = "both, one per min_free_kbytes regime: where watermark.binds.after > 1 over ram, with thp off and on",
	  .expect = CLAIM_NOT_MODELLED },
	{ .said = NULL },
};

const struct patch_desc watermark_patch = {
	.id = "watermark",
	.title = "kswapd watermarks in proportion to memory",
	.seed = "-",
	.kernel = "mm/page_alloc.c",
	.sides = sides,
	.before = BEFORE,
	.after = AFTER,
	.metrics = metrics,
	.about =
		"Johannes Weiner, 795ae7a0de6b 'mm: scale kswapd watermarks in proportion to memory', 4.6.\n"
		"Each zone has three watermarks. Below min only atomic and reclaim allocations proceed; "
		"below low an allocation wakes kswapd, which reclaims until the zone is above high. min is "
		"the zone's share of min_free_kbytes (init_per_zone_wmark_min(): the square root of 16 "
		"times lowmem in KiB, clamped to 128..65536 KiB, 262144 from 5.7; khugepaged raises it to "
		"11 pageblocks per zone when THP is on, at most 5% of the pages above the watermarks just "
		"set, and not below 512 MiB, where hugepage_init() turns THP off; with THP built but set "
		"to never, 5.16 on recalculate it from those pages: set_recommended_min_free_kbytes(), "
		"mm/khugepaged.c; `thp` on, never or off, not built). Before the "
		"patch __setup_per_zone_wmarks() put low at min + min/4 and high at min + min/2, so the "
		"gap kswapd works in grew with the square root of memory, and on big machines it woke, "
		"freed a sliver and slept again while allocations went into direct reclaim. The patch "
		"makes the gap max(min/4, managed * watermark_scale_factor / 10000), vm.watermark_scale_factor "
		"10 by default (0.1% of the zone; up to 1000 then, 3000 from 5.17), high = min + 2 * gap.\n"
		"Which term binds depends on min_free_kbytes's regime: with the plain square-root default "
		"the scale factor takes over near 1 GB (Johannes's figure), with khugepaged's raise of "
		"three zones' 11 pageblocks not until about 16 GB (Rik van Riel asked 'beyond 16GB?').\n"
		"`where watermark.binds.after > 1 over ram` finds it, with thp off and on. The price: more "
		"memory held free (gap_bytes, twice it up to high).\n",
	.published =
		"The changelog: 'On a 140G machine, this raises the default watermark steps - the distance "
		"between min and low, and low and high - from 16M to 143M.' Feng Tang's PMEM zone of "
		"65011712 pages (pcp's machine): min 4573, low 69584, high 134595 in /proc/zoneinfo.\n"
		"batchlab (tests, test_watermark): the 140 GiB machine's gap after is 36700 pages, 143.36 "
		"MiB; before, 16.5 MiB with khugepaged's raise (thp on, three zones: 67584 KiB) and 11.83 "
		"MiB with the plain default (thp off: 48464 KiB) - the '16M' is the THP regime.\n",
	.headline = "gap_bytes",
	.seed_presets = "wmark-140g, pmem-96t",
	.constant = &gap_constant,
	.claims = claims,
	.kernel_code = &wmark_kernel,
};
