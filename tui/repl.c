/*
 * The readline prompt: the command language one line at a time, as bc or
 * gnuplot take it. Lines run through the script runner; an error is printed
 * and the prompt goes on. Completion is complete.c's; this file only hooks it
 * into readline and keeps the history file.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "complete.h"
#include "frontends.h"
#include "script.h"

#define HISTORY_LINES 1000

/* $XDG_STATE_HOME/batchlab/history, or ~/.local/state/batchlab/history; folders made as needed. */
static int history_path(char *buf, size_t len)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char dir[PATH_MAX];
	int fd;

	if (state && *state)
		snprintf(dir, sizeof(dir), "%.4000s/batchlab", state);
	else if (home && *home)
		snprintf(dir, sizeof(dir), "%.4000s/.local/state/batchlab", home);
	else
		return -1;
	for (char *p = dir + 1;; p++) {
		if (*p == '/' || !*p) {
			char c = *p;

			*p = '\0';
			if (mkdir(dir, 0700) && errno != EEXIST)
				return -1;
			if (!c)
				break;
			*p = c;
		}
	}
	snprintf(buf, len, "%.4000s/history", dir);
	/* append_history() wants the file to exist */
	fd = open(buf, O_WRONLY | O_CREAT | O_APPEND, 0600);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static struct completion matches;
static size_t next_match;

static char *next_candidate(const char *text, int state)
{
	(void)text;
	if (!state)
		next_match = 0;
	if (next_match < matches.n)
		return strdup(matches.items[next_match++].word);
	return NULL;
}

static char *candidate_or_file(const char *text, int state)
{
	static int files_state;
	char *w;

	if (!state)
		files_state = 0;
	if ((w = next_candidate(text, state)))
		return w;
	if (!matches.files)
		return NULL;
	return rl_filename_completion_function(text, files_state++);
}

static char **attempt_completion(const char *text, int start, int end)
{
	char **found;

	(void)start;
	rl_attempted_completion_over = 1; /* never readline's default file names where they do not fit */
	completion_free(&matches);
	if (complete_line(rl_line_buffer, (size_t)end, &matches))
		return NULL;
	if (matches.files)
		rl_filename_completion_desired = 1;
	found = rl_completion_matches(text, matches.files ? candidate_or_file : next_candidate);
	/* one match that usually goes on (vmpressure.): leave the cursor on it, no space */
	if (found && !found[1]) {
		for (size_t i = 0; i < matches.n; i++)
			if (matches.items[i].partial && !strcmp(matches.items[i].word, found[0]))
				rl_completion_suppress_append = 1;
	}
	return found;
}

/* Ctrl-C drops the line being typed and gives a fresh prompt, as a shell does. */
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

static int check_interrupt(void)
{
	if (interrupted) {
		interrupted = 0;
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
	struct sigaction sa;

	/* not a terminal: the same commands as a script, without prompts echoed into the output */
	if (!isatty(STDIN_FILENO))
		return script_run_stream(s, stdin, "stdin", stdout, stderr);

	s->interactive = 1;
	rl_readline_name = "batchlab";
	rl_attempted_completion_function = attempt_completion;
	/* '.' and '/' stay inside a word: metric names and paths complete whole */
	rl_basic_word_break_characters = " \t\n;\"'";
	rl_completer_quote_characters = "\"'";
	rl_signal_event_hook = check_interrupt;
	rl_catch_signals = 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigint;
	sigaction(SIGINT, &sa, NULL);

	stifle_history(HISTORY_LINES);
	have_hist = !history_path(hist, sizeof(hist));
	if (have_hist)
		read_history(hist);

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
				append_history(1, hist);
		}
		snprintf(where, sizeof(where), "repl:%d", lineno);
		/* an error is printed and the prompt goes on */
		(void)script_run_line(s, line, where, stdout, stderr);
		fflush(stdout);
		free(line);
	}
	if (have_hist)
		history_truncate_file(hist, HISTORY_LINES);
	completion_free(&matches);
	return 0;
}
