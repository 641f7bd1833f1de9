/* The explorer's layout and cell text, without a terminal: rows from the tables, columns that fit, steps. */
#include <math.h>
#include <stdlib.h>

#include "testutil.h"

#include "../../tui/keys.h"
#include "../../tui/layout.h"

static size_t count_models(void)
{
	size_t n = 0;

	while (patch_set_builtin.list[n])
		n++;
	return n;
}

static size_t count_metrics(const struct patch_desc *d)
{
	size_t n = 0;

	while (d->metrics[n].name)
		n++;
	return n;
}

static void test_rows_machine(void **state)
{
	struct row rows[256];
	size_t n = rows_machine(rows, 256), groups = 0, next_param = 0;
	const char *group = NULL;

	(void)state;
	/* one heading per run of rows with the same group in params[] */
	for (size_t i = 0; i < nparams; i++)
		if (!i || strcmp(params[i].group, params[i - 1].group))
			groups++;
	assert_int_equal(n, nparams + groups);
	assert_int_equal(rows_machine(NULL, 0), n);
	for (size_t i = 0; i < n; i++) {
		if (rows[i].kind == ROW_GROUP) {
			group = rows[i].group;
			continue;
		}
		assert_int_equal(rows[i].kind, ROW_PARAM);
		assert_ptr_equal(rows[i].param, &params[next_param]);
		assert_int_equal(rows[i].serial, (int)next_param);
		assert_non_null(group);
		assert_string_equal(rows[i].param->group, group);
		next_param++;
	}
	assert_int_equal(next_param, nparams);
}

static void test_rows_patches(void **state)
{
	size_t nmodels = count_models(), compact = 0, n;
	struct row rows[512];
	int serial = 0, model = -1;
	const struct metric_desc *next = NULL;

	(void)state;
	for (size_t i = 0; i < nmodels; i++)
		compact += 1 + count_metrics(patch_set_builtin.list[i]);
	assert_int_equal(rows_patches(NULL, NULL, 0, DETAIL_COMPACT), compact);
	assert_int_equal(rows_patches(NULL, NULL, 0, DETAIL_TITLES), compact + nmodels);
	assert_int_equal(rows_patches(NULL, NULL, 0, DETAIL_FULL), compact + 2 * nmodels - 1);

	/* every model once, its heading first, then every metric in table order */
	n = rows_patches(NULL, rows, 512, DETAIL_FULL);
	for (size_t i = 0; i < n; i++) {
		switch (rows[i].kind) {
		case ROW_PATCH:
			assert_true(next == NULL || next->name == NULL);
			model++;
			assert_ptr_equal(rows[i].patch, patch_set_builtin.list[model]);
			next = patch_set_builtin.list[model]->metrics;
			break;
		case ROW_METRIC:
			assert_ptr_equal(rows[i].patch, patch_set_builtin.list[model]);
			assert_ptr_equal(rows[i].metric, next);
			assert_int_equal(rows[i].serial, serial);
			next++, serial++;
			break;
		case ROW_TITLE:
			assert_ptr_equal(rows[i].patch, patch_set_builtin.list[model]);
			assert_int_equal(rows[i - 1].kind, ROW_PATCH);
			break;
		case ROW_BLANK:
			assert_true(i > 0);
			break;
		default:
			fail();
		}
	}
	assert_int_equal(model, (int)nmodels - 1);
	assert_null(next->name);
}

static void test_patch_detail(void **state)
{
	int full = (int)rows_patches(NULL, NULL, 0, DETAIL_FULL), titles = (int)rows_patches(NULL, NULL, 0, DETAIL_TITLES);

	(void)state;
	assert_int_equal(patch_detail_for(NULL, 1000), DETAIL_FULL);
	assert_int_equal(patch_detail_for(NULL, full), DETAIL_FULL);
	assert_int_equal(patch_detail_for(NULL, full - 1), DETAIL_TITLES);
	assert_int_equal(patch_detail_for(NULL, titles), DETAIL_TITLES);
	assert_int_equal(patch_detail_for(NULL, titles - 1), DETAIL_COMPACT);
	assert_int_equal(patch_detail_for(NULL, 3), DETAIL_COMPACT);
}

