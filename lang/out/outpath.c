/* How a command names its output file, one spelling for every writer (see outpath.h). */
#include "outpath.h"

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

int outpath_replaces(const char *to, const char *read)
{
	struct stat out, in;

	return to && read && !stat(to, &out) && S_ISREG(out.st_mode) && !stat(read, &in) && in.st_dev == out.st_dev &&
	       in.st_ino == out.st_ino;
}
