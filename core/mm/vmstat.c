/*
 * Context, not a patch: the vmstat per-CPU thresholds and the pcp list batch,
 * the kernel's existing machine-size scaling that seed 004 copies. A running
 * kernel shows both in /proc/zoneinfo, which makes them batchlab's ground truth.
 */
#include "../patch.h"

#include "kernel.h"
#include "release.h"
#include "vmstat.h"

/*
 * calculate_normal_threshold(), mm/vmstat.c. Its `int mem` holds the shifted
 * zone size: past 2^31 units of 128 MiB the conversion wraps (gcc keeps the
 * low 32 bits), and fls(), which takes an unsigned int, sees those bits.
 */
static struct value threshold(METRIC_ARGS(m, side, why))
{
	uint64_t zone = machine_zone(m), shifted = zone >> (27 - machine_page_shift(m));
	int32_t mem = (int32_t)(uint32_t)shifted;
	unsigned int fc = fls32(m->cpus), fm = fls32((uint32_t)mem);
	uint64_t t = 2ull * fc * (1 + fm);

	(void)side;
	sb_printf(why, "formula: threshold = min(125, 2 * fls(cpus) * (1 + fls(zone >> (27 - PAGE_SHIFT))))\n");
	sb_printf(why, "cpus = %llu, zone = %llu managed pages, PAGE_SHIFT = %u\n", (unsigned long long)m->cpus,
		  (unsigned long long)zone, machine_page_shift(m));
	sb_printf(why, "fls(%llu) = %u; %llu >> %u = %llu\n", (unsigned long long)m->cpus, fc, (unsigned long long)zone,
		  27 - machine_page_shift(m), (unsigned long long)shifted);
	if (shifted > INT32_MAX)
		sb_printf(why, "truncated: the kernel keeps it in int mem, which holds %d (%s); fls() takes an unsigned "
			       "int, so it sees %u - the kernel's own formula breaks past 256 PiB in one zone\n",
			  mem, trunc32(shifted) ? "the low 32 bits, as a signed int" : "wrapped negative",
			  (unsigned int)(uint32_t)mem);
	sb_printf(why, "1 + fls(%d) = %u\n", mem, 1 + fm);
	sb_printf(why, "2 * %u * %u = %llu; min(125, %llu) = %llu\n", fc, 1 + fm, (unsigned long long)t,
		  (unsigned long long)t, (unsigned long long)min_u64(125, t));
	machine_note_estimates(m, 1, why);
	sb_printf(why, "kernel: calculate_normal_threshold(), mm/vmstat.c (/proc/zoneinfo: vm stats threshold)\n");
	return val_int(min_u64(125, t));
}

/*
 * refresh_zone_stat_thresholds(): max_drift = num_online_cpus() * threshold,
 * the most a zone counter read without folding (zone_page_state()) can be off
 * - the same price of per-CPU batching that committed_as pays.
 */
/* max_drift from a threshold, and in bytes: written once, for the metrics' fn and for fn_row */
static uint64_t drift_of(const struct machine *m, uint64_t t)
{
	return t * m->cpus;
}

static uint64_t drift_bytes_of(const struct machine *m, uint64_t d)
{
	return mul_sat(d, m->pagesize);
}

static uint64_t drift(const struct machine *m, struct strbuf *why)
{
	uint64_t t = threshold(m, NULL, 0, why).i, d = drift_of(m, t);

	sb_printf(why, "formula: max_drift = num_online_cpus() * threshold = %llu * %llu = %llu pages\n",
		  (unsigned long long)m->cpus, (unsigned long long)t, (unsigned long long)d);
	sb_printf(why, "kernel: refresh_zone_stat_thresholds(), mm/vmstat.c (percpu_drift_mark is set when this exceeds "
		       "the low - min watermark gap); recomputed on CPU hotplug, unlike vmpressure_win\n");
	return d;
}

static struct value drift_pages(METRIC_ARGS(m, side, why))
{
	(void)side;
	return val_int(drift(m, why));
}

