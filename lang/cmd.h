/*
 * The command language: one table of commands. The script runner, the
 * readline prompt (and its completion), the curses command line, `help` and
 * the man page all read these rows.
 */
#ifndef BL_CMD_H
#define BL_CMD_H

#include <stddef.h>

#include "../core/strbuf.h"
#include "session.h"

/*
 * As many words as a command line can hold (a byte and a space each, in
 * SCRIPT_LINE_MAX bytes): the line's length is the one bound, so `grade` takes
 * a class of any size a line holds (it took 62 students when this was 64).
 */
#define CMD_MAX_ARGS 2049

/*
 * What a command's arguments are, so completion and help can offer them.
 * Position i takes args[i]; a kind marked "repeats" also takes every later
 * position; positions past the row's kinds take nothing.
 */
enum arg_kind {
	ARG_NONE,
	ARG_PARAM,      /* a parameter key */
	ARG_NUMKEY,     /* a parameter key with a numeric value (what sweep/plot/where vary) */
	ARG_VALUE,      /* a value for the key just before */
	ARG_NAME,       /* a parameter or a metric */
	ARG_METRIC,     /* PATCH.METRIC[.SIDE] */
	ARG_PATCH,      /* a patch id */
	ARG_TRADEOFF,   /* a patch with a trade-off (a built-in's row, or a patch file's tradeoff line) */
	ARG_TOPIC,      /* show/help topics */
	ARG_FORMAT,     /* table|csv|json */
	ARG_PRESET,     /* preset sub-command, then a name or path */
	ARG_PATH,
	ARG_WORD,       /* one of the lowercase words the usage spells (a sub-command) */
	ARG_OVER,       /* the word "over" */
	ARG_STEP,       /* "step" or "x" */
	ARG_OP,         /* a comparison: < <= > >= == */
	ARG_PAIRS,      /* repeats: KEY VALUE KEY VALUE ... */
	ARG_PARAMS,     /* repeats: keys */
	ARG_NAMES,      /* repeats: parameters or metrics */
	ARG_RANGE_TAIL, /* repeats: [step N | x N] then metrics */
	ARG_VARIANT,    /* a patch with a constant, or list/del */
	ARG_VARIANT_NAME, /* a variant's name (after del PATCH: an existing one) */
	ARG_EXPR,       /* repeats: "=", then an expression's names and functions */
	ARG_ON,         /* the word "on" */
	ARG_MACHINES,   /* repeats: machine states for compare.h (presets, or a source word and its arguments) */
};

#define CMD_ARG_SLOTS 8

/*
 * What a command prints, and so which output options (outopts.h) the
 * dispatcher takes out of its words and applies, bits; 0 (OUT_NONE): it
 * prints nothing worth saving (set, quit) and takes none of them.
 */
enum cmd_out {
	OUT_NONE = 0,
	OUT_FILE = 1,    /* > PATH: the dispatcher writes the command's whole output to the file */
	OUT_SELF = 2,    /* > PATH: the command writes s->opts.path itself (sweep streams its rows into it) */
	/*
	 * --format table|csv|json|jsonl and --width: the command renders records
	 * (records.h) in csv and json, and what it renders as text in a json or
	 * jsonl run the dispatcher makes a result of its own, a record a line, so
	 * a command that prints text only still gives a json document. Without
	 * it, --format csv, json or jsonl is refused.
	 */
	OUT_FORMATS = 4,
};

/* A command, as tmux's cmd_entry: its row at the end of its file in lang/cmd/, listed in cmd.c. */
struct cmd_entry {
	const char *name;
	const char *alias;           /* another name it answers to (quit: exit), or NULL */
	const char *usage;           /* arguments, as `help` shows them */
	enum arg_kind args[CMD_ARG_SLOTS]; /* see enum arg_kind */
	int min_args, max_args;      /* not counting the name; max -1 = any */
	const char *help;
	/*
	 * The whole of what it does, for `help NAME` and the man page's COMMANDS:
	 * paragraphs, one a line (they are wrapped to the reader's width); NULL
	 * when the usage and help say it all.
	 */
	void (*details)(const struct patch_set *ps, struct strbuf *out); /* ps: the patches a list in it names */
	int out;                     /* enum cmd_out bits: what it prints, and who writes its > PATH */
	int (*exec)(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
	/*
	 * The forms beyond text and records it takes, bits: CMD_SVG draws a
	 * chart (--format svg and > PATH.svg, svg.c); CMD_MARKDOWN has a markdown
	 * form (--format markdown: report, for a forge or a cover letter).
	 */
	int picture;
	/*
	 * Forms of it that run on the default machine, NULL-terminated: what
	 * tests/unit/test_redirect.c runs with and without > PATH, every row's.
	 * A form may start with setup commands before its last ';'. The files
	 * they name (alice.txt, bob.txt, tour.bl, floor.diff) are made in that test's folder.
	 */
	const char *const *examples;
};

#define CMD_SVG 1
#define CMD_MARKDOWN 2

extern const struct cmd_entry *const cmd_table[]; /* terminated by NULL */

/* The command named name, or one whose alias it is; NULL when none. */
const struct cmd_entry *cmd_find(const char *name);
/* ": did you mean 'show'?" for a mistyped command, from the rows; "" when none is near. Returns buf. */
const char *cmd_suggest(const char *name, char *buf, size_t len);

/*
 * Run one command (no ';', no comment). Output is appended to out; on error
 * returns -1 with a one-line message in err (without the place: the caller
 * knows it) and the session unchanged.
 */
int cmd_run(struct session *s, const char *line, struct strbuf *out, char *err, size_t errlen);
/*
 * cmd_run with a value bound as data, as a prepared statement binds one: each
 * word of line that is exactly `word` (e.g. "{answer}") becomes value, one
 * word whatever it holds (';', '#', '>', quotes, newlines), after the line is
 * cut into words and its output options are taken - so value can neither end
 * the command, start another, nor redirect its output. word NULL: cmd_run.
 */
int cmd_run_bound(struct session *s, const char *line, const char *word, const char *value, struct strbuf *out,
		  char *err, size_t errlen);

/*
 * One command's form checked without running it (a lesson at load): its
 * words (every quote closed), a command of the table, its output options,
 * as many arguments as its row takes. 0 (a blank line too), or -1 with err.
 */
int cmd_check(const char *line, char *err, size_t errlen);

/* Split a line into words; quotes group words. Returns argc, or -1 with err. */
int cmd_split(char *line, char **argv, int max, char *err, size_t errlen);

#endif
