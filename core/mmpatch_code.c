/*
 * A sweep column compiled (mmpatch_code.h): the nodes a column's value is
 * made of - the file's helpers, its constant on the column's side, the
 * figures its metric reads, the metric, its per - each a register program
 * bound against the sweep's fixed names, in the interpreter's order; a row
 * runs them, and over totalram or ram the same chain on intervals says how
 * far the value stands.
 */
#include "mmpatch_code.h"

#include <stdlib.h>
#include <string.h>

#include "mmpatch.h"
#include "patchset.h"
#include "variant.h"

/* Every helper, the constant and each figure once, and a per: more is a file the parser refuses. */
#define CODE_NODES (MMP_METRICS + 2 * MMP_HELPERS + 4)

enum node_kind {
	N_EXPR,   /* a register program */
	N_KNOWN,  /* a program that folded to a number (it cannot fail) */
	N_HELPER, /* a kernel helper of the file's, on the row: n/a where the helper is */
	N_LOCAL,  /* the same read as a variant's local: 0 where it is n/a (mmp_helper_locals) */
};

enum { S_FIELD, S_COMMON, S_NODE }; /* where register j is loaded from on a row */

/* Register j of a node: where a row loads it from. */
struct reg_src {
	int16_t arg;  /* a field's offset, variant_common[]'s index, or a node's */
	uint8_t src;
	uint8_t key;  /* it is the key itself (totalram), for the intervals */
};

/* What a row reads first, together in a cache line: a row runs a dozen of these, not one. */
struct code_node {
	uint64_t known;
	uint8_t kind, helper;
	uint8_t ranged;      /* a variant's constant: outside the constant's lo..hi it is n/a for why_range */
	uint8_t nregs;       /* code.nnames, here beside the registers' sources */
	int16_t what;        /* which figure of the column's side it is (T_*): one node of a join for each */
	struct reg_src reg[EXPR_MAX_NAMES];
	struct expr_code code;
};

/* What a node works out, the same in every column of a side's sweep: the join's key (mmp_code_join). */
enum {
	T_CONST = 1,                           /* the side's constant, or the variant's */
	T_HELPER = 2,                          /* + i: a helper of the file's */
	T_LOCAL = T_HELPER + MMP_HELPERS,      /* + i: a variant's local */
	T_METRIC = T_LOCAL + MMP_HELPERS,      /* + k: metric k of the file */
	T_PER = T_METRIC + MMP_METRICS,        /* + k: metric k's per */
	T_SIDE = T_PER + MMP_METRICS,          /* * side: each side's figures are its own */
};

#define CONST_REGS 4 /* a constant that reads more names is run by each column itself */

/* A node's last run: the registers it was loaded with and what it gave (nregs -1: none yet). */
struct last_run {
	int nregs, failed;
	uint64_t reg[CONST_REGS], out;
	const char *why;
};

struct mmp_code {
	const struct patch_constant *c;
	const struct patch_desc *d;
	int side;
	int value, per;      /* the value's node; the per's, or -1 */
	int real;            /* a real metric: value / per * scale, in double, as real_of() works it */
	double scale;
	int flat;            /* every name a row loads is the key, totalram, or a node's value */
	int konst;           /* the constant's node, or -1 when the value does not read it */
	int through;         /* the key reaches the value only through the constant: the plateau is the constant's */
	/*
	 * An earlier column's code with the same constant (mmp_code_share): a
	 * row's constant is run once, by the first column that asks, and a
	 * plateau found once serves each column whose key goes through it.
	 */
	struct mmp_code *lead;
	int shared;          /* a later column's lead: its constant's last run is kept for it */
	struct last_run last;
	/*
	 * A built-in patch's metric that reads totalram only through its
	 * constant (metric_desc.through_constant), on a variant's side: fn on
	 * the row's machine with the variant held at the row's constant, in a
	 * set of the column's own.
	 */
	const struct metric_desc *fn_md;
	struct patch_set *set;
	struct expr *held;
	/*
	 * The last plateau searched for: from the totalram it was asked at to
	 * its last (end 0: none yet), its length above that row; the distance
	 * between the last two ends, or 0. A lead's, when the key reaches its
	 * columns through its constant alone, is its constant's and serves them.
	 */
	uint64_t from, end, hint, period;
	struct mmp_join *join;     /* the columns whose row it runs with its own (mmp_code_join), or NULL */
	int nnodes;
	struct code_node node[];
};

