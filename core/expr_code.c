/*
 * The register form of a program (struct expr_code): made once per sweep
 * column from a bound and folded program (expr_code_make), run once per
 * row (expr_code_exec, expr_code_run). expr.c's opening comment says why
 * there is a second evaluator beside expr_eval; expr_flat.c runs the same
 * steps on intervals.
 */
#include "expr.h"

#include <string.h>

#include "expr_ops.h"

/*
 * A stack slot at depth i becomes register base + i; a literal or a name on
 * the stack is not copied anywhere but rides as an operand (the literal in
 * the step's k, the name in its own register) until an operator consumes it.
 * Every step leaves its result in acc (a local, so in a machine register) as
 * well as in its slot's register, and an operand that is the step before's
 * result is read from acc: a chain of steps does not wait on memory between
 * them. Where paths join (a jump and its target) every slot is put in its
 * own register first and acc is not relied on, so both ways in agree. The
 * steps keep the program's order, so the first step to fail is the one
 * expr_eval stops at, with its reason.
 */

struct cslot {
	uint64_t k;
	int imm; /* the literal k, else register reg */
	int reg;
};

struct cgen {
	struct expr_code *c;
	struct cslot st[EXPR_MAX_OPS + 1];
	int sp, base, failed;
	int acc; /* the register whose value acc holds, or -1 */
	uint8_t reg_of[EXPR_MAX_NAMES];
	int at[EXPR_MAX_OPS + 1];    /* where op i's steps begin */
	int depth[EXPR_MAX_OPS + 1]; /* the stack's depth at a jump's target */
	uint8_t target[EXPR_MAX_OPS + 1];
};

static void cemit(struct cgen *g, int op, int dst, int a, int b, int cc, uint64_t k)
{
	if (g->c->nins >= EXPR_CODE_MAX) {
		g->failed = 1;
		return;
	}
	g->c->ins[g->c->nins++] = (struct expr_ins){ k, (uint8_t)op, (uint8_t)dst, (uint8_t)a, (uint8_t)b, (uint8_t)cc };
	g->acc = is_cjump(op) || op >= C_END ? -1 : dst;
}

static int treg(const struct cgen *g, int i)
{
	return g->base + i;
}

/* slot i in a register (a literal is loaded into the slot's own) */
static int inreg(struct cgen *g, int i)
{
	struct cslot *x = &g->st[i];

	if (x->imm) {
		cemit(g, C_LDI, treg(g, i), 0, 0, 0, x->k);
		x->imm = 0;
		x->reg = treg(g, i);
	}
	return x->reg;
}

/* every slot in its own register: where paths join */
static void canon(struct cgen *g)
{
	for (int i = 0; i < g->sp; i++) {
		struct cslot *x = &g->st[i];

		if (x->imm)
			cemit(g, C_LDI, treg(g, i), 0, 0, 0, x->k);
		else if (x->reg != treg(g, i))
			cemit(g, C_MOV, treg(g, i), x->reg, 0, 0, 0);
		*x = (struct cslot){ 0, 0, treg(g, i) };
	}
}

/* x OP y (two-operand step bi) into slot p, x being slot p */
static void cbinary(struct cgen *g, int p, struct cslot y, int bi)
{
	struct cslot x = g->st[p];
	int dst = treg(g, p);

	/* a division by a literal power of two is its shift right: the same quotient, no divide a row */
	if (bi == OP_DIV - OP_ADD && !x.imm && y.imm && y.k && !(y.k & (y.k - 1))) {
		bi = OP_SHR - OP_ADD;
		y.k = fls64(y.k) - 1;
	}
	if (x.imm && y.imm) { /* both literals: a step the fold left because it fails, to fail here */
		cemit(g, C_LDI, dst, 0, 0, 0, x.k);
		cemit(g, CB(bi, M_AI), dst, 0, 0, 0, y.k);
	} else if (x.imm) {
		cemit(g, CB(bi, y.reg == g->acc ? M_IA : M_IR), dst, 0, y.reg, 0, x.k);
	} else if (y.imm) {
		cemit(g, CB(bi, x.reg == g->acc ? M_AI : M_RI), dst, x.reg, 0, 0, y.k);
	} else {
		cemit(g, CB(bi, x.reg == g->acc ? M_AR : y.reg == g->acc ? M_RA : M_RR), dst, x.reg, y.reg, 0, 0);
	}
	g->st[p] = (struct cslot){ 0, 0, dst };
}

