/*
 * batchlab's command-line options, one row each: main() builds its getopt
 * tables and its --help from these rows, and tools/mkcompletion the bash and
 * zsh completions, so an option cannot be added in one place and not the
 * others.
 */
#ifndef BL_CLIOPTS_H
#define BL_CLIOPTS_H

enum cli_arg {
	CLI_ARG_NONE,
	CLI_ARG_COMMANDS, /* batchlab commands, ';'-separated */
	CLI_ARG_FILE,
	CLI_ARG_PRESET,   /* a preset name or a path */
	CLI_ARG_FORMAT,   /* table|csv|json|jsonl */
	CLI_ARG_THEME,    /* a theme name (settings.h) */
	CLI_ARG_WIDTH,    /* a number of columns, 24..1000 */
	CLI_ARG_LISTS,    /* summary|full */
};

struct cli_option {
	const char *longname; /* without "--"; NULL if none */
	char shortname;       /* 0 if none */
	int val;              /* what getopt returns for it */
	enum cli_arg arg;
	const char *argname;  /* "CMDS", "FILE", ... for --help */
	const char *help;
};

extern const struct cli_option cli_options[]; /* terminated by a row with val == 0 */

#endif
