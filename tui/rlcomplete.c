#include "rlcomplete.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "../lang/interrupt.h"

#include "../lang/complete.h"
#include "../lang/presetio.h"
#include "../lang/xdg.h"

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

/* Does the file hold a NUL byte? Then it is no history of lines, and appending to it would mix the two. */
static int binary(int fd)
{
	char chunk[8192];
	ssize_t n;

	while ((n = read(fd, chunk, sizeof(chunk))) > 0)
		if (memchr(chunk, '\0', (size_t)n))
			return 1;
	return 0;
}

int history_file(char *buf, size_t len, int create)
{
	char dir[PATH_MAX], failed[PATH_MAX];
	struct stat st;
	int fd;

	if (xdg_path(XDG_STATE, NULL, dir, sizeof(dir)))
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
	if (binary(fd)) {
		close(fd);
		return -3;
	}
	close(fd);
	return 0;
}

/* How long a save waits for another batchlab holding the history lock before it appends unlocked. */
#define HISTORY_LOCK_MS 2000

struct history_lock {
	int fd;      /* history.lock, flock()ed; -1: not had */
	sigset_t old; /* the signal mask to give back */
};

/*
 * history.lock beside the file, not the file itself: readline's truncation
 * renames a new file over the old one, and a lock on the old inode would
 * lock nothing. The signals that end the process wait meanwhile, so none
 * lands between readline's temporary file and its rename.
 */
static void history_lock(const char *path, int how, struct history_lock *l)
{
	char name[PATH_MAX + 8];
	sigset_t set;

	sigemptyset(&set);
	for (int sig = 1; sig < _NSIG; sig++)
		if (sig_ends_process(sig) && !sig_is_fault(sig))
			sigaddset(&set, sig);
	sigprocmask(SIG_BLOCK, &set, &l->old);
	snprintf(name, sizeof(name), "%s.lock", path);
	l->fd = open(name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0600);
	for (int waited = 0; l->fd >= 0 && flock(l->fd, how | LOCK_NB); waited += 10) {
		if (errno != EWOULDBLOCK || waited >= HISTORY_LOCK_MS) {
			close(l->fd);
			l->fd = -1;
			break;
		}
		nanosleep(&(struct timespec){ 0, 10 * 1000 * 1000 }, NULL);
	}
}

static void history_unlock(struct history_lock *l)
{
	if (l->fd >= 0)
		close(l->fd);
	l->fd = -1;
	sigprocmask(SIG_SETMASK, &l->old, NULL);
}

/*
 * readline's write_history() and history_truncate_file() write NAME-PID.tmp (PID
 * zero-padded to five digits)
 * and rename it: one whose process is gone was left by a session killed
 * in between. Called with the lock held, so no live save is touched.
 */
static void remove_stale_temporaries(const char *path)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX], stale[PATH_MAX + 300];
	size_t blen;
	struct dirent *e;
	DIR *d;

	if (!slash)
		return;
	snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	blen = strlen(slash + 1);
	if (!(d = opendir(dir)))
		return;
	while ((e = readdir(d))) {
		const char *p = e->d_name + blen + 1;
		char *end;
		long pid;

		if (strncmp(e->d_name, slash + 1, blen) || e->d_name[blen] != '-' || *p < '0' || *p > '9')
			continue;
		pid = strtol(p, &end, 10);
		if (strcmp(end, ".tmp") || (kill((pid_t)pid, 0) && errno != ESRCH) || (pid != getpid() && !kill((pid_t)pid, 0)))
			continue;
		snprintf(stale, sizeof(stale), "%s/%s", dir, e->d_name);
		unlink(stale);
	}
	closedir(d);
}

void history_load(const char *path)
{
	struct history_lock l;

	history_lock(path, LOCK_SH, &l);
	read_history(path);
	history_unlock(&l);
}

void history_save(const char *path, int n, int trim)
{
	struct history_lock l;

	if (n > history_length)
		n = history_length;
	history_lock(path, LOCK_EX, &l);
	/* appending: what another batchlab wrote since this one read the file stays */
	if (n > 0)
		append_history(n, path);
	/* cutting the file to its last lines rewrites it: only with the lock, or another's append could be lost */
	if (trim && l.fd >= 0) {
		history_truncate_file(path, HISTORY_LINES);
		remove_stale_temporaries(path);
	}
	history_unlock(&l);
}
