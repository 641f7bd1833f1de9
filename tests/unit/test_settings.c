/*
 * The settings file (lang/settings.c): settings_save changes the value on the
 * line that gives the theme and keeps every other byte (comments, unknown
 * keys, blank lines, CRLF, a byte-order mark, a last line with no newline);
 * a file with no theme line gets one added; a file it cannot read whole is
 * left as it is; settings_load warns of a value it cannot take (issue 34).
 * XDG_CONFIG_HOME is a folder of the test's own.
 */
#include "testutil.h"

#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../lang/session.h"
#include "../../lang/settings.h"

static char root[64], file[PATH_MAX + 16];

static void put(const char *text, size_t len)
{
	FILE *f = fopen(file, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* The file's bytes, NUL-terminated; *len its length. */
static char *slurp(size_t *len)
{
	static char buf[4096];
	FILE *f = fopen(file, "rb");

	assert_non_null(f);
	*len = fread(buf, 1, sizeof(buf) - 1, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

/* The file holding before, saved with the theme set to theme, holds after. */
static void saved_as(const char *before, size_t blen, const char *theme, const char *after, size_t alen)
{
	struct session s;
	char err[512];
	size_t len;
	const char *got;

	session_init(&s);
	assert_int_equal(setting_find("theme")->set(&s, theme, err, sizeof(err)), 0);
	put(before, blen);
	if (settings_save(&s, err, sizeof(err))) {
		fprintf(stderr, "settings_save: %s\n", err);
		fail();
	}
	got = slurp(&len);
	if (len != alen || memcmp(got, after, alen)) {
		fprintf(stderr, "want [%.*s]\ngot  [%.*s]\n", (int)alen, after, (int)len, got);
		fail();
	}
}
#define SAVED(before, theme, after) saved_as(before, sizeof(before) - 1, theme, after, sizeof(after) - 1)

static void test_one_line_changes(void **state)
{
	(void)state;
	SAVED("# mine\n\ntheme = mono\nfuture_key = 7\n", "light", "# mine\n\ntheme = light\nfuture_key = 7\n");
	/* its spacing and a comment after the value stay */
	SAVED("  theme=mono   # old\n", "projector", "  theme=projector   # old\n");
	/* CRLF lines, and a last line with no newline */
	SAVED("# a\r\ntheme = mono\r\nx = 1", "light", "# a\r\ntheme = light\r\nx = 1");
	/* a byte-order mark stays */
	SAVED("\xEF\xBB\xBFtheme = mono\n", "light", "\xEF\xBB\xBFtheme = light\n");
	/* named twice: the last is the one settings_load keeps, and the one changed */
	SAVED("theme = mono\ntheme = light\n", "default", "theme = mono\ntheme = default\n");
	/* a longer name is not the theme's */
	SAVED("themes = mono\n", "light", "themes = mono\ntheme = light\n");
}

static void test_line_added(void **state)
{
	(void)state;
	SAVED("# nothing set\nunknown = 1\n", "mono", "# nothing set\nunknown = 1\ntheme = mono\n");
	SAVED("unknown = 1", "mono", "unknown = 1\ntheme = mono\n");
	SAVED("", "light", "theme = light\n");
}

static void test_new_file(void **state)
{
	struct session s;
	char err[512];
	size_t len;

	(void)state;
	unlink(file);
	session_init(&s);
	assert_int_equal(setting_find("theme")->set(&s, "mono", err, sizeof(err)), 0);
	assert_int_equal(settings_save(&s, err, sizeof(err)), 0);
	assert_non_null(strstr(slurp(&len), "\ntheme = mono\n"));
	session_end(&s);
}

/* A file it cannot read whole (binary, too large) is the user's: refused with a message, untouched. */
static void test_unreadable_kept(void **state)
{
	static char big[70 * 1024];
	const char bin[] = "theme = mono\n\0\x01\x02";
	struct session s;
	char err[512];
	size_t len;

	(void)state;
	session_init(&s);
	put(bin, sizeof(bin) - 1);
	assert_int_equal(settings_save(&s, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "left as it is"));
	assert_int_equal(memcmp(slurp(&len), bin, sizeof(bin) - 1), 0);
	assert_int_equal(len, sizeof(bin) - 1);
	memset(big, '#', sizeof(big));
	put(big, sizeof(big));
	assert_int_equal(settings_save(&s, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "left as it is"));
	session_end(&s);
}

static void test_bad_value_warns(void **state)
{
	struct session s;
	struct strbuf warn = STRBUF_INIT;

	(void)state;
	put("theme = light\ntheme = bogus\x1b[2J\n", 33);
	session_init(&s);
	settings_load(&s, &warn);
	assert_int_equal(s.theme, THEME_LIGHT); /* the line before it stands */
	assert_non_null(strstr(sb_str(&warn), "config:2: theme: 'bogus"));
	assert_non_null(strstr(sb_str(&warn), "light kept"));
	assert_null(strchr(sb_str(&warn), '\x1b')); /* the file's bytes reach a terminal escaped */
	sb_free(&warn);
	session_end(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_line_changes),
		cmocka_unit_test(test_line_added),
		cmocka_unit_test(test_new_file),
		cmocka_unit_test(test_unreadable_kept),
		cmocka_unit_test(test_bad_value_warns),
	};
	char dir[128];
	int rc;

	snprintf(root, sizeof(root), "/tmp/test_settings.XXXXXX");
	assert_non_null(mkdtemp(root));
	setenv("XDG_CONFIG_HOME", root, 1);
	snprintf(dir, sizeof(dir), "%s/batchlab", root);
	mkdir(dir, 0755);
	snprintf(file, sizeof(file), "%s/config", dir);
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	unlink(file);
	rmdir(dir);
	rmdir(root);
	return rc;
}
