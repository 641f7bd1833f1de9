/*
 * Seed 004: the vmpressure window scales with machine size.
 * mm/vmpressure.c: vmpressure_win was a fixed SWAP_CLUSTER_MAX * 16 pages;
 * the patch grows it by one such step per doubling of memory, with the fls()
 * shape of calculate_normal_threshold() but over totalram_pages(), where
 * that function scales each zone by its own size.
 */
#include "../patch.h"

#include "kernel.h"
#include "release.h"
#include "../units.h"
#include "../variant.h"

enum { BEFORE, AFTER };

/* metrics[]'s rows that fn_row fills (vmpressure_row), by position */
enum { M_WINDOW, M_WINDOW_BYTES, M_WINDOW_SHARE = 8 };

extern const struct patch_desc vmpressure_patch;

/* vmpressure_init_window(), mm/vmpressure.c (seed 004); before: the constant vmpressure_win. */
static uint64_t vmpressure_win(const struct machine *m, int side, struct strbuf *why)
{
	uint64_t totalram = machine_totalram(m), mem128m, win;
	unsigned int shift = machine_page_shift(m);

	if (side > AFTER)
		return variant_const(m, &vmpressure_patch, side, why);
	if (side == BEFORE) { /* and every release's: the kernel side runs before (win_rows) */
		sb_printf(why, "formula: vmpressure_win = SWAP_CLUSTER_MAX * 16\n");
		sb_printf(why, "%u * 16 = %u\n", SWAP_CLUSTER_MAX, SWAP_CLUSTER_MAX * 16);
		sb_printf(why, "kernel: const vmpressure_win, mm/vmpressure.c (before seed 004)\n");
		return SWAP_CLUSTER_MAX * 16;
	}
	if (m->vmpressure_win) {
		sb_printf(why, "vmpressure_win = %llu pages (set by vmpressure_win; the patch's formula gives %llu)\n",
			  (unsigned long long)m->vmpressure_win, (unsigned long long)machine_vmpressure_win(m));
		sb_printf(why, "kernel: vmpressure_win, mm/vmpressure.c (a what-if window on the patched side)\n");
		return m->vmpressure_win;
	}
	mem128m = totalram >> (27 - shift);
	/* fls() takes an unsigned int: seed 004 passes its unsigned long mem128m, cut to 32 bits */
	win = (uint64_t)SWAP_CLUSTER_MAX * 16 * (1 + fls32(mem128m));
	sb_printf(why, "formula: vmpressure_win = SWAP_CLUSTER_MAX * 16 * (1 + fls(totalram >> (27 - PAGE_SHIFT)))\n");
	sb_printf(why, "totalram = %llu pages, PAGE_SHIFT = %u\n", (unsigned long long)totalram, shift);
	sb_printf(why, "%llu >> %u = %llu (memory in 128 MiB units, unsigned long mem128m)\n", (unsigned long long)totalram,
		  27 - shift, (unsigned long long)mem128m);
	if (trunc32(mem128m))
		sb_printf(why, "truncated: fls() takes an unsigned int, so %llu is cut to its low 32 bits, %u; past 512 PiB "
			       "the kernel's formula breaks and the window no longer grows with memory\n",
			  (unsigned long long)mem128m, (unsigned int)(uint32_t)mem128m);
	sb_printf(why, "1 + fls(%u) = %u\n", (unsigned int)(uint32_t)mem128m, 1 + fls32(mem128m));
	sb_printf(why, "%u * 16 * %u = %llu\n", SWAP_CLUSTER_MAX, 1 + fls32(mem128m), (unsigned long long)win);
	machine_note_estimates(m, 0, why);
	sb_printf(why, "kernel: vmpressure_init_window(), mm/vmpressure.c (seed 004, a proposed patch)\n");
	return win;
}

static struct value window(METRIC_ARGS(m, side, why))
{
	return val_int(vmpressure_win(m, side, why));
}

/* vmpressure_win() on both sides for a sweep row, without its working. */
static void window_sides(const struct machine *m, struct value out[PATCH_MAX_SIDES])
{
	out[BEFORE] = val_int(SWAP_CLUSTER_MAX * 16);
	out[AFTER] = val_int(m->vmpressure_win ? m->vmpressure_win
					       : (uint64_t)SWAP_CLUSTER_MAX * 16 *
							 (1 + fls32(machine_totalram(m) >> (27 - machine_page_shift(m)))));
}

