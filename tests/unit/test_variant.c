/*
 * Variants as sides: a variant that writes the kernel's own formula for a
 * side must give that side's figures, every metric, exact, workload and
 * model; a variant that cannot be evaluated makes its side n/a and nothing
 * else; the kernel's limits are marked, not refused; the sweep's fast path
 * over cpus agrees with row-by-row evaluation; bad names leave the machine
 * as it was; presets carry variants there and back.
 */
#include <stddef.h>

#include "testutil.h"

#include <math.h>
#include <stdlib.h>

#include "../../core/preset.h"
#include "../../core/sweep.h"
#include "../../core/tradeoff.h"
#include "../../core/variant.h"

static void add(struct machine *m, const char *patch, const char *name, const char *text)
{
	char err[300];

	if (variant_add(test_set(m), patch_find(NULL, patch), name, text, err, sizeof(err))) {
		fprintf(stderr, "variant %s %s = %s: %s\n", patch, name, text, err);
		fail();
	}
}

static int same(struct value a, struct value b)
{
	if (a.kind != b.kind)
		return 0;
	if (a.kind == VAL_INT)
		return a.i == b.i;
	if (a.kind == VAL_REAL) /* the closed forms and a walk add the same reals in another order */
		return fabs(a.r - b.r) <= 1e-12 * (fabs(a.r) + fabs(b.r)) + 1e-3 || (isinf(a.r) && isinf(b.r));
	return 1;
}

/* Every metric with sides: side `side` and the variant named `name` agree. */
static void assert_same_as(const struct machine *m, const char *patch, int side, const char *name)
{
	const struct patch_desc *d = patch_find(NULL, patch);
	int vs = variant_find(m, d, name);

	assert_true(vs >= patch_nsides(d));
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		/* a variant is the patch with its constant replaced: what the patch changed besides the
		   constant stays changed (seed 003 also made vm_memory_committed() an exact sum) */
		if (md->single || (side == d->before && !strcmp(md->name, "sum_cost")))
			continue;
		if (!same(metric_compute(m, d, md, side, NULL), metric_compute(m, d, md, vs, NULL))) {
			fprintf(stderr, "%s.%s: side %s and variant %s differ\n", patch, md->name, d->sides[side], name);
			fail();
		}
	}
}

/* The kernel's formulas, typed as a user would, reproduce each patch's sides on several machines. */
static void test_kernel_formulas_as_variants(void **state)
{
	static const char *const machines[] = {
		"cpus 8 ram 4G", "cpus 72 ram 192G depth 3", "cpus 1 ram 1G pagesize 64K", "cpus 144 ram 1T overcommit never",
		"cpus 16 ram 16G reclaim 1G", "cpus 4 ram 2G reclaim 12345678",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(machines) / sizeof(machines[0]); i++) {
		struct machine m = machine_with(machines[i]);

		add(&m, "memcg_charge", "old", "32");
		add(&m, "memcg_charge", "new", "64");
		assert_same_as(&m, "memcg_charge", 0, "old");
		assert_same_as(&m, "memcg_charge", 1, "new");

		/* mm_compute_batch(), mm/mm_init.c: before seed 003, and after (a 64X lift unless never) */
		add(&m, "committed_as", "old", "max(min(totalram / nr / 256, 2147483647), max(2 * nr, 32))");
		add(&m, "committed_as", "new",
		    "max(min(totalram / nr / (overcommit == never ? 256 : 4), 2147483647), max(2 * nr, 32))");
		assert_same_as(&m, "committed_as", 0, "old");
		assert_same_as(&m, "committed_as", 1, "new");
		assert_true(same(metric_value(&m, "committed_as.sum_cost.old"), metric_value(&m, "committed_as.sum_cost.after")));

		/* vmpressure_win before, and vmpressure_init_window() after seed 004 */
		add(&m, "vmpressure", "old", "SWAP_CLUSTER_MAX * 16");
		add(&m, "vmpressure", "new", "SWAP_CLUSTER_MAX * 16 * (1 + fls(totalram >> (27 - PAGE_SHIFT)))");
		add(&m, "vmpressure", "new2", "512 * (1 + fls(mem128m))");
		assert_same_as(&m, "vmpressure", 0, "old");
		assert_same_as(&m, "vmpressure", 1, "new");
		assert_same_as(&m, "vmpressure", 1, "new2");

		/* memory_reclaim(): the three asks */
		add(&m, "proactive_reclaim", "all", "remaining");
		add(&m, "proactive_reclaim", "swap", "min(remaining, SWAP_CLUSTER_MAX)");
		add(&m, "proactive_reclaim", "quarter", "remaining / 4");
		assert_same_as(&m, "proactive_reclaim", 0, "all");
		assert_same_as(&m, "proactive_reclaim", 1, "swap");
		assert_same_as(&m, "proactive_reclaim", 2, "quarter");
	}
}

