/*
 * The diff reader (core/diffread.c): each diff in tests/data, and the seeds'
 * own diffs where the seeds are at hand ($BATCHLAB_SEEDS, default
 * /work/shared/seeds), made into a variant that gives the patch's after side
 * on every metric over a grid of machines; a diff that changes nothing
 * batchlab knows maps nothing and lists each change with its file and line.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "mmpatchutil.h"

#include "../../core/diffread.h"
#include "../../core/variant.h"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;

	if (!f)
		return NULL;
	buf = malloc(1 << 20);
	assert_non_null(buf);
	*len = fread(buf, 1, (1 << 20) - 1, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

static struct diff_read *read_diff(const char *path)
{
	struct diff_read *r = malloc(sizeof(*r));
	size_t len;
	char *text = slurp(path, &len), err[300];

	assert_non_null(text);
	assert_non_null(r);
	if (diff_read(NULL, text, len, r, err, sizeof(err))) {
		fprintf(stderr, "%s: %s\n", path, err);
		fail();
	}
	free(text);
	return r;
}

/* The one mapped finding of r, which must be of patch id. */
static const struct diff_finding *only_mapped(const struct diff_read *r, const char *id)
{
	const struct diff_finding *f = NULL;

	for (int i = 0; i < r->n; i++)
		if (r->f[i].patch) {
			assert_null(f);
			f = &r->f[i];
		}
	assert_non_null(f);
	assert_string_equal(f->patch->id, id);
	return f;
}

/*
 * The variant on every metric equals the after side (same kind, same value,
 * bit for bit for reals too) on each machine of the grid; settings is what
 * the after side needs to be the diff's (committed_lift 16).
 */