/*
 * Where window_sides() next changes as totalram grows: before is constant,
 * after (vmpressure_init_window(), mm/vmpressure.c, seed 004) follows fls()
 * of the low 32 bits of totalram >> (27 - PAGE_SHIFT),
 * which stays until those bits reach the next power of two (or wrap past 2^32
 * to 0), or never moves when the window is set.
 */
static uint64_t window_plateau(const struct machine *m)
{
	unsigned int page_shift = machine_page_shift(m), shift, f;
	uint64_t x, next, t = machine_totalram(m); /* set, or from ram: a sweep over ram asks too */

	if (m->vmpressure_win)
		return UINT64_MAX;
	if (!t || page_shift > 27)
		return 0;
	shift = 27 - page_shift;
	x = t >> shift;
	f = fls32(x);
	next = (x - (uint32_t)x) + (1ull << f); /* the next x whose fls32() differs */
	if (next < x || next > UINT64_MAX >> shift)
		return UINT64_MAX;
	return (next << shift) - 1;
}

/*
 * The window's bytes and share, each a formula of the window: written once,
 * for the metric's fn and for its fn_sides, which gives a sweep row both
 * sides from one window_sides().
 */
static struct value bytes_of(const struct machine *m, uint64_t win)
{
	return val_int(win * m->pagesize);
}

static struct value share_of(const struct machine *m, uint64_t win)
{
	return val_real(100.0 * (double)mul_sat(win, m->pagesize) / (double)m->cgroup_size);
}

static void window_bytes_sides(const struct machine *m, struct value out[PATCH_MAX_SIDES])
{
	sides_of(m, out, window_sides, bytes_of);
}

static void window_share_sides(const struct machine *m, struct value out[PATCH_MAX_SIDES])
{
	sides_of(m, out, window_sides, share_of);
}

/* A sweep row's window and its two formulas, both sides, from one window_sides(). */
static void vmpressure_row(const struct machine *m, struct value (*out)[PATCH_MAX_SIDES])
{
	struct value w[PATCH_MAX_SIDES];

	window_sides(m, w);
	for (int s = BEFORE; s <= AFTER; s++) {
		out[M_WINDOW][s] = w[s];
		out[M_WINDOW_BYTES][s] = bytes_of(m, w[s].i);
		out[M_WINDOW_SHARE][s] = share_of(m, w[s].i);
	}
}

static struct value window_bytes(METRIC_ARGS(m, side, why))
{
	uint64_t win = vmpressure_win(m, side, why), bytes = bytes_of(m, win).i;

	sb_printf(why, "window_bytes = window * PAGE_SIZE = %llu * %llu = %llu\n", (unsigned long long)win,
		  (unsigned long long)m->pagesize, (unsigned long long)bytes);
	return val_int(bytes);
}

/*
 * vmpressure() adds each call's scanned pages to vmpr->scanned and, once the
 * sum reaches vmpressure_win, evaluates and starts from zero: the part of the
 * call past the window is dropped, so a window takes ceil(window / chunk)
 * whole calls. The workload is `scanned` pages in calls of `chunk` pages, the
 * last call carrying the remainder: it is a call too and can complete a window.
 */
static uint64_t evaluations(const struct machine *m, int side, struct strbuf *why)
{
	uint64_t win = vmpressure_win(m, side, NULL);
	uint64_t per_eval = (win + m->chunk - 1) / m->chunk; /* calls per evaluation */
	uint64_t full = m->scanned / m->chunk, last = m->scanned % m->chunk;
	uint64_t evals = full / per_eval, pending = (full % per_eval) * m->chunk;
	int last_evals = last && pending + last >= win;

	evals += (uint64_t)last_evals;
	sb_printf(why, "workload: scanned pages reach vmpressure() in calls of chunk pages (the last call carries "
		       "the remainder), all on the non-tree socket-pressure path of one non-root memcg\n");
	sb_printf(why, "window = %llu pages, chunk = %llu pages, scanned = %llu pages\n", (unsigned long long)win,
		  (unsigned long long)m->chunk, (unsigned long long)m->scanned);
	sb_printf(why, "a window takes ceil(%llu / %llu) = %llu calls (the excess of the call that fills it is dropped)\n",
		  (unsigned long long)win, (unsigned long long)m->chunk, (unsigned long long)per_eval);
	sb_printf(why, "%llu full calls / %llu = %llu evaluations, %llu pages left pending\n", (unsigned long long)full,
		  (unsigned long long)per_eval, (unsigned long long)(full / per_eval), (unsigned long long)pending);
	if (last)
		sb_printf(why, "last call of %llu pages: %llu + %llu %s %llu, %s\n", (unsigned long long)last,
			  (unsigned long long)pending, (unsigned long long)last, last_evals ? ">=" : "<",
			  (unsigned long long)win, last_evals ? "one more evaluation" : "no evaluation");
	sb_printf(why, "evals = %llu\n", (unsigned long long)evals);
	sb_printf(why, "kernel: vmpressure(), mm/vmpressure.c (the scanned < vmpressure_win check under sr_lock)\n");
	return evals;
}

