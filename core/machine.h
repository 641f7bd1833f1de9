/*
 * The machine batchlab models: what the kernel reads at boot (CPUs, memory,
 * page size, overcommit policy) plus the workload the models need. Every field
 * is a row of the parameter table (params.c), which is the only place that
 * knows its range, unit and default.
 */
#ifndef BL_MACHINE_H
#define BL_MACHINE_H

#include <stddef.h>
#include <stdint.h>

#include "patchset.h"

/* include/uapi/linux/mman.h */
enum overcommit_policy {
	OVERCOMMIT_GUESS = 0,
	OVERCOMMIT_ALWAYS = 1,
	OVERCOMMIT_NEVER = 2,
};

/* The architectures whose zones batchlab lays out from ram and nodes (core/mm/zonelayout.c). */
enum machine_arch { ARCH_X86_64, ARCH_ARM64 };

/* A value that is auto where 0 is a value of its own (node_cpus: 0 is a CPU-less node). */
#define MACHINE_AUTO UINT64_MAX

struct mva_memo;
struct row_memo;
struct zone_layout;
struct layout_pool;

struct machine {
	/* the machine */
	uint64_t cpus;           /* present == online CPUs */
	uint64_t ram;            /* installed bytes */
	uint64_t pagesize;       /* bytes: 4K, 16K or 64K */
	uint64_t totalram;       /* totalram_pages(); 0 = derived from ram */
	uint64_t overcommit;     /* enum overcommit_policy */
	uint64_t sockets;        /* packages, for cacheline-crossing costs */
	uint64_t zone;           /* managed pages of the zone vmstat looks at; 0 = totalram */
	uint64_t overcommit_ratio; /* vm.overcommit_ratio, percent of RAM CommitLimit allows */
	uint64_t swap;           /* swap bytes (total_swap_pages), CommitLimit counts them */
	uint64_t kernel;         /* the release the kernel side follows: an index in release_names[] */
	uint64_t distro;         /* enum distro_build: an enterprise kernel's backports make its figures may-differ */

	/* nodes and zones (core/mm/zone.h): what pcp and watermark read */
	uint64_t arch;           /* enum machine_arch: whose zone limits a derived layout follows */
	uint64_t nodes;          /* NUMA nodes with memory */
	uint64_t node_cpus;      /* CPUs local to the zone's node; MACHINE_AUTO = cpus / nodes; 0 = a CPU-less node */
	uint64_t min_free_kbytes; /* vm.min_free_kbytes; 0 = the release's default (core/mm/zone.c) */
	/*
	 * 0 off: no CONFIG_TRANSPARENT_HUGEPAGE; 1 on: built and enabled (always
	 * or madvise), which hugepage_init() turns off below 512 MiB of totalram;
	 * 2 never: built, disabled (set_recommended_min_free_kbytes() still runs)
	 */
	uint64_t thp;
	uint64_t watermark_scale_factor; /* vm.watermark_scale_factor, in 1/10000 of the zone */
	uint64_t percpu_pagelist_high_fraction; /* vm.percpu_pagelist_high_fraction (5.14): 0, or pcp high from managed / it */
	uint64_t zone_min;       /* the zone's min watermark in pages; 0 = its share of min_free_kbytes */
	uint64_t pageblock_nr_pages; /* pages per pageblock; 0 = one PMD (HPAGE_PMD_ORDER) */

	/* the workloads */
	uint64_t reclaim;        /* bytes written to memory.reclaim */
	uint64_t scanned;        /* pages the reclaimer scans (vmpressure) */
	uint64_t chunk;          /* pages per vmpressure() call */
	uint64_t mmap;           /* bytes mapped and unmapped per will-it-scale loop */
	uint64_t threads;        /* will-it-scale threads; 0 = one per CPU */
	uint64_t depth;          /* memcg levels a charge walks, cgroup to root */
	uint64_t instances;      /* netperf instances (each with its netserver); 0 = cpus / 2 */
	uint64_t cgroup_size;    /* bytes: the memcg's size or limit, for the cost shares */
	double scan_rate;        /* pages/s the reclaimer scans in one memcg (vmpressure delay) */

	/* what-if values for the patched side */
	uint64_t charge_batch;   /* MEMCG_CHARGE_BATCH after the patch */
	uint64_t committed_lift; /* the 64X of seed 003: ram/nr/(256/lift) */
	uint64_t vmpressure_win; /* vmpressure_win after the patch; 0 = the patch's formula */
	uint64_t reclaim_divisor; /* seed 002's 4: each decay ask is remaining / divisor */

	/*
	 * Cost constants of the modeled metrics, fitted to the seeds or assumed
	 * where a seed gives no absolute figure (docs/MODELS.md, core/calibrate.c).
	 */
	double charge_page_ns;     /* memcg_charge: private work per page charged */
	double page_counter_ns;    /* memcg_charge: one page_counter cacheline update */
	double netperf_charges;    /* memcg_charge: pages charged per page of netperf payload */
	double reclaim_restart_us; /* proactive_reclaim: start/stop cost of one reclaim call */
	double reclaim_page_ns;    /* proactive_reclaim: cost per page reclaimed */
	double reclaim_eps;        /* proactive_reclaim: over-reclaim as a fraction of each ask */
	double reclaim_inflow;     /* proactive_reclaim: pages/s charged back while reclaim runs */
	double mmap_loop_ns;       /* committed_as: private work of one mmap+munmap loop */
	double committed_lock_ns;  /* committed_as: spinlock hold + cacheline transfer, one socket */
	double socket_growth;      /* committed_as: extra lock cost per extra socket, as a fraction */
	double vmpressure_eval_ns; /* vmpressure: one pressure evaluation */
	double committed_sum_cpu_ns; /* committed_as: one CPU's share of an exact percpu_counter_sum() */

