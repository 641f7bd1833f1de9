/*
 * report (lang/cmd/cmd_report.c): its figures against `get` on each machine, its
 * width over every patch with two variants, its reproduce line's shape, the
 * chart's choice, and its json.
 */
#include "testutil.h"

#include <stdlib.h>

#include "cmdutil.h"
#include "jsoncheck.h"
#include "../../lang/out/numfmt.h"
#include "../../lang/out/render.h"
#include "../../lang/session.h"
#include "../../lang/out/wrap.h"

static int setup(void **state)
{
	(void)state;
	setenv("BATCHLAB_PRESETS", "presets", 1); /* unit tests run from the top of the tree */
	setenv("XDG_CONFIG_HOME", "/nonexistent", 1); /* no user's preset shadows a built-in one */
	return 0;
}

/* The lines of text from the one starting with `from` to the next blank line. */
static char *section(const char *text, const char *from)
{
	const char *a = strstr(text, from), *b;
	char *s;

	assert_non_null(a);
	b = strstr(a, "\n\n");
	if (!b)
		b = a + strlen(a);
	s = malloc((size_t)(b - a) + 1);
	memcpy(s, a, (size_t)(b - a));
	s[b - a] = '\0';
	return s;
}

/* The row of metric name in a table section: "  * name   cells". */
static const char *row_of(const char *sec, const char *name)
{
	char key[96];
	const char *p;

	snprintf(key, sizeof(key), " %s ", name);
	p = strstr(sec, key);
	assert_non_null(p);
	return p;
}

/*
 * Every cell of each machine's table is `get`'s figure on that machine (loaded
 * apart, by preset load in a session of its own) in the form people read.
 */
static void test_figures_are_gets(void **state)
{
	static const char *const machines[] = { "vm-4g", "huge-65536cpu" };
	static const char *const metrics[] = { "evals", "eval_time_s", "detect_pages", "detect_bytes", "detect_s",
					       "window_share" };
	struct session s, g;
	struct strbuf out = STRBUF_INIT, got = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "report vmpressure on vm-4g huge-65536cpu", &out, err), 0);
	for (size_t i = 0; i < 2; i++) {
		char head[96];
		char *sec;

		snprintf(head, sizeof(head), "\n  %s ", machines[i]); /* the machine's table, headed by its name */
		sec = section(sb_str(&out), head);
		session_init(&g);
		snprintf(head, sizeof(head), "preset load %s", machines[i]);
		assert_int_equal(run(&g, head, &got, err), 0);
		for (size_t k = 0; k < sizeof(metrics) / sizeof(metrics[0]); k++) {
			char line[128], cell[64];
			const char *row = row_of(sec, metrics[k]);
			const char *eol = strchr(row, '\n');
			char *rowtext = strndup(row, eol ? (size_t)(eol - row) : strlen(row));
			struct metric_ref ref;
			char *save, *word;

			snprintf(line, sizeof(line), "get vmpressure.%s", metrics[k]);
			assert_int_equal(run(&g, line, &got, err), 0);
			assert_int_equal(metric_parse(line + 4, &ref, err, sizeof(err)), 0);
			/* before and after, bare as get prints them, in the report's words */
			word = strtok_r(got.buf, " \n", &save);
			for (int side = 0; word; side++, word = strtok_r(NULL, " \n", &save)) {
				struct value v = strchr(word, '.') || strchr(word, 'e') ? val_real(strtod(word, NULL))
											 : val_int(strtoull(word, NULL, 10));

				render_human(v, ref.metric->unit, cell, sizeof(cell));
				if (!strstr(rowtext, cell))
					fail_msg("%s on %s: get gives %s (%s), the report's row is '%s'", metrics[k], machines[i],
						 word, cell, rowtext);
			}
			free(rowtext);
		}
		free(sec);
		session_end(&g);
	}
	/* the seed's figure by hand too: 11.9M pages in 32-page calls, a 3072-page window on vm-4g */
	assert_non_null(strstr(sb_str(&out), "23242 evals  3873 evals"));
	sb_free(&out);
	sb_free(&got);
	session_end(&s);
}

/* The widest line, over every patch with two variants, at 72 and at every --width asked. */
static void test_width(void **state)
{
	static const char *const variants[] = {
		"variant memcg_charge a = 128; variant memcg_charge b = clamp(2 * cpus, 32, 127)",
		"variant proactive_reclaim a = max(32, remaining / 8); variant proactive_reclaim b = remaining",
		"variant committed_as a = 4096; variant committed_as b = max(totalram / cpus / 16, max(2 * cpus, 32))",
		"variant vmpressure a = 8192; variant vmpressure b = 512 * (1 + fls(mem128m) / 2)",
	};
	static const char *const ids[] = { "memcg_charge", "proactive_reclaim", "committed_as", "vmpressure" };
	static const int widths[] = { 0, 24, 40, 60, 80, 132 };
	struct strbuf out = STRBUF_INIT;
	char err[512], line[200];

	(void)state;
	for (size_t i = 0; i < 4; i++) {
		for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
			struct session s;
			int want = widths[w] ? widths[w] : 72;

			session_init(&s);
			char one[200], *semi;

			snprintf(one, sizeof(one), "%s", variants[i]);
			semi = strchr(one, ';');
			*semi = '\0';
			assert_int_equal(run(&s, one, &out, err), 0);
			assert_int_equal(run(&s, semi + 2, &out, err), 0);
			if (widths[w])
				snprintf(line, sizeof(line), "report %s on vm-4g huge-65536cpu --width %d", ids[i], widths[w]);
			else
				snprintf(line, sizeof(line), "report %s", ids[i]);
			assert_int_equal(run(&s, line, &out, err), 0);
			if (wrap_widest(sb_str(&out)) > want)
				fail_msg("%s: a line of %d columns, more than %d", line, wrap_widest(sb_str(&out)), want);
			/* both variants are named and computed on every machine */
			assert_non_null(strstr(sb_str(&out), "variant a:"));
			assert_non_null(strstr(sb_str(&out), "variant b:"));
			session_end(&s);
		}
	}
	sb_free(&out);
}

