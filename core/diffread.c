/*
 * The diff reader (diffread.h): the hunks of a unified diff, each read for
 * the #defines, initialisers and assignments it changes, and each of those
 * put in batchlab's words where batchlab models that constant - the
 * kernel's C translated to the variants' language (totalram_pages() is
 * totalram, fls() takes an unsigned int so its argument is cut with (u32) - fls_long()
 * and fls64() take 64 bits, as the variants' fls does -,
 * min_t(T, a, b) converts both to T) and compiled against the patch's
 * names, so what does not compile is listed, not guessed at.
 */
#include "diffread.h"
#include "diffhunk.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "expr.h"
#include "mmpatch.h"
#include "utf8.h"
#include "variant.h"

#define HUNK_LINE_MAX 1000000000ul /* the @@ line's start, a file's line */
#define HUNK_COUNT_MAX 1000000ul   /* and its count of lines */

/*
 * A finding is one printable line whatever the diff held: a control
 * character (C0, DEL, C1) or a byte that is not UTF-8 shows as '?'.
 */
static void printable(char *s)
{
	char *w = s;

	for (const char *p = s; *p;) {
		const char *at = p;
		uint32_t cp = utf8_decode(&p);

		if ((cp == 0xfffd && strncmp(at, "\xEF\xBF\xBD", 3)) || cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f)) {
			*w++ = '?';
			p = cp == 0xfffd ? at + 1 : p;
		} else {
			while (at < p)
				*w++ = *at++;
		}
	}
	*w = '\0';
}

/* s (n bytes) kept in r's text, control characters as '?', with its NUL: its offset (r->oom when it cannot grow). */
static size_t keep(struct diff_read *r, const char *s, size_t n)
{
	size_t at = r->len;

	if (r->oom)
		return 0;
	if (r->len + n + 1 > r->size) {
		size_t size = r->size ? r->size : 4096;
		char *t;

		while (size < r->len + n + 1)
			size *= 2;
		if (!(t = realloc(r->text, size))) {
			r->oom = 1;
			return 0;
		}
		r->text = t;
		r->size = size;
	}
	memcpy(r->text + at, s, n);
	r->text[at + n] = '\0';
	printable(r->text + at);
	r->len += n + 1;
	return at;
}

/* A finding of h at line: the file, the variant's patch and expression (NULL, "" when listed), what it is. */
static void finding(struct diff_read *r, const struct hunk *h, int line, const struct patch_desc *d, const char *expr,
		    const char *what)
{
	struct diff_finding *f;

	if (r->oom)
		return;
	if (r->n == r->cap) {
		int cap = r->cap ? 2 * r->cap : 16;

		if (!(f = realloc(r->f, (size_t)cap * sizeof(*f)))) {
			r->oom = 1;
			return;
		}
		r->f = f;
		r->cap = cap;
	}
	f = &r->f[r->n++];
	memset(f, 0, sizeof(*f));
	f->at[0] = keep(r, h->file, h->filen < 150 ? h->filen : 150);
	f->at[1] = keep(r, expr, strlen(expr));
	f->at[2] = keep(r, what, strlen(what));
	f->line = line;
	f->patch = d;
}

void diff_listed(struct diff_read *r, const struct hunk *h, int line, const char *fmt, const char *a,
		   const char *b)
{
	char what[700];

	snprintf(what, sizeof(what), fmt, a, b ? b : "");
	finding(r, h, line, NULL, "", what);
}

void diff_read_free(struct diff_read *r)
{
	free(r->f);
	free(r->text);
	r->f = NULL;
	r->text = NULL;
	r->n = r->cap = 0;
	r->len = r->size = 0;
}

/* --- a line's C: comments out, then a #define or an assignment ------------------------------- */

/* The line's code, comments and the ends of the line dropped, into buf. */
static void code_of(const char *s, size_t n, char *buf, size_t size)
{
	size_t k = 0;

	for (size_t i = 0; i < n && k + 1 < size;) {
		if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
			const char *end = NULL;

			for (size_t j = i + 2; j + 1 < n; j++)
				if (s[j] == '*' && s[j + 1] == '/') {
					end = s + j;
					break;
				}
			i = end ? (size_t)(end - s) + 2 : n;
			continue;
		}
		if (s[i] == '/' && i + 1 < n && s[i + 1] == '/')
			break;
		buf[k++] = s[i] == '\t' ? ' ' : s[i];
		i++;
	}
	while (k && buf[k - 1] == ' ')
		k--;
	buf[k] = '\0';
	memmove(buf, buf + strspn(buf, " "), strlen(buf + strspn(buf, " ")) + 1);
}

enum change { C_OTHER, C_DEFINE, C_ASSIGN };

int diff_is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* #define NAME VALUE: 1 with name and value */
static int parse_define(const char *c, char *name, size_t nsize, char *value, size_t vsize)
{
	const char *p;
	size_t n;

	if (strncmp(c, "#define ", 8) && strncmp(c, "# define ", 9))
		return 0;
	p = strstr(c, "define ") + 7;
	p += strspn(p, " ");
	n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
	if (!n || n >= nsize)
		return 0;
	snprintf(name, nsize, "%.*s", (int)n, p);
	if (p[n] == '(') { /* a function-like macro: not a constant */
		snprintf(value, vsize, "(...)");
		return 1;
	}
	p += n + strspn(p + n, " ");
	snprintf(value, vsize, "%s", p);
	return 1;
}