/* Whatever the width, the columns do not overlap and stay on the screen. */
static void test_layout_fits(void **state)
{
	struct layout L;

	(void)state;
	assert_int_equal(layout_compute(&L, NULL, 120, 40), 0);
	assert_int_equal(L.nsides, PATCH_MAX_SIDES);
	assert_true(L.pval_w >= 8); /* "1008 MiB" */
	for (int cols = L.min_cols; cols <= 300; cols++) {
		assert_int_equal(layout_compute(&L, NULL, cols, 40), 0);
		assert_false(L.too_small);
		if (L.single) /* one panel at a time: each the whole width */
			assert_true(L.mx == 0 && L.px == 0 && L.mw == cols && L.pw == cols);
		else
			assert_true(L.mx + L.mw <= L.px);
		assert_true(1 + L.mname_w + 1 + L.mval_w <= L.mw);
		assert_true(layout_side_x(&L, 0, L.nsides) >= L.px + 2 + L.pname_w);
		for (int s = 1; s < L.nsides; s++)
			assert_true(layout_side_x(&L, s, L.nsides) >= layout_side_x(&L, s - 1, L.nsides) + L.pval_w);
		assert_true(layout_change_x(&L) >= layout_side_x(&L, L.nsides - 1, L.nsides) + L.pval_w);
		assert_true(layout_change_x(&L) + L.pchange_w <= cols);
		if (L.punit_w)
			assert_true(layout_unit_x(&L) + L.punit_w <= cols);
		assert_true(L.top + L.height <= L.footer_y);
		assert_true(L.footer_y < L.status_y && L.status_y == 39);
	}
	/* a two-sided patch's after column is the three-sided decay column, beside the change */
	assert_int_equal(layout_side_x(&L, 1, 2), layout_side_x(&L, 2, 3));
	assert_int_equal(layout_compute(&L, NULL, L.min_cols - 1, 40), -1);
	assert_true(L.too_small);
	assert_int_equal(layout_compute(&L, NULL, 40, 12), -1);
	assert_int_equal(layout_compute(&L, NULL, 200, L.min_lines - 1), -1);
	assert_int_equal(layout_compute(&L, NULL, 200, L.min_lines), 0);
	assert_true(L.height >= LAYOUT_MIN_PANEL_LINES);
}

static void test_scroll(void **state)
{
	(void)state;
	assert_int_equal(layout_scroll(0, 5, 10, 30), 0);   /* visible: stay */
	assert_int_equal(layout_scroll(0, 12, 10, 30), 3);  /* below: just enough to show it */
	assert_int_equal(layout_scroll(10, 5, 10, 30), 5);  /* above: it becomes the first */
	assert_int_equal(layout_scroll(25, 29, 10, 30), 20); /* never past the end */
	assert_int_equal(layout_scroll(7, 3, 10, 8), 0);    /* all of it fits */
	assert_int_equal(layout_scroll(3, 3, 0, 8), 0);
}

/* A cell's number and unit as one figure in the metric's base units (1 KiB = 1024, 1 ms = 1e-3, Gbps = 1e9). */
static int cell_figure(const char *cell, double *out)
{
	static const struct { const char *suffix; double scale; } units[] = {
		{ "", 1 },         { "k", 1e3 },           { "M", 1e6 },           { "G", 1e9 },
		{ "T", 1e12 },     { "P", 1e15 },          { "E", 1e18 },          { "B", 1 },
		{ "KiB", 0x1p10 }, { "MiB", 0x1p20 },      { "GiB", 0x1p30 },      { "TiB", 0x1p40 },
		{ "PiB", 0x1p50 }, { "EiB", 0x1p60 },      { "s", 1 },             { "ms", 1e-3 },
		{ "us", 1e-6 },    { "ns", 1e-9 },         { "bps", 1 },           { "kbps", 1e3 },
		{ "Mbps", 1e6 },   { "Gbps", 1e9 },        { "Tbps", 1e12 },
	};
	char *end;
	double n = strtod(cell, &end);

	if (end == cell)
		return -1;
	if (*end == ' ')
		end++;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(end, units[i].suffix)) {
			*out = n * units[i].scale;
			return 0;
		}
	return -1;
}

