/*
 * The machine states a comparison is made of, and the sources they come
 * from (compare.h). A preset is loaded the way `preset load` loads it - the
 * whole file checked, a machine `set` would refuse is an error - and then
 * given the session's variants, so a reviewer's own constant stands beside
 * the patch's on every machine.
 */
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/params.h"
#include "presetio.h"

struct compare_set *compare_new(void)
{
	return calloc(1, sizeof(struct compare_set));
}

void compare_free(struct compare_set *set)
{
	free(set);
}

static struct compare_state *compare_slot(struct compare_set *set, char *err, size_t errlen)
{
	if (set->n >= COMPARE_MAX) {
		err_set(err, errlen, "at most %d machines side by side", COMPARE_MAX);
		return NULL;
	}
	return &set->st[set->n];
}

int compare_add_current(struct compare_set *set, const struct session *s, char *err, size_t errlen)
{
	struct compare_state *st = compare_slot(set, err, errlen);
	char label[80];

	if (!st)
		return -1;
	session_preset_label(s, label, sizeof(label));
	snprintf(st->label, sizeof(st->label), "%.*s", COMPARE_LABEL_MAX - 1, *label ? label : "this machine");
	st->source = "current";
	snprintf(st->arg, sizeof(st->arg), "%s", s->preset);
	st->m = s->m;
	set->n++;
	return 0;
}

static int add_preset(struct compare_set *set, const struct session *s, const char *arg, char *err, size_t errlen)
{
	struct compare_state *st = compare_slot(set, err, errlen);
	char why[512];

	if (!st)
		return -1;
	if (strlen(arg) >= sizeof(st->arg))
		return err_set(err, errlen, "'%.40s...': preset name too long", arg);
	st->m.layouts = s->m.layouts; /* a preset's zones are the session's to keep */
	if (preset_load(&st->m, NULL, arg, why, sizeof(why)))
		return err_set(err, errlen, "%s", why);
	st->m.set = s->m.set; /* the session's variants on another machine: the same expressions, the same names */
	snprintf(st->label, sizeof(st->label), "%s", arg);
	snprintf(st->arg, sizeof(st->arg), "%s", arg);
	st->source = "preset";
	set->n++;
	return 0;
}

/* The session's machine under another release: its kernel side is that release's code. */
static int add_kernel(struct compare_set *set, const struct session *s, const char *arg, char *err, size_t errlen)
{
	struct compare_state *st = compare_slot(set, err, errlen);

	if (!st)
		return -1;
	if (strlen(arg) >= sizeof(st->arg))
		return err_set(err, errlen, "'%.40s...': release name too long", arg);
	st->m = s->m;
	if (param_set(&st->m, param_find("kernel"), arg, err, errlen))
		return -1;
	snprintf(st->label, sizeof(st->label), "kernel %s", arg);
	snprintf(st->arg, sizeof(st->arg), "%s", arg);
	st->source = "kernel";
	set->n++;
	return 0;
}

/* The hook for more kinds of state: a row here, its word then leads `compare WORD ARG...`. */
const struct compare_source compare_sources[] = {
	{ "preset", "a preset NAME or PATH, loaded as preset load does", add_preset },
	{ "kernel", "a release (3.10 .. 6.18, 6.1.119, v6.1, 6.17-rc3, as set kernel reads it): the session's machine, its kernel side on that release's code",
	  add_kernel },
	{ NULL, NULL, NULL },
};

static const struct compare_source *source_find(const char *word)
{
	for (const struct compare_source *c = compare_sources; c->word; c++)
		if (!strcmp(c->word, word))
			return c;
	return NULL;
}

void compare_source_words(char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (const struct compare_source *c = compare_sources; c->word && n < len; c++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? ", " : "", c->word);
}

int compare_words(struct compare_set *set, const struct session *s, const char *cmd, int argc, char **argv, char *err,
		  size_t errlen)
{
	const struct compare_source *src = compare_sources; /* presets unless a word says otherwise */
	int n0 = set->n, given = 0;
	char why[600];

	for (int i = 0; i < argc; i++) {
		const struct compare_source *w = source_find(argv[i]);

		if (w) {
			src = w;
			continue;
		}
		given++;
		if (src->add(set, s, argv[i], why, sizeof(why))) {
			set->n = n0;
			return err_set(err, errlen, "%s: %s", cmd, why);
		}
	}
	if (!given) {
		set->n = n0;
		return err_set(err, errlen, "%s: expected a machine to compare (%s)", cmd, src->what);
	}
	return 0;
}
