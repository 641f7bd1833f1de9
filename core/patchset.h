/*
 * The set of patches a session sees: the built-in ones (core/patch_list.h),
 * the patch files it loaded (core/mmpatch.h), and each patch's variants, the
 * user's own versions of its constant (core/variant.h). A value: a front end
 * owns it, a machine points to it (struct machine.set), and a change -
 * `variant`, `patch load` - builds a new set and swaps it in whole, so a
 * change that fails leaves the old one as it was.
 */
#ifndef BL_PATCHSET_H
#define BL_PATCHSET_H

#include <stdint.h>

#include "expr.h"

#define VARIANT_MAX 4 /* per patch */
/* A patch's index in the patch list (core/patch_list.h), which is its variant slot: PATCH_SLOT(vmpressure). */
#define PATCH(name) PATCH_SLOT_##name,
enum patch_slot {
#include "patch_list.h"
	BUILTIN_PATCH_COUNT
};
#undef PATCH
#define PATCH_SLOT(name) PATCH_SLOT_##name
#define VARIANT_BUILTIN BUILTIN_PATCH_COUNT /* slots for the built-in patches, one per line of the list */
#define VARIANT_LOADED 4       /* and for patches loaded from files (core/mmpatch.h), next in the list */
#define VARIANT_PATCHES (VARIANT_BUILTIN + VARIANT_LOADED)
#define VARIANT_NAME_MAX 24
#define VARIANT_TEXT_MAX 200

/* A variant: the user's own version of a patch's constant, compiled once. */
struct variant {
	char name[VARIANT_NAME_MAX];
	char text[VARIANT_TEXT_MAX];
	struct expr prog;
};

struct patch_desc;

struct patch_set {
	/* NULL-terminated: the built-ins, then the loaded patches; a patch's index is its variant slot */
	const struct patch_desc *list[VARIANT_PATCHES + 1];
	int nloaded;
	/* the user's variants of each patch's constant, in the order they were added */
	uint8_t nvariants[VARIANT_PATCHES];
	struct variant variants[VARIANT_PATCHES][VARIANT_MAX];
};

/* The built-in patches and no variant: a machine whose set is NULL sees these. */
extern const struct patch_set patch_set_builtin;

static inline const struct patch_set *patch_set_or_builtin(const struct patch_set *ps)
{
	return ps ? ps : &patch_set_builtin;
}

/* The patches, NULL-terminated: ps's, or the built-ins for NULL. */
static inline const struct patch_desc *const *patch_set_list(const struct patch_set *ps)
{
	return patch_set_or_builtin(ps)->list;
}

/* *dst = *src (NULL: the built-ins), copying only the variants src holds, not its empty slots. */
void patch_set_copy(struct patch_set *dst, const struct patch_set *src);

/*
 * d, a loaded patch, as the k-th loaded one: in the place of the one there
 * (its variants kept) or, for k == nloaded, after the last. -1 when k is
 * past that or there is no room.
 */
int patch_set_put(struct patch_set *ps, int k, const struct patch_desc *d);

#endif
