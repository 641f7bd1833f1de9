/*
 * The password-file look-ups readline makes (a ~user in a file name, its
 * user-name completion, the home folder when $HOME is unset), answered from
 * /etc/passwd itself. batchlab links static (Makefile: a -c run then pays no
 * dynamic loader), and a static glibc can answer getpwnam() only by loading
 * the shared NSS modules of the very glibc it was built with - a warning at
 * link time and a crash after a glibc upgrade. The link renames readline's
 * calls (-Wl,--wrap=getpwnam ...) to these; fgetpwent() parses the file with
 * no NSS. A user only a directory service knows (LDAP, sssd) is not found:
 * readline then leaves ~name as typed, as it does for a name nobody has.
 */
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include "pwfile.h"

#define PWFILE_PATH "/etc/passwd"

/* getpwent()'s place in the file between setpwent() and endpwent() */
static FILE *pw_walk;

/* The first entry match() accepts, NULL when none does (the file read from its start). */
static struct passwd *pw_find(int (*match)(const struct passwd *, const void *), const void *key)
{
	FILE *f = fopen(PWFILE_PATH, "re");
	struct passwd *p = NULL;

	if (!f)
		return NULL;
	while ((p = fgetpwent(f)) && !match(p, key))
		;
	fclose(f); /* fgetpwent's entry is its own static storage: it outlives the stream */
	return p;
}

static int same_name(const struct passwd *p, const void *name)
{
	return p->pw_name && !strcmp(p->pw_name, name);
}

static int same_uid(const struct passwd *p, const void *uid)
{
	return p->pw_uid == *(const uid_t *)uid;
}

struct passwd *__wrap_getpwnam(const char *name)
{
	return name ? pw_find(same_name, name) : NULL;
}

struct passwd *__wrap_getpwuid(uid_t uid)
{
	return pw_find(same_uid, &uid);
}

void __wrap_setpwent(void)
{
	if (pw_walk)
		rewind(pw_walk);
	else
		pw_walk = fopen(PWFILE_PATH, "re");
}

struct passwd *__wrap_getpwent(void)
{
	if (!pw_walk)
		__wrap_setpwent();
	return pw_walk ? fgetpwent(pw_walk) : NULL;
}

void __wrap_endpwent(void)
{
	if (pw_walk)
		fclose(pw_walk);
	pw_walk = NULL;
}
