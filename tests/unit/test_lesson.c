/* lang/lesson.c: answers computed by batchlab itself, judged with their tolerance; narration computed. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../lang/lesson.h"
#include "../../lang/replyunit.h"
#include "../../lang/session.h"
#include "../../core/patch.h"
#include "../../core/variant.h"
#include "../../lang/out/numfmt.h"

static char dir[] = "/tmp/bl-test-lesson-XXXXXX";

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) ? -1 : 0;
}

/* A lesson file with text, loaded; its first exercise. */
static struct lesson_exercise load(struct lesson *l, const char *text)
{
	char path[256], err[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/t.lesson", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	if (lesson_load(l, path, err, sizeof(err)))
		fail_msg("%s", err);
	for (int i = 0; i < l->nlines; i++)
		if (l->lines[i].kind == LK_ASK)
			return lesson_exercise_at(l, i);
	fail_msg("no ask");
	return lesson_exercise_at(l, 0);
}

static int judge(struct session *s, const struct lesson_exercise *x, const char *reply)
{
	struct strbuf msg = STRBUF_INIT;
	char err[512];
	int r = lesson_judge(s, x, reply, &msg, err, sizeof(err));

	if (r < 0)
		fail_msg("%s", err);
	sb_free(&msg);
	return r;
}

/* A count is exact: 2 * fls(8) * (1 + fls(66060288 >> 15)) = 2 * 4 * 12 = 96 on 8 CPUs. */
static void test_count_exact(void **state)
{
	struct session s;
	struct lesson l;
	struct lesson_exercise x;

	(void)state;
	session_init(&s);
	x = load(&l, "step a\nset cpus 8\nask t?\nanswer get vmstat.threshold\n");
	s.m.cpus = 8;
	assert_int_equal(judge(&s, &x, "96"), 1);
	assert_int_equal(judge(&s, &x, " 96 "), 1);
	assert_int_equal(judge(&s, &x, "96.0"), 1);
	assert_int_equal(judge(&s, &x, "95"), 0);
	assert_int_equal(judge(&s, &x, "97"), 0);
	assert_int_equal(judge(&s, &x, "ninety-six"), 0);
	lesson_free(&l);
	session_end(&s);
}

/*
 * Arithmetic over computed values, with a tolerance: the committed_as batch ratio on the
 * default machine is (66060288 / 64 / 4) / (66060288 / 64 / 256) = 258048 / 4032 = 64.
 */
static void test_tolerance(void **state)
{
	struct session s;
	struct lesson l;
	struct lesson_exercise x;

	(void)state;
	session_init(&s);
	x = load(&l, "step a\nask r?\nanswer ({get committed_as.batch.after}) / {get committed_as.batch.before} within 1%\n");
	assert_int_equal(judge(&s, &x, "64"), 1);
	assert_int_equal(judge(&s, &x, "64.6"), 1);  /* 0.94 % off */
	assert_int_equal(judge(&s, &x, "63.4"), 1);
	assert_int_equal(judge(&s, &x, "64.7"), 0);  /* 1.09 % off */
	assert_int_equal(judge(&s, &x, "63.3"), 0);
	lesson_free(&l);
	x = load(&l, "step a\nask r?\nanswer {get committed_as.batch.after} - {get committed_as.batch.before} within 10\n");
	assert_int_equal(judge(&s, &x, "254010"), 1); /* 258048 - 4032 = 254016 */
	assert_int_equal(judge(&s, &x, "254005"), 0);
	lesson_free(&l);
	session_end(&s);
}

/* where's crossing is the answer; a size may be typed as a size; nothing in range is "never". */
static void test_where_and_sizes(void **state)
{
	struct session s;
	struct lesson l;
	struct lesson_exercise x;

	(void)state;
	session_init(&s);
	/* 64 pages of 4 KiB per CPU: 1 GiB at 1 GiB / 256 KiB = 4096 CPUs */
	x = load(&l, "step a\nask c?\nanswer where memcg_charge.stock_max_bytes.after >= 1G over cpus 1 65536\n");
	assert_int_equal(judge(&s, &x, "4096"), 1);
	assert_int_equal(judge(&s, &x, "4095"), 0);
	lesson_free(&l);
	/* the window is never 0 pages */
	x = load(&l, "step a\nask c?\nanswer where vmpressure.window.after < 1 over ram 1G 1T\n");
	assert_int_equal(judge(&s, &x, "never"), 1);
	assert_int_equal(judge(&s, &x, "None"), 1);
	assert_int_equal(judge(&s, &x, "1G"), 0);
	lesson_free(&l);
	/* 128 GiB: the first doubling where a 4 GiB group's share of the window is 0.5 % or more */
	x = load(&l, "step a\nask c?\nanswer get ram\n");
	assert_int_equal(judge(&s, &x, "256G"), 1);
	assert_int_equal(judge(&s, &x, "274877906944"), 1);
	assert_int_equal(judge(&s, &x, "128G"), 0);
	lesson_free(&l);
	session_end(&s);
}

/* A design is judged on a scratch copy: the student's machine keeps its state whatever is typed. */
static void test_check_keeps_state(void **state)
{
	struct session s;
	struct lesson l;
	struct lesson_exercise x;

	(void)state;
	session_init(&s);
	x = load(&l, "step a\nask d?\ncheck variant memcg_charge mine = {answer}; set cpus 4096; "
		     "expect memcg_charge.stock_max_bytes.mine <= 64M\nsolution 4\n");
	assert_int_equal(judge(&s, &x, "64"), 0);  /* 4096 * 64 * 4 KiB = 1 GiB */
	assert_int_equal(judge(&s, &x, "4"), 1);   /* 4096 * 4 * 4 KiB = 64 MiB */
	assert_int_equal(judge(&s, &x, "4 +"), 0); /* not an expression */
	assert_int_equal(s.m.cpus, 64);
	assert_true(variant_find(&s.m, patch_find(NULL, "memcg_charge"), "mine") < 0);
	lesson_free(&l);
	session_end(&s);
}

/*
 * Issue 34: an answer is data. Every kind of exercise - a count, a real within
 * a tolerance, where's crossing, arithmetic over {COMMAND}s and a design check -
 * is fed replies that would end, chain, comment out or redirect a command if
 * they were pasted into one. Each is judged wrong, the session keeps its machine
 * and does not quit, and no file appears in the test's folder (the cwd here).
 */
static void test_hostile_answers(void **state)
{
	static const char *const kinds[] = {
		"step a\nset cpus 8\nask t?\nanswer get vmstat.threshold\n",
		"step a\nask r?\nanswer get vmpressure.reduction within 1%\n",
		"step a\nask c?\nanswer where memcg_charge.stock_max_bytes.after >= 1G over cpus 1 65536\n",
		"step a\nask x?\nanswer {get committed_as.batch.after} / {get committed_as.batch.before}\n",
		("step a\nask d?\ncheck variant vmpressure mine = {answer}; expect vmpressure.window.mine <= 1024 over ram 1G 1T\n"
		 "solution min(1024, 512 * (1 + fls(mem128m)))\n"),
	};
	/* each right answer of the kinds above, then what is tacked on to it */
	static const char *const right[] = { "96", "12.005", "4096", "64", "min(1024, 512 * (1 + fls(mem128m)))" };
	static const char *const tails[] = {
		" #", "; quit", "; set cpus 1", " > victim.txt", " ; echo pwned > victim.txt #", "'", "\"", "\nquit",
		"\n", " {get cpus}", "; expect cpus > 0 #", "\x01",
	};
	char cwd[4096], reply[256];
	struct session s;
	struct lesson l;
	struct lesson_exercise x;

	(void)state;
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(dir), 0);
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		session_init(&s);
		x = load(&l, kinds[k]);
		if (k == 0)
			s.m.cpus = 8;
		assert_int_equal(judge(&s, &x, right[k]), 1); /* the right answer alone is right: the test can fail */
		for (size_t t = 0; t < sizeof(tails) / sizeof(tails[0]); t++) {
			struct machine before = s.m;

			snprintf(reply, sizeof(reply), "%s%s", right[k], tails[t]);
			if (judge(&s, &x, reply) != 0)
				fail_msg("kind %zu: '%s' judged right", k, reply);
			assert_int_equal(s.quit, 0);
			assert_false(machine_differs(&before, &s.m));
			assert_int_equal(access("victim.txt", F_OK), -1);
		}
		lesson_free(&l);
	}
	assert_int_equal(chdir(cwd), 0);
	session_end(&s);
}

