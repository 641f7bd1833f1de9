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

/* `help variant`: the language, the functions, and each patch's constant and names. */
void variant_help(const struct patch_set *ps, struct strbuf *out);
/* `help PATCH`'s part: the constant a variant replaces and the patch's own names. */
void variant_help_patch(const struct patch_desc *d, struct strbuf *out);

#endif
