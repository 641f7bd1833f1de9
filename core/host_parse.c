/*
 * Parsing what a running Linux shows about itself. Every parser takes the
 * text a front end read and rejects what it does not understand with a
 * phrase saying why, so a truncated or foreign file never becomes a number.
 */
#include "host_parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "patch.h"
#include "params.h"


/* A decimal number at *p, advancing p; -1 if there is none or it overflows. */
static int number(const char **p, uint64_t *v)
{
	char *end;
	unsigned long long n;

	if (!isdigit((unsigned char)**p))
		return -1;
	errno = 0;
	n = strtoull(*p, &end, 10);
	if (errno == ERANGE)
		return -1;
	*p = end;
	*v = n;
	return 0;
}

static const char *skip_blank(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* Ranges are CPU ids, so a bound far past NR_CPUS is a corrupt file, not a machine. */
#define CPU_ID_MAX (1u << 22)

int parse_cpu_list(const char *text, uint64_t *count, char *err, size_t errlen)
{
	const char *p = skip_blank(text);
	uint64_t n = 0;

	if (!*p || *p == '\n')
		return err_set(err, errlen, "empty CPU list");
	for (;;) {
		uint64_t lo, hi;

		if (number(&p, &lo))
			return err_set(err, errlen, "expected a CPU list like 0-3,5");
		hi = lo;
		if (*p == '-') {
			p++;
			if (number(&p, &hi))
				return err_set(err, errlen, "expected a CPU list like 0-3,5");
		}
		if (hi < lo || hi >= CPU_ID_MAX)
			return err_set(err, errlen, "bad CPU range %llu-%llu", (unsigned long long)lo, (unsigned long long)hi);
		n += hi - lo + 1;
		if (*p != ',')
			break;
		p++;
	}
	p = skip_blank(p);
	if (*p == '\n')
		p++;
	if (*p)
		return err_set(err, errlen, "expected a CPU list like 0-3,5");
	*count = n;
	return 0;
}

int parse_meminfo_kb(const char *text, const char *field, uint64_t *kb, char *err, size_t errlen)
{
	size_t flen = strlen(field);

	for (const char *line = text; *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : line + strlen(line)) {
		const char *p = line;
		uint64_t v;

		if (strncmp(p, field, flen) || p[flen] != ':')
			continue;
		p = skip_blank(p + flen + 1);
		if (number(&p, &v))
			return err_set(err, errlen, "%s: expected a number of kB", field);
		p = skip_blank(p);
		if (strncmp(p, "kB", 2))
			return err_set(err, errlen, "%s: expected kB", field);
		*kb = v;
		return 0;
	}
	return err_set(err, errlen, "no %s line", field);
}

int parse_overcommit(const char *text, uint64_t *mode, char *err, size_t errlen)
{
	const char *p = skip_blank(text);
	uint64_t v;

	if (number(&p, &v) || v > 2)
		return err_set(err, errlen, "expected 0, 1 or 2");
	p = skip_blank(p);
	if (*p == '\n')
		p++;
	if (*p)
		return err_set(err, errlen, "expected 0, 1 or 2");
	*mode = v;
	return 0;
}

/* "key N" or "key: N" after leading blanks; 1 if the line is that key. */
static int keyed(const char *line, const char *key, uint64_t *v, int *bad)
{
	const char *p = skip_blank(line);
	size_t n = strlen(key);

	if (strncmp(p, key, n) || (p[n] != ' ' && p[n] != '\t'))
		return 0;
	p = skip_blank(p + n);
	*bad = number(&p, v) || *skip_blank(p);
	return 1;
}

/* "protection: (0, 3018, 3786)": the numbers in the parentheses */
static int protection_line(struct zoneinfo_zone *z, const char *line, int *bad)
{
	const char *p = skip_blank(line);
	uint64_t v;

	if (strncmp(p, "protection:", 11))
		return 0;
	p = skip_blank(p + 11);
	if (*p++ != '(') {
		*bad = 1;
		return 1;
	}
	z->nprotection = 0;
	for (;;) {
		p = skip_blank(p);
		if (number(&p, &v) || z->nprotection == 8) {
			*bad = 1;
			return 1;
		}
		z->protection[z->nprotection++] = v;
		p = skip_blank(p);
		if (*p == ')')
			break;
		if (*p++ != ',') {
			*bad = 1;
			return 1;
		}
	}
	*bad = *skip_blank(p + 1) != '\0';
	return 1;
}

/* The CPU being read: its fields as the pageset lines give them. */
static int cpu_line(struct zoneinfo_cpu *c, const char *line, int *bad)
{
	static const char *const keys[] = { "high:", "batch:", "high_min:", "high_max:", "vm stats threshold:", "count:" };
	uint64_t *at[6], v;

	if (!c)
		return 0; /* zoneinfo_parse(): no pagesets kept */
	at[0] = &c->high;
	at[1] = &c->batch;
	at[2] = &c->high_min;
	at[3] = &c->high_max;
	at[4] = &c->threshold;
	at[5] = &c->count;
	for (int i = 0; i < 6; i++)
		if (keyed(line, keys[i], &v, bad)) {
			*at[i] = v;
			c->has |= 1 << i;
			return 1;
		}
	return 0;
}

/* Only the zone's own lines matter; per-node stats and counters are skipped by name. */
static int zone_line(struct zoneinfo_zone *z, const char *line, int *first_cpu_batch, int *first_cpu_threshold)
{
	static const char *const marks[] = { "high", "promo", "boost", "spanned" };
	uint64_t v;
	int bad = 0;

	if (keyed(line, "present", &v, &bad)) {
		z->present = v;
	} else if (keyed(line, "min", &v, &bad)) {
		z->wmark_min = v;
		z->has_wmarks |= 1;
	} else if (keyed(line, "low", &v, &bad)) {
		z->wmark_low = v;
		z->has_wmarks |= 2;
	} else if (keyed(line, "managed", &v, &bad)) {
		z->managed = v;
		z->has_managed = 1;
	} else if (protection_line(z, line, &bad)) {
		;
	} else if (keyed(line, "batch:", &v, &bad)) {
		if (*first_cpu_batch) {
			z->batch = v;
			*first_cpu_batch = 0;
		} else if (v != z->batch) {
			z->uniform = 0;
		}
	} else if (keyed(line, "vm stats threshold:", &v, &bad)) {
		if (*first_cpu_threshold) {
			z->threshold = v;
			*first_cpu_threshold = 0;
		} else if (v != z->threshold) {
			z->uniform = 0;
		}
	} else {
		uint64_t *const at[] = { &z->wmark_high, &z->wmark_promo, &z->boost, &z->spanned };

		for (int i = 0; i < 4; i++)
			if (keyed(line, marks[i], &v, &bad)) {
				*at[i] = v;
				z->has_wmarks |= 4 << i;
				break;
			}
	}
	return bad ? -1 : 0;
}

int zoneinfo_parse(const char *text, struct zoneinfo_zone *zones, int max, char *err, size_t errlen)
{
	return zoneinfo_parse_cpus(text, zones, max, NULL, 0, NULL, err, errlen);
}

/* "cpu: N" starts a pageset: a new record, or -1 when there is no room */
static int cpu_start(const char *buf, int zone, struct zoneinfo_cpu *cpus, size_t maxcpus, size_t *ncpus,
		     struct zoneinfo_cpu **c)
{
	const char *p = skip_blank(buf);
	uint64_t id;

	if (strncmp(p, "cpu:", 4))
		return 0;
	p = skip_blank(p + 4);
	if (number(&p, &id) || *skip_blank(p))
		return -1;
	if (!cpus) {
		*c = NULL;
		return 1;
	}
	if (*ncpus == maxcpus)
		return -2;
	*c = &cpus[(*ncpus)++];
	memset(*c, 0, sizeof(**c));
	(*c)->zone = zone;
	(*c)->cpu = id;
	return 1;
}

int zoneinfo_parse_cpus(const char *text, struct zoneinfo_zone *zones, int max, struct zoneinfo_cpu *cpus,
			size_t maxcpus, size_t *ncpus, char *err, size_t errlen)
{
	struct zoneinfo_zone *z = NULL;
	struct zoneinfo_cpu *c = NULL;
	int n = 0, lineno = 0, first_batch = 0, first_threshold = 0, bad = 0;
	size_t nc = 0;
	const char *line = text;

	while (*line) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		char buf[256];
		int node, started;

		lineno++;
		if (len >= sizeof(buf))
			return err_set(err, errlen, "line %d: too long for /proc/zoneinfo", lineno);
		memcpy(buf, line, len);
		buf[len] = '\0';
		line += len + (nl != NULL);
		for (size_t i = 0; i < len; i++)
			if ((unsigned char)buf[i] < 0x20 && buf[i] != '\t')
				return err_set(err, errlen, "line %d: binary data: not a /proc/zoneinfo", lineno);

		if (!strncmp(buf, "Node ", 5)) {
			char name[sizeof(z->name)];
			int used = 0;

			if (sscanf(buf, "Node %d, zone %15s%n", &node, name, &used) != 2 || node < 0 || buf[used])
				return err_set(err, errlen, "line %d: expected 'Node N, zone NAME'", lineno);
			if (n == max)
				return err_set(err, errlen, "line %d: more than %d zones", lineno, max);
			z = &zones[n++];
			memset(z, 0, sizeof(*z));
			z->node = node;
			snprintf(z->name, sizeof(z->name), "%s", name);
			z->uniform = 1;
			first_batch = first_threshold = 1;
			c = NULL;
			continue;
		}
		if (!z) {
			if (*skip_blank(buf))
				return err_set(err, errlen, "line %d: expected 'Node N, zone NAME' first: not a /proc/zoneinfo", lineno);
			continue;
		}
		started = cpu_start(buf, n - 1, cpus, maxcpus, &nc, &c);
		if (started == -1)
			return err_set(err, errlen, "line %d: expected 'cpu: N'", lineno);
		if (started == -2)
			return err_set(err, errlen, "line %d: more than %zu CPU pagesets", lineno, maxcpus);
		if (started)
			continue;
		if (cpu_line(c, buf, &bad) && bad)
			return err_set(err, errlen, "line %d: expected a number: %.60s", lineno, skip_blank(buf));
		if (zone_line(z, buf, &first_batch, &first_threshold))
			return err_set(err, errlen, "line %d: expected a number: %.60s", lineno, skip_blank(buf));
		z->has_pcp = !first_batch && !first_threshold;
	}
	if (!n)
		return err_set(err, errlen, "no zones: not a /proc/zoneinfo");
	if (ncpus)
		*ncpus = nc;
	return n;
}

