/*
 * Distribution kernels' release strings: which upstream version each names,
 * read off the strings the distributions document (Ubuntu's
 * /proc/version_signature, Debian's uname -v, Fedora's and Arch's uname -r)
 * or, for enterprise kernels (RHEL, SUSE), that none does; and the backports
 * of batchlab's constants established from an enterprise kernel's source.
 */
#include "distro.h"

#include "zone.h"

#include <stdio.h>
#include <string.h>

const struct distro_form distro_forms[] = {
	{ "mainline", "uname -r", "6.1, 6.1.119, v6.1, 6.1.y", "that release, or the newest state of its stable series "
	  "not after the update (6.1.119 runs 6.1.104's backports)" },
	{ "a release candidate", "uname -r", "6.9-rc3", "6.9: the merge window's changes are in an rc" },
	{ "Ubuntu", "/proc/version_signature", "Ubuntu 5.15.0-91.101-generic 5.15.131",
	  "the upstream update, its last word (5.15.131: 5.15.18's backports)" },
	{ "Debian", "uname -v (/proc/sys/kernel/version)", "#1 SMP PREEMPT_DYNAMIC Debian 6.1.55-1 (2023-09-29)",
	  "the upstream version of its package (6.1.55)" },
	{ "Ubuntu or Debian", "uname -r", "5.15.0-91-generic, 6.1.0-28-amd64",
	  "an ABI, no upstream update: mainline X.Y (host reads the signature or uname -v instead)" },
	{ "Fedora", "uname -r", "6.5.6-300.fc39.x86_64", "the upstream X.Y.Z (6.5.6)" },
	{ "Arch", "uname -r", "6.6.1-arch1-1", "the upstream X.Y.Z (6.6.1)" },
	{ "RHEL and rebuilds", "uname -r", "4.18.0-147.el8.x86_64",
	  "mainline X.Y (4.18) and distro rhel: backports no version states, so every kernel figure carries "
	  "'computed as mainline 4.18, may differ'" },
	{ "RHEL 8.3 and later", "uname -r", "4.18.0-553.el8_10.x86_64",
	  "mainline 4.18 and distro rhel8.3 (el8 from release 240): its backports batchlab's table holds "
	  "(min_free_kbytes' 262144 KiB bound), every other figure with the same note" },
	{ "SUSE Linux Enterprise", "uname -r", "5.14.21-150500.55.39-default",
	  "mainline X.Y (5.14) and distro suse, every kernel figure with the same note" },
	{ NULL, NULL, NULL, NULL },
};

/* the version word after "Debian " (uname -v), cut at its Debian revision */
static int debian_version(const char *text, char *rel, size_t rellen)
{
	const char *p = strstr(text, "Debian ");
	size_t n = 0;

	if (!p)
		return 0;
	p += 7;
	while (p[n] && (p[n] == '.' || (p[n] >= '0' && p[n] <= '9')))
		n++;
	if (!n || n >= rellen)
		return 0;
	memcpy(rel, p, n);
	rel[n] = '\0';
	return 1;
}

/* the last word of "Ubuntu ABI-flavour X.Y.Z" */
static int signature_version(const char *text, char *rel, size_t rellen)
{
	const char *last = strrchr(text, ' ');
	size_t n;

	if (strncmp(text, "Ubuntu ", 7) || !last)
		return 0;
	last++;
	n = strcspn(last, "\n");
	if (!n || n >= rellen)
		return 0;
	memcpy(rel, last, n);
	rel[n] = '\0';
	return 1;
}

