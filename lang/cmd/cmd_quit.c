/*
 * quit (and its alias exit): the session stops.
 */
#include "../cmd.h"

static int cmd_quit(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	(void)argc, (void)argv, (void)out, (void)err, (void)errlen;
	s->quit = 1;
	return 0;
}

const struct cmd_entry cmd_quit_entry = {
	.name = "quit",
	.alias = "exit",
	.usage = "",
	.args = { ARG_NONE, ARG_NONE, ARG_NONE },
	.min_args = 0,
	.max_args = 0,
	.help = "stop (also: exit)",
	.out = OUT_NONE,
	.exec = cmd_quit,
	.examples = (const char *const[]){ "quit", NULL },
};
