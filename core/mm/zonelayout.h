/*
 * The machine's nodes and their zones, and every per-zone figure the page
 * allocator computes for them: the share of min_free_kbytes, min, low, high,
 * promo and boost (__setup_per_zone_wmarks()), the protection
 * (setup_per_zone_lowmem_reserve()), pcp batch, high_min and high_max for
 * the CPUs of the zone's node (zone_set_pageset_high_and_batch()) and the
 * vmstat threshold (refresh_zone_stat_thresholds()), all in mm/page_alloc.c
 * and mm/vmstat.c.
 *
 * A layout is derived from the machine's parameters (ram, nodes, totalram,
 * arch) as the kernel lays out an x86-64 PC or an arm64 machine, or loaded
 * whole (`host`, a saved folder, the zones parameter): then it is an object
 * a pool keeps and the machine points to (struct machine's layout), never a
 * copy inside the machine.
 */
#ifndef BL_ZONELAYOUT_H
#define BL_ZONELAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "../machine.h"
#include "../rowmemo.h"

/* enum zone_type, include/linux/mmzone.h, in an x86-64 build's order (HighMem only on 32-bit) */
enum zone_kind { ZK_DMA, ZK_DMA32, ZK_NORMAL, ZK_HIGHMEM, ZK_MOVABLE, ZK_DEVICE, ZK_OTHER };

/* the most a loaded layout holds: more is refused with a message, never cut */
#define LAYOUT_NODES_MAX 1024
#define LAYOUT_ZONES_MAX 4096
#define LAYOUT_TYPES_MAX 8   /* MAX_NR_ZONES: protection has one column per zone type */
#define ZONE_NAME_MAX 16
#define LAYOUT_PAGES_MAX (1ull << 48) /* an EiB of 4 KiB pages: a zone's counts */

struct layout_zone {
	uint32_t node;
	uint8_t kind;     /* enum zone_kind */
	uint8_t idx;      /* zone_idx(): its column in protection */
	char name[ZONE_NAME_MAX];
	uint64_t spanned, present, managed;
};

struct zone_layout {
	/* the machine it describes: a machine whose ram, pagesize, nodes or totalram differ is laid out anew */
	uint64_t ram, pagesize, nodes, totalram;
	uint32_t nnodes;  /* node ids 0..nnodes-1 */
	uint32_t ntypes;  /* MAX_NR_ZONES of the kernel that printed it: zone types per node */
	uint32_t nzones;
	uint32_t node_cpus[LAYOUT_NODES_MAX]; /* cpumask_weight(cpumask_of_node()): 0 is a CPU-less node */
	struct layout_zone zones[LAYOUT_ZONES_MAX];
	uint64_t ratio[LAYOUT_TYPES_MAX]; /* vm.lowmem_reserve_ratio per zone type; 0 clears */
};

/* "DMA", "DMA32", ... as /proc/zoneinfo names them. */
const char *zone_kind_name(int kind);
int zone_kind_of(const char *name);

/* The layout m's figures use: its loaded one while m is still the machine it was loaded for, else NULL (derived). */
const struct zone_layout *machine_layout(const struct machine *m);
/*
 * Lay m out as x86-64 does (into L): node 0 holds DMA (the first 16 MiB, of
 * which the first MiB is reserved), DMA32 (to 3 GiB: a 1 GiB PCI hole below
 * 4 GiB assumed) and Normal (the rest), every other node Normal; every node
 * an empty Movable and Device zone; ram split evenly over nodes, node 0 taking
 * the remainder; totalram shared out in proportion to the bytes, so the zones'
 * managed pages add up to totalram. arch arm64: node 0's DMA to 4 GiB (RAM
 * from 1 GiB), an empty DMA32, Normal above. Or m's loaded layout, copied.
 */
void layout_of(const struct machine *m, struct zone_layout *L);
/* vm.lowmem_reserve_ratio as the kernel starts it (sysctl_lowmem_reserve_ratio, mm/page_alloc.c), every type */
void layout_ratio_defaults(uint64_t ratio[LAYOUT_TYPES_MAX]);

/* nr_free_buffer_pages() at boot: managed pages of the zones at or below Normal (lowmem). */
uint64_t layout_lowmem_pages(const struct machine *m);
/*
 * The populated lowmem zones one at a time, in the layout's order: a
 * derived layout's Normal zones of nodes 1.. are one entry (count of them,
 * all of one size); a loaded layout's zones one each. Start with the
 * struct zeroed; 0 past the last.
 */
