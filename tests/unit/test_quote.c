/*
 * Quoting, one function per consumer (lang/out/quote.h, and csv_field() and
 * json_string() in records.h): every writer fed hostile names - ';', '#',
 * quotes, $( ), backquotes, line breaks, escape sequences, C1 controls,
 * bytes that are not UTF-8 - and each read back by its consumer: batchlab's
 * own scanner, a POSIX sh (run in a folder of its own, where a $( ) that
 * ran would leave a file), a CSV reader, a JSON reader; markdown and SVG
 * hold no raw markup and no raw control byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "jsoncheck.h"

#include "../../core/utf8.h"
#include "../../lang/out/quote.h"
#include "../../lang/out/records.h"
#include "../../lang/scan.h"

static const char *const hostile[] = {
	"plain", "", " lead", "trail ", "a;b", ";", "#x", "a#b", "\"", "'", "'\"'", "a\"b'c", "$(touch pwned)",
	"`touch pwned`", "${HOME}", "a\\b", "\\", "a\nb", "\n", "a\rb", "\033[31mred\033[0m", "\033]0;title\007",
	"\302\23331m", "\x9b", "\xff\xfe", "tab\there", "|pipe|", "<script>alert(1)</script>", "&amp;", "```",
	"*bold* _it_ [l](x)", "caf\xc3\xa9", "zero\xe2\x80\x8bwidth", "x.mmpatch;echo INJECTED > pwn.txt;#.mmpatch",
	"~/x", "a b  c", "-P", "--", "%s%n", "\x7f",
};
#define NHOSTILE (sizeof(hostile) / sizeof(hostile[0]))

/* Any byte a terminal would act on: C0 but tab and line break, DEL, a C1 control (raw, or UTF-8 encoded). */
static int raw_control(const char *s)
{
	for (const char *p = s; *p;) {
		uint32_t cp = utf8_decode(&p);

		if ((cp < 0x20 && cp != '\t' && cp != '\n') || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f))
			return 1;
	}
	return 0;
}

/* Valid UTF-8 throughout (a U+FFFD only where one is written). */
static int valid_utf8(const char *s)
{
	for (const char *p = s; *p;) {
		const char *at = p;

		if (utf8_decode(&p) == 0xfffd && strncmp(at, "\xEF\xBF\xBD", 3))
			return 0;
	}
	return 1;
}

static void test_cmd_word(void **state)
{
	(void)state;
	for (size_t i = 0; i < NHOSTILE; i++) {
		struct strbuf q = STRBUF_INIT;
		char *argv[8], err[200];

		if (strpbrk(hostile[i], "\n\r")) { /* a line break ends every command: no word holds one */
			assert_int_equal(quote_cmd(&q, hostile[i]), -1);
			assert_int_equal(q.len, 0);
			continue;
		}
		assert_int_equal(quote_cmd(&q, "echo"), 0);
		sb_putc(&q, ' ');
		assert_int_equal(quote_cmd(&q, hostile[i]), 0);
		{ /* the scanner sees one command, and its second word is the name */
			struct scanner sc;
			struct scan_cmd c;
			char *cmd;

			scan_init(&sc, sb_str(&q), q.len);
			assert_int_equal(scan_next(&sc, &c), 1);
			assert_int_equal(c.len, q.len);
			cmd = strndup(sb_str(&q) + c.start, c.len);
			if (scan_words(cmd, argv, 8, err, sizeof(err)) != 2 || strcmp(argv[1], hostile[i])) {
				fprintf(stderr, "quote_cmd: '%s' read back otherwise from [%s]\n", hostile[i], sb_str(&q));
				fail();
			}
			assert_int_equal(scan_next(&sc, &c), 0);
			free(cmd);
		}
		sb_free(&q);
	}
}

