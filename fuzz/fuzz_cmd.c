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

#include "../core/params.h"
#include "../lang/script.h"
#include "../lang/session.h"
#include "sandbox.h"

static FILE *sink; /* the harness's own: opened once, discards everything */

static ssize_t sink_write(void *cookie, const char *buf, size_t len)
{
	(void)cookie, (void)buf;
	return (ssize_t)len;
}

static void check_machine(const struct machine *m)
{
	for (size_t i = 0; i < nparams; i++) {
		struct machine copy = *m;
		char typed[128], again[128], err[256];

		param_format_input(m, &params[i], typed, sizeof(typed));
		if (param_set(&copy, &params[i], typed, err, sizeof(err))) {
			fprintf(stderr, "fuzz_cmd: %s = '%s' does not read back: %s\n", params[i].name, typed, err);
			abort();
		}
		param_format_input(&copy, &params[i], again, sizeof(again));
		if (strcmp(typed, again)) {
			fprintf(stderr, "fuzz_cmd: %s = '%s' reads back as '%s'\n", params[i].name, typed, again);
			abort();
		}
	}
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
	check_machine(&s.m);
	return 0;
}
