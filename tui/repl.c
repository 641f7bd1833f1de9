/*
 * The readline prompt: the command language one line at a time, as bc or
 * gnuplot take it. Lines run through the script runner; an error is printed
 * and the prompt goes on. Completion is complete.c's, hooked in by
 * rlcomplete.c; this file keeps the history file.
 */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "crt.h"
#include "frontends.h"
#include "rlcomplete.h"
#include "../lang/interrupt.h"
#include "../lang/out/outopts.h"
#include "../lang/out/wrap.h"
#include "../lang/script.h"

#ifndef BATCHLAB_VERSION
#define BATCHLAB_VERSION "1.0.0"
#endif

/* Ctrl-C drops the line being typed and gives a fresh prompt, as a shell does. */
static int check_interrupt(void)
{
	if (interrupt_take()) {
		rl_replace_line("", 0);
		rl_crlf();
		rl_on_new_line();
		rl_redisplay();
	}
	return 0;
}

int repl_main(struct session *s)
{
	char hist[PATH_MAX], where[32];
	int have_hist, lineno = 0;
	struct sigaction prev;

	/* not a terminal: the same commands as a script, without prompts echoed into the output */
	if (!isatty(STDIN_FILENO))
		return script_run_stream(s, stdin, "stdin", stdout, stderr);

	s->interactive = 1;
	rl_readline_name = "batchlab";
	rlcomplete_install();
	rlcomplete_machine(&s->m);
	rl_signal_event_hook = check_interrupt;
	rl_catch_signals = 0;
	crt_guard_prompt();
	interrupt_catch(0, &prev);

	stifle_history(HISTORY_LINES);
	have_hist = history_file(hist, sizeof(hist), 1);
	if (have_hist == -2)
		fprintf(stderr, "batchlab: history file %s: not a regular file: history not kept\n", hist);
	if (have_hist == -3)
		fprintf(stderr, "batchlab: history file %s: binary data (a NUL byte), not a history of lines: "
			"left untouched, history not kept\n", hist);
	have_hist = !have_hist;
	if (have_hist)
		history_load(hist);

	/* a newcomer's first question, answered before it is asked */
	{
		struct strbuf line = STRBUF_INIT, wrapped = STRBUF_INIT;
		int cols = outopts_tty_cols(STDOUT_FILENO);

		/* one line of prose, wrapped once at the terminal's width (80 when it says none) */
		sb_printf(&line, "batchlab %s: 'help' lists the commands; 'help TOPIC' explains a command, key, patch or "
				 "metric. Tab completes; 'quit' or Ctrl-D leaves.", BATCHLAB_VERSION);
		wrap_text(&wrapped, sb_str(&line), cols > 0 ? cols : 80, 0);
		printf("%s\n", sb_str(&wrapped));
		sb_free(&line);
		sb_free(&wrapped);
	}
	fflush(stdout);
	while (!s->quit) {
		char *line = readline("batchlab> ");

		if (!line) {
			putchar('\n'); /* Ctrl-D: end the prompt's line before the shell's */
			break;
		}
		lineno++;
		/* completion leaves a space after the last word: keep history tidy */
		for (size_t n = strlen(line); n && (line[n - 1] == ' ' || line[n - 1] == '\t');)
			line[--n] = '\0';
		if (*line && (!history_length || strcmp(line, history_get(history_base + history_length - 1)->line))) {
			add_history(line);
			if (have_hist)
				history_save(hist, 1, 0);
		}
		snprintf(where, sizeof(where), "repl:%d", lineno);
		/* an error is printed and the prompt goes on */
		(void)script_run_line(s, line, where, stdout, stderr);
		fflush(stdout);
		free(line);
	}
	if (have_hist)
		history_save(hist, 0, 1);
	rlcomplete_done();
	return 0;
}
