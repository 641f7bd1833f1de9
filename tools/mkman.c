/*
 * mkman: man/batchlab.1 from man/batchlab.1.in and the program's own tables.
 *
 * The template is hand-written mdoc; a line that is exactly a marker below is
 * replaced by a fragment generated from cmd_table[], params[], patch_set_builtin.list[] (and the
 * explorer's key table once it exists), so the man page cannot lag behind the
 * rows the program reads. `make man` writes the page; `make man-drift` (part of
 * `make check`) fails when the committed page differs from a fresh one.
 *
 * usage: mkman TEMPLATE > batchlab.1
 *        mkman --mmpatch TEMPLATE > batchlab-mmpatch.5 (mmpatch_page: the patch-file parser's tables)
 *        mkman --mmpatch-dict > mmpatch.dict (the same tables' words, for fuzz_mmpatch)
 */
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

#include "../core/expr.h"
#include "../core/mmpatch.h"
#include "../core/patch.h"
#include "../core/params.h"
#include "../core/mm/release.h"
#include "../core/variant.h"
#include "../lang/cliopts.h"
#include "../lang/cmd.h"
#include "../lang/lesson.h"
#include "../tui/keys.h"

#ifndef BATCHLAB_VERSION
#define BATCHLAB_VERSION "1.0.0"
#endif

/* "name()" with trailing punctuation: the length of name, or 0 if the word is not a function. */
static size_t function_word(const char *w, size_t n, size_t *rest)
{
	size_t i = 0;

	while (i < n && (w[i] == '_' || (w[i] >= 'a' && w[i] <= 'z') || (w[i] >= 'A' && w[i] <= 'Z') ||
			 (i && w[i] >= '0' && w[i] <= '9')))
		i++;
	if (!i || i + 2 > n || w[i] != '(' || w[i + 1] != ')')
		return 0;
	for (size_t j = i + 2; j < n; j++)
		if (!strchr(",.:;)", w[j]))
			return 0;
	*rest = i + 2;
	return i;
}

/* One word of table text, escaped for roff: no request, no escape, no arrow read as a hyphen. */
static void escape_word(const char *w, size_t n, int first, char *out, size_t cap)
{
	size_t o = 0;

	if (first && (*w == '.' || *w == '\''))
		o += (size_t)snprintf(out + o, cap - o, "\\&");
	for (size_t i = 0; i < n && o + 8 < cap; i++) {
		if (w[i] == '\\')
			o += (size_t)snprintf(out + o, cap - o, "\\e");
		else if (w[i] == '`')
			o += (size_t)snprintf(out + o, cap - o, "\\(ga");
		else if (w[i] == '-' && i + 1 < n && w[i + 1] == '>')
			o += (size_t)snprintf(out + o, cap - o, "\\(->"), i++;
		else
			out[o++] = w[i];
	}
	out[o] = '\0';
}

/*
 * Table text as roff text lines of at most 80 bytes (roff joins them again),
 * with function names as .Fn, as mdoc wants them marked.
 */
static void text_line(const char *s)
{
	char line[160] = "", word[256];
	size_t len = 0;

	for (;;) {
		size_t n, name, rest;

		while (*s == ' ' || *s == '\n')
			s++;
		if (!*s)
			break;
		n = strcspn(s, " \n");
		name = function_word(s, n, &rest);
		if (name) {
			if (len)
				puts(line);
			if (rest < n)
				printf(".Fn %.*s %.*s\n", (int)name, s, (int)(n - rest), s + rest);
			else
				printf(".Fn %.*s\n", (int)name, s);
			line[0] = '\0';
			len = 0;
		} else {
			escape_word(s, n, !len, word, sizeof(word));
			if (len && len + 1 + strlen(word) > 78) {
				puts(line);
				line[0] = '\0';
				len = 0;
				escape_word(s, n, 1, word, sizeof(word));
			}
			len += (size_t)snprintf(line + len, sizeof(line) - len, "%s%s", len ? " " : "", word);
			/* a sentence ends its line, as mdoc wants: the next begins a line of its own */
			if (n > 1 && (s[n - 1] == '.' || s[n - 1] == '?' || s[n - 1] == '!') && s[n] == ' ' && s[n + 1] &&
			    s[n + 1] != ' ') {
				puts(line);
				line[0] = '\0';
				len = 0;
			}
		}
		s += n;
	}
	if (len)
		puts(line);
}

