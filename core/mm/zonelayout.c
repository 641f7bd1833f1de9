/*
 * Nodes and zones: an x86-64 or arm64 layout derived from ram, nodes and
 * totalram, or the one a machine points to (loaded by `host`, or given as
 * the zones parameter's text, both kept in a front end's pool); and every
 * per-zone figure the kernel computes, built on the single-zone models of
 * zone.c, pcp.c and vmstat.c run on a scratch machine whose zone is the one
 * asked about.
 */
#include "zonelayout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../err.h"
#include "../rowmemo.h"
#include "kernel.h"
#include "pcp.h"
#include "release.h"
#include "vmstat.h"
#include "zone.h"

#define MiB_ (1ull << 20)
#define GiB_ (1ull << 30)
/* x86-64: ZONE_DMA ends at 16 MiB (MAX_DMA_PFN), ZONE_DMA32 at 4 GiB (MAX_DMA32_PFN) */
#define DMA_END (16 * MiB_)
/* memblock keeps the first MiB on x86 (reserve_real_mode() and the 1 MiB below it, 5.13 on) */
#define LOW_RESERVED MiB_
/* RAM below 4 GiB ends at 3 GiB: the common 1 GiB PCI hole (QEMU, Firecracker, most PCs) - assumed */
#define LOW_RAM_END (3 * GiB_)

static const char *const kind_names[] = { "DMA", "DMA32", "Normal", "HighMem", "Movable", "Device", NULL };

const char *zone_kind_name(int kind)
{
	return kind >= 0 && kind < ZK_OTHER ? kind_names[kind] : "?";
}

int zone_kind_of(const char *name)
{
	for (int k = 0; kind_names[k]; k++)
		if (!strcmp(name, kind_names[k]))
			return k;
	return ZK_OTHER;
}

const struct zone_layout *machine_layout(const struct machine *m)
{
	const struct zone_layout *L = m->layout;

	if (!L || L->ram != m->ram || L->pagesize != m->pagesize || L->nodes != m->nodes || L->totalram != m->totalram)
		return NULL;
	return L;
}

static void derive_x86(const struct machine *m, struct layout_derived *d);

/* b * rest / denom in 128 bits: rest is pages, b and denom bytes up to an EiB */
static uint64_t share_of(uint64_t rest, uint64_t b, uint64_t denom)
{
	uint64_t p;

	if (!denom)
		return 0;
	/* the same quotient in 64 bits where the product fits: a 128-bit division is a libgcc call */
	if (!__builtin_mul_overflow(rest, b, &p))
		return p / denom;
	return (uint64_t)((unsigned __int128)rest * b / denom);
}

/*
 * arm64's zone_sizes_init() and the limits it reads (arch/arm64/mm/init.c),
 * by release; RAM begins at 1 GiB (QEMU's virt board) - assumed:
 *   before 5.5   one 32-bit zone, ZONE_DMA32, up to max_zone_dma_phys():
 *                (start of DRAM & ~(4 GiB - 1)) + 4 GiB, at most the end of
 *                DRAM (read in 3.10.4 and 5.4); no ZONE_DMA is built then -
 *                batchlab's DMA row stays empty (docs/MODELS.md 12)
 *   5.5 - 5.10   ZONE_DMA up to max_zone_phys(ARM64_ZONE_DMA_BITS = 30), the
 *                Raspberry Pi 4's 30-bit view: (start & ~(1 GiB - 1)) + 1 GiB,
 *                so 1..2 GiB here; ZONE_DMA32 up to max_zone_phys(32), 4 GiB
 *                (read in 5.5-rc5 and 5.10)
 *   5.11 on      zone_dma_bits = min3(32, the DT's and IORT's DMA limits):
 *                32 with none described, so ZONE_DMA ends at 4 GiB too and
 *                ZONE_DMA32 is empty (read in 5.11; 6.12's zone_dma_limit
 *                caps it at U32_MAX while DRAM starts below 4 GiB)
 * totalram is shared out by bytes, the rounding's leftover to node 0's
 * highest zone.
 */
#define ARM64_DRAM_BASE GiB_
#define ARM64_DMA32_END (4 * GiB_)

/* The physical address ZONE_DMA ends at on arm64 for m's release (0: no ZONE_DMA) - see above. */
static uint64_t arm64_dma_end(const struct machine *m)
{
	int rel = machine_release(m);

	if (rel < release_find("5.5"))
		return 0;
	if (rel < release_find("5.11"))
		return (ARM64_DRAM_BASE & ~(GiB_ - 1)) + GiB_;
	return ARM64_DMA32_END;
}

