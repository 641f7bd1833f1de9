/*
 * `host` and `host check`: this machine's values, and the vmstat model
 * against the running kernel's /proc/zoneinfo. The files are read here; all
 * parsing is core/host_parse.c. BATCHLAB_SYSROOT, if set, is prefixed to
 * every /proc and /sys path (for tests with saved copies).
 */
#ifndef BL_HOSTCMD_H
#define BL_HOSTCMD_H

#include <stddef.h>
#include <stdint.h>

#include "../../core/strbuf.h"
#include "../session.h"

/*
 * The running kernel's release (/proc/sys/kernel/osrelease, what uname -r
 * prints) as the newest release batchlab knows not after it: 0 with its name
 * in value and where it came from in source, or -1 with why in source;
 * build (may be NULL) gets whose build the string names (enterprise or not), as set kernel reads it.
 */
int host_kernel(char *value, size_t vlen, char *source, size_t slen, uint64_t *build);


#endif
