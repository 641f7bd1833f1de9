/*
 * What a distribution kernel says of the upstream code it runs: Ubuntu's
 * /proc/version_signature ("Ubuntu 5.15.0-91.101-generic 5.15.131") ends
 * with the upstream stable version; Debian's uname -v ("... Debian 6.1.55-1
 * (2023-09-29)") names its package's upstream version; Fedora and Arch put
 * the upstream X.Y.Z in uname -r; Ubuntu's and Debian's uname -r
 * (5.15.0-91-generic, 6.1.0-28-amd64) name only an ABI; RHEL (el7, el8, el9, el10) and SUSE (X.Y.Z-150500...)
 * carry backports no version states. release_parse() (release.h) reads a
 * string through here first.
 */
#ifndef BL_DISTRO_H
#define BL_DISTRO_H

#include <stddef.h>
#include <stdint.h>

enum distro {
	DISTRO_NONE,     /* a plain release string */
	DISTRO_UBUNTU_SIG, /* /proc/version_signature: the upstream version is its last word */
	DISTRO_DEBIAN,   /* uname -v: "Debian X.Y.Z-N" */
	DISTRO_UBUNTU_ABI, /* uname -r X.Y.0-N-flavour (Ubuntu's and Debian's): the ABI, no upstream update */
	DISTRO_FEDORA,   /* X.Y.Z-N.fcNN: the upstream X.Y.Z */
	DISTRO_ARCH,     /* X.Y.Z-archN-N: the upstream X.Y.Z */
	DISTRO_RHEL,     /* X.Y.0-N.elN: mainline X.Y plus backports */
	DISTRO_SUSE,     /* X.Y.Z-1505NN...: SUSE Linux Enterprise, X.Y.Z pinned, backports */
};

/* One form of release string batchlab reads: the man page lists these rows. */
struct distro_form {
	const char *who;     /* "Ubuntu" */
	const char *where;   /* where the string is: "/proc/version_signature" */
	const char *example; /* "Ubuntu 5.15.0-91.101-generic 5.15.131" */
	const char *means;   /* what it maps to */
};
extern const struct distro_form distro_forms[];

/*
 * The distribution text says, and the release string in it to read (into
 * rel): for a signature or a uname -v, the upstream version inside it; for
 * the others, text itself. Returns the distribution; name gets its word.
 */
enum distro distro_of(const char *text, char *rel, size_t rellen, const char **name);
/* Is it an enterprise kernel, whose figures are mainline X.Y's and may differ? */
int distro_enterprise(enum distro d);

/*
 * The `distro` parameter: whose build the release is - mainline, or an
 * enterprise kernel's; rhel8.3 is RHEL 8 from 4.18.0-240 (8.3) on, whose
 * backports distro_backports[] lists.
 */
enum distro_build { BUILD_MAINLINE, BUILD_RHEL, BUILD_SUSE, BUILD_RHEL8_3 };
extern const char *const distro_build_names[];
/* The build a release string names (set kernel, host): RHEL or SUSE for theirs, else mainline. */
enum distro_build distro_build_of(const char *text);

struct release_history;

/*
 * A backport established from a distribution's own published source: on
 * that build, the history's constant follows the mainline row of release
 * `as` (a later one than the build's X.Y); where names the tree read.
 */
struct distro_backport {
	enum distro_build build;
	const struct release_history *history;
	const char *as;    /* the mainline release whose row the build runs */
	const char *where; /* what was read, and in which trees */
};
extern const struct distro_backport distro_backports[];
/* The backport of h on build (NULL: none - the build's X.Y row, with the caveat). */
const struct distro_backport *distro_backport_of(uint64_t build, const struct release_history *h);

#endif
