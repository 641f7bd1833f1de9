#include "variant.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "mm/kernel.h"

enum {
	N_CPUS, N_RAM, N_TOTALRAM, N_PAGESIZE, N_PAGE_SHIFT, N_PAGE_SIZE_K, N_PAGE_SHIFT_K, N_OVERCOMMIT, N_GUESS,
	N_ALWAYS, N_NEVER, N_SOCKETS, N_THREADS, N_DEPTH, N_ZONE, N_RECLAIM, N_SCANNED, N_CHUNK, N_MMAP,
	N_CHARGE_BATCH, N_COMMITTED_LIFT, N_SWAP_CLUSTER_MAX, N_COMMON
};

const struct variant_name variant_common[] = {
	[N_CPUS] = { "cpus", "CPUs, num_online_cpus() = num_present_cpus()", "cpus" },
	[N_RAM] = { "ram", "installed bytes", "ram" },
	[N_TOTALRAM] = { "totalram", "totalram_pages(), in pages", "totalram ram pagesize" },
	[N_PAGESIZE] = { "pagesize", "PAGE_SIZE, in bytes", "pagesize" },
	[N_PAGE_SHIFT] = { "page_shift", "PAGE_SHIFT: log2 of the page size", "pagesize" },
	[N_PAGE_SIZE_K] = { "PAGE_SIZE", "the same as pagesize, in the kernel's spelling", "pagesize" },
	[N_PAGE_SHIFT_K] = { "PAGE_SHIFT", "the same as page_shift", "pagesize" },
	[N_OVERCOMMIT] = { "overcommit", "vm.overcommit_memory: compare with guess, always, never", "overcommit" },
	[N_GUESS] = { "guess", "OVERCOMMIT_GUESS = 0", "" },
	[N_ALWAYS] = { "always", "OVERCOMMIT_ALWAYS = 1", "" },
	[N_NEVER] = { "never", "OVERCOMMIT_NEVER = 2", "" },
	[N_SOCKETS] = { "sockets", "packages (auto: 2, 1 on one CPU)", "sockets cpus" },
	[N_THREADS] = { "threads", "will-it-scale threads (one per CPU when auto)", "threads cpus" },
	[N_DEPTH] = { "depth", "memcg levels a charge walks", "depth" },
	[N_ZONE] = { "zone", "managed pages of the vmstat zone", "zone totalram ram pagesize nodes" },
	[N_RECLAIM] = { "reclaim", "bytes written to memory.reclaim", "reclaim" },
	[N_SCANNED] = { "scanned", "pages the reclaimer scans (vmpressure)", "scanned" },
	[N_CHUNK] = { "chunk", "pages per vmpressure() call", "chunk" },
	[N_MMAP] = { "mmap", "bytes mapped per will-it-scale loop", "mmap" },
	[N_CHARGE_BATCH] = { "charge_batch", "the charge_batch what-if (memcg_charge after)", "charge_batch" },
	[N_COMMITTED_LIFT] = { "committed_lift", "the committed_lift what-if (committed_as after)", "committed_lift" },
	[N_SWAP_CLUSTER_MAX] = { "SWAP_CLUSTER_MAX", "32, include/linux/swap.h", "" },
	[N_COMMON] = { NULL, NULL, NULL },
};

static uint64_t common_value(const struct machine *m, int i)
{
	switch (i) {
	case N_CPUS:
		return m->cpus;
	case N_RAM:
		return m->ram;
	case N_TOTALRAM:
		return machine_totalram(m);
	case N_PAGESIZE:
	case N_PAGE_SIZE_K:
		return m->pagesize;
	case N_PAGE_SHIFT:
	case N_PAGE_SHIFT_K:
		return machine_page_shift(m);
	case N_OVERCOMMIT:
		return m->overcommit;
	case N_GUESS:
		return OVERCOMMIT_GUESS;
	case N_ALWAYS:
		return OVERCOMMIT_ALWAYS;
	case N_NEVER:
		return OVERCOMMIT_NEVER;
	case N_SOCKETS:
		return machine_sockets(m);
	case N_THREADS:
		return machine_threads(m);
	case N_DEPTH:
		return m->depth;
	case N_ZONE:
		return machine_zone(m);
	case N_RECLAIM:
		return m->reclaim;
	case N_SCANNED:
		return m->scanned;
	case N_CHUNK:
		return m->chunk;
	case N_MMAP:
		return m->mmap;
	case N_CHARGE_BATCH:
		return m->charge_batch;
	case N_COMMITTED_LIFT:
		return m->committed_lift;
	default:
		return SWAP_CLUSTER_MAX;
	}
}