static struct value drift_bytes(METRIC_ARGS(m, side, why))
{
	uint64_t d = drift(m, why), bytes = drift_bytes_of(m, d);

	(void)side;
	sb_printf(why, "drift_bytes = %llu * PAGE_SIZE %llu = %llu\n", (unsigned long long)d,
		  (unsigned long long)m->pagesize, (unsigned long long)bytes);
	return val_int(bytes);
}

static struct value batch_on(const struct machine *m, const struct release_row *r, struct strbuf *why);

/* A row's mode: the cap on the zone's share in bytes, | BATCH_MIN_CODE where the share is taken in min() of unsigned longs */
#define BATCH_MIN_CODE 1u

static const struct release_row batch_rows[] = {
	{ "3.10", NULL, "batch = min(managed pages / 1024, 512 KiB in pages) / 4, to a power of two less one: "
	  "31 pages with 4K pages", "zone_batchsize(), mm/page_alloc.c",
	  "3.10.65 (the table's first release) caps at 512 KiB of zone->managed_pages; 4.14.5 and 4.16.13 the same",
	  batch_on, 512 * 1024 },
	{ "4.19", "d8a759b57035", "the cap doubled to 1 MiB: 63 pages with 4K pages", "zone_batchsize(), mm/page_alloc.c",
	  "4.16.13 caps at 512 KiB and 4.19.78 at 1 MiB (4.17 and 4.18 not read); the commit as later mails name it",
	  batch_on, 1024 * 1024 },
	{ "5.14", NULL, "the same cap, the share taken in min() of unsigned longs: before it `int batch = managed / 1024` "
	  "wraps on zones of 2^41 pages and more", "zone_batchsize(), mm/page_alloc.c",
	  "4.15.18 assigns zone->managed_pages / 1024 to an int, 5.14-rc5 min(zone_managed_pages(zone) >> 10, "
	  "SZ_1M / PAGE_SIZE) (read); 5.13 not read", batch_on, 1024 * 1024 | BATCH_MIN_CODE },
	{ .from = NULL },
};

static const struct release_history batch_history = {
	.constant = "zone_batchsize", .unit = "pages", .rows = batch_rows,
	.before_first = "batchlab's table starts at 3.10",
	.metric = "pcp_batch",
};

static struct value threshold_on(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	(void)r;
	return threshold(m, NULL, 0, why);
}

/* the formula never changed; what it reads did */
static const struct release_row threshold_rows[] = {
	{ "3.10", NULL, "threshold = min(125, 2 * fls(cpus) * (1 + fls(zone->managed_pages >> (27 - PAGE_SHIFT))))",
	  "calculate_normal_threshold(), mm/vmstat.c",
	  "3.10.65 (the table's first release) reads zone->managed_pages; 3.11.0 and 4.14.5 the same",
	  threshold_on, 0 },
	{ "5.0", "9705bea5f833", "the same formula reads zone_managed_pages(), an atomic counter: the same value",
	  "calculate_normal_threshold(), mm/vmstat.c",
	  "4.19.78 reads zone->managed_pages and 5.0.0 zone_managed_pages(); the commit as a backport shim names it",
	  threshold_on, 0 },
	{ .from = NULL },
};

static const struct release_history threshold_history = {
	.constant = "calculate_normal_threshold", .unit = "pages", .rows = threshold_rows,
	.before_first = "batchlab's table starts at 3.10",
	.metric = "threshold",
};

/*
 * zone_batchsize(), mm/page_alloc.c, for one zone of `managed` pages: the raw
 * value, 0 on small zones (the max(1, ...) is its callers'). Before 5.14 the
 * share is `int batch = managed / 1024`, compared as an unsigned long product
 * with PAGE_SIZE; from 5.14 min() of unsigned longs.
 */
