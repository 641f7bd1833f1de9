/* A run's document and each command's rows of typed, nestable fields: csv, json, jsonl (see records.h). */
#include "records.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/utf8.h"
#include "numfmt.h"
#include "../../core/measured.h"
#include "render.h"

/* Every control escaped, C1 and DEL too, and a byte that is not UTF-8 as U+FFFD: the output is valid JSON. */
void json_string(struct strbuf *out, const char *s)
{
	sb_putc(out, '"');
	while (*s) {
		const char *at = s;
		uint32_t cp = utf8_decode(&s);

		if (cp == '"' || cp == '\\')
			sb_printf(out, "\\%c", (char)cp);
		else if (cp == '\n')
			sb_puts(out, "\\n");
		else if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f))
			sb_printf(out, "\\u%04x", (unsigned)cp);
		else if (cp == 0xfffd && strncmp(at, "\xEF\xBF\xBD", 3))
			sb_puts(out, "\\ufffd");
		else
			for (; at < s; at++)
				sb_putc(out, *at);
	}
	sb_putc(out, '"');
}

/* RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
void csv_field(struct strbuf *out, const char *s)
{
	if (!strpbrk(s, ",\"\n\r")) {
		sb_puts(out, s);
		return;
	}
	sb_putc(out, '"');
	for (; *s; s++) {
		if (*s == '"')
			sb_putc(out, '"');
		sb_putc(out, *s);
	}
	sb_putc(out, '"');
}

#ifndef BATCHLAB_VERSION
#define BATCHLAB_VERSION "1.0.0"
#endif

void doc_init(struct doc *d, int units, const char *command)
{
	memset(d, 0, sizeof(*d));
	d->units = units;
	d->command = command;
}

void doc_close(struct doc *d, enum out_format f, int empty, struct strbuf *out)
{
	if (d->open)
		sb_puts(out, "\n]}\n");
	else if (empty && f == FMT_JSON && !d->results)
		sb_puts(out, "{\"batchlab\": \"" BATCHLAB_VERSION "\", \"results\": []}\n");
	d->open = 0;
}

static const struct rec_unit *unit_of(const struct rec_unit *units, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (units[i].name && !strcmp(units[i].name, name))
			return &units[i];
	return NULL;
}

/* "pages (exact)", "CPUs (input)", "(model)" for a ratio: one units-line field. */
static void unit_text(struct strbuf *t, const struct rec_unit *u)
{
	char band[96];

	sb_puts(t, u->unit);
	if (*u->kind && u->band)
		sb_printf(t, "%s(%s, %s)", *u->unit ? " " : "", u->kind, measured_band_text(u->band, band, sizeof(band)));
	else if (*u->kind)
		sb_printf(t, "%s(%s)", *u->unit ? " " : "", u->kind);
}

/* A model's band as fields of its units entry: the held-out rows and the least and greatest signed error. */
static void json_band(const struct measured_band *b, struct strbuf *out)
{
	char n[48];

	sb_printf(out, ", \"heldout_rows\": %d, \"heldout_err_lo_pct\": ", b->held);
	if (b->held) {
		fmt_real_shortest(b->lo_pct, n, sizeof(n));
		sb_printf(out, "%s, \"heldout_err_hi_pct\": ", n);
		fmt_real_shortest(b->hi_pct, n, sizeof(n));
		sb_puts(out, n);
	} else {
		sb_puts(out, "null, \"heldout_err_hi_pct\": null");
	}
	sb_printf(out, ", \"measured_cpus\": ");
	if (b->cpus_hi)
		sb_printf(out, "[%llu, %llu]", b->cpus_lo, b->cpus_hi);
	else
		sb_puts(out, "null");
}

/*
 * csv's "# units:" line: a field under each header column that holds a
 * quantity; a result whose quantities are named in its rows (get, show)
 * lists them as NAME=UNIT (KIND) instead.
 */