static void derive_arm64(const struct machine *m, struct layout_derived *d)
{
	uint64_t n = m->nodes ? m->nodes : 1, ram = m->ram, total = machine_totalram(m);
	uint64_t per = ram / n, n0 = ram - per * (n - 1), dma_end = arm64_dma_end(m);
	uint64_t dma_b = dma_end ? min_u64(n0, dma_end - ARM64_DRAM_BASE) : 0;
	uint64_t dma32_b = min_u64(n0, ARM64_DMA32_END - ARM64_DRAM_BASE) - dma_b, normal0_b = n0 - dma_b - dma32_b;
	unsigned int pg = machine_page_shift(m);

	d->nodes = n;
	d->dma_present = dma_b >> pg;
	d->dma32_present = dma32_b >> pg;
	d->normal0_present = normal0_b >> pg;
	d->normal_present = n > 1 ? per >> pg : 0;
	d->dma = share_of(total, dma_b, ram);
	d->dma32 = share_of(total, dma32_b, ram);
	d->normal = n > 1 ? share_of(total, per, ram) : 0;
	d->normal0 = share_of(total, normal0_b, ram);
	/* the rounding's leftover to node 0's highest populated zone */
	if (normal0_b)
		d->normal0 += total - d->dma - d->dma32 - d->normal0 - d->normal * (n - 1);
	else if (dma32_b)
		d->dma32 += total - d->dma - d->dma32 - d->normal * (n - 1);
	else
		d->dma += total - d->dma - d->normal * (n - 1);
}

static void derive_fresh(const struct machine *m, struct layout_derived *d)
{
	if (m->arch == ARCH_ARM64) {
		derive_arm64(m, d);
		return;
	}
	derive_x86(m, d);
}

static void derive_x86(const struct machine *m, struct layout_derived *d)
{
	uint64_t n = m->nodes ? m->nodes : 1, ram = m->ram, total = machine_totalram(m);
	unsigned int pg = machine_page_shift(m); /* a power of two (machine_totalram()): pages by a shift, not a division */
	uint64_t per = n > 1 ? ram / n : ram, n0 = ram - per * (n - 1);
	uint64_t dma_b = min_u64(n0, DMA_END), dma32_b = n0 > DMA_END ? min_u64(n0, LOW_RAM_END) - DMA_END : 0;
	uint64_t normal0_b = n0 > LOW_RAM_END ? n0 - LOW_RAM_END : 0, rest;

	d->nodes = n;
	d->dma_present = dma_b >> pg;
	d->dma32_present = dma32_b >> pg;
	d->normal0_present = normal0_b >> pg;
	d->normal_present = n > 1 ? per >> pg : 0;
	d->dma = min_u64((dma_b - min_u64(dma_b, LOW_RESERVED)) >> pg, total);
	rest = total - d->dma;
	if (ram == dma_b) { /* all of it below 16 MiB */
		d->dma += rest;
		d->dma32 = d->normal0 = d->normal = 0;
		return;
	}
	/*
	 * Each zone its share of rest by bytes, floored, and what the floors
	 * left over to node 0's highest zone, as its memmap would have come
	 * from there: that zone is then rest less the others' shares (its own
	 * floored share plus the leftover), so its share is never divided out.
	 */
	d->normal = n > 1 ? share_of(rest, per, ram - dma_b) : 0;
	if (normal0_b) {
		d->dma32 = share_of(rest, dma32_b, ram - dma_b);
		d->normal0 = rest - d->dma32 - d->normal * (n - 1);
	} else {
		d->normal0 = 0;
		d->dma32 = rest - d->normal * (n - 1);
	}
}

/* derive_fresh(), remembered for the row's machine (memo): each zone figure asks for the layout again. */
static void derive(const struct machine *m, struct layout_derived *d)
{
	struct row_memo *memo = m->memo;
	uint64_t total;

	if (!memo) {
		derive_fresh(m, d);
		return;
	}
	total = machine_totalram(m);
	if (memo->layout.ok && memo->layout.ram == m->ram && memo->layout.pagesize == m->pagesize &&
	    memo->layout.nodes == m->nodes && memo->layout.totalram == total && memo->layout.arch == m->arch &&
	    memo->layout.kernel == m->kernel) {
		memo->hits++;
		*d = memo->layout.d;
		return;
	}
	memo->misses++;
	derive_fresh(m, d);
	memo->layout.ok = 1;
	memo->layout.ram = m->ram;
	memo->layout.pagesize = m->pagesize;
	memo->layout.nodes = m->nodes;
	memo->layout.totalram = total;
	memo->layout.arch = m->arch;
	memo->layout.kernel = m->kernel; /* arm64's DMA zones move with the release */
	memo->layout.d = *d;
}

