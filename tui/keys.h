/*
 * The explorer's keys: one table. The `?` view, the footer and the man page
 * all read these rows, so a key cannot be bound without being documented.
 * A row names an action; what the action does depends on the view on top
 * (view.h): a pager scrolls on Down where the panels move the cursor.
 */
#ifndef BL_KEYS_H
#define BL_KEYS_H

#define KEY_BINDING_MAX_KEYS 12

enum key_action {
	KA_NONE,        /* never in the table: a row must do something */
	KA_QUIT,
	KA_HELP,
	KA_COMMAND,
	KA_STEP,        /* + or -: which one is in the key */
	KA_PANEL,       /* Tab, Left, Right */
	KA_ENTER,
	KA_ABOUT,
	KA_CHART,
	KA_CHART_AXIS,
	KA_TRADEOFF,
	KA_COMPARE,
	KA_UP,
	KA_DOWN,
	KA_PAGE,
	KA_ENDS,
	KA_EXPLAIN,
	KA_TYPE_VALUE,
	KA_RESET,
	KA_RESET_ALL,
	KA_ESCAPE,
	KA_REDRAW,
	KA_LEGEND,
	KA_MOUSE,
	KA_ROW_HELP,    /* help for the parameter or metric under the cursor */
	KA_SEARCH,
	KA_SEARCH_NEXT,
	KA_LESSON_PREV,
	KA_LESSON_SCROLL,
	KA_LESSON_FULL,
	KA_UNDO,
	KA_VARIANT_ADD,
	KA_VARIANT_DEL,
	KA_VARIANT_COL,
	KA_STATE,       /* the view as one line (lang/state.h) */
	KA_UNUSED,      /* a key users of other tools expect (htop's F-keys) that batchlab leaves unbound, said so */
};

struct key_binding {
	int keys[KEY_BINDING_MAX_KEYS]; /* curses key codes or characters, 0-terminated */
	const char *name;               /* the keys as a person reads them: "Up k", "Enter" */
	const char *label;              /* one word for the footer, or NULL to leave it out */
	const char *help;               /* what it does, for `?` and the man page */
	enum key_action action;
};

extern const struct key_binding key_bindings[]; /* terminated by a row with name == NULL */

/* The row binding key ch, or NULL. */
const struct key_binding *key_find(int ch);

struct strbuf;
/*
 * The table's rows whose action is in actions (KA_NONE-terminated; NULL:
 * every row), a line each - "  NAME   what it does" - into out: what help
 * keys prints, so it cannot say a key the table does not bind.
 */
void keys_rows(const enum key_action *actions, struct strbuf *out);
/* help keys outside the explorer (the prompt, -c): every key of it. ctx unused. */
void keys_help_all(void *ctx, struct strbuf *out);

#endif
