/*
 * set and reset: the machine's parameters and the session's settings changed, all or none.
 */
#include "../cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../core/err.h"
#include "../../core/params.h"
#include "../settings.h"
#include "cmd_host.h"

/*
 * One KEY VALUE pair applied to next (the session's machine untouched): what
 * it resolved to said in said (kernel host, a release string); -1 with err.
 */
static int set_param(struct machine *next, const struct param *p, const char *value, struct strbuf *said, char *err,
		     size_t errlen)
{
	char rel[32], source[300];
	uint64_t build;

	/* kernel host: the running kernel's release, and which one that is */
	if (!strcmp(p->name, "kernel") && !strcmp(value, "host")) {
		if (host_kernel(rel, sizeof(rel), source, sizeof(source), &build))
			return err_set(err, errlen, "set: kernel host: %s", source);
		sb_printf(said, "kernel = %s # %s\n", rel, source);
		if (param_set(next, p, rel, err, errlen))
			return -1;
		next->distro = build; /* rel is the release's name: the string said whose build */
		return 0;
	} else if (p->resolve) {
		/* a release string: say which state it runs, as host does, unless it names that state */
		char note[300];
		int idx;

		if (!p->resolve(value, &idx, note, sizeof(note), source, sizeof(source)) && *note)
			sb_printf(said, "%s = %s # %s\n", p->name, p->choices[idx], note);
	}
	return param_set(next, p, value, err, errlen);
}

/* The session settings among the pairs, after the machine: each checks its value first, so none is half-applied. */
static int set_settings(struct session *s, int argc, char **argv, char *err, size_t errlen)
{
	int was = s->theme;

	for (int i = 0; i < argc; i += 2) {
		const struct setting *st = param_find(argv[i]) ? NULL : setting_find(argv[i]);

		if (st && st->set(s, argv[i + 1], err, errlen)) {
			s->theme = was;
			return -1;
		}
	}
	return 0;
}

/* A unit word as a person types it after a number: GiB, G, MB, KiB, B, pages, p. */
static int is_size_unit(const char *w)
{
	static const char *const units[] = { "b", "k", "kb", "kib", "m", "mb", "mib", "g", "gb", "gib", "t", "tb", "tib",
					     "p", "pb", "pib", "e", "eb", "eib", "pages", "page", NULL };

	for (int i = 0; units[i]; i++)
		if (!strcasecmp(w, units[i]))
			return 1;
	return 0;
}

/*
 * "ram 64 GiB": a size's number and unit typed apart are one value, 64GiB, for
 * a size or page count key. The words, in place, argc back: 0 when none was.
 */
static int join_units(int argc, char **argv, char *joined, size_t len)
{
	int n = 0, changed = 0;
	size_t used = 0;

	for (int i = 0; i < argc; i++) {
		const struct param *p = i % 2 == 0 ? NULL : param_find(argv[i - 1]);

		if (n % 2 == 1 && p && (p->type == PT_SIZE || p->type == PT_PAGES) && i + 1 < argc &&
		    (argv[i][0] >= '0' && argv[i][0] <= '9') && is_size_unit(argv[i + 1]) &&
		    used + strlen(argv[i]) + strlen(argv[i + 1]) + 1 <= len) {
			int w = snprintf(joined + used, len - used, "%s%s", argv[i], !strcasecmp(argv[i + 1], "pages") ||
										!strcasecmp(argv[i + 1], "page") ? "p" : argv[i + 1]);

			argv[n++] = joined + used;
			used += (size_t)w + 1;
			i++;
			changed = 1;
			continue;
		}
		argv[n++] = argv[i];
	}
	return changed ? n : 0;
}

