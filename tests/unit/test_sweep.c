/*
 * Sweeps, plot and where: rows against the kernel's formulas written out
 * again here (not batchlab's), every bad input the issue lists, the csv and
 * json shapes, the fn_cpus fast path against the per-row path, output files
 * that appear whole or not at all, and Ctrl-C leaving valid output.
 */
#include "testutil.h"

#include <dirent.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../core/sweep.h"
#include "../../core/variant.h"
#include "cmdutil.h"
#include "jsoncheck.h"
#include "../../lang/cmd/cmd_sweep.h"

/* --- references, from mm/util.c and mm/vmstat.c ----------------------------- */

static unsigned ref_fls(uint64_t x)
{
	unsigned r = 0;

	for (; x; x >>= 1)
		r++;
	return r;
}

/* totalram as batchlab derives it: installed pages less one 64-byte struct page each */
/* MODELS.md: ram - ram * 64 / pagesize bytes (one 64-byte struct page per page), in pages */
static uint64_t ref_totalram(uint64_t ram, uint64_t pagesize)
{
	unsigned __int128 memmap = (unsigned __int128)ram * 64 / pagesize;

	return (uint64_t)((ram - memmap) / pagesize);
}

/*
 * zone auto on one node (core/mm/zonelayout.c): DMA keeps 15 MiB (3840
 * pages), DMA32 runs to 3 GiB, Normal holds the rest; totalram past DMA
 * is shared by bytes and the floors' leftover goes to the highest zone. The
 * largest Normal zone, or DMA32 when there is none.
 */
static uint64_t ref_zone(uint64_t ram)
{
	uint64_t rest = ref_totalram(ram, 4096) - 3840, low = (3ull << 30) - (16 << 20);

	if (ram <= 3ull << 30)
		return rest;
	return rest - (uint64_t)((unsigned __int128)rest * low / (ram - (16 << 20)));
}

/* mm_compute_batch(): ram/nr/256 (never) or ram/nr/4 (guess, always; the 64X lift), at least max(2nr, 32) */
static uint64_t ref_committed_batch(uint64_t totalram, uint64_t nr, int after)
{
	uint64_t memsized = totalram / nr / (after ? 4 : 256), floor = 2 * nr > 32 ? 2 * nr : 32;

	if (memsized > 2147483647u)
		memsized = 2147483647u;
	return memsized > floor ? memsized : floor;
}

/* calculate_normal_threshold() with PAGE_SHIFT 12 */
static uint64_t ref_threshold(uint64_t zone, uint64_t cpus)
{
	uint64_t t = 2 * ref_fls(cpus) * (1 + ref_fls(zone >> 15));

	return t < 125 ? t : 125;
}

/* vmpressure_win after seed 004, 4K pages */
static uint64_t ref_window_after(uint64_t totalram)
{
	return 32 * 16 * (1 + ref_fls(totalram >> 15));
}

/* The first byte count in (lo, hi] where the window after meets want (the window only grows with RAM). */
static uint64_t first_ram_bytes(uint64_t lo, uint64_t hi, int (*ok)(uint64_t window))
{
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (ok(ref_window_after(ref_totalram(mid, 4096))))
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

static int above_4096(uint64_t w) { return w > 4096; }
static int is_3072(uint64_t w) { return w >= 3072; }

/* --- helpers ------------------------------------------------------------------ */

static int count_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static int range(struct sweep_range *r, const char *setting, const char *key, const char *from, const char *to,
		 const char *how, const char *n, char *err)
{
	struct machine m = machine_with(setting);

	return sweep_range_parse(&m, key, from, to, how, n, r, err, 256);
}

/* --- ranges -------------------------------------------------------------------- */

static void test_range_values(void **state)
{
	static const uint64_t x15[] = { 1, 2, 3, 5, 8, 11, 17, 26, 38, 58, 86 }; /* round(1.5^k), each once */
	struct sweep_range r;
	struct sweep_cursor c;
	char err[256];
	size_t i;

	(void)state;
	assert_int_equal(range(&r, "", "cpus", "1", "65536", "step", "1", err), 0);
	assert_int_equal(r.rows, 65536);
	/* sizes double by default: 1G, 2G ... 1T is 11 rows */
	assert_int_equal(range(&r, "", "ram", "1G", "1T", NULL, NULL, err), 0);
	assert_int_equal(r.rows, 11);
	sweep_cursor_start(&c);
	for (i = 0; sweep_range_next(&r, &c); i++)
		assert_int_equal(c.u, (1ull << 30) << i);
	assert_int_equal(i, 11);
	/* counts step by 1 by default */
	assert_int_equal(range(&r, "", "depth", "1", "64", NULL, NULL, err), 0);
	assert_int_equal(r.rows, 64);
	/* a step that does not land on TO stops below it */
	assert_int_equal(range(&r, "", "cpus", "1", "100", "step", "7", err), 0);
	assert_int_equal(r.rows, 15); /* 1, 8, ... 99 */
	assert_int_equal(range(&r, "", "cpus", "1", "100", "x", "1.5", err), 0);
	assert_int_equal(r.rows, sizeof(x15) / sizeof(x15[0]));
	sweep_cursor_start(&c);
	for (i = 0; sweep_range_next(&r, &c); i++)
		assert_int_equal(c.u, x15[i]);
	/* page counts: NNNp, bare pages, or sizes in pages */
	assert_int_equal(range(&r, "", "totalram", "1000p", "2000p", "step", "100", err), 0);
	assert_int_equal(r.rows, 11);
	assert_int_equal(range(&r, "", "totalram", "4M", "8M", "step", "1M", err), 0);
	assert_int_equal(r.from, 1024);
	assert_int_equal(r.step, 256);
	assert_int_equal(r.rows, 5);
	assert_int_equal(range(&r, "", "zone", "1024p", "2048p", "step", "256p", err), 0);
	assert_int_equal(r.rows, 5);
	/* sizes step in bytes or with units */
	assert_int_equal(range(&r, "", "reclaim", "0", "1G", "step", "256M", err), 0);
	assert_int_equal(r.rows, 5);
	/* the page size takes 4K, 16K, 64K: x 4 visits exactly those */
	assert_int_equal(range(&r, "", "pagesize", "4K", "64K", "x", "4", err), 0);
	assert_int_equal(r.rows, 3);
	/* FROM == TO is one row */
	assert_int_equal(range(&r, "", "cpus", "8", "8", NULL, NULL, err), 0);
	assert_int_equal(r.rows, 1);
	/* 10 million rows exactly is allowed */
	assert_int_equal(range(&r, "", "scanned", "1", "10000000", "step", "1", err), 0);
	assert_int_equal(r.rows, 10000000);
	/* the top of a 64-bit range does not wrap */
	assert_int_equal(range(&r, "", "ram", "1E", "1E", "step", "1E", err), 0);
	assert_int_equal(r.rows, 1);
}

/* Every bad range the issue lists: an error naming what was expected, one line. */
/* A step longer than the whole range gives FROM alone; one that lands past TO stops before it. */
static void test_step_past_to(void **state)
{
	static const struct { const char *cmd; const char *want; } rows[] = {
		{ "sweep cpus 1 5 step 4096 vmstat.threshold", "cpus,vmstat.threshold\n1,24\n" },
		{ "sweep cpus 1 100 step 150 vmstat.threshold", "cpus,vmstat.threshold\n1,24\n" },
		{ "sweep ram 1G 2G step 1T vmpressure.window.before", "ram,vmpressure.window.before\n1073741824,512\n" },
		/* a key with a list of values, no step: the listed ones in range (zone_batchsize() by hand) */
		{ "sweep pagesize 4K 64K vmstat.pcp_batch", "pagesize,vmstat.pcp_batch\n4096,63\n16384,15\n65536,3\n" },
		{ "sweep cpus 65530 65536 step 3 vmstat.threshold",
		  "cpus,vmstat.threshold\n65530,125\n65533,125\n65536,125\n" },
		{ "sweep scanned 0 4611686018427387904 step 4611686018427387904 vmpressure.evals.before",
		  "scanned,vmpressure.evals.before\n0,0\n4611686018427387904,9007199254740992\n" },
	};
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	s.format = FMT_CSV;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		assert_int_equal(run(&s, rows[i].cmd, &out, err), 0);
		assert_string_equal(sb_str(&out), rows[i].want);
	}
	sb_free(&out);
	session_end(&s);
}

