/*
 * The stack program's evaluator (expr_eval): the reference every other
 * way of running a program is held to. Without a trace it is run(), the
 * arithmetic and its checks and nothing else; with one, a walk that writes
 * each step with its values substituted ("2 * 8 = 16"), as `explain` and a
 * variant's error show it. Both take the steps in the same order and call
 * the same arithmetic (expr_ops.h), so they stop at the same step with the
 * same reason.
 */
#include "expr.h"

#include <stdio.h>

#include "expr_ops.h"

#define U(x) ((unsigned long long)(x))

/* --- untraced: the top of the stack in a register --------------------------------- */

/*
 * The top of the stack lives in acc (a register), and each operator is its
 * own case calling binary()/call() with a constant, so the inlined switch
 * folds away: one dispatch per step.
 */

/* b = the old top (acc); acc = the one below it */
static inline uint64_t pop(const uint64_t *st, int *sp, uint64_t *acc)
{
	uint64_t b = *acc;

	*acc = st[--*sp];
	return b;
}

/* Jump step op (a constant where it is inlined) at pc: the pc before the next step. */
EXPR_INLINE int run_jump(int op, const struct expr_op *o, int pc, const uint64_t *st, int *sp, uint64_t *acc)
{
	switch (op) {
	case OP_JZ:
		return pop(st, sp, acc) ? pc : (int)o->k - 1;
	case OP_JMP:
		return (int)o->k - 1;
	case OP_ANDJ:
		if (!*acc)
			return (int)o->k - 1;
		pop(st, sp, acc);
		return pc;
	default: /* OP_ORJ */
		if (*acc) {
			*acc = 1;
			return (int)o->k - 1;
		}
		pop(st, sp, acc);
		return pc;
	}
}

/* function F of its N arguments, the last in acc: its value into acc */
#define FN(F, N)                                                            \
	case F: {                                                           \
		uint64_t a[3] = { 0, 0, 0 }, r;                             \
		for (int j = N - 1; j >= 0; j--)                            \
			a[j] = j == N - 1 ? *acc : st[*sp - (N - 1) + j]; \
		if (call(F, a, &r, why))                                    \
			return -1;                                          \
		*sp -= N - 1;                                               \
		*acc = r;                                                   \
		return 0;                                                   \
	}

EXPR_INLINE int run_call(uint64_t f, const uint64_t *st, int *sp, uint64_t *acc, const char **why)
{
	switch (f) {
		FN(F_MIN, 2)
		FN(F_MAX, 2)
		FN(F_CLAMP, 3)
		FN(F_FLS, 1)
		FN(F_ILOG2, 1)
		FN(F_ROUNDUP, 1)
		FN(F_ROUNDDOWN, 1)
		FN(F_DIVUP, 2)
		FN(F_INT_SQRT, 1)
	}
	return 0;
}

#undef FN

#define RHS(o) ((o)->argc == ARG_IMM ? (o)->k : (o)->argc == ARG_NAME ? vals[(o)->k] : pop(st, &sp, &acc))
#define BIN(OPC)                                   \
	case OPC: {                                \
		uint64_t b = RHS(o);               \
		if (binary(OPC, acc, b, &r, why))  \
			return -1;                 \
		acc = r;                           \
		break;                             \
	}
#define JUMP(OPC)                                           \
	case OPC:                                           \
		pc = run_jump(OPC, o, pc, st, &sp, &acc); \
		break;

