/*
 * libFuzzer target: arbitrary bytes as a unified diff (core/diffread.c).
 * Beyond "no crash": every finding is one printable line (no control
 * character, nothing that is not UTF-8); a mapped one's
 * expression compiles as a variant of its patch and evaluates on the default
 * machine without trapping.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/diffread.h"
#include "../core/params.h"
#include "../core/utf8.h"
#include "../core/variant.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static void fail(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz_diff: %s: %s\n", what, detail);
	abort();
}

static void printable(const char *s)
{
	for (const char *c = s; *c;) {
		const char *at = c;
		uint32_t cp = utf8_decode(&c);

		if ((cp < 0x20 && cp != '\t') || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f) ||
		    (cp == 0xfffd && strncmp(at, "\xEF\xBF\xBD", 3)))
			fail("a finding with a control character or a byte that is not UTF-8", s);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diff_read *r = malloc(sizeof(*r));
	struct machine *m = malloc(sizeof(*m));
	struct patch_set *ps = malloc(sizeof(*ps));
	char err[512];

	if (!r || !m || !ps) {
		free(r);
		free(m);
		free(ps);
		return 0;
	}
	machine_defaults(m);
	patch_set_copy(ps, NULL);
	m->set = ps;
	if (diff_read(NULL, (const char *)data, size, r, err, sizeof(err))) {
		if (!*err || strchr(err, '\n'))
			fail("a refusal that is not one line", err);
	} else {
		for (int i = 0; i < r->n; i++) {
			const struct diff_finding *f = &r->f[i];
			char why[300];

			printable(f->what);
			printable(f->file);
			if (f->patch && variant_add(ps, f->patch, "fuzz", f->expr, why, sizeof(why)) == 0) {
				uint64_t v;
				const char *na;

				(void)variant_eval(m, f->patch, variant_find(m, f->patch, "fuzz"), NULL, &v, &na, NULL);
				(void)variant_del(ps, f->patch, "fuzz", why, sizeof(why));
			} else if (f->patch) {
				fail("a mapped change whose expression is no variant", f->expr);
			}
		}
		diff_read_free(r);
	}
	free(r);
	free(m);
	free(ps);
	return 0;
}
