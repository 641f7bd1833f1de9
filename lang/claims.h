/*
 * A patch's claims table (core/patch.h: struct patch_claim) checked and
 * printed: each row's preset loaded, its settings applied, the verdict
 * (core/claim.c) - as `about PATCH --claims` lists it, as `report` tabulates
 * it, and as records (csv, json, jsonl) through records.c.
 */
#ifndef BL_CLAIMS_H
#define BL_CLAIMS_H

#include "../core/claim.h"
#include "../core/strbuf.h"

#include "out/records.h"

struct claim_row {
	const struct patch_claim *c;
	struct claim_result r;
	char machine[160];  /* "vm-4g, ram=4G", or "" outside the model */
	char got[64];       /* batchlab's figure for people, "-" outside the model */
	char verdict[600];  /* claim_verdict_text() */
	char word[48];      /* claim_verdict_word() */
	char err[400];      /* a row whose preset or settings fail: why (verdict says so too) */
	int untested;       /* a model's figure that rests on no held-out test (lang/validation.c) */
};

/* Every claim of d (one of ps's patches) checked; *rows on the heap (free() it), NULL when d has none. Returns the count. */
int claims_check(const struct patch_set *ps, const struct patch_desc *d, struct claim_row **rows);
/* `about PATCH --claims`: every row whole, its machine, metric, comparison and verdict, to width. */
void claims_list(const struct patch_desc *d, const struct claim_row *rows, int n, int width, struct strbuf *out);
/* The rows as records: one per claim. */
void claims_records(const struct patch_desc *d, const struct claim_row *rows, int n, struct doc *doc,
		    enum out_format f, struct strbuf *out);
/* The rows as the next field of rec's row (report's "claims"): an array of the objects claims_records() writes. */
void claims_rec_array(const struct patch_desc *d, const struct claim_row *rows, int n, struct records *rec);
/* "19 hold, 2 differ, 3 outside the model". */
void claims_tally(const struct claim_row *rows, int n, char *buf, size_t len);

#endif
