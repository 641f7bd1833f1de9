/*
 * `host check`: every value /proc/zoneinfo shows that batchlab computes,
 * zone by zone and CPU by CPU, plus min_free_kbytes and CommitLimit, beside
 * what batchlab computes for the machine `host` loads from the same files.
 */
#ifndef BL_HOSTCHECK_H
#define BL_HOSTCHECK_H

#include <stddef.h>

#include "hostread.h"
#include "session.h"

/*
 * host: the machine host loaded (layout included); hz and t: what was read.
 * One row per value: ok, both values and the computing function, a live value
 * inside its bounds, or not computed. -1 with err when a computed value differs.
 * The zones are a walk (walk.h): -3 with err when refused for their time
 * (how: --long, a progress line), -1 when Ctrl-C stopped them; nothing written.
 */
struct walk_how;
int host_check_values(struct session *s, const struct machine *host, const struct host_zones *hz,
		      const struct host_tunables *t, const struct walk_how *how, struct strbuf *out, char *err,
		      size_t errlen);

#endif
