#include "machine.h"

#include <string.h>

#include "mm/kernel.h"
#include "strbuf.h"

uint64_t machine_zone(const struct machine *m)
{
	/* one Normal zone per node, the nodes alike */
	return m->zone ? m->zone : machine_totalram(m) / (m->nodes ? m->nodes : 1);
}


uint64_t machine_threads(const struct machine *m)
{
	return m->threads ? m->threads : m->cpus;
}

uint64_t machine_instances(const struct machine *m)
{
	if (m->instances)
		return m->instances;
	return m->cpus / 2 ? m->cpus / 2 : 1;
}

/* Two packages is the common server; one CPU is one package. */
uint64_t machine_sockets(const struct machine *m)
{
	if (m->sockets)
		return m->sockets;
	return m->cpus < 2 ? 1 : 2;
}

/* Threads beyond the CPUs wait their turn: at most cpus of them run at once. */
uint64_t machine_parallel(const struct machine *m)
{
	uint64_t t = machine_threads(m);

	return t < m->cpus ? t : m->cpus;
}

uint64_t machine_bytes_to_pages(const struct machine *m, uint64_t bytes)
{
	return bytes / m->pagesize;
}

uint64_t machine_vmpressure_win(const struct machine *m)
{
	/* fls() takes an unsigned int: the unsigned long mem128m arrives cut to 32 bits */
	return (uint64_t)SWAP_CLUSTER_MAX * 16 * (1 + fls32(machine_totalram(m) >> (27 - machine_page_shift(m))));
}

void machine_note_estimates(const struct machine *m, int reads_zone, struct strbuf *why)
{
	if (!why)
		return; /* a sweep's cells: nobody reads it, and every metric asks */
	if (reads_zone && !m->zone)
		sb_printf(why, "estimated: zone auto = one zone of totalram / nodes; a real x86 machine over 4 GiB has "
			       "DMA32 and Normal zones, a NUMA machine one Normal zone per node: `host check` compares "
			       "every real zone, `set zone N` takes the managed pages of /proc/zoneinfo\n");
	if (!m->totalram)
		sb_printf(why, "estimated: totalram auto = ram less the memmap (64 bytes per page); the real figure is "
			       "MemTotal in /proc/meminfo: `host` reads it, or `set totalram N`\n");
}
