/*
 * Nodes and zones: min_free_kbytes's default and khugepaged's raise of it,
 * a zone's share of it, and the zone's watermarks, as the page allocator
 * sets them at boot - with their releases, which the pcp and watermark
 * patches both show. The machine has one zone of interest (`zone` managed
 * pages, auto the layout's largest Normal zone) among the layout's. The
 * per-zone arithmetic takes one zone's inputs (zone_min_share(),
 * zone_wmarks_from()), so the layout's zones (core/mm/zonelayout.c) are
 * each worked by it: nr_free_buffer_pages() at boot walks them.
 */
#include "zone.h"

#include <string.h>

#include "kernel.h"
#include "zonelayout.h"
#include "release.h"
#include "../rowmemo.h"

/* include/linux/mmzone.h: MIGRATE_UNMOVABLE, MIGRATE_RECLAIMABLE, MIGRATE_MOVABLE */
#define MIGRATE_PCPTYPES 3u

uint64_t machine_node_cpus(const struct machine *m)
{
	return layout_chosen_node_cpus(m);
}

uint64_t zone_lowmem_pages(const struct machine *m)
{
	return layout_lowmem_pages(m);
}

/* The KiB a page count is: << (PAGE_SHIFT - 10), as the kernel converts. */
static uint64_t pages_to_kib(const struct machine *m, uint64_t pages)
{
	return pages << (machine_page_shift(m) - 10);
}

/* mult_frac(), include/linux/math.h: x * n / d without forming x * n. */
static uint64_t mult_frac(uint64_t x, uint64_t n, uint64_t d)
{
	return x / d * n + x % d * n / d;
}

uint64_t zone_pages_min(int64_t mfk, unsigned int page_shift)
{
	/* min_free_kbytes is an int: a negative one shifts arithmetically and becomes a huge unsigned long */
	int64_t q = mfk >= 0 ? mfk >> (page_shift - 10) : -((-mfk - 1) >> (page_shift - 10)) - 1;

	return (uint64_t)q;
}

uint64_t zone_min_share(uint64_t pages_min, uint64_t managed, uint64_t lowmem)
{
	/* tmp = (u64)pages_min * managed, wrapping as a u64 does; then do_div() by lowmem_pages */
	return lowmem ? pages_min * managed / lowmem : 0;
}

void zone_wmarks_from(uint64_t min, uint64_t managed, uint64_t wsf, int scaled, struct zone_wmarks *w)
{
	w->min = min;
	w->floor = min >> 2;
	w->scaled = scaled;
	if (!scaled) {
		w->scale = 0;
		w->gap = w->floor;
		w->low = min + w->floor;
		w->high = min + (min >> 1);
		return;
	}
	w->scale = mult_frac(managed, wsf, 10000);
	w->gap = max_u64(w->floor, w->scale);
	w->low = min + w->gap;
	w->high = min + 2 * w->gap;
}

uint64_t zone_free_above_high(uint64_t managed, const struct zone_wmarks *w)
{
	return managed > w->high ? managed - w->high : 0;
}

int zone_release_scaled(const struct machine *m)
{
	const struct release_row *r = release_row(m, &zone_gap_history);

	return r && r->mode > 0;
}

/*
 * nr_free_buffer_pages() (nr_free_zone_pages(), mm/page_alloc.c) once
 * setup_per_zone_wmarks() has run with min_free_kbytes mfk: every lowmem
 * zone's managed pages above its high watermark, over the zones of the
 * machine's layout (layout_lowmem_next(): node 0's DMA and DMA32 count too).
 * Boot has set no sysctl yet: the factor is watermark_scale_factor's default, 10.
 */
static uint64_t boot_free_buffer_pages(const struct machine *m, int64_t mfk, uint64_t *nr_zones, struct strbuf *why)
{
	uint64_t lowmem = zone_lowmem_pages(m), sum = 0;
	uint64_t pages_min = zone_pages_min(mfk, machine_page_shift(m));
	struct lowmem_zones z = { 0 };
	struct zone_wmarks w;
	int scaled = zone_release_scaled(m); /* the release's, every zone alike */

	while (layout_lowmem_next(m, &z)) {
		zone_wmarks_from(zone_min_share(pages_min, z.managed, lowmem), z.managed, 10, scaled, &w);
		sum += z.count * zone_free_above_high(z.managed, &w);
		if (nr_zones && z.kind <= ZK_NORMAL) /* layout_thp_zones()'s count, from the same walk */
			*nr_zones += z.count;
		sb_printf(why, "  %llu %s zone(s) of %llu pages: high %llu, %llu above it each\n", (unsigned long long)z.count,
			  zone_kind_name(z.kind), (unsigned long long)z.managed, (unsigned long long)w.high,
			  (unsigned long long)zone_free_above_high(z.managed, &w));
	}
	return sum;
}

