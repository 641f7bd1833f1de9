/*
 * The models held to published measurements (core/measured.c, issue 50):
 * every held-out row is run and its error printed, and the test fails when
 * one is worse than the error recorded in its row - a model change that
 * moves a held-out figure away from what was measured is then a visible
 * decision (edit the recorded error, say why in the commit). Fit rows must be
 * what the calibration reads and reproduce by construction; every model
 * metric says where it stands.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "presetutil.h"

#include "../../core/calibrate.h"
#include "../../core/measured.h"
#include "../../lang/validation.h"

/* Rounding of the recorded errors (two decimals) */
#define RECORDED_SLACK 0.006

/* Every held-out row runs; its error is printed, and no worse than recorded. */
static void test_heldout_no_worse(void **state)
{
	int held = 0;

	(void)state;
	printf("%-26s %-40s %14s %14s %9s %9s\n", "row", "metric", "model", "measured", "error%", "recorded");
	for (const struct measured_row *r = measured_rows; r->id; r++) {
		struct validation_row v;

		if (r->role != MEASURED_HELD)
			continue;
		held++;
		if (validation_run(r, &v))
			fprintf(stderr, "%s: %s\n", r->id, v.why);
		assert_int_equal(validation_run(r, &v), 0);
		printf("%-26s %-40s %14.6g %14.6g %+9.2f %+9.2f\n", r->id, r->metric, v.model, r->figure, v.err_pct,
		       r->recorded_pct);
		assert_false(isnan(r->recorded_pct));
		assert_false(isnan(v.err_pct));
		if (fabs(v.err_pct) > fabs(r->recorded_pct) + RECORDED_SLACK)
			fprintf(stderr, "%s: error %+.2f%% is worse than the recorded %+.2f%%\n", r->id, v.err_pct,
				r->recorded_pct);
		assert_true(fabs(v.err_pct) <= fabs(r->recorded_pct) + RECORDED_SLACK);
	}
	assert_true(held >= 10);
}

/* A fit row reproduces by construction (its preset carries the fitted constants), and no held row is recorded as fit. */
static void test_fit_rows_reproduce(void **state)
{
	(void)state;
	for (const struct measured_row *r = measured_rows; r->id; r++) {
		struct validation_row v;

		if (r->role != MEASURED_FIT)
			continue;
		assert_true(isnan(r->recorded_pct));
		assert_int_equal(validation_run(r, &v), 0);
		if (!(fabs(v.err_pct) < 0.06))
			fprintf(stderr, "%s: a fit row misses by %+.3f%%\n", r->id, v.err_pct);
		assert_true(fabs(v.err_pct) < 0.06);
	}
}

/* The calibration's inputs are the fit rows: seed 002's table matches them, the macros read them. */
static void test_calibration_reads_fit_rows(void **state)
{
	static const char *const pre[] = { "reclaim-root-pre", "reclaim-1g-pre", "reclaim-full-pre" };
	static const char *const post[] = { "reclaim-root-post", "reclaim-1g-post", "reclaim-full-post" };

	(void)state;
	assert_true(SEED000_MBPS_BEFORE == 10482.7 && SEED000_MBPS_AFTER == 17064.7);
	assert_true(SEED003_DESKTOP_SPEEDUP == 1.53 && SEED003_SERVER_SPEEDUP == 21.97);
	for (int sc = 0; sc < RECLAIM_SCENARIOS; sc++) {
		assert_true(seed002[sc].row[0].pages_per_s == measured_fit_figure(pre[sc]));
		assert_true(seed002[sc].row[1].pages_per_s == measured_fit_figure(post[sc]));
	}
	assert_true(isnan(measured_fit_figure("robot-icl-128t"))); /* held out: no fit can read it */
}

/* netperf-44cpu's speed is what calibrate_memcg_speed() derives from its fit row; the robot's preset carries it. */
static void test_memcg_speed_fit(void **state)
{
	struct machine m = preset_machine("netperf-44cpu"), fit = m, robot = preset_machine("netperf-icl-128t");
	struct machine seed;
	char err[200];

	(void)state;
	machine_defaults(&seed);
	fit.charge_page_ns = seed.charge_page_ns;
	fit.page_counter_ns = seed.page_counter_ns;
	assert_int_equal(calibrate_memcg_speed(&fit, "yosry-44cpu", err, sizeof(err)), 0);
	assert_within_pct(m.charge_page_ns, fit.charge_page_ns, 5e-4); /* 6 digits, from the rounded defaults */
	assert_within_pct(m.page_counter_ns, fit.page_counter_ns, 5e-4);
	assert_true(robot.charge_page_ns == m.charge_page_ns && robot.page_counter_ns == m.page_counter_ns);
	assert_int_equal(calibrate_memcg_speed(&fit, "robot-icl-128t", err, sizeof(err)), -1);
}

