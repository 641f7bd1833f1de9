/*
 * Tab completion, without a terminal: what complete_line() offers for a line
 * and a cursor. The expectations are what a person would type next; that the
 * offers come from the tables is checked by walking the tables themselves.
 */
#include "testutil.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../core/mm/release.h"
#include "../../lang/cmd.h"
#include "../../lang/complete.h"
#include "../../lang/patchreg.h"
#include "../../core/tradeoff.h"

static char tmpdir[64];

static int setup(void **state)
{
	char path[128];
	FILE *f;

	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/bl-complete-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	setenv("XDG_CONFIG_HOME", tmpdir, 1);
	setenv("BATCHLAB_PRESETS", "tests/unit/no-such-dir", 1);
	snprintf(path, sizeof(path), "%s/batchlab", tmpdir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/batchlab/presets", tmpdir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/batchlab/presets/mybox.preset", tmpdir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("# my box\ncpus = 8\n", f);
	fclose(f);
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Offers for the line with the cursor at its end, space-separated in order. */
/* The machine completion reads the patches and variants of: NULL, the built-ins. */
static const struct machine *on;

static const char *offers(const char *line, struct completion *c)
{
	static char buf[4096];
	size_t n = 0;

	completion_free(c);
	assert_int_equal(complete_line_m(on, line, strlen(line), c), 0);
	buf[0] = '\0';
	for (size_t i = 0; i < c->n; i++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s%s", i ? " " : "", c->items[i].word,
				      c->items[i].partial ? "~" : "");
	return buf;
}

/* word is one of the space-separated offers */
static int has(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; (p = strstr(p, word)); p++)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

static void test_issue_examples(void **state)
{
	struct completion c = { 0 };

	(void)state;
	assert_string_equal(offers("set cp", &c), "cpus");
	assert_int_equal(c.start, 4);
	assert_string_equal(offers("set overcommit n", &c), "never");
	assert_int_equal(c.start, 15);
	assert_string_equal(offers("set overcommit ", &c), "guess always never");
	assert_string_equal(offers("set pagesize ", &c), "4K 16K 64K");
	assert_string_equal(offers("set totalram a", &c), "auto");
	/* KEY VALUE pairs repeat */
	assert_string_equal(offers("set cpus 8 overc", &c), "overcommit overcommit_ratio");
	assert_string_equal(offers("set cpus 8 overcommit al", &c), "always");
	/* a value with no names to offer */
	assert_string_equal(offers("set cpus ", &c), "");
	assert_int_equal(c.files, 0);
	completion_free(&c);
}

/* A printing command's output options (outopts.h): offered, their values, and the arguments keep their places. */
static void test_output_options(void **state)
{
	struct completion c = { 0 };

	(void)state;
	assert_string_equal(offers("show vmpressure --w", &c), "--width");
	assert_string_equal(offers("about vmpressure --format j", &c), "json jsonl");
	/* svg is a chart's: plot and tradeoff offer it, show does not */
	assert_true(has(offers("plot memcg_charge.batch over cpus 1 64 --format ", &c), "svg"));
	assert_true(has(offers("tradeoff memcg_charge --format ", &c), "svg"));
	assert_false(has(offers("show --format ", &c), "svg"));
	assert_true(has(offers("show --", &c), "--output") && has(offers("show --", &c), "--format"));
	offers("explain vmpressure.window > ", &c);
	assert_int_equal(c.files, 1);
	/* the options and their values do not count as arguments: the metric is still the first */
	assert_string_equal(offers("explain --width 72 vmpressure.window.a", &c), "vmpressure.window.after");
	/* where's OP may be '>': a comparison, not a file */
	assert_true(has(offers("where vmpressure.window ", &c), ">"));
	offers("where vmpressure.window > ", &c);
	assert_int_equal(c.files, 0);
	/* a command that prints nothing worth saving offers none of them */
	assert_false(has(offers("set --", &c), "--width"));
	completion_free(&c);
}

static void test_metrics_by_dot_level(void **state)
{
	struct completion c = { 0 };

	(void)state;
	/* patch ids go on with a dot: no space after */
	assert_string_equal(offers("explain vmp", &c), "vmpressure.~");
	/* get takes parameters too: vmpressure_eval_ns is a key */
	assert_string_equal(offers("get vmpressure", &c), "vmpressure_win vmpressure_eval_ns vmpressure.~");
	assert_string_equal(offers("get vmpressure.win", &c),
			    "vmpressure.window~ vmpressure.window_bytes~ vmpressure.window_share~");
	assert_string_equal(offers("get vmpressure.window.", &c), "vmpressure.window.before vmpressure.window.after");
	assert_string_equal(offers("get proactive_reclaim.calls.c", &c), "proactive_reclaim.calls.cluster");
	/* single-valued: complete as it is, and no sides */
	assert_string_equal(offers("explain vmstat.t", &c), "vmstat.threshold");
	assert_string_equal(offers("explain vmstat.threshold.", &c), "");
	assert_string_equal(offers("explain nosuch.", &c), "");
	/* get takes keys and metrics */
	offers("get c", &c);
	for (size_t i = 0; i < c.n; i++)
		assert_int_equal(c.items[i].word[0], 'c');
	assert_true(has(offers("get c", &c), "cpus"));
	assert_true(has(offers("get c", &c), "committed_as.~"));
	assert_false(has(offers("get c", &c), "committed_as.batch~"));
	assert_string_equal(offers("about vm", &c), "vmpressure vmstat");
	completion_free(&c);
}

/* Every parameter and every metric side is reachable by completion from nothing. */
static void test_tables_covered(void **state)
{
	struct completion c = { 0 };
	char line[256];

	(void)state;
	for (size_t i = 0; i < nparams; i++) {
		snprintf(line, sizeof(line), "set %s", params[i].name);
		assert_true(has(offers(line, &c), params[i].name));
	}
	for (const struct cmd_entry *const *k = cmd_table; *k; k++)
		assert_true(has(offers("", &c), (*k)->name));
	for (int i = 0; patch_set_builtin.list[i]; i++) {
		for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++) {
			snprintf(line, sizeof(line), "get %s.%s", patch_set_builtin.list[i]->id, md->name);
			{
				char want[300];

				/* with sides it is a stem (~: no space after it) */
				snprintf(want, sizeof(want), "%s%s", line + 4, md->single ? "" : "~");
				assert_true(has(offers(line, &c), want));
			}
			if (md->single)
				continue;
			for (int s = 0; patch_set_builtin.list[i]->sides[s]; s++) {
				char want[200];

				snprintf(line, sizeof(line), "get %s.%s.", patch_set_builtin.list[i]->id, md->name);
				snprintf(want, sizeof(want), "%s.%s.%s", patch_set_builtin.list[i]->id, md->name, patch_set_builtin.list[i]->sides[s]);
				assert_true(has(offers(line, &c), want));
			}
		}
	}
	completion_free(&c);
}

static void test_words_presets_files(void **state)
{
	struct completion c = { 0 };

	(void)state;
	assert_string_equal(offers("se", &c), "set");
	assert_string_equal(offers("preset ", &c), "list load save");
	assert_string_equal(offers("preset l", &c), "list load");
	assert_string_equal(offers("preset load my", &c), "mybox");
	assert_int_equal(c.files, 1);
	assert_string_equal(offers("preset save ./x", &c), "");
	assert_int_equal(c.files, 1);
	assert_string_equal(offers("preset list ", &c), "");
	assert_string_equal(offers("host ", &c), "check save");
	assert_string_equal(offers("format j", &c), "json jsonl");
	/* the patches by name: whichever others start with m may be offered too */
	assert_true(has(offers("show m", &c), "machine") && has(offers("show m", &c), "memcg_charge") &&
		    has(offers("show m", &c), "memcg_flush"));
	assert_string_equal(offers("help ov", &c), "overcommit overcommit_ratio");
	assert_string_equal(offers("help met", &c), "metrics");
	/* past the last argument, after an unknown command, in a comment: nothing */
	assert_string_equal(offers("quit ", &c), "");
	assert_string_equal(offers("about vmstat ", &c), "");
	assert_string_equal(offers("frob ", &c), "");
	assert_string_equal(offers("set cpus 8 # set c", &c), "");
	/* only the command the cursor is in */
	assert_string_equal(offers("get cpus; set pages", &c), "pagesize");
	assert_string_equal(offers("get cpus;se", &c), "set");
	/* issue 21.2/21.13: words cut as the scanner cuts them - '#' inside a word is a letter, a quoted blank
	   is no word break: the second argument of these is still to come, so the first's kind is offered */
	assert_string_equal(offers("get c#x; set pages", &c), "pagesize");
	assert_string_equal(offers("set \"cp u\" 4; help met", &c), "metrics");
	assert_string_equal(offers("preset \"lo", &c), "load");
	{
		char one_word[256];

		/* 'a b' is one word: the next is preset's second argument, offered as after any one word */
		snprintf(one_word, sizeof(one_word), "%s", offers("preset ab ", &c));
		assert_true(one_word[0] != '\0');
		assert_string_equal(offers("preset 'a b' ", &c), one_word);
		assert_string_equal(offers("preset a\"b c\" ", &c), one_word);
	}
	completion_free(&c);
}

/* The cursor in the middle of a line: only what is before it counts. */
static void test_cursor(void **state)
{
	struct completion c = { 0 };
	const char *line = "set cp 8; get vmstat.threshold";

	(void)state;
	assert_int_equal(complete_line(line, 6, &c), 0);
	assert_int_equal(c.n, 1);
	assert_string_equal(c.items[0].word, "cpus");
	assert_int_equal(c.start, 4);
	completion_free(&c);
	assert_int_equal(complete_line(line, 1000, &c), 0); /* past the end: the end */
	assert_int_equal(c.n, 1);
	completion_free(&c);
}

/* The known releases that start with prefix, space-separated, in the list's order: what completion offers. */
static const char *releases_from(const char *prefix)
{
	static char buf[256];
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; release_names[i]; i++)
		if (!strncmp(release_names[i], prefix, strlen(prefix)))
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s", n ? " " : "", release_names[i]);
	return buf;
}