/*
 * Every numeric cell of every metric, on small and large machines, at the
 * narrow widths the layout gives (7 is its least, 8 at 96 columns): it fits
 * without being cut, reads back as a number and a unit, and is the wide
 * cell's figure rounded, not another one.
 */
static void test_cells_narrow(void **state)
{
	static const char *const machines[] = { "", "cpus 72", "cpus 144 ram 192G", "cpus 4 ram 4G",
						"cpus 4096 ram 64T" };
	const struct patch_desc *memcg = patch_find(NULL, "memcg_charge");
	struct machine m = machine_with("");
	struct metric_cells c;
	int checked = 0;

	(void)state;
	/* seed 000's 11582 Mbps after the old batch of 32: 11.58 Gbps, rounded to what the column holds */
	cells_metric(&m, memcg, patch_metric(memcg, "throughput"), 9, &c);
	assert_string_equal(c.side[0], "11.6 Gbps"); /* a digit goes before the space: one spacing in a column */
	cells_metric(&m, memcg, patch_metric(memcg, "throughput"), 8, &c);
	assert_string_equal(c.side[0], "12 Gbps");
	cells_metric(&m, memcg, patch_metric(memcg, "throughput"), 6, &c);
	assert_string_equal(c.side[0], "12Gbps"); /* the space goes only when two digits leave no room */

	for (size_t k = 0; k < sizeof(machines) / sizeof(machines[0]); k++) {
		m = machine_with(machines[k]);
		for (int i = 0; patch_set_builtin.list[i]; i++)
			for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++) {
				struct metric_cells wide;

				if (md->list)
					continue; /* a count of items, "[31]" */
				cells_metric(&m, patch_set_builtin.list[i], md, 0, &wide);
				for (int w = 7; w <= 9; w++) {
					cells_metric(&m, patch_set_builtin.list[i], md, w, &c);
					for (int s = 0; s < PATCH_MAX_COLS; s++) {
						const char *t = c.side[s];
						size_t n = strlen(t);
						double narrow = 0, full = 0;

						if (!n || !strcmp(t, "n/a") || strstr(t, "inf"))
							continue;
						if ((int)n > w || t[n - 1] == '>' || cell_figure(t, &narrow) ||
						    cell_figure(wide.side[s], &full))
							fail_msg("%s.%s side %d at width %d: '%s' (wide '%s', %s)", patch_set_builtin.list[i]->id,
								 md->name, s, w, t, wide.side[s], machines[k]);
						/* one significant digit is the least: 1.5 reads 2, a third off */
						if (fabs(narrow - full) > fabs(full) * 0.34)
							fail_msg("%s.%s: '%s' is not '%s' rounded", patch_set_builtin.list[i]->id, md->name, t,
								 wide.side[s]);
						checked++;
					}
				}
			}
	}
	assert_true(checked > 500);
}

