#include "cmd_host.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "../../core/err.h"
#include "../../core/host_parse.h"
#include "../../core/mm/distro.h"
#include "../../core/mm/release.h"
#include "../../core/params.h"
#include "../../core/units.h"
#include "../../core/mm/zonelayout.h"
#include "../../core/mm/zone.h"
#include "../out/escape.h"
#include "../infile.h"
#include "../hostcheck.h"
#include "../hostread.h"
#include "../walk.h"
#include "../out/records.h"

/* A CPU count from a sysfs cpulist, else from sysconf (which may itself count differently). */
static int read_cpus(const char *path, int sc, uint64_t *cpus, char *source, size_t slen, char *why, size_t whylen)
{
	char *text = host_read_file(path, why, whylen), perr[128];
	long n;

	if (text) {
		int bad = parse_cpu_list(text, cpus, perr, sizeof(perr));

		if (!bad) {
			char *nl = strchr(text, '\n');

			if (nl)
				*nl = '\0';
			snprintf(source, slen, "%s: %.40s", path, text);
			free(text);
			return 0;
		}
		snprintf(why, whylen, "%s: read, but not valid: %s", path, perr);
		free(text);
	}
	n = sysconf(sc);
	if (n < 1)
		return -1;
	*cpus = (uint64_t)n;
	/* what was wrong with the file - missing, or read and not a cpulist - not only that it failed */
	snprintf(source, slen, "sysconf(%s), as %.150s",
		 sc == _SC_NPROCESSORS_CONF ? "_SC_NPROCESSORS_CONF" : "_SC_NPROCESSORS_ONLN", *why ? why : path);
	return 0;
}

static uint64_t page_size(void)
{
	return host_page_size();
}

#define HOST_READINGS 13

struct reading {
	const char *key;
	char value[48];   /* as `set` would take it */
	char source[400]; /* where it came from, or why it could not be read */
	int ok;
};

/*
 * The text that says most of which upstream code runs: Ubuntu's
 * /proc/version_signature, a Debian uname -v (/proc/sys/kernel/version),
 * else uname -r. The caller frees it; file names where it came from.
 */
static char *kernel_text(const char **file, char *why, size_t whylen)
{
	static const char *const files[] = { "/proc/version_signature", "/proc/sys/kernel/version" };
	char *text;

	for (int i = 0; i < 2; i++)
		if ((text = host_read_file(files[i], why, whylen))) {
			text[strcspn(text, "\n")] = '\0';
			if (i == 0 || strstr(text, "Debian ")) {
				*file = files[i];
				return text;
			}
			free(text);
		}
	*file = "/proc/sys/kernel/osrelease";
	text = host_read_file(*file, why, whylen);
	if (text)
		text[strcspn(text, "\n")] = '\0';
	return text;
}

/* The running kernel's release, as `set kernel` reads it: its state's name in value, where it came from in source. */
int host_kernel(char *value, size_t vlen, char *source, size_t slen, uint64_t *build)
{
	char why[200], perr[300], note[400];
	const char *file;
	char *text = kernel_text(&file, why, sizeof(why));
	int idx;

	if (!text) {
		snprintf(source, slen, "%s", why);
		return -1;
	}
	/* the one reading `set kernel` uses too: the same state, the same note */
	if (release_parse(text, &idx, note, sizeof(note), perr, sizeof(perr))) {
		snprintf(source, slen, "%s: %s", file, perr);
		free(text);
		return -1;
	}
	snprintf(value, vlen, "%s", release_names[idx]);
	if (build)
		*build = distro_build_of(text);
	if (*note)
		snprintf(source, slen, "%s: %s", file, note);
	else
		snprintf(source, slen, "%s: %.60s, a release the tables know", file, text);
	free(text);
	return 0;
}

/* The page size and the CPUs the machine has (present, not only online). */
static void host_read_cpus(struct reading *page, struct reading *cpu, uint64_t pagesize)
{
	char why[200];
	uint64_t cpus;

	if (pagesize) {
		snprintf(page->value, sizeof(page->value), "%llu", (unsigned long long)pagesize);
		snprintf(page->source, sizeof(page->source), *host_root() ? "the saved hpage_pmd_size (PAGE_SIZE^2 / 8), "
			 "else sysconf(_SC_PAGESIZE)" : "sysconf(_SC_PAGESIZE)");
		page->ok = 1;
	} else {
		snprintf(page->source, sizeof(page->source), "sysconf(_SC_PAGESIZE) failed");
	}
	why[0] = '\0';
	if (!read_cpus("/sys/devices/system/cpu/present", _SC_NPROCESSORS_CONF, &cpus, cpu->source,
		       sizeof(cpu->source), why, sizeof(why))) {
		snprintf(cpu->value, sizeof(cpu->value), "%llu", (unsigned long long)cpus);
		cpu->ok = 1;
	} else {
		snprintf(cpu->source, sizeof(cpu->source), "%s", why);
	}
}