/* a one-operand step on slot p */
static void cunary(struct cgen *g, int p, int u)
{
	int a = inreg(g, p);

	cemit(g, CU(u, a != g->acc), treg(g, p), a, 0, 0, 0);
	g->st[p] = (struct cslot){ 0, 0, treg(g, p) };
}

/*
 * Check e (-1 if it is not a program expr_compile or expr_bind made), mark
 * its jumps' targets, and give each name it reads a register, in order.
 */
static int code_scan(struct cgen *g, const struct expr *e)
{
	struct expr_code *c = g->c;

	for (int i = 0; i < e->nops; i++) {
		const struct expr_op *o = &e->ops[i];

		if (reads_name(o) && o->k >= EXPR_MAX_NAMES)
			return -1;
		if (reads_name(o))
			c->reads |= 1ull << o->k;
		if (is_jump(o->op)) {
			if (o->k <= (uint64_t)i || o->k > e->nops)
				return -1; /* jumps go forward (the compiler emits them so) */
			g->target[o->k] = 1;
		}
		if ((o->op == OP_CALL && o->k >= F_INT_SQRT + 1) || (o->op == OP_CAST && o->k >= EXPR_NCASTS))
			return -1;
	}
	for (uint64_t b = c->reads; b; b &= b - 1) {
		int n = (int)fls64(b ^ (b - 1)) - 1;

		g->reg_of[n] = c->nnames;
		c->name[c->nnames++] = (uint8_t)n;
	}
	g->base = c->nnames;
	return 0;
}

/* At op i, a jump's target: the way in by falling through agrees with the jumps'. */
static void code_join(struct cgen *g, const struct expr *e, int i)
{
	if (i > 0 && e->ops[i - 1].op != OP_JMP)
		canon(g);
	g->sp = g->depth[i];
	for (int j = 0; j < g->sp; j++)
		g->st[j] = (struct cslot){ 0, 0, treg(g, j) };
	g->acc = -1;
}

/* How many stack slots op o takes. */
static int code_takes(const struct expr_op *o)
{
	if (o->op == OP_PUSH || o->op == OP_LOAD || o->op == OP_JMP)
		return 0;
	if (o->op == OP_CALL)
		return expr_funcs[o->k].argc;
	return is_binary(o->op) && o->argc == ARG_STACK ? 2 : 1;
}

/* A jump, its condition slot p in its register. */
static void code_jump(struct cgen *g, const struct expr_op *o, int p)
{
	canon(g);
	cemit(g, o->op == OP_JZ ? C_JZ : o->op == OP_JMP ? C_JMP : o->op == OP_ANDJ ? C_ANDJ : C_ORJ, 0,
	      o->op == OP_JMP ? 0 : treg(g, p), 0, 0, o->k);
	/* at the target: what the jump leaves (JZ has taken the condition) */
	g->depth[o->k] = o->op == OP_JZ ? g->sp - 1 : g->sp;
	if (o->op != OP_JMP)
		g->sp--; /* falling through: JZ, && and || take the top */
}

