/*
 * Target 2's patches: the exact metrics `plain_writer exact` has the
 * kernel's arithmetic inlined for, and so the columns bench sweeps against
 * it - by name, so a patch added to core (pcp, watermark, memcg_flush,
 * rss_stat ...) leaves the target's columns as they are until the writer
 * learns its arithmetic.
 */
#ifndef BL_BENCH_EXACT_SET_H
#define BL_BENCH_EXACT_SET_H

#include <string.h>

static inline int exact_set_has(const char *patch_id)
{
	static const char *const ids[] = { "memcg_charge", "proactive_reclaim", "committed_as", "vmpressure", "vmstat",
					   NULL };

	for (int i = 0; ids[i]; i++)
		if (!strcmp(ids[i], patch_id))
			return 1;
	return 0;
}

#endif