/*
 * Words as arguments of an mdoc macro line. Each word gets a zero-width \&
 * in front, so none of them is taken for a macro (No, Ar...) or a delimiter
 * (a lone | or ,), and backslashes and quotes are escaped.
 */
static void macro_args(const char *s)
{
	int start = 1;

	for (; *s; s++) {
		if (*s == ' ') {
			start = 1;
			continue;
		}
		if (start)
			fputs(" \\&", stdout);
		start = 0;
		if (strchr(".,:;)]|?!", *s) && (s[1] == ' ' || !s[1])) {
			/* nor a trailing delimiter: ".." or "...]" is text */
			putchar(*s);
			fputs("\\&", stdout);
			continue;
		}
		if (*s == '\\')
			fputs("\\e", stdout);
		else if (*s == '"')
			fputs("\\(dq", stdout);
		else if (*s == '`')
			fputs("\\(ga", stdout);
		else
			putchar(*s);
	}
}

static void macro(const char *name, const char *args)
{
	fputs(name, stdout);
	macro_args(args);
	putchar('\n');
}

static void emit_commands(void)
{
	puts(".Bl -tag -width Ds");
	for (const struct cmd_entry *const *e = cmd_table; *e; e++) {
		const struct cmd_entry *c = *e;

		fputs(".It Ic", stdout);
		macro_args(c->name);
		if (*c->usage) {
			fputs(" Ar", stdout);
			macro_args(c->usage);
		}
		putchar('\n');
		text_line(c->help);
		if (c->details) { /* the whole of it, as `help NAME` gives it: a paragraph a line */
			struct strbuf d = STRBUF_INIT;

			c->details(NULL, &d);
			for (const char *p = sb_str(&d); *p;) {
				size_t n = strcspn(p, "\n");
				char *para = strndup(p, n);

				puts(".Pp");
				text_line(para);
				free(para);
				p += n + (p[n] == '\n');
			}
			sb_free(&d);
		}
	}
	puts(".El");
}

static void emit_params(void)
{
	const char *group = NULL;
	size_t width = 0;

	for (size_t i = 0; i < nparams; i++)
		if (strlen(params[i].name) > width)
			width = strlen(params[i].name);
	for (size_t i = 0; i < nparams; i++) {
		const struct param *p = &params[i];
		char range[PARAM_RANGE_MAX];

		if (!group || strcmp(group, p->group)) {
			if (group)
				puts(".El");
			group = p->group;
			macro(".Ss", group);
			printf(".Bl -tag -width %zun\n", width + 1);
		}
		param_format_range(p, range, sizeof(range));
		macro(".It Cm", p->name);
		text_line(p->help);
		puts(".br");
		if (strlen(range) > 60) {
			/* a long list of choices (the releases): words on text lines, each within 80 bytes */
			for (char *c = range; *c; c++)
				*c = *c == '|' ? ' ' : *c;
			puts("Range:");
			text_line(range);
		} else {
			fputs("Range:", stdout);
			macro_args(range);
		}
		if (*p->unit) {
			fputs("; unit:", stdout);
			macro_args(p->unit);
		}
		puts(";");
		puts("default");
		macro(".Ql", p->def);
	}
	if (group)
		puts(".El");
}

