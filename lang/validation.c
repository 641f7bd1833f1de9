/*
 * The measurements table run (validation.h): a row's machine is its preset
 * with its settings, the model's figure is metric_eval()'s there, and the
 * error is signed, model against measured. A model's band is worked out
 * once a process, as every printed model figure carries it.
 */
#include "validation.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../core/claim.h"
#include "../core/params.h"
#include "presetio.h"
#include "out/wrap.h"

/*
 * A row's preset, loaded once a process: the table names a handful of presets
 * many times over (seed 002's eight rows a scenario), and a band is worked
 * out for every model a `show` prints.
 */
#define PRESET_CACHE 24

static int preset_cached(const char *name, struct machine *m, char *why, size_t len)
{
	static struct machine kept[PRESET_CACHE];
	static const char *names[PRESET_CACHE];
	static int n;

	for (int i = 0; i < n; i++)
		if (!strcmp(names[i], name)) {
			*m = kept[i];
			return 0;
		}
	machine_defaults(m);
	if (preset_load(m, NULL, name, why, len))
		return -1;
	if (n < PRESET_CACHE) {
		kept[n] = *m;
		names[n++] = name; /* the table's own string: it lives as long as the process */
	}
	return 0;
}

int validation_run(const struct measured_row *r, struct validation_row *out)
{
	struct machine m;
	struct metric_ref ref;
	struct patch_claim c = { .said = r->id, .set = r->set };

	memset(out, 0, sizeof(*out));
	out->r = r;
	out->model = out->err_pct = NAN;
	if (r->role == MEASURED_OUTSIDE)
		return 0;
	if (preset_cached(r->preset, &m, out->why, sizeof(out->why)) || claim_apply(&m, &c, out->why, sizeof(out->why)) ||
	    metric_parse(r->metric, &ref, out->why, sizeof(out->why)))
		return -1;
	out->cpus = (unsigned long long)m.cpus;
	out->ram = (unsigned long long)m.ram;
	out->depth = (unsigned long long)m.depth;
	out->model = value_real(metric_eval(&m, &ref, ref.metric->single ? 0 : ref.side < 0 ? ref.patch->after : ref.side));
	out->err_pct = measured_error_pct(out->model, r->figure);
	return 0;
}

static void widen(unsigned long long *lo, unsigned long long *hi, unsigned long long v)
{
	if (!*lo || v < *lo)
		*lo = v;
	if (v > *hi)
		*hi = v;
}

static void band_compute(const char *patch, const char *metric, struct measured_band *b)
{
	memset(b, 0, sizeof(*b));
	b->lo_pct = b->hi_pct = NAN;
	for (const struct measured_row *r = measured_rows; r->id; r++) {
		struct validation_row v;

		if (!measured_is_of(r, patch, metric))
			continue;
		b->outside += r->role == MEASURED_OUTSIDE;
		b->fit += r->role == MEASURED_FIT;
		if (r->role == MEASURED_OUTSIDE || validation_run(r, &v))
			continue;
		widen(&b->cpus_lo, &b->cpus_hi, v.cpus);
		widen(&b->ram_lo, &b->ram_hi, v.ram);
		widen(&b->depth_lo, &b->depth_hi, v.depth);
		if (r->role != MEASURED_HELD || isnan(v.err_pct))
			continue;
		b->held++;
		if (isnan(b->lo_pct) || v.err_pct < b->lo_pct)
			b->lo_pct = v.err_pct;
		if (isnan(b->hi_pct) || v.err_pct > b->hi_pct)
			b->hi_pct = v.err_pct;
	}
}

/* Built-in patches' model metrics only: a patch file holds no model (core/mmpatch.c). */
#define BAND_SLOTS 64

const struct measured_band *validation_band(const struct patch_desc *d, const struct metric_desc *md)
{
	static struct measured_band bands[BAND_SLOTS];
	static const struct metric_desc *keys[BAND_SLOTS];
	static int n;

	if (!d || !md || md->kind != METRIC_MODELED)
		return NULL;
	for (int i = 0; i < n; i++)
		if (keys[i] == md)
			return &bands[i];
	if (n == BAND_SLOTS)
		return NULL;
	band_compute(d->id, md->name, &bands[n]);
	keys[n] = md;
	return &bands[n++];
}

const char *validation_band_text(const struct measured_band *b, char *buf, size_t len)
{
	if (!b)
		snprintf(buf, len, "not a model");
	else if (b->held)
		snprintf(buf, len, "held-out error %+.1f%%..%+.1f%% (%d row%s)", b->lo_pct, b->hi_pct, b->held,
			 b->held == 1 ? "" : "s");
	else if (b->fit)
		snprintf(buf, len, "no held-out test (%d fit row%s)", b->fit, b->fit == 1 ? "" : "s");
	else
		snprintf(buf, len, "no held-out test (no measurement)");
	return buf;
}

