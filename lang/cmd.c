/*
 * The command dispatcher and the list of commands: a line cut into words,
 * its command found in cmd_table, its output options taken and applied (the
 * row's out says which), its result put in the session's document. Each
 * command's code and row live in lang/cmd/.
 */
#include "cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/suggest.h"
#include "out/outopts.h"
#include "out/outpath.h"
#include "out/records.h"
#include "out/wrap.h"
#include "scan.h"
#include "script.h"

_Static_assert(CMD_MAX_ARGS >= SCRIPT_LINE_MAX / 2 + 1, "a line of one-letter words is never too many words");

int cmd_split(char *line, char **argv, int max, char *err, size_t errlen)
{
	return scan_words(line, argv, max, err, errlen);
}

/* Each command's row, at the end of its file in lang/cmd/ (one a command, or a small family). */
extern const struct cmd_entry cmd_set_entry;
extern const struct cmd_entry cmd_get_entry;
extern const struct cmd_entry cmd_reset_entry;
extern const struct cmd_entry cmd_show_entry;
extern const struct cmd_entry cmd_explain_entry;
extern const struct cmd_entry cmd_about_entry;
extern const struct cmd_entry cmd_history_entry;
extern const struct cmd_entry cmd_preset_entry;
extern const struct cmd_entry cmd_host_entry;
extern const struct cmd_entry cmd_sweep_entry;
extern const struct cmd_entry cmd_plot_entry;
extern const struct cmd_entry cmd_where_entry;
extern const struct cmd_entry cmd_variant_entry;
extern const struct cmd_entry cmd_tradeoff_entry;
extern const struct cmd_entry cmd_compare_entry;
extern const struct cmd_entry cmd_report_entry;
extern const struct cmd_entry cmd_format_entry;
extern const struct cmd_entry cmd_help_entry;
extern const struct cmd_entry cmd_expect_entry;
extern const struct cmd_entry cmd_lesson_entry;
extern const struct cmd_entry cmd_grade_entry;
extern const struct cmd_entry cmd_source_entry;
extern const struct cmd_entry cmd_echo_entry;
extern const struct cmd_entry cmd_patch_entry;
extern const struct cmd_entry cmd_state_entry;
extern const struct cmd_entry cmd_quit_entry;

/* The commands, in the order help, the man page and completion give them. */
const struct cmd_entry *const cmd_table[] = {
	&cmd_set_entry,
	&cmd_get_entry,
	&cmd_reset_entry,
	&cmd_show_entry,
	&cmd_explain_entry,
	&cmd_about_entry,
	&cmd_history_entry,
	&cmd_preset_entry,
	&cmd_host_entry,
	&cmd_sweep_entry,
	&cmd_plot_entry,
	&cmd_where_entry,
	&cmd_variant_entry,
	&cmd_tradeoff_entry,
	&cmd_compare_entry,
	&cmd_report_entry,
	&cmd_format_entry,
	&cmd_help_entry,
	&cmd_expect_entry,
	&cmd_lesson_entry,
	&cmd_grade_entry,
	&cmd_source_entry,
	&cmd_echo_entry,
	&cmd_patch_entry,
	&cmd_state_entry,
	&cmd_quit_entry,
	NULL,
};

const char *cmd_suggest(const char *name, char *buf, size_t len)
{
	struct suggest s;

	suggest_init(&s, name);
	for (const struct cmd_entry *const *c = cmd_table; *c; c++)
		suggest_offer(&s, (*c)->name);
	for (const struct cmd_entry *const *c = cmd_table; *c; c++)
		if ((*c)->alias)
			suggest_offer(&s, (*c)->alias);
	return suggest_text(&s, buf, len);
}

const struct cmd_entry *cmd_find(const char *name)
{
	for (const struct cmd_entry *const *c = cmd_table; *c; c++)
		if (!strcmp((*c)->name, name) || ((*c)->alias && !strcmp((*c)->alias, name)))
			return *c;
	return NULL;
}

