/*
 * The one scanner of the command language (lang/scan.c): what -c, -f, stdin,
 * the prompt, the explorer's command line and completion all cut text with.
 * Each case is a text and the commands a person reading it sees.
 */
#include "testutil.h"

#include "../../lang/scan.h"
#include "../../lang/out/escape.h"
#include "../../lang/out/records.h"

/* The commands of text, as "LINE:NUMBER:text|" each, the text without separators or comments. */
static const char *commands_of(const char *text)
{
	static char buf[1024];
	struct scanner sc;
	struct scan_cmd c;
	size_t n = 0;

	buf[0] = '\0';
	scan_init(&sc, text, strlen(text));
	while (scan_next(&sc, &c))
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%u:%u:%.*s|", c.line, c.number, (int)c.len, text + c.start);
	return buf;
}

static void test_commands_and_comments(void **state)
{
	(void)state;
	/* the -c bug: a comment ends at its line's end, not at the text's */
	assert_string_equal(commands_of("# note\nget cpus"), "2:1:get cpus|");
	assert_string_equal(commands_of("set cpus 4 # four\nget cpus; get ram"), "1:1:set cpus 4 |2:2:get cpus|2:3: get ram|");
	assert_string_equal(commands_of("a;b\nc"), "1:1:a|1:2:b|2:3:c|");
	/* blank commands are not counted */
	assert_string_equal(commands_of(";; \n\n a ;"), "3:1: a |");
	assert_string_equal(commands_of(""), "");
	assert_string_equal(commands_of("# only\n# comments"), "");
	/* inside quotes ';' and '#' are text; a newline still ends the command */
	assert_string_equal(commands_of("preset save 'a;b#c'; get cpus"), "1:1:preset save 'a;b#c'|1:2: get cpus|");
	assert_string_equal(commands_of("set x \"open\nget cpus"), "1:1:set x \"open|2:2:get cpus|");
	/* CRLF: the CR is a blank */
	assert_string_equal(commands_of("get cpus\r\nget ram\r\n"), "1:1:get cpus\r|2:2:get ram\r|");
	assert_int_equal(scan_count("a; b # c; d\n e", 14), 3);
}

static void test_locate(void **state)
{
	size_t start, len;

	(void)state;
	assert_int_equal(scan_locate("set cpus 8; get c", 17, &start, &len), 0);
	assert_int_equal(start, 11);
	assert_int_equal(len, 6);
	assert_int_equal(scan_locate("set cpus 8;", 11, &start, &len), 0);
	assert_int_equal(start, 11);
	assert_int_equal(len, 0);
	assert_int_equal(scan_locate("get cpus # a comm", 17, &start, &len), -1);
	assert_int_equal(scan_locate("# c\nget r", 9, &start, &len), 0);
	assert_int_equal(start, 4);
	assert_int_equal(scan_locate("save '#x", 8, &start, &len), 0);
	assert_int_equal(start, 0);
	assert_int_equal(scan_locate("", 0, &start, &len), 0);
	assert_int_equal(start, 0);
}

static void test_words(void **state)
{
	char line[] = "  set 'a b'  \"c;d\" e ", bad[] = "say 'open", *argv[8], err[128];

	(void)state;
	assert_int_equal(scan_words(line, argv, 8, err, sizeof(err)), 4);
	assert_string_equal(argv[0], "set");
	assert_string_equal(argv[1], "a b");
	assert_string_equal(argv[2], "c;d");
	assert_string_equal(argv[3], "e");
	assert_int_equal(scan_words(bad, argv, 8, err, sizeof(err)), -1);
	assert_string_equal(err, "unterminated quote '");
	assert_int_equal(scan_bom("\xEF\xBB\xBFget", 6), 3);
	assert_int_equal(scan_bom("get", 3), 0);
}

/*
 * Issue 21.2: '#' is a comment only at a word's start, as in sh; 21.13: a
 * quote inside a word is read one way by both passes.
 */
static void test_hash_in_word(void **state)
{
	char line[] = "sweep cpus 1 2 committed_as.batch > hash#1.csv", q[] = "get cpus\"; get ram\"", *argv[8], err[128];

	(void)state;
	assert_string_equal(commands_of("preset save ./c#1.preset"), "1:1:preset save ./c#1.preset|");
	assert_string_equal(commands_of("get cpus#1 #c\nget ram"), "1:1:get cpus#1 |2:2:get ram|");
	assert_string_equal(commands_of("#c\n\t#d\nx"), "3:1:x|");
	assert_string_equal(commands_of("a 'b'#c; d"), "1:1:a 'b'#c|1:2: d|");
	assert_int_equal(scan_words(line, argv, 8, err, sizeof(err)), 7);
	assert_string_equal(argv[6], "hash#1.csv");
	assert_string_equal(commands_of(q), "1:1:get cpus\"; get ram\"|");
	assert_int_equal(scan_words(q, argv, 8, err, sizeof(err)), 2);
	assert_string_equal(argv[1], "cpus; get ram");
}

