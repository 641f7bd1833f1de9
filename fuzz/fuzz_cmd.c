/*
 * libFuzzer target: arbitrary bytes as a batchlab script, through the same
 * runner -f and stdin use (script_run_stream -> cmd_run), on a fresh session.
 * Output goes to a sink; files only inside the sandbox (sandbox.h).
 *
 * Beyond "no crash, no leak, no hang", it checks that whatever the script did,
 * the session's machine is one the parameter table accepts: every parameter
 * reads back through param_set to the same value. And each input runs a
 * second time as --format json or jsonl (by its bytes): what it printed must
 * be one JSON document, or a JSON value a line, with no key twice in any
 * object (issue 34) - unless it chose a format itself (format, --format) or
 * ran a file (source), or printed more than the check keeps.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "../lang/script.h"
#include "../lang/session.h"
#include "../tests/unit/jsoncheck.h"
#include "sandbox.h"

static FILE *sink; /* the harness's own: opened once, discards everything */

static ssize_t sink_write(void *cookie, const char *buf, size_t len)
{
	(void)cookie, (void)buf;
	return (ssize_t)len;
}

/* What a json run printed, up to OUT_MAX bytes (past that, full: not checked). */
#define OUT_MAX (8u << 20)
struct captured {
	char *buf;
	size_t len;
	int full;
};

static ssize_t capture_write(void *cookie, const char *buf, size_t len)
{
	struct captured *c = cookie;

	if (c->full || c->len + len > OUT_MAX) {
		c->full = 1;
		return (ssize_t)len;
	}
	memcpy(c->buf + c->len, buf, len);
	c->len += len;
	c->buf[c->len] = '\0';
	return (ssize_t)len;
}

static void bad_json(const struct captured *c, const char *what, const char *at)
{
	fprintf(stderr, "fuzz_cmd: %s\n--- output (%zu bytes) from: %.300s\n", what, c->len, at);
	abort();
}

/* jsonl: every line one JSON value; json: the whole output one document (or nothing, when nothing ran). */
static void check_json(struct captured *c, enum out_format f)
{
	if (f == FMT_JSON) {
		if (c->len && !json_valid(c->buf))
			bad_json(c, "a --format json run printed no single JSON document (or a key twice)", c->buf);
		return;
	}
	for (char *line = c->buf, *nl; line < c->buf + c->len; line = nl + 1) {
		nl = strchr(line, '\n');
		if (!nl)
			bad_json(c, "a --format jsonl run ended in the middle of a line", line);
		*nl = '\0';
		if (!json_valid(line))
			bad_json(c, "a --format jsonl line is not one JSON value (or holds a key twice)", line);
		*nl = '\n';
	}
}

/* Did the script choose a format of its own, or run a file? Then its output may rightly mix them. */
static int picks_format(const uint8_t *data, size_t size)
{
	static const char *const words[] = { "format", "source" };

	for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++)
		if (memmem(data, size, words[w], strlen(words[w])))
			return 1;
	return 0;
}

static void run_as_json(const uint8_t *data, size_t size)
{
	static char *buf;
	struct captured c = { NULL, 0, 0 };
	cookie_io_functions_t io = { .write = capture_write };
	unsigned sum = 0;
	struct session s;
	FILE *in, *out;

	if (picks_format(data, size))
		return;
	if (!buf && !(buf = malloc(OUT_MAX + 1)))
		abort();
	c.buf = buf;
	c.buf[0] = '\0';
	for (size_t i = 0; i < size; i++)
		sum += data[i];
	session_init(&s);
	s.format = sum & 1 ? FMT_JSONL : FMT_JSON;
	in = fmemopen((void *)data, size, "r");
	out = fopencookie(&c, "w", io);
	if (!in || !out)
		abort();
	setvbuf(out, NULL, _IONBF, 0);
	sandbox_enter();
	script_run_stream(&s, in, "fuzz", out, sink);
	sandbox_leave();
	fclose(in);
	fclose(out);
	if (!c.full)
		check_json(&c, s.format);
	session_end(&s);
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
	session_end(&s);
	run_as_json(data, size);
	return 0;
}
