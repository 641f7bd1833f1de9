/*
 * The expression language's front half: its functions and conversions
 * (the tables help and completion read), the closest-name hints of its
 * errors, and the compiler, a recursive descent in C's precedence that
 * turns text into a stack program (struct expr). expr_ops.h lists the
 * other files: folding, evaluation, the register form.
 *
 * Why two evaluators. A program runs two ways, and each is built for one:
 *
 * - expr_eval (expr_eval.c) walks the stack program as compiled or as
 *   expr_bind folded it. It is the reference, and the only one that can
 *   explain: with a trace it writes every step with its values, which is
 *   what `explain` and a variant's error show. One evaluation (a `set`,
 *   a formula of a patch file, a sweep column whose locals the caller
 *   supplies) costs a walk
 *   over a few dozen steps and nothing to set up.
 * - the register form (expr_code.c) is made once per sweep column, from a
 *   program already bound and folded, and run once per row: operands in
 *   registers or riding in the step as literals, threaded dispatch, and
 *   expr_code_flat asks it over a whole range of rows at once so a plateau
 *   of equal values is not run row by row. Making it costs more than one
 *   walk, so a single evaluation does not make one.
 *
 * Both call the same arithmetic (expr_ops.h), in the program's order, so
 * they give the same value or the same reason, bit for bit; the unit tests
 * (tests/unit/test_expr.c) and the expr fuzz target hold them to it.
 */
#include "expr.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "expr_ops.h"
#include "utf8.h"

const struct expr_func expr_funcs[] = {
	[F_MIN] = { "min", 2, "min(x, y)", "min(), include/linux/minmax.h" },
	[F_MAX] = { "max", 2, "max(x, y)", "max(), include/linux/minmax.h" },
	[F_CLAMP] = { "clamp", 3, "clamp(val, lo, hi)", "clamp(), include/linux/minmax.h: min(max(val, lo), hi)" },
	[F_FLS] = { "fls", 1, "fls(x)", "fls_long(), include/linux/bitops.h: 1-based highest set bit, fls(0) = 0" },
	[F_ILOG2] = { "ilog2", 1, "ilog2(n)", "ilog2(), include/linux/log2.h: fls(n) - 1, undefined for 0" },
	[F_ROUNDUP] = { "roundup_pow_of_two", 1, "roundup_pow_of_two(n)",
			"roundup_pow_of_two(), include/linux/log2.h: 1UL << fls_long(n - 1), undefined for 0" },
	[F_ROUNDDOWN] = { "rounddown_pow_of_two", 1, "rounddown_pow_of_two(n)",
			  "rounddown_pow_of_two(), include/linux/log2.h: 1UL << (fls_long(n) - 1), undefined for 0" },
	[F_DIVUP] = { "DIV_ROUND_UP", 2, "DIV_ROUND_UP(n, d)",
		      "DIV_ROUND_UP(), include/linux/math.h: (n + d - 1) / d" },
	[F_INT_SQRT] = { "int_sqrt", 1, "int_sqrt(x)", "int_sqrt(), lib/math/int_sqrt.c: the largest r with r * r <= x" },
	{ NULL, 0, NULL, NULL },
};

/*
 * C's conversions, for kernel code that keeps a value in a narrower type:
 * the value is cut to the type's low bits as C converts to an unsigned type
 * (truncation, not saturation); a signed type whose cut value has its sign
 * bit set would be negative, which an unsigned language cannot go on with,
 * so that stops with a reason rather than a wrapped number.
 */
const struct expr_cast expr_casts[] = {
	{ "int", 32, 1 }, { "s32", 32, 1 }, { "unsigned int", 32, 0 }, { "unsigned", 32, 0 }, { "u32", 32, 0 },
	{ "long", 64, 1 }, { "s64", 64, 1 }, { "unsigned long", 64, 0 }, { "u64", 64, 0 },
	{ "unsigned long long", 64, 0 }, { "long long", 64, 1 }, { "short", 16, 1 }, { "s16", 16, 1 },
	{ "unsigned short", 16, 0 }, { "u16", 16, 0 }, { "u8", 8, 0 }, { "s8", 8, 1 }, { "unsigned char", 8, 0 },
	{ NULL, 0, 0 },
};

