/*
 * mm_compute_batch() (mm/mm_init.c) read whole from a diff's hunk
 * (core/diffhunk.h): each side run statement by statement into one
 * expression, the old side held to batchlab's own function where the hunk
 * shows a part, both compared on a grid of machines; mapped when the new
 * side differs, listed with the reason when it cannot be read whole.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diffhunk.h"
#include "expr.h"
#include "params.h"
#include "variant.h"

/*
 * The function as batchlab models it (mm_batch(), core/mm/committed_as.c),
 * one assignment a row, in the variants' words over the function's own
 * locals: what a hunk does not show is this. A hunk's side replaces the
 * rows from the first local it assigns to the last; each side then runs
 * in order, every local put in where it is read, so the last row is the
 * side's whole computation as one expression.
 */
static const char *const batch_model[][2] = {
	{ "nr", "nr" }, /* num_present_cpus(): committed_as's local nr */
	{ "batch", "max(nr * 2, 32)" },
	{ "ram_pages", "totalram" },
	{ "memsized_batch", "overcommit == never ? min(ram_pages / nr / 256, 2147483647) : min(ram_pages / nr / 4, 2147483647)" },
	{ "vm_committed_as_batch", "max(memsized_batch, batch)" },
};
#define BATCH_ROWS ((int)(sizeof(batch_model) / sizeof(batch_model[0])))
#define BATCH_VARS 12
#define BATCH_TEXT (2 * VARIANT_TEXT_MAX)
#define FN_OPEN '\001' /* the function's own braces in a side's text: its start and end */
#define FN_CLOSE '\002'

/* The locals as the side has them so far: a name, its value as an expression. */
struct benv {
	char name[BATCH_VARS][32];
	char text[BATCH_VARS][BATCH_TEXT];
	int n;
};

/* A side of the hunk read as statements: the text, where the reader is, and why it stopped. */
struct bside {
	const char *s;
	size_t at;
	const char *why;  /* NULL while it reads */
	int targets;      /* bit k: batch_model row k is assigned on this side */
	int depth, ended; /* brace depth; the function's closing brace seen */
};

static const char *benv_get(const struct benv *e, const char *name)
{
	for (int i = 0; i < e->n; i++)
		if (!strcmp(e->name[i], name))
			return e->text[i];
	return NULL;
}

/* name = text in e: 0, or -1 (with why) when it does not fit. */
static int benv_set(struct benv *e, const char *name, const char *text, const char **why)
{
	int i;

	for (i = 0; i < e->n && strcmp(e->name[i], name); i++)
		;
	if (i == BATCH_VARS || strlen(name) >= sizeof(e->name[0]) || strlen(text) >= sizeof(e->text[0]))
		return *why = "more locals or a longer expression than batchlab reads", -1;
	snprintf(e->name[i], sizeof(e->name[0]), "%s", name);
	snprintf(e->text[i], sizeof(e->text[0]), "%s", text);
	e->n += i == e->n;
	return 0;
}

/* Spaces out of s but between two words: a variant holds VARIANT_TEXT_MAX bytes. */
static void squeeze(char *s)
{
	size_t k = 0;

	for (size_t i = 0; s[i]; i++)
		if (s[i] != ' ' || (k && diff_is_ident(s[k - 1]) && diff_is_ident(s[i + 1 + strspn(s + i + 1, " ")])))
			s[k++] = s[i];
	s[k] = '\0';
}

/* C text (translated) with every local of e put in where it is read. */
static int benv_subst(const struct benv *e, const char *c, char *out, size_t size, const char **why)
{
	char buf[BATCH_TEXT * 2];

	if (diff_translate(c, &(struct subs){ .n = 0 }, buf, sizeof(buf)))
		return *why = "an expression too long to read", -1;
	for (int i = 0; i < e->n; i++) {
		char paren[BATCH_TEXT + 2];
		size_t tl = strlen(e->text[i]);
		int bare = strspn(e->text[i], "abcdefghijklmnopqrstuvwxyz_0123456789") == tl ||
			   (e->text[i][0] == '(' && diff_closing(e->text[i], 0) == tl); /* a word, or in parentheses already */

		if (!strcmp(e->name[i], e->text[i]))
			continue;
		snprintf(paren, sizeof(paren), bare ? "%s" : "(%s)", e->text[i]);
		if (diff_replace_word(buf, sizeof(buf), e->name[i], paren))
			return *why = "an expression too long to read", -1;
	}
	squeeze(buf);
	if (strlen(buf) >= size)
		return *why = "an expression too long to read", -1;
	strcpy(out, buf);
	return 0;
}

