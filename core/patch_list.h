/*
 * The patch list: one line per built-in patch, in the order every reader
 * walks them (`about`, `help`, a sweep's columns, the explorer's panels).
 * Adding a patch is its file core/mm/NAME.c, which defines NAME_patch, and
 * one line here; the built-in patch set (patchset.c), the variant slots every
 * set keeps and each patch's slot (PATCH_SLOT, patchset.h) are counted from
 * it, so nothing else names the patch (docs/ADDING-A-PATCH.md).
 *
 * Included with PATCH(NAME) defined, as often as a reader needs it: no guard.
 */
PATCH(memcg_charge)
PATCH(proactive_reclaim)
PATCH(committed_as)
PATCH(vmpressure)
PATCH(vmstat)
PATCH(pcp)
PATCH(watermark)
PATCH(memcg_flush)
PATCH(rss_stat)
