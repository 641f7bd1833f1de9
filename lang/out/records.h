/*
 * Machine output for every command that prints, in one place: a run's
 * document and each command's rows of named fields in it.
 *
 *   csv    one table per command: a header line, RFC 4180 quoting; a second
 *          table in one stream is preceded by a blank line and "# COMMAND",
 *          and with --units a "# units:" line comes before each header
 *   json   one document per stream (a run's stdout, or a file):
 *          {"batchlab": VERSION, "results": [
 *            {"command": "get cpus", "units": {NAME: {"unit": U, "kind": K}}, "rows": [
 *              {...}, ...
 *            ]}, ...
 *          ]}
 *   jsonl  per result a head line {"head": {"command": ..., "units": ...}},
 *          then one line per row; streamed
 *
 * Values are typed: a number is a JSON number; n/a is null with the reason in
 * a sibling field NAME:na, an infinite value null with NAME:inf (1 or -1;
 * ":" is in no name, so a flag never meets a column of the same name);
 * lists are arrays. csv keeps "n/a" and "inf" as text.
 *
 * A result whose kernel figures are an enterprise kernel's (release_caveat())
 * says so once: json and jsonl a head field "kernel_caveat" with the text;
 * csv, whose readers drop comment lines, a last column kernel_caveat holding
 * the text on every row (its "# units:" field empty), which rec_row_close()
 * ends every row with, so a sweep's fast rows carry it too. Without one, no such
 * field or column: a mainline result is as it was. Reals are lossless
 * (numfmt.h). The schemas are in docs/schema/.
 *
 * A field can hold an object of typed fields (rec_obj_begin ... rec_obj_end,
 * its own heads) or an array (rec_arr_begin ... rec_arr_end) of values or of
 * objects, nested up to REC_NEST deep (report's row: the machines, each with
 * its metrics, each with its values). json and jsonl write them as they are:
 * one object keeps its keys once, each object's heads being its own. An item
 * of an array has no name, so a null there has no NAME:na beside it. csv
 * flattens: an object's fields are further columns of the row, and the
 * result's heads name them with dotted keys (machine.cpus, machine.ram); an
 * array is one column, its items joined by "; ", an object in it as
 * KEY=VALUE pairs joined by ", ", an array in it within [ ].
 */
#ifndef BL_RECORDS_H
#define BL_RECORDS_H

#include "../../core/params.h"
#include "../../core/patch.h"
#include "../../core/strbuf.h"

#include "doc.h"

#define REC_NEST 8

/* An object or an array the row has open, as the field it is in left it. */
struct rec_frame {
	const char *const *heads;
	int field, n, array;
};

/* A row's end holding a caveat (doc.h's REC_CAVEAT_MAX) quoted for csv, its quotes doubled */
#define REC_CLOSE_MAX (2 * REC_CAVEAT_MAX + 8)

struct records {
	struct strbuf *out;
	struct doc *doc;
	enum out_format format; /* FMT_CSV, FMT_JSON or FMT_JSONL */
	const char *const *heads; /* the open object's field names (the row's, at depth 0), NULL-terminated */
	int rows, field, n; /* n: the fields the open object (or array) has written; field counts skipped heads too */
	int head; /* json/jsonl: the result's head is still open (rec_head_num may add to it) */
	int array; /* the open container is an array (its items have no name) */
	int depth, col; /* how deep the row's fields are nested; csv: the columns the row has */
	struct rec_frame nest[REC_NEST];
	struct strbuf *row_out; /* csv within an array: the stream, while out gathers the array's column */
	struct strbuf flat;
	int flat_depth; /* the depth of the array that is that column */
	char caveat[REC_CAVEAT_MAX]; /* the result's kernel_caveat (the doc's, taken by rec_begin), "" for none */
	char csv_close[REC_CLOSE_MAX]; /* csv with a caveat: ",CAVEAT\n", every row's end (rec_row_close) */
};

