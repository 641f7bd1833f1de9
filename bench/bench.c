/*
 * make bench: how fast batchlab is on this machine, against the issue's
 * targets. Not a test: figures vary with the machine and its load, so it
 * prints them and marks each target met or missed, and never fails on speed.
 *
 * usage: bench BATCHLAB PYTHON SWEEP_PLAIN_PY PLAIN_WRITER TMPDIR BENCHDIR [NUMPY_PYTHON]
 *
 * Issue 27's targets are ratios of cpu time measured side by side in this one run:
 * batchlab and a plain C writer of the identical bytes (bench/plain_writer.c)
 * alternate, pair by pair, and the median of the pairs' ratios is compared
 * with the target, the output going to a pipe this program reads and to a
 * file in TMPDIR. The bytes are compared before anything is timed.
 */
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../core/patch.h"
#include "../core/params.h"
#include "../core/sweep.h"
#include "../lang/session.h"
#include "../lang/cmd/cmd_sweep.h"
#include "../tui/layout.h"
#include "exact_set.h"

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

/* full recompute's budget a metric value: v0.1's 5 us over its 92 values */
#define RECOMPUTE_NS_PER_VALUE (5000.0 / 92)

/* Every metric of every model on every side, as `show all` computes them. */
static int recompute_all(const struct machine *m)
{
	int n = 0;
	double acc = 0;

	for (int i = 0; patch_set_builtin.list[i]; i++) {
		int nsides = patch_nsides(patch_set_builtin.list[i]);

		for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++) {
			for (int s = 0; s < (md->single ? 1 : nsides); s++) {
				acc += value_real(md->fn(m, md, s, NULL));
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

/* --- issue 27: ratios, side by side, in cpu time ---------------------------- */

static const char *tmpdir;
/*
 * Where run_io() puts the writer (the child) and the reader (this process):
 * 0 wherever the scheduler likes; 1 both on the first CPU; 2 the writer on the
 * first and the reader on the second. A pipe's cost depends on it - the copy
 * into the pipe and the one out of it run one after the other on one core, side
 * by side on two - and unpinned a run falls into either (docs/BENCH.md, target j).
 */
static int pin_cpus;

/* This process onto CPU cpu, or back onto every CPU it had (cpu < 0, from was). */
static void pin_to(int cpu, const cpu_set_t *was)
{
	cpu_set_t one;

	if (cpu < 0) {
		sched_setaffinity(0, sizeof(*was), was);
		return;
	}
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	sched_setaffinity(0, sizeof(one), &one);
}
static int npass, nmiss;

static const char *pass(int ok)
{
	ok ? npass++ : nmiss++;
	return ok ? "PASS" : "MISS";
}

/*
 * fork + exec argv with stdout into a pipe this process drains (to_file 0)
 * or into TMPDIR/out (to_file 1), stdin from path in (or /dev/null); the
 * child's cpu seconds (user + system, from wait4), its wall seconds in *wall.
 * keep: write the output to that path instead (for the byte comparison).
 */
static double run_io(char *const argv[], int to_file, const char *keep, const char *in, double *wall)
{
	char path[4096];
	int fd[2] = { -1, -1 }, out, status;
	struct rusage ru;
	posix_spawn_file_actions_t fa;
	pid_t pid;
	double t0;
	cpu_set_t was;

	snprintf(path, sizeof(path), "%s/out", tmpdir);
	if (keep)
		out = open(keep, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	else if (to_file)
		out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	else if (pipe(fd))
		out = -1;
	else
		out = fd[1];
	if (out < 0) {
		perror("bench: output");
		exit(1);
	}
	/*
	 * posix_spawn (a vfork in glibc), not fork: a forked child copies the
	 * bench's page tables and pays to tear them down again in execve, and
	 * that cost - 0.3 ms here, as much as bc's own start - went into the
	 * child's cpu time on both sides of every pair.
	 */
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, in ? in : "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0); /* a sweep's notes are not timed */
	posix_spawn_file_actions_adddup2(&fa, out, STDOUT_FILENO);
	if (fd[0] >= 0)
		posix_spawn_file_actions_addclose(&fa, fd[0]);
	posix_spawn_file_actions_addclose(&fa, out);
	if (pin_cpus) { /* the child inherits the mask it is spawned with; the reader then moves */
		sched_getaffinity(0, sizeof(was), &was);
		pin_to(0, NULL);
	}
	t0 = now();
	if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ)) {
		fprintf(stderr, "bench: cannot start %s\n", argv[0]);
		exit(1);
	}
	if (pin_cpus)
		pin_to(pin_cpus == 2 ? 1 : 0, NULL);
	posix_spawn_file_actions_destroy(&fa);
	close(out);
	if (fd[0] >= 0) {
		static char buf[1 << 20];

		while (read(fd[0], buf, sizeof(buf)) > 0)
			;
		close(fd[0]);
	}
	if (wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "bench: %s failed\n", argv[0]);
		exit(1);
	}
	if (pin_cpus)
		pin_to(-1, &was);
	if (wall)
		*wall = now() - t0;
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
	       (double)ru.ru_stime.tv_usec / 1e6;
}

static double run_to(char *const argv[], int to_file, const char *keep)
{
	double wall;

	run_io(argv, to_file, keep, NULL, &wall);
	return wall;
}

/* The two files' bytes the same: all of them, or (rows) every byte after the first line of each. */
static int same_bytes(const char *a, const char *b, int rows)
{
	FILE *fa = fopen(a, "r"), *fb = fopen(b, "r");
	int same = fa && fb, ca, cb;

	while (same && rows && (ca = getc(fa)) != EOF && ca != '\n')
		;
	while (same && rows && (cb = getc(fb)) != EOF && cb != '\n')
		;
	while (same) {
		ca = getc(fa);
		cb = getc(fb);
		same = ca == cb;
		if (ca == EOF)
			break;
	}
	if (fa)
		fclose(fa);
	if (fb)
		fclose(fb);
	return same;
}

/* Both outputs once into files, compared (rows: past their headings): a ratio between different bytes would mean nothing. */
static void check_outputs(char *const a[], char *const b[], const char *what, int rows)
{
	char pa[4096], pb[4096];

	snprintf(pa, sizeof(pa), "%s/a", tmpdir);
	snprintf(pb, sizeof(pb), "%s/b", tmpdir);
	run_to(a, 1, pa);
	run_to(b, 1, pb);
	if (!same_bytes(pa, pb, rows)) {
		fprintf(stderr, "bench: %s: the two %s DIFFER (%s, %s)\n", what,
			rows ? "commands' rows" : "programs' outputs", pa, pb);
		exit(1);
	}
	unlink(pa);
	unlink(pb);
}

static void check_same(char *const a[], char *const b[], const char *what)
{
	check_outputs(a, b, what, 0);
}

/* One side-by-side measurement: medians of a's and b's cpu seconds, the median, lowest and highest of b/a. */
struct pairs {
	double ta, tb, r, lo, hi;
	int n;
};

/*
 * 21, not the issue's least of 11: on this VM a pair's ratio spreads over
 * +-20% (its speed changes by 2x within seconds), and a median of 11 such
 * moved the near-limit targets 1 and 2 across their lines from run to run.
 */
#define PAIRS 21

/*
 * n runs of each, alternating which goes first; r = median over the pairs of
 * cpu(b) / cpu(a): a's speed as a fraction of b's (below 1: a is slower).
 */
static struct pairs pair_io(char *const a[], char *const b[], int n, int to_file, const char *ina, const char *inb)
{
	double r[64], va[64], vb[64];
	struct pairs p = { 0 };

	if (n > 64)
		n = 64;
	for (int i = 0; i < n; i++) {
		if (i % 2) {
			vb[i] = run_io(b, to_file, NULL, inb, NULL);
			va[i] = run_io(a, to_file, NULL, ina, NULL);
		} else {
			va[i] = run_io(a, to_file, NULL, ina, NULL);
			vb[i] = run_io(b, to_file, NULL, inb, NULL);
		}
		r[i] = vb[i] > 0 && va[i] > 0 ? vb[i] / va[i] : 1;
	}
	p.n = n;
	p.ta = median(va, n);
	p.tb = median(vb, n);
	p.r = median(r, n); /* sorts r */
	p.lo = r[0];
	p.hi = r[n - 1];
	return p;
}

static struct pairs pair_ratio(char *const a[], char *const b[], int n, int to_file)
{
	return pair_io(a, b, n, to_file, NULL, NULL);
}


/* The explorer's recompute: every metric row's cells and every parameter's text, as screen_recompute makes them. */
static int cells_all(const struct machine *m, int width)
{
	struct metric_cells c;
	char t[96];
	int n = 0;

	for (int i = 0; patch_set_builtin.list[i]; i++)
		for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++, n++)
			cells_metric(m, patch_set_builtin.list[i], md, width, &c);
	for (size_t i = 0; i < nparams; i++)
		param_format_human(m, &params[i], t, sizeof(t));
	sink = (double)c.side[0][0] + (double)t[0];
	return n;
}