/* sweep, plot and where: their own shapes, from the command table's argument kinds */
static void test_range_commands(void **state)
{
	struct completion c = { 0 };

	(void)state;
	/* machines side by side: on, then presets (and the source words), again after each */
	assert_string_equal(offers("show vmpressure o", &c), "on");
	assert_true(has(offers("show vmpressure on ", &c), "mybox"));
	assert_true(has(offers("show vmpressure on mybox ", &c), "mybox"));
	assert_string_equal(offers("compare ", &c), "preset kernel mybox");
	assert_string_equal(offers("compare kernel 6.1", &c), releases_from("6.1"));
	assert_string_equal(offers("compare kernel 6.1 5.1", &c), releases_from("5.1"));
	assert_string_equal(offers("compare mybox my", &c), "mybox");
	assert_string_equal(offers("report vmp", &c), "vmpressure");
	assert_string_equal(offers("report vmpressure o", &c), "on");
	assert_string_equal(offers("report vmpressure on preset m", &c), "mybox");
	assert_string_equal(offers("sweep cp", &c), "cpus");
	assert_string_equal(offers("sweep overc", &c), "overcommit_ratio"); /* a choice (overcommit) cannot be swept */
	assert_string_equal(offers("sweep pagesize 4", &c), "4K");
	assert_string_equal(offers("sweep cpus 1 10 st", &c), "step");
	assert_string_equal(offers("sweep cpus 1 10 step ", &c), "");
	assert_string_equal(offers("sweep cpus 1 10 step 1 vmst", &c), "vmstat.~");
	assert_string_equal(offers("sweep cpus 1 10 step 1 vmstat.threshold comm", &c), "committed_as.~");
	assert_string_equal(offers("sweep cpus 1 10 vmstat.threshold st", &c), ""); /* the step comes first */
	assert_string_equal(offers("plot vmpressure.window ov", &c), "over");
	assert_string_equal(offers("plot vmpressure.window over overc", &c), "overcommit_ratio");
	assert_string_equal(offers("plot vmpressure.window over ram 1G 1T ", &c), "step x");
	assert_string_equal(offers("where memcg_charge.speedup >", &c), "> >=");
	assert_string_equal(offers("where memcg_charge.speedup > 1.5 ov", &c), "over");
	assert_string_equal(offers("where memcg_charge.speedup > 1.5 over cp", &c), "cpus");
	/* tradeoff: a patch, then plot's shape (over KEY FROM TO [step N | x N]) */
	assert_string_equal(offers("tradeoff pro", &c), "proactive_reclaim");
	assert_string_equal(offers("tradeoff vmpressure o", &c), "over");
	assert_string_equal(offers("tradeoff vmpressure over vmpressure_w", &c), "vmpressure_win");
	assert_string_equal(offers("tradeoff vmpressure over vmpressure_win 512 65536 ", &c), "step x");
	offers("sweep cpus 1 10 vmstat.threshold > ", &c);
	assert_int_equal(c.files, 1);
	completion_free(&c);
}