/* Every model metric of the built-in patches has its entry; one with none found has no held row elsewhere. */
static void test_every_model_stated(void **state)
{
	(void)state;
	for (int i = 0; i < patch_builtin_count(); i++) {
		const struct patch_desc *d = patch_set_list(NULL)[i];

		for (const struct metric_desc *md = d->metrics; md->name; md++) {
			const struct measured_model *mm = measured_model_of(d->id, md->name);
			const struct measured_band *b = validation_band(d, md);

			if (md->kind != METRIC_MODELED) {
				assert_null(mm);
				continue;
			}
			if (!mm)
				fprintf(stderr, "%s.%s: no entry in measured_models[]\n", d->id, md->name);
			assert_non_null(mm);
			assert_non_null(b);
			assert_true(strlen(mm->scope) > 20);
			if (!mm->none_found) /* rows from other sources: at least two held out */
				assert_true(b->held >= 2);
			/* a fit range over CPUs is the measured machines' (what report marks with !) */
			if (md->fit && !strcmp(md->fit->key, "cpus") && b->cpus_hi) {
				if (md->fit->lo != b->cpus_lo || md->fit->hi != b->cpus_hi)
					fprintf(stderr, "%s.%s: fit %llu..%llu, measured %llu..%llu CPUs\n", d->id, md->name,
						(unsigned long long)md->fit->lo, (unsigned long long)md->fit->hi, b->cpus_lo,
						b->cpus_hi);
				assert_true(md->fit->lo == b->cpus_lo && md->fit->hi == b->cpus_hi);
			}
		}
	}
}

/* Rows are well formed: unique ids, a source, a machine; outside rows give no number; held rows a preset. */
static void test_rows_well_formed(void **state)
{
	(void)state;
	for (const struct measured_row *r = measured_rows; r->id; r++) {
		struct validation_row v;

		assert_ptr_equal(measured_find(r->id), r);
		assert_true(r->source && r->machine && r->kernel && r->workload && r->unknown);
		if (r->role == MEASURED_OUTSIDE) {
			assert_true(r->note && strlen(r->note) > 20 && !r->preset);
			assert_int_equal(validation_run(r, &v), 0);
			assert_true(isnan(v.model));
		} else {
			assert_non_null(r->preset);
		}
	}
}

/* The band text and the extrapolation mark follow the rows: memcg's measured machines span 44..128 CPUs. */
static void test_band_and_beyond(void **state)
{
	const struct patch_desc *d = patch_find(NULL, "memcg_charge");
	const struct metric_desc *tp = patch_metric(d, "throughput"), *sp = patch_metric(d, "speedup");
	const struct measured_band *b = validation_band(d, tp);
	char buf[96];

	(void)state;
	assert_int_equal(b->held, 3);
	assert_true(b->lo_pct < -50 && b->hi_pct > 10);
	assert_true(b->cpus_lo == 44 && b->cpus_hi == 128);
	{
		struct machine m = preset_machine("netperf-72cpu");
		char why[200];

		assert_false(validation_beyond(d, tp, &m, why, sizeof(why)));
		m.cpus = 1024;
		assert_true(validation_beyond(d, tp, &m, why, sizeof(why)));
		assert_string_equal(why, "cpus = 1024 (measured 44..128)");
		m.cpus = 8;
		m.depth = 5; /* every row reads depth 3 */
		assert_true(validation_beyond(d, tp, &m, why, sizeof(why)));
		assert_string_equal(why, "cpus = 8 (measured 44..128), depth = 5 (measured 3..3)");
		m.cpus = 64;
		m.depth = 3;
		m.ram = 1ull << 50; /* throughput does not read ram: no mark */
		assert_false(validation_beyond(d, tp, &m, why, sizeof(why)));
	}
	assert_true(validation_untested(d, sp) && !validation_untested(d, tp));
	assert_string_equal(validation_band_text(validation_band(d, sp), buf, sizeof(buf)), "no held-out test (no measurement)");
	assert_null(validation_band(d, patch_metric(d, "batch")));
}

/* The instances parameter: fewer pairs than CPUs/2 leave CPUs idle; more share them (the robot's 200% runs). */
static void test_instances(void **state)
{
	struct machine m = preset_machine("netperf-icl-128t");
	struct metric_ref ref;
	char err[160];
	double at64, at32, at256;

	(void)state;
	assert_int_equal(metric_parse("memcg_charge.throughput.after", &ref, err, sizeof(err)), 0);
	at64 = value_real(metric_eval(&m, &ref, ref.side));
	m.instances = 0; /* auto: cpus / 2, the same 64 pairs */
	assert_true(value_real(metric_eval(&m, &ref, ref.side)) == at64);
	m.instances = 32;
	at32 = value_real(metric_eval(&m, &ref, ref.side));
	m.instances = 256;
	at256 = value_real(metric_eval(&m, &ref, ref.side));
	assert_true(at32 > at64); /* less contention per instance */
	assert_within_pct(at256, at64 / 4, 1e-9); /* the same 128 CPUs' pages shared by four times the instances */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_heldout_no_worse),
		cmocka_unit_test(test_fit_rows_reproduce),
		cmocka_unit_test(test_calibration_reads_fit_rows),
		cmocka_unit_test(test_memcg_speed_fit),
		cmocka_unit_test(test_every_model_stated),
		cmocka_unit_test(test_rows_well_formed),
		cmocka_unit_test(test_band_and_beyond),
		cmocka_unit_test(test_instances),
	};
	setenv("BATCHLAB_PRESETS", "presets", 1); /* unit tests run from the top directory */
	return cmocka_run_group_tests_name("validation", tests, NULL, NULL);
}