/* Function f on the top slots: a two- or one-operand step, or clamp's own. */
static void code_call(struct cgen *g, int f)
{
	int q = g->sp - expr_funcs[f].argc;

	if (f == F_MIN || f == F_MAX || f == F_DIVUP) {
		g->sp--;
		cbinary(g, q, g->st[g->sp], f == F_MIN ? B_MIN : f == F_MAX ? B_MAX : B_DIVUP);
	} else if (f == F_CLAMP && g->st[q + 1].imm && g->st[q + 2].imm && g->st[q + 1].k <= g->st[q + 2].k) {
		/* clamp(x, lo, hi) with lo <= hi known cannot fail: min(max(x, lo), hi), two steps */
		struct cslot lo = g->st[q + 1], hi = g->st[q + 2];

		g->sp = q + 1;
		cbinary(g, q, lo, B_MAX);
		cbinary(g, q, hi, B_MIN);
	} else if (f == F_CLAMP) {
		int a = inreg(g, q), b = inreg(g, q + 1), cc = inreg(g, q + 2);

		cemit(g, C_CLAMP, treg(g, q), a, b, cc, 0);
		g->st[q] = (struct cslot){ 0, 0, treg(g, q) };
		g->sp = q + 1;
	} else {
		cunary(g, q, f == F_FLS ? U_FLS : f == F_ILOG2 ? U_ILOG2 : f == F_ROUNDUP ? U_ROUNDUP
			    : f == F_INT_SQRT ? U_INT_SQRT : U_ROUNDDOWN);
	}
}

/* A binary operator, its right operand popped or riding in it. */
static void code_binary(struct cgen *g, const struct expr_op *o)
{
	struct cslot y;

	if (o->argc == ARG_IMM)
		y = (struct cslot){ o->k, 1, 0 };
	else if (o->argc == ARG_NAME)
		y = (struct cslot){ 0, 0, g->reg_of[o->k] };
	else
		y = g->st[--g->sp];
	cbinary(g, g->sp - 1, y, o->op - OP_ADD);
}

/* The steps of op o. */
static void code_op(struct cgen *g, const struct expr_op *o)
{
	int p = g->sp - 1;

	switch (o->op) {
	case OP_PUSH:
		g->st[g->sp++] = (struct cslot){ o->k, 1, 0 };
		break;
	case OP_LOAD:
		g->st[g->sp++] = (struct cslot){ 0, 0, g->reg_of[o->k] };
		break;
	case OP_NOT:
	case OP_NEG:
	case OP_BOOL:
		cunary(g, p, o->op == OP_NOT ? U_NOT : o->op == OP_NEG ? U_NEG : U_BOOL);
		break;
	case OP_CAST: {
		int a = inreg(g, p);

		cemit(g, C_CAST, treg(g, p), a, 0, 0, o->k);
		g->st[p] = (struct cslot){ 0, 0, treg(g, p) };
		break;
	}
	case OP_JZ:
	case OP_JMP:
	case OP_ANDJ:
	case OP_ORJ:
		code_jump(g, o, p);
		break;
	case OP_CALL:
		code_call(g, (int)o->k);
		break;
	default:
		code_binary(g, o);
		break;
	}
}

/* The last step, the jumps' targets as step indices, and where the result is. */
static int code_finish(struct cgen *g)
{
	struct expr_code *c = g->c;
	const struct cslot *top = g->sp ? &g->st[g->sp - 1] : NULL;

	/* the result straight from acc when the last step made it */
	cemit(g, top && !top->imm && top->reg == g->acc ? C_RET : C_END, 0, 0, 0, 0, 0);
	if (g->failed)
		return -1;
	for (int i = 0; i < c->nins; i++)
		if (is_cjump(c->ins[i].op))
			c->ins[i].k = (uint64_t)g->at[c->ins[i].k];
	if (!top) {
		c->res_imm = 1; /* as an empty run yields */
		c->res = 0;
	} else {
		c->res_imm = (uint8_t)top->imm;
		c->res = top->imm ? top->k : (uint64_t)top->reg;
	}
	return 0;
}

int expr_code_make(struct expr_code *c, const struct expr *e)
{
	struct cgen g;

	memset(&g, 0, sizeof(g));
	c->nins = 0;
	c->nnames = 0;
	c->reads = 0;
	g.c = c;
	g.acc = -1;
	if (code_scan(&g, e))
		return -1;
	for (int i = 0; i <= e->nops && !g.failed; i++) {
		if (g.target[i])
			code_join(&g, e, i);
		g.at[i] = c->nins;
		if (i == e->nops)
			break;
		if (g.sp < code_takes(&e->ops[i]) || g.sp >= EXPR_MAX_OPS)
			return -1;
		code_op(&g, &e->ops[i]);
	}
	return code_finish(&g);
}

