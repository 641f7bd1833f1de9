/* The command language: set/get/reset/explain/preset, and that errors change nothing. */
#include "testutil.h"

#include <stdlib.h>

#include "../../core/preset.h"
#include "cmdutil.h"
#include "jsoncheck.h"

static void test_set_get(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "set ram 4G", &out, err), 0);
	assert_int_equal(run(&s, "get vmpressure.window.after", &out, err), 0);
	assert_string_equal(sb_str(&out), "3072\n");
	assert_int_equal(run(&s, "get vmpressure.window", &out, err), 0);
	assert_string_equal(sb_str(&out), "512 3072\n");
	assert_int_equal(run(&s, "get proactive_reclaim.calls", &out, err), 0);
	assert_string_equal(sb_str(&out), "1 8192 31\n");
	assert_int_equal(run(&s, "get overcommit", &out, err), 0);
	assert_string_equal(sb_str(&out), "guess\n");
	sb_free(&out);
	session_end(&s);
}

/* A session made in memory that held anything: no variant, the default machine, not modified. */
static void test_session_init_dirty(void **state)
{
	static struct session s;
	struct strbuf out = STRBUF_INIT;
	struct machine d;
	char err[512];

	(void)state;
	memset(&s, 0x5a, sizeof(s));
	session_init(&s);
	machine_defaults(&d);
	assert_false(machine_differs(&s.m, &d));
	assert_false(session_modified(&s));
	assert_null(s.m.set); /* the built-in patches, no variant */
	assert_int_equal(run(&s, "variant memcg_charge a = 2 * 48", &out, err), 0);
	assert_int_equal(run(&s, "get memcg_charge.batch", &out, err), 0);
	assert_string_equal(sb_str(&out), "32 64 96\n");
	sb_free(&out);
	session_end(&s);
}

/* Reals in get are lossless: the shortest text that reads back as the same double. */
static void test_get_lossless(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "set charge_page_ns 99.99999999999999", &out, err), 0);
	assert_int_equal(run(&s, "get charge_page_ns", &out, err), 0);
	assert_string_equal(sb_str(&out), "99.99999999999999\n"); /* %.6g said 100 */
	assert_int_equal(run(&s, "set charge_page_ns 0.1", &out, err), 0);
	assert_int_equal(run(&s, "get charge_page_ns", &out, err), 0);
	assert_string_equal(sb_str(&out), "0.1\n"); /* %.17g said 0.10000000000000001 */
	/* a modeled metric: what get prints reads back as the double explain computed */
	assert_int_equal(run(&s, "get committed_as.throughput.before", &out, err), 0);
	{
		struct machine m = s.m;
		struct metric_ref ref;
		char why[200];

		assert_int_equal(metric_parse("committed_as.throughput.before", &ref, why, sizeof(why)), 0);
		assert_true(strtod(sb_str(&out), NULL) == metric_eval(&m, &ref, ref.side).r);
	}
	sb_free(&out);
	session_end(&s);
}