/* NAME = EXPR; (a declaration's initialiser too): 1 with the name (the last word before '=') and EXPR */
static int parse_assign(const char *c, char *name, size_t nsize, char *value, size_t vsize)
{
	static const char *const not_assign[] = { "if ", "if(", "for ", "for(", "while", "return", "else", "} else", NULL };
	const char *eq = NULL, *end, *w;
	size_t n;

	for (int i = 0; not_assign[i]; i++)
		if (!strncmp(c, not_assign[i], strlen(not_assign[i])))
			return 0;
	for (const char *p = c; *p; p++)
		if (*p == '=' && p[1] != '=' && (p == c || !strchr("=<>!+-*/%&|^", p[-1]))) {
			eq = p;
			break;
		} else if (*p == '=' && p[1] == '=') {
			p++;
		}
	if (!eq || !(end = strrchr(eq, ';')))
		return 0;
	/* the left side a declaration's or a name's: words and pointers' stars, nothing else read past */
	for (const char *p = c; p < eq; p++)
		if (!diff_is_ident(*p) && *p != ' ' && *p != '*')
			return 0;
	/* the name: the last word on the left that is not an attribute (__read_mostly, __initdata) */
	for (w = eq; w > c;) {
		const char *e;

		while (w > c && !diff_is_ident(w[-1]))
			w--;
		e = w;
		while (w > c && diff_is_ident(w[-1]))
			w--;
		if (e == w)
			return 0;
		if (strncmp(w, "__", 2)) {
			n = (size_t)(e - w);
			if (n >= nsize)
				return 0;
			snprintf(name, nsize, "%.*s", (int)n, w);
			break;
		}
	}
	if (!name[0] || strpbrk(name, "[(") || isdigit((unsigned char)name[0]))
		return 0;
	eq++;
	eq += strspn(eq, " ");
	snprintf(value, vsize, "%.*s", (int)(end - eq), eq);
	n = strlen(value);
	while (n && value[n - 1] == ' ')
		value[--n] = '\0';
	return 1;
}

static enum change parse_change(const char *code, char *name, size_t nsize, char *value, size_t vsize)
{
	name[0] = value[0] = '\0';
	if (!*code || *code == '*' || *code == '{' || *code == '}')
		return C_OTHER;
	if (parse_define(code, name, nsize, value, vsize))
		return C_DEFINE;
	if (parse_assign(code, name, nsize, value, vsize))
		return C_ASSIGN;
	return C_OTHER;
}

/* --- the kernel's C in the variants' words ------------------------------------------------------- */

/* Replace every whole word w in buf by to. 0, or -1 when it would not fit. */
int diff_replace_word(char *buf, size_t size, const char *w, const char *to)
{
	size_t wl = strlen(w), tl = strlen(to);

	for (char *p = strstr(buf, w); p; p = strstr(p, w)) {
		if ((p > buf && diff_is_ident(p[-1])) || diff_is_ident(p[wl])) {
			p += wl;
			continue;
		}
		if (strlen(buf) - wl + tl >= size)
			return -1;
		memmove(p + tl, p + wl, strlen(p + wl) + 1);
		memcpy(p, to, tl);
		p += tl;
	}
	return 0;
}

/* A type whose conversion leaves the variants' unsigned 64-bit values as they are (x86-64, arm64: long is 64 bits). */
static int is_u64_type(const char *t)
{
	static const char *const u64[] = { "u64", "unsigned long", "unsigned long long", "uint64_t", "size_t", "__u64",
					   NULL };

	t += strspn(t, " ");
	for (int i = 0; u64[i]; i++)
		if (!strncmp(t, u64[i], strlen(u64[i])) && !t[strlen(u64[i]) + strspn(t + strlen(u64[i]), " ")])
			return 1;
	return 0;
}

/* The index just past the ')' matching the '(' at buf[i], or 0. */
size_t diff_closing(const char *buf, size_t i)
{
	int depth = 0;

	for (size_t j = i; buf[j]; j++) {
		depth += buf[j] == '(';
		if (buf[j] == ')' && !--depth)
			return j + 1;
	}
	return 0;
}

/* f(ARGS) becomes the text make() writes from its arguments: fls(x) -> fls((u32)(x)), min_t(T, a, b) -> min((T)(a), (T)(b)) */
static int rewrite_calls(char *buf, size_t size, const char *f, int argc)
{
	size_t fl = strlen(f);

	for (char *p = strstr(buf, f); p; p = strstr(p, f)) {
		char args[3][VARIANT_TEXT_MAX], out[VARIANT_TEXT_MAX * 6];
		size_t open = (size_t)(p - buf) + fl, end, a0;
		int k = 0, depth = 0;

		if ((p > buf && diff_is_ident(p[-1])) || buf[open] != '(' || !(end = diff_closing(buf, open))) {
			p += fl;
			continue;
		}
		a0 = open + 1;
		for (size_t j = open + 1; j < end; j++) {
			depth += buf[j] == '(';
			depth -= buf[j] == ')';
			if ((buf[j] == ',' && !depth) || j == end - 1) {
				if (k == 3)
					return -1;
				snprintf(args[k++], sizeof(args[0]), "%.*s", (int)(j - a0), buf + a0);
				a0 = j + 1;
			}
		}
		if (k != argc)
			return -1;
		if (argc == 1)
			snprintf(out, sizeof(out), "fls((u32)(%.*s))", VARIANT_TEXT_MAX, args[0]);
		else if (is_u64_type(args[0]))
			snprintf(out, sizeof(out), "%s(%.*s, %.*s)", !strcmp(f, "min_t") ? "min" : "max", VARIANT_TEXT_MAX,
				 args[1], VARIANT_TEXT_MAX, args[2]);
		else
			snprintf(out, sizeof(out), "%s((%.*s)(%.*s), (%.*s)(%.*s))", !strcmp(f, "min_t") ? "min" : "max",
				 VARIANT_TEXT_MAX, args[0], VARIANT_TEXT_MAX, args[1], VARIANT_TEXT_MAX, args[0],
				 VARIANT_TEXT_MAX, args[2]);
		if (strlen(buf) - (end - (size_t)(p - buf)) + strlen(out) >= size)
			return -1;
		memmove(p + strlen(out), buf + end, strlen(buf + end) + 1);
		memcpy(p, out, strlen(out));
		p += strlen(out);
	}
	return 0;
}