/*
 * Columns of one patch joined (mmp_code_join): one chain holding each node
 * of theirs once, and for each column its value, its per and the nodes its
 * own chain runs, in that chain's order - the first of them to fail is the
 * one whose reason its cell gives.
 */
struct join_col {
	struct mmp_code *k; /* its own plateau's searches are kept in it */
	int value, per, nuse;
	int16_t use[CODE_NODES];
};

struct mmp_join {
	int nnodes, ncols;
	struct join_col col[MMP_JOIN_MAX];
	struct code_node *node;
};

/* Making one: the nodes so far, each figure's once, and what the sweep holds fixed. */
struct build {
	const struct machine *m;
	const struct patch_desc *d;
	const struct mmpatch *p; /* NULL: a built-in patch's variant */
	const char *key;
	int side, failed, ncommon, totalram, is_totalram; /* is_totalram: the key moves totalram alone (totalram, or ram) */
	int nodes;
	struct code_node *node;
	int helper_at[MMP_HELPERS], local_at[MMP_HELPERS], const_at, metric_at[MMP_METRICS];
	uint64_t locals[EXPR_MAX_NAMES]; /* a built-in patch's locals, as local_values() gives them */
	int have_locals;
};

static int new_node(struct build *b, int kind)
{
	struct code_node *n;

	if (b->nodes == CODE_NODES) {
		b->failed = 1;
		return 0;
	}
	n = &b->node[b->nodes];
	memset(n, 0, offsetof(struct code_node, code));
	n->kind = (uint8_t)kind;
	return b->nodes++;
}

/* Does a helper follow the key (its built-in metric's reads, or the release over kernel)? */
static int helper_follows(const struct build *b, int i)
{
	return variant_listed(mmp_helper_reads(i), b->key) || !strcmp(b->key, "kernel");
}

static int add_expr(struct build *b, const struct expr *src, int variant);

/* A built-in patch's local i that follows the key, as the expression in the machine's names it always is (a node). */
static int local_expr(struct build *b, int i, int16_t *dep)
{
	const struct patch_constant *c = b->d->constant;
	const char *names[EXPR_MAX_NAMES + 1];
	struct expr e;
	char why[200];
	int n = 0;

	if (!c->locals_expr || !c->locals_expr[i])
		return b->failed = 1, -1;
	if (b->local_at[i] < 0) {
		while (n < b->ncommon && n < EXPR_MAX_NAMES)
			names[n] = variant_common[n].name, n++;
		names[n] = NULL;
		if (expr_compile(&e, c->locals_expr[i], names, why, sizeof(why)))
			return b->failed = 1, -1;
		b->local_at[i] = add_expr(b, &e, 1);
		b->node[b->local_at[i]].what = (int16_t)(T_LOCAL + i);
	}
	dep[b->ncommon + i] = (int16_t)b->local_at[i];
	return 0;
}