/* ram and totalram from /proc/meminfo's MemTotal: readings ram and totalram. */
static void host_read_meminfo(struct reading *ram, struct reading *totalram, uint64_t pagesize)
{
	char why[200], perr[128], *text = host_read_file("/proc/meminfo", why, sizeof(why));
	uint64_t kb;

	if (!text) {
		snprintf(ram->source, sizeof(ram->source), "%s", why);
		snprintf(totalram->source, sizeof(totalram->source), "%s", why);
		return;
	}
	if (!parse_meminfo_kb(text, "MemTotal", &kb, perr, sizeof(perr))) {
		/* MemTotal is totalram_pages() in kB; the installed RAM is a little more and not shown */
		snprintf(ram->value, sizeof(ram->value), "%lluK", (unsigned long long)kb);
		snprintf(ram->source, sizeof(ram->source), "/proc/meminfo: MemTotal %llu kB", (unsigned long long)kb);
		ram->ok = 1;
		if (pagesize >= 1024) {
			snprintf(totalram->value, sizeof(totalram->value), "%llup", (unsigned long long)(kb / (pagesize / 1024)));
			snprintf(totalram->source, sizeof(totalram->source), "/proc/meminfo: MemTotal / page size");
			totalram->ok = 1;
		} else {
			snprintf(totalram->source, sizeof(totalram->source), "no page size to count pages in");
		}
	} else {
		snprintf(ram->source, sizeof(ram->source), "/proc/meminfo: read, but not valid: %s", perr);
		snprintf(totalram->source, sizeof(totalram->source), "/proc/meminfo: read, but not valid: %s", perr);
	}
	free(text);
}

/* The overcommit policy from /proc/sys/vm/overcommit_memory. */
static void host_read_overcommit(struct reading *r)
{
	char why[200], perr[128], *text = host_read_file("/proc/sys/vm/overcommit_memory", why, sizeof(why));
	uint64_t mode;

	if (!text) {
		snprintf(r->source, sizeof(r->source), "%s", why);
		return;
	}
	if (!parse_overcommit(text, &mode, perr, sizeof(perr))) {
		snprintf(r->value, sizeof(r->value), "%llu", (unsigned long long)mode);
		snprintf(r->source, sizeof(r->source), "/proc/sys/vm/overcommit_memory: %llu", (unsigned long long)mode);
		r->ok = 1;
	} else {
		snprintf(r->source, sizeof(r->source), "/proc/sys/vm/overcommit_memory: read, but not valid: %s", perr);
	}
	free(text);
}

/* What host read, written as a preset (so `host` output can be saved and loaded as one), or as records. */
static void host_load_print(struct session *s, const struct reading *r, int nr, const char *layout_note,
			    struct strbuf *out)
{
	static const char *const heads[] = { "key", "value", "read", "source", NULL };
	struct records rec;
	struct rec_unit units[HOST_READINGS];

	if (s->format == FMT_TABLE) {
		sb_puts(out, "# this machine, read by 'host'\n");
	} else {
		for (int i = 0; i < nr; i++)
			units[i] = (struct rec_unit){ r[i].key, param_find(r[i].key)->unit, "input", NULL };
		rec_begin(&rec, &s->doc, s->format, heads, units, nr, out);
	}
	for (int i = 0; i < nr; i++) {
		const struct reading *x = &r[i];
		const struct param *p = param_find(x->key);
		char v[64];

		param_format_input(&s->m, p, v, sizeof(v));
		if (s->format != FMT_TABLE) {
			/* the value the machine now holds, as get prints it; read: whether it came from this host */
			param_bare(&s->m, p, v, sizeof(v));
			rec_str(&rec, x->key);
			if (param_is_number(p))
				rec_num(&rec, v);
			else
				rec_str(&rec, v);
			rec_str(&rec, x->ok ? "yes" : "no");
			rec_str(&rec, x->source);
			rec_end_row(&rec);
			continue;
		}
		if (x->ok)
			sb_printf(out, "%-22s = %-14s # %s\n", x->key, v, x->source);
		else
			sb_printf(out, "# %s: not read (%s); kept %s\n", x->key, x->source, v);
	}
	if (s->format != FMT_TABLE)
		rec_end(&rec);
	else
		sb_printf(out, "# %s\n", layout_note);
}