/* The argument a row never takes as an output option: where's OP, which may be '>'. */
static int cmd_keep(const struct cmd_entry *c)
{
	for (int i = 0; i < CMD_ARG_SLOTS; i++)
		if (c->args[i] == ARG_OP)
			return i;
	return -1;
}

/*
 * The format a printing command runs in: the one --format asked for, or the
 * one PATH's ending picks, or the session's; -1 with err when the command
 * has no such form (its row's out and picture say which it has).
 */
static int exec_format(const struct session *s, const struct cmd_entry *c, struct out_opts o, char *err,
		       size_t errlen)
{
	enum out_format f = s->format;

	if (o.format >= 0)
		f = (enum out_format)o.format;
	else if (o.path)
		f = outpath_format(s->format, o.path);
	if (f == FMT_MARKDOWN && !(c->picture & CMD_MARKDOWN))
		return err_set(err, errlen, "%s: has no markdown form: --format markdown is report's", c->name);
	if (f == FMT_SVG && !(c->picture & CMD_SVG))
		return err_set(err, errlen, "%s: draws no chart: a picture (--format svg, > PATH.svg) is plot's or tradeoff's",
			       c->name);
	if ((f == FMT_CSV || f == FMT_JSON || f == FMT_JSONL) && !(c->out & OUT_FORMATS)) {
		if (o.format >= 0 || o.path)
			return err_set(err, errlen, "%s: prints text only: --format %s is not one of its forms", c->name,
				       out_format_names[f]);
		f = FMT_TABLE; /* a json session: its text stands outside the document (cmd_exec closes it first) */
	}
	return (int)f;
}

/*
 * Text for people in a json run (echo, lesson's list, a command that renders
 * no records of its own): a result of its own, a record a line, so the
 * document stays one.
 */
static void exec_text_records(struct session *s, struct strbuf *dst, size_t from)
{
	char *t = strdup(dst->buf + from);

	dst->len = from;
	dst->buf[from] = '\0';
	rec_text_result(&s->doc, s->format, t ? t : "(out of memory)", dst);
	free(t);
}

/*
 * Text for people fits its width: the prose its writer broke at another
 * width reflowed at words; a table is laid out to fit by its writer, and
 * with --width (asked) a row that still does not is broken too, so no line is wider.
 */
static void exec_fit_width(struct strbuf *dst, size_t from, int width, int asked)
{
	struct strbuf fit = STRBUF_INIT;

	if (!width || wrap_widest(sb_str(dst) + from) <= width)
		return;
	wrap_reflow(&fit, sb_str(dst) + from, width, !asked);
	dst->len = from;
	dst->buf[from] = '\0';
	sb_puts(dst, sb_str(&fit));
	sb_free(&fit);
}

/* What cmd_exec changes in the session for one command, to put back afterwards. */
struct exec_saved {
	enum out_format format, view_format;
	struct out_opts opts;
	int units, lists;
	struct doc run;
};

/*
 * A printing command run with its output options in force: s->format the one
 * asked for (or the one PATH's ending picks), s->opts.width the --width asked
 * for here or before -c; both as they were afterwards, whatever happened.
 */
static int cmd_exec(struct session *s, const struct cmd_entry *c, int argc, char **argv, struct out_opts o,
		    struct strbuf *out, char *err, size_t errlen)
{
	struct exec_saved was = { s->format, s->view_format, s->opts, s->units, s->lists_full, s->doc };
	struct strbuf text = STRBUF_INIT, *dst = (c->out & OUT_FILE) && o.path ? &text : out;
	size_t from = dst->len;
	int rc, width, results, f = exec_format(s, c, o, err, errlen);

