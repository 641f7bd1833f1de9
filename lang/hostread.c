/*
 * Reading a machine's /proc and /sys under a root (the running one, a saved
 * folder, BATCHLAB_SYSROOT) for `host`, `host check` and `host save`: the
 * files, the zones and pagesets of /proc/zoneinfo, the vm sysctls, each
 * node's CPUs, and the layout built from them (core/mm/zonelayout.h).
 */
#include "hostread.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/err.h"
#include "infile.h"

#define ZONES_MAX 4096
#define PAGESETS_MAX (1u << 20)

static const char *root_dir;

void host_set_root(const char *dir)
{
	root_dir = dir;
}

const char *host_root(void)
{
	const char *env = getenv("BATCHLAB_SYSROOT");

	return root_dir ? root_dir : env ? env : "";
}

/* /proc/zoneinfo grows with CPUs x zones: a 1024-CPU, 8-node box is a few MiB */
#define PROC_FILE_MAX (32u << 20)

static void sys_path(const char *path, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", host_root(), path);
}

/* A whole /proc or /sys file (their sizes read as 0, so read until EOF). */
char *host_read_file(const char *path, char *why, size_t whylen)
{
	char full[PATH_MAX], perr[PATH_MAX + 128];
	FILE *f;
	int fd;
	char *buf = NULL;
	size_t len = 0, cap = 0;

	sys_path(path, full, sizeof(full));
	/* opened without blocking and checked: a FIFO or device here would hang a read (infile.c) */
	fd = infile_open(full, 1, perr, sizeof(perr));
	if (fd < 0 || !(f = fdopen(fd, "r"))) {
		if (fd >= 0)
			close(fd);
		/* the message names the path as /proc or /sys has it, not the test root before it */
		snprintf(why, whylen, "%s%s", path, fd >= 0 ? ": cannot read" : perr + strlen(full));
		return NULL;
	}
	for (;;) {
		size_t n;

		if (cap - len < 4096) {
			char *nb;

			cap = cap ? cap * 2 : 16384;
			if (cap > PROC_FILE_MAX + 1 || !(nb = realloc(buf, cap))) {
				snprintf(why, whylen, "%s: too large", path);
				goto fail;
			}
			buf = nb;
		}
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		snprintf(why, whylen, "%s: read error", path);
		goto fail;
	}
	fclose(f);
	buf[len] = '\0';
	if (strlen(buf) != len) {
		snprintf(why, whylen, "%s: read, but not valid: binary data, not text", path);
		free(buf);
		return NULL;
	}
	return buf;
fail:
	fclose(f);
	free(buf);
	return NULL;
}


uint64_t host_page_size(void)
{
	char why[200], *text;
	long n;

	if (*host_root() && (text = host_read_file("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size", why, sizeof(why)))) {
		unsigned long long pmd = strtoull(text, NULL, 10);

		free(text);
		/* a PMD maps PAGE_SIZE / 8 pages: PAGE_SIZE = sqrt(8 * PMD) */
		for (uint64_t pg = 4096; pg <= 65536; pg <<= 1)
			if (pg * pg / 8 == pmd)
				return pg;
	}
	n = sysconf(_SC_PAGESIZE);
	return n > 0 ? (uint64_t)n : 0;
}

int host_zones_load(struct host_zones *hz, char *err, size_t errlen)
{
	char why[200], *text;
	int n;

	memset(hz, 0, sizeof(*hz));
	why[0] = '\0';
	text = host_read_file("/proc/zoneinfo", why, sizeof(why));
	if (!text)
		return err_set(err, errlen, "host: cannot read %s", why);
	hz->zones = calloc(ZONES_MAX, sizeof(*hz->zones));
	hz->cpus = calloc(PAGESETS_MAX, sizeof(*hz->cpus));
	if (!hz->zones || !hz->cpus) {
		free(text);
		host_zones_free(hz);
		return err_set(err, errlen, "host: out of memory");
	}
	n = zoneinfo_parse_cpus(text, hz->zones, ZONES_MAX, hz->cpus, PAGESETS_MAX, &hz->ncpus, why, sizeof(why));
	free(text);
	if (n < 0) {
		host_zones_free(hz);
		return err_set(err, errlen, "host: /proc/zoneinfo: read, but not valid zoneinfo: %s", why);
	}
	hz->n = n;
	return 0;
}

void host_zones_free(struct host_zones *hz)
{
	free(hz->zones);
	free(hz->cpus);
	hz->zones = NULL;
	hz->cpus = NULL;
}

/* One number from a sysctl file: 1 if read. */
static int read_u64(const char *path, uint64_t *v)
{
	char why[200], *text = host_read_file(path, why, sizeof(why)), *end;
	unsigned long long n;

	if (!text)
		return 0;
	n = strtoull(text, &end, 10);
	if (end == text || (*end && *end != '\n')) {
		free(text);
		return 0;
	}
	free(text);
	*v = n;
	return 1;
}

