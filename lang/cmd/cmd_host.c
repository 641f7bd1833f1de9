#include "cmd_host.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../core/err.h"
#include "../../core/host_parse.h"
#include "../../core/mm/release.h"
#include "../../core/params.h"
#include "../../core/units.h"
#include "../out/escape.h"
#include "../infile.h"
#include "../out/records.h"

/* /proc/zoneinfo grows with CPUs x zones: a 1024-CPU, 8-node box is a few MiB */
#define PROC_FILE_MAX (32u << 20)
#define ZONES_MAX 4096

static void sys_path(const char *path, char *buf, size_t len)
{
	const char *root = getenv("BATCHLAB_SYSROOT");

	snprintf(buf, len, "%s%s", root ? root : "", path);
}

/* A whole /proc or /sys file (their sizes read as 0, so read until EOF). */
static char *read_proc(const char *path, char *why, size_t whylen)
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

/* A CPU count from a sysfs cpulist, else from sysconf (which may itself count differently). */
static int read_cpus(const char *path, int sc, uint64_t *cpus, char *source, size_t slen, char *why, size_t whylen)
{
	char *text = read_proc(path, why, whylen), perr[128];
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
	long n = sysconf(_SC_PAGESIZE);

	return n > 0 ? (uint64_t)n : 0;
}

struct reading {
	const char *key;
	char value[48];   /* as `set` would take it */
	char source[200]; /* where it came from, or why it could not be read */
	int ok;
};

/* The running kernel's release, as `set kernel` reads it: its state's name in value, where it came from in source. */
int host_kernel(char *value, size_t vlen, char *source, size_t slen)
{
	char why[200], perr[300], note[300], *text = read_proc("/proc/sys/kernel/osrelease", why, sizeof(why));
	int idx;

	if (!text) {
		snprintf(source, slen, "%s", why);
		return -1;
	}
	text[strcspn(text, "\n")] = '\0';
	/* the one reading `set kernel` uses too: the same state, the same note */
	if (release_parse(text, &idx, note, sizeof(note), perr, sizeof(perr))) {
		snprintf(source, slen, "/proc/sys/kernel/osrelease: %s", perr);
		free(text);
		return -1;
	}
	snprintf(value, vlen, "%s", release_names[idx]);
	if (*note)
		snprintf(source, slen, "/proc/sys/kernel/osrelease: %s", note);
	else
		snprintf(source, slen, "/proc/sys/kernel/osrelease: %.60s, a release the tables know", text);
	free(text);
	return 0;
}

/* The page size and the CPUs the machine has (present, not only online): readings 0 and 1. */
static void host_read_cpus(struct reading *r, uint64_t pagesize)
{
	char why[200];
	uint64_t cpus;

	if (pagesize) {
		snprintf(r[0].value, sizeof(r[0].value), "%llu", (unsigned long long)pagesize);
		snprintf(r[0].source, sizeof(r[0].source), "sysconf(_SC_PAGESIZE)");
		r[0].ok = 1;
	} else {
		snprintf(r[0].source, sizeof(r[0].source), "sysconf(_SC_PAGESIZE) failed");
	}
	why[0] = '\0';
	if (!read_cpus("/sys/devices/system/cpu/present", _SC_NPROCESSORS_CONF, &cpus, r[1].source,
		       sizeof(r[1].source), why, sizeof(why))) {
		snprintf(r[1].value, sizeof(r[1].value), "%llu", (unsigned long long)cpus);
		r[1].ok = 1;
	} else {
		snprintf(r[1].source, sizeof(r[1].source), "%s", why);
	}
}