	if (f < 0)
		return -1;
	s->view_format = s->format;
	s->exec_depth++;
	s->format = (enum out_format)f;
	if (!o.width)
		o.width = s->width;
	if (o.units)
		s->units = s->doc.units = 1;
	if (o.lists >= 0)
		s->lists_full = o.lists;
	s->opts = o;
	width = session_width(s);
	if (dst == &text) { /* a file is a document of its own; stdout's goes on after it */
		doc_init(&s->doc, s->units, was.run.command);
	} else if (s->doc.open && s->format != FMT_JSON) { /* --format csv inside a json run: the document is whole first */
		doc_close(&s->doc, FMT_JSON, 0, out);
		from = dst->len;
	}
	results = s->doc.results;
	rc = c->exec(s, argc, argv, dst, err, errlen);
	if ((s->format == FMT_JSON || s->format == FMT_JSONL) && s->doc.results == results && dst->len > from &&
	    (c->out & OUT_FORMATS) && !(c->out & OUT_SELF))
		exec_text_records(s, dst, from);
	if (dst == &text) {
		doc_close(&s->doc, s->format, 0, &text);
		s->doc = was.run;
	}
	if (!rc && (c->out & OUT_FILE) && s->format == FMT_TABLE && (o.width || !s->wraps_prose))
		exec_fit_width(dst, from, width, o.width != 0);
	if (rc)
		sb_free(&text);
	else if (dst == &text)
		rc = session_write_file(s, c->name, s->format == FMT_SVG ? "picture" : "output", o.path, &text, out, err, errlen);
	s->format = s->view_format; /* as it was, or as a `state load` set it */
	s->view_format = was.view_format;
	s->exec_depth--;
	s->opts = was.opts;
	s->units = s->doc.units = was.units;
	s->lists_full = was.lists;
	return rc;
}

/* -1 with err unless argc words (the name not counted) are as many as c's row takes. */
static int args_check(const struct cmd_entry *c, int argc, char **argv, char *err, size_t errlen)
{
	if (!c->max_args && argc > 0)
		return err_set(err, errlen, "%s takes no argument (got '%.64s')", c->name, argv[0]);
	if (argc < c->min_args || (c->max_args >= 0 && argc > c->max_args))
		return err_set(err, errlen, "%s: expected %s %s", c->name, c->name, c->usage);
	return 0;
}

/*
 * The session's document names the command whose result comes next: its
 * words, as `batchlab CMD ARGS...` and -c 'CMD ARGS' give them alike, less
 * its output options - they say where the result goes, not what it is, so
 * a file holds what stdout would.
 */
static void doc_command_text(int argc, char **argv, char *text, size_t len)
{
	text[0] = '\0';
	for (size_t i = 0, n = 0; i < (size_t)argc && n < len; i++)
		n += (size_t)snprintf(text + n, len - n, strpbrk(argv[i], " \t;#\"") ? "%s'%s'" : "%s%s",
				      i ? " " : "", argv[i]);
}

/*
 * A form that prints, of a row whose other forms do not (or, lesson's, whose
 * front end writes the file): variant's, lesson's and format's bare form (no
 * word before the output options: the list, the format in force), variant's
 * `list` and `from`.
 */
static int listing_form(const struct cmd_entry *c, int argc, char **argv)
{
	int bare = argc == 1 || argv[1][0] == '>' || !strncmp(argv[1], "--", 2);

	if (c == &cmd_variant_entry)
		return bare || !strcmp(argv[1], "list") || !strcmp(argv[1], "from");
	if (c == &cmd_format_entry) /* the format in force, to a file; `format --format json` would print json's */
		for (int i = 1; i < argc; i++)
			if (!strncmp(argv[i], "--format", 8))
				return 0;
	return (c == &cmd_lesson_entry || c == &cmd_format_entry) && bare;
}

int cmd_run(struct session *s, const char *line, struct strbuf *out, char *err, size_t errlen)
{
	return cmd_run_bound(s, line, NULL, NULL, out, err, errlen);
}

/*
 * line's words into buf and argv, its row found (a listing form's copy in
 * listing), its output options taken into o: the row, or NULL with *argc 0
 * (blank) or -1 with err. word: a value's stand-in, never the command.
 */
static const struct cmd_entry *cmd_words(const char *line, char *buf, char **argv, int *argc, const char *word,
					 struct cmd_entry *listing, struct out_opts *o, char *err, size_t errlen)
{
	const struct cmd_entry *c;
	char mean[128];

