/*
 * A lesson's answer as a person writes it, in any unit of the question's
 * quantity (issue 51): 11.83 MiB or 12409897 for a size asked in bytes, 80 ms
 * for a time asked in seconds, 18.6 Gbps for a rate in Mbps, 69.58 k for a
 * count - whatever batchlab itself prints for the value reads back as it.
 * A bare number is in the question's own unit.
 */
#ifndef BL_REPLYUNIT_H
#define BL_REPLYUNIT_H

#include "../core/strbuf.h"

/* The unit a question asks in: its quantity, and how many of the quantity's base unit one is. */
struct reply_q {
	char dim[32];   /* "bytes", "s", "Mbps", "pages", "%", "x", "CPUs", or a count's own word ("refills") */
	double scale;   /* base units per question unit: 1048576 for "in MiB" */
	char name[32];  /* the question's unit as told to a student: "MiB", "pages", "" (a plain number) */
	char metric_unit[32]; /* the unit batchlab prints the value in ("bytes", "ms", "spawns/s") */
	double metric_scale;  /* base units per metric unit */
};

/*
 * The question's unit for a metric's or parameter's unit ("" for arithmetic
 * with no metric), divided by div (a `{get M} / 1048576` answer asks in MiB;
 * 1 otherwise).
 */
void reply_q_of(struct reply_q *q, const char *metric_unit, double div);

/*
 * reply read in the question's quantity, into *base (in its base unit).
 * *had_unit: the reply named a unit. -1 with msg when it is not a number in
 * some unit of that quantity (a size where a time is asked: msg says which).
 */
int reply_read(const char *reply, const struct reply_q *q, double *base, int *had_unit, struct strbuf *msg);

/* Whether reply is batchlab's own printing of want (in base units): "11.83 MiB", "69.58 k". */
int reply_is_printed(double reply_base, double want_base, const struct reply_q *q);

/* Whether the len bytes at word name a unit of some quantity (MiB, ms, pages, Gbps), any case. */
int reply_unit_known(const char *word, size_t len);

/* How a question's unit is named to a student: "a size (like 128G or 128 GiB)". */
const char *reply_q_said(const struct reply_q *q);

#endif