static void test_range_errors(void **state)
{
	static const struct { const char *key, *from, *to, *how, *n, *expect; } bad[] = {
		{ "cpus", "10", "1", NULL, NULL, "above TO" },
		{ "cpus", "1", "10", "step", "0", "at least 1" },
		{ "cpus", "1", "10", "step", "-1", "positive" },
		{ "cpus", "1", "10", "step", "-2", "positive" },
		{ "cpus", "1", "10", "step", "two", "whole number" },
		{ "cpus", "1", "10", "step", NULL, "after step" },
		{ "cpus", "1", "10", "x", "1", "above 1" },
		{ "cpus", "1", "10", "x", "0.5", "above 1" },
		{ "cpus", "1", "10", "x", "-2", "above 1" },
		{ "cpus", "1", "10", "by", "2", "step N or x N" },
		{ "scanned", "0", "20000000", "step", "1", "at most 10000000" },
		{ "scanned", "1", "4611686018427387904", "x", "1.0000000001", "at most 10000000" },
		{ "ram", "1M", "1E", "step", "1M", "at most 10000000" },
		{ "reclaim", "0", "1G", NULL, NULL, "FROM above 0" },
		{ "nosuch", "1", "2", NULL, NULL, "unknown key 'nosuch'" },
		{ "overcommit", "0", "2", NULL, NULL, "is a choice" },
		{ "cpus", "0", "10", NULL, NULL, "out of range" },
		{ "cpus", "1", "65537", NULL, NULL, "out of range" },
		{ "ram", "1G", "4X", NULL, NULL, "unknown unit" },
		{ "totalram", "auto", "1000p", NULL, NULL, "not auto" },
		{ "pagesize", "4K", "64K", "step", "4K", "is not one of" },
		{ "committed_lift", "1", "256", "step", "1", "power of two" },
		{ "totalram", "1000p", "2000p", "step", "1K", "at least 1 page" },
	};
	struct sweep_range r;
	char err[256];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		if (range(&r, "", bad[i].key, bad[i].from, bad[i].to, bad[i].how, bad[i].n, err) != -1 ||
		    !strstr(err, bad[i].expect)) {
			fprintf(stderr, "case %zu: %s %s %s %s %s: got '%s'\n", i, bad[i].key, bad[i].from, bad[i].to,
				bad[i].how ? bad[i].how : "", bad[i].n ? bad[i].n : "", err);
			fail();
		}
		assert_null(strchr(err, '\n'));
	}
}

/* The same bad inputs through the command: exit path, no output, session unchanged. */
static void test_command_errors(void **state)
{
	static const char *const bad[] = {
		"sweep cpus 10 1 vmstat.threshold",
		"sweep cpus 1 10 step 0 vmstat.threshold",
		"sweep cpus 1 10 step -1 vmstat.threshold",
		"sweep cpus 1 10 x 1 vmstat.threshold",
		"sweep scanned 1 20000000 step 1 vmstat.threshold",
		"sweep nosuch 1 10 vmstat.threshold",
		"sweep overcommit 0 2 committed_as.batch",
		"sweep cpus 1 10 vmstat.nosuch",
		"sweep cpus 1 10 nosuch.window",
		"sweep cpus 1 10 vmpressure.window.sideways",
		"sweep cpus 1 10 vmstat.threshold.after",
		"sweep cpus 1 10 step 1",
		"sweep cpus 1 10 vmstat.threshold >",
		"sweep cpus 1 10 vmstat.threshold > a > b",
		"sweep cpus 1 10 vmstat.threshold > /nonexistent-dir/x.csv",
		"plot vmstat.threshold cpus 1 10",
		"plot vmstat.threshold over cpus 10 1",
		"plot vmstat.nosuch over cpus 1 10",
		"plot vmstat.threshold over cpus 1 10 step 1 extra",
		"plot vmstat.threshold over scanned 1 10000000 step 1",
		"where vmpressure.window > 4096 over ram 1G 1T step 0",
		"where vmpressure.window > 4096 over ram 1G 1T step",
		"where vmpressure.window > 4096 over ram 1G 1T by 2",
		"where vmpressure.window.after >> 4096 over ram 1G 1T",
		"where vmpressure.window.after > lots over ram 1G 1T",
		"where vmpressure.window.after > 4096 under ram 1G 1T",
		"where vmpressure.window.after > 4096 over ram 1T 1G",
		"where vmpressure.window.after > 4096 over overcommit 0 2",
		"where vmpressure.window.after > 4096 over pagesize 4K 64K",
	};
	struct session s;
	struct strbuf out = STRBUF_INIT;
	struct machine before;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "set cpus 96 ram 192G", &out, err), 0);
	before = s.m;
	for (int f = 0; f < 3; f++) {
		s.format = (enum out_format)f;
		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			if (run(&s, bad[i], &out, err) != -1) {
				fprintf(stderr, "accepted: %s\n", bad[i]);
				fail();
			}
			assert_true(strlen(err) > 0);
			assert_null(strchr(err, '\n'));
			assert_int_equal(out.len, 0);
			assert_memory_equal(&s.m, &before, sizeof(before));
		}
	}
	assert_int_equal(access("/nonexistent-dir", F_OK), -1);
	sb_free(&out);
	session_end(&s);
}

/* --- rows against the formulas --------------------------------------------------- */

/*
 * A model is solved once per distinct network along any key (issue 53): over
 * netperf_charges, which memcg_charge.throughput reads outside its network,
 * the rows after the first answer from the sweep's memo of solved networks;
 * over charge_page_ns, which is in the network's demand, every row solves
 * anew. Each cell equals the metric's fn on the row's machine with no memo.
 */
static void test_networks_once(void **state)
{
	static const char *const keys[][3] = { { "netperf_charges", "0.5", "0.7" }, { "charge_page_ns", "100", "100.2" } };
	struct machine m = machine_with("cpus 4096");
	static struct sweep sw;
	char err[256];

	(void)state;
	for (int k = 0; k < 2; k++) {
		struct sweep_range r;
		uint64_t rows = 0;

		assert_int_equal(sweep_range_parse(&m, keys[k][0], keys[k][1], keys[k][2], "step", "0.01", &r, err,
						   sizeof(err)), 0);
		sweep_init(&sw, &r);
		assert_int_equal(sweep_add_metric(&sw, "memcg_charge.throughput", err, sizeof(err)), 0);
		sweep_begin(&sw, &m);
		assert_ptr_equal(sw.m.mva_memo, &sw.mva);
		while (sweep_next(&sw) > 0) {
			struct machine plain = sw.m;

			plain.mva_memo = NULL;
			plain.memo = NULL;
			rows++;
			for (int c = 0; c < sw.ncols; c++) {
				struct value v = sweep_value(&sw, c), w = metric_compute(&plain, sw.cols[c].patch, sw.cols[c].metric,
											 sw.cols[c].side, NULL);

				assert_int_equal(v.kind, w.kind);
				assert_memory_equal(&v.r, &w.r, sizeof(v.r)); /* bit for bit */
			}
		}
		sweep_end(&sw);
		assert_int_equal(rows, 21);
		if (!k) /* the sides' networks solved on the first row, every later one a hit */
			assert_true(sw.mva.misses <= 4 && sw.mva.hits >= 20);
		else
			assert_true(sw.mva.misses >= 20);
	}
}

static void test_rows_exact(void **state)
{
	struct machine m = machine_with("ram 256G");
	struct sweep_range r;
	static struct sweep sw;
	uint64_t t = ref_totalram(256ull << 30, 4096), n = 0;
	char err[256];

	(void)state;
	assert_int_equal(sweep_range_parse(&m, "cpus", "1", "65536", "step", "1", &r, err, sizeof(err)), 0);
	sweep_init(&sw, &r);
	assert_int_equal(sweep_add_metric(&sw, "committed_as.batch", err, sizeof(err)), 0);
	assert_int_equal(sweep_add_metric(&sw, "vmstat.threshold", err, sizeof(err)), 0);
	assert_int_equal(sw.ncols, 3);
	assert_string_equal(sw.cols[0].head, "committed_as.batch.before");
	assert_string_equal(sw.cols[1].head, "committed_as.batch.after");
	assert_string_equal(sw.cols[2].head, "vmstat.threshold");
	sweep_begin(&sw, &m);
	while (sweep_next(&sw) > 0) {
		n++;
		assert_int_equal(sw.cur.u, n);
		assert_int_equal(sw.m.cpus, n);
		assert_int_equal(sweep_value(&sw, 0).i, ref_committed_batch(t, n, 0));
		assert_int_equal(sweep_value(&sw, 1).i, ref_committed_batch(t, n, 1));
		assert_int_equal(sweep_value(&sw, 2).i, ref_threshold(t, n));
	}
	sweep_end(&sw);
	assert_int_equal(n, 65536);

	/* over RAM, step 1G: the window and the batch at every GiB from 1 to 1024 */
	m = machine_with("cpus 64");
	assert_int_equal(sweep_range_parse(&m, "ram", "1G", "1T", "step", "1G", &r, err, sizeof(err)), 0);
	sweep_init(&sw, &r);
	assert_int_equal(sweep_add_metric(&sw, "vmpressure.window.after", err, sizeof(err)), 0);
	assert_int_equal(sweep_add_metric(&sw, "committed_as.batch.after", err, sizeof(err)), 0);
	sweep_begin(&sw, &m);
	n = 0;
	while (sweep_next(&sw) > 0) {
		uint64_t ram = ++n << 30, tr = ref_totalram(ram, 4096);

		assert_int_equal(sw.m.ram, ram);
		assert_int_equal(sweep_value(&sw, 0).i, ref_window_after(tr));
		assert_int_equal(sweep_value(&sw, 1).i, ref_committed_batch(tr, 64, 1));
	}
	sweep_end(&sw);
	assert_int_equal(n, 1024);

	/* over totalram itself, in pages across an fls boundary: 2^20 pages is 128 GiB's units */
	m = machine_with("");
	assert_int_equal(sweep_range_parse(&m, "totalram", "1048000p", "1048600p", "step", "1", &r, err, sizeof(err)), 0);
	sweep_init(&sw, &r);
	assert_int_equal(sweep_add_metric(&sw, "vmpressure.window.after", err, sizeof(err)), 0);
	sweep_begin(&sw, &m);
	n = 0;
	while (sweep_next(&sw) > 0) {
		assert_int_equal(sweep_value(&sw, 0).i, ref_window_after(1048000 + n));
		n++;
	}
	sweep_end(&sw);
	assert_int_equal(n, 601);
}

