/*
 * What the pcp model gives other models: one zone's pcp high_min and
 * high_max as the machine's release computes them from a low watermark
 * (zone_set_pageset_high_and_batch(), mm/page_alloc.c), for the per-zone
 * table of core/mm/zonelayout.c.
 */
#ifndef BL_PCP_H
#define BL_PCP_H

#include <stdint.h>

#include "../machine.h"

/* high_min and high_max of the zone m describes (zone = its managed pages, node_cpus its node's), low given. */
void pcp_zone_high(const struct machine *m, uint64_t low, uint64_t *high_min, uint64_t *high_max);

#endif
