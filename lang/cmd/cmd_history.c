/*
 * `history PATCH`: a constant's releases as a table for people, or a record
 * per row (csv, json) for scripts. The rows are the patch file's own
 * (in core/mm); the value is what that row's code computes on the machine
 * as it stands, the kernel side's arithmetic for that release.
 */
#include "cmd_history.h"

#include <stdio.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/mm/release.h"
#include "../out/numfmt.h"
#include "../out/records.h"
#include "../out/render.h"
#include "../out/wrap.h"

/* a table for people: a terminal's usual width unless --width or the terminal says otherwise */
#define HISTORY_WIDTH 80

/* The subject of the row's commit, as git log prints it. */
static const char *subject_of(const struct machine *m, const struct release_row *r)
{
	const char *s = release_subject(m->set, r->commit);

	return s ? s : "subject not in batchlab's list";
}

/* The value a row's code gives here, for people: "64 pages", "n/a (why)". */
static void row_human(const struct machine *m, const struct release_history *h, const struct release_row *r,
		      char *buf, size_t len)
{
	struct value v = r->value(m, r, NULL);

	render_human(v, h->unit, buf, len);
}

/* The value column's width: its heading's, or the widest value a row gives here. */
static int history_value_width(const struct machine *m, const struct release_history *h)
{
	int val_w = (int)strlen("value here");

	for (const struct release_row *r = h->rows; r->from; r++) {
		char v[64];

		row_human(m, h, r, v, sizeof(v));
		val_w = val_w > (int)strlen(v) ? val_w : (int)strlen(v);
	}
	return val_w;
}

/* One release row: release, commit and value here, then what changed, wrapped in a column of its own. */
static void history_row(const struct machine *m, const struct release_history *h, const struct release_row *r,
			int val_w, int width, struct strbuf *out)
{
	struct strbuf text = STRBUF_INIT, wrapped = STRBUF_INIT;
	int indent = 2 + 7 + 2 + 12 + 2 + val_w + 2, room = width - indent, first = 1;
	const char *p;
	char v[64];

	row_human(m, h, r, v, sizeof(v));
	if (r->commit)
		sb_printf(&text, "\"%s\"\n", subject_of(m, r));
	sb_printf(&text, "%s\nin %s\n", r->what, r->where);
	if (r->check)
		sb_printf(&text, "checked: %s\n", r->check);
	/* the prose column wraps to what the width leaves it; never below a readable 24 */
	wrap_text(&wrapped, sb_str(&text), room < WRAP_MIN ? WRAP_MIN : room, 0);
	p = sb_str(&wrapped);
	while (*p) {
		size_t n = strcspn(p, "\n");

		if (first)
			sb_printf(out, "  %-7s  %-12s  %*s  %.*s\n", r->from, r->commit ? r->commit : "-", val_w, v, (int)n, p);
		else
			sb_printf(out, "%*s%.*s\n", indent, "", (int)n, p);
		first = 0;
		p += n + (p[n] == '\n');
	}
	sb_free(&text);
	sb_free(&wrapped);
}

void render_history(const struct machine *m, const struct patch_desc *d, int width, struct strbuf *out)
{
	const struct release_history *const *hs = d->kernel_code ? d->kernel_code->history : NULL;

	if (!hs) {
		sb_printf(out, "%s: no release history\n", d->id);
		return;
	}
	for (int i = 0; hs[i]; i++) {
		const struct release_history *h = hs[i];
		int val_w = history_value_width(m, h);

		if (i)
			sb_putc(out, '\n');
		if (release_row(m, h))
			sb_printf(out, "%s: %s through the releases\n  (kernel %s runs the %s row)\n", d->id, h->constant,
				  release_names[machine_release(m)], release_row(m, h)->from);
		else {
			struct strbuf t = STRBUF_INIT;

			sb_printf(out, "%s: %s through the releases\n", d->id, h->constant);
			sb_printf(&t, "  (kernel %s: n/a, %s)\n", release_names[machine_release(m)], h->before_first);
			wrap_text(out, sb_str(&t), width, 0);
			sb_free(&t);
		}
		sb_printf(out, "  %-7s  %-12s  %*s  %s\n", "release", "commit", val_w, "value here", "what changed");
		for (const struct release_row *r = h->rows; r->from; r++)
			history_row(m, h, r, val_w, width, out);
	}
}