static void test_issue_examples(void **state)
{
	struct machine m = machine_with("cpus 8 ram 4G");

	(void)state;
	add(&m, "memcg_charge", "big", "128");
	add(&m, "memcg_charge", "scaled", "clamp(2 * cpus, 32, 127)");
	add(&m, "vmpressure", "half", "512 * (1 + fls(mem128m) / 2)");
	add(&m, "committed_as", "lift16", "max(totalram / cpus / (overcommit == never ? 256 : 16), max(2 * cpus, 32))");
	add(&m, "proactive_reclaim", "eighth", "max(32, remaining / 8)");
	assert_int_equal(metric_u64(&m, "memcg_charge.batch.big"), 128);
	assert_int_equal(metric_u64(&m, "memcg_charge.batch.scaled"), 32);
	/* 8 CPUs, 128 pages each of 4 KiB */
	assert_int_equal(metric_u64(&m, "memcg_charge.stock_max_bytes.big"), 8 * 128 * 4096);
	/* 4 GiB: totalram 1032192 pages, mem128m = 1032192 >> 15 = 31, fls 5: 512 * (1 + 2) */
	assert_int_equal(metric_u64(&m, "vmpressure.window.half"), 1536);
	/* guess: 1032192 / 8 / 16 = 8064 */
	assert_int_equal(metric_u64(&m, "committed_as.batch.lift16"), 8064);
	/* reclaim 1 GiB default? whatever it is: one eighth per call, at least 32, walked here again */
	{
		uint64_t r = m.reclaim / m.pagesize, done = 0, calls = 0;

		while (done < r) {
			uint64_t ask = (r - done) / 8 > 32 ? (r - done) / 8 : 32;

			done += ask;
			calls++;
		}
		assert_int_equal(metric_u64(&m, "proactive_reclaim.calls.eighth"), calls);
	}
}

static void test_not_evaluable(void **state)
{
	struct machine m = machine_with("cpus 8 ram 4G");
	const struct patch_desc *d = patch_find(NULL, "memcg_charge");
	struct value v;

	(void)state;
	add(&m, "memcg_charge", "zero", "cpus - 8");
	add(&m, "memcg_charge", "div", "totalram / (cpus - 8)");
	add(&m, "memcg_charge", "ok", "cpus");
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		if (md->single)
			continue;
		v = metric_compute(&m, d, md, variant_find(&m, d, "zero"), NULL);
		assert_int_equal(v.kind, VAL_NONE);
		assert_non_null(strstr(v.why, "outside 1.."));
		v = metric_compute(&m, d, md, variant_find(&m, d, "div"), NULL);
		assert_int_equal(v.kind, VAL_NONE);
		assert_string_equal(v.why, "division by zero");
		assert_int_not_equal(metric_compute(&m, d, md, variant_find(&m, d, "ok"), NULL).kind, VAL_NONE);
	}
	/* the explanation says why, with the values */
	{
		struct strbuf why = STRBUF_INIT;

		metric_compute(&m, d, patch_metric(d, "throughput"), variant_find(&m, d, "div"), &why);
		assert_non_null(strstr(sb_str(&why), "1032192 / 0: division by zero"));
		sb_free(&why);
	}
	/* a per-call variant fails in the walk, with the reason */
	add(&m, "proactive_reclaim", "bad", "remaining - nr_to_reclaim - 1");
	v = metric_value(&m, "proactive_reclaim.calls.bad");
	assert_int_equal(v.kind, VAL_NONE);
	assert_non_null(strstr(v.why, "below zero"));
	v = metric_value(&m, "proactive_reclaim.time_s.bad");
	assert_int_equal(v.kind, VAL_NONE);
}