/* {COMMAND} in narration reads as a person would: with its unit. */
static void test_say(void **state)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	assert_int_equal(lesson_say(&s, "ram {get ram}, batch {get committed_as.batch.before}.", &out, err, sizeof(err)), 0);
	assert_string_equal(sb_str(&out), "ram 256 GiB, batch 4032 pages.");
	sb_reset(&out);
	assert_int_equal(lesson_say(&s, "a {get nosuch} b", &out, err, sizeof(err)), -1);
	assert_int_equal(lesson_say(&s, "open {get cpus", &out, err, sizeof(err)), -1);
	sb_free(&out);
	session_end(&s);
}

/* Issue 38: answers as a person writes them, in the question's unit; a unit-off answer says so. */
static void test_units(void **state)
{
	struct session s;
	struct lesson l;
	struct lesson_exercise x;
	struct strbuf msg = STRBUF_INIT, shown = STRBUF_INIT;
	char err[512];

	(void)state;
	session_init(&s);
	/* ram 256 GiB = 2^38 bytes */
	x = load(&l, "step a\nask r?\nanswer get ram\n");
	assert_int_equal(judge(&s, &x, "256 GiB"), 1);
	assert_int_equal(judge(&s, &x, "256G"), 1);
	assert_int_equal(judge(&s, &x, "256gb"), 1);
	assert_int_equal(judge(&s, &x, "0.25 TiB"), 1);
	assert_int_equal(judge(&s, &x, "128 GiB"), 0);
	assert_int_equal(lesson_shown_answer(&s, &x, &shown, err, sizeof(err)), 0);
	assert_string_equal(sb_str(&shown), "256 GiB");
	/* 2^38 / 4096 = 67108864: the size in pages where bytes are asked */
	assert_int_equal(lesson_judge(&s, &x, "67108864", &msg, err, sizeof(err)), 0);
	assert_non_null(strstr(sb_str(&msg), "in pages"));
	sb_reset(&msg);
	assert_int_equal(lesson_judge(&s, &x, "256 pages", &msg, err, sizeof(err)), 0);
	assert_non_null(strstr(sb_str(&msg), "asks for a size"));
	lesson_free(&l);
	/* a window in pages: 6144 on the default machine; 24 MiB is the same window in bytes */
	x = load(&l, "step a\nask w?\nanswer get vmpressure.window.after\n");
	assert_int_equal(judge(&s, &x, "6144"), 1);
	assert_int_equal(judge(&s, &x, "6144 pages"), 1);
	sb_reset(&msg);
	assert_int_equal(lesson_judge(&s, &x, "24 MiB", &msg, err, sizeof(err)), 0);
	assert_string_equal(sb_str(&msg), "that is a size; the question asks for pages");
	sb_reset(&msg);
	assert_int_equal(lesson_judge(&s, &x, "25165824", &msg, err, sizeof(err)), 0);
	assert_string_equal(sb_str(&msg), "that is in bytes; the question asks for pages");
	sb_reset(&shown);
	assert_int_equal(lesson_shown_answer(&s, &x, &shown, err, sizeof(err)), 0);
	assert_string_equal(sb_str(&shown), "6144 pages");
	lesson_free(&l);
	/* a factor: 258048 / 4032 = 64, written as a person would */
	x = load(&l, "step a\nask f?\nanswer {get committed_as.batch.after} / {get committed_as.batch.before}\n");
	assert_int_equal(judge(&s, &x, "x64"), 1);
	assert_int_equal(judge(&s, &x, "64x"), 1);
	assert_int_equal(judge(&s, &x, "64 times"), 1);
	assert_int_equal(judge(&s, &x, "6.4e1"), 1);
	assert_int_equal(judge(&s, &x, "0x40"), 0); /* hex is not how a factor is written */
	assert_int_equal(judge(&s, &x, "64 pages"), 0);
	lesson_free(&l);
	/* 1e6 is a million wherever a number is asked: 64 CPUs * 15625 */
	x = load(&l, "step a\nask n?\nanswer {get cpus} * 15625\n");
	assert_int_equal(judge(&s, &x, "1e6"), 1);
	assert_int_equal(judge(&s, &x, "1e5"), 0);
	lesson_free(&l);
	sb_free(&msg);
	sb_free(&shown);
	session_end(&s);
}

