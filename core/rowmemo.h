/*
 * What a row's metrics share and would each work out again: the release row
 * in effect for a history, the derived zone layout, min_free_kbytes and its
 * square root. A sweep owns one and its row's machine points to it (struct
 * machine's memo); every entry is keyed on all the inputs its answer reads,
 * so a hit is the very value a fresh look-up would give, whatever the row.
 * Not a cache of the process: core keeps no state of its own.
 */
#ifndef BL_ROWMEMO_H
#define BL_ROWMEMO_H

#include <stdint.h>

/* Histories remembered at once (direct-mapped by address): more than any sweep's columns read. */
#define ROW_MEMO_RELEASES 64

/* zonelayout.c's layout derived from arch, kernel, ram, pagesize, nodes and totalram: its zones' pages. */
struct layout_derived {
	uint64_t dma_present, dma32_present, normal0_present, normal_present; /* pages */
	uint64_t dma, dma32, normal0, normal; /* managed pages; normal is each of nodes 1..n-1 */
	uint64_t nodes;
};

/* min_free_kbytes's inputs (zone.c's mfk_key()) */
#define MFK_KEYS 12

struct row_memo {
	struct {
		const void *history; /* NULL: the slot is empty */
		uint64_t kernel;
		const void *row;     /* the row in effect (NULL before the first) */
	} rel[ROW_MEMO_RELEASES];
	struct {
		int ok;
		uint64_t ram, pagesize, nodes, totalram, arch, kernel;
		struct layout_derived d;
	} layout;
	struct {
		int ok;
		uint64_t x, root; /* int_sqrt64(x) */
	} sqrt;
	struct {
		int ok;
		uint64_t key[MFK_KEYS]; /* every input zone.c's min_free_kbytes reads (mfk_key()) */
		int64_t v;
	} mfk;
	uint64_t hits, misses; /* for tests: the memo is used */
};

/*
 * What a row that moves the key works out anew: its layout, min_free_kbytes
 * and root; the releases stay (only the kernel key moves them). For a walk's
 * estimate, which times a row as the walk will meet it.
 */
static inline void row_memo_forget_row(struct row_memo *memo)
{
	memo->layout.ok = memo->sqrt.ok = memo->mfk.ok = 0;
}

#endif