/* A PT_REAL key (the cost constants) sweeps like any other, through the table. */
static void test_real_key(void **state)
{
	const struct param *p = NULL;
	struct machine m = machine_with("");
	struct sweep_range r;
	static struct sweep sw;
	char from[32], to[32], step[32], err[256];
	double lo, hi;
	uint64_t n = 0;

	(void)state;
	for (size_t i = 0; i < nparams && !p; i++)
		if (params[i].type == PT_REAL)
			p = &params[i];
	if (!p)
		skip(); /* no real-valued key in the table yet */
	lo = p->rmin > 0 ? p->rmin : 0;
	hi = lo + 1;
	snprintf(from, sizeof(from), "%.17g", lo);
	snprintf(to, sizeof(to), "%.17g", hi);
	snprintf(step, sizeof(step), "%.17g", 0.1);
	assert_int_equal(sweep_range_parse(&m, p->name, from, to, NULL, NULL, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "step N or x N"));
	assert_int_equal(sweep_range_parse(&m, p->name, from, to, "step", step, &r, err, sizeof(err)), 0);
	assert_int_equal(r.rows, 11); /* 0.1 ten times is not quite 1.0: the last row still counts */
	sweep_init(&sw, &r);
	assert_int_equal(sweep_add_metric(&sw, "vmstat.threshold", err, sizeof(err)), 0);
	sweep_begin(&sw, &m);
	while (sweep_next(&sw) > 0) {
		assert_true(fabs(param_real(&sw.m, p) - (lo + 0.1 * (double)n)) < 1e-9);
		assert_true(param_real(&sw.m, p) <= hi);
		n++;
	}
	sweep_end(&sw);
	assert_int_equal(n, 11);
	assert_int_equal(sweep_range_parse(&m, p->name, "-1", to, "step", step, &r, err, sizeof(err)), -1);
}

/* --- the fn_cpus fast path ------------------------------------------------------- */

static int fn_calls, fn_cpus_calls;

/* Any function of cpus and the rest of the machine will do; this one is not monotone. */
static double fake_value(uint64_t cpus, int side, uint64_t depth)
{
	return (double)(cpus * 1000003u % 7919u + (uint64_t)side * 100000u + depth) / 7;
}

static struct value fake_fn(METRIC_ARGS(m, side, why))
{
	(void)why;
	fn_calls++;
	return val_real(fake_value(m->cpus, side, m->depth));
}

static int fake_fn_cpus(const struct machine *m, uint64_t n, double *const out[PATCH_MAX_COLS])
{
	fn_cpus_calls++;
	for (int side = 0; side < PATCH_MAX_COLS; side++)
		for (uint64_t i = 0; out[side] && i < n; i++)
			out[side][i] = fake_value(i + 1, side, m->depth);
	return 0;
}

static int declining_fn_cpus(const struct machine *m, uint64_t n, double *const out[PATCH_MAX_COLS])
{
	(void)m, (void)n, (void)out;
	fn_cpus_calls++;
	return -1;
}

static const char *const fake_sides[] = { "before", "after", NULL };
static const struct metric_desc fake_metrics[] = {
	{ .name = "fast", .unit = "things", .kind = METRIC_MODELED, .help = "test", .fn = fake_fn, .fn_cpus = fake_fn_cpus },
	{ .name = "declines", .unit = "things", .kind = METRIC_MODELED, .help = "test", .fn = fake_fn,
	  .fn_cpus = declining_fn_cpus },
	{ .name = "slow", .unit = "things", .kind = METRIC_MODELED, .help = "test", .fn = fake_fn },
	{ .name = NULL },
};
static const struct patch_desc fake_patch = {
	.id = "fake", .title = "test", .seed = "-", .kernel = "-", .sides = fake_sides, .before = 0, .after = 1,
	.metrics = fake_metrics, .about = "", .published = "", .headline = "fast",
};

static void sweep_fake(const char *how, const char *n, const char *from, const char *to)
{
	struct machine m = machine_with("depth 5");
	struct sweep_range r;
	static struct sweep sw;
	char err[256];
	uint64_t rows = 0;

	assert_int_equal(sweep_range_parse(&m, "cpus", from, to, how, n, &r, err, sizeof(err)), 0);
	sweep_init(&sw, &r);
	for (int i = 0; i < 3; i++)
		for (int side = 0; side < 2; side++)
			assert_int_equal(sweep_add_column(&sw, &fake_patch, &fake_metrics[i], side, "x", err, sizeof(err)), 0);
	fn_calls = fn_cpus_calls = 0;
	sweep_begin(&sw, &m);
	assert_int_equal(fn_cpus_calls, 2); /* fast and declines: one pass each for both sides */
	assert_int_equal(sw.fast_calls, 2);
	assert_non_null(sw.cols[0].fast);
	assert_null(sw.cols[2].fast);
	assert_int_equal(fn_calls, 0);
	while (sweep_next(&sw) > 0) {
		struct value v[6];
		int before = fn_calls;

		for (int c = 0; c < 6; c++)
			v[c] = sweep_value(&sw, c);
		assert_int_equal(fn_calls - before, 4); /* the two table columns cost nothing */
		for (int side = 0; side < 2; side++) {
			struct value per_row = fake_fn(&sw.m, NULL, side, NULL);

			assert_true(v[side].kind == VAL_REAL && v[side].r == per_row.r); /* fast path */
			assert_true(v[2 + side].r == per_row.r);                       /* declined: per row */
			assert_true(v[4 + side].r == per_row.r);                       /* none: per row */
		}
		rows++;
	}
	sweep_end(&sw);
	assert_int_equal(rows, r.rows);
}

static void test_fast_path(void **state)
{
	(void)state;
	sweep_fake("step", "1", "1", "65536");
	sweep_fake("step", "7", "100", "2000");
	sweep_fake("x", "2", "3", "65536");
	sweep_fake("x", "1.3", "1", "5000");
}

/* Not over cpus, fn_cpus is never asked. */
/* One pass serves both sides; a column asked for twice gets a pass of its own, not the other's table. */
static void test_fast_path_shared_pass(void **state)
{
	struct machine m = machine_with("depth 3");
	struct sweep_range r;
	static struct sweep sw;
	char err[256];
	const int sides[] = { 1, 1, 0 };

	(void)state;
	assert_int_equal(sweep_range_parse(&m, "cpus", "1", "4096", NULL, NULL, &r, err, sizeof(err)), 0);
	sweep_init(&sw, &r);
	for (int i = 0; i < 3; i++)
		assert_int_equal(sweep_add_column(&sw, &fake_patch, &fake_metrics[0], sides[i], "x", err, sizeof(err)), 0);
	fn_calls = fn_cpus_calls = 0;
	sweep_begin(&sw, &m);
	assert_int_equal(fn_cpus_calls, 2); /* after and before together; the second after alone */
	assert_int_equal(sw.fast_calls, 3);
	for (int i = 0; i < 3; i++)
		assert_non_null(sw.cols[i].fast);
	assert_ptr_not_equal(sw.cols[0].fast, sw.cols[1].fast);
	while (sweep_next(&sw) > 0)
		for (int i = 0; i < 3; i++)
			assert_true(sweep_value(&sw, i).r == fake_fn(&sw.m, NULL, sides[i], NULL).r);
	assert_int_equal(sw.cur.i, 4096);
	sweep_end(&sw);
}

static void test_fast_path_only_cpus(void **state)
{
	struct machine m = machine_with("");
	struct sweep_range r;
	static struct sweep sw;
	char err[256];

	(void)state;
	assert_int_equal(sweep_range_parse(&m, "depth", "1", "64", NULL, NULL, &r, err, sizeof(err)), 0);
	sweep_init(&sw, &r);
	assert_int_equal(sweep_add_column(&sw, &fake_patch, &fake_metrics[0], 0, "x", err, sizeof(err)), 0);
	fn_calls = fn_cpus_calls = 0;
	sweep_begin(&sw, &m);
	while (sweep_next(&sw) > 0)
		assert_true(sweep_value(&sw, 0).r == fake_value(m.cpus, 0, sw.m.depth));
	sweep_end(&sw);
	assert_int_equal(fn_cpus_calls, 0);
	assert_int_equal(fn_calls, 64);
}

/* --- formats ------------------------------------------------------------------------ */

