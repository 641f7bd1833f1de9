/* lang/out/outopts.c: the output options taken out of a command's words, the rest kept in order. */
#include "testutil.h"

#include <string.h>

#include "../../lang/out/outopts.h"

/* Split words on spaces into argv (in buf), take the options; the words left joined by '|' into left. */
static int take(const char *words, int keep, struct out_opts *o, char *left, char *err)
{
	static char buf[512];
	char *argv[32], *save = NULL;
	int argc = 0, rc;

	snprintf(buf, sizeof(buf), "%s", words);
	for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
		argv[argc++] = w;
	*o = (struct out_opts)OUT_OPTS_INIT;
	err[0] = '\0';
	rc = outopts_take("cmd", &argc, argv, keep, o, err, 256);
	left[0] = '\0';
	for (int i = 0; i < argc; i++)
		strcat(strcat(left, i ? "|" : ""), argv[i]);
	return rc;
}

static void test_every_spelling(void **state)
{
	struct out_opts o;
	char left[512], err[256];

	(void)state;
	assert_int_equal(take("vmpressure > f.txt", -1, &o, left, err), 0);
	assert_string_equal(o.path, "f.txt");
	assert_string_equal(left, "vmpressure");
	assert_int_equal(take("a >f b", -1, &o, left, err), 0);
	assert_string_equal(o.path, "f");
	assert_string_equal(left, "a|b");
	assert_int_equal(take("--output g a", -1, &o, left, err), 0);
	assert_string_equal(o.path, "g");
	assert_string_equal(left, "a");
	assert_int_equal(take("a --output=h", -1, &o, left, err), 0);
	assert_string_equal(o.path, "h");
	assert_int_equal(take("a --format json b --width 72", -1, &o, left, err), 0);
	assert_int_equal(o.format, 2);
	assert_int_equal(o.width, 72);
	assert_null(o.path);
	assert_string_equal(left, "a|b");
	assert_int_equal(take("--format=csv --width=1000 x", -1, &o, left, err), 0);
	assert_int_equal(o.format, 1);
	assert_int_equal(o.width, 1000);
	assert_string_equal(left, "x");
	/* nothing asked: nothing changes */
	assert_int_equal(take("a b c", -1, &o, left, err), 0);
	assert_null(o.path);
	assert_int_equal(o.format, -1);
	assert_int_equal(o.width, 0);
	assert_string_equal(left, "a|b|c");
}

/* where's OP may be '>' or '>=': the argument kept is never taken for a path */
static void test_kept_argument(void **state)
{
	struct out_opts o;
	char left[512], err[256];

	(void)state;
	assert_int_equal(take("m > 5 over cpus 1 8 > out", 1, &o, left, err), 0);
	assert_string_equal(o.path, "out");
	assert_string_equal(left, "m|>|5|over|cpus|1|8");
	assert_int_equal(take("m >= 5", 1, &o, left, err), 0);
	assert_null(o.path);
	assert_string_equal(left, "m|>=|5");
	/* and nowhere is ">=" a file named "=" */
	assert_int_equal(take("window >= 6000", -1, &o, left, err), 0);
	assert_null(o.path);
	assert_string_equal(left, "window|>=|6000");
}

static void test_refusals(void **state)
{
	static const struct {
		const char *words, *err;
	} bad[] = {
		{ "a >", "cmd: expected a PATH after >" },
		{ "a --output", "cmd: expected a PATH after --output" },
		{ "a --output=", "cmd: expected a PATH after --output=" },
		{ "> a > b", "cmd: one output file at a time ('a' and 'b')" },
		{ "--width 23", "cmd: --width '23': expected 24..1000 columns" },
		{ "--width 1001", "cmd: --width '1001': expected 24..1000 columns" },
		{ "--width 7x", "cmd: --width '7x': expected 24..1000 columns" },
		{ "--width", "cmd: expected a number of columns (24..1000) after --width" },
		{ "--format xml", "cmd: --format 'xml' is not one of table, csv, json, jsonl" },
		{ "--format", "cmd: expected table, csv, json or jsonl after --format" },
	};
	struct out_opts o;
	char left[512], err[256];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(take(bad[i].words, -1, &o, left, err), -1);
		assert_string_equal(err, bad[i].err);
	}
	/* the edges of the range are taken */
	assert_int_equal(take("--width 24", -1, &o, left, err), 0);
	assert_int_equal(o.width, 24);
}

static void test_format_names(void **state)
{
	(void)state;
	for (int i = 0; out_format_names[i]; i++)
		assert_int_equal(out_format_find(out_format_names[i]), i);
	assert_int_equal(out_format_find("TABLE"), -1);
	assert_int_equal(out_format_find(""), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_spelling),
		cmocka_unit_test(test_kept_argument),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_format_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