static void test_marks(void **state)
{
	struct machine m = machine_with("cpus 8 ram 4G");
	struct strbuf why = STRBUF_INIT;
	const struct patch_desc *d = patch_find(NULL, "memcg_charge");

	(void)state;
	/* BUILD_BUG_ON(MEMCG_CHARGE_BATCH > S8_MAX), refill_stock(), mm/memcontrol.c: marked, still computed */
	assert_non_null(d->constant->check(128));
	assert_null(d->constant->check(127));
	add(&m, "memcg_charge", "big", "128");
	assert_int_equal(metric_u64(&m, "memcg_charge.batch.big"), 128);
	metric_compute(&m, d, patch_metric(d, "batch"), variant_find(&m, d, "big"), &why);
	assert_non_null(strstr(sb_str(&why), "marked: above 127"));
	sb_free(&why);
	/* s32 vm_committed_as_batch, mm/util.c */
	d = patch_find(NULL, "committed_as");
	assert_non_null(d->constant->check(2147483648ull));
	assert_null(d->constant->check(2147483647ull));
}

/* The sweep over cpus solves once per distinct value of the variant: the same numbers as row by row. */
static void test_sweep_fast_path(void **state)
{
	struct machine m = machine_with("ram 64G depth 3");
	struct sweep_range r;
	struct sweep *sw = malloc(sizeof(*sw));
	char err[256];
	uint64_t rows = 0;

	(void)state;
	add(&m, "memcg_charge", "scaled", "clamp(2 * cpus, 32, 127)");
	add(&m, "memcg_charge", "holes", "cpus % 7 ? 48 : 1 / 0");
	add(&m, "committed_as", "lift16", "max(totalram / cpus / (overcommit == never ? 256 : 16), max(2 * cpus, 32))");
	assert_int_equal(sweep_range_parse(&m, "cpus", "1", "300", NULL, NULL, &r, err, sizeof(err)), 0);
	sweep_init(sw, &r);
	if (sweep_add_metric_m(sw, &m, "memcg_charge.throughput.scaled", err, sizeof(err)))
		fprintf(stderr, "%s\n", err), fail();
	if (sweep_add_metric_m(sw, &m, "memcg_charge.throughput.holes", err, sizeof(err)))
		fprintf(stderr, "%s\n", err), fail();
	assert_int_equal(sweep_add_metric_m(sw, &m, "committed_as.throughput.lift16", err, sizeof(err)), 0);
	/* per-row columns (no fn_cpus): the row's verdict is taken once, n/a from the expression and from the range */
	add(&m, "memcg_charge", "range", "cpus % 5 ? 64 : 0");
	assert_int_equal(sweep_add_metric_m(sw, &m, "memcg_charge.stock_max_bytes.holes", err, sizeof(err)), 0);
	assert_int_equal(sweep_add_metric_m(sw, &m, "memcg_charge.stock_max_bytes.range", err, sizeof(err)), 0);
	assert_int_equal(sweep_add_metric_m(sw, &m, "committed_as.batch.lift16", err, sizeof(err)), 0);
	assert_int_equal(sweep_add_metric_m(sw, &m, "memcg_charge.throughput.range", err, sizeof(err)), 0);
	sweep_begin(sw, &m);
	assert_int_equal(sw->fast_calls, 4);
	while (sweep_next(sw) > 0) {
		for (int c = 0; c < sw->ncols; c++) {
			struct value fast = sweep_value(sw, c);
			struct value slow = metric_compute(&sw->m, sw->cols[c].patch, sw->cols[c].metric, sw->cols[c].side, NULL);

			if (fast.kind != slow.kind || (fast.kind == VAL_REAL && fabs(fast.r - slow.r) > 1e-9 * fabs(slow.r)) ||
			    (fast.kind != VAL_REAL && fast.kind != VAL_NONE && fast.i != slow.i) ||
			    (fast.kind == VAL_NONE && strcmp(fast.why, slow.why))) {
				fprintf(stderr, "%s at cpus %llu: %g vs %g\n", sw->cols[c].head, (unsigned long long)sw->cur.u,
					fast.r, slow.r);
				fail();
			}
		}
		assert_int_equal(sweep_value(sw, 1).kind, sw->cur.u % 7 ? VAL_REAL : VAL_NONE);
		assert_int_equal(sweep_value(sw, 3).kind == VAL_NONE, sw->cur.u % 7 == 0);
		assert_int_equal(sweep_value(sw, 4).kind == VAL_NONE, sw->cur.u % 5 == 0);
		assert_int_equal(sweep_value(sw, 6).kind == VAL_NONE, sw->cur.u % 5 == 0);
		rows++;
	}
	assert_int_equal(rows, 300);
	sweep_end(sw);
	free(sw);
}

