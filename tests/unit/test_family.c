/*
 * The family's patch files (in patches/) against the kernel's
 * arithmetic, written here a second time in plain C for the test - each
 * exact metric of a file, on every side, over a grid of machines - and a
 * patch file with int_sqrt() against the built-in watermark patch's
 * min_free_kbytes, bit for bit.
 */
#include <stdlib.h>

#include "testutil.h"
#include "mmpatchutil.h"

#include "../../core/mmpatch.h"
#include "../../core/mm/release.h"

static const uint64_t grid_cpus[] = { 1, 2, 3, 7, 8, 64, 80, 255, 256, 316, 1000, 1024, 4096, 65536 };
static const uint64_t grid_totalram[] = { 1, 127, 2047, 2048, 32768, 65535, 1000000, 6170946, 66060288,
					  1ull << 32, (1ull << 40) + 3 };
static const uint64_t grid_pagesize[] = { 4096, 16384, 65536 };

/* file metric `name` on side, as a whole number (the test fails on n/a, where the C below has a value) */
static uint64_t file_value(const struct mmpatch *p, const char *name, const struct machine *m, int side)
{
	int j = mmpatch_metric_index(p, name);
	struct value v;

	assert_true(j >= 0);
	v = mmpatch_metric(p, j, m, side, NULL);
	if (v.kind != VAL_INT) {
		fprintf(stderr, "%s.%s side %d: not a whole number (%s) at cpus %llu totalram %llu pagesize %llu\n", p->id,
			name, side, v.kind == VAL_NONE && v.why ? v.why : "?", (unsigned long long)m->cpus,
			(unsigned long long)m->totalram, (unsigned long long)m->pagesize);
		fail();
	}
	return v.i;
}

/*
 * net.core.mem_pcpu_rsv: the reserve is a megabyte (16 with the mail's
 * suggestion) counted in pages; a per-CPU count that reaches it is moved to
 * the shared atomic whole, so each CPU keeps at most one page less.
 * tcp_init_mem(): a sixteenth of the buffer pages, at least 128, three
 * quarters of that, doubled.
 */
static void pcpu_rsv_reference(const struct machine *m, int side, uint64_t out[6])
{
	uint64_t megabytes = side ? 16 : 1, rsv = megabytes * 1048576 / m->pagesize, limit = machine_totalram(m) / 16;

	if (limit < 128)
		limit = 128;
	out[0] = rsv;
	out[1] = (rsv - 1) * m->pagesize;
	out[2] = (rsv - 1) * m->cpus;
	out[3] = out[2] * m->pagesize;
	out[4] = (limit / 4) * 3 * 2;
	out[5] = (1073741824 / m->pagesize) / rsv;
}

/*
 * /proc's rss reads: each CPU holds less than the counter's batch, which
 * compute_batch_value() makes twice the online CPUs and never below 32; a
 * read that adds no CPU's count may miss all of them, one that adds every
 * CPU's misses none. VmRSS is three counters; a status read takes four,
 * each the shared count and the CPUs it adds.
 */
static void rss_sum_reference(const struct machine *m, int side, uint64_t out[6])
{
	uint64_t cpus = m->cpus, batch = 2 * cpus > 32 ? 2 * cpus : 32, summed = side ? cpus : 0;

	out[0] = summed;
	out[1] = (batch - 1) * (cpus - summed);
	out[2] = out[1] * 3 * m->pagesize;
	out[3] = 4 * (1 + summed);
}

/*
 * The hierarchical rss counters' bound: nr_cpu_ids rounded up to a power of
 * two (its order), the tree's levels for that order as the series' table
 * gives them, and each level adding the batch times the items, which is
 * always the rounded-up count; times RSS_STAT_BATCH_SIZE. Before: the
 * percpu_counter's batch less one on every CPU. Worked here level by level,
 * as the kernel's boot-time loop does, not by the file's closed form.
 */
