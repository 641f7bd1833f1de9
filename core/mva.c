#include "mva.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * Where a symmetric recursion stands after population k: X(k) and the total
 * queue. A memo keeps these at n >> j; marks is what a solve records on its
 * way (want: the populations to record, ascending; got: how many it did).
 */
struct mva_marks {
	uint64_t want[MVA_MEMO_MARKS];
	double x[MVA_MEMO_MARKS], q[MVA_MEMO_MARKS];
	int nwant, got;
};

/* The populations a solve at n records: n >> j above from, ascending, each once. */
static void marks_plan(struct mva_marks *mk, uint64_t n, uint64_t from)
{
	uint64_t last = 0;

	mk->nwant = mk->got = 0;
	for (int j = n ? 63 - __builtin_clzll(n) : 0; j >= 0; j--) { /* from n's top bit: n >> j is 1 there */
		uint64_t v = n >> j;

		if (v > from && v != last && mk->nwant < MVA_MEMO_MARKS)
			mk->want[mk->nwant++] = v;
		last = v;
	}
}

/*
 * Identical centres (memcg's depth page_counters, each demand c / batch) hold
 * identical queues by symmetry, so one recursion serves all K of them. The
 * recursion is one long dependency chain through a division, so its length,
 * not the arithmetic, is the cost: keep the loop body short. It starts at
 * population from with total queue q0 (0 and 0: from the start), as the
 * recursion stood there, and records in mk (when not NULL) where it stands at
 * the populations mk wants.
 */
