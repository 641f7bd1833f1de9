/*
 * The explorer's keys: one table. The `?` view, the footer and the man page
 * all read these rows, so a key cannot be bound without being documented.
 */
#ifndef BL_KEYS_H
#define BL_KEYS_H

#define KEY_BINDING_MAX_KEYS 12

struct screen;

struct key_binding {
	int keys[KEY_BINDING_MAX_KEYS]; /* curses key codes or characters, 0-terminated */
	const char *name;               /* the keys as a person reads them: "Up k", "Enter" */
	const char *label;              /* one word for the footer, or NULL to leave it out */
	const char *help;               /* what it does, for `?` and the man page */
	void (*handler)(struct screen *sc, int key);
};

extern const struct key_binding key_bindings[]; /* terminated by a row with name == NULL */

#endif