static void rss_hpcc_reference(const struct machine *m, int side, uint64_t out[6])
{
	static const unsigned arity[21][5] = {
		{ 0 }, { 1 }, { 1, 1 }, { 1, 1, 1 }, { 2, 1, 1 }, { 2, 2, 1 }, { 2, 2, 2 }, { 3, 2, 2 }, { 3, 3, 2 },
		{ 3, 3, 3 }, { 3, 3, 2, 2 }, { 3, 3, 3, 2 }, { 3, 3, 3, 3 }, { 3, 3, 3, 2, 2 }, { 3, 3, 3, 3, 2 },
		{ 3, 3, 3, 3, 3 }, { 4, 3, 3, 3, 3 }, { 4, 4, 3, 3, 3 }, { 4, 4, 4, 3, 3 }, { 4, 4, 4, 4, 3 },
		{ 4, 4, 4, 4, 4 },
	};
	uint64_t cpus = m->cpus, err;
	unsigned order = 0;

	while ((1ull << order) < cpus)
		order++;
	assert_true(order <= 20);
	if (side) {
		uint64_t mult = 0, batch = 1, items = 1ull << order;
		unsigned covered = 0;

		for (int l = 0; l < 5 && arity[order][l]; l++) { /* the levels: as many as the orders they cover */
			mult += batch * items;
			batch <<= arity[order][l];
			items >>= arity[order][l];
			covered += arity[order][l];
		}
		assert_int_equal(covered, order);
		err = 32 * mult;
	} else {
		err = ((2 * cpus > 32 ? 2 * cpus : 32) - 1) * cpus;
	}
	out[0] = err;
	out[1] = err * m->pagesize;
	out[2] = err * 4 * m->pagesize;
}

/* and its error_per_cpu: the bound per CPU, a ratio in double (per cpus) - one cell a side */
static long rss_hpcc_share(const struct mmpatch *p, const struct machine *m, int side, const uint64_t want[6])
{
	struct value share;

	assert_string_equal(p->metrics[3].name, "error_per_cpu");
	share = mmpatch_metric(p, 3, m, side, NULL);
	assert_int_equal(share.kind, VAL_REAL);
	assert_true(share.r == (double)want[0] / (double)m->cpus);
	return 1;
}

/*
 * zone_batchsize(): a thousandth of the zone's pages or a megabyte's worth,
 * the smaller, a quarter of that (at least 1), then half as much again
 * rounded down to a power of two, less one, and never 0. The drain before
 * the patch frees that shifted left by CONFIG_PCP_BATCH_SCALE_MAX (5 by
 * default) per hold, after it the batch itself.
 */
static void pcp_drain_reference(const struct machine *m, int side, uint64_t out[6])
{
	uint64_t zone = machine_zone(m), pagesize = m->pagesize;
	uint64_t b = zone / 1024 < 1048576 / pagesize ? zone / 1024 : 1048576 / pagesize, q = b / 4, p = 1, batch;

	if (q < 1)
		q = 1;
	while (p * 2 <= q + q / 2)
		p *= 2;
	batch = p - 1 ? p - 1 : 1;
	out[0] = side ? batch : batch * 32;
	out[1] = out[0] * pagesize;
	out[2] = (batch * 32 + out[0] - 1) / out[0];
}

/*
 * lazy_max_pages(): 32 MB counted in pages, times the CPUs' log - the
 * highest set bit's place (before), or the order of the next power of two
 * at or above them (after, one for a single CPU). Here both are found by
 * counting, not by fls().
 */
static void lazy_reference(const struct machine *m, int side, uint64_t out[6])
{
	uint64_t log = 0, cpus = m->cpus, per = 33554432 / m->pagesize;

	if (!side) {
		for (uint64_t c = cpus & 0xffffffffu; c; c >>= 1)
			log++;
	} else if (cpus <= 1) {
		log = 1;
	} else {
		while ((1ull << log) < cpus)
			log++;
	}
	out[0] = log * per;
	out[1] = out[0] * m->pagesize;
	out[2] = (1073741824 / m->pagesize) / (out[0] + 1);
}

/*
 * The memcg charge stock: refill_stock() adds what a charge left over to
 * its memcg's slot on this CPU and empties the slot once it holds more than
 * the batch, so no slot is left above the batch; a CPU has NR_MEMCG_STOCK
 * slots since 6.16, one before. Worked here by refilling a slot with every
 * leftover size from 1 to the batch, as try_charge_memcg() leaves them, and
 * keeping the most the slot is ever left holding. v5's header keeps seven
 * slots of 64 (NR_PAGE_COUNTER_STOCK, PAGE_COUNTER_STOCK_BATCH); v1 to v4
 * had one stock per page_counter, a slot's worth per leaf cgroup per CPU.
 */
