#include "complete.h"
#include "settings.h"

#include "compare.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/patch.h"
#include "../core/expr.h"
#include "../core/params.h"
#include "../core/tradeoff.h"
#include "../core/variant.h"
#include "cmd.h"
#include "out/outopts.h"
#include "presetio.h"
#include "scan.h"

#define WORDS_MAX CMD_MAX_ARGS

struct ctx {
	const struct machine *m; /* its variants are sides too; NULL: none */
	struct completion *c;
	const char *word; /* what is typed so far */
	size_t wlen;
	int oom;
};

static void offer(struct ctx *x, const char *word, int partial)
{
	struct completion *c = x->c;

	/* duplicates go at the end, in one sort (drop_duplicates): a scan per offer is quadratic in 100,000 presets */
	if (x->oom || strncmp(word, x->word, x->wlen))
		return;
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 16;
		struct completion_item *v = realloc(c->items, cap * sizeof(*v));

		if (!v) {
			x->oom = 1;
			return;
		}
		c->items = v;
		c->cap = cap;
	}
	if (!(c->items[c->n].word = strdup(word))) {
		x->oom = 1;
		return;
	}
	c->items[c->n++].partial = partial;
}

static int by_word(const void *a, const void *b)
{
	const struct completion_item *const *x = a, *const *y = b;
	int c = strcmp((*x)->word, (*y)->word);

	return c ? c : (*x < *y ? -1 : *x > *y);
}

/* Each word once, the first offer of it kept, the order of offers unchanged: O(n log n). */
static int drop_duplicates(struct completion *c)
{
	struct completion_item **order;
	size_t k = 0;

	if (c->n < 2)
		return 0;
	order = malloc(c->n * sizeof(*order));
	if (!order)
		return -1;
	for (size_t i = 0; i < c->n; i++)
		order[i] = &c->items[i];
	qsort(order, c->n, sizeof(*order), by_word);
	for (size_t i = 1; i < c->n; i++)
		if (!strcmp(order[i]->word, order[i - 1]->word)) {
			free(order[i]->word);
			order[i]->word = NULL;
		}
	free(order);
	for (size_t i = 0; i < c->n; i++)
		if (c->items[i].word)
			c->items[k++] = c->items[i];
	c->n = k;
	return 0;
}

static void offer_commands(struct ctx *x)
{
	for (const struct cmd_entry *const *k = cmd_table; *k; k++)
		offer(x, (*k)->name, 0);
}

static void offer_params(struct ctx *x)
{
	for (size_t i = 0; i < nparams; i++)
		offer(x, params[i].name, 0);
	for (const struct setting *st = settings; st->name; st++)
		offer(x, st->name, 0);
}

static void offer_patches(struct ctx *x)
{
	const struct patch_desc *const *patches = patch_set_list(x->m ? x->m->set : NULL);
	for (int i = 0; patches[i]; i++)
		offer(x, patches[i]->id, 0);
}

/* Sizes as people type them: 4K, 16K, 64K. */
static void size_word(uint64_t v, char *buf, size_t len)
{
	static const char units[] = "KMGTPE";
	int u = -1;

	while (u < 5 && v && !(v % 1024)) {
		v /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, len, "%llu", (unsigned long long)v);
	else
		snprintf(buf, len, "%llu%c", (unsigned long long)v, units[u]);
}

/* The values a key takes by name: its choices, its allowed values, auto. */
static void offer_values(struct ctx *x, const char *key)
{
	const struct param *p = param_find(key);
	const struct setting *st = p ? NULL : setting_find(key);
	char buf[32];

	for (int i = 0; st && st->choices[i]; i++)
		offer(x, st->choices[i], 0);
	if (!p)
		return;
	if (p->choices)
		for (int i = 0; p->choices[i]; i++)
			offer(x, p->choices[i], 0);
	if (p->allowed) {
		for (int i = 0; p->allowed[i]; i++) {
			if (p->type == PT_SIZE)
				size_word(p->allowed[i], buf, sizeof(buf));
			else
				snprintf(buf, sizeof(buf), "%llu", (unsigned long long)p->allowed[i]);
			offer(x, buf, 0);
		}
	}
	if (p->flags & PF_AUTO)
		offer(x, "auto", 0);
}

