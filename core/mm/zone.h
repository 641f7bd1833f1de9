/*
 * The machine's nodes and zones as the page allocator sizes them at boot:
 * min_free_kbytes (init_per_zone_wmark_min() or calculate_min_free_kbytes(),
 * and khugepaged's set_recommended_min_free_kbytes()), a zone's share of it
 * and its min/low/high watermarks (__setup_per_zone_wmarks()), all in
 * mm/page_alloc.c and mm/khugepaged.c. The pcp and watermark patches read
 * them here; the parameter table's auto values come from here too.
 */
#ifndef BL_ZONE_H
#define BL_ZONE_H

#include <stdint.h>

#include "../machine.h"
#include "../strbuf.h"

struct release_history;

/* node_cpus, or auto: the chosen zone's node's CPUs in a loaded layout, else cpus / nodes (0: a CPU-less node). */
uint64_t machine_node_cpus(const struct machine *m);
/* pageblock_nr_pages: set, or one PMD (PAGE_SIZE / 8 pages). */
uint64_t machine_pageblock_nr_pages(const struct machine *m);
/* nr_free_buffer_pages() at boot: every zone up to ZONE_NORMAL, which on 64-bit is totalram. */
uint64_t zone_lowmem_pages(const struct machine *m);
/*
 * min_free_kbytes as m's release computes it by default (the auto value),
 * with its working: the kernel's int, negative where khugepaged's raise
 * wraps it; zone_min_free_kbytes() is the same bits as an unsigned value.
 */
int64_t zone_min_free_kbytes_int(const struct machine *m, struct strbuf *why);
uint64_t zone_min_free_kbytes(const struct machine *m, struct strbuf *why);
uint64_t machine_min_free_kbytes(const struct machine *m);
/* The zone's min watermark: zone_min, or its share of min_free_kbytes, with the working. */
uint64_t zone_min_pages(const struct machine *m, struct strbuf *why);
uint64_t machine_zone_min(const struct machine *m);

/* One zone's watermarks and the two terms of the 4.6 gap (floor = min / 4, scale = the factor's). */
struct zone_wmarks {
	uint64_t min, low, high, floor, scale, gap;
	int scaled; /* 1: __setup_per_zone_wmarks() of 4.6 and later (795ae7a0de6b), 0: before it */
};

/*
 * One zone's arithmetic from its own inputs, to be called per zone:
 * pages_min from min_free_kbytes (an int, shifted as the kernel's), the
 * zone's share of it (a u64 product that wraps, then do_div()), its
 * watermarks (scaled: 795ae7a0de6b's gap with factor wsf), and the pages
 * above its high watermark that nr_free_buffer_pages() counts.
 */
uint64_t zone_pages_min(int64_t mfk, unsigned int page_shift);
uint64_t zone_min_share(uint64_t pages_min, uint64_t managed, uint64_t lowmem);
void zone_wmarks_from(uint64_t min, uint64_t managed, uint64_t wsf, int scaled, struct zone_wmarks *w);
uint64_t zone_free_above_high(uint64_t managed, const struct zone_wmarks *w);

/*
 * __setup_per_zone_wmarks(), mm/page_alloc.c, for the zone m describes:
 * scaled 0 is the code before 795ae7a0de6b (low = min + min/4, high = min +
 * min/2), 1 the code from 4.6 on. why gets the working (may be NULL).
 */
void zone_wmarks(const struct machine *m, int scaled, struct zone_wmarks *w, struct strbuf *why);
/* The watermarks m's release computes. */
void zone_wmarks_kernel(const struct machine *m, struct zone_wmarks *w, struct strbuf *why);
/* Is the gap on m's release the 4.6 one? And the release's top of watermark_scale_factor (0: none). */
int zone_release_scaled(const struct machine *m);
uint64_t zone_release_wsf_max(const struct machine *m);

/* The histories both patches show: min_free_kbytes's default, khugepaged's raise, the watermark gap. */
extern const struct release_history zone_mfk_history, zone_thp_history, zone_gap_history;

#endif
