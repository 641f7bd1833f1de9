/* lang/lessonrun.c: a homework's answers read whole, question by question, in each of the three layouts. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../lang/lesson.h"

/* The answers text holds (len bytes: it may hold a NUL), for a lesson of questions exercises (0: not known). */
static void read_for(struct lesson_answers *a, const char *text, size_t len, int questions)
{
	char err[256];
	FILE *f = fmemopen((void *)text, len, "r");

	assert_non_null(f);
	if (lesson_answers_read(f, a, questions, err, sizeof(err)))
		fail_msg("%s", err);
	fclose(f);
}

static void read_text(struct lesson_answers *a, const char *text, size_t len)
{
	read_for(a, text, len, 0);
}

static void want(const struct lesson_answers *a, int i, int q, const char *text)
{
	assert_true(i < a->n);
	assert_int_equal(a->tries[i].q, q);
	assert_string_equal(a->tries[i].text, text);
}

static void test_lines(void **state)
{
	struct lesson_answers a;

	(void)state;
	read_text(&a, "96\n64\r\n# a comment\nmin(1, 2)\n", 29);
	assert_string_equal(a.layout, "lines");
	assert_int_equal(a.n, 3);
	want(&a, 0, 0, "96");
	want(&a, 1, 1, "64"); /* a CRLF file */
	want(&a, 2, 2, "min(1, 2)");
	lesson_answers_free(&a);
}

static void test_blocks(void **state)
{
	struct lesson_answers a;
	const char *t = "\n95\n96\n\n\n64\n\n1\n2\n";

	(void)state;
	read_text(&a, t, strlen(t));
	assert_string_equal(a.layout, "blocks");
	assert_int_equal(a.n, 5);
	want(&a, 0, 0, "95");
	want(&a, 1, 0, "96");
	want(&a, 2, 1, "64"); /* two blank lines are one gap */
	want(&a, 3, 2, "1");
	want(&a, 4, 2, "2");
	lesson_answers_free(&a);
}

static void test_numbered(void **state)
{
	struct lesson_answers a;
	const char *t = "3: x64\n1:96\n  1 : 97 \nmore for 1\n12: 5\n";

	(void)state;
	read_text(&a, t, strlen(t));
	assert_string_equal(a.layout, "numbered");
	assert_int_equal(a.n, 5);
	want(&a, 0, 2, "x64");
	want(&a, 1, 0, "96");
	want(&a, 2, 0, "97 ");
	want(&a, 3, 0, "more for 1");
	want(&a, 4, 11, "5");
	lesson_answers_free(&a);
}

/* A NUL and a line too long each stay one try, whole: never cut into two answers. */
static void test_nul_and_long(void **state)
{
	struct lesson_answers a;
	size_t n = LESSON_ANSWER_MAX * 3;
	char *t = malloc(n + 16);

	(void)state;
	assert_non_null(t);
	memcpy(t, "12\0 34\n", 7);
	memset(t + 7, '7', n);
	memcpy(t + 7 + n, "\n8\n", 3);
	read_text(&a, t, 7 + n + 3);
	assert_string_equal(a.layout, "lines");
	assert_int_equal(a.n, 3);
	assert_int_equal(a.tries[0].len, 6);
	assert_string_equal(a.tries[0].text, "12");
	assert_int_equal(a.tries[1].len, n);
	assert_int_equal(strlen(a.tries[1].text), LESSON_ANSWER_MAX);
	want(&a, 2, 2, "8");
	lesson_answers_free(&a);
	free(t);
}

/* Issue 47: a UTF-8 byte-order mark an editor put first is not part of the first answer. */
static void test_byte_order_mark(void **state)
{
	struct lesson_answers a;
	const char *t = "\xef\xbb\xbf" "96\n64\n";
	size_t n = LESSON_ANSWER_MAX + 2;
	char *longer = malloc(n + 8);

	(void)state;
	read_for(&a, t, strlen(t), 2);
	assert_string_equal(a.layout, "lines");
	want(&a, 0, 0, "96");
	want(&a, 1, 1, "64");
	lesson_answers_free(&a);
	/* a mark before a first line longer than kept: the line stays one try, cut, nothing read past it */
	assert_non_null(longer);
	memcpy(longer, "\xef\xbb\xbf", 3);
	memset(longer + 3, '5', n - 3);
	memcpy(longer + n, "\n7\n", 3);
	read_for(&a, longer, n + 3, 2);
	assert_int_equal(a.n, 2);
	assert_int_equal(a.tries[0].len, n - 3);
	want(&a, 1, 1, "7");
	lesson_answers_free(&a);
	/* a first line of exactly LESSON_ANSWER_MAX characters after the mark, or before a CR: whole, not cut */
	memcpy(longer, "\xef\xbb\xbf", 3);
	memset(longer + 3, '5', LESSON_ANSWER_MAX);
	memcpy(longer + 3 + LESSON_ANSWER_MAX, "\r\n7\n", 4);
	read_for(&a, longer, LESSON_ANSWER_MAX + 7, 2);
	assert_int_equal(a.n, 2);
	assert_int_equal(a.tries[0].len, LESSON_ANSWER_MAX);
	assert_int_equal(strlen(a.tries[0].text), LESSON_ANSWER_MAX);
	lesson_answers_free(&a);
	free(longer);
}

/*
 * Issue 47: one stray blank line in a line-per-question file made it blocks
 * and moved every later answer onto the question before. With the lesson's
 * question count known, blank lines make blocks only where they can.
 */
static void test_stray_blank_line(void **state)
{
	struct lesson_answers a;
	const char *stray = "96\n64\n\nmin(1, 2)\n8\n", *blocks = "1\n2\n96\n\n64x\n\nmin\n\n8\n";

	(void)state;
	read_for(&a, stray, strlen(stray), 4);
	assert_string_equal(a.layout, "lines");
	assert_int_equal(a.n, 4);
	want(&a, 0, 0, "96");
	want(&a, 1, 1, "64");
	want(&a, 2, 2, "min(1, 2)");
	want(&a, 3, 3, "8");
	lesson_answers_free(&a);
	/* as many blocks as questions: blocks, a line a try */
	read_for(&a, blocks, strlen(blocks), 4);
	assert_string_equal(a.layout, "blocks");
	want(&a, 2, 0, "96");
	want(&a, 3, 1, "64x");
	want(&a, 5, 3, "8");
	lesson_answers_free(&a);
	/* more answer lines than questions: blocks too (tries at the first) */
	read_for(&a, "1\n2\n3\n\n4\n", 9, 2);
	assert_string_equal(a.layout, "blocks");
	want(&a, 3, 1, "4");
	lesson_answers_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_blocks),
		cmocka_unit_test(test_numbered),
		cmocka_unit_test(test_nul_and_long),
		cmocka_unit_test(test_byte_order_mark),
		cmocka_unit_test(test_stray_blank_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