static uint64_t stock_slot_most(uint64_t batch)
{
	uint64_t most = 0;

	for (uint64_t left = 1; left <= batch; left++) {
		uint64_t held = 0;

		for (int refill = 0; refill < 300; refill++) {
			held += left;
			if (held > batch)
				held = 0; /* drain_stock(): the slot's pages go back to the counters */
			if (held > most)
				most = held;
		}
	}
	return most;
}

static void pc_stock_of(uint64_t cpus, uint64_t pagesize, uint64_t slots, uint64_t batch, uint64_t out[6])
{
	uint64_t slot = stock_slot_most(batch);

	out[0] = slots * slot;
	out[1] = out[0] * cpus;
	out[2] = out[1] * pagesize;
	out[3] = slot;
	out[4] = slot * cpus;
	out[5] = out[1] / out[4];
}

/* both sides: mainline's 7 x 64, and v5's */
static void pc_stock_reference(const struct machine *m, int side, uint64_t out[6])
{
	(void)side;
	pc_stock_of(m->cpus, m->pagesize, 7, 64, out);
}

/* the kernel side's releases: each row's first, the one before, and the newest - one cell each, once a machine */
static long pc_stock_kernel(const struct mmpatch *p, const struct machine *m, int side, const uint64_t want_sides[6])
{
	static const struct { const char *rel; uint64_t slots, batch; } kernels[] = {
		{ "3.10", 1, 32 }, { "4.13", 1, 32 }, { "4.14", 1, 32 }, { "6.0", 1, 32 }, { "6.1", 1, 64 },
		{ "6.15", 1, 64 }, { "6.16", 7, 64 }, { NULL, 7, 64 },
	};
	struct machine k = *m;
	long cells = 0;

	(void)want_sides;
	if (side != 1)
		return 0;
	for (size_t r = 0; r < sizeof(kernels) / sizeof(kernels[0]); r++, cells++) {
		int rel = kernels[r].rel ? release_find(kernels[r].rel) : release_count() - 1;
		uint64_t want[6];

		assert_true(rel >= 0);
		k.kernel = (uint64_t)rel;
		pc_stock_of(k.cpus, k.pagesize, kernels[r].slots, kernels[r].batch, want);
		if (file_value(p, "overcharge_pages", &k, SIDE_KERNEL) != want[1]) {
			fprintf(stderr, "pc_stock.overcharge_pages.kernel at %s: file %llu, C %llu (cpus %llu)\n",
				kernels[r].rel ? kernels[r].rel : "the newest",
				(unsigned long long)file_value(p, "overcharge_pages", &k, SIDE_KERNEL),
				(unsigned long long)want[1], (unsigned long long)k.cpus);
			fail();
		}
	}
	return cells;
}

static const uint64_t rams[] = { 64ull << 20, 512ull << 20, 1ull << 30, 16ull << 30, 1ull << 40, 8ull << 40 };
/* every CPU count from 1 to 300, then every 61st up to 4097 (4082): where fls() and the next power of two part */
#define DENSE_CPUS 362
static uint64_t dense_cpus[DENSE_CPUS];
#define N(a) (sizeof(a) / sizeof((a)[0]))

/*
 * Each file: its metrics in the order its reference gives them, the
 * machines it is checked on (each axis a list, or the default machine's),
 * and what more it checks on each machine and side, with how many cells
 * that is a machine.
 */
