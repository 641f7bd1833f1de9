/* lang/lessonrun.c: a homework's answers read whole, question by question, in each of the three layouts. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../lang/lesson.h"

/* The answers text holds (len bytes: it may hold a NUL). */
static void read_text(struct lesson_answers *a, const char *text, size_t len)
{
	char err[256];
	FILE *f = fmemopen((void *)text, len, "r");

	assert_non_null(f);
	if (lesson_answers_read(f, a, err, sizeof(err)))
		fail_msg("%s", err);
	fclose(f);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_blocks),
		cmocka_unit_test(test_numbered),
		cmocka_unit_test(test_nul_and_long),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