/*
 * Issue 47 (c): a right answer spelled as a document or a person spells it -
 * a no-break or thin space pasted from a word processor, a plus sign - is
 * right; a reply longer than an answer is judged whole (wrong), never cut.
 */
static void test_answer_spellings(void **state)
{
	static const char *const right[] = { "\xc2\xa0" "64", "64\xe2\x80\xaf" "CPUs", "64\xe2\x80\x89" "CPUs", "+64", "64\xc2\xa0" };
	char longer[LESSON_ANSWER_MAX + 64];
	struct session s;
	struct lesson l;
	struct lesson_exercise x;

	(void)state;
	session_init(&s);
	x = load(&l, "step a\nask How many CPUs?\nanswer get cpus\n");
	for (size_t i = 0; i < sizeof(right) / sizeof(right[0]); i++)
		if (judge(&s, &x, right[i]) != 1)
			fail_msg("'%s' judged wrong", right[i]);
	assert_int_equal(judge(&s, &x, "+"), 0);
	assert_int_equal(judge(&s, &x, "++64"), 0);
	/* 64, then spaces past the answer's limit, then more: the whole reply, not its first 1024 bytes */
	memset(longer, ' ', sizeof(longer) - 1);
	memcpy(longer, "64", 2);
	memcpy(longer + sizeof(longer) - 4, "and", 4);
	assert_int_equal(judge(&s, &x, longer), 0);
	lesson_free(&l);
}

