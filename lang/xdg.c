/* The user's config, data and state folders (xdg.h). */
#include "xdg.h"

#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int xdg_path(enum xdg_kind kind, const char *sub, char *buf, size_t len)
{
	static const struct {
		const char *var, *fallback;
	} kinds[] = {
		[XDG_CONFIG] = { "XDG_CONFIG_HOME", ".config" },
		[XDG_DATA] = { "XDG_DATA_HOME", ".local/share" },
		[XDG_STATE] = { "XDG_STATE_HOME", ".local/state" },
	};
	const char *base = getenv(kinds[kind].var), *home = getenv("HOME");
	int n;

	if (base && *base != '/')
		base = NULL; /* the XDG spec: a relative path in these variables is invalid and to be ignored */
	if (base && *base)
		n = snprintf(buf, len, "%s/batchlab%s%s", base, sub ? "/" : "", sub ? sub : "");
	else if (home && *home)
		n = snprintf(buf, len, "%s/%s/batchlab%s%s", home, kinds[kind].fallback, sub ? "/" : "", sub ? sub : "");
	else
		return -1;
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

int beside_binary(const char *name, char *buf, size_t len)
{
	char exe[PATH_MAX], *slash;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	int w;

	if (n <= 0)
		return -1;
	exe[n] = '\0';
	if (!(slash = strrchr(exe, '/')))
		return -1;
	*slash = '\0';
	w = snprintf(buf, len, "%s/%s", exe, name);
	return w < 0 || (size_t)w >= len ? -1 : 0;
}
