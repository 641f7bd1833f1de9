/*
 * Compiled sweep columns (core/mmpatch_code.c) against the interpreter: on
 * a grid of sweeps over totalram, ram and cpus, with patch files (one with a
 * real metric and a per), their variants (one n/a on some rows) and
 * built-in patches' variants (their constants, and metrics that read
 * totalram only through them, which the last test holds), every cell a sweep gives - the rows it works
 * out and the rows a run of equal values stands for (sweep_still; over ram
 * the rows a group takes from its plateau) - is
 * metric_compute()'s on that row's machine, bit for bit, and the columns
 * did take the compiled path and its runs.
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "mmpatchutil.h"

#include "../../core/mmpatch.h"
#include "../../core/patchset.h"
#include "../../core/sweep.h"
#include "../../core/variant.h"

/* The same value: an int's bits, a real's bits, an n/a's reason. */
static void same(struct value got, struct value want, const char *head, uint64_t key)
{
	int ok = got.kind == want.kind;

	if (ok && got.kind == VAL_REAL)
		ok = !memcmp(&got.r, &want.r, sizeof(got.r));
	else if (ok && got.kind == VAL_NONE)
		ok = !strcmp(got.why, want.why);
	else if (ok)
		ok = got.i == want.i;
	if (!ok) {
		fprintf(stderr, "%s at key %llu: sweep kind %d %llu (%s), interpreter kind %d %llu (%s)\n", head,
			(unsigned long long)key, got.kind, (unsigned long long)got.i, got.kind == VAL_NONE ? got.why : "",
			want.kind, (unsigned long long)want.i, want.kind == VAL_NONE ? want.why : "");
		fail();
	}
}

struct tally {
	long cells, rows, stood, compiled, joined;
	long ram_runs, ram_stood; /* over ram: compiled groups with a plateau, and rows they took from one */
};

