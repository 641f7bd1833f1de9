#include "rlcomplete.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <readline/readline.h>

#include "../lang/complete.h"
#include "../lang/presetio.h"

static struct completion matches;
static size_t next_match;
static const struct machine *completing_for; /* the session's machine: its variants complete too */

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
	if (complete_line_m(completing_for, rl_line_buffer, (size_t)end, &matches))
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

void rlcomplete_install(void)
{
	rl_attempted_completion_function = attempt_completion;
	/* '.' and '/' stay inside a word: metric names and paths complete whole */
	rl_basic_word_break_characters = " \t\n;\"'";
	rl_completer_quote_characters = "\"'";
}

void rlcomplete_machine(const struct machine *m)
{
	completing_for = m;
}

void rlcomplete_done(void)
{
	completion_free(&matches);
}

int history_file(char *buf, size_t len, int create)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char dir[PATH_MAX], failed[PATH_MAX];
	struct stat st;
	int fd;

	if (state && *state)
		snprintf(dir, sizeof(dir), "%.4000s/batchlab", state);
	else if (home && *home)
		snprintf(dir, sizeof(dir), "%.4000s/.local/state/batchlab", home);
	else
		return -1;
	if ((size_t)snprintf(buf, len, "%s/history", dir) >= len)
		return -1;
	if (create && make_dirs(dir, 0700, failed, sizeof(failed)))
		return -1;
	/*
	 * Never blocking, and only a regular file: readline's own open() of a FIFO
	 * would wait for a writer forever, and write_history() would replace a device.
	 */
	fd = open(buf, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (create ? O_CREAT : 0), 0600);
	if (fd < 0)
		return !create && errno == ENOENT ? 0 : -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -2;
	}
	close(fd);
	return 0;
}