/* Local i of an expression (a patch file's helper, or a built-in patch's local): bound into vals, or a node. */
static int add_local(struct build *b, int i, int variant, uint64_t *vals, uint64_t *mask, int16_t *dep)
{
	const char *why;
	int at = b->ncommon + i;

	if (!b->p) { /* a built-in patch's: all of them at once where none follows the key, else its expression */
		if (variant_listed(b->d->constant->locals_reads[i], b->key))
			return local_expr(b, i, dep);
		if (!b->d->constant->local_values)
			return b->failed = 1, -1;
		if (!b->have_locals++)
			b->d->constant->local_values(b->m, b->locals);
		vals[at] = b->locals[i];
		*mask |= 1ull << at;
		return 0;
	}
	if (!helper_follows(b, i)) {
		if (mmp_helper_value(i, b->m, &vals[at], &why)) {
			if (!variant)
				return b->failed = 1, -1; /* every row is n/a for it: left to the interpreter to say */
			vals[at] = 0;
		}
		*mask |= 1ull << at;
		return 0;
	}
	int *memo = variant ? &b->local_at[i] : &b->helper_at[i];

	if (*memo < 0) {
		*memo = new_node(b, variant ? N_LOCAL : N_HELPER);
		b->node[*memo].helper = (uint8_t)i;
		b->node[*memo].what = (int16_t)((variant ? T_LOCAL : T_HELPER) + i);
	}
	dep[at] = (int16_t)*memo;
	return 0;
}

static int add_metric(struct build *b, int k);

/* The constant on the column's side: a base side's program (a variant's node is made first, add_column). */
static int add_const(struct build *b);

/*
 * One node for e, after the nodes of what it reads, in the order fill()
 * (core/mmpatch_eval.c) reads them: the helpers, the constant, the figures.
 * variant: e is a variant's program (its locals read 0 where n/a).
 */
static int add_expr(struct build *b, const struct expr *src, int variant)
{
	uint64_t vals[EXPR_MAX_NAMES] = { 0 }, mask = 0;
	int16_t dep[EXPR_MAX_NAMES];
	struct expr e = *src;
	int at, nlocals = b->p ? MMP_HELPERS : 0;
	struct code_node *n;

	for (int i = 0; i < EXPR_MAX_NAMES; i++)
		dep[i] = -1;
	if (!b->p)
		while (b->d->constant->locals && b->d->constant->locals[nlocals])
			nlocals++;
	for (int i = 0; i < nlocals && !b->failed; i++)
		if ((e.reads >> (b->ncommon + i)) & 1)
			add_local(b, i, variant, vals, &mask, dep);
	if (b->p && !variant && (e.reads >> b->p->constant0) & 1)
		dep[b->p->constant0] = (int16_t)add_const(b);
	for (int k = 0; b->p && !variant && k < b->p->nmetrics && !b->failed; k++)
		if ((e.reads >> (b->p->metric0 + k)) & 1)
			dep[b->p->metric0 + k] = (int16_t)add_metric(b, k);
	if (b->failed)
		return 0;
	for (int i = 0; i < b->ncommon; i++)
		if ((e.reads >> i) & 1 && !variant_listed(variant_common[i].reads, b->key)) {
			vals[i] = variant_common_value(b->m, i);
			mask |= 1ull << i;
		}
	for (int i = 0; i < EXPR_MAX_NAMES; i++) /* a figure that folded to a number is that number where it is read */
		if (dep[i] >= 0 && b->node[dep[i]].kind == N_KNOWN) {
			vals[i] = b->node[dep[i]].known;
			mask |= 1ull << i;
		}
	expr_bind(&e, mask, vals);
	at = new_node(b, N_EXPR);
	if (b->failed)
		return 0;
	n = &b->node[at];
	if (expr_known(&e, &n->known)) {
		n->kind = N_KNOWN;
		return at;
	}
	if (expr_code_make(&n->code, &e))
		return b->failed = 1, 0;
	for (int j = 0; j < n->code.nnames; j++) {
		int x = n->code.name[j], f = x < b->ncommon ? variant_common_field(x) : -1;

		if (x >= b->ncommon && dep[x] < 0)
			return b->failed = 1, 0; /* a name with no value: not a program this file made */
		n->reg[j].src = (uint8_t)(x >= b->ncommon ? S_NODE : f >= 0 ? S_FIELD : S_COMMON);
		n->reg[j].arg = (int16_t)(x >= b->ncommon ? dep[x] : f >= 0 ? f : x);
		n->reg[j].key = x == b->totalram && b->is_totalram;
	}
	n->nregs = n->code.nnames;
	return at;
}

