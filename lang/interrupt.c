#include "interrupt.h"

#include <string.h>

volatile sig_atomic_t interrupt_flag;
static volatile sig_atomic_t ending;

static void on_sigint(int sig)
{
	(void)sig;
	interrupt_flag = 1;
}

void interrupt_catch(int restart, struct sigaction *old)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = restart ? SA_RESTART : 0;
	interrupt_flag = ending; /* a process on its way out stops the next sweep at once */
	sigaction(SIGINT, NULL, old);
	if (old->sa_handler != SIG_IGN)
		sigaction(SIGINT, &sa, NULL);
}

void interrupt_release(const struct sigaction *old)
{
	sigaction(SIGINT, old, NULL);
}

int interrupt_take(void)
{
	int was = interrupt_flag;

	interrupt_flag = 0;
	return was;
}

void interrupt_raise(void)
{
	ending = 1;
	interrupt_flag = 1;
}

int interrupt_ending(void)
{
	return ending;
}
