/*
 * about: what a patch changed and why, its published figure, with --claims its seed's figures checked,
 * and with --validation the published measurements its models are held to.
 */
#include "../cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_about.h"
#include "../../core/err.h"
#include "../../core/patch.h"
#include "../../core/mmpatch.h"
#include "../claims.h"
#include "../validation.h"
#include "../out/records.h"
#include "../out/render.h"
#include "../out/wrap.h"
#include "cmd_history.h"
#include "cmd_report.h"
#include "../reportjson.h"

static void about_details(const struct patch_set *ps, struct strbuf *out)
{
	(void)ps; /* the same words whatever is loaded */
	sb_puts(out,
		"about PATCH tells what the patch changed and why, the seed's published figure beside batchlab's, "
		"and the patch's constants through the kernel releases.\n"
		"about PATCH --claims checks every figure the seed's mail states, a row each: the claim as the mail "
		"words it and where, the machine (a preset and settings) and metric it maps to, batchlab's figure, "
		"how the two are compared (equal, give or take the mail's rounding, for exact and workload figures; "
		"within a stated tolerance for a model), and the verdict: holds, holds within N% (a model, N its "
		"distance from the mail's figure), differs: why, or outside the model: what the model leaves out. "
		"A model figure on a machine outside its fit says so, and one that rests on no held-out test says "
		"that. --format csv, json or jsonl gives a record per claim.\n"
		"about PATCH --validation lists the published measurements of the workloads its models describe "
		"(core/measured.c): per model metric, each row's machine, kernel, workload, source and what the "
		"source leaves unknown (with the reading the model takes), whether the model was fitted to it, "
		"is held out (the model's figure, the measured one and the signed error, and the error recorded "
		"that make check holds it to) or the figure is outside any model (no number); then the metric's "
		"held-out error band, the CPUs of the machines measured, and its scope. --format csv, json or "
		"jsonl gives a record per row.\n");
}

/* about PATCH --claims: the seed's claims checked, a row each (lang/claims.c) */
static int about_claims(struct session *s, const struct patch_desc *d, struct strbuf *out, char *err, size_t errlen)
{
	struct claim_row *rows;
	int n = claims_check(s->m.set, d, &rows);

	if (!n)
		return err_set(err, errlen, "about: %s has no claims table (no seed mail states a figure for it)", d->id);
	if (s->format == FMT_TABLE)
		claims_list(d, rows, n, session_width(s) ? session_width(s) : 80, out);
	else
		claims_records(d, rows, n, &s->doc, s->format, out);
	free(rows);
	return 0;
}

/* about PATCH --validation: the measurements its models are held to (lang/validation.c) */
static int about_validation(struct session *s, const struct patch_desc *d, struct strbuf *out, char *err,
			    size_t errlen)
{
	if (s->format != FMT_TABLE) {
		validation_records(d, &s->doc, s->format, out);
		return 0;
	}
	if (validation_list(d, session_width(s) ? session_width(s) : 80, out))
		return err_set(err, errlen, "about: %s has no model and no measurement in core/measured.c", d->id);
	return 0;
}

/* The headline metric's before and after, its unit, and the change and verdict (in ch and *vd). */
static void about_headline(const struct session *s, const struct patch_desc *d, const struct metric_desc *md,
			   struct records *rec, char *ch, size_t chlen, enum verdict *vd)
{
	if (md) {
		struct value vb = md->fn(&s->m, md, md->single ? 0 : d->before, NULL);
		struct value va = md->single ? val_none(NULL) : md->fn(&s->m, md, d->after, NULL);

		if (!md->single)
			*vd = render_change(md, vb, va, ch, chlen);
		rec_value(rec, vb);
		if (md->single && rec->format == FMT_CSV)
			rec_str(rec, "");
		else /* json: a number or null, never "" */
			rec_value(rec, md->single ? val_none("single-valued: the figure is in before") : va);
		rec_str(rec, md->unit);
	} else {
		for (int i = 0; i < 2; i++)
			if (rec->format == FMT_CSV)
				rec_str(rec, "");
			else
				rec_value(rec, val_none("no headline metric"));
		rec_str(rec, "");
	}
}

