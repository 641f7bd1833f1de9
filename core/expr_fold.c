/*
 * Binding and folding: what a sweep does not move is worked out once.
 * expr_bind turns names a sweep holds fixed into constants and folds the
 * program; expr_rename and expr_reads answer which names it reads.
 */
#include "expr.h"

#include <string.h>

#include "expr_ops.h"

/*
 * A bound program is folded: an operator whose operands are all known
 * becomes its value, a condition that is known keeps only its branch, and a
 * literal or name on the right of a binary operator rides in the operator
 * (ARG_IMM, ARG_NAME), so a sweep row runs a few steps instead of a dozen.
 * Only what evaluates without an error is folded: a step that fails stays,
 * and fails where and why it did. Jumps all go forward (the compiler emits
 * them so), which keeps both passes single sweeps over the ops.
 */
/* the program being folded: out[0 .. n - 1], of which below barrier depends on the way in */
struct fold {
	struct expr_op out[EXPR_MAX_OPS];
	int n, barrier;
};

static int is_push(const struct expr_op *o)
{
	return o->op == OP_PUSH;
}

/* Is the top of the folded stack a literal this step may use? */
static int top_known(const struct fold *f)
{
	return f->n - 1 >= f->barrier && is_push(&f->out[f->n - 1]);
}

/* A binary operator: its right operand rides in it, and with both known it is its value. */
static int fold_binary(struct fold *f, struct expr_op *o)
{
	const char *why;
	uint64_t r;

	if (o->argc == ARG_STACK && f->n - 1 >= f->barrier &&
	    (is_push(&f->out[f->n - 1]) || f->out[f->n - 1].op == OP_LOAD)) {
		o->argc = is_push(&f->out[f->n - 1]) ? ARG_IMM : ARG_NAME;
		o->k = f->out[--f->n].k;
	}
	if (o->argc == ARG_IMM && top_known(f) && !binary(o->op, f->out[f->n - 1].k, o->k, &r, &why)) {
		f->out[f->n - 1].k = r;
		return 1;
	}
	if (o->op == OP_DIV && o->argc == ARG_IMM && o->k && !(o->k & (o->k - 1))) {
		o->op = OP_SHR; /* x / 2^s is x >> s, and cannot fail: a shift, not a divide, per row */
		o->k = fls64(o->k) - 1;
	}
	return 0;
}

/* A function whose arguments are all known becomes its value. */
static int fold_call(struct fold *f, const struct expr_op *o)
{
	int argc = expr_funcs[o->k].argc, known = f->n - argc >= f->barrier;
	const char *why;
	uint64_t a[3], r;

	for (int j = 0; known && j < argc; j++) {
		known = is_push(&f->out[f->n - argc + j]);
		a[j] = f->out[f->n - argc + j].k;
	}
	if (!known || call((int)o->k, a, &r, &why))
		return 0;
	f->n -= argc;
	f->out[f->n++] = (struct expr_op){ r, o->pos, OP_PUSH, 0 };
	return 1;
}

/* A conversion, !, a truth value or a minus of a known operand. */
static int fold_unary(struct fold *f, const struct expr_op *o)
{
	const char *why;
	uint64_t r;

	if (!top_known(f))
		return 0;
	if (o->op == OP_CAST && !cast((unsigned)o->k, f->out[f->n - 1].k, &r, &why)) {
		f->out[f->n - 1].k = r;
		return 1;
	}
	if (o->op == OP_NOT || o->op == OP_BOOL) {
		f->out[f->n - 1].k = o->op == OP_NOT ? !f->out[f->n - 1].k : f->out[f->n - 1].k != 0;
		return 1;
	}
	return o->op == OP_NEG && !f->out[f->n - 1].k;
}

/* A ?:, && or || whose condition is known keeps only the way it takes. */
static int fold_branch(struct fold *f, const struct expr_op *o)
{
	uint64_t c;

	if (!top_known(f))
		return 0;
	c = f->out[f->n - 1].k;
	if (o->op == OP_JZ) {
		f->n--;
		if (!c)
			f->out[f->n++] = (struct expr_op){ o->k, o->pos, OP_JMP, 0 };
	} else if ((o->op == OP_ANDJ && !c) || (o->op == OP_ORJ && c)) {
		f->out[f->n - 1].k = o->op == OP_ORJ ? 1 : 0;
		f->out[f->n++] = (struct expr_op){ o->k, o->pos, OP_JMP, 0 };
	} else {
		f->n--; /* && with a true left side, || with a false one: the right side decides */
	}
	return 1;
}