/*
 * A result begins in d: heads are its fields (NULL-terminated), units the
 * nunits quantities it holds (a column's, or a row's by the name the row
 * gives it). json: the envelope (once) and the result's head; jsonl: the
 * head line; csv: the separator, the units line and the header.
 */
void rec_begin(struct records *r, struct doc *d, enum out_format f, const char *const *heads,
	       const struct rec_unit *units, int nunits, struct strbuf *out);
/* The next result rec_begin begins carries caveat (see above); "" or NULL: none. */
void rec_caveat_next(struct doc *d, const char *caveat);
/* One more field of the head (json, jsonl; csv has none): json_text already JSON. Before the first row. */
void rec_head_field(struct records *r, const char *name, const char *json_text);
/* The head is complete: rows follow (rec_str... does this itself). */
void rec_head_done(struct records *r);
/* The row's next field: text (a json string), a number already written as text, a value, lines as a json array. */
void rec_str(struct records *r, const char *s);
/*
 * A choice's name (a release, an overcommit mode): a json string, and in csv
 * always quoted, so a reader that types unquoted fields keeps 5.10 as text.
 */
void rec_choice(struct records *r, const char *s);
void rec_num(struct records *r, const char *s);
/* json: a number, or null with NAME:na / NAME:inf beside it; csv: render_bare's text. */
void rec_value(struct records *r, struct value v);
/* true/false in json, yes/no in csv. */
void rec_bool(struct records *r, int b);
/* Lines of text (explain's steps): a json array of strings; in csv one field, lines kept. */
void rec_lines(struct records *r, const char *text);
void rec_end_row(struct records *r);
/*
 * The next field (or array item) is an object whose fields are named by
 * heads (NULL-terminated; they must outlive rec_obj_end), or an array;
 * the _end closes the innermost. A field a row does not have this time (an
 * optional object): rec_skip - json writes nothing, csv an empty column.
 */
void rec_obj_begin(struct records *r, const char *const *heads);
void rec_obj_end(struct records *r);
void rec_arr_begin(struct records *r);
void rec_arr_end(struct records *r);
void rec_skip(struct records *r);
/* The result ends (json: "]}", an empty array when no row). */
void rec_end(struct records *r);

/*
 * Text a command printed for people (echo, lesson's narration) as a result
 * of its own in d: json and jsonl a row {"text": LINE} per line, so a run
 * stays one document; csv and tables the text as it is.
 */
void rec_text_result(struct doc *d, enum out_format f, const char *text, struct strbuf *out);

/*
 * For a writer of its own rows (sweep's fast path): the text before the next
 * row and after it; the writer counts r->rows itself. The head is done first.
 */
const char *rec_row_open(struct records *r);
const char *rec_row_close(const struct records *r);

/* The kind word a unit entry gives a metric. */
const char *rec_kind(const struct metric_desc *md);

/* A list of units built up for rec_begin; names are copied. */
struct rec_units {
	struct rec_unit *u;
	int n, cap;
};
void recu_add(struct rec_units *l, const char *name, const char *unit, const char *kind);
/* The same with a model's held-out band (lang/validation.h), written beside its unit and kind. */
void recu_add_band(struct rec_units *l, const char *name, const char *unit, const char *kind,
		   const struct measured_band *band);
/* md of d on side (or every column, side < 0), named as `get` names its values: PATCH.NAME[.SIDE]; band: md's held-out error (NULL: none). */
void recu_metric(struct rec_units *l, const struct machine *m, const struct patch_desc *d,
		 const struct metric_desc *md, int side, const struct measured_band *band);
void recu_free(struct rec_units *l);

/* A parameter as `get` prints it: a real losslessly (not %.6g), else param_format's text. */
void param_bare(const struct machine *m, const struct param *p, char *buf, size_t len);
/* Is param_bare's text a number (json leaves it unquoted)? */
int param_is_number(const struct param *p);

/* s as one csv field: quoted, quotes doubled, when it holds a comma, a quote or a line break. */
void csv_field(struct strbuf *out, const char *s);
/* s as a json string, escaped. */
void json_string(struct strbuf *out, const char *s);

#endif
