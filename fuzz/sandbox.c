#include "sandbox.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/machine.h"
#include "../core/params.h"

/* The harness's own state: one process, one sandbox. */
static char root[PATH_MAX];
static char real_root[PATH_MAX]; /* root with its links resolved (TMPDIR may be one) */
static char artifacts[PATH_MAX];
static int guarded;

/* A ".." component could climb out of any directory we allow. */
static int climbs(const char *path)
{
	for (const char *p = path; (p = strstr(p, "..")); p += 2)
		if ((p == path || p[-1] == '/') && (p[2] == '/' || p[2] == '\0'))
			return 1;
	return 0;
}

static int under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return n && !strncmp(path, dir, n) && (path[n] == '/' || path[n] == '\0' || dir[n - 1] == '/') &&
	       !climbs(path);
}

/* libFuzzer's own report of a crash, written from inside the input's run. */
static int artifact(const char *path)
{
	static const char *const kinds[] = { "crash-", "leak-", "timeout-", "oom-", "slow-unit-", NULL };

	if (*artifacts)
		return !strncmp(path, artifacts, strlen(artifacts)) && !climbs(path);
	if (!strncmp(path, "./", 2))
		path += 2;
	for (int i = 0; kinds[i]; i++)
		if (!strncmp(path, kinds[i], strlen(kinds[i])) && !strchr(path, '/'))
			return 1;
	return 0;
}

/*
 * Where the path really is: a link inside the sandbox may point out of it
 * (to /dev/null). An existing path resolves whole; a new name by its folder.
 */
static int resolves_under(const char *path)
{
	char buf[PATH_MAX], real[PATH_MAX];
	const char *slash;

	if (realpath(path, real))
		return under(real, real_root);
	if (errno != ENOENT || !(slash = strrchr(path, '/')))
		return 0;
	snprintf(buf, sizeof(buf), "%.*s", slash == path ? 1 : (int)(slash - path), path);
	return realpath(buf, real) && under(real, real_root);
}

static int allowed(const char *path)
{
	if (!guarded)
		return 1;
	if (path && ((under(path, root) && resolves_under(path)) || artifact(path)))
		return 1;
	errno = EACCES;
	return 0;
}

#define GUARD_INT(path) \
	do { \
		if (!allowed(path)) \
			return -1; \
	} while (0)

FILE *__real_fopen(const char *path, const char *mode);
FILE *__wrap_fopen(const char *path, const char *mode)
{
	return allowed(path) ? __real_fopen(path, mode) : NULL;
}

FILE *__real_fopen64(const char *path, const char *mode);
FILE *__wrap_fopen64(const char *path, const char *mode)
{
	return allowed(path) ? __real_fopen64(path, mode) : NULL;
}

FILE *__real_freopen(const char *path, const char *mode, FILE *f);
FILE *__wrap_freopen(const char *path, const char *mode, FILE *f)
{
	return allowed(path) ? __real_freopen(path, mode, f) : NULL;
}

DIR *__real_opendir(const char *path);
DIR *__wrap_opendir(const char *path)
{
	return allowed(path) ? __real_opendir(path) : NULL;
}

#define WRAP_OPEN(name, ...) \
	int __real_##name(__VA_ARGS__, int flags, ...); \
	int __wrap_##name(__VA_ARGS__, int flags, ...)

static mode_t open_mode(int flags, va_list ap)
{
	return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t)va_arg(ap, int) : 0;
}

WRAP_OPEN(open, const char *path)
{
	va_list ap;
	mode_t mode;

	GUARD_INT(path);
	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	return __real_open(path, flags, mode);
}

WRAP_OPEN(open64, const char *path)
{
	va_list ap;
	mode_t mode;

	GUARD_INT(path);
	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	return __real_open64(path, flags, mode);
}

WRAP_OPEN(openat, int dirfd, const char *path)
{
	va_list ap;
	mode_t mode;

	/* relative to a directory we cannot name here: only absolute paths pass */
	if (guarded && (!path || *path != '/' || !allowed(path))) {
		errno = EACCES;
		return -1;
	}
	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	return __real_openat(dirfd, path, flags, mode);
}

int __real_creat(const char *path, mode_t mode);
int __wrap_creat(const char *path, mode_t mode)
{
	GUARD_INT(path);
	return __real_creat(path, mode);
}

int __real_mkdir(const char *path, mode_t mode);
int __wrap_mkdir(const char *path, mode_t mode)
{
	GUARD_INT(path);
	return __real_mkdir(path, mode);
}

int __real_rename(const char *from, const char *to);
int __wrap_rename(const char *from, const char *to)
{
	GUARD_INT(from);
	GUARD_INT(to);
	return __real_rename(from, to);
}