int validation_untested(const struct patch_desc *d, const struct metric_desc *md)
{
	const struct measured_band *b = validation_band(d, md);

	return b && !b->held;
}

int validation_beyond(const struct patch_desc *d, const struct metric_desc *md, const struct machine *m, char *why,
		      size_t len)
{
	const struct measured_band *b = validation_band(d, md);
	const struct {
		const char *key;
		unsigned long long v, lo, hi;
	} k[] = { { "cpus", m->cpus, b ? b->cpus_lo : 0, b ? b->cpus_hi : 0 },
		  { "ram", m->ram, b ? b->ram_lo : 0, b ? b->ram_hi : 0 },
		  { "depth", m->depth, b ? b->depth_lo : 0, b ? b->depth_hi : 0 } };
	int n = 0;

	if (why && len)
		why[0] = '\0';
	for (size_t i = 0; b && i < sizeof(k) / sizeof(k[0]); i++) {
		char v[48], lo[48], hi[48];
		const struct param *p = param_find(k[i].key);

		if (!k[i].hi || !metric_reads(md, k[i].key) || (k[i].v >= k[i].lo && k[i].v <= k[i].hi))
			continue;
		if (why && n < 3) {
			struct machine t = *m;

			param_format_human(&t, p, v, sizeof(v));
			param_store_u64(&t, p, k[i].lo);
			param_format_human(&t, p, lo, sizeof(lo));
			param_store_u64(&t, p, k[i].hi);
			param_format_human(&t, p, hi, sizeof(hi));
			snprintf(why + strlen(why), len - strlen(why), "%s%s = %s (measured %s..%s)", n ? ", " : "",
				 k[i].key, v, lo, hi);
		}
		n++;
	}
	return n > 0;
}

static void row_line(const struct validation_row *v, int brief, struct strbuf *out)
{
	const struct measured_row *r = v->r;

	if (r->role == MEASURED_OUTSIDE && brief)
		sb_printf(out, "  %s (outside): measured %.6g; outside the model, no number\n", r->id, r->figure);
	else if (r->role == MEASURED_OUTSIDE)
		sb_printf(out, "  %s (outside): measured %.6g; no number - %s\n", r->id, r->figure, r->note);
	else if (v->why[0])
		sb_printf(out, "  %s (%s): cannot be run: %s\n", r->id, measured_role_name(r->role), v->why);
	else if (r->role == MEASURED_FIT)
		sb_printf(out, "  %s (fit): model %.6g, measured %.6g - by construction\n", r->id, v->model, r->figure);
	else
		sb_printf(out, "  %s (held out): model %.6g vs measured %.6g: %+.2f%% (recorded %+.2f%%)\n", r->id,
			  v->model, r->figure, v->err_pct, r->recorded_pct);
}

void validation_explain(const struct patch_desc *d, const struct metric_desc *md, struct strbuf *why)
{
	const struct measured_band *b = validation_band(d, md);
	const struct measured_model *mm = b ? measured_model_of(d->id, md->name) : NULL;
	char band[96];

	if (!b || !why)
		return;
	sb_printf(why, "validation (`about %s --validation`): %s\n", d->id, validation_band_text(b, band, sizeof(band)));
	for (const struct measured_row *r = measured_rows; r->id; r++) {
		struct validation_row v;

		if (!measured_is_of(r, d->id, md->name))
			continue;
		validation_run(r, &v);
		row_line(&v, 1, why);
	}
	if (b->cpus_hi)
		sb_printf(why, "  measured machines: %llu..%llu CPUs; a figure beyond them is extrapolated\n", b->cpus_lo,
			  b->cpus_hi);
	if (mm) {
		struct strbuf t = STRBUF_INIT, w = STRBUF_INIT;

		sb_printf(&t, "scope: %s\n", mm->scope);
		if (mm->none_found)
			sb_printf(&t, "%s\n", mm->none_found);
		wrap_text(&w, sb_str(&t), 94, 0);
		for (const char *p = sb_str(&w); *p;) { /* indented as the working above it */
			size_t n = strcspn(p, "\n");

			sb_printf(why, "  %.*s\n", (int)n, p);
			p += n + (p[n] == '\n');
		}
		sb_free(&t);
		sb_free(&w);
	}
}

static int is_patch_row(const struct patch_desc *d, const struct measured_row *r)
{
	size_t n = strlen(d->id);

	return !strncmp(r->metric, d->id, n) && r->metric[n] == '.';
}

