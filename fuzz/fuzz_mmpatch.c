/*
 * libFuzzer target: arbitrary bytes as a patch file (core/mmpatch.c). Beyond
 * "no crash": a refused file says so in one line that starts with the file's
 * name; an accepted one evaluates every metric on every side (the kernel
 * side of its release rows too, and the constant set as a trade-off's knob)
 * on extreme machines without trapping, and the explained run gives the fast
 * one's value, a real metric's bit for bit.
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

static int same(struct value a, struct value b)
{
	if (a.kind != b.kind)
		return 0;
	if (a.kind == VAL_INT)
		return a.i == b.i;
	return a.kind != VAL_REAL || !memcmp(&a.r, &b.r, sizeof(a.r));
}

static void evaluate(const struct mmpatch *p, const struct machine *m)
{
	static const uint64_t knobs[] = { 0, 1, 4096, UINT64_MAX };

	for (int j = 0; j < p->nmetrics; j++) {
		for (int s = 0; s <= p->nsides; s++) {
			int side = s < p->nsides ? s : SIDE_KERNEL; /* n/a there without release rows */
			struct strbuf why = STRBUF_INIT;
			struct value fast = mmpatch_metric(p, j, m, side, NULL), slow = mmpatch_metric(p, j, m, side, &why);

			if (!same(fast, slow))
				fail("the explained run disagrees with the fast one");
			if (side == SIDE_KERNEL && !p->nrel && fast.kind != VAL_NONE)
				fail("a kernel side without release rows");
			sb_free(&why);
		}
		for (size_t k = 0; k < sizeof(knobs) / sizeof(knobs[0]); k++)
			if (!j && mmpatch_metric_at(p, 0, m, knobs[k]).i != knobs[k])
				fail("the constant set as the knob reads back another value");
			else if (j)
				(void)mmpatch_metric_at(p, j, m, knobs[k]);
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
				m.kernel = (uint64_t)(a ? release_count() - 1 : 0); /* the oldest and the newest release */
				evaluate(p, &m);
			}
	free(p);
	return 0;
}