/* Two-operand step bi: inlined with bi a constant, so each step's case is its own arithmetic. */
EXPR_INLINE int step2(int bi, uint64_t x, uint64_t y, uint64_t *r, const char **why)
{
	uint64_t a[3] = { x, y, 0 };

	if (bi == B_MIN)
		return *r = min_u64(x, y), 0;
	if (bi == B_MAX)
		return *r = max_u64(x, y), 0;
	if (bi == B_DIVUP)
		return call(F_DIVUP, a, r, why);
	return binary(OP_ADD + bi, x, y, r, why);
}

EXPR_INLINE int step1(int u, uint64_t x, uint64_t *r, const char **why)
{
	uint64_t a[3] = { x, 0, 0 };

	switch (u) {
	case U_FLS:
		return call(F_FLS, a, r, why);
	case U_ILOG2:
		return call(F_ILOG2, a, r, why);
	case U_ROUNDUP:
		return call(F_ROUNDUP, a, r, why);
	case U_ROUNDDOWN:
		return call(F_ROUNDDOWN, a, r, why);
	case U_INT_SQRT:
		return call(F_INT_SQRT, a, r, why);
	case U_NOT:
		return *r = !x, 0;
	case U_NEG:
		if (x)
			return *why = "a negative value (unsigned)", -1;
		return *r = 0, 0;
	default:
		return *r = x != 0, 0;
	}
}

/*
 * Each step's case is also a label: with GCC or clang the steps are
 * threaded (each ends in its own jump to the next step's case, which the
 * branch predictor learns per step, as a row runs the same steps again);
 * elsewhere the switch does it.
 */
#if defined(__GNUC__) && !defined(EXPR_SWITCH) /* -DEXPR_SWITCH: the portable way, to test it */
#define UNREACHABLE() __builtin_unreachable()
#define THREADED 1
#define STEP(x, name) case x: L_##name
#define NEXT()                          \
	do {                            \
		in++;                   \
		goto *threaded[in->op]; \
	} while (0)
#else
#define UNREACHABLE() ((void)0)
#define THREADED 0
#define STEP(x, name) case x
#define NEXT() break
#endif

#define DO2(BI, X, Y)                          \
	if (step2(BI, X, Y, &acc, why))        \
		return -1;                     \
	r[in->dst] = acc;                      \
	NEXT();
