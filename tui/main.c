/* batchlab: the command line, and which front end gets the session. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lang/cliopts.h"
#include "keys.h"
#include "../lang/out/escape.h"
#include "../core/patch.h"
#include "../lang/cmd.h"
#include "../lang/infile.h"
#include "../lang/lesson.h"
#include "../lang/out/outfile.h"
#include "../lang/out/outopts.h"
#include "../core/patch.h"
#include "../core/strbuf.h"
#include "frontends.h"
#include "../lang/patchreg.h"
#include "../lang/presetio.h"
#include "../lang/out/records.h"
#include "../lang/script.h"
#include "../lang/settings.h"
#include "../lang/session.h"
#include "../lang/state.h"

#ifndef BATCHLAB_VERSION
#define BATCHLAB_VERSION "1.0.0"
#endif
#ifndef BATCHLAB_COMMIT
#define BATCHLAB_COMMIT ""
#endif

static void usage(FILE *f)
{
	fprintf(f,
		"usage: batchlab [-p PRESET] [--format table|csv|json|jsonl] [-c 'CMD; CMD ...' | -f FILE | --repl]\n"
		"       batchlab [-p PRESET] [--format F] [--width N] COMMAND [ARG ...]   (one command, as -c runs it)\n"
		"       batchlab [OPTIONS] bl1:KEY=VALUE,...   (a view `state` printed, restored: then as without it)\n"
		"       batchlab --help | --version\n"
		"\n"
		"Explore the Linux mm constants that should scale with machine size: each patch's\n"
		"before and after, as exact kernel arithmetic and calibrated models ('help metrics' lists them).\n"
		"\n"
		"  (no mode)            the curses explorer on a terminal; else read commands from stdin\n");
	/* the option table's rows (lang/cliopts.c), as the completions have them */
	for (const struct cli_option *o = cli_options; o->val; o++) {
		char left[48];

		snprintf(left, sizeof(left), "%s%c%s%s%s%s%s", o->shortname ? "-" : "    ", o->shortname ? o->shortname : ' ',
			 o->shortname && o->longname ? ", " : o->longname ? "" : "", o->longname ? "--" : "",
			 o->longname ? o->longname : "", o->argname ? " " : "", o->argname ? o->argname : "");
		fprintf(f, "  %-20s %s\n", o->shortname ? left : left + 1, o->help);
	}
	fprintf(f, "\nType 'help' at the prompt, or see batchlab(1).\n");
}

/* Text nobody received (a full disk, a closed pipe) is a failure: exit 1, and say so. */
static int flushed_ok(const char *what)
{
	char why[128];

	if (!fflush(stdout) && !ferror(stdout))
		return 0;
	fprintf(stderr, "batchlab: %s: cannot write the output: %s\n", what,
		outfile_strerror(errno ? errno : EIO, why, sizeof(why)));
	return 1;
}

/* "batchlab: WHAT TEXT" on stderr, the text escaped: a file or lesson name reaches the terminal as text. */
static void say(const char *what, const char *text)
{
	struct strbuf t = STRBUF_INIT;

	escape_text(&t, text, strlen(text));
	fprintf(stderr, "batchlab: %s%s\n", what, sb_str(&t));
	sb_free(&t);
}

/* The settings file, with a line on stderr for each value in it that could not be taken. */
static void settings_start(struct session *s)
{
	struct strbuf warn = STRBUF_INIT;

	settings_load(s, &warn);
	fputs(sb_str(&warn), stderr);
	sb_free(&warn);
}

/* One line, as every error: what was wrong, and where the usage is. */
static int usage_error(const char *msg, const char *arg)
{
	struct strbuf t = STRBUF_INIT;

	escape_text(&t, arg ? arg : "", arg ? strlen(arg) : 0); /* an argument reaches the terminal as text */
	fprintf(stderr, "batchlab: %s%s%s (batchlab --help for the usage)\n", msg, arg ? ": " : "", sb_str(&t));
	sb_free(&t);
	return 2;
}