/* "X.Y.0-N-word": Ubuntu's and Debian's uname -r (the ABI number, then a flavour: generic, amd64, aws, ...) */
static int ubuntu_abi(const char *text)
{
	const char *p = strchr(text, '-');
	int dots = 0;

	for (const char *q = text; q < (p ? p : text); q++)
		dots += *q == '.';
	if (!p || dots != 2 || p < text + 2 || p[-1] != '0' || p[-2] != '.')
		return 0;
	p++;
	if (*p < '0' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	return *p == '-' && p[1] >= 'a' && p[1] <= 'z';
}

/* "X.Y.Z-150500.55.39-default": SUSE Linux Enterprise's release numbers after the dash */
static int suse_enterprise(const char *text)
{
	const char *p = strchr(text, '-');

	return p && !strncmp(p + 1, "150", 3) && strlen(p + 1) > 6 && p[4] >= '0' && p[4] <= '9';
}

enum distro distro_of(const char *text, char *rel, size_t rellen, const char **name)
{
	const char *el = strstr(text, ".el");

	snprintf(rel, rellen, "%s", text);
	*name = "";
	if (signature_version(text, rel, rellen)) {
		*name = "Ubuntu";
		return DISTRO_UBUNTU_SIG;
	}
	if (debian_version(text, rel, rellen)) {
		*name = "Debian";
		return DISTRO_DEBIAN;
	}
	snprintf(rel, rellen, "%s", text);
	if (el && ((el[3] >= '6' && el[3] <= '9') || (el[3] == '1' && el[4] == '0'))) {
		*name = "RHEL";
		return DISTRO_RHEL;
	}
	if (suse_enterprise(text)) {
		*name = "SUSE Linux Enterprise";
		return DISTRO_SUSE;
	}
	if (strstr(text, ".fc")) {
		*name = "Fedora";
		return DISTRO_FEDORA;
	}
	if (strstr(text, "-arch")) {
		*name = "Arch";
		return DISTRO_ARCH;
	}
	if (ubuntu_abi(text)) {
		*name = "Ubuntu or Debian";
		return DISTRO_UBUNTU_ABI;
	}
	return DISTRO_NONE;
}

int distro_enterprise(enum distro d)
{
	return d == DISTRO_RHEL || d == DISTRO_SUSE;
}

const char *const distro_build_names[] = { "mainline", "rhel", "suse", "rhel8.3", NULL };

/*
 * RHEL's release number N in X.Y.0-N[.M...].elV and its V: 4.18.0-553.el8_10
 * gives 553 and 8 (0 and 0 when the string has no such parts).
 */
static void rhel_release(const char *text, unsigned long *n, unsigned long *major)
{
	const char *p = strchr(text, '-'), *el = strstr(text, ".el");

	*n = *major = 0;
	for (p = p ? p + 1 : ""; *p >= '0' && *p <= '9' && *n < 1000000; p++)
		*n = *n * 10 + (unsigned long)(*p - '0');
	for (el = el ? el + 3 : ""; *el >= '0' && *el <= '9' && *major < 1000; el++)
		*major = *major * 10 + (unsigned long)(*el - '0');
}

enum distro_build distro_build_of(const char *text)
{
	char rel[80];
	const char *name;
	enum distro d = distro_of(text, rel, sizeof(rel), &name);
	unsigned long n, major;

	if (d == DISTRO_RHEL) {
		rhel_release(text, &n, &major);
		/* 8.3's kernel is 4.18.0-240.el8; every later el8 release number is larger */
		return major == 8 && n >= 240 ? BUILD_RHEL8_3 : BUILD_RHEL;
	}
	return d == DISTRO_SUSE ? BUILD_SUSE : BUILD_MAINLINE;
}

/*
 * RHEL 8's init_per_zone_wmark_min() (mm/page_alloc.c): the clamp's top is
 * 65536 KiB in 4.18.0-147.5.1.el8 (RHEL 8.1's source, as its rebuild
 * published it) and 262144 KiB in 4.18.0-240.el8 (CentOS 8.3's source) -
 * mainline's 5.7 bound. Between 148 and 239 (8.2) no tree was read: those
 * builds stay plain rhel. Later el8 releases are taken to keep it (not read).
 */
const struct distro_backport distro_backports[] = {
	{ BUILD_RHEL8_3, &zone_mfk_history, "5.7",
	  "RHEL 8 backport: read in 4.18.0-240.el8's init_per_zone_wmark_min() (262144; 4.18.0-147.5.1.el8 has 65536), "
	  "later el8 releases taken to keep it" },
	{ BUILD_MAINLINE, NULL, NULL, NULL },
};

const struct distro_backport *distro_backport_of(uint64_t build, const struct release_history *h)
{
	for (const struct distro_backport *b = distro_backports; b->history; b++)
		if ((uint64_t)b->build == build && b->history == h)
			return b;
	return NULL;
}