static int cmd_set(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct machine next = s->m;
	char mean[128], joined[1024];
	struct strbuf said = STRBUF_INIT;
	int rc = -1, n;

	if ((n = join_units(argc, argv, joined, sizeof(joined))))
		argc = n;
	if (argc % 2) {
		const struct param *p = param_find(argv[argc - 1]);

		/* the odd word out, said: a key with no value, or a value with no key */
		if (p || argc == 1)
			return err_set(err, errlen, "set: %s has no value (expected set KEY VALUE [KEY VALUE ...])",
				       argv[argc - 1]);
		return err_set(err, errlen, "set: '%s' after %s %s is neither a key nor a unit of it (expected set KEY "
			       "VALUE [KEY VALUE ...], a size as 64G or 64 GiB)", argv[argc - 1], argv[argc - 3], argv[argc - 2]);
	}
	/* all pairs or none: a script never sees a half-applied set */
	for (int i = 0; i < argc; i += 2) {
		const struct param *p = param_find(argv[i]);

		if (!p && setting_find(argv[i]))
			continue; /* a session setting: applied below, once the machine is known good */
		if (!p) {
			err_set(err, errlen, "set: unknown key '%s'%s (see 'help set')", argv[i],
				param_suggest(argv[i], mean, sizeof(mean)));
			goto out;
		}
		if (set_param(&next, p, argv[i + 1], &said, err, errlen))
			goto out;
	}
	/* the machine as a whole: set ram 1T totalram 200000000p works in either order */
	if (machine_check(&next, err, errlen) || set_settings(s, argc, argv, err, errlen))
		goto out;
	s->m = next;
	/* which state a release string runs is a diagnostic: stderr, or the explorer's pager - never a script's stdout (issue 47) */
	if (*sb_str(&said))
		session_note(s, out, sb_str(&said));
	rc = 0;
out:
	sb_free(&said);
	return rc;
}

static int cmd_reset(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct machine next = s->m;
	char mean[128];

	if (!argc) {
		struct strbuf kept = STRBUF_INIT;

		/* the parameters: the user's variants stay (variant del removes them), and reset says so */
		session_reset(s, &kept);
		if (kept.len) {
			struct strbuf note = STRBUF_INIT;

			sb_printf(&note, "reset: every parameter back to its default; kept your variant%s %s (variant del PATCH NAME removes one)\n",
				  strchr(sb_str(&kept), ',') ? "s" : "", sb_str(&kept));
			session_note(s, out, sb_str(&note));
			sb_free(&note);
		}
		sb_free(&kept);
		return 0;
	}
	for (int i = 0; i < argc; i++) {
		const struct param *p = param_find(argv[i]);

		if (!p && setting_find(argv[i]))
			continue;
		if (!p)
			return err_set(err, errlen, "reset: unknown key '%s'%s (see 'help set')", argv[i],
				       param_suggest(argv[i], mean, sizeof(mean)));
		param_reset(&next, p);
	}
	for (int i = 0; i < argc; i++) /* a setting's default is its first choice */
		if (!param_find(argv[i]))
			setting_find(argv[i])->set(s, setting_find(argv[i])->choices[0], err, errlen);
	s->m = next;
	return 0;
}

const struct cmd_entry cmd_set_entry = {
	.name = "set",
	.usage = "KEY VALUE [KEY VALUE ...]",
	.args = { ARG_PAIRS },
	.min_args = 2,
	.max_args = -1,
	.help = "change machine or workload parameters (all or none)",
	.out = OUT_NONE,
	.exec = cmd_set,
	.examples = (const char *const[]){ "set cpus 8 ram 16G", NULL },
};

const struct cmd_entry cmd_reset_entry = {
	.name = "reset",
	.usage = "[KEY ...]",
	.args = { ARG_PARAMS },
	.min_args = 0,
	.max_args = -1,
	.help = "back to the default machine (your variants stay, and it says so), or one key's default",
	.out = OUT_NONE,
	.exec = cmd_reset,
	.examples = (const char *const[]){ "set cpus 8; reset", "variant memcg_charge x = 3; reset", NULL },
};
