#include "machine.h"

#include <string.h>

#include "mm/kernel.h"
#include "mm/zonelayout.h"
#include "strbuf.h"

uint64_t machine_zone(const struct machine *m)
{
	/* the zone most users mean: the largest Normal zone of the machine's layout (core/mm/zonelayout.c) */
	if (m->zone & ZONE_NAMED)
		return layout_named_zone(m, m->zone, NULL);
	return m->zone ? m->zone : layout_chosen_zone(m, NULL, NULL);
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
	if (reads_zone && (m->zone & ZONE_NAMED)) {
		char name[32];

		zone_name_format(m->zone, name, sizeof(name));
		sb_printf(why, "zone = %s: its managed pages on the machine's layout (%s; `show zones`)\n", name,
			  machine_layout(m) ? "loaded by host" : "estimated: x86-64 laid out from ram and nodes");
	}
	if (reads_zone && !m->zone)
		sb_printf(why, "%s = the largest Normal zone of %s: `show zones` lists every zone, `host` loads the real "
			       "ones, `set zone N` takes one zone's managed pages\n",
			  machine_layout(m) ? "zone auto" : "estimated: zone auto",
			  machine_layout(m) ? "the layout host loaded" : "an x86-64 layout of ram and nodes");
	if (!m->totalram)
		sb_printf(why, "estimated: totalram auto = ram less the memmap (64 bytes per page); the real figure is "
			       "MemTotal in /proc/meminfo: `host` reads it, or `set totalram N`\n");
}
