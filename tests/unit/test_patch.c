/*
 * The descriptors' declarations hold: every metric names its kind and which
 * way is better, and its `reads` list is complete - changing any parameter it
 * does not list leaves every side unchanged, on machines of every shape. The
 * chart's x axis and the sweep's hoisting of constant columns both trust it.
 * A ratio_of metric is the division of its sibling's sides.
 */
#include <math.h>

#include "testutil.h"

#include "../../core/variant.h"

static int same(struct value a, struct value b)
{
	if (a.kind != b.kind)
		return 0;
	if (a.kind == VAL_INT)
		return a.i == b.i;
	if (a.kind == VAL_REAL)
		return a.r == b.r || (isnan(a.r) && isnan(b.r));
	return 1;
}

static const char *const shapes[] = {
	"", "cpus 4 ram 8G", "cpus 1024 ram 4T overcommit never", "cpus 72 ram 1G reclaim 300M pagesize 64K",
	"cpus 2 overcommit always threads 8 mmap 4K", "cpus 65536 ram 1P zone 1000p totalram 4000000p",
};
static const char *const values[] = { "1",  "2",    "3",     "7",      "64",    "100",    "4K",
				       "16K", "64K", "1M",   "1G",    "16G",    "3T",     "0.5",
				       "0.01", "1000", "guess", "always", "never", "auto", "12345" };

static void test_reads_complete(void **state)
{
	(void)state;
	for (int pi = 0; patch_set_builtin.list[pi]; pi++) {
		const struct patch_desc *d = patch_set_builtin.list[pi];

		for (const struct metric_desc *md = d->metrics; md->name; md++) {
			int nsides = md->single ? 1 : patch_nsides(d);

			assert_non_null(md->reads);
			for (size_t k = 0; k < nparams; k++) {
				if (metric_reads(md, params[k].name))
					continue;
				for (size_t sh = 0; sh < sizeof(shapes) / sizeof(shapes[0]); sh++) {
					struct machine m = machine_with(shapes[sh]);

					for (size_t vi = 0; vi < sizeof(values) / sizeof(values[0]); vi++) {
						struct machine m2 = m;
						char err[256];

						if (param_set(&m2, &params[k], values[vi], err, sizeof(err)))
							continue;
						for (int s = 0; s < nsides; s++)
							if (!same(md->fn(&m, md, s, NULL), md->fn(&m2, md, s, NULL))) {
								fprintf(stderr, "%s.%s reads %s (set to %s on '%s') but does not list it\n",
									d->id, md->name, params[k].name, values[vi], shapes[sh]);
								fail();
							}
					}
				}
			}
		}
	}
}

/* Every name in reads is a parameter: a typo would hide a dependency. */
static void test_reads_names(void **state)
{
	(void)state;
	for (int pi = 0; patch_set_builtin.list[pi]; pi++)
		for (const struct metric_desc *md = patch_set_builtin.list[pi]->metrics; md->name; md++) {
			char buf[512], *save = NULL;

			snprintf(buf, sizeof(buf), "%s", md->reads);
			for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
				if (!param_find(w))
					fprintf(stderr, "%s.%s reads unknown '%s'\n", patch_set_builtin.list[pi]->id, md->name, w);
				assert_non_null(param_find(w));
			}
		}
}

/*
 * A ratio_of metric is exactly metric_ratio() of its sibling's sides - the
 * explorer divides instead of calling it - on machines of every shape, each
 * parameter the metric reads moved to every value, and through its sides'
 * fn_sides when it has one (the explorer's path) as through fn per side.
 */
static void test_ratio_of(void **state)
{
	int checked = 0;

	(void)state;
	for (int pi = 0; patch_set_builtin.list[pi]; pi++) {
		const struct patch_desc *d = patch_set_builtin.list[pi];

		for (const struct metric_desc *md = d->metrics; md->name; md++) {
			const struct metric_desc *of;

			if (!md->ratio_of)
				continue;
			of = patch_metric(d, md->ratio_of);
			assert_non_null(of);
			assert_true(md->single && !of->single);
			for (size_t sh = 0; sh < sizeof(shapes) / sizeof(shapes[0]); sh++)
				for (size_t k = 0; k < nparams; k++)
					for (size_t vi = 0; vi < sizeof(values) / sizeof(values[0]); vi++) {
						struct machine m = machine_with(shapes[sh]);
						struct value sides[PATCH_MAX_COLS], want;
						char err[256];

						if (!metric_reads(md, params[k].name) ||
						    param_set(&m, &params[k], values[vi], err, sizeof(err)))
							continue;
						want = md->fn(&m, md, 0, NULL);
						if (of->fn_sides)
							of->fn_sides(&m, sides);
						for (int s = 0; s < patch_nsides(d); s++) {
							if (of->fn_sides && !same(sides[s], of->fn(&m, of, s, NULL))) {
								fprintf(stderr, "%s.%s: fn_sides and fn differ on side %d ('%s', %s %s)\n",
									d->id, of->name, s, shapes[sh], params[k].name, values[vi]);
								fail();
							}
							sides[s] = of->fn(&m, of, s, NULL);
						}
						if (!same(want, metric_ratio(sides[d->before], sides[d->after]))) {
							fprintf(stderr, "%s.%s is not %s.after / before ('%s', %s %s)\n", d->id, md->name,
								of->name, shapes[sh], params[k].name, values[vi]);
							fail();
						}
						checked++;
					}
		}
	}
	/* both speedups, on every shape */
	assert_true(checked > 500);
}