static void test_csv_json_table(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512], line[256];
	const char *p;
	int n;

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "format csv", &out, err), 0);
	assert_int_equal(run(&s, "sweep ram 1G 4G vmpressure.window vmstat.threshold", &out, err), 0);
	/* the header, then ram in bytes as `get ram` prints it, the window before and after, the threshold */
	snprintf(line, sizeof(line),
		 "ram,vmpressure.window.before,vmpressure.window.after,vmstat.threshold\n"
		 "1073741824,512,%llu,%llu\n2147483648,512,%llu,%llu\n4294967296,512,%llu,%llu\n",
		 (unsigned long long)ref_window_after(ref_totalram(1ull << 30, 4096)),
		 (unsigned long long)ref_threshold(ref_zone(1ull << 30), 64),
		 (unsigned long long)ref_window_after(ref_totalram(2ull << 30, 4096)),
		 (unsigned long long)ref_threshold(ref_zone(2ull << 30), 64),
		 (unsigned long long)ref_window_after(ref_totalram(4ull << 30, 4096)),
		 (unsigned long long)ref_threshold(ref_zone(4ull << 30), 64));
	assert_string_equal(sb_str(&out), line);
	/* the order asked, and a named side as asked */
	assert_int_equal(run(&s, "sweep cpus 2 2 vmstat.threshold committed_as.batch.after proactive_reclaim.calls.before",
			     &out, err), 0);
	p = "cpus,vmstat.threshold,committed_as.batch.after,proactive_reclaim.calls.before\n";
	assert_true(!strncmp(sb_str(&out), p, strlen(p)));

	assert_int_equal(run(&s, "format json", &out, err), 0);
	assert_int_equal(run(&s, "sweep cpus 1 4 x 2 vmstat.threshold memcg_charge.batch", &out, err), 0);
	p = sb_str(&out);
	/* one document: its result names the command and holds the rows (records.h) */
	assert_true(!strncmp(p, "{\"batchlab\": ", 13));
	assert_non_null(strstr(p, "\"rows\": [\n    {\"cpus\": 1, \"vmstat.threshold\": "));
	assert_non_null(strstr(p, "\"memcg_charge.batch.before\": 32, \"memcg_charge.batch.after\": 64}"));
	assert_non_null(strstr(p, "},\n    {\"cpus\": 2, "));
	assert_non_null(strstr(p, "},\n    {\"cpus\": 4, "));
	assert_int_equal(count_lines(p), 7);
	assert_string_equal(p + out.len - 10, "}\n  ]}\n]}\n");

	assert_int_equal(run(&s, "format table", &out, err), 0);
	assert_int_equal(run(&s, "sweep cpus 1 8 step 1 vmstat.threshold", &out, err), 0);
	p = sb_str(&out);
	assert_int_equal(count_lines(p), 10); /* names, units, 8 rows */
	n = sscanf(p, " cpus vmstat.threshold\n CPUs pages\n %255s", line);
	assert_int_equal(n, 1);
	assert_string_equal(line, "1");
	sb_free(&out);
	session_end(&s);
}

/* --- output files ----------------------------------------------------------------------- */

static int dir_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void test_output_file(void **state)
{
	char dir[] = "/tmp/bl-sweep-XXXXXX", path[128], cmd[256], err[512];
	struct session s;
	struct strbuf out = STRBUF_INIT, direct = STRBUF_INIT;
	char *text;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/rows.csv", dir);
	session_init(&s);
	s.format = FMT_CSV;

	/* an old file, replaced whole */
	f = fopen(path, "w");
	fputs("old\n", f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "sweep cpus 1 70000 step 1 vmstat.threshold > %s", path);
	assert_int_equal(run(&s, cmd, &out, err), -1); /* 70000 CPUs is out of range: nothing written */
	text = slurp(path);
	assert_string_equal(text, "old\n");
	free(text);
	assert_int_equal(dir_entries(dir), 1); /* and no temporary file left behind */

	snprintf(cmd, sizeof(cmd), "sweep cpus 1 65536 step 1 vmstat.threshold committed_as.batch > %s", path);
	assert_int_equal(run(&s, cmd, &out, err), 0);
	assert_int_equal(out.len, 0); /* the rows went to the file */
	assert_int_equal(run(&s, "sweep cpus 1 65536 step 1 vmstat.threshold committed_as.batch", &direct, err), 0);
	text = slurp(path);
	assert_string_equal(text, sb_str(&direct));
	assert_int_equal(count_lines(text), 65537);
	free(text);
	assert_int_equal(dir_entries(dir), 1);

	/* --output PATH, >PATH and --output=PATH are the same */
	snprintf(cmd, sizeof(cmd), "sweep cpus 1 16 --output %s vmstat.threshold", path);
	assert_int_equal(run(&s, cmd, &out, err), 0);
	assert_int_equal(run(&s, "sweep cpus 1 16 vmstat.threshold", &direct, err), 0);
	text = slurp(path);
	assert_string_equal(text, sb_str(&direct));
	free(text);
	snprintf(cmd, sizeof(cmd), "sweep cpus 1 16 vmstat.threshold >%s", path);
	assert_int_equal(run(&s, cmd, &out, err), 0);
	snprintf(cmd, sizeof(cmd), "sweep cpus 1 16 vmstat.threshold --output=%s", path);
	assert_int_equal(run(&s, cmd, &out, err), 0);
	text = slurp(path);
	assert_string_equal(text, sb_str(&direct));
	free(text);

	/* a directory cannot be replaced: an error, and the temporary file is gone */
	snprintf(cmd, sizeof(cmd), "sweep cpus 1 16 vmstat.threshold > %s", dir);
	assert_int_equal(run(&s, cmd, &out, err), -1);
	assert_null(strchr(err, '\n'));
	assert_int_equal(dir_entries(dir), 1);

	unlink(path);
	rmdir(dir);
	sb_free(&out);
	sb_free(&direct);
	session_end(&s);
}

/* --- Ctrl-C ---------------------------------------------------------------------------- */

static uint64_t raise_at;

/* A metric that presses Ctrl-C at one row: the real handler has to catch it. */
static struct value interrupting_fn(METRIC_ARGS(m, side, why))
{
	(void)side, (void)why;
	if (m->cpus == raise_at)
		raise(SIGINT);
	return val_int(m->cpus);
}

static const struct metric_desc interrupting = { .name = "ctrl_c", .unit = "CPUs", .kind = METRIC_EXACT,
						 .single = 1, .help = "test", .fn = interrupting_fn };

static void interrupt_in(enum out_format fmt, FILE *f, struct strbuf *out, char *err)
{
	struct machine m = machine_with("");
	struct sweep_range r;
	static struct sweep sw;

	assert_int_equal(sweep_range_parse(&m, "cpus", "1", "65536", "step", "1", &r, err, 256), 0);
	sweep_init(&sw, &r);
	assert_int_equal(sweep_add_column(&sw, &fake_patch, &interrupting, 0, "fake.ctrl_c", err, 256), 0);
	assert_int_equal(sweep_write(&m, &sw, fmt, f, 0, out, err, 256), -2);
	assert_non_null(strstr(err, "interrupted after 40000 of 65536 rows"));
	assert_null(strchr(err, '\n'));
}

static void test_interrupt(void **state)
{
	struct strbuf out = STRBUF_INIT;
	char err[256], *text;
	FILE *f = tmpfile();
	long n;
	uint64_t k = 0;
	const char *p;
	void (*old)(int) = signal(SIGINT, SIG_DFL);

	(void)state;
	raise_at = 40000;
	/* csv through a file in 64 KiB chunks: header plus 40000 whole lines, the row being made when it came included */
	interrupt_in(FMT_CSV, f, &out, err);
	fwrite(out.buf, 1, out.len, f);
	n = ftell(f);
	rewind(f);
	text = malloc((size_t)n + 1);
	assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
	text[n] = '\0';
	assert_int_equal(count_lines(text), 40001);
	assert_int_equal(text[n - 1], '\n');
	for (p = strchr(text, '\n') + 1; *p; p = strchr(p, '\n') + 1) {
		unsigned long long a, b;

		k++;
		assert_int_equal(sscanf(p, "%llu,%llu", &a, &b), 2);
		assert_int_equal(a, k);
		assert_int_equal(b, k);
	}
	free(text);
	fclose(f);

	/* json all in memory: closed, so it parses */
	sb_reset(&out);
	interrupt_in(FMT_JSON, NULL, &out, err);
	assert_int_equal(count_lines(sb_str(&out)), 40004);
	assert_string_equal(sb_str(&out) + out.len - 10, "}\n  ]}\n]}\n");
	/* the handler was put back */
	assert_true(signal(SIGINT, old) == SIG_DFL);

	/* a background job ignores Ctrl-C, and its sweep runs to the end */
	{
		struct machine m = machine_with("");
		struct sweep_range r;
		static struct sweep sw;

		old = signal(SIGINT, SIG_IGN);
		sb_reset(&out);
		assert_int_equal(sweep_range_parse(&m, "cpus", "1", "65536", "step", "1", &r, err, 256), 0);
		sweep_init(&sw, &r);
		assert_int_equal(sweep_add_column(&sw, &fake_patch, &interrupting, 0, "fake.ctrl_c", err, 256), 0);
		assert_int_equal(sweep_write(&m, &sw, FMT_CSV, NULL, 0, &out, err, 256), 0);
		assert_int_equal(count_lines(sb_str(&out)), 65537);
		assert_true(signal(SIGINT, old) == SIG_IGN);
	}
	sb_free(&out);
}

