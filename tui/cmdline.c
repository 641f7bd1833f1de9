#include "cmdline.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "../core/utf8.h"
#include "rlcomplete.h"


/*
 * Readline is one global editor, so its host is too: the bytes waiting for
 * it, and what became of the line.
 */
static unsigned char pending[16];
static size_t npending, next;
static enum cmdline_state state = CMDLINE_IDLE;
static char *finished;
static FILE *devnull;
static int initialised;
static char hint[1024]; /* the candidates of the last ambiguous Tab */
static int added;       /* lines this session added to the history: appended to the file at the end */

static int getc_hook(FILE *f)
{
	(void)f;
	return next < npending ? pending[next++] : EOF;
}

static int input_available_hook(void)
{
	return next < npending;
}

/* The explorer redraws after every key it feeds; readline's own redisplay would write to the terminal. */
static void redisplay_hook(void)
{
}

/* Readline would print the candidates behind curses' back: keep them for the explorer to draw. */
static void show_matches(char **matches, int n, int max_length)
{
	size_t k = 0;

	(void)max_length;
	k = (size_t)snprintf(hint, sizeof(hint), "%d candidates:", n);
	for (int i = 1; i <= n && k < sizeof(hint); i++)
		k += (size_t)snprintf(hint + k, sizeof(hint) - k, "  %s", matches[i]);
}

static void line_done(char *line)
{
	finished = line;
	state = line ? CMDLINE_DONE : CMDLINE_CANCEL;
	if (line && *line) {
		HIST_ENTRY *last = history_length ? history_get(history_base + history_length - 1) : NULL;

		if (!last || strcmp(last->line, line)) {
			add_history(line);
			added++;
		}
	}
	rl_callback_handler_remove();
}

void cmdline_init(void)
{
	char path[PATH_MAX];

	if (initialised)
		return;
	initialised = 1;
	/* readline must not touch the terminal: curses owns modes, signals and output */
	devnull = fopen("/dev/null", "w");
	rl_readline_name = "batchlab";
	rl_catch_signals = 0;
	rl_catch_sigwinch = 0;
	rl_change_environment = 0;
	rl_prep_term_function = NULL;
	rl_deprep_term_function = NULL;
	rl_getc_function = getc_hook;
	rl_input_available_hook = input_available_hook;
	rl_redisplay_function = redisplay_hook;
	if (devnull)
		rl_outstream = devnull;
	rl_initialize();
	rl_variable_bind("bell-style", "none");
	/* readline's own "Display all N possibilities? (y or n)" and --More-- would eat the next keys unseen */
	rl_variable_bind("completion-query-items", "-1");
	rl_variable_bind("page-completions", "off");
	/* one Tab lists the candidates when there are several: the first is the one a person sees */
	rl_variable_bind("show-all-if-ambiguous", "on");
	/*
	 * Keys whose command waits for one more key in readline's callback mode
	 * keep data for it that readline frees only when that key comes: a line
	 * closed before it (Esc, the explorer ending) would leak it (fuzz_keys
	 * found quoted-insert's). A command line has no use for them.
	 */
	rl_unbind_key(CTRL('V'));
	rl_unbind_key(CTRL('Q'));
	rl_unbind_key(CTRL(']'));
	rl_unbind_key_in_map(CTRL(']'), emacs_meta_keymap);
	rlcomplete_install();
	rl_completion_display_matches_hook = show_matches;
	using_history();
	stifle_history(HISTORY_LINES);
	added = 0;
	if (!history_file(path, sizeof(path), 0))
		history_load(path);
}

void cmdline_done(void)
{
	char path[PATH_MAX];

	if (!initialised)
		return;
	cmdline_cancel();
	/* appended, never written over: a prompt running beside the explorer keeps its lines */
	if (added && !history_file(path, sizeof(path), 1))
		history_save(path, added, 1);
	added = 0;
	clear_history();
	if (devnull)
		fclose(devnull);
	devnull = NULL;
	/* the line prompt may take over (a terminal curses cannot use): give readline back its own I/O */
	rl_outstream = stdout;
	rl_getc_function = rl_getc;
	rl_input_available_hook = NULL;
	rl_redisplay_function = rl_redisplay;
	rl_prep_term_function = rl_prep_terminal;
	rl_deprep_term_function = rl_deprep_terminal;
	rl_completion_display_matches_hook = NULL;
	rl_variable_bind("show-all-if-ambiguous", "off");
	rlcomplete_done();
	initialised = 0;
}