/* int_sqrt64(x), remembered for the row's machine (memo): min_free_kbytes is asked for by every watermark a row shows. */
static uint64_t memo_sqrt(const struct machine *m, uint64_t x)
{
	struct row_memo *memo = m->memo;

	if (!memo)
		return int_sqrt64(x);
	if (memo->sqrt.ok && memo->sqrt.x == x) {
		memo->hits++;
		return memo->sqrt.root;
	}
	memo->misses++;
	memo->sqrt.ok = 1;
	memo->sqrt.x = x;
	memo->sqrt.root = int_sqrt64(x);
	return memo->sqrt.root;
}

/* int_sqrt(lowmem_kbytes * 16) clamped to 128..top: init_per_zone_wmark_min() / calculate_min_free_kbytes(). */
static uint64_t mfk_of_lowmem(const struct machine *m, uint64_t lowmem, uint64_t top, struct strbuf *why)
{
	uint64_t kib = pages_to_kib(m, lowmem), root = memo_sqrt(m, kib * 16);
	uint64_t v = root < 128 ? 128 : root > top ? top : root;

	sb_printf(why, "lowmem_kbytes = nr_free_buffer_pages() * (PAGE_SIZE >> 10) = %llu * %llu = %llu KiB\n",
		  (unsigned long long)lowmem, (unsigned long long)(m->pagesize >> 10), (unsigned long long)kib);
	sb_printf(why, "int_sqrt(%llu * 16) = %llu; clamp to 128..%llu = %llu KiB\n", (unsigned long long)kib,
		  (unsigned long long)root, (unsigned long long)top, (unsigned long long)v);
	return v;
}

/* mode: the clamp's top in KiB (65536, then 262144) */
static uint64_t mfk_default(const struct machine *m, uint64_t top, struct strbuf *why)
{
	uint64_t lowmem = zone_lowmem_pages(m);

	sb_printf(why, "formula: min_free_kbytes = clamp(int_sqrt(lowmem_kbytes * 16), 128, %llu)\n", (unsigned long long)top);
	sb_printf(why, "  (init_per_zone_wmark_min(), a postcore_initcall: no watermark is set yet, so "
		       "nr_free_buffer_pages() counts every zone up to ZONE_NORMAL whole: the layout's lowmem zones, "
		       "all of totalram when derived, %llu pages)\n",
		  (unsigned long long)lowmem);
	return mfk_of_lowmem(m, lowmem, top, why);
}

static struct value mfk_on(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	return val_int(mfk_default(m, r->mode, why));
}

static const struct release_row mfk_rows[] = {
	{ "3.10", NULL, "min_free_kbytes = int_sqrt(lowmem KiB * 16), clamped to 128..65536 KiB",
	  "init_per_zone_wmark_min(), mm/page_alloc.c",
	  "read in 3.10.4 and 4.15.18 (65536)", mfk_on, 65536 },
	{ "5.7", NULL, "the top of the clamp raised to 262144 KiB (Joel Savitz, 'increase default min_free_kbytes bound')",
	  "init_per_zone_wmark_min() (calculate_min_free_kbytes() in later releases), mm/page_alloc.c",
	  "4.15.18 has 65536 and 5.14-rc5 262144 (read); 5.7 from the posted patch's date, no 5.6 or 5.7 tree read",
	  mfk_on, 262144 },
	{ .from = NULL },
};

const struct release_history zone_mfk_history = {
	.constant = "min_free_kbytes default", .unit = "KiB", .rows = mfk_rows,
	.before_first = "batchlab's table starts at 3.10",
};

uint64_t machine_pageblock_nr_pages(const struct machine *m)
{
	return m->pageblock_nr_pages ? m->pageblock_nr_pages : m->pagesize / 8;
}

/*
 * set_recommended_min_free_kbytes(): what khugepaged asks for, in KiB, an
 * unsigned long. It runs from hugepage_init() (a subsys_initcall; a
 * late_initcall in 3.10), after init_per_zone_wmark_min() has set every
 * zone's watermarks from mfk0: the 5% cap counts the pages above them.
 */
