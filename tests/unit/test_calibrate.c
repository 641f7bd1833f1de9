/*
 * Every fitted constant, recomputed from the seed figures (core/calibrate.c),
 * must equal the parameter table's default and the seed presets' values to
 * the 6 significant digits they are written with: no magic numbers.
 */
#include <math.h>

#include "presetutil.h"

#include "../../core/calibrate.h"

#define assert_fitted(stored, refit) assert_within_pct(stored, refit, 1e-3)

static void test_memcg_defaults(void **state)
{
	struct machine m, fit;
	char err[256];

	(void)state;
	machine_defaults(&m);
	fit = m;
	assert_int_equal(calibrate_memcg(&fit, err, sizeof(err)), 0);
	assert_fitted(m.charge_page_ns, fit.charge_page_ns);
	assert_fitted(m.page_counter_ns, fit.page_counter_ns);
	m = preset_machine("netperf-72cpu");
	assert_fitted(m.charge_page_ns, fit.charge_page_ns);
	assert_fitted(m.page_counter_ns, fit.page_counter_ns);
}

/* The fit scales with the assumption it rests on: twice the charges per payload page, half the time per charge. */
static void test_memcg_assumption_scales(void **state)
{
	struct machine a, b;
	char err[256];

	(void)state;
	machine_defaults(&a);
	b = a;
	b.netperf_charges = 2 * a.netperf_charges;
	assert_int_equal(calibrate_memcg(&a, err, sizeof(err)), 0);
	assert_int_equal(calibrate_memcg(&b, err, sizeof(err)), 0);
	assert_within_pct(b.charge_page_ns, a.charge_page_ns / 2, 1e-6);
	assert_within_pct(b.page_counter_ns / b.charge_page_ns, a.page_counter_ns / a.charge_page_ns, 1e-6);
}

static void test_committed_defaults(void **state)
{
	static const char *const presets[] = { "mmap-desktop-16t", "mmap-server-144t" };
	struct machine m, fit;
	char err[256];

	(void)state;
	machine_defaults(&m);
	fit = m;
	assert_int_equal(calibrate_committed(&fit, err, sizeof(err)), 0);
	assert_fitted(m.committed_lock_ns, fit.committed_lock_ns);
	assert_fitted(m.socket_growth, fit.socket_growth);
	for (int i = 0; i < 2; i++) {
		m = preset_machine(presets[i]);
		assert_float_equal(m.mmap_loop_ns, fit.mmap_loop_ns, 0);
		assert_fitted(m.committed_lock_ns, fit.committed_lock_ns);
		assert_fitted(m.socket_growth, fit.socket_growth);
	}
}

static void check_reclaim(struct machine m, enum reclaim_scenario sc)
{
	struct machine fit = m;
	char err[256];

	if (calibrate_reclaim(&fit, sc, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		fail();
	}
	assert_int_equal(m.reclaim, fit.reclaim);
	assert_fitted(m.reclaim_eps + 1, fit.reclaim_eps + 1);
	assert_fitted(m.reclaim_page_ns, fit.reclaim_page_ns);
	assert_fitted(m.reclaim_restart_us, fit.reclaim_restart_us);
}

static void test_reclaim_presets(void **state)
{
	struct machine m;

	(void)state;
	machine_defaults(&m); /* the defaults are the /uid_0 1G scenario */
	check_reclaim(m, RECLAIM_CHILD_1G);
	check_reclaim(preset_machine("reclaim-child-1g"), RECLAIM_CHILD_1G);
	check_reclaim(preset_machine("reclaim-child-full"), RECLAIM_CHILD_FULL);
	check_reclaim(preset_machine("reclaim-root"), RECLAIM_ROOT);
	/* by hand: eps = 107.8 MiB / 1024 MiB */
	assert_within_pct(m.reclaim_eps, 107.8 / 1024, 1e-3);
}

/*
 * The root preset's assumed inflow must lie where the seed puts it: at least
 * the cluster rate (13742 pages/s, never finished), below the decay rate
 * (67352 pages/s, finished in 10.51 s).
 */
static void test_root_inflow_bounds(void **state)
{
	struct machine m = preset_machine("reclaim-root");

	(void)state;
	assert_true(m.reclaim_inflow >= 13742 && m.reclaim_inflow < 67352);
	/* the request is what the pre run netted: 10.46 s * (68047 - inflow) pages/s, by hand */
	assert_within_pct((double)m.reclaim / 4096, 10.46 * (68047 - m.reclaim_inflow), 1e-3);
}

/* A full-reclaim request is what the pre run reclaimed: 72334 pages/s * 7.09 s. */
static void test_child_full_request(void **state)
{
	struct machine m = preset_machine("reclaim-child-full");

	(void)state;
	assert_within_pct((double)m.reclaim / 4096, 72334 * 7.09, 1e-3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_memcg_defaults),
		cmocka_unit_test(test_memcg_assumption_scales),
		cmocka_unit_test(test_committed_defaults),
		cmocka_unit_test(test_reclaim_presets),
		cmocka_unit_test(test_root_inflow_bounds),
		cmocka_unit_test(test_child_full_request),
	};
	return cmocka_run_group_tests_name("calibration", tests, NULL, NULL);
}