static int add_const(struct build *b)
{
	if (b->const_at < 0) {
		b->const_at = add_expr(b, &b->p->sides[b->side].prog, 0);
		b->node[b->const_at].what = T_CONST;
	}
	return b->const_at;
}

static int add_metric(struct build *b, int k)
{
	if (!k)
		return add_const(b);
	if (b->p->metrics[k].arith_real)
		return b->failed = 1, 0;
	if (b->metric_at[k] < 0) {
		b->metric_at[k] = add_expr(b, &b->p->metrics[k].prog, 0);
		b->node[b->metric_at[k]].what = (int16_t)(T_METRIC + k);
	}
	return b->metric_at[k];
}

/* A variant's program first, as metric_compute() evaluates it before the metric: its reason comes first. */
static int add_variant(struct build *b, const struct variant *v)
{
	struct expr e = v->prog;
	const struct patch_constant *c = b->d->constant;
	int at;

	/* a local that is always one of the machine's names is read as that name (variant_code()) */
	for (int i = 0; !b->p && c->locals_alias && c->locals[i]; i++)
		for (int n = 0; c->locals_alias[i] && n < b->ncommon; n++)
			if (!strcmp(variant_common[n].name, c->locals_alias[i]))
				expr_rename(&e, b->ncommon + i, n);
	at = add_expr(b, &e, 1);
	b->node[at].ranged = 1;
	b->node[at].what = T_CONST;
	return at;
}

/* Is the column one this file compiles, and which metric row and program is it? */
static int applies(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md, int side,
		   const char *key)
{
	const struct patch_constant *c = d->constant;

	if (side < 0 || side == SIDE_KERNEL || md->single || md->list || !strcmp(key, "kernel"))
		return 0;
	if (mmpatch_is(d))
		return side < patch_nsides(d) || variant_at(m, d, side);
	/*
	 * A built-in patch's variant, over totalram only: a column that is the
	 * constant itself (patch_constant.metric) or a metric that reads it only
	 * through the constant. Over totalram the code's plateaus join the runs;
	 * over cpus the variant's fn_cpus table (sweep.c's cpus_tables()) is the
	 * quicker, 1.25x the built-in column against 1.55x compiled (bench-variant).
	 */
	return c && !c->per_call && side >= patch_nsides(d) && variant_at(m, d, side) && !strcmp(key, "totalram") &&
	       ((c->metric && !strcmp(md->name, c->metric)) || md->through_constant);
}

static int count_common(void)
{
	int n = 0;

	while (variant_common[n].name)
		n++;
	return n;
}

