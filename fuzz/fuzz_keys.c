/*
 * libFuzzer target: arbitrary bytes as what a terminal sends the explorer -
 * keys, escape sequences, mouse reports, bracketed pastes (ESC [200~ ...
 * ESC [201~), lines for the `:` command line - through the real screen loop
 * (tui/screen.c's screen_loop: curses decodes the keys, the views take them,
 * commands run, every view draws), on a fresh session each time.
 *
 * Curses is set up once, on a pipe and a sink: each input is written into a
 * new pipe put in the old one's place, so the loop reads it to its end. The
 * first byte picks the terminal's size. Files only inside the sandbox
 * (sandbox.h): a pasted `preset save` or `> PATH` cannot write elsewhere.
 *
 * Beyond "no crash, no leak, no hang", whatever the keys did the session's
 * machine must be one the parameter table accepts.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../lang/session.h"
#include "../tui/crt.h"
#include "../tui/screen.h"
#include "sandbox.h"

/* The most of one input the pipe takes without a reader (Linux's pipe holds 64 KiB). */
#define KEYS_MAX 60000
/* Draw after this many keys: the views' drawing is fuzzed too, not only the last frame. */
#define KEYS_PER_FRAME 8

static int in_fd = -1;
static FILE *in_file, *out_file;

static const int sizes[][2] = { { 80, 24 }, { 132, 43 }, { 40, 12 }, { 200, 60 }, { 20, 6 }, { 96, 30 } };

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static struct sigaction before[_NSIG];
	char err[256];
	int p[2];

	sandbox_init(*argc, *argv);
	for (int sig = 1; sig < _NSIG; sig++)
		sigaction(sig, NULL, &before[sig]);
	/* a terminal description every ncurses has; read now, before the sandbox guards the files */
	setenv("TERM", "xterm-256color", 1);
	setenv("NO_COLOR", "", 1);
	unsetenv("BATCHLAB_LOG");
	if (pipe(p))
		abort();
	close(p[1]);
	in_fd = p[0];
	in_file = fdopen(in_fd, "r");
	out_file = fopen(getenv("BL_FUZZ_ECHO") ? "/dev/stderr" : "/dev/null", "w");
	if (!in_file || !out_file || crt_init_on(in_file, out_file, err, sizeof(err))) {
		fprintf(stderr, "fuzz_keys: no curses: %s\n", err);
		abort();
	}
	/* libFuzzer's own handlers back (its -timeout is a SIGALRM): no signal comes to the screen here */
	for (int sig = 1; sig < _NSIG; sig++)
		sigaction(sig, &before[sig], NULL);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct session s;
	const int *wh;
	int p[2];

	if (!size)
		return 0;
	wh = sizes[data[0] % (sizeof(sizes) / sizeof(sizes[0]))];
	data++, size--;
	if (size > KEYS_MAX)
		size = KEYS_MAX;
	if (pipe(p))
		abort();
	if (size && write(p[1], data, size) != (ssize_t)size)
		abort();
	close(p[1]);
	dup2(p[0], in_fd); /* the fd curses reads, now this input, ending where it ends */
	close(p[0]);
	resize_term(wh[1], wh[0]);

	session_init(&s);
	s.interactive = 1;
	sandbox_enter();
	(void)screen_loop(&s, NULL, in_fd, KEYS_PER_FRAME);
	sandbox_leave();
	flushinp();
	sandbox_check_machine(&s.m, "fuzz_keys");
	session_end(&s);
	return 0;
}
