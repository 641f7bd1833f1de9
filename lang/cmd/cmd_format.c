/*
 * format: the output format of later commands.
 */
#include "../cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../out/outopts.h"
#include "../out/records.h"

static int cmd_format(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	if (!argc && s->format != FMT_TABLE) { /* a record like any other: plain text would break the document */
		static const char *const heads[] = { "format", NULL };
		struct records rec;

		rec_begin(&rec, &s->doc, s->format, heads, NULL, 0, out);
		rec_str(&rec, out_format_names[s->format]);
		rec_end_row(&rec);
		rec_end(&rec);
		return 0;
	}
	if (!argc) {
		sb_printf(out, "%s\n", out_format_names[s->format]);
		return 0;
	}
	if (out_format_find(argv[0]) == FMT_SVG)
		return err_set(err, errlen, "format: svg is a picture of one chart, not a format for every command: "
			       "give it to plot or tradeoff (--format svg, > PATH.svg)");
	if (out_format_find(argv[0]) == FMT_MARKDOWN)
		return err_set(err, errlen, "format: markdown is a report's form, not a format for every command: "
			       "give it to report (--format markdown)");
	if (out_format_find(argv[0]) >= 0) {
		s->format = (enum out_format)out_format_find(argv[0]);
		return 0;
	}
	return err_set(err, errlen, "format: '%s' is not one of table, csv, json, jsonl", argv[0]);
}

const struct cmd_entry cmd_format_entry = {
	.name = "format",
	.usage = "[table|csv|json|jsonl]",
	.args = { ARG_FORMAT, ARG_NONE, ARG_NONE },
	.min_args = 0,
	.max_args = 1,
	.help = "output format of later commands",
	.out = OUT_NONE,
	.exec = cmd_format,
	.examples = (const char *const[]){ "format csv", "format", NULL },
};
