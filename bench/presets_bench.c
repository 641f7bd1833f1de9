/*
 * Issue 11: completion and `preset list` with 100,000 presets in a folder.
 * Makes the presets in its own temporary folder, then measures: completing
 * `preset load ` (every name) and `preset load p09` (a tenth), and `preset
 * list`, with the memory each took (maxrss growth per preset). Exits 1 when
 * completion takes 0.5 s or more or more than 1 KB per preset - the issue's
 * bounds (generous, on purpose: a benchmark, not a timed unit test).
 * usage: presets_bench [N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "../core/strbuf.h"
#include "../lang/complete.h"
#include "../lang/presetio.h"
#include "../core/params.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static long maxrss_kb(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

static int complete_once(const char *line, double *secs, size_t *n)
{
	struct completion c;
	double t = now_s();
	int rc;

	memset(&c, 0, sizeof(c));
	rc = complete_line(line, strlen(line), &c);
	*secs = now_s() - t;
	*n = c.n;
	completion_free(&c);
	return rc;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000, rss0, rss1;
	char dir[] = "/tmp/bl-presets-bench-XXXXXX", path[128], cmd[160];
	double t_all, t_some, t_list;
	size_t n_all, n_some;
	struct strbuf out = STRBUF_INIT;
	int fail = 0;

	if (!mkdtemp(dir))
		return perror("mkdtemp"), 2;
	for (long i = 0; i < n; i++) {
		FILE *f;

		snprintf(path, sizeof(path), "%s/p%06ld.preset", dir, i);
		f = fopen(path, "w");
		if (!f)
			return perror(path), 2;
		fprintf(f, "# preset %ld\ncpus = %ld\n", i, i % 64 + 1);
		fclose(f);
	}
	setenv("BATCHLAB_PRESETS", dir, 1);
	setenv("XDG_CONFIG_HOME", dir, 1); /* no user folder: $dir/batchlab/presets does not exist */

	rss0 = maxrss_kb();
	complete_once("preset load ", &t_all, &n_all);
	rss1 = maxrss_kb();
	complete_once("preset load p09", &t_some, &n_some);
	t_list = now_s();
	preset_list(&out);
	t_list = now_s() - t_list;
	printf("presets_bench: %ld presets: completing 'preset load ' %.3f s (%zu names), 'preset load p09' %.3f s "
	       "(%zu), preset list %.3f s (%zu bytes); completion memory %.0f bytes per preset\n",
	       n, t_all, n_all, t_some, n_some, t_list, out.len, (double)(rss1 - rss0) * 1024 / (double)n);
	{
		/* issue 27: -p NAME opens the named file, it does not scan the folder */
		struct machine m;
		char err[512];
		double t_load = now_s();

		machine_defaults(&m);
		if (preset_load(&m, NULL, "p050000", err, sizeof(err)))
			return printf("presets_bench: preset load p050000: %s\n", err), 2;
		t_load = now_s() - t_load;
		printf("presets_bench: preset load p050000 among %ld presets: %.3f ms: %s\n", n, t_load * 1e3,
		       t_load < 0.005 ? "PASS (< 5 ms)" : "MISS (>= 5 ms)");
		if (t_load >= 0.005)
			fail = 1;
	}
	if (t_all >= 0.5 || t_some >= 0.5) {
		printf("presets_bench: completion took 0.5 s or more\n");
		fail = 1;
	}
	if ((double)(rss1 - rss0) * 1024 / (double)n > 1024) {
		printf("presets_bench: completion took more than 1 KB per preset\n");
		fail = 1;
	}
	sb_free(&out);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) || fail;
}
