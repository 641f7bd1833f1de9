/*
 * Print every fitted constant, recomputed from the seeds (core/calibrate.c),
 * and how the models then reproduce the seeds' figures. `make calibrate`.
 * Presets are read from the directory given as the first argument.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../core/calibrate.h"
#include "../core/patch.h"
#include "../core/params.h"
#include "../core/preset.h"
#include "../lang/presetio.h"

static double metric(const struct machine *m, const char *name)
{
	struct metric_ref ref;
	char err[160];

	if (metric_parse(name, &ref, err, sizeof(err))) {
		fprintf(stderr, "calibrate: %s\n", err);
		exit(1);
	}
	return value_real(metric_eval(m, &ref, ref.side));
}

static void row(const char *what, double model, double seed)
{
	if (isinf(seed) || isinf(model))
		printf("  %-44s model %12.6g  seed %12.6g\n", what, model, seed);
	else
		printf("  %-44s model %12.6g  seed %12.6g  error %+6.2f%%\n", what, model, seed,
		       100 * (model - seed) / seed);
}

static int load(const char *dir, const char *name, struct machine *m)
{
	char path[4096], err[256], *text;
	size_t len;
	int line;

	snprintf(path, sizeof(path), "%s/%s.preset", dir, name);
	machine_defaults(m);
	if (read_small_file(path, &text, &len, err, sizeof(err)) || preset_apply(m, NULL, text, len, &line, err, sizeof(err))) {
		fprintf(stderr, "calibrate: %s: %s\n", path, err);
		return -1;
	}
	free(text);
	return 0;
}

int main(int argc, char **argv)
{
	static const char *const side[] = { "full", "cluster", "decay" };
	const char *dir = argc > 1 ? argv[1] : "presets";
	struct machine m, s;
	char err[256];

	machine_defaults(&m);
	if (calibrate_memcg(&m, err, sizeof(err)) || calibrate_committed(&m, err, sizeof(err))) {
		fprintf(stderr, "calibrate: %s\n", err);
		return 1;
	}
	printf("seed 000 (assumed netperf_charges = %g):\n", m.netperf_charges);
	printf("  charge_page_ns = %.6g\n  page_counter_ns = %.6g\n", m.charge_page_ns, m.page_counter_ns);
	s = m;
	seed000_machine(&s);
	row("throughput.before (Mbps)", metric(&s, "memcg_charge.throughput.before"), SEED000_MBPS_BEFORE);
	row("throughput.after (Mbps)", metric(&s, "memcg_charge.throughput.after"), SEED000_MBPS_AFTER);
	/* a machine's own speed: the fit row yosry-44cpu (core/measured.c), on netperf-44cpu with seed 000's constants */
	if (load(dir, "netperf-44cpu", &s))
		return 1;
	s.charge_page_ns = m.charge_page_ns;
	s.page_counter_ns = m.page_counter_ns;
	if (calibrate_memcg_speed(&s, "yosry-44cpu", err, sizeof(err))) {
		fprintf(stderr, "calibrate: %s\n", err);
		return 1;
	}
	printf("netperf-44cpu and netperf-icl-128t (fit row yosry-44cpu, the machine's speed):\n");
	printf("  charge_page_ns = %.6g\n  page_counter_ns = %.6g\n", s.charge_page_ns, s.page_counter_ns);
	row("throughput.after (Mbps)", metric(&s, "memcg_charge.throughput.after"), measured_fit_figure("yosry-44cpu"));
	printf("seed 003 (assumed mmap_loop_ns = %g):\n", m.mmap_loop_ns);
	printf("  committed_lock_ns = %.6g\n  socket_growth = %.6g\n", m.committed_lock_ns, m.socket_growth);
	s = m;
	seed003_machine(&s, 0);
	row("desktop speedup", metric(&s, "committed_as.speedup"), SEED003_DESKTOP_SPEEDUP);
	s = m;
	seed003_machine(&s, 1);
	row("server speedup", metric(&s, "committed_as.speedup"), SEED003_SERVER_SPEEDUP);
	for (int sc = 0; sc < RECLAIM_SCENARIOS; sc++) {
		const struct seed002_scenario *seed = &seed002[sc];

		if (load(dir, seed->preset, &s))
			return 1;
		if (calibrate_reclaim(&s, sc, err, sizeof(err))) {
			fprintf(stderr, "calibrate: %s\n", err);
			return 1;
		}
		printf("seed 002 %s (preset %s; assumed reclaim_inflow = %g):\n", seed->name, seed->preset,
		       s.reclaim_inflow);
		printf("  reclaim = %llu\n  reclaim_eps = %.6g\n  reclaim_restart_us = %.6g\n  reclaim_page_ns = %.6g\n",
		       (unsigned long long)s.reclaim, s.reclaim_eps, s.reclaim_restart_us, s.reclaim_page_ns);
		for (int i = 0; i < 3; i++) {
			char what[96], name[96];

			snprintf(what, sizeof(what), "%s pages/s%s", side[i], i == 2 ? " (held out)" : "");
			snprintf(name, sizeof(name), "proactive_reclaim.pages_per_s.%s", side[i]);
			row(what, metric(&s, name), seed->row[i].pages_per_s);
			snprintf(what, sizeof(what), "%s time_s (%s)", side[i],
				 i == 0 && seed->full ? "sizes the request" : "predicted");
			snprintf(name, sizeof(name), "proactive_reclaim.time_s.%s", side[i]);
			row(what, metric(&s, name), seed->row[i].time_s);
			if (!isnan(seed->row[i].overreclaim_mib)) {
				snprintf(what, sizeof(what), "%s overreclaim MiB%s", side[i], i ? " (predicted)" : "");
				snprintf(name, sizeof(name), "proactive_reclaim.overreclaim_bytes.%s", side[i]);
				printf("  %-44s model %12.6g  seed %12.6g\n", what, metric(&s, name) / (1 << 20),
				       seed->row[i].overreclaim_mib);
			}
		}
	}
	return 0;
}
