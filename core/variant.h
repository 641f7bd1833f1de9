/*
 * Variants: the user's own versions of a patch's constant, each an extra
 * side (column) of the patch. `variant memcg_charge scaled = clamp(2 * cpus,
 * 32, 127)` adds side patch_nsides(d) + k; the patch's constant accessor asks
 * variant_const() for its value there, so every metric of the patch follows.
 *
 * The names an expression may read: the machine's (cpus, ram, totalram,
 * pagesize, overcommit with guess/always/never, ...) and then the patch's own
 * (patch_constant.locals: mem128m, remaining, ...), in that order.
 *
 * Pure: the variants live in a patch set (core/patchset.h), which a machine
 * points to; nothing here prints.
 */
#ifndef BL_VARIANT_H
#define BL_VARIANT_H

#include <stddef.h>
#include <stdint.h>

#include "machine.h"
#include "patch.h"
#include "strbuf.h"

#define VARIANT_NAMES_MAX 48

/* The machine's names every patch's expressions may read, and what each is. */
struct variant_name {
	const char *name;
	const char *help;
	const char *reads; /* the parameters its value follows, space-separated */
};
extern const struct variant_name variant_common[]; /* terminated by name == NULL */

/* vals[i] = the value on m of variant_common[i], for each bit i of reads (a patch file's expressions read them too). */
void variant_common_values(const struct machine *m, uint64_t reads, uint64_t *vals);
/* The same for one name: variant_common[i]'s value on m. */
uint64_t variant_common_value(const struct machine *m, int i);
/* The offset in struct machine of the uint64_t variant_common[i] is as it stands, or -1 (worked out: totalram, zone ...). */
int variant_common_field(int i);
/* Is key one of the space-separated words of list (a `reads` list)? */
int variant_listed(const char *list, const char *key);

/* d's k-th variant is side variant_side0(d) + k. */
int variant_side0(const struct patch_desc *d);
/* The variant on side, or NULL for a base side (or no such variant). */
const struct variant *variant_at(const struct machine *m, const struct patch_desc *d, int side);
/* A variant's side by name, or -1. */
int variant_find(const struct machine *m, const struct patch_desc *d, const char *name);
int variant_find_in(const struct patch_set *ps, const struct patch_desc *d, const char *name);
/* Does the variant on side read the parameter key (through any name it uses)? */
int variant_reads(const struct machine *m, const struct patch_desc *d, int side, const char *key);
/* Every name d's expressions may read, NULL-terminated: the machine's, then d's locals. */
int variant_names(const struct patch_desc *d, const char **names, int max);

/*
 * Evaluate the variant on side. locals: values for d's locals, or NULL to
 * have d compute them (a per_call patch passes its own). trace: NULL, or the
 * working, indented, with the expression, each step, the result and the
 * kernel's mark. 0 with *out, or -1 with *why.
 */
int variant_eval(const struct machine *m, const struct patch_desc *d, int side, const uint64_t *locals,
		 uint64_t *out, const char **why, struct strbuf *trace);
/* The program of the variant on side in ps, to keep or replace (a sweep fixes it per row); NULL if none. */
struct expr *variant_prog(struct patch_set *ps, const struct patch_desc *d, int side);
/* prog (a variant of d's, kept aside) on m, no locals, no trace: as variant_eval. */
int variant_eval_expr(const struct machine *m, const struct patch_desc *d, const struct expr *prog, uint64_t *out,
		      const char **why);
/*
 * prog (a copy of a variant of d's) with every name that does not follow the
 * parameter key bound to its value on m: a sweep over key evaluates only
 * what moves. Names in no `reads` list are left as they are.
 */
void variant_bind(const struct machine *m, const struct patch_desc *d, struct expr *prog, const char *key);
/* A variant bound for a sweep and compiled: what a row runs, and where on the row's machine its names are. */
struct variant_code {
	struct expr_code code;
	int16_t field[EXPR_MAX_NAMES]; /* register j: the machine's uint64_t at this offset; -1: worked out */
	int locals;                     /* it reads the patch's locals */
	/*
	 * A plateau (clamp(2 * cpus, 32, 127) is 127 from 64 CPUs on): where the
	 * value has stayed the same a few rows, expr_code_flat() is asked how far
	 * on it stays so; rows whose one name lies in flat_lo..flat_hi take
	 * flat_v without running the steps.
	 */
	int fields;                     /* every name it reads is a field (no worked-out name, no local) */
	uint64_t flat_lo, flat_hi, flat_v, last_v;
	unsigned same, need; /* rows in a row with last_v; how many before asking (more after a short plateau) */
};

/*
 * prog bound for a sweep over key (variant_bind) and made into its register
 * form in *vc: what the sweep runs per row (variant_run). -1 only if no
 * register form could be made (the caller keeps evaluating prog).
 */
int variant_code(const struct machine *m, const struct patch_desc *d, struct expr *prog, const char *key,
		 struct variant_code *vc);
/* vc (from variant_code) on m: the value or the reason variant_eval_expr gives for its program. */
static inline int variant_run(const struct machine *m, const struct patch_desc *d, struct variant_code *vc,
			      uint64_t *out, const char **why);
