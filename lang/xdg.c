/* The user's config, data and state folders (xdg.h). */
#include "xdg.h"

#include <stdio.h>
#include <stdlib.h>

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

	if (base && *base)
		n = snprintf(buf, len, "%s/batchlab%s%s", base, sub ? "/" : "", sub ? sub : "");
	else if (home && *home)
		n = snprintf(buf, len, "%s/%s/batchlab%s%s", home, kinds[kind].fallback, sub ? "/" : "", sub ? sub : "");
	else
		return -1;
	return n < 0 || (size_t)n >= len ? -1 : 0;
}
