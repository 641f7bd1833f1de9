#include "interrupt.h"

#include <string.h>

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

void interrupt_catch(int restart, struct sigaction *old)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = restart ? SA_RESTART : 0;
	interrupted = 0;
	sigaction(SIGINT, NULL, old);
	if (old->sa_handler != SIG_IGN)
		sigaction(SIGINT, &sa, NULL);
}

void interrupt_release(const struct sigaction *old)
{
	sigaction(SIGINT, old, NULL);
}

int interrupt_seen(void)
{
	return interrupted;
}

int interrupt_take(void)
{
	int was = interrupted;

	interrupted = 0;
	return was;
}
