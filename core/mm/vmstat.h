/*
 * vmstat.c's arithmetic for the patches that build on it: the pcp and
 * watermark models take zone_batchsize() and calculate_normal_threshold()
 * from here rather than writing them again.
 */
#ifndef BL_VMSTAT_H
#define BL_VMSTAT_H

#include "../patch.h"

/* calculate_normal_threshold(), mm/vmstat.c, for the zone m describes (the same in every release). */
struct value vmstat_normal_threshold(const struct machine *m, struct strbuf *why);
/*
 * zone_batchsize(), mm/page_alloc.c, with zone_set_pageset_high_and_batch()'s
 * max(1, ...): kernel 0 takes mainline's 1 MiB cap, 1 the cap of m's release.
 */
struct value vmstat_zone_batchsize(const struct machine *m, int kernel, struct strbuf *why);

#endif