uint64_t vmstat_batch_of(uint64_t managed, uint64_t pagesize, uint64_t cap_bytes, int min_code)
{
	int64_t b;

	if (min_code) {
		b = (int64_t)min_u64(managed >> 10, cap_bytes / pagesize);
	} else {
		b = (int32_t)(uint32_t)(managed / 1024);
		if ((uint64_t)b * pagesize > cap_bytes)
			b = (int64_t)(cap_bytes / pagesize);
	}
	b /= 4;
	if (b < 1)
		b = 1;
	return rounddown_pow_of_two((uint64_t)(b + b / 2)) - 1;
}

/* The cap and code a side runs: SIDE_KERNEL the release's row, VMSTAT_BATCH_INT 5.13's, else mainline's. */
static uint64_t batch_mode(const struct machine *m, int side)
{
	const struct release_row *row = side == SIDE_KERNEL ? release_row(m, &batch_history) : NULL;

	if (row)
		return row->mode;
	return side == VMSTAT_BATCH_INT ? 1024 * 1024 : 1024 * 1024 | BATCH_MIN_CODE;
}

uint64_t vmstat_zone_batch_raw(const struct machine *m, int side, struct strbuf *why)
{
	uint64_t mode = batch_mode(m, side), capb = mode & ~(uint64_t)BATCH_MIN_CODE, zone = machine_zone(m);
	uint64_t r = vmstat_batch_of(zone, m->pagesize, capb, (int)(mode & BATCH_MIN_CODE));
	const char *cap = capb == 1024 * 1024 ? "SZ_1M" : "512 KiB";

	if (mode & BATCH_MIN_CODE)
		sb_printf(why, "formula: b = min(zone >> 10, %s / PAGE_SIZE) / 4, at least 1;\n", cap);
	else
		sb_printf(why, "formula (before 5.14): int b = zone / 1024; if (b * PAGE_SIZE > %s) b = %s / PAGE_SIZE; "
			       "b /= 4, at least 1;\n", cap, cap);
	sb_printf(why, "         raw = rounddown_pow_of_two(b + b / 2) - 1\n");
	if (!(mode & BATCH_MIN_CODE) && zone / 1024 > INT32_MAX)
		sb_printf(why, "zone / 1024 = %llu is cut to the int %d\n", (unsigned long long)(zone / 1024),
			  (int)(int32_t)(uint32_t)(zone / 1024));
	sb_printf(why, "zone = %llu pages: raw = %llu\n", (unsigned long long)zone, (unsigned long long)r);
	return r;
}

/* zone_batchsize(), mm/page_alloc.c, and the max(1, ...) of zone_set_pageset_high_and_batch() */
static struct value pcp_batch(METRIC_ARGS(m, side, why))
{
	uint64_t r = vmstat_zone_batch_raw(m, side, why), batch = max_u64(1, r);

	sb_printf(why, "batch = max(1, %llu) = %llu\n", (unsigned long long)r, (unsigned long long)batch);
	sb_printf(why, "pcp->batch is the unit pcp lists move pages in: recent kernels refill batch << alloc_factor "
		       "pages at a time (nr_pcp_alloc()) and free at least batch (nr_pcp_free()), mm/page_alloc.c\n");
	machine_note_estimates(m, 1, why);
	sb_printf(why, "kernel: zone_batchsize(), mm/page_alloc.c (/proc/zoneinfo: batch)\n");
	return val_int(batch);
}

static struct value batch_on(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	struct machine k;

	/* the row's cap, whatever m's release */
	k = *m;
	k.kernel = (uint64_t)release_find(r->from);
	return pcp_batch(&k, NULL, SIDE_KERNEL, why);
}

/* drain_pages_zone(), mm/page_alloc.c: the pages freed under one hold of pcp->lock. mode: the shift, 0 none */
static struct value drain_on(const struct machine *m, const struct release_row *r, struct strbuf *why);