/* The same for any names (variant_run inlines the common case: every name a field of the machine). */
int variant_run_any(const struct machine *m, const struct patch_desc *d, struct variant_code *vc, uint64_t *out,
		    const char **why);
/* Rows of vc's one name up to x have kept giving v (in range): look for the plateau. */
void variant_seen(struct variant_code *vc, uint64_t x, uint64_t v);
/* vc's value on m without a run when m's one name lies on vc's plateau: 1 with *out, else 0 (a sweep asks per row). */
static inline int variant_plateau(const struct machine *m, const struct variant_code *vc, uint64_t *out)
{
	uint64_t x;

	if (vc->flat_hi < vc->flat_lo || vc->field[0] < 0) /* no plateau found, or a name worked out */
		return 0;
	x = *(const uint64_t *)(const void *)((const char *)m + vc->field[0]);
	if (x < vc->flat_lo || x > vc->flat_hi)
		return 0;
	*out = vc->flat_v;
	return 1;
}
/* The run once its names are in r: the plateau, the register form, the constant's range, the plateau's watch. */
#ifdef __GNUC__
__attribute__((always_inline))
#endif
static inline int variant_run_regs(const struct patch_constant *c, struct variant_code *vc, uint64_t *r, uint64_t *out,
				   const char **why)
{
	if (vc->code.nnames == 1 && r[0] >= vc->flat_lo && r[0] <= vc->flat_hi)
		return *out = vc->flat_v, 0; /* checked in range when the plateau was found */
	if (expr_code_exec(&vc->code, r, out, why))
		return -1;
	if (*out < c->lo || *out > c->hi)
		return *why = c->why_range, -1;
	if (vc->code.nnames == 1) {
		vc->same = *out == vc->last_v ? vc->same + 1 : 0;
		vc->last_v = *out;
		if (vc->same >= vc->need)
			variant_seen(vc, r[0], *out);
	}
	return 0;
}

#ifdef __GNUC__
__attribute__((always_inline)) /* a sweep's row: the call is a good part of what is left */
#endif
static inline int variant_run(const struct machine *m, const struct patch_desc *d, struct variant_code *vc,
			      uint64_t *out, const char **why)
{
	uint64_t r[EXPR_CODE_REGS];

	if (!vc->fields)
		return variant_run_any(m, d, vc, out, why);
	for (int j = 0; j < vc->code.nnames; j++)
		r[j] = *(const uint64_t *)(const void *)((const char *)m + vc->field[j]);
	return variant_run_regs(d->constant, vc, r, out, why);
}

/* After variant_run on cpus: the last cpus up to n with the same value (a plateau over cpus), else cpus. */
uint64_t variant_plateau_cpus(const struct variant_code *vc, uint64_t cpus, uint64_t n);
/*
 * What the kernel says about column side's constant on m - a variant's value
 * or, on the after side, the parameter that sets it (charge_batch 200 above
 * S8_MAX) - as check() puts it; NULL when nothing, or when it is n/a (why
 * then has the reason). value gets the constant when there is one.
 */
const char *variant_mark(const struct machine *m, const struct patch_desc *d, int side, uint64_t *value,
			 const char **why);
/* For a patch's constant accessor, after metric_compute() checked it evaluates: the value, explained. */
static inline uint64_t variant_const(const struct machine *m, const struct patch_desc *d, int side,
				     struct strbuf *why);
/* The same, always evaluated (variant_const's way when the value does not stand in the machine). */
uint64_t variant_const_eval(const struct machine *m, const struct patch_desc *d, int side, struct strbuf *why);

/*
 * Replace the variant's expression by the constant value in ps (a scratch
 * copy a row's machine points to): a sweep over cpus solves MVA once per
 * distinct value of a variant rather than once per row.
 */
int variant_fix(struct patch_set *ps, const struct patch_desc *d, int side, uint64_t value);

/* Add to ps (compile, check the name) or remove; -1 with one line in err and ps unchanged. */
int variant_add(struct patch_set *ps, const struct patch_desc *d, const char *name, const char *text, char *err,
		size_t errlen);
int variant_del(struct patch_set *ps, const struct patch_desc *d, const char *name, char *err, size_t errlen);

/*
 * Inline in the accessor, where d and its sides are known: a sweep row's
 * value standing in the machine (fix_variants) is read as eval_prog would
 * read it, with no call, since a metric asks for it per cell.
 */
static inline uint64_t variant_const(const struct machine *m, const struct patch_desc *d, int side,
				     struct strbuf *why)
{
	uint64_t v;
	int s = d->constant->slot, k = side - d->constant->side0;
	const struct patch_set *ps = m->set;

	if (why)
		return variant_const_eval(m, d, side, why);
	if (ps && s >= 0 && s < VARIANT_PATCHES && k >= 0 && k < ps->nvariants[s] && expr_known(&ps->variants[s][k].prog, &v) &&
	    v >= d->constant->lo && v <= d->constant->hi)
		return v;
	return variant_const_eval(m, d, side, why);
}

#endif