static void emit_metrics(void)
{
	for (int i = 0; patch_set_builtin.list[i]; i++) {
		const struct patch_desc *d = patch_set_builtin.list[i];
		char title[256];

		snprintf(title, sizeof(title), "%s: %s", d->id, d->title);
		fputs(".Ss", stdout);
		macro_args(title);
		putchar('\n');
		if (strcmp(d->seed, "-")) {
			fputs("Seed", stdout);
			macro_args(d->seed);
			puts(";");
		}
		fputs("kernel:", stdout);
		macro_args(d->kernel);
		puts(".");
		fputs("Sides:", stdout);
		for (int k = 0; d->sides[k]; k++) {
			if (k)
				putchar(',');
			macro_args(d->sides[k]);
		}
		puts(".");
		if (d->sides[0] && d->sides[1] && (d->before != 0 || d->after != 1 || d->sides[2])) {
			printf("Here\n.Cm before\nis\n.Cm %s\nand\n.Cm after\nis\n.Cm %s .\n", d->sides[d->before],
			       d->sides[d->after]);
		}
		puts(".Bl -tag -width Ds");
		for (const struct metric_desc *md = d->metrics; md->name; md++) {
			printf(".It Cm %s.%s\n", d->id, md->name);
			text_line(md->help);
			puts(".br");
			printf("Kind: %s; better: %s; unit:", metric_kind_name(md->kind), metric_better_name(md->better));
			macro_args(md->unit);
			puts(md->single ? "; single-valued." : ".");
		}
		puts(".El");
	}
}

/* KERNEL RELEASES' rows: every patch's history tables (core/mm/), as `history` prints them. */
static void emit_releases(void)
{
	char line[1024];

	for (int i = 0; patch_set_builtin.list[i]; i++) {
		const struct release_history *const *hs = patch_set_builtin.list[i]->kernel_code ? patch_set_builtin.list[i]->kernel_code->history : NULL;

		for (int k = 0; hs && hs[k]; k++) {
			snprintf(line, sizeof(line), "%s: %s", patch_set_builtin.list[i]->id, hs[k]->constant);
			fputs(".Ss", stdout);
			macro_args(line);
			putchar('\n');
			puts(".Bl -tag -width Ds");
			for (const struct release_row *r = hs[k]->rows; r->from; r++) {
				const char *subject = release_subject(NULL, r->commit);

				macro(".It Cm", r->from);
				if (r->commit) {
					snprintf(line, sizeof(line), "Commit %s: %s.", r->commit, subject ? subject : "?");
					text_line(line);
				}
				snprintf(line, sizeof(line), "%s.", r->what);
				text_line(line);
				snprintf(line, sizeof(line), "In %s.", r->where);
				text_line(line);
				if (r->check) {
					snprintf(line, sizeof(line), "Checked: %s.", r->check);
					text_line(line);
				}
			}
			puts(".El");
		}
	}
}

/* KEY BINDINGS, from the explorer's key table (tui/keys.c). */
static void emit_keys(void)
{
	puts(".Bl -tag -width Ds");
	for (const struct key_binding *k = key_bindings; k->name; k++) {
		macro(".It Cm", k->name);
		text_line(k->help);
	}
	puts(".El");
}

/* --- batchlab-mmpatch(5): the patch-file format, from core/mmpatch.c's tables ------------------ */

static void mmpatch_keys(void)
{
	puts(".Bl -tag -width Ds");
	for (const struct mmp_key *k = mmp_keys; k->key; k++) {
		char tail[200];

		fputs(".It Ic", stdout);
		macro_args(k->key);
		fputs(" Ar", stdout);
		macro_args(k->args);
		putchar('\n');
		text_line(k->help);
		/* where it stands; the constant line itself ends the patch's own lines */
		if (!strcmp(k->key, "constant"))
			snprintf(tail, sizeof(tail), "(Required, after the patch's own lines.)");
		else
			snprintf(tail, sizeof(tail), "(%s %s.)", k->required ? "Required, in" : "In", mmp_block_where[k->block]);
		text_line(tail);
	}
	puts(".El");
}

static void mmpatch_casts(void)
{
	for (int i = 0; expr_casts[i].name; i++) {
		printf(".Sy (%s)", expr_casts[i].name);
		printf("%s\n", expr_casts[i + 1].name ? " ," : " .");
	}
}

/* The machine's names an expression reads (variant_common[], as help variant lists them). */
static void mmpatch_names(void)
{
	puts(".Bl -tag -width SWAP_CLUSTER_MAX -compact");
	for (int i = 0; variant_common[i].name; i++) {
		fputs(".It Va", stdout);
		macro_args(variant_common[i].name);
		putchar('\n');
		text_line(variant_common[i].help);
	}
	puts(".El");
}