static void add_zone(struct zone_layout *L, uint32_t node, int kind, uint64_t present, uint64_t managed)
{
	struct layout_zone *z;

	if (L->nzones >= LAYOUT_ZONES_MAX)
		return;
	z = &L->zones[L->nzones++];
	memset(z, 0, sizeof(*z));
	z->node = node;
	z->kind = (uint8_t)kind;
	z->idx = (uint8_t)(kind > ZK_HIGHMEM ? kind - 1 : kind); /* no HighMem on 64-bit: Movable is index 3 */
	snprintf(z->name, sizeof(z->name), "%s", zone_kind_name(kind));
	z->spanned = z->present = present;
	z->managed = managed;
}

void layout_ratio_defaults(uint64_t ratio[LAYOUT_TYPES_MAX])
{
	/* DMA and DMA32 keep 1/256 of what is above them, Normal 1/32; Movable and Device keep none */
	static const uint64_t dflt[] = { 256, 256, 32 };

	for (int j = 0; j < LAYOUT_TYPES_MAX; j++)
		ratio[j] = j < (int)(sizeof(dflt) / sizeof(dflt[0])) ? dflt[j] : 0;
}

void layout_of(const struct machine *m, struct zone_layout *L)
{
	const struct zone_layout *own = machine_layout(m);
	struct layout_derived d;
	uint64_t cpus = layout_chosen_node_cpus(m);

	if (own) {
		memcpy(L, own, sizeof(*L));
		return;
	}
	derive(m, &d);
	memset(L, 0, offsetof(struct zone_layout, zones));
	L->ram = m->ram;
	L->pagesize = m->pagesize;
	L->nodes = m->nodes;
	L->totalram = m->totalram;
	L->nnodes = (uint32_t)min_u64(d.nodes, LAYOUT_NODES_MAX);
	L->ntypes = 5; /* DMA, DMA32, Normal, Movable, Device: an x86-64 build with ZONE_DEVICE */
	layout_ratio_defaults(L->ratio); /* after zones[], which the memset above stops short of */
	for (uint32_t n = 0; n < L->nnodes; n++) {
		L->node_cpus[n] = (uint32_t)cpus;
		if (!n) {
			add_zone(L, 0, ZK_DMA, d.dma_present, d.dma);
			add_zone(L, 0, ZK_DMA32, d.dma32_present, d.dma32);
			add_zone(L, 0, ZK_NORMAL, d.normal0_present, d.normal0);
		} else {
			add_zone(L, n, ZK_DMA, 0, 0);
			add_zone(L, n, ZK_DMA32, 0, 0);
			add_zone(L, n, ZK_NORMAL, d.normal_present, d.normal);
		}
		add_zone(L, n, ZK_MOVABLE, 0, 0);
		add_zone(L, n, ZK_DEVICE, 0, 0);
	}
}

/* lowmem in __setup_per_zone_wmarks(): neither HighMem nor Movable */
static int is_lowmem(int kind)
{
	return kind != ZK_HIGHMEM && kind != ZK_MOVABLE;
}

uint64_t layout_lowmem_pages(const struct machine *m)
{
	const struct zone_layout *L = machine_layout(m);
	uint64_t sum = 0;

	if (!L)
		return machine_totalram(m); /* the derived zones share out totalram exactly, all of it lowmem */
	for (uint32_t i = 0; i < L->nzones; i++)
		if (is_lowmem(L->zones[i].kind))
			sum += L->zones[i].managed;
	return sum;
}

