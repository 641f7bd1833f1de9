/*
 * `host check`: the kernel's figures from /proc/zoneinfo, /proc/meminfo and
 * the min_free_kbytes sysctl against batchlab's for the same machine, one
 * row per value: node, zone, CPU, the value's name, batchlab's, the
 * kernel's, the result and the function computing it.
 */
#include "hostcheck.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/mm/zonelayout.h"
#include "../core/mm/release.h"
#include "../core/mm/zone.h"
#include "out/escape.h"
#include "out/records.h"
#include "interrupt.h"
#include "walk.h"

#define F_WMARK "__setup_per_zone_wmarks(), mm/page_alloc.c"
#define F_PROT "setup_per_zone_lowmem_reserve(), mm/page_alloc.c"
#define F_BATCH "zone_batchsize() via zone_set_pageset_high_and_batch(), mm/page_alloc.c"
#define F_HIGH "zone_highsize() via zone_set_pageset_high_and_batch(), mm/page_alloc.c"
#define F_THRESH "calculate_normal_threshold() via refresh_zone_stat_thresholds(), mm/vmstat.c"

struct tally {
	int ok, bad, live, none;
	char caveat[REC_CAVEAT_MAX]; /* release_caveat(): an enterprise kernel's, else "" */
	struct records rec;
	struct session *s;
	struct strbuf *out;
};

static void row(struct tally *t, const struct zoneinfo_zone *z, const char *cpu, const char *name, const char *mine,
		const char *kernel, const char *result, const char *fn)
{
	char zname[sizeof(z->name) * 4 + 1], node[16];

	snprintf(node, sizeof(node), "%d", z ? z->node : -1);
	if (t->s->format != FMT_TABLE) {
		if (z)
			rec_num(&t->rec, node);
		else
			rec_str(&t->rec, "-");
		rec_str(&t->rec, z ? z->name : "-");
		rec_str(&t->rec, cpu);
		rec_str(&t->rec, name);
		rec_str(&t->rec, mine);
		rec_str(&t->rec, kernel);
		rec_str(&t->rec, result);
		rec_str(&t->rec, fn);
		rec_end_row(&t->rec);
		return;
	}
	escape_buf(z ? z->name : "-", zname, sizeof(zname));
	sb_printf(t->out, "%4s %-8s %4s %-16s %12s %12s  %s%s%s\n", z ? node : "-", zname, cpu, name, mine, kernel, result,
		  strncmp(result, "ok", 2) && *fn ? "  " : "", strncmp(result, "ok", 2) ? fn : "");
}

/* a computed value beside the kernel's: ok, or MISMATCH with the function */
static void value(struct tally *t, const struct zoneinfo_zone *z, const char *cpu, const char *name, uint64_t mine,
		  uint64_t kernel, const char *fn)
{
	char a[32], b[32];

	snprintf(a, sizeof(a), "%llu", (unsigned long long)mine);
	snprintf(b, sizeof(b), "%llu", (unsigned long long)kernel);
	if (mine == kernel)
		t->ok++;
	else
		t->bad++;
	if (mine != kernel && *t->caveat) { /* an enterprise kernel's backports may be why */
		char why[400];

		snprintf(why, sizeof(why), "%s; batchlab's figure %s", fn, t->caveat);
		row(t, z, cpu, name, a, b, "MISMATCH", why);
		return;
	}
	row(t, z, cpu, name, a, b, mine == kernel ? "ok" : "MISMATCH", fn);
}

/* the watermarks, boost and protection of one zone */
static void zone_values(struct tally *t, const struct zoneinfo_zone *z, const struct zone_fig *f)
{
	char b[32], nm[24];

	if (z->has_wmarks & 1)
		value(t, z, "-", "min", f->min, z->wmark_min, F_WMARK);
	if (z->has_wmarks & 2)
		value(t, z, "-", "low", f->low, z->wmark_low, F_WMARK);
	if (z->has_wmarks & 4)
		value(t, z, "-", "high", f->high, z->wmark_high, F_WMARK);
	if (z->has_wmarks & 8)
		value(t, z, "-", "promo", f->promo, z->wmark_promo, F_WMARK);
	if (z->has_wmarks & 16) {
		snprintf(b, sizeof(b), "%llu", (unsigned long long)z->boost);
		t->live++;
		row(t, z, "-", "boost", "0 at setup", b, z->boost ? "live: raised by boost_watermark() after a fallback, decays"
			: "ok (live, 0 as set up)", "boost_watermark(), mm/page_alloc.c");
	}
	for (int j = 0; j < z->nprotection; j++) {
		snprintf(nm, sizeof(nm), "protection[%d]", j);
		value(t, z, "-", nm, j < LAYOUT_TYPES_MAX ? f->protection[j] : 0, z->protection[j], F_PROT);
	}
}

