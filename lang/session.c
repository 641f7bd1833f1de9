#include "session.h"

#include <limits.h>
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
#include "out/outfile.h"
#include "out/outpath.h"
#include "patchreg.h"
#include "presetio.h"

void session_init(struct session *s)
{
	memset(s, 0, sizeof(*s));
	machine_defaults(&s->m); /* its set NULL: the built-in patches, no variant */
	s->m.layouts = &s->layouts;
	s->format = FMT_TABLE;
	s->opts = (struct out_opts)OUT_OPTS_INIT;
	s->preset_m = s->m;
}

void session_end(struct session *s)
{
	session_set_patches(s, NULL);
	session_layouts_free(s);
	free(s->step_m);
	s->step_m = NULL;
	s->nstep_m = s->capstep_m = 0;
}

void session_copy(struct session *dst, const struct session *src)
{
	*dst = *src;
	patchreg_hold(dst->m.set);
	/* the layouts stay src's: dst's machines point to them, and dst keeps new ones there, while src lives */
	dst->layouts.n = 0;
	dst->step_m = NULL; /* a source's steps are src's too */
	dst->nstep_m = dst->capstep_m = 0;
}

void session_set_patches(struct session *s, const struct patch_set *ps)
{
	const struct patch_set *was = s->m.set;

	s->m.set = ps;
	s->preset_m.set = ps;
	patchreg_drop(was);
}

void session_step_state(struct session *s)
{
	if (s->nstep_m == s->capstep_m) {
		int cap = s->capstep_m ? 2 * s->capstep_m : 8;
		struct machine *m = realloc(s->step_m, (size_t)cap * sizeof(*m));

		if (!m)
			return; /* no state for this step: the pager leaves the machine where the replay ended */
		s->step_m = m;
		s->capstep_m = cap;
	}
	s->step_m[s->nstep_m++] = s->m;
}

void session_layouts_free(struct session *s)
{
	layout_pool_free(&s->layouts);
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

/* "memcg_charge.a, vmpressure.w": every variant of m, or "" */
void session_variant_names(const struct machine *m, struct strbuf *out)
{
	const struct patch_desc *const *patches = patch_set_list(m->set);
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
 * A preset is a machine: into res (the session's patches, no variant yet) go
 * the session's variants (was's), in their order, each replaced by the
 * preset's of the same name (theirs); then the preset's new ones. What was
 * replaced, and what kept, is said in note.
 */
static int keep_variants(struct patch_set *res, const struct machine *theirs, const struct machine *was,
			 struct strbuf *note, char *err, size_t errlen)
{
	const struct patch_desc *const *patches = patch_set_list(res);
	struct strbuf kept = STRBUF_INIT;
	char why[300];
	int rc = 0, nkept = 0;

	memset(res->nvariants, 0, sizeof(res->nvariants));
	for (int i = 0; patches[i] && !rc; i++) {
		const struct patch_desc *d = patches[i];
		const struct variant *v;

		for (int side = variant_side0(d); !rc && (v = variant_at(was, d, side)); side++) {
			int their = variant_find(theirs, d, v->name);
			const char *text = their >= 0 ? variant_at(theirs, d, their)->text : v->text;

			if (their >= 0 && strcmp(text, v->text))
				sb_printf(note, "preset load: the preset's variant %s.%s = %s replaces yours (= %s)\n", d->id,
					  v->name, text, v->text);
			else
				sb_printf(&kept, "%s%s.%s", nkept++ ? ", " : "", d->id, v->name);
			rc = variant_add(res, d, v->name, text, why, sizeof(why));
		}
		for (int side = variant_side0(d); !rc && (v = variant_at(theirs, d, side)); side++) {
			if (variant_find(was, d, v->name) < 0)
				rc = variant_add(res, d, v->name, v->text, why, sizeof(why));
		}
	}
	if (rc)
		err_set(err, errlen, "preset load: the preset's variants and yours do not fit together: %s", why);
	else if (nkept)
		sb_printf(note, "preset load: kept your variant%s %s (variant del PATCH NAME removes one)\n",
			  nkept > 1 ? "s" : "", sb_str(&kept));
	sb_free(&kept);
	return rc ? -1 : 0;
}

int session_load_preset(struct session *s, const char *name, struct strbuf *note, char *err, size_t errlen)
{
	struct strbuf said = STRBUF_INIT;
	struct patch_set *theirs = patchreg_new(s->m.set), *res = patchreg_new(s->m.set);
	struct machine next;
	int rc = -1;

	next.layouts = s->m.layouts; /* where the preset's zones, if any, are kept */
	if (!theirs || !res)
		err_set(err, errlen, "preset load: out of memory");
	else if (!preset_load(&next, theirs, name, err, errlen) && !keep_variants(res, &next, &s->m, &said, err, errlen)) {
		next.set = s->m.set;
		s->m = next;
		session_set_patches(s, res);
		res = NULL;
		session_preset(s, name);
		if (note)
			sb_puts(note, sb_str(&said));
		rc = 0;
	}
	patchreg_drop(theirs);
	patchreg_drop(res);
	sb_free(&said);
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

int session_write_file(const struct session *s, const char *cmd, const char *what, const char *path, struct strbuf *text,
		  struct strbuf *out, char *err, size_t errlen)
{
	char why[PATH_MAX + 256];
	struct strbuf note = STRBUF_INIT;
	int rc = outfile_write_told(path, text->buf ? text->buf : "", text->len, &note, why, sizeof(why));

	sb_free(text);
	if (note.len) {
		struct strbuf t = STRBUF_INIT;

		sb_printf(&t, "%s: %s", cmd, sb_str(&note));
		session_note(s, out, sb_str(&t));
		sb_free(&t);
	}
	sb_free(&note);
	if (rc)
		return err_set(err, errlen, "%s: %s", cmd, why);
	if (s->interactive)
		sb_printf(out, "wrote the %s to %s\n", what, path);
	return 0;
}

int session_check_read(const struct session *s, const char *cmd, const char *read, char *err, size_t errlen)
{
	if (!outpath_replaces(s->opts.path, read))
		return 0;
	return err_set(err, errlen, "%s: > %.200s would replace %.200s, which it reads", cmd, s->opts.path, read);
}
