/*
 * The thing compared: a list of machine states, each with the label its
 * column group is headed by. `show PATCH on ...`, `compare ...`, `report`
 * and the explorer's compare view all take their machines from here.
 *
 * Where the states come from is a table of sources: a word that may lead
 * the list (`compare preset vm-4g laptop-8c-16g`; with no source word the
 * words are presets) and the function that turns one argument into a state.
 * A new kind of comparison - the same machine under two kernel releases,
 * `compare kernel 6.1 6.12` - is one more row of compare_sources[] in
 * compare.c whose add() sets the release on a copy of the session's machine.
 */
#ifndef BL_COMPARE_H
#define BL_COMPARE_H

#include <stddef.h>

#include "../core/machine.h"
#include "session.h"

/* The explorer shows the loaded machine and three others; a command takes up to eight. */
#define COMPARE_MAX 8
#define COMPARE_LABEL_MAX 64

struct compare_state {
	char label[COMPARE_LABEL_MAX]; /* "vm-4g", "this machine", "6.12" */
	const char *source;            /* the compare_sources[] word it came from ("preset", "current") */
	char arg[COMPARE_LABEL_MAX];   /* what the source was given ("vm-4g"): the reproduce line loads it again */
	struct machine m;
};

struct compare_set {
	int n;
	struct compare_state st[COMPARE_MAX];
};

struct compare_source {
	const char *word; /* "preset" */
	const char *what; /* for help: what an argument names */
	/* one state from arg, appended to set from the session s; 0, or -1 with err ("ARG: why") */
	int (*add)(struct compare_set *set, const struct session *s, const char *arg, char *err, size_t errlen);
};

extern const struct compare_source compare_sources[]; /* terminated by a row with word == NULL */

/* An empty list on the heap (a machine is tens of KB); NULL when out of memory. */
struct compare_set *compare_new(void);
void compare_free(struct compare_set *set);
/* The session's machine as it stands, labelled by its preset ("vm-4g*" once changed) or "this machine". */
int compare_add_current(struct compare_set *set, const struct session *s, char *err, size_t errlen);
/*
 * Words to states: each a preset, unless a source word leads (it then holds
 * for the words after it, until the next source word). "CMD: why" in err on
 * the first bad word, the list unchanged in what it held before.
 */
int compare_words(struct compare_set *set, const struct session *s, const char *cmd, int argc, char **argv, char *err,
		  size_t errlen);
/* "preset, ..." for errors and help. */
void compare_source_words(char *buf, size_t len);

#endif
