/*
 * The measurements table (measured.h): every published figure of a workload
 * a model describes, with its machine, workload, source and role (fit, held
 * out, outside), and each model metric's scope. The errors recorded here are
 * what tests/unit/test_validation.c holds the models to.
 */
#include "measured.h"

#include <stdio.h>

#include <math.h>
#include <string.h>

#define SEED000 "seed 000: commit 1813e51eece0 (\"memcg: increase MEMCG_CHARGE_BATCH to 64\"), changelog"
#define COVER000 "seed 000's cover letter, Message-ID 20220822001737.4120417-1-shakeelb@google.com"
#define YOSRY "commit 8d59d2214c23 (\"mm: memcg: make stats flushing threshold per-memcg\", 6.8), changelog"
#define ROBOT                                                                                                    \
	"kernel test robot, netperf on v6.4-rc2, as issue 50 quotes it (the report's Message-ID was not found in " \
	"the corpora searched: unknown)"
#define NETPERF "netperf -6 -H ::1 -l 60 -t TCP_SENDFILE -- -m 10K against netserver"
#define SEED002 "seed 002: commit 287d5fedb377 (\"mm: memcg: use larger batches for proactive reclaim\"), changelog table"
#define SEED003                                                                                                \
	"seed 003: commit 56f3547bfa4d (\"mm: adjust vm_committed_as_batch according to vm overcommit policy\"), " \
	"v6 Message-Id 1594389708-60781-5-git-send-email-feng.tang@intel.com"
#define OOMFIX "5898aa8f9a0b (\"mm: fix OOM killer inaccuracy on large many-core systems\", Mathieu Desnoyers), changelog table"
#define SPAWN "unixbench spawn on a 128-thread Ice Lake, as issue 37 quotes the report (report id not found: unknown)"
#define NONE NAN

/* One reclaim row: seed 002's table, the preset of its scenario. */
#define RECLAIM(id_, metric_, role_, preset_, fig_, pct_, note_)                                                  \
	{ .id = id_, .metric = "proactive_reclaim." metric_, .role = role_,                                       \
	  .machine = "not given (an Android device's memcg, MGLRU on): unknown, not read by the model",          \
	  .kernel = "mainline before and after 0388536ac291 and 287d5fedb377 (which release: unknown)",           \
	  .workload = "one write to memory.reclaim of the scenario's size", .preset = preset_, .figure = fig_,     \
	  .source = SEED002, .unknown = "the full scenarios' request is not given: sized from the pre row's pages", \
	  .recorded_pct = pct_, .note = note_ }

