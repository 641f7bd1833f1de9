/*
 * The expression language's insides, shared by its files and by no one
 * else: the stack program's steps (what expr_compile emits into struct
 * expr), the register form's steps (struct expr_code), and the arithmetic
 * of each operator, function and conversion with C's failures turned into
 * reasons. The arithmetic is here, inline, once: the tree-walking
 * evaluator, the folder and the register form all call it, which is what
 * keeps their results bit for bit the same.
 *
 *   expr.c       the tables, closest-name hints, the parser (expr_compile)
 *   expr_fold.c  binding names to constants and folding (expr_bind)
 *   expr_eval.c  the stack program's evaluator, traced and not (expr_eval)
 *   expr_code.c  the register form: made from a program, and run
 *   expr_flat.c  the register form on intervals (expr_code_flat)
 */
#ifndef BL_EXPR_OPS_H
#define BL_EXPR_OPS_H

#include <stdint.h>

#include "expr.h"
#include "mm/kernel.h"

/* --- the stack program ------------------------------------------------------- */

enum {
	OP_PUSH, OP_LOAD,
	OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_SHL, OP_SHR,
	OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
	OP_NOT, OP_NEG, OP_BOOL,
	OP_JZ,   /* pop; jump to k if it was 0 (the ?: condition) */
	OP_JMP,
	OP_ANDJ, /* && : a 0 on top stays and jumps to k; else it is popped */
	OP_ORJ,  /* || : a non-zero on top becomes 1 and jumps to k; else it is popped */
	OP_CALL, /* k = index into expr_funcs */
	OP_CAST, /* k = index into expr_casts: C's conversion of the top */
};

/* where a binary operator's right operand is: popped, or (in a bound program) riding in k */
enum { ARG_STACK, ARG_IMM, ARG_NAME };

static inline int is_binary(int op)
{
	return op >= OP_ADD && op <= OP_GE;
}

static inline int is_jump(int op)
{
	return op == OP_JZ || op == OP_JMP || op == OP_ANDJ || op == OP_ORJ;
}

/* Does step o read a name (a load, or a name riding in a binary operator)? */
static inline int reads_name(const struct expr_op *o)
{
	return o->op == OP_LOAD || (is_binary(o->op) && o->argc == ARG_NAME);
}

/* the functions, as expr_funcs[] (expr.c) lists them */
enum { F_MIN, F_MAX, F_CLAMP, F_FLS, F_ILOG2, F_ROUNDUP, F_ROUNDDOWN, F_DIVUP, F_INT_SQRT };

/* the conversions expr_casts[] (expr.c) lists, without its terminator (expr.c asserts it) */
#define EXPR_NCASTS 18

/* --- the arithmetic: each step's value, or why C would wrap or trap ------------ */

static inline int cast(unsigned k, uint64_t x, uint64_t *r, const char **why)
{
	const struct expr_cast *c = &expr_casts[k];
	uint64_t v = c->bits >= 64 ? x : x & ((1ull << c->bits) - 1);

	if (c->is_signed && (v >> (c->bits - 1)) & 1)
		return *why = "a conversion to a signed type gives a negative value", -1;
	return *r = v, 0;
}

#ifdef __GNUC__
#define EXPR_INLINE static inline __attribute__((always_inline))
#else
#define EXPR_INLINE static inline
#endif

