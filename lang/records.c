#include "records.h"

#include <math.h>
#include <string.h>

#include "../core/utf8.h"
#include "numfmt.h"
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

void rec_begin(struct records *r, enum out_format f, const char *const *heads, struct strbuf *out)
{
	r->out = out;
	r->format = f;
	r->heads = heads;
	r->rows = 0;
	r->field = 0;
	if (f == FMT_CSV) {
		for (int i = 0; heads[i]; i++) {
			if (i)
				sb_putc(out, ',');
			csv_field(out, heads[i]);
		}
		sb_putc(out, '\n');
	}
}

/* Start the next field: the separator, and in json its name. */
static void next_field(struct records *r)
{
	if (r->format == FMT_CSV) {
		if (r->field)
			sb_putc(r->out, ',');
	} else {
		if (!r->field)
			sb_puts(r->out, r->rows ? ",\n  {" : "[\n  {");
		else
			sb_puts(r->out, ", ");
		json_string(r->out, r->heads[r->field] ? r->heads[r->field] : "");
		sb_puts(r->out, ": ");
	}
	r->field++;
}

void rec_str(struct records *r, const char *s)
{
	next_field(r);
	if (r->format == FMT_CSV)
		csv_field(r->out, s ? s : "");
	else
		json_string(r->out, s ? s : "");
}

void rec_num(struct records *r, const char *s)
{
	next_field(r);
	sb_puts(r->out, s);
}

void rec_value(struct records *r, struct value v)
{
	char b[64];

	render_bare(v, b, sizeof(b));
	/* json has no inf or n/a: those stay strings rather than become made-up numbers */
	if (r->format == FMT_JSON && (v.kind == VAL_NONE || v.kind == VAL_LIST || (v.kind == VAL_REAL && !isfinite(v.r))))
		rec_str(r, b);
	else
		rec_num(r, b);
}

void rec_bool(struct records *r, int b)
{
	if (r->format == FMT_JSON)
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
	sb_puts(r->out, r->format == FMT_CSV ? "\n" : "}");
	r->rows++;
	r->field = 0;
}

void rec_end(struct records *r)
{
	if (r->format == FMT_JSON)
		sb_puts(r->out, r->rows ? "\n]\n" : "[]\n");
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
	return p->type != PT_CHOICE;
}
