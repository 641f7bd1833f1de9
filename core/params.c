#include "params.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "err.h"
#include "mm/distro.h"
#include "mm/kernel.h"
#include "mm/release.h"
#include "mm/zonelayout.h"
#include "mm/zone.h"
#include "suggest.h"
#include "units.h"

#define FIELD(f) offsetof(struct machine, f)
#define PiB (1ull << 50)
#define EiB (1ull << 60)

static const char *const overcommit_names[] = { "guess", "always", "never", NULL };
static const uint64_t page_sizes[] = { 4096, 16384, 65536, 0 };
static const char *const thp_names[] = { "off", "on", "never", NULL };
static const char *const arch_names[] = { "x86_64", "arm64", NULL };

/*
 * Ranges reach past any kernel on purpose: up to 65536 CPUs (x86-64 builds
 * at most 8192, NR_CPUS_RANGE_END in arch/x86/Kconfig; arm64 4096) and an
 * exbibyte of RAM, to show where the kernel's own 32-bit arithmetic breaks;
 * every product in core stays inside 64 bits (see the overflow tests).
 */
const struct param params[] = {
	{ .name = "cpus", .type = PT_COUNT, .offset = FIELD(cpus), .min = 1, .max = 65536,
	  .flags = PF_CHECKED,
	  .unit = "CPUs", .def = "64", .group = "machine",
	  .help = "present (= online) CPUs: num_present_cpus()" },
	{ .name = "ram", .type = PT_SIZE, .offset = FIELD(ram), .min = MiB, .max = EiB,
	  .flags = PF_CHECKED,
	  .unit = "bytes", .def = "256G", .group = "machine",
	  .help = "installed memory; totalram is derived from it unless set" },
	{ .name = "pagesize", .type = PT_SIZE, .offset = FIELD(pagesize), .allowed = page_sizes,
	  .flags = PF_CHECKED,
	  .unit = "bytes", .def = "4K", .group = "machine",
	  .help = "base page size, PAGE_SIZE (4K, 16K or 64K)" },
	{ .name = "totalram", .type = PT_PAGES, .offset = FIELD(totalram), .min = 1, .max = EiB / 4096,
	  .flags = PF_AUTO | PF_CHECKED, .auto_value = machine_totalram,
	  .unit = "pages", .def = "auto", .group = "machine",
	  .help = "totalram_pages(); auto = ram less the memmap (64 bytes per page)" },
	{ .name = "overcommit", .type = PT_CHOICE, .offset = FIELD(overcommit), .max = 2,
	  .choices = overcommit_names, .unit = "", .def = "guess", .group = "machine",
	  .help = "vm.overcommit_memory: guess (0), always (1), never (2)" },
	{ .name = "sockets", .type = PT_COUNT, .offset = FIELD(sockets), .min = 1, .max = 64,
	  .flags = PF_AUTO | PF_CHECKED, .auto_value = machine_sockets,
	  .unit = "packages", .def = "auto", .group = "machine",
	  .help = "CPU packages; a cacheline crossing packages costs more; auto = 2, or 1 on one CPU" },
	{ .name = "zone", .type = PT_PAGES, .offset = FIELD(zone), .min = 1, .max = EiB / 4096,
	  .flags = PF_AUTO | PF_CHECKED | PF_NAMED, .auto_value = machine_zone,
	  .unit = "pages", .def = "auto", .group = "machine",
	  .help = "managed pages of the zone the vmstat, pcp and watermark models use, or a zone by name (DMA32, 1.Normal: show zones); auto = the largest Normal zone" },
	{ .name = "overcommit_ratio", .type = PT_COUNT, .offset = FIELD(overcommit_ratio), .min = 0, .max = 100000,
	  .unit = "%", .def = "50", .group = "machine",
	  .help = "vm.overcommit_ratio: CommitLimit = totalram * ratio / 100 + swap (vm_commit_limit())" },
	{ .name = "swap", .type = PT_SIZE, .offset = FIELD(swap), .min = 0, .max = EiB,
	  .unit = "bytes", .def = "0", .group = "machine",
	  .help = "swap space (total_swap_pages), which CommitLimit adds" },
	/* the default is the newest release the tables know: release_names[] ends with it */
	{ .name = "kernel", .type = PT_CHOICE, .offset = FIELD(kernel), .max = 74, .flags = PF_NAMES,
	  .choices = release_names, .resolve = release_parse, .unit = "", .def = "6.18.8", .group = "machine",
	  .help = "the release whose code the kernel side follows; host: the running kernel's" },
	/* after kernel: `set kernel` sets it from the string, a preset's line then as saved */
	{ .name = "distro", .type = PT_CHOICE, .offset = FIELD(distro), .max = 3, .flags = PF_NAMES,
	  .choices = distro_build_names, .unit = "", .def = "mainline", .group = "machine",
	  .help = "whose build the kernel is: rhel, suse or rhel8.3 (set kernel and host read it from el8, 150500, "
		  "el8 from release 240 ...) mark every kernel figure 'computed as mainline X.Y, may differ'; rhel8.3 "
		  "also runs the backports batchlab's table holds (min_free_kbytes' 262144 KiB bound)" },
	/* nodes and zones (core/mm/zone.h): the pcp and watermark patches' machine */
	{ .name = "arch", .type = PT_CHOICE, .offset = FIELD(arch), .max = 1, .flags = PF_NAMES,
	  .choices = arch_names, .unit = "", .def = "x86_64", .group = "machine",
	  .help = "whose zone limits lay out ram when zones is auto: x86_64 (DMA 16 MiB, DMA32 to 4 GiB) or arm64 "
		  "by release as zone_sizes_init() does, RAM from 1 GiB: DMA32 to 4 GiB before 5.5, a 30-bit DMA (1 GiB) "
		  "and DMA32 to 4 GiB from 5.5, DMA to 4 GiB and DMA32 empty from 5.11 (firmware naming no DMA limit)" },
	{ .name = "nodes", .type = PT_COUNT, .offset = FIELD(nodes), .min = 1, .max = 1024,
	  .flags = PF_CHECKED,
	  .unit = "nodes", .def = "1", .group = "machine",
	  .help = "NUMA nodes with memory (MAX_NUMNODES is 1024 at NODES_SHIFT 10); ram is split evenly over them" },
	{ .name = "node_cpus", .type = PT_COUNT, .offset = FIELD(node_cpus), .min = 0, .max = 65536,
	  .flags = PF_AUTO | PF_ZERO | PF_CHECKED, .auto_value = machine_node_cpus,
	  .unit = "CPUs", .def = "auto", .group = "machine",
	  .help = "CPUs local to the zone's node: cpumask_of_node(); 0 = a CPU-less node (PMEM, CXL); auto = cpus / nodes" },
	{ .name = "min_free_kbytes", .type = PT_COUNT, .offset = FIELD(min_free_kbytes), .min = 1, .max = KERNEL_INT_MAX,
	  .flags = PF_AUTO, .auto_value = machine_min_free_kbytes,
	  .unit = "KiB", .def = "auto", .group = "machine",
	  .help = "vm.min_free_kbytes; auto = the release's default (sqrt of lowmem, clamped) and khugepaged's raise with thp" },
	{ .name = "thp", .type = PT_CHOICE, .offset = FIELD(thp), .max = 2,
	  .choices = thp_names, .unit = "", .def = "on", .group = "machine",
	  .help = "THP: on (always/madvise: khugepaged raises min_free_kbytes, not below 512 MiB), never (built, "
		  "disabled: from 5.16 min_free_kbytes is recalculated past the watermarks), off (not built)" },
	{ .name = "watermark_scale_factor", .type = PT_COUNT, .offset = FIELD(watermark_scale_factor), .min = 1, .max = 3000,
	  .unit = "1/10000", .def = "10", .group = "machine",
	  .help = "vm.watermark_scale_factor: the low-min gap as 1/10000 of the zone (from 4.6; up to 1000 before 5.17)" },
	{ .name = "pagelist_high_fraction", .type = PT_COUNT, .offset = FIELD(percpu_pagelist_high_fraction),
	  .min = 0, .max = KERNEL_INT_MAX, .flags = PF_CHECKED,
	  .unit = "", .def = "0", .group = "machine",
	  .help = "vm.percpu_pagelist_high_fraction (5.14 on): 0 = pcp high from the low watermark; 8 or more = from "
		  "managed / it, and from 6.7 no auto-tuning (high_min = high_max)" },
	{ .name = "zone_min", .type = PT_PAGES, .offset = FIELD(zone_min), .min = 1, .max = EiB / 4096,
	  .flags = PF_AUTO | PF_CHECKED, .auto_value = machine_zone_min,
	  .unit = "pages", .def = "auto", .group = "machine",
	  .help = "the zone's min watermark; auto = its share of min_free_kbytes (/proc/zoneinfo: min)" },
	{ .name = "pageblock_nr_pages", .type = PT_PAGES, .offset = FIELD(pageblock_nr_pages), .min = 1, .max = 1ull << 30,
	  .flags = PF_AUTO | PF_POW2, .auto_value = machine_pageblock_nr_pages,
	  .unit = "pages", .def = "auto", .group = "machine",
	  .help = "pages per pageblock (khugepaged's unit); auto = one PMD; 1024 = a kernel without CONFIG_HUGETLB_PAGE before 6.10" },
	/* last of the machine: a preset or a view line applies it after ram, pagesize and totalram, which it holds for */
	{ .name = "zones", .type = PT_LAYOUT, .offset = FIELD(layout), .group = "machine", .unit = "pages", .def = "auto",
	  .help = "every node's CPUs and zones as /proc/zoneinfo counts them: 0.cpus=2 0.DMA=3998/3840 "
		  "0.Normal=262144/258048 1.cpus=0 ... (present/managed pages; sets nodes); auto = laid out from ram "
		  "and nodes as arch does (x86_64 or arm64); host loads the real one (show zones)" },
	{ .name = "reclaim", .type = PT_SIZE, .offset = FIELD(reclaim), .min = 0, .max = EiB,
	  .unit = "bytes", .def = "1G", .group = "workload",
	  .help = "bytes written to memory.reclaim (the proactive reclaim request)" },
	{ .name = "scanned", .type = PT_COUNT, .offset = FIELD(scanned), .min = 0, .max = 1ull << 62,
	  .unit = "pages", .def = "11900000", .group = "workload",
	  .help = "pages the reclaimer scans, for vmpressure evaluation counts" },
	{ .name = "chunk", .type = PT_COUNT, .offset = FIELD(chunk), .min = 1, .max = 1ull << 20,
	  .unit = "pages", .def = "32", .group = "workload",
	  .help = "assumed pages per vmpressure() call (the kernel: one call per memcg per reclaim pass)" },
	{ .name = "mmap", .type = PT_SIZE, .offset = FIELD(mmap), .min = 1, .max = PiB,
	  .unit = "bytes", .def = "128M", .group = "workload",
	  .help = "bytes each will-it-scale loop maps and unmaps" },
	{ .name = "threads", .type = PT_COUNT, .offset = FIELD(threads), .min = 1, .max = 65536,
	  .flags = PF_AUTO, .auto_value = machine_threads,
	  .unit = "threads", .def = "auto", .group = "workload",
	  .help = "will-it-scale mmap threads; auto = one per CPU" },
	{ .name = "depth", .type = PT_COUNT, .offset = FIELD(depth), .min = 1, .max = 64,
	  .unit = "levels", .def = "3", .group = "workload",
	  .help = "page_counter levels a memcg charge walks, cgroup to root" },
	{ .name = "instances", .type = PT_COUNT, .offset = FIELD(instances), .min = 1, .max = 65536,
	  .flags = PF_AUTO, .auto_value = machine_instances,
	  .unit = "instances", .def = "auto", .group = "workload",
	  .help = "netperf instances, each with its netserver (memcg_charge throughput); auto = one per two CPUs" },
	{ .name = "cgroup_size", .type = PT_SIZE, .offset = FIELD(cgroup_size), .min = MiB, .max = EiB,
	  .unit = "bytes", .def = "4G", .group = "workload",
	  .help = "the memcg's size or memory.max, for the cost shares (assumed: a 4 GiB container)" },
	{ .name = "scan_rate", .type = PT_REAL, .offset = FIELD(scan_rate), .rmin = 1, .rmax = 1e12,
	  .unit = "pages/s", .def = "258822", .group = "workload",
	  .help = "pages/s reclaim scans in one memcg (assumed: seed 002's 258822 pages/s reclaimed, a floor)" },
	{ .name = "charge_batch", .type = PT_COUNT, .offset = FIELD(charge_batch), .min = 1, .max = 65536,
	  .unit = "pages", .def = "64", .group = "memcg_charge",
	  .help = "MEMCG_CHARGE_BATCH on the patched side (the patch: 64)" },
	/* seed 000 model: fitted to 10482.7 / 17064.7 Mbps (docs/MODELS.md; check: test_calibrate) */
	{ .name = "charge_page_ns", .type = PT_REAL, .offset = FIELD(charge_page_ns), .rmin = 0.01, .rmax = 1e9,
	  .unit = "ns", .def = "1687.66", .group = "memcg_charge",
	  .help = "modeled: private work per page charged (fitted to seed 000)" },
	{ .name = "page_counter_ns", .type = PT_REAL, .offset = FIELD(page_counter_ns), .rmin = 0, .rmax = 1e9,
	  .unit = "ns", .def = "1307.57", .group = "memcg_charge",
	  .help = "modeled: one update of a shared page_counter cacheline (fitted to seed 000)" },
	{ .name = "netperf_charges", .type = PT_REAL, .offset = FIELD(netperf_charges), .rmin = 0.01, .rmax = 1000,
	  .unit = "pages/page", .def = "2", .group = "memcg_charge",
	  .help = "modeled: pages charged per page of netperf payload (assumed 2: sender and receiver)" },
	{ .name = "committed_lift", .type = PT_COUNT, .offset = FIELD(committed_lift), .min = 1, .max = 256,
	  .flags = PF_POW2, .unit = "x", .def = "64", .group = "committed_as",
	  .help = "lift of the vm_committed_as batch for guess/always (the patch: 64X)" },
	/* seed 003 model: fitted to +53% (8C/16T) and 21.97x (4S/144T); mmap_loop_ns assumed */
	{ .name = "mmap_loop_ns", .type = PT_REAL, .offset = FIELD(mmap_loop_ns), .rmin = 0.01, .rmax = 1e12,
	  .unit = "ns", .def = "2000", .group = "committed_as",
	  .help = "modeled: private work of one mmap+munmap loop (assumed; the seed gives only ratios)" },
	{ .name = "committed_lock_ns", .type = PT_REAL, .offset = FIELD(committed_lock_ns), .rmin = 0, .rmax = 1e9,
	  .unit = "ns", .def = "92.1827", .group = "committed_as",
	  .help = "modeled: vm_committed_as spinlock visit on one socket (fitted to seed 003's desktop)" },
	{ .name = "socket_growth", .type = PT_REAL, .offset = FIELD(socket_growth), .rmin = 0, .rmax = 100,
	  .unit = "per socket", .def = "0.218359", .group = "committed_as",
	  .help = "modeled: lock cost grows by this fraction per extra socket (fitted to seed 003's server)" },
	{ .name = "committed_sum_cpu_ns", .type = PT_REAL, .offset = FIELD(committed_sum_cpu_ns), .rmin = 0, .rmax = 1e9,
	  .unit = "ns", .def = "486.111", .group = "committed_as",
	  .help = "modeled: one CPU's share of percpu_counter_sum() (mm/util.c: 30~40 us on 72 CPUs, contended)" },
	/* seed 002 model: defaults are the /uid_0 1G scenario; presets hold the other two */
	{ .name = "reclaim_restart_us", .type = PT_REAL, .offset = FIELD(reclaim_restart_us), .rmin = 0, .rmax = 1e9,
	  .unit = "us", .def = "199.66", .group = "proactive_reclaim",
	  .help = "modeled: start/stop cost of one try_to_free_mem_cgroup_pages() call (fitted, seed 002)" },
	{ .name = "reclaim_page_ns", .type = PT_REAL, .offset = FIELD(reclaim_page_ns), .rmin = 0.01, .rmax = 1e9,
	  .unit = "ns", .def = "3862.97", .group = "proactive_reclaim",
	  .help = "modeled: reclaim cost per page (fitted, seed 002)" },
	{ .name = "reclaim_eps", .type = PT_REAL, .offset = FIELD(reclaim_eps), .rmin = 0, .rmax = 1,
	  .unit = "fraction", .def = "0.105273", .group = "proactive_reclaim",
	  .help = "modeled: a call asked for N pages reclaims N * (1 + eps) (seed 002: 107.8 MiB on 1 GiB)" },
	{ .name = "reclaim_inflow", .type = PT_REAL, .offset = FIELD(reclaim_inflow), .rmin = 0, .rmax = 1e12,
	  .unit = "pages/s", .def = "0", .group = "proactive_reclaim",
	  .help = "modeled: pages the cgroup charges back while reclaim runs (assumed; root preset: 14000)" },
	{ .name = "reclaim_divisor", .type = PT_COUNT, .offset = FIELD(reclaim_divisor), .min = 1, .max = 1024,
	  .unit = "", .def = "4", .group = "proactive_reclaim",
	  .help = "the decay side asks remaining / divisor per call (the patch: 4)" },
	{ .name = "vmpressure_win", .type = PT_COUNT, .offset = FIELD(vmpressure_win), .min = 1, .max = 1ull << 40,
	  .flags = PF_AUTO, .auto_value = machine_vmpressure_win,
	  .unit = "pages", .def = "auto", .group = "vmpressure",
	  .help = "vmpressure_win after the patch; auto = the patch's vmpressure_init_window()" },
	/* seed 004 gives counts, not time: the cost of one evaluation is assumed */
	{ .name = "vmpressure_eval_ns", .type = PT_REAL, .offset = FIELD(vmpressure_eval_ns), .rmin = 0, .rmax = 1e9,
	  .unit = "ns", .def = "100", .group = "vmpressure",
	  .help = "modeled: work one evaluation adds, level calculation and socket_pressure write (assumed)" },
	/* memcg_flush (issue 37) */
	{ .name = "memcgs", .type = PT_COUNT, .offset = FIELD(memcgs), .min = 1, .max = 65535,
	  .unit = "memcgs", .def = "200", .group = "memcg_flush",
	  .help = "memcgs on the machine (assumed 200; MEM_CGROUP_ID_MAX is 65535)" },
	{ .name = "stat_update_pages", .type = PT_COUNT, .offset = FIELD(stat_update_pages), .min = 1, .max = 1ull << 20,
	  .unit = "pages", .def = "1", .group = "memcg_flush",
	  .help = "workload: pages one memcg stat update changes, abs(val) (assumed 1: a page at a time)" },
	{ .name = "user_flush_threshold", .type = PT_COUNT, .offset = FIELD(user_flush_threshold),
	  .min = 0, .max = 2147483647, .unit = "pages", .def = "0", .group = "memcg_flush",
	  .help = "the 2025 proposal's sysctl vm.memcg_stats_flush_threshold (userspace reads); 0 = MEMCG_CHARGE_BATCH * cpus" },
	{ .name = "stat_update_rate", .type = PT_REAL, .offset = FIELD(stat_update_rate), .rmin = 1e-3, .rmax = 1e12,
	  .unit = "pages/s", .def = "10000", .group = "memcg_flush",
	  .help = "workload: pages/s of stat change in each memcg (assumed 10000, 39 MiB/s)" },
	/* rss_stat (issue 37): spawn fitted to unixbench 11110 -> 8974 on 128 threads; oom to the 2026 fix's table */
	{ .name = "task_threads", .type = PT_COUNT, .offset = FIELD(task_threads), .min = 1, .max = 1ull << 22,
	  .unit = "threads", .def = "5", .group = "rss_stat",
	  .help = "the process's threads (the report's service: 5)" },
	{ .name = "rss_counters", .type = PT_COUNT, .offset = FIELD(rss_counters), .min = 1, .max = 4,
	  .unit = "counters", .def = "3", .group = "rss_stat",
	  .help = "rss counters a reading adds (get_mm_rss(): file, anon, shmem = 3; 4 with swap entries)" },
	{ .name = "fault_pages", .type = PT_COUNT, .offset = FIELD(fault_pages), .min = 1, .max = 512,
	  .unit = "pages", .def = "1", .group = "rss_stat",
	  .help = "workload: pages one page fault maps (1; fault-around maps up to 16 of 4K)" },
	{ .name = "oom_processes", .type = PT_COUNT, .offset = FIELD(oom_processes), .min = 1, .max = 4194304,
	  .unit = "processes", .def = "10000", .group = "rss_stat",
	  .help = "processes select_bad_process() scores (the 2026 fix's table: 40 and 10000)" },
	{ .name = "spawn_base_ns", .type = PT_REAL, .offset = FIELD(spawn_base_ns), .rmin = 1, .rmax = 1e12,
	  .unit = "ns", .def = "90009", .group = "rss_stat",
	  .help = "modeled: one unixbench spawn before 6.2, 1e9 / 11110 (fitted; assumed the same on any machine)" },
	{ .name = "rss_fork_cpu_ns", .type = PT_REAL, .offset = FIELD(rss_fork_cpu_ns), .rmin = 0, .rmax = 1e9,
	  .unit = "ns", .def = "41.8438", .group = "rss_stat",
	  .help = "modeled: per rss counter and CPU, a spawn's per-CPU area (fitted to 11110 -> 8974 on 128)" },
	{ .name = "oom_base_ms", .type = PT_REAL, .offset = FIELD(oom_base_ms), .rmin = 0, .rmax = 1e9,
	  .unit = "ms", .def = "0.289157", .group = "rss_stat",
	  .help = "modeled: the fixed time of select_bad_process() (fitted: 0.3 ms at 40, 3.0 ms at 10000)" },
	{ .name = "oom_task_ns", .type = PT_REAL, .offset = FIELD(oom_task_ns), .rmin = 0, .rmax = 1e12,
	  .unit = "ns", .def = "271.084", .group = "rss_stat",
	  .help = "modeled: one task's badness with approximate reads (fitted to the same two)" },
	{ .name = "oom_sum_cpu_ns", .type = PT_REAL, .offset = FIELD(oom_sum_cpu_ns), .rmin = 0, .rmax = 1e9,
	  .unit = "ns", .def = "7.51953", .group = "rss_stat",
	  .help = "modeled: one CPU of one counter's precise sum (fitted: 80.0 ms at 10000 on 256 vCPUs)" },
};

