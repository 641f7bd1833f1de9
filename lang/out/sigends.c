/* Which signals end the process, for every handler that cleans up first (sigends.h). */
#include "sigends.h"

#include <signal.h>

int sig_ends_process(int sig)
{
	switch (sig) {
	case SIGKILL: /* cannot be caught */
	case SIGCHLD: case SIGCONT: case SIGSTOP: case SIGTSTP: case SIGTTIN: case SIGTTOU: case SIGURG: case SIGWINCH:
		return 0;
	default:
		/* 32 and 33 are the C library's own (thread cancellation), below SIGRTMIN */
		return (sig >= 1 && sig < 32) || (sig >= SIGRTMIN && sig <= SIGRTMAX);
	}
}

int sig_is_fault(int sig)
{
	switch (sig) {
	case SIGSEGV: case SIGBUS: case SIGABRT: case SIGFPE: case SIGILL: case SIGTRAP: case SIGSYS:
		return 1;
	default:
		return 0;
	}
}
