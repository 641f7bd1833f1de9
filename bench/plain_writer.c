/*
 * The limit `make bench` holds batchlab's sweeps against: plain C programs
 * writing the identical bytes, with none of the sweep's machinery.
 *
 *   plain_writer two CPUS FROM TO
 *     totalram FROM..TO pages, committed_as.batch and vmpressure.window on
 *     the default machine (4K pages, guess) with CPUS read at run time as
 *     any program would, the kernel's arithmetic written out inline from
 *     mm_compute_batch() (mm/mm_init.c) and vmpressure_init_window()
 *     (mm/vmpressure.c, seed 004): the cost of the values and of writing
 *     their bytes, nothing else.
 *   plain_writer all FROM TO METRIC...
 *     the same rows, each METRIC[.SIDE] column from core's metric function
 *     called directly, one call per cell: the sweep's arithmetic with none of
 *     its bookkeeping.
 *   plain_writer hoist FROM TO METRIC...
 *     as all, but a column whose metric does not read totalram (its `reads`)
 *     is formatted once and its bytes copied into every row, and the metric
 *     functions get no notes to write: the fastest writer of those bytes this
 *     file has for columns whose arithmetic is not written out inline.
 *   plain_writer exact CPUS FROM TO
 *     the all-exact sweep: totalram FROM..TO pages and every METRIC_EXACT
 *     metric of every patch, every side, in table order, as `batchlab
 *     --format csv -c "set cpus CPUS; sweep totalram FROMp TOp step 1 ..."`
 *     prints it on the default machine. The metrics that do not read
 *     totalram are formatted once by core's functions at start and their
 *     bytes copied into every row; every other cell has its arithmetic
 *     written out inline, the branch core/mm/{committed_as,vmpressure,
 *     vmstat}.c take on the default machine (overcommit guess: the
 *     CommitLimit error is n/a; the before windows constant): mm_compute_batch()
 *     (mm/mm_init.c), vmpressure_init_window() (mm/vmpressure.c, seed 004),
 *     calculate_normal_threshold() and refresh_zone_stat_thresholds()
 *     (mm/vmstat.c), zone_batchsize() and drain_pages_zone()
 *     (mm/page_alloc.c). Rows past what ram holds are n/a, as `set` refuses
 *     them. It refuses to run when core's exact metrics or the default
 *     machine are not the ones its arithmetic was written for. The limit
 *     of issue 27's target 2; make bench holds its bytes against batchlab's.
 *   plain_writer runs CPUS FROM TO
 *     two's bytes, written with what the plateaus know: the batch's
 *     quotient totalram / (nr * 256) (and / (nr * 4)) moves once in nr * 256
 *     (nr * 4) pages, the window's fls() once per power of two, so the
 *     cells after the key are made once a run and each row is the key's
 *     digits counted on in place and the run's text copied after them -
 *     the least a writer of these rows can do. The limit of issue 41's
 *     target 3; make bench holds its bytes against batchlab's.
 *   plain_writer jsonl CPUS FROM TO
 *     the same rows as `batchlab --format jsonl` prints them, the same
 *     way: the floor under jsonl's bytes when the rows cost what runs' do.
 *   plain_writer printf CPUS FROM TO
 *     the two-column rows of `two` through stdio's printf: the "C printf
 *     loop" peer, not a limit.
 *   plain_writer bytes N
 *     N bytes of a buffer made once, in the same 256 KiB writes: what writing
 *     an output of that size costs with no row made at all (the floor under
 *     a format's bytes, reported beside target 6).
 *
 * All but printf format integers two digits at a time and reals with the formatter
 * batchlab uses (lang/out/numfmt.c: the bytes must be identical, and printf
 * cannot write shortest round-trip text), into a buffer written 256 KiB at a time;
 * into a pipe, asked to hold 1 MiB first, as batchlab's sweep asks of it.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/patch.h"
#include "../core/params.h"
#include "../core/mm/release.h"
#include "../core/mm/zonelayout.h"
#include "../lang/out/numfmt.h"
#include "exact_set.h"

#define BUF (1024 * 1024)
/* written in batchlab's writes (lang/cmd/cmd_sweep.c's FLUSH_AT) into a pipe of BUF */
#define FLUSH (256 * 1024)