uint64_t variant_common_value(const struct machine *m, int i)
{
	return common_value(m, i);
}

void variant_common_values(const struct machine *m, uint64_t reads, uint64_t *vals)
{
	for (uint64_t b = reads & ((1ull << N_COMMON) - 1); b; b &= b - 1) {
		int i = (int)fls64(b ^ (b - 1)) - 1;

		vals[i] = common_value(m, i);
	}
}

/* d's variant slots in a patch set, as its patch_constant says (-1: a patch with no constant has none). */
static int slot(const struct patch_desc *d)
{
	return d->constant && d->constant->slot < VARIANT_PATCHES ? d->constant->slot : -1;
}

int variant_side0(const struct patch_desc *d)
{
	return patch_nsides(d);
}

const struct variant *variant_at(const struct machine *m, const struct patch_desc *d, int side)
{
	const struct patch_set *ps = m ? m->set : NULL;
	int s = slot(d), k = side - patch_nsides(d);

	if (!ps || s < 0 || k < 0 || k >= ps->nvariants[s])
		return NULL;
	return &ps->variants[s][k];
}

int variant_find(const struct machine *m, const struct patch_desc *d, const char *name)
{
	return variant_find_in(m ? m->set : NULL, d, name);
}

int variant_find_in(const struct patch_set *ps, const struct patch_desc *d, const char *name)
{
	int s = slot(d);

	for (int k = 0; ps && s >= 0 && k < ps->nvariants[s]; k++)
		if (!strcmp(ps->variants[s][k].name, name))
			return patch_nsides(d) + k;
	return -1;
}

int variant_names(const struct patch_desc *d, const char **names, int max)
{
	int n = 0;

	for (int i = 0; i < N_COMMON && n < max - 1; i++)
		names[n++] = variant_common[i].name;
	for (int i = 0; d->constant && d->constant->locals[i] && n < max - 1; i++)
		names[n++] = d->constant->locals[i];
	names[n] = NULL;
	return n;
}

/* prog with the values of what it reads: the machine's names, then d's locals (given, or computed). */
static int eval_prog(const struct machine *m, const struct patch_desc *d, const struct expr *prog,
		     const uint64_t *locals, uint64_t *out, const char **why, const char *const *names,
		     struct strbuf *trace)
{
	uint64_t vals[VARIANT_NAMES_MAX]; /* only what prog reads is filled, and only that is read */
	int r;

	if (!trace && expr_known(prog, out)) {
		/* a sweep row's fixed value (fix_variants): read twice per cell, so no machine is consulted */
		if (*out >= d->constant->lo && *out <= d->constant->hi)
			return 0;
		*why = d->constant->why_range;
		return -1;
	}
	/* only what the expression reads: a sweep evaluates it once per row */
	for (uint64_t b = prog->reads & ((1ull << N_COMMON) - 1); b; b &= b - 1) {
		int i = (int)fls64(b ^ (b - 1)) - 1; /* the lowest bit set */

		vals[i] = common_value(m, i);
	}
	if (locals) {
		for (int i = 0; d->constant->locals[i] && N_COMMON + i < VARIANT_NAMES_MAX; i++)
			vals[N_COMMON + i] = locals[i];
	} else if (d->constant->local_values && (prog->reads >> N_COMMON)) {
		d->constant->local_values(m, vals + N_COMMON);
	}
	r = expr_eval(prog, names, vals, out, why, trace);
	if (!r && (*out < d->constant->lo || *out > d->constant->hi)) {
		*why = d->constant->why_range;
		r = -1;
	}
	return r;
}

int variant_eval_expr(const struct machine *m, const struct patch_desc *d, const struct expr *prog, uint64_t *out,
		      const char **why)
{
	return eval_prog(m, d, prog, NULL, out, why, NULL, NULL);
}

struct expr *variant_prog(struct patch_set *ps, const struct patch_desc *d, int side)
{
	int s = slot(d), k = side - patch_nsides(d);

	if (s < 0 || k < 0 || k >= ps->nvariants[s])
		return NULL;
	return &ps->variants[s][k].prog;
}

