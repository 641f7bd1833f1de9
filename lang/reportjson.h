/*
 * report --format json (reportjson.c): the report's content as one row of
 * the run's document.
 */
#ifndef BL_REPORTJSON_H
#define BL_REPORTJSON_H

#include "../core/patch.h"
#include "../core/strbuf.h"
#include "compare.h"
#include "out/doc.h"
#include "out/records.h"
#include "reportchart.h"

/*
 * The report of d over set as the one row of a result in the run's document
 * doc (json or jsonl); state: the view it was made from, as one line.
 */
void report_json(struct doc *doc, enum out_format fmt, const struct compare_set *set, const struct patch_desc *d,
		 const struct report_chart *rc, int have_chart, int width, const char *state, struct strbuf *out);

/* A patch file's origins as a json array, each "KIND ID" (commit, mail, link); [] for a built-in patch. */
void report_origins(struct records *rec, const struct patch_desc *d);

#endif
