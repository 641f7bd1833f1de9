/*
 * A throwaway patch for `make check-newpatch`, which copies the tree to a
 * temporary folder, puts this file there as core/mm/throwaway.c and adds
 * PATCH(throwaway) to core/patch_list.h: one exact metric, two release rows,
 * and nothing written for the kernel side - the engine computes it from the
 * release table (patch_kernel.runs), as docs/ADDING-A-PATCH.md says.
 */
#include "../patch.h"

#include "release.h"

enum { BEFORE, AFTER };

/* before: a fixed 32; after: max(32, 2 * nr_cpus), as a batch that scales with the CPUs would be */
static struct value batch(METRIC_ARGS(m, side, why))
{
	uint64_t scaled = m->cpus * 2 > 32 ? m->cpus * 2 : 32;

	if (side == BEFORE) {
		sb_printf(why, "THROWAWAY_BATCH = 32\nkernel: throwaway_init(), mm/throwaway.c\n");
		return val_int(32);
	}
	sb_printf(why, "THROWAWAY_BATCH = max(32, 2 * nr_cpus) = max(32, 2 * %llu) = %llu\n",
		  (unsigned long long)m->cpus, (unsigned long long)scaled);
	sb_printf(why, "kernel: throwaway_init(), mm/throwaway.c (the patch)\n");
	return val_int(scaled);
}

/* A row's batch: its mode is the side whose code the release runs. */
static struct value row_batch(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	return batch(m, NULL, (int)r->mode, why);
}

static const struct release_row batch_rows[] = {
	{ "3.10", NULL, "a fixed 32", "throwaway_init(), mm/throwaway.c", "none: a throwaway's", row_batch, BEFORE },
	{ "6.1", NULL, "max(32, 2 * nr_cpus)", "throwaway_init(), mm/throwaway.c", "none: a throwaway's", row_batch,
	  AFTER },
	{ .from = NULL },
};

static const struct release_history batch_history = {
	.constant = "THROWAWAY_BATCH", .unit = "pages", .rows = batch_rows, .metric = "batch",
	.before_first = "the table starts at 3.10",
};

static const struct release_history *const histories[] = { &batch_history, NULL };

static const struct patch_kernel throwaway_kernel = {
	.history = histories,
	.runs = &batch_history,
};

static const struct metric_desc metrics[] = {
	{ .name = "batch", .unit = "pages", .kind = METRIC_EXACT, .help = "the batch: 32, or max(32, 2 * nr_cpus)",
	  .fn = batch, .better = BETTER_NONE, .reads = "cpus" },
	{ .name = NULL },
};

static const char *const sides[] = { "before", "after", NULL };

const struct patch_desc throwaway_patch = {
	.id = "throwaway",
	.title = "a throwaway batch that scales with the CPUs",
	.seed = "none: make check-newpatch's",
	.kernel = "mm/throwaway.c",
	.sides = sides,
	.before = BEFORE,
	.after = AFTER,
	.metrics = metrics,
	.about = "Status: a throwaway, never posted: it exists for make check-newpatch alone.\n",
	.published = "Nothing: it was never posted.\n",
	.headline = "batch",
	.kernel_code = &throwaway_kernel,
};