/* sh -c 'printf %s WORD' in a folder of its own: the bytes back, and no file made. */
static void test_sh_word(void **state)
{
	char dir[] = "/tmp/bl-quote-XXXXXX", cwd[4096];

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(dir), 0);
	for (size_t i = 0; i < NHOSTILE; i++) {
		for (int inside = 0; inside < 2; inside++) {
			struct strbuf q = STRBUF_INIT, cmd = STRBUF_INIT;
			char got[256];
			size_t n;
			FILE *p;

			if (inside) { /* the -c '...' form: the word inside quotes the caller opened and closes */
				sb_putc(&q, '\'');
				quote_sh_inside(&q, hostile[i]);
				sb_putc(&q, '\'');
			} else {
				quote_sh(&q, hostile[i]);
			}
			assert_false(raw_control(sb_str(&q)));
			sb_puts(&cmd, "printf %s ");
			sb_puts(&cmd, sb_str(&q));
			/* the whole command through a file: no second round of quoting in the test itself */
			{
				FILE *f = fopen("cmd.sh", "w");

				assert_non_null(f);
				fputs(sb_str(&cmd), f);
				fclose(f);
			}
			p = popen("sh cmd.sh", "r");
			assert_non_null(p);
			n = fread(got, 1, sizeof(got) - 1, p);
			got[n] = '\0';
			assert_int_equal(pclose(p), 0);
			if (n != strlen(hostile[i]) || memcmp(got, hostile[i], n)) {
				fprintf(stderr, "quote_sh%s: '%s' came back as '%s' from [%s]\n", inside ? "_inside" : "",
					hostile[i], got, sb_str(&q));
				fail();
			}
			sb_free(&q);
			sb_free(&cmd);
		}
	}
	unlink("cmd.sh");
	assert_int_equal(access("pwned", F_OK), -1);
	assert_int_equal(access("pwn.txt", F_OK), -1);
	assert_int_equal(chdir(cwd), 0);
	assert_int_equal(rmdir(dir), 0);
}

/* RFC 4180 read back: one field, the bytes as they were. */
static void test_csv(void **state)
{
	(void)state;
	for (size_t i = 0; i < NHOSTILE; i++) {
		struct strbuf q = STRBUF_INIT, back = STRBUF_INIT;
		const char *p;

		csv_field(&q, hostile[i]);
		p = sb_str(&q);
		if (*p == '"') {
			for (p++; *p; p++) {
				if (*p == '"' && p[1] == '"')
					sb_putc(&back, *p++);
				else if (*p == '"')
					break;
				else
					sb_putc(&back, *p);
			}
			assert_int_equal(*p, '"');
			assert_int_equal(p[1], '\0');
		} else {
			assert_null(strpbrk(p, ",\"\n\r"));
			sb_puts(&back, p);
		}
		assert_string_equal(sb_str(&back), hostile[i]);
		sb_free(&q);
		sb_free(&back);
	}
}

/* Valid JSON with no raw control byte; valid UTF-8 comes back unchanged through a decoder. */
static void test_json(void **state)
{
	(void)state;
	for (size_t i = 0; i < NHOSTILE; i++) {
		struct strbuf q = STRBUF_INIT;

		json_string(&q, hostile[i]);
		assert_true(json_valid(sb_str(&q)));
		assert_false(raw_control(sb_str(&q)));
		assert_true(valid_utf8(sb_str(&q)));
		sb_free(&q);
	}
}

static void test_markdown(void **state)
{
	(void)state;
	for (size_t i = 0; i < NHOSTILE; i++) {
		struct strbuf t = STRBUF_INIT, c = STRBUF_INIT;
		char fence[64];
		int k;

		quote_md(&t, hostile[i]);
		quote_md_cell(&c, hostile[i]);
		for (struct strbuf *b = &t; b; b = b == &t ? &c : NULL) {
			const char *s = sb_str(b);

			assert_false(raw_control(s));
			assert_true(valid_utf8(s));
			assert_null(strpbrk(s, "<\n\r")); /* no raw HTML, no line break */
			for (const char *p = s; *p; p++) /* every `, *, _, [ escaped; & only as an entity */
				if (strchr("`*_[", *p) || (b == &c && *p == '|'))
					assert_true(p > s && p[-1] == '\\');
		}
		k = quote_md_fence(hostile[i]);
		memset(fence, '`', (size_t)k);
		fence[k] = '\0';
		assert_true(k >= 3);
		assert_null(strstr(hostile[i], fence));
		sb_free(&t);
		sb_free(&c);
	}
}

static void test_xml(void **state)
{
	(void)state;
	for (size_t i = 0; i < NHOSTILE; i++) {
		struct strbuf q = STRBUF_INIT;

		quote_xml(&q, hostile[i]);
		assert_null(strpbrk(sb_str(&q), "<>\""));
		for (const char *p = strchr(sb_str(&q), '&'); p; p = strchr(p + 1, '&'))
			assert_true(!strncmp(p, "&amp;", 5) || !strncmp(p, "&lt;", 4) || !strncmp(p, "&gt;", 4) ||
				    !strncmp(p, "&quot;", 6));
		assert_false(raw_control(sb_str(&q)));
		assert_null(strchr(sb_str(&q), '\n'));
		assert_true(valid_utf8(sb_str(&q)));
		sb_free(&q);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cmd_word), cmocka_unit_test(test_sh_word), cmocka_unit_test(test_csv),
		cmocka_unit_test(test_json),     cmocka_unit_test(test_markdown), cmocka_unit_test(test_xml),
	};

	return cmocka_run_group_tests_name("quote", tests, NULL, NULL);
}
