#include "infile.h"

#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/err.h"
#include "out/outfile.h"
#include "scan.h"

const char *infile_kind(unsigned mode)
{
	switch (mode & S_IFMT) {
	case S_IFIFO:
		return "a FIFO";
	case S_IFCHR:
		return "a character device";
	case S_IFBLK:
		return "a block device";
	case S_IFSOCK:
		return "a socket";
	case S_IFDIR:
		return "a folder";
	case S_IFLNK:
		return "a symbolic link";
	default:
		return "a regular file";
	}
}

int infile_open(const char *path, int regular, char *err, size_t errlen)
{
	struct stat st;
	char why[128];
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd < 0) {
		/* a socket cannot be opened at all: say what it is rather than ENXIO */
		if (errno == ENXIO && !stat(path, &st))
			return err_set(err, errlen, "%s: not a regular file (%s)", path, infile_kind(st.st_mode));
		return err_set(err, errlen, "%s: %s", path, outfile_strerror(errno, why, sizeof(why)));
	}
	if (fstat(fd, &st)) {
		int e = errno;

		close(fd);
		return err_set(err, errlen, "%s: %s", path, outfile_strerror(e, why, sizeof(why)));
	}
	if (S_ISDIR(st.st_mode) || (regular && !S_ISREG(st.st_mode))) {
		close(fd);
		return err_set(err, errlen, "%s: not a regular file (%s)", path, infile_kind(st.st_mode));
	}
	if (S_ISFIFO(st.st_mode)) {
		/*
		 * A stream: wait for its writer, as cat does. Opened without
		 * blocking, a FIFO nobody has opened yet reads as an empty file at
		 * once - the script would run nothing and its writer block for ever.
		 * poll() on this open end waits for the first writer's data, or its
		 * hang-up (Linux reports POLLHUP only for a writer that came after
		 * the open); a writer that came and went first left its data here.
		 * Opening the name again instead would wait for a writer that may be
		 * gone. Ctrl-C ends the wait.
		 */
		struct pollfd pfd = { fd, POLLIN, 0 };

		while (poll(&pfd, 1, -1) < 0) {
			int e = errno;

			if (e != EINTR) {
				close(fd);
				return err_set(err, errlen, "%s: %s", path, outfile_strerror(e, why, sizeof(why)));
			}
		}
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

/*
 * All of fd, one byte past max at most (that byte tells a file too large
 * without reading the rest), into a buffer of its own (*bufp, *np bytes, room
 * for a NUL); -1 with "PATH: why" in err and nothing to free.
 */
static int read_bounded(int fd, const char *path, size_t max, char **bufp, size_t *np, char *err, size_t errlen)
{
	char why[128], *buf;
	size_t n = 0, cap;
	struct stat st;

	/* the size it says, one byte past the bound at most: 100,000 presets must not cost a mebibyte each */
	cap = fstat(fd, &st) || (uint64_t)st.st_size >= max ? max + 1 : (size_t)st.st_size + 1;
	buf = malloc(cap + 1);
	if (!buf)
		return err_set(err, errlen, "%s: out of memory", path);
	for (;;) {
		ssize_t k;

		if (n == cap) {
			char *nb;

			if (cap > max)
				break;
			cap = cap * 2 > max + 1 ? max + 1 : cap * 2; /* the file grew while read */
			if (!(nb = realloc(buf, cap + 1))) {
				free(buf);
				return err_set(err, errlen, "%s: out of memory", path);
			}
			buf = nb;
		}
		k = read(fd, buf + n, cap - n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			int e = errno;

			free(buf);
			return err_set(err, errlen, "%s: %s", path, outfile_strerror(e, why, sizeof(why)));
		}
		if (!k)
			break;
		n += (size_t)k;
	}
	*bufp = buf;
	*np = n;
	return 0;
}

int infile_read(const char *path, size_t max, char **text, size_t *len, char *err, size_t errlen)
{
	char *buf;
	size_t n, skip;
	int fd = infile_open(path, 1, err, errlen), rc;

	if (fd < 0)
		return -1;
	rc = read_bounded(fd, path, max, &buf, &n, err, errlen);
	close(fd);
	if (rc)
		return -1;
	if (n > max) {
		free(buf);
		if (max >= 1024 * 1024)
			return err_set(err, errlen, "%s: larger than %zu MiB: refused", path, max >> 20);
		return err_set(err, errlen, "%s: larger than %zu KiB: refused", path, max >> 10);
	}
	skip = scan_bom(buf, n);
	memmove(buf, buf + skip, n - skip);
	n -= skip;
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return 0;
}