/* nodes with memory (N_MEMORY): those with a zone that has managed pages */
static uint64_t nodes_with_memory(const struct host_zones *hz)
{
	uint64_t n = 0;

	for (int i = 0; i < hz->n; i++) {
		int first = 1;

		for (int j = 0; j < i; j++)
			if (hz->zones[j].node == hz->zones[i].node && hz->zones[j].managed)
				first = 0;
		n += first && hz->zones[i].managed;
	}
	return n ? n : 1;
}

/* The readings of the vm sysctls and SwapTotal host applies (min_free_kbytes after the layout). */
static void host_read_tunables(struct reading *r, const struct host_tunables *t)
{
	if (t->has_wsf) {
		snprintf(r[0].value, sizeof(r[0].value), "%llu", (unsigned long long)t->watermark_scale_factor);
		snprintf(r[0].source, sizeof(r[0].source), "/proc/sys/vm/watermark_scale_factor");
		r[0].ok = 1;
	} else {
		snprintf(r[0].source, sizeof(r[0].source), "/proc/sys/vm/watermark_scale_factor: cannot read");
	}
	if (t->thp >= 0) {
		snprintf(r[1].value, sizeof(r[1].value), "%s", t->thp ? "on" : "off");
		snprintf(r[1].source, sizeof(r[1].source), "/sys/kernel/mm/transparent_hugepage/enabled");
		r[1].ok = 1;
	} else {
		snprintf(r[1].source, sizeof(r[1].source), "/sys/kernel/mm/transparent_hugepage/enabled: cannot read");
	}
	snprintf(r[2].value, sizeof(r[2].value), "%llu", (unsigned long long)t->overcommit_ratio);
	snprintf(r[2].source, sizeof(r[2].source), "/proc/sys/vm/overcommit_ratio");
	r[2].ok = 1;
	if (t->has_swap) {
		snprintf(r[3].value, sizeof(r[3].value), "%lluK", (unsigned long long)t->swap_kb);
		snprintf(r[3].source, sizeof(r[3].source), "/proc/meminfo: SwapTotal %llu kB", (unsigned long long)t->swap_kb);
		r[3].ok = 1;
	} else {
		snprintf(r[3].source, sizeof(r[3].source), "/proc/meminfo: no SwapTotal");
	}
	if (t->has_phf) {
		snprintf(r[4].value, sizeof(r[4].value), "%llu", (unsigned long long)t->percpu_pagelist_high_fraction);
		snprintf(r[4].source, sizeof(r[4].source), "/proc/sys/vm/percpu_pagelist_high_fraction");
		r[4].ok = 1;
	} else { /* no such sysctl before 5.14: the default, which a kernel without it computes as */
		snprintf(r[4].value, sizeof(r[4].value), "0");
		snprintf(r[4].source, sizeof(r[4].source), "/proc/sys/vm/percpu_pagelist_high_fraction: not there (none before 5.14): 0");
		r[4].ok = 1;
	}
}

/*
 * What the loaded layout decides, back to auto (zone: the largest Normal
 * zone; its min and node's CPUs from the layout), and pageblock_nr_pages
 * from /proc/pagetypeinfo's "Pages per block" (auto when it is one PMD).
 */
static void host_apply_pageblock(struct machine *next)
{
	char why[200], *text = host_read_file("/proc/pagetypeinfo", why, sizeof(why)), *at;
	unsigned long long per = 0;

	next->zone = next->zone_min = 0;
	next->node_cpus = MACHINE_AUTO;
	next->pageblock_nr_pages = 0;
	if (!text)
		return;
	at = strstr(text, "Pages per block:");
	if (at && sscanf(at + 16, "%llu", &per) == 1 && per && !(per & (per - 1)) && per <= (1ull << 30) &&
	    per != next->pagesize / 8)
		next->pageblock_nr_pages = per;
	free(text);
}

