/*
 * The machine's zones (core/mm/zonelayout.c): the x86-64 layout derived from
 * ram and nodes, every per-zone figure, the zone single-zone names mean,
 * and Dmytro Maluka's 4 GB laptop with 132 MB of min_free_kbytes - worked
 * out here by hand from the kernel's arithmetic.
 */
#include <stdlib.h>

#include "testutil.h"

#include "../../core/mm/release.h"
#include "../../core/mm/zonelayout.h"
#include "../../core/rowmemo.h"
#include "../../core/preset.h"

#define MIB (1ull << 20)
#define GIB (1ull << 30)

/* a derived layout, heap-held: it is some hundreds of KiB */
static struct zone_layout *lay(const struct machine *m)
{
	struct zone_layout *L = malloc(sizeof(*L));

	assert_non_null(L);
	layout_of(m, L);
	return L;
}

/* 4 GiB on one node: DMA keeps 15 MiB, DMA32 3 GiB less 16 MiB, Normal 1 GiB; managed pages add up to totalram */
static void test_x86_layout(void **state)
{
	struct machine m = machine_with("ram 4G");
	struct zone_layout *L = lay(&m);
	uint64_t total = (4 * GIB - 4 * GIB / 64) / 4096, rest = total - 3840;
	uint64_t dma32 = (uint64_t)((unsigned __int128)rest * (3 * GIB - 16 * MIB) / (4 * GIB - 16 * MIB));

	(void)state;
	assert_int_equal(L->nnodes, 1);
	assert_int_equal(L->nzones, 5); /* DMA, DMA32, Normal, Movable, Device */
	assert_string_equal(L->zones[0].name, "DMA");
	assert_int_equal(L->zones[0].managed, 3840);
	assert_int_equal(L->zones[1].managed, dma32);
	assert_int_equal(L->zones[2].managed, rest - dma32);
	assert_int_equal(L->zones[0].managed + L->zones[1].managed + L->zones[2].managed, total);
	/* the single-zone names: the largest Normal zone */
	assert_int_equal(param_u64(&m, param_find("zone")), rest - dma32);
	free(L);
	/* no Normal zone below 3 GiB: the largest zone, DMA32 */
	m = machine_with("ram 2G");
	assert_int_equal(param_u64(&m, param_find("zone")), (2 * GIB - 2 * GIB / 64) / 4096 - 3840);
}

/* two nodes: node 1 all Normal, node 0 less the 3 GiB below 4 GiB; the largest Normal zone is node 1's */
static void test_two_nodes(void **state)
{
	struct machine m = machine_with("ram 64G nodes 2");
	struct zone_layout *L = lay(&m);
	uint64_t rest = (64 * GIB - 64 * GIB / 64) / 4096 - 3840;
	uint64_t node1 = (uint64_t)((unsigned __int128)rest * (32 * GIB) / (64 * GIB - 16 * MIB));

	(void)state;
	assert_int_equal(L->nnodes, 2);
	assert_int_equal(L->nzones, 10);
	assert_int_equal(L->zones[7].node, 1);
	assert_string_equal(L->zones[7].name, "Normal");
	assert_int_equal(L->zones[7].managed, node1);
	assert_true(L->zones[2].managed < node1);
	assert_int_equal(param_u64(&m, param_find("zone")), node1);
	free(L);
}

/*
 * Every figure of one zone, by hand: 6.18, 2 CPUs, the Normal zone of 4 GiB.
 * min_free_kbytes: khugepaged's 512 * 3 zones * 11 = 16896 pages; the share,
 * the gap max(share / 4, managed * 10 / 10000), promo, protection, pcp.
 */
