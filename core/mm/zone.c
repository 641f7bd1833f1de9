/*
 * Nodes and zones: min_free_kbytes's default and khugepaged's raise of it,
 * a zone's share of it, and the zone's watermarks, as the page allocator
 * sets them at boot - with their releases, which the pcp and watermark
 * patches both show. The machine has one zone of interest (`zone` managed
 * pages, auto totalram / nodes) among zones holding totalram in all.
 */
#include "zone.h"

#include "kernel.h"
#include "zonelayout.h"
#include "release.h"

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

/* int_sqrt(), lib/math/int_sqrt.c: the largest r with r * r <= x. */
static uint64_t int_sqrt64(uint64_t x)
{
	uint64_t r = 0;

	if (x <= 1)
		return x;
	/* from the highest even bit x has, as int_sqrt() starts (lib/math/int_sqrt.c): the bits above give 0 */
	for (uint64_t bit = 1ull << ((fls64(x) - 1) & ~1u); bit; bit >>= 2) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
	}
	return r;
}

/* The KiB a page count is: << (PAGE_SHIFT - 10), as the kernel converts. */
static uint64_t pages_to_kib(const struct machine *m, uint64_t pages)
{
	return pages << (machine_page_shift(m) - 10);
}

/* mode: the clamp's top in KiB (65536, then 262144) */
static uint64_t mfk_default(const struct machine *m, uint64_t top, struct strbuf *why)
{
	uint64_t lowmem = zone_lowmem_pages(m), kib = pages_to_kib(m, lowmem), root = int_sqrt64(kib * 16);
	uint64_t v = root < 128 ? 128 : root > top ? top : root;

	sb_printf(why, "formula: min_free_kbytes = clamp(int_sqrt(lowmem_kbytes * 16), 128, %llu)\n", (unsigned long long)top);
	sb_printf(why, "lowmem_kbytes = nr_free_buffer_pages() * (PAGE_SIZE >> 10) = %llu KiB\n",
		  (unsigned long long)kib);
	sb_printf(why, "  (%llu pages: at boot no high watermark is set yet, so every zone up to\n"
		       "  ZONE_NORMAL counts whole - the layout's lowmem zones, all of totalram when derived)\n",
		  (unsigned long long)lowmem);
	sb_printf(why, "int_sqrt(%llu * 16) = %llu; clamp to 128..%llu = %llu KiB\n", (unsigned long long)kib,
		  (unsigned long long)root, (unsigned long long)top, (unsigned long long)v);
	return v;
}

/* Populated zones up to ZONE_NORMAL, from the machine's layout (core/mm/zonelayout.c). */
static uint64_t thp_zones(const struct machine *m)
{
	return layout_thp_zones(m);
}

uint64_t machine_pageblock_nr_pages(const struct machine *m)
{
	return m->pageblock_nr_pages ? m->pageblock_nr_pages : m->pagesize / 8;
}

/* set_recommended_min_free_kbytes(): what khugepaged asks for, in KiB */
static uint64_t thp_recommended(const struct machine *m, struct strbuf *why)
{
	uint64_t pageblock = machine_pageblock_nr_pages(m), zones = thp_zones(m), lowmem = zone_lowmem_pages(m);
	uint64_t want = pageblock * zones * 2 + pageblock * zones * MIGRATE_PCPTYPES * MIGRATE_PCPTYPES;
	uint64_t pages = min_u64(want, lowmem / 20);

	sb_printf(why, "khugepaged: recommended_min = pageblock_nr_pages * nr_zones\n"
		       "  * (2 + MIGRATE_PCPTYPES^2), at most 5%% of lowmem:\n");
	sb_printf(why, "  %llu * %llu * (2 + 9) = %llu pages; min(%llu, %llu / 20) = %llu pages\n",
		  (unsigned long long)pageblock, (unsigned long long)zones, (unsigned long long)want,
		  (unsigned long long)want, (unsigned long long)lowmem, (unsigned long long)pages);
	sb_printf(why, "  = %llu KiB\n", (unsigned long long)pages_to_kib(m, pages));
	if (m->pageblock_nr_pages)
		sb_printf(why, "pageblock_nr_pages = %llu (set: 1024 is MAX_ORDER - 1 = 10, a kernel built without\n"
			       "  CONFIG_HUGETLB_PAGE before 6.10)\n", (unsigned long long)pageblock);
	else
		sb_printf(why, "pageblock_nr_pages is one PMD (PAGE_SIZE / 8 pages, HPAGE_PMD_ORDER)\n");
	sb_printf(why, "nr_zones = %llu: the populated zones up to Normal of the machine's layout\n"
		       "  (`show zones`)\n", (unsigned long long)zones);
	return pages_to_kib(m, pages);
}

