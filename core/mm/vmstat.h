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
 * max(1, ...): side SIDE_KERNEL takes m's release's code, VMSTAT_BATCH_INT
 * 5.13's (1 MiB cap, the share in an int), any other mainline's. The _raw
 * form is the function's own value, 0 on small zones, which pcp->high was 6
 * times before 5.14; vmstat_batch_of() is one zone's arithmetic.
 */
#define VMSTAT_BATCH_INT (-1)
struct value vmstat_zone_batchsize(const struct machine *m, int side, struct strbuf *why);
uint64_t vmstat_zone_batch_raw(const struct machine *m, int side, struct strbuf *why);
uint64_t vmstat_batch_of(uint64_t managed, uint64_t pagesize, uint64_t cap_bytes, int min_code);

#endif