/* The sections in order, the reproduce line last, and the defaults spanning a laptop to 1024 CPUs. */
static void test_shape(void **state)
{
	static const char *const order[] = { "committed_as: ", "seed 003_", "status: merged in 5.9, commit 56f3547bfa4d",
					     "What a maintainer leads with:\n- ", "mm_compute_batch() (mm/mm_init.c)",
					     "Claims: ", "--claims)", "2097% on a 4S/72C/144T", "The constant, ",
					     "Gains (+) and prices (-)", "Machines: laptop-8c-16g 8 CPUs 16 GiB",
					     "\n  laptop-8c-16g ", "\n  server-2s-128c-512g ", "\n  server-8s-1024c-8t ",
					     "The savings in proportion", "lock_share",
					     "The assumptions", "mmap_loop_ns = ", "The metric that changes most",
					     "batchlab -c 'preset load laptop-8c-16g" };
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];
	const char *p;

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "report committed_as", &out, err), 0);
	p = sb_str(&out);
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		const char *q = strstr(p, order[i]);

		if (!q)
			fail_msg("'%s' missing, or out of order", order[i]);
		p = q;
	}
	/* the last line closes the quote: nothing follows the reproduce line */
	assert_string_equal(out.buf + out.len - 2, "'\n");
	/* merged patches say so, from the release table's row of the seed (core/mm/committed_as.c); proposed ones too */
	assert_int_equal(run(&s, "report vmpressure on vm-4g", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "status: a proposed patch"));
	sb_free(&out);
	session_end(&s);
}

/*
 * The chart is of the metric that changes most, the first in the patch's order of those within 1%
 * of it: on huge-65536cpu the window grows 512 -> 16896 (x33) and evals fall 23242 -> 704 (/33.01),
 * so the window; on the laptop memcg's stale_stat_bytes, (2 * 64 - 1) / (2 * 32 - 1) = x2.016 pages
 * per CPU, beats the batch's x2 by more than 1%.
 */
static void test_chart_choice(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "report vmpressure on huge-65536cpu vm-4g", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "The metric that changes most, over ram (4G to 1E):\nvmpressure.window on "
					      "huge-65536cpu"));
	assert_non_null(strstr(sb_str(&out), "plot vmpressure.window over ram 4G 1E --ascii --width 72"));
	assert_int_equal(run(&s, "report memcg_charge on laptop-8c-16g", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "over cpus"));
	assert_non_null(strstr(sb_str(&out), "\nmemcg_charge.stale_stat_bytes on laptop-8c-16g"));
	sb_free(&out);
	session_end(&s);
}

/* Bad input: one line, the session unchanged. */
static void test_errors(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "report nosuch", &out, err), -1);
	assert_non_null(strstr(err, "unknown patch 'nosuch'"));
	assert_int_equal(run(&s, "report vmpressure on", &out, err), -1);
	assert_int_equal(run(&s, "report vmpressure on nosuch-preset", &out, err), -1);
	assert_non_null(strstr(err, "no preset 'nosuch-preset'"));
	assert_int_equal(run(&s, "report vmpressure --width 10", &out, err), -1);
	assert_non_null(strstr(err, "--width '10'"));
	assert_null(strchr(err, '\n'));
	assert_int_equal(run(&s, "get cpus", &out, err), 0);
	assert_string_equal(sb_str(&out), "64\n");
	sb_free(&out);
	session_end(&s);
}

/* json: the same content, one object that parses, with the figures get gives. */
static void test_json(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "format json", &out, err), 0);
	assert_int_equal(run(&s, "report vmpressure on vm-4g huge-65536cpu", &out, err), 0);
	assert_true(json_valid(sb_str(&out)));
	assert_non_null(strstr(sb_str(&out), "\"machine\": \"vm-4g\""));
	assert_non_null(strstr(sb_str(&out), "\"before\": 23242, \"after\": 3873"));
	assert_non_null(strstr(sb_str(&out), "\"reproduce\": \"batchlab -c 'preset load vm-4g"));
	sb_free(&out);
	session_end(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_figures_are_gets), cmocka_unit_test(test_width),  cmocka_unit_test(test_shape),
		cmocka_unit_test(test_chart_choice),     cmocka_unit_test(test_errors), cmocka_unit_test(test_json),
	};
	return cmocka_run_group_tests_name("reportcmd", tests, setup, NULL);
}
