/*
 * The trade-off view: each patch's benefit against its cost as the patch's
 * own constant (the knob) varies - where on the curve the kernel was before
 * the patch, where it landed, and what the next doubling would buy.
 *
 * The result is a generic point list (label, x = cost, y = benefit) so that
 * other points (a user's variants) can join the chart as labelled points.
 * Pure: no printing, no I/O; memory only for the point list.
 */
#ifndef BL_TRADEOFF_H
#define BL_TRADEOFF_H

#include <stddef.h>
#include <stdint.h>

#include "machine.h"
#include "patch.h"
#include "params.h"
#include "sweep.h"

#define TRADEOFF_MAX_POINTS 4096u

/* What a patch trades, and over which of its own parameters: one row per patch. */
struct tradeoff_spec {
	const char *patch;           /* patch id */
	const char *knob;            /* the parameter that is the patch's constant on the after side */
	const char *from, *to, *how, *step; /* the default range, typed as `sweep` takes it */
	const char *benefit, *cost;  /* metric names in the patch, read on the after side (or single) */
	/*
	 * The kernel before the patch as a knob value (MEMCG_CHARGE_BATCH 32, lift
	 * 1, window 512), or 0 when the old kernel is not a value of the knob
	 * (reclaim's cluster asks are no divisor): then before_label names the
	 * before side, whose point joins the list off the curve.
	 */
	uint64_t before_knob;
	const char *before_label;
	const char *why;             /* one line: what the benefit and the cost are */
	/* 1: a variant replaces the knob itself (charge_batch is MEMCG_CHARGE_BATCH): its value is a knob value */
	int variant_is_knob;
	/*
	 * A patch file's constant as the knob (core/mmpatch.h): the knob is no
	 * machine parameter but the constant itself, set per point; before and
	 * after are its two sides' values on the machine. NULL: knob names a
	 * parameter. from NULL: the range follows the sides (tradeoff_default_range).
	 */
	const struct param *constant;
};

extern const struct tradeoff_spec tradeoff_specs[]; /* terminated by patch == NULL */

const struct tradeoff_spec *tradeoff_spec_find(const struct patch_set *ps, const char *patch);

enum tradeoff_mark {
	TRADE_NONE,
	TRADE_BEFORE, /* the kernel before the patch */
	TRADE_AFTER,  /* the kernel with the patch (on this machine: the knob's current value) */
};

/* One point: a knob value on the curve, or a labelled point off it. */
struct tradeoff_point {
	char label[32];      /* "" on the curve; "before", "after", a variant's name... */
	int on_curve;        /* knob holds a value of the knob */
	uint64_t knob;       /* whole-number knobs */
	double rknob;        /* real knobs */
	enum tradeoff_mark mark;
	int side;            /* the patch's side it was computed on: after on the curve, a variant's own */
	struct value benefit, cost;
	double x, y;         /* cost and benefit as reals, for charts (NAN when n/a) */
	const char *flag;    /* the kernel's mark on the point's constant (variant_mark()), or NULL */
};

struct tradeoff {
	const struct tradeoff_spec *spec;
	const struct patch_desc *patch;
	const struct param *knob;
	struct metric_ref benefit, cost;
	int own_knob;        /* the knob is the patch's own: before and after are marked on the curve */
	struct tradeoff_point *pts;
	size_t n;
};

/*
 * The curve over r (or the patch's default range when r is NULL), with the
 * before and after points marked or added. 0, or -1 with err (m unchanged).
 */
int tradeoff_run(const struct machine *m, const struct tradeoff_spec *spec, const struct sweep_range *r,
		 struct tradeoff *t, char *err, size_t errlen);
/*
 * KNOB FROM TO [x N | step N] as the user typed it (how, n may be NULL): a
 * parameter's range as a sweep reads it, or the patch file's constant's.
 * At most TRADEOFF_MAX_POINTS - 2 values. 0, or -1 with err.
 */
int tradeoff_range_parse(const struct machine *m, const struct tradeoff_spec *spec, const char *key, const char *from,
			 const char *to, const char *how, const char *n, struct sweep_range *r, char *err, size_t errlen);
/* The default range of a spec, parsed against m. */
int tradeoff_default_range(const struct machine *m, const struct tradeoff_spec *spec, struct sweep_range *r,
			   char *err, size_t errlen);
void tradeoff_free(struct tradeoff *t);

#endif