/* one CPU's pageset of a zone */
static void cpu_values(struct tally *t, const struct zoneinfo_zone *z, const struct zoneinfo_cpu *c,
		       const struct zone_fig *f, uint64_t pressure)
{
	char cpu[16], a[48], b[32];

	snprintf(cpu, sizeof(cpu), "%llu", (unsigned long long)c->cpu);
	if (c->has & 2)
		value(t, z, cpu, "batch", f->batch, c->batch, F_BATCH);
	if (c->has & 4)
		value(t, z, cpu, "high_min", f->high_min, c->high_min, F_HIGH);
	if (c->has & 8)
		value(t, z, cpu, "high_max", f->high_max, c->high_max, F_HIGH);
	if ((c->has & 1) && (c->has & 12) == 12) {
		/* 6.7 on: pcp->high floats between high_min and high_max (decay_pcp_high(), nr_pcp_alloc()) */
		int in = c->high >= f->high_min && c->high <= f->high_max;

		snprintf(a, sizeof(a), "%llu..%llu", (unsigned long long)f->high_min, (unsigned long long)f->high_max);
		snprintf(b, sizeof(b), "%llu", (unsigned long long)c->high);
		if (in || !c->high)
			t->live++;
		else
			t->bad++;
		row(t, z, cpu, "high", a, b, in ? "ok (live, within high_min..high_max)" : !c->high ?
		    "ok (live 0: not tuned since boot; 6.18 shows it on an unused zone)" : "MISMATCH", F_HIGH);
	} else if (c->has & 1) {
		value(t, z, cpu, "high", f->high_min, c->high, F_HIGH);
	}
	if (c->has & 16) {
		if (c->threshold != f->threshold && c->threshold == pressure) {
			snprintf(a, sizeof(a), "%llu", (unsigned long long)f->threshold);
			snprintf(b, sizeof(b), "%llu", (unsigned long long)c->threshold);
			t->live++;
			row(t, z, cpu, "threshold", a, b, "ok (kswapd: calculate_pressure_threshold())", F_THRESH);
		} else {
			value(t, z, cpu, "threshold", f->threshold, c->threshold, F_THRESH);
		}
	}
	if (c->has & 32) {
		snprintf(b, sizeof(b), "%llu", (unsigned long long)c->count);
		t->none++;
		row(t, z, cpu, "count", "-", b, "not computed: pages on the list now (workload)", "");
	}
}

static void head(struct tally *t, const struct machine *host)
{
	static const char *const heads[] = { "node", "zone", "cpu", "value", "batchlab", "kernel", "result", "function",
					     NULL };

	if (t->s->format != FMT_TABLE) {
		rec_caveat_next(&t->s->doc, t->caveat); /* every figure of batchlab's here, as the table's line says */
		rec_begin(&t->rec, &t->s->doc, t->s->format, heads, NULL, 0, t->out);
		return;
	}
	sb_printf(t->out, "host check: every value /proc/zoneinfo and /proc/meminfo show that\n"
		  "  batchlab computes, for %s with %llu online CPUs and %llu-byte pages\n", release_names[host->kernel],
		  (unsigned long long)host->cpus, (unsigned long long)host->pagesize);
	sb_printf(t->out, "%4s %-8s %4s %-16s %12s %12s  %s\n", "node", "zone", "cpu", "value", "batchlab", "kernel",
		  "result");
}

/* min_free_kbytes (batchlab's default for the layout) and CommitLimit (vm_commit_limit(), mm/util.c) */
static void machine_values(struct tally *t, const struct machine *host, const struct host_tunables *tu)
{
	struct machine k;
	uint64_t shift = machine_page_shift(host) - 10, total = machine_totalram(host), limit;

	k = *host;
	k.min_free_kbytes = 0;
	if (tu->has_mfk)
		value(t, NULL, "-", "min_free_kbytes", machine_min_free_kbytes(&k), tu->min_free_kbytes,
		      "calculate_min_free_kbytes(), mm/page_alloc.c; set_recommended_min_free_kbytes(), mm/khugepaged.c");
	if (tu->has_commit) {
		limit = tu->has_okb && tu->overcommit_kbytes ? tu->overcommit_kbytes >> shift
							      : total * host->overcommit_ratio / 100;
		limit += host->swap / host->pagesize;
		value(t, NULL, "-", "CommitLimit kB", limit << shift, tu->commit_limit_kb,
		      "vm_commit_limit(), mm/util.c (hugetlb pages not subtracted)");
	}
}

/* One zone's rows: its figures, then each of its CPUs'. */
struct zone_walk {
	struct tally *t;
	const struct machine *host;
	const struct zone_layout *L;
	const struct host_zones *hz;
	int i;      /* the zone */
	size_t c;   /* its first CPU row in hz->cpus; past its last afterwards */
};