int diff_translate(const char *c, const struct subs *sb, char *out, size_t size)
{
	static const char *const words[][2] = {
		{ "totalram_pages()", "totalram" }, { "num_online_cpus()", "cpus" }, { "num_present_cpus()", "cpus" },
		{ "INT_MAX", "2147483647" }, { "UINT_MAX", "4294967295" }, { "S8_MAX", "127" },
		{ "OVERCOMMIT_GUESS", "guess" }, { "OVERCOMMIT_ALWAYS", "always" }, { "OVERCOMMIT_NEVER", "never" },
		{ "overcommit_policy", "overcommit" }, { "sysctl_overcommit_memory", "overcommit" },
		/* zone_set_pageset_high_and_batch() sets it to max(1, zone_batchsize()): the helper zone_batchsize's value */
		{ "READ_ONCE(pcp->batch)", "zone_batchsize" }, { "pcp->batch", "zone_batchsize" },
	};
	/* fls_long() and fls64() take 64 bits (include/asm-generic/bitops/fls64.h, include/linux/bitops.h): the
	   variants' fls is theirs; only the kernel's fls() takes an unsigned int */
	static const char *const fls64_words[] = { "fls_long", "fls64" };
	char buf[VARIANT_TEXT_MAX * 2];

	snprintf(buf, sizeof(buf), "%s", c);
	/* the kernel's fls() cut to 32 bits first, while it is the only fls in the text: a local put in below, or
	   fls_long() renamed, is already the variants' 64-bit fls and is not cut again */
	if (rewrite_calls(buf, sizeof(buf), "fls", 1))
		return -1;
	for (size_t i = 0; i < sizeof(fls64_words) / sizeof(fls64_words[0]); i++)
		if (diff_replace_word(buf, sizeof(buf), fls64_words[i], "fls"))
			return -1;
	for (int i = 0; i < sb->n; i++) {
		char paren[VARIANT_TEXT_MAX + 2];

		snprintf(paren, sizeof(paren), "(%s)", sb->text[i]);
		if (diff_replace_word(buf, sizeof(buf), sb->name[i], paren))
			return -1;
	}
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		char *p;

		if (strchr(words[i][0], '(')) { /* a call with no arguments: a plain text match */
			while ((p = strstr(buf, words[i][0]))) {
				size_t wl = strlen(words[i][0]), tl = strlen(words[i][1]);

				memmove(p + tl, p + wl, strlen(p + wl) + 1);
				memcpy(p, words[i][1], tl);
			}
		} else if (diff_replace_word(buf, sizeof(buf), words[i][0], words[i][1])) {
			return -1;
		}
	}
	if (rewrite_calls(buf, sizeof(buf), "min_t", 3) || rewrite_calls(buf, sizeof(buf), "max_t", 3) ||
	    strlen(buf) >= size)
		return -1;
	strcpy(out, buf);
	return 0;
}

/* --- mapping a change to a patch's variant ------------------------------------------------------- */

/* Does text compile as a variant of d? why gets expr_compile's error when not. */
static int compiles(const struct patch_desc *d, const char *text, char *why, size_t len)
{
	const char *names[VARIANT_NAMES_MAX + 1];
	struct expr e;

	variant_names(d, names, VARIANT_NAMES_MAX + 1);
	return expr_compile(&e, text, names, why, len);
}

/* Is text one of d's other kernel names (a patch file's aka), as a word alone? */
static int own_name(const struct patch_desc *d, const char *text)
{
	const struct mmpatch *p = mmpatch_of(d);
	size_t n = strlen(text);

	for (const char *w = p ? p->aka : ""; *w;) {
		size_t k = strcspn(w, " \t");

		if (k == n && !strncmp(w, text, n))
			return 1;
		w += k;
		w += strspn(w, " \t");
	}
	return 0;
}

/* A mapped change whose expression is already in the variants' words (it must compile as d's). */
void diff_mapped_text(struct diff_read *r, const struct hunk *h, int line, const struct patch_desc *d,
			const char *name, const char *expr, const char *said)
{
	char why[200], what[300];

	if (strlen(expr) >= VARIANT_TEXT_MAX) {
		diff_listed(r, h, line, "changes %s to an expression longer than a variant holds: %.200s", name, expr);
		return;
	}
	if (compiles(d, expr, why, sizeof(why))) {
		snprintf(what, sizeof(what), "%.60s: %.140s", expr, why);
		diff_listed(r, h, line, "changes %s, but its new value does not read as batchlab's: %s", name, what);
		return;
	}
	finding(r, h, line, d, expr, said);
}

/* min(A, B) or min_t(T, A, B) as the whole of text: its arguments trimmed into a (min_t's type first), their count; else 0 */
static int min_args(const char *text, char a[3][VARIANT_TEXT_MAX])
{
	const char *p = text + strspn(text, " ");
	size_t open, end, from;
	int n = 0, depth = 0, want = !strncmp(p, "min_t(", 6) ? 3 : !strncmp(p, "min(", 4) ? 2 : 0;

	if (!want)
		return 0;
	open = (size_t)(strchr(p, '(') - p);
	if (!(end = diff_closing(p, open)) || p[end + strspn(p + end, " ")])
		return 0;
	from = open + 1;
	for (size_t j = open + 1; j < end; j++) {
		depth += p[j] == '(';
		depth -= p[j] == ')';
		if ((p[j] == ',' && !depth) || j == end - 1) {
			size_t s = from + strspn(p + from, " "), e = j;

			while (e > s && p[e - 1] == ' ')
				e--;
			if (n == want || e == s || e - s >= VARIANT_TEXT_MAX)
				return 0;
			snprintf(a[n++], VARIANT_TEXT_MAX, "%.*s", (int)(e - s), p + s);
			from = j + 1;
		}
	}
	return n == want ? n : 0;
}

/* Does the kernel's C text (sb's locals put in) read as a variant of d? */
static int reads_as(const struct patch_desc *d, const char *text, const struct subs *sb, char *expr, char *why,
		    size_t len)
{
	if (diff_translate(text, sb, expr, VARIANT_TEXT_MAX))
		return snprintf(why, len, "too long to read as a variant"), 0;
	return !compiles(d, expr, why, len);
}

