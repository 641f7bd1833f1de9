/*
 * state: the view as one short line (lang/state.h), or a line restored.
 */
#include "../cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../out/records.h"
#include "../state.h"

static void state_details(const struct patch_set *ps, struct strbuf *out)
{
	(void)ps; /* the same words whatever is loaded */
	sb_printf(out, "state prints the view as one versioned line, bl%d:KEY=VALUE,..., holding only what differs from the "
		  "defaults: each parameter set (cpus=256, ram=1T, kernel=6.8), each loaded patch file by its file name and "
		  "a hash of its bytes (patch=NAME@HASH), each variant (PATCH.NAME=EXPR), the patch or metric shown "
		  "(show=PATCH or show=PATCH.METRIC: show PATCH, a lesson's focus, the explorer's cursor) and the output "
		  "format (format=csv). In a value a blank is written ~ and a byte outside letters, digits and @ . _ - + * / "
		  "( ) ! ? : ^ [ ] as %%XX (a comma is %%2C).\n", STATE_VERSION);
	sb_puts(out, "state load LINE (or state LINE, batchlab LINE, the explorer's :state LINE) restores exactly that view: "
		     "the machine from the defaults, its variants, the patch files, what is shown and the format. It checks "
		     "the whole line first, and a wrong part changes nothing (a patch file it loaded before refusing a "
		     "variant of that patch stays loaded, and the error says so). A patch file the line names "
		     "must be on this machine (patch list shows where batchlab looks): one that is not is named, and nothing "
		     "is restored; one whose bytes differ from the line's is loaded and said to differ.\n");
	sb_puts(out, "A line names the version it was written in: a later batchlab reads every earlier version, and says "
		     "what it cannot restore (a key it does not know, a version newer than its own). A line with a variant "
		     "holds ( ) and *: put it in single quotes for a shell.\n");
}

static int cmd_state(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct strbuf note = STRBUF_INIT;
	const char *line;
	int rc;

	if (!argc) {
		struct strbuf t = STRBUF_INIT;

		state_format(s, &t);
		if (s->format == FMT_TABLE) {
			sb_printf(out, "%s\n", sb_str(&t));
		} else { /* a record like any other: plain text would break the document */
			static const char *const heads[] = { "state", NULL };
			struct records rec;

			rec_begin(&rec, &s->doc, s->format, heads, NULL, 0, out);
			rec_str(&rec, sb_str(&t));
			rec_end_row(&rec);
			rec_end(&rec);
		}
		sb_free(&t);
		return 0;
	}
	if (!strcmp(argv[0], "load")) {
		if (argc != 2)
			return err_set(err, errlen, "state load: expected one view line, bl%d:KEY=VALUE,...", STATE_VERSION);
		line = argv[1];
	} else if (argc == 1 && state_is(argv[0])) {
		line = argv[0];
	} else {
		return err_set(err, errlen, "state: unexpected '%.40s' (expected state, state load LINE or state LINE)",
			       argv[0]);
	}
	rc = state_load(s, line, &note, err, errlen);
	session_note(s, out, sb_str(&note));
	sb_free(&note);
	return rc;
}

const struct cmd_entry cmd_state_entry = {
	.name = "state",
	.usage = "[load LINE | LINE]",
	.args = { ARG_WORD, ARG_NONE, ARG_NONE },
	.min_args = 0,
	.max_args = 2,
	.help = "the view as one short line to share (bl1:cpus=256,ram=1T,show=memcg_flush), or load one back",
	.details = state_details,
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_state,
	.examples = (const char *const[]){ "state", "set cpus 256; state", "state load bl1:cpus=256,ram=1T", NULL },
};