static struct value evals(METRIC_ARGS(m, side, why))
{
	return val_int(evaluations(m, side, why));
}

static struct value reduction(METRIC_ARGS(m, side, why))
{
	uint64_t before = evaluations(m, BEFORE, NULL), after = evaluations(m, AFTER, NULL);

	(void)side;
	sb_printf(why, "workload: as evals - scanned pages in calls of chunk pages on the socket-pressure path\n");
	sb_printf(why, "formula: reduction = evals.before / evals.after\n");
	if (!after) {
		sb_printf(why, "evals.after = 0: too few pages scanned to fill one window\n");
		return val_none("no evaluation after the patch");
	}
	sb_printf(why, "%llu / %llu = %.3f\n", (unsigned long long)before, (unsigned long long)after,
		  (double)before / (double)after);
	sb_printf(why, "kernel: vmpressure(), mm/vmpressure.c\n");
	return val_real((double)before / (double)after);
}


/*
 * Seed 004 counts evaluations but gives no time: the cost of one is an
 * assumption (vmpressure_eval_ns), so this figure is a scale, not a fit.
 */
static struct value eval_time_s(METRIC_ARGS(m, side, why))
{
	uint64_t n = evaluations(m, side, why);
	double t = (double)n * m->vmpressure_eval_ns * 1e-9;

	sb_printf(why, "model: eval_time_s = evals * vmpressure_eval_ns = %llu * %.4g ns = %.0f ns (modeled)\n",
		  (unsigned long long)n, m->vmpressure_eval_ns, t * 1e9);
	sb_printf(why, "assumed: vmpressure_eval_ns, the work the window saves per evaluation: vmpressure_calc_level() "
		       "and, at medium or worse, the socket_pressure write; not fitted (the seed reports counts only). "
		       "The sr_lock round trip is not saved: every vmpressure() call takes sr_lock, whatever the "
		       "window, so this is the time the window changes, not the time vmpressure() costs\n");
	return val_real(t);
}

/*
 * The price of a bigger window: vmpressure() adds each call's scanned pages
 * to vmpr->scanned and does nothing while the sum is below vmpressure_win, so
 * a memcg's first evaluation (and so its first low/medium notification and
 * its first socket_pressure assertion) waits for whole calls of `chunk`
 * pages to reach the window. The window is the same for every memcg.
 */
static uint64_t detect(const struct machine *m, int side, struct strbuf *why)
{
	uint64_t win = vmpressure_win(m, side, NULL), calls = (win + m->chunk - 1) / m->chunk, pages = calls * m->chunk;

	sb_printf(why, "workload: one memcg's scanned pages arrive in vmpressure() calls of chunk pages\n");
	sb_printf(why, "formula: detect_pages = ceil(vmpressure_win / chunk) * chunk (whole vmpressure() calls)\n");
	sb_printf(why, "ceil(%llu / %llu) = %llu calls of %llu pages = %llu pages\n", (unsigned long long)win,
		  (unsigned long long)m->chunk, (unsigned long long)calls, (unsigned long long)m->chunk,
		  (unsigned long long)pages);
	sb_printf(why, "kernel: vmpressure(), mm/vmpressure.c: vmpr->scanned += scanned; if (scanned < vmpressure_win) return;\n");
	sb_printf(why, "  (per memcg: memcg_to_vmpressure(); on the cgroup-v1 tree path vmpressure_prio() passes vmpressure_win "
		       "at once, so critical is not delayed there; socket pressure has no such shortcut)\n");
	return pages;
}

