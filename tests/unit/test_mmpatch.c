/*
 * Patch files (core/mmpatch.c): the two built-in-equivalent files in
 * tests/data give the built-in vmpressure and committed_as figures bit for
 * bit over a grid of machines, a patch file's conversions follow C, and
 * every kind of bad file is one line naming FILE:LINE:COLUMN.
 */
#include <stdlib.h>

#include "testutil.h"
#include "mmpatchutil.h"

#include "../../core/mmpatch.h"
#include "../../core/variant.h"

/* The machines: CPU counts, memory sizes and page sizes from a laptop to past fls()'s 32 bits, every policy. */
static const uint64_t grid_cpus[] = { 1, 2, 3, 7, 64, 255, 256, 1000, 4096, 65536 };
static const uint64_t grid_totalram[] = { 0, 1, 31, 32768, 65535, 1000000, 66060288, 1ull << 32, (1ull << 47) - 1,
					  1ull << 47, 3ull << 47, 1ull << 50 };
static const uint64_t grid_ram[] = { 256ull << 20, 1ull << 30, 17ull << 30, 1ull << 40, 1ull << 50 };
static const uint64_t grid_pagesize[] = { 4096, 16384, 65536 };

/* Every cell of the file's metrics against the built-in metric of the same name, on sides before and after. */
static long compare(const struct mmpatch *p, const char *builtin, const char *const *names, const struct machine *m)
{
	const struct patch_desc *d = patch_find(NULL, builtin);
	long cells = 0;

	for (int i = 0; names[i]; i++) {
		const struct metric_desc *md = patch_metric(d, names[i]);
		int j = 0;

		while (j < p->nmetrics && strcmp(p->metrics[j].name, names[i]))
			j++;
		assert_non_null(md);
		assert_true(j < p->nmetrics);
		for (int side = 0; side < 2; side++) {
			struct value want = metric_compute(m, d, md, side, NULL), got = mmpatch_metric(p, j, m, side, NULL);

			if (want.kind != got.kind || (want.kind == VAL_INT && want.i != got.i)) {
				fprintf(stderr, "%s.%s side %d: built-in %d %llu, file %d %llu (cpus %llu totalram %llu ram %llu "
					"pagesize %llu overcommit %llu lift %llu)\n", builtin, names[i], side, want.kind,
					(unsigned long long)want.i, got.kind, (unsigned long long)got.i,
					(unsigned long long)m->cpus, (unsigned long long)m->totalram, (unsigned long long)m->ram,
					(unsigned long long)m->pagesize, (unsigned long long)m->overcommit,
					(unsigned long long)m->committed_lift);
				fail();
			}
			cells++;
		}
	}
	return cells;
}

static void test_builtin_equivalent(void **state)
{
	static const char *const vmp[] = { "window", "window_bytes", "evals", "detect_pages", NULL };
	static const char *const cas[] = { "batch", "max_drift_bytes", "reachable_drift_bytes", NULL };
	static const uint64_t lifts[] = { 1, 16, 64, 256 }, chunks[] = { 1, 32, 1000 };
	struct mmpatch *v = mmpatch_load_file("tests/data/vmpressure_window.mmpatch");
	struct mmpatch *c = mmpatch_load_file("tests/data/committed_as_batch.mmpatch");
	long cells = 0;

	(void)state;
	for (size_t a = 0; a < sizeof(grid_cpus) / sizeof(grid_cpus[0]); a++)
		for (size_t b = 0; b < sizeof(grid_totalram) / sizeof(grid_totalram[0]); b++)
			for (size_t r = 0; r < sizeof(grid_ram) / sizeof(grid_ram[0]); r++)
				for (size_t ps = 0; ps < sizeof(grid_pagesize) / sizeof(grid_pagesize[0]); ps++)
					for (uint64_t oc = 0; oc < 3; oc++) {
						struct machine m;

						machine_defaults(&m);
						m.cpus = grid_cpus[a];
						m.totalram = grid_totalram[b];
						m.ram = grid_ram[r];
						m.pagesize = grid_pagesize[ps];
						m.overcommit = oc;
						m.committed_lift = lifts[(a + b + r) % 4];
						m.chunk = chunks[(a + ps) % 3];
						m.scanned = 11900000 + 7 * b;
						cells += compare(v, "vmpressure", vmp, &m);
						cells += compare(c, "committed_as", cas, &m);
					}
	/* 10 * 12 * 5 * 3 * 3 machines, 7 metrics, 2 sides */
	assert_int_equal(cells, 10L * 12 * 5 * 3 * 3 * 7 * 2);
	free(v);
	free(c);
}

#define HEAD "patch mine\ntitle a test\nconstant FOO_BATCH as batch\n"