/* Is step o worked out (or dropped) into f, rather than kept as it is? */
static int fold_step(struct fold *f, struct expr_op *o)
{
	if (is_binary(o->op))
		return fold_binary(f, o);
	if (o->op == OP_CALL)
		return fold_call(f, o);
	if (o->op == OP_JZ || o->op == OP_ANDJ || o->op == OP_ORJ)
		return fold_branch(f, o);
	return fold_unary(f, o);
}

static void fold_pass(struct expr *e)
{
	struct fold f;
	int map[EXPR_MAX_OPS + 1];
	uint8_t target[EXPR_MAX_OPS + 1] = { 0 };

	f.n = f.barrier = 0;
	for (int i = 0; i < e->nops; i++)
		if (is_jump(e->ops[i].op) && e->ops[i].k <= e->nops)
			target[e->ops[i].k] = 1;
	for (int i = 0; i < e->nops; i++) {
		struct expr_op o = e->ops[i];

		if (target[i])
			f.barrier = f.n; /* what is below the stack here depends on the way in */
		map[i] = f.n;
		if (!fold_step(&f, &o))
			f.out[f.n++] = o;
	}
	map[e->nops] = f.n;
	for (int i = 0; i < f.n; i++)
		if (is_jump(f.out[i].op))
			f.out[i].k = (uint64_t)map[f.out[i].k];
	memcpy(e->ops, f.out, (size_t)f.n * sizeof(f.out[0]));
	e->nops = (uint16_t)f.n;
}

/* Drop what no path reaches, and jumps to the next step that is reached. */
static void compact_pass(struct expr *e)
{
	uint8_t reach[EXPR_MAX_OPS + 1] = { 0 }, keep[EXPR_MAX_OPS] = { 0 };
	int map[EXPR_MAX_OPS + 1], n = 0;

	reach[0] = 1;
	for (int i = 0; i < e->nops; i++) {
		if (!reach[i])
			continue;
		if (is_jump(e->ops[i].op))
			reach[e->ops[i].k] = 1;
		if (e->ops[i].op != OP_JMP)
			reach[i + 1] = 1;
	}
	for (int i = 0; i < e->nops; i++) {
		int next = i + 1;

		if (!reach[i])
			continue;
		while (next < e->nops && !reach[next])
			next++;
		keep[i] = !(e->ops[i].op == OP_JMP && e->ops[i].k == (uint64_t)next);
	}
	for (int i = 0; i <= e->nops; i++) {
		map[i] = n;
		if (i < e->nops && keep[i])
			e->ops[n++] = e->ops[i];
	}
	for (int i = 0; i < n; i++)
		if (is_jump(e->ops[i].op))
			e->ops[i].k = (uint64_t)map[e->ops[i].k];
	e->nops = (uint16_t)n;
}

void expr_bind(struct expr *e, uint64_t mask, const uint64_t *vals)
{
	for (int i = 0; i < e->nops; i++) {
		struct expr_op *o = &e->ops[i];

		if (o->k < 64 && (mask & (1ull << o->k))) {
			if (o->op == OP_LOAD) {
				o->op = OP_PUSH;
				o->k = vals[o->k];
			} else if (is_binary(o->op) && o->argc == ARG_NAME) {
				o->argc = ARG_IMM;
				o->k = vals[o->k];
			}
		}
	}
	e->reads &= ~mask;
	for (int pass = 0; pass < 4; pass++) {
		uint16_t before = e->nops;

		fold_pass(e);
		compact_pass(e);
		if (e->nops == before)
			break;
	}
	if (!e->nops)
		expr_constant(e, 0); /* as an empty run yields */
}

void expr_rename(struct expr *e, int from, int to)
{
	if (from < 0 || from >= EXPR_MAX_NAMES || to < 0 || to >= EXPR_MAX_NAMES || !(e->reads & (1ull << from)))
		return;
	for (int i = 0; i < e->nops; i++)
		if (reads_name(&e->ops[i]) && e->ops[i].k == (uint64_t)from)
			e->ops[i].k = (uint64_t)to;
	e->reads = (e->reads & ~(1ull << from)) | (1ull << to);
}

int expr_reads(const struct expr *e, int name)
{
	for (int i = 0; i < e->nops; i++)
		if (reads_name(&e->ops[i]) && e->ops[i].k == (uint64_t)name)
			return 1;
	return 0;
}
