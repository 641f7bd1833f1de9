/*
 * The list of machine states (lang/compare.c): presets loaded as preset load
 * loads them, the session's variants carried onto each, the source words,
 * and a bad word refused with the list as it was.
 */
#include "testutil.h"

#include <stdlib.h>

#include "../../core/variant.h"
#include "../../lang/cmd.h"
#include "../../lang/compare.h"

static int setup(void **state)
{
	(void)state;
	setenv("BATCHLAB_PRESETS", "presets", 1); /* unit tests run from the top of the tree */
	setenv("XDG_CONFIG_HOME", "/nonexistent", 1);
	return 0;
}

static void test_presets_in_order(void **state)
{
	char *words[] = { "laptop-8c-16g", "preset", "vm-4g", "huge-65536cpu" };
	struct compare_set *set = compare_new();
	struct session s;
	char err[600];

	(void)state;
	session_init(&s);
	assert_int_equal(compare_words(set, &s, "compare", 4, words, err, sizeof(err)), 0);
	assert_int_equal(set->n, 3);
	assert_string_equal(set->st[0].label, "laptop-8c-16g");
	assert_string_equal(set->st[1].label, "vm-4g");
	assert_string_equal(set->st[2].arg, "huge-65536cpu");
	/* the files' values: 8 CPUs and 16 GiB; 4 GiB and 11.9M pages scanned; 65536 CPUs */
	assert_int_equal(set->st[0].m.cpus, 8);
	assert_int_equal(set->st[0].m.ram, 16ull << 30);
	assert_int_equal(set->st[1].m.scanned, 11900000);
	assert_int_equal(set->st[2].m.cpus, 65536);
	compare_free(set);
	session_end(&s);
}

/* The session's variants stand on every machine, computed there: a window of 2 * 512 per machine. */
static void test_variants_carried(void **state)
{
	char *words[] = { "vm-4g", "huge-65536cpu" };
	struct compare_set *set = compare_new();
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[600];

	(void)state;
	session_init(&s);
	assert_int_equal(cmd_run(&s, "variant vmpressure big = 8192", &out, err, sizeof(err)), 0);
	assert_int_equal(compare_words(set, &s, "compare", 2, words, err, sizeof(err)), 0);
	for (int g = 0; g < 2; g++)
		assert_int_equal(metric_u64(&set->st[g].m, "vmpressure.window.big"), 8192);
	assert_int_equal(metric_u64(&set->st[0].m, "vmpressure.window.after"), 3072);
	compare_free(set);
	sb_free(&out);
	session_end(&s);
}

/* A preset that does not exist, or one set would refuse: one line, the list as it was. */
static void test_bad_words(void **state)
{
	char *good[] = { "vm-4g" }, *bad[] = { "laptop-8c-16g", "nosuch" }, *refused[] = { "/nonexistent/x.preset" };
	char *many[COMPARE_MAX + 1];
	struct compare_set *set = compare_new();
	struct session s;
	char err[600];

	(void)state;
	session_init(&s);
	assert_int_equal(compare_words(set, &s, "compare", 1, good, err, sizeof(err)), 0);
	assert_int_equal(compare_words(set, &s, "compare", 2, bad, err, sizeof(err)), -1);
	assert_int_equal(set->n, 1);
	assert_non_null(strstr(err, "compare: preset: no preset 'nosuch'"));
	assert_null(strchr(err, '\n'));
	assert_int_equal(compare_words(set, &s, "show", 1, refused, err, sizeof(err)), -1);
	assert_true(!strncmp(err, "show: ", 6));
	assert_int_equal(compare_words(set, &s, "compare", 0, good, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "expected a machine"));
	for (int i = 0; i <= COMPARE_MAX; i++)
		many[i] = "vm-4g";
	set->n = 0;
	assert_int_equal(compare_words(set, &s, "compare", COMPARE_MAX + 1, many, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "at most 8 machines"));
	assert_int_equal(set->n, 0);
	compare_free(set);
	session_end(&s);
}

/* compare kernel R...: the session's machine on each release, its kernel side that release's code. */
static void test_kernel_releases(void **state)
{
	char *words[] = { "kernel", "6.0", "6.1" }, *bad[] = { "kernel", "6.0", "5.20" };
	struct compare_set *set = compare_new();
	struct session s;
	char err[600];
	struct metric_ref ref;

	(void)state;
	session_init(&s);
	s.m.cpus = 8;
	assert_int_equal(compare_words(set, &s, "compare", 3, words, err, sizeof(err)), 0);
	assert_int_equal(set->n, 2);
	assert_string_equal(set->st[0].source, "kernel");
	assert_string_equal(set->st[1].label, "kernel 6.1");
	assert_int_equal(set->st[1].m.cpus, 8);
	assert_int_equal(metric_parse("memcg_charge.batch.kernel", &ref, err, sizeof(err)), 0);
	assert_int_equal(metric_eval(&set->st[0].m, &ref, SIDE_KERNEL).i, 32);
	assert_int_equal(metric_eval(&set->st[1].m, &ref, SIDE_KERNEL).i, 64);
	compare_free(set);
	set = compare_new();
	assert_int_equal(compare_words(set, &s, "compare", 3, bad, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no mainline release 5.20"));
	compare_free(set);
	session_end(&s);
}

/* The session's own machine, labelled by its preset, starred once changed. */
static void test_current(void **state)
{
	struct compare_set *set = compare_new();
	struct session s;
	char err[600], words[32];

	(void)state;
	session_init(&s);
	assert_int_equal(compare_add_current(set, &s, err, sizeof(err)), 0);
	assert_string_equal(set->st[0].label, "this machine");
	assert_int_equal(session_load_preset(&s, "vm-4g", NULL, err, sizeof(err)), 0);
	s.m.cpus = 16;
	assert_int_equal(compare_add_current(set, &s, err, sizeof(err)), 0);
	assert_string_equal(set->st[1].label, "vm-4g*");
	assert_int_equal(set->st[1].m.cpus, 16);
	compare_source_words(words, sizeof(words));
	assert_string_equal(words, "preset, kernel");
	compare_free(set);
	session_end(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_presets_in_order),
		cmocka_unit_test(test_variants_carried),
		cmocka_unit_test(test_bad_words),
		cmocka_unit_test(test_current),
		cmocka_unit_test(test_kernel_releases),
	};
	return cmocka_run_group_tests_name("compare", tests, setup, NULL);
}