static void mmpatch_helpers(void)
{
	puts(".Bl -tag -width Ds");
	for (int i = 0; mmp_helpers[i].name; i++) {
		fputs(".It Va", stdout);
		macro_args(mmp_helpers[i].name);
		putchar('\n');
		text_line(mmp_helpers[i].help);
	}
	puts(".El");
}

static void mmpatch_limits(void)
{
	char t[400];

	snprintf(t, sizeof(t), "A file of at most %d bytes, lines of at most %d characters, %d metrics (the "
		 "constant's own included), %d sides, %d origin lines and expressions of at most %d characters and "
		 "%d steps, nested %d deep; %d release rows and %d claims; %d patch files loaded at once.", MMP_FILE_MAX,
		 MMP_LINE_MAX - 1, MMP_METRICS, PATCH_MAX_SIDES, MMP_ORIGINS, MMP_TEXT_MAX - 1, EXPR_MAX_OPS, EXPR_MAX_DEPTH,
		 MMP_RELEASES, MMP_CLAIMS, VARIANT_LOADED);
	text_line(t);
}

/*
 * libFuzzer's dictionary for fuzz_mmpatch: every key and each word its
 * arguments name (against, over, outside, holds ...), the helpers, the
 * functions and conversions, a release, so mutations reach every key's parser.
 */
static int mmpatch_dict(void)
{
	static const char *const words[] = { "against", "over", "outside", "holds", "differs", "workload", "exact",
					     "lower", "higher", "none", "x", "step", "as", "=", "%", "6.1", "3.10",
					     "vm-4g", "cpus=64", ".ratio", ".after", ".kernel", "0123456789ab", NULL };

	for (const struct mmp_key *k = mmp_keys; k->key; k++)
		printf("\"%s \"\n", k->key);
	for (int i = 0; words[i]; i++)
		printf("\"%s\"\n", words[i]);
	for (int i = 0; mmp_helpers[i].name; i++)
		printf("\"%s\"\n", mmp_helpers[i].name);
	for (int i = 0; variant_common[i].name; i++)
		printf("\"%s\"\n", variant_common[i].name);
	for (int i = 0; expr_funcs[i].name; i++)
		printf("\"%s(\"\n", expr_funcs[i].name);
	for (int i = 0; expr_casts[i].name; i++)
		printf("\"(%s)\"\n", expr_casts[i].name);
	return 0;
}

/* The format's page: its template with each marker line replaced by a fragment. */
static int mmpatch_page(const char *template)
{
	static const struct {
		const char *marker;
		void (*emit)(void);
	} frags[] = {
		{ ".\\\" @MMPATCH_KEYS@", mmpatch_keys },
		{ ".\\\" @MMPATCH_CASTS@", mmpatch_casts },
		{ ".\\\" @MMPATCH_HELPERS@", mmpatch_helpers },
		{ ".\\\" @MMPATCH_NAMES@", mmpatch_names },
		{ ".\\\" @MMPATCH_LIMITS@", mmpatch_limits },
	};
	int used = 0;
	char line[4096];
	FILE *in = fopen(template, "r");

	if (!in) {
		fprintf(stderr, "mkman: cannot open %s\n", template);
		return 1;
	}
	while (fgets(line, sizeof(line), in)) {
		size_t n = strlen(line), k;

		if (n && line[n - 1] == '\n')
			line[--n] = '\0';
		for (k = 0; k < sizeof(frags) / sizeof(frags[0]) && strcmp(line, frags[k].marker); k++)
			;
		if (k < sizeof(frags) / sizeof(frags[0])) {
			frags[k].emit();
			used |= 1 << k;
		} else {
			puts(line);
		}
	}
	fclose(in);
	if (used != (1 << (sizeof(frags) / sizeof(frags[0]))) - 1) {
		fprintf(stderr, "mkman: %s: a marker line of batchlab-mmpatch(5) is missing\n", template);
		return 1;
	}
	return 0;
}

/*
 * batchlab-lesson(5): the template with its marker replaced by the lesson
 * parser's own rows (lesson_words[]), so the page cannot lag behind the words
 * the parser takes. usage: mkman --lesson TEMPLATE > batchlab-lesson.5
 */