static void test_zone_figures(void **state)
{
	struct machine m = machine_with("ram 4G cpus 2");
	struct zone_layout *L = lay(&m);
	const struct layout_zone *dma = &L->zones[0], *dma32 = &L->zones[1], *z = &L->zones[2];
	uint64_t lowmem = dma->managed + dma32->managed + z->managed, share = 16896 * z->managed / lowmem;
	uint64_t gap = share / 4 > z->managed * 10 / 10000 ? share / 4 : z->managed * 10 / 10000, low = share + gap;
	struct zone_fig f;

	(void)state;
	assert_int_equal(param_u64(&m, param_find("min_free_kbytes")), 16896 * 4);
	layout_zone_fig(&m, L, 2, &f);
	assert_int_equal(f.share, share);
	assert_int_equal(f.min, share);
	assert_int_equal(f.low, low);
	assert_int_equal(f.high, low + gap);
	assert_true(f.has_promo);
	assert_int_equal(f.promo, low + 2 * gap);
	assert_int_equal(f.batch, 63);           /* min(managed / 1024, 256) / 4 = 64: rounddown(96) - 1 */
	assert_int_equal(f.high_min, low / 2);   /* the low watermark over the node's 2 CPUs */
	assert_int_equal(f.high_max, z->managed / 8 / 2);
	assert_true(z->managed >> 15 == 7);
	assert_int_equal(f.threshold, 2 * 2 * (1 + 3)); /* fls(2) = 2; fls(managed >> 15 = 7) = 3 */
	/* DMA's protection: the node's DMA32 / 256, then DMA32 + Normal / 256 */
	layout_zone_fig(&m, L, 0, &f);
	assert_int_equal(f.protection[1], dma32->managed / 256);
	assert_int_equal(f.protection[2], (dma32->managed + z->managed) / 256);
	assert_int_equal(f.protection[3], (dma32->managed + z->managed) / 256);
	/* Movable, empty: min is SWAP_CLUSTER_MAX, the gap 0 */
	layout_zone_fig(&m, L, 3, &f);
	assert_int_equal(f.min, 32);
	assert_int_equal(f.low, 32);
	assert_false(f.populated);
	free(L);
	/* no promo watermark before 5.18 */
	m = machine_with("ram 4G cpus 2 kernel 5.17");
	L = lay(&m);
	layout_zone_fig(&m, L, 2, &f);
	assert_false(f.has_promo);
	free(L);
}

/*
 * Dmytro Maluka's low-end Chromebook (4 GB, two CPUs): khugepaged raised
 * min_free_kbytes to 132 MB, the low watermark is 165 MB and, from 5.14's
 * zone_highsize(), the pcp lists may hold that low watermark: 82.5 MB per
 * CPU. 132 MB is 3 zones * 11 pageblocks of 4 MiB: pageblock_order
 * MAX_ORDER - 1 on a kernel without CONFIG_HUGETLB_PAGE (before 6.10's
 * "mm: set pageblock_order to HPAGE_PMD_ORDER in case with
 * !CONFIG_HUGETLB_PAGE but THP enabled"); with 2 MiB pageblocks it is 66 MB.
 */
static void test_laptop_132m(void **state)
{
	struct machine m = machine_with("ram 4G cpus 2 kernel 5.15");
	struct zone_layout *L;
	uint64_t lows = 0, highs = 0;
	struct zone_fig f;

	(void)state;
	assert_int_equal(param_u64(&m, param_find("min_free_kbytes")), 66 * 1024);
	m = machine_with("ram 4G cpus 2 kernel 5.15 pageblock_nr_pages 1024p");
	assert_int_equal(param_u64(&m, param_find("min_free_kbytes")), 132 * 1024);
	L = lay(&m);
	for (uint32_t i = 0; i < L->nzones; i++) {
		layout_zone_fig(&m, L, i, &f);
		if (f.populated) {
			lows += f.low;
			highs += f.high_min;
		}
	}
	/* 33792 pages of min, each zone's gap a quarter of its share: 42240 pages less the floors' rounding */
	assert_true(lows <= 42240 && lows >= 42240 - 6);
	assert_int_equal(lows * 4096 / MIB, 164); /* 164.99 MiB: "165MB" */
	assert_true(highs * 4096 * 10 / MIB >= 823 && highs * 4096 * 10 / MIB <= 825); /* "82.5MB per CPU" */
	free(L);
}

