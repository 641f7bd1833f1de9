/*
 * The variant command: `variant PATCH NAME = EXPR`, `variant list`,
 * `variant del PATCH NAME`. The variants themselves live in the session's
 * machine (core/variant.h); this parses the line and shows the list.
 */
#ifndef BL_VARIANTCMD_H
#define BL_VARIANTCMD_H

#include <stddef.h>

#include "../../core/patch.h"
#include "../../core/strbuf.h"
#include "../session.h"

int cmd_variant(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
/* `help variant`: the language, the functions, and each patch's constant and names. */
void variant_help(struct strbuf *out);
/* What variant does, in a paragraph (its row: the man page); help variant is variant_help. */
void variant_details(struct strbuf *out);
/* `help PATCH`'s part: the constant a variant replaces and the patch's own names. */
void variant_help_patch(const struct patch_desc *d, struct strbuf *out);

#endif
