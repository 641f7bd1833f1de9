#include "expr.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "mm/kernel.h"
#include "utf8.h"

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

static int is_binary(int op)
{
	return op >= OP_ADD && op <= OP_GE;
}

enum { F_MIN, F_MAX, F_CLAMP, F_FLS, F_ILOG2, F_ROUNDUP, F_ROUNDDOWN, F_DIVUP };

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

static int cast(unsigned k, uint64_t x, uint64_t *r, const char **why)
{
	const struct expr_cast *c = &expr_casts[k];
	uint64_t v = c->bits >= 64 ? x : x & ((1ull << c->bits) - 1);

	if (c->is_signed && (v >> (c->bits - 1)) & 1)
		return *why = "a conversion to a signed type gives a negative value", -1;
	return *r = v, 0;
}

static const char *const op_text[] = {
	[OP_ADD] = "+", [OP_SUB] = "-", [OP_MUL] = "*", [OP_DIV] = "/", [OP_MOD] = "%",
	[OP_SHL] = "<<", [OP_SHR] = ">>", [OP_EQ] = "==", [OP_NE] = "!=", [OP_LT] = "<",
	[OP_LE] = "<=", [OP_GT] = ">", [OP_GE] = ">=",
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

static void parse_unary(struct parser *p)
{
	size_t at, end = 0;
	char c;
	int nests;

	skip(p);
	at = p->i;
	c = p->s[at];
	/* a level is what nests - an open '(' or call, a unary operator, a '?' - each counted once */
	nests = (c == '!' && p->s[at + 1] != '=') || c == '-' || c == '+' || c == '(';
	if (nests && ++p->depth > EXPR_MAX_DEPTH)
		PFAIL(p, "nested too deeply at column %d (more than %d levels)", (int)at + 1, EXPR_MAX_DEPTH);
	if (c == '!' && p->s[at + 1] != '=') {
		p->i++;
		parse_unary(p);
		emit(p, OP_NOT, 0, at);
	} else if (c == '-') {
		p->i++;
		parse_unary(p);
		emit(p, OP_NEG, 0, at);
	} else if (c == '+') {
		p->i++;
		parse_unary(p);
	} else if (c == '(' && cast_at(p, at, &end) >= 0) {
		int k = cast_at(p, at, &end);

		p->i = end;
		parse_unary(p);
		emit(p, OP_CAST, (uint64_t)k, at);
	} else if (c == '(') {
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
	} else if (isdigit((unsigned char)c)) {
		parse_number(p);
	} else if (isalpha((unsigned char)c) || c == '_') {
		parse_name(p);
	} else if (!c) {
		PFAIL(p, "%s", p->s[strspn(p->s, " \t")] ? "the expression ends where a value was expected"
							    : "empty expression");
	} else if (c == ')') {
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
	} else {
		char t[32];

		token_text(p, t, sizeof(t));
		PFAIL(p, "unexpected '%s' at column %d where a value was expected", t, (int)at + 1);
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

_Static_assert(OP_PUSH == EXPR_OP_PUSH, "expr.h's inline expr_known() and expr_constant() push with OP_PUSH");


/* --- the evaluator ------------------------------------------------------------- */

#define U(x) ((unsigned long long)(x))

#ifdef __GNUC__
#define EXPR_INLINE static inline __attribute__((always_inline))
#else
#define EXPR_INLINE static inline
#endif

/* inlined: in run() the switch is the loop body, not a call per step */
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
	default: /* DIV_ROUND_UP */
		if (!a[1])
			return *why = "division by zero", -1;
		if (a[0] > UINT64_MAX - (a[1] - 1))
			return *why = "overflow: n + d - 1 in DIV_ROUND_UP() does not fit 64 bits", -1;
		return *r = (a[0] + (a[1] - 1)) / a[1], 0; /* the kernel's n + d - 1, never past 2^64 - 1 */
	}
}

/* --- binding and folding: what a sweep does not move is worked out once ------------ */

/*
 * A bound program is folded: an operator whose operands are all known
 * becomes its value, a condition that is known keeps only its branch, and a
 * literal or name on the right of a binary operator rides in the operator
 * (ARG_IMM, ARG_NAME), so a sweep row runs a few steps instead of a dozen.
 * Only what evaluates without an error is folded: a step that fails stays,
 * and fails where and why it did. Jumps all go forward (the compiler emits
 * them so), which keeps both passes single sweeps over the ops.
 */
static int is_push(const struct expr_op *o)
{
	return o->op == OP_PUSH;
}

static int is_jump(int op)
{
	return op == OP_JZ || op == OP_JMP || op == OP_ANDJ || op == OP_ORJ;
}

static void fold_pass(struct expr *e)
{
	struct expr_op out[EXPR_MAX_OPS];
	int map[EXPR_MAX_OPS + 1], n = 0, barrier = 0;
	uint8_t target[EXPR_MAX_OPS + 1] = { 0 };

	for (int i = 0; i < e->nops; i++)
		if (is_jump(e->ops[i].op) && e->ops[i].k <= e->nops)
			target[e->ops[i].k] = 1;
	for (int i = 0; i < e->nops; i++) {
		struct expr_op o = e->ops[i];
		const char *why;
		uint64_t r;

		if (target[i])
			barrier = n; /* what is below the stack here depends on the way in */
		map[i] = n;
		if (is_binary(o.op) && o.argc == ARG_STACK && n - 1 >= barrier &&
		    (is_push(&out[n - 1]) || out[n - 1].op == OP_LOAD)) {
			o.argc = is_push(&out[n - 1]) ? ARG_IMM : ARG_NAME;
			o.k = out[--n].k;
		}
		if (is_binary(o.op) && o.argc == ARG_IMM && n - 1 >= barrier && is_push(&out[n - 1]) &&
		    !binary(o.op, out[n - 1].k, o.k, &r, &why)) {
			out[n - 1].k = r;
			continue;
		}
		if (o.op == OP_DIV && o.argc == ARG_IMM && o.k && !(o.k & (o.k - 1))) {
			o.op = OP_SHR; /* x / 2^s is x >> s, and cannot fail: a shift, not a divide, per row */
			o.k = fls64(o.k) - 1;
		}
		if (o.op == OP_CALL) {
			int argc = expr_funcs[o.k].argc, known = n - argc >= barrier;
			uint64_t a[3];

			for (int j = 0; known && j < argc; j++) {
				known = is_push(&out[n - argc + j]);
				a[j] = out[n - argc + j].k;
			}
			if (known && !call((int)o.k, a, &r, &why)) {
				n -= argc;
				out[n++] = (struct expr_op){ r, o.pos, OP_PUSH, 0 };
				continue;
			}
		}
		if (o.op == OP_CAST && n - 1 >= barrier && is_push(&out[n - 1]) &&
		    !cast((unsigned)o.k, out[n - 1].k, &r, &why)) {
			out[n - 1].k = r;
			continue;
		}
		if ((o.op == OP_NOT || o.op == OP_BOOL) && n - 1 >= barrier && is_push(&out[n - 1])) {
			out[n - 1].k = o.op == OP_NOT ? !out[n - 1].k : out[n - 1].k != 0;
			continue;
		}
		if (o.op == OP_NEG && n - 1 >= barrier && is_push(&out[n - 1]) && !out[n - 1].k)
			continue;
		if ((o.op == OP_JZ || o.op == OP_ANDJ || o.op == OP_ORJ) && n - 1 >= barrier && is_push(&out[n - 1])) {
			uint64_t c = out[n - 1].k;

			if (o.op == OP_JZ) {
				n--;
				if (!c)
					out[n++] = (struct expr_op){ o.k, o.pos, OP_JMP, 0 };
			} else if ((o.op == OP_ANDJ && !c) || (o.op == OP_ORJ && c)) {
				out[n - 1].k = o.op == OP_ORJ ? 1 : 0;
				out[n++] = (struct expr_op){ o.k, o.pos, OP_JMP, 0 };
			} else {
				n--; /* && with a true left side, || with a false one: the right side decides */
			}
			continue;
		}
		out[n++] = o;
	}
	map[e->nops] = n;
	for (int i = 0; i < n; i++)
		if (is_jump(out[i].op))
			out[i].k = (uint64_t)map[out[i].k];
	memcpy(e->ops, out, (size_t)n * sizeof(out[0]));
	e->nops = (uint16_t)n;
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
		if ((e->ops[i].op == OP_LOAD || (is_binary(e->ops[i].op) && e->ops[i].argc == ARG_NAME)) &&
		    e->ops[i].k == (uint64_t)from)
			e->ops[i].k = (uint64_t)to;
	e->reads = (e->reads & ~(1ull << from)) | (1ull << to);
}

int expr_reads(const struct expr *e, int name)
{
	for (int i = 0; i < e->nops; i++)
		if ((e->ops[i].op == OP_LOAD || (is_binary(e->ops[i].op) && e->ops[i].argc == ARG_NAME)) &&
		    e->ops[i].k == (uint64_t)name)
			return 1;
	return 0;
}

/*
 * expr_eval without a trace: the sweep's per-row loop, nothing but the
 * arithmetic and its checks. The top of the stack lives in acc (a
 * register), and each operator is its own case calling binary()/call() with
 * a constant, so the inlined switch folds away: one dispatch per step.
 */
#define RHS(o) ((o)->argc == ARG_IMM ? (o)->k : (o)->argc == ARG_NAME ? vals[(o)->k] : pop(st, &sp, &acc))
#define BIN(OPC)                                                  \
	case OPC: {                                               \
		uint64_t b = RHS(o);                               \
		if (binary(OPC, acc, b, &r, why))                  \
			return -1;                                 \
		acc = r;                                           \
		break;                                             \
	}
#define FN(F, N)                                                          \
	case F: {                                                         \
		uint64_t a[3] = { 0, 0, 0 };                              \
		for (int j = N - 1; j >= 0; j--)                          \
			a[j] = j == N - 1 ? acc : st[sp - (N - 1) + j]; \
		if (call(F, a, &r, why))                                  \
			return -1;                                        \
		sp -= N - 1;                                              \
		acc = r;                                                  \
		break;                                                    \
	}

/* b = the old top (acc); acc = the one below it */
static inline uint64_t pop(const uint64_t *st, int *sp, uint64_t *acc)
{
	uint64_t b = *acc;

	*acc = st[--*sp];
	return b;
}

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
		case OP_JZ: {
			uint64_t c = pop(st, &sp, &acc);

			if (!c)
				pc = (int)o->k - 1;
			break;
		}
		case OP_JMP:
			pc = (int)o->k - 1;
			break;
		case OP_ANDJ:
			if (!acc)
				pc = (int)o->k - 1;
			else
				pop(st, &sp, &acc);
			break;
		case OP_ORJ:
			if (acc) {
				acc = 1;
				pc = (int)o->k - 1;
			} else {
				pop(st, &sp, &acc);
			}
			break;
		case OP_CAST:
			if (cast((unsigned)o->k, acc, &acc, why))
				return -1;
			break;
		case OP_CALL:
			switch (o->k) {
				FN(F_MIN, 2)
				FN(F_MAX, 2)
				FN(F_CLAMP, 3)
				FN(F_FLS, 1)
				FN(F_ILOG2, 1)
				FN(F_ROUNDUP, 1)
				FN(F_ROUNDDOWN, 1)
				FN(F_DIVUP, 2)
			}
			break;
		BIN(OP_ADD)
		BIN(OP_SUB)
		BIN(OP_MUL)
		BIN(OP_DIV)
		BIN(OP_MOD)
		BIN(OP_SHL)
		BIN(OP_SHR)
		BIN(OP_EQ)
		BIN(OP_NE)
		BIN(OP_LT)
		BIN(OP_LE)
		BIN(OP_GT)
		BIN(OP_GE)
		}
	}
	/* the first push saved a meaningless acc at st[0]: sp counts it, so a result exists once sp > 0 */
	*out = sp ? acc : 0;
	return 0;
}