	if (strlen(line) > SCRIPT_LINE_MAX)
		return *argc = err_set(err, errlen, "command longer than %s bytes", SCRIPT_LINE_MAX_TEXT), NULL;
	strcpy(buf, line);
	*argc = cmd_split(buf, argv, CMD_MAX_ARGS, err, errlen);
	if (*argc <= 0)
		return NULL; /* blank: nothing to do; -1: err is set */
	if (word && !strcmp(argv[0], word))
		return *argc = err_set(err, errlen, "'%s' stands for a value, not a command", word), NULL;
	if (!(c = cmd_find(argv[0])))
		return *argc = err_set(err, errlen, "unknown command '%.64s'%s (see 'help')", argv[0],
				       cmd_suggest(argv[0], mean, sizeof(mean))), NULL;
	if (listing_form(c, *argc, argv)) {
		/*
		 * variant's list and what `variant from` made are output like any (> PATH,
		 * --width); its other forms print nothing, and an EXPR's > compares. lesson's list too; `lesson NAME`'s output
		 * options go to the front end that runs it (session.h: lesson_to).
		 */
		*listing = *c;
		listing->out = OUT_FILE | OUT_FORMATS;
		c = listing;
	}
	if (c->out != OUT_NONE) {
		(*argc)--;
		if (outopts_take(c->name, argc, argv + 1, cmd_keep(c), o, err, errlen))
			return *argc = -1, NULL;
		(*argc)++;
	}
	return c;
}

int cmd_check(const char *line, char *err, size_t errlen)
{
	char buf[SCRIPT_LINE_MAX + 1], *argv[CMD_MAX_ARGS];
	struct out_opts o = OUT_OPTS_INIT;
	struct cmd_entry listing;
	const struct cmd_entry *c;
	int argc;

	if (!(c = cmd_words(line, buf, argv, &argc, NULL, &listing, &o, err, errlen)))
		return argc;
	return args_check(c, argc - 1, argv + 1, err, errlen);
}

int cmd_run_bound(struct session *s, const char *line, const char *word, const char *value, struct strbuf *out,
		  char *err, size_t errlen)
{
	/* the scripts' line limit (script.h): a line a script may hold is never a command too long to run */
	char buf[SCRIPT_LINE_MAX + 1], text[SCRIPT_LINE_MAX + 1], bound[SCRIPT_LINE_MAX + 1], *argv[CMD_MAX_ARGS];
	struct out_opts o = OUT_OPTS_INIT;
	const struct cmd_entry *c;
	struct cmd_entry listing;
	int argc, rc;

	if (!(c = cmd_words(line, buf, argv, &argc, word, &listing, &o, err, errlen)))
		return argc;
	/* the value goes in after the words are cut and the output options taken: it is one word, whatever it holds */
	if (word && strlen(value) >= sizeof(bound))
		return err_set(err, errlen, "a value of at most %d characters expected", SCRIPT_LINE_MAX);
	for (int i = 1; word && i < argc; i++)
		if (!strcmp(argv[i], word))
			argv[i] = strcpy(bound, value);
	if (args_check(c, argc - 1, argv + 1, err, errlen))
		return -1;
	doc_command_text(argc, argv, text, sizeof(text));
	s->doc.command = text;
	s->doc.units = s->units;
	if (c->out == OUT_NONE) /* format and set change the session: nothing to put back */
		rc = c->exec(s, argc - 1, argv + 1, out, err, errlen);
	else
		rc = cmd_exec(s, c, argc - 1, argv + 1, o, out, err, errlen);
	/* a json document stays open across a run's json results only: csv or table text never lands inside it */
	if (s->doc.open && (!s->run || s->format != FMT_JSON))
		doc_close(&s->doc, FMT_JSON, 0, out);
	if (!s->run) /* outside a run (the explorer) every command's output is a document of its own */
		doc_init(&s->doc, s->units, NULL);
	s->doc.command = NULL;
	return rc;
}
