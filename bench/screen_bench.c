/*
 * How quickly the explorer answers, measured from outside as a terminal sees
 * it: the real binary on a pseudo-terminal of 120x40, timing from fork to the
 * last byte of the first frame, and from each key written to the last byte of
 * the redraw it causes. Issue 27's target 5 on the screen: the first frame
 * against `dialog --msgbox` started the same way on the same pty, the two in
 * turn (which goes first alternates), and the p90 of key to redraw when every
 * key reaches a state the explorer has not shown yet. A benchmark, not a test:
 * it reports PASS or MISS and fails only when a program does not draw at all.
 *
 * usage: screen_bench ./batchlab RUNS PRESET RATIO KEY_MS WALK
 *   PRESET: -p PRESET (from $BATCHLAB_PRESETS or the installed ones); "-": the default machine.
 *   RATIO:  the first frame's target, batchlab's median over dialog's (pair by pair) at most this.
 *   KEY_MS: the key-to-redraw p90 target, below this.
 *   WALK:   the keys each run types after its first frame, in order. + and - are
 *           timed: each must reach a new machine (a value not seen in the run,
 *           so no metric's memo - tui/layout.c cells_metric_memo, keyed by the
 *           values the metric reads - and no parameter text is reused for it);
 *           any other key (j: the next parameter) is typed and waited for, not timed.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define QUIET_MS 30 /* no output for this long: the frame is complete */
#define DIALOG "/usr/bin/dialog"

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/*
 * Read until the output has gone quiet (after seeing want, if given);
 * returns the time the last byte arrived, or -1 on timeout or EOF.
 */
