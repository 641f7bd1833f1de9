/* Placeholder until the curses explorer lands (issue 4). */
#include <stdio.h>

#include "frontends.h"

int screen_main(struct session *s)
{
	(void)s;
	fprintf(stderr, "batchlab: the curses explorer is not built yet; use -c, -f or pipe commands\n");
	return 0;
}
