/* lang/out/wrap.c: prose to a width, at words, every line within it. */
#include "testutil.h"

#include <string.h>

#include "../../core/utf8.h"
#include "../../lang/out/wrap.h"

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
	/* an indented line (a step of an explanation) hangs two deeper, so its continuation reads as one */
	assert_string_equal(wrapped("  aa bb cc", 8, 0), "  aa bb\n    cc");
	/* a flush paragraph does not hang */
	assert_string_equal(wrapped("aa bb cc", 5, 0), "aa bb\ncc");
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

static char *reflowed(const char *text, int width, int keep_tables)
{
	static struct strbuf sb;

	sb_reset(&sb);
	wrap_reflow(&sb, text, width, keep_tables);
	return sb.buf ? sb.buf : "";
}

/* The words of a and b, spaces and line breaks apart, are the same. */
static void assert_same_words(const char *a, const char *b)
{
	char x[8192], y[8192];
	size_t nx = 0, ny = 0;

	for (const char *p = a; *p; p++)
		if (*p != ' ' && *p != '\n')
			x[nx++] = *p;
	for (const char *p = b; *p; p++)
		if (*p != ' ' && *p != '\n')
			y[ny++] = *p;
	assert_int_equal(nx, ny);
	assert_memory_equal(x, y, nx);
}

/* A paragraph broken at 60 columns by its writer, then a list, a label line and a short last line. */
static const char para60[] =
	"The window decides only how often the level is computed and, at\n"
	"medium or worse, socket pressure written: once per memcg per pass,\n"
	"with that pass's scanned pages.\n"
	"- a memcg's first evaluation waits for a whole window of scanned\n"
	"  pages, and the window is sized by RAM but counted per memcg;\n"
	"kernel: vmpressure(), mm/vmpressure.c\n";

static void test_reflow_joins_paragraphs(void **state)
{
	const char *r;

	(void)state;
	/* wide enough: byte for byte */
	assert_string_equal(reflowed(para60, 80, 0), para60);
	/* narrower: the paragraph joined and wrapped again, the list item apart, hanging, the label apart */
	r = reflowed(para60, 40, 0);
	assert_true(wrap_widest(r) <= 40);
	assert_same_words(r, para60);
	assert_non_null(strstr(r, "The window decides only how often the\nlevel is computed and, at medium or\n"));
	assert_non_null(strstr(r, "pages.\n- a memcg's"));
	assert_non_null(strstr(r, "\n  "));
	assert_non_null(strstr(r, ";\nkernel: vmpressure()"));
	/* short lines are lines of their own: never joined (get's values, explain's steps) */
	assert_string_equal(reflowed("1 8192 31\n4032\n", 5, 0), "1\n8192\n31\n4032\n");
	for (int w = 2; w <= 90; w++) {
		r = reflowed(para60, w, 0);
		assert_true(wrap_widest(r) <= w);
		assert_same_words(r, para60);
	}
}

static void test_reflow_tables(void **state)
{
	static const char table[] = "  cpus     4096   65536\n  ram     1 GiB   4 GiB\n";
	static const char keys[] = "  q          quit (F10 too; in a view: close it)\n";
	const char *r;

	(void)state;
	/* a table row too wide: kept for a view that scrolls, else broken - no line wider */
	assert_string_equal(reflowed(table, 12, 1), table);
	assert_true(wrap_widest(reflowed(table, 12, 0)) <= 12);
	assert_same_words(reflowed(table, 12, 0), table);
	/* a row whose last cell is prose: the prose hangs under its column */
	r = reflowed(keys, 36, 1);
	assert_string_equal(r, "  q          quit (F10 too; in a\n             view: close it)\n");
	/* no room beside the name: the prose below it */
	r = reflowed(keys, 24, 1);
	assert_true(wrap_widest(r) <= 24);
	assert_same_words(r, keys);
	assert_true(!strncmp(r, "  q\n", 4));
}

static void test_shorten_at_a_word(void **state)
{
	char b[64];

	(void)state;
	wrap_shorten(b, sizeof(b), "memcg_charge.batch: pages charged per trip", 80);
	assert_string_equal(b, "memcg_charge.batch: pages charged per trip");
	wrap_shorten(b, sizeof(b), "memcg_charge.batch: pages charged per trip", 30);
	assert_string_equal(b, "memcg_charge.batch: pages...");
	assert_true(utf8_width(b, strlen(b)) <= 30);
	/* a word that does not fit alone is cut at a character; still "..." */
	wrap_shorten(b, sizeof(b), "abcdefghijklmnopqrstuvwxyz", 10);
	assert_string_equal(b, "abcdefg...");
	for (int w = 4; w < 50; w++) {
		wrap_shorten(b, sizeof(b), "one two three four five six seven eight nine ten eleven", w);
		assert_true(utf8_width(b, strlen(b)) <= w);
		assert_null(strchr(b, '>'));
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
		cmocka_unit_test(test_reflow_joins_paragraphs),
		cmocka_unit_test(test_reflow_tables),
		cmocka_unit_test(test_shorten_at_a_word),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