/* a loaded layout holds while the machine is the one it was loaded for; other ram lays it out anew */
static void test_loaded_layout(void **state)
{
	struct machine m = machine_with("ram 8G cpus 4");
	struct zone_layout *L = lay(&m);

	(void)state;
	L->zones[2].managed = 1000000; /* a Normal zone the derivation would not give */
	L->node_cpus[0] = 3;
	m.layout = L;
	assert_ptr_equal(machine_layout(&m), L);
	assert_int_equal(param_u64(&m, param_find("zone")), 1000000);
	assert_int_equal(param_u64(&m, param_find("node_cpus")), 3);
	assert_int_equal(layout_lowmem_pages(&m), L->zones[0].managed + L->zones[1].managed + 1000000);
	m.ram = 16 * GIB; /* a sweep's row over ram: the zones follow the row */
	assert_null(machine_layout(&m));
	assert_true(param_u64(&m, param_find("zone")) != 1000000);
	free(L);
}

/*
 * arm64 (zone_sizes_init(), 5.11 on, no firmware DMA limit): RAM from 1 GiB,
 * ZONE_DMA to 4 GiB (3 GiB of it), DMA32 empty, Normal above; no first MiB
 * kept back. totalram shared by bytes, the leftover to the highest zone.
 */
static void test_arm64_layout(void **state)
{
	struct machine m = machine_with("arch arm64 ram 16G");
	struct zone_layout *L = lay(&m);
	uint64_t total = (16 * GIB - 16 * GIB / 64) / 4096, dma = total * 3 / 16;

	(void)state;
	assert_int_equal(L->nzones, 5);
	assert_int_equal(L->zones[0].present, 3 * GIB / 4096);
	assert_int_equal(L->zones[0].managed, dma);
	assert_int_equal(L->zones[1].present, 0);
	assert_int_equal(L->zones[1].managed, 0);
	assert_int_equal(L->zones[2].managed, total - dma);
	assert_int_equal(param_u64(&m, param_find("zone")), total - dma);
	assert_int_equal(layout_thp_zones(&m), 2); /* DMA and Normal: khugepaged's floor counts two zones */
	free(L);
	/* 2 GiB: all of it below 4 GiB, one DMA zone, which the single-zone names then mean */
	m = machine_with("arch arm64 ram 2G");
	L = lay(&m);
	assert_int_equal(L->zones[0].managed, (2 * GIB - 2 * GIB / 64) / 4096);
	assert_int_equal(L->zones[2].managed, 0);
	assert_int_equal(param_u64(&m, param_find("zone")), L->zones[0].managed);
	assert_int_equal(layout_thp_zones(&m), 1);
	free(L);
}

/*
 * arm64 by release (arch/arm64/mm/init.c, read in 5.4, 5.5-rc5, 5.10, 5.11):
 * before 5.5 one 32-bit zone, ZONE_DMA32, from the start of DRAM (1 GiB,
 * assumed) to 4 GiB; 5.5-5.10 a 30-bit ZONE_DMA, max_zone_phys(30) =
 * (1 GiB & ~(1 GiB - 1)) + 1 GiB = 2 GiB, so 1 GiB of it, then ZONE_DMA32
 * to max_zone_phys(32) = 4 GiB, 2 GiB of it. 16 GiB: totalram 63/64 of
 * 4194304 pages = 4128768, shared by bytes - 1/16, 2/16 and 13/16 of it
 * (258048, 516096, 3354624); before 5.5, 3/16 (774144) and 13/16. A row
 * memo keyed without the release would hand 5.11 the 5.10 zones.
 */
