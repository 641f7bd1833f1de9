/*
 * How quickly the explorer answers, measured from outside as a terminal sees
 * it: the real binary on a pseudo-terminal of 120x40, timing from fork to the
 * last byte of the first frame, and from each key written to the last byte of
 * the redraw it causes. A benchmark, not a test: it reports and asserts nothing.
 *
 * usage: screen_bench ./batchlab [runs [PRESET [TARGET_MS]]]
 *   PRESET: start the explorer with -p PRESET (huge-65536cpu: every model
 *   solved at 65536 customers), from $BATCHLAB_PRESETS or the installed ones.
 *   TARGET_MS: say PASS or MISS for the key-to-redraw p90 against it.
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

static void report(const char *what, double *v, int n)
{
	if (!n) {
		printf("%-28s no samples\n", what);
		return;
	}
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	printf("%-28s median %6.2f ms   p90 %6.2f ms   max %6.2f ms   (%d samples)\n", what, v[n / 2],
	       v[(n * 9) / 10 < n ? (n * 9) / 10 : n - 1], v[n - 1], n);
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
		else if (!strncmp(what, " start", 6))
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

int main(int argc, char **argv)
{
	struct winsize ws = { .ws_row = 40, .ws_col = 120 };
	int runs = argc > 2 ? atoi(argv[2]) : 10, keys_per_run = 20, nfirst = 0, nkey = 0;
	double *first, *key;
	char home[] = "/tmp/batchlab-bench-XXXXXX";

	if (argc < 2 || runs <= 0) {
		fprintf(stderr, "usage: screen_bench ./batchlab [runs [PRESET]]\n");
		return 2;
	}
	if (!mkdtemp(home)) {
		perror("mkdtemp");
		return 1;
	}
	first = calloc((size_t)runs, sizeof(*first));
	key = calloc((size_t)(runs * keys_per_run), sizeof(*key));
	if (!first || !key)
		return 1;
	for (int r = 0; r < runs; r++) {
		int fd, status;
		double t0 = now_ms(), t;
		pid_t pid = forkpty(&fd, NULL, NULL, &ws);

		if (pid < 0) {
			perror("forkpty");
			return 1;
		}
		if (pid == 0) {
			setenv("TERM", "xterm-256color", 1);
			setenv("HOME", home, 1);
			setenv("XDG_STATE_HOME", home, 1);
			setenv("XDG_CONFIG_HOME", home, 1);
			{
				char log[256];

				snprintf(log, sizeof(log), "%s/log", home);
				setenv("BATCHLAB_LOG", log, 1);
			}
			if (argc > 3)
				execl(argv[1], argv[1], "-p", argv[3], (char *)NULL);
			else
				execl(argv[1], argv[1], (char *)NULL);
			_exit(127);
		}
		t = read_frame(fd, "quit", 5000);
		if (t < 0) {
			fprintf(stderr, "screen_bench: no first frame from %s\n", argv[1]);
			kill(pid, SIGTERM);
			waitpid(pid, &status, 0);
			return 1;
		}
		first[nfirst++] = t - t0;
		/* + and - in turn on cpus: 64, 128, 64 ... every panel recomputes and redraws */
		for (int k = 0; k < keys_per_run; k++) {
			double sent = now_ms();

			if (write(fd, k % 2 ? "-" : "+", 1) != 1)
				break;
			t = read_frame(fd, NULL, 2000);
			if (t >= 0)
				key[nkey++] = t - sent;
		}
		(void)!write(fd, "q", 1);
		while (read(fd, (char[256]){ 0 }, 256) > 0)
			;
		waitpid(pid, &status, 0);
		close(fd);
	}
	printf("explorer on a 120x40 pty, %d runs (%s%s%s)\n", runs, argv[1], argc > 3 ? " -p " : "", argc > 3 ? argv[3] : "");
	report("start to first frame", first, nfirst);
	report("key to redraw (+/- cpus)", key, nkey);
	inside_report(home, runs * keys_per_run);
	if (nkey && argc > 4) { /* key[] sorted by report() */
		double p90 = key[(nkey * 9) / 10 < nkey ? (nkey * 9) / 10 : nkey - 1], target = atof(argv[4]);

		printf("5. key to redraw p90 on %s: %.2f ms   target < %g ms: %s\n", argv[3], p90, target,
		       p90 < target ? "PASS" : "MISS");
	}
	{
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", home);
		(void)!system(cmd);
	}
	free(first);
	free(key);
	return 0;
}