static struct value detect_pages(METRIC_ARGS(m, side, why))
{
	return val_int(detect(m, side, why));
}

static struct value detect_bytes(METRIC_ARGS(m, side, why))
{
	uint64_t pages = detect(m, side, why), bytes = mul_sat(pages, m->pagesize);

	sb_printf(why, "detect_bytes = detect_pages * PAGE_SIZE = %llu * %llu = %llu\n", (unsigned long long)pages,
		  (unsigned long long)m->pagesize, (unsigned long long)bytes);
	return val_int(bytes);
}

static struct value detect_s(METRIC_ARGS(m, side, why))
{
	uint64_t pages = detect(m, side, why);
	double t = (double)pages / m->scan_rate;

	sb_printf(why, "model: detect_s = detect_pages / scan_rate = %llu / %.6g pages/s = %.6g s (modeled)\n",
		  (unsigned long long)pages, m->scan_rate, t);
	sb_printf(why, "assumed: scan_rate, the pages/s reclaim scans in this memcg; the default is seed 002's "
		       "258822 pages/s reclaimed by memory.reclaim, borrowed as a rate only: not a floor on the scan "
		       "rate, since vmpressure_calc_level()'s own comment says reclaimed can exceed scanned (slab "
		       "pages shrink_node() adds to reclaimed only), and memory.reclaim itself never feeds vmpressure "
		       "(every vmpressure() call in mm/vmscan.c is behind !sc->proactive)\n");
	return val_real(t);
}

/* vmpressure_win is sized by the machine's RAM but counted per memcg: a small memcg scans a big share of itself. */
static struct value window_share(METRIC_ARGS(m, side, why))
{
	uint64_t win = vmpressure_win(m, side, why);
	double pct = share_of(m, win).r;

	sb_printf(why, "formula: window_share = 100 * vmpressure_win * PAGE_SIZE / cgroup_size\n");
	sb_printf(why, "100 * %llu * %llu / %llu = %.6g%%\n", (unsigned long long)win, (unsigned long long)m->pagesize,
		  (unsigned long long)m->cgroup_size, pct);
	sb_printf(why, "the window is one global (vmpressure_win), the count is per memcg (struct vmpressure in each)\n");
	return val_real(pct);
}


/*
 * The saving put in proportion: what the window saves in evaluation time is
 * a part of the reclaim run whose scanned pages it counts, and that run takes
 * scanned / scan_rate seconds. The before side saves nothing against itself.
 */
static struct value eval_share(METRIC_ARGS(m, side, why))
{
	uint64_t nb = evaluations(m, BEFORE, NULL), ns = evaluations(m, side, NULL);
	double saved = ((double)nb - (double)ns) * m->vmpressure_eval_ns * 1e-9, run = (double)m->scanned / m->scan_rate;
	double pct = 100.0 * saved / run;

	sb_printf(why, "model: eval_share = 100 * (evals.before - evals) * vmpressure_eval_ns / (scanned / scan_rate)\n");
	sb_printf(why, "saved: (%llu - %llu) * %.4g ns = %.9f s of evaluation (vmpressure_calc_level() and the "
		       "socket_pressure write, run once per window by vmpressure(), mm/vmpressure.c)\n",
		  (unsigned long long)nb, (unsigned long long)ns, m->vmpressure_eval_ns, saved);
	sb_printf(why, "the reclaim run it is part of: scanned / scan_rate = %llu / %.6g pages/s = %.6f s\n",
		  (unsigned long long)m->scanned, m->scan_rate, run);
	sb_printf(why, "100 * %.9f / %.6f = %.9f%% of the run (modeled)\n", saved, run, pct);
	sb_printf(why, "assumed: vmpressure_eval_ns (not fitted: the seed counts evaluations only) and scan_rate "
		       "(seed 002's reclaim rate, borrowed); the run's scanning is shrink_node_memcgs(), mm/vmscan.c, "
		       "which calls vmpressure() once per memcg per pass\n");
	return val_real(pct);
}

