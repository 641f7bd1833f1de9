/*
 * The one file writer (lang/out/outfile.c) against every kind of path a user may
 * name: a regular file keeps its mode, a link stays a link, a device or FIFO is
 * streamed into and never replaced, a folder or read-only file is refused, a
 * long name fits, and a signal during a write leaves no temporary file.
 * Device nodes are made with mknod inside the test's own folder (root only).
 */
#include "testutil.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../lang/out/outfile.h"

static char root[64];

static const char *at(const char *name)
{
	static char path[8][PATH_MAX];
	static int k;

	k = (k + 1) % 8;
	snprintf(path[k], sizeof(path[k]), "%s/%s", root, name);
	return path[k];
}

static void put(const char *name, const char *text, mode_t mode)
{
	FILE *f = fopen(at(name), "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	assert_int_equal(chmod(at(name), mode), 0);
}

static char *slurp(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return buf;
}

/* No ".NAME.XXXXXX" left behind: every entry of the folder is one the test made. */
static int temporaries(void)
{
	DIR *d = opendir(root);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (e->d_name[0] == '.' && strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static int setup(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "/tmp/bl-outfile-XXXXXX");
	return mkdtemp(root) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_new_file_takes_umask(void **state)
{
	char err[512];
	struct stat st;
	mode_t mask = umask(022);

	(void)state;
	assert_int_equal(outfile_write(at("new.csv"), "a,b\n", 4, err, sizeof(err)), 0);
	umask(mask);
	assert_string_equal(slurp(at("new.csv")), "a,b\n");
	assert_int_equal(stat(at("new.csv"), &st), 0);
	assert_int_equal(st.st_mode & 07777, 0644);
	assert_int_equal(temporaries(), 0);
}

static void test_existing_file_keeps_mode(void **state)
{
	char err[512];
	struct stat st;

	(void)state;
	put("mine.preset", "old\n", 0640);
	assert_int_equal(outfile_write(at("mine.preset"), "new\n", 4, err, sizeof(err)), 0);
	assert_string_equal(slurp(at("mine.preset")), "new\n");
	assert_int_equal(stat(at("mine.preset"), &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	assert_int_equal(temporaries(), 0);
}

static void test_symlink_stays_a_link(void **state)
{
	char err[512], link[PATH_MAX];
	struct stat st;
	ssize_t n;

	(void)state;
	put("real.preset", "old\n", 0600);
	assert_int_equal(symlink("real.preset", at("link.preset")), 0);
	assert_int_equal(outfile_write(at("link.preset"), "new\n", 4, err, sizeof(err)), 0);
	assert_int_equal(lstat(at("link.preset"), &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	n = readlink(at("link.preset"), link, sizeof(link) - 1);
	assert_true(n > 0);
	link[n] = '\0';
	assert_string_equal(link, "real.preset");
	assert_string_equal(slurp(at("real.preset")), "new\n");
	assert_int_equal(stat(at("real.preset"), &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);

	/* a link to a file that does not exist yet: the file is made where the link points */
	assert_int_equal(symlink("later.preset", at("dangling.preset")), 0);
	assert_int_equal(outfile_write(at("dangling.preset"), "x\n", 2, err, sizeof(err)), 0);
	assert_int_equal(lstat(at("dangling.preset"), &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_string_equal(slurp(at("later.preset")), "x\n");
	assert_int_equal(temporaries(), 0);
}

static void test_devices_are_streamed_never_replaced(void **state)
{
	char err[512];
	struct stat st;

	(void)state;
	if (geteuid() != 0) {
		skip();
		return;
	}
	assert_int_equal(mknod(at("null"), S_IFCHR | 0666, makedev(1, 3)), 0);
	assert_int_equal(mknod(at("full"), S_IFCHR | 0666, makedev(1, 7)), 0);
	assert_int_equal(outfile_write(at("null"), "rows\n", 5, err, sizeof(err)), 0);
	assert_int_equal(lstat(at("null"), &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	assert_int_equal(major(st.st_rdev), 1);
	assert_int_equal(minor(st.st_rdev), 3);

	/* through a link too (the way /dev/stdout and dotfile managers name things) */
	assert_int_equal(symlink("null", at("null-link")), 0);
	assert_int_equal(outfile_write(at("null-link"), "rows\n", 5, err, sizeof(err)), 0);
	assert_int_equal(stat(at("null-link"), &st), 0);
	assert_true(S_ISCHR(st.st_mode));

	assert_int_equal(outfile_write(at("full"), "rows\n", 5, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "ENOSPC"));
	assert_non_null(strstr(err, at("full")));
	assert_int_equal(lstat(at("full"), &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	assert_int_equal(temporaries(), 0);
}

static void test_fifo_with_a_reader(void **state)
{
	char err[512], buf[64];
	struct stat st;
	int p[2];
	pid_t pid;
	ssize_t n;

	(void)state;
	assert_int_equal(mkfifo(at("fifo"), 0600), 0);
	assert_int_equal(pipe(p), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int fd = open(at("fifo"), O_RDONLY);
		ssize_t k = fd >= 0 ? read(fd, buf, sizeof(buf)) : -1;

		_exit(k > 0 && write(p[1], buf, (size_t)k) == k ? 0 : 1);
	}
	close(p[1]);
	assert_int_equal(outfile_write(at("fifo"), "streamed\n", 9, err, sizeof(err)), 0);
	n = read(p[0], buf, sizeof(buf) - 1);
	close(p[0]);
	waitpid(pid, NULL, 0);
	assert_int_equal(n, 9);
	buf[n] = '\0';
	assert_string_equal(buf, "streamed\n");
	assert_int_equal(lstat(at("fifo"), &st), 0);
	assert_true(S_ISFIFO(st.st_mode));

	/* nobody reading: an error naming the FIFO, not a hang and not a regular file in its place */
	assert_int_equal(outfile_write(at("fifo"), "x\n", 2, err, sizeof(err)), -1);
	assert_non_null(strstr(err, at("fifo")));
	assert_non_null(strstr(err, "no reader"));
	assert_int_equal(lstat(at("fifo"), &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
}

static void test_refused(void **state)
{
	char err[512], want[PATH_MAX + 64];

	(void)state;
	assert_int_equal(mkdir(at("folder"), 0755), 0);
	assert_int_equal(outfile_write(at("folder"), "x", 1, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s: is a folder", at("folder"));
	assert_string_equal(err, want);

	assert_int_equal(outfile_write(at("nosuch/out.csv"), "x", 1, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s: folder %s does not exist", at("nosuch/out.csv"), at("nosuch"));
	assert_string_equal(err, want);

	put("ro.preset", "keep\n", 0444);
	assert_int_equal(outfile_write(at("ro.preset"), "x", 1, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s: read-only file: not replaced", at("ro.preset"));
	assert_string_equal(err, want);
	assert_string_equal(slurp(at("ro.preset")), "keep\n");
	assert_int_equal(temporaries(), 0);
}

/*
 * The temporary's name never reaches a message: a write that fails half way
 * (a file size limit, as a full disk would) names the target, and removes the temporary.
 */
static void test_errors_name_the_target(void **state)
{
	int status;
	pid_t pid;

	(void)state;
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct rlimit rl = { 16, 16 };
		char err[512], text[100];

		signal(SIGXFSZ, SIG_IGN);
		memset(text, 'x', sizeof(text));
		if (setrlimit(RLIMIT_FSIZE, &rl) || !outfile_write(at("big.csv"), text, sizeof(text), err, sizeof(err)))
			_exit(2);
		if (strncmp(err, at("big.csv"), strlen(at("big.csv"))) || strstr(err, ".big.csv") || !strstr(err, "EFBIG"))
			_exit(3);
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(temporaries(), 0);
	assert_int_equal(access(at("big.csv"), F_OK), -1);
}

static void test_names_up_to_name_max(void **state)
{
	char err[512], name[NAME_MAX + 2];

	(void)state;
	for (int len = 248; len <= NAME_MAX; len++) {
		memset(name, 'n', (size_t)len);
		name[len] = '\0';
		assert_int_equal(outfile_write(at(name), "x\n", 2, err, sizeof(err)), 0);
		assert_string_equal(slurp(at(name)), "x\n");
		assert_int_equal(unlink(at(name)), 0);
	}
	assert_int_equal(temporaries(), 0);
}

/*
 * Every signal whose default action ends the process, from signal(7)'s table
 * (Term and Core), the real-time ones too; SIGXFSZ is the write error below.
 */
static int ending_signals(int *sigs)
{
	static const int table[] = { SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE,
				     SIGUSR1, SIGSEGV, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU,
				     SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSYS };
	int n = 0;

	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		sigs[n++] = table[i];
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		sigs[n++] = sig;
	return n;
}

/* The child opens, writes half, and is ended by sig: the target is untouched, no temporary remains. */
static void test_signal_removes_temporary(void **state)
{
	int sigs[64], n = ending_signals(sigs);

	(void)state;
	put("kept.csv", "old\n", 0644);
	for (int i = 0; i < n; i++) {
		int status;
		pid_t pid = fork();

		assert_true(pid >= 0);
		if (pid == 0) {
			struct rlimit nocore = { 0, 0 };
			struct outfile o;
			char err[512];

			setrlimit(RLIMIT_CORE, &nocore); /* the core-dumping ones: no core file anywhere */
			signal(sigs[i], SIG_DFL);
			if (outfile_open(&o, at("kept.csv"), err, sizeof(err)) || fputs("half", o.f) < 0 || fflush(o.f))
				_exit(3);
			raise(sigs[i]);
			_exit(4); /* not reached: the signal ends the process */
		}
		assert_int_equal(waitpid(pid, &status, 0), pid);
		if (!WIFSIGNALED(status) || WTERMSIG(status) != sigs[i])
			fail_msg("signal %d (%s): the child %s %d", sigs[i], strsignal(sigs[i]),
				 WIFSIGNALED(status) ? "died of" : "exited", WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
		if (temporaries())
			fail_msg("signal %d (%s) left the temporary file", sigs[i], strsignal(sigs[i]));
		assert_string_equal(slurp(at("kept.csv")), "old\n");
	}
	/* after a commit the process's own handlers are back (cmocka's for the faults among them) */
	{
		char err[512];
		struct sigaction sa, before[_NSIG];

		for (int sig = 1; sig < _NSIG; sig++)
			if (sigaction(sig, NULL, &before[sig])) /* the C library's own, 32 and 33 */
				before[sig].sa_handler = SIG_ERR;
		assert_int_equal(outfile_write(at("kept.csv"), "new\n", 4, err, sizeof(err)), 0);
		for (int sig = 1; sig < _NSIG; sig++) {
			if (sigaction(sig, NULL, &sa))
				sa.sa_handler = SIG_ERR;
			if (sa.sa_handler != before[sig].sa_handler)
				fail_msg("signal %d (%s): its handler changed", sig, strsignal(sig));
		}
	}
}

/*
 * `ulimit -f` with SIGXFSZ at its default (which would end the process, the
 * temporary left): the write fails with EFBIG instead, said with the target's
 * name, the temporary gone, the process alive.
 */
static void test_file_size_limit_is_an_error(void **state)
{
	int status;
	pid_t pid;

	(void)state;
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct rlimit rl = { 4096, 4096 }, nocore = { 0, 0 };
		char err[512], text[10000];

		setrlimit(RLIMIT_CORE, &nocore);
		signal(SIGXFSZ, SIG_DFL);
		memset(text, 'x', sizeof(text));
		if (setrlimit(RLIMIT_FSIZE, &rl) || !outfile_write(at("limit.csv"), text, sizeof(text), err, sizeof(err)))
			_exit(2);
		if (strncmp(err, at("limit.csv"), strlen(at("limit.csv"))) || !strstr(err, "EFBIG"))
			_exit(3);
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	if (WIFSIGNALED(status))
		fail_msg("the write ended the process with signal %d", WTERMSIG(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(temporaries(), 0);
	assert_int_equal(access(at("limit.csv"), F_OK), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_new_file_takes_umask),
		cmocka_unit_test(test_existing_file_keeps_mode),
		cmocka_unit_test(test_symlink_stays_a_link),
		cmocka_unit_test(test_devices_are_streamed_never_replaced),
		cmocka_unit_test(test_fifo_with_a_reader),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_errors_name_the_target),
		cmocka_unit_test(test_names_up_to_name_max),
		cmocka_unit_test(test_signal_removes_temporary),
		cmocka_unit_test(test_file_size_limit_is_an_error),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