/* --- closest name ------------------------------------------------------------ */

#define CLOSE_MAX 32

static size_t edit_distance(const char *a, size_t la, const char *b)
{
	size_t lb = strlen(b), prev[CLOSE_MAX + 1], cur[CLOSE_MAX + 1];

	if (la > CLOSE_MAX || lb > CLOSE_MAX)
		return (size_t)-1;
	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t sub = prev[j - 1] + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
			size_t del = prev[j] + 1, ins = cur[j - 1] + 1;

			cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
		}
		memcpy(prev, cur, sizeof(prev));
	}
	return prev[lb];
}

const char *expr_closest(const char *word, size_t len, const char *const *names, int funcs)
{
	const char *best = NULL;
	size_t bestd = (size_t)-1, limit = len < 4 ? 1 : len < 8 ? 2 : 3;

	for (int i = 0; names && names[i]; i++) {
		size_t d = edit_distance(word, len, names[i]);

		if (d < bestd) {
			bestd = d;
			best = names[i];
		}
	}
	for (int i = 0; funcs && expr_funcs[i].name; i++) {
		size_t d = edit_distance(word, len, expr_funcs[i].name);

		if (d < bestd) {
			bestd = d;
			best = expr_funcs[i].name;
		}
	}
	return bestd <= limit ? best : NULL;
}

/* --- the compiler: recursive descent, C's precedence --------------------------- */

struct parser {
	const char *s;
	size_t i;
	struct expr *e;
	const char *const *names;
	int depth;
	int open; /* parentheses open where the parser is: a ')' there closes one */
	int failed;
	char *err;
	size_t errlen;
};

#define PFAIL(p, ...)                                              \
	do {                                                       \
		if (!(p)->failed)                                  \
			err_set((p)->err, (p)->errlen, __VA_ARGS__); \
		(p)->failed = 1;                                   \
		return;                                            \
	} while (0)

static void skip(struct parser *p)
{
	while (p->s[p->i] == ' ' || p->s[p->i] == '\t')
		p->i++;
}

static int col(const struct parser *p)
{
	return (int)p->i + 1;
}

static int emit(struct parser *p, int op, uint64_t k, size_t pos)
{
	struct expr_op *o;

	if (p->failed)
		return -1;
	if (p->e->nops >= EXPR_MAX_OPS) {
		p->failed = 1;
		return err_set(p->err, p->errlen, "expression too long (more than %d steps)", EXPR_MAX_OPS);
	}
	o = &p->e->ops[p->e->nops];
	o->op = (uint8_t)op;
	o->k = k;
	o->pos = (uint16_t)(pos > UINT16_MAX ? UINT16_MAX : pos);
	o->argc = 0;
	return p->e->nops++;
}

static void patch_jump(struct parser *p, int at)
{
	if (at >= 0 && !p->failed)
		p->e->ops[at].k = p->e->nops;
}

/* The next token, shown in an error: a word, a number, or one character. */
static void token_text(const struct parser *p, char *buf, size_t len)
{
	const char *t = p->s + p->i;
	size_t n = 1;

	if ((unsigned char)*t >= 0x80) {
		/* a character of another alphabet (é): itself when it is whole UTF-8, else its bytes */
		const char *q = t;
		uint32_t cp = utf8_decode(&q);

		/* not U+FFFD (a broken byte), nor an invisible one that reorders or hides text (U+200B..U+206F, BOM) */
		if (cp != 0xfffd && cp >= 0xa0 && !(cp >= 0x200b && cp <= 0x206f) && cp != 0xfeff && (size_t)(q - t) < len)
			snprintf(buf, len, "%.*s", (int)(q - t), t);
		else
			snprintf(buf, len, "\\x%02x", (unsigned char)*t);
		return;
	}
	if (!isprint((unsigned char)*t)) {
		/* an error is one printable line, whatever was typed */
		snprintf(buf, len, "\\x%02x", (unsigned char)*t);
		return;
	}
	if (isalnum((unsigned char)*t) || *t == '_')
		while (isalnum((unsigned char)t[n]) || t[n] == '_')
			n++;
	if (n > 24)
		n = 24;
	snprintf(buf, len, "%.*s", (int)n, t);
}

