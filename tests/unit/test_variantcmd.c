/*
 * The variant command as a person uses it: bad lines change nothing, show
 * puts each variant beside before and after with its change against before,
 * explain substitutes the values, reset keeps the variants, the memcg title
 * follows the values, and completion offers names, functions and variants.
 */
#include "testutil.h"

#include <stdlib.h>

#include "../../lang/complete.h"
#include "../../lang/session.h"
#include "cmdutil.h"

static int offers(const struct machine *m, const char *line, const char *word)
{
	struct completion c;
	int found = 0;

	memset(&c, 0, sizeof(c));
	assert_int_equal(complete_line_m(m, line, strlen(line), &c), 0);
	for (size_t i = 0; i < c.n; i++)
		found |= !strcmp(c.items[i].word, word);
	completion_free(&c);
	return found;
}

static void test_bad_lines_change_nothing(void **state)
{
	static const char *const bad[] = {
		"variant memcg_charge big = 2 * cpu",  "variant memcg_charge big = clamp(cpus, 32",
		"variant memcg_charge big = cpus)",     "variant memcg_charge big = cpus 2",
		"variant memcg_charge big = sqrt(cpus)", "variant memcg_charge big = clamp(cpus, 32)",
		"variant nopatch big = 1",              "variant memcg_charge before = 1",
		"variant memcg_charge a = 3",           "variant memcg_charge e = 1",
		"variant memcg_charge",                 "variant del memcg_charge zz",
		"variant del nopatch a",                "variant list x",
	};
	struct session s, before;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "variant memcg_charge a = 1", &out, err), 0);
	assert_int_equal(run(&s, "variant memcg_charge b = 2", &out, err), 0);
	assert_int_equal(run(&s, "variant memcg_charge c=3", &out, err), 0);
	assert_int_equal(run(&s, "variant memcg_charge d =4", &out, err), 0);
	before = s;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(run(&s, bad[i], &out, err), -1);
		assert_true(err[0] && !strchr(err, '\n'));
		assert_memory_equal(&s.m, &before.m, sizeof(s.m));
	}
	sb_free(&out);
	session_end(&s);
}

static void test_show_and_title(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "set cpus 8 ram 4G", &out, err), 0);
	assert_int_equal(run(&s, "variant memcg_charge big = 128", &out, err), 0);
	assert_int_equal(run(&s, "show memcg_charge --width 200", &out, err), 0);
	/* the column, its value and its change against before (32 -> 128: x4), and the kernel's mark */
	assert_non_null(strstr(sb_str(&out), "memcg charge batch 32 -> 64"));
	assert_non_null(strstr(sb_str(&out), "big"));
	assert_non_null(strstr(sb_str(&out), "128 pages (x4)"));
	assert_non_null(strstr(sb_str(&out), "above 127"));
	/* the title follows the values */
	assert_int_equal(run(&s, "set charge_batch 100", &out, err), 0);
	assert_int_equal(run(&s, "show memcg_charge", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "memcg charge batch 32 -> 100"));
	assert_null(strstr(sb_str(&out), "32 -> 64"));
	/* csv names the variant as a side */
	assert_int_equal(run(&s, "format csv", &out, err), 0);
	assert_int_equal(run(&s, "show memcg_charge", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "memcg_charge,batch,big,128,pages,exact\n"));
	sb_free(&out);
	session_end(&s);
}

static void test_explain_and_reset(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "set cpus 8", &out, err), 0);
	assert_int_equal(run(&s, "variant memcg_charge scaled = clamp(2 * cpus, 32, 127)", &out, err), 0);
	assert_int_equal(run(&s, "explain memcg_charge.stock_max_bytes.scaled", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "cpus = 8\n"));
	assert_non_null(strstr(sb_str(&out), "2 * 8 = 16\n"));
	assert_non_null(strstr(sb_str(&out), "clamp(16, 32, 127) = 32\n"));
	/* 8 CPUs * 32 pages * 4096 */
	assert_non_null(strstr(sb_str(&out), "1048576"));
	/* reset is the parameters: cpus back to 64, the variant stays and follows */
	assert_int_equal(run(&s, "reset", &out, err), 0);
	assert_int_equal(run(&s, "get cpus memcg_charge.batch.scaled", &out, err), 0);
	assert_string_equal(sb_str(&out), "64\n127\n");
	assert_int_equal(run(&s, "variant del memcg_charge scaled", &out, err), 0);
	assert_int_equal(run(&s, "variant list", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "no variants"));
	sb_free(&out);
	session_end(&s);
}

static void test_completion(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "variant committed_as lift16 = 1", &out, err), 0);
	assert_true(offers(&s.m, "var", "variant"));
	assert_true(offers(&s.m, "variant ", "memcg_charge"));
	assert_true(offers(&s.m, "variant ", "list"));
	assert_false(offers(&s.m, "variant ", "vmstat"));
	assert_true(offers(&s.m, "variant memcg_charge big ", "="));
	assert_true(offers(&s.m, "variant memcg_charge big = cl", "clamp("));
	assert_true(offers(&s.m, "variant memcg_charge big = clamp(2*cp", "clamp(2*cpus"));
	assert_true(offers(&s.m, "variant vmpressure w = 512 * fls(mem", "fls(mem128m"));
	assert_false(offers(&s.m, "variant memcg_charge w = mem", "mem128m"));
	assert_true(offers(&s.m, "variant proactive_reclaim e = max(32, rem", "remaining"));
	assert_true(offers(&s.m, "variant proactive_reclaim e = rem", "remaining"));
	assert_true(offers(&s.m, "variant del committed_as ", "lift16"));
	assert_true(offers(&s.m, "get committed_as.batch.", "committed_as.batch.lift16"));
	assert_true(offers(&s.m, "sweep cpus 1 8 committed_as.batch.l", "committed_as.batch.lift16"));
	sb_free(&out);
	session_end(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bad_lines_change_nothing),
		cmocka_unit_test(test_show_and_title),
		cmocka_unit_test(test_explain_and_reset),
		cmocka_unit_test(test_completion),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