struct mmp_code *mmp_code_make(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md,
			       int side, const char *key)
{
	struct build b = { .m = m, .d = d, .p = mmpatch_of(d), .key = key, .side = side, .const_at = -1 };
	struct mmp_code *k = NULL;
	const struct mmp_metric *x = b.p ? &b.p->metrics[md->row] : NULL;
	int value, per;

	if (!applies(m, d, md, side, key) || !(b.node = malloc(CODE_NODES * sizeof(*b.node))))
		return NULL;
	b.ncommon = count_common();
	for (b.totalram = 0; b.totalram < b.ncommon && strcmp(variant_common[b.totalram].name, "totalram"); b.totalram++)
		;
	/* over ram a row's totalram, unless set, is machine_totalram()'s (it only grows with ram): the plateaus speak of it */
	b.is_totalram = !strcmp(key, "totalram") || (!strcmp(key, "ram") && !m->totalram);
	for (int i = 0; i < MMP_HELPERS; i++)
		b.helper_at[i] = b.local_at[i] = -1;
	for (int i = 0; i < MMP_METRICS; i++)
		b.metric_at[i] = -1;
	if (b.p && b.p->helper0 != b.ncommon)
		b.failed = 1; /* the names' order mmpatch.c's build_names() makes: a helper is a variant's local */
	if (side >= patch_nsides(d) && !b.failed)
		b.const_at = add_variant(&b, variant_at(m, d, side));
	value = b.const_at;
	if (b.p && !b.failed)
		value = add_metric(&b, md->row);
	/* real_of(): the per after the value, its reads after the value's */
	per = b.p && !b.failed && x->per_text[0] ? add_expr(&b, &x->per, 0) : -1;
	if (per >= 0)
		b.node[per].what = (int16_t)(T_PER + md->row);
	if (!b.failed && (k = malloc(sizeof(*k) + (size_t)b.nodes * sizeof(k->node[0])))) {
		k->c = d->constant;
		k->value = value;
		k->per = per;
		k->real = x && x->real;
		k->scale = x ? x->scale : 0;
		k->d = d;
		k->side = side;
		k->konst = b.const_at;
		k->lead = NULL;
		k->shared = 0;
		k->join = NULL;
		k->last.nregs = -1;
		k->set = NULL;
		k->held = NULL;
		k->fn_md = !b.p && !(d->constant->metric && !strcmp(md->name, d->constant->metric)) ? md : NULL;
		if (k->fn_md && (k->set = malloc(sizeof(*k->set)))) {
			patch_set_copy(k->set, m->set);
			k->held = variant_prog(k->set, d, side);
		}
		b.failed |= k->fn_md && !k->held;
		k->from = k->end = k->hint = k->period = 0;
		k->flat = 1;
		k->through = b.const_at >= 0;
		for (int i = 0; i < b.nodes; i++) {
			k->flat &= b.node[i].kind == N_EXPR || b.node[i].kind == N_KNOWN;
			for (int j = 0; b.node[i].kind == N_EXPR && j < b.node[i].nregs; j++) {
				k->flat &= b.node[i].reg[j].src == S_NODE || b.node[i].reg[j].key;
				k->through &= i <= b.const_at || b.node[i].reg[j].src == S_NODE;
			}
		}
		k->through &= k->flat;
		k->nnodes = b.nodes;
		memcpy(k->node, b.node, (size_t)b.nodes * sizeof(k->node[0]));
		for (int i = 0; i < b.nodes; i++)
			k->node[i].what = (int16_t)(k->node[i].what ? k->node[i].what + side * T_SIDE : 0);
	}
	if (b.failed) {
		mmp_code_free(k);
		k = NULL;
	}
	free(b.node);
	return k;
}

void mmp_code_free(struct mmp_code *k)
{
	if (k) {
		free(k->set);
		if (k->join)
			free(k->join->node);
		free(k->join);
	}
	free(k);
}

int mmp_code_flat(const struct mmp_code *k)
{
	return k->flat;
}

void mmp_code_share(struct mmp_code *k, struct mmp_code *lead)
{
	if (k != lead && !lead->lead && k->d == lead->d && k->side == lead->side && k->konst >= 0 && lead->konst >= 0)
		k->lead = lead, lead->shared = 1;
}

/* Node n's registers from the row (the nodes before it in val): how many. */
static inline int load(const struct code_node *n, const struct machine *m, const uint64_t *val,
		       uint64_t r[EXPR_CODE_REGS])
{
	for (int j = 0; j < n->nregs; j++)
		r[j] = n->reg[j].src == S_NODE    ? val[n->reg[j].arg]
		     : n->reg[j].src == S_FIELD ? *(const uint64_t *)(const void *)((const char *)m + n->reg[j].arg)
						: variant_common_value(m, n->reg[j].arg);
	return n->nregs;
}

/* Did a run with registers r already happen (this column's or its lead's last)? Then *out and *why are its. */
static inline int seen(const struct last_run *l, const uint64_t *r, int nr, uint64_t *out, const char **why)
{
	if (l->nregs != nr)
		return 0;
	for (int j = 0; j < nr; j++)
		if (l->reg[j] != r[j])
			return 0;
	*out = l->out;
	*why = l->why;
	return 1;
}

/*
 * A node that runs no program (a known value, a helper, a local's helper):
 * 1 with its result in *rc - 0, or -1 with why - else 0.
 */