/* --lesson [NAME] [--check] [--restart]: the list, or one lesson - in the explorer on a terminal. */
static int lesson_main(struct session *s, const char *name, int check, int restart)
{
	struct strbuf out = STRBUF_INIT;
	struct lesson l;
	char err[1024], path[4096];
	int rc;

	if (!name) {
		rc = lesson_list(&out, err, sizeof(err));
		if (s->format == FMT_JSON || s->format == FMT_JSONL) { /* one document, as every run's */
			struct strbuf text = out;
			struct doc d;

			out = (struct strbuf)STRBUF_INIT;
			doc_init(&d, 0, "--lesson");
			rec_text_result(&d, s->format, sb_str(&text), &out);
			doc_close(&d, s->format, 1, &out);
			sb_free(&text);
		}
		fputs(sb_str(&out), stdout);
		sb_free(&out);
		return rc ? 1 : flushed_ok("--lesson");
	}
	if (lesson_find(name, path, sizeof(path), err, sizeof(err)) || lesson_load(&l, path, err, sizeof(err))) {
		say("--lesson: ", err);
		return 1;
	}
	if (restart)
		lesson_progress_clear(&l);
	if (!check && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
		lesson_free(&l);
		snprintf(s->lesson, sizeof(s->lesson), "%s", path);
		return screen_main(s);
	}
	s->in_lesson = 1;
	if (s->format == FMT_JSON || s->format == FMT_JSONL)
		rc = script_lesson_doc(s, &l, check, stdin, stdout, stderr);
	else
		rc = script_lesson_text(s, &l, check, stdin, stdout, stderr);
	s->in_lesson = 0;
	lesson_free(&l);
	return rc ? 1 : flushed_ok("--lesson");
}

/*
 * git-style: where the first argument that is no option (nor an option's
 * value) is a command, it and everything after it are that command's words,
 * run as -c runs them; the options before it are batchlab's. The index of
 * that argument, or argc when there is none.
 */
static int command_words_at(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int takes = 0;

		if (!strcmp(a, "--"))
			return i + 1 < argc && cmd_find(argv[i + 1]) ? i + 1 : argc;
		if (state_is(a)) /* a view line (state.h) is the run's, not a command's word */
			continue;
		if (a[0] != '-' || !a[1])
			return cmd_find(a) ? i : argc;
		for (const struct cli_option *o = cli_options; o->val; o++)
			if (o->arg && ((a[1] == '-' && o->longname && !strcmp(a + 2, o->longname)) ||
				       (a[1] != '-' && a[1] == o->shortname && !a[2])))
				takes = 1;
		i += takes;
	}
	return argc;
}

/* The words as one command for the scanner: each quoted as sh would ('it'"'"'s'), so none is split or lost. */
static char *command_text(int argc, char **argv)
{
	struct strbuf t = STRBUF_INIT;

	for (int i = 0; i < argc; i++) {
		sb_puts(&t, i ? " '" : "'");
		for (const char *p = argv[i]; *p; p++)
			if (*p == '\'')
				sb_puts(&t, "'\"'\"'");
			else
				sb_putc(&t, *p);
		sb_putc(&t, '\'');
	}
	return t.buf ? t.buf : strdup("");
}

/* What the command line asked for: batchlab's options, and where a command's words begin. */
struct cli {
	const char *cmds, *file, *preset, *format, *width, *lists, *lesson_name, *theme;
	const char *state; /* a view line to start from (state.h) */
	const char *patchfiles[VARIANT_LOADED];
	size_t npatches;
	int repl, modes, lesson, check, restart, echo, units, pause;
	int words, all; /* argv[words ..] are a command's words (words == all: none) */
};

/* Go on: what a step returns when it did not end the run with an exit status. */
#define GO_ON (-1)

/* getopt's tables from the option rows. */
static void getopt_tables(struct option *longopts, size_t nlongmax, char *shortopts, size_t nshortmax)
{
	size_t nlong = 0, nshort = 1;

	shortopts[0] = ':';
	for (const struct cli_option *o = cli_options; o->val && nlong + 1 < nlongmax; o++) {
		if (o->longname)
			longopts[nlong++] = (struct option){ o->longname, o->arg ? required_argument : no_argument, NULL, o->val };
		if (o->shortname && nshort + 3 < nshortmax) {
			shortopts[nshort++] = o->shortname;
			if (o->arg)
				shortopts[nshort++] = ':';
		}
	}
	longopts[nlong] = (struct option){ NULL, 0, NULL, 0 };
	shortopts[nshort] = '\0';
}

