#include "session.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../core/params.h"
#include "presetio.h"

void session_init(struct session *s)
{
	memset(s, 0, sizeof(*s));
	machine_defaults(&s->m);
	s->format = FMT_TABLE;
	s->opts = (struct out_opts)OUT_OPTS_INIT;
	s->preset_m = s->m;
}

int session_width(const struct session *s)
{
	if (s->opts.width)
		return s->opts.width;
	return s->opts.path ? 0 : s->term_cols;
}

void session_preset(struct session *s, const char *name_or_path)
{
	snprintf(s->preset, sizeof(s->preset), "%s", name_or_path);
	s->preset_m = s->m;
}

/* Field by field through the parameter table: struct padding never counts as a change. */
int machine_differs(const struct machine *ma, const struct machine *mb)
{
	for (size_t i = 0; i < nparams; i++) {
		const char *a = (const char *)ma + params[i].offset, *b = (const char *)mb + params[i].offset;

		if (params[i].type == PT_REAL ? memcmp(a, b, sizeof(double)) : memcmp(a, b, sizeof(uint64_t)))
			return 1;
	}
	return 0;
}

int session_modified(const struct session *s)
{
	return machine_differs(&s->m, &s->preset_m);
}

int session_load_preset(struct session *s, const char *name, char *err, size_t errlen)
{
	if (preset_load(&s->m, name, err, errlen))
		return -1;
	session_preset(s, name);
	return 0;
}

void session_preset_label(const struct session *s, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", s->preset, *s->preset && session_modified(s) ? "*" : "");
}