static void test_bad_names(void **state)
{
	struct machine m = machine_with("cpus 8"), before;
	const struct patch_desc *d = patch_find(NULL, "memcg_charge");
	struct patch_set *ps;
	char err[300];

	(void)state;
	add(&m, "memcg_charge", "a", "1");
	ps = test_set(&m);
	before = m;
	static const char *const names[] = { "before", "after", "kernel", "a", "1x", "x-y", "",
					     "abcdefghijklmnopqrstuvwxyz" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		err[0] = '\0';
		assert_int_equal(variant_add(ps, d, names[i], "1", err, sizeof(err)), -1);
		assert_true(err[0] && !strchr(err, '\n'));
		assert_memory_equal(&m, &before, sizeof(m));
		assert_int_equal(patch_ncols(&m, d), patch_nsides(d) + 1); /* the set as it was: a, and nothing more */
		assert_string_equal(variant_at(&m, d, patch_nsides(d))->text, "1");
	}
	/* a side's name is reserved in its own patch only: proactive_reclaim's full, pcp's v2 */
	{
		struct machine m2 = machine_with("cpus 8");

		assert_int_equal(variant_add(test_set(&m2), patch_find(NULL, "proactive_reclaim"), "full", "1", err, sizeof(err)), -1);
		assert_non_null(strstr(err, "a side of proactive_reclaim"));
		assert_int_equal(variant_add(test_set(&m2), patch_find(NULL, "pcp"), "v2", "1", err, sizeof(err)), -1);
		assert_int_equal(variant_add(test_set(&m2), d, "full", "1", err, sizeof(err)), 0);
		assert_int_equal(variant_add(test_set(&m2), d, "v2", "1", err, sizeof(err)), 0);
	}
	assert_int_equal(variant_add(ps, d, "b", "2 * cpu", err, sizeof(err)), -1);
	assert_string_equal(err, "memcg_charge.b: unknown name 'cpu' at column 5 (did you mean 'cpus'?)");
	assert_memory_equal(&m, &before, sizeof(m));
	assert_int_equal(patch_ncols(&m, d), patch_nsides(d) + 1);
	add(&m, "memcg_charge", "b", "2");
	add(&m, "memcg_charge", "c", "3");
	add(&m, "memcg_charge", "d", "4");
	ps = test_set(&m);
	before = m;
	assert_int_equal(variant_add(ps, d, "e", "5", err, sizeof(err)), -1);
	assert_string_equal(err, "memcg_charge.e: memcg_charge has 4 variants already, the most it shows (variant del one first)");
	assert_memory_equal(&m, &before, sizeof(m));
	assert_int_equal(patch_ncols(&m, d), patch_nsides(d) + 4);
	/* vmstat has no constant */
	assert_int_equal(variant_add(test_set(&m), patch_find(NULL, "vmstat"), "e", "5", err, sizeof(err)), -1);
	/* del shifts the later ones down, names stay attached to their expressions */
	assert_int_equal(variant_del(test_set(&m), d, "b", err, sizeof(err)), 0);
	assert_int_equal(metric_u64(&m, "memcg_charge.batch.c"), 3);
	assert_int_equal(metric_u64(&m, "memcg_charge.batch.d"), 4);
	assert_int_equal(patch_ncols(&m, d), 5);
	assert_int_equal(variant_del(test_set(&m), d, "b", err, sizeof(err)), -1);
}

