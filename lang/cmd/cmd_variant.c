#include "cmd_variant.h"

#include <stdio.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/expr.h"
#include "../../core/patch.h"
#include "../../core/variant.h"
#include "../patchreg.h"
#include "cmd_patch.h"
#include "../out/records.h"

static void patches_with_constant(const struct patch_set *ps, char *buf, size_t len)
{
	const struct patch_desc *const *patches = patch_set_list(ps);
	size_t n = 0;
	int k = 0, total = 0;

	for (int i = 0; patches[i]; i++)
		total += patches[i]->constant != NULL;
	buf[0] = '\0';
	for (int i = 0; patches[i] && n < len; i++) {
		if (!patches[i]->constant)
			continue;
		n += (size_t)snprintf(buf + n, len - n, "%s%s", k ? (k == total - 1 ? " or " : ", ") : "", patches[i]->id);
		k++;
	}
}

static int find_patch(const struct patch_set *ps, const char *id, const struct patch_desc **d, char *err, size_t errlen)
{
	char ids[200];

	*d = patch_find(ps, id);
	if (*d && (*d)->constant)
		return 0;
	patches_with_constant(ps, ids, sizeof(ids));
	if (*d)
		return err_set(err, errlen, "variant: %s has no constant a variant can replace (expected %s)", id, ids);
	{
		char mean[128];

		return err_set(err, errlen, "variant: unknown patch '%.64s'%s (expected %s)", id,
			       patch_suggest(ps, id, mean, sizeof(mean)), ids);
	}
}

/*
 * A variant's value on this machine, as the metrics follow it: in val, with
 * *mark what to say beside it (the kernel's floor, a check's warning, or why
 * it is n/a); 1 when it could be evaluated, its value in *x.
 */
static int variant_value(const struct machine *m, const struct patch_desc *d, int side, uint64_t *x, char *val,
			 size_t vlen, char *floored, size_t flen, const char **mark)
{
	const char *why = NULL;
	int ok;

	*x = 0;
	if (d->constant->per_call) {
		uint64_t locals[8] = { 0 };

		/* what it asks first: remaining is the whole request */
		locals[0] = locals[1] = machine_bytes_to_pages(m, m->reclaim);
		ok = !variant_eval(m, d, side, locals, x, &why, NULL);
	} else {
		ok = !variant_eval(m, d, side, NULL, x, &why, NULL);
	}
	if (ok && *x < d->constant->floor) {
		/* what the metrics follow, as first_ask shows it: the kernel's floor, and the raw value named */
		snprintf(val, vlen, "%llu", (unsigned long long)d->constant->floor);
		snprintf(floored, flen, "the expression gives %llu; %s", (unsigned long long)*x, d->constant->floor_why);
		*mark = floored;
	} else if (ok) {
		snprintf(val, vlen, "%llu", (unsigned long long)*x);
		*mark = d->constant->check ? d->constant->check(*x) : NULL;
	} else {
		snprintf(val, vlen, "n/a");
		*mark = why;
	}
	return ok;
}

static void list(struct session *s, struct strbuf *out)
{
	const struct patch_desc *const *patches = patch_set_list(s->m.set);
	static const char *const heads[] = { "patch", "name", "constant", "expression", "value", "mark", NULL };
	const struct machine *m = &s->m;
	struct records rec;
	int n = 0;

	if (s->format != FMT_TABLE)
		rec_begin(&rec, &s->doc, s->format, heads, NULL, 0, out);
	for (int i = 0; patches[i]; i++) {
		const struct patch_desc *d = patches[i];
		int ncols = patch_ncols(m, d);

		for (int side = patch_nsides(d); side < ncols; side++) {
			const struct variant *v = variant_at(m, d, side);
			const char *mark = NULL;
			char val[64], floored[200];
			uint64_t x;
			int ok = variant_value(m, d, side, &x, val, sizeof(val), floored, sizeof(floored), &mark);

			if (s->format != FMT_TABLE) {
				rec_str(&rec, d->id);
				rec_str(&rec, v->name);
				rec_str(&rec, d->constant->name);
				rec_str(&rec, v->text);
				rec_value(&rec, ok ? val_int(x) : val_none(mark));
				rec_str(&rec, mark ? mark : "");
				rec_end_row(&rec);
			} else {
				sb_printf(out, "%s.%s: %s = %s\n  %s%s: %s%s%s\n", d->id, v->name, d->constant->name, v->text,
					  d->constant->per_call ? "first ask (remaining = the request) " : "",
					  "on this machine", val, mark ? (ok ? "; marked: " : ": ") : "", mark ? mark : "");
			}
			n++;
		}
	}
	if (s->format != FMT_TABLE)
		rec_end(&rec);
	else if (!n)
		sb_puts(out, "no variants (add one: variant PATCH NAME = EXPR; see 'help variant')\n");
}

