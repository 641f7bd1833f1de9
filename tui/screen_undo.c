/*
 * The explorer's undo ring (the u key): every change reaches the cells
 * through screen_recompute, which keeps the state before it here; `u` puts
 * the newest back.
 */
#include <stdlib.h>
#include <string.h>

#include "screen.h"

static int undo_keep(struct undo_machine *u, const struct machine *m)
{
	int vars = 0;

	memcpy(u->head, m, MACHINE_HEAD);
	for (int p = 0; p < VARIANT_PATCHES; p++)
		vars |= m->nvariants[p];
	if (!vars) {
		free(u->full);
		u->full = NULL;
		return 0;
	}
	if (!u->full && !(u->full = malloc(sizeof(*u->full))))
		return -1;
	machine_copy(u->full, m);
	return 0;
}

static void undo_restore(struct machine *m, const struct undo_machine *u)
{
	if (u->full)
		machine_copy(m, u->full);
	else
		memcpy(m, u->head, MACHINE_HEAD); /* no variants: the counts say so, the slots are not read */
}

void screen_undo_take(const struct session *s, struct undo_entry *e)
{
	e->lost = undo_keep(&e->m, &s->m) || undo_keep(&e->preset_m, &s->preset_m);
	snprintf(e->preset, sizeof(e->preset), "%s", s->preset);
}

/*
 * The variants of m and of u, name and text (the compiled program follows the
 * text): the same counts can hold different variants - `variant del P a;
 * variant P a = 99` leaves every byte of the head as it was.
 */
static int variants_differ(const struct machine *m, const struct undo_machine *u)
{
	for (int p = 0; p < VARIANT_PATCHES; p++)
		for (int k = 0; k < m->nvariants[p] && k < VARIANT_MAX; k++) {
			const struct variant *a = &m->variants[p][k], *b;

			if (!u->full)
				return 1;
			b = &u->full->variants[p][k];
			if (strcmp(a->name, b->name) || strcmp(a->text, b->text))
				return 1;
		}
	return 0;
}

static int undo_differs(const struct session *s, const struct undo_entry *e)
{
	return memcmp(e->m.head, &s->m, MACHINE_HEAD) || memcmp(e->preset_m.head, &s->preset_m, MACHINE_HEAD) ||
	       strcmp(s->preset, e->preset) || variants_differ(&s->m, &e->m) || variants_differ(&s->preset_m, &e->preset_m);
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

	if (!sc->undo_n) {
		screen_status(sc, 0, "nothing to undo");
		return;
	}
	e = &sc->undo[(sc->undo_first + --sc->undo_n) % SCREEN_UNDO_MAX];
	if (e->lost) {
		screen_status(sc, 1, "cannot undo: there was no memory to keep that state's variants");
		return;
	}
	undo_restore(&sc->s->m, &e->m);
	undo_restore(&sc->s->preset_m, &e->preset_m);
	snprintf(sc->s->preset, sizeof(sc->s->preset), "%s", e->preset);
	sc->undoing = 1;
	screen_recompute(sc, 1);
	sc->undoing = 0;
	screen_status(sc, 0, "undone: the machine is as it was before the last change (%d more to undo)", sc->undo_n);
}