int layout_lowmem_next(const struct machine *m, struct lowmem_zones *z)
{
	const struct zone_layout *L = machine_layout(m);
	const struct layout_derived *d = &z->d;

	if (L) {
		for (; z->pos < L->nzones; z->pos++) {
			const struct layout_zone *lz = &L->zones[z->pos];

			if (is_lowmem(lz->kind) && lz->managed) {
				z->kind = lz->kind;
				z->managed = lz->managed;
				z->count = 1;
				z->pos++;
				return 1;
			}
		}
		return 0;
	}
	if (!z->pos)
		derive(m, &z->d);
	for (; z->pos < 4; z->pos++) {
		static const int kinds[4] = { ZK_DMA, ZK_DMA32, ZK_NORMAL, ZK_NORMAL };
		uint64_t managed[4] = { d->dma, d->dma32, d->normal0, d->normal }, count[4] = { 1, 1, 1, d->nodes - 1 };

		if (managed[z->pos] && count[z->pos]) {
			z->kind = kinds[z->pos];
			z->managed = managed[z->pos];
			z->count = count[z->pos];
			z->pos++;
			return 1;
		}
	}
	return 0;
}

uint64_t layout_thp_zones(const struct machine *m)
{
	const struct zone_layout *L = machine_layout(m);
	uint64_t n = 0;
	struct layout_derived d;

	if (L) {
		/* gfp_zone(GFP_USER) is ZONE_NORMAL: zones above it (HighMem, Movable, Device) are skipped */
		for (uint32_t i = 0; i < L->nzones; i++)
			n += L->zones[i].managed && L->zones[i].kind <= ZK_NORMAL;
		return n;
	}
	derive(m, &d);
	return (d.dma > 0) + (d.dma32 > 0) + (d.normal0 > 0) + (d.nodes - 1) * (d.normal > 0);
}

uint64_t layout_chosen_zone(const struct machine *m, uint32_t *node, int *kind)
{
	const struct zone_layout *L = machine_layout(m);
	uint64_t best = 0;
	int bkind = ZK_NORMAL;
	uint32_t bnode = 0;
	struct layout_derived d;

	if (L) {
		/* the largest Normal zone, the first such on a tie; no Normal populated: the largest zone */
		for (int pass = 0; pass < 2 && !best; pass++)
			for (uint32_t i = 0; i < L->nzones; i++) {
				const struct layout_zone *z = &L->zones[i];

				if ((pass || z->kind == ZK_NORMAL) && z->managed > best) {
					best = z->managed;
					bkind = z->kind;
					bnode = z->node;
				}
			}
	} else {
		derive(m, &d);
		best = d.normal0;
		if (d.nodes > 1 && d.normal > best) {
			best = d.normal;
			bnode = 1;
		}
		if (!best) {
			best = d.dma32 >= d.dma ? d.dma32 : d.dma;
			bkind = d.dma32 >= d.dma ? ZK_DMA32 : ZK_DMA;
		}
	}
	if (node)
		*node = bnode;
	if (kind)
		*kind = bkind;
	return best;
}

uint64_t layout_chosen_node_cpus(const struct machine *m)
{
	const struct zone_layout *L = machine_layout(m);
	uint32_t node;

	if (m->node_cpus != MACHINE_AUTO)
		return m->node_cpus;
	if (m->zone & ZONE_NAMED) {
		uint64_t cpus = 0;

		layout_named_zone(m, m->zone, &cpus);
		return cpus;
	}
	if (L) {
		layout_chosen_zone(m, &node, NULL);
		return node < L->nnodes ? L->node_cpus[node] : 0;
	}
	return m->cpus / (m->nodes ? m->nodes : 1);
}

int zone_name_parse(const char *text, uint64_t *v)
{
	unsigned long node = 0;
	const char *name = text;
	char *end;
	int kind;

	if (*text >= '0' && *text <= '9') {
		node = strtoul(text, &end, 10);
		if (*end != '.' || node >= LAYOUT_NODES_MAX)
			return -1;
		name = end + 1;
	}
	kind = zone_kind_of(name);
	if (kind == ZK_OTHER)
		return -1;
	*v = ZONE_NAMED | (uint64_t)node << 8 | (uint64_t)kind;
	return 0;
}

void zone_name_format(uint64_t v, char *buf, size_t len)
{
	snprintf(buf, len, "%llu.%s", (unsigned long long)((v >> 8) & 0xffff), zone_kind_name((int)(v & 0xff)));
}