/*
 * A plain assignment gives every reader the parameters, and each variant's
 * name, text and value - into a machine that held other variants, more of
 * them, and after one was deleted: the machine points to its set.
 */
/* The machine is its parameters and a pointer: small enough to copy by assignment wherever one is kept. */
static void test_machine_size(void **state)
{
	(void)state;
	printf("sizeof(struct machine) = %zu bytes\n", sizeof(struct machine));
	assert_true(sizeof(struct machine) < 1024);
}

static void test_machine_copy(void **state)
{
	struct machine src = machine_with("cpus 72 ram 192G depth 3"), dst = machine_with("cpus 8 ram 4G");
	char err[300];

	(void)state;
	add(&src, "memcg_charge", "scaled", "clamp(2 * cpus, 32, 127)");
	add(&src, "memcg_charge", "half", "16");
	add(&src, "committed_as", "lift16", "max(totalram / cpus / 16, 32)");
	add(&dst, "memcg_charge", "x", "40");
	add(&dst, "memcg_charge", "y", "41");
	add(&dst, "memcg_charge", "z", "42");
	add(&dst, "vmpressure", "w", "1024");
	assert_int_equal(variant_del(test_set(&src), patch_find(NULL, "memcg_charge"), "scaled", err, sizeof(err)), 0);
	dst = src;
	assert_int_equal(memcmp(&dst, &src, offsetof(struct machine, set)), 0);
	for (int i = 0; patch_set_builtin.list[i]; i++) {
		const struct patch_desc *d = patch_set_builtin.list[i];

		assert_int_equal(patch_ncols(&dst, d), patch_ncols(&src, d));
		for (int side = patch_nsides(d); side < patch_ncols(&src, d); side++) {
			uint64_t a, b;
			const char *why;

			assert_string_equal(variant_at(&dst, d, side)->name, variant_at(&src, d, side)->name);
			assert_string_equal(variant_at(&dst, d, side)->text, variant_at(&src, d, side)->text);
			assert_int_equal(variant_eval(&dst, d, side, NULL, &a, &why, NULL), 0);
			assert_int_equal(variant_eval(&src, d, side, NULL, &b, &why, NULL), 0);
			assert_int_equal(a, b);
		}
	}
	assert_int_equal(patch_ncols(&dst, patch_find(NULL, "vmpressure")), patch_nsides(patch_find(NULL, "vmpressure")));
	assert_int_equal(variant_find(&dst, patch_find(NULL, "memcg_charge"), "half"), patch_nsides(patch_find(NULL, "memcg_charge")));
}

static void test_preset_round_trip(void **state)
{
	struct machine m = machine_with("cpus 72 ram 192G"), back;
	struct strbuf text = STRBUF_INIT, again = STRBUF_INIT;
	char err[300];
	int line;

	(void)state;
	add(&m, "memcg_charge", "scaled", "clamp(2 * cpus, 32, 127)");
	add(&m, "committed_as", "lift16", "max(totalram / cpus / (overcommit == never ? 256 : 16), max(2 * cpus, 32))");
	add(&m, "proactive_reclaim", "eighth", "max(32, remaining / 8)");
	preset_format(&m, "test", &text);
	assert_non_null(strstr(sb_str(&text), "variant.memcg_charge.scaled = clamp(2 * cpus, 32, 127)\n"));
	machine_defaults(&back);
	assert_int_equal(preset_apply(&back, test_set(&back), sb_str(&text), text.len, &line, err, sizeof(err)), 0);
	preset_format(&back, "test", &again);
	assert_string_equal(sb_str(&text), sb_str(&again));
	assert_int_equal(metric_u64(&back, "memcg_charge.batch.scaled"), 127);
	/* an error names the line and leaves the machine alone */
	{
		static const char bad[] = "cpus = 4\nvariant.memcg_charge.x = clamp(cpus, 1\n";

		assert_int_equal(preset_apply(&back, NULL, bad, sizeof(bad) - 1, &line, err, sizeof(err)), -1);
		assert_int_equal(line, 2);
		assert_non_null(strstr(err, "unbalanced parentheses"));
		assert_int_equal(back.cpus, 72);
	}
	sb_free(&text);
	sb_free(&again);
}