static char buf[BUF + 4096];
static size_t len;

static void flush(void)
{
	static int grown;
	size_t off = 0;

#ifdef F_SETPIPE_SZ
	if (!grown && len >= FLUSH) {
		grown = 1;
		(void)fcntl(STDOUT_FILENO, F_SETPIPE_SZ, BUF); /* fails on a file: nothing changes */
	}
#endif

	while (off < len) {
		ssize_t n = write(STDOUT_FILENO, buf + off, len - off);

		if (n <= 0) {
			perror("plain_writer: write");
			exit(1);
		}
		off += (size_t)n;
	}
	len = 0;
}

static void put(const char *s)
{
	size_t n = strlen(s);

	memcpy(buf + len, s, n);
	len += n;
}

static unsigned fls64(uint64_t x)
{
	return x ? 64 - (unsigned)__builtin_clzll(x) : 0;
}

static uint64_t max64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

static uint64_t min64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

static void two(uint64_t nr, uint64_t from, uint64_t to)
{
	const uint64_t floor = max64(2 * nr, 32), int_max = 2147483647;

	put("totalram,committed_as.batch.before,committed_as.batch.after,vmpressure.window.before,"
	    "vmpressure.window.after\n");
	for (uint64_t t = from; t <= to; t++) {
		char *p = buf + len;

		p = fmt_u64_put(p, t);
		*p++ = ',';
		p = fmt_u64_put(p, max64(min64(t / nr / 256, int_max), floor));
		*p++ = ',';
		p = fmt_u64_put(p, max64(min64(t / nr / 4, int_max), floor));
		*p++ = ',';
		p = fmt_u64_put(p, 512);
		*p++ = ',';
		p = fmt_u64_put(p, 512 * (1 + fls64(t >> (27 - 12))));
		*p++ = '\n';
		len = (size_t)(p - buf);
		if (len >= FLUSH)
			flush();
	}
}

/* The first totalram above t where t / d moves: the end of t's run, plus one (saturating). */
static uint64_t quotient_next(uint64_t t, uint64_t d)
{
	uint64_t q = t / d + 1;

	return q > UINT64_MAX / d ? UINT64_MAX : q * d;
}

/*
 * runs and jsonl: per run, the text after the key; per row, head (jsonl's
 * `{"totalram": `), the key's digits counted on in key[] and the text.
 */