static void test_cells_exact(void **state)
{
	struct machine m = machine_with("");
	const struct patch_desc *memcg = patch_find(NULL, "memcg_charge"), *vmp = patch_find(NULL, "vmpressure"),
				*vmstat = patch_find(NULL, "vmstat");
	struct metric_cells c;

	(void)state;
	/* seed 000: MEMCG_CHARGE_BATCH 32U -> 64U, twice as many pages: x2, up, a neutral fact */
	cells_metric(&m, memcg, patch_metric(memcg, "batch"), 9, &c);
	assert_string_equal(c.side[0], "32");
	assert_string_equal(c.side[1], "64");
	assert_string_equal(c.change, "x2");
	assert_int_equal(c.direction, 1);
	assert_int_equal(c.verdict, VERDICT_NONE);
	assert_false(c.modeled);
	/* half as many refills per GiB charged: down, and fewer is better */
	cells_metric(&m, memcg, patch_metric(memcg, "refills_per_gib"), 9, &c);
	assert_int_equal(c.direction, -1);
	assert_int_equal(c.verdict, VERDICT_BETTER);
	assert_string_equal(c.change, "/2");
	/* 64 CPUs * 32 pages * 4 KiB; twice the memory parked in stocks is up too, but the price */
	cells_metric(&m, memcg, patch_metric(memcg, "stock_max_bytes"), 9, &c);
	assert_string_equal(c.side[0], "8 MiB");
	assert_int_equal(c.direction, 1);
	assert_int_equal(c.verdict, VERDICT_WORSE);
	/* throughput up is the gain the patch buys */
	cells_metric(&m, memcg, patch_metric(memcg, "throughput"), 9, &c);
	assert_int_equal(c.direction, 1);
	assert_int_equal(c.verdict, VERDICT_BETTER);
	assert_string_equal(c.change, "+51.0%");
	/* a ratio in a two-sided patch sits in the change column, as `show` has it */
	cells_metric(&m, vmp, patch_metric(vmp, "reduction"), 9, &c);
	assert_true(c.in_change);
	assert_string_equal(c.side[0], "");
	assert_true(c.change[0] >= '0' && c.change[0] <= '9');
	/* vmstat has one side: its single values fill it, there is no change */
	cells_metric(&m, vmstat, patch_metric(vmstat, "threshold"), 9, &c);
	assert_false(c.in_change);
	assert_string_equal(c.side[0], "125"); /* min(125, 2 * fls(64) * (1 + fls(~2016))) = min(125, 168) */
	assert_string_equal(c.change, "");
}

/* A made-up modeled patch with three sides: the cells must not care which patch it is. */
static struct value fake_fn(METRIC_ARGS(m, side, why))
{
	(void)m, (void)why;
	return side == 0 ? val_none("not here") : val_real(side == 1 ? 2.0 : 4.0);
}

static struct value huge_fn(METRIC_ARGS(m, side, why))
{
	(void)m, (void)side, (void)why;
	return val_int(1ull << 62);
}

static const struct metric_desc fake_metrics[] = {
	{ .name = "est", .unit = "x", .kind = METRIC_MODELED, .fn = fake_fn },
	{ .name = "huge", .unit = "pages", .kind = METRIC_EXACT, .fn = huge_fn },
	{ .name = NULL },
};
static const char *const fake_sides[] = { "full", "cluster", "decay", NULL };
static const struct patch_desc fake_patch = {
	.id = "fake", .title = "fake", .sides = fake_sides, .before = 1, .after = 2, .metrics = fake_metrics,
};

static void test_cells_modeled(void **state)
{
	struct machine m = machine_with("");
	struct metric_cells c;

	(void)state;
	cells_metric(&m, &fake_patch, &fake_metrics[0], 9, &c);
	assert_true(c.modeled);
	assert_string_equal(c.side[0], "n/a");
	assert_string_equal(c.side[1], "2");
	assert_string_equal(c.side[2], "4");
	assert_string_equal(c.change, "x2"); /* cluster -> decay, not full */
	assert_int_equal(c.direction, 1);
	assert_int_equal(c.verdict, VERDICT_NONE); /* the row declares no better direction */
	/* 2^62 = 4611686018427387904 does not fit in 9 columns: 4.612 E does, without e-notation */
	cells_metric(&m, &fake_patch, &fake_metrics[1], 9, &c);
	assert_string_equal(c.side[0], "4.612 E");
	assert_string_equal(c.change, "same");
	cells_metric(&m, &fake_patch, &fake_metrics[1], 0, &c);
	assert_string_equal(c.side[0], "4611686018427387904");
}