const struct measured_row measured_rows[] = {
	/* memcg_charge: seed 000's netperf */
	{ .id = "seed000-b32", .metric = "memcg_charge.throughput.before", .role = MEASURED_FIT,
	  .machine = "72 CPUs; sockets, RAM and CPU model: unknown", .kernel = "6.0-rc1, MEMCG_CHARGE_BATCH 32",
	  .workload = "36 instances of " NETPERF ", a three-level cgroup hierarchy", .preset = "netperf-72cpu",
	  .set = "charge_batch=32", .figure = 10482.7, .source = SEED000,
	  .unknown = "per instance or total: \"average throughput of netperf\", read as per instance; \"three level\": "
		     "read as depth 3 (3 page_counters, the root's included), 4 if it meant three below the root",
	  .recorded_pct = NONE, .note = "fits charge_page_ns with the after row (two figures, two unknowns)" },
	{ .id = "seed000-b64", .metric = "memcg_charge.throughput.after", .role = MEASURED_FIT,
	  .machine = "72 CPUs; sockets, RAM and CPU model: unknown", .kernel = "6.0-rc1 with the patch, batch 64",
	  .workload = "36 instances of " NETPERF ", a three-level cgroup hierarchy", .preset = "netperf-72cpu",
	  .figure = 17064.7, .source = SEED000, .unknown = "as seed000-b32", .recorded_pct = NONE,
	  .note = "fits page_counter_ns with the before row" },
	{ .id = "cover-root", .metric = "memcg_charge.throughput.before", .role = MEASURED_OUTSIDE,
	  .machine = "seed 000's 72 CPUs", .kernel = "6.0-rc1", .workload = "36 instances of " NETPERF ", in the root memcg",
	  .figure = 21694.8, .source = COVER000, .unknown = "none beyond seed000-b32's", .recorded_pct = NONE,
	  .note = "the root charges no page_counter (try_charge(), mm/memcontrol.c: no depth >= 1 to set); the "
		  "model's ceiling with no counter at all is 19416 Mbps per instance (Z alone), 10.5% under it" },
	{ .id = "cover-abc", .metric = "memcg_charge.throughput.after", .role = MEASURED_OUTSIDE,
	  .machine = "seed 000's 72 CPUs", .kernel = "6.0-rc1 with the series (A) + (B) + (C)",
	  .workload = "36 instances of " NETPERF ", three-level hierarchy", .figure = 20120.3, .source = COVER000,
	  .unknown = "none beyond seed000-b32's", .recorded_pct = NONE,
	  .note = "(A) propagate_protected_usage()'s atomics and (B) struct page_counter's layout are outside the "
		  "batch model: 17.9% over the batch alone on the same machine" },
	{ .id = "yosry-44cpu", .metric = "memcg_charge.throughput.after", .role = MEASURED_FIT,
	  .machine = "44 CPUs, hyperthreading off; sockets, RAM and CPU model: unknown",
	  .kernel = "the mm tree before 8d59d2214c23 (6.7 cycle): batch 64 with the series' (A) and (B)",
	  .workload = "22 instances of " NETPERF ", all in /sys/fs/cgroup/a/b, 20 runs averaged",
	  .preset = "netperf-44cpu", .figure = 40198.0, .source = YOSRY,
	  .unknown = "per instance or total: per instance (22 netperfs at 40 Gbps each on loopback; total would be "
		     "1.8 Gbps each); depth: a/b and the root's counter, 3",
	  .recorded_pct = NONE,
	  .note = "fits the machine's speed: charge_page_ns and page_counter_ns scaled by one factor "
		  "(calibrate_memcg_speed()), their ratio kept from seed 000" },
	{ .id = "yosry-44cpu-seed", .metric = "memcg_charge.throughput.after", .role = MEASURED_HELD,
	  .machine = "44 CPUs, hyperthreading off; sockets, RAM and CPU model: unknown",
	  .kernel = "the mm tree before 8d59d2214c23 (6.7 cycle): batch 64 with the series' (A) and (B)",
	  .workload = "22 instances of " NETPERF ", all in /sys/fs/cgroup/a/b, 20 runs averaged",
	  .preset = "netperf-72cpu", .set = "cpus=44 instances=22 depth=3", .figure = 40198.0, .source = YOSRY,
	  .unknown = "as yosry-44cpu; read with seed 000's constants (the default machine's)", .recorded_pct = -54.84,
	  .note = "the systematic miss: above the model's no-counter ceiling (19416 Mbps), so no contention fixes it" },
	{ .id = "robot-icl-128t-seed", .metric = "memcg_charge.throughput.after", .role = MEASURED_HELD,
	  .machine = "128 threads, 2 sockets, Ice Lake, 256 GB", .kernel = "v6.4-rc2 (batch 64, the series' (A), (B))",
	  .workload = "64 instances (50% of the threads) of " NETPERF, .preset = "netperf-72cpu",
	  .set = "cpus=128 sockets=2 ram=256G instances=64 depth=3", .figure = 23165, .source = ROBOT,
	  .unknown = "cgroup depth: unknown, read as 3; per instance (the robot's netperf.Throughput_Mbps); read "
		     "with seed 000's constants",
	  .recorded_pct = -48.11,
	  .note = "the systematic miss again: 1.19x the model's no-counter ceiling" },
	{ .id = "robot-icl-128t", .metric = "memcg_charge.throughput.after", .role = MEASURED_HELD,
	  .machine = "128 threads, 2 sockets, Ice Lake, 256 GB", .kernel = "v6.4-rc2 (batch 64, the series' (A), (B))",
	  .workload = "64 instances (50% of the threads) of " NETPERF, .preset = "netperf-icl-128t", .figure = 23165,
	  .source = ROBOT,
	  .unknown = "cgroup depth: unknown, read as 3; per instance; the speed read as yosry-44cpu's (both 6.x "
		     "x86 servers with (A) and (B))",
	  .recorded_pct = 14.90, .note = "the speed fitted on another machine, carried over" },

	/* proactive_reclaim: seed 002's table */
	RECLAIM("reclaim-root-pre", "pages_per_s.full", MEASURED_FIT, "reclaim-root", 68047, NONE,
		"fits reclaim_page_ns and reclaim_restart_us with the post row"),
	RECLAIM("reclaim-root-pre-time", "time_s.full", MEASURED_FIT, "reclaim-root", 10.46, NONE,
		"sizes the full request"),
	RECLAIM("reclaim-root-post", "pages_per_s.cluster", MEASURED_FIT, "reclaim-root", 13742, NONE,
		"fits the two costs with the pre row"),
	RECLAIM("reclaim-root-post-time", "time_s.cluster", MEASURED_HELD, "reclaim-root", INFINITY, 0,
		"infinite only under the assumed inflow of 14000 pages/s"),
	RECLAIM("reclaim-root-decay", "pages_per_s.decay", MEASURED_HELD, "reclaim-root", 67352, 0.29, NULL),
	RECLAIM("reclaim-root-decay-time", "time_s.decay", MEASURED_HELD, "reclaim-root", 10.51, 0.46, NULL),
	RECLAIM("reclaim-1g-pre", "pages_per_s.full", MEASURED_FIT, "reclaim-child-1g", 258822, NONE,
		"fits the two costs with the post row"),
	RECLAIM("reclaim-1g-pre-time", "time_s.full", MEASURED_HELD, "reclaim-child-1g", 1.12, -0.05, NULL),
	RECLAIM("reclaim-1g-pre-over", "overreclaim_bytes.full", MEASURED_FIT, "reclaim-child-1g", 113036492.8, NONE,
		"fits reclaim_eps (107.8 MiB)"),
	RECLAIM("reclaim-1g-post", "pages_per_s.cluster", MEASURED_FIT, "reclaim-child-1g", 105174, NONE,
		"fits the two costs with the pre row"),
	RECLAIM("reclaim-1g-post-time", "time_s.cluster", MEASURED_HELD, "reclaim-child-1g", 2.49, 0.10, NULL),
	RECLAIM("reclaim-1g-post-over", "overreclaim_bytes.cluster", MEASURED_HELD, "reclaim-child-1g", 3670016,
		-98.99, "3.5 MiB: the model over-reclaims only the last call's share"),
	RECLAIM("reclaim-1g-decay", "pages_per_s.decay", MEASURED_HELD, "reclaim-child-1g", 233396, 10.30,
		"a per-call cost beyond the restart is missing"),
	RECLAIM("reclaim-1g-decay-time", "time_s.decay", MEASURED_HELD, "reclaim-child-1g", 1.12, -9.08, NULL),
	RECLAIM("reclaim-1g-decay-over", "overreclaim_bytes.decay", MEASURED_HELD, "reclaim-child-1g", -7759462.4,
		101.47, "-7.4 MiB: the measurement's noise is of the size of the figure"),
	RECLAIM("reclaim-full-pre", "pages_per_s.full", MEASURED_FIT, "reclaim-child-full", 72334, NONE,
		"fits the two costs with the post row"),
	RECLAIM("reclaim-full-pre-time", "time_s.full", MEASURED_FIT, "reclaim-child-full", 7.09, NONE,
		"sizes the full request"),
	RECLAIM("reclaim-full-post", "pages_per_s.cluster", MEASURED_FIT, "reclaim-child-full", 38105, NONE,
		"fits the two costs with the pre row"),
	RECLAIM("reclaim-full-post-time", "time_s.cluster", MEASURED_HELD, "reclaim-child-full", 14.45, -6.86,
		"the post run reclaimed 7% more pages than the pre run"),
	RECLAIM("reclaim-full-decay", "pages_per_s.decay", MEASURED_HELD, "reclaim-child-full", 72914, -0.97, NULL),
	RECLAIM("reclaim-full-decay-time", "time_s.decay", MEASURED_HELD, "reclaim-child-full", 6.96, 2.05, NULL),

	/* committed_as: seed 003 */
	{ .id = "mmap-desktop", .metric = "committed_as.speedup", .role = MEASURED_FIT,
	  .machine = "8C/16T desktop, 1 socket; RAM: unknown, read as 16 GiB", .kernel = "v5.8 cycle (which rc: unknown)",
	  .workload = "will-it-scale mmap1, 128M per loop, one thread per CPU, overcommit guess",
	  .preset = "mmap-desktop-16t", .figure = 1.53, .source = SEED003,
	  .unknown = "RAM (the batch depends on it): read as 16 GiB; threads: read as one per CPU",
	  .recorded_pct = NONE, .note = "fits committed_lock_ns" },
	{ .id = "mmap-server", .metric = "committed_as.speedup", .role = MEASURED_FIT,
	  .machine = "4S/72C/144T server; RAM: unknown, read as 192 GiB", .kernel = "v5.8 cycle (which rc: unknown)",
	  .workload = "will-it-scale mmap1, 128M per loop, one thread per CPU, overcommit guess",
	  .preset = "mmap-server-144t", .figure = 21.97, .source = SEED003,
	  .unknown = "RAM: read as 192 GiB; \"2097%(20X)\" read as 21.97x", .recorded_pct = NONE,
	  .note = "fits socket_growth" },
	{ .id = "sum-cost-comment", .metric = "committed_as.sum_cost.after", .role = MEASURED_FIT,
	  .machine = "2S/36C/72T Skylake", .kernel = "the comment above vm_memory_committed(), mm/util.c",
	  .workload = "one percpu_counter_sum_positive() under severe contention", .preset = "netperf-72cpu",
	  .set = "cpus=72 sockets=2", .figure = 35, .source = "mm/util.c, comment above vm_memory_committed() (from 4e2ee51e8251)",
	  .unknown = "\"about 30~40 microseconds\": read as 35", .recorded_pct = NONE,
	  .note = "fits committed_sum_cpu_ns = 35 us / 72" },

	/* rss_stat */
	{ .id = "spawn-before", .metric = "rss_stat.spawn_score.before", .role = MEASURED_FIT,
	  .machine = "128 threads, Ice Lake; sockets and RAM: unknown", .kernel = "before f1a7941243c1",
	  .workload = "unixbench spawn", .preset = "icelake-128t", .figure = 11110, .source = SPAWN,
	  .unknown = "sockets: read as 2 (not read by the model)", .recorded_pct = NONE, .note = "fits spawn_base_ns" },
	{ .id = "spawn-after", .metric = "rss_stat.spawn_score.after", .role = MEASURED_FIT,
	  .machine = "128 threads, Ice Lake; sockets and RAM: unknown", .kernel = "f1a7941243c1 (6.2)",
	  .workload = "unixbench spawn", .preset = "icelake-128t", .figure = 8974, .source = SPAWN,
	  .unknown = "as spawn-before", .recorded_pct = NONE, .note = "fits rss_fork_cpu_ns" },
	{ .id = "make-test-192", .metric = "rss_stat.spawn_score.after", .role = MEASURED_OUTSIDE,
	  .machine = "192 CPUs", .kernel = "f1a7941243c1 (6.2)", .workload = "make test: +4% time, +9% system time",
	  .figure = 4, .source = "as issue 37 quotes it (report id: unknown)", .unknown = "the build's fork rate",
	  .recorded_pct = NONE, .note = "a build's time needs its fork rate, which is not known: no number" },
	{ .id = "oom-approx-40", .metric = "rss_stat.oom_approx_ms", .role = MEASURED_FIT,
	  .machine = "KVM guest, 256 vCPUs on 2x AMD EPYC 9654", .kernel = "before 5898aa8f9a0b",
	  .workload = "select_bad_process(), 40 processes", .preset = "oom-256vcpu", .set = "oom_processes=40",
	  .figure = 0.3, .source = OOMFIX, .unknown = "none", .recorded_pct = NONE, .note = "fits oom_base_ms" },
	{ .id = "oom-approx-10000", .metric = "rss_stat.oom_approx_ms", .role = MEASURED_FIT,
	  .machine = "KVM guest, 256 vCPUs on 2x AMD EPYC 9654", .kernel = "before 5898aa8f9a0b",
	  .workload = "select_bad_process(), 10000 processes", .preset = "oom-256vcpu", .figure = 3.0, .source = OOMFIX,
	  .unknown = "none", .recorded_pct = NONE, .note = "fits oom_task_ns" },
	{ .id = "oom-precise-10000", .metric = "rss_stat.oom_precise_ms", .role = MEASURED_FIT,
	  .machine = "KVM guest, 256 vCPUs on 2x AMD EPYC 9654", .kernel = "5898aa8f9a0b",
	  .workload = "select_bad_process(), 10000 processes", .preset = "oom-256vcpu", .figure = 80.0, .source = OOMFIX,
	  .unknown = "none", .recorded_pct = NONE, .note = "fits oom_sum_cpu_ns" },
	{ .id = "oom-precise-40", .metric = "rss_stat.oom_precise_ms", .role = MEASURED_HELD,
	  .machine = "KVM guest, 256 vCPUs on 2x AMD EPYC 9654", .kernel = "5898aa8f9a0b",
	  .workload = "select_bad_process(), 40 processes", .preset = "oom-256vcpu", .set = "oom_processes=40",
	  .figure = 0.5, .source = OOMFIX, .unknown = "none", .recorded_pct = 21.60, .note = NULL },

	/* pcp: the free_high trigger's throughput, whose sign no count gives */
	{ .id = "pcp-free-high-a", .metric = "pcp.free_high_trigger.after", .role = MEASURED_OUTSIDE,
	  .machine = "unknown", .kernel = "6.16's trigger (batch + high_min / 2)", .workload = "a throughput benchmark",
	  .figure = -18.9, .source = "as issue 50 quotes it (the mail: not found in the corpora searched)",
	  .unknown = "the benchmark and machine", .recorded_pct = NONE,
	  .note = "-18.9% on one machine, +33.3% on another: a count model of when the list drains cannot give the "
		  "sign of its time; outside the model, no number" },
	{ .id = "pcp-free-high-b", .metric = "pcp.free_high_trigger.after", .role = MEASURED_OUTSIDE,
	  .machine = "unknown", .kernel = "6.16's trigger (batch + high_min / 2)", .workload = "a throughput benchmark",
	  .figure = 33.3, .source = "as issue 50 quotes it (the mail: not found in the corpora searched)",
	  .unknown = "the benchmark and machine", .recorded_pct = NONE,
	  .note = "the other sign of pcp-free-high-a's change: outside the model, no number" },
	{ .id = NULL },
};