int variant_eval(const struct machine *m, const struct patch_desc *d, int side, const uint64_t *locals,
		 uint64_t *out, const char **why, struct strbuf *trace)
{
	const struct variant *v = variant_at(m, d, side);
	const char *names[VARIANT_NAMES_MAX + 1];
	int r;

	if (!v) {
		*why = "no such variant";
		return -1;
	}
	if (trace)
		variant_names(d, names, VARIANT_NAMES_MAX + 1);
	sb_printf(trace, "variant %s: %s = %s\n", v->name, d->constant->name, v->text);
	r = eval_prog(m, d, &v->prog, locals, out, why, trace ? names : NULL, trace);
	if (!trace)
		return r;
	if (r) {
		sb_printf(trace, "n/a: %s - the variant cannot be evaluated on this machine\n", *why);
		return r;
	}
	sb_printf(trace, "%s.%s = %llu\n", d->id, v->name, (unsigned long long)*out);
	if (d->constant->check && d->constant->check(*out))
		sb_printf(trace, "marked: %s\n", d->constant->check(*out));
	return r;
}

const char *variant_mark(const struct machine *m, const struct patch_desc *d, int side, uint64_t *value,
			 const char **why)
{
	const struct patch_constant *c = d->constant;
	uint64_t x;

	*why = NULL;
	if (!c || c->per_call || !c->check)
		return NULL;
	if (side < patch_nsides(d)) {
		if (side != d->after || !c->after_value)
			return NULL;
		x = c->after_value(m);
	} else if (variant_eval(m, d, side, NULL, &x, why, NULL)) {
		return NULL;
	}
	if (value)
		*value = x;
	return c->check(x);
}

uint64_t variant_const_eval(const struct machine *m, const struct patch_desc *d, int side, struct strbuf *why)
{
	uint64_t v = 0;
	const char *na;

	if (variant_eval(m, d, side, NULL, &v, &na, why))
		return 0; /* metric_compute() refused this side already */
	return v;
}

int variant_fix(struct patch_set *ps, const struct patch_desc *d, int side, uint64_t value)
{
	struct expr *e = variant_prog(ps, d, side);

	if (!e)
		return -1;
	expr_constant(e, value);
	return 0;
}

int variant_listed(const char *list, const char *key)
{
	size_t n = strlen(key);

	for (const char *p = list ? list : ""; *p;) {
		size_t w;

		while (*p == ' ')
			p++;
		w = strcspn(p, " ");
		if (w == n && !strncmp(p, key, n))
			return 1;
		p += w;
	}
	return 0;
}

int variant_reads(const struct machine *m, const struct patch_desc *d, int side, const char *key)
{
	const struct variant *v = variant_at(m, d, side);

	if (!v)
		return 0;
	for (int i = 0; i < N_COMMON; i++)
		if ((v->prog.reads & (1ull << i)) && variant_listed(variant_common[i].reads, key))
			return 1;
	for (int i = 0; d->constant->locals[i] && N_COMMON + i < 64; i++)
		if ((v->prog.reads & (1ull << (N_COMMON + i))) && variant_listed(d->constant->locals_reads[i], key))
			return 1;
	return 0;
}

void variant_bind(const struct machine *m, const struct patch_desc *d, struct expr *prog, const char *key)
{
	uint64_t vals[VARIANT_NAMES_MAX] = { 0 }, mask = 0;

	for (int i = 0; i < N_COMMON; i++)
		if ((prog->reads & (1ull << i)) && !variant_listed(variant_common[i].reads, key)) {
			vals[i] = common_value(m, i);
			mask |= 1ull << i;
		}
	if (!d->constant->per_call && d->constant->local_values && (prog->reads >> N_COMMON)) {
		uint64_t locals[VARIANT_NAMES_MAX - N_COMMON];

		d->constant->local_values(m, locals);
		for (int i = 0; d->constant->locals[i] && N_COMMON + i < 64; i++)
			if ((prog->reads & (1ull << (N_COMMON + i))) && !variant_listed(d->constant->locals_reads[i], key)) {
				vals[N_COMMON + i] = locals[i];
				mask |= 1ull << (N_COMMON + i);
			}
	}
	expr_bind(prog, mask, vals);
}