static const struct metric_desc metrics[] = {
	[M_WINDOW] = { .name = "window", .unit = "pages", .kind = METRIC_EXACT,
	  .help = "pages a memcg's vmpressure() calls add up before a level is computed (vmpressure_win)", .fn = window, .fn_sides = window_sides, .totalram_plateau = window_plateau,
	  .better = BETTER_NONE, .reads = "ram pagesize totalram vmpressure_win" },
	[M_WINDOW_BYTES] = { .name = "window_bytes", .unit = "bytes", .kind = METRIC_EXACT,
	  .help = "the window in bytes", .fn = window_bytes, .fn_sides = window_bytes_sides, .totalram_plateau = window_plateau, .through_constant = 1,
	  .better = BETTER_NONE, .reads = "ram pagesize totalram vmpressure_win" },
	{ .name = "evals", .unit = "evals", .kind = METRIC_WORKLOAD,
	  .help = "evaluations for `scanned` pages in `chunk`-page calls", .fn = evals, .totalram_plateau = window_plateau, .through_constant = 1,
	  .better = BETTER_LOWER, .reads = "ram pagesize totalram scanned chunk vmpressure_win" },
	{ .name = "eval_time_s", .unit = "s", .kind = METRIC_MODELED,
	  .help = "time spent evaluating: evals * an assumed per-evaluation cost", .fn = eval_time_s, .totalram_plateau = window_plateau,
	  .better = BETTER_LOWER, .reads = "ram pagesize totalram scanned chunk vmpressure_eval_ns vmpressure_win" },
	{ .name = "eval_share", .unit = "%", .kind = METRIC_MODELED,
	  .help = "evaluation time saved against before, as a share of the reclaim run (scanned / scan_rate)",
	  .fn = eval_share, .totalram_plateau = window_plateau, .better = BETTER_HIGHER,
	  .reads = "ram pagesize totalram scanned chunk vmpressure_eval_ns vmpressure_win scan_rate" },
	{ .name = "detect_pages", .unit = "pages", .kind = METRIC_WORKLOAD,
	  .help = "pages a memcg scans before its first evaluation can fire (whole chunk calls)", .fn = detect_pages, .totalram_plateau = window_plateau, .through_constant = 1,
	  .better = BETTER_LOWER, .reads = "ram pagesize totalram chunk vmpressure_win" },
	{ .name = "detect_bytes", .unit = "bytes", .kind = METRIC_WORKLOAD,
	  .help = "detect_pages in bytes", .fn = detect_bytes, .totalram_plateau = window_plateau, .through_constant = 1,
	  .better = BETTER_LOWER, .reads = "ram pagesize totalram chunk vmpressure_win" },
	{ .name = "detect_s", .unit = "s", .kind = METRIC_MODELED,
	  .help = "time to the first evaluation at an assumed scan_rate", .fn = detect_s, .totalram_plateau = window_plateau,
	  .better = BETTER_LOWER, .reads = "ram pagesize totalram chunk vmpressure_win scan_rate" },
	[M_WINDOW_SHARE] = { .name = "window_share", .unit = "%", .kind = METRIC_EXACT,
	  .help = "the window as a share of cgroup_size (the memcg scans it alone)", .fn = window_share, .fn_sides = window_share_sides, .totalram_plateau = window_plateau,
	  .better = BETTER_LOWER, .reads = "ram pagesize totalram vmpressure_win cgroup_size" },
	{ .name = "reduction", .unit = "x", .kind = METRIC_WORKLOAD,
	  .single = 1, .help = "how many times fewer evaluations after the patch", .fn = reduction, .totalram_plateau = window_plateau,
	  .better = BETTER_HIGHER, .reads = "ram pagesize totalram scanned chunk vmpressure_win" },
	{ .name = NULL },
};

static const char *const sides[] = { "before", "after", NULL };
static const char *const locals[] = { "mem128m", NULL };
static const char *const locals_reads[] = { "totalram ram pagesize", NULL };
static const char *const locals_help[] = { "totalram >> (27 - PAGE_SHIFT): memory in 128 MiB units", NULL };
static const char *const locals_expr[] = { "totalram >> (27 - PAGE_SHIFT)" }; /* local_values() below */

static void local_values(const struct machine *m, uint64_t *vals)
{
	vals[0] = machine_totalram(m) >> (27 - machine_page_shift(m));
}