const size_t nparams = sizeof(params) / sizeof(params[0]);

size_t param_name_width(void)
{
	size_t w = 0;

	for (size_t i = 0; i < nparams; i++)
		if (strlen(params[i].name) > w)
			w = strlen(params[i].name);
	return w;
}

const struct param *param_find(const char *name)
{
	for (size_t i = 0; i < nparams; i++)
		if (!strcmp(params[i].name, name))
			return &params[i];
	return NULL;
}

const char *param_suggest(const char *name, char *buf, size_t len)
{
	struct suggest s;

	suggest_init(&s, name);
	for (size_t i = 0; i < nparams; i++)
		suggest_offer(&s, params[i].name);
	return suggest_text(&s, buf, len);
}

/* How a PF_AUTO parameter stores auto: 0, or MACHINE_AUTO where 0 is a value (PF_ZERO). */
static uint64_t auto_stored(const struct param *p)
{
	return p->flags & PF_ZERO ? MACHINE_AUTO : 0;
}

static uint64_t *u64_field(struct machine *m, const struct param *p)
{
	return (uint64_t *)((char *)m + p->offset);
}

static uint64_t u64_value(const struct machine *m, const struct param *p)
{
	return *(const uint64_t *)((const char *)m + p->offset);
}

static double *real_field(struct machine *m, const struct param *p)
{
	return (double *)((char *)m + p->offset);
}

