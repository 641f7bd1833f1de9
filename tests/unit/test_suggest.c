/* core/suggest.c: the nearest name to a mistyped one, and only a near one. */
#include "testutil.h"

#include <string.h>

#include "../../core/suggest.h"

static const char *nearest(const char *word, const char *const *names)
{
	static char buf[128];
	struct suggest s;

	suggest_init(&s, word);
	for (int i = 0; names[i]; i++)
		suggest_offer(&s, names[i]);
	return suggest_text(&s, buf, sizeof(buf));
}

static void test_slips(void **state)
{
	static const char *const names[] = { "set", "get", "show", "sweep", "plot", "where", "tradeoff", "vmpressure",
					     "memcg_charge", "cpus", "ram", NULL };

	(void)state;
	assert_string_equal(nearest("shwo", names), ": did you mean 'show'?");   /* two letters swapped */
	assert_string_equal(nearest("swep", names), ": did you mean 'sweep'?");  /* one missing */
	assert_string_equal(nearest("tradeof", names), ": did you mean 'tradeoff'?");
	assert_string_equal(nearest("cpu", names), ": did you mean 'cpus'?");
	assert_string_equal(nearest("vmpress", names), ": did you mean 'vmpressure'?"); /* a beginning */
	assert_string_equal(nearest("memcg", names), ": did you mean 'memcg_charge'?");
	assert_string_equal(nearest("SHOW", names), ": did you mean 'show'?");   /* case aside */
	/* the nearest wins: "set" is one edit from "sat", "get" too - the first offered stays */
	assert_string_equal(nearest("sat", names), ": did you mean 'set'?");
}

static void test_nothing_near(void **state)
{
	static const char *const names[] = { "show", "sweep", "cpus", NULL };

	(void)state;
	/* too far for a typo: nothing is offered */
	assert_string_equal(nearest("zzzz", names), "");
	assert_string_equal(nearest("plotting", names), "");
	assert_string_equal(nearest("", names), "");
	/* a short word allows one slip only */
	assert_string_equal(nearest("sh", names), "");
	/* the name itself is no suggestion */
	assert_string_equal(nearest("show", names), "");
	/* a word longer than the distance table is compared on its beginning, never read past */
	{
		char longw[300];

		memset(longw, 'a', sizeof(longw) - 1);
		longw[sizeof(longw) - 1] = '\0';
		assert_string_equal(nearest(longw, names), "");
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slips),
		cmocka_unit_test(test_nothing_near),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
