/*
 * The kernel side against the release tables, for every patch in the list
 * (a new one included, by no name): where a patch's releases run its sides
 * (patch_kernel.runs), every metric's kernel side on every release is, bit
 * for bit, the side the row in effect names, and n/a before the first row;
 * and every history that names its metric (release_history.metric) gives,
 * on every release it covers, what that metric's kernel side shows - so
 * `history` and `get PATCH.METRIC.kernel` cannot disagree.
 */
#include "testutil.h"

#include <math.h>

#include "../../core/mm/release.h"

/* Machines the tables' branches differ on: the default, one CPU, a large NUMA box, a small VM. */
static const char *const machines[] = { "", "cpus 1", "cpus 1024 ram 4T", "cpus 4 ram 2G", NULL };

static int same_value(struct value a, struct value b)
{
	if (a.kind != b.kind)
		return 0;
	switch (a.kind) {
	case VAL_INT:
	case VAL_LIST:
		return a.i == b.i;
	case VAL_REAL:
		return a.r == b.r || (isnan(a.r) && isnan(b.r));
	default:
		return 1;
	}
}

static void describe(const char *what, const struct patch_desc *d, const struct metric_desc *md, int rel,
		     const char *machine)
{
	fail_msg("%s: %s.%s on %s (machine '%s')", what, d->id, md->name, release_names[rel], machine);
}

/* Every metric of a patch whose releases run its sides: the kernel side is the row's side, computed as that side. */
static void check_runs(const struct patch_desc *d, const char *machine)
{
	const struct release_history *h = d->kernel_code->runs;

	for (int rel = 0; release_names[rel]; rel++) {
		struct machine m = machine_with(machine), run;
		const struct release_row *r;

		m.kernel = (uint64_t)rel;
		r = release_row(&m, h);
		run = m; /* the side as the release runs it: the patch's what-if knobs at its values */
		if (d->kernel_code->pin)
			d->kernel_code->pin(&run);
		for (const struct metric_desc *md = d->metrics; md->name; md++) {
			struct value k;

			if (md->single)
				continue;
			k = metric_compute(&m, d, md, SIDE_KERNEL, NULL);
			if (!r && k.kind != VAL_NONE)
				describe("a value before the history's first row", d, md, rel, machine);
			if (!r)
				continue;
			assert_in_range(r->mode, 0, (uint64_t)patch_nsides(d) - 1);
			if (!same_value(k, md->fn(&run, md, (int)r->mode, NULL)))
				describe("the kernel side is not the side its release row names", d, md, rel, machine);
		}
	}
}

/* A history that names its metric: the kernel side of that metric is the row's value, wherever there is a row. */
static void check_history(const struct patch_desc *d, const struct release_history *h, const char *machine)
{
	const struct metric_desc *md = patch_metric(d, h->metric);

	if (!md) /* a table two patches share (core/mm/zone.c) names the metric of the one that has it */
		return;
	for (int rel = 0; release_names[rel]; rel++) {
		struct machine m = machine_with(machine);
		const struct release_row *r;

		m.kernel = (uint64_t)rel;
		if (!(r = release_row(&m, h)))
			continue;
		if (!same_value(metric_compute(&m, d, md, SIDE_KERNEL, NULL), r->value(&m, r, NULL)))
			describe("the kernel side is not the value `history` prints", d, md, rel, machine);
	}
}

static void test_kernel_side_follows_history(void **state)
{
	int runs = 0, named = 0;

	(void)state;
	for (int i = 0; patch_set_builtin.list[i]; i++) {
		const struct patch_desc *d = patch_set_builtin.list[i];

		if (!d->kernel_code)
			continue;
		for (int k = 0; machines[k]; k++) {
			if (d->kernel_code->runs)
				check_runs(d, machines[k]);
			for (int j = 0; d->kernel_code->history[j]; j++)
				if (d->kernel_code->history[j]->metric)
					check_history(d, d->kernel_code->history[j], machines[k]);
		}
		runs += d->kernel_code->runs != NULL;
		for (int j = 0; d->kernel_code->history[j]; j++)
			named += d->kernel_code->history[j]->metric && patch_metric(d, d->kernel_code->history[j]->metric);
	}
	/* the test must have something to hold: rss_stat and proactive_reclaim run their sides */
	assert_true(runs >= 2);
	assert_true(named >= 10);
}

/* A history's metric is a metric of a patch that lists the history: a misspelt name would hold nothing. */
static void test_history_metric_exists(void **state)
{
	(void)state;
	for (int i = 0; patch_set_builtin.list[i]; i++) {
		const struct patch_kernel *k = patch_set_builtin.list[i]->kernel_code;

		for (int j = 0; k && k->history[j]; j++) {
			const char *name = k->history[j]->metric;
			int found = 0;

			for (int p = 0; name && patch_set_builtin.list[p]; p++) {
				const struct patch_kernel *pk = patch_set_builtin.list[p]->kernel_code;

				for (int q = 0; pk && pk->history[q]; q++)
					found |= pk->history[q] == k->history[j] && patch_metric(patch_set_builtin.list[p], name);
			}
			if (name && !found)
				fail_msg("%s: history %s names metric '%s', which no patch listing it has", patch_set_builtin.list[i]->id,
					 k->history[j]->constant, name);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kernel_side_follows_history),
		cmocka_unit_test(test_history_metric_exists),
	};

	return cmocka_run_group_tests_name("kernel_side", tests, NULL, NULL);
}