/* PATCH. then PATCH.METRIC then PATCH.METRIC.SIDE: one dot level at a time. */
static void offer_metrics(struct ctx *x)
{
	const struct patch_desc *const *patches = patch_set_list(x->m ? x->m->set : NULL);
	const char *dot = memchr(x->word, '.', x->wlen), *dot2;
	char buf[160];

	if (!dot) {
		for (int i = 0; patches[i]; i++) {
			snprintf(buf, sizeof(buf), "%s.", patches[i]->id);
			offer(x, buf, 1);
		}
		return;
	}
	for (int i = 0; patches[i]; i++) {
		const struct patch_desc *d = patches[i];
		size_t idlen = strlen(d->id);

		if ((size_t)(dot - x->word) != idlen || strncmp(x->word, d->id, idlen))
			continue;
		dot2 = strchr(dot + 1, '.');
		for (const struct metric_desc *md = d->metrics; md->name; md++) {
			if (!dot2) {
				snprintf(buf, sizeof(buf), "%s.%s", d->id, md->name);
				/* a metric with sides is whole as it is, but one more '.' picks a side */
				offer(x, buf, !md->single);
				continue;
			}
			if (md->single || (size_t)(dot2 - dot - 1) != strlen(md->name) ||
			    strncmp(dot + 1, md->name, strlen(md->name)))
				continue;
			for (int s = 0; s < patch_ncols(x->m, d); s++) {
				snprintf(buf, sizeof(buf), "%s.%s.%s", d->id, md->name, patch_col_name(x->m, d, s));
				offer(x, buf, 0);
			}
		}
	}
}

/*
 * The literal words a command's usage spells: lowercase ones are typed as
 * they are ("list | load NAME|PATH" -> list, load), capitals are placeholders.
 */