void host_tunables_read(struct host_tunables *t)
{
	char why[200], perr[128], *text;

	memset(t, 0, sizeof(*t));
	t->has_mfk = read_u64("/proc/sys/vm/min_free_kbytes", &t->min_free_kbytes);
	t->has_wsf = read_u64("/proc/sys/vm/watermark_scale_factor", &t->watermark_scale_factor);
	t->has_phf = read_u64("/proc/sys/vm/percpu_pagelist_high_fraction", &t->percpu_pagelist_high_fraction);
	t->has_okb = read_u64("/proc/sys/vm/overcommit_kbytes", &t->overcommit_kbytes);
	if (!read_u64("/proc/sys/vm/overcommit_ratio", &t->overcommit_ratio))
		t->overcommit_ratio = 50;
	if ((text = host_read_file("/proc/sys/vm/lowmem_reserve_ratio", why, sizeof(why)))) {
		int n = parse_numbers(text, t->ratio, LAYOUT_TYPES_MAX, perr, sizeof(perr));

		t->has_ratio = n > 0;
		t->nratio = n > 0 ? n : 0;
		free(text);
	}
	t->thp = -1;
	if ((text = host_read_file("/sys/kernel/mm/transparent_hugepage/enabled", why, sizeof(why)))) {
		t->thp = !strstr(text, "[never]");
		free(text);
	}
	if ((text = host_read_file("/proc/meminfo", why, sizeof(why)))) {
		t->has_swap = !parse_meminfo_kb(text, "SwapTotal", &t->swap_kb, perr, sizeof(perr));
		t->has_commit = !parse_meminfo_kb(text, "CommitLimit", &t->commit_limit_kb, perr, sizeof(perr));
		free(text);
	}
	if ((text = host_read_file("/sys/devices/system/cpu/online", why, sizeof(why)))) {
		t->has_online = !parse_cpu_list(text, &t->online, perr, sizeof(perr));
		free(text);
	}
}

/* nodeN's CPUs from its cpulist (an empty list is a CPU-less node); -1 if unreadable */
static int64_t node_cpu_count(uint32_t node)
{
	char path[96], why[200], perr[128], *text;
	uint64_t n = 0;
	const char *p;

	snprintf(path, sizeof(path), "/sys/devices/system/node/node%u/cpulist", node);
	if (!(text = host_read_file(path, why, sizeof(why))))
		return -1;
	for (p = text; *p == ' ' || *p == '\n'; p++)
		;
	if (*p && parse_cpu_list(text, &n, perr, sizeof(perr))) {
		free(text);
		return -1;
	}
	free(text);
	return (int64_t)n;
}

/* the zones of hz as layout zones, each with its index in its node */
static int layout_zones(const struct host_zones *hz, struct zone_layout *L, char *err, size_t errlen)
{
	uint32_t nprot = 0;

	for (int i = 0; i < hz->n; i++) {
		const struct zoneinfo_zone *q = &hz->zones[i];
		struct layout_zone *z;
		uint8_t idx = 0;

		if (q->node >= LAYOUT_NODES_MAX)
			return err_set(err, errlen, "host: /proc/zoneinfo: node %d past the %d batchlab holds", q->node,
				       LAYOUT_NODES_MAX);
		for (int j = 0; j < i; j++)
			idx += hz->zones[j].node == q->node;
		z = &L->zones[L->nzones++];
		memset(z, 0, sizeof(*z));
		z->node = (uint32_t)q->node;
		z->idx = idx;
		z->kind = (uint8_t)zone_kind_of(q->name);
		snprintf(z->name, sizeof(z->name), "%s", q->name);
		z->spanned = q->spanned;
		z->present = q->present;
		z->managed = q->managed;
		if ((uint32_t)q->node + 1 > L->nnodes)
			L->nnodes = (uint32_t)q->node + 1;
		if ((uint32_t)q->nprotection > nprot)
			nprot = (uint32_t)q->nprotection;
	}
	L->ntypes = nprot ? nprot : 1;
	return 0;
}

int host_layout_build(const struct host_zones *hz, const struct host_tunables *t, uint64_t cpus, struct zone_layout *L,
		      char *err, size_t errlen)
{
	memset(L, 0, offsetof(struct zone_layout, zones));
	if (layout_zones(hz, L, err, errlen))
		return -1;
	for (uint32_t n = 0; n < L->nnodes; n++) {
		int64_t c = node_cpu_count(n);

		if (c < 0 && L->nnodes > 1)
			return err_set(err, errlen, "host: /sys/devices/system/node/node%u/cpulist: cannot read, and "
				       "there is more than one node", n);
		L->node_cpus[n] = (uint32_t)(c < 0 ? cpus : (uint64_t)c);
	}
	layout_ratio_defaults(L->ratio);
	for (int j = 0; t->has_ratio && j < LAYOUT_TYPES_MAX; j++)
		L->ratio[j] = j < t->nratio ? t->ratio[j] : 0;
	if (layout_check(L, err, errlen)) {
		char why[200];

		snprintf(why, sizeof(why), "%s", err);
		return err_set(err, errlen, "host: /proc/zoneinfo: %s", why);
	}
	return 0;
}

const char *const host_saved_files[] = {
	"/proc/zoneinfo", "/proc/meminfo", "/proc/pagetypeinfo", "/proc/version", "/proc/version_signature",
	"/proc/sys/kernel/osrelease", "/proc/sys/kernel/version",
	"/proc/sys/vm/min_free_kbytes", "/proc/sys/vm/watermark_scale_factor",
	"/proc/sys/vm/percpu_pagelist_high_fraction", "/proc/sys/vm/lowmem_reserve_ratio",
	"/proc/sys/vm/overcommit_memory", "/proc/sys/vm/overcommit_ratio", "/proc/sys/vm/overcommit_kbytes",
	"/sys/devices/system/cpu/online", "/sys/devices/system/cpu/present",
	"/sys/devices/system/node/online", "/sys/devices/system/node/has_cpu", "/sys/devices/system/node/has_memory",
	"/sys/kernel/mm/transparent_hugepage/enabled", "/sys/kernel/mm/transparent_hugepage/hpage_pmd_size",
	NULL,
};