/* --- where ---------------------------------------------------------------------------------- */

static int where(struct session *s, const char *cmd, struct strbuf *out, char *err)
{
	s->format = FMT_CSV;
	return run(s, cmd, out, err);
}

static void test_where(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512], want[256];
	uint64_t first = 0;

	(void)state;
	session_init(&s);
	/* the first RAM (bytes) whose window passes 4096: a bisection over bytes of the reference, 1G..1T */
	first = first_ram_bytes(1ull << 30, 1ull << 40, above_4096);
	assert_int_equal(where(&s, "where vmpressure.window.after > 4096 over ram 1G 1T", &out, err), 0);
	snprintf(want, sizeof(want), "ram,vmpressure.window.after,holds,monotone\n%llu,4608,yes,yes\n",
		 (unsigned long long)first);
	assert_string_equal(sb_str(&out), want);
	/* == finds the first of a run of equal values; the 3072 window starts one byte after the 2560 one ends */
	first = first_ram_bytes(1ull << 30, 1ull << 40, is_3072);
	assert_int_equal(where(&s, "where vmpressure.window.after == 3072 over ram 1G 1T", &out, err), 0);
	snprintf(want, sizeof(want), "ram,vmpressure.window.after,holds,monotone\n%llu,3072,yes,yes\n",
		 (unsigned long long)first);
	assert_string_equal(sb_str(&out), want);
	/* never */
	assert_int_equal(where(&s, "where vmstat.threshold > 125 over cpus 1 65536", &out, err), 0);
	assert_string_equal(sb_str(&out), "cpus,vmstat.threshold,holds,monotone\n65536,125,no,yes\n");
	/* holds from FROM on */
	assert_int_equal(where(&s, "where vmstat.threshold >= 1 over cpus 1 65536", &out, err), 0);
	assert_true(!strncmp(strchr(sb_str(&out), '\n') + 1, "1,", 2));

	/* the batch after is a V over CPUs (RAM/nr/4 falls, the 2*nr floor rises): not monotone, so scanned */
	{
		uint64_t t = ref_totalram(256ull << 30, 4096), n;

		for (n = 1; n < 65536 && ref_committed_batch(t, n, 1) >= 10000; n++)
			;
		assert_true(n > 1000 && n < 3000);
		assert_int_equal(where(&s, "where committed_as.batch.after < 10000 over cpus 1 65536", &out, err), 0);
		snprintf(want, sizeof(want), "cpus,committed_as.batch.after,holds,monotone\n%llu,%llu,yes,no\n",
			 (unsigned long long)n, (unsigned long long)ref_committed_batch(t, n, 1));
		assert_string_equal(sb_str(&out), want);
		/* and the rise on the far side: the first n past the bottom where the floor 2n passes 100000 */
		assert_int_equal(where(&s, "where committed_as.batch.after > 100000 over cpus 2000 65536", &out, err), 0);
		assert_true(!strncmp(sb_str(&out) + strlen("cpus,committed_as.batch.after,holds,monotone\n"),
				     "50001,100002,yes,", 17));
	}
	/* sizes and ratios as values */
	s.format = FMT_TABLE;
	assert_int_equal(run(&s, "where committed_as.max_drift_bytes.after >= 64G over ram 1G 1T", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "monotone"));
	assert_int_equal(run(&s, "where vmpressure.window.after > 4096 over ram 1G 1T", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "ram = "));
	assert_non_null(strstr(sb_str(&out), "(> 4096)"));
	assert_int_equal(run(&s, "where vmstat.threshold > 125 over cpus 1 65536", &out, err), 0);
	assert_true(!strncmp(sb_str(&out), "never in 1..65536", 17));
	s.format = FMT_JSON;
	assert_int_equal(run(&s, "where vmstat.threshold > 125 over cpus 1 65536", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "\"rows\": [\n"
					     "    {\"cpus\": 65536, \"vmstat.threshold\": 125, \"holds\": false, \"monotone\": true}\n  ]}"));
	sb_free(&out);
	session_end(&s);
}

/* where with a step tries exactly the stepped values; a metric without a side answers for each side. */
static void test_where_step_sides(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512], want[256];
	uint64_t first = 0;

	(void)state;
	session_init(&s);
	/* the window after passes 4096 (4608) from the RAM above_4096 finds; in whole GiB, the first one at or past it */
	first = first_ram_bytes(1ull << 30, 1ull << 40, above_4096);
	assert_int_equal(where(&s, "where vmpressure.window.after > 4096 over ram 1G 1T step 1G", &out, err), 0);
	snprintf(want, sizeof(want), "ram,vmpressure.window.after,holds,monotone\n%llu,4608,yes,yes\n",
		 (unsigned long long)((first + (1ull << 30) - 1) & ~((1ull << 30) - 1)));
	assert_string_equal(sb_str(&out), want);
	/* x 2: 1G, 2G, 4G ... the first power of two past it */
	assert_int_equal(where(&s, "where vmpressure.window.after > 4096 over ram 1G 1T x 2", &out, err), 0);
	{
		uint64_t p = 1ull << 30;

		while (p < first)
			p <<= 1;
		snprintf(want, sizeof(want), "ram,vmpressure.window.after,holds,monotone\n%llu,", (unsigned long long)p);
		assert_true(!strncmp(sb_str(&out), want, strlen(want)));
	}
	/* every side: before never passes 4096 (512 pages at every size, seed 004), after does */
	assert_int_equal(where(&s, "where vmpressure.window > 4096 over ram 1G 1T", &out, err), 0);
	snprintf(want, sizeof(want),
		 "metric,key,at,value,holds,monotone\nvmpressure.window.before,ram,1099511627776,512,no,yes\n"
		 "vmpressure.window.after,ram,%llu,4608,yes,yes\n", (unsigned long long)first);
	assert_string_equal(sb_str(&out), want);
	s.format = FMT_TABLE;
	assert_int_equal(run(&s, "where proactive_reclaim.calls <= 31 over reclaim 1M 1G step 1M", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "proactive_reclaim.calls.full"));
	assert_non_null(strstr(sb_str(&out), "proactive_reclaim.calls.cluster"));
	assert_non_null(strstr(sb_str(&out), "proactive_reclaim.calls.decay"));
	assert_non_null(strstr(sb_str(&out), "was tried"));
	sb_free(&out);
	session_end(&s);
}

/* A saw tooth over a range too wide to scan: the answer comes with monotone = 0 and no scan. */
static struct value saw_fn(METRIC_ARGS(m, side, why))
{
	(void)side, (void)why;
	return val_int(m->scanned % 997);
}

static void test_where_not_monotone_wide(void **state)
{
	static const struct metric_desc saw = { .name = "saw", .unit = "x", .kind = METRIC_EXACT, .single = 1,
						.help = "test", .fn = saw_fn };
	struct machine m = machine_with("");
	struct sweep_range r;
	struct sweep_col col = { .patch = &fake_patch, .metric = &saw };
	struct where_result res;
	char err[256];

	(void)state;
	assert_int_equal(sweep_bounds_parse(&m, "scanned", "0", "1000000000", &r, err, sizeof(err)), 0);
	assert_int_equal(sweep_where(&m, &r, &col, WHERE_GE, val_int(996), &res, err, sizeof(err)), 0);
	assert_int_equal(res.monotone, 0);
	assert_int_equal(res.scanned, 0);
	assert_true(res.evals < 200);
	/* small enough: every value is tried and the first is exact */
	assert_int_equal(sweep_bounds_parse(&m, "scanned", "0", "50000", &r, err, sizeof(err)), 0);
	assert_int_equal(sweep_where(&m, &r, &col, WHERE_GE, val_int(996), &res, err, sizeof(err)), 0);
	assert_int_equal(res.monotone, 0);
	assert_int_equal(res.scanned, 1);
	assert_int_equal(res.found, 1);
	assert_int_equal(res.at.u, 996);
}

/*
 * where's crossing value is printed in digits that show the condition holding. window_share =
 * 100 * 512 * 4096 / cgroup_size is < 10 first at cgroup_size = 20971521 (one byte past 20 MiB),
 * where it is 9.99999952...: "10 %" would contradict "< 10". A condition that holds at FROM
 * is said to hold from the start, not named a crossing.
 */