static double real_value(const struct machine *m, const struct param *p)
{
	return *(const double *)((const char *)m + p->offset);
}

static void format_bound(const struct param *p, uint64_t v, char *buf, size_t len)
{
	if (p->type == PT_SIZE)
		format_size(v, buf, len);
	else /* pages as they are typed: a bare number would be bytes */
		snprintf(buf, len, p->type == PT_PAGES ? "%llup" : "%llu", (unsigned long long)v);
}

void param_format_range(const struct param *p, char *buf, size_t len)
{
	char lo[32], hi[32];
	size_t n = 0;

	buf[0] = '\0';
	if (p->type == PT_LAYOUT) {
		snprintf(buf, len, "NODE.ZONE=PRESENT/MANAGED ... or auto");
		return;
	}
	if (p->type == PT_CHOICE) {
		for (int i = 0; p->choices[i]; i++)
			n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s", i ? "|" : "", p->choices[i]);
		return;
	}
	if (p->type == PT_REAL) {
		snprintf(buf, len, "%g..%g", p->rmin, p->rmax);
		return;
	}
	if (p->allowed) {
		for (int i = 0; p->allowed[i]; i++) {
			format_bound(p, p->allowed[i], lo, sizeof(lo));
			n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s", i ? ", " : "", lo);
		}
		return;
	}
	format_bound(p, p->min, lo, sizeof(lo));
	format_bound(p, p->max, hi, sizeof(hi));
	snprintf(buf, len, "%s..%s%s", lo, hi, p->flags & PF_AUTO ? " or auto" : "");
}

