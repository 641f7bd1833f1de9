/*
 * Turning core's numbers into text: a value bare or for people, a list's
 * items, the change column, explain's working. Shared by every command.
 */
#ifndef BL_RENDER_H
#define BL_RENDER_H

#include <stddef.h>

#include "../../core/patch.h"
#include "../../core/strbuf.h"
#include "numfmt.h"

/* The bare value `get` prints: integers whole, reals the shortest text that reads back exactly, inf, n/a. */
void render_bare(struct value v, char *buf, size_t len);
/* For people, the unit in words: "16 MiB", "2.324 ms", "4.452 M loops/s" (numfmt.h). */
void render_human(struct value v, const char *unit, char *buf, size_t len);
/* The change column: "x2048", "+51.0%", "+24.61 pp", "2 -> 0", "same"; better or worse by md->better. */
enum verdict render_change(const struct metric_desc *md, struct value before, struct value after, char *buf,
			   size_t len);

/* Items of a list metric a command prints at most; `explain` summarises longer ones. */
#define RENDER_LIST_MAX 1000000u
/*
 * Every item of a list-valued metric (VAL_LIST) on one side, separated by
 * sep; json: a JSON array. -1 and nothing written when there are more than
 * RENDER_LIST_MAX (*count says how many).
 */
int render_list(const struct machine *m, const struct metric_desc *md, int side, int json, struct strbuf *out,
		uint64_t *count);
struct records;
/*
 * A metric's value v (on side) as a record field: a list every item, as get
 * gives them (a JSON array, or one csv string), or its count when there are
 * too many; any other value as it is.
 */
void rec_metric_value(struct records *rec, const struct machine *m, const struct metric_desc *md, int side,
		      struct value v, int csv);

void render_explain(const struct machine *m, const struct metric_ref *ref, int side, struct strbuf *out);
/* What the kernel column is, one line: the release m's code computes, which can differ from after. */
void render_kernel_column(const struct machine *m, struct strbuf *out);

#endif