static void offer_usage_words(struct ctx *x, const char *usage)
{
	const char *p = usage;

	while (*p) {
		char w[32];
		size_t n = 0;

		while (*p && !islower((unsigned char)*p) && !isupper((unsigned char)*p))
			p++;
		if (!*p)
			break;
		if (isupper((unsigned char)*p)) {
			while (isalnum((unsigned char)*p) || *p == '_' || *p == '.')
				p++;
			continue;
		}
		while ((islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_' || *p == '-') &&
		       n < sizeof(w) - 1)
			w[n++] = *p++;
		w[n] = '\0';
		if (n > 1)
			offer(x, w, 0);
		while (islower((unsigned char)*p))
			p++;
	}
}

static void offer_presets(struct ctx *x)
{
	struct preset_info *v;
	int n = preset_all(&v);

	for (int i = 0; i < n; i++)
		offer(x, v[i].name, 0);
	free(v);
}

static int repeats(enum arg_kind a)
{
	return a == ARG_PAIRS || a == ARG_PARAMS || a == ARG_NAMES || a == ARG_RANGE_TAIL || a == ARG_EXPR ||
	       a == ARG_MACHINES;
}

static void offer_tradeoff_patches(struct ctx *x)
{
	const struct patch_desc *const *patches = patch_set_list(x->m ? x->m->set : NULL);
	for (int i = 0; patches[i]; i++)
		if (tradeoff_spec_find(x->m ? x->m->set : NULL, patches[i]->id))
			offer(x, patches[i]->id, 0);
}

static void offer_variant_patches(struct ctx *x)
{
	const struct patch_desc *const *patches = patch_set_list(x->m ? x->m->set : NULL);
	for (int i = 0; patches[i]; i++)
		if (patches[i]->constant)
			offer(x, patches[i]->id, 0);
}

/*
 * Inside an expression the word may be "clamp(2*cp": complete the name at
 * its end, offering the whole word so it replaces what readline replaces.
 */
static void offer_expr(struct ctx *x, const struct patch_desc *d)
{
	const char *names[VARIANT_NAMES_MAX + 1];
	size_t at = x->wlen;
	char buf[256];

	if (!d || !d->constant)
		return;
	while (at && (isalnum((unsigned char)x->word[at - 1]) || x->word[at - 1] == '_'))
		at--;
	if (at < x->wlen && isdigit((unsigned char)x->word[at]))
		return; /* a number */
	if (at >= sizeof(buf) - 64)
		return;
	variant_names(d, names, VARIANT_NAMES_MAX + 1);
	for (int i = 0; names[i]; i++) {
		if (!*names[i]) /* a patch file's helper its constant stands in for */
			continue;
		snprintf(buf, sizeof(buf), "%.*s%s", (int)at, x->word, names[i]);
		offer(x, buf, 0);
	}
	for (int i = 0; expr_funcs[i].name; i++) {
		snprintf(buf, sizeof(buf), "%.*s%s(", (int)at, x->word, expr_funcs[i].name);
		offer(x, buf, 1);
	}
}

/* The kind of argument argi; *from is where a repeating kind began. */
static enum arg_kind kind_at(const struct cmd_entry *k, int argi, int *from)
{
	for (int i = 0; i < CMD_ARG_SLOTS && i <= argi; i++) {
		if (repeats(k->args[i])) {
			*from = i;
			return k->args[i];
		}
		if (i == argi)
			return k->args[i];
	}
	return ARG_NONE;
}

static void offer_numeric_params(struct ctx *x)
{
	for (size_t i = 0; i < nparams; i++)
		if (params[i].type != PT_CHOICE)
			offer(x, params[i].name, 0);
}

/* sweep's tail: [step N | x N] then metrics, or a file after > */
static void offer_range_tail(struct ctx *x, const char *prev, int first)
{
	/* a number follows step and x; the step itself may only come first */
	if (!strcmp(prev, "step") || !strcmp(prev, "x"))
		return;
	if (!strcmp(prev, ">") || !strcmp(prev, "--output")) {
		x->c->files = 1;
		return;
	}
	if (first) {
		offer(x, "step", 0);
		offer(x, "x", 0);
	}
	offer_metrics(x);
}

static void offer_ops(struct ctx *x)
{
	static const char *const ops[] = { "<", "<=", ">", ">=", "==", NULL };

	for (int i = 0; ops[i]; i++)
		offer(x, ops[i], 0);
}

/* show's topics, and help's: anything help explains */
static void offer_topic(struct ctx *x, const struct cmd_entry *k)
{
	offer_usage_words(x, k->usage);
	offer_patches(x);
	if (strstr(k->usage, "TOPIC")) {
		offer(x, "metrics", 0);
		offer(x, "keys", 0);
		offer(x, "answer", 0);
		offer_commands(x);
		offer_params(x);
		if (memchr(x->word, '.', x->wlen))
			offer_metrics(x);
	}
}

/* variant's expression: after del PATCH a variant's name, after NAME an =, then the expression's names */
static void offer_variant_expr(struct ctx *x, int first, char **words)
{
	if (!strcmp(words[0], "del")) {
		const struct patch_desc *d = patch_find(x->m ? x->m->set : NULL, words[1]);

		for (int s = d ? patch_nsides(d) : 0; d && s < patch_ncols(x->m, d); s++)
			offer(x, patch_col_name(x->m, d, s), 0);
	} else if (!strcmp(words[0], "list")) {
		return;
	} else if (first && !strchr(words[1], '=')) {
		offer(x, "=", 0);
	} else {
		offer_expr(x, patch_find(x->m ? x->m->set : NULL, words[0]));
	}
}

/* compare's machines: presets and source words, a release after kernel, a file after > */
static void offer_machines(struct ctx *x, const char *prev, int argi, int from, char **words)
{
	if (!strcmp(prev, ">") || !strcmp(prev, "--output")) {
		x->c->files = 1;
		return;
	}
	if (!strcmp(prev, "--width"))
		return;
	if (argi > from && !strcmp(words[from], "kernel")) { /* compare kernel 6.1 6.12: releases */
		offer_values(x, "kernel");
		return;
	}
	for (const struct compare_source *c = compare_sources; c->word; c++)
		offer(x, c->word, 0);
	offer_presets(x);
}

/* The kinds that are one word or one table: the rest have helpers of their own (offer_kind). */
static int offer_simple_kind(struct ctx *x, const struct cmd_entry *k, enum arg_kind kind, const char *prev)
{
	switch (kind) {
	case ARG_PARAM:
	case ARG_PARAMS:
		offer_params(x);
		return 1;
	case ARG_NUMKEY:
		offer_numeric_params(x);
		return 1;
	case ARG_VALUE:
		offer_values(x, prev);
		return 1;
	case ARG_NAME:
	case ARG_NAMES:
		offer_params(x);
		offer_metrics(x);
		return 1;
	case ARG_METRIC:
		offer_metrics(x);
		return 1;
	case ARG_OVER:
		offer(x, "over", 0);
		return 1;
	case ARG_STEP:
		offer(x, "step", 0);
		offer(x, "x", 0);
		return 1;
	case ARG_OP:
		offer_ops(x);
		return 1;
	case ARG_PATCH:
		offer_patches(x);
		return 1;
	case ARG_TRADEOFF:
		offer_tradeoff_patches(x);
		return 1;
	case ARG_FORMAT:
	case ARG_WORD:
	case ARG_PRESET:
		offer_usage_words(x, k->usage);
		return 1;
	case ARG_ON:
		offer(x, "on", 0);
		return 1;
	default:
		return 0;
	}
}

/* words[argi] is the word being completed, words[argi - 1] the argument before it */
static void offer_kind(struct ctx *x, const struct cmd_entry *k, int argi, char **words)
{
	int from = argi;
	enum arg_kind kind = kind_at(k, argi, &from);
	const char *prev = argi > 0 ? words[argi - 1] : "";

	if (offer_simple_kind(x, k, kind, prev))
		return;
	switch (kind) {
	case ARG_PAIRS:
		/* KEY VALUE pairs repeat: set cpus 8 ram 4G ... */
		if ((argi - from) % 2)
			offer_values(x, prev);
		else
			offer_params(x);
		break;
	case ARG_RANGE_TAIL:
		offer_range_tail(x, prev, argi == from);
		break;
	case ARG_TOPIC:
		offer_topic(x, k);
		break;
	case ARG_PATH:
		/* after a preset sub-command: a preset by name, or a file */
		if (argi > 0 && kind_at(k, argi - 1, &from) == ARG_PRESET) {
			if (!strcmp(prev, "list"))
				break;
			offer_presets(x);
		}
		x->c->files = 1;
		break;
	case ARG_VARIANT:
		offer(x, "list", 0);
		offer(x, "del", 0);
		offer_variant_patches(x);
		break;
	case ARG_VARIANT_NAME:
		if (!strcmp(words[0], "del"))
			offer_variant_patches(x);
		break;
	case ARG_EXPR:
		offer_variant_expr(x, argi == from, words);
		break;
	case ARG_MACHINES:
		offer_machines(x, prev, argi, from, words);
		break;
	default:
		break;
	}
}

/*
 * A printing command's output options (outopts.h): 1 when the word is one or
 * is an option's value (all offered); else 0 with the options and their values
 * taken out of words, so the arguments keep their positions.
 */
static int offer_outopts(struct ctx *x, const struct cmd_entry *k, char **words, int *nw)
{
	const char *prev = words[*nw - 2];
	int n = 1, op = -1;

	for (int i = 0; i < CMD_ARG_SLOTS; i++) /* where's OP may be '>': an argument, not a file */
		if (k->args[i] == ARG_OP)
			op = i + 1;
	if (*nw - 1 == op || (*nw - 2 == op && *prev == '>'))
		return 0;
	if (!strcmp(prev, ">") || !strcmp(prev, "--output")) {
		x->c->files = 1;
		return 1;
	}
	if (!strcmp(prev, "--format")) {
		for (int i = 0; out_format_names[i]; i++)
			if ((i != FMT_SVG || (k->picture & CMD_SVG)) && (i != FMT_MARKDOWN || (k->picture & CMD_MARKDOWN)))
				offer(x, out_format_names[i], 0);
		return 1;
	}
	if (!strcmp(prev, "--width"))
		return 1;
	if (x->word[0] == '-' || x->word[0] == '>') {
		for (int i = 0; outopt_words[i]; i++)
			offer(x, outopt_words[i], 0);
		if (x->word[0] == '>')
			return 1;
	}
	for (int i = 1; i < *nw - 1; i++) {
		int with_value = !strcmp(words[i], ">") || !strcmp(words[i], "--output") || !strcmp(words[i], "--format") ||
				 !strcmp(words[i], "--width");

		if (i == op)
			words[n++] = words[i];
		else if (with_value)
			i++;
		else if (words[i][0] != '>' && strncmp(words[i], "--output=", 9) && strncmp(words[i], "--format=", 9) &&
			 strncmp(words[i], "--width=", 8))
			words[n++] = words[i];
	}
	words[n++] = words[*nw - 1];
	*nw = n;
	return 0;
}

int complete_line(const char *line, size_t point, struct completion *c)
{
	return complete_line_m(NULL, line, point, c);
}

/*
 * The words of buf from seg to point, as scan_words() cuts them, into words
 * (the last one the word being completed, "" after a blank); c->start is
 * where that word begins. Returns their number, or -1 when there are too many.
 */
static int cut_words(char *buf, size_t seg, size_t point, char **words, struct completion *c)
{
	int nw = 0, in_word = 0;
	char quote = 0;

	c->start = point;
	for (size_t i = seg; i < point; i++) {
		/* a quote, wherever it opens, holds blanks until it closes */
		int space = !quote && isspace((unsigned char)buf[i]);

		if (!space && !in_word) {
			if (nw == WORDS_MAX)
				return -1;
			/* an opening quote is not part of the word readline replaces */
			if (buf[i] == '"' || buf[i] == '\'')
				quote = buf[i++];
			words[nw++] = &buf[i];
			c->start = i;
			in_word = 1;
			if (i == point)
				break;
		} else if (space && in_word) {
			buf[i] = '\0';
			in_word = 0;
			continue;
		}
		if (in_word && (buf[i] == '"' || buf[i] == '\'') && (!quote || buf[i] == quote))
			quote = quote ? 0 : buf[i];
	}
	if (!in_word) {
		words[nw++] = &buf[point];
		c->start = point;
	}
	return nw;
}

int complete_line_m(const struct machine *m, const char *line, size_t point, struct completion *c)
{
	char buf[4096], *words[WORDS_MAX + 1];
	size_t seg = 0, seglen = 0, len = strlen(line);
	int nw;
	struct ctx x = { m, c, "", 0, 0 };
	const struct cmd_entry *k;

	if (point > len)
		point = len;
	if (point >= sizeof(buf))
		return 0;
	/* only the command the cursor is in, and nothing inside a comment: the scanner says which */
	if (scan_locate(line, point, &seg, &seglen)) {
		c->start = point;
		return 0;
	}
	memcpy(buf, line, point);
	buf[point] = '\0';
	nw = cut_words(buf, seg, point, words, c);
	if (nw < 0)
		return 0;
	x.word = words[nw - 1];
	x.wlen = strlen(x.word);
	if (x.wlen && (x.word[x.wlen - 1] == '"' || x.word[x.wlen - 1] == '\''))
		return 0; /* a closed quote: the word is done */

	if (nw == 1) {
		offer_commands(&x);
	} else if ((k = cmd_find(words[0])) && !(k->out != OUT_NONE && offer_outopts(&x, k, words, &nw))) {
		int argi = nw - 2;

		if (k->max_args < 0 || argi < k->max_args)
			offer_kind(&x, k, argi, words + 1);
	}
	if (!x.oom && drop_duplicates(c))
		x.oom = 1;
	return x.oom ? -1 : 0;
}

void completion_free(struct completion *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->items[i].word);
	free(c->items);
	memset(c, 0, sizeof(*c));
}