static int out_of_range(const struct param *p, const char *value, char *err, size_t errlen)
{
	char range[PARAM_RANGE_MAX];

	param_format_range(p, range, sizeof(range));
	return err_set(err, errlen, "%s: '%s' is out of range (%s)", p->name, value, range);
}

static int bad_value(const struct param *p, const char *value, const char *why, char *err, size_t errlen)
{
	return err_set(err, errlen, "%s: '%s': %s", p->name, value, why);
}

static int check_u64(const struct param *p, const char *value, uint64_t v, char *err, size_t errlen)
{
	if (p->allowed) {
		char range[PARAM_RANGE_MAX];

		for (int i = 0; p->allowed[i]; i++)
			if (p->allowed[i] == v)
				return 0;
		param_format_range(p, range, sizeof(range));
		return err_set(err, errlen, "%s: '%s' is not one of %s", p->name, value, range);
	}
	if (v < p->min || v > p->max)
		return out_of_range(p, value, err, errlen);
	if ((p->flags & PF_POW2) && (v & (v - 1)))
		return bad_value(p, value, "expected a power of two", err, errlen);
	return 0;
}

int param_set(struct machine *m, const struct param *p, const char *value, char *err, size_t errlen)
{
	char why[160];
	uint64_t v = 0;
	double r;

	if (p->type == PT_LAYOUT)
		return layout_set(m, value, err, errlen);
	if ((p->flags & PF_AUTO) && !strcmp(value, "auto")) {
		*u64_field(m, p) = auto_stored(p);
		return 0;
	}
	/* AUTO, Auto: the word is auto, in lower case - say so rather than "expected a whole number" */
	if ((p->flags & PF_AUTO) && !strcasecmp(value, "auto"))
		return bad_value(p, value, "expected auto (lower case) or a value", err, errlen);
	switch (p->type) {
	case PT_COUNT:
		if (parse_u64(value, &v, why, sizeof(why)))
			return bad_value(p, value, (p->flags & PF_AUTO) && (*value < '0' || *value > '9') ?
					 "expected a whole number or auto" : why, err, errlen);
		break;
	case PT_SIZE:
		if (parse_size(value, &v, why, sizeof(why)))
			return bad_value(p, value, why, err, errlen);
		break;
	case PT_PAGES: {
		size_t n = strlen(value);

		if ((p->flags & PF_NAMED) && !zone_name_parse(value, &v)) {
			*u64_field(m, p) = v; /* machine_check() asks the layout whether it is there */
			return 0;
		}
		if (n > 1 && value[n - 1] == 'p') {
			char digits[32];

			if (n - 1 >= sizeof(digits))
				return bad_value(p, value, "number too large for 64 bits", err, errlen);
			memcpy(digits, value, n - 1);
			digits[n - 1] = '\0';
			if (parse_u64(digits, &v, why, sizeof(why)))
				return bad_value(p, value, "expected NNNp (pages), a size or auto", err, errlen);
		} else {
			if (parse_size(value, &v, why, sizeof(why)))
				return bad_value(p, value, p->flags & PF_NAMED ? "expected NNNp (pages), a size, auto or a zone's "
						 "name (DMA, DMA32, Normal, Movable; 1.Normal on node 1)" : "expected NNNp (pages), a size or auto",
						 err, errlen);
			if (v && v < m->pagesize)
				return bad_value(p, value, "a size less than one page (pages are written NNNp)", err, errlen);
			if (v % m->pagesize) { /* never cut short in silence: 6K is 1.5 pages of 4 KiB */
				snprintf(why, sizeof(why), "not a whole number of %llu-byte pages (%llu and %llu bytes over): "
					 "give whole pages, or NNNp", (unsigned long long)m->pagesize,
					 (unsigned long long)(v / m->pagesize), (unsigned long long)(v % m->pagesize));
				return bad_value(p, value, why, err, errlen);
			}
			v /= m->pagesize;
		}
		break;
	}
	case PT_CHOICE:
		if (p->resolve) {
			char said[320];
			int idx;

			if (p->resolve(value, &idx, NULL, 0, said, sizeof(said)))
				return err_set(err, errlen, "%s: %s", p->name, said);
			*u64_field(m, p) = (uint64_t)idx;
			if (p->offset == FIELD(kernel)) /* the same string host reads: the same build */
				m->distro = distro_build_of(value);
			return 0;
		}
		for (uint64_t i = 0; p->choices[i]; i++) {
			char idx[4];

			snprintf(idx, sizeof(idx), "%u", (unsigned int)i);
			if (!strcmp(value, p->choices[i]) || (!(p->flags & PF_NAMES) && !strcmp(value, idx))) {
				*u64_field(m, p) = i;
				return 0;
			}
		}
		{
			char range[PARAM_RANGE_MAX];

			param_format_range(p, range, sizeof(range));
			snprintf(err, errlen, "%s: '%s' is not one of %s", p->name, value, range);
		}
		return -1;
	case PT_LAYOUT: /* set above */
		return -1;
	case PT_REAL:
		if (parse_real(value, &r, why, sizeof(why)))
			return bad_value(p, value, why, err, errlen);
		if (!(r >= p->rmin && r <= p->rmax))
			return out_of_range(p, value, err, errlen);
		*real_field(m, p) = r;
		return 0;
	}
	if (check_u64(p, value, v, err, errlen))
		return -1;
	*u64_field(m, p) = v;
	return 0;
}