static void csv_units(const char *const *heads, const struct rec_unit *units, int n, int caveat, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	int aligned = 0;

	for (int i = 0; heads[i]; i++)
		aligned |= unit_of(units, n, heads[i]) != NULL;
	sb_puts(out, "# units: ");
	if (aligned) {
		for (int i = 0; heads[i]; i++) {
			const struct rec_unit *u = unit_of(units, n, heads[i]);

			sb_reset(&t);
			if (u)
				unit_text(&t, u);
			if (i)
				sb_putc(out, ',');
			csv_field(out, sb_str(&t));
		}
		if (caveat) /* kernel_caveat's column: text, no unit */
			sb_putc(out, ',');
	} else {
		for (int i = 0; i < n; i++) {
			if (unit_of(units, i, units[i].name))
				continue; /* named twice (get cpus cpus): once */
			sb_reset(&t);
			sb_printf(&t, "%s=", units[i].name);
			unit_text(&t, &units[i]);
			if (i)
				sb_putc(out, ',');
			csv_field(out, sb_str(&t));
		}
	}
	sb_putc(out, '\n');
	sb_free(&t);
}

static void json_units(const struct rec_unit *units, int n, struct strbuf *out)
{
	int any = 0;

	sb_putc(out, '{');
	for (int i = 0; i < n; i++) {
		if (unit_of(units, i, units[i].name))
			continue; /* a JSON object names a key once */
		if (any++)
			sb_puts(out, ", ");
		json_string(out, units[i].name);
		sb_puts(out, ": {\"unit\": ");
		json_string(out, units[i].unit);
		sb_puts(out, ", \"kind\": ");
		json_string(out, units[i].kind);
		if (units[i].band)
			json_band(units[i].band, out);
		sb_putc(out, '}');
	}
	sb_putc(out, '}');
}

void rec_begin(struct records *r, struct doc *d, enum out_format f, const char *const *heads,
	       const struct rec_unit *units, int nunits, struct strbuf *out)
{
	r->out = out;
	r->doc = d;
	r->format = f;
	r->heads = heads;
	r->rows = 0;
	r->field = r->n = 0;
	r->head = 0;
	r->array = r->depth = r->col = 0;
	r->row_out = NULL;
	r->flat = (struct strbuf)STRBUF_INIT;
	r->flat_depth = 0;
	memcpy(r->caveat, d->caveat, sizeof(r->caveat));
	d->caveat[0] = '\0'; /* the next result's alone */
	r->csv_close[0] = '\0';
	if (f == FMT_CSV && *r->caveat) { /* the header's last column, on every row: one string, so a sweep's rows copy it */
		struct strbuf t = STRBUF_INIT;

		sb_putc(&t, ',');
		csv_field(&t, r->caveat);
		sb_putc(&t, '\n');
		snprintf(r->csv_close, sizeof(r->csv_close), "%s", sb_str(&t));
		sb_free(&t);
	}
	if (d->open && f != FMT_JSON) /* `format csv` after json rows: the json document is whole first */
		doc_close(d, FMT_JSON, 0, out);
	d->results++;
	if (f == FMT_CSV) {
		/* a second table in one stream: a blank line and the command, so a reader can split them */
		if (d->tables++)
			sb_printf(out, "\n# %s\n", d->command ? d->command : "");
		if (d->units)
			csv_units(heads, units, nunits, *r->caveat, out);
		for (int i = 0; heads[i]; i++) {
			if (i)
				sb_putc(out, ',');
			csv_field(out, heads[i]);
		}
		sb_puts(out, *r->caveat ? ",kernel_caveat\n" : "\n");
		return;
	}
	if (f == FMT_JSON) {
		sb_puts(out, d->open ? ",\n  " : "{\"batchlab\": \"" BATCHLAB_VERSION "\", \"results\": [\n  ");
		d->open = 1;
		sb_puts(out, "{\"command\": ");
	} else {
		sb_puts(out, "{\"head\": {\"command\": ");
	}
	json_string(out, d->command ? d->command : "");
	sb_puts(out, ", \"units\": ");
	json_units(units, nunits, out);
	if (*r->caveat) {
		sb_puts(out, ", \"kernel_caveat\": ");
		json_string(out, r->caveat);
	}
	r->head = 1;
}