static double cells_ns(const struct machine *m, int width)
{
	double b[9];
	int iters = 1;

	for (;;) {
		double t = now();

		for (int i = 0; i < iters; i++)
			cells_all(m, width);
		if (now() - t > 0.02 || iters > (1 << 20))
			break;
		iters *= 2;
	}
	for (int k = 0; k < 9; k++) {
		double t = now();

		for (int i = 0; i < iters; i++)
			cells_all(m, width);
		b[k] = (now() - t) / iters * 1e9;
	}
	return median(b, 9);
}

/*
 * What a key costs the explorer (screen_recompute): every cell through the
 * memo, every parameter's text, after one parameter moved. The walk presses
 * + then - on each parameter in turn, as someone exploring would: a cell is
 * recomputed when its metric reads the parameter moved, else remembered.
 */
static double key_walk_ns(struct machine *m, int width, unsigned long *hits, unsigned long *misses)
{
	static struct cells_memo memo[256];
	static struct param_memo pmemo[256];
	const struct metric_desc *mds[256];
	const struct patch_desc *ds[256];
	struct metric_cells c;
	char t[96], step[64], err[256];
	int n = 0, keys = 0;
	double total = 0;

	for (int i = 0; patch_set_builtin.list[i]; i++)
		for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name && n < 256; md++, n++) {
			cells_memo_init(&memo[n], md);
			mds[n] = md;
			ds[n] = patch_set_builtin.list[i];
		}
	for (int k = 0; k < n; k++) /* the first frame */
		cells_metric_memo(&memo[k], m, ds[k], mds[k], width, &c);
	for (size_t j = 0; j < nparams && j < 256; j++)
		param_text_memo(&pmemo[j], m, &params[j], t, sizeof(t));
	for (int rep = 0; rep < 20; rep++)
		for (size_t i = 0; i < nparams; i++)
			for (int dir = 1; dir >= -1; dir -= 2) {
				double t0;

				if (params[i].type == PT_CHOICE || param_step(m, &params[i], dir, step, sizeof(step)) ||
				    param_set(m, &params[i], step, err, sizeof(err)))
					continue;
				t0 = now();
				for (int k = 0; k < n; k++)
					cells_metric_memo(&memo[k], m, ds[k], mds[k], width, &c);
				for (size_t j = 0; j < nparams; j++)
					param_text_memo(&pmemo[j], m, &params[j], t, sizeof(t));
				total += now() - t0;
				keys++;
			}
	*hits = *misses = 0;
	for (int k = 0; k < n; k++) {
		*hits += memo[k].hits;
		*misses += memo[k].misses;
	}
	sink = (double)c.side[0][0] + (double)t[0];
	return keys ? total / keys * 1e9 : 0;
}