static const struct family_file {
	const char *file;
	const char *names[7];
	void (*reference)(const struct machine *m, int side, uint64_t out[6]);
	const uint64_t *cpus, *totalram, *ram;
	size_t ncpus, cpus_step, ntotalram, nram;
	long (*also)(const struct mmpatch *p, const struct machine *m, int side, const uint64_t want[6]);
	long also_cells;
} family[] = {
	{ "patches/mem_pcpu_rsv.mmpatch", { "rsv", "cpu_lag_bytes", "lag_pages", "lag_bytes", "tcp_mem_high",
	  "moves_per_gib" }, pcpu_rsv_reference, grid_cpus, grid_totalram, NULL, N(grid_cpus), 1, N(grid_totalram), 0,
	  NULL, 0 },
	{ "patches/rss_sum.mmpatch", { "summed", "counter_error_pages", "rss_error_bytes", "slots_per_status" },
	  rss_sum_reference, grid_cpus, NULL, NULL, N(grid_cpus), 1, 0, 0, NULL, 0 },
	{ "patches/rss_hpcc.mmpatch", { "read_error", "read_error_bytes", "oom_error_bytes" }, rss_hpcc_reference,
	  grid_cpus, NULL, NULL, N(grid_cpus), 1, 0, 0, rss_hpcc_share, 2 },
	{ "patches/pcp_drain.mmpatch", { "drain", "hold_bytes", "holds_per_chunk" }, pcp_drain_reference, grid_cpus,
	  NULL, rams, N(grid_cpus), 3, 0, N(rams), NULL, 0 },
	{ "patches/lazy_max_pages.mmpatch", { "lazy", "lazy_bytes", "purges_per_gib" }, lazy_reference, dense_cpus,
	  NULL, NULL, DENSE_CPUS, 1, 0, 0, NULL, 0 },
	{ "patches/pc_stock.mmpatch", { "stock", "overcharge_pages", "overcharge_bytes", "slot_pages",
	  "cgroup_pages_v4", "cgroups_to_pass" }, pc_stock_reference, grid_cpus, NULL, NULL, N(grid_cpus), 1, 0, 0,
	  pc_stock_kernel, 8 },
};

/* On one machine, each metric of f on both sides against its reference, and f's more: the cells checked. */
static long check_machine(const struct family_file *f, const struct mmpatch *p, const struct machine *m)
{
	long cells = 0;

	for (int side = 0; side < 2; side++) {
		uint64_t want[6];

		f->reference(m, side, want);
		for (int k = 0; f->names[k]; k++, cells++)
			if (file_value(p, f->names[k], m, side) != want[k]) {
				fprintf(stderr, "%s.%s side %d: file %llu, C %llu (cpus %llu totalram %llu zone %llu pagesize "
					"%llu)\n", p->id, f->names[k], side,
					(unsigned long long)file_value(p, f->names[k], m, side), (unsigned long long)want[k],
					(unsigned long long)m->cpus, (unsigned long long)machine_totalram(m),
					(unsigned long long)machine_zone(m), (unsigned long long)m->pagesize);
				fail();
			}
		if (f->also)
			cells += f->also(p, m, side, want);
	}
	return cells;
}

/*
 * Each shipped file's exact metrics, on every side, against the C above
 * over its grid - every machine of the grid's axes with each page size -
 * and the count of cells checked is the grid's, to the cell.
 */
static void test_family_grids(void **state)
{
	size_t n = 0;

	(void)state;
	for (uint64_t cpus = 1; cpus <= 4097; cpus += cpus < 300 ? 1 : 61) {
		assert_true(n < DENSE_CPUS);
		dense_cpus[n++] = cpus;
	}
	assert_int_equal(n, DENSE_CPUS);
	for (size_t i = 0; i < N(family); i++) {
		const struct family_file *f = &family[i];
		struct mmpatch *p = mmpatch_load_file(f->file);
		long cells = 0, machines = 0, names = 0;

		while (f->names[names])
			names++;
		for (size_t a = 0; a < f->ncpus; a += f->cpus_step)
			for (size_t b = 0; b < (f->ntotalram ? f->ntotalram : 1); b++)
				for (size_t r = 0; r < (f->nram ? f->nram : 1); r++)
					for (size_t c = 0; c < N(grid_pagesize); c++, machines++) {
						struct machine m;

						machine_defaults(&m);
						m.cpus = f->cpus[a];
						if (f->ntotalram)
							m.totalram = f->totalram[b];
						if (f->nram)
							m.ram = f->ram[r];
						m.pagesize = grid_pagesize[c];
						cells += check_machine(f, p, &m);
					}
		assert_true(machines > 0);
		assert_int_equal(machines, (long)((f->ncpus + f->cpus_step - 1) / f->cpus_step *
					      (f->ntotalram ? f->ntotalram : 1) * (f->nram ? f->nram : 1) * N(grid_pagesize)));
		assert_int_equal(cells, machines * (2 * names + f->also_cells));
		free(p);
	}
}