/* Each bad file is one line with the file, the line and the column, and what was expected there. */
static void test_errors(void **state)
{
	static const struct { const char *text, *want; } rows[] = {
		{ "patch vmpressure\n", "t.mmpatch:1:7: patch 'vmpressure' is built in: a patch file may not shadow it" },
		{ HEAD "before = 32\nafter = 64\nmetric a = b + 1\nmetric b = a * 2\n",
		  "t.mmpatch:6:12: metric 'a' reads itself through a -> b -> a" },
		{ HEAD "before = 32\nafter = 64\nmetric a = a + 1\n", "t.mmpatch:6:12: metric 'a' reads itself (a loop" },
		{ HEAD "before = 32\nafter = 2 * cpuz\n", "t.mmpatch:5:13: unknown name 'cpuz' at column 13 (did you mean 'cpus'?)" },
		{ HEAD "before = 32\nafter = 64\nmetric x = batch * pagesiz\n", "t.mmpatch:6:20: unknown name 'pagesiz'" },
		{ HEAD "befor = 32\n", "t.mmpatch:4:1: unknown key 'befor': did you mean 'before'?" },
		{ HEAD "before = 32\n", "t.mmpatch:5:1: no 'after' line: expected 'after = EXPR'" },
		{ "patch mine\ntitle a\nmetric x = 1\n", "t.mmpatch:3:1: 'metric' before 'constant'" },
		{ HEAD "before = 32\nafter = 64\nmetric x = batch\nkind workload\n",
		  "t.mmpatch:7:1: kind workload: an 'assume TEXT' line for this metric expected" },
		{ HEAD "before = 32\nafter = 64\nmetric x = batch\nafter = 3\n",
		  "t.mmpatch:7:1: 'after' after a metric: the constant's sides come before the first 'metric'" },
		{ HEAD "before = 32\nafter = 64\nmetric cpus = 1\n", "t.mmpatch:6:1: metric 'cpus': the name is the machine's" },
		{ HEAD "before = 32\nafter = 64\nmetric x = batch\nbetter up\n", "t.mmpatch:7:8: better: lower, higher or none expected" },
		{ "patch mine\ntitle a\norigin yesterday\n", "t.mmpatch:3:8: origin: a mail's Message-ID" },
		{ HEAD "before = 32\nafter = batch\n", "t.mmpatch:5:9: unknown name 'batch'" },
		{ "patch mine\ntitle a\x01\n", "t.mmpatch:2:8: a control character (\\x01): a patch file is text" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		assert_true(mmpatch_refused(i, rows[i].text, rows[i].want));
}

/* Hostile input: binary, huge, and nesting past the language's depth, each refused in one line. */
static void test_hostile(void **state)
{
	static char big[MMP_FILE_MAX + 2];
	char text[4096], err[512];
	struct mmpatch *p = malloc(sizeof(*p));
	size_t n;

	(void)state;
	assert_non_null(p);
	memcpy(text, "patch x\ntitle a\0b\n", 18);
	assert_int_equal(mmpatch_parse(p, "t.mmpatch", text, 18, 0, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "t.mmpatch:2:8: a NUL byte: a patch file is text, not binary"));
	memset(big, '#', sizeof(big));
	assert_int_equal(mmpatch_parse(p, "t.mmpatch", big, sizeof(big), 0, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "t.mmpatch: 65538 bytes: a patch file of at most 65536 bytes expected"));
	n = (size_t)snprintf(text, sizeof(text), HEAD "before = 1\nafter = ");
	for (int i = 0; i < 40; i++)
		text[n++] = '(';
	text[n++] = '1';
	for (int i = 0; i < 40; i++)
		text[n++] = ')';
	text[n] = '\0';
	assert_int_equal(mmpatch_parse(p, "t.mmpatch", text, n, 0, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "t.mmpatch:5:"));
	assert_non_null(strstr(err, "nested too deeply"));
	free(p);
}

/* An int keeps the low 32 bits and a negative int stops the figure; (u32) cuts, (unsigned long) keeps. */
static void test_conversions(void **state)
{
	static const char text[] = HEAD "before = (int)(totalram * 4096)\nafter = (u32)(totalram * 4096)\n"
				   "metric wide = (unsigned long)(totalram * 4096)\n";
	struct mmpatch *p = malloc(sizeof(*p));
	struct machine m;
	char err[512];
	struct value v;

	(void)state;
	assert_non_null(p);
	if (mmpatch_parse(p, "t.mmpatch", text, strlen(text), 0, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		fail();
	}
	machine_defaults(&m);
	m.totalram = 1000000; /* 4096000000: above INT_MAX, below 2^32 */
	v = mmpatch_metric(p, 0, &m, 0, NULL);
	assert_int_equal(v.kind, VAL_NONE);
	assert_string_equal(v.why, "a conversion to a signed type gives a negative value");
	assert_int_equal(mmpatch_metric(p, 0, &m, 1, NULL).i, 4096000000u);
	m.totalram = 1100000; /* 4505600000: past 2^32, the low bits 210632704 */
	assert_int_equal(mmpatch_metric(p, 0, &m, 0, NULL).i, 4505600000ull - 4294967296ull);
	assert_int_equal(mmpatch_metric(p, 0, &m, 1, NULL).i, 4505600000ull - 4294967296ull);
	assert_int_equal(mmpatch_metric(p, 1, &m, 1, NULL).i, 4505600000ull);
	free(p);
}

/* The reads of a metric are its expression's and those of the metrics it reads, so a sweep knows what moves. */
static void test_reads(void **state)
{
	struct mmpatch *v = mmpatch_load_file("tests/data/vmpressure_window.mmpatch");
	int evals = 0;

	(void)state;
	while (strcmp(v->metrics[evals].name, "evals"))
		evals++;
	assert_true(metric_reads(&v->md[evals], "scanned"));
	assert_true(metric_reads(&v->md[evals], "chunk"));
	assert_true(metric_reads(&v->md[evals], "totalram")); /* through window */
	assert_true(metric_reads(&v->md[evals], "pagesize"));
	assert_false(metric_reads(&v->md[evals], "cpus"));
	assert_false(metric_reads(&v->md[0], "scanned"));
	free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_builtin_equivalent),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_hostile),
		cmocka_unit_test(test_conversions),
		cmocka_unit_test(test_reads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