/* min_free_kbytes: auto when the live value is batchlab's default for the layout, else the live value, said so. */
static void host_apply_mfk(struct machine *next, const struct host_tunables *t, struct reading *r)
{
	char perr[128];
	uint64_t mine;

	next->min_free_kbytes = 0;
	mine = machine_min_free_kbytes(next);
	if (!t->has_mfk) {
		snprintf(r->source, sizeof(r->source), "/proc/sys/vm/min_free_kbytes: cannot read");
		return;
	}
	r->ok = 1;
	if (t->min_free_kbytes == mine) {
		snprintf(r->value, sizeof(r->value), "auto");
		snprintf(r->source, sizeof(r->source), "/proc/sys/vm/min_free_kbytes: %llu, batchlab's default for this layout",
			 (unsigned long long)mine);
		return;
	}
	snprintf(r->value, sizeof(r->value), "%llu", (unsigned long long)t->min_free_kbytes);
	snprintf(r->source, sizeof(r->source), "/proc/sys/vm/min_free_kbytes (batchlab's default would be %llu: set by "
		 "hand, or recomputed since boot)", (unsigned long long)mine);
	if (param_set(next, param_find("min_free_kbytes"), r->value, perr, sizeof(perr))) {
		snprintf(r->source, sizeof(r->source), "%s", perr);
		r->ok = 0;
	}
}

/*
 * Everything host reads, applied to a copy of the session's machine:
 * readings in r (HOST_READINGS), the layout kept by the session and pointed
 * to. -1 with err when nothing could be read; layout_note says what became of
 * the zones. keep (may be NULL) gets /proc/zoneinfo as read, for host check to
 * compare with the same text the layout came from (hz.n 0: not read).
 */
static int host_apply(struct session *s, struct machine *next, struct reading *r, char *layout_note, size_t nlen,
		      struct host_zones *keep, char *err, size_t errlen)
{
	static const char *const keys[HOST_READINGS] = { "cpus", "ram", "pagesize", "totalram", "overcommit", "kernel",
							 "nodes", "watermark_scale_factor", "thp", "overcommit_ratio",
							 "swap", "pagelist_high_fraction", "min_free_kbytes" };
	struct host_zones hz;
	struct host_tunables t;
	struct zone_layout *L = NULL;
	uint64_t pagesize = page_size(), build = BUILD_MAINLINE;
	char perr[200];
	int nread = 0;

	memset(r, 0, HOST_READINGS * sizeof(*r));
	for (int i = 0; i < HOST_READINGS; i++)
		r[i].key = keys[i];
	*next = s->m;
	host_read_cpus(&r[2], &r[0], pagesize);
	host_read_meminfo(&r[1], &r[3], pagesize);
	host_read_overcommit(&r[4]);
	r[5].ok = !host_kernel(r[5].value, sizeof(r[5].value), r[5].source, sizeof(r[5].source), &build);
	host_tunables_read(&t);
	host_read_tunables(&r[7], &t);
	if (!host_zones_load(&hz, perr, sizeof(perr))) {
		snprintf(r[6].value, sizeof(r[6].value), "%llu", (unsigned long long)nodes_with_memory(&hz));
		snprintf(r[6].source, sizeof(r[6].source), "/proc/zoneinfo: nodes with managed pages");
		r[6].ok = 1;
	} else {
		snprintf(r[6].source, sizeof(r[6].source), "%.190s", perr);
	}
	/* the page size first: totalram and zone are counted in pages */
	for (int order = 0; order < 2; order++)
		for (int i = 0; i < HOST_READINGS - 1; i++) {
			if ((i == 2) != (order == 0))
				continue;
			if (r[i].ok && param_set(next, param_find(r[i].key), r[i].value, perr, sizeof(perr))) {
				snprintf(r[i].source, sizeof(r[i].source), "%s", perr);
				r[i].ok = 0;
			}
			nread += r[i].ok;
		}
	if (r[5].ok) /* the kernel's reading is its release's name: whose build it is comes from the string */
		next->distro = build;
	if (!nread) {
		host_zones_free(&hz);
		if (keep)
			memset(keep, 0, sizeof(*keep));
		return err_set(err, errlen, "host: could not read any value (cpus: %.60s; ram: %.60s)", r[0].source,
			       r[1].source);
	}
	snprintf(layout_note, nlen, "zones: not loaded (%s): laid out from ram and nodes (the arch parameter's layout)", r[6].source);
	next->layout = NULL;
	if (r[6].ok && (L = calloc(1, sizeof(*L)))) {
		if (host_layout_build(&hz, &t, next->cpus, L, perr, sizeof(perr))) {
			snprintf(layout_note, nlen, "zones: not loaded (%.150s): laid out from ram and nodes", perr);
			free(L);
		} else {
			const struct zone_layout *kept;

			L->ram = next->ram;
			L->pagesize = next->pagesize;
			L->nodes = next->nodes;
			L->totalram = next->totalram;
			kept = layout_pool_keep(&s->layouts, L);
			next->layout = kept;
			/* L is freed when the session kept one equal to it: read kept */
			if (kept)
				snprintf(layout_note, nlen, "zones: %u node%s, %u zones from /proc/zoneinfo, each node's CPUs "
					 "from /sys/devices/system/node ('show zones')", kept->nnodes, kept->nnodes == 1 ? "" : "s",
					 kept->nzones);
			else
				snprintf(layout_note, nlen, "zones: not loaded: the session keeps %d layouts at most",
					 LAYOUT_POOL_MAX);
		}
	}
	if (keep)
		*keep = hz;
	else
		host_zones_free(&hz);
	host_apply_pageblock(next);
	host_apply_mfk(next, &t, &r[12]);
	return 0;
}

