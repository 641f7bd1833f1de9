/*
 * show: the side-by-side table of a patch (or every one), or a column group per machine with on.
 */
#include "../cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/patch.h"
#include "../out/render.h"
#include "../out/zonetable.h"
#include "cmd_compare.h"

static int cmd_show(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	if (argc && !strcmp(argv[0], "zones")) {
		if (argc > 2)
			return err_set(err, errlen, "show zones: unexpected '%.40s' (expected show zones [PATCH])", argv[2]);
		return zone_table(s, argc == 2 ? argv[1] : NULL, out, err, errlen);
	}
	if (argc >= 2 && !strcmp(argv[1], "on"))
		return cmd_show_on(s, argc, argv, out, err, errlen);
	if (argc > 1)
		return err_set(err, errlen, "show: unexpected '%s' (expected show [TOPIC] or show PATCH on PRESET...)", argv[1]);
	if (render_show(s, argc ? argv[0] : "", out, err, errlen))
		return -1;
	/* the view is on the patch shown now (a view line carries it); show all or machine: on none */
	snprintf(s->show, sizeof(s->show), "%s", argc && patch_find(argv[0]) ? argv[0] : "");
	return 0;
}

const struct cmd_entry cmd_show_entry = {
	.name = "show",
	.usage = "[machine|all|PATCH] | zones [PATCH] | PATCH on PRESET...",
	.args = { ARG_TOPIC, ARG_ON, ARG_MACHINES },
	.min_args = 0,
	.max_args = -1,
	.help = "side-by-side table: metric, before, after, change; with on, a column group per machine",
	.details = show_details,
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_show,
	.examples = (const char *const[]){ "show", "show all", "show memcg_charge", "show memcg_charge on vm-4g pmem-96t", NULL },
};
