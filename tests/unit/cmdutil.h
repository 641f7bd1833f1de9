/* Tests that drive the command language: one command, its output in out, its error in err (512 bytes). */
#ifndef BL_CMDUTIL_H
#define BL_CMDUTIL_H

#include "../../lang/cmd.h"

static int run(struct session *s, const char *line, struct strbuf *out, char *err)
{
	sb_reset(out);
	err[0] = '\0';
	return cmd_run(s, line, out, err, 512);
}

#endif