static double read_frame(int fd, const char *want, double timeout_ms)
{
	static char seen[1 << 16];
	size_t nseen = 0;
	double start = now_ms(), last = -1;
	int found = !want;

	for (;;) {
		struct pollfd p = { fd, POLLIN, 0 };
		int wait = last < 0 || !found ? (int)(timeout_ms - (now_ms() - start)) : QUIET_MS;
		char buf[8192];
		ssize_t n;

		if (wait <= 0)
			return -1;
		if (poll(&p, 1, wait) <= 0)
			return found ? last : -1;
		n = read(fd, buf, sizeof(buf));
		if (n <= 0)
			return found ? last : -1;
		last = now_ms();
		if (!found) {
			size_t keep = nseen + (size_t)n < sizeof(seen) ? (size_t)n : sizeof(seen) - nseen - 1;

			memcpy(seen + nseen, buf, keep);
			nseen += keep;
			seen[nseen] = '\0';
			found = strstr(seen, want) != NULL;
		}
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* v sorted; its p90 (nearest rank) */
static double p90(const double *v, int n)
{
	return v[(n * 9) / 10 < n ? (n * 9) / 10 : n - 1];
}

static void report(const char *what, double *v, int n)
{
	if (!n) {
		printf("%-34s no samples\n", what);
		return;
	}
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	printf("%-34s median %6.2f ms   p90 %6.2f ms   max %6.2f ms   (%d samples)\n", what, v[n / 2], p90(v, n),
	       v[n - 1], n);
}

/*
 * The same keys as the explorer's own log (BATCHLAB_LOG) saw them: from the
 * key read to the end of the redraw it caused. What the terminal adds - the
 * pty, and waiting for a core on a loaded machine - is left out.
 */
static void inside_report(const char *home, int max)
{
	char path[256], line[512];
	double *v = calloc((size_t)max + 1, sizeof(*v)), key_t = -1;
	int n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/log", home);
	if (!v || !(f = fopen(path, "r"))) {
		free(v);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		double t = atof(line);
		const char *what = strchr(line, ' ');

		if (!what)
			continue;
		if (!strncmp(what, " key + ", 7) || !strncmp(what, " key - ", 7))
			key_t = t;
		else if (!strncmp(what, " key ", 5) || !strncmp(what, " start", 6))
			key_t = -1;
		else if (!strncmp(what, " redraw ", 8) && key_t >= 0 && n < max) {
			v[n++] = (t - key_t) * 1e3;
			key_t = -1;
		}
	}
	fclose(f);
	report("  inside the explorer", v, n);
	free(v);
}

/*
 * fork argv onto a fresh 120x40 pty, HOME and the state folders in home; *fd
 * the master side. With log, the explorer writes its log (BATCHLAB_LOG) into
 * home: two flushed lines a key, which the timed runs go without, as a user does.
 */
static pid_t start(char *const argv[], const char *home, int *fd, int log)
{
	struct winsize ws = { .ws_row = 40, .ws_col = 120 };
	pid_t pid = forkpty(fd, NULL, NULL, &ws);

	if (pid == 0) {
		char path[256];

		setenv("TERM", "xterm-256color", 1);
		setenv("HOME", home, 1);
		setenv("XDG_STATE_HOME", home, 1);
		setenv("XDG_CONFIG_HOME", home, 1);
		snprintf(path, sizeof(path), "%s/log", home);
		if (log)
			setenv("BATCHLAB_LOG", path, 1);
		else
			unsetenv("BATCHLAB_LOG");
		execv(argv[0], argv);
		_exit(127);
	}
	if (pid < 0) {
		perror("screen_bench: forkpty");
		exit(1);
	}
	return pid;
}

/* type bye, read what is left until the child has gone */
static void finish(pid_t pid, int fd, const char *bye)
{
	int status;

	(void)!write(fd, bye, strlen(bye));
	while (read(fd, (char[256]){ 0 }, 256) > 0)
		;
	waitpid(pid, &status, 0);
	close(fd);
}

/* start to the last byte of the first frame (the frame holds want), in ms; the program is left running in *pid, *fd */
static double first_frame(char *const argv[], const char *home, const char *want, pid_t *pid, int *fd, int log)
{
	double t0 = now_ms(), t;

	*pid = start(argv, home, fd, log);
	t = read_frame(*fd, want, 5000);
	if (t < 0) {
		fprintf(stderr, "screen_bench: no first frame from %s\n", argv[0]);
		kill(*pid, SIGTERM);
		waitpid(*pid, NULL, 0);
		exit(1);
	}
	return t - t0;
}

/* The walk's keys after the first frame: each + or - timed into key[], *nkey of them so far. */
static void walk(int fd, const char *keys, double *key, int *nkey)
{
	for (const char *k = keys; *k; k++) {
		double sent = now_ms(), t;

		if (write(fd, k, 1) != 1)
			return;
		t = read_frame(fd, NULL, 2000);
		if (t >= 0 && (*k == '+' || *k == '-'))
			key[(*nkey)++] = t - sent;
	}
}

int main(int argc, char **argv)
{
	int runs, nkey = 0, nsteps = 0;
	double *bl, *dl, *ratio, *key, ratio_target, key_target;
	const char *preset, *keys;
	char home[] = "/tmp/batchlab-bench-XXXXXX";
	char *bl_argv[4], *dl_argv[] = { DIALOG, "--msgbox", "batchlab screen_bench", "8", "40", NULL };

	if (argc != 7 || (runs = atoi(argv[2])) <= 0) {
		fprintf(stderr, "usage: screen_bench ./batchlab RUNS PRESET|- RATIO KEY_MS WALK\n");
		return 2;
	}
	preset = argv[3];
	ratio_target = atof(argv[4]);
	key_target = atof(argv[5]);
	keys = argv[6];
	for (const char *k = keys; *k; k++)
		nsteps += *k == '+' || *k == '-';
	bl_argv[0] = argv[1];
	bl_argv[1] = strcmp(preset, "-") ? "-p" : NULL;
	bl_argv[2] = strcmp(preset, "-") ? (char *)preset : NULL;
	bl_argv[3] = NULL;
	if (access(DIALOG, X_OK)) {
		fprintf(stderr, "screen_bench: %s is not installed (scripts/deps.sh bench installs it)\n", DIALOG);
		return 1;
	}
	if (!mkdtemp(home)) {
		perror("mkdtemp");
		return 1;
	}
	bl = calloc((size_t)runs, sizeof(*bl));
	dl = calloc((size_t)runs, sizeof(*dl));
	ratio = calloc((size_t)runs, sizeof(*ratio));
	key = calloc((size_t)(runs * nsteps) + 1, sizeof(*key));
	if (!bl || !dl || !ratio || !key)
		return 1;
	/* one start of each not counted: the explorer's first start ever shows the legend, and caches warm */
	for (int r = -1; r < runs; r++) {
		pid_t pid;
		int fd;

		for (int side = 0; side < 2; side++) {
			if ((side == 0) == (r % 2 == 0)) {
				double t = first_frame(bl_argv, home, "quit", &pid, &fd, 0);

				if (r >= 0) {
					bl[r] = t;
					walk(fd, keys, key, &nkey);
				}
				finish(pid, fd, "q");
			} else {
				double t = first_frame(dl_argv, home, "screen_bench", &pid, &fd, 0);

				if (r >= 0)
					dl[r] = t;
				finish(pid, fd, "\n");
			}
		}
		if (r >= 0)
			ratio[r] = bl[r] / dl[r];
	}
	printf("explorer on a 120x40 pty, %d runs (%s%s%s), each beside %s --msgbox, the two in turn\n", runs, argv[1],
	       bl_argv[1] ? " -p " : "", bl_argv[1] ? preset : "", DIALOG);
	report("start to first frame, batchlab", bl, runs);
	report("start to first frame, dialog", dl, runs);
	qsort(ratio, (size_t)runs, sizeof(*ratio), cmp_double);
	printf("5. first frame on %s: %.2f ms, dialog --msgbox %.2f ms: %.2fx [%.2f-%.2fx]   target <= %gx: %s\n",
	       bl_argv[1] ? preset : "the default machine", bl[runs / 2], dl[runs / 2], ratio[runs / 2], ratio[0],
	       ratio[runs - 1], ratio_target, ratio[runs / 2] <= ratio_target ? "PASS" : "MISS");
	printf("walk after each first frame: %s (%d keys, each + or - a machine not shown before)\n", keys, nsteps);
	report("key to redraw, new states", key, nkey);
	{
		/* the same walks again with the explorer's log, for what it says of its own part (not timed here) */
		double *scratch = calloc((size_t)(runs * nsteps) + 1, sizeof(*scratch));
		int nscratch = 0;

		for (int r = 0; r < runs && scratch; r++) {
			pid_t pid;
			int fd;

			first_frame(bl_argv, home, "quit", &pid, &fd, 1);
			walk(fd, keys, scratch, &nscratch);
			finish(pid, fd, "q");
		}
		free(scratch);
		inside_report(home, runs * nsteps);
	}
	if (nkey)
		printf("5. key to redraw p90 on %s, every key a new state: %.2f ms [median %.2f, max %.2f]   target < %g ms: "
		       "%s\n", bl_argv[1] ? preset : "the default machine", p90(key, nkey), key[nkey / 2], key[nkey - 1],
		       key_target, p90(key, nkey) < key_target ? "PASS" : "MISS");
	{
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", home);
		(void)!system(cmd);
	}
	free(bl);
	free(dl);
	free(ratio);
	free(key);
	return 0;
}