static void parse_ternary(struct parser *p);

static int is_word(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static void parse_call(struct parser *p, int f, size_t at)
{
	int argc = 0;
	size_t open = p->i;

	if (++p->depth > EXPR_MAX_DEPTH)
		PFAIL(p, "nested too deeply at column %d (more than %d levels)", (int)open + 1, EXPR_MAX_DEPTH);
	p->i++; /* ( */
	p->open++;
	skip(p);
	if (p->s[p->i] == ')') {
		p->i++;
	} else {
		for (;;) {
			parse_ternary(p);
			if (p->failed)
				return;
			argc++;
			skip(p);
			if (p->s[p->i] == ',') {
				p->i++;
				continue;
			}
			if (p->s[p->i] == ')') {
				p->i++;
				break;
			}
			if (!p->s[p->i])
				PFAIL(p, "unbalanced parentheses: '(' of %s at column %d is never closed", expr_funcs[f].name,
				      (int)open + 1);
			char t[32];

			token_text(p, t, sizeof(t));
			PFAIL(p, "unexpected '%s' at column %d in the arguments of %s (expected ',' or ')')", t, col(p),
			      expr_funcs[f].name);
		}
	}
	p->open--;
	p->depth--;
	if (argc != expr_funcs[f].argc)
		PFAIL(p, "%s takes %d argument%s, got %d: %s", expr_funcs[f].name, expr_funcs[f].argc,
		      expr_funcs[f].argc == 1 ? "" : "s", argc, expr_funcs[f].usage);
	int k = emit(p, OP_CALL, (uint64_t)f, at);
	if (k >= 0)
		p->e->ops[k].argc = (uint8_t)argc;
}

static void parse_name(struct parser *p)
{
	size_t at = p->i, len = 0;
	char word[40];

	while (is_word(p->s[p->i + len]))
		len++;
	p->i += len;
	snprintf(word, sizeof(word), "%.*s", (int)(len < 32 ? len : 32), p->s + at);
	skip(p);
	if (p->s[p->i] == '(') {
		for (int f = 0; expr_funcs[f].name; f++)
			if (strlen(expr_funcs[f].name) == len && !strncmp(expr_funcs[f].name, p->s + at, len)) {
				parse_call(p, f, at);
				return;
			}
		for (int n = 0; p->names && p->names[n]; n++)
			if (strlen(p->names[n]) == len && !strncmp(p->names[n], p->s + at, len))
				PFAIL(p, "'%s' at column %d is a name, not a function", word, (int)at + 1);
		const char *near = expr_closest(p->s + at, len, NULL, 1);

		if (near)
			PFAIL(p, "unknown function '%s' at column %d (did you mean '%s'?)", word, (int)at + 1, near);
		PFAIL(p, "unknown function '%s' at column %d (see 'help variant')", word, (int)at + 1);
	}
	for (int n = 0; p->names && p->names[n]; n++)
		if (strlen(p->names[n]) == len && !strncmp(p->names[n], p->s + at, len)) {
			emit(p, OP_LOAD, (uint64_t)n, at);
			return;
		}
	for (int f = 0; expr_funcs[f].name; f++)
		if (strlen(expr_funcs[f].name) == len && !strncmp(expr_funcs[f].name, p->s + at, len))
			PFAIL(p, "'%s' at column %d is a function: %s", word, (int)at + 1, expr_funcs[f].usage);
	const char *near = expr_closest(p->s + at, len, p->names, 0);

	if (near)
		PFAIL(p, "unknown name '%s' at column %d (did you mean '%s'?)", word, (int)at + 1, near);
	PFAIL(p, "unknown name '%s' at column %d (see 'help variant')", word, (int)at + 1);
}

/* The length of C's integer suffix at s (U, L, LL in either order, e.g. UL, LLU), 0 for none. */
static size_t int_suffix(const char *s)
{
	size_t n = 0;
	int u = 0, l = 0;

	while (!(u && l)) {
		if (!u && (s[n] == 'U' || s[n] == 'u')) {
			u = 1, n++;
		} else if (!l && (s[n] == 'L' || s[n] == 'l')) {
			l = 1;
			n += s[n + 1] == s[n] ? 2 : 1; /* LL or ll, not lL */
		} else {
			break;
		}
	}
	return n;
}

static void parse_number(struct parser *p)
{
	size_t at = p->i;
	uint64_t v = 0;
	int base = 10;

	if (p->s[p->i] == '0' && (p->s[p->i + 1] == 'x' || p->s[p->i + 1] == 'X') &&
	    isxdigit((unsigned char)p->s[p->i + 2])) {
		base = 16;
		p->i += 2;
	} else if (p->s[p->i] == '0' && isdigit((unsigned char)p->s[p->i + 1])) {
		/* the kernel's C reads 010 as octal 8, a person often as ten: neither is guessed */
		size_t n = strspn(p->s + p->i, "0123456789");

		PFAIL(p, "'%.*s' at column %d: a leading 0 is octal in C (010 is 8); write the number without it, "
			 "or 0x for hex", (int)(n < 24 ? n : 24), p->s + p->i, (int)at + 1);
	}
	while (base == 16 ? isxdigit((unsigned char)p->s[p->i]) : isdigit((unsigned char)p->s[p->i])) {
		char c = p->s[p->i];
		unsigned d = isdigit((unsigned char)c) ? (unsigned)(c - '0') : (unsigned)(tolower((unsigned char)c) - 'a' + 10);

		if (v > (UINT64_MAX - d) / (unsigned)base)
			PFAIL(p, "number at column %d does not fit 64 bits", (int)at + 1);
		v = v * (unsigned)base + d;
		p->i++;
	}
	/* C's suffixes, as the kernel writes 32U or 64UL: a U at most once, an L or LL (never lL) */
	p->i += int_suffix(p->s + p->i);
	if (is_word(p->s[p->i])) {
		char t[32];

		token_text(p, t, sizeof(t));
		PFAIL(p, "unexpected '%s' at column %d: a number runs into a word", t, col(p));
	}
	emit(p, OP_PUSH, v, at);
}

/*
 * A C conversion at p->s[at] == '(': "(u32)", "( unsigned  long )". The
 * index in expr_casts, with *end just past its ')', or -1 (a parenthesis,
 * or a word that is one of the caller's names).
 */
static int cast_at(const struct parser *p, size_t at, size_t *end)
{
	char words[32];
	size_t i = at + 1, n = 0;

	for (;;) {
		while (p->s[i] == ' ' || p->s[i] == '\t')
			i++;
		if (p->s[i] == ')')
			break;
		if (!isalpha((unsigned char)p->s[i]) && p->s[i] != '_')
			return -1;
		if (n && n < sizeof(words) - 1)
			words[n++] = ' ';
		while (is_word(p->s[i])) {
			if (n >= sizeof(words) - 1)
				return -1;
			words[n++] = p->s[i++];
		}
	}
	words[n] = '\0';
	for (int k = 0; p->names && p->names[k]; k++)
		if (!strcmp(p->names[k], words))
			return -1;
	for (int k = 0; expr_casts[k].name; k++)
		if (!strcmp(expr_casts[k].name, words)) {
			*end = i + 1;
			return k;
		}
	return -1;
}

/* '(' at at, not a conversion: a parenthesised expression and its ')' */
static void parse_paren(struct parser *p, size_t at)
{
	p->i++;
	p->open++;
	parse_ternary(p);
	p->open--;
	if (p->failed)
		return;
	skip(p);
	if (p->s[p->i] != ')') {
		char t[32];

		if (!p->s[p->i])
			PFAIL(p, "unbalanced parentheses: '(' at column %d is never closed", (int)at + 1);
		token_text(p, t, sizeof(t));
		PFAIL(p, "unexpected '%s' at column %d (expected ')' for the '(' at column %d)", t, col(p),
		      (int)at + 1);
	}
	p->i++;
}

/* c at column at + 1 cannot start a value where one was expected: say what is missing */
static void fail_no_value(struct parser *p, size_t at, char c)
{
	char t[32];

	if (!c)
		PFAIL(p, "%s", p->s[strspn(p->s, " \t")] ? "the expression ends where a value was expected"
							    : "empty expression");
	if (c == ')') {
		/* what came before says what is missing: "()", "max(cpus,)", "(1 +)" each lack a value, not a '(' */
		size_t b = at;

		while (b > 0 && (p->s[b - 1] == ' ' || p->s[b - 1] == '\t'))
			b--;
		if (!p->open)
			PFAIL(p, "unbalanced parentheses: ')' at column %d has no '('", (int)at + 1);
		else if (b > 0 && p->s[b - 1] == '(')
			PFAIL(p, "empty parentheses at column %d: expected a value between '(' and ')'", (int)b);
		else if (b > 0 && p->s[b - 1] == ',')
			PFAIL(p, "expected a value after the ',' at column %d, found ')' at column %d", (int)b, (int)at + 1);
		else
			PFAIL(p, "expected a value at column %d, found ')'", (int)at + 1);
	}
	token_text(p, t, sizeof(t));
	PFAIL(p, "unexpected '%s' at column %d where a value was expected", t, (int)at + 1);
}

/* A value: a unary operator or a conversion and its operand, a parenthesis, a number or a name. */
static void parse_unary(struct parser *p)
{
	size_t at, end = 0;
	char c;
	int nests, k;

	skip(p);
	at = p->i;
	c = p->s[at];
	/* a level is what nests - an open '(' or call, a unary operator, a '?' - each counted once */
	nests = (c == '!' && p->s[at + 1] != '=') || c == '-' || c == '+' || c == '(';
	if (nests && ++p->depth > EXPR_MAX_DEPTH)
		PFAIL(p, "nested too deeply at column %d (more than %d levels)", (int)at + 1, EXPR_MAX_DEPTH);
	if ((c == '!' && p->s[at + 1] != '=') || c == '-' || c == '+') {
		p->i++;
		parse_unary(p);
		if (c != '+')
			emit(p, c == '!' ? OP_NOT : OP_NEG, 0, at);
	} else if (c == '(' && (k = cast_at(p, at, &end)) >= 0) {
		p->i = end;
		parse_unary(p);
		emit(p, OP_CAST, (uint64_t)k, at);
	} else if (c == '(') {
		parse_paren(p, at);
	} else if (isdigit((unsigned char)c)) {
		parse_number(p);
	} else if (isalpha((unsigned char)c) || c == '_') {
		parse_name(p);
	} else {
		fail_no_value(p, at, c);
	}
	p->depth -= nests;
}

/* The binary operator at p->i of this precedence level, or -1; *len its length. */
static int binop(const struct parser *p, int level, size_t *len)
{
	const char *t = p->s + p->i;

	*len = 2;
	switch (level) {
	case 0:
		if (t[0] == '*')
			return *len = 1, OP_MUL;
		if (t[0] == '/')
			return *len = 1, OP_DIV;
		if (t[0] == '%')
			return *len = 1, OP_MOD;
		return -1;
	case 1:
		if (t[0] == '+')
			return *len = 1, OP_ADD;
		if (t[0] == '-')
			return *len = 1, OP_SUB;
		return -1;
	case 2:
		if (t[0] == '<' && t[1] == '<')
			return OP_SHL;
		if (t[0] == '>' && t[1] == '>')
			return OP_SHR;
		return -1;
	case 3:
		if (t[0] == '<' && t[1] == '=')
			return OP_LE;
		if (t[0] == '>' && t[1] == '=')
			return OP_GE;
		if (t[0] == '<' && t[1] != '<')
			return *len = 1, OP_LT;
		if (t[0] == '>' && t[1] != '>')
			return *len = 1, OP_GT;
		return -1;
	default:
		if (t[0] == '=' && t[1] == '=')
			return OP_EQ;
		if (t[0] == '!' && t[1] == '=')
			return OP_NE;
		return -1;
	}
}

static void parse_level(struct parser *p, int level)
{
	if (level < 0) {
		parse_unary(p);
		return;
	}
	parse_level(p, level - 1);
	for (;;) {
		size_t len, at;
		int op;

		if (p->failed)
			return;
		skip(p);
		at = p->i;
		op = binop(p, level, &len);
		if (op < 0)
			return;
		p->i += len;
		parse_level(p, level - 1);
		emit(p, op, 0, at);
	}
}

static void parse_and(struct parser *p)
{
	parse_level(p, 4);
	for (;;) {
		size_t at;
		int j;

		skip(p);
		at = p->i;
		if (p->failed || p->s[at] != '&' || p->s[at + 1] != '&')
			return;
		p->i += 2;
		j = emit(p, OP_ANDJ, 0, at);
		parse_level(p, 4);
		emit(p, OP_BOOL, 0, at);
		patch_jump(p, j);
	}
}

static void parse_or(struct parser *p)
{
	parse_and(p);
	for (;;) {
		size_t at;
		int j;

		skip(p);
		at = p->i;
		if (p->failed || p->s[at] != '|' || p->s[at + 1] != '|')
			return;
		p->i += 2;
		j = emit(p, OP_ORJ, 0, at);
		parse_and(p);
		emit(p, OP_BOOL, 0, at);
		patch_jump(p, j);
	}
}

static void parse_ternary(struct parser *p)
{
	size_t at;
	int jz, jmp;

	parse_or(p);
	skip(p);
	at = p->i;
	if (!p->failed && p->s[at] == '?') {
		if (++p->depth > EXPR_MAX_DEPTH)
			PFAIL(p, "nested too deeply at column %d (more than %d levels)", (int)at + 1, EXPR_MAX_DEPTH);
		p->i++;
		jz = emit(p, OP_JZ, 0, at);
		parse_ternary(p);
		skip(p);
		if (!p->failed && p->s[p->i] != ':') {
			char t[32];

			if (!p->s[p->i])
				PFAIL(p, "the '?' at column %d has no ':'", (int)at + 1);
			token_text(p, t, sizeof(t));
			PFAIL(p, "unexpected '%s' at column %d (expected ':' for the '?' at column %d)", t, col(p),
			      (int)at + 1);
		}
		if (p->failed)
			return;
		p->i++;
		jmp = emit(p, OP_JMP, 0, at);
		patch_jump(p, jz);
		parse_ternary(p);
		patch_jump(p, jmp);
		p->depth--;
	}
}

int expr_compile(struct expr *e, const char *text, const char *const *names, char *err, size_t errlen)
{
	struct expr tmp;
	struct parser p = { text, 0, &tmp, names, 0, 0, 0, err, errlen };
	size_t n = 0;

	while (names && names[n])
		n++;
	if (n > EXPR_MAX_NAMES)
		return err_set(err, errlen, "too many names (%zu, at most %d)", n, EXPR_MAX_NAMES);
	if (strlen(text) > UINT16_MAX)
		return err_set(err, errlen, "expression too long");
	tmp.nops = 0;
	tmp.reads = 0;
	parse_ternary(&p);
	if (!p.failed) {
		skip(&p);
		if (text[p.i] == ')') {
			err_set(err, errlen, "unbalanced parentheses: ')' at column %d has no '('", col(&p));
			p.failed = 1;
		} else if (text[p.i] == '=' || (text[p.i] == '&' && text[p.i + 1] != '&') ||
			   (text[p.i] == '|' && text[p.i + 1] != '|')) {
			err_set(err, errlen, "'%c' at column %d is not an operator here (== compares, && and || combine)",
				text[p.i], col(&p));
			p.failed = 1;
		} else if (text[p.i]) {
			char t[32];

			token_text(&p, t, sizeof(t));
			err_set(err, errlen, "unexpected '%s' at column %d after a complete expression", t, col(&p));
			p.failed = 1;
		}
	}
	if (p.failed)
		return -1;
	for (int i = 0; i < tmp.nops; i++)
		if (tmp.ops[i].op == OP_LOAD && tmp.ops[i].k < 64)
			tmp.reads |= 1ull << tmp.ops[i].k;
	memcpy(e, &tmp, sizeof(tmp));
	return 0;
}

_Static_assert(sizeof(expr_casts) / sizeof(expr_casts[0]) - 1 == EXPR_NCASTS, "expr_ops.h counts the conversions");
_Static_assert(OP_PUSH == EXPR_OP_PUSH, "expr.h's inline expr_known() and expr_constant() push with OP_PUSH");