void rec_caveat_next(struct doc *d, const char *caveat)
{
	snprintf(d->caveat, sizeof(d->caveat), "%s", caveat ? caveat : "");
}

void rec_head_field(struct records *r, const char *name, const char *json_text)
{
	if (!r->head)
		return;
	sb_puts(r->out, ", ");
	json_string(r->out, name);
	sb_puts(r->out, ": ");
	sb_puts(r->out, json_text);
}

void rec_head_done(struct records *r)
{
	if (!r->head)
		return;
	sb_puts(r->out, r->format == FMT_JSON ? ", \"rows\": [" : "}}\n");
	r->head = 0;
}

const char *rec_row_open(struct records *r)
{
	rec_head_done(r);
	if (r->format == FMT_JSON)
		return r->rows ? ",\n    {" : "\n    {";
	return r->format == FMT_JSONL ? "{" : "";
}

const char *rec_row_close(const struct records *r)
{
	if (r->format == FMT_CSV)
		return *r->csv_close ? r->csv_close : "\n";
	return r->format == FMT_JSON ? "}" : r->format == FMT_JSONL ? "}\n" : "\n";
}

static void json_key(struct records *r)
{
	json_string(r->out, r->heads && r->heads[r->field] ? r->heads[r->field] : "");
	sb_puts(r->out, ": ");
}

/* Start the next field (or array item): the separator, and in json its name, in csv within an array KEY=. */
static void next_field(struct records *r)
{
	if (r->format == FMT_CSV && r->row_out) {
		if (r->n)
			sb_puts(r->out, r->array ? "; " : ", ");
		if (!r->array)
			sb_printf(r->out, "%s=", r->heads && r->heads[r->field] ? r->heads[r->field] : "");
	} else if (r->format == FMT_CSV) {
		if (r->col++)
			sb_putc(r->out, ',');
	} else if (r->depth == 0) {
		sb_puts(r->out, r->n ? ", " : rec_row_open(r));
		json_key(r);
	} else {
		if (r->n)
			sb_puts(r->out, ", ");
		if (!r->array)
			json_key(r);
	}
	r->field++;
	r->n++;
}

void rec_skip(struct records *r)
{
	if (r->format == FMT_CSV && !r->row_out && r->col++)
		sb_putc(r->out, ',');
	else if (r->format == FMT_CSV && r->row_out)
		r->n++; /* "KEY=" with nothing: still a field */
	r->field++;
}

/* The open container's place is kept; the new one's fields begin. */
static void nest_push(struct records *r, const char *const *heads, int array)
{
	if (r->depth == REC_NEST)
		abort(); /* a writer nested deeper than the documents records.h describes */
	r->nest[r->depth++] = (struct rec_frame){ r->heads, r->field, r->n, r->array };
	r->heads = heads;
	r->field = r->n = 0;
	r->array = array;
}

static void nest_pop(struct records *r)
{
	const struct rec_frame *f = &r->nest[--r->depth];

	r->heads = f->heads;
	r->field = f->field;
	r->n = f->n;
	r->array = f->array;
}

void rec_obj_begin(struct records *r, const char *const *heads)
{
	int columns = r->format == FMT_CSV && !r->row_out; /* csv: its fields are the row's next columns */

	if (!columns)
		next_field(r);
	nest_push(r, heads, 0);
	if (r->format != FMT_CSV)
		sb_putc(r->out, '{');
}

void rec_obj_end(struct records *r)
{
	if (r->format != FMT_CSV)
		sb_putc(r->out, '}');
	nest_pop(r);
}

void rec_arr_begin(struct records *r)
{
	if (r->format == FMT_CSV && !r->row_out) { /* one column: gathered, then quoted whole */
		if (r->col++)
			sb_putc(r->out, ',');
		r->field++;
		r->n++;
		r->row_out = r->out;
		sb_reset(&r->flat);
		r->out = &r->flat;
		nest_push(r, NULL, 1);
		r->flat_depth = r->depth;
		return;
	}
	next_field(r);
	nest_push(r, NULL, 1);
	sb_putc(r->out, '[');
}

