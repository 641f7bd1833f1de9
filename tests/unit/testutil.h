/* Shared by the cmocka unit tests: build a machine the way a user would type it. */
#ifndef BL_TESTUTIL_H
#define BL_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../core/mm/kernel.h"
#include "../../core/patch.h"
#include "../../core/params.h"

/*
 * A random property test's trial count, and its "so many checked" floors with it. The sanitizer
 * builds (asan-run) are there for memory and undefined-behaviour errors, which the first trials
 * already take through every path; each value is held over all the trials in the plain build.
 * Under ASan a test takes the same first quarter of its trials: make check's budget is in minutes,
 * and ASan runs these five to ten times slower.
 */
#if defined(__SANITIZE_ADDRESS__)
#define BL_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BL_SANITIZED 1
#endif
#endif
#ifndef BL_SANITIZED
#define BL_SANITIZED 0
#endif
#define TRIALS(n) (BL_SANITIZED ? (n) / 4 : (n))

/* The floor of x's square root by bisection: the tests' own, beside the kernel's int_sqrt() core writes. */
static inline uint64_t ref_isqrt(uint64_t x)
{
	uint64_t lo = 0, hi = 4294967295ull;

	while (lo < hi) {
		uint64_t mid = lo + (hi - lo + 1) / 2;

		if (mid * mid <= x)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* Default machine, then "key value key value ..." applied through the parameter table. */
static inline struct machine machine_with(const char *settings)
{
	struct machine m;
	char buf[512], *save = NULL, *key, *value, err[256];

	machine_defaults(&m);
	snprintf(buf, sizeof(buf), "%s", settings);
	for (key = strtok_r(buf, " ", &save); key; key = strtok_r(NULL, " ", &save)) {
		const struct param *p = param_find(key);

		value = strtok_r(NULL, " ", &save);
		assert_non_null(p);
		assert_non_null(value);
		if (param_set(&m, p, value, err, sizeof(err))) {
			fprintf(stderr, "machine_with: %s\n", err);
			fail();
		}
	}
	return m;
}

/* PATCH.METRIC[.SIDE] on m; a name that does not parse fails the test. */
static inline struct value metric_value(const struct machine *m, const char *name)
{
	struct metric_ref ref;
	char err[256];

	if (metric_parse_m(m, name, &ref, err, sizeof(err))) {
		fprintf(stderr, "%s: %s\n", name, err);
		fail();
	}
	return metric_eval(m, &ref, ref.side);
}

/* ... which must be an integer. */
static inline uint64_t metric_u64(const struct machine *m, const char *name)
{
	struct value v = metric_value(m, name);

	assert_int_equal(v.kind, VAL_INT);
	return v.i;
}

static inline double metric_double(const struct machine *m, const char *name)
{
	return value_real(metric_value(m, name));
}

/* Does the explanation of PATCH.METRIC[.SIDE] on m contain needle? */
static inline int metric_explains(const struct machine *m, const char *name, const char *needle)
{
	struct metric_ref ref;
	struct strbuf sb = STRBUF_INIT;
	char err[256];
	int found;

	if (metric_parse(name, &ref, err, sizeof(err))) {
		fprintf(stderr, "%s: %s\n", name, err);
		fail();
	}
	ref.metric->fn(m, ref.metric, ref.side < 0 ? 0 : ref.side, &sb);
	found = strstr(sb_str(&sb), needle) != NULL;
	sb_free(&sb);
	return found;
}

/*
 * A copy of m's patch set that m now points to, for a test to add or delete
 * variants in (a front end makes a new set the same way, lang/patchreg.h).
 * Copies are kept on a list to the end of the test program.
 */
struct test_set {
	struct test_set *next;
	struct patch_set set;
};

static inline struct patch_set *test_set(struct machine *m)
{
	static struct test_set *kept;
	struct test_set *t = malloc(sizeof(*t));

	assert_non_null(t);
	patch_set_copy(&t->set, m->set);
	t->next = kept;
	kept = t;
	m->set = &t->set;
	return &t->set;
}

#endif