/*
 * NAME = EXPR, however the words fell: "big = 128", "big=128", "big =128";
 * the blanks between words as typed (the words lie in one buffer, in
 * order), so an error's column is the one the user sees. The words rejoined
 * in line, *name and *text pointing into it; -1 with err.
 */
static int variant_words(const struct patch_desc *d, int argc, char **argv, char *line, size_t len, char **namep,
			 char **textp, char *err, size_t errlen)
{
	char *eq, *name, *text, *end;
	size_t n = 0;

	line[0] = '\0';
	for (int i = 1; i < argc && n < len; i++) {
		ptrdiff_t gap = i > 1 ? argv[i] - (argv[i - 1] + strlen(argv[i - 1])) : 0;

		if (i > 1 && (gap < 1 || gap > 64))
			gap = 1; /* not one buffer after all */
		n += (size_t)snprintf(line + n, len - n, "%*s%s", (int)gap, "", argv[i]);
	}
	if (n >= len)
		return err_set(err, errlen, "variant: the line is too long");
	eq = strchr(line, '=');
	if (!eq)
		return err_set(err, errlen, "variant: expected variant %s NAME = EXPR (e.g. %s)", d->id, d->constant->example);
	*eq = '\0';
	name = line;
	while (*name == ' ')
		name++;
	end = name + strlen(name);
	while (end > name && end[-1] == ' ')
		*--end = '\0';
	text = eq + 1;
	while (*text == ' ')
		text++;
	if (!*name)
		return err_set(err, errlen, "variant: expected variant %s NAME = EXPR: no NAME before '='", d->id);
	if (strchr(name, ' '))
		return err_set(err, errlen, "variant: expected variant %s NAME = EXPR: '%.40s' is not one name", d->id, name);
	*namep = name;
	*textp = text;
	return 0;
}

/*
 * A new set, the session's with name added (text) or deleted (text NULL),
 * swapped in whole when that succeeds: a failed change leaves the old one.
 */
static int swap_in(struct session *s, const struct patch_desc *d, const char *name, const char *text, char *err,
		   size_t errlen)
{
	struct patch_set *next = patchreg_new(s->m.set);
	char why[300];

	if (!next)
		return err_set(err, errlen, "variant: out of memory");
	if (text ? variant_add(next, d, name, text, why, sizeof(why)) : variant_del(next, d, name, why, sizeof(why))) {
		patchreg_drop(next);
		return err_set(err, errlen, text ? "variant %s" : "variant del: %s", why);
	}
	session_set_patches(s, next);
	return 0;
}

static int cmd_variant(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	const struct patch_desc *d;
	char line[1024], *name = NULL, *text = NULL;

	if (!argc || (argc == 1 && !strcmp(argv[0], "list"))) {
		list(s, out);
		return 0;
	}
	if (!strcmp(argv[0], "list"))
		return err_set(err, errlen, "variant: 'list' takes nothing after it");
	if (!strcmp(argv[0], "from")) { /* a diff's constants, as patch from reads them */
		if (argc != 2 && argc != 3)
			return err_set(err, errlen, "variant: expected variant from FILE.diff [NAME]");
		return patch_from_diff(s, argv[1], argc == 3 ? argv[2] : NULL, out, err, errlen);
	}
	if (!strcmp(argv[0], "del")) {
		if (argc != 3)
			return err_set(err, errlen, "variant: expected variant del PATCH NAME");
		if (find_patch(s->m.set, argv[1], &d, err, errlen))
			return -1;
		return swap_in(s, d, argv[2], NULL, err, errlen);
	}
	if (find_patch(s->m.set, argv[0], &d, err, errlen))
		return -1;
	if (variant_words(d, argc, argv, line, sizeof(line), &name, &text, err, errlen))
		return -1;
	return swap_in(s, d, name, text, err, errlen);
}