void rec_arr_end(struct records *r)
{
	if (r->format == FMT_CSV && r->row_out && r->depth == r->flat_depth) {
		r->out = r->row_out;
		r->row_out = NULL;
		csv_field(r->out, sb_str(&r->flat));
	} else {
		sb_putc(r->out, ']');
	}
	nest_pop(r);
}

void rec_str(struct records *r, const char *s)
{
	next_field(r);
	if (r->row_out) /* csv within an array: the column is quoted whole */
		sb_puts(r->out, s ? s : "");
	else if (r->format == FMT_CSV)
		csv_field(r->out, s ? s : "");
	else
		json_string(r->out, s ? s : "");
}

void rec_choice(struct records *r, const char *s)
{
	if (r->format != FMT_CSV || r->row_out) {
		rec_str(r, s);
		return;
	}
	next_field(r);
	sb_putc(r->out, '"');
	for (; *s; s++) {
		if (*s == '"')
			sb_putc(r->out, '"');
		sb_putc(r->out, *s);
	}
	sb_putc(r->out, '"');
}

void rec_num(struct records *r, const char *s)
{
	next_field(r);
	sb_puts(r->out, s);
}

/*
 * NAME:na or NAME:inf beside a null: the field just written. A name is
 * letters, digits, '_' and '.', never ':', so no head (a variant z_na beside
 * z) can be a flag: no object holds a key twice.
 */
static void sibling(struct records *r, const char *suffix, const char *json_text)
{
	const char *name = r->heads[r->field - 1] ? r->heads[r->field - 1] : "";

	sb_puts(r->out, ", ");
	sb_putc(r->out, '"');
	sb_puts(r->out, name); /* a name already escaped once (next_field): heads are plain words */
	sb_puts(r->out, suffix);
	sb_puts(r->out, "\": ");
	sb_puts(r->out, json_text);
}

void rec_value(struct records *r, struct value v)
{
	char b[64];

	if (v.kind == VAL_REAL && isnan(v.r)) /* no format has a bare nan: n/a, and why */
		v = val_none(VALUE_NAN_WHY);
	if (r->format == FMT_CSV || (v.kind == VAL_INT || (v.kind == VAL_REAL && isfinite(v.r)))) {
		render_bare(v, b, sizeof(b));
		rec_num(r, b);
		return;
	}
	/* json has no inf or n/a: null, and a field beside it says which and why */
	rec_num(r, "null");
	if (r->array)
		return; /* an item has no name for a flag to name */
	if (v.kind == VAL_REAL && isinf(v.r)) {
		sibling(r, ":inf", v.r > 0 ? "1" : "-1");
	} else {
		struct strbuf t = STRBUF_INIT;

		if (v.kind == VAL_LIST)
			snprintf(b, sizeof(b), "a list of %llu items, too many to print", (unsigned long long)v.i);
		else
			snprintf(b, sizeof(b), "%s", v.kind == VAL_NONE && v.why ? "" : "n/a");
		json_string(&t, v.kind == VAL_NONE && v.why ? v.why : b);
		sibling(r, ":na", sb_str(&t));
		sb_free(&t);
	}
}

void rec_bool(struct records *r, int b)
{
	if (r->format != FMT_CSV)
		rec_num(r, b ? "true" : "false");
	else
		rec_str(r, b ? "yes" : "no");
}