int __real_unlink(const char *path);
int __wrap_unlink(const char *path)
{
	GUARD_INT(path);
	return __real_unlink(path);
}

int __real_remove(const char *path);
int __wrap_remove(const char *path)
{
	GUARD_INT(path);
	return __real_remove(path);
}

int __real_rmdir(const char *path);
int __wrap_rmdir(const char *path)
{
	GUARD_INT(path);
	return __real_rmdir(path);
}

int __real_truncate(const char *path, off_t len);
int __wrap_truncate(const char *path, off_t len)
{
	GUARD_INT(path);
	return __real_truncate(path, len);
}

/* mkstemp() opens without going through the wrapped open(): guard it too, or a save leaks a temp file */
int __real_mkstemp(char *tmpl);
int __wrap_mkstemp(char *tmpl)
{
	GUARD_INT(tmpl);
	return __real_mkstemp(tmpl);
}

int __real_mkostemp(char *tmpl, int flags);
int __wrap_mkostemp(char *tmpl, int flags)
{
	GUARD_INT(tmpl);
	return __real_mkostemp(tmpl, flags);
}

void sandbox_enter(void)
{
	guarded = 1;
}

void sandbox_leave(void)
{
	guarded = 0;
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static void sandbox_remove(void)
{
	guarded = 0;
	if (*root)
		nftw(root, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out;
	char buf[8192];
	size_t n;

	if (!in)
		return;
	out = fopen(to, "wb");
	if (out) {
		while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
			fwrite(buf, 1, n, out);
		fclose(out);
	}
	fclose(in);
}

static void set_dir(const char *var, const char *sub)
{
	char path[PATH_MAX + 32];

	snprintf(path, sizeof(path), "%s/%s", root, sub);
	mkdir(path, 0700);
	setenv(var, path, 1);
}

void sandbox_init(int argc, char **argv)
{
	const char *tmp = getenv("TMPDIR"), *src = getenv("BATCHLAB_PRESETS");
	char presets[PATH_MAX + 32];
	DIR *d;
	struct dirent *e;

	for (int i = 1; i < argc; i++)
		if (!strncmp(argv[i], "-artifact_prefix=", 17))
			snprintf(artifacts, sizeof(artifacts), "%s", argv[i] + 17);
	snprintf(root, sizeof(root), "%s/batchlab-fuzz.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(root)) {
		perror("sandbox: mkdtemp");
		exit(1);
	}
	atexit(sandbox_remove);
	if (!realpath(root, real_root)) {
		perror("sandbox: realpath");
		exit(1);
	}
	if (!src || !*src)
		src = "presets";
	snprintf(presets, sizeof(presets), "%s/presets", root);
	mkdir(presets, 0700);
	d = opendir(src);
	while (d && (e = readdir(d))) {
		char from[PATH_MAX + 300], to[PATH_MAX + 300];
		size_t n = strlen(e->d_name);

		if (n <= 7 || strcmp(e->d_name + n - 7, ".preset"))
			continue;
		snprintf(from, sizeof(from), "%s/%s", src, e->d_name);
		snprintf(to, sizeof(to), "%s/%s", presets, e->d_name);
		copy_file(from, to);
	}
	if (d)
		closedir(d);
	/* without the link-time wrapping there is no sandbox: refuse to run */
	guarded = 1;
	{
		FILE *probe = fopen("/", "r");

		guarded = 0;
		if (probe || errno != EACCES) {
			fprintf(stderr, "sandbox: file calls are not guarded (link with FUZZ_WRAP)\n");
			exit(1);
		}
	}
	setenv("BATCHLAB_PRESETS", presets, 1);
	setenv("HOME", root, 1);
	set_dir("XDG_CONFIG_HOME", "config");
	set_dir("XDG_STATE_HOME", "state");
}

const char *sandbox_root(void)
{
	return real_root;
}

void sandbox_check_machine(const struct machine *m, const char *who)
{
	for (size_t i = 0; i < nparams; i++) {
		struct machine copy = *m;
		char typed[128], again[128], err[256];

		param_format_input(m, &params[i], typed, sizeof(typed));
		if (param_set(&copy, &params[i], typed, err, sizeof(err))) {
			fprintf(stderr, "%s: %s = '%s' does not read back: %s\n", who, params[i].name, typed, err);
			abort();
		}
		param_format_input(&copy, &params[i], again, sizeof(again));
		if (strcmp(typed, again)) {
			fprintf(stderr, "%s: %s = '%s' reads back as '%s'\n", who, params[i].name, typed, again);
			abort();
		}
	}
}
