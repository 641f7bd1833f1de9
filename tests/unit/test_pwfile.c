/*
 * tui/pwfile.c answers readline's password-file look-ups from /etc/passwd
 * without NSS: every entry it walks is the entry glibc's own getpwnam() and
 * getpwuid() find (this test links the shared libc, whose NSS reads the same
 * file), and a name or uid the file lacks is not found.
 */
#include <pwd.h>
#include <stdlib.h>

#include "testutil.h"

#include "../../tui/pwfile.h"

/* what the walk yields, by value: the next look-up reuses fgetpwent's storage */
struct entry {
	char name[256], dir[4096];
	uid_t uid;
};

static void test_walk_matches_libc(void **state)
{
	struct entry *e = calloc(4096, sizeof(*e));
	struct passwd *p;
	int n = 0;

	(void)state;
	assert_non_null(e);
	__wrap_setpwent();
	while (n < 4096 && (p = __wrap_getpwent())) {
		snprintf(e[n].name, sizeof(e[n].name), "%s", p->pw_name);
		snprintf(e[n].dir, sizeof(e[n].dir), "%s", p->pw_dir);
		e[n++].uid = p->pw_uid;
	}
	__wrap_endpwent();
	assert_true(n > 0); /* root at least */
	for (int i = 0; i < n; i++) {
		struct passwd *want = getpwnam(e[i].name);

		assert_non_null(want);
		assert_int_equal(want->pw_uid, e[i].uid);
		assert_string_equal(want->pw_dir, e[i].dir);
		p = __wrap_getpwnam(e[i].name);
		assert_non_null(p);
		assert_int_equal(p->pw_uid, e[i].uid);
		assert_string_equal(p->pw_dir, e[i].dir);
	}
	free(e);
}

static void test_root_by_uid(void **state)
{
	struct passwd *p;

	(void)state;
	p = __wrap_getpwuid(0);
	assert_non_null(p);
	assert_string_equal(p->pw_name, getpwuid(0)->pw_name);
	assert_string_equal(__wrap_getpwuid(0)->pw_dir, getpwuid(0)->pw_dir);
}

static void test_unknown(void **state)
{
	(void)state;
	assert_null(__wrap_getpwnam("no-such-user-batchlab"));
	assert_null(__wrap_getpwnam(""));
	assert_null(__wrap_getpwnam(NULL));
	assert_null(__wrap_getpwuid((uid_t)-2)); /* no entry has it (nobody is 65534) */
}

/* setpwent() starts the walk again from the first entry */
static void test_rewind(void **state)
{
	char first[256];

	(void)state;
	__wrap_setpwent();
	snprintf(first, sizeof(first), "%s", __wrap_getpwent()->pw_name);
	(void)__wrap_getpwent();
	__wrap_setpwent();
	assert_string_equal(__wrap_getpwent()->pw_name, first);
	__wrap_endpwent();
	/* after endpwent, getpwent starts a new walk */
	assert_string_equal(__wrap_getpwent()->pw_name, first);
	__wrap_endpwent();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_walk_matches_libc),
		cmocka_unit_test(test_root_by_uid),
		cmocka_unit_test(test_unknown),
		cmocka_unit_test(test_rewind),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
