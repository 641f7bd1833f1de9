#include "machine.h"

#include "kernel.h"

/* struct page is 64 bytes on 64-bit kernels: the memmap eats 64 / pagesize of RAM. */
#define STRUCT_PAGE_BYTES 64u

uint64_t machine_totalram(const struct machine *m)
{
	uint64_t memmap;

	if (m->totalram)
		return m->totalram;
	/*
	 * ram - ram * 64 / pagesize bytes, in pages. The page size is 64 times a
	 * power of two, so ram * 64 / pagesize is ram / (pagesize / 64) exactly,
	 * and ram * 64 never has to exist (it would not fit 64 bits at 1 EiB).
	 */
	memmap = m->ram / (m->pagesize / STRUCT_PAGE_BYTES);
	return (m->ram - memmap) / m->pagesize;
}

uint64_t machine_zone(const struct machine *m)
{
	return m->zone ? m->zone : machine_totalram(m);
}

unsigned int machine_page_shift(const struct machine *m)
{
	return fls64(m->pagesize) - 1;
}

uint64_t machine_threads(const struct machine *m)
{
	return m->threads ? m->threads : m->cpus;
}

uint64_t machine_bytes_to_pages(const struct machine *m, uint64_t bytes)
{
	return bytes / m->pagesize;
}

uint64_t machine_vmpressure_win(const struct machine *m)
{
	return (uint64_t)SWAP_CLUSTER_MAX * 16 * (1 + fls64(machine_totalram(m) >> (27 - machine_page_shift(m))));
}
