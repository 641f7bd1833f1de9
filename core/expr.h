/*
 * A small integer expression language for variants: a user's own version of
 * a patch's constant, written the way the kernel would write it.
 *
 *   clamp(2 * cpus, 32, 127)
 *   max(totalram / cpus / (overcommit == never ? 256 : 16), max(2 * cpus, 32))
 *
 * Values are unsigned 64-bit, like the kernel's unsigned long; (int), (u32)
 * and the other C conversions cut a value to a narrower type. Where C would
 * wrap (overflow, a subtraction below zero, a shift of 64 or more) or trap
 * (division by zero), evaluation stops with a reason instead: a variant that
 * cannot be evaluated on a machine says so and never shows a wrapped number.
 *
 * Compiled once to a small stack program (no pointers, so a struct expr can
 * be copied with the machine that holds it), which expr_eval interprets and
 * explains; a sweep binds it, folds it and makes its register form
 * (expr_code_make), which a row runs in a few steps, not a parse.
 *
 * Pure: no printing, no globals; names and their values come from the caller.
 */
#ifndef BL_EXPR_H
#define BL_EXPR_H

#include <stddef.h>
#include <stdint.h>

#include "strbuf.h"

#define EXPR_MAX_OPS 64   /* a variant is a line, not a program */
#define EXPR_MAX_DEPTH 32 /* nesting of parentheses and calls */
#define EXPR_MAX_NAMES 64

struct expr_op {
	uint64_t k;    /* a literal, a name's index, or a jump target */
	uint16_t pos;  /* where in the text it came from (0-based) */
	uint8_t op;
	uint8_t argc;
};

struct expr {
	struct expr_op ops[EXPR_MAX_OPS];
	uint16_t nops;
	uint64_t reads; /* bit i: names[i] is read, so a caller fills only those values */
};

/* The functions, in the kernel's words, for help and completion. */
struct expr_func {
	const char *name;
	int argc;
	const char *usage;  /* "clamp(val, lo, hi)" */
	const char *kernel; /* what it mirrors, and where */
};

extern const struct expr_func expr_funcs[]; /* terminated by name == NULL */

/*
 * C's conversions, written as C writes them: (u32)x, (int)(a * b). The value
 * keeps its low `bits` bits (C's rule for a conversion to an unsigned type);
 * for a signed type a result with its sign bit set stops the evaluation
 * ("a conversion to a signed type gives a negative value"), as a subtraction
 * below zero does: so a patch that keeps a batch in an int is exact.
 */
struct expr_cast {
	const char *name; /* "unsigned long": words separated by one space */
	unsigned bits;
	int is_signed;
};

extern const struct expr_cast expr_casts[]; /* terminated by name == NULL */

/*
 * Compile text. names is the NULL-terminated list of names the text may
 * read (at most EXPR_MAX_NAMES); a value array in the same order is given to
 * expr_eval. -1 with one line in err: what is wrong and at which column
 * (1-based), with the closest known name for a misspelt one. e is written
 * only on success.
 */
int expr_compile(struct expr *e, const char *text, const char *const *names, char *err, size_t errlen);

/*
 * Run e with vals[i] the value of names[i]. 0 with *out, or -1 with *why a
 * short static phrase ("division by zero"). trace may be NULL; else every
 * step is appended as a line with the values substituted ("2 * 8 = 16").
 */
int expr_eval(const struct expr *e, const char *const *names, const uint64_t *vals, uint64_t *out,
	      const char **why, struct strbuf *trace);

/* The step that pushes a literal (expr.c's first): inline here, as a sweep asks both below per cell. */
#define EXPR_OP_PUSH 0

/* e becomes the program that yields v: a value worked out once stands in for its expression. */
static inline void expr_constant(struct expr *e, uint64_t v)
{
	e->ops[0] = (struct expr_op){ v, 0, EXPR_OP_PUSH, 0 };
	e->nops = 1;
	e->reads = 0;
}