/* --format csv|json for every command that prints: each value named, json that parses. */
static void test_formats(void **state)
{
	static const char *const cmds[] = {
		"get cpus ram overcommit vmpressure.window memcg_charge.speedup", "explain vmpressure.window",
		"explain memcg_charge.speedup", "explain proactive_reclaim.asks", "get proactive_reclaim.asks",
		"about committed_as", "about vmstat", "help", "help set", "help metrics",
		"help cpus", "help get", "help vmpressure", "help vmpressure.evals", "show", "show vmpressure",
		"sweep cpus 1 4 vmstat.threshold", "where vmstat.threshold >= 100 over cpus 1 64",
		"plot vmpressure.window over ram 1G 8G", "preset list",
	};
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		s.format = FMT_JSON;
		if (run(&s, cmds[i], &out, err))
			fail_msg("json: %s: %s", cmds[i], err);
		if (!json_valid(sb_str(&out)))
			fail_msg("json: %s: not json:\n%s", cmds[i], sb_str(&out));
		s.format = FMT_CSV;
		if (run(&s, cmds[i], &out, err))
			fail_msg("csv: %s: %s", cmds[i], err);
		if (!strchr(sb_str(&out), ',') || sb_str(&out)[0] == '[')
			fail_msg("csv: %s: not csv:\n%s", cmds[i], sb_str(&out));
	}
	/* get names each value: one row per side, the side in the name */
	s.format = FMT_CSV;
	assert_int_equal(run(&s, "get cpus vmpressure.window", &out, err), 0);
	assert_string_equal(sb_str(&out), "name,value,unit\ncpus,64,CPUs\nvmpressure.window.before,512,pages\n"
					  "vmpressure.window.after,6144,pages\n");
	s.format = FMT_JSON;
	assert_int_equal(run(&s, "get overcommit vmpressure.window.before", &out, err), 0);
	/* one document: the command that made the result, its units and kinds, then the rows */
	assert_string_equal(sb_str(&out), "{\"batchlab\": \"" BATCHLAB_VERSION "\", \"results\": [\n"
					  "  {\"command\": \"get overcommit vmpressure.window.before\", \"units\": "
					  "{\"overcommit\": {\"unit\": \"\", \"kind\": \"input\"}, "
					  "\"vmpressure.window.before\": {\"unit\": \"pages\", \"kind\": \"exact\"}}, \"rows\": [\n"
					  "    {\"name\": \"overcommit\", \"value\": \"guess\", \"unit\": \"\"},\n"
					  "    {\"name\": \"vmpressure.window.before\", \"value\": 512, \"unit\": \"pages\"}\n"
					  "  ]}\n]}\n");
	/* explain's steps as a json array, one string a line: 32 * 16 = 512 (SWAP_CLUSTER_MAX * 16) */
	assert_int_equal(run(&s, "explain vmpressure.window.before", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "\"steps\": [\"formula: vmpressure_win = SWAP_CLUSTER_MAX * 16\", \"32 * 16 = 512\""));
	/* a csv field with commas or line breaks is quoted */
	s.format = FMT_CSV;
	assert_int_equal(run(&s, "help get", &out, err), 0);
	assert_string_equal(sb_str(&out), "command,usage,help\nget,[--named] NAME [NAME ...],\"print a parameter or a "
					  "metric as bare value(s), for scripts; --named: NAME = VALUE lines\"\n");
	sb_free(&out);
	session_end(&s);
}

/* What people read has no e-notation: show, explain and about of every patch, on small and huge machines. */
static void test_no_e_notation(void **state)
{
	static const char *const machines[] = { "", "set cpus 1 ram 64M", "set cpus 65536 ram 1E sockets 64" };
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512], line[160];

	(void)state;
	for (size_t k = 0; k < sizeof(machines) / sizeof(machines[0]); k++) {
		session_init(&s);
		if (*machines[k])
			assert_int_equal(run(&s, machines[k], &out, err), 0);
		for (int i = 0; patch_set_builtin.list[i]; i++) {
			const char *cmds[] = { "show", "about", NULL };

			for (int c = 0; cmds[c]; c++) {
				snprintf(line, sizeof(line), "%s %s", cmds[c], patch_set_builtin.list[i]->id);
				assert_int_equal(run(&s, line, &out, err), 0);
				for (const char *p = sb_str(&out); *p; p++)
					if (p[0] >= '0' && p[0] <= '9' && p[1] == 'e' && (p[2] == '+' || p[2] == '-'))
						fail_msg("%s on '%s': e-notation in '%.40s'", line, machines[k], p > sb_str(&out) + 20 ? p - 20 : p);
			}
			for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++) {
				snprintf(line, sizeof(line), "explain %s.%s", patch_set_builtin.list[i]->id, md->name);
				assert_int_equal(run(&s, line, &out, err), 0);
				for (const char *p = sb_str(&out); *p; p++)
					if (p[0] >= '0' && p[0] <= '9' && p[1] == 'e' && (p[2] == '+' || p[2] == '-'))
						fail_msg("%s on '%s': e-notation in '%.40s'", line, machines[k], p > sb_str(&out) + 20 ? p - 20 : p);
			}
		}
	}
	sb_free(&out);
	session_end(&s);
}

/* show's header lines up with its columns: each side's name ends where its values end, kind starts where kinds do. */
/*
 * show's columns line up under their headings in every layout it takes: with
 * room, the kind in words under "kind"; in 80 columns (a unit column, short
 * cells) the kind as its mark before the name. Each value ends under its side.
 */