int validation_list(const struct patch_desc *d, int width, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	int rows = 0;

	sb_printf(&t, "%s: the published measurements its models are held to (core/measured.c)\n", d->id);
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		const struct measured_band *b = validation_band(d, md);
		const struct measured_model *mm = measured_model_of(d->id, md->name);
		char band[96];

		if (!b)
			continue;
		sb_printf(&t, "\n%s.%s: %s\n", d->id, md->name, validation_band_text(b, band, sizeof(band)));
		for (const struct measured_row *r = measured_rows; r->id; r++) {
			struct validation_row v;

			if (!measured_is_of(r, d->id, md->name))
				continue;
			validation_run(r, &v);
			row_line(&v, 0, &t);
			sb_printf(&t, "    machine: %s; kernel: %s\n    workload: %s\n    source: %s\n    unknown: %s\n",
				  r->machine, r->kernel, r->workload, r->source, r->unknown);
			if (r->role != MEASURED_OUTSIDE)
				sb_printf(&t, "    batchlab: %s%s%s\n", r->preset, r->set ? " with " : "", r->set ? r->set : "");
			rows++;
		}
		if (mm)
			sb_printf(&t, "  scope: %s\n%s%s%s", mm->scope, mm->none_found ? "  " : "",
				  mm->none_found ? mm->none_found : "", mm->none_found ? "\n" : "");
	}
	for (const struct measured_row *r = measured_rows; r->id; r++) { /* a patch with no model: its outside rows */
		const struct metric_desc *md;

		if (!is_patch_row(d, r))
			continue;
		md = patch_metric(d, r->metric + strlen(d->id) + 1);
		if (md && md->kind == METRIC_MODELED)
			continue;
		if (!md) { /* PATCH.METRIC.SIDE */
			char name[96];
			const char *dot;

			snprintf(name, sizeof(name), "%s", r->metric + strlen(d->id) + 1);
			dot = strchr(name, '.');
			if (dot)
				name[dot - name] = '\0';
			md = patch_metric(d, name);
			if (md && md->kind == METRIC_MODELED)
				continue;
		}
		sb_printf(&t, "\n%s (outside any model): measured %.6g - %s\n    machine: %s; source: %s\n", r->metric,
			  r->figure, r->note, r->machine, r->source);
		rows++;
	}
	if (rows)
		wrap_text(out, sb_str(&t), width, 0);
	sb_free(&t);
	return rows ? 0 : -1;
}

static const char *const val_heads[] = { "patch", "id", "metric", "role", "machine", "kernel", "workload",
					 "preset", "set", "figure", "model", "error_pct", "recorded_pct", "source",
					 "unknown", "note", NULL };

void validation_records(const struct patch_desc *d, struct doc *doc, enum out_format f, struct strbuf *out)
{
	struct records rec;

	rec_begin(&rec, doc, f, val_heads, NULL, 0, out);
	for (const struct measured_row *r = measured_rows; r->id; r++) {
		struct validation_row v;

		if (!is_patch_row(d, r))
			continue;
		validation_run(r, &v);
		rec_str(&rec, d->id);
		rec_str(&rec, r->id);
		rec_str(&rec, r->metric);
		rec_str(&rec, measured_role_name(r->role));
		rec_str(&rec, r->machine);
		rec_str(&rec, r->kernel);
		rec_str(&rec, r->workload);
		rec_str(&rec, r->preset ? r->preset : "");
		rec_str(&rec, r->set ? r->set : "");
		rec_value(&rec, val_real(r->figure));
		rec_value(&rec, isnan(v.model) ? val_none(r->role == MEASURED_OUTSIDE ? "outside the model" : "cannot be run")
					       : val_real(v.model));
		rec_value(&rec, isnan(v.err_pct) ? val_none(r->role == MEASURED_FIT ? "fitted" : "no number")
						 : val_real(v.err_pct));
		rec_value(&rec, isnan(r->recorded_pct) ? val_none("not held out") : val_real(r->recorded_pct));
		rec_str(&rec, r->source);
		rec_str(&rec, r->unknown);
		rec_str(&rec, r->note ? r->note : "");
		rec_end_row(&rec);
	}
	rec_end(&rec);
}

void validation_rec_fields(struct records *rec, const struct measured_band *b)
{
	rec_value(rec, b ? val_int((uint64_t)b->held) : val_none("not a model"));
	rec_value(rec, b && b->held ? val_real(b->lo_pct) : val_none(b ? "no held-out test" : "not a model"));
	rec_value(rec, b && b->held ? val_real(b->hi_pct) : val_none(b ? "no held-out test" : "not a model"));
}
