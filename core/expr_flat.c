/*
 * The register form on intervals (expr_code_flat): is a row's value the
 * same over a whole range of the key? Each step's result range is worked
 * out from its operands' ranges, so a sweep can skip a plateau of equal
 * values instead of running it row by row.
 */
#include "expr.h"

#include "expr_ops.h"

/* [*lo, *hi] of a OP b over a in [la, ha], b in [lb, hb]; -1 when it could fail there or is not monotone. */
static int interval_binary(int op, uint64_t la, uint64_t ha, uint64_t lb, uint64_t hb, uint64_t *lo, uint64_t *hi)
{
	int point = la == ha && lb == hb;
	const char *why;

	switch (op) {
	case OP_ADD:
		if (ha > UINT64_MAX - hb)
			return -1;
		return *lo = la + lb, *hi = ha + hb, 0;
	case OP_SUB:
		if (hb > la)
			return -1;
		return *lo = la - hb, *hi = ha - lb, 0;
	case OP_MUL:
		if (ha && hb > UINT64_MAX / ha)
			return -1;
		return *lo = la * lb, *hi = ha * hb, 0;
	case OP_DIV:
		if (!lb)
			return -1;
		return *lo = la / hb, *hi = ha / lb, 0;
	case OP_SHL:
		if (hb >= 64 || (ha && (uint64_t)fls64(ha) + hb > 64))
			return -1;
		return *lo = la << lb, *hi = ha << hb, 0;
	case OP_SHR:
		if (hb >= 64)
			return -1;
		return *lo = la >> hb, *hi = ha >> lb, 0;
	case OP_LT:
		return *lo = ha < lb, *hi = la < hb, 0;
	case OP_LE:
		return *lo = ha <= lb, *hi = la <= hb, 0;
	case OP_GT:
		return *lo = la > hb, *hi = ha > lb, 0;
	case OP_GE:
		return *lo = la >= hb, *hi = ha >= lb, 0;
	case OP_EQ:
	case OP_NE:
		if (point)
			return binary(op, la, lb, lo, &why), *hi = *lo, 0;
		/* ranges that do not meet are never equal; else either */
		*lo = *hi = ha < lb || hb < la ? op == OP_NE : 2;
		if (*lo == 2)
			*lo = 0, *hi = 1;
		return 0;
	default: /* OP_MOD: not monotone, only a point */
		if (!point || binary(op, la, lb, lo, &why))
			return -1;
		return *hi = *lo, 0;
	}
}

static uint64_t roundup_pow2(uint64_t x)
{
	return x == 1 ? 1 : 1ull << fls64(x - 1);
}

/* [*lo, *hi] of one-operand step u over [la, ha]; -1 when it could fail there */
static int interval_unary(int u, uint64_t la, uint64_t ha, uint64_t *lo, uint64_t *hi)
{
	switch (u) {
	case U_FLS:
		return *lo = fls64(la), *hi = fls64(ha), 0;
	case U_ILOG2:
		if (!la)
			return -1;
		return *lo = fls64(la) - 1, *hi = fls64(ha) - 1, 0;
	case U_ROUNDUP:
		if (!la || ha > (1ull << 63))
			return -1;
		return *lo = roundup_pow2(la), *hi = roundup_pow2(ha), 0;
	case U_ROUNDDOWN:
		if (!la)
			return -1;
		return *lo = rounddown_pow_of_two(la), *hi = rounddown_pow_of_two(ha), 0;
	case U_INT_SQRT: /* rises with x */
		return *lo = int_sqrt64(la), *hi = int_sqrt64(ha), 0;
	case U_NOT:
		return *lo = !ha, *hi = !la, 0;
	case U_NEG:
		if (ha)
			return -1;
		return *lo = *hi = 0, 0;
	default: /* U_BOOL */
		return *lo = la != 0, *hi = ha != 0, 0;
	}
}

/* [*lo, *hi] of two-operand step bi */
static int interval_step2(int bi, uint64_t la, uint64_t ha, uint64_t lb, uint64_t hb, uint64_t *lo, uint64_t *hi)
{
	switch (bi) {
	case B_MIN:
		return *lo = min_u64(la, lb), *hi = min_u64(ha, hb), 0;
	case B_MAX:
		return *lo = max_u64(la, lb), *hi = max_u64(ha, hb), 0;
	case B_DIVUP:
		/* up in n, down in d; fails for d = 0 or n + d - 1 past 2^64 - 1, worst at the ends */
		if (!lb || ha > UINT64_MAX - (hb - 1))
			return -1;
		return *lo = (la + (hb - 1)) / hb, *hi = (ha + (lb - 1)) / lb, 0;
	default:
		return interval_binary(OP_ADD + bi, la, ha, lb, hb, lo, hi);
	}
}