#define NOTHING_ELSE(what) "no measurement of " what " other than its own patch mail's was found in the corpora searched"

const struct measured_model measured_models[] = {
	{ "memcg_charge.throughput",
	  "the shape over CPUs and batch holds to the held-out rows' error only once the machine's speed is fitted "
	  "(one row); with seed 000's constants the absolute Mbps is that machine's, and another machine misses by "
	  "its speed",
	  NULL },
	{ "memcg_charge.speedup", "a ratio on one machine: the speed cancels, the shape is the MVA's",
	  NOTHING_ELSE("MEMCG_CHARGE_BATCH 32 against 64 on another machine") },
	{ "memcg_charge.update_share", "uncontended, one CPU: seed 000's constants",
	  NOTHING_ELSE("the share of the charge path spent in page_counter updates") },
	{ "proactive_reclaim.time_s", "seed 002's three scenarios, their constants per preset",
	  NOTHING_ELSE("memory.reclaim times") },
	{ "proactive_reclaim.pages_per_s", "seed 002's three scenarios, their constants per preset",
	  NOTHING_ELSE("memory.reclaim rates") },
	{ "proactive_reclaim.overreclaim_bytes", "the last call's overshoot; the seed's own figures are noise of that size",
	  NOTHING_ELSE("over-reclaim") },
	{ "proactive_reclaim.model_calls", "a count under the fitted overshoot; no one counts reclaim calls",
	  NOTHING_ELSE("reclaim call counts") },
	{ "committed_as.throughput", "a scale: mmap_loop_ns is assumed, the seed gives ratios only",
	  NOTHING_ELSE("will-it-scale mmap1 loops per second on these kernels") },
	{ "committed_as.speedup", "fitted at 16 and 144 CPUs; between and beyond, the MVA's shape",
	  NOTHING_ELSE("the vm_committed_as batch's speedup (the robot's 0day platforms are counted, not given)") },
	{ "committed_as.sum_cost", "linear in CPUs from one comment's figure, contended",
	  NOTHING_ELSE("percpu_counter_sum() times") },
	{ "committed_as.lock_share", "uncontended; mmap_loop_ns assumed", NOTHING_ELSE("the lock's share of an mmap loop") },
	{ "vmpressure.eval_time_s", "an assumed 100 ns per evaluation: the seed counts evaluations, times none",
	  NOTHING_ELSE("vmpressure evaluation times") },
	{ "vmpressure.eval_share", "rests on two assumptions (eval cost, scan rate)", NOTHING_ELSE("vmpressure's share of reclaim") },
	{ "vmpressure.detect_s", "a scale: the scan rate is borrowed from seed 002", NOTHING_ELSE("pressure detection delays") },
	{ "rss_stat.spawn_score", "fitted to one drop on one machine; linear in CPUs assumed",
	  NOTHING_ELSE("spawn rates against CPU count") },
	{ "rss_stat.oom_approx_ms", "the 2026 fix's 256-vCPU table", NOTHING_ELSE("select_bad_process() times") },
	{ "rss_stat.oom_precise_ms", "the 2026 fix's 256-vCPU table; linear in CPUs assumed",
	  NOTHING_ELSE("precise OOM scoring times (hpcc's v16 80.0 ms is the same measurement quoted again)") },
	{ NULL, NULL, NULL },
};

