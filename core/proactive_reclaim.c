/*
 * Seed 002: memory.reclaim asks try_to_free_mem_cgroup_pages() for decaying
 * batches. Asking for the whole request at once over-reclaims; asking for
 * SWAP_CLUSTER_MAX at a time pays reclaim's start/stop cost on every 32
 * pages; asking for a quarter of what remains does neither.
 */
#include "model.h"

#include "kernel.h"
#include "units.h"

enum { FULL, CLUSTER, DECAY };

static const char *const strategy_kernel[] = {
	"before 0388536ac291: nr_to_reclaim - nr_reclaimed",
	"0388536ac291: min(nr_to_reclaim - nr_reclaimed, SWAP_CLUSTER_MAX)",
	"seed 002: (nr_to_reclaim - nr_reclaimed) / 4",
};

struct reclaim_walk {
	uint64_t calls;
	uint64_t reclaimed;  /* pages, >= the request: reclaim rounds each call up to SWAP_CLUSTER_MAX */
	uint64_t first_ask;  /* nr_to_reclaim of the first call */
};

static uint64_t ask_for(int strategy, uint64_t remaining)
{
	switch (strategy) {
	case FULL:
		return remaining;
	case CLUSTER:
		return min_u64(remaining, SWAP_CLUSTER_MAX);
	default:
		return remaining / 4;
	}
}

/*
 * memory_reclaim() in mm/memcontrol.c, with each call reclaiming exactly
 * what try_to_free_mem_cgroup_pages() asks for: max(ask, SWAP_CLUSTER_MAX).
 * full and cluster have closed forms; decay shrinks the remainder by a
 * quarter per call, so its loop runs O(log R) times even for an exbibyte.
 */
static struct reclaim_walk walk(uint64_t request, int strategy)
{
	struct reclaim_walk w = { 0, 0, 0 };

	if (!request)
		return w;
	w.first_ask = max_u64(ask_for(strategy, request), SWAP_CLUSTER_MAX);
	if (strategy == FULL) {
		w.calls = 1;
		w.reclaimed = w.first_ask;
		return w;
	}
	if (strategy == CLUSTER) {
		w.calls = (request + SWAP_CLUSTER_MAX - 1) / SWAP_CLUSTER_MAX;
		w.reclaimed = w.calls * SWAP_CLUSTER_MAX;
		return w;
	}
	while (w.reclaimed < request) {
		w.reclaimed += max_u64(ask_for(strategy, request - w.reclaimed), SWAP_CLUSTER_MAX);
		w.calls++;
	}
	return w;
}

static uint64_t request_pages(const struct machine *m, struct strbuf *why)
{
	uint64_t r = machine_bytes_to_pages(m, m->reclaim);

	sb_printf(why, "request R = reclaim / PAGE_SIZE = %llu / %llu = %llu pages (page_counter_memparse())\n",
		  (unsigned long long)m->reclaim, (unsigned long long)m->pagesize, (unsigned long long)r);
	return r;
}

static struct value calls(const struct machine *m, int side, struct strbuf *why)
{
	uint64_t r = request_pages(m, why);
	struct reclaim_walk w = walk(r, side);

	sb_printf(why, "loop: while reclaimed < R: reclaimed += max(ask(R - reclaimed), SWAP_CLUSTER_MAX)\n");
	sb_printf(why, "ask = %s\n", strategy_kernel[side]);
	if (side == CLUSTER)
		sb_printf(why, "closed form: ceil(%llu / 32) = %llu calls\n", (unsigned long long)r,
			  (unsigned long long)w.calls);
	else if (side == FULL)
		sb_printf(why, "one call asks for all %llu pages: %llu call%s\n", (unsigned long long)r,
			  (unsigned long long)w.calls, w.calls == 1 ? "" : "s");
	else if (why) {
		uint64_t done = 0, n = 0;

		while (done < r) {
			uint64_t got = max_u64(ask_for(DECAY, r - done), SWAP_CLUSTER_MAX);

			if (n < 4 || done + got >= r)
				sb_printf(why, "call %llu: remaining %llu, ask %llu\n", (unsigned long long)n + 1,
					  (unsigned long long)(r - done), (unsigned long long)got);
			else if (n == 4)
				sb_printf(why, "...\n");
			done += got;
			n++;
		}
		sb_printf(why, "%llu calls\n", (unsigned long long)w.calls);
	}
	sb_printf(why, "kernel: memory_reclaim(), mm/memcontrol.c; try_to_free_mem_cgroup_pages(), mm/vmscan.c\n");
	return val_int(w.calls);
}

static struct value first_ask(const struct machine *m, int side, struct strbuf *why)
{
	uint64_t r = request_pages(m, why);
	struct reclaim_walk w = walk(r, side);

	sb_printf(why, "ask = %s, at least SWAP_CLUSTER_MAX\n", strategy_kernel[side]);
	sb_printf(why, "first nr_to_reclaim = max(ask(%llu), 32) = %llu pages\n", (unsigned long long)r,
		  (unsigned long long)w.first_ask);
	sb_printf(why, "kernel: try_to_free_mem_cgroup_pages(), mm/vmscan.c: .nr_to_reclaim = max(nr_pages, SWAP_CLUSTER_MAX)\n");
	return val_int(w.first_ask);
}

static const struct metric_desc metrics[] = {
	{ .name = "calls", .unit = "calls", .kind = METRIC_EXACT,
	  .help = "try_to_free_mem_cgroup_pages() calls for the request", .fn = calls },
	{ .name = "first_ask", .unit = "pages", .kind = METRIC_EXACT,
	  .help = "nr_to_reclaim of the first call", .fn = first_ask },
	{ .name = NULL },
};

static const char *const sides[] = { "full", "cluster", "decay", NULL };

const struct model_desc proactive_reclaim_model = {
	.id = "proactive_reclaim",
	.title = "memory.reclaim asks for decaying batches",
	.seed = "002_6998020b461c3bef",
	.kernel = "mm/memcontrol.c, mm/vmscan.c",
	.sides = sides,
	.before = CLUSTER,
	.after = DECAY,
	.metrics = metrics,
	.about =
		"Writing N bytes to memory.reclaim loops over try_to_free_mem_cgroup_pages() until N\n"
		"are reclaimed. Originally each call asked for everything still missing (full), which\n"
		"over-reclaims: the bigger the ask, the bigger the absolute error. 0388536ac291 capped\n"
		"each ask at SWAP_CLUSTER_MAX (cluster): accurate, but reclaim's start/stop cost is\n"
		"then paid every 32 pages. The patch asks for a quarter of what remains (decay): big\n"
		"asks while far from the goal, small ones near it - few calls, little over-reclaim.\n"
		"Columns: full | cluster (before) | decay (after).\n",
	.published =
		"MGLRU; pages/s pre-0388536ac291 / post-0388536ac291 / decay: root full reclaim\n"
		"68047 / 13742 (never finished: inf s) / 67352; /uid_0 1G: 258822 / 105174 / 233396\n"
		"(overreclaim 107.8 / 3.5 / -7.4 MiB); /uid_0 full: 72334 / 38105 / 72914.\n",
	.headline = "calls",
};
