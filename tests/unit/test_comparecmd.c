/*
 * Machines side by side (lang/cmd/cmd_compare.c): each group's cells are the
 * metric on that machine, worked by hand; groups too wide for --width go on
 * in blocks below; csv has a row per machine, metric and column.
 */
#include "testutil.h"

#include <stdlib.h>

#include "cmdutil.h"
#include "jsoncheck.h"
#include "../../lang/out/wrap.h"

static int setup(void **state)
{
	(void)state;
	setenv("BATCHLAB_PRESETS", "presets", 1);
	setenv("XDG_CONFIG_HOME", "/nonexistent", 1);
	return 0;
}

/* The row of metric name (after its kind mark), from text. */
static char *line_of(const char *text, const char *name)
{
	static const char marks[] = " *~";
	char key[96];
	const char *p = NULL, *e;

	for (int i = 0; marks[i] && !p; i++) {
		snprintf(key, sizeof(key), "\n%c %s ", marks[i], name);
		p = strstr(text, key);
	}
	assert_non_null(p);
	p++;
	e = strchr(p, '\n');
	return strndup(p, e ? (size_t)(e - p) : strlen(p));
}

/* The cells a, b, c in that order in line, each a whole cell (a blank before it, a blank or the end after). */
static int in_order(const char *line, const char *a, const char *b, const char *c)
{
	const char *want[] = { a, b, c };
	const char *p = line;

	for (int i = 0; i < 3; i++) {
		size_t n = strlen(want[i]);

		for (;;) {
			p = strstr(p, want[i]);
			if (!p)
				return 0;
			if (p[-1] == ' ' && (p[n] == ' ' || !p[n]))
				break;
			p++;
		}
		p += n;
	}
	return 1;
}

/*
 * memcg's stock is cpus * batch * 4 KiB: 8 CPUs 1 -> 2 MiB, 128 CPUs 16 -> 32 MiB, 1024 CPUs
 * 128 -> 256 MiB; vmpressure's window on vm-4g 3072 pages and on 8 TiB 512 * (1 + fls(65535)) = 8704.
 */
static void test_cells_by_hand(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512], *l;

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "show memcg_charge on laptop-8c-16g server-2s-128c-512g server-8s-1024c-8t", &out, err), 0);
	l = line_of(sb_str(&out), "stock_max_bytes");
	assert_true(in_order(l, "1 MiB", "2 MiB", "x2"));
	assert_true(in_order(l, "16 MiB", "32 MiB", "x2"));
	assert_true(in_order(l, "128 MiB", "256 MiB", "x2"));
	free(l);
	assert_int_equal(run(&s, "show vmpressure on vm-4g server-8s-1024c-8t", &out, err), 0);
	l = line_of(sb_str(&out), "window");
	assert_true(in_order(l, "512 pages", "3072 pages", "x6"));
	assert_true(in_order(l, "512 pages", "8704 pages", "x17"));
	free(l);
	/* the share metrics are rows of show too */
	assert_non_null(strstr(sb_str(&out), "~ eval_share"));
	sb_free(&out);
	session_end(&s);
}

/* At a width the groups do not fit beside each other, they go on in blocks, each headed again. */
static void test_blocks(void **state)
{
	static const int widths[] = { 60, 80, 100, 132 };
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512], line[200];

	(void)state;
	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++) {
		session_init(&s);
		snprintf(line, sizeof(line), "compare vm-4g laptop-8c-16g huge-65536cpu --width %d", widths[i]);
		assert_int_equal(run(&s, line, &out, err), 0);
		if (wrap_widest(sb_str(&out)) > widths[i])
			fail_msg("%s: %d columns", line, wrap_widest(sb_str(&out)));
	}
	/* at 80 each of vmpressure's groups is a block: its header three times */
	session_init(&s);
	assert_int_equal(run(&s, "show vmpressure on vm-4g laptop-8c-16g huge-65536cpu --width 80", &out, err), 0);
	{
		int n = 0;

		for (const char *p = sb_str(&out); (p = strstr(p, "  metric ")); p++)
			n++;
		assert_int_equal(n, 3);
	}
	/* with no width asked, one block */
	assert_int_equal(run(&s, "show vmpressure on vm-4g laptop-8c-16g huge-65536cpu", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "vm-4g"));
	{
		int n = 0;

		for (const char *p = sb_str(&out); (p = strstr(p, "  metric ")); p++)
			n++;
		assert_int_equal(n, 1);
	}
	sb_free(&out);
	session_end(&s);
}

/* csv: a row per machine, metric and column, the values get prints. */
static void test_records(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];
	int rows = 0;

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "show vmpressure on vm-4g huge-65536cpu --format csv", &out, err), 0);
	for (const char *p = sb_str(&out); *p; p++)
		rows += *p == '\n';
	/* a header, then 2 machines * (9 two-sided metrics * 2 + 1 single) */
	assert_int_equal(rows, 1 + 2 * (9 * 2 + 1));
	assert_non_null(strstr(sb_str(&out), "vm-4g,vmpressure,evals,after,3873,evals,workload\n"));
	assert_non_null(strstr(sb_str(&out), "huge-65536cpu,vmpressure,window,after,16896,pages,exact\n"));
	/* compare: every patch in one table of rows - one header in csv, one array in json */
	assert_int_equal(run(&s, "compare vm-4g laptop-8c-16g --format csv", &out, err), 0);
	{
		int heads = 0;

		for (const char *p = sb_str(&out); (p = strstr(p, "machine,patch,metric")); p++)
			heads++;
		assert_int_equal(heads, 1);
	}
	assert_non_null(strstr(sb_str(&out), "laptop-8c-16g,memcg_charge,stock_max_bytes,before,1048576,bytes,exact\n"));
	assert_int_equal(run(&s, "compare vm-4g laptop-8c-16g --format json", &out, err), 0);
	assert_true(json_valid(sb_str(&out)));
	assert_non_null(strstr(sb_str(&out), "\"machine\": \"vm-4g\", \"patch\": \"committed_as\""));
	sb_free(&out);
	session_end(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cells_by_hand),
		cmocka_unit_test(test_blocks),
		cmocka_unit_test(test_records),
	};
	return cmocka_run_group_tests_name("comparecmd", tests, setup, NULL);
}
