#include "session.h"

#include <string.h>

#include "../core/params.h"

void session_init(struct session *s)
{
	memset(s, 0, sizeof(*s));
	machine_defaults(&s->m);
	s->format = FMT_TABLE;
}
