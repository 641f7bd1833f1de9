/* lang/wrap.c: prose to a width, at words, every line within it. */
#include "testutil.h"

#include <string.h>

#include "../../lang/wrap.h"
#include "../../core/utf8.h"

static char *wrapped(const char *text, int width, int keep_tables)
{
	static struct strbuf sb;

	sb_reset(&sb);
	wrap_text(&sb, text, width, keep_tables);
	return sb.buf ? sb.buf : "";
}

/* Each line within the width, and the words are those of the text, in order. */
static void assert_fits_and_keeps_words(const char *text, int width)
{
	const char *w = wrapped(text, width, 0);
	char a[4096], b[4096];
	size_t na = 0, nb = 0;

	assert_true(wrap_widest(w) <= width);
	/* the text less its spaces and line breaks is unchanged */
	for (const char *p = text; *p; p++)
		if (*p != ' ' && *p != '\n')
			a[na++] = *p;
	for (const char *p = w; *p; p++)
		if (*p != ' ' && *p != '\n')
			b[nb++] = *p;
	assert_int_equal(na, nb);
	assert_memory_equal(a, b, na);
}

static void test_breaks_at_words(void **state)
{
	(void)state;
	assert_string_equal(wrapped("the quick brown fox", 10, 0), "the quick\nbrown fox");
	assert_string_equal(wrapped("calibrated estimate", 12, 0), "calibrated\nestimate");
	/* a word exactly filling the width stays on its line */
	assert_string_equal(wrapped("abcde fghij", 5, 0), "abcde\nfghij");
	assert_string_equal(wrapped("one\n\ntwo\n", 10, 0), "one\n\ntwo\n");
}

static void test_hangs_lists_and_indents(void **state)
{
	(void)state;
	assert_string_equal(wrapped("- aaa bbb ccc", 8, 0), "- aaa\n  bbb\n  ccc");
	assert_string_equal(wrapped("  aa bb cc", 7, 0), "  aa bb\n  cc");
	assert_string_equal(wrapped("12. aa bb cc", 9, 0), "12. aa bb\n    cc");
}

static void test_long_word_cut_without_marker(void **state)
{
	(void)state;
	assert_string_equal(wrapped("abcdefghij", 4, 0), "abcd\nefgh\nij");
	/* two columns a character: never half of one */
	assert_string_equal(wrapped("\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", 4, 0), "\xe6\x97\xa5\xe6\x9c\xac\n\xe8\xaa\x9e");
	assert_null(strchr(wrapped("abcdefghijklmnopqrstuvwxyz", 7, 0), '>'));
}

static void test_tables_kept_on_request(void **state)
{
	(void)state;
	assert_string_equal(wrapped("batch      32   64", 10, 1), "batch      32   64");
	assert_true(wrap_widest(wrapped("batch      32   64", 10, 0)) <= 10);
}

/* Many texts at every width from 1 to 90: each line fits, no word is lost. */
static void test_every_width(void **state)
{
	static const char *const texts[] = {
		"memcg_charge.stale_stat_bytes: memcg_rstat_updated() (mm/memcontrol.c) adds each update to a "
		"per-CPU count and moves it to the shared one only once it reaches MEMCG_CHARGE_BATCH.",
		"  - a list item that hangs under its marker, long enough to wrap twice or more at forty\n"
		"plain line\n\n   indented far",
		"x",
		"",
		"\xc2\xb5s and \xe2\x94\x80\xe2\x94\x80 box and \xe6\x97\xa5\xe6\x9c\xac wide",
	};
	(void)state;
	for (size_t t = 0; t < sizeof(texts) / sizeof(texts[0]); t++)
		for (int w = 2; w <= 90; w++)
			assert_fits_and_keeps_words(texts[t], w);
}

static void test_shorten(void **state)
{
	char buf[128];

	(void)state;
	wrap_shorten(buf, sizeof(buf), "step 2 of 5: a constant the kernel scales", 80);
	assert_string_equal(buf, "step 2 of 5: a constant the kernel scales");
	wrap_shorten(buf, sizeof(buf), "step 2 of 5: a constant the kernel scales", 24);
	assert_string_equal(buf, "step 2 of 5: a...");
	assert_true(utf8_width(buf, strlen(buf)) <= 24);
	wrap_shorten(buf, sizeof(buf), "abcdefghijklmnop", 8);
	assert_string_equal(buf, "abcde...");
	for (int w = 0; w <= 50; w++) {
		wrap_shorten(buf, sizeof(buf), "the quick brown fox jumps over the lazy dog", w);
		assert_true(utf8_width(buf, strlen(buf)) <= w);
		assert_null(strchr(buf, '>'));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_breaks_at_words),
		cmocka_unit_test(test_hangs_lists_and_indents),
		cmocka_unit_test(test_long_word_cut_without_marker),
		cmocka_unit_test(test_tables_kept_on_request),
		cmocka_unit_test(test_every_width),
		cmocka_unit_test(test_shorten),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
