#include "cliopts.h"

#include <stddef.h>

const struct cli_option cli_options[] = {
	{ NULL, 'c', 'c', CLI_ARG_COMMANDS, "CMDS", "run commands (separated by ';' or newlines) and exit" },
	{ NULL, 'f', 'f', CLI_ARG_FILE, "FILE", "run a script file ('-' = stdin)" },
	{ "repl", 0, 'r', CLI_ARG_NONE, NULL, "a line-mode prompt with readline" },
	{ "preset", 'p', 'p', CLI_ARG_PRESET, "PRESET", "start from a preset (a name from 'preset list', or a path)" },
	{ "patch", 'P', 'P', CLI_ARG_FILE, "FILE", "load a patch file (NAME.mmpatch or a name from 'patch list'; up to four -P)" },
	{ "format", 0, 'F', CLI_ARG_FORMAT, "F", "output format: table, csv, json (one document a run) or jsonl (a line a row)" },
	{ "width", 0, 'w', CLI_ARG_WIDTH, "N", "no line of any command's text wider than N columns (24..1000)" },
	{ "theme", 0, 'T', CLI_ARG_THEME, "NAME", "the explorer's colours: default, projector, mono or light (set theme NAME too)" },
	{ "lesson", 0, 'L', CLI_ARG_NONE, "[NAME]",
	  "the lessons; with NAME (or a path) run one: in the explorer on a terminal, else as a script reading answers from stdin" },
	{ "check", 0, 'K', CLI_ARG_NONE, NULL, "with --lesson NAME: answer every exercise with the lesson's own answer (a lesson tested like code)" },
	{ "restart", 0, 'R', CLI_ARG_NONE, NULL, "with --lesson NAME: start over, forgetting the step reached" },
	{ "echo", 'x', 'x', CLI_ARG_NONE, NULL, "print each command, as typed, before its output (as sh -x)" },
	{ "pause", 0, 'Z', CLI_ARG_NONE, NULL, "with -f and --echo at a terminal: wait for Enter before each command after the first (a replay for a class)" },
	{ "units", 0, 'U', CLI_ARG_NONE, NULL, "csv: a '# units:' line (each column's unit and kind) above each header" },
	{ "lists", 0, 'J', CLI_ARG_LISTS, "HOW", "a sweep's list columns: summary (count, first, last, sum; the default) or full" },
	{ "help", 'h', 'h', CLI_ARG_NONE, NULL, "this help" },
	{ "version", 'V', 'V', CLI_ARG_NONE, NULL, "the version" },
	{ NULL, 0, 0, CLI_ARG_NONE, NULL, NULL },
};
