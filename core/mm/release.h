/*
 * The kernel releases batchlab knows, in order, and the shape of a
 * constant's history: each patch file holds its constants' releases as rows
 * of one table (release, commit, what changed, the function computing that
 * release's value), and the `kernel` side reads the row in effect for the
 * machine's release. The list of releases, and the one reading of a release
 * string `set kernel` and `host` share, live here and nowhere else.
 */
#ifndef BL_RELEASE_H
#define BL_RELEASE_H

#include <stddef.h>
#include <stdint.h>

#include "../patch.h"

/*
 * Oldest first, NULL-terminated: the `kernel` parameter's choices, a sweep's
 * order. Every mainline release from the first to the last the tables know,
 * and, after a release X.Y, the stable states of its series: "6.1.104" is
 * 6.1.104 and every later 6.1 update, named by the first update carrying a
 * backport some table knows.
 */
extern const char *const release_names[];

/* How many releases release_names[] holds; the newest is release_count() - 1 (the default). */
int release_count(void);
/* The index of a release named exactly so, or -1. */
int release_find(const char *name);
/* "3.10 to 6.18, and the stable states 5.15.18, 6.1.104, ...", for an error naming the known releases. */
void release_list(char *buf, size_t len);
/* Is the release at idx a stable state ("6.1.104"), not a mainline release? */
int release_is_stable(int idx);
/* The mainline release whose series idx is in: itself for a mainline release. */
int release_series(int idx);
/* The newest mainline release the tables know ("6.18"). */
const char *release_newest_mainline(void);

/*
 * A release string as a user has it - `6.1.119`, `v6.1`, `6.17-rc3`,
 * `6.8.0-49-generic`, `7.0.1` - to the newest known state not after it: a
 * mainline release as itself, a stable update as its series' newest state
 * from an update not after it, a release candidate as the mainline release
 * before it, a release newer than every table as the newest state. 0 with
 * *idx and, unless the text names that state exactly, a note saying which
 * state it runs and why (note may be NULL); -1 with err (not a release
 * string, no such mainline release, older than every known one).
 */
int release_parse(const char *text, int *idx, char *note, size_t notelen, char *err, size_t errlen);
/* uname -r (or /proc/sys/kernel/osrelease): release_parse() without the note. */
int release_from_uname(const char *uname_r, int *idx, char *err, size_t errlen);

/*
 * One change of one constant: from release `from` on (until the next row),
 * the kernel computes it as `what` says, in `where`; value() gives the
 * constant that code computes on a machine (`history` prints it, the kernel
 * side reads it). A row from a stable state holds in that series only.
 */
struct release_row {
	const char *from;    /* a name in release_names[] */
	const char *commit;  /* the commit that made the change (12 hex digits), or NULL */
	const char *what;    /* what changed, one line, in batchlab's words */
	const char *where;   /* "function(), file" holding that release's code */
	const char *check;   /* the trees read for the row: the first with the change and the one before it */
	/* the constant on m as this row's code computes it (its unit is the history's); why may be NULL */
	struct value (*value)(const struct machine *m, const struct release_row *r, struct strbuf *why);
	uint64_t mode;       /* the patch's own reading of the row: the constant itself, a side, a count */
};

/*
 * A commit's subject line as git log prints it, from the subjects table of
 * the patch whose rows name it (struct patch_kernel), or NULL for one no
 * patch lists.
 */
const char *release_subject(const struct patch_set *ps, const char *commit);

/*
 * A constant through the releases. Before the first row the table does not
 * follow it: the kernel side of a metric reading it is n/a for
 * `before_first`, unless the patch models that older code another way.
 */
struct release_history {
	const char *constant;     /* "MEMCG_CHARGE_BATCH" */
	const char *unit;         /* what value() counts: "pages", "memcgs", ... */
	const struct release_row *rows; /* oldest first, terminated by a row with from == NULL */
	const char *before_first; /* why the constant is n/a before rows[0] */
	/*
	 * The patch's metric that is the constant itself, or NULL: its kernel
	 * side is what the row in effect gives, on every release
	 * (tests/unit/test_kernel_side.c holds the two together).
	 */
	const char *metric;
};

/* The row in effect on release rel (an index), or NULL before the first. */
const struct release_row *release_row_at(const struct release_history *h, int rel);
/*
 * Next to every kernel figure of an enterprise kernel (distro rhel or
 * suse): "computed as mainline 4.18 (a RHEL kernel), may differ" into buf;
 * "" for a mainline build. Returns buf.
 */
const char *release_caveat(const struct machine *m, char *buf, size_t len);
/*
 * The same for rows that walk key from m: over distro, what the enterprise
 * rows are; over kernel on an enterprise build, each row's release.
 */
const char *release_caveat_over(const struct machine *m, const char *key, char *buf, size_t len);

/* The machine's release: its `kernel` parameter, as an index. */
int machine_release(const struct machine *m);
/* The row in effect on m's release, or NULL. */
const struct release_row *release_row(const struct machine *m, const struct release_history *h);

#endif