/* inlined: in each evaluator's loop the switch folds to the one operator of the case, not a call per step */
EXPR_INLINE int binary(int op, uint64_t a, uint64_t b, uint64_t *r, const char **why)
{
	switch (op) {
	case OP_ADD:
		if (a > UINT64_MAX - b)
			return *why = "overflow: the sum does not fit 64 bits", -1;
		*r = a + b;
		return 0;
	case OP_SUB:
		if (b > a)
			return *why = "a subtraction goes below zero (unsigned)", -1;
		*r = a - b;
		return 0;
	case OP_MUL: {
		uint64_t p;

#ifdef __GNUC__
		/* the same test as b > UINT64_MAX / a, without a 64-bit divide per product */
		if (__builtin_mul_overflow(a, b, &p))
			return *why = "overflow: the product does not fit 64 bits", -1;
#else
		if (a && b > UINT64_MAX / a)
			return *why = "overflow: the product does not fit 64 bits", -1;
		p = a * b;
#endif
		*r = p;
		return 0;
	}
	case OP_DIV:
	case OP_MOD:
		if (!b)
			return *why = "division by zero", -1;
		if (!((a | b) >> 32)) /* a 32-bit divide is several times quicker on x86, and exact here */
			*r = op == OP_DIV ? (uint32_t)a / (uint32_t)b : (uint32_t)a % (uint32_t)b;
		else
			*r = op == OP_DIV ? a / b : a % b;
		return 0;
	case OP_SHL:
		if (b >= 64 || (a && (uint64_t)fls64(a) + b > 64))
			return *why = "overflow: the shift loses bits", -1;
		*r = a << b;
		return 0;
	case OP_SHR:
		if (b >= 64)
			return *why = "a shift of 64 or more", -1;
		*r = a >> b;
		return 0;
	case OP_EQ:
		return *r = a == b, 0;
	case OP_NE:
		return *r = a != b, 0;
	case OP_LT:
		return *r = a < b, 0;
	case OP_LE:
		return *r = a <= b, 0;
	case OP_GT:
		return *r = a > b, 0;
	default:
		return *r = a >= b, 0;
	}
}

EXPR_INLINE int call(int f, const uint64_t *a, uint64_t *r, const char **why)
{
	switch (f) {
	case F_MIN:
		return *r = min_u64(a[0], a[1]), 0;
	case F_MAX:
		return *r = max_u64(a[0], a[1]), 0;
	case F_CLAMP:
		if (a[1] > a[2])
			return *why = "clamp() with lo above hi", -1;
		return *r = min_u64(max_u64(a[0], a[1]), a[2]), 0;
	case F_FLS:
		return *r = fls64(a[0]), 0;
	case F_ILOG2:
		if (!a[0])
			return *why = "ilog2(0) is undefined", -1;
		return *r = fls64(a[0]) - 1, 0;
	case F_ROUNDUP:
		if (!a[0])
			return *why = "roundup_pow_of_two(0) is undefined", -1;
		if (a[0] > (1ull << 63))
			return *why = "overflow: roundup_pow_of_two() past 2^63", -1;
		return *r = a[0] == 1 ? 1 : 1ull << fls64(a[0] - 1), 0;
	case F_ROUNDDOWN:
		if (!a[0])
			return *why = "rounddown_pow_of_two(0) is undefined", -1;
		return *r = rounddown_pow_of_two(a[0]), 0;
	case F_INT_SQRT:
		return *r = int_sqrt64(a[0]), 0;
	default: /* DIV_ROUND_UP */
		if (!a[1])
			return *why = "division by zero", -1;
		if (a[0] > UINT64_MAX - (a[1] - 1))
			return *why = "overflow: n + d - 1 in DIV_ROUND_UP() does not fit 64 bits", -1;
		return *r = (a[0] + (a[1] - 1)) / a[1], 0; /* the kernel's n + d - 1, never past 2^64 - 1 */
	}
}

/* --- the register form (struct expr_code) ------------------------------------------ */

/* the operands of a two-operand step: acc, a register, or the literal k, left then right */
enum { M_AI, M_AR, M_RA, M_IA, M_IR, M_RR, M_RI, NMODES };

/* the two-operand steps: the 13 binary operators in OP_ADD order, then min, max, DIV_ROUND_UP */
enum { B_MIN = OP_GE - OP_ADD + 1, B_MAX, B_DIVUP, NB };
/* the one-operand steps */
enum { U_FLS, U_ILOG2, U_ROUNDUP, U_ROUNDDOWN, U_INT_SQRT, U_NOT, U_NEG, U_BOOL, NU };

#define CB(bi, mode) (C_BIN + NMODES * (bi) + (mode))
#define CU(u, reg) (C_UN + 2 * (u) + (reg)) /* reg 0: the operand is acc, 1: register a */

enum {
	C_LDI, C_MOV,
	C_BIN,
	C_UN = C_BIN + NMODES * NB,
	C_CLAMP = C_UN + 2 * NU,
	C_CAST, /* k: the index in expr_casts, the operand in register a */
	C_JZ, C_JMP, C_ANDJ, C_ORJ,
	C_END, /* the last step: the run loop needs no count */
	C_RET, /* the last step when the result is the step before's, in acc */
};

static inline int is_cjump(int op)
{
	return op == C_JZ || op == C_JMP || op == C_ANDJ || op == C_ORJ;
}

#endif