static struct value mfk_on(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	return val_int(mfk_default(m, r->mode, why));
}

static const struct release_row mfk_rows[] = {
	{ "3.10", NULL, "min_free_kbytes = int_sqrt(lowmem KiB * 16), clamped to 128..65536 KiB",
	  "init_per_zone_wmark_min(), mm/page_alloc.c",
	  "the 65536 top read in the 5.6-era code a later patch's diff removes; 3.10 not read", mfk_on, 65536 },
	{ "5.7", NULL, "the top of the clamp raised to 262144 KiB (Joel Savitz, 'increase default min_free_kbytes bound')",
	  "init_per_zone_wmark_min() (calculate_min_free_kbytes() in later releases), mm/page_alloc.c",
	  "the posted patch's diff (65536 -> 262144) and later mails quoting 262144; 5.7 from the patch's date, "
	  "no 5.6 or 5.7 tree read", mfk_on, 262144 },
	{ .from = NULL },
};

const struct release_history zone_mfk_history = {
	.constant = "min_free_kbytes default", .unit = "KiB", .rows = mfk_rows,
	.before_first = "batchlab's table starts at 3.10",
};

static struct value thp_on(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	(void)r;
	return val_int(thp_recommended(m, why));
}

static const struct release_row thp_rows[] = {
	{ "3.10", NULL, "khugepaged raises min_free_kbytes to 11 pageblocks per zone (at most 5% of lowmem)",
	  "set_recommended_min_free_kbytes(), mm/huge_memory.c", "the arithmetic read in two later mm/khugepaged.c "
	  "(nr_zones skipping ZONE_MOVABLE; with THP off they call calculate_min_free_kbytes() instead) and in a 3.x-era "
	  "diff of mm/huge_memory.c's 5% cap; 3.10 not read",
	  thp_on, 0 },
	{ "4.8", NULL, "the same arithmetic, moved with khugepaged to its own file",
	  "set_recommended_min_free_kbytes(), mm/khugepaged.c", "the move from the file's history as later code has it; "
	  "4.7 and 4.8 not read", thp_on, 0 },
	{ .from = NULL },
};

const struct release_history zone_thp_history = {
	.constant = "khugepaged min_free_kbytes", .unit = "KiB", .rows = thp_rows,
	.before_first = "batchlab's table starts at 3.10",
};

uint64_t zone_min_free_kbytes(const struct machine *m, struct strbuf *why)
{
	const struct release_row *r = release_row(m, &zone_mfk_history);
	uint64_t v, raise;

	if (m->min_free_kbytes) {
		sb_printf(why, "min_free_kbytes = %llu KiB (set: the sysctl's value, any raise included)\n",
			  (unsigned long long)m->min_free_kbytes);
		return m->min_free_kbytes;
	}
	v = mfk_default(m, r ? r->mode : 65536, why);
	if (!m->thp) {
		sb_printf(why, "thp off: khugepaged does not run, so nothing raises it\n");
		return v;
	}
	raise = thp_recommended(m, why);
	sb_printf(why, "thp on: min_free_kbytes = max(%llu, %llu) = %llu KiB\n  (%s)\n", (unsigned long long)v,
		  (unsigned long long)raise, (unsigned long long)max_u64(v, raise),
		  raise > v ? "khugepaged's raise binds" : "the default binds");
	return max_u64(v, raise);
}