static int run(const struct expr *e, const uint64_t *vals, uint64_t *out, const char **why)
{
	uint64_t st[EXPR_MAX_OPS + 1], acc = 0, r;
	int sp = 0; /* entries below acc; acc holds a value once the first step pushed one */

	if (!e->nops) {
		*out = 0;
		return 0;
	}
	for (int pc = 0; pc < e->nops; pc++) {
		const struct expr_op *o = &e->ops[pc];

		switch (o->op) {
		case OP_PUSH:
			st[sp++] = acc;
			acc = o->k;
			break;
		case OP_LOAD:
			st[sp++] = acc;
			acc = vals[o->k];
			break;
		case OP_NOT:
			acc = !acc;
			break;
		case OP_NEG:
			if (acc)
				return *why = "a negative value (unsigned)", -1;
			break;
		case OP_BOOL:
			acc = acc != 0;
			break;
		JUMP(OP_JZ) JUMP(OP_JMP) JUMP(OP_ANDJ) JUMP(OP_ORJ)
		case OP_CAST:
			if (cast((unsigned)o->k, acc, &acc, why))
				return -1;
			break;
		case OP_CALL:
			if (run_call(o->k, st, &sp, &acc, why))
				return -1;
			break;
		BIN(OP_ADD) BIN(OP_SUB) BIN(OP_MUL) BIN(OP_DIV) BIN(OP_MOD) BIN(OP_SHL) BIN(OP_SHR)
		BIN(OP_EQ) BIN(OP_NE) BIN(OP_LT) BIN(OP_LE) BIN(OP_GT) BIN(OP_GE)
		}
	}
	/* the first push saved a meaningless acc at st[0]: sp counts it, so a result exists once sp > 0 */
	*out = sp ? acc : 0;
	return 0;
}

#undef RHS
#undef BIN
#undef JUMP

/* --- traced: each step written with its values ------------------------------------- */

static const char *const op_text[] = {
	[OP_ADD] = "+", [OP_SUB] = "-", [OP_MUL] = "*", [OP_DIV] = "/", [OP_MOD] = "%",
	[OP_SHL] = "<<", [OP_SHR] = ">>", [OP_EQ] = "==", [OP_NE] = "!=", [OP_LT] = "<",
	[OP_LE] = "<=", [OP_GT] = ">", [OP_GE] = ">=",
};

/* a traced walk's state: the stack, and which names it has shown */
struct walk {
	uint64_t st[EXPR_MAX_OPS + 1];
	int sp;
	uint64_t shown;
	const char *const *names;
	const uint64_t *vals;
	struct strbuf *trace;
	const char **why;
};

/* name k's value, shown the first time the walk reads it */
static uint64_t walk_name(struct walk *w, uint64_t k)
{
	if (k < 64 && !(w->shown & (1ull << k))) {
		w->shown |= 1ull << k;
		sb_printf(w->trace, "%s = %llu\n", w->names ? w->names[k] : "?", U(w->vals[k]));
	}
	return w->vals[k];
}

/* A jump step at pc: the pc before the next step. */
static int walk_jump(struct walk *w, const struct expr_op *o, int pc)
{
	uint64_t *top;

	if (o->op == OP_JMP)
		return (int)o->k - 1;
	top = &w->st[w->sp - 1]; /* the others test the top */
	switch (o->op) {
	case OP_JZ:
		w->sp--;
		sb_printf(w->trace, "condition %llu: the %s branch\n", U(*top), *top ? "first" : "second");
		return *top ? pc : (int)o->k - 1;
	case OP_ANDJ:
		if (*top) {
			w->sp--;
			return pc;
		}
		sb_printf(w->trace, "0 && ...: 0, the right side is not evaluated\n");
		return (int)o->k - 1;
	default: /* OP_ORJ */
		if (!*top) {
			w->sp--;
			return pc;
		}
		sb_printf(w->trace, "%llu || ...: 1, the right side is not evaluated\n", U(*top));
		*top = 1;
		return (int)o->k - 1;
	}
}

static int walk_cast(struct walk *w, const struct expr_op *o)
{
	const struct expr_cast *c = &expr_casts[o->k];
	uint64_t *top = &w->st[w->sp - 1], r = 0;

	if (cast((unsigned)o->k, *top, &r, w->why)) {
		sb_printf(w->trace, "(%s)%llu: %s\n", c->name, U(*top), *w->why);
		return -1;
	}
	if (r != *top)
		sb_printf(w->trace, "(%s)%llu = %llu (cut to %u bits)\n", c->name, U(*top), U(r), c->bits);
	*top = r;
	return 0;
}

