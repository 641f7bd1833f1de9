/*
 * What batchlab reads of a running Linux: CPU lists, meminfo, overcommit, and
 * /proc/zoneinfo from saved copies (tests/data), checked against figures
 * worked out by hand from calculate_normal_threshold() and zone_batchsize():
 *
 *   threshold = min(125, 2 * fls(cpus) * (1 + fls(managed >> (27 - PAGE_SHIFT))))
 *   b = min(managed >> 10, SZ_1M / PAGE_SIZE) / 4, at least 1;
 *   batch = max(1, rounddown_pow_of_two(b + b / 2) - 1)
 */
#include "testutil.h"

#include <stdlib.h>

#include "../../core/host_parse.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = calloc(1, 1 << 20);
	size_t n;

	assert_non_null(f);
	assert_non_null(buf);
	n = fread(buf, 1, (1 << 20) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void test_cpu_list(void **state)
{
	static const struct {
		const char *text;
		uint64_t count;
	} good[] = {
		{ "0\n", 1 }, { "0-1\n", 2 }, { "0-3,5\n", 5 }, { "0-95", 96 }, { "0-1,4-7,9\n", 7 }, { "0-65535\n", 65536 },
	};
	static const char *const bad[] = { "", "\n", "a", "3-1", "0-", "0,,1", "1-2x", "-1", "0-99999999999999999999" };
	char err[128];
	uint64_t n;

	(void)state;
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		assert_int_equal(parse_cpu_list(good[i].text, &n, err, sizeof(err)), 0);
		assert_int_equal(n, good[i].count);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(parse_cpu_list(bad[i], &n, err, sizeof(err)), -1);
}

static void test_meminfo_overcommit(void **state)
{
	static const char meminfo[] = "MemTotalish:   1 kB\nMemTotal:       24683652 kB\nMemFree:        24234480 kB\n";
	char err[128];
	uint64_t v;

	(void)state;
	assert_int_equal(parse_meminfo_kb(meminfo, "MemTotal", &v, err, sizeof(err)), 0);
	assert_int_equal(v, 24683652);
	assert_int_equal(parse_meminfo_kb(meminfo, "MemFree", &v, err, sizeof(err)), 0);
	assert_int_equal(v, 24234480);
	assert_int_equal(parse_meminfo_kb("MemFree: 3 kB\n", "MemTotal", &v, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no MemTotal"));
	assert_int_equal(parse_meminfo_kb("MemTotal: lots kB\n", "MemTotal", &v, err, sizeof(err)), -1);
	assert_int_equal(parse_meminfo_kb("MemTotal: 12 MB\n", "MemTotal", &v, err, sizeof(err)), -1);

	assert_int_equal(parse_overcommit("0\n", &v, err, sizeof(err)), 0);
	assert_int_equal(v, 0);
	assert_int_equal(parse_overcommit("2\n", &v, err, sizeof(err)), 0);
	assert_int_equal(v, 2);
	assert_int_equal(parse_overcommit("3\n", &v, err, sizeof(err)), -1);
	assert_int_equal(parse_overcommit("", &v, err, sizeof(err)), -1);
	assert_int_equal(parse_overcommit("1 2\n", &v, err, sizeof(err)), -1);
}

struct expect {
	int node;
	const char *zone;
	uint64_t managed, kernel_threshold, kernel_batch; /* as the file shows */
	uint64_t threshold, batch;                        /* worked out by hand */
	int uniform;
};

/* Parse a saved file, check every zone with managed pages against the hand-worked table. */
static void check_file(const char *path, uint64_t cpus, uint64_t pagesize, const struct expect *want, int nwant,
		       int nzones)
{
	struct zoneinfo_zone zones[32];
	char *text = slurp(path), err[160];
	int n = zoneinfo_parse(text, zones, 32, err, sizeof(err)), k = 0;

	if (n < 0)
		fprintf(stderr, "%s: %s\n", path, err);
	assert_int_equal(n, nzones);
	for (int i = 0; i < n; i++) {
		struct zone_check c;

		if (!zones[i].managed)
			continue;
		assert_true(k < nwant);
		assert_int_equal(zones[i].node, want[k].node);
		assert_string_equal(zones[i].name, want[k].zone);
		assert_int_equal(zones[i].managed, want[k].managed);
		assert_true(zones[i].has_pcp);
		assert_int_equal(zones[i].threshold, want[k].kernel_threshold);
		assert_int_equal(zones[i].batch, want[k].kernel_batch);
		assert_int_equal(zones[i].uniform, want[k].uniform);
		assert_int_equal(zone_check(&zones[i], cpus, pagesize, &c, err, sizeof(err)), 0);
		assert_int_equal(c.threshold, want[k].threshold);
		assert_int_equal(c.batch, want[k].batch);
		assert_int_equal(c.threshold_ok, want[k].threshold == want[k].kernel_threshold);
		assert_int_equal(c.batch_ok, want[k].batch == want[k].kernel_batch);
		k++;
	}
	assert_int_equal(k, nwant);
	free(text);
}

/* The build machine: 2 CPUs (fls 2), 4K pages (managed >> 15). */
static void test_this_machine(void **state)
{
	static const struct expect want[] = {
		/* 3840 >> 15 = 0: 2*2*(1+0) = 4; 3840 >> 10 = 3, /4 = 0 -> 1, rounddown(1) - 1 = 0 -> 1 */
		{ 0, "DMA", 3840, 4, 1, 4, 1, 1 },
		/* 772807 >> 15 = 23, fls 5: 2*2*6 = 24; 754 -> cap 256, /4 = 64, rounddown(96) - 1 = 63 */
		{ 0, "DMA32", 772807, 24, 63, 24, 63, 1 },
		/* 884736 >> 15 = 27, fls 5: 24; capped: 63 */
		{ 0, "Normal", 884736, 24, 63, 24, 63, 1 },
	};

	(void)state;
	check_file("tests/data/zoneinfo-fc-2cpu-6.18", 2, 4096, want, 3, 5);
}

/* Two nodes, 96 CPUs: fls(96) = 7, so 2 * 7 = 14 per (1 + fls(mem)). */
static void test_numa(void **state)
{
	static const struct expect want[] = {
		{ 0, "DMA", 3840, 14, 1, 14, 1, 1 },          /* mem 0: 14 */
		{ 0, "DMA32", 480000, 70, 63, 70, 63, 1 },     /* 480000 >> 15 = 14, fls 4: 14*5 = 70 */
		{ 0, "Normal", 65000000, 125, 63, 125, 63, 1 }, /* >> 15 = 1983, fls 11: 168 -> 125 */
		{ 1, "Normal", 66000000, 125, 63, 125, 63, 0 }, /* one CPU at 56: first CPU's 125 counts */
		{ 1, "Movable", 1000, 14, 1, 14, 1, 1 },       /* 1000 >> 10 = 0 -> 1 -> 0 -> max(1, 0) = 1 */
	};

	(void)state;
	check_file("tests/data/zoneinfo-numa2-96cpu", 96, 4096, want, 5, 6);
}

/* One CPU (fls 1), 512 MiB: the batch is below the 1 MiB cap. */
static void test_small_vm(void **state)
{
	static const struct expect want[] = {
		{ 0, "DMA", 3977, 2, 1, 2, 1, 1 },     /* 2*1*(1+0) */
		{ 0, "DMA32", 110000, 6, 31, 6, 31, 1 }, /* 110000 >> 15 = 3, fls 2: 2*3 = 6; 107/4 = 26, rounddown(39) - 1 = 31 */
	};

	(void)state;
	check_file("tests/data/zoneinfo-vm-1cpu-512m", 1, 4096, want, 2, 4);
}

/* 64K pages: mem = managed >> 11, and the 1 MiB cap is 16 pages. */
static void test_arm64_64k(void **state)
{
	static const struct expect want[] = {
		/* 16000 >> 11 = 7, fls 3: 2*7*4 = 56; min(15, 16) / 4 = 3, rounddown(4) - 1 = 3 */
		{ 0, "DMA", 16000, 56, 3, 56, 3, 1 },
		/* 500000 >> 11 = 244, fls 8: 2*7*9 = 126 -> 125; min(488, 16) / 4 = 4, rounddown(6) - 1 = 3 */
		{ 0, "Normal", 500000, 125, 3, 125, 3, 1 },
	};
	/* the same file judged as 4K pages: 16000 >> 15 = 0 -> 14; min(15, 256) / 4 = 3 -> 3 */
	static const struct expect as_4k[] = {
		{ 0, "DMA", 16000, 56, 3, 14, 3, 1 },
		/* 500000 >> 15 = 15, fls 4: 70; min(488, 256) / 4 = 64 -> 63 */
		{ 0, "Normal", 500000, 125, 3, 70, 63, 1 },
	};

	(void)state;
	check_file("tests/data/zoneinfo-arm64-64k-64cpu", 64, 65536, want, 2, 3);
	check_file("tests/data/zoneinfo-arm64-64k-64cpu", 64, 4096, as_4k, 2, 3);
}

/* A threshold set before the zone grew: the check must say MISMATCH, not agree. */
static void test_stale(void **state)
{
	static const struct expect want[] = {
		{ 0, "DMA", 3840, 4, 1, 4, 1, 1 },
		{ 0, "DMA32", 772807, 24, 63, 24, 63, 1 },
		{ 0, "Normal", 600000, 20, 63, 24, 63, 1 }, /* 600000 >> 15 = 18, fls 5: 24, kernel still 20 */
	};

	(void)state;
	check_file("tests/data/zoneinfo-stale-threshold", 2, 4096, want, 3, 3);
}

/*
 * kswapd at work: set_pgdat_percpu_threshold(pgdat, calculate_pressure_threshold)
 * puts min(125, max(1, (low - min) / online CPUs)) in place of the normal
 * threshold. 2 CPUs, a 3840-page DMA zone: normal 2 * fls(2) * (1 + fls(0)) = 4;
 * pressure (13 - 10) / 2 = 1. The kernel showing 1 is that state, not a mismatch;
 * showing 2 is neither.
 */
static void test_pressure_threshold(void **state)
{
	static const char shown1[] = "Node 0, zone      DMA\n  pages free     3000\n        min      10\n"
				     "        low      13\n        high     16\n        managed  3840\n"
				     "  pagesets\n    cpu: 0\n              batch: 1\n  vm stats threshold: 1\n"
				     "    cpu: 1\n              batch: 1\n  vm stats threshold: 1\n";
	struct zoneinfo_zone zones[2];
	struct zone_check c;
	char err[256], text[sizeof(shown1)];

	(void)state;
	assert_int_equal(zoneinfo_parse(shown1, zones, 2, err, sizeof(err)), 1);
	assert_int_equal(zone_check(&zones[0], 2, 4096, &c, err, sizeof(err)), 0);
	assert_int_equal(c.threshold, 4);
	assert_int_equal(c.pressure_threshold, 1);
	assert_true(c.threshold_ok && c.under_pressure && c.batch_ok);

	memcpy(text, shown1, sizeof(shown1));
	for (char *t = text; (t = strstr(t, "threshold: 1")); t++)
		t[11] = '2';
	assert_int_equal(zoneinfo_parse(text, zones, 2, err, sizeof(err)), 1);
	assert_int_equal(zone_check(&zones[0], 2, 4096, &c, err, sizeof(err)), 0);
	assert_false(c.threshold_ok);
	assert_false(c.under_pressure);
}

static void test_zoneinfo_garbage(void **state)
{
	static const char *const bad[] = {
		"", "hello\n", "Node x, zone DMA\n", "Node 0, zone\n", "Node 0, zone DMA\n  managed lots\n",
		"Node 0, zone DMA\n\x01\x02\n", "Node 0, zone DMA\n        present  99999999999999999999999\n",
	};
	struct zoneinfo_zone zones[4];
	struct zone_check c;
	char err[160];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(zoneinfo_parse(bad[i], zones, 4, err, sizeof(err)), -1);
	/* more zones than room: an error, not an overflow */
	assert_int_equal(zoneinfo_parse("Node 0, zone A\nNode 0, zone B\nNode 0, zone C\n", zones, 2, err, sizeof(err)),
			 -1);
	/* a zone with no managed pages, and machines batchlab does not accept, are refused */
	assert_int_equal(zoneinfo_parse("Node 0, zone DMA\n        managed  0\n", zones, 4, err, sizeof(err)), 1);
	assert_int_equal(zone_check(&zones[0], 2, 4096, &c, err, sizeof(err)), -1);
	zones[0].managed = 100;
	assert_int_equal(zone_check(&zones[0], 65537, 4096, &c, err, sizeof(err)), -1);
	assert_int_equal(zone_check(&zones[0], 2, 8192, &c, err, sizeof(err)), -1);
	/* the largest accepted machine computes without overflow */
	zones[0].managed = 1ull << 48;
	assert_int_equal(zone_check(&zones[0], 65536, 4096, &c, err, sizeof(err)), 0);
	/*
	 * calculate_normal_threshold(), mm/vmstat.c: "mem = zone_managed_pages(zone) >> (27 - PAGE_SHIFT);"
	 * stores 2^48 >> 15 = 2^33 in `int mem`, which keeps the low 32 bits: 0. So
	 * "threshold = 2 * fls(num_online_cpus()) * (1 + fls(mem))" = 2 * 17 * 1 = 34, not 125.
	 */
	assert_int_equal(c.threshold, 34);
	assert_int_equal(c.batch, 63);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpu_list),     cmocka_unit_test(test_meminfo_overcommit),
		cmocka_unit_test(test_this_machine), cmocka_unit_test(test_numa),
		cmocka_unit_test(test_small_vm),     cmocka_unit_test(test_arm64_64k),
		cmocka_unit_test(test_stale),        cmocka_unit_test(test_pressure_threshold),
		cmocka_unit_test(test_zoneinfo_garbage),
	};
	return cmocka_run_group_tests_name("host", tests, NULL, NULL);
}