/* What lesson_load says of text: "" when it loads. */
static const char *load_error(const char *text)
{
	static char err[512];
	char path[256];
	struct lesson l;
	FILE *f;

	snprintf(path, sizeof(path), "%s/t.lesson", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	err[0] = '\0';
	if (!lesson_load(&l, path, err, sizeof(err)))
		lesson_free(&l);
	return err;
}

/*
 * Issue 47: a lesson is checked whole at load - a broken '{' in step 2 was
 * found only once step 1 had been played, and an answer's {get A B} (two
 * values) was taken as A's.
 */
static void test_checked_whole_at_load(void **state)
{
	(void)state;
	assert_non_null(strstr(load_error("step one\nsay hello\nstep two\nsay {get cpus\n"),
			       "t.lesson:4: '{' at column 1 has no '}'"));
	assert_non_null(strstr(load_error("step one\nask {get ram\nanswer get cpus\n"), "t.lesson:2: '{'"));
	assert_non_null(strstr(load_error("step one\nsay {get {cpus}}\n"), "opens inside another"));
	assert_non_null(strstr(load_error("step one\nsay {frobnicate 3}\n"), "expected a command in the braces"));
	assert_non_null(strstr(load_error("step one\nask x\nanswer {get cpus ram}\n"), "t.lesson:3: an 'answer' expects one value"));
	assert_non_null(strstr(load_error("step one\nask x\nanswer {get cpus} + {show}\n"), "'show' prints a table"));
	assert_non_null(strstr(load_error("step one\nask x\nanswer get cpus ram\n"), "get of one name"));
	assert_non_null(strstr(load_error("step one\nask x\nanswer get --named cpus\n"), "get of one name"));
	assert_non_null(strstr(load_error("step one\nask x\ncheck variant vmpressure m = {answer}; expect {get cpus\n"
					  "solution 1\n"), "has no '}'"));
	/* each command in a form its row takes, in step 2 too: a command line, an answer's, a check's, a brace's */
	assert_non_null(strstr(load_error("step one\nsay hi\nstep two\nset cpus\n"), "t.lesson:4: set: expected set KEY VALUE"));
	assert_non_null(strstr(load_error("step one\nshow 'all\n"), "t.lesson:2: unterminated quote"));
	assert_non_null(strstr(load_error("step one\nshow; get\n"), "t.lesson:2: get: expected get"));
	assert_non_null(strstr(load_error("step one\nask x\nanswer where x\n"), "t.lesson:3: where: expected where"));
	assert_non_null(strstr(load_error("step one\nsay {explain}\n"), "t.lesson:2: explain: expected explain"));
	assert_non_null(strstr(load_error("step one\nask x\ncheck variant vmpressure m = {answer}; expect {get cpus}\n"
					  "solution 1\n"), "t.lesson:3: expect: expected expect"));
	assert_string_equal(load_error("step one\nask x\ncheck variant vmpressure m = {answer}; expect vmpressure.window.m "
				       "<= {get cpus} over ram 1G 1T\nsolution 1\n"), "");
	/* quit stopped every later command: a grade judged on a machine the lesson never set */
	assert_non_null(strstr(load_error("step one\nquit\nset cpus 8\nask c?\nanswer get cpus\n"),
			       "t.lesson:2: 'quit' in a lesson would skip every command after it"));
	assert_non_null(strstr(load_error("step one\nset cpus 8; exit\n"), "'exit' in a lesson"));
	/* what loads: one value each, {answer} in a check, a '}' alone is text */
	assert_string_equal(load_error("step one\nsay {get cpus} CPUs }\nask x\nanswer {get cpus} * 2 within 1\n"), "");
	assert_string_equal(load_error("step one\nask x\nanswer {where memcg_charge.batch.after > 3 over cpus 1 8}\n"), "");
}

/*
 * Issue 51: an answer in any unit of the question's quantity, the question's
 * own first, and batchlab's own printing of the value always read back.
 */
static void test_any_unit_of_the_quantity(void **state)
{
	struct session s;
	struct lesson l;
	struct lesson_exercise x;
	char shown[64];
	struct value v;
	struct metric_ref ref;
	char err[256];

	(void)state;
	session_init(&s);
	/* "in MiB": a {get bytes} / 1048576 answer asks in MiB; a bare number is MiB, a size any unit */
	x = load(&l, "step a\nask gap in MiB?\nanswer {get watermark.gap_bytes.before} / 1048576 within 1%\n");
	assert_int_equal(metric_parse("watermark.gap_bytes.before", &ref, err, sizeof(err)), 0);
	v = metric_eval(&s.m, &ref, ref.side);
	fmt_human(v, "bytes", shown, sizeof(shown)); /* what batchlab prints: "11.83 MiB" */
	assert_int_equal(judge(&s, &x, shown), 1);
	snprintf(shown, sizeof(shown), "%.4f", (double)v.i / 1048576);
	assert_int_equal(judge(&s, &x, shown), 1);
	snprintf(shown, sizeof(shown), "%.0f KiB", (double)v.i / 1024);
	assert_int_equal(judge(&s, &x, shown), 1);
	assert_int_equal(judge(&s, &x, "11 s"), 0); /* a time is no size */
	assert_int_equal(judge(&s, &x, "1183 MiB"), 0);
	lesson_free(&l);
	/* a count: its printing "69.58 k" is a thousand times, not KiB; exact count, yet what batchlab prints */
	x = load(&l, "step a\nset cpus 256\nask spawns?\nanswer get rss_stat.spawn_score.after\n");
	s.m.cpus = 256;
	assert_int_equal(metric_parse("rss_stat.spawn_score.after", &ref, err, sizeof(err)), 0);
	v = metric_eval(&s.m, &ref, ref.side);
	fmt_human(v, ref.metric->unit, shown, sizeof(shown));
	assert_int_equal(judge(&s, &x, shown), 1);
	fmt_human_short(v, ref.metric->unit, 6, shown, sizeof(shown));
	assert_int_equal(judge(&s, &x, shown), 1);
	assert_int_equal(judge(&s, &x, "1 k"), 0);
	lesson_free(&l);
	/* a time asked in its metric's unit (ms) takes any time unit */
	x = load(&l, "step a\nask t?\nanswer get rss_stat.oom_approx_ms within 1%\n");
	assert_int_equal(metric_parse("rss_stat.oom_approx_ms", &ref, err, sizeof(err)), 0);
	v = metric_eval(&s.m, &ref, ref.side);
	snprintf(shown, sizeof(shown), "%.6g", value_real(v));
	assert_int_equal(judge(&s, &x, shown), 1);
	snprintf(shown, sizeof(shown), "%.6g s", value_real(v) / 1000);
	assert_int_equal(judge(&s, &x, shown), 1);
	snprintf(shown, sizeof(shown), "%.6g us", value_real(v) * 1000);
	assert_int_equal(judge(&s, &x, shown), 1);
	fmt_human(v, ref.metric->unit, shown, sizeof(shown));
	assert_int_equal(judge(&s, &x, shown), 1);
	lesson_free(&l);
}

/*
 * A reply of more words than a number and a unit: refused, and read no
 * further than its end - the unit's word count went on to 48 bytes past a
 * short reply (valgrind saw it in lesson_hostile; ASan sees it here, in a
 * reply allocated at its exact size).
 */
static void test_reply_many_words(void **state)
{
	static const char text[] = "12 k b c";
	char *reply = malloc(sizeof(text));
	struct reply_q q;
	struct strbuf msg = STRBUF_INIT;
	double base = 0;
	int had = 0;

	(void)state;
	assert_non_null(reply);
	memcpy(reply, text, sizeof(text));
	reply_q_of(&q, "pages", 1);
	assert_int_equal(reply_read(reply, &q, &base, &had, &msg), -1);
	assert_non_null(strstr(sb_str(&msg), "at most one unit"));
	free(reply);
	sb_free(&msg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_count_exact),
		cmocka_unit_test(test_any_unit_of_the_quantity),
		cmocka_unit_test(test_tolerance),
		cmocka_unit_test(test_where_and_sizes),
		cmocka_unit_test(test_check_keeps_state),
		cmocka_unit_test(test_say),
		cmocka_unit_test(test_hostile_answers),
		cmocka_unit_test(test_reply_many_words),
		cmocka_unit_test(test_units),
		cmocka_unit_test(test_checked_whole_at_load),
		cmocka_unit_test(test_answer_spellings),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