static inline int run_plain(const struct mmp_code *k, const struct code_node *n, const struct machine *m, uint64_t *out,
			    const char **why, int *rc)
{
	switch (n->kind) {
	case N_KNOWN:
		*out = n->known;
		*rc = n->ranged && (*out < k->c->lo || *out > k->c->hi) ? (*why = k->c->why_range, -1) : 0;
		return 1;
	case N_HELPER:
		*rc = mmp_helper_value(n->helper, m, out, why);
		return 1;
	case N_LOCAL: /* a local whose helper fails reads as 0 */
		if (mmp_helper_value(n->helper, m, out, why))
			*out = 0;
		*rc = 0;
		return 1;
	default:
		return 0;
	}
}

/* Node i's run on the row: 0 with *out, or -1 with why. The constant's is kept: a column after runs it no more. */
static inline int run_node(struct mmp_code *k, int i, const struct machine *m, const uint64_t *val, uint64_t *out,
			   const char **why)
{
	const struct code_node *n = &k->node[i];
	uint64_t r[EXPR_CODE_REGS];
	int nr, failed;

	if (run_plain(k, n, m, out, why, &failed))
		return failed;
	nr = load(n, m, val, r);
	if (i == k->konst && nr <= CONST_REGS && (k->lead || k->shared)) {
		if (k->lead && seen(&k->lead->last, r, nr, out, why))
			return k->lead->last.failed;
		if (seen(&k->last, r, nr, out, why))
			return k->last.failed;
	}
	failed = expr_code_exec(&n->code, r, out, why);
	/* eval_prog()'s check of a variant, after its value */
	if (!failed && n->ranged && (*out < k->c->lo || *out > k->c->hi))
		*why = k->c->why_range, failed = -1;
	if (i == k->konst && nr <= CONST_REGS && (k->lead || k->shared)) {
		k->last.nregs = nr;
		memcpy(k->last.reg, r, (size_t)nr * sizeof(r[0]));
		k->last.out = *out;
		k->last.why = *why;
		k->last.failed = failed;
	}
	return failed;
}

/* What mmp_code_value() makes of the value and per nodes' numbers (real_of(), core/mmpatch_eval.c). */
static inline struct value value_of(const struct mmp_code *k, uint64_t v, int has_per, uint64_t per)
{
	double r;

	if (!k->real)
		return val_int(v);
	r = (double)v;
	if (has_per) {
		if (!per)
			return val_none("division by zero (its per is 0 here)");
		r /= (double)per;
	}
	if (k->scale)
		r *= k->scale;
	return val_real(r);
}

struct value mmp_code_value(struct mmp_code *k, const struct machine *m)
{
	uint64_t val[CODE_NODES];
	const char *why = NULL;

	for (int i = 0; i < k->nnodes; i++)
		if (run_node(k, i, m, val, &val[i], &why))
			return val_none(why);
	if (k->fn_md) { /* metric_compute()'s way once the variant evaluates: fn, the constant standing in the set */
		struct machine row = *m;

		expr_constant(k->held, val[k->konst]);
		row.set = k->set;
		return k->fn_md->fn(&row, k->fn_md, k->side, NULL);
	}
	return value_of(k, val[k->value], k->per >= 0, k->per >= 0 ? val[k->per] : 0);
}

/* The node k's chain calls what, in j's chain: -1 when j has none yet. */
static int join_find(const struct mmp_join *j, int what)
{
	for (int i = 0; i < j->nnodes; i++)
		if (j->node[i].what == what)
			return i;
	return -1;
}

