/*
 * make bench: how fast batchlab is on this machine, against the issue's
 * targets. Not a test: figures vary with the machine and its load, so it
 * prints them and marks each target met or missed, and never fails on speed.
 *
 * usage: bench BATCHLAB PYTHON SWEEP_PLAIN_PY
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../core/patch.h"
#include "../core/params.h"
#include "../core/sweep.h"
#include "../lang/session.h"
#include "../lang/sweepcmd.h"

#define DONE_SWEEP "set ram 256G; sweep cpus 1 65536 step 1 committed_as.batch.after vmstat.threshold"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static const char *verdict(int ok)
{
	return ok ? "met" : "MISSED";
}

static volatile double sink;

/* Every metric of every model on every side, as `show all` computes them. */
static int recompute_all(const struct machine *m)
{
	int n = 0;
	double acc = 0;

	for (int i = 0; patches[i]; i++) {
		int nsides = patch_nsides(patches[i]);

		for (const struct metric_desc *md = patches[i]->metrics; md->name; md++) {
			for (int s = 0; s < (md->single ? 1 : nsides); s++) {
				acc += value_real(md->fn(m, s, NULL));
				n++;
			}
		}
	}
	sink = acc;
	return n;
}

static double recompute_ns(const struct machine *m, int *nmetrics)
{
	double batches[9];
	int iters = 1;

	/* grow the batch until it takes ~20 ms, then time nine of them */
	for (;;) {
		double t = now();

		for (int i = 0; i < iters; i++)
			*nmetrics = recompute_all(m);
		if (now() - t > 0.02 || iters > (1 << 24))
			break;
		iters *= 2;
	}
	for (int b = 0; b < 9; b++) {
		double t = now();

		for (int i = 0; i < iters; i++)
			recompute_all(m);
		batches[b] = (now() - t) / iters * 1e9;
	}
	return median(batches, 9);
}

/* A sweep as the command runs it, csv written to /dev/null; seconds. */
static double sweep_seconds(const struct machine *m, const char *key, const char *from, const char *to,
			    const char *how, const char *n, const char *const *metrics, uint64_t *rows,
			    uint64_t *fast)
{
	static struct sweep sw;
	struct sweep_range r;
	struct strbuf out = STRBUF_INIT;
	char err[256];
	FILE *null = fopen("/dev/null", "w");
	double t;

	if (!null || sweep_range_parse(m, key, from, to, how, n, &r, err, sizeof(err))) {
		fprintf(stderr, "bench: %s\n", null ? err : "cannot open /dev/null");
		exit(1);
	}
	sweep_init(&sw, &r);
	for (int i = 0; metrics[i]; i++) {
		if (sweep_add_metric(&sw, metrics[i], err, sizeof(err))) {
			fprintf(stderr, "bench: %s\n", err);
			exit(1);
		}
	}
	t = now();
	if (sweep_write(m, &sw, FMT_CSV, null, 0, &out, err, sizeof(err))) {
		fprintf(stderr, "bench: %s\n", err);
		exit(1);
	}
	fwrite(out.buf, 1, out.len, null);
	fclose(null);
	t = now() - t;
	*rows = r.rows;
	if (fast)
		*fast = sw.fast_calls;
	sb_free(&out);
	return t;
}

/* fork + exec, stdout into a pipe: seconds to the first byte, or to the end of the output. */
static double run_process(char *const argv[], int to_first_byte, const char *save)
{
	int fd[2];
	pid_t pid;
	double t0 = now(), t = 0;
	char buf[65536];
	ssize_t n;
	FILE *f = save ? fopen(save, "w") : NULL;

	if (pipe(fd)) {
		perror("bench: pipe");
		exit(1);
	}
	pid = fork();
	if (pid == 0) {
		dup2(fd[1], STDOUT_FILENO);
		close(fd[0]);
		close(fd[1]);
		execv(argv[0], argv);
		_exit(127);
	}
	close(fd[1]);
	while ((n = read(fd[0], buf, sizeof(buf))) > 0) {
		if (!t && to_first_byte)
			t = now() - t0;
		if (f)
			fwrite(buf, 1, (size_t)n, f);
	}
	close(fd[0]);
	waitpid(pid, NULL, 0);
	if (!to_first_byte)
		t = now() - t0;
	if (f)
		fclose(f);
	return t;
}