uint64_t param_u64(const struct machine *m, const struct param *p)
{
	uint64_t v;

	if (p->type == PT_LAYOUT) { /* its zones: 0 when laid out from the parameters */
		const struct zone_layout *L = machine_layout(m);

		return L ? L->nzones : 0;
	}
	v = u64_value(m, p);

	if ((p->flags & PF_NAMED) && (v & ZONE_NAMED))
		return p->auto_value(m); /* a zone by name: its managed pages on this machine's layout */
	return v == auto_stored(p) && p->auto_value ? p->auto_value(m) : v;
}

double param_real(const struct machine *m, const struct param *p)
{
	return real_value(m, p);
}

int param_set_u64(struct machine *m, const struct param *p, uint64_t v, char *err, size_t errlen)
{
	char typed[32];

	if (p->type == PT_CHOICE && (p->flags & PF_NAMES) && v <= p->max) {
		*u64_field(m, p) = v; /* an ordered choice (the releases) is swept by index */
		return 0;
	}
	if (p->type == PT_CHOICE || p->type == PT_REAL || p->type == PT_LAYOUT)
		return err_set(err, errlen, "%s: not a whole-number parameter", p->name);
	/* a sweep stores millions of rows: spell the value out only to complain about it */
	if (!check_u64(p, "", v, NULL, 0)) {
		*u64_field(m, p) = v;
		return 0;
	}
	snprintf(typed, sizeof(typed), p->type == PT_PAGES ? "%llup" : "%llu", (unsigned long long)v);
	return check_u64(p, typed, v, err, errlen);
}