/* k's nodes into j's chain (each figure once) and k as j's next column: 0, or -1 with j as it was. */
static int join_add(struct mmp_join *j, struct mmp_code *k)
{
	struct join_col *c = &j->col[j->ncols];
	int16_t map[CODE_NODES];
	int was = j->nnodes;
	struct code_node *grown = realloc(j->node, (size_t)(j->nnodes + k->nnodes) * sizeof(*j->node));

	if (!grown)
		return -1;
	j->node = grown;
	for (int i = 0; i < k->nnodes; i++) {
		int at = k->node[i].what ? join_find(j, k->node[i].what) : -1;

		if (at < 0 && (!k->node[i].what || j->nnodes == CODE_NODES)) {
			j->nnodes = was; /* a node with no name, or a chain past the most: the column runs alone */
			return -1;
		}
		if (at < 0) { /* new: the nodes it reads are in the chain already, at their own places */
			at = j->nnodes++;
			j->node[at] = k->node[i];
			for (int r = 0; j->node[at].kind == N_EXPR && r < j->node[at].nregs; r++)
				if (j->node[at].reg[r].src == S_NODE)
					j->node[at].reg[r].arg = map[j->node[at].reg[r].arg];
		}
		map[i] = (int16_t)at;
		c->use[i] = (int16_t)at;
	}
	c->k = k;
	c->nuse = k->nnodes;
	c->value = map[k->value];
	c->per = k->per >= 0 ? map[k->per] : -1;
	j->ncols++;
	return 0;
}

int mmp_code_join(struct mmp_code *lead, struct mmp_code *k)
{
	if (k == lead || k->join || k->d != lead->d || k->fn_md || lead->fn_md)
		return -1;
	if (!lead->join) {
		if (!(lead->join = calloc(1, sizeof(*lead->join))))
			return -1;
		if (join_add(lead->join, lead)) {
			free(lead->join->node);
			free(lead->join);
			lead->join = NULL;
			return -1;
		}
	}
	if (lead->join->ncols == MMP_JOIN_MAX)
		return -1;
	return join_add(lead->join, k);
}

/* A joined node's run on the row: run_node()'s without the constant's last run (each node runs once a row here). */
static inline int run_joined(const struct mmp_code *k, const struct code_node *n, const struct machine *m,
			     const uint64_t *val, uint64_t *out, const char **why)
{
	uint64_t r[EXPR_CODE_REGS];
	int failed;

	if (run_plain(k, n, m, out, why, &failed))
		return failed;
	load(n, m, val, r);
	failed = expr_code_exec(&n->code, r, out, why);
	if (failed)
		return failed;
	if (n->ranged && (*out < k->c->lo || *out > k->c->hi))
		return *why = k->c->why_range, -1;
	return 0;
}

void mmp_code_values(struct mmp_code *lead, const struct machine *m, struct value *v)
{
	const struct mmp_join *j = lead->join;
	uint64_t val[CODE_NODES];
	const char *why[CODE_NODES];
	uint8_t bad[CODE_NODES]; /* 1: it failed (why); 2: not run, a node it reads failed */
	int any = 0;

	for (int i = 0; i < j->nnodes; i++) {
		const struct code_node *n = &j->node[i];

		bad[i] = 0;
		for (int r = 0; any && n->kind == N_EXPR && r < n->nregs; r++)
			if (n->reg[r].src == S_NODE && bad[n->reg[r].arg])
				bad[i] = 2;
		if (!bad[i] && run_joined(lead, n, m, val, &val[i], &why[i]))
			bad[i] = 1;
		any |= bad[i];
	}
	for (int c = 0; c < j->ncols; c++) {
		const struct join_col *jc = &j->col[c];
		int u = 0;

		/* the first of its own chain's nodes not worked out failed itself: what it reads comes before it */
		while (any && u < jc->nuse && !bad[jc->use[u]])
			u++;
		if (any && u < jc->nuse)
			v[c] = val_none(why[jc->use[u]]);
		else
			v[c] = value_of(jc->k, val[jc->value], jc->per >= 0, jc->per >= 0 ? val[jc->per] : 0);
	}
}

/*
 * Is every row with totalram in lo..hi worked out to one value, no node
 * failing on any (on intervals)? Nodes 0 .. upto, the value node upto's
 * (the constant's alone, when the key goes through it), or the whole chain.
 */