int variant_common_field(int i)
{
	switch (i) {
	case N_CPUS:
		return (int)offsetof(struct machine, cpus);
	case N_RAM:
		return (int)offsetof(struct machine, ram);
	case N_PAGESIZE:
	case N_PAGE_SIZE_K:
		return (int)offsetof(struct machine, pagesize);
	case N_OVERCOMMIT:
		return (int)offsetof(struct machine, overcommit);
	case N_DEPTH:
		return (int)offsetof(struct machine, depth);
	case N_RECLAIM:
		return (int)offsetof(struct machine, reclaim);
	case N_SCANNED:
		return (int)offsetof(struct machine, scanned);
	case N_CHUNK:
		return (int)offsetof(struct machine, chunk);
	case N_MMAP:
		return (int)offsetof(struct machine, mmap);
	case N_CHARGE_BATCH:
		return (int)offsetof(struct machine, charge_batch);
	case N_COMMITTED_LIFT:
		return (int)offsetof(struct machine, committed_lift);
	default:
		return -1;
	}
}

int variant_code(const struct machine *m, const struct patch_desc *d, struct expr *prog, const char *key,
		 struct variant_code *vc)
{
	/* a local that is one of the machine's names is read as that name: a field, not local_values() */
	for (int i = 0; d->constant->locals_alias && d->constant->locals[i]; i++)
		for (int n = 0; d->constant->locals_alias[i] && n < N_COMMON; n++)
			if (!strcmp(variant_common[n].name, d->constant->locals_alias[i]))
				expr_rename(prog, N_COMMON + i, n);
	variant_bind(m, d, prog, key);
	if (expr_code_make(&vc->code, prog))
		return -1;
	vc->locals = 0;
	vc->fields = 1;
	for (int j = 0; j < vc->code.nnames; j++) {
		int n = vc->code.name[j];

		vc->field[j] = (int16_t)(n < N_COMMON ? variant_common_field(n) : -1);
		vc->locals |= n >= N_COMMON;
		vc->fields &= vc->field[j] >= 0;
	}
	vc->flat_lo = 1;
	vc->flat_hi = 0; /* no plateau yet */
	vc->same = 0;
	vc->need = 3;
	vc->last_v = 0;
	return vc->locals && !d->constant->local_values ? -1 : 0; /* locals come from the caller: eval_prog's way */
}

/*
 * x (the one name) gave v, as the rows before it did: how far above x does
 * v hold? Spans growing fourfold, as far as expr_code_flat() can say; a
 * short plateau makes the next question wait for a longer run of rows.
 */
static void plateau(struct variant_code *vc, uint64_t x, uint64_t v)
{
	uint64_t span = 4, got = 0, w;

	while (span && x <= UINT64_MAX - span && expr_code_flat(&vc->code, x, x + span, &w) && w == v) {
		got = span;
		span = span > UINT64_MAX / 4 ? 0 : span * 4;
	}
	if (!got && span && x > UINT64_MAX - span && expr_code_flat(&vc->code, x, UINT64_MAX, &w) && w == v)
		got = UINT64_MAX - x;
	if (got) {
		vc->flat_lo = x;
		vc->flat_hi = x + got;
		vc->flat_v = v;
	}
	vc->need = got >= 16ull * vc->need ? 3 : vc->need < (1u << 20) ? vc->need * 2 : vc->need;
}

void variant_seen(struct variant_code *vc, uint64_t x, uint64_t v)
{
	vc->same = 0;
	plateau(vc, x, v);
}

int variant_run_any(const struct machine *m, const struct patch_desc *d, struct variant_code *vc, uint64_t *out,
		    const char **why)
{
	uint64_t r[EXPR_CODE_REGS], locals[VARIANT_NAMES_MAX - N_COMMON];
	const struct patch_constant *c = d->constant;

	if (vc->locals && c->local_values)
		c->local_values(m, locals);
	for (int j = 0; j < vc->code.nnames; j++) {
		int n = vc->code.name[j];

		r[j] = vc->field[j] >= 0 ? *(const uint64_t *)(const void *)((const char *)m + vc->field[j])
		     : n < N_COMMON	 ? common_value(m, n)
					 : locals[n - N_COMMON];
	}
	return variant_run_regs(c, vc, r, out, why);
}