static double solve_symmetric(double z, double d, double k, uint64_t from, double q0, uint64_t n, mva_each_fn each,
			      void *ctx, struct mva_marks *mk)
{
	double x = 0, pop = (double)from;

	if (d == 0) {
		/* nothing queues: X(n) = n / Z */
		for (uint64_t i = from + 1; each && i <= n; i++)
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
		double zkd = z + k * d, bigq = q0;
		uint64_t next = mk && mk->got < mk->nwant ? mk->want[mk->got] : 0;

		for (uint64_t i = from + 1; i <= n; i++) {
			double cycle = zkd + d * bigq;

			pop += 1;
			x = pop / cycle;
			bigq = x * (cycle - z);
			if (each)
				each(i, x, ctx);
			if (i == next) {
				mk->x[mk->got] = x;
				mk->q[mk->got++] = bigq;
				next = mk->got < mk->nwant ? mk->want[mk->got] : 0;
			}
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

/* The memo's slot for this symmetric network, or -1. */
static int memo_slot(const struct mva_net *net)
{
	const struct mva_memo *mm = net->memo;
	double d = symmetric_demand(net);

	for (int i = 0; mm && i < MVA_MEMO_SLOTS; i++)
		if (mm->slot[i].used && mm->slot[i].ncentres == net->ncentres &&
		    !memcmp(&mm->slot[i].think, &net->think, sizeof(double)) && !memcmp(&mm->slot[i].demand, &d, sizeof(double)))
			return i;
	return -1;
}

/* The largest population kept for slot i at or below n: its mark, or -1. */
static int memo_below(const struct mva_memo *mm, int i, uint64_t n)
{
	int best = -1;

	for (int k = 0; i >= 0 && k < mm->slot[i].nmarks && mm->slot[i].at[k] <= n; k++)
		best = k;
	return best;
}

/* Where a solve of net at n may start: the population and queue kept below it (0, 0: none). */
static uint64_t memo_start(const struct mva_net *net, uint64_t n, double *q)
{
	int i = net->memo ? memo_slot(net) : -1, k = i >= 0 ? memo_below(net->memo, i, n) : -1;

	*q = k >= 0 ? net->memo->slot[i].q[k] : 0;
	return k >= 0 ? net->memo->slot[i].at[k] : 0;
}

/* Keep what a solve recorded, beside what the network's slot holds (ascending, at most MVA_MEMO_MARKS). */
static void memo_keep(const struct mva_net *net, const struct mva_marks *mk)
{
	struct mva_memo *mm = net->memo;
	int i = memo_slot(net), n = 0, a = 0, b = 0;
	uint64_t at[MVA_MEMO_MARKS];
	double x[MVA_MEMO_MARKS], q[MVA_MEMO_MARKS];

	if (!mm || !mk->got)
		return;
	if (i < 0) {
		i = (int)mm->next;
		mm->next = (mm->next + 1) % MVA_MEMO_SLOTS;
		mm->slot[i].think = net->think;
		mm->slot[i].demand = symmetric_demand(net);
		mm->slot[i].ncentres = net->ncentres;
		mm->slot[i].nmarks = 0;
		mm->slot[i].used = 1;
	}
	/* the two ascending lists merged; past the room, the older solve's marks go first */
	while ((a < mm->slot[i].nmarks || b < mk->got) && n < MVA_MEMO_MARKS) {
		int take_new = a >= mm->slot[i].nmarks || (b < mk->got && mk->want[b] <= mm->slot[i].at[a]);

		if (take_new) {
			if (a < mm->slot[i].nmarks && mm->slot[i].at[a] == mk->want[b])
				a++; /* the same population: the same doubles */
			at[n] = mk->want[b], x[n] = mk->x[b], q[n] = mk->q[b];
			b++;
		} else {
			at[n] = mm->slot[i].at[a], x[n] = mm->slot[i].x[a], q[n] = mm->slot[i].q[a];
			a++;
		}
		n++;
	}
	memcpy(mm->slot[i].at, at, (size_t)n * sizeof(at[0]));
	memcpy(mm->slot[i].x, x, (size_t)n * sizeof(x[0]));
	memcpy(mm->slot[i].q, q, (size_t)n * sizeof(q[0]));
	mm->slot[i].nmarks = n;
}

/* X(n) from the memo when it holds this network at n (counted as a hit), else 0. */
static int memo_take(const struct mva_net *net, uint64_t n, double *x)
{
	int i = memo_slot(net), k = i >= 0 ? memo_below(net->memo, i, n) : -1;

	if (k < 0 || net->memo->slot[i].at[k] != n)
		return 0;
	net->memo->hits++;
	*x = net->memo->slot[i].x[k];
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
		struct mva_marks mk;
		uint64_t from = 0;
		double q0 = 0;

		if (each || !net->memo || n < MVA_MEMO_MIN) {
			*x_n = solve_symmetric(net->think, symmetric_demand(net), (double)K, 0, 0, n, each, ctx, NULL);
			return 0;
		}
		if (memo_take(net, n, x_n))
			return 0;
		net->memo->misses++;
		from = memo_start(net, n, &q0);
		marks_plan(&mk, n, from);
		*x_n = solve_symmetric(net->think, symmetric_demand(net), (double)K, from, q0, n, NULL, NULL, &mk);
		memo_keep(net, &mk);
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
	{
		double qa = 0, qb = 0, x1 = 0, x2 = 0, pop;
		uint64_t from = 0;
		struct mva_marks ma, mb;
		int keep = !each && a->memo && b->memo && n >= MVA_MEMO_MIN;

		if (!each && (a->memo || b->memo) && n >= MVA_MEMO_MIN) {
			/* one side kept (or both alike): the other alone, through mva_solve() and its memo */
			int alike = a->ncentres == b->ncentres && !memcmp(&a->think, &b->think, sizeof(double)) &&
				    !memcmp(&da, &db, sizeof(double));
			uint64_t sa = a->memo ? memo_start(a, n, &qa) : 0, sb = b->memo ? memo_start(b, n, &qb) : 0;

			if (sa == n || sb == n || alike || !keep)
				return mva_solve(a, n, xa, NULL, NULL) || mva_solve(b, n, xb, NULL, NULL) ? -1 : 0;
			/* both resume from where both stood kept (a pair solved before keeps the same populations) */
			while (sa != sb) {
				if (sa > sb)
					sa = memo_start(a, sa - 1, &qa);
				else
					sb = memo_start(b, sb - 1, &qb);
			}
			from = sa;
			if (!from)
				qa = qb = 0;
			a->memo->misses++, b->memo->misses++;
			marks_plan(&ma, n, from);
			marks_plan(&mb, n, from);
		}
		/* the recursion of solve_symmetric(), twice, interleaved */
		double za = a->think, zb = b->think, zka = za + (double)a->ncentres * da, zkb = zb + (double)b->ncentres * db;
		uint64_t next = keep && ma.nwant ? ma.want[0] : 0;

		pop = (double)from;
		for (uint64_t i = from + 1; i <= n; i++) {
			double ca = zka + da * qa, cb = zkb + db * qb;

			pop += 1;
			x1 = pop / ca;
			x2 = pop / cb;
			qa = x1 * (ca - za);
			qb = x2 * (cb - zb);
			if (each)
				each(i, x1, x2, ctx);
			if (i == next) {
				ma.x[ma.got] = x1, ma.q[ma.got++] = qa;
				mb.x[mb.got] = x2, mb.q[mb.got++] = qb;
				next = ma.got < ma.nwant ? ma.want[ma.got] : 0;
			}
		}
		*xa = x1;
		*xb = x2;
		if (keep) {
			memo_keep(a, &ma);
			memo_keep(b, &mb);
		}
	}
	return 0;
}
