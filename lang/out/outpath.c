/* How a command names its output file, one spelling for every writer (see outpath.h). */
#include "outpath.h"

#include <limits.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "../../core/err.h"
#include "outfile.h"
#include "outopts.h"

enum out_format outpath_format(enum out_format session_format, const char *path)
{
	size_t n = path ? strlen(path) : 0;

	if (session_format != FMT_TABLE || !n)
		return session_format;
	/* any case: p.SVG is a picture too */
	if (n > 4 && !strcasecmp(path + n - 4, ".csv"))
		return FMT_CSV;
	if (n > 5 && !strcasecmp(path + n - 5, ".json"))
		return FMT_JSON;
	if (n > 4 && !strcasecmp(path + n - 4, ".svg"))
		return FMT_SVG; /* a picture: only a chart's command takes it (cmd.c) */
	if (n > 6 && !strcasecmp(path + n - 6, ".jsonl"))
		return FMT_JSONL;
	return FMT_TABLE;
}

int outpath_write(const struct session *s, const char *cmd, const char *what, const char *path, struct strbuf *text,
		  struct strbuf *out, char *err, size_t errlen)
{
	char why[PATH_MAX + 256];
	struct strbuf note = STRBUF_INIT;
	int rc = outfile_write_told(path, text->buf ? text->buf : "", text->len, &note, why, sizeof(why));

	sb_free(text);
	if (note.len) {
		struct strbuf t = STRBUF_INIT;

		sb_printf(&t, "%s: %s", cmd, sb_str(&note));
		session_note(s, out, sb_str(&t));
		sb_free(&t);
	}
	sb_free(&note);
	if (rc)
		return err_set(err, errlen, "%s: %s", cmd, why);
	if (s->interactive)
		sb_printf(out, "wrote the %s to %s\n", what, path);
	return 0;
}

int outpath_replaces(const char *to, const char *read)
{
	struct stat out, in;

	return to && read && !stat(to, &out) && S_ISREG(out.st_mode) && !stat(read, &in) && in.st_dev == out.st_dev &&
	       in.st_ino == out.st_ino;
}

int outpath_check_read(const struct session *s, const char *cmd, const char *read, char *err, size_t errlen)
{
	if (!outpath_replaces(s->opts.path, read))
		return 0;
	return err_set(err, errlen, "%s: > %.200s would replace %.200s, which it reads", cmd, s->opts.path, read);
}