/*
 * Target 6/8 helper: batchlab in two formats over the same sweep, the ratio
 * of cpu(a) to cpu(b), reported. Issue 27 held jsonl to 1.5x csv and a table
 * to 2x; since csv's rows got three times cheaper (issue 41's runs of equal
 * values) the bytes of either format written alone cost more than that
 * (format_floor prints it), so no writer of them could pass. Issue 41 set
 * jsonl's target against its own bytes instead (its target 4), and a table
 * is held to the same rule (format_vs_bytes).
 */
static void format_ratio(char *bl, const char *fmt, const char *cmd, double was, const char *num)
{
	char *a[] = { bl, "--format", (char *)fmt, "-c", (char *)cmd, NULL };
	char *b[] = { bl, "--format", "csv", "-c", (char *)cmd, NULL };
	struct pairs p = pair_ratio(a, b, PAIRS, 0);

	printf("%s --format %s, the two-column sweep, 1M rows, to a pipe: %.3f s, csv %.3f s cpu: %.2fx [%.2f-%.2fx]\n"
	       "   (reported: issue 27's <= %gx csv is below the floor of these bytes, below; the target is now against\n"
	       "   the format's own bytes, issue 41's rule)\n", num, fmt, p.ta, p.tb, 1 / p.r, 1 / p.hi, 1 / p.lo, was);
}

/* The bytes a command prints (run once into the temporary folder). */
static long long output_bytes(char *const argv[])
{
	char path[4096];
	struct stat st;
	long long n;

	snprintf(path, sizeof(path), "%s/size", tmpdir);
	run_io(argv, 1, path, NULL, NULL);
	n = stat(path, &st) ? -1 : (long long)st.st_size;
	unlink(path);
	return n;
}

/*
 * The floor of targets 6 and 8: jsonl writes six times csv's bytes and a
 * table four times, and writing them costs cpu whatever makes them.
 * plain_writer bytes N writes N bytes of a buffer made once, in the same
 * 1 MiB writes: the format's bytes alone, plus csv's run less csv's bytes
 * alone, is the least a sweep in that format could take if its rows cost no
 * more to make than csv's.
 */
static void format_floor(char *bl, char *plain, const char *fmt, char *cmd)
{
	char *j[] = { bl, "--format", (char *)fmt, "-c", cmd, NULL }, *c[] = { bl, "--format", "csv", "-c", cmd, NULL };
	char nj[32], nc[32];
	long long bj = output_bytes(j), bc = output_bytes(c);
	struct pairs fj, fc;

	snprintf(nj, sizeof(nj), "%lld", bj);
	snprintf(nc, sizeof(nc), "%lld", bc);
	{
		char *wj[] = { plain, "bytes", nj, NULL }, *wc[] = { plain, "bytes", nc, NULL };

		fj = pair_ratio(wj, c, PAIRS, 0);
		fc = pair_ratio(wc, c, PAIRS, 0);
	}
	printf("   (reported) %s's %lld bytes written alone, to a pipe: %.3f s cpu, csv's %lld: %.3f s; csv's run less its\n"
	       "   bytes plus %s's bytes, the least a %s sweep could take: %.2fx csv\n",
	       fmt, bj, fj.ta, bc, fc.ta, fmt, fmt, (fj.ta + fc.tb - fc.ta) / fc.tb);
}

/*
 * Issue 41's rule for jsonl (its target 4) for another format: the sweep
 * within 1.15x of its own bytes written with nothing else done
 * (plain_writer bytes N, the same writes into the same pipe).
 */
static void format_vs_bytes(char *bl, char *plain, const char *fmt, char *cmd, const char *num)
{
	char *a[] = { bl, "--format", (char *)fmt, "-c", cmd, NULL };
	char n[32];
	long long bytes = output_bytes(a);
	char *f[] = { plain, "bytes", n, NULL };
	struct pairs p;

	snprintf(n, sizeof(n), "%lld", bytes);
	p = pair_ratio(f, a, PAIRS, 0);
	printf("%s --format %s against its %lld bytes written alone (plain_writer bytes), to a pipe: %.4f s, %.4f s:\n"
	       "   %.2fx [%.2f-%.2fx]   target <= 1.15x (issue 41's rule for jsonl): %s\n", num, fmt, bytes, p.tb, p.ta, p.r,
	       p.lo, p.hi, pass(p.r <= 1.15));
}

/* argv's exit status (-1: it did not run or end), its stdout and stderr into /dev/null; its wall seconds in *wall. */
static int run_status(char *const argv[], double *wall)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int status;
	double t0 = now();

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
	if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ)) {
		posix_spawn_file_actions_destroy(&fa);
		return -1;
	}
	posix_spawn_file_actions_destroy(&fa);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	*wall = now() - t0;
	return WEXITSTATUS(status);
}

/*
 * Issue 41's targets, each beside its limit: BENCH_ONLY's letters m (models
 * over totalram at each CPU count), e (the estimate), r (two exact columns
 * against plain_writer runs), j (jsonl against its byte floor), a (asks).
 */