static int batch_row(const char *name)
{
	for (int k = 0; k < BATCH_ROWS; k++)
		if (!strcmp(batch_model[k][0], name))
			return k;
	return -1;
}

static void bskip(struct bside *b)
{
	while (b->s[b->at] == ' ' || b->s[b->at] == '\n')
		b->at++;
}

/* Is the next word w (a whole word)? */
static int bword(struct bside *b, const char *w)
{
	size_t n = strlen(w);

	bskip(b);
	return !strncmp(b->s + b->at, w, n) && !diff_is_ident(b->s[b->at + n]);
}

static int bfail(struct bside *b, const char *why)
{
	if (!b->why)
		b->why = why;
	return -1;
}

static int bstmt(struct bside *b, struct benv *e);

/* if (COND) STMT [else STMT]: each branch on its own copy of e, then every local either sets as COND ? A : B. */
static int bif(struct bside *b, struct benv *e)
{
	struct benv *t = malloc(2 * sizeof(*t));
	char cond[BATCH_TEXT], c[BATCH_TEXT];
	size_t open, end;
	int rc = -1;

	if (!t)
		return bfail(b, "out of memory");
	b->at += 2;
	bskip(b);
	open = b->at;
	if (b->s[open] != '(' || !(end = diff_closing(b->s, open)) || end - open - 2 >= sizeof(c)) {
		free(t);
		return bfail(b, "an if without its condition");
	}
	snprintf(c, sizeof(c), "%.*s", (int)(end - open - 2), b->s + open + 1);
	b->at = end;
	if (benv_subst(e, c, cond, sizeof(cond), &b->why)) {
		free(t);
		return -1;
	}
	t[0] = *e;
	t[1] = *e;
	if (bstmt(b, &t[0]))
		goto out;
	if (bword(b, "else")) {
		b->at += 4;
		if (bstmt(b, &t[1]))
			goto out;
	}
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < t[k].n; i++) {
			const char *a = benv_get(&t[0], t[k].name[i]), *z = benv_get(&t[1], t[k].name[i]);
			char v[BATCH_TEXT * 2 + 16];

			if (!a || !z) { /* set in one branch, unknown before: nothing to read in the other */
				bfail(b, "a local set in one branch of an if only");
				goto out;
			}
			if (!strcmp(a, z))
				snprintf(v, sizeof(v), "%s", a);
			else
				snprintf(v, sizeof(v), "(%s) ? (%s) : (%s)", cond, a, z);
			if (benv_set(e, t[k].name[i], v, &b->why))
				goto out;
		}
	rc = 0;
out:
	free(t);
	return rc;
}

/* A declaration or an assignment up to its ';': TYPE... NAME [= EXPR] or NAME = EXPR. */
static int bsimple(struct bside *b, struct benv *e)
{
	static const char *const types[] = { "u64", "s32", "u32", "s64", "int", "long", "unsigned", "signed",
					     "const", "static", NULL };
	const char *st = b->s + b->at, *semi = strchr(st, ';');
	char stmt[BATCH_TEXT], name[32], value[BATCH_TEXT], text[BATCH_TEXT];
	const char *eq;
	size_t n;
	int k;

	if (!semi || (size_t)(semi - st) >= sizeof(stmt))
		return bfail(b, "a statement batchlab does not read");
	snprintf(stmt, sizeof(stmt), "%.*s", (int)(semi - st), st);
	b->at += (size_t)(semi - st) + 1;
	eq = strchr(stmt, '=');
	if (eq && (eq[1] == '=' || (eq > stmt && strchr("!<>+-*/%&|^", eq[-1]))))
		return bfail(b, "a statement batchlab does not read (a comparison or a compound assignment)");
	/* the words before '=' (or all of them): types, then the name */
	n = eq ? (size_t)(eq - stmt) : strlen(stmt);
	name[0] = '\0';
	for (size_t i = 0; i < n;) {
		size_t w;

		while (i < n && stmt[i] == ' ')
			i++;
		w = 0;
		while (i + w < n && diff_is_ident(stmt[i + w]))
			w++;
		if (!w) {
			if (i < n)
				return bfail(b, "a statement batchlab does not read");
			break;
		}
		if (name[0]) { /* the word before was a type: it must be one */
			int t = 0;

			while (types[t] && strcmp(types[t], name))
				t++;
			if (!types[t])
				return bfail(b, "a statement batchlab does not read");
		}
		if (w >= sizeof(name))
			return bfail(b, "a statement batchlab does not read");
		snprintf(name, sizeof(name), "%.*s", (int)w, stmt + i);
		i += w;
	}
	if (!name[0] || isdigit((unsigned char)name[0]))
		return bfail(b, "a statement batchlab does not read");
	if (!eq)
		return 0; /* a declaration: the local has its value where it is set */
	snprintf(value, sizeof(value), "%s", eq + 1);
	if (benv_subst(e, value, text, sizeof(text), &b->why) || benv_set(e, name, text, &b->why))
		return -1;
	if ((k = batch_row(name)) >= 0)
		b->targets |= 1 << k;
	return 0;
}