static int lesson_page(const char *template)
{
	char line[4096];
	int used = 0;
	FILE *in = fopen(template, "r");

	if (!in) {
		fprintf(stderr, "mkman: cannot open %s\n", template);
		return 1;
	}
	while (fgets(line, sizeof(line), in)) {
		line[strcspn(line, "\n")] = '\0';
		if (strcmp(line, ".\\\" @LESSON_WORDS@")) {
			puts(line);
			continue;
		}
		used = 1;
		puts(".Bl -tag -width Ds");
		for (const struct lesson_word *w = lesson_words; w->word; w++) {
			char head[160];

			snprintf(head, sizeof(head), "%s %s", w->word, w->args);
			macro(".It Cm", head);
			text_line(w->help);
		}
		puts(".El");
	}
	fclose(in);
	if (!used)
		fprintf(stderr, "mkman: %s: no marker line '.\\\" @LESSON_WORDS@'\n", template);
	return !used;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *marker;
		void (*emit)(void);
	} fragments[] = {
		{ ".\\\" @COMMANDS@", emit_commands },
		{ ".\\\" @PARAMETERS@", emit_params },
		{ ".\\\" @METRICS@", emit_metrics },
		{ ".\\\" @KEYS@", emit_keys },
		{ ".\\\" @RELEASES@", emit_releases },
	};
	char line[4096];
	FILE *in;
	int used[sizeof(fragments) / sizeof(fragments[0])] = { 0 };
	int described[64] = { 0 }; /* by cli_options[] row: the template describes it with .It Fl */

	if (argc == 3 && !strcmp(argv[1], "--lesson"))
		return lesson_page(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "--mmpatch"))
		return mmpatch_page(argv[2]);
	if (argc == 2 && !strcmp(argv[1], "--mmpatch-dict"))
		return mmpatch_dict();
	if (argc != 2) {
		fprintf(stderr, "usage: mkman TEMPLATE > batchlab.1\n");
		return 2;
	}
	in = fopen(argv[1], "r");
	if (!in) {
		fprintf(stderr, "mkman: cannot open %s\n", argv[1]);
		return 1;
	}
	while (fgets(line, sizeof(line), in)) {
		size_t n = strlen(line), k;
		char *at;

		if (n && line[n - 1] == '\n')
			line[--n] = '\0';
		for (k = 0; k < sizeof(fragments) / sizeof(fragments[0]); k++)
			if (!strcmp(line, fragments[k].marker))
				break;
		if (k < sizeof(fragments) / sizeof(fragments[0])) {
			fragments[k].emit();
			used[k] = 1;
			continue;
		}
		/* an option's entry: ".It Fl -NAME" or ".It Fl X" (mdoc's own spelling of --NAME and -X) */
		for (int o = 0; cli_options[o].val && o < 64; o++) {
			char want[64];

			if (cli_options[o].longname)
				snprintf(want, sizeof(want), "Fl -%s", cli_options[o].longname);
			else
				snprintf(want, sizeof(want), "Fl %c", cli_options[o].shortname);
			if (!strncmp(line, ".It ", 4) && (at = strstr(line, want)) &&
			    !(isalnum((unsigned char)at[strlen(want)]) || at[strlen(want)] == '-'))
				described[o] = 1;
		}
		at = strstr(line, "@VERSION@");
		if (at) {
			*at = '\0';
			printf("%s%s%s\n", line, BATCHLAB_VERSION, at + 9);
			continue;
		}
		puts(line);
	}
	fclose(in);
	/* every row of the option table has its entry: an option cannot be added and left out of the page */
	for (int o = 0; cli_options[o].val && o < 64; o++) {
		if (!described[o]) {
			fprintf(stderr, "mkman: %s: no .It entry for option %s%s (lang/cliopts.c): describe it\n", argv[1],
				cli_options[o].longname ? "--" : "-",
				cli_options[o].longname ? cli_options[o].longname : (char[]){ cli_options[o].shortname, 0 });
			return 1;
		}
	}
	for (size_t k = 0; k < sizeof(fragments) / sizeof(fragments[0]); k++) {
		if (!used[k]) {
			fprintf(stderr, "mkman: %s: no marker line '%s'\n", argv[1], fragments[k].marker);
			return 1;
		}
	}
	return 0;
}
