/*
 * The modeled metrics against the seeds' published figures, each loaded from
 * its seed preset, and the shapes the seeds claim but the fits never saw.
 * Every expected number below is copied from /seeds, not from batchlab.
 */
#include <math.h>

#include "presetutil.h"

/* Seed 000: "Without (6.0-rc1) 10482.7 Mbps / With patch 17064.7 Mbps". */
static void test_netperf(void **state)
{
	struct machine m = preset_machine("netperf-72cpu");

	(void)state;
	assert_within_pct(metric_double(&m, "memcg_charge.throughput.before"), 10482.7, 3);
	assert_within_pct(metric_double(&m, "memcg_charge.throughput.after"), 17064.7, 3);
	assert_within_pct(metric_double(&m, "memcg_charge.speedup"), 17064.7 / 10482.7, 3); /* the seed truncates it to "62.7%" */
}

/*
 * Seed 002, pages/sec:                pre-0388536ac291  post-0388536ac291  (reclaim-reclaimed)/4
 *   root - full reclaim                   68047             13742              67352
 *   /uid_0 - 1G reclaim                  258822            105174             233396
 *   /uid_0 - full reclaim                 72334             38105              72914
 * pre/post were fitted (5%); the decay column is a prediction (12%).
 */
static void check_reclaim(const char *preset, double full, double cluster, double decay)
{
	struct machine m = preset_machine(preset);

	assert_within_pct(metric_double(&m, "proactive_reclaim.pages_per_s.full"), full, 5);
	assert_within_pct(metric_double(&m, "proactive_reclaim.pages_per_s.cluster"), cluster, 5);
	assert_within_pct(metric_double(&m, "proactive_reclaim.pages_per_s.decay"), decay, 12);
}

static void test_reclaim_rates(void **state)
{
	(void)state;
	check_reclaim("reclaim-root", 68047, 13742, 67352);
	check_reclaim("reclaim-child-1g", 258822, 105174, 233396);
	check_reclaim("reclaim-child-full", 72334, 38105, 72914);
}

/* Seed 002, time (sec): root 10.46 / inf / 10.51 - the cluster run never finished. */
static void test_reclaim_root_never_finishes(void **state)
{
	struct machine m = preset_machine("reclaim-root");
	struct value v = metric_value(&m, "proactive_reclaim.time_s.cluster");

	(void)state;
	assert_int_equal(v.kind, VAL_REAL);
	assert_true(isinf(v.r) && v.r > 0);
	assert_within_pct(metric_double(&m, "proactive_reclaim.time_s.full"), 10.46, 5);
	assert_within_pct(metric_double(&m, "proactive_reclaim.time_s.decay"), 10.51, 12);
	/* without the inflow the same constants finish: infinity comes from it, not from a division */
	m.reclaim_inflow = 0;
	assert_true(isfinite(metric_double(&m, "proactive_reclaim.time_s.cluster")));
}

/* Seed 002 /uid_0 1G: 1.12 / 2.49 / 1.12 s; overreclaim 107.8 MiB with the full ask. */
static void test_reclaim_1g_time_and_overreclaim(void **state)
{
	struct machine m = preset_machine("reclaim-child-1g");

	(void)state;
	assert_within_pct(metric_double(&m, "proactive_reclaim.time_s.full"), 1.12, 5);
	assert_within_pct(metric_double(&m, "proactive_reclaim.time_s.cluster"), 2.49, 5);
	assert_within_pct(metric_double(&m, "proactive_reclaim.time_s.decay"), 1.12, 12);
	assert_within_pct(metric_double(&m, "proactive_reclaim.overreclaim_bytes.full"), 107.8 * 1048576, 1);
	/* cluster and decay stop within a call of the goal: the seed's 3.5 and -7.4 MiB are both small */
	assert_true(fabs(metric_double(&m, "proactive_reclaim.overreclaim_bytes.cluster")) < 8 * 1048576);
	assert_true(fabs(metric_double(&m, "proactive_reclaim.overreclaim_bytes.decay")) < 8 * 1048576);
}

/* Seed 003: "53% improvement on a 8C/16T desktop, and 2097%(20X) on a 4S/72C/144T server". */
static void test_mmap_speedups(void **state)
{
	struct machine desk = preset_machine("mmap-desktop-16t"), server = preset_machine("mmap-server-144t");

	(void)state;
	assert_within_pct(metric_double(&desk, "committed_as.speedup"), 1.53, 5);
	assert_within_pct(metric_double(&server, "committed_as.speedup"), 21.97, 10);
}