/*
 * NAME = min(RUN, BOUND) whose RUN batchlab cannot read: the hunk bounds
 * the value, RUN a count the code has at run time (drain_pages_zone()'s
 * to_drain = min(count, pcp->batch), mm/page_alloc.c), and the bound is
 * the most the value can be - what a constant of batchlab's is. The bound
 * is the argument the removed line's min() does not share with the new
 * one, or else the one of the two that reads as d's. It is mapped when it
 * reads as d's, else listed as bounding the value. 1 when said.
 */
static int bounds(struct diff_read *r, const struct hunk *h, int line, const struct patch_desc *d, const char *name,
		  const char *text, const char *old, const struct subs *sb)
{
	char a[3][VARIANT_TEXT_MAX], o[3][VARIANT_TEXT_MAX], bound[VARIANT_TEXT_MAX + 8], expr[VARIANT_TEXT_MAX];
	char why[2][200], what[700], was[VARIANT_TEXT_MAX + 20] = "";
	int n = min_args(text, a), v = n - 2, k; /* v: the first value argument (min_t's type before it) */
	int on = n && old ? min_args(old, o) : 0, ov = on - 2;

	if (!n)
		return 0;
	k = -1;
	for (int i = v; on && k < 0 && i < v + 2; i++) /* min() is symmetric: the shared count on either side */
		for (int j = ov; k < 0 && j < ov + 2; j++)
			if (!strcmp(a[i], o[j]) && strcmp(a[2 * v + 1 - i], o[2 * ov + 1 - j])) {
				k = 2 * v + 1 - i;
				snprintf(was, sizeof(was), " in place of %s", o[2 * ov + 1 - j]);
			}
	if (k < 0) {
		int r0 = reads_as(d, a[v], sb, expr, why[0], sizeof(why[0]));

		if (r0 == reads_as(d, a[v + 1], sb, expr, why[1], sizeof(why[1])))
			return 0; /* both read (then the whole would have) or neither: no bound to tell */
		k = r0 ? v : v + 1;
	}
	if (reads_as(d, a[2 * v + 1 - k], sb, expr, why[0], sizeof(why[0])))
		return 0; /* the other argument is batchlab's too: an expression, not a run-time count bounded */
	if (n == 3 && !is_u64_type(a[0])) /* min_t() converts the bound to its type */
		snprintf(bound, sizeof(bound), "(%s)(%s)", a[0], a[k]);
	else
		snprintf(bound, sizeof(bound), "%s", a[k]);
	if (!reads_as(d, bound, sb, expr, why[1], sizeof(why[1]))) {
		snprintf(what, sizeof(what), "bounds %.60s by %.120s%.140s (min() with %.60s, read at run time), but the bound "
			 "does not read as batchlab's: %.140s", name, a[k], was, a[2 * v + 1 - k], why[1]);
		diff_listed(r, h, line, "%s", what, NULL);
		return 1;
	}
	snprintf(what, sizeof(what), "%.60s = %.200s: bounds it by %.120s%.140s, the most it can be (%.60s is read at run "
		 "time)", name, text, a[k], was, a[2 * v + 1 - k]);
	finding(r, h, line, d, expr, what);
	return 1;
}

static void mapped(struct diff_read *r, const struct hunk *h, int line, const char *id, const char *name,
		   const char *text, const char *old, const struct subs *sb)
{
	const struct patch_desc *d = patch_find(r->set, id);
	char expr[VARIANT_TEXT_MAX], why[200], what[300];

	if (!d || !d->constant)
		return;
	if (own_name(d, text)) {
		diff_listed(r, h, line, "sets %s to %.200s, the constant's name before the patch: its value unchanged", name, text);
		return;
	}
	if (diff_translate(text, sb, expr, sizeof(expr))) {
		diff_listed(r, h, line, "changes %s to '%.200s', too long to read as a variant", name, text);
		return;
	}
	if (compiles(d, expr, why, sizeof(why))) {
		char what[200];

		if (bounds(r, h, line, d, name, text, old, sb))
			return;
		snprintf(what, sizeof(what), "%.50s: %.140s", text, why);
		diff_listed(r, h, line, "changes %s, but its new value does not read as batchlab's: %s", name, what);
		return;
	}
	snprintf(what, sizeof(what), "%s = %.200s", name, text);
	finding(r, h, line, d, expr, what);
}

/* A loaded patch file whose constant is name, or NULL. */
static const struct patch_desc *loaded_constant(const struct patch_set *ps, const char *name)
{
	const struct patch_desc *const *patches = patch_set_list(ps);

	for (int i = 0; patches[i]; i++)
		if (mmpatch_is(patches[i]) && !strcmp(patches[i]->constant->name, name))
			return patches[i];
	return NULL;
}

static int in_reclaim(const char *fn)
{
	return !strcmp(fn, "memory_reclaim") || !strcmp(fn, "user_proactive_reclaim");
}