static uint64_t thp_recommended(const struct machine *m, int64_t mfk0, struct strbuf *why)
{
	uint64_t pageblock = machine_pageblock_nr_pages(m), zones = 0, free, pages, want;

	sb_printf(why, "khugepaged: recommended_min = pageblock_nr_pages * nr_zones\n"
		       "  * (2 + MIGRATE_PCPTYPES^2), at most 5%% of nr_free_buffer_pages(), which now "
		       "counts each zone's managed - high_wmark_pages() (watermarks of %lld KiB):\n",
		  (long long)mfk0);
	/* nr_zones: the populated zones up to Normal, counted on the walk over the lowmem zones */
	free = boot_free_buffer_pages(m, mfk0, &zones, why);
	want = pageblock * zones * 2 + pageblock * zones * MIGRATE_PCPTYPES * MIGRATE_PCPTYPES;
	pages = min_u64(want, free / 20);
	sb_printf(why, "  %llu * %llu * (2 + 9) = %llu pages; min(%llu, %llu / 20) = %llu pages\n",
		  (unsigned long long)pageblock, (unsigned long long)zones, (unsigned long long)want,
		  (unsigned long long)want, (unsigned long long)free, (unsigned long long)pages);
	sb_printf(why, "  = %llu KiB\n", (unsigned long long)pages_to_kib(m, pages));
	if (m->pageblock_nr_pages)
		sb_printf(why, "pageblock_nr_pages = %llu (set: 1024 is MAX_ORDER - 1 = 10, a kernel built without "
			       "CONFIG_HUGETLB_PAGE before 6.10)\n", (unsigned long long)pageblock);
	else
		sb_printf(why, "pageblock_nr_pages is one PMD (PAGE_SIZE / 8 pages, HPAGE_PMD_ORDER)\n");
	sb_printf(why, "nr_zones = %llu: the populated zones up to Normal of the machine's layout (`show zones`)\n",
		  (unsigned long long)zones);
	return pages_to_kib(m, pages);
}

/* The boot-time min_free_kbytes before khugepaged: the release's default (init_per_zone_wmark_min()). */
static uint64_t mfk_boot(const struct machine *m, struct strbuf *why)
{
	const struct release_row *r = release_row(m, &zone_mfk_history);

	return mfk_default(m, r ? r->mode : 65536, why);
}

static struct value thp_on(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	(void)r;
	return val_int(thp_recommended(m, (int64_t)mfk_boot(m, NULL), why));
}

/* mode: 1 where a kernel with THP built but disabled recalculates min_free_kbytes past the watermarks */
static const struct release_row thp_rows[] = {
	{ "3.10", NULL, "khugepaged raises min_free_kbytes to 11 pageblocks per zone (at most 5% of the pages above the "
	  "high watermarks); below 512 MiB THP is off and nothing is raised",
	  "set_recommended_min_free_kbytes() (a late_initcall), hugepage_init(), mm/huge_memory.c",
	  "read in 3.10.4 (nr_zones counts every populated zone)", thp_on, 0 },
	{ "4.8", NULL, "the same arithmetic, moved with khugepaged to its own file, called from start_stop_khugepaged()",
	  "set_recommended_min_free_kbytes(), mm/khugepaged.c", "read in 4.15.18 (nr_zones skips zones past "
	  "gfp_zone(GFP_USER)); 4.7 and 4.8 not read", thp_on, 0 },
	{ "5.16", NULL, "with THP built but disabled ('never') start_stop_khugepaged() still calls it, and it "
	  "recalculates min_free_kbytes (calculate_min_free_kbytes()) from the pages above the watermarks",
	  "set_recommended_min_free_kbytes(), start_stop_khugepaged(), mm/khugepaged.c",
	  "5.15.55 calls it only with khugepaged enabled, 5.16.10 and 5.17-rc5 always (read; no 5.16.0 tree)",
	  thp_on, 1 },
	{ .from = NULL },
};

const struct release_history zone_thp_history = {
	.constant = "khugepaged min_free_kbytes", .unit = "KiB", .rows = thp_rows,
	.before_first = "batchlab's table starts at 3.10",
};

