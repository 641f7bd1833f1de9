/* The one atomic writer of a file a user named (see outfile.h). */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../../core/err.h"
#include "sigends.h"

/* ".NAME.XXXXXX" must fit in a file name: a long NAME is shortened in the temporary's name only */
#define TMP_EXTRA 8
/* a FIFO whose reader is about to open it (a shell pipeline starting) gets this long, then an error */
#define FIFO_WAIT_MS 1000

/*
 * What a signal handler needs to remove the temporary file: a copy of its
 * name in static storage, and a flag set only once the name is complete.
 * caught[sig]: our handler went in where the default would have ended the
 * process; SIGXFSZ is ignored meanwhile instead (its old action kept), so a
 * file size limit is a write error said like a full disk, not a silent death.
 */
static char live_tmp[PATH_MAX];
static volatile sig_atomic_t live;
static char caught[_NSIG];
static struct sigaction xfsz_old;
static int xfsz_ignored;

const char *outfile_strerror(int e, char *buf, size_t len)
{
	const char *name = strerrorname_np(e);

	snprintf(buf, len, "%s%s%s%s", strerror(e), name ? " (" : "", name ? name : "", name ? ")" : "");
	return buf;
}

void outfile_signal_cleanup(void)
{
	if (live) {
		live = 0;
		unlink(live_tmp);
	}
}

