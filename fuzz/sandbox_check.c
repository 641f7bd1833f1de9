/*
 * The fuzz sandbox refuses every path outside its folder, anything under /dev included: a
 * fuzzed `sweep ... > /dev/null` must not reach the machine's device. Linked
 * like the fuzz targets (FUZZ_WRAP); `make regress` runs it.
 *
 * Each command below names a path outside the sandbox; each must fail with the
 * sandbox's EACCES. Had the guard let one through, /dev/null would take the
 * rows and the command would succeed (batchlab never replaces a device now,
 * so even a broken guard cannot damage it). A node outside the sandbox that this
 * program makes itself (root only) must still be a character device after.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "../lang/script.h"
#include "../lang/session.h"
#include "sandbox.h"

static int refused(const char *cmd)
{
	struct session s;
	char *errtext = NULL;
	size_t errlen = 0;
	FILE *out = fopen("/dev/null", "w"), *errf = open_memstream(&errtext, &errlen);
	int rc, ok;

	if (!out || !errf) {
		fprintf(stderr, "sandbox_check: cannot set up streams\n");
		exit(2);
	}
	session_init(&s);
	sandbox_enter();
	rc = script_run_text(&s, cmd, "-c", out, errf);
	sandbox_leave();
	session_end(&s);
	fclose(out);
	fclose(errf);
	ok = rc == 1 && strstr(errtext, strerror(EACCES));
	if (!ok)
		fprintf(stderr, "sandbox_check: not refused: %s (exit %d, %s)\n", cmd, rc, errtext);
	free(errtext);
	return ok;
}

int main(int argc, char **argv)
{
	char outside[] = "/tmp/bl-sandbox-check-XXXXXX", node[64], link[PATH_MAX + 64], cmd[PATH_MAX + 128];
	const char *home;
	struct stat st;
	int fails = 0, have_node;

	sandbox_init(argc, argv);
	home = getenv("HOME"); /* the sandbox's own folder */
	if (!mkdtemp(outside))
		return perror("sandbox_check: mkdtemp"), 2;
	snprintf(node, sizeof(node), "%s/null", outside);
	have_node = geteuid() == 0 && !mknod(node, S_IFCHR | 0666, makedev(1, 3));
	/* a link inside the sandbox that points out of it */
	snprintf(link, sizeof(link), "%s/escape.csv", home);
	if (symlink(have_node ? node : "/dev/null", link))
		return perror("sandbox_check: symlink"), 2;

	fails += !refused("sweep cpus 1 4 committed_as.batch > /dev/null");
	fails += !refused("sweep cpus 1 4 committed_as.batch --output=/dev/full");
	fails += !refused("preset save /dev/null");
	fails += !refused("preset load /dev/zero");
	fails += !refused("sweep cpus 1 4 committed_as.batch > ../escape.csv");
	snprintf(cmd, sizeof(cmd), "sweep cpus 1 4 committed_as.batch > %s", link);
	fails += !refused(cmd);
	if (have_node) {
		snprintf(cmd, sizeof(cmd), "sweep cpus 1 4 committed_as.batch > %s", node);
		fails += !refused(cmd);
		snprintf(cmd, sizeof(cmd), "preset save %s", node);
		fails += !refused(cmd);
		if (lstat(node, &st) || !S_ISCHR(st.st_mode)) {
			fprintf(stderr, "sandbox_check: %s is no longer a character device\n", node);
			fails++;
		}
		unlink(node);
	}
	if (stat("/dev/null", &st) || !S_ISCHR(st.st_mode)) {
		fprintf(stderr, "sandbox_check: /dev/null is not a character device\n");
		fails++;
	}
	rmdir(outside);
	if (!fails)
		printf("sandbox_check: every path outside the sandbox refused%s\n",
		       have_node ? " (a device node outside it included)" : "");
	return fails ? 1 : 0;
}