static const struct patch_constant window_constant = {
	.name = "vmpressure_win",
	.what = "the window: pages scanned between pressure evaluations",
	.example = "512 * (1 + fls(mem128m) / 2)",
	.metric = "window",
	.locals = locals,
	.locals_help = locals_help,
	.locals_reads = locals_reads,
	.locals_expr = locals_expr,
	.local_values = local_values,
	/* an empty window would evaluate on no pages; window_bytes must fit 64 bits */
	.lo = 1,
	.hi = 1ull << 40,
	.why_range = "outside 1..2^40 pages: not a window",
	.slot = PATCH_SLOT(vmpressure),
	.side0 = 2,
};

static struct value win_512(const struct machine *m, const struct release_row *r, struct strbuf *why)
{
	(void)m;
	(void)r;
	(void)why;
	return val_int(SWAP_CLUSTER_MAX * 16);
}

static const struct release_row win_rows[] = {
	{ "3.10", "70ddf637eebe", "vmpressure_win = SWAP_CLUSTER_MAX * 16 = 512 pages, whatever the machine; seed 004's "
	  "vmpressure_init_window() is a proposal, in no release", "vmpressure(), mm/vmpressure.c",
	  "3.10.65 (vmpressure began in 3.10; no 3.9 tree) has the static const 512-page window; 3.11.0, 6.8.1, "
	  "6.9.0, 6.17.0 and 6.18.19 the same", win_512, BEFORE },
	{ .from = NULL },
};

static const struct release_history win_history = {
	.constant = "vmpressure_win", .unit = "pages", .rows = win_rows,
	.before_first = "batchlab's table starts at 3.10",
	.metric = "window",
};

static const struct release_history *const histories[] = { &win_history, NULL };

/* Every commit a row above names, with its subject as git log prints it (checked in Fixes: lines and shortlogs). */
static const struct commit_subject subjects[] = {
	{ "70ddf637eebe", "memcg: add memory.pressure_level events" },
	{ NULL, NULL },
};

/* every release runs the before side: seed 004 is a proposal */
static const struct patch_kernel win_kernel = {
	.runs = &win_history,
	.subjects = subjects,
	.history = histories,
};

/*
 * --- seed 004's claims and the points a maintainer leads with (core/patch.h:
 * struct patch_claim; `about vmpressure --claims`, `report vmpressure`) ---
 *
 * The table's five rows each scanned their own count of pages: "11.9 M" is
 * the mail's rounding, and 512-window evaluations of n mean n * 512 to
 * n * 512 + 511 pages scanned (in 32-page calls, `chunk`). Each row below
 * takes the least, n * 512, which gives the row's scaled count as well -
 * 11.9M flat gives 3873 where the seed measured 3877.
 */
#define V4(gb, ram, win, scanned, e512, escaled, line)                                                       \
	{ .said = gb ": scaled_win " #win, .where = line, .machine = "vm-4g", .set = "ram=" ram,              \
	  .metric = "window.after", .figure = win, .how = CLAIM_EQUAL, .expect = CLAIM_HOLDS },                  \
	{ .said = gb ": 11.9 M scanned, " #e512 " 512-win evals", .where = line, .machine = "vm-4g",          \
	  .set = "ram=" ram " scanned=" #scanned, .metric = "evals.before", .figure = e512, .how = CLAIM_EQUAL, \
	  .note = "scanned = " #e512 " x 512 = " #scanned " pages, the least count that gives it; the mail "    \
		  "rounds it to 11.9 M",                                                                      \
	  .expect = CLAIM_HOLDS },                                                                           \
	{ .said = gb ": " #escaled " scaled evals", .where = line, .machine = "vm-4g",                       \
	  .set = "ram=" ram " scanned=" #scanned, .metric = "evals.after", .figure = escaled,                \
	  .how = CLAIM_EQUAL, .expect = CLAIM_HOLDS }

