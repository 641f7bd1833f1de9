/*
 * Ctrl-C as a flag, the one the language and the prompt share: a sweep
 * stops after a whole row, the prompt drops the line being typed. (The
 * explorer hears SIGINT through crt.c's signal pipe instead, as poll()
 * needs; a sweep run from its command line catches it here meanwhile.)
 * Which signals end the process, for every handler that cleans up first, is
 * out/sigends.h's.
 */
#ifndef BL_INTERRUPT_H
#define BL_INTERRUPT_H

#include <signal.h>

#include "out/sigends.h"

/*
 * Catch SIGINT into the flag (cleared now), keeping the old action in old to
 * give back. restart: SA_RESTART (a sweep writing); without it a blocking
 * read returns (readline must see it). A background job that ignores
 * Ctrl-C keeps ignoring it.
 */
void interrupt_catch(int restart, struct sigaction *old);
void interrupt_release(const struct sigaction *old);
/* Ctrl-C arrived since the last catch or take: inline, since a sweep asks after every row. */
extern volatile sig_atomic_t interrupt_flag;
static inline int interrupt_seen(void)
{
	return interrupt_flag;
}
/* interrupt_seen(), and clear it. */
int interrupt_take(void);
/*
 * Async-signal-safe, for a front end's handler of a signal that ends the
 * process (the explorer's SIGTERM, SIGHUP): the running sweep stops after its
 * row, and so does every later one (the process is on its way out).
 */
void interrupt_raise(void);
/* interrupt_raise() was called: the process is ending (a sweep's part must not replace a file). */
int interrupt_ending(void);

#endif