/* ram and totalram from /proc/meminfo's MemTotal: readings ram and totalram. */
static void host_read_meminfo(struct reading *ram, struct reading *totalram, uint64_t pagesize)
{
	char why[200], perr[128], *text = read_proc("/proc/meminfo", why, sizeof(why));
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
	char why[200], perr[128], *text = read_proc("/proc/sys/vm/overcommit_memory", why, sizeof(why));
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
static void host_load_print(struct session *s, const struct reading *r, struct strbuf *out)
{
	static const char *const heads[] = { "key", "value", "read", "source", NULL };
	static const int order[6] = { 1, 2, 0, 3, 4, 5 }; /* as a preset reads: cpus, ram, pagesize... */
	struct records rec;

	if (s->format == FMT_TABLE)
		sb_puts(out, "# this machine, read by 'host'\n");
	else {
		struct rec_unit units[6];

		for (int i = 0; i < 6; i++)
			units[i] = (struct rec_unit){ r[i].key, param_find(r[i].key)->unit, "input", NULL };
		rec_begin(&rec, &s->doc, s->format, heads, units, 6, out);
	}
	for (int i = 0; i < 6; i++) {
		const struct reading *x = &r[order[i]];
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
			sb_printf(out, "%-10s = %-14s # %s\n", x->key, v, x->source);
		else
			sb_printf(out, "# %s: not read (%s); kept %s\n", x->key, x->source, v);
	}
	if (s->format != FMT_TABLE)
		rec_end(&rec);
}

/*
 * `host`: every value read is applied through the parameter table, all
 * together; one that cannot be read (or is outside batchlab's range) is named
 * and the current value kept. Only when nothing at all could be read is it an
 * error: then the machine is unchanged and the command fails.
 */
static int host_load(struct session *s, struct strbuf *out, char *err, size_t errlen)
{
	struct reading r[6] = { { .key = "pagesize" }, { .key = "cpus" }, { .key = "ram" }, { .key = "totalram" },
				{ .key = "overcommit" }, { .key = "kernel" } };
	struct machine next = s->m;
	uint64_t pagesize = page_size();
	char perr[128];
	int nread = 0;

	host_read_cpus(r, pagesize);
	host_read_meminfo(&r[2], &r[3], pagesize);
	host_read_overcommit(&r[4]);
	r[5].ok = !host_kernel(r[5].value, sizeof(r[5].value), r[5].source, sizeof(r[5].source));
	/* the page size first: totalram and zone are counted in pages */
	for (int i = 0; i < 6; i++) {
		if (r[i].ok && param_set(&next, param_find(r[i].key), r[i].value, perr, sizeof(perr))) {
			snprintf(r[i].source, sizeof(r[i].source), "%s", perr);
			r[i].ok = 0;
		}
		nread += r[i].ok;
	}
	if (!nread)
		return err_set(err, errlen, "host: could not read any value (cpus: %.60s; ram: %.60s)", r[1].source, r[2].source);
	s->m = next;
	host_load_print(s, r, out);
	return 0;
}

static const char *result(const struct zoneinfo_zone *z, const struct zone_check *c)
{
	if (!z->has_pcp)
		return "n/a";
	return c->threshold_ok && c->batch_ok ? "ok" : "MISMATCH";
}

/*
 * `host check`: the vmstat model against the kernel, zone by zone. The kernel
 * computes both figures from zone_managed_pages() and num_online_cpus() when
 * CPUs or memory come and go, so the live managed count and the online CPUs
 * are the inputs; every populated zone (managed > 0) is a row.
 */
/* /proc/zoneinfo read and parsed: its zones (the caller frees them) and their number, or -1 with err. */
static int host_zones_read(struct zoneinfo_zone **zonesp, char *err, size_t errlen)
{
	struct zoneinfo_zone *zones;
	char why[200], *text;
	int n;

	why[0] = '\0';
	text = read_proc("/proc/zoneinfo", why, sizeof(why));
	if (!text)
		return err_set(err, errlen, "host check: cannot read %s", why);
	zones = calloc(ZONES_MAX, sizeof(*zones));
	if (!zones) {
		free(text);
		return err_set(err, errlen, "host check: out of memory");
	}
	n = zoneinfo_parse(text, zones, ZONES_MAX, why, sizeof(why));
	free(text);
	if (n < 0) {
		free(zones);
		return err_set(err, errlen, "host check: /proc/zoneinfo: read, but not valid zoneinfo: %s", why);
	}
	*zonesp = zones;
	return n;
}

/* Every zone checked before a line is printed: invalid input is an error with no table half made. */
static int host_zones_valid(const struct zoneinfo_zone *zones, int n, uint64_t cpus, uint64_t pagesize, char *err,
			    size_t errlen)
{
	char why[200];
	int rows = 0;

	for (int i = 0; i < n; i++) {
		const struct zoneinfo_zone *z = &zones[i];
		struct zone_check c;

		if (!z->has_managed || !z->managed)
			continue;
		rows++;
		if (zone_check(z, cpus, pagesize, &c, why, sizeof(why)))
			return err_set(err, errlen, "host check: /proc/zoneinfo: read, but not valid: node %d zone %s: %s",
				       z->node, z->name, why);
	}
	if (!rows)
		return err_set(err, errlen, "host check: /proc/zoneinfo: read, but no zone has managed pages");
	return 0;
}

/* The table's heading, or the records' (rec begun, with the CPUs and page size in its head). */
static void host_check_head(struct session *s, uint64_t cpus, const char *source, uint64_t pagesize,
			    struct records *rec, struct strbuf *out)
{
	static const char *const heads[] = { "node", "zone", "managed", "threshold", "kernel_threshold", "pcp_batch",
					     "kernel_pcp_batch", "result", NULL };
	/* "kernel": read from the running kernel; the model's figures are exact arithmetic on them */
	static const struct rec_unit units[] = { { "managed", "pages", "kernel", NULL },
						 { "threshold", "pages", "exact", NULL },
						 { "kernel_threshold", "pages", "kernel", NULL },
						 { "pcp_batch", "pages", "exact", NULL },
						 { "kernel_pcp_batch", "pages", "kernel", NULL } };
	char b[32];

	if (s->format == FMT_TABLE) {
		sb_printf(out, "host check: %llu online CPUs (%s), %llu-byte pages, /proc/zoneinfo\n",
			  (unsigned long long)cpus, source, (unsigned long long)pagesize);
		sb_printf(out, "%4s %-8s %12s %10s %7s %10s %7s  %s\n", "node", "zone", "managed", "threshold", "kernel",
			  "pcp_batch", "kernel", "result");
		return;
	}
	rec_begin(rec, &s->doc, s->format, heads, units, 5, out);
	snprintf(b, sizeof(b), "%llu", (unsigned long long)cpus);
	rec_head_field(rec, "cpus", b);
	snprintf(b, sizeof(b), "%llu", (unsigned long long)pagesize);
	rec_head_field(rec, "pagesize", b);
}

/* One zone's row: the model's threshold and batch beside the kernel's, and the verdict res. */
static void host_check_row(const struct session *s, const struct zoneinfo_zone *z, const struct zone_check *c,
			   const char *res, struct records *rec, struct strbuf *out)
{
	char name[sizeof(z->name) * 4 + 1], b[32];

	if (s->format != FMT_TABLE) {
		/* a zone name comes from a file: rec_str quotes it in csv and escapes it in json */
		snprintf(b, sizeof(b), "%d", z->node);
		rec_num(rec, b);
		rec_str(rec, z->name);
		rec_value(rec, val_int(z->managed));
		rec_value(rec, val_int(c->threshold));
		rec_value(rec, val_int(z->threshold));
		rec_value(rec, val_int(c->batch));
		rec_value(rec, val_int(z->batch));
		rec_str(rec, res);
		rec_end_row(rec);
		return;
	}
	/* a zone name comes from a file: escaped on a terminal */
	escape_buf(z->name, name, sizeof(name));
	if (z->has_pcp)
		sb_printf(out, "%4d %-8s %12llu %10llu %7llu %10llu %7llu  %s%s\n", z->node, name,
			  (unsigned long long)z->managed, (unsigned long long)c->threshold, (unsigned long long)z->threshold,
			  (unsigned long long)c->batch, (unsigned long long)z->batch, res,
			  c->under_pressure ? " (kswapd: pressure threshold)" : z->uniform ? "" : " (CPUs differ)");
	else
		sb_printf(out, "%4d %-8s %12llu %10llu %7s %10llu %7s  %s\n", z->node, name, (unsigned long long)z->managed,
			  (unsigned long long)c->threshold, "-", (unsigned long long)c->batch, "-", res);
}

static int host_check(struct session *s, struct strbuf *out, char *err, size_t errlen)
{
	struct zoneinfo_zone *zones = NULL;
	uint64_t cpus, pagesize = page_size();
	char source[200], why[200];
	int n, rows = 0, bad = 0, nonuniform = 0;
	struct records rec;

	why[0] = '\0';
	if (read_cpus("/sys/devices/system/cpu/online", _SC_NPROCESSORS_ONLN, &cpus, source, sizeof(source), why,
		      sizeof(why)))
		return err_set(err, errlen, "host check: cannot count the online CPUs (%s)", why);
	if (!pagesize)
		return err_set(err, errlen, "host check: sysconf(_SC_PAGESIZE) failed");
	n = host_zones_read(&zones, err, errlen);
	if (n < 0)
		return -1;
	if (host_zones_valid(zones, n, cpus, pagesize, err, errlen)) {
		free(zones);
		return -1;
	}
	host_check_head(s, cpus, source, pagesize, &rec, out);
	for (int i = 0; i < n; i++) {
		const struct zoneinfo_zone *z = &zones[i];
		struct zone_check c;
		const char *res;

		if (!z->has_managed || !z->managed)
			continue;
		zone_check(z, cpus, pagesize, &c, why, sizeof(why)); /* it passed above */
		res = result(z, &c);
		rows++;
		bad += !strcmp(res, "MISMATCH");
		nonuniform += !z->uniform;
		host_check_row(s, z, &c, res, &rec, out);
	}
	free(zones);
	if (s->format != FMT_TABLE)
		rec_end(&rec);
	if (bad || nonuniform)
		session_note(s, out, "note: the kernel sets these when CPUs or memory come and go, and lowers a zone's\n"
			     "  threshold while kswapd runs (calculate_pressure_threshold): a figure can lag the\n"
			     "  live managed count, or differ between CPUs, for a while\n");
	if (bad)
		return err_set(err, errlen, "host check: %d of %d zones differ from the kernel", bad, rows);
	return 0;
}

/* The `host` row of the command table: no argument loads, "check" compares. */
static int cmd_host(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	if (!argc)
		return host_load(s, out, err, errlen);
	if (!strcmp(argv[0], "check"))
		return host_check(s, out, err, errlen);
	return err_set(err, errlen, "host: unknown sub-command '%.40s' (expected 'host' or 'host check')", argv[0]);
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_host_entry = {
	.name = "host",
	.usage = "[check]",
	.args = { ARG_WORD, ARG_NONE, ARG_NONE },
	.min_args = 0,
	.max_args = 1,
	.help = "load this machine; 'check': vmstat model vs /proc/zoneinfo",
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_host,
	.examples = (const char *const[]){ "host", NULL },
};