uint64_t variant_plateau_cpus(const struct variant_code *vc, uint64_t cpus, uint64_t n)
{
	if (vc->code.nnames != 1 || vc->field[0] != (int)offsetof(struct machine, cpus) || cpus < vc->flat_lo ||
	    cpus > vc->flat_hi)
		return cpus;
	return min_u64(vc->flat_hi, n);
}

/*
 * A variant may not take a name of one of its patch's own sides (or before,
 * after, kernel): PATCH.METRIC.NAME must mean one column. Another patch's
 * sides are free - pcp's v2 leaves memcg_charge a variant named v2.
 */
static int reserved(const struct patch_desc *d, const char *name, char *sides, size_t len)
{
	size_t n = (size_t)snprintf(sides, len, "before, after, kernel");
	int hit = !strcmp(name, "before") || !strcmp(name, "after") || !strcmp(name, "kernel");

	for (int s = 0; d->sides[s]; s++) {
		if (strcmp(d->sides[s], "before") && strcmp(d->sides[s], "after") && n < len)
			n += (size_t)snprintf(sides + n, len - n, ", %s", d->sides[s]);
		hit |= !strcmp(d->sides[s], name);
	}
	return hit;
}

int variant_add(struct patch_set *ps, const struct patch_desc *d, const char *name, const char *text, char *err,
		size_t errlen)
{
	const char *names[VARIANT_NAMES_MAX + 1];
	struct variant *v;
	struct expr e;
	char why[200];
	int s = slot(d);
	size_t len = strlen(name);

	if (!d->constant || s < 0) {
		snprintf(err, errlen, "%s: no constant a variant can replace", d->id);
		return -1;
	}
	if (!len || !(isalpha((unsigned char)name[0]) || name[0] == '_')) {
		snprintf(err, errlen, "%s.%.40s: a name is an identifier (a letter or _, then letters, digits, _)", d->id,
			 name);
		return -1;
	}
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '_') {
			snprintf(err, errlen, "%s.%.40s: a name is an identifier (a letter or _, then letters, digits, _)",
				 d->id, name);
			return -1;
		}
	if (len >= VARIANT_NAME_MAX) {
		snprintf(err, errlen, "%s.%.40s...: a name has at most %d characters", d->id, name, VARIANT_NAME_MAX - 1);
		return -1;
	}
	if (reserved(d, name, why, sizeof(why))) {
		snprintf(err, errlen, "%s.%s: the name is reserved: it names a side of %s (%s)", d->id, name, d->id, why);
		return -1;
	}
	if (variant_find_in(ps, d, name) >= 0) {
		snprintf(err, errlen, "%s.%s: already defined (variant del %s %s first)", d->id, name, d->id, name);
		return -1;
	}
	if (ps->nvariants[s] >= VARIANT_MAX) {
		snprintf(err, errlen, "%s.%s: %s has %d variants already, the most it shows (variant del one first)", d->id,
			 name, d->id, VARIANT_MAX);
		return -1;
	}
	if (strlen(text) >= VARIANT_TEXT_MAX) {
		snprintf(err, errlen, "%s.%s: expression too long (at most %d characters)", d->id, name,
			 VARIANT_TEXT_MAX - 1);
		return -1;
	}
	variant_names(d, names, VARIANT_NAMES_MAX + 1);
	if (expr_compile(&e, text, names, why, sizeof(why))) {
		snprintf(err, errlen, "%s.%s: %s", d->id, name, why);
		return -1;
	}
	v = &ps->variants[s][ps->nvariants[s]++];
	memset(v, 0, sizeof(*v));
	snprintf(v->name, sizeof(v->name), "%s", name);
	snprintf(v->text, sizeof(v->text), "%s", text);
	v->prog = e;
	return 0;
}

int variant_del(struct patch_set *ps, const struct patch_desc *d, const char *name, char *err, size_t errlen)
{
	int side = variant_find_in(ps, d, name), s = slot(d), k;

	if (side < 0) {
		snprintf(err, errlen, "%s has no variant '%.40s' (see 'variant list')", d->id, name);
		return -1;
	}
	k = side - patch_nsides(d);
	memmove(&ps->variants[s][k], &ps->variants[s][k + 1], (size_t)(ps->nvariants[s] - k - 1) * sizeof(struct variant));
	ps->nvariants[s]--;
	memset(&ps->variants[s][ps->nvariants[s]], 0, sizeof(struct variant));
	return 0;
}
