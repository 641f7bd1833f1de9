/* about PATCH's page for people (cmd_about.c): what a test renders at every width, as the command prints it. */
#ifndef BL_CMD_ABOUT_H
#define BL_CMD_ABOUT_H

#include "../../core/patch.h"
#include "../../core/strbuf.h"

/* The about page of d on m: what it changed, the seed's figures, its claims checked, batchlab's headline. */
void about_page(const struct machine *m, const struct patch_desc *d, struct strbuf *out);

#endif