static void runs_of(uint64_t nr, uint64_t from, uint64_t to, int json)
{
	const uint64_t floor = max64(2 * nr, 32), int_max = 2147483647;
	char key[32], tail[256 + 32];
	size_t klen, tlen;
	uint64_t t = from;

	if (json) { /* the head line of batchlab's jsonl, for `sweep totalram FROMp TOp step 1 ...` */
		char *p = buf + len;

		p += sprintf(p, "{\"head\": {\"command\": \"sweep totalram %llup %llup step 1 committed_as.batch "
			     "vmpressure.window\", \"units\": {\"totalram\": {\"unit\": \"pages\", \"kind\": \"input\"}",
			     (unsigned long long)from, (unsigned long long)to);
		len = (size_t)(p - buf);
		put(", \"committed_as.batch.before\": {\"unit\": \"pages\", \"kind\": \"exact\"}, \"committed_as.batch.after\": "
		    "{\"unit\": \"pages\", \"kind\": \"exact\"}, \"vmpressure.window.before\": {\"unit\": \"pages\", \"kind\": "
		    "\"exact\"}, \"vmpressure.window.after\": {\"unit\": \"pages\", \"kind\": \"exact\"}}}}\n");
	} else
		put("totalram,committed_as.batch.before,committed_as.batch.after,vmpressure.window.before,"
		    "vmpressure.window.after\n");
	klen = t >= 10 ? (size_t)(fmt_u64_put(key, t / 10) - key) : 0;
	while (t <= to) {
		uint64_t bb = max64(min64(t / nr / 256, int_max), floor), ba = max64(min64(t / nr / 4, int_max), floor);
		unsigned f = fls64(t >> (27 - 12));
		/* the window's fls() moves where t >> 15 reaches the next power of two */
		uint64_t wnext = (t >> 15 >> f) + 1 > (UINT64_MAX >> 15 >> f) ? UINT64_MAX : ((t >> 15 >> f) + 1) << f << 15;
		uint64_t end = min64(min64(quotient_next(t, nr * 256), quotient_next(t, nr * 4)), wnext) - 1;
		char *p = tail;

		end = min64(end, to);
		if (json) {
			p += sprintf(p, ", \"committed_as.batch.before\": ");
			p = fmt_u64_put(p, bb);
			p += sprintf(p, ", \"committed_as.batch.after\": ");
			p = fmt_u64_put(p, ba);
			p += sprintf(p, ", \"vmpressure.window.before\": 512, \"vmpressure.window.after\": ");
			p = fmt_u64_put(p, 512 * (1 + (uint64_t)f));
			*p++ = '}';
		} else {
			*p++ = ',';
			p = fmt_u64_put(p, bb);
			*p++ = ',';
			p = fmt_u64_put(p, ba);
			p += sprintf(p, ",512,");
			p = fmt_u64_put(p, 512 * (1 + (uint64_t)f));
		}
		*p++ = '\n';
		tlen = (size_t)(p - tail);
		for (; t <= end; t++) {
			char *o = buf + len;
			unsigned d = (unsigned)(t % 10);

			if (json) {
				memcpy(o, "{\"totalram\": ", 13);
				o += 13;
			}
			/* key[] holds t / 10's digits (none for t < 10); the last digit goes alone */
			memcpy(o, key, 24); /* fixed sizes: a few moves, no call; the bytes past klen are written over */
			o += klen;
			*o++ = (char)('0' + d);
			for (size_t i = 0; i < tlen; i += 32)
				memcpy(o + i, tail + i, 32);
			len = (size_t)(o + tlen - buf);
			if (len >= FLUSH)
				flush();
			if (d == 9) { /* t / 10 + 1 in key[]: a carry now and then */
				size_t k = klen;

				while (k && key[k - 1] == '9')
					key[--k] = '0';
				if (k) {
					key[k - 1]++;
				} else {
					memmove(key + 1, key, klen++);
					key[0] = '1';
				}
			}
			if (t == UINT64_MAX)
				return;
		}
	}
}

static void printf_loop(uint64_t nr, uint64_t from, uint64_t to)
{
	const uint64_t floor = max64(2 * nr, 32), int_max = 2147483647;

	printf("totalram,committed_as.batch.before,committed_as.batch.after,vmpressure.window.before,"
	       "vmpressure.window.after\n");
	for (uint64_t t = from; t <= to; t++)
		printf("%llu,%llu,%llu,%d,%llu\n", (unsigned long long)t,
		       (unsigned long long)max64(min64(t / nr / 256, int_max), floor),
		       (unsigned long long)max64(min64(t / nr / 4, int_max), floor), 512,
		       (unsigned long long)(512 * (1 + fls64(t >> (27 - 12)))));
	fflush(stdout);
}

static char *put_value(char *p, struct value v)
{
	if (v.kind == VAL_INT)
		return fmt_u64_put(p, v.i);
	if (v.kind == VAL_REAL)
		return fmt_real_put(p, v.r);
	if (v.kind == VAL_LIST)
		return p + sprintf(p, "%llu item%s", (unsigned long long)v.i, v.i == 1 ? "" : "s");
	memcpy(p, "n/a", 3);
	return p + 3;
}