static void zone_rows(void *ctx)
{
	struct zone_walk *zw = ctx;
	const struct zoneinfo_zone *z = &zw->hz->zones[zw->i];
	struct zone_fig f;
	uint64_t gap = z->wmark_low > z->wmark_min ? z->wmark_low - z->wmark_min : 0, pressure;
	const struct machine *host = zw->host;

	layout_zone_fig(host, zw->L, (uint32_t)zw->i, &f);
	/* calculate_pressure_threshold(), mm/vmstat.c: what kswapd sets while it reclaims the node */
	pressure = gap / host->cpus < 1 ? 1 : gap / host->cpus > 125 ? 125 : gap / host->cpus;
	zone_values(zw->t, z, &f);
	for (; zw->c < zw->hz->ncpus && zw->hz->cpus[zw->c].zone == zw->i; zw->c++)
		cpu_values(zw->t, z, &zw->hz->cpus[zw->c], &f, pressure);
	zw->t->none++;
	row(zw->t, z, "-", "counters", "-", "-", "not computed: pages free, nr_*, numa_* (the workload's state)", "");
}

/*
 * The zones as a walk: the first one's rows timed as they are made, over its
 * CPUs and itself, times every zone's and CPU's - the estimate; over a
 * minute refused without --long (the rows so far dropped), a progress line
 * counting zones past two seconds, Ctrl-C after a whole zone.
 */
static int zones_walk(struct zone_walk *zw, int nzones, const struct walk_how *how, char *err, size_t errlen)
{
	struct walk_run run;
	struct walk_estimate est = { 0, 0, 0, NULL, 0 };
	size_t first = zw->c;
	double t0 = walk_time(zone_rows, zw);
	double rows = (double)nzones + (double)(zw->hz->ncpus - first), done0 = 1 + (double)(zw->c - first);
	int rc;

	est.total = t0 / done0 * rows;
	est.solves = (uint64_t)nzones;
	est.per = est.total / nzones;
	if ((rc = walk_units_begin(&run, "host check", "zones", (uint64_t)nzones, &est, how, err, errlen)))
		return rc;
	walk_step(&run.w, 1);
	for (zw->i = 1; zw->i < nzones && !interrupt_seen(); zw->i++) {
		zone_rows(zw);
		walk_step(&run.w, (uint64_t)zw->i + 1);
	}
	if (walk_run_end(&run))
		return err_set(err, errlen, "host check: interrupted after %d of %d zones; nothing written", zw->i, nzones);
	return 0;
}

int host_check_values(struct session *s, const struct machine *host, const struct host_zones *hz,
		      const struct host_tunables *tu, const struct walk_how *how, struct strbuf *out, char *err,
		      size_t errlen)
{
	const struct zone_layout *L = machine_layout(host);
	struct tally t = { .s = s, .out = out };
	struct zone_walk zw = { &t, host, L, hz, 0, 0 };
	size_t from = out->len;
	int populated = 0, nzones, rc;

	for (int i = 0; i < hz->n; i++)
		populated += hz->zones[i].managed > 0;
	if (!L)
		return err_set(err, errlen, "host check: the zones could not be loaded from /proc/zoneinfo");
	if (!populated)
		return err_set(err, errlen, "host check: /proc/zoneinfo: read, but no zone has managed pages");
	release_caveat(host, t.caveat, sizeof(t.caveat));
	head(&t, host);
	if (*t.caveat && s->format == FMT_TABLE)
		sb_printf(out, "  every figure batchlab gives here: %s\n", t.caveat);
	machine_values(&t, host, tu);
	nzones = hz->n < (int)L->nzones ? hz->n : (int)L->nzones;
	if (nzones > 0 && (rc = zones_walk(&zw, nzones, how, err, errlen))) {
		if (s->format != FMT_TABLE)
			rec_end(&t.rec);
		out->len = from; /* nothing half written: a file named keeps what it held */
		if (out->buf)
			out->buf[from] = '\0';
		s->ask_long = rc == -3 && !how->long_ok;
		return rc;
	}
	if (s->format != FMT_TABLE)
		rec_end(&t.rec);
	else
		sb_printf(out, "%d values computed: %d ok, %d differ; %d live values within their bounds; %d shown and not "
			  "computed\n", t.ok + t.bad, t.ok, t.bad, t.live, t.none);
	if (t.bad)
		session_note(s, out, "note: the kernel sets these when CPUs or memory come and go, and lowers a zone's\n"
			     "  threshold while kswapd runs (calculate_pressure_threshold): a figure can lag the\n"
			     "  live managed count, or differ between CPUs, for a while\n");
	if (t.bad)
		return err_set(err, errlen, "host check: %d of %d computed values differ from the kernel", t.bad, t.ok + t.bad);
	return 0;
}