/* A changed #define or assignment (old: the removed line's value of the same name, or NULL). */
static void map_change(struct diff_read *r, const struct hunk *h, const struct hline *l, enum change kind,
		       const char *name, const char *value, const char *old, const struct subs *sb)
{
	const struct patch_desc *own = loaded_constant(r->set, name);

	if (old && !strcmp(old, value)) {
		diff_listed(r, h, l->line, "changes how %s is declared, not its value (%.200s)", name, value);
		return;
	}
	if (!strcmp(value, "(...)")) {
		diff_listed(r, h, l->line, "changes the macro %s(), not a constant batchlab models", name, NULL);
		return;
	}
	if (own) /* a loaded patch file's constant; a built-in patch of the same constant gets its variant too */
		mapped(r, h, l->line, own->id, name, value, old, sb);
	if (kind == C_DEFINE && !strcmp(name, "MEMCG_CHARGE_BATCH")) {
		mapped(r, h, l->line, "memcg_charge", name, value, old, sb);
	} else if (kind == C_DEFINE && !strcmp(name, "SWAP_CLUSTER_MAX")) {
		char text[VARIANT_TEXT_MAX];

		/* mm/vmpressure.c: vmpressure_win = SWAP_CLUSTER_MAX * 16 */
		snprintf(text, sizeof(text), "(%.150s) * 16", value);
		mapped(r, h, l->line, "vmpressure", "SWAP_CLUSTER_MAX (vmpressure_win = SWAP_CLUSTER_MAX * 16)", text, NULL, sb);
		diff_listed(r, h, l->line, "changes %s, which also floors memory.reclaim's asks (try_to_free_mem_cgroup_pages()"
		       "): a variant of proactive_reclaim's ask does not say that", name, NULL);
	} else if (!strcmp(name, "vmpressure_win")) {
		mapped(r, h, l->line, "vmpressure", name, value, old, sb);
	} else if (kind == C_ASSIGN && !strcmp(name, "batch_size") && in_reclaim(l->fn)) {
		char text[VARIANT_TEXT_MAX * 2];

		snprintf(text, sizeof(text), "%.399s", value);
		/* memory.reclaim's loop: what is left to reclaim is batchlab's remaining */
		if (diff_replace_word(text, sizeof(text), "nr_to_reclaim - nr_reclaimed", "remaining") ||
		    strlen(text) >= VARIANT_TEXT_MAX)
			diff_listed(r, h, l->line, "changes %s, too long to read", name, NULL);
		else
			mapped(r, h, l->line, "proactive_reclaim", name, text, NULL, sb);
	} else if (!own) {
		const struct patch_desc *const *patches = patch_set_list(r->set);
		int of = 0;

		const struct patch_desc *aka = NULL;

		for (int i = 0; patches[i] && !of; i++)
			of = own_name(patches[i], value);
		for (int i = 0; patches[i] && !aka; i++)
			aka = own_name(patches[i], name) ? patches[i] : NULL;
		if (of) /* a bound or a copy set from a loaded file's constant (min_mem_pcpu_rsv) */
			diff_listed(r, h, l->line, "sets %s to %.200s, a loaded patch file's constant: a bound on it, not a "
			       "constant batchlab models", name, value);
		else if (aka) { /* RSS_STAT_BATCH_SIZE: a name the file's sides state the value of */
			char what[300];

			snprintf(what, sizeof(what), "%s %.63s %s %.60s here, a name of %.40s's constant (aka)", old ? "changes" : "declares",
				 name, old ? "to" : "=", value, aka->id);
			diff_listed(r, h, l->line, "%s: its value is the patch file's to state", what, NULL);
		}
		else
			diff_listed(r, h, l->line, "changes %s, not a constant batchlab models", name, NULL);
	}
}

/* --- a hunk ---------------------------------------------------------------------------------------- */

/* A function's first line (a word at column 0, a '(' and no ';'): its name into fn. */
static void function_at(const char *s, size_t n, char *fn, size_t size)
{
	const char *open = memchr(s, '(', n), *w;

	if (!n || !(isalpha((unsigned char)s[0]) || s[0] == '_') || !open || memchr(s, ';', n) || memchr(s, '=', n))
		return;
	for (w = open; w > s && w[-1] == ' '; w--)
		;
	const char *e = w;

	while (w > s && diff_is_ident(w[-1]))
		w--;
	if (e > w && (size_t)(e - w) < size)
		snprintf(fn, size, "%.*s", (int)(e - w), w);
}

/* The removed line's value for name, of the same kind, or NULL. */
static const char *old_value(const struct hunk *h, enum change kind, const char *name, char *buf, size_t size)
{
	for (int i = 0; i < h->n; i++) {
		char code[DIFF_LINE_MAX], nm[64];

		if (h->l[i].kind != '-' || h->l[i].n >= DIFF_LINE_MAX)
			continue;
		code_of(h->l[i].s, h->l[i].n, code, sizeof(code));
		if (parse_change(code, nm, sizeof(nm), buf, size) == kind && !strcmp(nm, name))
			return buf;
	}
	return NULL;
}

/* Is w a whole word of text? */
static int has_word(const char *text, const char *w)
{
	size_t wl = strlen(w);

	for (const char *p = strstr(text, w); p && wl; p = strstr(p + 1, w))
		if ((p == text || !diff_is_ident(p[-1])) && !diff_is_ident(p[wl]))
			return 1;
	return 0;
}

/* Is name read by a later new-side assignment of the hunk to a constant batchlab maps (a local such as mem128m)? */
static int is_local(const struct diff_read *r, const struct hunk *h, int from, const char *name)
{
	for (int i = from + 1; i < h->n; i++) {
		char code[DIFF_LINE_MAX], nm[64], val[DIFF_LINE_MAX];

		if (h->l[i].kind == '-' || h->l[i].n >= DIFF_LINE_MAX)
			continue;
		code_of(h->l[i].s, h->l[i].n, code, sizeof(code));
		if (parse_change(code, nm, sizeof(nm), val, sizeof(val)) == C_ASSIGN && strcmp(nm, name) &&
		    (loaded_constant(r->set, nm) || !strcmp(nm, "vmpressure_win") || !strcmp(nm, "batch_size")) &&
		    has_word(val, name))
			return 1;
	}
	return 0;
}

/* --- hunks that touch a name batchlab knows, mapped or not --------------------------------------- */

/* Does the line hold w as a whole word? */
static int line_has(const struct hline *l, const char *w)
{
	char code[DIFF_LINE_MAX];

	if (l->n >= DIFF_LINE_MAX)
		return 0;
	snprintf(code, sizeof(code), "%.*s", (int)l->n, l->s);
	return has_word(code, w);
}

/* The identifier READ_ONCE() or a sysctl_ name reads on line l, into buf ("" when none). */
static void run_time_name(const struct hline *l, char *buf, size_t size)
{
	char code[DIFF_LINE_MAX];
	const char *p;
	size_t n = 0;

	buf[0] = '\0';
	if (l->n >= DIFF_LINE_MAX)
		return;
	snprintf(code, sizeof(code), "%.*s", (int)l->n, l->s);
	if ((p = strstr(code, "READ_ONCE(")))
		p += 10;
	else if ((p = strstr(code, "sysctl_")) && (p == code || !diff_is_ident(p[-1])))
		;
	else
		return;
	p += strspn(p, " (*&");
	while (diff_is_ident(p[n]) || p[n] == '.' || (p[n] == '-' && p[n + 1] == '>'))
		n += p[n] == '-' ? 2 : 1;
	snprintf(buf, size, "%.*s", (int)(n < 60 ? n : 60), p);
}

