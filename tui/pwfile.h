/*
 * readline's password-file calls, answered from /etc/passwd without NSS
 * (pwfile.c says why). The static link sends readline's getpwnam() and the
 * rest here with -Wl,--wrap=NAME (Makefile PWFILE_WRAP); a shared build
 * leaves them unused.
 */
#ifndef BL_PWFILE_H
#define BL_PWFILE_H

#include <pwd.h>
#include <sys/types.h>

/* The first entry of /etc/passwd with that name or uid, NULL when none: getpwnam(), getpwuid(). */
struct passwd *__wrap_getpwnam(const char *name);
struct passwd *__wrap_getpwuid(uid_t uid);
/* A walk through /etc/passwd: setpwent() rewinds it, getpwent() the next entry, endpwent() ends it. */
void __wrap_setpwent(void);
struct passwd *__wrap_getpwent(void);
void __wrap_endpwent(void);

#endif