int parse_numbers(const char *text, uint64_t *v, int max, char *err, size_t errlen)
{
	const char *p = skip_blank(text);
	int n = 0;

	while (*p && *p != '\n') {
		if (n == max || number(&p, &v[n]))
			return err_set(err, errlen, "expected at most %d numbers separated by blanks", max);
		n++;
		p = skip_blank(p);
	}
	if (*p == '\n')
		p++;
	if (*p || !n)
		return err_set(err, errlen, "expected numbers separated by blanks");
	return n;
}

int zone_check(const struct zoneinfo_zone *z, uint64_t cpus, uint64_t pagesize, struct zone_check *out, char *err,
	       size_t errlen)
{
	struct machine m;
	struct metric_ref threshold, batch;
	struct value t, b;
	char v[32], why[160];

	if (!z->has_managed || !z->managed)
		return err_set(err, errlen, "zone %s has no managed pages", z->name);
	machine_defaults(&m);
	/* through the parameter table, so the same ranges hold as for `set` */
	snprintf(v, sizeof(v), "%llu", (unsigned long long)pagesize);
	if (param_set(&m, param_find("pagesize"), v, err, errlen))
		return -1;
	snprintf(v, sizeof(v), "%llu", (unsigned long long)cpus);
	if (param_set(&m, param_find("cpus"), v, err, errlen))
		return -1;
	snprintf(v, sizeof(v), "%llup", (unsigned long long)z->managed);
	if (param_set(&m, param_find("zone"), v, err, errlen))
		return -1;
	if (metric_parse("vmstat.threshold", &threshold, why, sizeof(why)) ||
	    metric_parse("vmstat.pcp_batch", &batch, why, sizeof(why)))
		return err_set(err, errlen, "%s", why);
	t = metric_eval(&m, &threshold, -1);
	b = metric_eval(&m, &batch, -1);
	if (t.kind != VAL_INT || b.kind != VAL_INT)
		return err_set(err, errlen, "the vmstat model gave no value for zone %s", z->name);
	out->threshold = t.i;
	out->batch = b.i;
	out->threshold_ok = z->has_pcp && t.i == z->threshold;
	out->batch_ok = z->has_pcp && b.i == z->batch;
	/* calculate_pressure_threshold(), mm/vmstat.c: min(125, max(1, (low - min) / online CPUs)) */
	out->under_pressure = 0;
	out->pressure_threshold = 0;
	if ((z->has_wmarks & 3) == 3) {
		uint64_t distance = z->wmark_low > z->wmark_min ? z->wmark_low - z->wmark_min : 0;

		out->pressure_threshold = distance / cpus < 1 ? 1 : distance / cpus > 125 ? 125 : distance / cpus;
		if (z->has_pcp && !out->threshold_ok && z->threshold == out->pressure_threshold)
			out->threshold_ok = out->under_pressure = 1;
	}
	return 0;
}