/* thp: 0 not built, 1 enabled (always or madvise), 2 built but disabled (never); see core/machine.h */
static int64_t mfk_fresh(const struct machine *m, struct strbuf *why)
{
	const struct release_row *t;
	uint64_t v, raise, small = (512ull << 20) / m->pagesize;
	int64_t k;

	if (m->min_free_kbytes) {
		sb_printf(why, "min_free_kbytes = %llu KiB (set: the sysctl's value, any raise included)\n",
			  (unsigned long long)m->min_free_kbytes);
		return (int64_t)m->min_free_kbytes;
	}
	v = mfk_boot(m, why);
	if (!m->thp) {
		sb_printf(why, "thp off: a kernel without CONFIG_TRANSPARENT_HUGEPAGE: nothing changes it\n");
		return (int64_t)v;
	}
	if (machine_totalram(m) < small) {
		sb_printf(why, "totalram %llu pages < 512 MiB (%llu pages): hugepage_init() turns THP off "
			       "(transparent_hugepage_flags = 0) before khugepaged starts: nothing changes it\n",
			  (unsigned long long)machine_totalram(m), (unsigned long long)small);
		return (int64_t)v;
	}
	if (m->thp == 2) {
		t = release_row(m, &zone_thp_history); /* only 'never' reads the release's rows */
		if (!t || !t->mode) {
			sb_printf(why, "thp never: khugepaged is not started and (before 5.16) nothing recalculates it\n");
			return (int64_t)v;
		}
		sb_printf(why, "thp never: start_stop_khugepaged() -> set_recommended_min_free_kbytes() -> "
			       "calculate_min_free_kbytes(), now past the watermarks of %llu KiB:\n", (unsigned long long)v);
		return (int64_t)mfk_of_lowmem(m, boot_free_buffer_pages(m, (int64_t)v, NULL, why), 262144, why);
	}
	raise = thp_recommended(m, (int64_t)v, why);
	if (raise <= v) {
		sb_printf(why, "thp on: %llu <= %llu: the default binds\n", (unsigned long long)raise, (unsigned long long)v);
		return (int64_t)v;
	}
	k = (int32_t)(uint32_t)raise;
	sb_printf(why, "thp on: %llu > %llu: min_free_kbytes = recommended_min, khugepaged's raise binds\n",
		  (unsigned long long)raise, (unsigned long long)v);
	if ((uint64_t)k != raise)
		sb_printf(why, "  min_free_kbytes is an int: %llu is cut to %lld\n", (unsigned long long)raise, (long long)k);
	return k;
}

/*
 * What mfk_fresh() reads: the sysctl, thp, the release's rows, the layout
 * (ram, pagesize, nodes, totalram, a loaded one) and the pageblock.
 * tests/unit/test_fastpath.c holds a sweep's remembered figure to a fresh one
 * over every key: an input read and not keyed here fails it.
 */
static void mfk_key(const struct machine *m, uint64_t *k)
{
	k[0] = m->min_free_kbytes;
	k[1] = m->thp;
	k[2] = m->kernel;
	k[3] = m->ram;
	k[4] = m->pagesize;
	k[5] = m->nodes;
	k[6] = m->totalram;
	k[7] = machine_totalram(m);
	k[8] = m->pageblock_nr_pages;
	k[9] = (uint64_t)(uintptr_t)m->layout;
	k[10] = m->arch; /* whose zones a derived layout has */
	k[11] = m->distro; /* an enterprise build's backport of the clamp (distro.c) */
}

int64_t zone_min_free_kbytes_int(const struct machine *m, struct strbuf *why)
{
	struct row_memo *memo = m->memo;
	uint64_t k[MFK_KEYS];

	if (!memo || why)
		return mfk_fresh(m, why);
	/* every zone's watermarks and pcp figures of a row start from it: worked out once a row */
	mfk_key(m, k);
	if (memo->mfk.ok && !memcmp(memo->mfk.key, k, sizeof(k))) {
		memo->hits++;
		return memo->mfk.v;
	}
	memo->misses++;
	memo->mfk.v = mfk_fresh(m, NULL);
	memcpy(memo->mfk.key, k, sizeof(k));
	memo->mfk.ok = 1;
	return memo->mfk.v;
}

uint64_t zone_min_free_kbytes(const struct machine *m, struct strbuf *why)
{
	return (uint64_t)zone_min_free_kbytes_int(m, why);
}

uint64_t machine_min_free_kbytes(const struct machine *m)
{
	return zone_min_free_kbytes(m, NULL);
}

/* zone_min_pages() of the zone's managed pages, which its caller has: the layout is derived once, not twice */
static uint64_t min_pages_of(const struct machine *m, uint64_t zone, struct strbuf *why)
{
	uint64_t pages_min, lowmem = zone_lowmem_pages(m), prod;
	int64_t mfk;
	int wraps;

	if (m->zone_min) {
		sb_printf(why, "min = zone_min = %llu pages (set, as /proc/zoneinfo's min gives it)\n",
			  (unsigned long long)m->zone_min);
		return m->zone_min;
	}
	mfk = zone_min_free_kbytes_int(m, why);
	pages_min = zone_pages_min(mfk, machine_page_shift(m));
	wraps = __builtin_mul_overflow(pages_min, zone, &prod);
	sb_printf(why, "pages_min = min_free_kbytes >> (PAGE_SHIFT - 10) = %llu pages%s\n", (unsigned long long)pages_min,
		  mfk < 0 ? " (a negative int, as an unsigned long)" : "");
	sb_printf(why, "the zone's share: min = (u64)pages_min * managed / lowmem_pages\n"
		       "  = %llu * %llu / %llu = %llu pages%s\n",
		  (unsigned long long)pages_min, (unsigned long long)zone, (unsigned long long)lowmem,
		  (unsigned long long)zone_min_share(pages_min, zone, lowmem), wraps ? " (the u64 product wraps, as the kernel's)" : "");
	machine_note_estimates(m, 1, why);
	return zone_min_share(pages_min, zone, lowmem);
}

