/*
 * The tradeoff command: core/tradeoff.c makes the curve of a patch's benefit
 * against its cost; this prints it as a table, csv or json.
 */
#ifndef BL_LANG_TRADEOFF_H
#define BL_LANG_TRADEOFF_H

#include <stddef.h>

#include "../../core/strbuf.h"
#include "../../core/tradeoff.h"
#include "../out/chart.h"
#include "../session.h"

/* tradeoff PATCH [over KNOB FROM TO [step N | x N]]: the curve into t (freed by the caller). */
int tradeoff_parse_run(const struct machine *m, int argc, char **argv, struct tradeoff *t, char *err, size_t errlen);
/*
 * A trade-off as a chart (the explorer's view, the SVG): the curve (cost on
 * x, benefit on y, in ascending cost) as the lead curve, then before, after
 * and each variant as a labelled point with its knob value, in that order.
 */
struct tradeoff_chart {
	struct chart c;
	double *cx, *cy;                    /* the curve */
	size_t cn;
	double px[CHART_MAX_SERIES], py[CHART_MAX_SERIES];
	const struct tradeoff_point *point[CHART_MAX_SERIES]; /* series s's point (NULL for the curve) */
	char label[CHART_MAX_SERIES][200], plabel[CHART_MAX_SERIES][48];
	char title[160], tail[160], xname[96], xnote[96];
};
/* 0, or -1 when out of memory; free with tradeoff_chart_free. */
int tradeoff_chart_build(const struct machine *m, const struct tradeoff *t, struct tradeoff_chart *tc);
void tradeoff_chart_free(struct tradeoff_chart *tc);
/* A point's knob: its value on the curve, a variant's constant on this machine, or the old kernel's name. */
void tradeoff_knob_text(const struct machine *m, const struct tradeoff *t, const struct tradeoff_point *p, char *buf,
			size_t len);

int cmd_tradeoff(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
/* What tradeoff does, in full, its defaults from the trade-off table (core/tradeoff.c). */
void tradeoff_details(const struct patch_set *ps, struct strbuf *out);

#endif
