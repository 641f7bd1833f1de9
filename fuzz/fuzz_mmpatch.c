/*
 * libFuzzer target: arbitrary bytes as a patch file (core/mmpatch.c). Beyond
 * "no crash": a refused file says so in one line that starts with the file's
 * name; an accepted one evaluates every metric on every side on extreme
 * machines without trapping, and the explained run gives the fast one's value.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/mmpatch.h"
#include "../core/params.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_mmpatch: %s\n", what);
	abort();
}

static void evaluate(const struct mmpatch *p, const struct machine *m)
{
	for (int j = 0; j < p->nmetrics; j++)
		for (int side = 0; side < p->nsides; side++) {
			struct strbuf why = STRBUF_INIT;
			struct value fast = mmpatch_metric(p, j, m, side, NULL), slow = mmpatch_metric(p, j, m, side, &why);

			if (fast.kind != slow.kind || (fast.kind == VAL_INT && fast.i != slow.i))
				fail("the explained run disagrees with the fast one");
			sb_free(&why);
		}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint64_t cpus[] = { 1, 65536 }, totalram[] = { 0, 1, UINT64_MAX / 4096 }, pages[] = { 4096, 65536 };
	struct mmpatch *p = malloc(sizeof(*p));
	char err[512];

	if (!p)
		return 0;
	err[0] = '\0';
	if (mmpatch_parse(p, "fuzz.mmpatch", (const char *)data, size, 0, err, sizeof(err))) {
		if (strncmp(err, "fuzz.mmpatch:", 13) || strchr(err, '\n'))
			fail("a refusal that is not one line naming the file");
		free(p);
		return 0;
	}
	if (p->nsides < 2 || p->nmetrics < 1 || p->nmetrics > MMP_METRICS)
		fail("an accepted file without its two sides or its constant");
	for (size_t a = 0; a < 2; a++)
		for (size_t b = 0; b < 3; b++)
			for (size_t c = 0; c < 2; c++) {
				struct machine m;

				machine_defaults(&m);
				m.cpus = cpus[a];
				m.totalram = totalram[b];
				m.pagesize = pages[c];
				m.ram = UINT64_MAX / 2;
				evaluate(p, &m);
			}
	free(p);
	return 0;
}
