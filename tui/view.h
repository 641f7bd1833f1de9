/*
 * A view of the explorer (htop's Panel): the machine and patch panels, a
 * pager, a chart, the `:` line. Each is one file implementing these ops; the
 * screen manager (screen.c) keeps a stack of them, draws the top one that
 * covers the panel area and anything above it, and hands keys to the top.
 *
 * To add a view: a struct whose first member is a struct view, a const
 * struct view_ops, and a function that allocates it and calls screen_show()
 * (replaces any view over the panels) or screen_push() (stays above them).
 */
#ifndef BL_VIEW_H
#define BL_VIEW_H

#include <stddef.h>

#include "../core/patch.h"
#include "../core/strbuf.h"
#include "keys.h"
#include "layout.h"

struct screen;
struct view;

struct view_ops {
	const char *name;
	/* draws the whole panel area: views under it are not drawn */
	int opaque;
	/* after the title, footer and status line are drawn (opaque views draw before the footer) */
	void (*draw)(struct view *v, struct screen *sc);
	/*
	 * One key: b is its row in the key table (NULL if unbound), ch the key.
	 * Returns 1 when the view used it; else the view under it is asked, then
	 * the screen's own keys (quit, help, command line).
	 */
	int (*key)(struct view *v, struct screen *sc, const struct key_binding *b, int ch);
	/* the key table's actions key takes (KA_NONE ends them): help keys lists their rows */
	const enum key_action *actions;
	/* The layout changed (sc->L); may be NULL. */
	void (*resize)(struct view *v, struct screen *sc);
	/* What the selection is, for the status line when nothing else is said; may be NULL. */
	void (*describe)(struct view *v, struct screen *sc, char *buf, size_t len);
	/*
	 * `:save PATH`: the command line that writes what the view shows to PATH
	 * (`plot ... > PATH`); may be NULL (the view has nothing to save). 0, or -1
	 * with why in line.
	 */
	int (*save_command)(struct view *v, struct screen *sc, const char *path, char *line, size_t len);
	/* Ctrl-C arrived: 1 if the view took it (the `:` line abandons its line); may be NULL. */
	int (*interrupt)(struct view *v, struct screen *sc);
	/* Off the stack for good. */
	void (*destroy)(struct view *v);
	/* What the view shows, as plain text, for `:> PATH`; NULL: the panels' `show all`. */
	void (*text)(struct view *v, struct screen *sc, struct strbuf *out);
	/*
	 * Whether the footer offers action a here (1), with *label set to the word
	 * for it when the key table's is not the one (Down: "scroll"); NULL: every
	 * key the table labels. The footer lists only keys that work in the view.
	 */
	int (*footer)(struct view *v, struct screen *sc, enum key_action a, const char **label);
};

struct view {
	const struct view_ops *ops;
};

/* The views there are. Each returns NULL when out of memory. */
struct view *view_panels_new(struct screen *sc);
/* The cursor onto the row named name (a parameter, or PATCH.METRIC), in whichever panel holds it. 1 found. */
int view_panels_select(struct view *panels, struct screen *sc, const char *name);
/* The cursor onto what a view line shows (session.h's show): PATCH.METRIC, or a patch's first metric. 1 found. */
int view_panels_show(struct view *panels, struct screen *sc, const char *show);
/* What the cursor is on, as session.h's show has it: PATCH.METRIC on the patch panel, "" on the machine's. */
void view_panels_shown(const struct view *panels, char *buf, size_t len);
/*
 * Lines of text from line top, scrolled left columns sideways, under the title row
 * of the panel area: the pager's body, and any view that shows text the same way.
 */
void view_text_paint(const struct layout *L, const char *text, int top, int left);
/* Where a view of text is scrolled to (top line, columns sideways) and how many lines the text has. */
struct text_scroll {
	int top, left, lines;
};
/* The text's line count, kept in ts, after it is (re)made. */
void view_text_lines(struct text_scroll *ts, const char *text);
/* Arrows, pages, Home/End and sideways over a text under the title row: 1 if the key was one of them. */
int view_text_key(struct text_scroll *ts, const struct layout *L, enum key_action a, int ch);
/* The machine's zones, as `show zones` and `show zones PATCH` print them (d: the patch first shown). */
struct view *view_zones_new(const struct patch_desc *d);
/* Text to scroll (explain, about, help, command output), under title. */
struct view *view_pager_new(const char *title, const char *text);
/*
 * A replay's pager (`:source`): states[k] is the machine before its step k+1
 * (session.step_m); the session's machine follows the step shown, starting
 * now, and stays at the last one shown when the pager closes.
 */
void view_pager_steps(struct view *v, struct screen *sc, const struct machine *states, int n);
/* One metric of one patch across an axis (cpus, then ram on x). */
struct view *view_chart_new(const struct patch_desc *d, const struct metric_desc *md, int serial);
struct param;
/* Every metric that reads p (first's first; c steps on), over p. */
struct view *view_chart_over(const struct patch_set *ps, const struct param *p, const struct patch_desc *first);
/* path quoted for the command line ('PATH'): 0, or -1 with why in buf. */
int view_quote_path(const char *path, char *buf, size_t len);
/* How many metrics a chart over p would show: 0 means none reads it. */
int view_chart_readers(const struct patch_set *ps, const struct param *p);
struct chart;
/*
 * c drawn height rows high from row top (the chart view's and the trade-off
 * view's); -1 with a note of the least size instead when it does not fit
 * (other_rows: what the view needs besides the chart).
 */
int view_chart_show(const struct chart *c, int top, int cols, int height, int other_rows);
struct tradeoff_spec;
/* A patch's benefit against its cost as its constant varies (core/tradeoff.c), before and after labelled. */
struct view *view_tradeoff_new(const struct tradeoff_spec *spec);
/* d's metrics on the loaded machine and up to three presets, a column group each (lang/compare.h). */
struct view *view_compare_new(const struct patch_set *ps, const struct patch_desc *d);
/* The `:` line (cmdline.c's readline host), initial text may be NULL. */
struct view *view_cmdline_new(const char *initial);
/* v is the `:` line (a paste goes there). */
int view_is_cmdline(const struct view *v);

/* A yes/no question on the status line: y runs yes(sc), any other key says it was left alone. */
struct view *view_confirm_new(const char *question, void (*yes)(struct screen *sc));
/*
 * `/`: a pattern typed on the status line. find(target, sc, text, next) moves
 * target's cursor to a row matching text (from the cursor, or past it with
 * next) and returns 1, or 0 if none does; it is called as each key is typed.
 * Esc puts the cursor back (restore), Enter keeps it.
 */
struct view_search_target {
	struct view *view;
	int (*find)(struct view *v, struct screen *sc, const char *text, int next);
	void (*save)(struct view *v, int *where); /* the cursor, to put back on Esc */
	void (*restore)(struct view *v, const int *where);
};
struct view *view_search_new(const struct view_search_target *t);

/* The `?` text: every key in the table, then how to read the panels. */
void view_help_text(struct strbuf *out);

#endif