/* The header line batchlab's csv prints for a sweep of totalram over METRIC[.SIDE]...; the columns into cols[256]. */
static int columns(int n, char **names, struct metric_ref *cols)
{
	int ncols = 0;
	char err[256];

	put("totalram");
	for (int i = 0; i < n; i++) {
		struct metric_ref r;

		if (metric_parse(names[i], &r, err, sizeof(err))) {
			fprintf(stderr, "plain_writer: %s\n", err);
			exit(2);
		}
		for (int s = 0; s < (r.metric->single || r.side >= 0 ? 1 : patch_nsides(r.patch)); s++) {
			if (ncols == 256) {
				fprintf(stderr, "plain_writer: more than 256 columns\n");
				exit(2);
			}
			cols[ncols] = r;
			cols[ncols].side = r.metric->single ? 0 : r.side >= 0 ? r.side : s;
			put(",");
			put(names[i]);
			if (!r.metric->single && r.side < 0) {
				put(".");
				put(r.patch->sides[s]);
			}
			ncols++;
		}
	}
	put("\n");
	return ncols;
}

static void all(uint64_t from, uint64_t to, int n, char **names, int hoist)
{
	char konst[256][64];
	size_t klen[256];
	struct metric_ref cols[256];
	int ncols = columns(n, names, cols);
	struct machine m;
	const struct param *key = param_find("totalram");

	machine_defaults(&m);
	for (int i = 0; i < ncols; i++) {
		klen[i] = 0;
		if (hoist && cols[i].metric->reads && !metric_reads(cols[i].metric, "totalram")) {
			konst[i][0] = ',';
			klen[i] = (size_t)(put_value(konst[i] + 1, cols[i].metric->fn(&m, cols[i].metric, cols[i].side, NULL)) - konst[i]);
		}
	}
	for (uint64_t t = from; t <= to; t++) {
		char *p = buf + len;

		param_store_u64(&m, key, t);
		p = fmt_u64_put(p, t);
		for (int i = 0; i < ncols; i++) {
			if (klen[i]) {
				memcpy(p, konst[i], klen[i]);
				p += klen[i];
				continue;
			}
			*p++ = ',';
			p = put_value(p, cols[i].metric->fn(&m, cols[i].metric, cols[i].side, NULL));
		}
		*p++ = '\n';
		len = (size_t)(p - buf);
		if (len >= FLUSH)
			flush();
	}
}

/*
 * exact: the exact metrics that read totalram, in the table's order, with
 * their columns (2: before, after; 1: a single value). Each has its
 * arithmetic written out in exact()'s row loop; the table must hold these
 * and, before them, only metrics that do not read totalram, or the writer
 * refuses (a new exact metric needs its arithmetic here first).
 */
static const struct {
	const char *name;
	int cols;
} inlined[] = {
	{ "committed_as.batch", 2 },
	{ "committed_as.max_drift_bytes", 2 },
	{ "committed_as.reachable_drift_bytes", 2 },
	{ "committed_as.max_drift_pct", 2 },
	{ "committed_as.commit_limit_error_pct", 2 },
	{ "vmpressure.window", 2 },
	{ "vmpressure.window_bytes", 2 },
	{ "vmpressure.window_share", 2 },
	{ "vmstat.threshold", 1 },
	{ "vmstat.drift_pages", 1 },
	{ "vmstat.drift_bytes", 1 },
	{ "vmstat.pcp_batch", 1 },
	{ "vmstat.pcp_drain_max", 1 },
};

static void refuse(const char *why, const char *what)
{
	fprintf(stderr, "plain_writer exact: %s%s\n", why, what);
	exit(2);
}

/* ",TEXT" of v at p, returning the end: a constant segment rendered once. */
static char *put_cell(char *p, struct value v)
{
	*p++ = ',';
	return put_value(p, v);
}

/* mul_sat() of core/mm/kernel.h with its division done once: a * pagesize, saturating, lim = UINT64_MAX / pagesize. */
static inline uint64_t sat_bytes(uint64_t a, uint64_t pagesize, uint64_t lim)
{
	return a > lim ? UINT64_MAX : a * pagesize;
}

