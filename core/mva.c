#include "mva.h"

#include <math.h>

int mva_solve(const struct mva_net *net, uint64_t n, double *x_n, mva_each_fn each, void *ctx)
{
	double queue[MVA_MAX_CENTRES] = { 0 }, resid[MVA_MAX_CENTRES];
	double total = net->think, x = 0;
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
