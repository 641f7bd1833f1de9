/*
 * Reading a machine's /proc and /sys - the running one, a folder `host save`
 * wrote (`host DIR`), or BATCHLAB_SYSROOT - into what `host` applies and
 * `host check` compares: the zones and CPU pagesets of /proc/zoneinfo, each
 * node's CPUs, the vm sysctls, and the layout (core/mm/zonelayout.h) built from
 * them. Parsing is core/host_parse.c; the files are read here.
 */
#ifndef BL_HOSTREAD_H
#define BL_HOSTREAD_H

#include <stddef.h>
#include <stdint.h>

#include "../core/host_parse.h"
#include "../core/mm/zonelayout.h"

/* The folder standing in for / for the running command: NULL for BATCHLAB_SYSROOT or /. */
void host_set_root(const char *dir);
/* The root in effect ("" for /). */
const char *host_root(void);
/* A whole /proc or /sys file under the root, or NULL with why (path as /proc names it). */
char *host_read_file(const char *path, char *why, size_t whylen);
/* PAGE_SIZE: from the root's hpage_pmd_size (PMD = PAGE_SIZE^2 / 8) under a root, else sysconf; 0 if neither. */
uint64_t host_page_size(void);

/* /proc/zoneinfo read whole: its zones and CPU pagesets. */
struct host_zones {
	struct zoneinfo_zone *zones;
	int n;
	struct zoneinfo_cpu *cpus;
	size_t ncpus;
};

/* 0, or -1 with err ("host: ..."); host_zones_free() after. */
int host_zones_load(struct host_zones *hz, char *err, size_t errlen);
void host_zones_free(struct host_zones *hz);

/* The vm sysctls and meminfo lines host reads; has_* says which were read. */
struct host_tunables {
	uint64_t min_free_kbytes, watermark_scale_factor, percpu_pagelist_high_fraction, overcommit_ratio;
	uint64_t overcommit_kbytes, swap_kb, commit_limit_kb, online;
	uint64_t ratio[LAYOUT_TYPES_MAX];
	int nratio, thp; /* thp: 1 always/madvise, 0 never, -1 unread */
	int has_mfk, has_wsf, has_phf, has_ratio, has_okb, has_swap, has_commit, has_online;
};
void host_tunables_read(struct host_tunables *t);

/*
 * The layout of hz (nodes, zones in order, each zone's index in its node)
 * with each node's CPUs from /sys/devices/system/node/nodeN/cpulist (a
 * single node without the file: every present CPU, `cpus`) and t's ratios.
 * 0, or -1 with err.
 */
int host_layout_build(const struct host_zones *hz, const struct host_tunables *t, uint64_t cpus, struct zone_layout *L,
		      char *err, size_t errlen);

/* The files `host save` copies, as /proc and /sys name them (node files are found, not listed). */
extern const char *const host_saved_files[];

#endif