/* Is the new line a declaration or definition of w (extern, a type before it, #define, a field)? */
static int declares(const struct hline *l, const char *w)
{
	char code[DIFF_LINE_MAX];
	const char *at;

	if (l->n >= DIFF_LINE_MAX)
		return 0;
	snprintf(code, sizeof(code), "%.*s", (int)l->n, l->s);
	at = strstr(code, w);
	if (!at)
		return 0;
	if (strstr(code, "#define") || strstr(code, "extern ") || (at[strlen(w)] && strchr(";[= \t", at[strlen(w)]) &&
	    at > code && (at[-1] == ' ' || at[-1] == '\t' || at[-1] == '*') && !strchr(code, '(')))
		return 1;
	if (code[0] != ' ' && code[0] != '\t' && at[strlen(w)] == '(' && !strchr(code, ';') && !strchr(code, '='))
		return 1; /* a function's first line, at column 0 */
	return code[strspn(code, " \t")] == '.' && !strncmp(code + strspn(code, " \t") + 1, w, strlen(w));
}

/*
 * The names batchlab knows, into names[]: every patch's constant, and a
 * loaded file's other names (aka); owner[k] is the patch names[k] is of.
 */
static int known_names(const struct patch_set *ps, char names[][32], int owner[], int max)
{
	const struct patch_desc *const *patches = patch_set_list(ps);
	int n = 0;

	for (int i = 0; patches[i] && n < max; i++) {
		const struct mmpatch *p = mmpatch_of(patches[i]);

		if (patches[i]->constant && patches[i]->constant->name) {
			owner[n] = i;
			snprintf(names[n++], 32, "%.31s", patches[i]->constant->name);
		}
		for (const char *w = p ? p->aka : ""; *w && n < max;) {
			size_t k = strcspn(w, " \t");

			owner[n] = i;
			snprintf(names[n++], 32, "%.*s", (int)(k < 31 ? k : 31), w);
			w += k;
			w += strspn(w, " \t");
		}
	}
	return n;
}

/*
 * A hunk where one of a patch's names leaves and another of the same
 * patch's comes in (get_mm_counter() read where get_mm_counter_sum() was
 * not): the code now computes the constant the other way - its value
 * changes, by a rule batchlab does not read from C. 1 when listed.
 */
static int swaps_names(struct diff_read *r, const struct hunk *h, char names[][32], const int owner[], int nn,
		       const int plus[], const int minus[])
{
	for (int k = 0; k < nn; k++)
		for (int j = 0; minus[k] >= 0 && plus[k] < 0 && j < nn; j++)
			if (j != k && owner[j] == owner[k] && plus[j] >= 0 && minus[j] < 0) {
				diff_listed(r, h, h->l[plus[j]].line, "changes the value: the code reads %.31s in place of %.31s", names[j],
				       names[k]);
				return 1;
			}
	return 0;
}

/* A changed line in the body of a function named as a patch's constant (lazy_max_pages()): 1 when listed. */
static int in_named_function(struct diff_read *r, const struct hunk *h, char names[][32], int nn)
{
	for (int i = 0; i < h->n; i++)
		for (int k = 0; h->l[i].kind != ' ' && k < nn; k++)
			if (!strcmp(h->l[i].fn, names[k])) {
				diff_listed(r, h, h->l[i].line, "changes the value: a line of %.31s(), a function the patch file names",
				       names[k], NULL);
				return 1;
			}
	return 0;
}

/*
 * A hunk that touches a name batchlab knows and gave no finding of its own
 * is listed with what it does to the name: makes it tunable (a sysctl
 * entry, or the code now reads a variable at run time in its place),
 * changes it, declares it (moves it, once the whole diff is read), or
 * removes it.
 */
static void touch_names(struct diff_read *r, const struct hunk *h, int first)
{
	char names[64][32], rt[64] = "";
	int owner[64], nn = known_names(r->set, names, owner, 64), plus[64], minus[64], sysctl = -1, k, line = 0;

	for (k = 0; k < nn; k++) { /* each name's first added and first removed line */
		plus[k] = minus[k] = -1;
		for (int i = 0; i < h->n; i++) {
			int *at = h->l[i].kind == '+' ? &plus[k] : h->l[i].kind == '-' ? &minus[k] : NULL;

			if (at && *at < 0 && line_has(&h->l[i], names[k]))
				*at = i;
		}
	}
	for (int i = 0; i < h->n; i++)
		if (h->l[i].kind == '+' && h->l[i].n < DIFF_LINE_MAX && memmem(h->l[i].s, h->l[i].n, ".procname", 9))
			sysctl = i;
	for (k = 0; sysctl >= 0 && k < nn && plus[k] < 0; k++)
		;
	if (sysctl >= 0 && k < nn) { /* a sysctl table entry for a known name: one line for the entry's fields */
		int kept = first;

		for (int i = first; i < r->n; i++)
			if (r->f[i].patch || strncmp(r->text + r->f[i].at[2], "changes the initialiser ", 24))
				r->f[kept++] = r->f[i];
		r->n = kept;
		diff_listed(r, h, h->l[sysctl].line, "makes %s tunable: a sysctl table entry for it", names[k], NULL);
		return;
	}
	for (int i = first; i < r->n; i++)
		for (k = 0; k < nn; k++)
			if (strstr(r->text + r->f[i].at[2], names[k]))
				return; /* a finding of the hunk names it already */
	for (k = 0; k < nn; k++) /* a removed use of a name, and in its place a variable read at run time */
		for (int i = minus[k] + 1; minus[k] >= 0 && i < h->n; i++)
			if (h->l[i].kind == '+') {
				run_time_name(&h->l[i], rt, sizeof(rt));
				if (rt[0] && strcmp(rt, names[k])) {
					diff_listed(r, h, h->l[i].line, "makes %.100s tunable: the code reads %.200s in its place", names[k],
					       rt);
					return;
				}
				break;
			}
	if (swaps_names(r, h, names, owner, nn, plus, minus))
		return;
	for (k = 0; k < nn && plus[k] < 0 && minus[k] < 0; k++)
		;
	if (k == nn) {
		in_named_function(r, h, names, nn); /* else context lines alone: the hunk is about something else */
		return;
	}
	line = plus[k] >= 0 ? h->l[plus[k]].line : h->l[minus[k]].line;
	if (plus[k] >= 0 && minus[k] >= 0)
		diff_listed(r, h, line, "changes a line that reads %s", names[k], NULL);
	else if (plus[k] >= 0)
		diff_listed(r, h, line, declares(&h->l[plus[k]], names[k]) ? "declares %s here" : "reads %s here", names[k],
		       NULL);
	else
		diff_listed(r, h, line, "removes %s here", names[k], NULL);
}