/* Every column of the sweep against the interpreter on row machines, each row of a run of equal rows too. */
static void check_sweep(struct machine *m, const char *key, const char *from, const char *to, const char *step,
			const char *const *names, struct tally *t)
{
	struct sweep *sw = malloc(sizeof(*sw));
	struct sweep_range r;
	struct machine at;
	char err[300];

	assert_non_null(sw);
	assert_int_equal(sweep_range_parse(m, key, from, to, "step", step, &r, err, sizeof(err)), 0);
	sweep_init(sw, &r);
	for (int i = 0; names[i]; i++) {
		const struct patch_desc *d = strchr(names[i], '.') ? NULL : patch_find(m->set, names[i]);
		char name[128];

		for (const struct metric_desc *md = d ? d->metrics : NULL; md && md->name; md++) { /* PATCH: every metric */
			snprintf(name, sizeof(name), "%s.%s", d->id, md->name);
			assert_int_equal(sweep_add_metric_m(sw, m, name, err, sizeof(err)), 0);
		}
		if (!d && sweep_add_metric_m(sw, m, names[i], err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			fail();
		}
	}
	sweep_begin(sw, m);
	for (int i = 0; i < sw->ncols; i++)
		t->compiled += sw->cols[i].code != NULL;
	for (int g = 0; g < sw->ngroups; g++) /* columns of a side run as one chain (mmp_code_join) */
		t->joined += sw->groups[g].code && sw->groups[g].n > 1 ? sw->groups[g].n : 0;
	for (int g = 0; g < sw->ngroups; g++)
		t->ram_runs += sw->plateau_pages && sw->groups[g].code && sw->groups[g].plateau;
	while (sweep_next(sw)) {
		uint64_t still = sweep_still(sw), pages = machine_totalram(&sw->m);

		for (int g = 0; sw->plateau_pages && g < sw->ngroups; g++) /* past the row its plateau was found at */
			t->ram_stood += sw->groups[g].code && pages > sw->groups[g].plateau_lo && pages <= sw->groups[g].plateau_hi;

		for (uint64_t k = 0; k <= still; k++) { /* the row, and every row that stands as it is */
			at = *m;
			param_store_u64(&at, r.key, sw->cur.u + k * r.step);
			for (int i = 0; i < sw->ncols; i++, t->cells++)
				same(sweep_value(sw, i), metric_compute(&at, sw->cols[i].patch, sw->cols[i].metric, sw->cols[i].side, NULL),
				     sw->cols[i].head, sw->cur.u + k * r.step);
			t->rows++;
		}
		t->stood += (long)still;
		if (still)
			sweep_skip(sw, still);
	}
	sweep_end(sw);
	free(sw);
}

static void test_compiled_grid(void **state)
{
	static struct patch_set set;
	struct mmpatch *c = mmpatch_load_slot("tests/data/committed_as_batch.mmpatch", 0);
	struct mmpatch *v = mmpatch_load_slot("tests/data/vmpressure_window.mmpatch", 1);
	struct mmpatch *pr = mmpatch_load_slot("tests/data/percpu_rows.mmpatch", 2);
	/* columns whose every value has a plateau over totalram (runs), and ones that are worked out row by row */
	static const char *const runs[] = { "committed_as_file", "vmpressure_file", "committed_as.batch.same",
					    "memcg_charge.batch.scaled", "committed_as.batch", "committed_as.max_drift_bytes.same",
					    "committed_as.reachable_drift_bytes", "vmpressure.window_bytes", "vmpressure.evals",
					    "vmpressure.detect_bytes", NULL };
	static const char *const rows[] = { "percpu_rows", "committed_as_file.max_drift_bytes", NULL };
	/* one side's columns joined, each n/a on some rows for a reason of its own (the variant zero below) */
	static const char *const mixed[] = { "percpu_rows.folds_per_million.zero", "percpu_rows.max_drift.zero",
					     "percpu_rows.drift_pct.zero", NULL };
	static const char *const policies[] = { "guess", "never" };
	struct tally t = { 0 };
	struct machine m;
	char err[300];

	(void)state;
	patch_set_copy(&set, NULL);
	assert_int_equal(patch_set_put(&set, 0, &c->desc), 0);
	assert_int_equal(patch_set_put(&set, 1, &v->desc), 0);
	assert_int_equal(patch_set_put(&set, 2, &pr->desc), 0);
	/* variants: one that follows the key, one n/a on some rows, one of a built-in patch */
	assert_int_equal(variant_add(&set, &c->desc, "v", "max(totalram / cpus / 64, 2 * cpus)", err, sizeof(err)), 0);
	assert_int_equal(variant_add(&set, &c->desc, "f", "100000 / (cpus - 4) + totalram / 4096", err, sizeof(err)), 0);
	assert_int_equal(variant_add(&set, &v->desc, "w", "512 * (1 + fls((u32)(totalram >> 15)) / 2)", err, sizeof(err)), 0);
	assert_int_equal(variant_add(&set, &pr->desc, "z", "zone_batchsize + cpus", err, sizeof(err)), 0);
	/* batch 0 below 8 CPUs: max_drift and drift_pct n/a for its subtraction, folds_per_million for its division */
	assert_int_equal(variant_add(&set, &pr->desc, "zero", "cpus < 8 ? 0 : cpus", err, sizeof(err)), 0);
	assert_int_equal(variant_add(&set, patch_find(&set, "committed_as"), "same",
				     "max(min(totalram / nr / (overcommit == never ? 256 : 4), 2147483647), max(2 * nr, 32))",
				     err, sizeof(err)), 0);
	assert_int_equal(variant_add(&set, patch_find(&set, "memcg_charge"), "scaled", "clamp(2 * cpus, 32, 127)", err,
				     sizeof(err)), 0);
	assert_int_equal(variant_add(&set, patch_find(&set, "vmpressure"), "t", "512 * fls((u32)(totalram >> 15))", err,
				     sizeof(err)), 0);
	assert_int_equal(variant_add(&set, patch_find(&set, "vmpressure"), "half", "512 * (1 + fls(mem128m) / 2)", err,
				     sizeof(err)), 0);
	for (int pol = 0; pol < 2; pol++) {
		machine_defaults(&m);
		m.set = &set;
		assert_int_equal(param_set(&m, param_find("overcommit"), policies[pol], err, sizeof(err)), 0);
		/* across plateaus of a division by cpus * 4, of fls(), and over a wide range */
		check_sweep(&m, "totalram", "1000000p", "1001500p", "1", runs, &t);
		check_sweep(&m, "totalram", "1000000p", "1000300p", "1", rows, &t);
		check_sweep(&m, "totalram", "1p", "60000000p", "40009", runs, &t);
		check_sweep(&m, "totalram", "32000p", "36000p", "1", runs, &t); /* mem128m's fls() steps at 32768 pages */
		check_sweep(&m, "totalram", "1p", "60000000p", "400009", rows, &t);
		/*
		 * Over ram, a row's totalram less the memmap: a page a row but one in
		 * 64, across the plateaus of a division by cpus * 4 and fls()'s step
		 * at 4 GiB of totalram; 16 pages a row; 252 pages a row, a step
		 * nearly as long as the division's plateau (its search then rests).
		 */
		check_sweep(&m, "ram", "4157M", "4164M", "4K", runs, &t);
		check_sweep(&m, "ram", "4000M", "4100M", "64K", runs, &t);
		check_sweep(&m, "ram", "1G", "3G", "1M", runs, &t);
		check_sweep(&m, "ram", "4157M", "4159M", "4K", rows, &t);
		check_sweep(&m, "ram", "1G", "1200M", "1M", mixed, &t);
		assert_int_equal(param_set(&m, param_find("cpus"), "3", err, sizeof(err)), 0);
		check_sweep(&m, "totalram", "262100p", "262200p", "1", runs, &t);
		check_sweep(&m, "cpus", "1", "700", "1", runs, &t);
		check_sweep(&m, "cpus", "1", "300", "1", rows, &t);
		check_sweep(&m, "cpus", "1", "20", "1", mixed, &t);
		assert_int_equal(param_set(&m, param_find("ram"), "3T", err, sizeof(err)), 0);
		check_sweep(&m, "cpus", "1", "4096", "37", runs, &t);
	}
	fprintf(stderr, "test_mmpatch_code: %ld cells on %ld rows held to the interpreter, %ld of the rows from runs, %ld "
			"compiled columns (%ld joined); over ram %ld compiled columns with plateaus, %ld group rows from them\n",
		t.cells, t.rows, t.stood, t.compiled, t.joined, t.ram_runs, t.ram_stood);
	/* the paths were taken: compiled columns, columns joined, and rows a run stood for, over totalram and over ram */
	assert_true(t.compiled > 200 && t.joined > 50 && t.stood > 1000 && t.cells > 50000);
	assert_true(t.ram_runs > 20 && t.ram_stood > 10000);
	free(c);
	free(v);
	free(pr);
}

/*
 * metric_desc.through_constant: with the constant held (a variant that is a
 * number), no totalram moves the value - on machines from one CPU to 65536,
 * totalram from a page to 2^50, constants from 1 to past 32 bits.
 */
static void test_through_constant(void **state)
{
	static const uint64_t cpus[] = { 1, 3, 64, 4096, 65536 };
	static const uint64_t totalram[] = { 1, 31, 32768, 1000000, 66060288, 1ull << 32, 1ull << 50 };
	static const char *const held[] = { "1", "32", "3906", "65536", "4294967297" };
	static struct patch_set set;
	struct machine m;
	char err[300];
	long metrics = 0, cells = 0;

	(void)state;
	for (int i = 0; patch_set_builtin.list[i]; i++) {
		const struct patch_desc *d = patch_set_builtin.list[i];

		for (const struct metric_desc *md = d->metrics; md->name; md++) {
			if (!md->through_constant)
				continue;
			assert_true(d->constant && !d->constant->per_call && !md->single && !md->list);
			metrics++;
			for (size_t h = 0; h < sizeof(held) / sizeof(held[0]); h++) {
				patch_set_copy(&set, NULL);
				assert_int_equal(variant_add(&set, d, "held", held[h], err, sizeof(err)), 0);
				for (size_t c = 0; c < sizeof(cpus) / sizeof(cpus[0]); c++) {
					struct value first;

					machine_defaults(&m);
					m.set = &set;
					m.cpus = cpus[c];
					for (size_t t = 0; t < sizeof(totalram) / sizeof(totalram[0]); t++, cells++) {
						struct value v;

						m.totalram = totalram[t];
						v = metric_compute(&m, d, md, variant_side0(d), NULL);
						if (!t)
							first = v;
						same(v, first, md->name, totalram[t]);
					}
				}
			}
		}
	}
	fprintf(stderr, "test_mmpatch_code: %ld metrics read totalram only through their constant, %ld cells\n", metrics,
		cells);
	assert_true(metrics >= 2 && cells > 100);
}

/* patch_constant.locals_expr: each local's expression gives local_values()'s value, on machines of every size and page. */
static void test_locals_expr(void **state)
{
	static const uint64_t totalram[] = { 0, 1, 32767, 32768, 1000000, 66060288, 1ull << 32, 1ull << 47, 1ull << 50 };
	static const uint64_t ram[] = { 256ull << 20, 17ull << 30, 1ull << 50 };
	static const uint64_t pagesize[] = { 4096, 16384, 65536 };
	const char *names[EXPR_MAX_NAMES + 1];
	long checked = 0;
	int n = 0;

	(void)state;
	while (variant_common[n].name && n < EXPR_MAX_NAMES)
		names[n] = variant_common[n].name, n++;
	names[n] = NULL;
	for (int i = 0; patch_set_builtin.list[i]; i++) {
		const struct patch_constant *c = patch_set_builtin.list[i]->constant;

		for (int l = 0; c && c->locals_expr && c->locals[l]; l++) {
			struct expr e;
			char err[200];

			if (!c->locals_expr[l])
				continue;
			assert_int_equal(expr_compile(&e, c->locals_expr[l], names, err, sizeof(err)), 0);
			for (size_t t = 0; t < sizeof(totalram) / sizeof(totalram[0]); t++)
				for (size_t r = 0; r < sizeof(ram) / sizeof(ram[0]); r++)
					for (size_t p = 0; p < sizeof(pagesize) / sizeof(pagesize[0]); p++, checked++) {
						uint64_t vals[EXPR_MAX_NAMES], locals[EXPR_MAX_NAMES], v;
						const char *why;
						struct machine m;

						machine_defaults(&m);
						m.totalram = totalram[t];
						m.ram = ram[r];
						m.pagesize = pagesize[p];
						variant_common_values(&m, e.reads, vals);
						c->local_values(&m, locals);
						assert_int_equal(expr_eval(&e, names, vals, &v, &why, NULL), 0);
						assert_int_equal(v, locals[l]);
					}
		}
	}
	fprintf(stderr, "test_mmpatch_code: %ld locals' expressions held to local_values()\n", checked);
	assert_true(checked > 50);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compiled_grid),
		cmocka_unit_test(test_through_constant),
		cmocka_unit_test(test_locals_expr),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