/*
 * The two passes against a reader written apart from them, sh's rules in one
 * loop: every text of up to 6 characters over a, blank, ';', '#' and both
 * quotes, as "word,word|" per command ("E|" for an unterminated quote).
 */
static void reference(const char *t, char *out)
{
	char word[16];
	size_t wl = 0;
	int started = 0, nwords = 0, quote = 0;
	size_t cmd = 0; /* where the command's words start in out */

	*out = '\0';
	for (;; t++) {
		if (quote && *t && *t != quote) {
			word[wl++] = *t;
			continue;
		}
		if (quote && *t == quote) {
			quote = 0;
			continue;
		}
		if (quote) { /* the end inside a quote: the command is an error */
			strcpy(out + cmd, "E|");
			return;
		}
		if (*t == '\'' && started && t[-1] == 'a' && t[1] == 'a') { /* an apostrophe: the seed's */
			word[wl++] = *t;
			continue;
		}
		if (*t == '"' || *t == '\'') {
			quote = *t;
			started = 1;
			continue;
		}
		if (*t == 'a' || (*t == '#' && started)) {
			word[wl++] = *t;
			started = 1;
			continue;
		}
		if (started) {
			word[wl] = '\0';
			sprintf(out + strlen(out), "%s%s", nwords++ ? "," : "", word);
			wl = 0;
			started = 0;
		}
		if ((*t == ';' || !*t || *t == '#') && nwords) {
			strcat(out, "|");
			nwords = 0;
			cmd = strlen(out);
		}
		if (!*t || *t == '#')
			return;
	}
}

static void passes(const char *t, char *out)
{
	struct scanner sc;
	struct scan_cmd c;

	*out = '\0';
	scan_init(&sc, t, strlen(t));
	while (scan_next(&sc, &c)) {
		char cmd[16], *argv[8], err[64];
		int n;

		memcpy(cmd, t + c.start, c.len);
		cmd[c.len] = '\0';
		n = scan_words(cmd, argv, 8, err, sizeof(err));
		if (n < 0) {
			strcat(out, "E|");
			continue;
		}
		for (int i = 0; i < n; i++)
			sprintf(out + strlen(out), "%s%s", i ? "," : "", argv[i]);
		if (n)
			strcat(out, "|");
	}
}

static void test_passes_agree(void **state)
{
	static const char alphabet[] = "a ;#\"'";
	char t[8], want[128], got[128];
	unsigned total = 1;

	(void)state;
	for (int len = 0; len <= 6; len++, total *= 6)
		for (unsigned k = 0; k < total; k++) {
			unsigned x = k;

			for (int i = 0; i < len; i++, x /= 6)
				t[i] = alphabet[x % 6];
			t[len] = '\0';
			reference(t, want);
			passes(t, got);
			if (strcmp(want, got))
				fail_msg("[%s]: sh reads %s, batchlab %s", t, want, got);
		}
}

static void test_escape(void **state)
{
	char buf[128];
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	/* ESC, a C1 CSI (U+009B), an invalid byte, a lone continuation byte; UTF-8 text passes */
	escape_buf("a\x1b[31m\xc2\x9b\xff\x80 é", buf, sizeof(buf));
	assert_string_equal(buf, "a\\x1b[31m\\u009b\\xff\\x80 é");
	/* issue 21.13: what prints as nothing - a BOM, a zero-width space, a soft hyphen - is shown */
	escape_buf("\xef\xbb\xbf" "cp\xe2\x80\x8bus\xc2\xad", buf, sizeof(buf));
	assert_string_equal(buf, "\\ufeffcp\\u200bus\\u00ad");
	escape_buf("tab\there\x7f", buf, sizeof(buf));
	assert_string_equal(buf, "tab\\x09here\\x7f");
	/* an overlong encoding of '/' is not UTF-8 */
	escape_buf("\xc0\xaf", buf, sizeof(buf));
	assert_string_equal(buf, "\\xc0\\xaf");
	json_string(&sb, "q\"\\\x01\xc2\x85\xff");
	assert_string_equal(sb_str(&sb), "\"q\\\"\\\\\\u0001\\u0085\\ufffd\"");
	sb_free(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_commands_and_comments),
		cmocka_unit_test(test_locate),
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_hash_in_word),
		cmocka_unit_test(test_passes_agree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