/* A name declared in one file and removed in another has moved: both lines say so. */
static void moves(struct diff_read *r)
{
	/* while reading, a finding's texts are offsets into r->text (at[]): a rewrite keeps new ones */
	for (int i = 0; i < r->n && !r->oom; i++) {
		char name[64];

		if (r->f[i].patch || sscanf(r->text + r->f[i].at[2], "declares %63s here", name) != 1)
			continue;
		for (int j = 0; j < r->n; j++) {
			char gone[64], to[160], from[160], what[400];

			if (r->f[j].patch || sscanf(r->text + r->f[j].at[2], "removes %63s here", gone) != 1 ||
			    strcmp(gone, name) || !strcmp(r->text + r->f[i].at[0], r->text + r->f[j].at[0]))
				continue;
			snprintf(to, sizeof(to), "%s", r->text + r->f[i].at[0]);
			snprintf(from, sizeof(from), "%s", r->text + r->f[j].at[0]);
			snprintf(what, sizeof(what), "moves %s here from %.140s", name, from);
			r->f[i].at[2] = keep(r, what, strlen(what));
			snprintf(what, sizeof(what), "moves %s from here to %.140s", name, to);
			r->f[j].at[2] = keep(r, what, strlen(what));
			break;
		}
	}
}

static void scan_hunk(struct diff_read *r, struct hunk *h)
{
	int first = r->n;

	struct subs sb = { .n = 0 };
	int compute_batch = 0;

	for (int i = 0; i < h->n; i++) {
		struct hline *l = &h->l[i];
		char code[DIFF_LINE_MAX], name[64], value[DIFF_LINE_MAX], oldbuf[DIFF_LINE_MAX];
		enum change kind;

		if (l->n >= DIFF_LINE_MAX) {
			if (l->kind == '+')
				diff_listed(r, h, l->line, "a line of more than %s characters, not read for constants", "4095", NULL);
			continue;
		}
		if (!strcmp(l->fn, "mm_compute_batch")) {
			compute_batch |= l->kind != ' ';
			continue; /* read as one below */
		}
		code_of(l->s, l->n, code, sizeof(code));
		if (l->kind == '-')
			continue;
		kind = parse_change(code, name, sizeof(name), value, sizeof(value));
		if (kind == C_ASSIGN && is_local(r, h, i, name)) { /* a local the constant reads: put in its place */
			if (sb.n < SUBS_MAX && strlen(name) < sizeof(sb.name[0]) && !diff_translate(value, &sb, sb.text[sb.n],
												 sizeof(sb.text[0])))
				snprintf(sb.name[sb.n++], sizeof(sb.name[0]), "%.31s", name);
			continue;
		}
		if (l->kind == '+' && kind == C_OTHER && code[0] == '.' && strchr(code, '=')) {
			/* a designated initialiser's field (.proc_handler = ...): a structure's, not a constant */
			char field[40];

			snprintf(field, sizeof(field), "%.*s", (int)strcspn(code, " \t="), code);
			diff_listed(r, h, l->line, "changes the initialiser %s, not a constant batchlab models", field, NULL);
			continue;
		}
		if (l->kind != '+' || kind == C_OTHER)
			continue;
		map_change(r, h, l, kind, name, value, old_value(h, kind, name, oldbuf, sizeof(oldbuf)), &sb);
	}
	if (compute_batch && r->batch_at) {
		/* a hunk reads against the function as batchlab models it: a second one would read against the first's
		   old side, not its new one - neither is mapped */
		static const char two[] = "changes mm_compute_batch() in more than one hunk, which batchlab reads one "
					  "at a time: listed, not mapped";
		struct diff_finding *f = &r->f[r->batch_at - 1];

		f->patch = NULL;
		f->at[1] = keep(r, "", 0);
		f->at[2] = keep(r, two, sizeof(two) - 1);
		diff_listed(r, h, h->n ? h->l[0].line : 0, "%s%s", two, "");
	} else if (compute_batch) {
		diff_map_compute_batch(r, h);
		r->batch_at = r->n;
	}
	if (h->cut)
		diff_listed(r, h, h->l[h->n - 1].line, "a hunk of more than %s lines: the rest is not read", "1500", NULL);
	touch_names(r, h, first);
}

/* --- the diff ----------------------------------------------------------------------------------- */

struct reader {
	struct diff_read *r;
	struct hunk *h;
	int old_left, new_left, old_line, new_line;
	const char *file;
	size_t filen;
};