	/* memcg_flush (core/mm/memcg_flush.c, issue 37) */
	uint64_t memcgs;              /* memcgs on the machine, each with its own count from 6.8 */
	uint64_t stat_update_pages;   /* workload: pages one stat update changes, abs(val) */
	uint64_t user_flush_threshold; /* the 2025 proposal's sysctl, pages; 0 = the default */
	double stat_update_rate;      /* workload: pages/s of stat change in each memcg */

	/* rss_stat (core/mm/rss_stat.c, issue 37) */
	uint64_t task_threads;        /* the process's threads */
	uint64_t rss_counters;        /* the counters its RSS adds (get_mm_rss(): 3) */
	uint64_t fault_pages;         /* workload: pages one fault maps */
	uint64_t oom_processes;       /* processes select_bad_process() scores */
	double spawn_base_ns;         /* rss_stat: one unixbench spawn before 6.2 (fitted) */
	double rss_fork_cpu_ns;       /* rss_stat: per counter and CPU, a fork's per-CPU area (fitted) */
	double oom_base_ms;           /* rss_stat: select_bad_process()'s fixed time (fitted) */
	double oom_task_ns;           /* rss_stat: one task's score with approximate reads (fitted) */
	double oom_sum_cpu_ns;        /* rss_stat: one CPU of one counter's precise sum (fitted) */

	/*
	 * Not a parameter: where the models keep the networks they solved
	 * (core/mva.h), owned by a front end that asks again and again - the
	 * explorer; NULL (the defaults, a preset, a script) for none. A hit is
	 * the double the solve gave, so no figure depends on it.
	 */
	struct mva_memo *mva_memo;
	/*
	 * Not a parameter either: the nodes and zones `host` loaded (core/mm/zonelayout.h),
	 * owned by the session; NULL, or a machine no longer the one it was loaded
	 * for (other ram, pagesize, nodes or totalram), lays its zones out from the
	 * parameters as x86-64 does.
	 */
	const struct zone_layout *layout;

	/*
	 * Not a parameter either: the patches the machine is seen with and the
	 * user's variants of them (core/patchset.h), owned by a front end; NULL
	 * for the built-in ones and no variant. A copy of the machine - a plain
	 * assignment - shares it.
	 */
	const struct patch_set *set;
	/*
	 * Not a parameter: what a row's metrics share (core/rowmemo.h), owned by
	 * the sweep whose row this machine is; NULL elsewhere. Every entry is
	 * keyed on what it reads: a copy sharing it gets the same answers.
	 */
	struct row_memo *memo;
	/*
	 * Not a parameter: where `set zones` keeps the layouts it builds
	 * (core/mm/zonelayout.h), owned by a front end (the session) and kept
	 * by every reset; NULL (a bare machine) refuses an explicit layout.
	 */
	struct layout_pool *layouts;
};

/* PAGE_SHIFT; inline, as machine_totalram: a sweep over ram or totalram asks on every row. */
static inline unsigned int machine_page_shift(const struct machine *m)
{
	return m->pagesize ? 63u - (unsigned)__builtin_clzll(m->pagesize) : ~0u;
}

/* struct page is 64 bytes on 64-bit kernels: the memmap eats 64 / pagesize of RAM. */
#define STRUCT_PAGE_BYTES 64u
#define STRUCT_PAGE_SHIFT 6u

/* totalram_pages(): set, or installed pages less one 64-byte struct page per page. */
static inline uint64_t machine_totalram(const struct machine *m)
{
	if (m->totalram)
		return m->totalram;
	/*
	 * ram - ram * 64 / pagesize bytes, in pages. The page size is 64 times a
	 * power of two, so ram * 64 / pagesize is ram / (pagesize / 64) exactly,
	 * and ram * 64 never has to exist (it would not fit 64 bits at 1 EiB).
	 */
	if ((m->pagesize & (m->pagesize - 1)) || m->pagesize < STRUCT_PAGE_BYTES) /* a machine built by hand: `set` allows powers of two from 4K */
		return (m->ram - m->ram / (m->pagesize / STRUCT_PAGE_BYTES)) / m->pagesize;
	/* a power of two: the divides are shifts */
	return (m->ram - (m->ram >> (machine_page_shift(m) - STRUCT_PAGE_SHIFT))) >> machine_page_shift(m);
}
/* zone_managed_pages() of the zone the vmstat, pcp and watermark models use: zone, or the layout's largest Normal zone. */
uint64_t machine_zone(const struct machine *m);
uint64_t machine_threads(const struct machine *m);
/* netperf instances: instances, or one per two CPUs (at least one) when 0. */
uint64_t machine_instances(const struct machine *m);
/* sockets, or auto: 2, 1 on a single CPU. */
uint64_t machine_sockets(const struct machine *m);
/* threads that run at once: threads, at most cpus (the effective parallelism of a model). */
uint64_t machine_parallel(const struct machine *m);
/* Pages a byte count covers, rounded down as memory_reclaim()'s memparse(buf, &buf) / PAGE_SIZE does. */
uint64_t machine_bytes_to_pages(const struct machine *m, uint64_t bytes);
/* vmpressure_init_window() of seed 004: SWAP_CLUSTER_MAX * 16 * (1 + fls(totalram in 128 MiB)). */
uint64_t machine_vmpressure_win(const struct machine *m);

struct strbuf;
/*
 * For explain: say which inputs are estimates (totalram auto, and zone auto
 * when the metric reads the zone) and how to get the real figure.
 */
void machine_note_estimates(const struct machine *m, int reads_zone, struct strbuf *why);

#endif