uint64_t machine_min_free_kbytes(const struct machine *m)
{
	return zone_min_free_kbytes(m, NULL);
}

uint64_t zone_min_pages(const struct machine *m, struct strbuf *why)
{
	uint64_t mfk, pages_min, zone = machine_zone(m), lowmem = zone_lowmem_pages(m), prod;
	int wraps;

	if (m->zone_min) {
		sb_printf(why, "min = zone_min = %llu pages (set, as /proc/zoneinfo's min gives it)\n",
			  (unsigned long long)m->zone_min);
		return m->zone_min;
	}
	mfk = zone_min_free_kbytes(m, why);
	pages_min = mfk >> (machine_page_shift(m) - 10);
	wraps = __builtin_mul_overflow(pages_min, zone, &prod);
	sb_printf(why, "pages_min = min_free_kbytes >> (PAGE_SHIFT - 10) = %llu pages\n", (unsigned long long)pages_min);
	sb_printf(why, "the zone's share: min = (u64)pages_min * managed / lowmem_pages\n"
		       "  = %llu * %llu / %llu = %llu pages%s\n",
		  (unsigned long long)pages_min, (unsigned long long)zone, (unsigned long long)lowmem,
		  (unsigned long long)(prod / lowmem), wraps ? " (the u64 product wraps, as the kernel's)" : "");
	machine_note_estimates(m, 1, why);
	return prod / lowmem;
}

uint64_t machine_zone_min(const struct machine *m)
{
	return zone_min_pages(m, NULL);
}

/* mult_frac(), include/linux/math.h: x * n / d without forming x * n. */
static uint64_t mult_frac(uint64_t x, uint64_t n, uint64_t d)
{
	return x / d * n + x % d * n / d;
}

void zone_wmarks(const struct machine *m, int scaled, struct zone_wmarks *w, struct strbuf *why)
{
	uint64_t zone = machine_zone(m);

	w->min = zone_min_pages(m, why);
	w->floor = w->min >> 2;
	w->scaled = scaled;
	if (!scaled) {
		w->scale = 0;
		w->gap = w->floor;
		w->low = w->min + w->floor;
		w->high = w->min + (w->min >> 1);
		sb_printf(why, "before 795ae7a0de6b: low = min + (min >> 2) = %llu + %llu = %llu;\n"
			       "  high = min + (min >> 1) = %llu\n",
			  (unsigned long long)w->min, (unsigned long long)w->floor, (unsigned long long)w->low,
			  (unsigned long long)w->high);
		return;
	}
	w->scale = mult_frac(zone, m->watermark_scale_factor, 10000);
	w->gap = max_u64(w->floor, w->scale);
	w->low = w->min + w->gap;
	w->high = w->min + 2 * w->gap;
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
	  "the posted patch (one_thousand -> three_thousand) and later code with SYSCTL_THREE_THOUSAND; 5.17 from the "
	  "patch's date, no 5.16 or 5.17 tree read", gap_on, 2 },
	{ .from = NULL },
};

const struct release_history zone_gap_history = {
	.constant = "watermark gap", .unit = "pages", .rows = gap_rows,
	.before_first = "batchlab's table starts at 3.10",
	.metric = "gap",
};

int zone_release_scaled(const struct machine *m)
{
	const struct release_row *r = release_row(m, &zone_gap_history);

	return r && r->mode > 0;
}

uint64_t zone_release_wsf_max(const struct machine *m)
{
	const struct release_row *r = release_row(m, &zone_gap_history);

	return !r || !r->mode ? 0 : r->mode == 1 ? 1000 : 3000;
}

void zone_wmarks_kernel(const struct machine *m, struct zone_wmarks *w, struct strbuf *why)
{
	zone_wmarks(m, zone_release_scaled(m), w, why);
}
