#include "calibrate.h"

#include <math.h>
#include <stdio.h>

#include "err.h"
#include "patch.h"
#include "units.h"


const struct seed002_scenario seed002[RECLAIM_SCENARIOS] = {
	[RECLAIM_ROOT] = { "root - full reclaim (MGLRU, memcg LRU used)", "reclaim-root", 1, 0,
			   { { 68047, 10.46, NAN }, { 13742, INFINITY, NAN }, { 67352, 10.51, NAN } } },
	[RECLAIM_CHILD_1G] = { "/uid_0 - 1G reclaim (memcg LRU not used)", "reclaim-child-1g", 0, 1ull << 30,
			       { { 258822, 1.12, 107.8 }, { 105174, 2.49, 3.5 }, { 233396, 1.12, -7.4 } } },
	[RECLAIM_CHILD_FULL] = { "/uid_0 - full reclaim (memcg LRU not used)", "reclaim-child-full", 1, 0,
				 { { 72334, 7.09, NAN }, { 38105, 14.45, NAN }, { 72914, 6.96, NAN } } },
};

static double metric(const struct machine *m, const char *name)
{
	struct metric_ref ref;
	char err[160];

	if (metric_parse(name, &ref, err, sizeof(err)))
		return NAN;
	return value_real(metric_eval(m, &ref, ref.side));
}

void seed000_machine(struct machine *m)
{
	m->cpus = SEED000_CPUS;
	m->depth = SEED000_DEPTH;
	m->pagesize = 4096;
	m->charge_batch = 64;
}

void seed003_machine(struct machine *m, int server)
{
	m->cpus = server ? SEED003_SERVER_THREADS : SEED003_DESKTOP_THREADS;
	m->threads = 0; /* one will-it-scale thread per CPU */
	m->sockets = server ? SEED003_SERVER_SOCKETS : 1;
	m->ram = (server ? SEED003_SERVER_RAM_GIB : SEED003_DESKTOP_RAM_GIB) * GiB;
	m->totalram = 0;
	m->pagesize = 4096;
	m->mmap = 128 * MiB;
	m->overcommit = OVERCOMMIT_GUESS;
	m->committed_lift = 64;
}

/*
 * Solve f(x) = target for x in [lo, hi], f increasing; geometric bisection
 * when lo > 0 (the unknown spans decades), plain when lo == 0.
 */
static int bisect(double (*f)(struct machine *, double), struct machine *m, double lo, double hi, double target,
		  double *x)
{
	if (!(f(m, lo) <= target && f(m, hi) >= target))
		return -1;
	for (int i = 0; i < 200; i++) {
		double mid = lo > 0 ? sqrt(lo * hi) : (lo + hi) / 2;

		if (f(m, mid) < target)
			lo = mid;
		else
			hi = mid;
	}
	*x = (lo + hi) / 2;
	return 0;
}

/* Only c / Z shapes the speedup; the level of throughput then fixes Z. */
static double memcg_speedup_at(struct machine *m, double ratio)
{
	m->charge_page_ns = 1;
	m->page_counter_ns = ratio;
	return metric(m, "memcg_charge.speedup");
}

int calibrate_memcg(struct machine *m, char *err, size_t errlen)
{
	struct machine s = *m;
	double ratio, mbps_at_unit_z;

	seed000_machine(&s);
	if (bisect(memcg_speedup_at, &s, 1e-6, 1e6, SEED000_MBPS_AFTER / SEED000_MBPS_BEFORE, &ratio))
		return err_set(err, errlen, "memcg: no page_counter_ns / charge_page_ns gives the seed's speedup");
	memcg_speedup_at(&s, ratio);
	mbps_at_unit_z = metric(&s, "memcg_charge.throughput.before");
	/* X scales as 1 / Z when Z and c scale together */
	m->charge_page_ns = mbps_at_unit_z / SEED000_MBPS_BEFORE;
	m->page_counter_ns = ratio * m->charge_page_ns;
	return 0;
}