static void test_where_digits(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512], want[256], *eq;
	double v = 100.0 * 2097152 / 20971521, printed;

	(void)state;
	session_init(&s);
	s.format = FMT_TABLE;
	assert_true(v < 10);
	assert_int_equal(run(&s, "where vmpressure.window_share.before < 10 over cgroup_size 1M 64G", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "cgroup_size = 20971521 "));
	eq = strstr(sb_str(&out), "window_share.before = ");
	assert_non_null(eq);
	printed = strtod(eq + strlen("window_share.before = "), NULL);
	assert_true(printed < 10);
	assert_true(fabs(printed - v) < 1e-6);
	assert_null(strstr(sb_str(&out), "= 10 %"));
	/* no rounding trouble in whole MiB (23 MiB, 8.696 %): the usual four digits */
	assert_int_equal(run(&s, "where vmpressure.window_share.before < 9 over cgroup_size 1M 64G step 1M", &out, err), 0);
	snprintf(want, sizeof(want), "vmpressure.window_share.before = %.4g %% (< 9)", 100.0 * 2097152 / (23 << 20));
	assert_non_null(strstr(sb_str(&out), want));
	/* a whole number shown scaled gets its count: windows step by 512 pages, past 22 MiB (5632) is 6144 */
	assert_int_equal(run(&s, "where vmpressure.window_bytes.after > 22M over ram 1G 1T", &out, err), 0);
	snprintf(want, sizeof(want), "= 24 MiB (%u bytes) (> 22M)", 6144u * 4096);
	assert_non_null(strstr(sb_str(&out), want));
	assert_int_equal(run(&s, "where vmpressure.window.after > 4096 over ram 1G 1T", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "= 4608 pages (> 4096)"));
	/* holds at the start: said so, no crossing named */
	assert_int_equal(run(&s, "where vmpressure.window_share.after < 10 over ram 1G 1T", &out, err), 0);
	assert_true(!strncmp(sb_str(&out), "already holds at the start of 1 GiB..1 TiB", 42));
	assert_int_equal(run(&s, "where vmstat.threshold >= 1 over cpus 1 64 step 1", &out, err), 0);
	assert_true(!strncmp(sb_str(&out), "already holds at the start of 1..64", 35));
	/* a crossing inside the range is not "at the start" */
	assert_int_equal(run(&s, "where vmpressure.window.after > 4096 over ram 1G 1T", &out, err), 0);
	assert_null(strstr(sb_str(&out), "already holds"));
	sb_free(&out);
	session_end(&s);
}

/*
 * tradeoff proactive_reclaim's cost, overreclaim_bytes, is unresolved everywhere else (show's
 * change column, md->unresolved): the table marks it in the cost's kind, its unit line and a
 * line of its own; a trade-off of resolved metrics has none of that.
 */
static void test_tradeoff_unresolved(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];
	const struct metric_desc *md = patch_metric(patch_find(NULL, "proactive_reclaim"), "overreclaim_bytes");

	(void)state;
	session_init(&s);
	s.format = FMT_TABLE;
	assert_non_null(md->unresolved);
	assert_int_equal(run(&s, "tradeoff proactive_reclaim", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "cost: proactive_reclaim.overreclaim_bytes (bytes, model, unresolved,"));
	assert_non_null(strstr(sb_str(&out), "unresolved: proactive_reclaim.overreclaim_bytes - "));
	assert_non_null(strstr(sb_str(&out), md->unresolved));
	assert_non_null(strstr(sb_str(&out), "bytes, unresolved\n"));
	assert_int_equal(run(&s, "tradeoff memcg_charge", &out, err), 0);
	assert_null(strstr(sb_str(&out), "unresolved"));
	/* rows past S8_MAX are flagged, and the flag said once; show marks the after side the same way */
	assert_non_null(strstr(sb_str(&out), "         128  "));
	assert_non_null(strstr(sb_str(&out), "0.7812  !\n"));
	assert_non_null(strstr(sb_str(&out), "0.3906  after\n"));
	assert_non_null(strstr(sb_str(&out), "! marked: above 127"));
	assert_null(strstr(strstr(sb_str(&out), "! marked:") + 1, "! marked:"));
	assert_int_equal(run(&s, "set charge_batch 200", &out, err), 0);
	assert_int_equal(run(&s, "tradeoff memcg_charge", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "  after !\n"));
	assert_int_equal(run(&s, "show memcg_charge", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "  after: MEMCG_CHARGE_BATCH = 200; marked: above 127"));
	assert_int_equal(run(&s, "set charge_batch 127", &out, err), 0);
	assert_int_equal(run(&s, "show memcg_charge", &out, err), 0);
	assert_null(strstr(sb_str(&out), "; marked:"));
	sb_free(&out);
	session_end(&s);
}

/* --- plot ------------------------------------------------------------------------------------- */

static void test_plot(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];
	const char *p, *chart;

	(void)state;
	setenv("LC_ALL", "C", 1);
	session_init(&s);
	assert_int_equal(run(&s, "plot vmpressure.window over ram 1G 1T", &out, err), 0);
	p = sb_str(&out);
	/* the machine first: what the metric reads other than the key the chart varies */
	assert_true(!strncmp(p, "machine: pagesize = 4 KiB, totalram = auto: 66060288 pages", 58));
	assert_true(strstr(p, "ram = 256 GiB") > strstr(p, "vmpressure.window (pages)")); /* only in the note */
	chart = strstr(p, "vmpressure.window (pages)");
	assert_non_null(chart);
	assert_int_equal(count_lines(chart), 23); /* 22 chart lines and the note */
	assert_non_null(strstr(p, "o before"));
	assert_non_null(strstr(p, "** after"));
	assert_non_null(strstr(p, "ram (bytes), log scale"));
	assert_non_null(strstr(p, "1GiB"));
	assert_non_null(strstr(p, "1TiB"));
	assert_non_null(strstr(p, "^ this machine"));
	assert_non_null(strstr(p, "this machine: ram = 256 GiB: before 512 pages, after 6144 pages\n"));
	/* one side, a step typed: a linear axis, one curve, no legend */
	assert_int_equal(run(&s, "plot vmpressure.window.after over ram 1G 64G step 1G", &out, err), 0);
	p = sb_str(&out);
	assert_null(strstr(p, "log scale"));
	assert_null(strstr(p, "before"));
	assert_non_null(strstr(p, "vmpressure.window.after (pages)"));
	/* the preset in the title, marked once the machine moved away from it */
	assert_int_equal(run(&s, "preset load presets/vm-4g.preset", &out, err), 0);
	assert_int_equal(run(&s, "plot vmpressure.window over cpus 1 64", &out, err), 0);
	assert_true(!strncmp(sb_str(&out), "machine: preset presets/vm-4g.preset, ", 38));
	assert_int_equal(run(&s, "set scanned 1000", &out, err), 0);
	assert_int_equal(run(&s, "plot vmpressure.window over cpus 1 64", &out, err), 0);
	assert_true(!strncmp(sb_str(&out), "machine: preset presets/vm-4g.preset*, ", 39));
	sb_free(&out);
	session_end(&s);
}

/* --ascii and --width N for a mailing list; > PATH and --output PATH write the chart; .csv picks csv. */
static void test_plot_options(void **state)
{
	char dir[] = "/tmp/bl-plot-XXXXXX", path[128], cmd[256], err[512];
	struct session s;
	struct strbuf out = STRBUF_INIT, direct = STRBUF_INIT;
	char *text;
	int col = 0, widest = 0;

	(void)state;
	setenv("LC_ALL", "en_US.UTF-8", 1);
	session_init(&s);
	assert_int_equal(run(&s, "plot committed_as.throughput over cpus 1 4096 --ascii --width 72", &out, err), 0);
	for (const char *p = sb_str(&out); *p; p++) {
		if ((unsigned char)*p >= 0x80)
			fail_msg("--ascii printed a byte 0x%02x", (unsigned char)*p);
		col = *p == '\n' ? 0 : col + 1;
		widest = col > widest ? col : widest;
	}
	assert_true(widest <= 72);
	assert_true(widest >= 60); /* the chart fills the width asked for */
	assert_int_equal(run(&s, "plot committed_as.throughput over cpus 1 4096 --width 10", &out, err), -1);
	assert_non_null(strstr(err, "--width"));

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/chart.txt", dir);
	snprintf(cmd, sizeof(cmd), "plot vmpressure.window over ram 1G 64G --ascii > %s", path);
	assert_int_equal(run(&s, cmd, &out, err), 0);
	assert_int_equal(out.len, 0); /* the chart went to the file */
	assert_int_equal(run(&s, "plot vmpressure.window over ram 1G 64G --ascii --width 80", &direct, err), 0);
	text = slurp(path);
	assert_string_equal(text, sb_str(&direct)); /* a file gets 80 columns */
	free(text);
	unlink(path);
	/* a path ending .csv: the points as csv, lossless, a column per curve */
	snprintf(path, sizeof(path), "%s/chart.csv", dir);
	snprintf(cmd, sizeof(cmd), "plot vmpressure.window over ram 1G 4G step 1G --output %s", path);
	assert_int_equal(run(&s, cmd, &out, err), 0);
	text = slurp(path);
	assert_string_equal(text, "ram,before,after\n1073741824,512,2048\n2147483648,512,2560\n"
				  "3221225472,512,3072\n4294967296,512,3072\n"); /* 3G: fls(24) = 5 */
	free(text);
	unlink(path);
	/* but --format says otherwise */
	s.format = FMT_JSON;
	assert_int_equal(run(&s, cmd, &out, err), 0);
	text = slurp(path);
	assert_true(!strncmp(text, "{\"batchlab\": ", 13)); /* a document of its own */
	free(text);
	unlink(path);
	assert_int_equal(rmdir(dir), 0); /* nothing else left behind */
	unsetenv("LC_ALL");
	sb_free(&out);
	sb_free(&direct);
	session_end(&s);
}