static void test_arm64_layout_releases(void **state)
{
	/* -1: not checked; every row through one memo, in this order */
	static const struct {
		const char *spec;
		long long present[3], managed[3];
		int thp_zones;
	} rows[] = {
		{ "arch arm64 ram 16G kernel 5.10", { 262144, 524288, -1 }, { 258048, 516096, 3354624 }, 3 },
		{ "arch arm64 ram 16G kernel 5.5", { -1, -1, -1 }, { 258048, -1, -1 }, -1 },
		/* 5.11 after 5.10 and 5.5: 3 GiB of DMA, DMA32 empty */
		{ "arch arm64 ram 16G kernel 5.11", { -1, -1, -1 }, { 774144, 0, -1 }, -1 },
		{ "arch arm64 ram 16G kernel 5.4", { 0, 786432, -1 }, { 0, 774144, 3354624 }, 2 },
		/* 1 GiB on 5.10: all of it in the 30-bit zone (1..2 GiB), nothing above */
		{ "arch arm64 ram 1G kernel 5.10", { -1, -1, -1 }, { (GIB - GIB / 64) / 4096, 0, 0 }, -1 },
	};
	struct row_memo memo = { .hits = 0 };

	(void)state;
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		struct machine m = machine_with(rows[r].spec);
		struct zone_layout *L;

		m.memo = &memo;
		L = lay(&m);
		for (int z = 0; z < 3; z++) {
			if (rows[r].present[z] >= 0)
				assert_int_equal(L->zones[z].present, rows[r].present[z]);
			if (rows[r].managed[z] >= 0)
				assert_int_equal(L->zones[z].managed, rows[r].managed[z]);
		}
		if (rows[r].thp_zones >= 0) /* khugepaged counts the populated zones up to Normal */
			assert_int_equal(layout_thp_zones(&m), rows[r].thp_zones);
		free(L);
	}
}

/*
 * The zones parameter: a two-node machine whose node 1 has no CPU, given
 * zone by zone in /proc/zoneinfo's pages, written back as it was read, its
 * figures those of the same layout built by hand, and bad text refused with
 * the machine unchanged.
 */
static void test_zones_param(void **state)
{
	static const char text[] = "0.cpus=4 0.DMA=4095/3998/3840 0.DMA32=1044480/782336/772848 0.Normal=3145728/3080192 "
				   "0.Movable=0/0 1.cpus=0 1.DMA=0/0 1.DMA32=0/0 1.Normal=4194304/4128768 1.Movable=0/0 "
				   "ratio=256/128/32";
	static const char *const bad[] = { "0.Normal=5/9", "0.Normal=9", "Normal=9/9", "0.cpus=2", "0.Normal=9/9 0.Normal=9/9",
					   "0.Nor-mal=9/9", "1024.Normal=9/9", "0.Normal=9/9 0.cpus=x", "0.Normal=9/9 ratio=1/2/3/4/5/6/7/8/9",
					   "0.Normal=99999999999999999999/1", "0.", "0.Normal=9/9/", NULL };
	struct layout_pool pool = { .n = 0 };
	struct machine m = machine_with("ram 32G cpus 4"), before;
	struct zone_layout *byhand;
	struct strbuf saved = STRBUF_INIT;
	struct zone_fig a, b;
	char buf[LAYOUT_TEXT_MAX], err[256];
	int line;

	(void)state;
	m.layouts = &pool;
	assert_int_equal(param_set(&m, param_find("zones"), text, err, sizeof(err)), 0);
	assert_int_equal(m.nodes, 2); /* nodes with memory */
	assert_int_equal(machine_layout(&m)->nzones, 8);
	assert_int_equal(machine_layout(&m)->ntypes, 4);
	param_format_input(&m, param_find("zones"), buf, sizeof(buf));
	assert_string_equal(buf, text);
	/* the chosen zone is node 1's Normal, and its node has no CPU */
	assert_int_equal(param_u64(&m, param_find("zone")), 4128768);
	assert_int_equal(param_u64(&m, param_find("node_cpus")), 0);
	/* the same figures as the layout built by hand */
	byhand = lay(&m);
	memset(byhand->zones, 0, sizeof(byhand->zones));
	byhand->nzones = 0;
	assert_int_equal(layout_parse(text, 4, byhand, err, sizeof(err)), 0);
	assert_int_equal(byhand->zones[6].managed, 4128768);
	assert_int_equal(byhand->ratio[1], 128);
	for (uint32_t i = 0; i < byhand->nzones; i++) {
		layout_zone_fig(&m, machine_layout(&m), i, &a);
		layout_zone_fig(&m, byhand, i, &b);
		assert_memory_equal(&a, &b, sizeof(a));
	}
	/* protection: DMA32's Normal column on node 0 is the Normal zone / DMA32's ratio, the 128 given */
	layout_zone_fig(&m, machine_layout(&m), 1, &a);
	assert_int_equal(a.protection[2], 3080192 / 128);
	/* a preset writes it back and reads it again to the same layout, the same pointer */
	preset_format(&m, "zones", &saved);
	before = m;
	machine_defaults(&m);
	m.layouts = &pool;
	assert_int_equal(preset_apply(&m, NULL, sb_str(&saved), saved.len, &line, err, sizeof(err)), 0);
	assert_ptr_equal(machine_layout(&m), machine_layout(&before));
	/* other ram: laid out anew, and the parameter reads auto */
	m.ram = 64 * GIB;
	param_format_input(&m, param_find("zones"), buf, sizeof(buf));
	assert_string_equal(buf, "auto");
	m.ram = 32 * GIB;
	for (int i = 0; bad[i]; i++) {
		before = m;
		assert_int_equal(param_set(&m, param_find("zones"), bad[i], err, sizeof(err)), -1);
		assert_non_null(strstr(err, "zones"));
		assert_memory_equal(&m, &before, sizeof(m));
	}
	/* no pool (a bare machine): refused */
	m.layouts = NULL;
	assert_int_equal(param_set(&m, param_find("zones"), text, err, sizeof(err)), -1);
	sb_free(&saved);
	free(byhand);
	layout_pool_free(&pool);
}

