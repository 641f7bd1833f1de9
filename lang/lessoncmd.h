/* The commands lesson, source, echo and expect (lessoncmd.c): rows of commands[] in cmd.c. */
#ifndef BL_LESSONCMD_H
#define BL_LESSONCMD_H

#include <stddef.h>

#include "../core/strbuf.h"
#include "session.h"

int cmd_lesson(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
int cmd_source(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
int cmd_echo(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
int cmd_expect(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);

#endif