#undef RHS
#undef BIN
#undef FN

int expr_eval(const struct expr *e, const char *const *names, const uint64_t *vals, uint64_t *out,
	      const char **why, struct strbuf *trace)
{
	uint64_t st[EXPR_MAX_OPS + 1], shown = 0;
	int sp = 0;

	if (!trace)
		return run(e, vals, out, why);
	for (int pc = 0; pc < e->nops; pc++) {
		const struct expr_op *o = &e->ops[pc];
		uint64_t r = 0;

		switch (o->op) {
		case OP_PUSH:
			st[sp++] = o->k;
			break;
		case OP_LOAD:
			st[sp++] = vals[o->k];
			if (trace && o->k < 64 && !(shown & (1ull << o->k))) {
				shown |= 1ull << o->k;
				sb_printf(trace, "%s = %llu\n", names ? names[o->k] : "?", U(vals[o->k]));
			}
			break;
		case OP_NOT:
			sb_printf(trace, "!%llu = %d\n", U(st[sp - 1]), !st[sp - 1]);
			st[sp - 1] = !st[sp - 1];
			break;
		case OP_NEG:
			if (st[sp - 1]) {
				sb_printf(trace, "-%llu: below zero\n", U(st[sp - 1]));
				*why = "a negative value (unsigned)";
				return -1;
			}
			break;
		case OP_BOOL:
			st[sp - 1] = st[sp - 1] != 0;
			break;
		case OP_JZ:
			sp--;
			sb_printf(trace, "condition %llu: the %s branch\n", U(st[sp]), st[sp] ? "first" : "second");
			if (!st[sp])
				pc = (int)o->k - 1;
			break;
		case OP_JMP:
			pc = (int)o->k - 1;
			break;
		case OP_ANDJ:
			if (!st[sp - 1]) {
				sb_printf(trace, "0 && ...: 0, the right side is not evaluated\n");
				pc = (int)o->k - 1;
			} else {
				sp--;
			}
			break;
		case OP_ORJ:
			if (st[sp - 1]) {
				sb_printf(trace, "%llu || ...: 1, the right side is not evaluated\n", U(st[sp - 1]));
				st[sp - 1] = 1;
				pc = (int)o->k - 1;
			} else {
				sp--;
			}
			break;
		case OP_CAST:
			if (cast((unsigned)o->k, st[sp - 1], &r, why)) {
				sb_printf(trace, "(%s)%llu: %s\n", expr_casts[o->k].name, U(st[sp - 1]), *why);
				return -1;
			}
			if (r != st[sp - 1])
				sb_printf(trace, "(%s)%llu = %llu (cut to %u bits)\n", expr_casts[o->k].name, U(st[sp - 1]), U(r),
					  expr_casts[o->k].bits);
			st[sp - 1] = r;
			break;
		case OP_CALL: {
			const struct expr_func *f = &expr_funcs[o->k];
			const uint64_t *a = &st[sp - f->argc];

			if (call((int)o->k, a, &r, why)) {
				if (f->argc == 1)
					sb_printf(trace, "%s(%llu): %s\n", f->name, U(a[0]), *why);
				else if (f->argc == 2)
					sb_printf(trace, "%s(%llu, %llu): %s\n", f->name, U(a[0]), U(a[1]), *why);
				else
					sb_printf(trace, "%s(%llu, %llu, %llu): %s\n", f->name, U(a[0]), U(a[1]), U(a[2]), *why);
				return -1;
			}
			if (f->argc == 1)
				sb_printf(trace, "%s(%llu) = %llu\n", f->name, U(a[0]), U(r));
			else if (f->argc == 2)
				sb_printf(trace, "%s(%llu, %llu) = %llu\n", f->name, U(a[0]), U(a[1]), U(r));
			else
				sb_printf(trace, "%s(%llu, %llu, %llu) = %llu\n", f->name, U(a[0]), U(a[1]), U(a[2]), U(r));
			sp -= f->argc;
			st[sp++] = r;
			break;
		}
		default: {
			uint64_t b;

			if (o->argc == ARG_STACK) {
				b = st[--sp];
			} else if (o->argc == ARG_IMM) {
				b = o->k;
			} else {
				b = vals[o->k];
				if (o->k < 64 && !(shown & (1ull << o->k))) {
					shown |= 1ull << o->k;
					sb_printf(trace, "%s = %llu\n", names ? names[o->k] : "?", U(b));
				}
			}
			if (binary(o->op, st[sp - 1], b, &r, why)) {
				sb_printf(trace, "%llu %s %llu: %s\n", U(st[sp - 1]), op_text[o->op], U(b), *why);
				return -1;
			}
			sb_printf(trace, "%llu %s %llu = %llu\n", U(st[sp - 1]), op_text[o->op], U(b), U(r));
			st[sp - 1] = r;
			break;
		}
		}
	}
	*out = sp ? st[sp - 1] : 0;
	return 0;
}