/*
 * `host`: every value read is applied through the parameter table, all
 * together; one that cannot be read (or is outside batchlab's range) is named
 * and the current value kept. Only when nothing at all could be read is it an
 * error: then the machine is unchanged and the command fails.
 */
static int host_load(struct session *s, struct strbuf *out, char *err, size_t errlen)
{
	struct reading r[HOST_READINGS];
	struct machine *next = malloc(sizeof(*next));
	char note[600];

	if (!next)
		return err_set(err, errlen, "host: out of memory");
	if (host_apply(s, next, r, note, sizeof(note), NULL, err, errlen)) {
		free(next);
		return -1;
	}
	s->m = *next;
	free(next);
	host_load_print(s, r, HOST_READINGS, note, out);
	return 0;
}

/* `host check`: the machine as `host` would load it from the same files, checked value by value. */
static int host_check(struct session *s, const struct walk_how *how, struct strbuf *out, char *err, size_t errlen)
{
	struct reading r[HOST_READINGS];
	struct machine *host = malloc(sizeof(*host));
	struct host_zones hz;
	struct host_tunables t;
	char note[600];
	int rc;

	if (!host)
		return err_set(err, errlen, "host check: out of memory");
	if (host_apply(s, host, r, note, sizeof(note), &hz, err, errlen)) {
		free(host);
		return -1;
	}
	if (!hz.zones && host_zones_load(&hz, note, sizeof(note))) {
		free(host);
		return err_set(err, errlen, "host check:%.300s", strchr(note, ':') + 1);
	}
	if (!machine_layout(host)) {
		host_zones_free(&hz);
		free(host);
		return err_set(err, errlen, "host check: %.300s", note);
	}
	host_tunables_read(&t);
	/* the kernel computes thresholds and pcp splits over the online CPUs */
	if (t.has_online && t.online)
		host->cpus = t.online;
	rc = host_check_values(s, host, &hz, &t, how, out, err, errlen);
	host_zones_free(&hz);
	free(host);
	return rc;
}

/* mkdir -p for the folders of DIR/path; 0 or -1 with err */
static int make_dirs(const char *dir, const char *path, char *err, size_t errlen)
{
	char full[PATH_MAX];

	snprintf(full, sizeof(full), "%s%s", dir, path);
	for (char *p = full + strlen(dir) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		if (mkdir(full, 0755) && errno != EEXIST)
			return err_set(err, errlen, "host save: %s: %s", full, strerror(errno));
		*p = '/';
	}
	return 0;
}

/* One file of the machine into DIR at the same path; a file the machine does not have is skipped. */
static int save_file(const char *dir, const char *path, int *saved, char *err, size_t errlen)
{
	char why[200], full[PATH_MAX], *text = host_read_file(path, why, sizeof(why));
	FILE *f;

	if (!text)
		return 0;
	snprintf(full, sizeof(full), "%s%s", dir, path);
	if (make_dirs(dir, path, err, errlen) || !(f = fopen(full, "w"))) {
		free(text);
		return err[0] ? -1 : err_set(err, errlen, "host save: %s: %s", full, strerror(errno));
	}
	fputs(text, f);
	free(text);
	if (fclose(f))
		return err_set(err, errlen, "host save: %s: write error", full);
	(*saved)++;
	return 0;
}

