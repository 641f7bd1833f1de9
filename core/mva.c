#include "mva.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * Identical centres (memcg's depth page_counters, each demand c / batch) hold
 * identical queues by symmetry, so one recursion serves all K of them. The
 * recursion is one long dependency chain through a division, so its length,
 * not the arithmetic, is the cost: keep the loop body short.
 */
static double solve_symmetric(double z, double d, double k, uint64_t n, mva_each_fn each, void *ctx)
{
	double x = 0, pop = 0;

	if (d == 0) {
		/* nothing queues: X(n) = n / Z */
		for (uint64_t i = 1; each && i <= n; i++)
			each(i, (double)i / z, ctx);
		return (double)n / z;
	}
	{
		/*
		 * In the total queue Q = k * q the chain is one multiply, one add and
		 * the division: cycle = (Z + k d) + d Q, X = pop / cycle, Q = X (cycle - Z).
		 * One recursion with or without each: a sweep's X(k) and a single
		 * solve at k are the same double, so lossless output agrees with get.
		 */
		double zkd = z + k * d, bigq = 0;

		for (uint64_t i = 1; i <= n; i++) {
			double cycle = zkd + d * bigq;

			pop += 1;
			x = pop / cycle;
			bigq = x * (cycle - z);
			if (each)
				each(i, x, ctx);
		}
		return x;
	}
}

/* -1: cannot be solved (see mva.h); 1: every centre has the same demand; 0: general. */
static int check_net(const struct mva_net *net, uint64_t n)
{
	double total = net->think;
	size_t k, K = net->ncentres;

	if (!n || K > MVA_MAX_CENTRES || !isfinite(net->think) || net->think < 0)
		return -1;
	for (k = 0; k < K; k++) {
		if (!isfinite(net->demand[k]) || net->demand[k] < 0)
			return -1;
		total += net->demand[k];
	}
	if (!(total > 0))
		return -1;
	for (k = 1; k < K && net->demand[k] == net->demand[0]; k++)
		;
	return k >= K;
}

static double symmetric_demand(const struct mva_net *net)
{
	return net->ncentres ? net->demand[0] : 0;
}

/* The memo's slot for a symmetric network at n, or -1. */
static int memo_find(const struct mva_net *net, uint64_t n)
{
	const struct mva_memo *mm = net->memo;
	double d = symmetric_demand(net);

	for (int i = 0; mm && i < MVA_MEMO_SLOTS; i++)
		if (mm->slot[i].used && mm->slot[i].n == n && mm->slot[i].ncentres == net->ncentres &&
		    !memcmp(&mm->slot[i].think, &net->think, sizeof(double)) && !memcmp(&mm->slot[i].demand, &d, sizeof(double)))
			return i;
	return -1;
}

static void memo_keep(const struct mva_net *net, uint64_t n, double x)
{
	struct mva_memo *mm = net->memo;
	unsigned i;

	if (!mm || memo_find(net, n) >= 0)
		return;
	i = mm->next;
	mm->next = (i + 1) % MVA_MEMO_SLOTS;
	mm->slot[i].think = net->think;
	mm->slot[i].demand = symmetric_demand(net);
	mm->slot[i].ncentres = net->ncentres;
	mm->slot[i].n = n;
	mm->slot[i].x = x;
	mm->slot[i].used = 1;
}

/* X(n) from the memo when it holds this network at n (counted), else 0 and nothing changed. */
static int memo_take(const struct mva_net *net, uint64_t n, double *x)
{
	int i = net->memo ? memo_find(net, n) : -1;

	if (!net->memo)
		return 0;
	if (i < 0) {
		net->memo->misses++;
		return 0;
	}
	net->memo->hits++;
	*x = net->memo->slot[i].x;
	return 1;
}