static int flat_over(const struct mmp_code *k, int upto, uint64_t lo, uint64_t hi)
{
	uint64_t L[CODE_NODES], H[CODE_NODES], rl[EXPR_MAX_NAMES], rh[EXPR_MAX_NAMES];

	for (int i = 0; i <= upto; i++) {
		const struct code_node *n = &k->node[i];

		if (n->kind == N_KNOWN) {
			L[i] = H[i] = n->known;
		} else {
			for (int j = 0; j < n->nregs; j++) {
				rl[j] = n->reg[j].key ? lo : L[n->reg[j].arg];
				rh[j] = n->reg[j].key ? hi : H[n->reg[j].arg];
			}
			if (!expr_code_range(&n->code, rl, rh, &L[i], &H[i]))
				return 0;
		}
		if (n->ranged && (L[i] < k->c->lo || H[i] > k->c->hi))
			return 0;
	}
	if (upto < k->nnodes - 1)
		return L[upto] == H[upto];
	return L[k->value] == H[k->value] && (k->per < 0 || L[k->per] == H[k->per]);
}

/* The last offset from at that is flat, the search starting from the last plateau's length. */
static uint64_t flat_span(const struct mmp_code *k, int upto, uint64_t at, uint64_t hint)
{
	uint64_t good = 0, bad = 0, room = UINT64_MAX - at;

	if (hint && hint <= room) {
		if (!flat_over(k, upto, at, at + hint))
			bad = hint;
		else if (hint == room || !flat_over(k, upto, at, at + hint + 1))
			return hint; /* a plateau as long as the last: most runs of a division */
		else
			good = hint + 1;
	}
	/* spans doubling to the first that is not flat, then halving between: the last flat row exactly */
	for (uint64_t span = !good ? 1 : good > room / 2 ? room : good * 2; !bad; span = span > room / 2 ? room : span * 2) {
		if (!flat_over(k, upto, at, at + span))
			bad = span;
		else if ((good = span) == room)
			return room;
	}
	while (bad - good > 1) {
		uint64_t mid = good + (bad - good) / 2;

		if (flat_over(k, upto, at, at + mid))
			good = mid;
		else
			bad = mid;
	}
	return good;
}

/*
 * Where the search from at first looks: were the plateaus' ends as evenly
 * spaced as the last two (a division's, whatever the sweep's step), the end
 * that many periods past the last; else a plateau as long as the last.
 */
static uint64_t guess(const struct mmp_code *k, uint64_t at)
{
	if (k->period && k->end < at) {
		uint64_t j = (at - k->end - 1) / k->period + 1;

		if (j <= (UINT64_MAX - k->end) / k->period)
			return k->end + j * k->period - at;
	}
	return k->hint;
}

/* The plateau from at (chain nodes 0 .. upto) to its last totalram, and what the next search guesses from it. */
static uint64_t search(struct mmp_code *k, int upto, uint64_t at)
{
	uint64_t hint = guess(k, at), span = flat_span(k, upto, at, hint);

	if (span != hint && k->end && at + span > k->end)
		k->period = at + span - k->end; /* the guess missed: the spacing anew */
	k->hint = span;
	k->from = at;
	k->end = at + span;
	return k->end;
}

/* One column's plateau: its own search, or its lead's when the key reaches both through the constant alone. */
static uint64_t plateau_of(struct mmp_code *k, uint64_t at)
{
	struct mmp_code *own = k->through && k->lead && k->lead->through ? k->lead : k;

	if (!k->flat || !at)
		return 0;
	if (own->end && own->from <= at && at <= own->end)
		return own->end; /* on the plateau found last (the lead's constant's, at this row already) */
	return search(own, own == k && !k->through ? k->nnodes - 1 : own->konst, at);
}

uint64_t mmp_code_plateau(struct mmp_code *k, const struct machine *m)
{
	uint64_t at = machine_totalram(m), hi;

	if (!k->join)
		return plateau_of(k, at);
	hi = UINT64_MAX; /* columns joined: the rows every one of them stands on */
	for (int c = 0; c < k->join->ncols && hi; c++) {
		uint64_t h = plateau_of(k->join->col[c].k, at);

		hi = h < hi ? h : hi;
	}
	return hi;
}
