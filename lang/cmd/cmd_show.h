/*
 * show's tables (cmd_show.c), which the explorer also saves as the screen's
 * text (s key).
 */
#ifndef BL_CMD_SHOW_H
#define BL_CMD_SHOW_H

#include "../../core/strbuf.h"
#include "../session.h"

/* Topic "" or "all", "machine", or a patch id, in the session's format; -1 with err if unknown. */
int show_topic(struct session *s, const char *topic, struct strbuf *out, char *err, size_t errlen);

#endif