/* `host save DIR`: the files host and host check read, at their own paths under DIR, for `host DIR` to read back. */
static int host_save(const char *dir, struct strbuf *out, char *err, size_t errlen)
{
	char path[96];
	int saved = 0;
	struct stat st;

	if (!*dir)
		return err_set(err, errlen, "host save: expected a folder");
	if (!stat(dir, &st) && !S_ISDIR(st.st_mode))
		return err_set(err, errlen, "host save: %.200s: not a folder", dir);
	if (mkdir(dir, 0755) && errno != EEXIST)
		return err_set(err, errlen, "host save: %.200s: %s", dir, strerror(errno));
	err[0] = '\0';
	for (int i = 0; host_saved_files[i]; i++)
		if (save_file(dir, host_saved_files[i], &saved, err, errlen))
			return -1;
	for (unsigned n = 0; n < LAYOUT_NODES_MAX; n++) {
		int before = saved;

		snprintf(path, sizeof(path), "/sys/devices/system/node/node%u/cpulist", n);
		if (save_file(dir, path, &saved, err, errlen))
			return -1;
		if (saved == before && n > 0)
			break;
	}
	sb_printf(out, "host save: %d files of this machine in %s ('host %s' reads them back)\n", saved, dir, dir);
	return 0;
}

/* The `host` row of the command table: no argument loads, "check" compares, "save DIR" saves, DIR reads a saved one. */
static int cmd_host(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	int rc;

	if (!argc)
		return host_load(s, out, err, errlen);
	if (!strcmp(argv[0], "save"))
		return argc == 2 ? host_save(argv[1], out, err, errlen)
				 : err_set(err, errlen, "host save: expected a folder: host save DIR");
	if (!strcmp(argv[0], "check")) {
		struct walk_how how;

		s->ask_long = 0;
		argc = walk_take_long(argc, argv, &how);
		how.show = walk_may_show(0); /* the rows are printed at the end */
		if (argc > 2)
			return err_set(err, errlen, "host check: expected host check [DIR] [--long]");
		if (argc == 2)
			host_set_root(argv[1]);
		rc = host_check(s, &how, out, err, errlen);
		host_set_root(NULL);
		return rc;
	}
	if (argc == 1 && (strchr(argv[0], '/') || !access(argv[0], F_OK))) {
		struct stat st;

		if (stat(argv[0], &st) || !S_ISDIR(st.st_mode))
			return err_set(err, errlen, "host: %.200s: not a folder 'host save' wrote", argv[0]);
		host_set_root(argv[0]);
		rc = host_load(s, out, err, errlen);
		host_set_root(NULL);
		return rc;
	}
	return err_set(err, errlen, "host: unknown sub-command '%.40s' (expected 'host', 'host check [DIR]', "
		       "'host save DIR' or 'host DIR')", argv[0]);
}

static void host_details(const struct patch_set *ps, struct strbuf *out)
{
	(void)ps;
	sb_puts(out, "host: this machine's CPUs, memory, page size and release (Ubuntu's /proc/version_signature, a "
		     "Debian uname -v, else uname -r), every node and zone of /proc/zoneinfo with each node's CPUs "
		     "(/sys/devices/system/node), and the tunables min_free_kbytes, watermark_scale_factor, "
		     "lowmem_reserve_ratio, THP, overcommit and swap: every figure afterwards is for this machine "
		     "(show zones).\n"
		     "host check [DIR]: every value /proc/zoneinfo shows that batchlab computes - min, low, high, "
		     "promo and protection of each zone, and per CPU its pcp batch, high_min, high_max and vmstat "
		     "threshold - plus min_free_kbytes and CommitLimit, one row each: ok, or both values and the kernel "
		     "function computing it (status 1). A live pcp high (6.7's auto-tuning) is checked to lie within "
		     "high_min..high_max; boost, count and the counters are listed as not computed.\n"
		     "host save DIR: the files host and host check read, at their own paths under DIR (a folder to "
		     "attach to a mail); host DIR reads such a folder as the machine, as BATCHLAB_SYSROOT does.\n");
	walk_details_units(out, "host check", "zone", "zone");
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_host_entry = {
	.name = "host",
	.usage = "[check [DIR] | save DIR | DIR]",
	.args = { ARG_WORD, ARG_PATH, ARG_NONE },
	.min_args = 0,
	.max_args = 3,
	.help = "load this machine (every node and zone); 'check': every value vs /proc/zoneinfo; 'save DIR'; 'DIR': a saved one",
	.details = host_details,
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_host,
	.examples = (const char *const[]){ "host", NULL },
};