/* "name(a, b)" of a call's arguments, then ": why" or " = value" */
static void trace_call(struct strbuf *trace, const struct expr_func *f, const uint64_t *a)
{
	if (f->argc == 1)
		sb_printf(trace, "%s(%llu)", f->name, U(a[0]));
	else if (f->argc == 2)
		sb_printf(trace, "%s(%llu, %llu)", f->name, U(a[0]), U(a[1]));
	else
		sb_printf(trace, "%s(%llu, %llu, %llu)", f->name, U(a[0]), U(a[1]), U(a[2]));
}

static int walk_call(struct walk *w, const struct expr_op *o)
{
	const struct expr_func *f = &expr_funcs[o->k];
	const uint64_t *a = &w->st[w->sp - f->argc];
	uint64_t r = 0;

	if (call((int)o->k, a, &r, w->why)) {
		trace_call(w->trace, f, a);
		sb_printf(w->trace, ": %s\n", *w->why);
		return -1;
	}
	trace_call(w->trace, f, a);
	sb_printf(w->trace, " = %llu\n", U(r));
	w->sp -= f->argc;
	w->st[w->sp++] = r;
	return 0;
}

static int walk_binary(struct walk *w, const struct expr_op *o)
{
	uint64_t b, r = 0, *top;

	if (o->argc == ARG_STACK)
		b = w->st[--w->sp];
	else if (o->argc == ARG_IMM)
		b = o->k;
	else
		b = walk_name(w, o->k);
	top = &w->st[w->sp - 1];
	if (binary(o->op, *top, b, &r, w->why)) {
		sb_printf(w->trace, "%llu %s %llu: %s\n", U(*top), op_text[o->op], U(b), *w->why);
		return -1;
	}
	sb_printf(w->trace, "%llu %s %llu = %llu\n", U(*top), op_text[o->op], U(b), U(r));
	*top = r;
	return 0;
}

/* A push, a load, !, a minus, a truth value or a conversion. */
static int walk_unary(struct walk *w, const struct expr_op *o)
{
	uint64_t *top;

	if (o->op == OP_PUSH || o->op == OP_LOAD) {
		w->st[w->sp++] = o->op == OP_PUSH ? o->k : walk_name(w, o->k);
		return 0;
	}
	top = &w->st[w->sp - 1];
	switch (o->op) {
	case OP_NOT:
		sb_printf(w->trace, "!%llu = %d\n", U(*top), !*top);
		*top = !*top;
		return 0;
	case OP_NEG:
		if (*top) {
			sb_printf(w->trace, "-%llu: below zero\n", U(*top));
			*w->why = "a negative value (unsigned)";
			return -1;
		}
		return 0;
	case OP_BOOL:
		*top = *top != 0;
		return 0;
	default: /* OP_CAST */
		return walk_cast(w, o);
	}
}

int expr_eval(const struct expr *e, const char *const *names, const uint64_t *vals, uint64_t *out,
	      const char **why, struct strbuf *trace)
{
	struct walk w;

	if (!trace)
		return run(e, vals, out, why);
	w.sp = 0;
	w.shown = 0;
	w.names = names;
	w.vals = vals;
	w.trace = trace;
	w.why = why;
	for (int pc = 0; pc < e->nops; pc++) {
		const struct expr_op *o = &e->ops[pc];
		int r = 0;

		if (is_jump(o->op))
			pc = walk_jump(&w, o, pc);
		else if (o->op == OP_CALL)
			r = walk_call(&w, o);
		else if (is_binary(o->op))
			r = walk_binary(&w, o);
		else
			r = walk_unary(&w, o);
		if (r)
			return -1;
	}
	*out = w.sp ? w.st[w.sp - 1] : 0;
	return 0;
}
