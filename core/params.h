/*
 * The parameter table: one row per settable key, carrying its type, range,
 * unit, default and help. `set`, `get`, `reset`, presets, tab completion, the
 * explorer's machine panel and the man page all read these rows.
 */
#ifndef BL_PARAMS_H
#define BL_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "machine.h"

enum param_type {
	PT_COUNT,  /* whole number */
	PT_SIZE,   /* bytes, typed with binary units */
	PT_PAGES,  /* pages, typed as a size, NNNp, or auto */
	PT_CHOICE, /* one of choices[], by name or index */
	PT_REAL,   /* a real (cost constants), stored as double */
	PT_LAYOUT, /* the nodes and zones (core/mm/zonelayout.h), as text; stored as the machine's layout pointer */
};

#define PF_AUTO 0x1 /* "auto" is accepted and stored as 0 */
#define PF_POW2 0x2 /* must be a power of two */
#define PF_NAMES 0x4 /* CHOICE: by name only - a release such as 6 is no index */
#define PF_ZERO 0x8  /* with PF_AUTO: 0 is a value of its own, and auto is stored as MACHINE_AUTO */
#define PF_CHECKED 0x10 /* machine_check() weighs it against other keys: a sweep over it checks its rows */
#define PF_NAMED 0x20   /* PAGES: also a zone's name ("1.Normal"), stored with ZONE_NAMED and read through auto_value */

struct param {
	const char *name;
	enum param_type type;
	size_t offset;                 /* into struct machine */
	uint64_t min, max;             /* COUNT, SIZE (bytes), PAGES (pages) */
	double rmin, rmax;             /* REAL */
	const char *const *choices;    /* CHOICE: NULL-terminated, index = value */
	const uint64_t *allowed;       /* if set, the only values accepted (0-terminated) */
	unsigned int flags;
	const char *unit;
	const char *def;               /* the default, as a user would type it */
	const char *group;             /* "machine", "workload", or a patch id */
	const char *help;
	uint64_t (*auto_value)(const struct machine *m); /* what "auto" (0, or MACHINE_AUTO with PF_ZERO) stands for */
	/* CHOICE: reads every spelling of a choice (a release string: 6.1.119, v6.1), not only its names */
	int (*resolve)(const char *value, int *idx, char *note, size_t notelen, char *err, size_t errlen);
};

extern const struct param params[];
extern const size_t nparams;

const struct param *param_find(const char *name);
/* ": did you mean 'cpus'?" for a mistyped key, from this table; "" when none is near. Returns buf. */
const char *param_suggest(const char *name, char *buf, size_t len);
/* The longest key, for lining up tables of parameters. */
size_t param_name_width(void);

/* Parse and range-check value; on success store it, else leave m alone and explain in err. */
int param_set(struct machine *m, const struct param *p, const char *value, char *err, size_t errlen);
/* A whole-number parameter's effective value ("auto" resolved). */
uint64_t param_u64(const struct machine *m, const struct param *p);
/* A PT_REAL parameter's value. */
double param_real(const struct machine *m, const struct param *p);
/*
 * Store a number already parsed (a sweep's rows), range-checked exactly as
 * param_set would check it typed: 0 or -1 with err, m unchanged on error.
 * param_set_u64 serves PT_COUNT/SIZE/PAGES, param_set_real PT_REAL.
 */
int param_set_u64(struct machine *m, const struct param *p, uint64_t v, char *err, size_t errlen);
int param_set_real(struct machine *m, const struct param *p, double v, char *err, size_t errlen);
/*
 * Store a value already known to pass those checks - a sweep's row between
 * ends param_set accepted, on a key whose rows sweep_range_parse checked -
 * without checking it again: millions of rows pay for no re-check.
 */
static inline void param_store_u64(struct machine *m, const struct param *p, uint64_t v)
{
	*(uint64_t *)(void *)((char *)m + p->offset) = v;
}

static inline void param_store_real(struct machine *m, const struct param *p, double v)
{
	*(double *)(void *)((char *)m + p->offset) = v;
}
/* The bare value `get` prints: bytes, pages, a choice name, a real. */
void param_format(const struct machine *m, const struct param *p, char *buf, size_t len);
/* The value as typed, so it reads back the same: "auto", "1032192p", "4294967296", "guess". */
void param_format_input(const struct machine *m, const struct param *p, char *buf, size_t len);
/* The value for people: "4 GiB", "auto (1032192 pages)", "guess". */
void param_format_human(const struct machine *m, const struct param *p, char *buf, size_t len);
/* "1..65536", "1 MiB..1 EiB", "guess|always|never". */
/* A range as help prints it; a choice lists every name (the releases: some hundreds of bytes). */
#define PARAM_RANGE_MAX 1024
void param_format_range(const struct param *p, char *buf, size_t len);

void param_reset(struct machine *m, const struct param *p);
/* The built-in default machine, every byte of it set (machines compare with memcmp in the tests). */
void machine_defaults(struct machine *m);
/* Every parameter to its default; the set, and with it the variants, is left as it is (`reset` keeps them). */
void machine_param_defaults(struct machine *m);
/* 0, or -1 with err: totalram beyond ram, zone beyond totalram, nodes beyond totalram (an auto zone of 0), sockets beyond cpus. */
int machine_check(const struct machine *m, char *err, size_t errlen);

#endif
