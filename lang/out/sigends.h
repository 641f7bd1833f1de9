/*
 * Which signals end the process and which report a fault of the program:
 * what a file being written (outfile.c), Ctrl-C's flag (lang/interrupt.h)
 * and the terminal's handlers (tui/crt.c) each clean up after.
 */
#ifndef BL_SIGENDS_H
#define BL_SIGENDS_H

/* The default action of sig ends the process (with or without a core): every one a handler must clean up after. */
int sig_ends_process(int sig);
/* sig reports a fault of the program itself (SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTRAP, SIGSYS). */
int sig_is_fault(int sig);

#endif