static void issue41(char *bl, char *plain)
{
	const char *only = getenv("BENCH_ONLY");
	char range[] = "sweep totalram 1000000p 1999999p step 1";
	struct pairs p;

	printf("\nissue 41 targets: cpu time, %d alternating pairs, the median of the pair ratios [lowest-highest]\n", PAIRS);
	/* 1: a modeled column over totalram against an exact one, at every CPU count: each distinct input solved once */
	for (int k = 0; k < 5 && (!only || strchr(only, 'm')); k++) {
		static const char *const cpus[] = { "64", "256", "1024", "4096", "65536" };
		char ma[256], mb[256];
		char *a[] = { bl, "--format", "csv", "-c", ma, NULL }, *b[] = { bl, "--format", "csv", "-c", mb, NULL };

		snprintf(ma, sizeof(ma), "set cpus %s; %s committed_as.throughput", cpus[k], range);
		snprintf(mb, sizeof(mb), "set cpus %s; %s committed_as.batch", cpus[k], range);
		p = pair_ratio(a, b, PAIRS, 0);
		printf("1. cpus %5s, committed_as.throughput over totalram, 1M rows, to a pipe: %.2f ms, committed_as.batch "
		       "%.2f ms: %.2fx [%.2f-%.2fx]   target <= 2x: %s\n", cpus[k], p.ta * 1e3, p.tb * 1e3, 1 / p.r, 1 / p.hi,
		       1 / p.lo, pass(1 / p.r <= 2));
	}
	/* 2: the sweep of hours is refused before its first row, and --long is what runs it */
	if (!only || strchr(only, 'e')) {
		char *a[] = { bl, "-c", "set cpus 65536; sweep charge_page_ns 1 10000000 step 1 memcg_charge.throughput", NULL };
		double wall = 0;
		int st = run_status(a, &wall);

		printf("2. set cpus 65536; sweep charge_page_ns 1 10000000 step 1 memcg_charge.throughput (about an hour or\n"
		       "   more here): exit %d after %.0f ms (estimated, refused without --long)   target: exit 1 within 1 s: %s\n",
		       st, wall * 1e3, pass(st == 1 && wall < 1));
	}
	/* 3: two exact columns against the plateau writer, the true limit of these bytes */
	for (int big = 0; big < 2 && (!only || strchr(only, 'r')); big++) {
		char cmd[256];
		char *a[] = { bl, "--format", "csv", "-c", cmd, NULL };
		char *c[] = { plain, "runs", "64", "1000000", big ? "10999999" : "1999999", NULL };

		snprintf(cmd, sizeof(cmd), "sweep totalram 1000000p %sp step 1 committed_as.batch vmpressure.window",
			 big ? "10999999" : "1999999");
		check_same(a, c, "two-column sweep (plain_writer runs)");
		for (int to_file = 0; to_file < 2; to_file++) {
			p = pair_ratio(a, c, PAIRS, to_file);
			printf("3. two exact columns, %s rows, to a %s: batchlab %.4f s, limit (plain_writer runs) %.4f s: %3.0f%% "
			       "[%.0f-%.0f%%] of its speed   target >= 80%%: %s\n", big ? "10M" : "1M", to_file ? "file" : "pipe",
			       p.ta, p.tb, p.r * 100, p.lo * 100, p.hi * 100, pass(p.r >= 0.80));
		}
	}
	/* 4: jsonl, an object with names per row, against its own bytes written with nothing else done */
	if (!only || strchr(only, 'j')) {
		char cmd[] = "sweep totalram 1000000p 1999999p step 1 committed_as.batch vmpressure.window";
		char *a[] = { bl, "--format", "jsonl", "-c", cmd, NULL };
		char *w[] = { plain, "jsonl", "64", "1000000", "1999999", NULL };
		char n[32];
		long long bytes = output_bytes(a);

		snprintf(n, sizeof(n), "%lld", bytes);
		{
			char *f[] = { plain, "bytes", n, NULL };

			check_same(a, w, "jsonl sweep (plain_writer jsonl)");
			/* writer and reader on two CPUs, as a pipe to another program runs; on one, reported beside it */
			pin_cpus = sysconf(_SC_NPROCESSORS_ONLN) > 1 ? 2 : 0;
			p = pair_ratio(f, a, PAIRS, 0);
			printf("4. --format jsonl, the two-column sweep, 1M rows, to a pipe%s: %.4f s, its %lld bytes written alone\n"
			       "   (plain_writer bytes) %.4f s: %.2fx [%.2f-%.2fx]   target <= 1.15x: %s\n",
			       pin_cpus ? " read on another CPU" : "", p.tb, bytes, p.ta, p.r, p.lo, p.hi, pass(p.r <= 1.15));
			pin_cpus = 1;
			p = pair_ratio(f, a, PAIRS, 0);
			printf("   (reported) writer and reader on one CPU, each copy of the pipe's after the other: %.2fx [%.2f-%.2fx]\n",
			       p.r, p.lo, p.hi);
			pin_cpus = 0;
			p = pair_ratio(a, w, PAIRS, 0);
			printf("   (reported) against plain_writer jsonl, the same rows by the plateaus: %3.0f%% [%.0f-%.0f%%] of its "
			       "speed\n", p.r * 100, p.lo * 100, p.hi * 100);
		}
	}
	/* 5: proactive_reclaim.asks (four cells a side: count, first, last, sum) against calls (one a side) */
	if (!only || strchr(only, 'a')) {
		char ca[] = "sweep reclaim 4K 409600000 step 4096 proactive_reclaim.asks";
		char cc[] = "sweep reclaim 4K 409600000 step 4096 proactive_reclaim.calls";
		char *a[] = { bl, "--format", "csv", "-c", ca, NULL }, *b[] = { bl, "--format", "csv", "-c", cc, NULL };

		p = pair_ratio(a, b, PAIRS, 0);
		printf("5. proactive_reclaim.asks, 100K rows of reclaim, csv to a pipe: %.1f ms, proactive_reclaim.calls %.1f ms:\n"
		       "   %.2fx for 4x the cells [%.2f-%.2fx]   target <= 4x (a cell at a workload metric's cost): %s\n",
		       p.ta * 1e3, p.tb * 1e3, 1 / p.r, 1 / p.hi, 1 / p.lo, pass(1 / p.r <= 4));
	}
	printf("issue 41: %d PASS, %d MISS so far (issue 27's counted with them)\n", npass, nmiss);
}

/* The same rows under different headings (a patch file's ids are its own). */
static void check_same_rows(char *const a[], char *const b[], const char *what)
{
	check_outputs(a, b, what, 1);
}

