/*
 * The explorer's undo ring (the u key): every change reaches the cells
 * through screen_recompute, which keeps the state before it here; `u` puts
 * the newest back.
 */
#include <stdlib.h>
#include <string.h>

#include "../lang/patchreg.h"
#include "screen.h"

void screen_undo_take(const struct session *s, struct undo_entry *e)
{
	patchreg_hold(s->m.set);
	patchreg_drop(e->m.set);
	e->m = s->m;
	e->preset_m = s->preset_m;
	snprintf(e->preset, sizeof(e->preset), "%s", s->preset);
}

void screen_undo_free(struct undo_entry *e)
{
	patchreg_drop(e->m.set);
	e->m.set = NULL;
}

/* A set is not changed once made: another one is another state (a variant added, then deleted, is two). */
static int undo_differs(const struct session *s, const struct undo_entry *e)
{
	return machine_differs(&e->m, &s->m) || machine_differs(&e->preset_m, &s->preset_m) ||
	       strcmp(s->preset, e->preset) || e->m.set != s->m.set;
}

static void undo_swap(struct undo_entry *a, struct undo_entry *b)
{
	struct undo_entry t = *a;

	*a = *b;
	*b = t;
}

/*
 * The session moved away from what was shown: the shown state goes on the
 * undo ring (the slot it takes, the oldest when the ring is full, becomes the
 * shown entry's storage), and the shown state becomes the session's.
 */
void screen_remember(struct screen *sc)
{
	if (!sc->undoing && undo_differs(sc->s, sc->shown)) {
		if (sc->undo_n == SCREEN_UNDO_MAX) { /* the oldest goes */
			sc->undo_first = (sc->undo_first + 1) % SCREEN_UNDO_MAX;
			sc->undo_n--;
		}
		undo_swap(&sc->undo[(sc->undo_first + sc->undo_n++) % SCREEN_UNDO_MAX], sc->shown);
	}
	screen_undo_take(sc->s, sc->shown);
}

void screen_undo(struct screen *sc)
{
	const struct undo_entry *e;
	const struct patch_set *was;

	if (!sc->undo_n) {
		screen_status(sc, 0, "nothing to undo");
		return;
	}
	e = &sc->undo[(sc->undo_first + --sc->undo_n) % SCREEN_UNDO_MAX];
	was = sc->s->m.set;
	patchreg_hold(e->m.set); /* the session's now, and still the entry's until it is taken over */
	sc->s->m = e->m;
	sc->s->preset_m = e->preset_m;
	sc->s->m.set = was;
	session_set_patches(sc->s, e->m.set); /* lets the set it had go */
	snprintf(sc->s->preset, sizeof(sc->s->preset), "%s", e->preset);
	sc->undoing = 1;
	screen_recompute(sc, 1);
	sc->undoing = 0;
	screen_status(sc, 0, "undone: the machine is as it was before the last change (%d more to undo)", sc->undo_n);
}