/* Not fitted: the memcg gain is small on few CPUs, grows with them, and never reaches 2x (32 -> 64). */
static void test_memcg_shape(void **state)
{
	struct machine m = preset_machine("netperf-72cpu");
	double prev = 1;

	(void)state;
	m.cpus = 4;
	assert_true(metric_double(&m, "memcg_charge.speedup") < 1.15);
	for (uint64_t cpus = 1; cpus <= 65536; cpus *= 2) {
		double s;

		m.cpus = cpus;
		s = metric_double(&m, "memcg_charge.speedup");
		assert_true(s > 1 && s < 2);
		assert_true(s >= prev - 1e-12);
		prev = s;
	}
	/* at 72 CPUs a further doubling of the batch gains far less than 32 -> 64 did */
	m = preset_machine("netperf-72cpu");
	m.charge_batch = 128;
	{
		double s128 = metric_double(&m, "memcg_charge.throughput.after");

		m.charge_batch = 64;
		assert_true(s128 / metric_double(&m, "memcg_charge.throughput.after") - 1 < 0.5 * 0.627);
	}
}

/* Not fitted: an mmap smaller than the old batch never takes the lock, so the patch gains nothing. */
static void test_mmap_small_no_gain(void **state)
{
	struct machine m = preset_machine("mmap-desktop-16t");

	(void)state;
	m.mmap = 1 << 20; /* 256 pages < the old batch of 1008 */
	assert_int_equal(metric_u64(&m, "committed_as.locked_ops.before"), 0);
	assert_int_equal(metric_u64(&m, "committed_as.locked_ops.after"), 0);
	assert_float_equal(metric_double(&m, "committed_as.speedup"), 1, 1e-12);
	/* and OVERCOMMIT_NEVER keeps the small batch: the lock stays, no gain either */
	m = preset_machine("mmap-desktop-16t");
	m.overcommit = OVERCOMMIT_NEVER;
	assert_float_equal(metric_double(&m, "committed_as.speedup"), 1, 1e-12);
}

/*
 * Not fitted: "if the lift is 16X, 1/3 of the platforms will show
 * improvements" against 80%+ with 64X. Over a spread of machine shapes
 * (CPUs 2..256, 2..16 GiB per CPU), fewer gain with 16X.
 */
static int gainers(uint64_t lift, int *total)
{
	int n = 0;

	*total = 0;
	for (uint64_t cpus = 2; cpus <= 256; cpus *= 2) {
		for (uint64_t gib_per_cpu = 1; gib_per_cpu <= 16; gib_per_cpu *= 2) {
			struct machine m = preset_machine("mmap-desktop-16t");

			m.cpus = cpus;
			m.sockets = cpus >= 64 ? 2 : 1;
			m.ram = cpus * gib_per_cpu << 29; /* 0.5 .. 8 GiB per CPU */
			m.committed_lift = lift;
			n += metric_double(&m, "committed_as.speedup") > 1.01;
			(*total)++;
		}
	}
	return n;
}

static void test_lift_16x_helps_fewer(void **state)
{
	int total, g64 = gainers(64, &total), g16 = gainers(16, &total);

	(void)state;
	fprintf(stderr, "# machines gaining: 64X %d of %d, 16X %d of %d\n", g64, total, g16, total);
	assert_true(g16 < g64);
	assert_true(g16 > 0);
}

/* The one-pass sweep over cpus must agree with the metric evaluated row by row. */
static void check_fast_path(struct machine m, const char *name, uint64_t n, uint64_t stride)
{
	struct metric_ref ref;
	char err[256];
	double *out = calloc(n, sizeof(*out));
	int nsides;

	assert_non_null(out);
	assert_int_equal(metric_parse(name, &ref, err, sizeof(err)), 0);
	assert_non_null(ref.metric->fn_cpus);
	nsides = ref.metric->single ? 1 : patch_nsides(ref.patch);
	for (int side = 0; side < nsides; side++) {
		double *tables[PATCH_MAX_COLS] = { NULL };

		tables[side] = out;
		assert_int_equal(ref.metric->fn_cpus(&m, n, tables), 0);
		for (uint64_t cpus = 1; cpus <= n; cpus += (cpus < 300 ? 1 : stride)) {
			struct machine row = m;
			struct value v;

			row.cpus = cpus;
			v = ref.metric->fn(&row, ref.metric, side, NULL);
			assert_int_equal(v.kind, VAL_REAL);
			if (!(fabs(out[cpus - 1] - v.r) <= 1e-9 * fabs(v.r))) {
				fprintf(stderr, "%s side %d cpus %llu: sweep %.17g, fn %.17g\n", name, side,
					(unsigned long long)cpus, out[cpus - 1], v.r);
				fail();
			}
		}
	}
	free(out);
}

