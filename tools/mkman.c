/*
 * mkman: man/batchlab.1 from man/batchlab.1.in and the program's own tables.
 *
 * The template is hand-written mdoc; a line that is exactly a marker below is
 * replaced by a fragment generated from commands[], params[], models[] (and the
 * explorer's key table once it exists), so the man page cannot lag behind the
 * rows the program reads. `make man` writes the page; `make man-drift` (part of
 * `make check`) fails when the committed page differs from a fresh one.
 *
 * usage: mkman TEMPLATE > batchlab.1
 */
#include <stdio.h>
#include <string.h>

#include "../core/model.h"
#include "../core/params.h"
#include "../tui/cmd.h"

#ifndef BATCHLAB_VERSION
#define BATCHLAB_VERSION "0.1.0"
#endif

/* Table text as a roff text line: no request, no escape, no stray quote. */
static void text_line(const char *s)
{
	while (*s == ' ')
		s++;
	if (*s == '.' || *s == '\'')
		fputs("\\&", stdout);
	for (; *s; s++) {
		switch (*s) {
		case '\\':
			fputs("\\e", stdout);
			break;
		case '`':
			fputs("\\(ga", stdout);
			break;
		case '\n':
			/* a line of its own must not begin a request either */
			putchar('\n');
			if (s[1] == '.' || s[1] == '\'')
				fputs("\\&", stdout);
			break;
		case '-':
			/* an arrow is a glyph; a lone hyphen stays a hyphen */
			if (s[1] == '>') {
				fputs("\\(->", stdout);
				s++;
			} else {
				putchar('-');
			}
			break;
		default:
			putchar(*s);
		}
	}
	putchar('\n');
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
	for (const struct command *c = commands; c->name; c++) {
		fputs(".It Ic", stdout);
		macro_args(c->name);
		if (*c->usage) {
			fputs(" Ar", stdout);
			macro_args(c->usage);
		}
		putchar('\n');
		text_line(c->help);
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
		char range[256];

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
		fputs("Range:", stdout);
		macro_args(range);
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
	for (int i = 0; models[i]; i++) {
		const struct model_desc *d = models[i];
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
			printf("%s; unit:", md->kind == METRIC_EXACT ? "Exact" : "Modeled");
			macro_args(md->unit);
			puts(md->single ? "; single-valued." : ".");
		}
		puts(".El");
	}
}

/*
 * KEY BINDINGS, from the explorer's key table.
 * MERGE: tui/keys.h is not on this branch. The Makefile defines HAVE_TUI_KEYS
 * when the file exists; then the loop below reads key_bindings[] - adjust the
 * two field names (the key as shown, its help line) to the real struct.
 */
#ifdef HAVE_TUI_KEYS
#include "../tui/keys.h"

static void emit_keys(void)
{
	puts(".Bl -tag -width Ds");
	for (const struct key_binding *k = key_bindings; k->name; k++) {
		macro(".It Cm", k->name);
		text_line(k->help);
	}
	puts(".El");
}
#else
static void emit_keys(void)
{
	puts("This build has no key table of the explorer to list.");
}
#endif

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
	};
	char line[4096];
	FILE *in;
	int used[sizeof(fragments) / sizeof(fragments[0])] = { 0 };

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
		at = strstr(line, "@VERSION@");
		if (at) {
			*at = '\0';
			printf("%s%s%s\n", line, BATCHLAB_VERSION, at + 9);
			continue;
		}
		puts(line);
	}
	fclose(in);
	for (size_t k = 0; k < sizeof(fragments) / sizeof(fragments[0]); k++) {
		if (!used[k]) {
			fprintf(stderr, "mkman: %s: no marker line '%s'\n", argv[1], fragments[k].marker);
			return 1;
		}
	}
	return 0;
}