static int bstmt(struct bside *b, struct benv *e)
{
	if (b->depth > 8)
		return bfail(b, "blocks nested deeper than batchlab reads");
	bskip(b);
	if (b->s[b->at] == '{') {
		b->at++;
		b->depth++;
		for (bskip(b); b->s[b->at] && b->s[b->at] != '}'; bskip(b))
			if (bstmt(b, e))
				return -1;
		if (!b->s[b->at])
			return bfail(b, "a block the hunk does not show the end of");
		b->at++;
		b->depth--;
		return 0;
	}
	if (bword(b, "if"))
		return bif(b, e);
	if (bword(b, "else") || bword(b, "for") || bword(b, "while") || bword(b, "do") || bword(b, "switch") ||
	    bword(b, "return") || bword(b, "goto"))
		return bfail(b, "control flow batchlab does not read");
	return bsimple(b, e);
}

/* The statements of a side (its header, if shown, dropped) until the function's closing brace. */
static int bbody(struct bside *b, struct benv *e)
{
	const char *open = strchr(b->s, FN_OPEN);

	b->at = 0;
	b->depth = 1; /* inside the body, unless the hunk shows its opening brace */
	if (open) {
		/* the header before it: [words and stars] mm_compute_batch(words, stars and commas), nothing else */
		const char *h = b->s + strspn(b->s, " \n"), *name = strstr(b->s, "mm_compute_batch(");
		const char *close = name ? strchr(name, ')') : NULL;

		if (h == open) /* the hunk opens at the brace: no header shown */
			name = close = NULL;
		else if (!name || name > open || !close || close > open)
			return bfail(b, "a function header batchlab does not read");
		for (const char *c = h; name && c < name; c++)
			if (!diff_is_ident(*c) && *c != ' ' && *c != '*' && *c != '\n')
				return bfail(b, "a function header batchlab does not read");
		for (const char *c = name ? name + 17 : NULL; c && c < close; c++)
			if (!diff_is_ident(*c) && !strchr(" *,\n", *c))
				return bfail(b, "a function header batchlab does not read");
		if (name && close[1 + strspn(close + 1, " \n")] != FN_OPEN)
			return bfail(b, "a function header batchlab does not read");
		b->at = (size_t)(open - b->s) + 1;
	} else if (strstr(b->s, "mm_compute_batch(")) {
		return bfail(b, "the function's header without its body");
	}
	for (bskip(b); b->s[b->at]; bskip(b)) {
		if (b->s[b->at] == FN_CLOSE) { /* the function's end: nothing after it is the function's */
			b->at++;
			bskip(b);
			if (b->s[b->at])
				return bfail(b, "code after the function's end in the same hunk");
			b->ended = 1;
			return 0;
		}
		if (bstmt(b, e))
			return -1;
	}
	return 0;
}

/* One side's code of the function (kind '+' the new, '-' the old), comments out, into buf. */
static void batch_code(const struct hunk *h, char kind, char *buf, size_t size)
{
	size_t n = 0;
	int in_comment = 0;

	for (int i = 0; i < h->n; i++) {
		const struct hline *l = &h->l[i];

		if (strcmp(l->fn, "mm_compute_batch") || (l->kind != ' ' && l->kind != kind))
			continue;
		/* the kernel's style: a function's braces, and only those, at the start of their line */
		if (l->n && (l->s[0] == '{' || l->s[0] == '}') && !in_comment && n + 2 < size) {
			buf[n++] = l->s[0] == '{' ? FN_OPEN : FN_CLOSE;
			buf[n++] = '\n';
			continue;
		}
		for (size_t j = 0; j < l->n && n + 2 < size; j++) {
			if (in_comment) {
				if (l->s[j] == '*' && j + 1 < l->n && l->s[j + 1] == '/')
					in_comment = 0, j++;
				continue;
			}
			if (l->s[j] == '/' && j + 1 < l->n && l->s[j + 1] == '*') {
				in_comment = 1, j++;
				continue;
			}
			if (l->s[j] == '/' && j + 1 < l->n && l->s[j + 1] == '/')
				break;
			buf[n++] = l->s[j] == '\t' || l->s[j] == '\r' ? ' ' : l->s[j];
		}
		if (n + 1 < size)
			buf[n++] = '\n';
	}
	buf[n] = '\0';
}