/* One option getopt found: into c, or GO_ON's opposite, the exit status (--help, --version, a mistake). */
static int take_option(struct cli *c, int opt, char **argv)
{
	switch (opt) {
	case 'c': c->cmds = optarg; c->modes++; break;
	case 'f': c->file = optarg; c->modes++; break;
	case 'r': c->repl = 1; c->modes++; break;
	case 'p': c->preset = optarg; break;
	case 'P':
		if (c->npatches == sizeof(c->patchfiles) / sizeof(c->patchfiles[0]))
			return usage_error("at most four -P", optarg);
		c->patchfiles[c->npatches++] = optarg;
		break;
	case 'F': c->format = optarg; break;
	case 'w': c->width = optarg; break;
	case 'T': c->theme = optarg; break;
	case 'L':
		if (c->lesson) /* --lesson A --lesson B: not two classes at once, nor B an argument of nothing */
			return usage_error("--lesson given twice: one lesson at a time", NULL);
		c->lesson = 1;
		c->modes++;
		break;
	case 'K': c->check = 1; break;
	case 'R': c->restart = 1; break;
	case 'x': c->echo = 1; break;
	case 'Z': c->pause = 1; break; /* --pause: -P is a patch file's */
	case 'U': c->units = 1; break;
	case 'J': c->lists = optarg; break;
	case 'h':
		usage(stdout);
		return flushed_ok("--help");
	case 'V':
		/* built from a clone: which commit, so a report's figures can be traced to the code that made them */
		printf("batchlab %s%s%s%s\n", BATCHLAB_VERSION, *BATCHLAB_COMMIT ? " (git " : "", BATCHLAB_COMMIT,
		       *BATCHLAB_COMMIT ? ")" : "");
		return flushed_ok("--version");
	case ':':
		return usage_error("option needs an argument", argv[optind - 1]);
	default:
		return usage_error("unknown option", argv[optind - 1]);
	}
	return GO_ON;
}

