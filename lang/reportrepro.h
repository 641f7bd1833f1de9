/*
 * report's reproduce lines (reportrepro.c): the batchlab commands that give
 * every number of the report again, quoted for a shell.
 */
#ifndef BL_REPORTREPRO_H
#define BL_REPORTREPRO_H

#include "../core/patch.h"
#include "../core/strbuf.h"
#include "compare.h"
#include "reportchart.h"

/*
 * Per machine: its preset, `show PATCH` (every metric, labelled as the
 * tables are) and `get --named` of the assumptions; then the chart's plot
 * (rc NULL: none), each line no wider than width.
 */
void report_reproduce(const struct compare_set *set, const struct patch_desc *d, const struct report_chart *rc,
		      int width, struct strbuf *out);

#endif
