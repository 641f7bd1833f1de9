/*
 * The built-in patch set, and copying one set into another (core/patchset.h).
 */
#include "patchset.h"

#include <string.h>

#include "patch.h"

#define PATCH(name) extern const struct patch_desc name##_patch;
#include "patch_list.h"
#undef PATCH

const struct patch_set patch_set_builtin = {
	.list = {
#define PATCH(name) &name##_patch,
#include "patch_list.h"
#undef PATCH
		NULL,
	},
};

void patch_set_copy(struct patch_set *dst, const struct patch_set *src)
{
	src = patch_set_or_builtin(src);
	memcpy(dst->list, src->list, sizeof(dst->list));
	dst->nloaded = src->nloaded;
	memcpy(dst->nvariants, src->nvariants, sizeof(dst->nvariants));
	for (int p = 0; p < VARIANT_PATCHES; p++)
		memcpy(dst->variants[p], src->variants[p],
		       (src->nvariants[p] < VARIANT_MAX ? src->nvariants[p] : VARIANT_MAX) * sizeof(src->variants[p][0]));
}

int patch_set_put(struct patch_set *ps, int k, const struct patch_desc *d)
{
	if (k < 0 || k > ps->nloaded || k >= VARIANT_LOADED)
		return -1;
	ps->list[VARIANT_BUILTIN + k] = d;
	if (k == ps->nloaded) {
		ps->nloaded++;
		ps->list[VARIANT_BUILTIN + ps->nloaded] = NULL;
	}
	return 0;
}
