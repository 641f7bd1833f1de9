/*
 * preset: list, load and save machine presets.
 */
#include "../cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../presetio.h"

static int cmd_preset(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	if (!strcmp(argv[0], "list")) {
		if (argc != 1)
			return err_set(err, errlen, "preset list: takes no argument");
		preset_list_format(out, s->format, &s->doc);
		return 0;
	}
	if (!strcmp(argv[0], "load")) {
		struct strbuf note = STRBUF_INIT;
		int rc;

		if (argc != 2)
			return err_set(err, errlen, "preset load: expected a preset NAME or PATH");
		rc = session_load_preset(s, argv[1], &note, err, errlen);
		session_note(s, out, sb_str(&note));
		sb_free(&note);
		return rc;
	}
	if (!strcmp(argv[0], "save")) {
		if (argc != 2)
			return err_set(err, errlen, "preset save: expected a PATH, or a NAME for the user's preset folder");
		struct strbuf note = STRBUF_INIT;
		int rc = preset_save(&s->m, argv[1], s->interactive ? out : NULL, &note, err, errlen);

		session_note(s, out, sb_str(&note));
		sb_free(&note);
		if (rc)
			return -1;
		session_preset(s, argv[1]);
		return 0;
	}
	return err_set(err, errlen, "preset: unknown sub-command '%s' (expected list, load or save)", argv[0]);
}

const struct cmd_entry cmd_preset_entry = {
	.name = "preset",
	.usage = "list | load NAME|PATH | save NAME|PATH",
	.args = { ARG_PRESET, ARG_PATH, ARG_NONE },
	.min_args = 1,
	.max_args = 2,
	.help = "list, load or save machine presets; a load keeps your variants (the preset's replace any of the same name, and it says so)",
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_preset,
	.examples = (const char *const[]){ "preset list", "preset load vm-4g", "set cpus 12; preset save mine.preset", NULL },
};