int mva_solve(const struct mva_net *net, uint64_t n, double *x_n, mva_each_fn each, void *ctx)
{
	double queue[MVA_MAX_CENTRES] = { 0 }, resid[MVA_MAX_CENTRES];
	double x = 0;
	size_t k, K = net->ncentres;
	int shape = check_net(net, n);

	if (shape < 0)
		return -1;
	if (shape) {
		if (!each && memo_take(net, n, x_n))
			return 0;
		*x_n = solve_symmetric(net->think, symmetric_demand(net), (double)K, n, each, ctx);
		if (!each)
			memo_keep(net, n, *x_n);
		return 0;
	}
	for (uint64_t pop = 1; pop <= n; pop++) {
		/* an arriving customer finds the queue the network held with one customer fewer */
		double cycle = net->think;

		for (k = 0; k < K; k++) {
			resid[k] = net->demand[k] * (1 + queue[k]);
			cycle += resid[k];
		}
		x = (double)pop / cycle;
		/* Little's law at each centre */
		for (k = 0; k < K; k++)
			queue[k] = x * resid[k];
		if (each)
			each(pop, x, ctx);
	}
	*x_n = x;
	return 0;
}

/* The rare pair that is not two symmetric queueing networks: one network solved ahead into a table. */
struct pair_ahead {
	double *xa;
	mva_pair_fn each;
	void *ctx;
};

static void keep_x(uint64_t k, double x, void *ctx)
{
	((struct pair_ahead *)ctx)->xa[k - 1] = x;
}

static void pair_x(uint64_t k, double x, void *ctx)
{
	struct pair_ahead *pa = ctx;

	pa->each(k, pa->xa[k - 1], x, pa->ctx);
}

int mva_solve_pair(const struct mva_net *a, const struct mva_net *b, uint64_t n, double *xa, double *xb,
		   mva_pair_fn each, void *ctx)
{
	int sa = check_net(a, n), sb = check_net(b, n);
	double da = symmetric_demand(a), db = symmetric_demand(b);

	if (sa < 0 || sb < 0)
		return -1;
	if (!sa || !sb || da == 0 || db == 0) {
		struct pair_ahead pa = { NULL, each, ctx };
		int rc;

		if (!each)
			return mva_solve(a, n, xa, NULL, NULL) || mva_solve(b, n, xb, NULL, NULL) ? -1 : 0;
		if (n > SIZE_MAX / sizeof(double) || !(pa.xa = malloc(n * sizeof(double))))
			return -1;
		rc = mva_solve(a, n, xa, keep_x, &pa) || mva_solve(b, n, xb, pair_x, &pa) ? -1 : 0;
		free(pa.xa);
		return rc;
	}
	if (!each && (a->memo || b->memo)) {
		/* one side kept (or both alike): the other alone, through mva_solve() and its memo */
		int ha = a->memo && memo_find(a, n) >= 0, hb = b->memo && memo_find(b, n) >= 0;
		int alike = a->ncentres == b->ncentres && !memcmp(&a->think, &b->think, sizeof(double)) &&
			    !memcmp(&da, &db, sizeof(double));

		if (ha || hb || alike)
			return mva_solve(a, n, xa, NULL, NULL) || mva_solve(b, n, xb, NULL, NULL) ? -1 : 0;
	}
	{
		/* the recursion of solve_symmetric(), twice, interleaved */
		double za = a->think, zb = b->think, zka = za + (double)a->ncentres * da, zkb = zb + (double)b->ncentres * db;
		double qa = 0, qb = 0, x1 = 0, x2 = 0, pop = 0;

		for (uint64_t i = 1; i <= n; i++) {
			double ca = zka + da * qa, cb = zkb + db * qb;

			pop += 1;
			x1 = pop / ca;
			x2 = pop / cb;
			qa = x1 * (ca - za);
			qb = x2 * (cb - zb);
			if (each)
				each(i, x1, x2, ctx);
		}
		*xa = x1;
		*xb = x2;
		if (!each) {
			if (a->memo)
				a->memo->misses++, memo_keep(a, n, x1);
			if (b->memo)
				b->memo->misses++, memo_keep(b, n, x2);
		}
	}
	return 0;
}