int param_set_real(struct machine *m, const struct param *p, double v, char *err, size_t errlen)
{
	char typed[32];

	snprintf(typed, sizeof(typed), "%.17g", v);
	if (p->type != PT_REAL)
		return err_set(err, errlen, "%s: not a real-valued parameter", p->name);
	if (!(v >= p->rmin && v <= p->rmax))
		return out_of_range(p, typed, err, errlen);
	*real_field(m, p) = v;
	return 0;
}

/* The layout's text, or auto when the machine lays its zones out from the parameters. */
static void layout_text(const struct machine *m, char *buf, size_t len)
{
	const struct zone_layout *L = machine_layout(m);

	if (!L)
		snprintf(buf, len, "auto");
	else
		layout_format(L, buf, len);
}

void param_format(const struct machine *m, const struct param *p, char *buf, size_t len)
{
	switch (p->type) {
	case PT_LAYOUT:
		layout_text(m, buf, len);
		return;
	case PT_REAL:
		snprintf(buf, len, "%.6g", real_value(m, p));
		return;
	case PT_CHOICE:
		snprintf(buf, len, "%s", p->choices[u64_value(m, p)]);
		return;
	default:
		/* auto prints the number it stands for: scripts want the number */
		snprintf(buf, len, "%llu", (unsigned long long)param_u64(m, p));
		return;
	}
}