/* tradeoff offers the patches with a trade-off: the built-ins' rows, then a loaded file's tradeoff line */
static void test_tradeoff_patches(void **state)
{
	struct completion c = { 0 };
	struct strbuf note = STRBUF_INIT;
	struct patch_set *ps = NULL;
	struct machine m;
	char err[512];
	const char *o;

	(void)state;
	o = offers("tradeoff ", &c);
	for (int i = 0; patch_set_builtin.list[i]; i++)
		assert_int_equal(has(o, patch_set_builtin.list[i]->id), tradeoff_spec_find(NULL, patch_set_builtin.list[i]->id) != NULL);
	assert_false(has(o, "vmstat")); /* so the check above can fail: vmstat has no trade-off */
	assert_false(has(o, "percpu_rows"));
	/* a file is checked whole when it loads: its claims' preset (vm-4g) must be found */
	setenv("BATCHLAB_PRESETS", "presets", 1);
	assert_int_equal(patchreg_load(NULL, "tests/data/percpu_rows.mmpatch", &ps, &note, err, sizeof(err)), 0);
	setenv("BATCHLAB_PRESETS", "tests/unit/no-such-dir", 1);
	machine_defaults(&m);
	m.set = ps;
	on = &m;
	assert_true(has(offers("tradeoff ", &c), "percpu_rows"));
	assert_string_equal(offers("tradeoff percpu_r", &c), "percpu_rows");
	assert_string_equal(offers("tradeoff percpu_rows o", &c), "over");
	on = NULL;
	patchreg_drop(ps);
	sb_free(&note);
	completion_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_issue_examples),
		cmocka_unit_test(test_output_options), cmocka_unit_test(test_metrics_by_dot_level),
		cmocka_unit_test(test_tables_covered), cmocka_unit_test(test_words_presets_files),
		cmocka_unit_test(test_cursor), cmocka_unit_test(test_range_commands),
		cmocka_unit_test(test_tradeoff_patches),
	};
	return cmocka_run_group_tests_name("complete", tests, setup, teardown);
}