/* --- issue 21.3: every row of a sweep is what `set KEY VALUE; get ...` gives there ----------------- */

/* Three or so values of p around m's, typed as `set` reads them: FROM, TO and a step (how may be NULL). */
static int key_range(const struct machine *m, const struct param *p, char *from, char *to, size_t len,
		     const char **how, const char **n)
{
	*how = "x";
	*n = "2";
	if (p->type == PT_CHOICE) {
		return -1; /* a sweep refuses a choice (test_range_errors): set each and compare */
	} else if (p->allowed) {
		int last = 0;

		while (p->allowed[last + 1])
			last++;
		snprintf(from, len, "%lluK", (unsigned long long)p->allowed[0] / 1024);
		snprintf(to, len, "%lluK", (unsigned long long)p->allowed[last] / 1024);
		*how = *n = NULL;
	} else if (p->type == PT_REAL) {
		double r = param_real(m, p);

		if (r == 0) {
			snprintf(from, len, "0");
			snprintf(to, len, "%.17g", fmin(p->rmax, 1000));
			*how = "step";
			*n = "400";
		} else {
			snprintf(from, len, "%.17g", fmax(p->rmin, r / 2));
			snprintf(to, len, "%.17g", fmin(p->rmax, r * 2));
		}
	} else {
		uint64_t u = param_u64(m, p), lo = u / 2 > p->min ? u / 2 : p->min;
		uint64_t hi = u <= p->max / 2 ? u * 2 : p->max;

		static char step[32];

		if (!lo) /* x N needs FROM above 0: from 0, two steps to a value of some size */
			hi = p->max < (1ull << 30) ? p->max : 1ull << 30;
		if (hi <= lo)
			hi = lo + 2 <= p->max ? lo + 2 : p->max;
		if (hi <= lo)
			return -1;
		if (!lo) {
			snprintf(step, sizeof(step), "%llu", (unsigned long long)(hi / 2 ? hi / 2 : 1));
			*how = "step";
			*n = step;
		}
		snprintf(from, len, "%llu%s", (unsigned long long)lo, p->type == PT_PAGES ? "p" : "");
		snprintf(to, len, "%llu%s", (unsigned long long)hi, p->type == PT_PAGES ? "p" : "");
	}
	return 0;
}

static int same_value(struct value a, struct value b)
{
	if (a.kind != b.kind)
		return 0;
	if (a.kind == VAL_NONE)
		return 1;
	if (a.kind != VAL_REAL)
		return a.i == b.i;
	return a.r == b.r || (isinf(a.r) && isinf(b.r)) || fabs(a.r - b.r) <= 1e-9 * fmax(fabs(a.r), fabs(b.r));
}

static const char *value_text(struct value v, char *buf, size_t len)
{
	if (v.kind == VAL_NONE)
		snprintf(buf, len, "n/a (%s)", v.why);
	else if (v.kind == VAL_REAL)
		snprintf(buf, len, "%.17g", v.r);
	else
		snprintf(buf, len, "%llu", (unsigned long long)v.i);
	return buf;
}

/*
 * Sweep p over key_range() on m with columns (PATCH.METRIC names, or all of
 * d's metrics and sides when only is NULL), and every row against the row's
 * own machine: m, `set KEY VALUE` as param_set() and machine_check() take it,
 * each cell metric_compute() there - or n/a where `set` refuses the machine.
 */
static void rows_against_get(const struct machine *m, const struct param *p, const struct patch_desc *d,
			     const char *only, const char *what)
{
	struct sweep *sw = malloc(sizeof(*sw));
	struct machine *row = malloc(sizeof(*row));
	struct sweep_range r;
	char from[64], to[64], err[256];
	const char *how, *n;

	assert_non_null(sw);
	assert_non_null(row);
	if (key_range(m, p, from, to, sizeof(from), &how, &n)) {
		free(sw);
		free(row);
		return;
	}
	if (sweep_range_parse(m, p->name, from, to, how, n, &r, err, sizeof(err)))
		fail_msg("%s: sweep %s %s %s: %s", what, p->name, from, to, err);
	sweep_init(sw, &r);
	if (only) {
		if (sweep_add_metric_m(sw, m, only, err, sizeof(err)))
			fail_msg("%s: %s: %s", what, only, err);
	} else {
		for (const struct metric_desc *md = d->metrics; md->name; md++) {
			char name[128];

			snprintf(name, sizeof(name), "%s.%s", d->id, md->name);
			if (sweep_add_metric_m(sw, m, name, err, sizeof(err)))
				fail_msg("%s: %s: %s", what, name, err);
		}
	}
	sweep_begin(sw, m);
	while (sweep_next(sw)) {
		int refused;

		*row = *m;
		refused = r.real ? param_set_real(row, p, sw->cur.r, err, sizeof(err))
				 : param_set_u64(row, p, sw->cur.u, err, sizeof(err));
		refused = refused || machine_check(row, err, sizeof(err));
		for (int i = 0; i < sw->ncols; i++) {
			const struct sweep_col *c = &sw->cols[i];
			struct value want = refused ? val_none("refused") : metric_compute(row, c->patch, c->metric, c->side, NULL);
			struct value got = sweep_value(sw, i);
			char a[400], b[400];

			if (!same_value(want, got))
				fail_msg("%s: sweep %s %s..%s, row %s = %.17g: %s is %s, get gives %s", what, p->name, from, to,
					 p->name, r.real ? sw->cur.r : (double)sw->cur.u, c->head, value_text(got, a, sizeof(a)),
					 value_text(want, b, sizeof(b)));
		}
	}
	sweep_end(sw);
	free(sw);
	free(row);
}

/* The machines the property runs on: the default, one CPU (sockets auto is 1), and 3 CPUs with little RAM. */
static const char *const base_machines[] = { "", "cpus 1", "cpus 3 ram 1G", NULL };

/*
 * Both directions, for every patch with a constant and every parameter: a
 * sweep over each key with a variant that reads every name an expression may
 * read (each term mod 61: doubling a value always moves it), all metrics and
 * sides; then a variant reading one name at a time against a sweep over each
 * key. A name or metric bound once while the row's machine moves it
 * (sockets is auto, derived from cpus) shows as a row that differs.
 */
static void test_rows_follow_derived(void **state)
{
	(void)state;
	/* under ASan the default machine alone (BL_SANITIZED, testutil.h) */
	for (int b = 0; base_machines[b] && (b == 0 || !BL_SANITIZED); b++)
		for (int i = 0; patch_set_builtin.list[i]; i++) {
			const struct patch_desc *d = patch_set_builtin.list[i];
			const char *names[VARIANT_NAMES_MAX + 1];
			char expr[VARIANT_TEXT_MAX + 16], err[256], what[160];
			int nn;
			size_t len;

			if (!d->constant)
				continue;
			nn = variant_names(d, names, VARIANT_NAMES_MAX);
			for (size_t k = 0; k < nparams; k++) {
				struct machine *m = malloc(sizeof(*m));
				int nv = 0;

				*m = machine_with(base_machines[b]);
				/* every name, in as many variants as the expression length asks (v0, v1, ...) */
				for (int first = 0; first < nn; nv++) {
					char vname[16];

					len = (size_t)snprintf(expr, sizeof(expr), "32");
					/* each term is four steps of a program of at most 64 */
					for (int t = 0; t < 12 && first < nn && len + strlen(names[first]) + 4 < VARIANT_TEXT_MAX; t++)
						len += (size_t)snprintf(expr + len, sizeof(expr) - len, "+%s%%61", names[first++]);
					snprintf(vname, sizeof(vname), "n%d", nv); /* not v2: a side of pcp */
					if (variant_add(test_set(m), d, vname, expr, err, sizeof(err)))
						fail_msg("%s: %s", expr, err);
				}
				snprintf(what, sizeof(what), "[%s] %s: %d variants read every name", base_machines[b], d->id, nv);
				rows_against_get(m, &params[k], d, NULL, what);
				free(m);
			}
			for (int k = 0; k < nn; k++) {
				char one[128], col[128];

				snprintf(one, sizeof(one), "32 + %s %% 61", names[k]);
				snprintf(col, sizeof(col), "%s.%s.v", d->id, d->metrics[0].name);
				for (size_t j = 0; j < nparams; j++) {
					struct machine *m = malloc(sizeof(*m));

					*m = machine_with(base_machines[b]);
					if (variant_add(test_set(m), d, "v", one, err, sizeof(err)))
						fail_msg("%s: %s", one, err);
					snprintf(what, sizeof(what), "[%s] %s.v = %s", base_machines[b], d->id, one);
					rows_against_get(m, &params[j], d, col, what);
					free(m);
				}
			}
		}
}

/*
 * Issue 27: a sweep over a key machine_check() reads finds the rows `set`
 * takes as one interval before its first row (find_pass, core/sweep.c).
 * Every row's verdict, on random machines whose set values sit near the
 * ranges, is machine_check()'s on the machine `set` makes - including
 * ranges where neither end passes, checked row by row.
 */