static void test_show_aligned(void **state)
{
	static const int widths[] = { 1000, 80 };
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512], line[64];

	(void)state;
	session_init(&s);
	for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
		for (int i = 0; patch_set_builtin.list[i]; i++) {
			const char *p, *head, *kind;
			int rows = 0;

			snprintf(line, sizeof(line), "show %s --width %d", patch_set_builtin.list[i]->id, widths[w]);
			sb_reset(&out);
			assert_int_equal(run(&s, line, &out, err), 0);
			head = strstr(sb_str(&out), "\n  metric ");
			assert_non_null(head);
			head++;
			kind = strstr(head, " kind ");
			assert_true(widths[w] < 1000 || kind); /* with room, always the words */
			if (kind)
				kind++;
			for (p = strchr(head, '\n') + 1; *p && *p != '\n' && strncmp(p, "kind:", 5) && strncmp(p, "  units:", 8);
			     p = strchr(p, '\n') + 1) {
				const struct metric_desc *md = patch_set_builtin.list[i]->metrics + rows;

				assert_non_null(md->name);
				if (kind) /* the kind word starts under "kind" */
					assert_true(p[kind - head] != ' ' && p[kind - head - 1] == ' ');
				else /* the mark: ~ model, * workload, blank exact */
					assert_int_equal(p[0], md->kind == METRIC_MODELED ? '~' : md->kind == METRIC_WORKLOAD ? '*' : ' ');
				assert_memory_equal(p + 2, md->name, strlen(md->name));
				for (int sd = 0; patch_set_builtin.list[i]->sides[sd] && !md->single; sd++) {
					const char *name = strstr(head + 8, patch_set_builtin.list[i]->sides[sd]);
					long end = name - head + (long)strlen(patch_set_builtin.list[i]->sides[sd]) - 1;

					assert_non_null(name);
					/* right-aligned: the value's last character under the side's last */
					assert_true(p[end] != ' ' && (p[end + 1] == ' ' || p[end + 1] == '\n'));
				}
				rows++;
			}
			/* every metric of the patch, however many it has, a row each */
			assert_null(patch_set_builtin.list[i]->metrics[rows].name);
		}
	}
	sb_free(&out);
	session_end(&s);
}

/* A failing multi-key set applies none of its pairs. */
static void test_set_all_or_nothing(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];
	struct machine before;

	(void)state;
	session_init(&s);
	before = s.m;
	assert_int_equal(run(&s, "set cpus 8 ram 4X", &out, err), -1);
	assert_non_null(strstr(err, "ram: '4X'"));
	assert_memory_equal(&s.m, &before, sizeof(before));
	assert_int_equal(run(&s, "set cpus", &out, err), -1);
	assert_int_equal(run(&s, "set nosuch 1", &out, err), -1);
	assert_non_null(strstr(err, "unknown key 'nosuch'"));
	assert_memory_equal(&s.m, &before, sizeof(before));
	sb_free(&out);
	session_end(&s);
}

static void test_errors(void **state)
{
	static const char *const bad[] = {
		"frobnicate", "get nosuch", "get vmpressure.nosuch", "get nosuch.window",
		"get vmpressure.window.sideways", "get vmstat.threshold.before", "explain vmpressure",
		"about nosuch", "show nosuch", "format xml", "reset nosuch", "help nosuch", "set cpus \"8",
	};
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(run(&s, bad[i], &out, err), -1);
		assert_true(strlen(err) > 0);
		assert_null(strchr(err, '\n')); /* one line */
	}
	sb_free(&out);
	session_end(&s);
}

/* explain shows the substitution: 1 + fls(31) = 6, 32 * 16 * 6 = 3072, and the kernel file. */
static void test_explain_window(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "set ram 4G", &out, err), 0);
	assert_int_equal(run(&s, "explain vmpressure.window.after", &out, err), 0);
	assert_non_null(strstr(sb_str(&out), "1 + fls(31) = 6"));
	assert_non_null(strstr(sb_str(&out), "32 * 16 * 6 = 3072"));
	assert_non_null(strstr(sb_str(&out), "mm/vmpressure.c"));
	assert_non_null(strstr(sb_str(&out), "exact"));
	sb_free(&out);
	session_end(&s);
}

/* Every metric of every patch answers get and explain, and every explanation names the kernel. */
static void test_every_metric_explains(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512], line[160];

	(void)state;
	session_init(&s);
	for (int i = 0; patch_set_builtin.list[i]; i++) {
		for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++) {
			snprintf(line, sizeof(line), "get %s.%s", patch_set_builtin.list[i]->id, md->name);
			assert_int_equal(run(&s, line, &out, err), 0);
			snprintf(line, sizeof(line), "explain %s.%s", patch_set_builtin.list[i]->id, md->name);
			assert_int_equal(run(&s, line, &out, err), 0);
			if (md->kind == METRIC_EXACT && !strstr(sb_str(&out), "kernel:")) {
				fprintf(stderr, "%s: no kernel reference\n", line);
				fail();
			}
		}
	}
	sb_free(&out);
	session_end(&s);
}