const char *measured_role_name(enum measured_role r)
{
	return r == MEASURED_FIT ? "fit" : r == MEASURED_HELD ? "held out" : "outside";
}

const struct measured_row *measured_find(const char *id)
{
	for (const struct measured_row *r = measured_rows; r->id; r++)
		if (!strcmp(r->id, id))
			return r;
	return NULL;
}

double measured_fit_figure(const char *id)
{
	const struct measured_row *r = measured_find(id);

	return r && r->role == MEASURED_FIT ? r->figure : NAN;
}

int measured_is_of(const struct measured_row *r, const char *patch, const char *metric)
{
	size_t pl = strlen(patch), ml = strlen(metric);

	return !strncmp(r->metric, patch, pl) && r->metric[pl] == '.' && !strncmp(r->metric + pl + 1, metric, ml) &&
	       (r->metric[pl + 1 + ml] == '\0' || r->metric[pl + 1 + ml] == '.');
}

const struct measured_model *measured_model_of(const char *patch, const char *metric)
{
	size_t pl = strlen(patch);

	for (const struct measured_model *mm = measured_models; mm->metric; mm++)
		if (!strncmp(mm->metric, patch, pl) && mm->metric[pl] == '.' && !strcmp(mm->metric + pl + 1, metric))
			return mm;
	return NULL;
}

double measured_error_pct(double model, double figure)
{
	if (isinf(model) && isinf(figure))
		return (model > 0) == (figure > 0) ? 0 : NAN; /* "inf" in a seed's table: only the same infinity */
	if (!isfinite(model) || !isfinite(figure) || figure == 0)
		return NAN;
	return 100 * (model - figure) / fabs(figure);
}

const char *measured_band_text(const struct measured_band *b, char *buf, size_t len)
{
	if (!b)
		snprintf(buf, len, "not a model");
	else if (b->held)
		snprintf(buf, len, "held-out error %+.1f%%..%+.1f%% (%d row%s)", b->lo_pct, b->hi_pct, b->held,
			 b->held == 1 ? "" : "s");
	else if (b->fit)
		snprintf(buf, len, "no held-out test (%d fit row%s)", b->fit, b->fit == 1 ? "" : "s");
	else
		snprintf(buf, len, "no held-out test (no measurement)");
	return buf;
}