static const struct release_row drain_rows[] = {
	{ "3.10", NULL, "the whole list under one hold: drain_pages() frees pcp->count at once, IRQs off (a "
	  "drain_pages_zone() and pcp->lock came later, the lock in 6.0)", "drain_pages(), mm/page_alloc.c",
	  "3.10.65's drain_pages() frees pcp->count at once; 5.17-rc5, 6.1.20, 6.8.1 and 6.9.0 drain_pages_zone() "
	  "the same; struct per_cpu_pages has a lock in 6.0-rc1, none in 5.17-rc5", drain_on, 0 },
	{ "6.1.104", "55f77df7d715", "stable backport of 6.7's CONFIG_PCP_BATCH_SCALE_MAX and 6.10's cap (with "
	  "its 6.11 fix): at most pcp->batch << 5 pages per hold", "drain_pages_zone(), nr_pcp_free(), "
	  "mm/page_alloc.c", "the 6.1.104-rc1 review lists 52166607ecc9, 55f77df7d715 and 66eca1021a42; 6.1.20 "
	  "frees pcp->count at once (no 6.1.103 tree)", drain_on, 5 },
	{ "6.6.45", "55f77df7d715", "the same backport to 6.6: at most pcp->batch << 5 pages per hold",
	  "drain_pages_zone(), nr_pcp_free(), mm/page_alloc.c",
	  "the 6.6.45-rc1 review lists the same three; 6.6.63 caps per hold (no 6.6.44 tree)", drain_on, 5 },
	{ "6.7", "52166607ecc9", "CONFIG_PCP_BATCH_SCALE_MAX (mm/Kconfig, default 5, range 0-6) caps how far "
	  "nr_pcp_free() scales its batch; drain_pages_zone() still frees the whole list at once",
	  "nr_pcp_free(), drain_pages_zone(), mm/page_alloc.c",
	  "6.5.0 has no CONFIG_PCP_BATCH_SCALE_MAX; 6.8.1 has it and still drains pcp->count at once; no 6.6.0 or "
	  "6.7.0 tree: 6.7 is the merge window of its series", drain_on, 0 },
	{ "6.10", "55f77df7d715", "mainline's cap: at most pcp->batch << CONFIG_PCP_BATCH_SCALE_MAX pages per hold "
	  "of pcp->lock, the count read once before the loop", "drain_pages_zone(), mm/page_alloc.c",
	  "6.9.0 frees pcp->count at once and 6.10.0 at most batch << CONFIG_PCP_BATCH_SCALE_MAX per hold",
	  drain_on, 5 },
	{ "6.11", "66eca1021a42", "the same cap, pcp->count re-read under pcp->lock on every pass",
	  "drain_pages_zone(), mm/page_alloc.c",
	  "6.10.0 reads the count once before the loop and 6.12.0 under the lock; no 6.11 tree: 6.11 from the "
	  "commit's date (23 July 2024, its merge window)", drain_on, 5 },
	{ .from = NULL },
};

static const struct release_history drain_history = {
	.constant = "pcp drain per lock hold", .unit = "pages", .rows = drain_rows,
	.before_first = "batchlab's table starts at 3.10",
	.metric = "pcp_drain_max",
};

/* The pages one hold of pcp->lock frees: batch << CONFIG_PCP_BATCH_SCALE_MAX. */
static uint64_t drain_of(uint64_t batch, uint64_t shift)
{
	return batch << shift;
}

/* side: the batch of mainline's zone_batchsize() (0), or of the machine's release (SIDE_KERNEL) */
static struct value drain_shift(const struct machine *m, uint64_t shift, int side, struct strbuf *why)
{
	uint64_t b = pcp_batch(m, NULL, side, NULL).i, pages = drain_of(b, shift);

	if (!shift) {
		sb_printf(why, "drain_pages_zone() frees pcp->count at once: up to pcp->high, which batchlab does not model\n");
		return val_none("the whole pcp list at once (up to pcp->high, not modeled)");
	}
	sb_printf(why, "formula: pcp->batch << CONFIG_PCP_BATCH_SCALE_MAX = %llu << %llu = %llu pages per hold of pcp->lock\n",
		  (unsigned long long)b, (unsigned long long)shift, (unsigned long long)pages);
	sb_printf(why, "(CONFIG_PCP_BATCH_SCALE_MAX at its default 5, mm/Kconfig; a build may set 0-6)\n");
	sb_printf(why, "kernel: drain_pages_zone(), nr_pcp_free(), mm/page_alloc.c\n");
	return val_int(pages);
}