/* batchlab's options (getopt sees those only, never a command's words), and what is left after them. */
static int parse_options(struct cli *c, int argc, char **argv)
{
	struct option longopts[32];
	char shortopts[64];
	int opt, rc;

	memset(c, 0, sizeof(*c));
	c->words = command_words_at(argc, argv);
	c->all = argc;
	getopt_tables(longopts, sizeof(longopts) / sizeof(longopts[0]), shortopts, sizeof(shortopts));
	opterr = 0;
	argc = c->words;
	while ((opt = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1)
		if ((rc = take_option(c, opt, argv)) != GO_ON)
			return rc;
	if (optind < argc && state_is(argv[optind]))
		c->state = argv[optind++];
	if (c->lesson && optind < argc) /* --lesson NAME: the name is optional, so getopt leaves it */
		c->lesson_name = argv[optind++];
	if (optind < argc) {
		char mean[128], line[512];

		if (!c->lesson && argv[optind][0] != '-' && *cmd_suggest(argv[optind], mean, sizeof(mean))) {
			snprintf(line, sizeof(line), "unknown command '%.200s'%s", argv[optind], mean);
			say("", line);
			return 2;
		}
		return usage_error("unexpected argument", argv[optind]);
	}
	if (c->words < c->all && (c->modes || c->lesson))
		return usage_error("a command as arguments goes without -c, -f, --repl or --lesson", argv[c->words]);
	if ((c->check || c->restart) && !c->lesson_name)
		return usage_error(c->check ? "--check goes with --lesson NAME" : "--restart goes with --lesson NAME", NULL);
	if (c->modes > 1)
		return usage_error("choose one of -c, -f, --repl and --lesson", NULL);
	return GO_ON;
}

/* The session the options describe: output options, patch files, the preset, the settings and theme. */
static int session_start(struct session *s, const struct cli *c)
{
	char err[1024];

	session_init(s);
	s->keys_help = keys_help_all; /* help keys at the prompt and in -c: the explorer's keys */
	if (c->format) {
		if (out_format_find(c->format) < 0)
			return usage_error("--format expects table, csv, json or jsonl", c->format);
		s->format = (enum out_format)out_format_find(c->format);
	}
	/* the same check and message as --width inside a command */
	if (c->width && outopts_width("batchlab", c->width, &s->width, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	if (c->lists && strcmp(c->lists, "summary") && strcmp(c->lists, "full"))
		return usage_error("--lists expects summary or full", c->lists);
	s->lists_full = c->lists && !strcmp(c->lists, "full");
	s->units = c->units;
	doc_init(&s->doc, c->units, NULL);
	/* before the preset: its variant.PATCH.NAME lines may name a loaded patch */
	for (size_t i = 0; i < c->npatches; i++) {
		struct patch_set *next;

		if (patchreg_load(s->m.set, c->patchfiles[i], &next, NULL, err, sizeof(err))) {
			say("-P: ", err);
			return 1;
		}
		session_set_patches(s, next);
	}
	if (c->preset && session_load_preset(s, c->preset, NULL, err, sizeof(err))) {
		say("-p: ", err);
		return 1;
	}
	if (c->state) {
		struct strbuf note = STRBUF_INIT;
		int rc = state_load(s, c->state, &note, err, sizeof(err));

		fputs(sb_str(&note), stderr);
		sb_free(&note);
		if (rc) {
			say("", err);
			return 1;
		}
		if (c->format) /* --format said on the command line outranks the line's */
			s->format = (enum out_format)out_format_find(c->format);
	}
	s->echo = c->echo || c->pause; /* a pause between commands shows the command it waits before */
	s->pause = c->pause;
	settings_start(s); /* the settings file, then --theme over it */
	if (c->theme && (s->theme = theme_find(c->theme)) < 0)
		return usage_error("--theme expects default, projector, mono or light", c->theme);
	return GO_ON;
}

/* -f FILE (- for stdin): a script. */
static int run_file(struct session *s, const char *file)
{
	char err[1024];
	FILE *f;
	int rc, fd;

	if (!strcmp(file, "-"))
		return script_run_stream(s, stdin, "stdin", stdout, stderr);
	/* opened without blocking and checked: a folder or socket is refused, a FIFO or device is a stream */
	fd = infile_open(file, 0, err, sizeof(err));
	if (fd < 0 || !(f = fdopen(fd, "r"))) {
		if (fd >= 0)
			close(fd), snprintf(err, sizeof(err), "%s: %s", file, strerror(errno));
		say("-f: cannot open ", err);
		return 1;
	}
	rc = script_run_stream(s, f, file, stdout, stderr);
	fclose(f);
	return rc;
}

/* The mode the command line asks for, on the session. */
static int run(struct session *s, const struct cli *c, char **argv)
{
	int rc;

	if (c->lesson)
		return lesson_main(s, c->lesson_name, c->check, c->restart);
	if (c->cmds)
		return script_run_text(s, c->cmds, "-c", stdout, stderr);
	if (c->words < c->all) {
		char *text;

		/* the language ends a quote at a line's end: such a word (a file named so) cannot be passed whole */
		for (int i = c->words; i < c->all; i++)
			if (strpbrk(argv[i], "\n\r")) {
				say("command line: a word with a line break in it cannot be a command's: ", argv[i]);
				return 1;
			}
		/* batchlab CMD --help (or -h): what help CMD says, as git and most tools do */
		for (int i = c->words + 1; i < c->all; i++)
			if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
				char *help[] = { "help", argv[c->words] };

				text = command_text(2, help);
				rc = script_run_text(s, text, "command line", stdout, stderr);
				free(text);
				return rc;
			}
		text = command_text(c->all - c->words, argv + c->words);

		rc = script_run_text(s, text, "command line", stdout, stderr);
		free(text);
		return rc;
	}
	if (c->file)
		return run_file(s, c->file);
	if (c->repl)
		return repl_main(s);
	if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
		return screen_main(s);
	return script_run_stream(s, stdin, "stdin", stdout, stderr);
}

int main(int argc, char **argv)
{
	/* static: what the session keeps for its whole life (host's layouts) stays reachable until exit */
	static struct session s;
	struct cli c;
	int rc;

	if ((rc = parse_options(&c, argc, argv)) != GO_ON)
		return rc;
	if ((rc = session_start(&s, &c)) == GO_ON)
		rc = run(&s, &c, argv);
	session_end(&s);
	return rc;
}