/* Better or worse without colour: a word when it fits, else a mark; with colour the text alone. */
static void test_change_text(void **state)
{
	struct machine m = machine_with("");
	const struct patch_desc *memcg = patch_find(NULL, "memcg_charge"), *ca = patch_find(NULL, "committed_as");
	struct metric_cells c;
	char b[96];

	(void)state;
	cells_metric(&m, memcg, patch_metric(memcg, "stock_max_bytes"), 9, &c);
	cells_change_text(&c, 1, 0, 16, b, sizeof(b));
	assert_string_equal(b, "x2");
	cells_change_text(&c, 0, 0, 16, b, sizeof(b));
	assert_string_equal(b, "x2 worse");
	cells_change_text(&c, 0, 0, 5, b, sizeof(b));
	assert_string_equal(b, "x2 !");
	cells_change_text(&c, 0, 1, 6, b, sizeof(b));
	assert_string_equal(b, "x2 \xe2\x9c\x97");
	cells_metric(&m, memcg, patch_metric(memcg, "throughput"), 9, &c);
	cells_change_text(&c, 0, 0, 16, b, sizeof(b));
	assert_string_equal(b, "+51.0% better");
	cells_change_text(&c, 0, 0, 8, b, sizeof(b));
	assert_string_equal(b, "+51.0% +");
	/* a neutral fact gets no word */
	cells_metric(&m, memcg, patch_metric(memcg, "batch"), 9, &c);
	cells_change_text(&c, 0, 0, 16, b, sizeof(b));
	assert_string_equal(b, "x2");
	/* the lock the patch removes: a count that reaches 0 says so, and fewer is better */
	cells_metric(&m, ca, patch_metric(ca, "locked_ops"), 9, &c);
	cells_change_text(&c, 0, 0, 16, b, sizeof(b));
	assert_string_equal(b, "2 -> 0 better");
	/* a share told in percentage points; more drift is the price */
	cells_metric(&m, ca, patch_metric(ca, "max_drift_pct"), 9, &c);
	cells_change_text(&c, 0, 0, 16, b, sizeof(b));
	assert_string_equal(b, "+24.61 pp worse");
}

/* 80x24, the size most terminals open at, works: one panel at a time, names and values whole. */
static void test_layout_80x24(void **state)
{
	struct layout L;
	int pname, mname;

	(void)state;
	assert_int_equal(layout_compute(&L, NULL, 80, 24), 0);
	assert_true(L.single);
	assert_true(L.min_cols <= 80 && L.min_lines <= 24);
	assert_true(L.height >= 20);
	pname = L.pname_w, mname = L.mname_w;
	/* at 80 nothing had to be cut: the widths are what a wide screen gives */
	assert_int_equal(layout_compute(&L, NULL, 300, 24), 0);
	assert_false(L.single);
	assert_int_equal(pname, L.pname_w);
	assert_int_equal(mname, L.mname_w);
}

/* Names cut to a column stay tellable apart (max_drift_bytes and max_drift_pct both read max_drift> before). */
static void test_fit_names(void **state)
{
	static const char *const names[] = { "max_drift_bytes", "max_drift_pct", "batch", "max_drifting_b", "" };
	const size_t n = sizeof(names) / sizeof(names[0]);
	char out[5][LAYOUT_NAME_MAX];

	(void)state;
	for (int w = 5; w <= 16; w++) {
		fit_names(names, n, w, out);
		for (size_t i = 0; i < n; i++) {
			assert_int_equal(strlen(out[i]), (size_t)w);
			/* the shown text starts with the name's first letter, and whole names show whole */
			if (strlen(names[i]) <= (size_t)w)
				assert_memory_equal(out[i], names[i], strlen(names[i]));
			for (size_t j = 0; j < i; j++)
				if (*names[i] && *names[j])
					assert_string_not_equal(out[i], out[j]);
		}
	}
	fit_names(names, n, 10, out);
	assert_string_equal(out[0], "max_>bytes");
	assert_string_equal(out[1], "max_>t_pct");
	assert_string_equal(out[2], "batch     ");
}

/* Columns, not bytes: box drawing and braille are three bytes a column. */
static void test_fit_text_utf8(void **state)
{
	const char *box = "\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80"; /* four columns, twelve bytes */
	char b[64];

	(void)state;
	fit_text(b, sizeof(b), box, 6, 0);
	assert_string_equal(b, "\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80  ");
	fit_text(b, sizeof(b), box, 6, 1);
	assert_string_equal(b, "  \xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80");
	fit_text(b, sizeof(b), box, 3, 0); /* two whole characters and the mark, never half of one */
	assert_string_equal(b, "\xe2\x94\x80\xe2\x94\x80>");
	fit_text(b, 8, box, 6, 0); /* the buffer, not the width, is the limit: fewer columns, still whole */
	assert_true(strlen(b) < 8);
	assert_int_equal((strlen(b) - 1) % 3, 0);
	assert_int_equal(b[strlen(b) - 1], '>');
}