struct lowmem_zones {
	uint32_t pos;
	int kind;
	uint64_t managed, count;
	struct layout_derived d; /* a derived layout, worked out at the first zone: not once a zone */
};
int layout_lowmem_next(const struct machine *m, struct lowmem_zones *z);
/* Populated zones at or below Normal (the zones set_recommended_min_free_kbytes() counts). */
uint64_t layout_thp_zones(const struct machine *m);
/* The zone single-zone names mean: the largest Normal zone (its managed pages), else the largest zone. */
uint64_t layout_chosen_zone(const struct machine *m, uint32_t *node, int *kind);
/* The CPUs local to the chosen zone's node: node_cpus when set, the loaded layout's, else cpus / nodes. */
uint64_t layout_chosen_node_cpus(const struct machine *m);

/* Every figure the kernel shows for one zone in /proc/zoneinfo that batchlab computes. */
struct zone_fig {
	uint64_t share;    /* pages_min * managed / lowmem_pages (0 for a highmem or Movable zone's lowmem part) */
	uint64_t min, low, high, promo, boost;
	int has_promo;     /* the release has WMARK_PROMO (5.18) */
	uint64_t protection[LAYOUT_TYPES_MAX];
	uint64_t batch, high_min, high_max, threshold;
	int populated;     /* managed > 0: the kernel prints its pcp and threshold only then */
};

/*
 * A zone by name as the `zone` parameter takes it ("DMA32" on node 0,
 * "1.Normal"): ZONE_NAMED | node << 8 | kind, looked up in the layout each
 * time it is read, so a sweep over ram follows that zone from row to row.
 */
#define ZONE_NAMED (1ull << 62)
int zone_name_parse(const char *text, uint64_t *v);
void zone_name_format(uint64_t v, char *buf, size_t len);
/* The named zone's managed pages on m's layout (0: not there), and its index in L's order via *node_cpus' node. */
uint64_t layout_named_zone(const struct machine *m, uint64_t v, uint64_t *node_cpus);

/* The figures of zone i of L on machine m (m's release, tunables and CPUs). */
void layout_zone_fig(const struct machine *m, const struct zone_layout *L, uint32_t i, struct zone_fig *f);

/*
 * A layout with its zones checked (nodes and indexes in range): 0, or -1
 * with err. A zone name batchlab does not know is kept and counted as
 * lowmem, as every zone but HighMem and Movable is in __setup_per_zone_wmarks().
 */
int layout_check(const struct zone_layout *L, char *err, size_t errlen);

/*
 * The layouts machines point to, held by a front end: an undo entry or a
 * preset's copy may still point to an older one, so none is freed before
 * the pool; one equal to a kept one is not kept twice.
 */
#define LAYOUT_POOL_MAX 16
struct layout_pool {
	struct zone_layout *kept[LAYOUT_POOL_MAX];
	int n;
};
/* L (malloc'd) kept, or an equal one kept already (L freed): the pointer to hold; NULL (L freed) when full. */
const struct zone_layout *layout_pool_keep(struct layout_pool *pool, struct zone_layout *L);
void layout_pool_free(struct layout_pool *pool);

/* nodes with memory (N_MEMORY): those with a zone of managed pages */
uint64_t layout_nodes_with_memory(const struct zone_layout *L);

/*
 * The `zones` parameter's text, in /proc/zoneinfo's units and names: each
 * node's CPUs and zones, in zone order, "0.cpus=2 0.DMA=3998/3840
 * 0.DMA32=782336/772848 0.Normal=5505024/2228224 0.Movable=0/0 1.cpus=0
 * 1.Normal=262144/258048" - present/managed pages (spanned/present/managed
 * where spanned differs), a node whose CPUs are not given cpus / nodes of
 * them, and "ratio=256/256/32/0/0" where vm.lowmem_reserve_ratio is not
 * the default. layout_format returns the length the text needs (as
 * snprintf), LAYOUT_TEXT_MAX at most being readable back.
 */
#define LAYOUT_TEXT_MAX 8192
int layout_parse(const char *text, uint64_t cpus, struct zone_layout *L, char *err, size_t errlen);
size_t layout_format(const struct zone_layout *L, char *buf, size_t len);
/*
 * `set zones TEXT`: the layout built, kept in m's pool and pointed to, with
 * m's nodes its nodes with memory (ram, pagesize and totalram stay: the
 * layout holds while they do); "auto": none, laid out from the parameters.
 */
int layout_set(struct machine *m, const char *text, char *err, size_t errlen);

#endif