void cmdline_open(const char *prompt, const char *initial)
{
	cmdline_init();
	free(finished);
	finished = NULL;
	npending = next = 0;
	hint[0] = '\0';
	/*
	 * A line abandoned inside a numeric argument or a search leaves the prompt
	 * readline saved aside (rl_save_prompt): put it back now, or the next
	 * save would drop it unfreed (fuzz_keys found it).
	 */
	rl_restore_prompt();
	rl_callback_handler_install(prompt, line_done);
	state = CMDLINE_EDITING;
	if (initial && *initial)
		rl_insert_text(initial);
}

enum cmdline_state cmdline_state(void)
{
	return state;
}

void cmdline_cancel(void)
{
	if (state == CMDLINE_EDITING) {
		rl_replace_line("", 0);
		rl_callback_sigcleanup();
		rl_callback_handler_remove();
	}
	free(finished);
	finished = NULL;
	hint[0] = '\0';
	state = CMDLINE_IDLE;
}

/* Curses decodes function keys; readline wants the bytes an ANSI terminal sends for them. */
static const char *key_sequence(int ch)
{
	switch (ch) {
	case KEY_LEFT: return "\033[D";
	case KEY_RIGHT: return "\033[C";
	case KEY_UP: return "\033[A";
	case KEY_DOWN: return "\033[B";
	case KEY_HOME: return "\033[H";
	case KEY_END: return "\033[F";
	case KEY_DC: return "\033[3~";
	case KEY_BACKSPACE: return "\177";
	case KEY_ENTER: return "\r";
	default: return NULL;
	}
}

enum cmdline_state cmdline_key(int ch)
{
	const char *seq;

	if (state != CMDLINE_EDITING)
		return state;
	if (ch == 27) { /* a lone Esc: curses has already waited out a sequence */
		cmdline_cancel();
		return state = CMDLINE_CANCEL;
	}
	npending = next = 0;
	hint[0] = '\0';
	if ((seq = key_sequence(ch))) {
		npending = strlen(seq);
		memcpy(pending, seq, npending);
	} else if (ch >= 0 && ch < 256) {
		pending[npending++] = (unsigned char)ch;
	} else {
		return state; /* a key readline has no use for */
	}
	while (next < npending && state == CMDLINE_EDITING)
		rl_callback_read_char();
	return state;
}

void cmdline_insert(const char *text, size_t n)
{
	char buf[256];

	if (state != CMDLINE_EDITING)
		return;
	/* readline takes a string: in pieces, never a key binding (a pasted Tab is a tab, not completion) */
	while (n) {
		size_t k = n < sizeof(buf) - 1 ? n : sizeof(buf) - 1;

		memcpy(buf, text, k);
		buf[k] = '\0';
		rl_insert_text(buf);
		text += k;
		n -= k;
	}
}

void cmdline_set_hint(const char *text)
{
	snprintf(hint, sizeof(hint), "%s", text);
}

size_t cmdline_length(void)
{
	return state == CMDLINE_EDITING && rl_line_buffer ? (size_t)rl_end : 0;
}

const char *cmdline_hint(void)
{
	return hint;
}

char *cmdline_take(void)
{
	char *line = state == CMDLINE_DONE ? finished : NULL;

	if (line)
		finished = NULL;
	cmdline_cancel();
	return line;
}

void cmdline_draw(int y, int width)
{
	const char *prompt = rl_prompt ? rl_prompt : "", *line = rl_line_buffer ? rl_line_buffer : "";
	int plen = utf8_width(prompt, strlen(prompt)), cursor = plen + utf8_width(line, (size_t)rl_point);
	int skip = 0, x;

	if (state != CMDLINE_EDITING)
		return;
	/* keep the point on screen: scroll the line left under a long command */
	if (cursor >= width - 1)
		skip = cursor - (width - 2);
	move(y, 0);
	clrtoeol();
	x = 0;
	for (int i = 0; prompt[i]; i++, x++)
		if (x >= skip && x - skip < width)
			mvaddch(y, x - skip, (unsigned char)prompt[i]);
	for (const char *p = line; *p && x - skip < width;) {
		const char *q = p;
		int w = utf8_cp_width(utf8_decode(&q));

		if (x >= skip)
			mvaddnstr(y, x - skip, p, (int)(q - p));
		p = q;
		x += w;
	}
	move(y, cursor - skip);
}