uint64_t zone_min_pages(const struct machine *m, struct strbuf *why)
{
	return min_pages_of(m, machine_zone(m), why);
}

uint64_t machine_zone_min(const struct machine *m)
{
	return zone_min_pages(m, NULL);
}

void zone_wmarks(const struct machine *m, int scaled, struct zone_wmarks *w, struct strbuf *why)
{
	uint64_t zone = machine_zone(m);

	zone_wmarks_from(min_pages_of(m, zone, why), zone, m->watermark_scale_factor, scaled, w);
	if (!scaled) {
		sb_printf(why, "before 795ae7a0de6b: low = min + (min >> 2) = %llu + %llu = %llu; "
			       "high = min + (min >> 1) = %llu\n",
			  (unsigned long long)w->min, (unsigned long long)w->floor, (unsigned long long)w->low,
			  (unsigned long long)w->high);
		return;
	}
	sb_printf(why, "gap = max(min >> 2, mult_frac(managed, watermark_scale_factor, 10000))\n"
		       "    = max(%llu >> 2, %llu * %llu / 10000)\n    = max(%llu, %llu) = %llu (%s binds)\n",
		  (unsigned long long)w->min, (unsigned long long)zone, (unsigned long long)m->watermark_scale_factor,
		  (unsigned long long)w->floor, (unsigned long long)w->scale, (unsigned long long)w->gap,
		  w->scale > w->floor ? "the scale factor" : "the min/4 floor");
	sb_printf(why, "low = min + gap = %llu; high = min + 2 * gap = %llu\n", (unsigned long long)w->low,
		  (unsigned long long)w->high);
}

/* mode: 0 the old gap, 1 the 4.6 gap with the sysctl up to 1000, 2 up to 3000 */
static struct value gap_on(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	struct zone_wmarks w;

	zone_wmarks(m, r->mode > 0, &w, why);
	return val_int(w.gap);
}

static const struct release_row gap_rows[] = {
	{ "3.10", NULL, "low = min + min/4, high = min + min/2: the gap is a quarter of the zone's min",
	  "__setup_per_zone_wmarks(), mm/page_alloc.c", "the removed lines of 795ae7a0de6b's diff; 3.10 and 4.5 not read",
	  gap_on, 0 },
	{ "4.6", "795ae7a0de6b", "gap = max(min/4, managed * watermark_scale_factor / 10000), factor 1..1000 (default 10)",
	  "__setup_per_zone_wmarks(), mm/page_alloc.c", "the posted diff as quoted in its review (the lines it removes "
	  "are 4.5's: low = min + tmp/4, high = min + tmp/2); 4.5 and 4.6 trees not read", gap_on, 1 },
	{ "5.17", NULL, "the same gap; vm.watermark_scale_factor may go to 3000 (30% of the zone)",
	  "__setup_per_zone_wmarks(), mm/page_alloc.c; the sysctl's bound in kernel/sysctl.c",
	  "the sysctl's extra2 read: one_thousand in 4.15.18, 5.15.16, 5.15.55, 5.16.10; SYSCTL_THREE_THOUSAND in 5.17-rc5; "
	  "no 5.16 tree read", gap_on, 2 },
	{ .from = NULL },
};

const struct release_history zone_gap_history = {
	.constant = "watermark gap", .unit = "pages", .rows = gap_rows,
	.before_first = "batchlab's table starts at 3.10",
	.metric = "gap",
};

uint64_t zone_release_wsf_max(const struct machine *m)
{
	const struct release_row *r = release_row(m, &zone_gap_history);

	return !r || !r->mode ? 0 : r->mode == 1 ? 1000 : 3000;
}

void zone_wmarks_kernel(const struct machine *m, struct zone_wmarks *w, struct strbuf *why)
{
	zone_wmarks(m, zone_release_scaled(m), w, why);
}