static const struct patch_claim claims[] = {
	{ .said = "a fixed 512 pages (2 MB)", .where = "line 8", .machine = "vm-4g", .metric = "window_bytes.before",
	  .figure = 2097152, .how = CLAIM_EQUAL, .note = "512 pages of 4 KiB: 2 MiB", .expect = CLAIM_HOLDS },
	{ .said = "under 128 MB keeps the historical 512 pages", .where = "line 17", .machine = "vm-4g",
	  .set = "ram=127M", .metric = "window.after", .figure = 512, .how = CLAIM_EQUAL,
	  .note = "fls(0) = 0 below 128 MiB of totalram", .expect = CLAIM_HOLDS },
	V4("4 GB", "4G", 3072, 11912704, 23267, 3877, "line 30"),
	V4("8 GB", "8G", 3584, 11932672, 23306, 3329, "line 31"),
	V4("16 GB", "16G", 4096, 11919872, 23281, 2910, "line 32"),
	V4("32 GB", "32G", 4608, 11913216, 23268, 2585, "line 33"),
	V4("64 GB", "64G", 5120, 11919872, 23281, 2328, "line 34"),
	{ .said = "evaluates ~23k times at every machine size", .where = "line 36", .machine = "vm-4g",
	  .metric = "evals.before", .figure = 23000, .how = CLAIM_EQUAL, .tol = 500,
	  .note = "11.9 M pages in windows of 512", .expect = CLAIM_HOLDS },
	{ .said = "a 6x reduction at 4 GB", .where = "line 38", .machine = "vm-4g", .set = "scanned=11912704",
	  .metric = "reduction", .figure = 6, .how = CLAIM_EQUAL, .tol = 0.5, .expect = CLAIM_HOLDS },
	{ .said = "growing to 10x at 64 GB", .where = "line 38", .machine = "vm-4g",
	  .set = "ram=64G scanned=11919872", .metric = "reduction", .figure = 10, .how = CLAIM_EQUAL, .tol = 0.5,
	  .expect = CLAIM_HOLDS },
	{ .said = "~11x projected at 128 GB", .where = "line 39", .machine = "vm-4g", .set = "ram=128G",
	  .metric = "reduction", .figure = 11, .how = CLAIM_EQUAL, .tol = 0.5,
	  .note = "with usable RAM under 128 GiB, as a 128 GB machine has (totalram = RAM less the memmap: "
		  "fls(1023) = 10, window 5632)",
	  .expect = CLAIM_HOLDS },
	{ .said = "~11x projected at 128 GB", .where = "line 39", .machine = "vm-4g",
	  .set = "ram=128G totalram=33554432p", .metric = "reduction", .figure = 11, .how = CLAIM_EQUAL, .tol = 0.5,
	  .note = "12x at exactly 128 GiB of totalram: fls(1024) = 11, window 6144; ~11x needs totalram "
		  "under 128 GiB",
	  .expect = CLAIM_DIFFERS },
	{ .said = "Each evaluation takes the per-memcg sr_lock", .where = "line 40", .how = CLAIM_OUTSIDE,
	  .note = "not a figure, and not what the code does: vmpressure() takes sr_lock on every call, "
		  "whatever the window (mm/vmpressure.c); eval_time_s leaves the lock out",
	  .expect = CLAIM_NOT_MODELLED },
	{ .said = "The default stays 512 until the initcall runs", .where = "line 44", .how = CLAIM_OUTSIDE,
	  .note = "batchlab's window is the one after boot; reclaim before subsys_initcall is not modelled",
	  .expect = CLAIM_NOT_MODELLED },
	{ .said = NULL },
};

static const char *const points[] = {
	"Not in mainline, and it does not apply there: its context (extern const unsigned long vmpressure_win, "
	"'Shared with the v1 vmpressure block') is in no mainline tree, where vmpressure_win is static const in "
	"mm/vmpressure.c.",
	"It does not scale 'the same way calculate_normal_threshold() does': that function (mm/vmstat.c) gives "
	"each zone 2 * fls(num_online_cpus()) * (1 + fls(zone managed pages in 128 MiB)), capped at 125; the "
	"patch's vmpressure_init_window() uses totalram_pages() for the whole machine, no CPU term, no cap.",
	"The window is computed once at boot (subsys_initcall vmpressure_init_window()): memory hotplug and "
	"balloons never update it, where refresh_zone_stat_thresholds() (mm/vmstat.c) redoes the vmstat "
	"thresholds.",
	"memory.reclaim never feeds vmpressure: try_to_free_mem_cgroup_pages() (mm/vmscan.c) sets sc->proactive "
	"for it, and every vmpressure() call in mm/vmscan.c sits behind !sc->proactive: a 'cgroup-bound "
	"reclaim workload' driven through memory.reclaim counts no evaluation at all, and the mail does not say "
	"which reclaim it ran.",
	"What the window saves is vmpressure_calc_level() and the socket_pressure write, not the lock: "
	"vmpressure() (mm/vmpressure.c) takes sr_lock on every call.",
	NULL,
};

