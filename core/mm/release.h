/*
 * The kernel releases batchlab knows, in order, and the shape of a
 * constant's history: each patch file holds its constants' releases as rows
 * of one table (release, commit, what changed, the function computing that
 * release's value), and the `kernel` side reads the row in effect for the
 * machine's release. The list of releases lives here and nowhere else.
 */
#ifndef BL_RELEASE_H
#define BL_RELEASE_H

#include <stddef.h>
#include <stdint.h>

#include "../patch.h"

/* Oldest first, NULL-terminated: the `kernel` parameter's choices, a sweep's order. */
extern const char *const release_names[];

/* How many releases release_names[] holds; the newest is release_count() - 1 (the default). */
int release_count(void);
/* The index of a release named exactly so, or -1. */
int release_find(const char *name);
/* "3.10, 3.11, ... or 6.17", for an error naming the known releases. */
void release_list(char *buf, size_t len);
/*
 * uname -r (or /proc/sys/kernel/osrelease) to the newest known release not
 * after it: "6.8.0-49-generic" -> 6.8, "6.1.0-28-amd64" -> 6.1, "5.15.167" ->
 * 5.15. A stable release past a backport that changed a constant maps to the
 * backport's row ("6.1.112" -> 6.1.y where 6.1.y starts there). 0 with *idx,
 * or -1 with err (not a release string, or older than every known one).
 */
int release_from_uname(const char *uname_r, int *idx, char *err, size_t errlen);

/*
 * One change of one constant: from release `from` on (until the next row),
 * the kernel computes it as `what` says, in `where`; value() gives the
 * constant that code computes on a machine (`history` prints it, the kernel
 * side reads it).
 */
struct release_row {
	const char *from;   /* a name in release_names[] */
	const char *commit; /* the commit that made the change (12 hex digits), or NULL */
	const char *what;   /* what changed, one line, in batchlab's words */
	const char *where;  /* "function(), file" holding that release's code */
	const char *check;  /* which releases' source was read for the row, and what was not confirmed */
	/* the constant on m as this row's code computes it (its unit is the history's); why may be NULL */
	struct value (*value)(const struct machine *m, const struct release_row *r, struct strbuf *why);
	uint64_t mode;      /* the patch's own reading of the row: the constant itself, a side, a count */
};

/*
 * A constant through the releases. Before the first row it does not exist:
 * the kernel side of a metric reading it is n/a for `before_first`.
 */
struct release_history {
	const char *constant;     /* "MEMCG_CHARGE_BATCH" */
	const char *unit;         /* what value() counts: "pages", "memcgs", ... */
	const struct release_row *rows; /* oldest first, terminated by a row with from == NULL */
	const char *before_first; /* why the constant is n/a before rows[0] */
};

/* The row in effect on release rel (an index), or NULL before the first. */
const struct release_row *release_row_at(const struct release_history *h, int rel);
/* The machine's release: its `kernel` parameter, as an index. */
int machine_release(const struct machine *m);
/* The row in effect on m's release, or NULL. */
const struct release_row *release_row(const struct machine *m, const struct release_history *h);

#endif
