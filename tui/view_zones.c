/*
 * The machine's zones in the explorer (`z`): every node and zone as
 * /proc/zoneinfo shows them - the release's figures - and, below, the zone
 * figures of the patch under the cursor before and after, zone by zone, as
 * `show zones` and `show zones PATCH` print them (lang/out/zonetable.c). It
 * follows the machine: a change made under it redraws it; `z` in it moves to
 * the next patch with per-zone figures.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lang/out/wrap.h"
#include "../lang/zonetable.h"
#include "crt.h"
#include "screen.h"

struct zones_view {
	struct view v;
	const struct patch_desc *d; /* NULL: the first patch with zone figures */
	struct strbuf text;
	unsigned long generation; /* the screen's when text was made */
	int cols; /* the window's width it was laid out for */
	struct text_scroll ts;
};

/* Does `show zones PATCH` have figures for d? */
static int has_zone_figures(struct screen *sc, const struct patch_desc *d)
{
	struct strbuf out = STRBUF_INIT;
	char err[256];
	int ok = !zone_table(sc->s, d->id, &out, err, sizeof(err));

	sb_free(&out);
	return ok;
}

/* d, or the next patch after it with zone figures, wrapping round; NULL if none has any. */
static const struct patch_desc *zone_patch(struct screen *sc, const struct patch_desc *d, int after)
{
	const struct patch_desc *const *patches = patch_set_list(sc->s->m.set);
	int i = 0, n = 0;

	while (patches[n])
		n++;
	while (d && patches[i] && patches[i] != d)
		i++;
	if (!d || !patches[i])
		i = 0, after = 0;
	for (int k = after; k < n + after; k++)
		if (has_zone_figures(sc, patches[(i + k) % n]))
			return patches[(i + k) % n];
	return NULL;
}

static void zones_view_build(struct zones_view *zv, struct screen *sc)
{
	enum out_format was = sc->s->format;
	int was_width = sc->s->opts.width;
	char err[256];

	sb_reset(&zv->text);
	zv->generation = sc->generation;
	zv->cols = sc->L.cols;
	sc->s->format = FMT_TABLE; /* the tables for people, whatever --format a script gave */
	sc->s->opts.width = sc->L.cols; /* laid out in parts that fit the window, as --width asks of a script's */
	zv->d = zone_patch(sc, zv->d, 0);
	if (zone_table(sc->s, NULL, &zv->text, err, sizeof(err)))
		sb_printf(&zv->text, "%s\n", err);
	if (zv->d) {
		sb_puts(&zv->text, "\n");
		if (zone_table(sc->s, zv->d->id, &zv->text, err, sizeof(err)))
			sb_printf(&zv->text, "%s\n", err);
	}
	sc->s->format = was;
	sc->s->opts.width = was_width;
	sb_puts(&zv->text, "\n");
	wrap_text(&zv->text, "z: the next patch's zone figures; : set zone DMA32 (or 1.Normal) makes the panels that zone's\n",
		  sc->L.cols, 0);
	view_text_lines(&zv->ts, sb_str(&zv->text));
}

static void zones_view_draw(struct view *v, struct screen *sc)
{
	struct zones_view *zv = (struct zones_view *)v;
	const struct layout *L = &sc->L;

	if (zv->generation != sc->generation || zv->cols != sc->L.cols)
		zones_view_build(zv, sc);
	screen_put(L->top, 0, L->cols, " zones of this machine   (Esc closes; arrows scroll; z next patch)", 0,
		   crt_attr(ST_TITLE));
	view_text_paint(L, sb_str(&zv->text), zv->ts.top, zv->ts.left);
}

static int zones_view_key(struct view *v, struct screen *sc, const struct key_binding *b, int ch)
{
	struct zones_view *zv = (struct zones_view *)v;

	if (b && view_text_key(&zv->ts, &sc->L, b->action, ch))
		return 1;
	switch (b ? b->action : KA_NONE) {
	case KA_ZONES:
		zv->d = zone_patch(sc, zv->d, 1);
		zv->ts.top = zv->ts.left = 0;
		zones_view_build(zv, sc);
		break;
	case KA_QUIT:
	case KA_ESCAPE: screen_pop(sc); break;
	default: return 0;
	}
	return 1;
}

static void zones_view_destroy(struct view *v)
{
	struct zones_view *zv = (struct zones_view *)v;

	sb_free(&zv->text);
	free(zv);
}

static int zones_view_footer(struct view *v, struct screen *sc, enum key_action a, const char **label)
{
	struct zones_view *zv = (struct zones_view *)v;

	switch (a) {
	case KA_QUIT: *label = "close"; return 1;
	case KA_HELP:
	case KA_COMMAND: return 1;
	case KA_DOWN: *label = "scroll"; return zv->ts.lines > sc->L.height - 1;
	case KA_PANEL: *label = "sideways"; return wrap_widest(sb_str(&zv->text)) > sc->L.cols;
	case KA_ZONES: *label = "next patch"; return zv->d != NULL;
	default: return 0;
	}
}

/* `:> PATH` saves the tables as shown. */
static void zones_view_text(struct view *v, struct screen *sc, struct strbuf *out)
{
	struct zones_view *zv = (struct zones_view *)v;

	if (zv->generation != sc->generation || zv->cols != sc->L.cols)
		zones_view_build(zv, sc);
	sb_puts(out, sb_str(&zv->text));
}

static const struct view_ops zones_view_ops = {
	.name = "zones",
	.opaque = 1,
	.draw = zones_view_draw,
	.key = zones_view_key,
	.destroy = zones_view_destroy,
	.text = zones_view_text,
	.footer = zones_view_footer,
};

struct view *view_zones_new(const struct patch_desc *d)
{
	struct zones_view *zv = calloc(1, sizeof(*zv));

	if (!zv)
		return NULL;
	zv->v.ops = &zones_view_ops;
	zv->d = d;
	zv->generation = (unsigned long)-1;
	return &zv->v;
}