uint64_t layout_named_zone(const struct machine *m, uint64_t v, uint64_t *node_cpus)
{
	const struct zone_layout *L = machine_layout(m);
	uint32_t node = (uint32_t)((v >> 8) & 0xffff);
	int kind = (int)(v & 0xff);
	struct layout_derived d;

	if (L) {
		for (uint32_t i = 0; i < L->nzones; i++)
			if (L->zones[i].node == node && L->zones[i].kind == kind) {
				if (node_cpus)
					*node_cpus = L->node_cpus[node];
				return L->zones[i].managed;
			}
		return 0;
	}
	derive(m, &d);
	if (node_cpus)
		*node_cpus = m->cpus / d.nodes;
	if (node >= d.nodes)
		return 0;
	switch (kind) {
	case ZK_DMA:
		return node ? 0 : d.dma;
	case ZK_DMA32:
		return node ? 0 : d.dma32;
	case ZK_NORMAL:
		return node ? d.normal : d.normal0;
	default:
		return 0;
	}
}

/* mult_frac(), include/linux/math.h */
static uint64_t mult_frac_(uint64_t x, uint64_t n, uint64_t d)
{
	return x / d * n + x % d * n / d;
}

/*
 * __setup_per_zone_wmarks() for zone z: min, the gap and the marks above it.
 * A populated lowmem zone is zone.c's single-zone model (zone_wmarks_kernel())
 * on a machine whose zone is this one; HighMem and Movable cap their min, and
 * an empty zone has no share, so those two are worked here.
 */
static void zone_marks(const struct machine *m, const struct zone_layout *L, const struct layout_zone *z,
		       struct zone_fig *f)
{
	uint64_t lowmem = 0, pages_min = zone_pages_min(zone_min_free_kbytes_int(m, NULL), machine_page_shift(m)), gap;

	f->has_promo = machine_release(m) >= release_find("5.18");
	f->boost = 0; /* reset at every setup; boost_watermark() raises it after a fallback, and it decays */
	if (is_lowmem(z->kind) && z->managed) {
		struct zone_wmarks w;
		struct machine k;

		k = *m;
		k.zone = z->managed;
		k.zone_min = 0;
		zone_wmarks_kernel(&k, &w, NULL);
		f->share = f->min = w.min;
		f->low = w.low;
		f->high = w.high;
		f->promo = f->has_promo ? w.high + w.gap : 0;
		return;
	}
	for (uint32_t i = 0; i < L->nzones; i++)
		if (is_lowmem(L->zones[i].kind))
			lowmem += L->zones[i].managed;
	/* the kernel's u64 product and its division (a machine with no lowmem has no share) */
	f->share = zone_min_share(pages_min, z->managed, lowmem);
	if (is_lowmem(z->kind))
		f->min = f->share;
	else /* highmem and Movable: managed / 1024, clamped to SWAP_CLUSTER_MAX..128 */
		f->min = z->managed / 1024 < SWAP_CLUSTER_MAX ? SWAP_CLUSTER_MAX : min_u64(z->managed / 1024, 128);
	if (zone_release_scaled(m))
		gap = max_u64(f->share >> 2, mult_frac_(z->managed, m->watermark_scale_factor, 10000));
	else
		gap = f->share >> 2;
	f->low = f->min + gap;
	f->high = f->low + gap;
	f->promo = f->has_promo ? f->high + gap : 0;
}

/* setup_per_zone_lowmem_reserve(): each column j above the zone: the node's zones idx+1..j managed / ratio */
static void zone_protection(const struct zone_layout *L, const struct layout_zone *z, struct zone_fig *f)
{
	uint64_t ratio = z->idx < LAYOUT_TYPES_MAX ? L->ratio[z->idx] : 0, sum = 0;
	int clear = !ratio || !z->managed;

	memset(f->protection, 0, sizeof(f->protection));
	if (z->idx + 1u >= L->ntypes)
		return; /* the last zone type is never set: it stays 0 */
	for (uint32_t j = z->idx + 1u; j < L->ntypes && j < LAYOUT_TYPES_MAX; j++) {
		for (uint32_t i = 0; i < L->nzones; i++)
			if (L->zones[i].node == z->node && L->zones[i].idx == j)
				sum += L->zones[i].managed;
		f->protection[j] = clear ? 0 : sum / ratio;
	}
}