/* @@ -a[,b] +c[,d] @@ FUNC */
static int hunk_head(struct reader *rd, const char *s, size_t n)
{
	unsigned long a = 0, b = 1, c = 0, d = 1;
	char buf[256], *p;

	snprintf(buf, sizeof(buf), "%.*s", (int)(n < 255 ? n : 255), s);
	p = buf + 4;
	a = strtoul(p, &p, 10);
	if (*p == ',')
		p++, b = strtoul(p, &p, 10);
	if (strncmp(p, " +", 2))
		return -1;
	p += 2;
	c = strtoul(p, &p, 10);
	if (*p == ',')
		p++, d = strtoul(p, &p, 10);
	if (strncmp(p, " @@", 3))
		return -1;
	memset(rd->h, 0, sizeof(*rd->h));
	rd->h->file = rd->file;
	rd->h->filen = rd->filen;
	/* a line number counts up from a and c: held where the count stays an int (no file has a billion lines) */
	if (b > HUNK_COUNT_MAX || d > HUNK_COUNT_MAX || a > HUNK_LINE_MAX || c > HUNK_LINE_MAX) {
		diff_listed(rd->r, rd->h, 0, "a hunk header ('%.60s') past %s lines or counts, not read", buf,
		       "1000000000 lines or 1000000");
		rd->r->hunks++; /* a hunk, said not read: not "no hunk" */
		return -1;
	}
	p += 3;
	p += strspn(p, " ");
	function_at(p, strlen(p), rd->h->fn, sizeof(rd->h->fn));
	rd->old_left = (int)b;
	rd->new_left = (int)d;
	rd->old_line = (int)a;
	rd->new_line = (int)c;
	rd->r->hunks++;
	return 0;
}

/* One line of a hunk; 0 while the hunk goes on, 1 when it is complete. */
static int hunk_line(struct reader *rd, const char *s, size_t n)
{
	struct hunk *h = rd->h;
	char kind = n ? s[0] : ' ';
	struct hline *l;

	if (kind == '\\')
		return 0; /* \ No newline at end of file */
	if (kind != ' ' && kind != '-' && kind != '+')
		return -1; /* not a hunk's line: the hunk was cut short */
	if (kind == '-' ? rd->old_left <= 0 : kind == '+' ? rd->new_left <= 0 : rd->old_left <= 0 || rd->new_left <= 0)
		return -1;
	if (h->n == HUNK_LINES) {
		h->cut = 1;
	} else {
		l = &h->l[h->n++];
		l->s = n ? s + 1 : s;
		l->n = n ? n - 1 : 0;
		l->kind = kind;
		l->line = kind == '-' ? rd->old_line : rd->new_line;
		function_at(l->s, l->n, h->fn, sizeof(h->fn));
		snprintf(l->fn, sizeof(l->fn), "%s", h->fn);
	}
	if (kind != '+')
		rd->old_left--, rd->old_line++;
	if (kind != '-')
		rd->new_left--, rd->new_line++;
	return rd->old_left <= 0 && rd->new_left <= 0;
}

/* The mail's Subject (its [PATCH ...] tag dropped), or the text's first line. */
static void subject(struct diff_read *r, const char *s, size_t n)
{
	if (n > 9 && !strncmp(s, "Subject: ", 9)) {
		s += 9, n -= 9;
		if (*s == '[' && memchr(s, ']', n)) {
			size_t k = (size_t)((const char *)memchr(s, ']', n) - s) + 1;

			s += k, n -= k;
			while (n && *s == ' ')
				s++, n--;
		}
		r->subject[0] = '\0';
	} else if (r->subject[0] || !n) {
		return;
	}
	snprintf(r->subject, sizeof(r->subject), "%.*s", (int)(n < 190 ? n : 190), s);
	printable(r->subject);
}

static void file_line(struct reader *rd, const char *s, size_t n)
{
	s += 4, n -= 4;
	if (n >= 2 && s[0] == 'b' && s[1] == '/')
		s += 2, n -= 2;
	rd->file = s;
	rd->filen = 0; /* the text need not end in a NUL: n bounds every look */
	while (rd->filen < n && s[rd->filen] != '\t')
		rd->filen++;
	rd->r->files++;
}

int diff_read(const struct patch_set *ps, const char *text, size_t len, struct diff_read *r, char *err,
	      size_t errlen)
{
	struct hunk h;
	struct reader rd = { r, &h, 0, 0, 0, 0, "?", 1 };
	int in_hunk = 0, in_diff = 0;

	memset(r, 0, sizeof(*r));
	r->set = ps;
	if (len > DIFF_TEXT_MAX)
		return err_set(err, errlen, "a diff of at most %d MiB expected (%zu bytes): split it, a file or a patch of "
			       "the series at a time", DIFF_TEXT_MAX >> 20, len);
	for (size_t i = 0; i < len;) {
		const char *s = text + i, *nl = memchr(s, '\n', len - i);
		size_t n = nl ? (size_t)(nl - s) : len - i;

		i += n + 1;
		if (n && s[n - 1] == '\r')
			n--;
		if (in_hunk) {
			int k = hunk_line(&rd, s, n);

			if (k) {
				scan_hunk(r, &h);
				in_hunk = 0;
			}
			if (k >= 0)
				continue;
		}
		if (!in_diff && !r->files)
			subject(r, s, n);
		if (n > 4 && !strncmp(s, "diff ", 5))
			in_diff = 1;
		else if (n > 4 && !strncmp(s, "+++ ", 4))
			file_line(&rd, s, n);
		else if (n > 4 && !strncmp(s, "@@ -", 4) && r->files && !hunk_head(&rd, s, n))
			in_hunk = 1;
	}
	if (in_hunk)
		scan_hunk(r, &h);
	moves(r);
	if (r->oom) {
		diff_read_free(r);
		return err_set(err, errlen, "out of memory for the diff's %zu bytes", len);
	}
	if (!r->hunks) {
		diff_read_free(r);
		return err_set(err, errlen, "no hunk of a unified diff in it (expected '--- a/FILE', '+++ b/FILE' and "
			       "'@@ -L,N +L,N @@' lines, as git format-patch and diff -u write)");
	}
	for (int i = 0; i < r->n; i++) { /* the text has stopped moving: the findings point into it */
		r->f[i].file = r->text + r->f[i].at[0];
		r->f[i].expr = r->text + r->f[i].at[1];
		r->f[i].what = r->text + r->f[i].at[2];
	}
	return 0;
}