/*
 * The session's pool keeps a layout once: two equal in what they hold, built
 * in memory that held different bytes before (what host and set zones fill
 * leaves the zones past nzones and a name's tail as they were), are one.
 * A whole-struct memcmp read those bytes: valgrind's "uninitialised value"
 * in zones_named, and a pool that filled with copies of one machine.
 */
static void test_pool_keeps_once(void **state)
{
	static const char text[] = "0.cpus=2 0.DMA=4095/3998/3840 0.Normal=262144/258048";
	struct layout_pool pool = { .n = 0 };
	struct zone_layout *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
	const struct zone_layout *ka, *kb;
	char err[256];

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	assert_int_equal(layout_parse(text, 2, a, err, sizeof(err)), 0);
	assert_int_equal(layout_parse(text, 2, b, err, sizeof(err)), 0);
	/* what host_layout_build() (lang/hostread.c) leaves: the slots past nzones, a name's tail */
	memset(&a->zones[a->nzones], 0x5a, (LAYOUT_ZONES_MAX - a->nzones) * sizeof(a->zones[0]));
	memset(&b->zones[b->nzones], 0xa5, (LAYOUT_ZONES_MAX - b->nzones) * sizeof(b->zones[0]));
	a->zones[0].name[ZONE_NAME_MAX - 1] = 'x';
	a->ram = b->ram = a->pagesize = b->pagesize = a->nodes = b->nodes = a->totalram = b->totalram = 0;
	ka = layout_pool_keep(&pool, a);
	kb = layout_pool_keep(&pool, b); /* b is freed: it equals a */
	assert_ptr_equal(ka, kb);
	assert_int_equal(pool.n, 1);
	layout_pool_free(&pool);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_x86_layout),
		cmocka_unit_test(test_two_nodes),
		cmocka_unit_test(test_zone_figures),
		cmocka_unit_test(test_laptop_132m),
		cmocka_unit_test(test_loaded_layout),
		cmocka_unit_test(test_arm64_layout),
		cmocka_unit_test(test_arm64_layout_releases),
		cmocka_unit_test(test_zones_param),
		cmocka_unit_test(test_pool_keeps_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