/*
 * A side's computation as one expression (out): the model's rows before
 * the hunk's first, the side's statements, the model's rows after its last.
 * targets: the rows the hunk assigns on either side (both sides replace the
 * same rows). -1 with why.
 */
static int batch_side(const char *code, int targets, char *out, size_t size, const char **why)
{
	struct benv *e = malloc(sizeof(*e));
	struct bside b = { code, 0, NULL, 0, 0, 0 };
	int first = BATCH_ROWS, last = -1, rc = -1;
	const char *v;

	if (!e)
		return *why = "out of memory", -1;
	e->n = 0;
	for (int k = 0; k < BATCH_ROWS; k++)
		if (targets >> k & 1) {
			first = first < k ? first : k;
			last = k;
		}
	for (int k = 0; k < first && k < BATCH_ROWS; k++) {
		char t[BATCH_TEXT];

		if (benv_subst(e, batch_model[k][1], t, sizeof(t), why) || benv_set(e, batch_model[k][0], t, why))
			goto out;
	}
	if (bbody(&b, e)) {
		*why = b.why;
		goto out;
	}
	for (int k = last + 1; k < BATCH_ROWS; k++) {
		char t[BATCH_TEXT];

		if (b.ended && k == BATCH_ROWS - 1 && !(targets >> k & 1)) {
			*why = "the function's end without its assignment to vm_committed_as_batch";
			goto out;
		}
		if (benv_subst(e, batch_model[k][1], t, sizeof(t), why) || benv_set(e, batch_model[k][0], t, why))
			goto out;
	}
	v = benv_get(e, "vm_committed_as_batch");
	if (!v || strlen(v) >= size) {
		*why = v ? "an expression longer than a variant holds" : "no value for vm_committed_as_batch";
		goto out;
	}
	snprintf(out, size, "%s", v);
	rc = 0;
out:
	free(e);
	return rc;
}

/* The rows a side assigns (its statements read once, for their names). */
static int batch_targets(const char *code, const char **why)
{
	struct benv *e = malloc(sizeof(*e));
	struct bside b = { code, 0, NULL, 0, 0, 0 };

	if (!e)
		return *why = "out of memory", -1;
	e->n = 0;
	/* the model's rows first, so the statements read their locals */
	for (int k = 0; k < BATCH_ROWS; k++)
		snprintf(e->name[e->n], sizeof(e->name[0]), "%s", batch_model[k][0]),
			snprintf(e->text[e->n], sizeof(e->text[0]), "%s", batch_model[k][0]), e->n++;
	if (bbody(&b, e)) {
		*why = b.why;
		free(e);
		return -1;
	}
	free(e);
	return b.targets;
}

/* text on m as a variant of d: 0 with *v, or -1 (n/a there, *why says so). */
static int batch_eval(const struct patch_desc *d, const char *text, const struct machine *m, uint64_t *v,
		      const char **why)
{
	const char *names[VARIANT_NAMES_MAX + 1];
	char err[200];
	struct expr x;

	variant_names(d, names, VARIANT_NAMES_MAX + 1);
	if (expr_compile(&x, text, names, err, sizeof(err)))
		return *why = "does not compile", -1;
	return variant_eval_expr(m, d, &x, v, why);
}

/*
 * The grid both sides are compared on, and the old side against batchlab's
 * own after side (today's kernel) unless the hunk shows the function whole:
 * 0 when the old side agrees with what it must, else -1 with where they part
 * in msg; *same when the new side gives the old side's values everywhere.
 */
