/*
 * Session settings: what `set` and `get` take besides the machine's
 * parameters - how batchlab shows things, not the machine it describes (so a
 * preset never holds them). One row each; `set`, `get`, help and completion
 * read the rows.
 */
#ifndef BL_SETTINGS_H
#define BL_SETTINGS_H

#include <stddef.h>

#include "../core/strbuf.h"
#include "session.h"

/* The explorer's colour themes; colour meaning (better, worse, fact) is the same in each. */
enum theme { THEME_DEFAULT, THEME_PROJECTOR, THEME_MONO, THEME_LIGHT, THEME_COUNT };
extern const char *const theme_names[]; /* by enum theme, NULL-terminated */

struct setting {
	const char *name;
	const char *const *choices; /* NULL-terminated */
	const char *help;
	int (*set)(struct session *s, const char *value, char *err, size_t errlen);
	const char *(*get)(const struct session *s);
};

extern const struct setting settings[]; /* terminated by name == NULL */
const struct setting *setting_find(const char *name);
/* A theme by name, or -1. */
int theme_find(const char *name);

/*
 * The user's settings file, $XDG_CONFIG_HOME/batchlab/config (else
 * ~/.config/batchlab/config): lines "NAME = VALUE". settings_load applies
 * what it can read (a bad value is kept out, with a line in warn saying so:
 * a settings file never stops the explorer); settings_save changes the value
 * on each setting's line (adding the line when there is none) and keeps every
 * other byte - comments, unknown keys - atomically; a file it cannot read
 * whole is left as it is. -1 with err.
 */
void settings_load(struct session *s, struct strbuf *warn);
int settings_save(const struct session *s, char *err, size_t errlen);

#endif
