/*
 * Machine output for every command that prints: rows of named fields as
 * csv (a header line, RFC 4180 quoting) or json (an array of objects). A
 * command with --format csv|json builds its rows here, so every command's
 * csv and json look alike; reals are lossless (numfmt.h).
 */
#ifndef BL_RECORDS_H
#define BL_RECORDS_H

#include "../core/params.h"
#include "../core/patch.h"
#include "../core/strbuf.h"
#include "session.h"

#define REC_MAX_FIELDS 16

struct records {
	struct strbuf *out;
	enum out_format format; /* FMT_CSV or FMT_JSON */
	const char *const *heads; /* field names, NULL-terminated */
	int rows, field;
};

/* heads: NULL-terminated; the csv header is written now. */
void rec_begin(struct records *r, enum out_format f, const char *const *heads, struct strbuf *out);
/* The row's next field: text (a json string), a number already written as text, a value, lines as a json array. */
void rec_str(struct records *r, const char *s);
void rec_num(struct records *r, const char *s);
void rec_value(struct records *r, struct value v);
/* true/false in json, yes/no in csv. */
void rec_bool(struct records *r, int b);
/* Lines of text (explain's steps): a json array of strings; in csv one field, lines kept. */
void rec_lines(struct records *r, const char *text);
void rec_end_row(struct records *r);
/* Closes the json array ("[]" when no row). */
void rec_end(struct records *r);

/* A parameter as `get` prints it: a real losslessly (not %.6g), else param_format's text. */
void param_bare(const struct machine *m, const struct param *p, char *buf, size_t len);
/* Is param_bare's text a number (json leaves it unquoted)? */
int param_is_number(const struct param *p);

/* s as one csv field: quoted, quotes doubled, when it holds a comma, a quote or a line break. */
void csv_field(struct strbuf *out, const char *s);
/* s as a json string, escaped. */
void json_string(struct strbuf *out, const char *s);

#endif