/* The trade-off view: each variant a labelled point, where the curve has the same constant. */
static void test_tradeoff_points(void **state)
{
	struct machine m = machine_with("cpus 72 depth 3");
	struct tradeoff t;
	char err[256];
	const struct tradeoff_point *after = NULL, *same = NULL, *bad = NULL;

	(void)state;
	add(&m, "memcg_charge", "same", "64");
	add(&m, "memcg_charge", "bad", "1 / (cpus - 72)");
	memset(&t, 0, sizeof(t));
	assert_int_equal(tradeoff_run(&m, tradeoff_spec_find(NULL, "memcg_charge"), NULL, &t, err, sizeof(err)), 0);
	for (size_t i = 0; i < t.n; i++) {
		if (t.pts[i].mark == TRADE_AFTER)
			after = &t.pts[i];
		if (!strcmp(t.pts[i].label, "variant same"))
			same = &t.pts[i];
		if (!strcmp(t.pts[i].label, "variant bad"))
			bad = &t.pts[i];
	}
	assert_non_null(after);
	assert_non_null(same);
	assert_non_null(bad);
	assert_false(same->on_curve);
	assert_true(same->x == after->x && same->y == after->y);
	assert_int_equal(bad->benefit.kind, VAL_NONE);
	tradeoff_free(&t);
}

/*
 * A local a sweep reads as one of the machine's names (patch_constant.
 * locals_alias: committed_as's nr is cpus) must be that name on every
 * machine: the local's value as the patch works it out, against the name's.
 */
static void test_locals_alias(void **state)
{
	static const char *const shapes[] = { "", "cpus 1", "cpus 3 sockets 1", "cpus 65536 ram 1P", "cpus 200 threads 7",
					      "cpus 17 pagesize 64K overcommit never" };
	int checked = 0;

	(void)state;
	for (int i = 0; patch_set_builtin.list[i]; i++) {
		const struct patch_constant *c = patch_set_builtin.list[i]->constant;

		for (int l = 0; c && c->locals_alias && c->locals[l]; l++) {
			if (!c->locals_alias[l])
				continue;
			for (size_t k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++) {
				struct machine m = machine_with(shapes[k]);
				uint64_t local = 0, name = 1;
				const char *why = NULL;

				add(&m, patch_set_builtin.list[i]->id, "local", c->locals[l]);
				add(&m, patch_set_builtin.list[i]->id, "name", c->locals_alias[l]);
				assert_int_equal(variant_eval(&m, patch_set_builtin.list[i], variant_find(&m, patch_set_builtin.list[i], "local"), NULL, &local,
							      &why, NULL), 0);
				assert_int_equal(variant_eval(&m, patch_set_builtin.list[i], variant_find(&m, patch_set_builtin.list[i], "name"), NULL, &name,
							      &why, NULL), 0);
				if (local != name) {
					fprintf(stderr, "%s: %s = %llu but %s = %llu on '%s'\n", patch_set_builtin.list[i]->id, c->locals[l],
						(unsigned long long)local, c->locals_alias[l], (unsigned long long)name, shapes[k]);
					fail();
				}
				checked++;
			}
		}
	}
	assert_true(checked >= 6); /* committed_as's nr at least */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kernel_formulas_as_variants),
		cmocka_unit_test(test_issue_examples),
		cmocka_unit_test(test_not_evaluable),
		cmocka_unit_test(test_marks),
		cmocka_unit_test(test_sweep_fast_path),
		cmocka_unit_test(test_bad_names),
		cmocka_unit_test(test_machine_size), cmocka_unit_test(test_machine_copy), cmocka_unit_test(test_preset_round_trip),
		cmocka_unit_test(test_tradeoff_points),
		cmocka_unit_test(test_locals_alias),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
