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
 *   plain_writer printf CPUS FROM TO
 *     the two-column rows of `two` through stdio's printf: the "C printf
 *     loop" peer, not a limit.
 *
 * Both format integers two digits at a time and reals with the formatter
 * batchlab uses (lang/numfmt.c: the bytes must be identical, and printf
 * cannot write shortest round-trip text), into a 1 MiB buffer written whole.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/patch.h"
#include "../core/params.h"
#include "../lang/numfmt.h"

#define BUF (1024 * 1024)

static char buf[BUF + 4096];
static size_t len;

static void flush(void)
{
	size_t off = 0;

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
		if (len >= BUF)
			flush();
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

static void all(uint64_t from, uint64_t to, int n, char **names, int hoist)
{
	char konst[256][64];
	size_t klen[256];
	struct metric_ref cols[256];
	int ncols = 0;
	struct machine m;
	const struct param *key = param_find("totalram");
	char err[256];

	put("totalram");
	for (int i = 0; i < n; i++) {
		struct metric_ref r;

		if (metric_parse(names[i], &r, err, sizeof(err))) {
			fprintf(stderr, "plain_writer: %s\n", err);
			exit(2);
		}
		for (int s = 0; s < (r.metric->single || r.side >= 0 ? 1 : patch_nsides(r.patch)); s++) {
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
	machine_defaults(&m);
	for (int i = 0; i < ncols; i++) {
		klen[i] = 0;
		if (hoist && cols[i].metric->reads && !metric_reads(cols[i].metric, "totalram")) {
			konst[i][0] = ',';
			klen[i] = (size_t)(put_value(konst[i] + 1, cols[i].metric->fn(&m, cols[i].side, NULL)) - konst[i]);
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
			p = put_value(p, cols[i].metric->fn(&m, cols[i].side, NULL));
		}
		*p++ = '\n';
		len = (size_t)(p - buf);
		if (len >= BUF)
			flush();
	}
}

int main(int argc, char **argv)
{
	int two_args = argc > 1 && (!strcmp(argv[1], "two") || !strcmp(argv[1], "printf"));

	if (argc < 4 || (two_args && argc != 5) ||
	    (!two_args && strcmp(argv[1], "all") && strcmp(argv[1], "hoist"))) {
		fprintf(stderr, "usage: plain_writer two|printf CPUS FROM TO | all|hoist FROM TO METRIC...\n");
		return 2;
	}
	if (!strcmp(argv[1], "two"))
		two(strtoull(argv[2], NULL, 10), strtoull(argv[3], NULL, 10), strtoull(argv[4], NULL, 10));
	else if (!strcmp(argv[1], "printf"))
		printf_loop(strtoull(argv[2], NULL, 10), strtoull(argv[3], NULL, 10), strtoull(argv[4], NULL, 10));
	else
		all(strtoull(argv[2], NULL, 10), strtoull(argv[3], NULL, 10), argc - 4, argv + 4, !strcmp(argv[1], "hoist"));
	flush();
	return 0;
}