static void exact(uint64_t cpus, uint64_t from, uint64_t to)
{
	static char names[128][96];
	char *np[128], err[256], k0[8192], k1[64], k2[64], k3[64], na[4096], *e;
	size_t l0, l1, l2, l3, lna = 0;
	struct metric_ref cols[256];
	struct machine m;
	int n = 0, ncols, c = 0;

	for (int i = 0; patch_set_builtin.list[i]; i++)
		for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name && exact_set_has(patch_set_builtin.list[i]->id); md++)
			if (md->kind == METRIC_EXACT && n < 128) {
				snprintf(names[n], sizeof(names[n]), "%s.%s", patch_set_builtin.list[i]->id, md->name);
				np[n] = names[n];
				n++;
			}
	ncols = columns(n, np, cols);
	machine_defaults(&m);
	if (param_set_u64(&m, param_find("cpus"), cpus, err, sizeof(err)))
		refuse(err, "");

	/* The leading columns that do not read totalram: one call of core's function each, the bytes copied per row. */
	e = k0;
	for (; c < ncols && !metric_reads(cols[c].metric, "totalram"); c++) {
		if (e - k0 > (ptrdiff_t)sizeof(k0) - 64)
			refuse("too many constant columns", "");
		e = put_cell(e, cols[c].metric->fn(&m, cols[c].metric, cols[c].side, NULL));
	}
	l0 = (size_t)(e - k0);
	for (size_t k = 0; k < sizeof(inlined) / sizeof(inlined[0]); k++)
		for (int s = 0; s < inlined[k].cols; s++, c++) {
			char have[200];

			if (c < ncols)
				snprintf(have, sizeof(have), "%s.%s", cols[c].patch->id, cols[c].metric->name);
			if (c >= ncols || strcmp(have, inlined[k].name) || cols[c].side != s)
				refuse("core's exact metrics are not the ones this writer inlines, at ", inlined[k].name);
		}
	if (c != ncols)
		refuse("an exact metric this writer has no arithmetic for: ", cols[c].metric->name);

	/*
	 * What the row loop takes as given of the default machine, each the
	 * branch core's functions take there: overcommit guess (so
	 * commit_limit_error_pct() is n/a and the batch's divisor 256 /
	 * committed_lift), zone auto (= totalram), vmpressure_win auto (the
	 * formula), a release whose zone_batchsize() caps at 1 MiB.
	 */
	if (m.overcommit == OVERCOMMIT_NEVER)
		refuse("overcommit never: commit_limit_error_pct's arithmetic is not written out here", "");
	if (m.zone || m.vmpressure_win || machine_release(&m) < release_find("4.19"))
		refuse("zone or vmpressure_win set, or a release before 4.19: not the default machine", "");
	/* the zone vmstat and pcp read: the largest Normal zone of x86-64's layout of one node over 3 GiB */
	if (m.nodes != 1 || m.arch != ARCH_X86_64 || m.ram <= 3ull << 30 || machine_layout(&m))
		refuse("not one x86-64 node over 3 GiB laid out from ram: the zone's arithmetic is not written out here", "");

	const uint64_t nr = m.cpus, ps = m.pagesize, lim = UINT64_MAX / ps, ram_pages = m.ram / ps;
	/* mm_compute_batch(): max(2 * nr, 32); the divisor 256 / committed_lift is a power of two, so a shift */
	const uint64_t floor = max64(2 * nr, 32), int_max = 2147483647;
	const unsigned after_shift = (unsigned)__builtin_ctzll(256 / m.committed_lift);
	/* 27 - PAGE_SHIFT: memory in 128 MiB units, for vmpressure_init_window() and calculate_normal_threshold() */
	const unsigned sh128m = 27 - (fls64(ps) - 1);
	/* calculate_normal_threshold(): 2 * fls(cpus); zone_batchsize(): SZ_1M / PAGE_SIZE */
	const uint64_t two_fls_cpus = 2ull * fls64((uint32_t)nr), pcp_cap = (1024 * 1024) / ps;
	const double cgroup = (double)m.cgroup_size;
	/*
	 * The zone (core/mm/zonelayout.c's derived layout): DMA keeps its 15 MiB
	 * above the first, reserved MiB, or all of totalram below that; the rest is
	 * shared between DMA32 (16 MiB to 3 GiB) and Normal (above) by their bytes
	 * of ram above 16 MiB, the rounding's leftover Normal's.
	 */
	const uint64_t dma_cap = ((16ull << 20) - (1ull << 20)) / ps, dma32_b = (3ull << 30) - (16ull << 20);
	const uint64_t above_dma = m.ram - (16ull << 20);

	/* the before sides of vmpressure: the constant vmpressure_win = SWAP_CLUSTER_MAX * 16 */
	l1 = (size_t)(put_cell(put_cell(put_cell(k1, val_none(NULL)), val_none(NULL)), val_int(32 * 16)) - k1);
	l2 = (size_t)(put_cell(k2, val_int(32 * 16 * ps)) - k2);
	l3 = (size_t)(put_cell(k3, val_real(100.0 * (double)sat_bytes(32 * 16, ps, lim) / cgroup)) - k3);
	for (int i = 0; i < ncols; i++)
		lna = (size_t)(put_cell(na + lna, val_none(NULL)) - na);

	uint64_t last = to < ram_pages ? to : ram_pages, t;

	for (t = from; t <= last; t++) {
		char *p = buf + len;
		/* mm_compute_batch(): totalram / nr, then / 256 (before) or / (256 / committed_lift) (after) */
		uint64_t per_cpu = t / nr;
		uint64_t bb = max64(min64(per_cpu >> 8, int_max), floor), ba = max64(min64(per_cpu >> after_shift, int_max), floor);
		/* fls() of the unsigned int the kernel passes: vmpressure's mem128m and calculate_normal_threshold()'s mem */
		uint64_t rest = t > dma_cap ? t - dma_cap : 0;
		uint64_t zone = rest ? rest - (uint64_t)((unsigned __int128)rest * dma32_b / above_dma) : t;
		unsigned f = 1 + fls64((uint32_t)(t >> sh128m)), fz = 1 + fls64((uint32_t)(zone >> sh128m));
		uint64_t win = 32 * 16 * f, thr = min64(125, two_fls_cpus * fz), drift = thr * nr;
		/* zone_batchsize(): min(zone >> 10, SZ_1M / PAGE_SIZE) / 4, at least 1, rounddown_pow_of_two(b + b / 2) - 1 */
		uint64_t zb = min64(zone >> 10, pcp_cap) / 4, q = zb ? zb : 1;
		uint64_t pcp = (1ull << (fls64(q + q / 2) - 1)) - 1;

		pcp = pcp ? pcp : 1;
		p = fmt_u64_put(p, t);
		memcpy(p, k0, l0);
		p += l0;
		*p++ = ',';
		p = fmt_u64_put(p, bb);
		*p++ = ',';
		p = fmt_u64_put(p, ba);
		*p++ = ',';
		p = fmt_u64_put(p, sat_bytes(bb * nr, ps, lim)); /* max_drift_bytes: batch * cpus pages */
		*p++ = ',';
		p = fmt_u64_put(p, sat_bytes(ba * nr, ps, lim));
		*p++ = ',';
		p = fmt_u64_put(p, sat_bytes((bb - 1) * nr, ps, lim)); /* reachable: (batch - 1) * cpus */
		*p++ = ',';
		p = fmt_u64_put(p, sat_bytes((ba - 1) * nr, ps, lim));
		*p++ = ',';
		p = fmt_real_put(p, 100.0 * (double)(bb * nr) / (double)t); /* max_drift_pct */
		*p++ = ',';
		p = fmt_real_put(p, 100.0 * (double)(ba * nr) / (double)t);
		memcpy(p, k1, l1);
		p += l1;
		*p++ = ',';
		p = fmt_u64_put(p, win);
		memcpy(p, k2, l2);
		p += l2;
		*p++ = ',';
		p = fmt_u64_put(p, win * ps); /* window_bytes */
		memcpy(p, k3, l3);
		p += l3;
		*p++ = ',';
		p = fmt_real_put(p, 100.0 * (double)sat_bytes(win, ps, lim) / cgroup); /* window_share */
		*p++ = ',';
		p = fmt_u64_put(p, thr);
		*p++ = ',';
		p = fmt_u64_put(p, drift); /* refresh_zone_stat_thresholds(): cpus * threshold */
		*p++ = ',';
		p = fmt_u64_put(p, sat_bytes(drift, ps, lim));
		*p++ = ',';
		p = fmt_u64_put(p, pcp);
		*p++ = ',';
		p = fmt_u64_put(p, pcp << 5); /* drain_pages_zone(): batch << CONFIG_PCP_BATCH_SCALE_MAX (5) */
		*p++ = '\n';
		len = (size_t)(p - buf);
		if (len >= FLUSH)
			flush();
	}
	/* totalram past what ram holds: machine_check() refuses the row, every cell n/a */
	for (t = from > last ? from : last + 1; t <= to; t++) {
		char *p = fmt_u64_put(buf + len, t);

		memcpy(p, na, lna);
		p += lna;
		*p++ = '\n';
		len = (size_t)(p - buf);
		if (len >= FLUSH)
			flush();
	}
}

