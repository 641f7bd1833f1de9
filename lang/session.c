#include "session.h"

#include <stdio.h>
#include <string.h>

#include "../core/params.h"
#include "presetio.h"

void session_init(struct session *s)
{
	memset(s, 0, sizeof(*s));
	machine_defaults(&s->m);
	s->format = FMT_TABLE;
}

int session_load_preset(struct session *s, const char *name, char *err, size_t errlen)
{
	if (preset_load(&s->m, name, err, errlen))
		return -1;
	snprintf(s->preset, sizeof(s->preset), "%s", name);
	s->preset_m = s->m;
	return 0;
}

/* Same machine: every parameter reads back alike (no padding bytes compared). */
static int same_machine(const struct machine *a, const struct machine *b)
{
	for (size_t i = 0; i < nparams; i++) {
		char x[64], y[64];

		param_format_input(a, &params[i], x, sizeof(x));
		param_format_input(b, &params[i], y, sizeof(y));
		if (strcmp(x, y))
			return 0;
	}
	return 1;
}

void session_preset_label(const struct session *s, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", s->preset, *s->preset && !same_machine(&s->m, &s->preset_m) ? "*" : "");
}