void param_format_input(const struct machine *m, const struct param *p, char *buf, size_t len)
{
	if (p->type == PT_LAYOUT) {
		layout_text(m, buf, len);
		return;
	}
	if (p->type == PT_REAL) {
		/* the fewest digits strtod() reads back as the same double: 1687.66, not 1687.6600000000001 */
		double v = real_value(m, p);

		if (v == floor(v) && fabs(v) < 1e15) { /* 2000, not 2e+03 */
			snprintf(buf, len, "%.0f", v);
			return;
		}
		for (int prec = 1; prec <= 17; prec++) {
			snprintf(buf, len, "%.*g", prec, v);
			if (strtod(buf, NULL) == v)
				return;
		}
		return;
	}
	if (p->type == PT_SIZE) {
		/* the largest binary unit that divides it: 4G reads back as 4294967296 exactly */
		static const char units[] = "KMGTPE";
		uint64_t v = u64_value(m, p);
		int k = 0;

		while (v && k < 6 && !(v & 1023)) {
			v >>= 10;
			k++;
		}
		if (k)
			snprintf(buf, len, "%llu%c", (unsigned long long)v, units[k - 1]);
		else
			snprintf(buf, len, "%llu", (unsigned long long)v);
		return;
	}
	if ((p->flags & PF_AUTO) && u64_value(m, p) == auto_stored(p)) {
		snprintf(buf, len, "auto");
		return;
	}
	if ((p->flags & PF_NAMED) && (u64_value(m, p) & ZONE_NAMED)) {
		zone_name_format(u64_value(m, p), buf, len);
		return;
	}
	if (p->type == PT_PAGES) {
		snprintf(buf, len, "%llup", (unsigned long long)u64_value(m, p));
		return;
	}
	param_format(m, p, buf, len);
}

