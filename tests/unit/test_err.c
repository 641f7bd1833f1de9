/* core/err.c: the one error-return helper. */
#include "testutil.h"

#include "../../core/err.h"

static void test_err_set(void **state)
{
	char err[8];

	(void)state;
	assert_int_equal(err_set(err, sizeof(err), "bad %d", 42), -1);
	assert_string_equal(err, "bad 42");
	assert_int_equal(err_set(err, sizeof(err), "%s", "far too long"), -1);
	assert_string_equal(err, "far too"); /* cut, still terminated */
	assert_int_equal(err_set(NULL, 0, "nowhere %d", 1), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_err_set),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