static void test_fit_text(void **state)
{
	char b[16];

	(void)state;
	fit_text(b, sizeof(b), "abc", 5, 1);
	assert_string_equal(b, "  abc");
	fit_text(b, sizeof(b), "abc", 5, 0);
	assert_string_equal(b, "abc  ");
	fit_text(b, sizeof(b), "abcdef", 4, 0);
	assert_string_equal(b, "abc>");
	fit_text(b, sizeof(b), "abc", 0, 0);
	assert_string_equal(b, "");
	fit_text(b, 4, "abcdef", 10, 1); /* never past the buffer */
	assert_string_equal(b, "ab>");
}

static void expect_step(const char *settings, const char *key, int dir, const char *want)
{
	struct machine m = machine_with(settings);
	char buf[128];
	int rc = param_step(&m, param_find(key), dir, buf, sizeof(buf));

	if (!want) {
		assert_int_equal(rc, -1);
		assert_non_null(strstr(buf, key));
		return;
	}
	if (rc || strcmp(buf, want)) {
		fprintf(stderr, "step %s %+d from '%s': got %d '%s', want '%s'\n", key, dir, settings, rc, buf, want);
		fail();
	}
}

static void test_step(void **state)
{
	char want[64];

	(void)state;
	expect_step("", "cpus", 1, "128");
	expect_step("", "cpus", -1, "32");
	expect_step("cpus 3", "cpus", -1, "1");
	expect_step("cpus 1", "cpus", -1, NULL);
	expect_step("cpus 65536", "cpus", 1, NULL);
	expect_step("cpus 40000", "cpus", 1, "65536"); /* clamped to the range */
	expect_step("ram 4G", "ram", 1, "8589934592");
	expect_step("ram 1M", "ram", -1, NULL);
	expect_step("ram 1E", "ram", 1, NULL);
	expect_step("pagesize 4K", "pagesize", 1, "16384");
	expect_step("pagesize 16K", "pagesize", 1, "65536");
	expect_step("pagesize 64K", "pagesize", 1, NULL);
	expect_step("pagesize 4K", "pagesize", -1, NULL);
	expect_step("overcommit guess", "overcommit", 1, "always");
	expect_step("overcommit always", "overcommit", 1, "never");
	expect_step("overcommit never", "overcommit", 1, NULL);
	expect_step("overcommit guess", "overcommit", -1, NULL);
	expect_step("reclaim 0", "reclaim", -1, NULL);
	expect_step("reclaim 0", "reclaim", 1, "1");
	expect_step("committed_lift 256", "committed_lift", 1, NULL);
	expect_step("committed_lift 64", "committed_lift", -1, "32");
	/* auto steps from the value it stands for: threads = cpus, totalram = 4G less 64 bytes a page */
	expect_step("cpus 8", "threads", 1, "16");
	snprintf(want, sizeof(want), "%llup", (unsigned long long)(2 * ((4ull << 30) / 4096 - (4ull << 30) / 4096 * 64 / 4096)));
	expect_step("ram 4G", "totalram", 1, want);
}

/* Every parameter, both ways, from defaults and from its ends: a step is either refused or valid and moves. */
static void test_step_valid(void **state)
{
	(void)state;
	for (size_t i = 0; i < nparams; i++) {
		const struct param *p = &params[i];

		for (int dir = -1; dir <= 1; dir += 2) {
			struct machine m = machine_with("");

			for (int n = 0; n < 80; n++) {
				struct machine next = m;
				char buf[128], err[256], before[128], after[128];

				if (param_step(&m, p, dir, buf, sizeof(buf)))
					break;
				if (param_set(&next, p, buf, err, sizeof(err))) {
					fprintf(stderr, "%s: step '%s' refused: %s\n", p->name, buf, err);
					fail();
				}
				param_format(&m, p, before, sizeof(before));
				param_format(&next, p, after, sizeof(after));
				assert_string_not_equal(before, after);
				if (p->type != PT_CHOICE && p->type != PT_REAL)
					assert_true(dir > 0 ? param_u64(&next, p) > param_u64(&m, p)
							    : param_u64(&next, p) < param_u64(&m, p));
				m = next;
			}
		}
	}
}