void variant_help_patch(const struct patch_desc *d, struct strbuf *out)
{
	const struct patch_constant *c = d->constant;

	if (!c)
		return;
	sb_printf(out, "  variant %s NAME = EXPR replaces %s: %s\n", d->id, c->name, c->what);
	sb_printf(out, "    e.g. variant %s mine = %s\n", d->id, c->example);
	for (int i = 0; c->locals[i]; i++)
		if (*c->locals[i]) /* a patch file's helper that its constant stands in for has no name there */
			sb_printf(out, "    %-16s %s\n", c->locals[i], c->locals_help[i]);
	sb_puts(out, "    and the machine's names (help variant)\n");
}

/* What variant does, in a paragraph (its row: the man page); help variant is variant_help. */
static void variant_details(const struct patch_set *ps, struct strbuf *out)
{
	(void)ps; /* the same words whatever is loaded */
	sb_puts(out,
		"A variant is your own expression for a patch's constant (help PATCH names it) over the machine's "
		"names (cpus, ram, totalram, pagesize ...): every metric of the patch is then computed with it too, "
		"in one more column NAME beside before and after - in show, explain, get PATCH.METRIC.NAME, and the "
		"columns of sweep, plot, where and tradeoff. At most 4 a patch; presets keep them. variant list "
		"shows each with its value here; variant del PATCH NAME removes one. The expressions' operators, "
		"functions and names: help variant.\n");
}

void variant_help(const struct patch_set *ps, struct strbuf *out)
{
	const struct patch_desc *const *patches = patch_set_list(ps);

	sb_puts(out, "variant PATCH NAME = EXPR | variant list | variant del PATCH NAME\n"
		     "  A variant is your own version of a patch's constant, shown as one more column NAME beside\n"
		     "  before and after: show, explain, get PATCH.METRIC.NAME, sweep/plot/where columns. Every\n"
		     "  metric of the patch is computed with it. At most 4 per patch; NAME is an identifier and\n"
		     "  not a side (before, after, full, cluster, decay, kernel).\n"
		     "  EXPR: unsigned 64-bit integers like the kernel's unsigned long (0x1f is hex; a leading 0,\n"
		     "  octal in C, is refused: 010 is an error, not 8 or 10); + - * / % << >>,\n"
		     "  == != < <= > >=, && || !, ?:, parentheses. Overflow, a subtraction below zero and\n"
		     "  division by zero are not wrapped: the variant is n/a there, and explain says why.\n"
		     "functions:\n");
	for (int i = 0; expr_funcs[i].name; i++)
		sb_printf(out, "  %-24s %s\n", expr_funcs[i].usage, expr_funcs[i].kernel);
	sb_puts(out, "conversions, as C writes them: (TYPE)x keeps x's low bits (truncation, not saturation); a signed\n"
		     "  type whose result would be negative makes the variant n/a:\n ");
	for (int i = 0; expr_casts[i].name; i++)
		sb_printf(out, " (%s)", expr_casts[i].name);
	sb_puts(out, "\n");
	sb_puts(out, "names (the machine):\n");
	for (int i = 0; variant_common[i].name; i++)
		sb_printf(out, "  %-24s %s\n", variant_common[i].name, variant_common[i].help);
	sb_puts(out, "patches:\n");
	for (int i = 0; patches[i]; i++)
		variant_help_patch(patches[i], out);
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_variant_entry = {
	.name = "variant",
	.usage = "PATCH NAME = EXPR | list | del PATCH NAME | from FILE.diff [NAME]",
	.args = { ARG_VARIANT, ARG_VARIANT_NAME, ARG_EXPR },
	.min_args = 0,
	.max_args = -1,
	.help = "your own version of a patch's constant, as one more column (help variant)",
	.details = variant_details,
	.out = OUT_NONE,
	.exec = cmd_variant,
	.examples = (const char *const[]){ "variant", "variant memcg_charge x = 3; variant list", "variant memcg_charge x = 3", "variant from batch128.diff", NULL },
};
