/*
 * Exact Mean Value Analysis of a closed queueing network: n customers cycle
 * through one delay centre (think time Z, no queueing) and up to
 * MVA_MAX_CENTRES queueing centres with service demands D_k per cycle.
 * The recursion (Lazowska et al., "Quantitative System Performance", ch. 6)
 * gives the throughput X(k) of every population k = 1..n on its way to n, so
 * a sweep over CPU counts costs one pass, O(n * K).
 */
#ifndef BL_MVA_H
#define BL_MVA_H

#include <stddef.h>
#include <stdint.h>

#define MVA_MAX_CENTRES 64

struct mva_memo;

struct mva_net {
	double think;          /* Z: time per cycle spent away from every queue */
	const double *demand;  /* D_k: time per cycle at centre k (visits * service) */
	size_t ncentres;       /* K, at most MVA_MAX_CENTRES; 0 = pure delay */
	struct mva_memo *memo; /* where X(n) of networks solved before is kept (NULL: nowhere); see below */
};

/*
 * Solutions kept by their inputs, for a caller that asks for the same
 * networks again and again: the explorer, where a key that moves the RAM or
 * the page size changes many metrics but not the networks their models
 * solve (memcg's counters do not see the page size; the mmap loop takes the
 * lock at any batch below its size), so at 65536 CPUs a key need not cost
 * a 65536-step recursion per model. The caller owns it (a machine points at
 * it: struct machine's mva_memo, which the models copy into their nets);
 * only networks whose queueing centres are alike are kept (every network
 * batchlab builds), each by its Z, D and K bit for bit. A solve at n keeps
 * where the recursion stood - X and the total queue - at n, n / 2, n / 4 ...
 * (the CPU counts the explorer's - key reaches): a population kept is
 * answered with the double the solve gave, and a larger one resumes from
 * the largest kept below it, which gives the same doubles as a solve from 1
 * (the recursion's state at k is all a step reads).
 */
#define MVA_MEMO_SLOTS 16
#define MVA_MEMO_MARKS 64
/* Populations below this are solved, never kept or looked up: their recursion costs less than the memo's bookkeeping. */
#define MVA_MEMO_MIN 1024
struct mva_memo {
	struct {
		double think, demand;
		uint64_t ncentres;
		int used, nmarks;
		uint64_t at[MVA_MEMO_MARKS]; /* populations kept, ascending */
		double x[MVA_MEMO_MARKS], q[MVA_MEMO_MARKS];
	} slot[MVA_MEMO_SLOTS];
	unsigned next;              /* the slot the next network overwrites */
	unsigned long hits, misses; /* for the bench and the tests: a resumed solve is a miss */
};

/* Called with X(k) for k = 1..n in order; ctx is the caller's. */
typedef void (*mva_each_fn)(uint64_t k, double x, void *ctx);

/*
 * Solve for populations 1..n. Returns 0 and stores X(n) in *x_n (cycles per
 * unit of time of Z and D); each, when not NULL, sees every X(k). Returns -1
 * when the network cannot be solved: n == 0, too many centres, a negative or
 * non-finite Z or D, or no work at all (Z + sum D == 0, X would be infinite).
 */
int mva_solve(const struct mva_net *net, uint64_t n, double *x_n, mva_each_fn each, void *ctx);

/* Called with X(k) of both networks for k = 1..n in order. */
typedef void (*mva_pair_fn)(uint64_t k, double xa, double xb, void *ctx);

/*
 * Two networks at the same population n, X(n) of each: their recursions are
 * independent dependency chains, so interleaved they cost about one solve
 * (a speedup needs both sides; a sweep shows both). each, when not NULL,
 * sees every X(k) of both, the same doubles mva_solve() gives each network.
 * Returns -1 as mva_solve() would for either, or when out of memory.
 */
int mva_solve_pair(const struct mva_net *a, const struct mva_net *b, uint64_t n, double *xa, double *xb,
		   mva_pair_fn each, void *ctx);

#endif
