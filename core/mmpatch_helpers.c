/*
 * The kernel's helpers a patch file's expressions may call by name
 * (percpu_counter_batch, zone_batchsize, ...; mmpatch.h's mmp_helpers[]):
 * what each is, and its value on a machine, worked out as the built-in
 * patch that models the helper's function works it out.
 */
#include "mmpatch.h"

#include <stddef.h>

#include "mm/kernel.h"
#include "variant.h"

/* lib/percpu_counter.c, compute_batch_value(): max(32, nr * 2) with nr = num_online_cpus(), an int */
static uint64_t percpu_counter_batch(const struct machine *m)
{
	return max_u64(32, 2 * m->cpus);
}

const struct mmp_helper mmp_helpers[] = {
	{ "percpu_counter_batch", "compute_batch_value(), lib/percpu_counter.c: max(32, 2 * num_online_cpus())", NULL,
	  NULL, 0 },
	{ "calculate_normal_threshold", "calculate_normal_threshold(), mm/vmstat.c, of the vmstat zone (vmstat.threshold)",
	  "vmstat", "threshold", 0 },
	{ "zone_batchsize", "zone_batchsize(), mm/page_alloc.c, of the vmstat zone (vmstat.pcp_batch)", "vmstat",
	  "pcp_batch", 0 },
	{ "vm_committed_as_batch", "mm_compute_batch(), mm/mm_init.c, as the kernel release computes it "
	  "(committed_as.batch.kernel)", "committed_as", "batch", 1 },
	{ "MEMCG_CHARGE_BATCH", "include/linux/memcontrol.h, in the kernel release (memcg_charge.batch.kernel)",
	  "memcg_charge", "batch", 1 },
	{ NULL, NULL, NULL, NULL, 0 },
};

_Static_assert(sizeof(mmp_helpers) / sizeof(mmp_helpers[0]) == MMP_HELPERS + 1, "MMP_HELPERS counts mmp_helpers[]");

/* helper i on m; -1 with why when the helper is n/a there (vm_committed_as_batch before 3.11) */
int mmp_helper_value(int i, const struct machine *m, uint64_t *v, const char **why)
{
	const struct mmp_helper *h = &mmp_helpers[i];
	const struct patch_desc *d;
	const struct metric_desc *md;
	struct value x;

	if (!h->patch) {
		*v = percpu_counter_batch(m);
		return 0;
	}
	d = patch_find(NULL, h->patch); /* a built-in one */
	md = d ? patch_metric(d, h->metric) : NULL;
	if (!md)
		return *why = "a kernel helper's built-in patch is missing", -1;
	x = metric_compute(m, d, md, h->kernel_side ? SIDE_KERNEL : 0, NULL);
	if (x.kind == VAL_NONE)
		return *why = x.why, -1;
	if (x.kind != VAL_INT)
		return *why = "a kernel helper that is not a whole number", -1;
	*v = x.i;
	return 0;
}

/* The helpers as a variant's locals: an n/a helper reads 0 there (variant.c's local_values cannot fail). */
void mmp_helper_locals(const struct machine *m, uint64_t *vals)
{
	const char *why;

	for (int i = 0; i < MMP_HELPERS; i++)
		if (mmp_helper_value(i, m, &vals[i], &why))
			vals[i] = 0;
}

/* The parameters helper i follows, space-separated (its built-in metric's reads). */
const char *mmp_helper_reads(int i)
{
	const struct mmp_helper *h = &mmp_helpers[i];
	const struct patch_desc *d = h->patch ? patch_find(NULL, h->patch) : NULL;
	const struct metric_desc *md = d ? patch_metric(d, h->metric) : NULL;

	if (!h->patch)
		return "cpus";
	return md && md->reads ? md->reads : "";
}