static void test_reset(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "set cpus 8 ram 4G", &out, err), 0);
	assert_int_equal(run(&s, "reset cpus", &out, err), 0);
	assert_int_equal(run(&s, "get cpus ram", &out, err), 0);
	assert_string_equal(sb_str(&out), "64\n4294967296\n");
	assert_int_equal(run(&s, "reset", &out, err), 0);
	assert_int_equal(run(&s, "get ram", &out, err), 0);
	assert_string_equal(sb_str(&out), "274877906944\n");
	sb_free(&out);
	session_end(&s);
}

static void test_preset_apply(void **state)
{
	static const char good[] = "# a test machine\ncpus = 72   # comment\n\ntotalram = 4G\npagesize = 64K\n";
	static const char unknown[] = "cpus = 8\nfrobs = 2\n";
	static const char dup[] = "cpus = 8\nram = 4G\ncpus = 9\n";
	static const char bad[] = "cpus = 8\nram = 4X\n";
	static const char garbage[] = "cpus = 8\n\x01\x02\xff\n";
	static const char noeq[] = "cpus 8\n";
	struct machine m;
	char err[256], desc[64];
	int line;

	(void)state;
	machine_defaults(&m);
	assert_int_equal(preset_apply(&m, NULL, good, sizeof(good) - 1, &line, err, sizeof(err)), 0);
	assert_int_equal(m.cpus, 72);
	/* pagesize applies first, so 4G of totalram is counted in 64K pages */
	assert_int_equal(machine_totalram(&m), 65536);
	preset_description(good, sizeof(good) - 1, desc, sizeof(desc));
	assert_string_equal(desc, "a test machine");

	machine_defaults(&m);
	assert_int_equal(preset_apply(&m, NULL, unknown, sizeof(unknown) - 1, &line, err, sizeof(err)), -1);
	assert_int_equal(line, 2);
	assert_int_equal(m.cpus, 64); /* untouched */
	assert_int_equal(preset_apply(&m, NULL, dup, sizeof(dup) - 1, &line, err, sizeof(err)), -1);
	assert_int_equal(line, 3);
	assert_non_null(strstr(err, "duplicate"));
	assert_int_equal(preset_apply(&m, NULL, bad, sizeof(bad) - 1, &line, err, sizeof(err)), -1);
	assert_int_equal(line, 2);
	assert_int_equal(preset_apply(&m, NULL, garbage, sizeof(garbage) - 1, &line, err, sizeof(err)), -1);
	assert_int_equal(line, 2);
	assert_int_equal(preset_apply(&m, NULL, noeq, sizeof(noeq) - 1, &line, err, sizeof(err)), -1);
	assert_int_equal(m.cpus, 64);
}

/* What preset_format writes, preset_apply reads back to the same machine. */
static void test_preset_roundtrip(void **state)
{
	struct machine m = machine_with("cpus 144 ram 192G overcommit never totalram 123457p reclaim 3G"), back;
	struct strbuf text = STRBUF_INIT;
	char err[256];
	int line;

	(void)state;
	preset_format(&m, "round trip", &text);
	machine_defaults(&back);
	assert_int_equal(preset_apply(&back, NULL, sb_str(&text), text.len, &line, err, sizeof(err)), 0);
	assert_memory_equal(&m, &back, sizeof(m));
	sb_free(&text);
}

/* Without a stream (the explorer's command line) a huge sweep is refused rather than held in memory. */
static void test_sweep_without_stream(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(run(&s, "sweep scanned 0 1000000 step 1 vmpressure.evals", &out, err), -1);
	assert_non_null(strstr(err, "too many to view here"));
	assert_int_equal(out.len, 0);
	assert_int_equal(run(&s, "sweep cpus 1 1000 vmpressure.evals", &out, err), 0);
	sb_free(&out);
	session_end(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_set_get),         cmocka_unit_test(test_get_lossless),
		cmocka_unit_test(test_session_init_dirty),
		cmocka_unit_test(test_formats),          cmocka_unit_test(test_no_e_notation),
		cmocka_unit_test(test_show_aligned),         cmocka_unit_test(test_set_all_or_nothing),
		cmocka_unit_test(test_errors),          cmocka_unit_test(test_explain_window),
		cmocka_unit_test(test_every_metric_explains), cmocka_unit_test(test_reset),
		cmocka_unit_test(test_preset_apply),    cmocka_unit_test(test_preset_roundtrip),
		cmocka_unit_test(test_sweep_without_stream),
	};
	return cmocka_run_group_tests_name("cmd", tests, NULL, NULL);
}