/* about PATCH in csv or json: one record, the patch's texts and its headline figure. */
static void about_records(struct session *s, const struct patch_desc *d, struct strbuf *out)
{
	static const char *const heads[] = { "patch", "title", "seed", "origin", "kernel", "about", "points", "published",
					     "seed_presets", "metric", "kind", "before", "after", "unit",
					     "change", "verdict", NULL };
	struct strbuf pts = STRBUF_INIT;
	const struct metric_desc *md = patch_metric(d, d->headline);
	struct records rec;
	char ch[64] = "";
	enum verdict vd = VERDICT_NONE;
	const struct measured_band *band = md ? validation_band(d, md) : NULL;
	struct rec_unit units[2] = { { "before", md ? md->unit : "", md ? rec_kind(md) : "", band },
				     { "after", md ? md->unit : "", md ? rec_kind(md) : "", band } };

	rec_begin(&rec, &s->doc, s->format, heads, units, md ? 2 : 0, out);
	rec_str(&rec, d->id);
	rec_str(&rec, d->title);
	rec_str(&rec, d->seed);
	report_origins(&rec, d);
	rec_str(&rec, d->kernel);
	rec_str(&rec, d->about); /* one string each, its line breaks kept */
	for (int i = 0; d->points && d->points[i]; i++)
		sb_printf(&pts, "%s\n", d->points[i]);
	rec_lines(&rec, sb_str(&pts)); /* json: an array, a point a string */
	sb_free(&pts);
	rec_str(&rec, d->published);
	rec_str(&rec, d->seed_presets ? d->seed_presets : "");
	rec_str(&rec, md ? md->name : "");
	rec_str(&rec, md ? metric_kind_name(md->kind) : "");
	about_headline(s, d, md, &rec, ch, sizeof(ch), &vd);
	rec_str(&rec, ch);
	rec_str(&rec, verdict_word(vd));
	rec_end_row(&rec);
	rec_end(&rec);
}

/* "its models, held to measurements: throughput -54.8%..+14.9% (3 rows); no held-out test: speedup (about P --validation)" */
static void about_validation_line(const struct patch_desc *d, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT, none = STRBUF_INIT, w = STRBUF_INIT;

	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		const struct measured_band *b = validation_band(d, md);

		if (b && b->held)
			sb_printf(&t, "%s%s %+.1f%%..%+.1f%% (%d row%s)", t.len ? ", " : "", md->name, b->lo_pct, b->hi_pct,
				  b->held, b->held == 1 ? "" : "s");
		else if (b)
			sb_printf(&none, "%s%s", none.len ? ", " : "", md->name);
	}
	if (t.len || none.len) {
		sb_printf(&w, "its models, held to measurements they were not fitted to (about %s --validation): %s%s%s\n",
			  d->id, t.len ? sb_str(&t) : "none held out", none.len ? "; no held-out test: " : "", sb_str(&none));
		wrap_text(out, sb_str(&w), 92, 0);
	}
	sb_free(&t);
	sb_free(&none);
	sb_free(&w);
}

