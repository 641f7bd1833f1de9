/*
 * libFuzzer target: arbitrary bytes as a batchlab script, through the same
 * runner -f and stdin use (script_run_stream -> cmd_run), on a fresh session.
 * Output goes to a sink; files only inside the sandbox (sandbox.h).
 *
 * Beyond "no crash, no leak, no hang", it checks that whatever the script did,
 * the session's machine is one the parameter table accepts: every parameter
 * reads back through param_set to the same value.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "../lang/script.h"
#include "../lang/session.h"
#include "sandbox.h"

static FILE *sink; /* the harness's own: opened once, discards everything */

static ssize_t sink_write(void *cookie, const char *buf, size_t len)
{
	(void)cookie, (void)buf;
	return (ssize_t)len;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	cookie_io_functions_t io = { .write = sink_write };

	sandbox_init(*argc, *argv);
	/* BL_FUZZ_ECHO=1: show what a replayed input printed */
	sink = getenv("BL_FUZZ_ECHO") ? stderr : fopencookie(NULL, "w", io);
	if (!sink)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct session s;
	FILE *in;

	if (!size)
		return 0;
	session_init(&s);
	in = fmemopen((void *)data, size, "r");
	if (!in)
		return 0;
	sandbox_enter();
	script_run_stream(&s, in, "fuzz", sink, sink);
	sandbox_leave();
	fclose(in);
	sandbox_check_machine(&s.m, "fuzz_cmd");
	return 0;
}