void layout_zone_fig(const struct machine *m, const struct zone_layout *L, uint32_t i, struct zone_fig *f)
{
	const struct layout_zone *z = &L->zones[i];
	struct machine k;

	memset(f, 0, sizeof(*f));
	zone_marks(m, L, z, f);
	zone_protection(L, z, f);
	f->populated = z->managed > 0;
	if (!f->populated)
		return;
	/* the single-zone models, on a machine whose zone is this one and whose node has this node's CPUs */
	k = *m;
	k.zone = z->managed;
	k.zone_min = f->min ? f->min : 1;
	k.node_cpus = z->node < L->nnodes ? L->node_cpus[z->node] : 0;
	f->batch = vmstat_zone_batchsize(&k, 1, NULL).i;
	f->threshold = vmstat_normal_threshold(&k, NULL).i;
	pcp_zone_high(&k, f->low, &f->high_min, &f->high_max);
}

int layout_check(const struct zone_layout *L, char *err, size_t errlen)
{
	if (!L->nzones)
		return err_set(err, errlen, "no zones");
	if (L->ntypes < 1 || L->ntypes > LAYOUT_TYPES_MAX)
		return err_set(err, errlen, "%u zone types per node (expected 1..%d)", L->ntypes, LAYOUT_TYPES_MAX);
	for (uint32_t i = 0; i < L->nzones; i++) {
		const struct layout_zone *z = &L->zones[i];

		if (z->node >= L->nnodes)
			return err_set(err, errlen, "zone %s on node %u, past the %u nodes", z->name, z->node, L->nnodes);
		if (z->idx >= L->ntypes)
			return err_set(err, errlen, "node %u zone %s: index %u past the %u zone types", z->node, z->name,
				       z->idx, L->ntypes);
	}
	return 0;
}

/*
 * Do a and b describe one machine? Field by field over what they hold: the
 * zones past nzones, the nodes past nnodes, a name's bytes past its end and
 * the padding are whatever the builder left there.
 */
static int layout_same(const struct zone_layout *a, const struct zone_layout *b)
{
	if (a->ram != b->ram || a->pagesize != b->pagesize || a->nodes != b->nodes || a->totalram != b->totalram ||
	    a->nnodes != b->nnodes || a->ntypes != b->ntypes || a->nzones != b->nzones)
		return 0;
	for (uint32_t i = 0; i < a->nnodes && i < LAYOUT_NODES_MAX; i++)
		if (a->node_cpus[i] != b->node_cpus[i])
			return 0;
	for (uint32_t i = 0; i < a->ntypes && i < LAYOUT_TYPES_MAX; i++)
		if (a->ratio[i] != b->ratio[i])
			return 0;
	for (uint32_t i = 0; i < a->nzones && i < LAYOUT_ZONES_MAX; i++) {
		const struct layout_zone *y = &a->zones[i], *z = &b->zones[i];

		if (y->node != z->node || y->kind != z->kind || y->idx != z->idx || strncmp(y->name, z->name, ZONE_NAME_MAX) ||
		    y->spanned != z->spanned || y->present != z->present || y->managed != z->managed)
			return 0;
	}
	return 1;
}

const struct zone_layout *layout_pool_keep(struct layout_pool *pool, struct zone_layout *L)
{
	for (int i = 0; i < pool->n; i++)
		if (layout_same(pool->kept[i], L)) {
			free(L);
			return pool->kept[i];
		}
	if (pool->n == LAYOUT_POOL_MAX) {
		free(L);
		return NULL;
	}
	pool->kept[pool->n++] = L;
	return L;
}

void layout_pool_free(struct layout_pool *pool)
{
	for (int i = 0; i < pool->n; i++)
		free(pool->kept[i]);
	pool->n = 0;
}

uint64_t layout_nodes_with_memory(const struct zone_layout *L)
{
	uint64_t n = 0;

	for (uint32_t node = 0; node < L->nnodes; node++)
		for (uint32_t i = 0; i < L->nzones; i++)
			if (L->zones[i].node == node && L->zones[i].managed) {
				n++;
				break;
			}
	return n;
}

/* "N" of up to 20 digits, ending at one of the bytes in stops: the number, its end in *end; -1 when none */
static int text_u64(const char *s, const char *stops, uint64_t max, uint64_t *v, const char **end)
{
	uint64_t n = 0;
	const char *p = s;

	for (; *p >= '0' && *p <= '9'; p++) {
		if (n > (max - (uint64_t)(*p - '0')) / 10)
			return -1;
		n = n * 10 + (uint64_t)(*p - '0');
	}
	if (p == s || !strchr(stops, *p))
		return -1;
	*v = n;
	*end = p;
	return 0;
}