void render_history_list(const struct machine *m, const struct patch_desc *d, int width, struct strbuf *out)
{
	const struct release_history *const *hs = d->kernel_code ? d->kernel_code->history : NULL;
	struct strbuf t = STRBUF_INIT;

	for (int i = 0; hs && hs[i]; i++) {
		const struct release_history *h = hs[i];
		const struct release_row *in = release_row(m, h);

		sb_printf(&t, "%s (kernel %s: %s%s%s):\n", h->constant, release_names[machine_release(m)],
			  in ? "the " : "n/a, ", in ? in->from : h->before_first, in ? " row" : "");
		for (const struct release_row *r = h->rows; r->from; r++) {
			char v[64];

			row_human(m, h, r, v, sizeof(v));
			sb_printf(&t, "- %s%s%s%s%s%s: %s here; %s; in %s%s%s\n", r->from, r->commit ? " (" : "",
				  r->commit ? r->commit : "", r->commit ? " \"" : "", r->commit ? subject_of(m, r) : "",
				  r->commit ? "\")" : "", v, r->what, r->where,
				  r->check ? "; checked: " : "", r->check ? r->check : "");
		}
	}
	wrap_text(out, sb_str(&t), width, 0);
	sb_free(&t);
}

static void history_records(const struct machine *m, const struct patch_desc *d, struct doc *doc, enum out_format f,
			    struct strbuf *out)
{
	static const char *const heads[] = { "patch", "constant", "release", "commit", "subject", "value", "unit", "what",
					     "where", "checked", NULL };
	const struct release_history *const *hs = d->kernel_code->history;
	struct records rec;

	rec_begin(&rec, doc, f, heads, NULL, 0, out);
	for (int i = 0; hs[i]; i++)
		for (const struct release_row *r = hs[i]->rows; r->from; r++) {
			rec_str(&rec, d->id);
			rec_str(&rec, hs[i]->constant);
			rec_str(&rec, r->from);
			rec_str(&rec, r->commit ? r->commit : "");
			rec_str(&rec, r->commit ? subject_of(m, r) : "");
			rec_value(&rec, r->value(m, r, NULL));
			rec_str(&rec, hs[i]->unit);
			rec_str(&rec, r->what);
			rec_str(&rec, r->where);
			rec_str(&rec, r->check ? r->check : "");
			rec_end_row(&rec);
		}
	rec_end(&rec);
}

static int cmd_history(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	const struct patch_desc *d = patch_find(s->m.set, argv[0]);

	(void)argc;
	if (!d || !d->kernel_code) {
		char ids[160];

		patch_ids(s->m.set, ids, sizeof(ids));
		return err_set(err, errlen, "history: unknown patch '%.40s' (expected %s)", argv[0], ids);
	}
	if (s->format == FMT_TABLE)
		render_history(&s->m, d, session_width(s) ? session_width(s) : HISTORY_WIDTH, out);
	else
		history_records(&s->m, d, &s->doc, s->format, out);
	return 0;
}

/* help history's paragraphs. */
static void history_details(const struct patch_set *ps, struct strbuf *out)
{
	(void)ps; /* the same words whatever is loaded */
	sb_puts(out, "A block per constant of the patch, a row per change: the release it starts at, the commit, the "
		     "value that release's code gives on this machine, what changed, the function and file, and which "
		     "trees were read to check it.\n"
		     "The kernel side reads these rows: PATCH.METRIC.kernel is the metric on the release the kernel "
		     "parameter names (set kernel 6.1, set kernel host). A stable state, named by its series' first update "
		     "with the backport (6.1.104), holds for that update and every later one of its series; mainline "
		     "after it keeps the rows before. The commit's subject is printed beside its id.\n"
		     "--format csv or json: a record per row.\n");
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_history_entry = {
	.name = "history",
	.usage = "PATCH",
	.args = { ARG_PATCH, ARG_NONE, ARG_NONE },
	.min_args = 1,
	.max_args = 1,
	.help = "the patch's constants through the kernel releases: release, commit, change, value here",
	.details = history_details,
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_history,
	.examples = (const char *const[]){ "history memcg_charge", NULL },
};