/* Two rows' cells alike, field by field (a value's padding is no part of it). */
static void same_cells(const struct metric_cells *a, const struct metric_cells *b, const char *what)
{
	int ok = !memcmp(a->side, b->side, sizeof(a->side)) && !strcmp(a->change, b->change) &&
		 a->direction == b->direction && a->verdict == b->verdict && a->modeled == b->modeled &&
		 a->workload == b->workload && a->in_change == b->in_change;

	for (int s = 0; ok && s < PATCH_MAX_SIDES; s++)
		ok = a->v[s].kind == b->v[s].kind && (a->v[s].kind == VAL_NONE || a->v[s].i == b->v[s].i);
	if (!ok) {
		fprintf(stderr, "%s: the memo's cells are not cells_metric()'s\n", what);
		fail();
	}
}

/*
 * cells_metric_memo() gives cells_metric()'s cells on every machine of a
 * walk - + then - on each parameter, at two widths in turn - whether it
 * remembers them (a slot looked at first or another) or works them out.
 */
static void test_cells_memo(void **state)
{
	static struct cells_memo memo[256];
	const struct metric_desc *mds[256];
	const struct patch_desc *ds[256];
	struct machine m = machine_with("");
	unsigned long hits = 0, misses = 0;
	int n = 0, keys = 0;

	(void)state;
	for (int i = 0; patch_set_builtin.list[i]; i++)
		for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name && n < 256; md++, n++) {
			cells_memo_init(&memo[n], md);
			mds[n] = md;
			ds[n] = patch_set_builtin.list[i];
		}
	for (size_t i = 0; i < nparams; i++)
		for (int dir = 1; dir >= -1; dir -= 2) {
			char buf[128], err[256];

			if (params[i].type == PT_CHOICE || param_step(&m, &params[i], dir, buf, sizeof(buf)) ||
			    param_set(&m, &params[i], buf, err, sizeof(err)))
				continue;
			for (int k = 0; k < n; k++) {
				struct metric_cells got, want;
				int width = keys % 3 ? 9 : 12;

				cells_metric_memo(&memo[k], &m, ds[k], mds[k], width, &got);
				cells_metric(&m, ds[k], mds[k], width, &want);
				same_cells(&got, &want, mds[k]->name);
			}
			keys++;
		}
	for (int k = 0; k < n; k++) {
		hits += memo[k].hits;
		misses += memo[k].misses;
	}
	/* both paths were taken, remembering most */
	assert_true(keys > 20 && misses > 100 && hits > misses);
}

/* One table of keys: each documented, none bound twice. */
static void test_key_table(void **state)
{
	int seen = 0;

	(void)state;
	for (const struct key_binding *k = key_bindings; k->name; k++, seen++) {
		assert_non_null(k->help);
		assert_true(k->action != KA_NONE);
		assert_true(k->keys[0] != 0);
		for (int i = 0; i < KEY_BINDING_MAX_KEYS && k->keys[i]; i++)
			for (const struct key_binding *o = key_bindings; o->name; o++)
				for (int j = 0; j < KEY_BINDING_MAX_KEYS && o->keys[j]; j++)
					if (o->keys[j] == k->keys[i])
						assert_true(o == k && i == j);
	}
	assert_true(seen > 5);
}

/*
 * Issue 11: the '-' key halves cpus down to 1 and every step is a machine
 * that can exist - sockets (auto) follows the CPUs instead of blocking them.
 * A sockets value the user set is not silently changed: there the step is refused.
 */