/* "ratio=A/B/C...": one per zone type */
static int parse_ratio(struct zone_layout *L, const char *v, char *err, size_t errlen)
{
	uint32_t j = 0;
	uint64_t r;

	for (;;) {
		if (j == LAYOUT_TYPES_MAX || text_u64(v, "/ ,\t", 2147483647, &r, &v))
			return err_set(err, errlen, "zones: ratio=%.40s: expected up to %d ratios A/B/C...", v, LAYOUT_TYPES_MAX);
		L->ratio[j++] = r;
		if (*v != '/')
			return 0;
		v++;
	}
}

/* "N.NAME=P/M" or "N.NAME=S/P/M": one zone, after the node's earlier zones */
static int parse_zone(struct zone_layout *L, uint32_t node, const char *name, size_t nlen, const char *v, char *err,
		      size_t errlen)
{
	uint64_t n[3];
	int k = 0;
	uint8_t idx = 0;
	struct layout_zone *z;

	for (;; v++) {
		if (k == 3 || text_u64(v, "/ ,\t", LAYOUT_PAGES_MAX, &n[k], &v))
			return err_set(err, errlen, "zones: %u.%.*s: expected PRESENT/MANAGED pages (or SPANNED/PRESENT/MANAGED)",
				       node, (int)nlen, name);
		k++;
		if (*v != '/')
			break;
	}
	if (k == 1)
		return err_set(err, errlen, "zones: %u.%.*s: expected PRESENT/MANAGED pages, not one number", node, (int)nlen,
			       name);
	if (k == 2) {
		n[2] = n[1];
		n[1] = n[0];
	}
	if (n[2] > n[1] || n[1] > n[0])
		return err_set(err, errlen, "zones: %u.%.*s: managed <= present <= spanned expected", node, (int)nlen, name);
	for (uint32_t i = 0; i < L->nzones; i++)
		if (L->zones[i].node == node) {
			if (!strncmp(L->zones[i].name, name, nlen) && !L->zones[i].name[nlen])
				return err_set(err, errlen, "zones: %u.%.*s given twice", node, (int)nlen, name);
			idx++;
		}
	if (L->nzones == LAYOUT_ZONES_MAX || idx == LAYOUT_TYPES_MAX)
		return err_set(err, errlen, "zones: %u.%.*s: more than %d zones in a node, or %d in all", node, (int)nlen, name,
			       LAYOUT_TYPES_MAX, LAYOUT_ZONES_MAX);
	z = &L->zones[L->nzones++];
	memset(z, 0, sizeof(*z));
	z->node = node;
	z->idx = idx;
	memcpy(z->name, name, nlen);
	z->kind = (uint8_t)zone_kind_of(z->name);
	z->spanned = n[0];
	z->present = n[1];
	z->managed = n[2];
	if (node + 1 > L->nnodes)
		L->nnodes = node + 1;
	if (idx + 1u > L->ntypes)
		L->ntypes = idx + 1u;
	return 0;
}

/* One KEY=VALUE of the text: ratio=..., N.cpus=C or N.NAME=... */
static int parse_item(struct zone_layout *L, const char *t, uint8_t *given, int *ratio_given, char *err, size_t errlen)
{
	uint64_t node, c;
	const char *dot, *name, *eq;
	size_t nlen;

	if (!strncmp(t, "ratio=", 6)) {
		*ratio_given = 1;
		return parse_ratio(L, t + 6, err, errlen);
	}
	if (text_u64(t, ".", LAYOUT_NODES_MAX - 1, &node, &dot) || *dot != '.')
		return err_set(err, errlen, "zones: '%.40s': expected NODE.ZONE=PRESENT/MANAGED, NODE.cpus=N or ratio=A/B/... "
			       "(nodes 0..%d)", t, LAYOUT_NODES_MAX - 1);
	name = dot + 1;
	eq = name + strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
	nlen = (size_t)(eq - name);
	if (*eq != '=' || !nlen || nlen >= ZONE_NAME_MAX)
		return err_set(err, errlen, "zones: '%.40s': expected NODE.ZONE=PRESENT/MANAGED (a zone's name as "
			       "/proc/zoneinfo has it: DMA, DMA32, Normal, Movable, ...)", t);
	if (nlen == 4 && !strncmp(name, "cpus", 4)) {
		if (given[node])
			return err_set(err, errlen, "zones: %u.cpus given twice", (unsigned)node);
		if (text_u64(eq + 1, " ,\t", 65536, &c, &dot))
			return err_set(err, errlen, "zones: %u.cpus: expected the node's CPUs, 0..65536 (0: a CPU-less node)",
				       (unsigned)node);
		given[node] = 1;
		L->node_cpus[node] = (uint32_t)c;
		if (node + 1 > L->nnodes)
			L->nnodes = (uint32_t)node + 1;
		return 0;
	}
	return parse_zone(L, (uint32_t)node, name, nlen, eq + 1, err, errlen);
}