static void test_kind_and_better_names(void **state)
{
	(void)state;
	assert_string_equal(metric_kind_name(METRIC_EXACT), "exact");
	assert_string_equal(metric_kind_name(METRIC_WORKLOAD), "workload");
	assert_string_equal(metric_kind_name(METRIC_MODELED), "model");
	assert_string_equal(metric_better_name(BETTER_LOWER), "lower");
	assert_string_equal(metric_better_name(BETTER_HIGHER), "higher");
	assert_string_equal(metric_better_name(BETTER_NONE), "none");
	/* a gain and a price, as the tables declare them */
	assert_int_equal(patch_metric(patch_find(NULL, "memcg_charge"), "throughput")->better, BETTER_HIGHER);
	assert_int_equal(patch_metric(patch_find(NULL, "memcg_charge"), "stock_max_bytes")->better, BETTER_LOWER);
	assert_true(metric_reads(patch_metric(patch_find(NULL, "vmpressure"), "window"), "ram"));
	assert_false(metric_reads(patch_metric(patch_find(NULL, "vmpressure"), "window"), "cpus"));
	assert_false(metric_reads(patch_metric(patch_find(NULL, "vmpressure"), "window"), "ra"));
}

/*
 * Issue 27: a patch's fn_row gives each metric of its row_metrics what that
 * metric's fn_sides gives, bit for bit, and every bit names a metric that
 * has one (a sweep reads those rows in place of fn_sides).
 */
static void test_fn_row(void **state)
{
	long checked = 0;

	(void)state;
	for (int i = 0; patch_set_builtin.list[i]; i++) {
		const struct patch_desc *d = patch_set_builtin.list[i];
		int n = 0;

		while (d->metrics[n].name)
			n++;
		if (!d->fn_row)
			continue;
		assert_true(d->row_metrics && n <= 32 && d->row_metrics >> n == 0);
		for (size_t sh = 0; sh < sizeof(shapes) / sizeof(shapes[0]); sh++)
			for (uint64_t t = 1; t < (1ull << 50); t = t * 3 + 1) {
				struct machine m = machine_with(shapes[sh]);
				struct value row[32][PATCH_MAX_SIDES];

				m.totalram = t;
				if (m.zone > t)
					m.zone = 0;
				d->fn_row(&m, row);
				for (int k = 0; k < n; k++) {
					struct value one[PATCH_MAX_SIDES];

					if (!(d->row_metrics >> k & 1))
						continue;
					assert_non_null(d->metrics[k].fn_sides);
					d->metrics[k].fn_sides(&m, one);
					for (int s = 0; s < patch_nsides(d) && s < PATCH_MAX_SIDES; s++) {
						if (row[k][s].kind != one[s].kind || row[k][s].i != one[s].i) {
							fprintf(stderr, "%s.%s side %d, totalram %llu, '%s': fn_row and fn_sides differ\n",
								d->id, d->metrics[k].name, s, (unsigned long long)t, shapes[sh]);
							fail();
						}
						checked++;
					}
				}
			}
	}
	assert_true(checked > 1000);
}

/* A patch's variant slots and first variant side, written in its constant, are where variant.c puts them. */
static void test_constant_slots(void **state)
{
	struct machine m;
	char err[256];
	int n = 0;

	(void)state;
	for (int i = 0; patch_set_builtin.list[i]; i++) {
		const struct patch_desc *d = patch_set_builtin.list[i];

		if (!d->constant)
			continue;
		n++;
		assert_int_equal(d->constant->slot, i);
		assert_int_equal(d->constant->side0, patch_nsides(d));
		assert_int_equal(d->constant->side0, variant_side0(d));
		machine_defaults(&m);
		assert_int_equal(variant_add(test_set(&m), d, "x", "7", err, sizeof(err)), 0);
		assert_int_equal(m.set->nvariants[d->constant->slot], 1);
		assert_non_null(variant_at(&m, d, d->constant->side0));
	}
	assert_true(n >= 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reads_complete),
		cmocka_unit_test(test_fn_row),
		cmocka_unit_test(test_constant_slots),
		cmocka_unit_test(test_reads_names),
		cmocka_unit_test(test_ratio_of),
		cmocka_unit_test(test_kind_and_better_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