static void test_halve_cpus_to_one(void **state)
{
	struct machine m;
	char buf[128], err[256];
	int steps = 0;

	(void)state;
	machine_defaults(&m);
	while (m.cpus > 1) {
		struct machine next = m;

		assert_int_equal(param_step(&m, param_find("cpus"), -1, buf, sizeof(buf)), 0);
		assert_int_equal(param_set(&next, param_find("cpus"), buf, err, sizeof(err)), 0);
		if (machine_check(&next, err, sizeof(err)))
			fail_msg("cpus %s: %s", buf, err);
		m = next;
		steps++;
	}
	assert_true(steps > 0);
	assert_int_equal(param_u64(&m, param_find("sockets")), 1);

	m = machine_with("cpus 8 sockets 4");
	assert_int_equal(param_set(&m, param_find("cpus"), "2", err, sizeof(err)), 0);
	assert_int_equal(machine_check(&m, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "sockets: 4 packages is more than cpus (2)"));
}

/*
 * A machine panel value too wide for its column is spelled shorter, never
 * cut into another number: at 96 columns "auto: 66060288 pages (252 GiB)"
 * was drawn "auto: 6606028>". Each width from the shortest spelling up gets
 * a text that fits, ends in no '>', and still names the value.
 */
static void test_param_text_fit(void **state)
{
	static const char *const machines[] = { "", "totalram 1000p zone 77p", "ram 1T pagesize 64K" };
	(void)state;
	for (size_t k = 0; k < sizeof(machines) / sizeof(machines[0]); k++) {
		struct machine m = machine_with(machines[k]);

		for (size_t i = 0; i < nparams; i++) {
			const struct param *p = &params[i];
			char full[96], typed[64], out[96], num[32];

			param_format_human(&m, p, full, sizeof(full));
			param_format_input(&m, p, typed, sizeof(typed));
			snprintf(num, sizeof(num), "%llu", (unsigned long long)(p->type == PT_REAL ? 0 : param_u64(&m, p)));
			for (int w = (int)strlen(typed); w <= (int)strlen(full) + 2; w++) {
				param_text_fit(&m, p, full, w, out, sizeof(out));
				if ((int)strlen(out) > w || (strlen(out) && out[strlen(out) - 1] == '>'))
					fprintf(stderr, "%s on '%s' at %d: '%s'\n", p->name, machines[k], w, out);
				assert_true((int)strlen(out) <= w);
				assert_false(strlen(out) && out[strlen(out) - 1] == '>');
				if ((int)strlen(full) <= w)
					assert_string_equal(out, full);
				/* a page count keeps every digit of its value, whatever spelling fits */
				if (p->type == PT_PAGES)
					assert_true(strstr(out, num) || !strcmp(out, "auto"));
			}
		}
	}
	/* the default machine's totalram at the 96-column width of the panel */
	{
		struct machine m = machine_with("");
		const struct param *p = param_find("totalram");
		char full[96], out[96];

		param_format_human(&m, p, full, sizeof(full));
		param_text_fit(&m, p, full, 22, out, sizeof(out));
		assert_string_equal(out, "auto: 66060288 pages");
		param_text_fit(&m, p, full, 16, out, sizeof(out));
		assert_string_equal(out, "auto: 66060288p");
		param_text_fit(&m, p, full, 8, out, sizeof(out));
		assert_string_equal(out, "auto");
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows_machine), cmocka_unit_test(test_rows_patches),
		cmocka_unit_test(test_patch_detail), cmocka_unit_test(test_layout_fits),
		cmocka_unit_test(test_scroll),       cmocka_unit_test(test_cells_exact), cmocka_unit_test(test_cells_narrow),
		cmocka_unit_test(test_cells_modeled), cmocka_unit_test(test_change_text),
		cmocka_unit_test(test_fit_text),     cmocka_unit_test(test_fit_text_utf8),
		cmocka_unit_test(test_fit_names),    cmocka_unit_test(test_layout_80x24),
		cmocka_unit_test(test_step),         cmocka_unit_test(test_step_valid),
		cmocka_unit_test(test_key_table),
		cmocka_unit_test(test_cells_memo),
		cmocka_unit_test(test_halve_cpus_to_one),
		cmocka_unit_test(test_param_text_fit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
