/*
 * `show zones` and `show zones PATCH`: the machine's zones as /proc/zoneinfo
 * shows them, and a patch's per-zone figures before and after.
 */
#ifndef BL_ZONETABLE_H
#define BL_ZONETABLE_H

#include <stddef.h>

#include "session.h"

/* patch NULL: every figure of every zone; else that patch's zone figures, before and after. */
int zone_table(struct session *s, const char *patch, struct strbuf *out, char *err, size_t errlen);

#endif