/* Is e a constant (expr_constant, or a bound program that folded to one)? Then *v is its value. */
static inline int expr_known(const struct expr *e, uint64_t *v)
{
	if (e->nops != 1 || e->ops[0].op != EXPR_OP_PUSH)
		return 0;
	*v = e->ops[0].k;
	return 1;
}

/*
 * Names in mask (bit i: names[i]) become the constants vals[i], and the
 * program is folded: every step whose operands are then known is worked out
 * (unless it fails: then it stays, to fail the same way), a known condition
 * keeps only its branch. What a sweep does not vary is read once, and a row
 * runs only the steps that move with it. expr_eval gives the same value or
 * the same reason as before binding.
 */
void expr_bind(struct expr *e, uint64_t mask, const uint64_t *vals);

/*
 * The register form a sweep runs per row: made once from a program (bound
 * and folded first, so what the sweep does not vary is already worked out),
 * each step a register operation whose operands are registers or a literal
 * riding in the step (2 * cpus is one step, clamp(x, 32, 127) two), the
 * names read loaded into registers once. It runs the program's steps in the
 * program's order with the same checks, so it gives expr_eval's value or
 * its reason, bit for bit; expr_eval stays the reference (tests/unit/test_expr.c).
 */
#define EXPR_CODE_MAX (2 * EXPR_MAX_OPS + 1) /* a step per op, a load per literal or name at most, the end */
#define EXPR_CODE_REGS (EXPR_MAX_NAMES + EXPR_MAX_OPS + 1)

struct expr_ins {
	uint64_t k; /* a literal, or a jump target */
	uint8_t op, dst, a, b, c;
};

struct expr_code {
	struct expr_ins ins[EXPR_CODE_MAX];
	uint8_t name[EXPR_MAX_NAMES]; /* register j holds vals[name[j]] */
	uint16_t nins;
	uint8_t nnames;
	uint8_t res_imm; /* the result is the literal res, else register res */
	uint64_t res;
	uint64_t reads;  /* as struct expr's */
};

/* e's register form. -1 (c unusable) only if e is not a program expr_compile or expr_bind made. */
int expr_code_make(struct expr_code *c, const struct expr *e);
/* Run c with vals[i] the value of names[i] (only those c->reads are read): as expr_eval without a trace. */
int expr_code_run(const struct expr_code *c, const uint64_t *vals, uint64_t *out, const char **why);
/* The same with registers 0 .. c->nnames - 1 loaded by the caller (register j: names[c->name[j]]); regs is scratch. */
int expr_code_exec(const struct expr_code *c, uint64_t regs[EXPR_CODE_REGS], uint64_t *out, const char **why);

/*
 * Is c's value the same for every value of its one name (c->nnames == 1,
 * register 0) in lo..hi? Worked out on intervals: every step's result range
 * over its operands' ranges (each step is monotone in each operand, or is
 * given up on), and a step that could fail anywhere in them gives up too.
 * 1 with *v when the result is one value and no step can fail: then
 * expr_code_exec gives *v for each of those values. 0 when it cannot say.
 */
int expr_code_flat(const struct expr_code *c, uint64_t lo, uint64_t hi, uint64_t *v);
/*
 * The same question for any number of names: register j (names[c->name[j]])
 * anywhere in lo[j]..hi[j], each on its own. 1 with the result's range in
 * *l..*h when no step can fail for any of those values (each step monotone
 * in each operand, or its operands one value); 0 when it cannot say. A
 * chain of programs, each reading the one before's result, is followed
 * range to range (core/mmpatch_code.c).
 */
int expr_code_range(const struct expr_code *c, const uint64_t *lo, const uint64_t *hi, uint64_t *l, uint64_t *h);

/* e reads names[to] wherever it read names[from] (a name that always equals another). */
void expr_rename(struct expr *e, int from, int to);

/* Does e read names[i]? (for `reads`-style dependency questions) */
int expr_reads(const struct expr *e, int name);

/* The known name (or function, when funcs) closest to word, or NULL if none is close. */
const char *expr_closest(const char *word, size_t len, const char *const *names, int funcs);

#endif