static struct value drain_on(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	struct machine k;

	k = *m;
	k.kernel = (uint64_t)release_find(r->from);
	return drain_shift(&k, r->mode, SIDE_KERNEL, why);
}

/*
 * The value column is current mainline's code, its batch included (the cap
 * of mainline's zone_batchsize(), whatever release the machine names); the
 * kernel side the release's row and the release's batch.
 */
static struct value pcp_drain_max(METRIC_ARGS(m, side, why))
{
	if (side == SIDE_KERNEL)
		return drain_shift(m, release_row(m, &drain_history)->mode, SIDE_KERNEL, why);
	return drain_shift(m, 5, 0, why);
}

/*
 * A sweep row's five figures from one threshold and one batch (vmstat_row),
 * and each alone (its fn_sides): the value column, mainline's code.
 */
enum { M_THRESHOLD, M_DRIFT_PAGES, M_DRIFT_BYTES, M_PCP_BATCH, M_PCP_DRAIN_MAX };

static void vmstat_row(const struct machine *m, struct value (*out)[PATCH_MAX_SIDES])
{
	uint64_t t = threshold(m, NULL, 0, NULL).i, d = drift_of(m, t), b = pcp_batch(m, NULL, 0, NULL).i;

	out[M_THRESHOLD][0] = val_int(t);
	out[M_DRIFT_PAGES][0] = val_int(d);
	out[M_DRIFT_BYTES][0] = val_int(drift_bytes_of(m, d));
	out[M_PCP_BATCH][0] = val_int(b);
	out[M_PCP_DRAIN_MAX][0] = val_int(drain_of(b, 5));
}

static void threshold_sides(const struct machine *m, struct value out[PATCH_MAX_SIDES])
{
	out[0] = threshold(m, NULL, 0, NULL);
}

static void drift_pages_sides(const struct machine *m, struct value out[PATCH_MAX_SIDES])
{
	out[0] = drift_pages(m, NULL, 0, NULL);
}

static void drift_bytes_sides(const struct machine *m, struct value out[PATCH_MAX_SIDES])
{
	out[0] = drift_bytes(m, NULL, 0, NULL);
}

static void pcp_batch_sides(const struct machine *m, struct value out[PATCH_MAX_SIDES])
{
	out[0] = pcp_batch(m, NULL, 0, NULL);
}

static void pcp_drain_max_sides(const struct machine *m, struct value out[PATCH_MAX_SIDES])
{
	out[0] = pcp_drain_max(m, NULL, 0, NULL);
}

static const struct metric_desc metrics[] = {
	[M_THRESHOLD] = { .name = "threshold", .unit = "pages", .kind = METRIC_EXACT,
	  .single = 1, .help = "per-CPU vmstat counter drift before folding", .fn = threshold, .fn_sides = threshold_sides,
	  .better = BETTER_NONE, .reads = "cpus ram pagesize totalram zone nodes" },
	[M_DRIFT_PAGES] = { .name = "drift_pages", .unit = "pages", .kind = METRIC_EXACT,
	  .single = 1, .help = "per-counter drift the thresholds allow across CPUs (cpus * threshold)", .fn = drift_pages, .fn_sides = drift_pages_sides,
	  .better = BETTER_LOWER, .reads = "cpus ram pagesize totalram zone nodes" },
	[M_DRIFT_BYTES] = { .name = "drift_bytes", .unit = "bytes", .kind = METRIC_EXACT,
	  .single = 1, .help = "drift_pages in bytes", .fn = drift_bytes, .fn_sides = drift_bytes_sides,
	  .better = BETTER_LOWER, .reads = "cpus ram pagesize totalram zone nodes" },
	[M_PCP_BATCH] = { .name = "pcp_batch", .unit = "pages", .kind = METRIC_EXACT,
	  .single = 1, .help = "pcp->batch, the unit per-CPU page lists are refilled and drained in", .fn = pcp_batch, .fn_sides = pcp_batch_sides,
	  .better = BETTER_NONE, .reads = "ram pagesize totalram zone nodes" },
	[M_PCP_DRAIN_MAX] = { .name = "pcp_drain_max", .unit = "pages", .kind = METRIC_EXACT,
	  .single = 1, .help = "pages a pcp list drain frees under one hold of pcp->lock (batch << CONFIG_PCP_BATCH_SCALE_MAX)",
	  .fn = pcp_drain_max, .fn_sides = pcp_drain_max_sides, .better = BETTER_LOWER, .reads = "ram pagesize totalram zone nodes" },
	{ .name = NULL },
};

