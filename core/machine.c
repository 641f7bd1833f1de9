#include "machine.h"

#include "kernel.h"

/* struct page is 64 bytes on 64-bit kernels: the memmap eats 64 / pagesize of RAM. */
#define STRUCT_PAGE_BYTES 64u

uint64_t machine_totalram(const struct machine *m)
{
	uint64_t pages;

	if (m->totalram)
		return m->totalram;
	pages = m->ram / m->pagesize;
	return pages - pages * STRUCT_PAGE_BYTES / m->pagesize;
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