/* --- the register form ----------------------------------------------------------- */

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

/* the operands of a two-operand step: acc, a register, or the literal k, left then right */
enum { M_AI, M_AR, M_RA, M_IA, M_IR, M_RR, M_RI, NMODES };

/* the two-operand steps: the 13 binary operators in OP_ADD order, then min, max, DIV_ROUND_UP */
enum { B_MIN = OP_GE - OP_ADD + 1, B_MAX, B_DIVUP, NB };
/* the one-operand steps */
enum { U_FLS, U_ILOG2, U_ROUNDUP, U_ROUNDDOWN, U_NOT, U_NEG, U_BOOL, NU };

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
};

static int is_cjump(int op)
{
	return op == C_JZ || op == C_JMP || op == C_ANDJ || op == C_ORJ;
}

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

int expr_code_make(struct expr_code *c, const struct expr *e)
{
	struct cgen g;
	int at[EXPR_MAX_OPS + 1], depth[EXPR_MAX_OPS + 1];
	uint8_t target[EXPR_MAX_OPS + 1] = { 0 };

	memset(&g, 0, sizeof(g));
	c->nins = 0;
	c->nnames = 0;
	c->reads = 0;
	g.c = c;
	g.acc = -1;
	for (int i = 0; i < e->nops; i++) {
		const struct expr_op *o = &e->ops[i];

		if ((o->op == OP_LOAD || (is_binary(o->op) && o->argc == ARG_NAME)) && o->k >= EXPR_MAX_NAMES)
			return -1;
		if (o->op == OP_LOAD || (is_binary(o->op) && o->argc == ARG_NAME))
			c->reads |= 1ull << o->k;
		if (is_jump(o->op)) {
			if (o->k <= (uint64_t)i || o->k > e->nops)
				return -1; /* jumps go forward (the compiler emits them so) */
			target[o->k] = 1;
		}
		if ((o->op == OP_CALL && o->k >= F_DIVUP + 1) || (o->op == OP_CAST && o->k >= sizeof(expr_casts) /
									       sizeof(expr_casts[0]) - 1))
			return -1;
	}
	for (uint64_t b = c->reads; b; b &= b - 1) {
		int n = (int)fls64(b ^ (b - 1)) - 1;

		g.reg_of[n] = c->nnames;
		c->name[c->nnames++] = (uint8_t)n;
	}
	g.base = c->nnames;
	for (int i = 0; i <= e->nops && !g.failed; i++) {
		const struct expr_op *o = &e->ops[i];
		int p;

		if (target[i]) {
			/* the way in by falling through agrees with the jumps' */
			if (i > 0 && e->ops[i - 1].op != OP_JMP)
				canon(&g);
			g.sp = depth[i];
			for (int j = 0; j < g.sp; j++)
				g.st[j] = (struct cslot){ 0, 0, treg(&g, j) };
			g.acc = -1;
		}
		at[i] = c->nins;
		if (i == e->nops)
			break;
		if (g.sp < (o->op == OP_PUSH || o->op == OP_LOAD || o->op == OP_JMP ? 0
			    : o->op == OP_CALL ? expr_funcs[o->k].argc
			    : is_binary(o->op) && o->argc == ARG_STACK ? 2 : 1) ||
		    g.sp >= EXPR_MAX_OPS)
			return -1;
		p = g.sp - 1;
		switch (o->op) {
		case OP_PUSH:
			g.st[g.sp++] = (struct cslot){ o->k, 1, 0 };
			break;
		case OP_LOAD:
			g.st[g.sp++] = (struct cslot){ 0, 0, g.reg_of[o->k] };
			break;
		case OP_NOT:
		case OP_NEG:
		case OP_BOOL:
			cunary(&g, p, o->op == OP_NOT ? U_NOT : o->op == OP_NEG ? U_NEG : U_BOOL);
			break;
		case OP_CAST: {
			int a = inreg(&g, p);

			cemit(&g, C_CAST, treg(&g, p), a, 0, 0, o->k);
			g.st[p] = (struct cslot){ 0, 0, treg(&g, p) };
			break;
		}
		case OP_JZ:
		case OP_JMP:
		case OP_ANDJ:
		case OP_ORJ:
			canon(&g);
			cemit(&g, o->op == OP_JZ ? C_JZ : o->op == OP_JMP ? C_JMP : o->op == OP_ANDJ ? C_ANDJ : C_ORJ, 0,
			      o->op == OP_JMP ? 0 : treg(&g, p), 0, 0, o->k);
			/* at the target: what the jump leaves (JZ has taken the condition) */
			depth[o->k] = o->op == OP_JZ ? g.sp - 1 : g.sp;
			if (o->op != OP_JMP)
				g.sp--; /* falling through: JZ, && and || take the top */
			break;
		case OP_CALL: {
			int f = (int)o->k, q = g.sp - expr_funcs[f].argc;

			if (f == F_MIN || f == F_MAX || f == F_DIVUP) {
				g.sp--;
				cbinary(&g, q, g.st[g.sp], f == F_MIN ? B_MIN : f == F_MAX ? B_MAX : B_DIVUP);
			} else if (f == F_CLAMP && g.st[q + 1].imm && g.st[q + 2].imm && g.st[q + 1].k <= g.st[q + 2].k) {
				/* clamp(x, lo, hi) with lo <= hi known cannot fail: min(max(x, lo), hi), two steps */
				struct cslot lo = g.st[q + 1], hi = g.st[q + 2];

				g.sp = q + 1;
				cbinary(&g, q, lo, B_MAX);
				cbinary(&g, q, hi, B_MIN);
			} else if (f == F_CLAMP) {
				int a = inreg(&g, q), b = inreg(&g, q + 1), cc = inreg(&g, q + 2);

				cemit(&g, C_CLAMP, treg(&g, q), a, b, cc, 0);
				g.st[q] = (struct cslot){ 0, 0, treg(&g, q) };
				g.sp = q + 1;
			} else {
				cunary(&g, q, f == F_FLS ? U_FLS : f == F_ILOG2 ? U_ILOG2 : f == F_ROUNDUP ? U_ROUNDUP : U_ROUNDDOWN);
			}
			break;
		}
		default: { /* a binary operator */
			struct cslot y;

			if (o->argc == ARG_IMM)
				y = (struct cslot){ o->k, 1, 0 };
			else if (o->argc == ARG_NAME)
				y = (struct cslot){ 0, 0, g.reg_of[o->k] };
			else
				y = g.st[--g.sp];
			cbinary(&g, g.sp - 1, y, o->op - OP_ADD);
			break;
		}
		}
	}
	/* the result straight from acc when the last step made it */
	cemit(&g, g.sp && !g.st[g.sp - 1].imm && g.st[g.sp - 1].reg == g.acc ? C_RET : C_END, 0, 0, 0, 0, 0);
	if (g.failed)
		return -1;
	for (int i = 0; i < c->nins; i++)
		if (is_cjump(c->ins[i].op))
			c->ins[i].k = (uint64_t)at[c->ins[i].k];
	if (!g.sp) {
		c->res_imm = 1; /* as an empty run yields */
		c->res = 0;
	} else {
		c->res_imm = (uint8_t)g.st[g.sp - 1].imm;
		c->res = g.st[g.sp - 1].imm ? g.st[g.sp - 1].k : (uint64_t)g.st[g.sp - 1].reg;
	}
	return 0;
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
	[CB(BI, M_RI)] = &&L_##N##_RI
#define T2(U, N) [CU(U, 0)] = &&L_##N##_A, [CU(U, 1)] = &&L_##N##_R

int expr_code_exec(const struct expr_code *c, uint64_t r[EXPR_CODE_REGS], uint64_t *out, const char **why)
{
	/* the steps end with C_END, jumps go forward within them: no count, no range check */
	const struct expr_ins *in = c->ins;
	uint64_t acc = 0;
#if THREADED
	static const void *const threaded[C_RET + 1] = {
		[C_LDI] = &&L_LDI, [C_MOV] = &&L_MOV,
		T7(OP_ADD - OP_ADD, ADD), T7(OP_SUB - OP_ADD, SUB), T7(OP_MUL - OP_ADD, MUL), T7(OP_DIV - OP_ADD, DIV),
		T7(OP_MOD - OP_ADD, MOD), T7(OP_SHL - OP_ADD, SHL), T7(OP_SHR - OP_ADD, SHR), T7(OP_EQ - OP_ADD, EQ),
		T7(OP_NE - OP_ADD, NE), T7(OP_LT - OP_ADD, LT), T7(OP_LE - OP_ADD, LE), T7(OP_GT - OP_ADD, GT),
		T7(OP_GE - OP_ADD, GE), T7(B_MIN, MIN), T7(B_MAX, MAX), T7(B_DIVUP, DIVUP),
		T2(U_FLS, FLS), T2(U_ILOG2, ILOG2), T2(U_ROUNDUP, ROUNDUP), T2(U_ROUNDDOWN, ROUNDDOWN),
		T2(U_NOT, NOT), T2(U_NEG, NEG), T2(U_BOOL, BOOL),
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
		BIN7(OP_ADD - OP_ADD, ADD)
		BIN7(OP_SUB - OP_ADD, SUB)
		BIN7(OP_MUL - OP_ADD, MUL)
		BIN7(OP_DIV - OP_ADD, DIV)
		BIN7(OP_MOD - OP_ADD, MOD)
		BIN7(OP_SHL - OP_ADD, SHL)
		BIN7(OP_SHR - OP_ADD, SHR)
		BIN7(OP_EQ - OP_ADD, EQ)
		BIN7(OP_NE - OP_ADD, NE)
		BIN7(OP_LT - OP_ADD, LT)
		BIN7(OP_LE - OP_ADD, LE)
		BIN7(OP_GT - OP_ADD, GT)
		BIN7(OP_GE - OP_ADD, GE)
		BIN7(B_MIN, MIN)
		BIN7(B_MAX, MAX)
		BIN7(B_DIVUP, DIVUP)
		UN2(U_FLS, FLS)
		UN2(U_ILOG2, ILOG2)
		UN2(U_ROUNDUP, ROUNDUP)
		UN2(U_ROUNDDOWN, ROUNDDOWN)
		UN2(U_NOT, NOT)
		UN2(U_NEG, NEG)
		UN2(U_BOOL, BOOL)
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

/* --- the register form on intervals: is a row's value the same over a range of the key? --- */

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

int expr_code_flat(const struct expr_code *c, uint64_t lo, uint64_t hi, uint64_t *v)
{
	uint64_t L[EXPR_CODE_REGS], H[EXPR_CODE_REGS], La = 0, Ha = 0; /* La..Ha: acc's range */

	if (c->nnames != 1 || lo > hi)
		return 0;
	L[0] = lo;
	H[0] = hi;
	for (const struct expr_ins *in = c->ins;; in++) {
		int op = in->op, d = in->dst, a = in->a, b = in->b;
		uint64_t l, h;

		if (op >= C_BIN && op < C_UN) {
			int bi = (op - C_BIN) / NMODES, mode = (op - C_BIN) % NMODES;
			uint64_t xl = mode == M_AI || mode == M_AR ? La : mode == M_IA || mode == M_IR ? in->k : L[a];
			uint64_t xh = mode == M_AI || mode == M_AR ? Ha : mode == M_IA || mode == M_IR ? in->k : H[a];
			uint64_t yl = mode == M_AI || mode == M_RI ? in->k : mode == M_RA || mode == M_IA ? La : L[b];
			uint64_t yh = mode == M_AI || mode == M_RI ? in->k : mode == M_RA || mode == M_IA ? Ha : H[b];

			if (interval_step2(bi, xl, xh, yl, yh, &l, &h))
				return 0;
		} else if (op >= C_UN && op < C_CLAMP) {
			int u = (op - C_UN) / 2, reg = (op - C_UN) % 2;

			if (interval_unary(u, reg ? L[a] : La, reg ? H[a] : Ha, &l, &h))
				return 0;
		} else {
			switch (op) {
			case C_LDI:
				l = h = in->k;
				break;
			case C_MOV:
				l = L[a];
				h = H[a];
				break;
			case C_CLAMP: {
				int cc = in->c;

				if (H[b] > L[cc]) /* lo above hi somewhere */
					return 0;
				l = min_u64(max_u64(L[a], L[b]), L[cc]);
				h = min_u64(max_u64(H[a], H[b]), H[cc]);
				break;
			}
			case C_CAST: {
				const struct expr_cast *x = &expr_casts[in->k];
				uint64_t top = x->bits >= 64 ? UINT64_MAX >> x->is_signed
							     : (1ull << (x->bits - (unsigned)x->is_signed)) - 1;

				if (H[a] > top) /* cut or negative somewhere in the range: not one monotone step */
					return 0;
				l = L[a];
				h = H[a];
				break;
			}
			case C_JZ:
			case C_ANDJ:
				if (!L[a] && H[a])
					return 0; /* zero or not: not one path */
				if (!H[a])
					in = c->ins + in->k - 1;
				continue;
			case C_JMP:
				in = c->ins + in->k - 1;
				continue;
			case C_ORJ:
				if (!L[a] && H[a])
					return 0;
				if (L[a]) {
					L[a] = H[a] = 1;
					in = c->ins + in->k - 1;
				}
				continue;
			default: /* C_END, C_RET */
				l = op == C_RET ? La : c->res_imm ? c->res : L[c->res];
				h = op == C_RET ? Ha : c->res_imm ? c->res : H[c->res];
				if (l != h)
					return 0;
				*v = l;
				return 1;
			}
		}
		L[d] = La = l;
		H[d] = Ha = h;
	}
}

#undef DO2
#undef DO1
#undef BIN7
#undef UN2
#undef T7
#undef T2
#undef STEP
#undef NEXT
#undef THREADED
#undef UNREACHABLE