void param_format_human(const struct machine *m, const struct param *p, char *buf, size_t len)
{
	const char *tag = p->type != PT_REAL && p->auto_value && u64_value(m, p) == auto_stored(p) ? "auto: " : "";
	char size[32];

	switch (p->type) {
	case PT_LAYOUT: {
		const struct zone_layout *L = machine_layout(m);

		if (L)
			snprintf(buf, len, "%u node%s, %u zones", L->nnodes, L->nnodes == 1 ? "" : "s", L->nzones);
		else
			snprintf(buf, len, "auto: laid out");
		return;
	}
	case PT_SIZE:
		format_size(u64_value(m, p), buf, len);
		return;
	case PT_PAGES:
		format_size(mul_sat(param_u64(m, p), m->pagesize), size, sizeof(size));
		if ((p->flags & PF_NAMED) && (u64_value(m, p) & ZONE_NAMED)) {
			char name[32];

			zone_name_format(u64_value(m, p), name, sizeof(name));
			snprintf(buf, len, "%s: %llu pages (%s)", name, (unsigned long long)param_u64(m, p), size);
			return;
		}
		snprintf(buf, len, "%s%llu pages (%s)", tag, (unsigned long long)param_u64(m, p), size);
		return;
	case PT_COUNT:
		snprintf(buf, len, "%s%llu", tag, (unsigned long long)param_u64(m, p));
		return;
	default:
		param_format(m, p, buf, len);
		return;
	}
}

void param_reset(struct machine *m, const struct param *p)
{
	char err[160];

	/* defaults are typed like user input so one parser serves both; a bad one is a bug the tests catch */
	(void)param_set(m, p, p->def, err, sizeof(err));
}

/*
 * A machine that cannot exist is refused, where the user set both values: a
 * value left auto follows the machine and always fits (halving cpus to 1 must
 * keep working). One line, naming both values and the way out.
 */
int machine_check(const struct machine *m, char *err, size_t errlen)
{
	uint64_t ram_pages = m->ram / m->pagesize, totalram = machine_totalram(m);

	if (m->totalram && m->totalram > ram_pages)
		return err_set(err, errlen, "totalram: %llu pages is more than ram holds (%llu pages of %llu bytes): "
			       "raise ram, lower totalram, or set totalram auto",
			       (unsigned long long)m->totalram, (unsigned long long)ram_pages,
			       (unsigned long long)m->pagesize);
	if (!m->zone && m->nodes > totalram) /* a node of no page: the auto zone would be 0 pages, which set zone refuses */
		return err_set(err, errlen, "nodes: %llu nodes is more than totalram (%llu pages), so a node would hold no "
			       "page and the auto zone 0 pages: lower nodes, raise ram, or set zone",
			       (unsigned long long)m->nodes, (unsigned long long)totalram);
	if (m->zone & ZONE_NAMED) {
		char name[32];

		zone_name_format(m->zone, name, sizeof(name));
		if (!machine_zone(m))
			return err_set(err, errlen, "zone %s: no such zone with managed pages on this machine's layout "
				       "(show zones lists them)", name);
	} else if (m->zone && m->zone > totalram)
		return err_set(err, errlen, "zone: %llu pages is more than totalram (%llu pages), which holds every zone: "
			       "lower zone, or set zone auto", (unsigned long long)m->zone, (unsigned long long)totalram);
	if (m->node_cpus != MACHINE_AUTO && m->node_cpus > m->cpus)
		return err_set(err, errlen, "node_cpus: %llu CPUs is more than cpus (%llu): lower node_cpus, or set node_cpus auto",
			       (unsigned long long)m->node_cpus, (unsigned long long)m->cpus);
	if (m->zone_min && m->zone_min > machine_zone(m))
		return err_set(err, errlen, "zone_min: %llu pages is more than the zone (%llu pages): lower zone_min, or set "
			       "zone_min auto", (unsigned long long)m->zone_min, (unsigned long long)machine_zone(m));
	if (m->percpu_pagelist_high_fraction && m->percpu_pagelist_high_fraction < 8)
		return err_set(err, errlen, "pagelist_high_fraction: %llu is refused by vm.percpu_pagelist_high_fraction's handler "
			       "(0, or MIN_PERCPU_PAGELIST_HIGH_FRACTION 8 and more)",
			       (unsigned long long)m->percpu_pagelist_high_fraction);
	if (m->sockets && m->sockets > m->cpus)
		return err_set(err, errlen, "sockets: %llu packages is more than cpus (%llu): a package holds at least one CPU; "
			       "lower sockets, or set sockets auto", (unsigned long long)m->sockets,
			       (unsigned long long)m->cpus);
	return 0;
}

void machine_param_defaults(struct machine *m)
{
	memset(m, 0, offsetof(struct machine, set)); /* the set, and with it the variants, stays */
	m->pagesize = 4096; /* sizes typed in pages need a page size before pagesize itself is reset */
	for (size_t i = 0; i < nparams; i++)
		param_reset(m, &params[i]);
}

void machine_defaults(struct machine *m)
{
	memset(m, 0, sizeof(*m));
	machine_param_defaults(m);
}
