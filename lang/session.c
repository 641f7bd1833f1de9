#include "session.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "../core/err.h"
#include "../core/params.h"
#include "../core/patch.h"
#include "../core/variant.h"
#include "out/escape.h"
#include "presetio.h"

void session_init(struct session *s)
{
	/*
	 * Every field but the two machines' variant slots, which nobody reads
	 * past nvariants (machine_copy): 60 KB of pages a -c run would otherwise
	 * fault in only to zero them.
	 */
	memset((char *)s + offsetof(struct session, format), 0,
	       offsetof(struct session, preset_m) - offsetof(struct session, format));
	memset((char *)s + offsetof(struct session, width), 0, sizeof(*s) - offsetof(struct session, width));
	machine_param_defaults(&s->m);
	s->m.layout = NULL;
	memset(s->m.nvariants, 0, sizeof(s->m.nvariants));
	s->format = FMT_TABLE;
	s->opts = (struct out_opts)OUT_OPTS_INIT;
	machine_copy(&s->preset_m, &s->m);
}

void session_layouts_free(struct session *s)
{
	for (int i = 0; i < s->nlayouts; i++)
		free(s->layouts[i]);
	s->nlayouts = 0;
	s->m.layout = NULL;
	s->preset_m.layout = NULL;
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
	machine_copy(&s->preset_m, &s->m);
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

/* "memcg_charge.a, vmpressure.w": every variant of m, or "" */
void session_variant_names(const struct machine *m, struct strbuf *out)
{
	int n = 0;

	for (int i = 0; patches[i]; i++)
		for (int side = variant_side0(patches[i]); variant_at(m, patches[i], side); side++)
			sb_printf(out, "%s%s.%s", n++ ? ", " : "", patches[i]->id, variant_at(m, patches[i], side)->name);
}

void session_reset(struct session *s, struct strbuf *kept)
{
	struct machine *m = &s->m;

	machine_param_defaults(m);
	session_variant_names(m, kept);
}

/*
 * A preset is a machine: into *next (the preset's machine and its own
 * variants) go the session's variants, in their order, each replaced by the
 * preset's of the same name; then the preset's new ones. What was replaced,
 * and what kept, is said in note.
 */
static int keep_variants(struct machine *next, const struct machine *was, struct strbuf *note, char *err,
			 size_t errlen)
{
	struct machine *res = malloc(sizeof(*res));
	struct strbuf kept = STRBUF_INIT;
	char why[300];
	int rc = 0, nkept = 0;

	if (!res)
		return err_set(err, errlen, "preset load: out of memory");
	memcpy(res, next, MACHINE_HEAD);
	memset(res->nvariants, 0, sizeof(res->nvariants));
	for (int i = 0; patches[i] && !rc; i++) {
		const struct patch_desc *d = patches[i];
		const struct variant *v;

		for (int side = variant_side0(d); !rc && (v = variant_at(was, d, side)); side++) {
			int theirs = variant_find(next, d, v->name);
			const char *text = theirs >= 0 ? variant_at(next, d, theirs)->text : v->text;

			if (theirs >= 0 && strcmp(text, v->text))
				sb_printf(note, "preset load: the preset's variant %s.%s = %s replaces yours (= %s)\n", d->id,
					  v->name, text, v->text);
			else
				sb_printf(&kept, "%s%s.%s", nkept++ ? ", " : "", d->id, v->name);
			rc = variant_add(res, d, v->name, text, why, sizeof(why));
		}
		for (int side = variant_side0(d); !rc && (v = variant_at(next, d, side)); side++) {
			if (variant_find(was, d, v->name) < 0)
				rc = variant_add(res, d, v->name, v->text, why, sizeof(why));
		}
	}
	if (rc) {
		err_set(err, errlen, "preset load: the preset's variants and yours do not fit together: %s", why);
	} else {
		if (nkept)
			sb_printf(note, "preset load: kept your variant%s %s (variant del PATCH NAME removes one)\n",
				  nkept > 1 ? "s" : "", sb_str(&kept));
		machine_copy(next, res);
	}
	sb_free(&kept);
	free(res);
	return rc ? -1 : 0;
}

int session_load_preset(struct session *s, const char *name, struct strbuf *note, char *err, size_t errlen)
{
	struct strbuf said = STRBUF_INIT;
	struct machine *next = malloc(sizeof(*next));
	int rc = -1;

	if (!next)
		return err_set(err, errlen, "preset load: out of memory");
	if (!preset_load(next, name, err, errlen) && !keep_variants(next, &s->m, &said, err, errlen)) {
		machine_copy(&s->m, next);
		session_preset(s, name);
		if (note)
			sb_puts(note, sb_str(&said));
		rc = 0;
	}
	sb_free(&said);
	free(next);
	return rc;
}

void session_preset_label(const struct session *s, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", s->preset, *s->preset && session_modified(s) ? "*" : "");
}

void session_note(const struct session *s, struct strbuf *out, const char *text)
{
	if (!*text)
		return;
	if (s->stream) {
		struct strbuf t = STRBUF_INIT;

		for (const char *p = text; *p;) { /* a line at a time: a name the user typed reaches a terminal as text */
			size_t n = strcspn(p, "\n");

			escape_text(&t, p, n);
			sb_putc(&t, '\n');
			p += n + (p[n] == '\n');
		}
		fputs(sb_str(&t), stderr);
		sb_free(&t);
	} else if (s->format == FMT_TABLE) {
		sb_puts(out, text);
	}
}
