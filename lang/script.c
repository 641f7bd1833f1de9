#include "script.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../core/strbuf.h"
#include "cmd.h"

/* An error for a terminal: one line, and no escape sequence a quoted argument smuggled in. */
static void print_error(FILE *errf, const char *where, const char *err)
{
	fprintf(errf, "batchlab: %s: ", where);
	for (const unsigned char *c = (const unsigned char *)err; *c; c++)
		fputc(*c < 0x20 || *c == 0x7f ? '?' : *c, errf);
	fputc('\n', errf);
}

/* Output that was lost (a full disk, a closed pipe) is a failed command, not a success. */
static int emit(const struct strbuf *res, FILE *out, FILE *errf, const char *where)
{
	if (res->len && fwrite(res->buf, 1, res->len, out) != res->len)
		clearerr(out), errno = errno ? errno : EIO;
	else if (!ferror(out) && !fflush(out))
		return 0;
	fprintf(errf, "batchlab: %s: cannot write the output: %s\n", where, strerror(errno ? errno : EIO));
	return -1;
}

int script_run_line(struct session *s, const char *line, const char *where, FILE *out, FILE *errf)
{
	struct strbuf cmd = STRBUF_INIT, res = STRBUF_INIT;
	char q = 0, err[1024];
	int rc = 0;

	/* split on ';' and cut at '#', except inside quotes (paths may hold either) */
	for (const char *p = line;; p++) {
		int end = !*p || (!q && (*p == ';' || *p == '#' || *p == '\n'));

		if (!end) {
			if (q ? *p == q : (*p == '"' || *p == '\''))
				q = q ? 0 : *p;
			sb_putc(&cmd, *p);
			continue;
		}
		sb_reset(&res);
		s->stream = out;
		errno = 0;
		rc = cmd_run(s, sb_str(&cmd), &res, err, sizeof(err));
		s->stream = NULL;
		if (emit(&res, out, errf, where)) {
			rc = 1;
			break;
		}
		if (rc) {
			print_error(errf, where, err);
			rc = 1;
			break;
		}
		sb_reset(&cmd);
		if (s->quit || !*p || *p == '#')
			break;
	}
	sb_free(&cmd);
	sb_free(&res);
	return rc;
}

int script_run_stream(struct session *s, FILE *f, const char *name, FILE *out, FILE *errf)
{
	char *line = NULL, where[512];
	size_t cap = 0;
	ssize_t n;
	unsigned long lineno = 0;
	int rc = 0;

	errno = 0;
	while (!s->quit && (n = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if (memchr(line, '\0', (size_t)n)) {
			fprintf(errf, "batchlab: %s:%lu: binary data (a NUL byte): not a batchlab script\n", name, lineno);
			rc = 1;
			break;
		}
		snprintf(where, sizeof(where), "%s:%lu", name, lineno);
		if (script_run_line(s, line, where, out, errf)) {
			rc = 1;
			break;
		}
	}
	/* end of file and a read error look alike to getline(): a directory must not pass for an empty script */
	if (!rc && !s->quit && ferror(f)) {
		fprintf(errf, "batchlab: %s: %s\n", name, errno ? strerror(errno) : "read error");
		rc = 1;
	}
	free(line);
	fflush(out);
	return rc;
}

int script_run_text(struct session *s, const char *text, const char *where, FILE *out, FILE *errf)
{
	int rc = script_run_line(s, text, where, out, errf);

	fflush(out);
	return rc;
}