const struct patch_desc vmpressure_patch = {
	.id = "vmpressure",
	.title = "vmpressure window scales with machine size",
	.seed = "004_42bc3904357bd0c5",
	.kernel = "mm/vmpressure.c",
	.sides = sides,
	.before = BEFORE,
	.after = AFTER,
	.metrics = metrics,
	.fn_row = vmpressure_row,
	.row_metrics = 1u << M_WINDOW | 1u << M_WINDOW_BYTES | 1u << M_WINDOW_SHARE,
	.about =
		"Status: a proposed patch, and it does not apply to mainline as posted: its context lines "
		"(extern const unsigned long vmpressure_win; and the 'Shared with the v1 vmpressure block' "
		"comment) exist in no mainline tree; through 6.17-rc the window is static const in "
		"mm/vmpressure.c and not exported. vmpressure_init_window() is in no mainline tree.\n"
		"vmpressure_win is the number of scanned pages vmpressure() accumulates per memcg before it "
		"computes a pressure level. It was a fixed 512 pages (SWAP_CLUSTER_MAX * 16, 2 MiB of 4K "
		"pages) since vmpressure began, and its comment asked for it to scale with machine size 'as "
		"we do for vmstat thresholds'. The patch computes it once at boot as SWAP_CLUSTER_MAX * 16 * "
		"(1 + fls(memory in 128 MiB units)): one more 512-page step per doubling of memory. It says "
		"it scales 'the same way calculate_normal_threshold() does'; it does not: that function "
		"scales each zone by its own managed pages, the patch scales by totalram_pages().\n"
		"Every vmpressure() call takes the memcg's sr_lock to add its pages, whatever the window.\n"
		"The window decides only how often the level is computed and, at medium or worse, socket "
		"pressure written (the non-tree path, called once per memcg per shrink_node_memcgs() pass "
		"with that pass's scanned pages), or how often the work item runs and notifies cgroup-v1 "
		"memory.pressure_level listeners (the tree path, from shrink_node()). `chunk`, the pages per "
		"call, is an assumed workload parameter, not a kernel constant. memory.reclaim (seed 002) "
		"never feeds vmpressure: every vmpressure() and vmpressure_prio() call in mm/vmscan.c "
		"(shrink_node_memcgs(), shrink_node(), MGLRU's shrink_one(), do_try_to_free_pages()) sits "
		"behind !sc->proactive.\n"
		"The price (the kernel's own comment: 'too big window size will delay the notifications'):\n"
		"- a memcg's first evaluation waits for a whole window of scanned pages (detect_pages), "
		"and the window is sized by machine RAM but counted per memcg (window_share);\n"
		"- vmpressure_prio() still signals critical at once on the tree path: at a deep reclaim "
		"priority it calls vmpressure() with scanned = vmpressure_win, which fills any window;\n"
		"- the cgroup-v1 memory.pressure_level notifications are rate-limited by the window "
		"(vmpressure_work_fn() runs at most once per window of scanned pages), so they come rarer;\n"
		"- the window is computed once at boot (subsys_initcall vmpressure_init_window()): memory "
		"hotplug and balloons do not update it, unlike the committed_as batch (mm_compute_batch(), "
		"redone on memory hotplug by mm_compute_batch_notifier() and on an overcommit change by "
		"overcommit_policy_handler()) and the vmstat thresholds (refresh_zone_stat_thresholds(), "
		"redone on CPU hotplug and from init_per_zone_wmark_min()).\n",
	.published =
		"The same reclaim work (11.9M pages scanned) evaluated ~23.3k times with the 512-page "
		"window at every size; scaled: 3877 (4 GB), 3329 (8 GB), 2910 (16 GB), 2585 (32 GB), "
		"2328 (64 GB): 6x fewer at 4 GB growing to 10x at 64 GB (windows 3072..5120 pages).\n",
	.headline = "evals",
	.seed_presets = "vm-4g",
	.constant = &window_constant,
	.kernel_code = &win_kernel,
	.points = points,
	.claims = claims,
};
