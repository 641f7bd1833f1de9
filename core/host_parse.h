/*
 * What batchlab reads of a running Linux, parsed from text the caller has
 * read (core does no I/O): CPU lists, /proc/meminfo, the overcommit sysctl and
 * /proc/zoneinfo; and the check of the vmstat model against the kernel's own
 * per-zone figures.
 */
#ifndef BL_HOST_PARSE_H
#define BL_HOST_PARSE_H

#include <stddef.h>
#include <stdint.h>

/* "0-3,5\n" (the sysfs cpulist format): how many CPUs it names. */
int parse_cpu_list(const char *text, uint64_t *count, char *err, size_t errlen);
/* One "Field:   NNN kB" line of /proc/meminfo, in kB. */
int parse_meminfo_kb(const char *text, const char *field, uint64_t *kb, char *err, size_t errlen);
/* /proc/sys/vm/overcommit_memory: 0, 1 or 2. */
int parse_overcommit(const char *text, uint64_t *mode, char *err, size_t errlen);

/* One zone of /proc/zoneinfo, with what the kernel computed for it. */
struct zoneinfo_zone {
	int node;
	char name[16];
	uint64_t present, managed;
	uint64_t wmark_min, wmark_low; /* min_wmark_pages(), low_wmark_pages() */
	int has_wmarks;         /* bits: 1 min, 2 low, 4 high, 8 promo, 16 boost, 32 spanned */
	uint64_t wmark_high, wmark_promo, boost, spanned;
	uint64_t protection[8]; /* lowmem_reserve[], one per zone type */
	int nprotection;
	int has_managed;        /* kernels before 3.8 print no "managed" */
	int has_pcp;            /* a pageset with "batch" and a "vm stats threshold" was printed */
	uint64_t batch;         /* pcp batch of the first CPU listed */
	uint64_t threshold;     /* vm stats threshold of the first CPU listed */
	int uniform;            /* every CPU showed the same batch and threshold */
};

/* One CPU's pageset of one zone: what zoneinfo_show_print() prints under "cpu: N". */
struct zoneinfo_cpu {
	int zone;               /* index into the zones array */
	uint64_t cpu, count, high, batch, high_min, high_max, threshold;
	int has;                /* bits: 1 high, 2 batch, 4 high_min, 8 high_max, 16 threshold, 32 count */
};

/*
 * zoneinfo_parse, and each CPU's pageset of each zone into cpus (at most
 * maxcpus; more is an error naming the line), their number in *ncpus.
 */
int zoneinfo_parse_cpus(const char *text, struct zoneinfo_zone *zones, int max, struct zoneinfo_cpu *cpus,
			size_t maxcpus, size_t *ncpus, char *err, size_t errlen);
/* "256\t256\t32\t0\t0" (vm.lowmem_reserve_ratio): up to max numbers; how many, or -1 with err. */
int parse_numbers(const char *text, uint64_t *v, int max, char *err, size_t errlen);

/*
 * Every zone of a /proc/zoneinfo text, in order; returns how many (at most
 * max), or -1 with err naming the line when the text is not a zoneinfo.
 */
int zoneinfo_parse(const char *text, struct zoneinfo_zone *zones, int max, char *err, size_t errlen);

/* batchlab's vmstat model for one zone, beside the kernel's. */
struct zone_check {
	uint64_t threshold, batch; /* batchlab: calculate_normal_threshold(), zone_batchsize() */
	int threshold_ok, batch_ok;
	/*
	 * The kernel showed calculate_pressure_threshold() instead: kswapd lowers
	 * the thresholds of a node it is reclaiming for, until it sleeps again.
	 */
	uint64_t pressure_threshold;
	int under_pressure;
};

/*
 * Evaluate vmstat.threshold and vmstat.pcp_batch for a machine of `cpus`
 * online CPUs and `pagesize` pages whose zone has z->managed pages, and
 * compare them with the kernel's. -1 with err if the inputs are not a machine
 * batchlab accepts (or the zone has no managed pages).
 */
int zone_check(const struct zoneinfo_zone *z, uint64_t cpus, uint64_t pagesize, struct zone_check *out, char *err,
	       size_t errlen);

#endif