static const char *const sides[] = { "value", NULL };

static const struct release_history *const histories[] = { &threshold_history, &batch_history, &drain_history, NULL };

/* Every commit a row above names, with its subject as git log prints it (checked in Fixes: lines and shortlogs). */
static const struct commit_subject subjects[] = {
	{ "52166607ecc9", "mm: restrict the pcp batch scale factor to avoid too long latency" },
	{ "55f77df7d715", "mm: page_alloc: control latency caused by zone PCP draining" },
	{ "66eca1021a42", "mm/page_alloc: fix pcp->count race between drain_pages_zone() vs __rmqueue_pcplist()" },
	{ "9705bea5f833", "mm: convert zone->managed_pages to atomic variable" },
	{ "d8a759b57035", "mm, page_alloc: double zone's batchsize" },
	{ NULL, NULL },
};

static const struct patch_kernel vmstat_kernel = {
	.subjects = subjects,
	.history = histories,
};

const struct patch_desc vmstat_patch = {
	.id = "vmstat",
	.title = "vmstat thresholds and pcp batch (context)",
	.seed = "-",
	.kernel = "mm/vmstat.c, mm/page_alloc.c",
	.sides = sides,
	.before = 0,
	.after = 0,
	.metrics = metrics,
	.fn_row = vmstat_row,
	.row_metrics = 1u << M_THRESHOLD | 1u << M_DRIFT_PAGES | 1u << M_DRIFT_BYTES | 1u << M_PCP_BATCH | 1u << M_PCP_DRAIN_MAX,
	.about =
		"Not a patch: the machine-size scaling the kernel already had. calculate_normal_threshold() "
		"lets each CPU's vmstat counters drift by up to 2 * fls(cpus) * (1 + fls(zone in 128 MiB "
		"units)) pages, at most 125, before folding them into the zone. zone_batchsize() takes "
		"min(0.1% of the zone, 1 MiB) in pages, divides it by 4 and rounds to a power of two minus "
		"one: at most 63 pages with 4K pages (3 with 64K). That pcp->batch is the unit the per-CPU "
		"page lists move pages in; recent kernels refill batch << alloc_factor pages at a time "
		"(nr_pcp_alloc()). Seed 004 borrows the first rule's fls() shape for vmpressure_win, but "
		"over totalram_pages() where calculate_normal_threshold() takes each zone's size. A "
		"running kernel prints both per zone in /proc/zoneinfo ('vm stats threshold', 'batch'), "
		"so batchlab can be checked live.\n",
	.published = "No seed: compare with /proc/zoneinfo on any Linux machine ('host check').\n",
	.headline = "threshold",
	.kernel_code = &vmstat_kernel,
};

struct value vmstat_normal_threshold(const struct machine *m, struct strbuf *why)
{
	return threshold(m, NULL, 0, why);
}

struct value vmstat_zone_batchsize(const struct machine *m, int side, struct strbuf *why)
{
	return pcp_batch(m, NULL, side, why);
}