static int batch_compare(const struct patch_desc *d, const char *old, const char *new, int whole, int *same,
			 char *msg, size_t len)
{
	static const uint64_t cpus[] = { 1, 2, 7, 64, 1000, 65536 };
	static const uint64_t ram[] = { 256ull << 20, 4ull << 30, 1ull << 40, 64ull << 40, 1ull << 60 };
	const struct metric_desc *md = patch_metric(d, "batch");
	struct machine *m = malloc(sizeof(*m));

	*same = 1;
	if (!m || !md) {
		free(m);
		snprintf(msg, len, "no grid to compare on");
		return -1;
	}
	machine_defaults(m);
	for (size_t c = 0; c < sizeof(cpus) / sizeof(cpus[0]); c++)
		for (size_t r = 0; r < sizeof(ram) / sizeof(ram[0]); r++)
			for (uint64_t o = 0; o <= 2; o++) {
				struct value want;
				uint64_t a = 0, b = 0;
				const char *wa = NULL, *wb = NULL;
				int ra, rb;

				m->cpus = cpus[c];
				m->ram = ram[r];
				m->overcommit = (int)o;
				want = metric_compute(m, d, md, d->after, NULL);
				ra = batch_eval(d, old, m, &a, &wa);
				rb = batch_eval(d, new, m, &b, &wb);
				if (!whole && (want.kind != VAL_INT || ra || a != want.i)) {
					char got[32];

					snprintf(got, sizeof(got), ra ? "n/a" : "%llu", (unsigned long long)a);
					snprintf(msg, len, "its old side is not the function batchlab models: on cpus %llu, ram %llu "
						 "bytes, overcommit %llu it gives %s where batchlab gives %llu",
						 (unsigned long long)cpus[c], (unsigned long long)ram[r], (unsigned long long)o, got,
						 (unsigned long long)want.i);
					free(m);
					return -1;
				}
				if (rb || a != b)
					*same = 0;
			}
	free(m);
	return 0;
}

void diff_map_compute_batch(struct diff_read *r, const struct hunk *h)
{
	char *code = malloc(2 * 8192), *old = malloc(2 * BATCH_TEXT), msg[260];
	const char *why = NULL;
	int line = 0, first = 0, last = 0, to, tn, same, whole;
	const struct patch_desc *d = patch_find(r->set, "committed_as");

	for (int i = 0; i < h->n; i++)
		if (!strcmp(h->l[i].fn, "mm_compute_batch")) {
			first = first ? first : h->l[i].line;
			last = h->l[i].line;
			if (!line && h->l[i].kind != ' ')
				line = h->l[i].line;
		}
	if (!code || !old || !d) {
		diff_listed(r, h, line, "changes mm_compute_batch(): %s", "out of memory: listed, not mapped", NULL);
		goto out;
	}
	batch_code(h, '-', code, 8192);
	batch_code(h, '+', code + 8192, 8192);
	if ((to = batch_targets(code, &why)) < 0 || (tn = batch_targets(code + 8192, &why)) < 0 ||
	    batch_side(code, to | tn, old, BATCH_TEXT, &why) ||
	    batch_side(code + 8192, to | tn, old + BATCH_TEXT, BATCH_TEXT, &why)) {
		snprintf(msg, sizeof(msg), "%.180s (the hunk's lines %d-%d are listed, not mapped)", why, first, last);
		diff_listed(r, h, line, "changes mm_compute_batch() in a way batchlab cannot read: %s", msg, NULL);
		goto out;
	}
	/* a side shown whole (its braces, every row's local) reads nothing of the model: only a part must match it */
	whole = strchr(code, FN_OPEN) && strchr(code, FN_CLOSE) && strchr(code + 8192, FN_OPEN) &&
		strchr(code + 8192, FN_CLOSE) && (to & tn & 1) && (to & tn) >> (BATCH_ROWS - 1);
	if (batch_compare(d, old, old + BATCH_TEXT, whole, &same, msg, sizeof(msg))) {
		diff_listed(r, h, line, "changes mm_compute_batch(), but %s: listed, not mapped", msg, NULL);
		goto out;
	}
	if (same) {
		diff_listed(r, h, line, "changes mm_compute_batch(), but not the batch it computes on any machine of batchlab's "
		       "grid (1 to 65536 CPUs, 256 MiB to 1 EiB, each overcommit policy)%s", "", NULL);
		goto out;
	}
	snprintf(msg, sizeof(msg), "vm_committed_as_batch: mm_compute_batch() read on both sides of the hunk (lines %d-%d)%s",
		 first, last, whole ? ", shown whole" : ", the old side batchlab's own on its grid");
	diff_mapped_text(r, h, line, d, "vm_committed_as_batch (mm_compute_batch())", old + BATCH_TEXT, msg);
out:
	free(code);
	free(old);
}