/* every register's range, and acc's (La..Ha), at a step */
struct ranges {
	uint64_t L[EXPR_CODE_REGS], H[EXPR_CODE_REGS], La, Ha;
};

/* [*lo, *hi] of two-operand step in, its operands' ranges read as its mode says */
static int flat_step2(const struct ranges *R, const struct expr_ins *in, uint64_t *lo, uint64_t *hi)
{
	int bi = (in->op - C_BIN) / NMODES, mode = (in->op - C_BIN) % NMODES, a = in->a, b = in->b;
	uint64_t xl = mode == M_AI || mode == M_AR ? R->La : mode == M_IA || mode == M_IR ? in->k : R->L[a];
	uint64_t xh = mode == M_AI || mode == M_AR ? R->Ha : mode == M_IA || mode == M_IR ? in->k : R->H[a];
	uint64_t yl = mode == M_AI || mode == M_RI ? in->k : mode == M_RA || mode == M_IA ? R->La : R->L[b];
	uint64_t yh = mode == M_AI || mode == M_RI ? in->k : mode == M_RA || mode == M_IA ? R->Ha : R->H[b];

	return interval_step2(bi, xl, xh, yl, yh, lo, hi);
}

/* [*lo, *hi] of step in, a step that is not a jump and not the last; -1 when it cannot say */
static int flat_step(const struct ranges *R, const struct expr_ins *in, uint64_t *lo, uint64_t *hi)
{
	int op = in->op, a = in->a, b = in->b, cc = in->c;

	if (op >= C_BIN && op < C_UN)
		return flat_step2(R, in, lo, hi);
	if (op >= C_UN && op < C_CLAMP) {
		int u = (op - C_UN) / 2, reg = (op - C_UN) % 2;

		return interval_unary(u, reg ? R->L[a] : R->La, reg ? R->H[a] : R->Ha, lo, hi);
	}
	switch (op) {
	case C_LDI:
		return *lo = *hi = in->k, 0;
	case C_MOV:
		return *lo = R->L[a], *hi = R->H[a], 0;
	case C_CLAMP:
		if (R->H[b] > R->L[cc]) /* lo above hi somewhere */
			return -1;
		*lo = min_u64(max_u64(R->L[a], R->L[b]), R->L[cc]);
		*hi = min_u64(max_u64(R->H[a], R->H[b]), R->H[cc]);
		return 0;
	default: { /* C_CAST */
		const struct expr_cast *x = &expr_casts[in->k];
		uint64_t top = x->bits >= 64 ? UINT64_MAX >> x->is_signed : (1ull << (x->bits - (unsigned)x->is_signed)) - 1;

		if (R->H[a] > top) /* cut or negative somewhere in the range: not one monotone step */
			return -1;
		return *lo = R->L[a], *hi = R->H[a], 0;
	}
	}
}

/* Jump step in over the ranges: 1 it is taken, 0 it falls through, -1 either (not one path). */
static int flat_jump(struct ranges *R, const struct expr_ins *in)
{
	int a = in->a;

	if (in->op == C_JMP)
		return 1;
	if (!R->L[a] && R->H[a])
		return -1; /* zero or not: not one path */
	if (in->op != C_ORJ)
		return !R->H[a]; /* C_JZ, C_ANDJ */
	if (R->L[a])
		R->L[a] = R->H[a] = 1;
	return R->L[a] != 0;
}

int expr_code_range(const struct expr_code *c, const uint64_t *lo, const uint64_t *hi, uint64_t *l, uint64_t *h)
{
	struct ranges R;

	for (int j = 0; j < c->nnames; j++) {
		if (lo[j] > hi[j])
			return 0;
		R.L[j] = lo[j];
		R.H[j] = hi[j];
	}
	R.La = R.Ha = 0;
	for (const struct expr_ins *in = c->ins;; in++) {
		uint64_t sl, sh;
		int taken;

		if (is_cjump(in->op)) {
			if ((taken = flat_jump(&R, in)) < 0)
				return 0;
			if (taken)
				in = c->ins + in->k - 1;
			continue;
		}
		if (in->op == C_END || in->op == C_RET) {
			*l = in->op == C_RET ? R.La : c->res_imm ? c->res : R.L[c->res];
			*h = in->op == C_RET ? R.Ha : c->res_imm ? c->res : R.H[c->res];
			return 1;
		}
		if (flat_step(&R, in, &sl, &sh))
			return 0;
		R.L[in->dst] = R.La = sl;
		R.H[in->dst] = R.Ha = sh;
	}
}

int expr_code_flat(const struct expr_code *c, uint64_t lo, uint64_t hi, uint64_t *v)
{
	uint64_t l, h;

	if (c->nnames != 1 || !expr_code_range(c, &lo, &hi, &l, &h) || l != h)
		return 0;
	*v = l;
	return 1;
}