static double median_process_ms(char *const argv[], int to_first_byte, int runs)
{
	double *v = malloc(sizeof(double) * (size_t)runs), m;

	for (int i = 0; i < runs; i++)
		v[i] = run_process(argv, to_first_byte, NULL) * 1e3;
	m = median(v, runs);
	free(v);
	return m;
}

int main(int argc, char **argv)
{
	static const char *const exact[] = { "committed_as.batch.after", "vmstat.threshold", NULL };
	static const char *const exact5[] = { "vmpressure.window", "committed_as.batch", "vmstat.threshold", NULL };
	const char *mva[64];
	char mva_names[64][96];
	struct machine m;
	double ns, ns_big, t, rps, rps_1m, bl_ms, py_ms, start_ms;
	uint64_t rows, rows_1m, fast = 0;
	int nm, nmva = 0;

	if (argc != 4) {
		fprintf(stderr, "usage: bench BATCHLAB PYTHON SWEEP_PLAIN_PY\n");
		return 2;
	}
	printf("batchlab bench (figures from this machine, under whatever else it is running)\n\n");

	machine_defaults(&m);
	ns = recompute_ns(&m, &nm);
	printf("full recompute, default machine:   %8.0f ns  (%d metric values)   target < 5000 ns: %s\n", ns, nm,
	       verdict(ns < 5000));
	m.cpus = 65536;
	ns_big = recompute_ns(&m, &nm);
	printf("full recompute, 65536 CPUs:        %8.0f ns  (reported, no target)\n", ns_big);

	machine_defaults(&m);
	m.ram = 256ull << 30;
	t = 0;
	for (int i = 0; i < 8; i++)
		t += sweep_seconds(&m, "cpus", "1", "65536", "step", "1", exact, &rows, NULL);
	rps = 8.0 * (double)rows / t;
	t = sweep_seconds(&m, "totalram", "1000000p", "1999999p", "step", "1", exact5, &rows_1m, NULL);
	rps_1m = (double)rows_1m / t;
	printf("exact sweep, csv to /dev/null:     %8.2f M rows/s (cpus 1..65536, 2 columns, x8)   target > 1M: %s\n",
	       rps / 1e6, verdict(rps > 1e6));
	printf("                                   %8.2f M rows/s (totalram, 1M rows, 5 columns)  target > 1M: %s\n",
	       rps_1m / 1e6, verdict(rps_1m > 1e6));

	/* every metric that offers the one-pass sweep over cpus, on every side */
	for (int i = 0; patches[i]; i++) {
		for (const struct metric_desc *md = patches[i]->metrics; md->name && nmva < 63; md++) {
			if (!md->fn_cpus)
				continue;
			snprintf(mva_names[nmva], sizeof(mva_names[nmva]), "%s.%s", patches[i]->id, md->name);
			mva[nmva] = mva_names[nmva];
			nmva++;
		}
	}
	mva[nmva] = NULL;
	if (!nmva) {
		printf("MVA sweep, cpus 1..65536:               n/a (no MVA metric yet)   target < 200 ms\n");
	} else {
		double v[5];

		machine_defaults(&m);
		for (int i = 0; i < 5; i++)
			v[i] = sweep_seconds(&m, "cpus", "1", "65536", "step", "1", mva, &rows, &fast) * 1e3;
		t = median(v, 5);
		printf("MVA sweep, cpus 1..65536:          %8.1f ms  (%d metrics, %llu one-pass solves)   target < 200 ms: %s\n",
		       t, nmva, (unsigned long long)fast, verdict(t < 200));
		for (int i = 0; i < nmva; i++)
			printf("                                   %s\n", mva[i]);
	}

	{
		char *get[] = { argv[1], "-c", "get cpus", NULL };
		char *bl[] = { argv[1], "--format", "csv", "-c", DONE_SWEEP, NULL };
		char *py[] = { argv[2], argv[3], NULL };

		start_ms = median_process_ms(get, 1, 101);
		printf("start to first output, -c 'get cpus': %5.2f ms  (median of 101 fork+exec runs)\n", start_ms);
		bl_ms = median_process_ms(bl, 0, 21);
		py_ms = median_process_ms(py, 0, 11);
		printf("65536-row csv sweep, whole process: batchlab %.1f ms, python %.1f ms (medians of 21 and 11 runs)\n",
		       bl_ms, py_ms);
		printf("                                   %8.1fx faster   target >= 20x: %s\n", py_ms / bl_ms,
		       verdict(py_ms / bl_ms >= 20));
	}
	return 0;
}
