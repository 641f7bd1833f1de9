/*
 * The types of a stream's document (an output format, and what is open in
 * it), apart from records.h's writer so that session.h can hold one: see
 * records.h for what a document is; records.c writes it.
 */
#ifndef BL_DOC_H
#define BL_DOC_H

#include "../../core/strbuf.h"

/* FMT_SVG: a picture, only of a chart (plot, tradeoff: a command row's .picture); never the session's. */
/* FMT_MARKDOWN: GitHub-flavoured markdown, only of a report (a command row's .markdown). */
enum out_format { FMT_TABLE, FMT_CSV, FMT_JSON, FMT_SVG, FMT_JSONL, FMT_MARKDOWN };

struct measured_band;

/* an enterprise kernel's caveat, release_caveat()'s text, in bytes (rec_caveat_next) */
#define REC_CAVEAT_MAX 160

/*
 * A named quantity's unit and kind (exact, workload, model; "input" for a
 * parameter, "" for none), and for a model its held-out error band
 * (lang/validation.h), written beside them: NULL for none.
 */
struct rec_unit {
	const char *name, *unit, *kind;
	const struct measured_band *band;
};

/*
 * One output stream's document: the session keeps one for its stdout (a
 * script run's, across commands); a command writing a file makes its own.
 */
struct doc {
	int open;            /* json: the envelope is open; doc_close closes it */
	int results;         /* results begun in this stream */
	int tables;          /* csv tables written (the second gets "# COMMAND") */
	int units;           /* csv: a "# units:" line above each header (--units) */
	const char *command; /* the command whose result comes next, as typed */
	/*
	 * What the next result's kernel figures are on an enterprise kernel
	 * (release_caveat()), "" for none: rec_begin takes it and clears it, so
	 * it is the next result's alone (rec_caveat_next, records.h).
	 */
	char caveat[REC_CAVEAT_MAX];
};

/* A stream's document, empty; units: --units. */
void doc_init(struct doc *d, int units, const char *command);
/*
 * The stream ends (a run, or a file): json closes the envelope. empty: a
 * json stream in which nothing was written gets an empty document
 * ({"results": []}), so every -c run in json is one document.
 */
void doc_close(struct doc *d, enum out_format f, int empty, struct strbuf *out);

#endif
