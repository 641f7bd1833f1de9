/* Placeholder until the readline prompt lands (issue 5). */
#include <stdio.h>

#include "frontends.h"
#include "script.h"

int repl_main(struct session *s)
{
	return script_run_stream(s, stdin, "stdin", stdout, stderr);
}