static void on_ending(int sig)
{
	outfile_signal_cleanup();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Only where the default would end the process: a front end's own handler keeps its signal (and cleans up). */
static void catch_ending(void)
{
	struct sigaction ign;

	for (int sig = 1; sig < _NSIG; sig++) {
		struct sigaction old, sa;

		caught[sig] = 0;
		if (sig == SIGXFSZ || !sig_ends_process(sig) || sigaction(sig, NULL, &old) || old.sa_handler != SIG_DFL)
			continue;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_ending;
		sigemptyset(&sa.sa_mask);
		caught[sig] = !sigaction(sig, &sa, NULL);
	}
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	xfsz_ignored = !sigaction(SIGXFSZ, &ign, &xfsz_old);
}

static void release_ending(void)
{
	live = 0;
	for (int sig = 1; sig < _NSIG; sig++) {
		struct sigaction cur;

		/* a handler installed since (a sweep's Ctrl-C) has restored ours by now; only ours goes */
		if (caught[sig] && !sigaction(sig, NULL, &cur) && cur.sa_handler == on_ending)
			signal(sig, SIG_DFL);
		caught[sig] = 0;
	}
	if (xfsz_ignored)
		sigaction(SIGXFSZ, &xfsz_old, NULL);
	xfsz_ignored = 0;
}

static int block_ending(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	for (int sig = 1; sig < _NSIG; sig++)
		if (sig_ends_process(sig) && !sig_is_fault(sig))
			sigaddset(&set, sig);
	return sigprocmask(SIG_BLOCK, &set, old);
}

/* /dev/stdout, /dev/fd/N, /proc/self/fd/N: the name of an open file, not a file to replace. */
static int names_open_fd(const char *path)
{
	char link[PATH_MAX];
	ssize_t n;

	if (!strncmp(path, "/proc/", 6) || !strncmp(path, "/dev/fd/", 8))
		return 1;
	n = readlink(path, link, sizeof(link) - 1);
	if (n <= 0)
		return 0;
	link[n] = '\0';
	return !strncmp(link, "/proc/", 6) || !strncmp(link, "fd/", 3) || !strncmp(link, "/dev/fd/", 8);
}

/* A link whose file does not exist yet: follow the link texts to the name to create. */
static int resolve_dangling(const char *path, char *out, size_t len)
{
	char cur[PATH_MAX], link[PATH_MAX];

	snprintf(cur, sizeof(cur), "%s", path);
	for (int hops = 0; hops < 40; hops++) {
		ssize_t n = readlink(cur, link, sizeof(link) - 1);
		const char *slash;

		if (n < 0) {
			if (errno != EINVAL && errno != ENOENT)
				return -1;
			snprintf(out, len, "%s", cur);
			return 0;
		}
		link[n] = '\0';
		slash = strrchr(cur, '/');
		if (link[0] == '/' || !slash) {
			memcpy(cur, link, (size_t)n + 1);
		} else {
			char next[PATH_MAX];

			if ((size_t)snprintf(next, sizeof(next), "%.*s/%s", (int)(slash - cur), cur, link) >= sizeof(next))
				return errno = ENAMETOOLONG, -1;
			memcpy(cur, next, sizeof(cur));
		}
	}
	errno = ELOOP;
	return -1;
}

/*
 * /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: one of our own open
 * files. A dup shares its offset, as a shell's redirection does; opening the
 * name again would start a second offset and write over what the shell writes.
 * The fd number, or -1 when the name is not one of ours.
 */
static int own_fd(const char *path)
{
	const char *n = NULL;
	char *end;
	long fd;

	if (!strcmp(path, "/dev/stdout"))
		return fcntl(1, F_GETFD) < 0 ? -1 : 1;
	if (!strcmp(path, "/dev/stderr"))
		return fcntl(2, F_GETFD) < 0 ? -1 : 2;
	if (!strncmp(path, "/dev/fd/", 8))
		n = path + 8;
	else if (!strncmp(path, "/proc/self/fd/", 14))
		n = path + 14;
	if (!n || *n < '0' || *n > '9')
		return -1;
	fd = strtol(n, &end, 10);
	if (*end || fd > 1 << 20 || fcntl((int)fd, F_GETFD) < 0)
		return -1;
	return (int)fd;
}

static int open_direct(struct outfile *o, int append, char *err, size_t errlen)
{
	char why[128];
	int fd, flags = O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC | (append ? O_APPEND : 0);
	struct stat st;

	/* non-blocking: a FIFO nobody reads must not hang the command; a reader may be a moment late */
	for (int waited = 0;; waited += 10) {
		fd = open(o->path, flags);
		if (fd >= 0 || errno != ENXIO || waited >= FIFO_WAIT_MS || stat(o->path, &st) || !S_ISFIFO(st.st_mode))
			break;
		nanosleep(&(struct timespec){ 0, 10 * 1000 * 1000 }, NULL);
	}
	if (fd < 0) {
		if (errno == ENXIO && !stat(o->path, &st))
			return err_set(err, errlen, "%s: %s", o->path, S_ISFIFO(st.st_mode) ? "a FIFO with no reader" :
				   S_ISSOCK(st.st_mode) ? "a socket: not written as a file" : "no such device");
		return err_set(err, errlen, "%s: %s", o->path, outfile_strerror(errno, why, sizeof(why)));
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	o->f = fdopen(fd, "w");
	if (!o->f) {
		close(fd);
		return err_set(err, errlen, "%s: %s", o->path, outfile_strerror(errno, why, sizeof(why)));
	}
	o->direct = 1;
	return 0;
}

static int open_temp(struct outfile *o, const struct stat *st, char *err, size_t errlen)
{
	const char *slash = strrchr(o->target, '/'), *base = slash ? slash + 1 : o->target;
	char dir[PATH_MAX], why[128];
	struct stat dst;
	size_t blen = strlen(base);
	sigset_t old;
	mode_t mode;
	int fd, e;

	if (slash)
		snprintf(dir, sizeof(dir), "%.*s", slash == o->target ? 1 : (int)(slash - o->target), o->target);
	else
		snprintf(dir, sizeof(dir), ".");
	if (blen + TMP_EXTRA > NAME_MAX)
		blen = NAME_MAX - TMP_EXTRA;
	if ((size_t)snprintf(o->tmp, sizeof(o->tmp), "%.*s.%.*s.XXXXXX", slash ? (int)(base - o->target) : 0,
			     o->target, (int)blen, base) >= sizeof(o->tmp))
		return err_set(err, errlen, "%s: path too long", o->path);
	if (block_ending(&old))
		return err_set(err, errlen, "%s: %s", o->path, outfile_strerror(errno, why, sizeof(why)));
	fd = mkostemp(o->tmp, O_CLOEXEC);
	e = errno;
	if (fd >= 0) {
		memcpy(live_tmp, o->tmp, sizeof(live_tmp));
		live = 1;
		catch_ending();
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (fd < 0) {
		o->tmp[0] = '\0';
		o->temp_errno = e;
		if (e == ENOENT && stat(dir, &dst)) /* else a folder that makes no files (/proc/self/fd) */
			return err_set(err, errlen, "%s: folder %s does not exist", o->path, dir);
		if (e == ENOENT)
			return err_set(err, errlen, "%s: no such file, and %s takes no new one", o->path, dir);
		if (e == ENOTDIR)
			return err_set(err, errlen, "%s: %s is not a folder", o->path, dir);
		return err_set(err, errlen, "%s: cannot create a file in %s: %s", o->path, dir, outfile_strerror(e, why, sizeof(why)));
	}
	if (st) {
		mode = st->st_mode & 07777;
		/* as root, a file keeps its owner too; elsewhere this fails harmlessly */
		if (geteuid() == 0)
			(void)!fchown(fd, st->st_uid, st->st_gid);
	} else {
		mode = umask(0);
		umask(mode);
		mode = 0666 & ~mode; /* as open(O_CREAT) would: mkstemp's 0600 would hide a file meant to be shared */
	}
	if (fchmod(fd, mode) || !(o->f = fdopen(fd, "w"))) {
		e = errno;
		close(fd);
		outfile_abort(o);
		return err_set(err, errlen, "%s: %s", o->path, outfile_strerror(e, why, sizeof(why)));
	}
	return 0;
}

/*
 * The file is writable but its folder takes no temporary (mkostemp(): EACCES):
 * the one way left is through the file itself, truncated - a write that
 * fails part way leaves it cut short, which o->note says. 0, or -1 with err
 * kept as open_temp() said it.
 */
static int in_place(struct outfile *o, char *err, size_t errlen)
{
	const char *slash = strrchr(o->target, '/');
	int fd;

	if (o->temp_errno != EACCES && o->temp_errno != EPERM)
		return -1;
	fd = open(o->target, O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC);
	if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	o->direct = 1;
	snprintf(o->note, sizeof(o->note),
		 "%s: written in place, not atomically: its folder %.*s takes no new file (no write permission), "
		 "so no temporary could be renamed over it; a write that failed part way would leave it cut short",
		 o->path, slash ? (slash == o->target ? 1 : (int)(slash - o->target)) : 1, slash ? o->target : ".");
	(void)err, (void)errlen;
	return 0;
}

int outfile_open(struct outfile *o, const char *path, char *err, size_t errlen)
{
	struct stat st;
	char why[128];

	memset(o, 0, sizeof(*o));
	o->path = path;
	if (!*path)
		return err_set(err, errlen, "expected a file name");
	if (strlen(path) >= sizeof(o->target))
		return err_set(err, errlen, "%.200s...: path too long", path);
	snprintf(o->target, sizeof(o->target), "%s", path);
	if (lstat(path, &st)) {
		if (errno != ENOENT)
			return err_set(err, errlen, "%s: %s", path, outfile_strerror(errno, why, sizeof(why)));
		return open_temp(o, NULL, err, errlen);
	}
	if (S_ISLNK(st.st_mode)) {
		int fd = own_fd(path);

		if (fd >= 0) {
			if ((fd = fcntl(fd, F_DUPFD_CLOEXEC, 3)) < 0 || !(o->f = fdopen(fd, "w"))) {
				if (fd >= 0)
					close(fd);
				return err_set(err, errlen, "%s: %s", path, outfile_strerror(errno, why, sizeof(why)));
			}
			o->direct = 1;
			return 0;
		}
		if (names_open_fd(path))
			return open_direct(o, 1, err, errlen);
		if (stat(path, &st)) {
			if (errno != ENOENT || resolve_dangling(path, o->target, sizeof(o->target)))
				return err_set(err, errlen, "%s: %s", path, outfile_strerror(errno, why, sizeof(why)));
			return open_temp(o, NULL, err, errlen);
		}
		if (S_ISREG(st.st_mode) && !realpath(path, o->target))
			return err_set(err, errlen, "%s: %s", path, outfile_strerror(errno, why, sizeof(why)));
	}
	if (S_ISDIR(st.st_mode))
		return err_set(err, errlen, "%s: is a folder", path);
	if (!S_ISREG(st.st_mode))
		return open_direct(o, 0, err, errlen);
	/* root may write anything: the mode bits are the user's word that this file is not to change */
	if (!(st.st_mode & 0222))
		return err_set(err, errlen, "%s: read-only file: not replaced", path);
	if (access(o->target, W_OK)) /* not the file's mode: its file system (EROFS), or a folder's permissions */
		return err_set(err, errlen, "%s: %s: not replaced", path,
			       errno == EROFS ? "on a read-only file system" : outfile_strerror(errno, why, sizeof(why)));
	if (open_temp(o, &st, err, errlen)) {
		if (!in_place(o, err, errlen))
			return 0;
		return -1;
	}
	return 0;
}

void outfile_abort(struct outfile *o)
{
	if (o->f)
		fclose(o->f);
	o->f = NULL;
	if (o->tmp[0]) {
		unlink(o->tmp);
		o->tmp[0] = '\0';
		release_ending();
	}
}

int outfile_commit(struct outfile *o, char *err, size_t errlen)
{
	char why[128], dir[PATH_MAX];
	const char *slash;
	int e = 0, dfd;

	if (fflush(o->f) || ferror(o->f))
		e = errno ? errno : EIO;
	if (!e && !o->direct && fsync(fileno(o->f)))
		e = errno;
	if (fclose(o->f) && !e)
		e = errno;
	o->f = NULL;
	if (o->direct)
		return e ? err_set(err, errlen, "%s: %s", o->path, outfile_strerror(e, why, sizeof(why))) : 0;
	if (!e && rename(o->tmp, o->target))
		e = errno;
	if (e) {
		outfile_abort(o);
		return err_set(err, errlen, "%s: %s", o->path, outfile_strerror(e, why, sizeof(why)));
	}
	o->tmp[0] = '\0';
	release_ending();
	/* the rename itself lasts once the folder is on disk; best effort */
	slash = strrchr(o->target, '/');
	snprintf(dir, sizeof(dir), "%.*s", slash ? (slash == o->target ? 1 : (int)(slash - o->target)) : 1,
		 slash ? o->target : ".");
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		(void)fsync(dfd);
		close(dfd);
	}
	return 0;
}

int outfile_write(const char *path, const char *text, size_t len, char *err, size_t errlen)
{
	return outfile_write_told(path, text, len, NULL, err, errlen);
}

int outfile_write_told(const char *path, const char *text, size_t len, struct strbuf *note, char *err, size_t errlen)
{
	struct outfile o;

	if (outfile_open(&o, path, err, errlen))
		return -1;
	if (len && fwrite(text, 1, len, o.f) != len) {
		char why[128];
		int e = errno ? errno : EIO;

		outfile_abort(&o);
		return err_set(err, errlen, "%s: %s", path, outfile_strerror(e, why, sizeof(why)));
	}
	if (outfile_commit(&o, err, errlen))
		return -1;
	if (o.note[0])
		sb_printf(note, "%s\n", o.note);
	return 0;
}