int layout_parse(const char *text, uint64_t cpus, struct zone_layout *L, char *err, size_t errlen)
{
	uint8_t *given = calloc(LAYOUT_NODES_MAX, 1);
	int ratio_given = 0, rc = -1;
	const char *t = text;

	if (!given)
		return err_set(err, errlen, "zones: out of memory");
	memset(L, 0, sizeof(*L));
	if (strlen(text) >= LAYOUT_TEXT_MAX) {
		err_set(err, errlen, "zones: a layout of at most %d characters ('host DIR' reads a larger machine)",
			LAYOUT_TEXT_MAX - 1);
		goto out;
	}
	for (;;) {
		t += strspn(t, " ,\t");
		if (!*t)
			break;
		if (parse_item(L, t, given, &ratio_given, err, errlen))
			goto out;
		t += strcspn(t, " ,\t");
	}
	if (!layout_nodes_with_memory(L)) {
		err_set(err, errlen, "zones: no zone with managed pages (expected NODE.ZONE=PRESENT/MANAGED, as "
			"0.Normal=262144/258048)");
		goto out;
	}
	for (uint32_t n = 0; n < L->nnodes; n++)
		if (!given[n])
			L->node_cpus[n] = (uint32_t)(cpus / L->nnodes);
	if (!ratio_given)
		layout_ratio_defaults(L->ratio);
	rc = layout_check(L, err, errlen);
out:
	free(given);
	return rc;
}

size_t layout_format(const struct zone_layout *L, char *buf, size_t len)
{
	size_t n = 0;
	uint64_t dflt[LAYOUT_TYPES_MAX];

#define PUT(...) (n += (size_t)snprintf(buf + (n < len ? n : len), n < len ? len - n : 0, __VA_ARGS__))
	if (len)
		buf[0] = '\0';
	for (uint32_t node = 0; node < L->nnodes; node++) {
		PUT("%s%u.cpus=%u", n ? " " : "", node, L->node_cpus[node]);
		for (uint32_t i = 0; i < L->nzones; i++) {
			const struct layout_zone *z = &L->zones[i];

			if (z->node != node)
				continue;
			if (z->spanned != z->present)
				PUT(" %u.%s=%llu/%llu/%llu", node, z->name, (unsigned long long)z->spanned,
				    (unsigned long long)z->present, (unsigned long long)z->managed);
			else
				PUT(" %u.%s=%llu/%llu", node, z->name, (unsigned long long)z->present,
				    (unsigned long long)z->managed);
		}
	}
	layout_ratio_defaults(dflt);
	if (memcmp(dflt, L->ratio, sizeof(dflt))) {
		uint32_t last = LAYOUT_TYPES_MAX;

		while (last > 1 && !L->ratio[last - 1])
			last--;
		PUT(" ratio=");
		for (uint32_t j = 0; j < last; j++)
			PUT("%s%llu", j ? "/" : "", (unsigned long long)L->ratio[j]);
	}
#undef PUT
	return n;
}

int layout_set(struct machine *m, const char *text, char *err, size_t errlen)
{
	struct zone_layout *L;
	const struct zone_layout *kept;

	if (!strcmp(text, "auto")) {
		m->layout = NULL;
		return 0;
	}
	if (!m->layouts)
		return err_set(err, errlen, "zones: no session here to hold a layout");
	if (!(L = calloc(1, sizeof(*L))))
		return err_set(err, errlen, "zones: out of memory");
	if (layout_parse(text, m->cpus, L, err, errlen)) {
		free(L);
		return -1;
	}
	L->ram = m->ram;
	L->pagesize = m->pagesize;
	L->nodes = layout_nodes_with_memory(L);
	L->totalram = m->totalram;
	if (!(kept = layout_pool_keep(m->layouts, L)))
		return err_set(err, errlen, "zones: the session holds %d layouts at most", LAYOUT_POOL_MAX);
	m->nodes = kept->nodes;
	m->layout = kept;
	return 0;
}
