/*
 * libFuzzer target: arbitrary bytes as a variant expression, through core's
 * compiler and evaluator (core/expr.c). Beyond "no crash": a rejected text
 * leaves the program untouched and says why in one line; an accepted one
 * evaluates on extreme machines (every name 0, 1, or UINT64_MAX) without
 * trapping, and the explained run gives the same answer as the fast one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/expr.h"
#include "../core/strbuf.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const names[] = { "cpus", "ram", "totalram", "pagesize", "page_shift", "overcommit",
				     "guess", "always", "never", "remaining", "mem128m", NULL };
#define NNAMES (sizeof(names) / sizeof(names[0]) - 1)

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static void fail(const char *what, const char *text)
{
	fprintf(stderr, "fuzz_expr: %s: '%s'\n", what, text);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint64_t fills[] = { 0, 1, 8, 4096, UINT64_MAX };
	char *text = malloc(size + 1);
	struct expr e, keep;
	char err[256];

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	memset(&e, 0x5a, sizeof(e));
	keep = e;
	err[0] = '\0';
	if (expr_compile(&e, text, names, err, sizeof(err))) {
		if (memcmp(&e, &keep, sizeof(e)))
			fail("a rejected expression changed the program", text);
		if (!*err || strchr(err, '\n'))
			fail("a rejection without a one-line reason", text);
		free(text);
		return 0;
	}
	if (e.nops < 1 || e.nops > EXPR_MAX_OPS)
		fail("an accepted expression with no steps or too many", text);
	for (size_t f = 0; f < sizeof(fills) / sizeof(fills[0]); f++) {
		uint64_t vals[NNAMES], fast = 0, slow = 0;
		const char *why1 = NULL, *why2 = NULL;
		struct strbuf trace = STRBUF_INIT;
		int r1, r2;

		for (size_t i = 0; i < NNAMES; i++)
			vals[i] = fills[f] + (fills[f] < 8 ? i : 0);
		r1 = expr_eval(&e, names, vals, &fast, &why1, NULL);
		r2 = expr_eval(&e, names, vals, &slow, &why2, &trace);
		if (r1 != r2 || (!r1 && fast != slow) || (r1 && (!why1 || strcmp(why1, why2))))
			fail("the explained run disagrees with the fast one", text);
		for (int k = 0; k < 3; k++) {
			/* bound and folded (a sweep's program): the same value, or the same reason */
			static const uint64_t masks[] = { 0, ~1ull, ~0ull };
			struct expr b = e;
			const char *why3 = NULL;
			uint64_t bound = 0;
			int r3;

			expr_bind(&b, masks[k], vals);
			r3 = expr_eval(&b, names, vals, &bound, &why3, NULL);
			if (r3 != r2 || (!r3 && bound != slow) || (r3 && (!why3 || strcmp(why3, why2))))
				fail("the bound, folded program disagrees with the explained run", text);
			/* and in the register form a sweep row runs */
			{
				struct expr_code c;
				const char *why4 = NULL;
				uint64_t reg = 0;
				int r4;

				if (expr_code_make(&c, &b))
					fail("no register form for a bound program", text);
				r4 = expr_code_run(&c, vals, &reg, &why4);
				if (r4 != r2 || (!r4 && reg != slow) || (r4 && (!why4 || strcmp(why4, why2))))
					fail("the register form disagrees with the explained run", text);
			}
		}
		sb_free(&trace);
	}
	free(text);
	return 0;
}