static void bytes(uint64_t n)
{
	memset(buf, 'x', BUF);
	while (n) {
		len = n < FLUSH ? (size_t)n : FLUSH;
		n -= len;
		flush();
	}
}

int main(int argc, char **argv)
{
	int two_args = argc > 1 && (!strcmp(argv[1], "two") || !strcmp(argv[1], "printf") || !strcmp(argv[1], "exact") ||
				    !strcmp(argv[1], "runs") || !strcmp(argv[1], "jsonl"));

	if (argc == 3 && !strcmp(argv[1], "bytes")) {
		bytes(strtoull(argv[2], NULL, 10));
		return 0;
	}
	if (argc < 4 || (two_args && argc != 5) ||
	    (!two_args && strcmp(argv[1], "all") && strcmp(argv[1], "hoist"))) {
		fprintf(stderr, "usage: plain_writer two|runs|jsonl|printf|exact CPUS FROM TO | all|hoist FROM TO METRIC... | bytes N\n");
		return 2;
	}
	if (!strcmp(argv[1], "exact")) {
		uint64_t from = strtoull(argv[3], NULL, 10), to = strtoull(argv[4], NULL, 10);

		/* totalram 0 would be auto, not a row; past 2^48 pages the parameter refuses */
		if (!from || to < from || to > (1ull << 48))
			refuse("FROM..TO: 1 <= FROM <= TO <= 2^48 pages", "");
		exact(strtoull(argv[2], NULL, 10), from, to);
	} else if (!strcmp(argv[1], "two"))
		two(strtoull(argv[2], NULL, 10), strtoull(argv[3], NULL, 10), strtoull(argv[4], NULL, 10));
	else if (!strcmp(argv[1], "runs") || !strcmp(argv[1], "jsonl"))
		runs_of(strtoull(argv[2], NULL, 10), strtoull(argv[3], NULL, 10), strtoull(argv[4], NULL, 10),
			!strcmp(argv[1], "jsonl"));
	else if (!strcmp(argv[1], "printf"))
		printf_loop(strtoull(argv[2], NULL, 10), strtoull(argv[3], NULL, 10), strtoull(argv[4], NULL, 10));
	else
		all(strtoull(argv[2], NULL, 10), strtoull(argv[3], NULL, 10), argc - 4, argv + 4, !strcmp(argv[1], "hoist"));
	flush();
	return 0;
}