static void test_refused_rows_interval(void **state)
{
	static const char *const keys[] = { "totalram", "zone", "ram", "cpus", "sockets" };
	static struct sweep sw;
	uint64_t x = 0x853c49e6748fea9bull;
	long rows = 0, refused = 0, known = 0;

	(void)state;
	for (int trial = 0; trial < 3000; trial++) {
		const char *key = keys[trial % 5];
		struct machine m = machine_with("");
		const struct param *p = param_find(key);
		struct sweep_range r;
		char err[256], from[64], to[64], step[64], set[128];
		uint64_t a, w;

		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		/* the other values near where the key's rows cross them */
		snprintf(set, sizeof(set), "ram %lluM", (unsigned long long)(1 + x % 64));
		m = machine_with(set);
		if (x >> 8 & 1)
			assert_int_equal(param_set(&m, param_find("totalram"), x >> 9 & 1 ? "1000p" : "3000p", err, sizeof(err)), 0);
		if (x >> 10 & 1)
			assert_int_equal(param_set(&m, param_find("zone"), x >> 11 & 1 ? "900p" : "2000p", err, sizeof(err)), 0);
		if (x >> 12 & 1)
			assert_int_equal(param_set(&m, param_find("sockets"), "3", err, sizeof(err)), 0);
		if (x >> 13 & 1)
			assert_int_equal(param_set(&m, param_find("cpus"), "4", err, sizeof(err)), 0);
		if (machine_check(&m, err, sizeof(err)))
			continue; /* only a machine `set` took is swept */
		if (!strcmp(key, "ram")) {
			a = 1 + (x >> 20) % 8;
			w = (x >> 24) % 40;
			snprintf(from, sizeof(from), "%lluM", (unsigned long long)a);
			snprintf(to, sizeof(to), "%lluM", (unsigned long long)(a + w));
			snprintf(step, sizeof(step), "%lluK", (unsigned long long)(1 + (x >> 30) % 900));
		} else {
			int pages = p->type == PT_PAGES;

			a = 1 + (x >> 20) % (pages ? 4000 : 6);
			w = (x >> 32) % (pages ? 5000 : 8);
			snprintf(from, sizeof(from), "%llu%s", (unsigned long long)a, pages ? "p" : "");
			snprintf(to, sizeof(to), "%llu%s", (unsigned long long)(a + w), pages ? "p" : "");
			snprintf(step, sizeof(step), "%llu%s", (unsigned long long)(1 + (x >> 40) % 97), pages ? "p" : "");
		}
		if (sweep_range_parse(&m, key, from, to, "step", step, &r, err, sizeof(err)))
			continue;
		sweep_init(&sw, &r);
		assert_int_equal(sweep_add_metric(&sw, "committed_as.batch", err, sizeof(err)), 0);
		sweep_begin(&sw, &m);
		known += sw.pass_known;
		while (sweep_next(&sw) > 0) {
			struct machine row = m;
			char why[256];
			int want;

			assert_int_equal(param_set_u64(&row, p, sw.cur.u, err, sizeof(err)), 0);
			want = machine_check(&row, why, sizeof(why)) != 0;
			if (want != (sw.refused != NULL)) {
				fprintf(stderr, "%s = %llu (trial %d, '%s', %s..%s step %s): refused %d, machine_check %d\n", key,
					(unsigned long long)sw.cur.u, trial, set, from, to, step, sw.refused != NULL, want);
				fail();
			}
			if (want)
				assert_string_equal(sw.refused, why);
			rows++;
			refused += want;
		}
		sweep_end(&sw);
	}
	fprintf(stderr, "test_sweep: %ld rows, %ld refused, %ld sweeps with the interval known\n", rows, refused, known);
	assert_true(refused > 1000 && rows - refused > 1000 && known > 500);
}

/*
 * Issue 53: over ram, with totalram derived from it, a model is solved once per
 * run of equal inputs as over totalram (the plateaus speak of the row's
 * machine_totalram()): committed_as.throughput and vmpressure.window at 16384
 * CPUs from 64G to 512G step 16M take most rows from their runs, and every row is
 * what the metric gives on that row's own machine; the estimate's count of
 * runs over ram is the runs the rows met.
 */
static void test_ram_runs(void **state)
{
	struct machine m = machine_with("cpus 16384"), row;
	struct sweep_range r;
	static struct sweep sw;
	const struct patch_desc *ca = patch_find(NULL, "committed_as"), *vp = patch_find(NULL, "vmpressure");
	const struct metric_desc *tp = NULL, *win = NULL;
	uint64_t n = 0, runs, covered, solved = 0;
	char err[256];

	(void)state;
	for (const struct metric_desc *md = ca->metrics; md->name; md++)
		tp = strcmp(md->name, "throughput") ? tp : md;
	for (const struct metric_desc *md = vp->metrics; md->name; md++)
		win = strcmp(md->name, "window") ? win : md;
	assert_non_null(tp);
	assert_non_null(win);
	assert_int_equal(sweep_range_parse(&m, "ram", "64G", "512G", "step", "128M", &r, err, sizeof(err)), 0);
	sweep_init(&sw, &r);
	assert_int_equal(sweep_add_metric(&sw, "committed_as.throughput", err, sizeof(err)), 0);
	assert_int_equal(sweep_add_metric(&sw, "vmpressure.window", err, sizeof(err)), 0);
	sweep_begin(&sw, &m);
	assert_true(sw.plateau_pages);
	assert_int_equal(sw.ncols, 4); /* each metric's before and after */
	runs = sweep_runs(&sw, 1000000, &covered);
	assert_int_equal(covered, r.rows);
	while (sweep_next(&sw) > 0) {
		n++;
		row = m;
		row.ram = sw.cur.u;
		for (int c = 0; c < sw.ncols; c++) {
			const struct metric_desc *md = c < 2 ? tp : win;
			struct value want = metric_compute(&row, c < 2 ? ca : vp, md, sw.cols[c].side, NULL);

			assert_true(sweep_value(&sw, c).kind == want.kind && sweep_value(&sw, c).i == want.i);
		}
	}
	sweep_end(&sw);
	assert_int_equal(n, r.rows);
	solved = n * (uint64_t)sw.ngroups - sw.plateau_rows;
	assert_int_equal(sw.ngroups, 2);
	/* solved once a run (a group's run may end inside another's), taken from it on every other row */
	assert_true(runs > 2 && solved >= runs && solved <= 2 * runs);
	assert_int_equal(sw.plateau_rows, 2 * n - solved);
}

/*
 * Issue 47: a machine whose auto zone was 0 pages (set now refuses nodes above
 * totalram; here it is built by hand) made 0 / 0 reals, and the rows held a
 * bare nan - no json, jsonl or csv reader takes one. Every format writes a
 * number or n/a (the zone layout may now give the nodes pages of their own).
 */
static void test_no_bare_nan(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "set ram 1M", &out, err), 0);
	assert_int_equal(run(&s, "set nodes 1024", &out, err), -1);
	assert_non_null(strstr(err, "nodes"));
	assert_non_null(strstr(err, "totalram"));
	s.m.nodes = 1024; /* the state set refuses: the writers must still write no nan */
	for (int f = 0; f < 4; f++) {
		static const enum out_format fmts[] = { FMT_TABLE, FMT_CSV, FMT_JSON, FMT_JSONL };

		s.format = fmts[f];
		if (run(&s, "sweep swap 1 2 watermark.gap_share", &out, err))
			fail_msg("%s", err);
		if (strstr(sb_str(&out), "nan"))
			fail_msg("%s", sb_str(&out));
		assert_non_null(strstr(sb_str(&out), "watermark.gap_share")); /* the rows were written */
		if (fmts[f] == FMT_JSONL)
			for (const char *l = sb_str(&out); *l; l = strchr(l, '\n') + 1) {
				char line[4096];

				snprintf(line, sizeof(line), "%.*s", (int)strcspn(l, "\n"), l);
				assert_true(json_valid(line));
			}
	}
	s.m.nodes = 1;
	sb_free(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_range_values),       cmocka_unit_test(test_range_errors),
		cmocka_unit_test(test_ram_runs),
		cmocka_unit_test(test_refused_rows_interval),
		cmocka_unit_test(test_command_errors),     cmocka_unit_test(test_rows_exact),
		cmocka_unit_test(test_real_key),           cmocka_unit_test(test_fast_path),
		cmocka_unit_test(test_fast_path_only_cpus), cmocka_unit_test(test_fast_path_shared_pass), cmocka_unit_test(test_csv_json_table),
		cmocka_unit_test(test_output_file),        cmocka_unit_test(test_interrupt),
		cmocka_unit_test(test_where),              cmocka_unit_test(test_where_not_monotone_wide),
		cmocka_unit_test(test_plot),               cmocka_unit_test(test_step_past_to),
		cmocka_unit_test(test_plot_options),       cmocka_unit_test(test_where_step_sides), cmocka_unit_test(test_where_digits),
		cmocka_unit_test(test_tradeoff_unresolved), cmocka_unit_test(test_rows_follow_derived),
		cmocka_unit_test(test_no_bare_nan),        cmocka_unit_test(test_networks_once),
	};
	return cmocka_run_group_tests_name("sweep", tests, NULL, NULL);
}