static long same_as_after(const struct diff_finding *f, const char *settings)
{
	static const char *const machines[] = {
		"cpus 1 ram 256M", "cpus 4 ram 4G", "cpus 64 ram 256G", "cpus 256 ram 1T pagesize 64K",
		"cpus 4096 ram 16T overcommit never", "cpus 65536 ram 1E", "cpus 7 totalram 140737488355328p",
		"cpus 96 ram 3T overcommit always reclaim 64G", "cpus 2 ram 1G reclaim 7M",
	};
	long cells = 0;
	char err[300];

	for (size_t i = 0; i < sizeof(machines) / sizeof(machines[0]); i++) {
		char s[300];
		struct machine m;
		int side;

		snprintf(s, sizeof(s), "%s%s%s", machines[i], *settings ? " " : "", settings);
		m = machine_with(s);
		if (variant_add(test_set(&m), f->patch, "diff", f->expr, err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			fail();
		}
		side = variant_find(&m, f->patch, "diff");
		for (const struct metric_desc *md = f->patch->metrics; md->name; md++) {
			struct value a, v;

			if (md->single)
				continue;
			a = metric_compute(&m, f->patch, md, f->patch->after, NULL);
			v = metric_compute(&m, f->patch, md, side, NULL);
			if (a.kind != v.kind || (a.kind == VAL_INT && a.i != v.i) ||
			    (a.kind == VAL_REAL && memcmp(&a.r, &v.r, sizeof(a.r))) || (a.kind == VAL_LIST && a.i != v.i)) {
				fprintf(stderr, "%s.%s on '%s': after %d %g, variant '%s' %d %g\n", f->patch->id, md->name, s,
					a.kind, value_real(a), f->expr, v.kind, value_real(v));
				fail();
			}
			cells++;
		}
	}
	return cells;
}

static void test_own_diffs(void **state)
{
	static const struct { const char *file, *patch, *settings, *expr; } rows[] = {
		{ "tests/data/memcg_batch128.diff", "memcg_charge", "charge_batch 128", "128U" },
		{ "tests/data/committed_lift16.diff", "committed_as", "committed_lift 16", NULL },
		{ "tests/data/window_scaled.diff", "vmpressure", "", NULL },
		{ "tests/data/reclaim_quarter.diff", "proactive_reclaim", "reclaim_divisor 4", "(remaining) / 4" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct diff_read *r = read_diff(rows[i].file);
		const struct diff_finding *f = only_mapped(r, rows[i].patch);

		if (rows[i].expr)
			assert_string_equal(f->expr, rows[i].expr);
		assert_true(same_as_after(f, rows[i].settings) > 9);
		diff_read_free(r);
		free(r);
	}
}

/* Changes batchlab does not model: nothing mapped, each one listed where it is. */
static void test_nothing_known(void **state)
{
	struct diff_read *r = read_diff("tests/data/nothing_known.diff");

	(void)state;
	assert_int_equal(r->hunks, 3);
	assert_int_equal(r->n, 3);
	assert_null(r->f[0].patch);
	assert_null(r->f[1].patch);
	assert_null(r->f[2].patch);
	assert_int_equal(r->f[2].line, 3001);
	assert_string_equal(r->f[2].what, "changes the initialiser .proc_handler, not a constant batchlab models");
	assert_string_equal(r->f[0].file, "mm/vmscan.c");
	assert_int_equal(r->f[0].line, 1233);
	assert_string_equal(r->f[0].what, "changes nr_to_reclaim, not a constant batchlab models");
	assert_int_equal(r->f[1].line, 2000);
	assert_string_equal(r->f[1].what, "changes DEF_PRIORITY, not a constant batchlab models");
	diff_read_free(r);
	free(r);
}

/* No hunk at all is an error, in one line; a changed declaration of the same value is listed, not mapped. */
static void test_not_a_diff(void **state)
{
	static const char text[] = "Subject: a mail\n\nno diff here\n--- a/x\n";
	struct diff_read *r = malloc(sizeof(*r));
	char err[300];

	(void)state;
	assert_non_null(r);
	assert_int_equal(diff_read(NULL, text, sizeof(text) - 1, r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no hunk of a unified diff"));
	free(r);
}

/* The seed whose number is seed (000_*.txt) in the seeds folder; NULL when it is not there. */
static char *seed_path(const char *seed)
{
	const char *dir = getenv("BATCHLAB_SEEDS") ? getenv("BATCHLAB_SEEDS") : "/work/shared/seeds";
	DIR *d = opendir(dir);
	struct dirent *e;
	char *path = NULL;

	while (d && (e = readdir(d)))
		if (!strncmp(e->d_name, seed, 3) && e->d_name[3] == '_') {
			path = malloc(strlen(dir) + strlen(e->d_name) + 2);
			assert_non_null(path);
			sprintf(path, "%s/%s", dir, e->d_name);
			break;
		}
	if (d)
		closedir(d);
	return path;
}

/* Seed 000's and seed 004's own diffs come out as their after sides exactly; 002's and 003's hold no diff. */
static void test_seed_diffs(void **state)
{
	static const struct { const char *seed, *patch; } rows[] = { { "000", "memcg_charge" }, { "004", "vmpressure" } };

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char *path = seed_path(rows[i].seed);
		struct diff_read *r;

		if (!path) {
			fprintf(stderr, "test_seed_diffs: seed %s not found ($BATCHLAB_SEEDS): skipped\n", rows[i].seed);
			continue;
		}
		r = read_diff(path);
		assert_true(same_as_after(only_mapped(r, rows[i].patch), "") > 9);
		diff_read_free(r);
		free(r);
		free(path);
	}
	for (const char *const *s = (const char *const[]){ "002", "003", NULL }; *s; s++) {
		char *path = seed_path(*s), err[300];
		struct diff_read *r = malloc(sizeof(*r));
		size_t len;
		char *text;

		if (!path) {
			free(r);
			continue;
		}
		text = slurp(path, &len);
		assert_int_equal(diff_read(NULL, text, len, r, err, sizeof(err)), -1);
		free(text);
		free(r);
		free(path);
	}
}

/* r from text read against set (NULL: the built-ins), which must read. */
static struct diff_read *read_in(const struct patch_set *set, const char *text)
{
	struct diff_read *r = malloc(sizeof(*r));
	char err[300];

	assert_non_null(r);
	if (diff_read(set, text, strlen(text), r, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		fail();
	}
	return r;
}

static struct diff_read *read_text(const char *text)
{
	return read_in(NULL, text);
}

static void free_read(struct diff_read *r)
{
	diff_read_free(r);
	free(r);
}

/* The variant of f's expression on "set ram 64T": the window it gives. */
static uint64_t window_at_64t(const struct diff_finding *f)
{
	struct machine m = machine_with("ram 64T");
	uint64_t v;
	const char *why;
	char err[300];

	assert_int_equal(variant_add(test_set(&m), f->patch, "d", f->expr, err, sizeof(err)), 0);
	assert_int_equal(variant_eval(&m, f->patch, variant_find(&m, f->patch, "d"), NULL, &v, &why, NULL), 0);
	return v;
}

/*
 * Issue 47: fls_long() and fls64() take 64 bits (include/linux/bitops.h,
 * include/asm-generic/bitops/fls64.h), fls() an unsigned int. At 64 TiB
 * totalram is 2^34 - 2^28 pages: fls64 gives 34, the 32-bit cut 32 - so
 * SWAP_CLUSTER_MAX * fls_long(totalram_pages()) is 32 * 34 = 1088, and the
 * same with fls() 1024.
 */
static void test_fls_widths(void **state)
{
	static const struct { const char *fn; uint64_t want; } rows[] = {
		{ "fls_long", 1088 }, { "fls64", 1088 }, { "fls", 1024 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char text[600];
		struct diff_read *r;

		snprintf(text, sizeof(text), "--- a/mm/vmpressure.c\n+++ b/mm/vmpressure.c\n@@ -1,1 +1,1 @@\n"
			 "-unsigned long vmpressure_win = SWAP_CLUSTER_MAX * 16;\n"
			 "+unsigned long vmpressure_win = SWAP_CLUSTER_MAX * %s(totalram_pages());\n", rows[i].fn);
		r = read_text(text);
		assert_int_equal(window_at_64t(only_mapped(r, "vmpressure")), rows[i].want);
		free_read(r);
	}
}

/* Issue 47: every change is kept - the one batchlab models after 40 it does not (once dropped past 32). */
static void test_no_cap(void **state)
{
	struct strbuf t = STRBUF_INIT;
	struct diff_read *r;

	(void)state;
	sb_puts(&t, "--- a/include/linux/x.h\n+++ b/include/linux/x.h\n@@ -1,41 +1,41 @@\n");
	for (int i = 0; i < 40; i++)
		sb_printf(&t, "-#define UNRELATED_%d 1\n+#define UNRELATED_%d 2\n", i, i);
	sb_puts(&t, "-#define MEMCG_CHARGE_BATCH 64U\n+#define MEMCG_CHARGE_BATCH 128U\n");
	r = read_text(sb_str(&t));
	assert_int_equal(r->n, 41);
	assert_string_equal(only_mapped(r, "memcg_charge")->expr, "128U");
	assert_int_equal(r->f[40].line, 41);
	free_read(r);
	sb_free(&t);
}

/* Issue 47: a @@ line at 2^31 - 1 counted past INT_MAX (undefined behaviour, a line of 18446744071562067969). */
static void test_hunk_line_max(void **state)
{
	static const char *const heads[] = { "@@ -2147483647,2 +2147483647,2 @@", "@@ -1,1 +4294967297,1 @@",
					     "@@ -1,99999999999 +1,1 @@" };

	(void)state;
	for (size_t i = 0; i < sizeof(heads) / sizeof(heads[0]); i++) {
		char text[400];
		struct diff_read *r;

		snprintf(text, sizeof(text), "--- a/x.h\n+++ b/x.h\n%s\n #define A 1\n-#define MEMCG_CHARGE_BATCH 64U\n"
			 "+#define MEMCG_CHARGE_BATCH 128U\n", heads[i]);
		r = read_text(text);
		assert_int_equal(r->n, 1);
		assert_null(r->f[0].patch);
		assert_non_null(strstr(r->f[0].what, "not read"));
		assert_true(r->f[0].line >= 0);
		free_read(r);
	}
}

/* The variant f maps on machine settings (its value, or ~0 when n/a there). */
static uint64_t variant_on(const struct diff_finding *f, const char *settings)
{
	struct machine m = machine_with(settings);
	uint64_t v;
	const char *why;
	char err[300];

	assert_int_equal(variant_add(test_set(&m), f->patch, "d", f->expr, err, sizeof(err)), 0);
	if (variant_eval(&m, f->patch, variant_find(&m, f->patch, "d"), NULL, &v, &why, NULL))
		return ~0ull;
	return v;
}

/*
 * Issue 47: mm_compute_batch() read as a whole on each side of the hunk, not
 * by its divisors. A changed clamp gives the diff's arithmetic (1000 where the
 * divisors alone gave 129024 on 2 CPUs and 4 GiB), a changed floor the same;
 * worked out here from the diff's code: max(min(totalram / nr / D, CAP),
 * max(nr * 2, FLOOR)). What cannot be read whole, or reads against another
 * function than batchlab models, is listed with nothing mapped.
 */
static void test_compute_batch_whole(void **state)
{
	static const char *const machines[] = { "cpus 2 ram 4G", "cpus 2 ram 4G overcommit never", "cpus 64 ram 256G",
						"cpus 4096 ram 16T", "cpus 1 ram 256M overcommit always" };
	static const struct { const char *file; uint64_t cap, floor; } mapped[] = {
		{ "tests/data/compute_batch_clamp.diff", 1000, 32 },
		{ "tests/data/compute_batch_floor.diff", 2147483647, 200000 },
		{ "tests/data/committed_lift16.diff", 2147483647, 32 },
	};
	static const struct { const char *file, *says; } listed[] = {
		{ "tests/data/compute_batch_printk.diff", "cannot read" },
		{ "tests/data/compute_batch_5_8.diff", "not the function batchlab models" },
		{ "tests/data/compute_batch_two_hunks.diff", "more than one hunk" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(mapped) / sizeof(mapped[0]); i++) {
		struct diff_read *r = read_diff(mapped[i].file);
		const struct diff_finding *f = only_mapped(r, "committed_as");
		uint64_t div = strstr(mapped[i].file, "lift16") ? 16 : 4;

		for (size_t k = 0; k < sizeof(machines) / sizeof(machines[0]); k++) {
			struct machine m = machine_with(machines[k]);
			uint64_t nr = m.cpus, t = machine_totalram(&m), never = m.overcommit == OVERCOMMIT_NEVER;
			uint64_t mem = t / nr / (never ? 256 : div), cap = never ? 2147483647 : mapped[i].cap;
			uint64_t floor = nr * 2 > mapped[i].floor ? nr * 2 : mapped[i].floor;
			uint64_t want = (mem < cap ? mem : cap) > floor ? (mem < cap ? mem : cap) : floor;

			if (variant_on(f, machines[k]) != want) {
				fprintf(stderr, "%s on %s: %llu, the diff's code %llu (%s)\n", mapped[i].file, machines[k],
					(unsigned long long)variant_on(f, machines[k]), (unsigned long long)want, f->expr);
				fail();
			}
		}
		free_read(r);
	}
	{ /* shown whole, the old side need not be today's function: the new one is committed_as's after side */
		struct diff_read *r = read_diff("tests/data/compute_batch_whole_5_8.diff");

		assert_true(same_as_after(only_mapped(r, "committed_as"), "") > 9);
		free_read(r);
	}
	for (size_t i = 0; i < sizeof(listed) / sizeof(listed[0]); i++) {
		struct diff_read *r = read_diff(listed[i].file);
		int found = 0;

		for (int k = 0; k < r->n; k++) {
			assert_null(r->f[k].patch);
			found |= strstr(r->f[k].what, listed[i].says) != NULL;
		}
		if (!found) {
			fprintf(stderr, "%s: no finding says '%s'\n", listed[i].file, listed[i].says);
			fail();
		}
		free_read(r);
	}
}

/*
 * A hunk that bounds a loaded file's constant by a min() with a count read
 * at run time (drain_pages_zone()'s to_drain = min(count, pcp->batch)) says
 * it bounds it, and maps the bound where it reads as the file's: pcp_drain's
 * own diff gives zone_batchsize, the file's after side; a bound batchlab
 * cannot read is listed as bounding the value, not as a value it cannot
 * read; a min() of two values batchlab reads is an expression, mapped whole.
 */
static void test_bounds(void **state)
{
	static const char head[] = "--- a/mm/page_alloc.c\n+++ b/mm/page_alloc.c\n@@ -2328,3 +2328,3 @@ static void "
				   "drain_pages_zone(unsigned int cpu, struct zone *zone)\n \twhile (count) {\n-\tint "
				   "to_drain = min(count, pcp->batch << CONFIG_PCP_BATCH_SCALE_MAX);\n";
	static const struct { const char *plus, *expr, *what; } rows[] = {
		{ "min(count, pcp->high / 4)", NULL, "bounds to_drain by pcp->high / 4 in place of pcp->batch << "
		  "CONFIG_PCP_BATCH_SCALE_MAX (min() with count, read at run time), but the bound does not read as batchlab's" },
		{ "min(READ_ONCE(pcp->batch), count)", "zone_batchsize", "bounds it by READ_ONCE(pcp->batch) in place of "
		  "pcp->batch << CONFIG_PCP_BATCH_SCALE_MAX, the most it can be (count is read at run time)" },
		{ "min_t(int, count, pcp->batch * 2)", "(int)(zone_batchsize * 2)", "bounds it by pcp->batch * 2 in place" },
		{ "min(num_online_cpus(), pcp->batch)", "min(cpus, zone_batchsize)", "to_drain = min(num_online_cpus(), "
		  "pcp->batch)" },
	};
	struct mmpatch *p = mmpatch_load_file("patches/pcp_drain.mmpatch");
	struct patch_set set;
	struct diff_read *r;
	char *text, *own;
	size_t len;

	(void)state;
	patch_set_copy(&set, NULL);
	assert_int_equal(patch_set_put(&set, 0, &p->desc), 0);
	own = slurp("tests/data/pcp_drain.diff", &len);
	assert_non_null(own);
	r = read_in(&set, own);
	assert_string_equal(only_mapped(r, "pcp_drain")->expr, p->sides[1].text);
	assert_non_null(strstr(only_mapped(r, "pcp_drain")->what, "bounds it by pcp->batch in place of pcp->batch << "
			       "CONFIG_PCP_BATCH_SCALE_MAX"));
	assert_int_equal(r->n, 1);
	free_read(r);
	free(own);
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		text = malloc(strlen(head) + 200);
		assert_non_null(text);
		sprintf(text, "%s+\tint to_drain = %s;\n \t\tcount -= to_drain;\n", head, rows[i].plus);
		r = read_in(&set, text);
		assert_true(r->n >= 1);
		if (!rows[i].expr) {
			assert_null(r->f[0].patch);
		} else {
			assert_string_equal(only_mapped(r, "pcp_drain")->expr, rows[i].expr);
		}
		if (!strstr(r->f[0].what, rows[i].what)) {
			fprintf(stderr, "row %zu: '%s', want '%s'\n", i, r->f[0].what, rows[i].what);
			fail();
		}
		free_read(r);
		free(text);
	}
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_own_diffs),
		cmocka_unit_test(test_nothing_known),
		cmocka_unit_test(test_not_a_diff),
		cmocka_unit_test(test_seed_diffs),
		cmocka_unit_test(test_fls_widths),
		cmocka_unit_test(test_no_cap),
		cmocka_unit_test(test_hunk_line_max),
		cmocka_unit_test(test_compute_batch_whole),
		cmocka_unit_test(test_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
