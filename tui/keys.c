/* The explorer's key table (keys.h): every key, what it is called, and its help line. */
#include <curses.h>

#include "keys.h"

#include "../core/strbuf.h"

const struct key_binding key_bindings[] = {
	{ { 'q', 'Q', KEY_F(10) }, "q", "quit", "quit (F10 too; in a view: close it)", KA_QUIT },
	{ { '?', KEY_F(1) }, "?", "keys", "every key (this list)", KA_HELP },
	{ { ':' }, ":", "command", "command line: the whole scripted language (set, preset load, explain, help...)",
	  KA_COMMAND },
	{ { '+', '=' }, "+", "double", "increase the selected parameter: double a count or size, next choice",
	  KA_STEP },
	{ { '-', '_' }, "-", "halve", "decrease the selected parameter: halve a count or size, previous choice",
	  KA_STEP },
	{ { '\t', KEY_BTAB, KEY_LEFT, KEY_RIGHT, 'h', 'l' }, "Tab", "panel",
	  "switch between the machine and the patches (Left/Right, h/l too; in a view: scroll sideways)",
	  KA_PANEL },
	{ { '\n', '\r', KEY_ENTER }, "Enter", "explain",
	  "on a metric: explain it; on a parameter: type a new value; in a lesson's question: the answer line", KA_ENTER },
	{ { 'a' }, "a", "about", "about the patch under the cursor: what it changed, its published result; in a lesson's question: the answer line",
	  KA_ABOUT },
	{ { 'c' }, "c", "chart", "chart the selected metric, every side and variant, across the first parameter it reads "
	  "(CPUs, RAM...); on a parameter: every metric that reads it, over it (in a chart: the next metric); "
	  ":save PATH.svg saves the chart", KA_CHART },
	{ { 'x' }, "x", NULL, "in a chart: the next parameter the metric reads as the x axis", KA_CHART_AXIS },
	{ { 't' }, "t", NULL,
	  "trade-off chart of the patch under the cursor: its benefit against its cost as its constant varies"
	  " (in it: the next patch)",
	  KA_TRADEOFF },
	{ { 'm' }, "m", NULL,
	  "machines side by side: the patch under the cursor on this machine and up to three presets, laptop to"
	  " 1024 CPUs (in it: the next patch)",
	  KA_COMPARE },
	{ { KEY_UP, 'k' }, "Up k", NULL, "move up (in a view: scroll)", KA_UP },
	{ { KEY_DOWN, 'j' }, "Down j", NULL, "move down (in a view: scroll)", KA_DOWN },
	{ { KEY_PPAGE, KEY_NPAGE, ' ' }, "PgUp PgDn Space", NULL, "a page up or down (in a lesson: its narration)", KA_PAGE },
	{ { KEY_HOME, KEY_END, 'g', 'G' }, "Home End g G", NULL, "the first or last row (in a lesson: Home End, the top or end of the step)", KA_ENDS },
	{ { 'e' }, "e", NULL, "explain the selected metric: formula, values, result, kernel source", KA_EXPLAIN },
	{ { '0', '1', '2', '3', '4', '5', '6', '7', '8', '9' }, "0-9", NULL,
	  "start typing a new value for the selected parameter", KA_TYPE_VALUE },
	{ { 'i' }, "i", "info", "help for the parameter or metric under the cursor: range, default, unit, kind",
	  KA_ROW_HELP },
	{ { '/', KEY_F(3) }, "/", "search", "search the rows by name as you type; Enter keeps the match, Esc goes back "
	  "(F3 too, as in htop; in a pager: search its text, as less does)",
	  KA_SEARCH },
	{ { 'n' }, "n", NULL, "the next row the last search matches; in a lesson: the step's next question, or the next step", KA_SEARCH_NEXT },
	{ { 'p' }, "p", NULL, "in a lesson: the previous step, the machine put back as it was there", KA_LESSON_PREV },
	{ { '[', ']' }, "[ ]", NULL, "in a lesson: scroll its narration back or on", KA_LESSON_SCROLL },
	{ { 'f' }, "f", NULL, "in a lesson: the whole step on the screen, the panels hidden (f again: back)", KA_LESSON_FULL },
	{ { 'u' }, "u", "undo", "undo the last change to the machine (a value, a reset, a command, a preset)",
	  KA_UNDO },
	{ { 'r' }, "r", NULL, "reset the selected parameter to its default", KA_RESET },
	{ { 'R' }, "R", NULL, "reset every parameter to its default (asks first)", KA_RESET_ALL },
	{ { 'v' }, "v", NULL, "add a variant of the patch under the cursor: the command line opens with variant PATCH vN =",
	  KA_VARIANT_ADD },
	{ { 'V' }, "V", NULL, "remove the variant column under the column cursor (< >)", KA_VARIANT_DEL },
	{ { '<', '>', ',', '.' }, "< >", NULL, "move the column cursor over the patch's variants (they scroll if they do not fit)",
	  KA_VARIANT_COL },
	{ { 's' }, "s", NULL, "the view as one line to share (state): batchlab 'LINE' or :state LINE restores it exactly",
	  KA_STATE },
	{ { 27 }, "Esc", NULL, "close a view or the command line", KA_ESCAPE },
	{ { 12 }, "Ctrl-L", NULL, "redraw the screen", KA_REDRAW },
	{ { 'L', '~' }, "L ~", NULL, "what the marks mean: ~ model, * workload, plain exact, unresolved (shown at the first start)",
	  KA_LEGEND },
	{ { KEY_MOUSE }, "click", NULL, "select a parameter or metric; the wheel moves", KA_MOUSE },
	{ { KEY_F(2), KEY_F(4), KEY_F(5), KEY_F(6), KEY_F(7), KEY_F(8), KEY_F(9), KEY_F(11), KEY_F(12) }, "F2 F4-F9 F11 F12",
	  NULL, "unused: htop's setup, filter, tree, sort, nice and kill have no counterpart here (F1 is ?, F3 /, "
	  "F10 q; settings: help settings)", KA_UNUSED },
	{ { 0 }, NULL, NULL, NULL, KA_NONE },
};

void keys_rows(const enum key_action *actions, struct strbuf *out)
{
	for (const struct key_binding *k = key_bindings; k->name; k++) {
		int in = !actions;

		for (int i = 0; actions && actions[i] != KA_NONE; i++)
			in |= actions[i] == k->action;
		if (in)
			sb_printf(out, "  %-16s %s\n", k->name, k->help);
	}
}

void keys_help_all(void *ctx, struct strbuf *out)
{
	(void)ctx;
	sb_puts(out, "keys of the explorer (batchlab at a terminal, no mode; there help keys lists the view's own):\n");
	keys_rows(NULL, out);
}

const struct key_binding *key_find(int ch)
{
	for (const struct key_binding *k = key_bindings; k->name; k++)
		for (int i = 0; i < KEY_BINDING_MAX_KEYS && k->keys[i]; i++)
			if (k->keys[i] == ch)
				return k;
	return NULL;
}