void rec_lines(struct records *r, const char *text)
{
	const char *p = text;

	if (r->format == FMT_CSV) {
		size_t n = strlen(text);
		struct strbuf t = STRBUF_INIT;

		while (n && text[n - 1] == '\n')
			n--;
		sb_printf(&t, "%.*s", (int)n, text);
		rec_str(r, sb_str(&t));
		sb_free(&t);
		return;
	}
	next_field(r);
	sb_putc(r->out, '[');
	for (int i = 0; *p; i++) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		struct strbuf t = STRBUF_INIT;

		sb_printf(&t, "%.*s", (int)n, p);
		if (i)
			sb_puts(r->out, ", ");
		json_string(r->out, sb_str(&t));
		sb_free(&t);
		p += n + (nl != NULL);
	}
	sb_putc(r->out, ']');
}

void rec_end_row(struct records *r)
{
	while (r->depth) /* a writer's open objects close with the row */
		r->array ? rec_arr_end(r) : rec_obj_end(r);
	if (r->format != FMT_CSV && !r->n)
		sb_puts(r->out, rec_row_open(r)); /* a row of no field: {} */
	sb_puts(r->out, rec_row_close(r));
	r->rows++;
	r->field = r->n = r->col = 0;
}

void rec_end(struct records *r)
{
	rec_head_done(r);
	if (r->format == FMT_JSON)
		sb_puts(r->out, r->rows ? "\n  ]}" : "]}");
	sb_free(&r->flat);
}

void rec_text_result(struct doc *d, enum out_format f, const char *text, struct strbuf *out)
{
	static const char *const heads[] = { "text", NULL };
	struct strbuf line = STRBUF_INIT;
	struct records r;

	if (f != FMT_JSON && f != FMT_JSONL) {
		sb_puts(out, text);
		return;
	}
	rec_begin(&r, d, f, heads, NULL, 0, out);
	while (*text) {
		size_t n = strcspn(text, "\n");

		sb_reset(&line);
		sb_printf(&line, "%.*s", (int)n, text);
		rec_str(&r, sb_str(&line));
		rec_end_row(&r);
		text += n + (text[n] == '\n');
	}
	rec_end(&r);
	sb_free(&line);
}

const char *rec_kind(const struct metric_desc *md)
{
	return metric_kind_name(md->kind);
}

void recu_add(struct rec_units *l, const char *name, const char *unit, const char *kind)
{
	char *copy;

	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 16;
		struct rec_unit *u = realloc(l->u, (size_t)cap * sizeof(*u));

		if (!u)
			return; /* a head short of a unit rather than no output */
		l->u = u;
		l->cap = cap;
	}
	copy = strdup(name);
	if (!copy)
		return;
	l->u[l->n++] = (struct rec_unit){ copy, unit, kind, NULL };
}

void recu_add_band(struct rec_units *l, const char *name, const char *unit, const char *kind,
		   const struct measured_band *band)
{
	int n = l->n;

	recu_add(l, name, unit, kind);
	if (l->n > n)
		l->u[n].band = band;
}

void recu_metric(struct rec_units *l, const struct machine *m, const struct patch_desc *d,
		 const struct metric_desc *md, int side, const struct measured_band *band)
{
	char name[160];

	if (md->single) {
		snprintf(name, sizeof(name), "%s.%s", d->id, md->name);
		recu_add_band(l, name, md->unit, rec_kind(md), band);
		return;
	}
	for (int i = side < 0 ? 0 : side; i < (side < 0 ? patch_ncols(m, d) : side + 1); i++) {
		snprintf(name, sizeof(name), "%s.%s.%s", d->id, md->name, patch_col_name(m, d, i));
		recu_add_band(l, name, md->unit, rec_kind(md), band);
	}
}

void recu_free(struct rec_units *l)
{
	for (int i = 0; i < l->n; i++)
		free((char *)l->u[i].name);
	free(l->u);
	l->u = NULL;
	l->n = l->cap = 0;
}

void param_bare(const struct machine *m, const struct param *p, char *buf, size_t len)
{
	if (p->type == PT_REAL)
		fmt_real_shortest(param_real(m, p), buf, len); /* param_format's %.6g would say 100 for 99.99999999999999 */
	else
		param_format(m, p, buf, len);
}

int param_is_number(const struct param *p)
{
	return p->type != PT_CHOICE && p->type != PT_LAYOUT;
}
