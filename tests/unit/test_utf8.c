/* core/utf8.c: the one UTF-8 coder, and display columns. */
#include "testutil.h"

#include "../../core/utf8.h"

/* Every scalar value encodes to the byte count the standard gives and decodes back to itself. */
static void test_round_trip(void **state)
{
	(void)state;
	for (uint32_t cp = 1; cp <= 0x10ffff; cp++) {
		char b[UTF8_MAX + 1];
		const char *p = b;
		size_t n, want = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;

		if (cp >= 0xd800 && cp <= 0xdfff)
			continue;
		n = utf8_encode(b, cp);
		b[n] = '\0';
		assert_int_equal(n, want);
		assert_int_equal(utf8_decode(&p), cp);
		assert_ptr_equal(p, b + n);
	}
}

/* The bytes of U+2500 (box drawing) and U+28FF (braille) by hand, from the UTF-8 bit layout 1110xxxx 10xxxxxx 10xxxxxx. */
static void test_known_bytes(void **state)
{
	char b[UTF8_MAX];

	(void)state;
	assert_int_equal(utf8_encode(b, 0x2500), 3);
	assert_memory_equal(b, "\xe2\x94\x80", 3);
	assert_int_equal(utf8_encode(b, 0x28ff), 3);
	assert_memory_equal(b, "\xe2\xa3\xbf", 3);
	assert_int_equal(utf8_encode(b, 0xd7), 2);
	assert_memory_equal(b, "\xc3\x97", 2);
	/* a surrogate or past U+10FFFF is not a character: U+FFFD */
	assert_int_equal(utf8_encode(b, 0xd800), 3);
	assert_memory_equal(b, "\xef\xbf\xbd", 3);
	assert_int_equal(utf8_encode(b, 0x110000), 3);
}

/* A malformed byte reads as U+FFFD and costs one byte, so the next character survives. */
static void test_malformed(void **state)
{
	static const char *bad[] = { "\x80x", "\xc0\xafx", "\xe2\x94x", "\xed\xa0\x80", "\xf5\x80\x80\x80", "\xffx" };

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *p = bad[i];

		assert_int_equal(utf8_decode(&p), 0xfffd);
		assert_ptr_equal(p, bad[i] + 1);
	}
	{
		const char *p = "\xe2";    /* cut short by the end of the string: the NUL is not eaten */

		assert_int_equal(utf8_decode(&p), 0xfffd);
		assert_int_equal(*p, '\0');
	}
}

static void test_width(void **state)
{
	const char *line = "\xe2\x94\x80\xe2\x94\x80\xe2\xa3\xbf ab"; /* ──⣿ ab: six columns, twelve bytes */

	(void)state;
	assert_int_equal(strlen(line), 12);
	assert_int_equal(utf8_width(line, strlen(line)), 6);
	assert_int_equal(utf8_width("", 0), 0);
	assert_int_equal(utf8_cp_width(0x4e2d), 2);  /* a CJK ideograph */
	assert_int_equal(utf8_cp_width(0x301), 0);   /* a combining acute accent */
	assert_int_equal(utf8_cp_width('a'), 1);
	/* a prefix never cuts a character: 2 columns of ──⣿ are the first 6 bytes */
	assert_int_equal(utf8_prefix(line, 2), 6);
	assert_int_equal(utf8_prefix(line, 3), 9);
	assert_int_equal(utf8_prefix(line, 100), 12);
	assert_int_equal(utf8_prefix("\xe4\xb8\xad", 1), 0); /* a wide character does not fit in one column */
}

/* utf8_width's ASCII run and its general loop give what decoding every character gives, at any length cut. */
static void test_width_random(void **state)
{
	static const char *const pieces[] = { "a", " ", "~", "\t", "\x7f", "\xc3\xa9", "\xe4\xb8\xad", "\xcc\x81",
					      "\xf0\x9f\x98\x80", "\xff", "\x80", "\xe2\x94", "\xe2\xa3\xbf" };
	char s[64];
	unsigned seed = 1;

	(void)state;
	for (int t = 0; t < 20000; t++) {
		size_t len = 0;

		s[0] = '\0';
		for (int k = (int)((seed = seed * 1103515245u + 12345u) >> 16) % 12; k > 0; k--) {
			const char *p = pieces[((seed = seed * 1103515245u + 12345u) >> 16) % 13];

			if (len + strlen(p) < sizeof(s)) {
				memcpy(s + len, p, strlen(p) + 1);
				len += strlen(p);
			}
		}
		for (size_t n = 0; n <= len; n++) {
			const char *q = s, *end = s + n;
			int want = 0;

			while (q < end && *q)
				want += utf8_cp_width(utf8_decode(&q));
			assert_int_equal(utf8_width(s, n), want);
		}
	}
}

/* Issue 47: a file name is shown with every byte a terminal would act on, or that is not UTF-8, as \\xNN. */
static void test_shown(void **state)
{
	char out[64];

	(void)state;
	utf8_shown("a\033[31m\xc2\x9b\xff\x7f caf\xc3\xa9 \xef\xbf\xbd", out, sizeof(out));
	assert_string_equal(out, "a\\x1b[31m\\xc2\\x9b\\xff\\x7f caf\xc3\xa9 \xef\xbf\xbd");
	utf8_shown("\033\033\033\033", out, 8); /* cut at a whole escape, always ended */
	assert_string_equal(out, "\\x1b");
	assert_true(utf8_unsafe("\t", '\t'));
	assert_false(utf8_unsafe("\xef\xbf\xbd", 0xfffd));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shown), cmocka_unit_test(test_round_trip), cmocka_unit_test(test_known_bytes), cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_width),          cmocka_unit_test(test_width_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