/*
 * Issue 53's targets for a patch file's metrics and for variants, each beside
 * its limit (BENCH_ONLY letters f and v): a patch file's metric against the
 * built-in metric it restates (tests/data/committed_as_batch.mmpatch,
 * vmpressure_window.mmpatch), over totalram and over cpus, and a variant
 * against the built-in column with the same value over totalram: at most
 * 1.5x, the rows compared byte for byte first (the headings name other ids).
 * Over ram (plateaus of a row's totalram) a step of a page and one longer
 * than the division's plateau, where the search rests, are reported beside.
 */
static void issue53_metrics(char *bl, const char *benchdir)
{
	static const struct {
		char letter;
		const char *what, *file, *a, *b, *key;
		int reported; /* printed beside the targets, no verdict */
	} t[] = {
		{ 'f', "committed_as_file.batch", "committed_as_batch", "committed_as_file.batch", "committed_as.batch",
		  "totalram 1000000p 1999999p step 1", 0 },
		{ 'f', "committed_as_file, three metrics", "committed_as_batch",
		  "committed_as_file.batch committed_as_file.max_drift_bytes committed_as_file.reachable_drift_bytes",
		  "committed_as.batch committed_as.max_drift_bytes committed_as.reachable_drift_bytes",
		  "totalram 1000000p 1999999p step 1", 0 },
		{ 'f', "vmpressure_file.window", "vmpressure_window", "vmpressure_file.window", "vmpressure.window",
		  "totalram 1000000p 1999999p step 1", 0 },
		{ 'f', "vmpressure_file, four metrics", "vmpressure_window",
		  "vmpressure_file.window vmpressure_file.window_bytes vmpressure_file.evals vmpressure_file.detect_pages",
		  "vmpressure.window vmpressure.window_bytes vmpressure.evals vmpressure.detect_pages",
		  "totalram 1000000p 1999999p step 1", 0 },
		{ 'f', "committed_as_file.batch", "committed_as_batch", "committed_as_file.batch", "committed_as.batch",
		  "ram 1G 4G step 4K", 1 },
		{ 'f', "committed_as_file.batch", "committed_as_batch", "committed_as_file.batch", "committed_as.batch",
		  "ram 1G 640G step 1M", 1 },
		{ 'f', "committed_as_file.batch", "committed_as_batch", "committed_as_file.batch", "committed_as.batch",
		  "cpus 1 65536", 0 },
		{ 'f', "committed_as_file, three metrics", "committed_as_batch",
		  "committed_as_file.batch committed_as_file.max_drift_bytes committed_as_file.reachable_drift_bytes",
		  "committed_as.batch committed_as.max_drift_bytes committed_as.reachable_drift_bytes", "cpus 1 65536", 0 },
		{ 'f', "vmpressure_file, four metrics", "vmpressure_window",
		  "vmpressure_file.window vmpressure_file.window_bytes vmpressure_file.evals vmpressure_file.detect_pages",
		  "vmpressure.window vmpressure.window_bytes vmpressure.evals vmpressure.detect_pages", "cpus 1 65536", 0 },
		{ 'v', "committed_as.batch.same (a variant)", NULL,
		  "variant committed_as same = max(min(totalram / nr / (overcommit == never ? 256 : 4), 2147483647), "
		  "max(2 * nr, 32)); sweep $ committed_as.batch.same", "committed_as.batch.after",
		  "totalram 1000000p 1999999p step 1", 0 },
		{ 'v', "committed_as_file.batch.same (a patch file's variant)", "committed_as_batch",
		  "variant committed_as_file same = max(min(totalram / cpus / 4, 2147483647), max(2 * cpus, 32)); "
		  "sweep $ committed_as_file.batch.same committed_as_file.max_drift_bytes.same", "committed_as.batch.after "
		  "committed_as.max_drift_bytes.after", "totalram 1000000p 1999999p step 1", 0 },
		{ 'v', "vmpressure.window, evals, detect_pages .same (a variant of mem128m, metrics of it)", NULL,
		  "variant vmpressure same = 512 * (1 + fls(mem128m)); sweep $ vmpressure.window.same vmpressure.evals.same "
		  "vmpressure.detect_pages.same", "vmpressure.window.after vmpressure.evals.after vmpressure.detect_pages.after",
		  "totalram 1000000p 1999999p step 1", 0 },
		{ 'v', "committed_as.max_drift_bytes.same (a variant, a metric of it)", NULL,
		  "variant committed_as same = max(min(totalram / nr / (overcommit == never ? 256 : 4), 2147483647), "
		  "max(2 * nr, 32)); sweep $ committed_as.max_drift_bytes.same", "committed_as.max_drift_bytes.after",
		  "totalram 1000000p 1999999p step 1", 0 },
	};
	const char *only = getenv("BENCH_ONLY");
	int any = 0;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char ca[640], cb[320], path[4096], what[200], *dollar;
		char *a[] = { bl, "--format", "csv", "-P", path, "-c", ca, NULL }, *b[] = { bl, "--format", "csv", "-c", cb, NULL };
		struct pairs p;

		if (only && !strchr(only, t[i].letter))
			continue;
		if (!any++)
			printf("\nissue 53 targets: cpu time, %d alternating pairs, the median of the pair ratios [lowest-highest]; "
			       "each\nrow compared byte for byte first\n", PAIRS);
		snprintf(path, sizeof(path), "%s/../tests/data/%s.mmpatch", benchdir, t[i].file ? t[i].file : "committed_as_batch");
		if ((dollar = strchr(t[i].a, '$')))
			snprintf(ca, sizeof(ca), "%.*s%s%s", (int)(dollar - t[i].a), t[i].a, t[i].key, dollar + 1);
		else
			snprintf(ca, sizeof(ca), "sweep %s %s", t[i].key, t[i].a);
		snprintf(cb, sizeof(cb), "sweep %s %s", t[i].key, t[i].b);
		snprintf(what, sizeof(what), "issue 53: %s", t[i].what);
		check_same_rows(a, b, what);
		p = pair_ratio(a, b, PAIRS, 0);
		printf("%s. %s over %s, csv to a pipe: %.2f ms, the built-in %.2f ms: %.2fx [%.2f-%.2fx]   %s%s\n",
		       t[i].letter == 'f' ? "1" : "2", t[i].what, t[i].key, p.ta * 1e3, p.tb * 1e3, 1 / p.r, 1 / p.hi,
		       1 / p.lo, t[i].reported ? "(reported)" : "target <= 1.5x: ", t[i].reported ? "" : pass(1 / p.r <= 1.5));
	}
	if (any)
		printf("issue 53 (patch files, variants): %d PASS, %d MISS so far (the issues above counted with them)\n", npass,
		       nmiss);
}