/*
 * A patch file written with int_sqrt() gives the built-in watermark patch's
 * min_free_kbytes (the release's default, thp off) bit for bit: before on a
 * 5.6 kernel (top 65536 KiB), after on 5.7 and on the newest, and the file's
 * kernel side on each of them.
 */
static void test_int_sqrt_watermark(void **state)
{
	struct mmpatch *p = mmpatch_load_file("tests/data/min_free_kbytes.mmpatch");
	const struct patch_desc *w = patch_find(NULL, "watermark");
	const struct metric_desc *md = patch_metric(w, "min_free_kbytes");
	const int rels[] = { release_find("5.6"), release_find("5.7"), release_count() - 1 };
	long cells = 0, clamped_low = 0, clamped_high = 0;

	(void)state;
	assert_non_null(md);
	for (size_t a = 0; a < sizeof(grid_totalram) / sizeof(grid_totalram[0]); a++)
		for (size_t c = 0; c < sizeof(grid_pagesize) / sizeof(grid_pagesize[0]); c++)
			for (int r = 0; r < 3; r++) {
				struct machine m;
				struct value want;
				uint64_t side_v, kernel_v;

				assert_true(rels[r] >= 0);
				machine_defaults(&m);
				m.totalram = grid_totalram[a];
				m.pagesize = grid_pagesize[c];
				m.thp = 0;
				m.min_free_kbytes = 0;
				m.kernel = (uint64_t)rels[r];
				want = metric_compute(&m, w, md, 0, NULL);
				assert_int_equal(want.kind, VAL_INT);
				side_v = file_value(p, "mfk", &m, r ? 1 : 0);
				kernel_v = file_value(p, "mfk", &m, SIDE_KERNEL);
				assert_int_equal(side_v, want.i);
				assert_int_equal(kernel_v, want.i);
				clamped_low += want.i == 128;
				clamped_high += want.i == 65536 || want.i == 262144;
				cells += 2;
			}
	assert_int_equal(cells, (long)(sizeof(grid_totalram) / sizeof(grid_totalram[0]) * 3 * 3 * 2));
	/* and densely between: memory sizes a tenth apart from one page to 2^40, each with its neighbours, where
	 * int_sqrt()'s result steps */
	for (uint64_t t = 1; t < (1ull << 40); t += t / 10 + 1)
		for (uint64_t d = 0; d < 3; d++)
			for (int r = 0; r < 3; r++) {
				struct machine m;
				struct value want;

				machine_defaults(&m);
				m.totalram = t + d;
				m.pagesize = 4096;
				m.thp = 0;
				m.min_free_kbytes = 0;
				m.kernel = (uint64_t)rels[r];
				want = metric_compute(&m, w, md, 0, NULL);
				assert_int_equal(want.kind, VAL_INT);
				assert_int_equal(file_value(p, "mfk", &m, r ? 1 : 0), want.i);
				clamped_low += want.i == 128;
				clamped_high += want.i == 65536 || want.i == 262144;
				cells++;
			}
	/* the grid reaches both ends of the clamp and the square root between them */
	assert_true(clamped_low > 0);
	assert_true(clamped_high > 0);
	assert_true(cells - clamped_low - clamped_high > 1000);
	free(p);
}

/* Every shipped file parses: patch check's first half. */
static void test_shipped_parse(void **state)
{
	static const char *const files[] = { "patches/percpu_batch256.mmpatch", "patches/mem_pcpu_rsv.mmpatch",
					     "patches/rss_sum.mmpatch", "patches/pcp_drain.mmpatch",
					     "patches/lazy_max_pages.mmpatch", "patches/rss_hpcc.mmpatch",
					     "patches/pc_stock.mmpatch", NULL };

	(void)state;
	for (int i = 0; files[i]; i++)
		free(mmpatch_load_file(files[i]));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_family_grids),
		cmocka_unit_test(test_int_sqrt_watermark),
		cmocka_unit_test(test_shipped_parse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