#define BIN7(BI, N)                                               \
	STEP(CB(BI, M_AI), N##_AI) : DO2(BI, acc, in->k)          \
	STEP(CB(BI, M_AR), N##_AR) : DO2(BI, acc, r[in->b])       \
	STEP(CB(BI, M_RA), N##_RA) : DO2(BI, r[in->a], acc)       \
	STEP(CB(BI, M_IA), N##_IA) : DO2(BI, in->k, acc)          \
	STEP(CB(BI, M_IR), N##_IR) : DO2(BI, in->k, r[in->b])     \
	STEP(CB(BI, M_RR), N##_RR) : DO2(BI, r[in->a], r[in->b])  \
	STEP(CB(BI, M_RI), N##_RI) : DO2(BI, r[in->a], in->k)
#define DO1(U, X)                      \
	if (step1(U, X, &acc, why))    \
		return -1;             \
	r[in->dst] = acc;              \
	NEXT();
#define UN2(U, N) STEP(CU(U, 0), N##_A) : DO1(U, acc) STEP(CU(U, 1), N##_R) : DO1(U, r[in->a])
#define T7(BI, N)                                                                                           \
	[CB(BI, M_AI)] = &&L_##N##_AI, [CB(BI, M_AR)] = &&L_##N##_AR, [CB(BI, M_RA)] = &&L_##N##_RA,        \
	[CB(BI, M_IA)] = &&L_##N##_IA, [CB(BI, M_IR)] = &&L_##N##_IR, [CB(BI, M_RR)] = &&L_##N##_RR,        \
	[CB(BI, M_RI)] = &&L_##N##_RI,
#define T2(U, N) [CU(U, 0)] = &&L_##N##_A, [CU(U, 1)] = &&L_##N##_R,

/* every two-operand step and every one-operand step, for both the cases and the threaded table */
#define BIN_STEPS(X)                                                                                      \
	X(OP_ADD - OP_ADD, ADD) X(OP_SUB - OP_ADD, SUB) X(OP_MUL - OP_ADD, MUL) X(OP_DIV - OP_ADD, DIV)   \
	X(OP_MOD - OP_ADD, MOD) X(OP_SHL - OP_ADD, SHL) X(OP_SHR - OP_ADD, SHR) X(OP_EQ - OP_ADD, EQ)     \
	X(OP_NE - OP_ADD, NE) X(OP_LT - OP_ADD, LT) X(OP_LE - OP_ADD, LE) X(OP_GT - OP_ADD, GT)           \
	X(OP_GE - OP_ADD, GE) X(B_MIN, MIN) X(B_MAX, MAX) X(B_DIVUP, DIVUP)
#define UN_STEPS(X)                                                                                       \
	X(U_FLS, FLS) X(U_ILOG2, ILOG2) X(U_ROUNDUP, ROUNDUP) X(U_ROUNDDOWN, ROUNDDOWN) X(U_INT_SQRT, INT_SQRT) X(U_NOT, NOT)     \
	X(U_NEG, NEG) X(U_BOOL, BOOL)

int expr_code_exec(const struct expr_code *c, uint64_t r[EXPR_CODE_REGS], uint64_t *out, const char **why)
{
	/* the steps end with C_END, jumps go forward within them: no count, no range check */
	const struct expr_ins *in = c->ins;
	uint64_t acc = 0;
#if THREADED
	static const void *const threaded[C_RET + 1] = {
		[C_LDI] = &&L_LDI, [C_MOV] = &&L_MOV, BIN_STEPS(T7) UN_STEPS(T2)
		[C_CLAMP] = &&L_CLAMP, [C_CAST] = &&L_CAST, [C_JZ] = &&L_JZ, [C_JMP] = &&L_JMP, [C_ANDJ] = &&L_ANDJ, [C_ORJ] = &&L_ORJ,
		[C_END] = &&L_END, [C_RET] = &&L_RET,
	};

	goto *threaded[in->op];
#endif
	for (;; in++) {
		switch (in->op) {
		STEP(C_LDI, LDI) :
			r[in->dst] = acc = in->k;
			NEXT();
		STEP(C_MOV, MOV) :
			r[in->dst] = acc = r[in->a];
			NEXT();
		BIN_STEPS(BIN7)
		UN_STEPS(UN2)
		STEP(C_CLAMP, CLAMP) : {
			uint64_t a3[3] = { r[in->a], r[in->b], r[in->c] };

			if (call(F_CLAMP, a3, &acc, why))
				return -1;
			r[in->dst] = acc;
			NEXT();
		}
		STEP(C_CAST, CAST) :
			if (cast((unsigned)in->k, r[in->a], &acc, why))
				return -1;
			r[in->dst] = acc;
			NEXT();
		STEP(C_JZ, JZ) :
		STEP(C_ANDJ, ANDJ) :
			if (!r[in->a])
				in = c->ins + in->k - 1;
			NEXT();
		STEP(C_JMP, JMP) :
			in = c->ins + in->k - 1;
			NEXT();
		STEP(C_ORJ, ORJ) :
			if (r[in->a]) {
				r[in->a] = 1;
				in = c->ins + in->k - 1;
			}
			NEXT();
		STEP(C_END, END) :
			*out = c->res_imm ? c->res : r[c->res];
			return 0;
		STEP(C_RET, RET) :
			*out = acc;
			return 0;
		default:
			UNREACHABLE();
		}
	}
}

int expr_code_run(const struct expr_code *c, const uint64_t *vals, uint64_t *out, const char **why)
{
	uint64_t r[EXPR_CODE_REGS];

	for (int j = 0; j < c->nnames; j++)
		r[j] = vals[c->name[j]];
	return expr_code_exec(c, r, out, why);
}