static void issue27(char *bl, char *plain, char *py, const char *numpy_py, const char *benchdir)
{
	char sweep1m[] = "sweep totalram 1000000p 1999999p step 1 committed_as.batch vmpressure.window";
	char sweep10m[] = "sweep totalram 1000000p 10999999p step 1 committed_as.batch vmpressure.window";
	char all_cmd[8192], *all_plain[128], names[64][96];
	int nall = 0;
	struct pairs p;
	const char *only = getenv("BENCH_ONLY"); /* e.g. BENCH_ONLY=58: targets 5 and 8 alone (p: the peers) */

	printf("\nissue 27 targets: cpu time (user + system of each child), %d alternating pairs, the median of the pair\n"
	       "ratios [lowest-highest]; \"limit\" is the fastest plain C writer of the identical bytes (bench/plain_writer.c),\n"
	       "its output compared with batchlab's byte for byte first\n", PAIRS);

	/* 1: the two-column exact sweep against the inlined writer */
	for (int big = 0; big < 2 && (!only || strchr(only, '1')); big++) {
		char *a[] = { bl, "--format", "csv", "-c", big ? sweep10m : sweep1m, NULL };
		char *b[] = { plain, "all", "1000000", big ? "10999999" : "1999999", "committed_as.batch", "vmpressure.window",
			      NULL };
		char *c[] = { plain, "two", "64", "1000000", big ? "10999999" : "1999999", NULL };

		check_same(a, c, "two-column sweep (inlined writer)");
		check_same(a, b, "two-column sweep (core-function writer)");
		for (int to_file = 0; to_file < 2; to_file++) {
			p = pair_ratio(a, c, PAIRS, to_file);
			printf("1. two exact columns, %s rows, to a %s: batchlab %.3f s, limit %.3f s: %3.0f%% [%.0f-%.0f%%] of its "
			       "speed   target >= 80%%: %s\n", big ? "10M" : "1M", to_file ? "file" : "pipe", p.ta, p.tb,
			       p.r * 100, p.lo * 100, p.hi * 100, pass(p.r >= 0.80));
		}
		p = pair_ratio(a, b, PAIRS, 0);
		printf("   (reported) against core's metric functions called per cell, to a pipe: %.3f s, %3.0f%% [%.0f-%.0f%%]\n",
		       p.tb, p.r * 100, p.lo * 100, p.hi * 100);
	}

	/*
	 * 2: every exact metric of exact_set.h's patches, every side, against `plain_writer exact` (their
	 * arithmetic inlined). Its bytes are first held against batchlab's over
	 * the timed rows and over ranges that cross where its cells change: the
	 * batch floors (totalram / nr / 4 and / 256 reaching max(2 * nr, 32)),
	 * the window and threshold steps at each power of two of 128 MiB, the
	 * threshold's 125 cap, pcp_batch below its 1 MiB cap and at its floor of
	 * 1, the rows past ram that are n/a, and other CPU counts.
	 */
	if (!only || strchr(only, '2')) {
		static const char *const ranges[][3] = {
			{ "64", "1", "300000" },             /* pcp_batch from 1 to its cap; the after batch's floor */
			{ "64", "2090000", "2100000" },      /* the before batch leaves its floor at 2097152 */
			{ "64", "4190000", "4200000" },      /* the threshold reaches 125 at 4194304 */
			{ "64", "67100000", "67108900" },    /* totalram past ram's 67108864 pages: n/a rows */
			{ "1", "1", "70000" }, { "3", "1", "200000" }, { "65536", "8000000", "8400000" },
		};
		char *exact[] = { plain, "exact", "64", "1000000", "1999999", NULL };

		snprintf(all_cmd, sizeof(all_cmd), "sweep totalram 1000000p 1999999p step 1");
		all_plain[0] = plain;
		all_plain[1] = "hoist";
		all_plain[2] = "1000000";
		all_plain[3] = "1999999";
		for (int i = 0; patch_set_builtin.list[i]; i++)
			for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name && nall < 64; md++) {
				if (md->kind != METRIC_EXACT || !exact_set_has(patch_set_builtin.list[i]->id))
					continue;
				snprintf(names[nall], sizeof(names[nall]), "%s.%s", patch_set_builtin.list[i]->id, md->name);
				snprintf(all_cmd + strlen(all_cmd), sizeof(all_cmd) - strlen(all_cmd), " %s", names[nall]);
				all_plain[4 + nall] = names[nall];
				nall++;
			}
		all_plain[4 + nall] = NULL;
		{
			char *a[] = { bl, "--format", "csv", "-c", all_cmd, NULL };
			const char *cols = all_cmd + strlen("sweep totalram 1000000p 1999999p step 1");

			check_same(a, exact, "all-exact sweep (inlined writer)");
			check_same(a, all_plain, "all-exact sweep (core-function writer)");
			for (size_t k = 0; k < sizeof(ranges) / sizeof(ranges[0]); k++) {
				char cmd[8192], what[128];
				char *ar[] = { bl, "--format", "csv", "-c", cmd, NULL };
				char *br[] = { plain, "exact", (char *)ranges[k][0], (char *)ranges[k][1], (char *)ranges[k][2], NULL };

				snprintf(cmd, sizeof(cmd), "set cpus %s; sweep totalram %sp %sp step 1%s", ranges[k][0], ranges[k][1],
					 ranges[k][2], cols);
				snprintf(what, sizeof(what), "all-exact sweep (inlined writer), cpus %s, totalram %s..%s", ranges[k][0],
					 ranges[k][1], ranges[k][2]);
				check_same(ar, br, what);
			}
			for (int to_file = 0; to_file < 2; to_file++) {
				p = pair_ratio(a, exact, PAIRS, to_file);
				printf("2. all %d exact metrics, 1M rows, to a %s: batchlab %.3f s, limit %.3f s (%.0f ns a row): %3.0f%% "
				       "[%.0f-%.0f%%]   target >= 90%%: %s\n", nall, to_file ? "file" : "pipe", p.ta, p.tb, p.tb * 1e3,
				       p.r * 100, p.lo * 100, p.hi * 100, pass(p.r >= 0.90));
			}
			p = pair_ratio(a, all_plain, PAIRS, 0);
			printf("   (reported) against core's functions for the varying cells, the constant ones' bytes copied\n"
			       "   (plain_writer hoist), to a pipe: %.3f s (%.0f ns a row), %3.0f%% [%.0f-%.0f%%]\n", p.tb, p.tb * 1e3,
			       p.r * 100, p.lo * 100, p.hi * 100);
		}
	}

	if (!only || strchr(only, '3'))
		printf("3. a variant column against the built-in one: bench-variant below (in process, per row; <= 1.3x)\n");

	/* 4: a modeled metric over a key it reads that is not cpus: each distinct model input solved once */
	if (!only || strchr(only, '4')) {
		char *a[] = { bl, "--format", "csv", "-c",
			      "set cpus 65536; sweep totalram 1000000p 1009999p step 1 committed_as.throughput", NULL };
		char *b[] = { bl, "--format", "csv", "-c", "set cpus 65536; sweep totalram 1000000p 1009999p step 1 committed_as.batch",
			      NULL };

		p = pair_ratio(a, b, PAIRS, 0);
		printf("4. cpus 65536, committed_as.throughput over totalram 1000000p..1009999p: %.2f ms, committed_as.batch\n"
		       "   %.2f ms (whole processes): %.2fx [%.2f-%.2fx]   target <= 3x: %s\n", p.ta * 1e3, p.tb * 1e3, 1 / p.r,
		       1 / p.hi, 1 / p.lo, pass(1 / p.r <= 3));
	}

	/* 5: start-up against bc; -c and -f, each beside bc in its own pairs */
	if (!only || strchr(only, '5')) {
		char get[4096];
		char *a[] = { bl, "-c", "get cpus", NULL };
		char *af[] = { bl, "-f", get, NULL };
		char *b[] = { "/usr/bin/bc", NULL };
		char *t[] = { "/bin/true", NULL };
		char one[4096];
		FILE *f;

		snprintf(one, sizeof(one), "%s/one", tmpdir);
		snprintf(get, sizeof(get), "%s/get.cmd", tmpdir);
		f = fopen(one, "w");
		if (f) {
			fputs("1\n", f);
			fclose(f);
		}
		f = fopen(get, "w");
		if (f) {
			fputs("get cpus\n", f);
			fclose(f);
		}
		if (access(b[0], X_OK)) {
			printf("5. start-up: /usr/bin/bc not installed (scripts/deps.sh bench installs it)\n");
		} else {
			p = pair_io(a, b, 5 * PAIRS, 0, NULL, one);
			printf("5. start-up, batchlab -c 'get cpus' %.2f ms, bc reading \"1\" from stdin %.2f ms: %.2fx [%.2f-%.2fx]   "
			       "target <= 0.8x: %s\n", p.ta * 1e3, p.tb * 1e3, 1 / p.r, 1 / p.hi, 1 / p.lo, pass(1 / p.r <= 0.8));
			p = pair_io(af, b, 5 * PAIRS, 0, NULL, one);
			printf("5. start-up, batchlab -f FILE (get cpus) %.2f ms, bc %.2f ms: %.2fx [%.2f-%.2fx]   target <= 0.8x: %s\n",
			       p.ta * 1e3, p.tb * 1e3, 1 / p.r, 1 / p.hi, 1 / p.lo, pass(1 / p.r <= 0.8));
			p = pair_io(t, b, 5 * PAIRS, 0, NULL, one);
			printf("   (reported) /bin/true, a dynamically linked process doing nothing (batchlab links static): %.2f ms, "
			       "%.2fx bc\n", p.ta * 1e3, 1 / p.r);
		}
	}

	/* 6: the new output paths */
	if (!only || strchr(only, '6')) {
		char *probe[] = { bl, "--format", "jsonl", "-c", "get cpus", NULL };
		pid_t pid = fork();
		int status = 1;

		if (pid == 0) {
			int null = open("/dev/null", O_WRONLY);

			dup2(null, STDOUT_FILENO);
			dup2(null, STDERR_FILENO);
			execv(bl, probe);
			_exit(127);
		}
		waitpid(pid, &status, 0);
		if (WIFEXITED(status) && !WEXITSTATUS(status)) {
			format_ratio(bl, "jsonl", sweep1m, 1.5, "6.");
			format_floor(bl, plain, "jsonl", sweep1m);
			printf("6. --format jsonl against its own bytes: issue 41's target 4 below\n");
		} else
			printf("6. --format jsonl: not in this build yet   target <= 1.5x csv: not measured\n");
		{
			char dir[4096], cmd[256];
			const char *ids[] = { "memcg_charge", "proactive_reclaim", "committed_as", "vmpressure", NULL };
			double worst = 0;
			char worst_what[4400] = "";
			int n = 0;
			FILE *ls;

			snprintf(dir, sizeof(dir), "ls %s/../presets", benchdir);
			ls = popen(dir, "r");
			while (ls && fgets(dir, sizeof(dir), ls)) {
				char *dot = strstr(dir, ".preset");

				if (!dot)
					continue;
				*dot = 0;
				for (int i = 0; ids[i]; i++) {
					char *a[] = { bl, "-p", dir, "-c", cmd, NULL };
					double v[3], w;

					snprintf(cmd, sizeof(cmd), "report %s", ids[i]);
					for (int k = 0; k < 3; k++)
						run_io(a, 0, NULL, NULL, &v[k]);
					w = median(v, 3);
					n++;
					if (w > worst) {
						worst = w;
						snprintf(worst_what, sizeof(worst_what), "-p %s -c '%s'", dir, cmd);
					}
				}
			}
			if (ls)
				pclose(ls);
			printf("6. report, every patch on every preset (%d runs, median of 3 each, wall): slowest %.1f ms (%s)   "
			       "target < 50 ms: %s\n", n, worst * 1e3, worst_what, pass(n && worst < 0.05));
			printf("   an SVG of 100,000 points: bench-svg below\n");
		}
	}

	if (!only || strchr(only, '8')) {
		format_ratio(bl, "table", sweep1m, 2, "8.");
		format_floor(bl, plain, "table", sweep1m);
		format_vs_bytes(bl, plain, "table", sweep1m, "8.");
	}

	/* the peers, for the README: each output identical to batchlab's first */
	if (!only || strchr(only, 'p')) {
		char *a[] = { bl, "--format", "csv", "-c", sweep1m, NULL };
		char loop[4096], np[4096], awk[4096];
		char *pl[] = { py, loop, "1000000", "1999999", NULL };
		char *pn[] = { (char *)numpy_py, np, "1000000", "1999999", NULL };
		char *pa[] = { "/usr/bin/mawk", "-v", "from=1000000", "-v", "to=1999999", "-f", awk, NULL };
		char *pg[] = { "/usr/bin/gawk", "-v", "from=1000000", "-v", "to=1999999", "-f", awk, NULL };
		char *pc[] = { plain, "printf", "64", "1000000", "1999999", NULL };
		char *const *peers[] = { pl, pn, pa, pg, pc };
		const char *pname[] = { "Python loop", "numpy", "mawk", "gawk", "C printf loop" };
		const int runs[] = { 3, 3, 5, 5, PAIRS };

		snprintf(loop, sizeof(loop), "%s/peer_loop.py", benchdir);
		snprintf(np, sizeof(np), "%s/peer_numpy.py", benchdir);
		snprintf(awk, sizeof(awk), "%s/peer.awk", benchdir);
		printf("peers, the two-column sweep, 1M rows, to a pipe, cpu (outputs identical to batchlab's):\n");
		for (int i = 0; i < 5; i++) {
			if (access(peers[i][0], X_OK) || !*peers[i][0]) {
				printf("   %-14s not installed\n", pname[i]);
				continue;
			}
			check_same(a, peers[i], pname[i]);
			p = pair_ratio(a, peers[i], runs[i], 0);
			printf("   %-14s %.3f s, batchlab %.3f s: batchlab %.1fx faster [%.1f-%.1fx, %d pairs]\n", pname[i], p.tb,
			       p.ta, p.r, p.lo, p.hi, runs[i]);
		}
	}
	printf("issue 27 (bench part): %d PASS, %d MISS; bench-variant (3), bench-screen (5) and bench-svg (6) follow\n",
	       npass, nmiss);
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

	if (argc != 7 && argc != 8) {
		fprintf(stderr, "usage: bench BATCHLAB PYTHON SWEEP_PLAIN_PY PLAIN_WRITER TMPDIR BENCHDIR [NUMPY_PYTHON]\n");
		return 2;
	}
	tmpdir = argv[5];
	printf("batchlab bench (figures from this machine, under whatever else it is running)\n\n");

	machine_defaults(&m);
	ns = recompute_ns(&m, &nm);
	/*
	 * The target was 5000 ns for every value when there were 92 of them
	 * (README, issue 27's table); each patch since adds its metrics, so it
	 * is held per value: 5000 / 92 ns, what each cost then.
	 */
	printf("full recompute, default machine:   %8.0f ns  (%d metric values, %.1f ns a value)   target < %.1f ns a value\n"
	       "                                   (5000 ns when there were 92): %s\n", ns, nm, ns / nm,
	       RECOMPUTE_NS_PER_VALUE, verdict(ns / nm < RECOMPUTE_NS_PER_VALUE));
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
	for (int i = 0; patch_set_builtin.list[i]; i++) {
		for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name && nmva < 63; md++) {
			if (!md->fn_cpus)
				continue;
			snprintf(mva_names[nmva], sizeof(mva_names[nmva]), "%s.%s", patch_set_builtin.list[i]->id, md->name);
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
		printf("MVA sweep, cpus 1..65536:          %8.1f ms  (%d metrics, %llu columns from one-pass tables)   target < 200 ms: %s\n",
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
	{
		struct layout L;
		unsigned long hits, misses;
		struct machine w;

		machine_defaults(&m);
		layout_compute(&L, NULL, 120, 40);
		w = m;
		ns = key_walk_ns(&w, L.pval_w, &hits, &misses);
		printf("explorer: a key's recompute and formatting of every cell, default machine (+/- on each parameter, "
		       "%lu cells remembered, %lu recomputed): %.1f us   target < 10 us: %s\n", hits, misses, ns / 1e3,
		       verdict(ns < 10000));
		printf("   (reported) every cell recomputed and formatted, nothing remembered: %.1f us\n",
		       cells_ns(&m, L.pval_w) / 1e3);
		m.cpus = 65536;
		printf("   (reported) the same at 65536 CPUs: %.0f us\n", cells_ns(&m, L.pval_w) / 1e3);
	}
	issue27(argv[1], argv[4], argv[2], argc > 7 ? argv[7] : "", argv[6]);
	issue41(argv[1], argv[4]);
	issue53_metrics(argv[1], argv[6]);
	return 0;
}