static void test_sweep_fast_path(void **state)
{
	struct machine m;

	(void)state;
	m = preset_machine("netperf-72cpu");
	check_fast_path(m, "memcg_charge.throughput", 2000, 97);
	check_fast_path(m, "memcg_charge.speedup", 2000, 97);
	/* 16 GiB: the new batch drops below the mmap at 32 CPUs, the old one's 2 * nr floor passes it at 16384 */
	m = preset_machine("mmap-desktop-16t");
	check_fast_path(m, "committed_as.throughput", 20000, 997);
	check_fast_path(m, "committed_as.speedup", 20000, 997);
	m.threads = 24; /* a fixed population: only the lock visits change with cpus */
	check_fast_path(m, "committed_as.throughput", 1000, 37);
	check_fast_path(m, "committed_as.speedup", 1000, 37);
}

/* Accepted extremes evaluate to finite numbers, or say why not. */
static void test_extremes(void **state)
{
	struct machine m = machine_with("cpus 65536 ram 1E reclaim 1E depth 64");
	char err[256];

	(void)state;
	assert_true(isfinite(metric_double(&m, "memcg_charge.throughput.before")));
	assert_true(isfinite(metric_double(&m, "memcg_charge.speedup")));
	assert_true(isfinite(metric_double(&m, "committed_as.throughput.before")));
	assert_true(isfinite(metric_double(&m, "committed_as.speedup")));
	for (int s = 0; s < 3; s++) {
		static const char *const t[] = { "proactive_reclaim.time_s.full", "proactive_reclaim.time_s.cluster",
						 "proactive_reclaim.time_s.decay" };

		assert_true(isfinite(metric_double(&m, t[s])));
	}
	/* nothing to reclaim: no rate rather than 0/0 */
	m = machine_with("reclaim 0");
	assert_int_equal(metric_value(&m, "proactive_reclaim.pages_per_s.decay").kind, VAL_NONE);
	assert_float_equal(metric_double(&m, "proactive_reclaim.time_s.decay"), 0, 0);
	/* zero work per page or per loop is refused by the parameter table */
	assert_int_not_equal(param_set(&m, param_find("charge_page_ns"), "0", err, sizeof(err)), 0);
	assert_int_not_equal(param_set(&m, param_find("mmap_loop_ns"), "0", err, sizeof(err)), 0);
	assert_int_not_equal(param_set(&m, param_find("reclaim_page_ns"), "0", err, sizeof(err)), 0);
	assert_int_not_equal(param_set(&m, param_find("reclaim_eps"), "-0.1", err, sizeof(err)), 0);
}

/* vmpressure's cost is evals times the assumed per-evaluation cost: seed 004's 23242 at 512 pages. */
static void test_vmpressure_cost(void **state)
{
	struct machine m = preset_machine("vm-4g");

	(void)state;
	m.vmpressure_eval_ns = 250;
	assert_float_equal(metric_double(&m, "vmpressure.eval_time_s.before"), 23242 * 250e-9, 1e-12);
	assert_float_equal(metric_double(&m, "vmpressure.eval_time_s.after"), 3873 * 250e-9, 1e-12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_netperf),
		cmocka_unit_test(test_reclaim_rates),
		cmocka_unit_test(test_reclaim_root_never_finishes),
		cmocka_unit_test(test_reclaim_1g_time_and_overreclaim),
		cmocka_unit_test(test_mmap_speedups),
		cmocka_unit_test(test_memcg_shape),
		cmocka_unit_test(test_mmap_small_no_gain),
		cmocka_unit_test(test_lift_16x_helps_fewer),
		cmocka_unit_test(test_sweep_fast_path),
		cmocka_unit_test(test_extremes),
		cmocka_unit_test(test_vmpressure_cost),
	};
	return cmocka_run_group_tests_name("fidelity", tests, NULL, NULL);
}