int calibrate_memcg_speed(struct machine *m, const char *fit_id, char *err, size_t errlen)
{
	double figure = measured_fit_figure(fit_id), got = metric(m, "memcg_charge.throughput.after");

	if (!(figure > 0) || !(got > 0))
		return err_set(err, errlen, "memcg: no fit row '%s', or no throughput on its machine", fit_id);
	m->charge_page_ns *= got / figure;
	m->page_counter_ns *= got / figure;
	return 0;
}

static double committed_speedup_at_lock(struct machine *m, double lock_ns)
{
	m->committed_lock_ns = lock_ns;
	return metric(m, "committed_as.speedup");
}

static double committed_speedup_at_growth(struct machine *m, double growth)
{
	m->socket_growth = growth;
	return metric(m, "committed_as.speedup");
}

int calibrate_committed(struct machine *m, char *err, size_t errlen)
{
	struct machine s = *m;
	double lock_ns, growth;

	/* one socket: socket_growth plays no part, the desktop fixes the lock cost */
	seed003_machine(&s, 0);
	if (bisect(committed_speedup_at_lock, &s, 1e-9 * m->mmap_loop_ns, 1e3 * m->mmap_loop_ns,
		   SEED003_DESKTOP_SPEEDUP, &lock_ns))
		return err_set(err, errlen, "committed_as: no committed_lock_ns gives the desktop's +53%%");
	s = *m;
	s.committed_lock_ns = lock_ns;
	seed003_machine(&s, 1);
	if (bisect(committed_speedup_at_growth, &s, 0, 100, SEED003_SERVER_SPEEDUP, &growth))
		return err_set(err, errlen, "committed_as: no socket_growth in 0..100 gives the server's 21.97x");
	m->committed_lock_ns = lock_ns;
	m->socket_growth = growth;
	return 0;
}

/* 1 / pages_per_s is linear in the two unknowns: a * reclaim_page_ns + b * reclaim_restart_us. */
static void reclaim_coefficients(struct machine *s, const char *metric_name, double *a, double *b)
{
	double base;

	s->reclaim_page_ns = 1;
	s->reclaim_restart_us = 0;
	*a = 1 / metric(s, metric_name);
	s->reclaim_restart_us = 1;
	base = *a;
	*b = 1 / metric(s, metric_name) - base;
}

int calibrate_reclaim(struct machine *m, enum reclaim_scenario sc, char *err, size_t errlen)
{
	const struct seed002_scenario *seed = &seed002[sc];
	const struct seed002_row *pre = &seed->row[0], *post = &seed->row[1];
	struct machine s = *m;
	double af, bf, ac, bc, det, page_ns, restart_us;

	s.pagesize = 4096;
	if (!isnan(pre->overreclaim_mib))
		s.reclaim_eps = pre->overreclaim_mib * MiB / (double)seed->request_bytes;
	if (seed->full) {
		/* the full strategy reclaims R * (1 + eps) in one call, at rate - inflow net */
		double pages = pre->time_s * (pre->pages_per_s - s.reclaim_inflow) / (1 + s.reclaim_eps);

		if (!(pages >= 1))
			return err_set(err, errlen, "%s: reclaim_inflow leaves the pre-0388536ac291 run no progress", seed->preset);
		s.reclaim = (unsigned long long)llround(pages) * s.pagesize;
	} else {
		s.reclaim = seed->request_bytes;
	}
	reclaim_coefficients(&s, "proactive_reclaim.pages_per_s.full", &af, &bf);
	reclaim_coefficients(&s, "proactive_reclaim.pages_per_s.cluster", &ac, &bc);
	det = af * bc - ac * bf;
	if (!(fabs(det) > 0))
		return err_set(err, errlen, "%s: the two rows do not determine two constants", seed->preset);
	page_ns = (bc / pre->pages_per_s - bf / post->pages_per_s) / det;
	restart_us = (af / post->pages_per_s - ac / pre->pages_per_s) / det;
	if (!(page_ns > 0 && restart_us >= 0))
		return err_set(err, errlen, "%s: the fit gives a negative cost", seed->preset);
	m->reclaim = s.reclaim;
	m->reclaim_eps = s.reclaim_eps;
	m->reclaim_page_ns = page_ns;
	m->reclaim_restart_us = restart_us;
	return 0;
}