/* The about page for people: what the patch changed, the seed's figure, its claims checked, batchlab's headline. */
void about_page(const struct machine *m, const struct patch_desc *d, struct strbuf *out)
{
	const struct metric_desc *md = patch_metric(d, d->headline);

	char title[160];

	patch_title(m, d, title, sizeof(title));
	sb_printf(out, "%s: %s\n", d->id, title);
	if (mmpatch_is(d)) { /* a file has no seed: where it comes from */
		char o[4 * MMP_TEXT_MAX];

		mmpatch_origins(mmpatch_of(d), o, sizeof(o));
		sb_printf(out, "origin: %s; kernel: %s\n\n", o[0] ? o : "not stated", d->kernel);
	} else {
		sb_printf(out, "seed: %s; kernel: %s\n\n", d->seed, d->kernel);
	}
	sb_puts(out, d->about);
	if (d->points && d->points[0]) {
		struct strbuf t = STRBUF_INIT;

		sb_puts(out, "\nwhat a maintainer leads with (report opens with it):\n");
		for (int i = 0; d->points[i]; i++)
			sb_printf(&t, "- %s\n", d->points[i]);
		wrap_text(out, sb_str(&t), 92, 0);
		sb_free(&t);
	}
	sb_printf(out, "\npublished (%s):\n%s", mmpatch_is(d) ? "the claims' figures" : "seed", d->published);
	if (d->claims) {
		struct claim_row *rows;
		int n = claims_check(m->set, d, &rows);
		char tally[120];

		claims_tally(rows, n, tally, sizeof(tally));
		sb_printf(out, "the seed's claims, checked: %s (about %s --claims)\n", tally, d->id);
		free(rows);
	}
	about_validation_line(d, out);
	if (d->seed_presets)
		sb_printf(out, "the seed's machine%s: preset load %s\n", strchr(d->seed_presets, ',') ? "s" : "",
			  d->seed_presets);
	if (md) {
		char b[64], a[64], ch[64];
		struct value vb = md->fn(m, md, d->before, NULL), va = md->fn(m, md, d->after, NULL);

		sb_printf(out, "\nbatchlab on this machine (%s %s):\n", md->name, metric_kind_name(md->kind));
		if (md->single) {
			render_human(vb, md->unit, b, sizeof(b));
			sb_printf(out, "  %s = %s\n", md->name, b);
		} else {
			enum verdict vd;

			render_human(vb, md->unit, b, sizeof(b));
			render_human(va, md->unit, a, sizeof(a));
			vd = render_change(md, vb, va, ch, sizeof(ch));
			sb_printf(out, "  %s: %s %s -> %s %s: %s%s%s\n", md->name, d->sides[d->before], b, d->sides[d->after], a,
				  ch, vd ? ", " : "", verdict_word(vd));
		}
	}
}

static int cmd_about(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	const struct patch_desc *d = patch_find(s->m.set, argv[0]);

	if (argc > 1 && strcmp(argv[1], "--claims") && strcmp(argv[1], "--validation"))
		return err_set(err, errlen, "about: unexpected '%s' (expected about PATCH [--claims | --validation])",
			       argv[1]);
	if (d && argc > 1 && !strcmp(argv[1], "--validation"))
		return about_validation(s, d, out, err, errlen);
	if (d && argc > 1)
		return about_claims(s, d, out, err, errlen);
	if (!d) {
		char ids[160], mean[128];

		patch_ids(s->m.set, ids, sizeof(ids));
		return err_set(err, errlen, "about: unknown patch '%s'%s (expected %s)", argv[0],
			       patch_suggest(s->m.set, argv[0], mean, sizeof(mean)), ids);
	}
	if (s->format == FMT_TABLE) {
		about_page(&s->m, d, out);
		if (d->kernel_code) { /* its constants through the releases, as `history PATCH` prints them */
			sb_puts(out, "\nthrough the kernel releases (history PATCH: a table, and csv or json):\n");
			render_history_list(&s->m, d, 80, out);
		}
		return 0;
	}
	about_records(s, d, out);
	return 0;
}

const struct cmd_entry cmd_about_entry = {
	.name = "about",
	.usage = "PATCH [--claims | --validation]",
	.args = { ARG_PATCH, ARG_NONE, ARG_NONE },
	.min_args = 1,
	.max_args = 2,
	.help = "what the patch changed and why, its published figure; --claims: every figure its seed states, checked; "
		"--validation: the measurements its models are held to",
	.details = about_details,
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_about,
	.examples = (const char *const[]){ "about memcg_charge", "about memcg_charge --claims", NULL },
};
