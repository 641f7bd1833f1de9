/*
 * `show zones`: every node and zone of the machine as /proc/zoneinfo prints
 * them - managed, min, low, high, promo, protection, pcp batch, high_min,
 * high_max and the vmstat threshold the machine's release computes - and,
 * with a patch, the zone figures that patch changes, before and after, zone
 * by zone. Tables for people, one row per zone in csv and json.
 */
#include "zonetable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/mm/zonelayout.h"
#include "../core/mm/release.h"
#include "../core/params.h"
#include "../core/patch.h"
#include "out/escape.h"
#include "out/records.h"

/* the per-zone metrics a patch may have, by the name its table uses */
static const char *const zone_metrics[] = { "min", "low", "high", "gap", "high_max", "threshold", "pcp_batch", NULL };

static void protection_text(const struct zone_layout *L, const struct zone_fig *f, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (uint32_t j = 0; j < L->ntypes && j < LAYOUT_TYPES_MAX && n < len; j++)
		n += (size_t)snprintf(buf + n, len - n, "%s%llu", j ? "," : "", (unsigned long long)f->protection[j]);
}

static void kernel_head(struct session *s, const struct zone_layout *L, int own, struct records *rec,
			struct strbuf *out)
{
	char caveat[REC_CAVEAT_MAX];

	static const char *const heads[] = { "node", "zone", "managed", "min", "low", "high", "promo", "boost",
					     "protection", "batch", "high_min", "high_max", "threshold", NULL };
	static const struct rec_unit units[] = { { "managed", "pages", "input", NULL }, { "min", "pages", "exact", NULL },
						 { "low", "pages", "exact", NULL }, { "high", "pages", "exact", NULL },
						 { "promo", "pages", "exact", NULL }, { "boost", "pages", "exact", NULL },
						 { "batch", "pages", "exact", NULL }, { "high_min", "pages", "exact", NULL },
						 { "high_max", "pages", "exact", NULL }, { "threshold", "pages", "exact", NULL } };

	if (s->format != FMT_TABLE) {
		rec_caveat_next(&s->doc, release_caveat(&s->m, caveat, sizeof(caveat)));
		rec_begin(rec, &s->doc, s->format, heads, units, 10, out);
		rec_head_field(rec, "layout", own ? "\"loaded\"" : "\"derived\"");
		return;
	}
	if (own)
		sb_printf(out, "zones: the layout host loaded or zones gave, %u node%s; figures for %s\n", L->nnodes,
			  L->nnodes == 1 ? "" : "s", release_names[s->m.kernel]);
	else
		sb_printf(out, "zones: estimated, laid out from ram and nodes as %s does; %u node%s\n"
			       "  figures for %s ('host' loads the real layout; docs/MODELS.md)\n", s->m.arch == ARCH_ARM64 ? "arm64" : "x86-64",
			  L->nnodes, L->nnodes == 1 ? "" : "s", release_names[s->m.kernel]);
	if (*release_caveat(&s->m, caveat, sizeof(caveat)))
		sb_printf(out, "  ? at the end of a row: its figures are %s\n", caveat);
}

/*
 * The text table's columns, in /proc/zoneinfo's order: each with the spaces
 * before it, its width, and left-aligned or not. ZT_PROTECTION's cell is a
 * list as long as the layout has zone types.
 */
/* a cell's room: the protection list's numbers, or an escaped zone name */
#define ZT_CELL (LAYOUT_TYPES_MAX * 22 > ZONE_NAME_MAX * 4 + 1 ? LAYOUT_TYPES_MAX * 22 : ZONE_NAME_MAX * 4 + 1)
enum { ZT_NODE, ZT_ZONE, ZT_MANAGED, ZT_MIN, ZT_LOW, ZT_HIGH, ZT_PROMO, ZT_BOOST, ZT_PROTECTION, ZT_BATCH, ZT_HIGH_MIN,
       ZT_HIGH_MAX, ZT_THRESH, ZT_COLS };
static const struct zone_col {
	const char *head;
	int gap, width, left;
} zone_cols[ZT_COLS] = {
	{ "node", 0, 4, 0 },	  { "zone", 1, 8, 1 },	   { "managed", 1, 12, 0 }, { "min", 1, 10, 0 },
	{ "low", 1, 10, 0 },	  { "high", 1, 10, 0 },	   { "promo", 1, 10, 0 },   { "boost", 1, 5, 0 },
	{ "protection", 2, 28, 1 }, { "batch", 1, 5, 0 },	   { "high_min", 1, 8, 0 }, { "high_max", 1, 8, 0 },
	{ "thresh", 1, 6, 0 },
};

/*
 * Narrower than the whole table, it is written in parts, a zone a row each:
 * these groups packed into as few parts as the width holds, each part after
 * the node and zone - the watermarks, the per-CPU lists and threshold, and
 * the protection list last, whose length varies - each column as wide as
 * its widest cell.
 */
static const int zone_groups[][7] = {
	{ ZT_MANAGED, ZT_MIN, ZT_LOW, ZT_HIGH, ZT_PROMO, ZT_BOOST, -1 },
	{ ZT_BATCH, ZT_HIGH_MIN, ZT_HIGH_MAX, ZT_THRESH, -1 },
	{ ZT_PROTECTION, -1 },
};
#define ZT_GROUPS (sizeof(zone_groups) / sizeof(zone_groups[0]))

typedef char zone_row_cells[ZT_COLS][ZT_CELL];

/* One line of a part: cell c of cells for each column c of part, w[c] wide, then mark (" ?" or ""); no trailing blank. */
static void zone_line(const int *part, const zone_row_cells cells, const int *w, const char *mark, struct strbuf *out)
{
	for (int k = 0; part[k] >= 0; k++) {
		const struct zone_col *c = &zone_cols[part[k]];
		int last = part[k + 1] < 0 && !*mark;

		sb_printf(out, "%*s", c->gap, "");
		if (c->left && last)
			sb_puts(out, cells[part[k]]);
		else
			sb_printf(out, c->left ? "%-*s" : "%*s", w[part[k]], cells[part[k]]);
	}
	sb_printf(out, "%s\n", mark);
}

/* Zone i's cells as its text row shows them (escaped name; "-" where the kernel prints nothing). */
static void zone_cells(struct session *s, const struct zone_layout *L, uint32_t i, zone_row_cells cells)
{
	const struct layout_zone *z = &L->zones[i];
	struct zone_fig f;
	const size_t n = ZT_CELL;

	layout_zone_fig(&s->m, L, i, &f);
	snprintf(cells[ZT_NODE], n, "%u", z->node);
	escape_buf(z->name, cells[ZT_ZONE], n);
	snprintf(cells[ZT_MANAGED], n, "%llu", (unsigned long long)z->managed);
	snprintf(cells[ZT_MIN], n, "%llu", (unsigned long long)f.min);
	snprintf(cells[ZT_LOW], n, "%llu", (unsigned long long)f.low);
	snprintf(cells[ZT_HIGH], n, "%llu", (unsigned long long)f.high);
	snprintf(cells[ZT_PROMO], n, f.has_promo ? "%llu" : "-", (unsigned long long)f.promo);
	snprintf(cells[ZT_BOOST], n, "%llu", (unsigned long long)f.boost);
	protection_text(L, &f, cells[ZT_PROTECTION], n);
	snprintf(cells[ZT_BATCH], n, f.populated ? "%llu" : "-", (unsigned long long)f.batch);
	snprintf(cells[ZT_HIGH_MIN], n, f.populated ? "%llu" : "-", (unsigned long long)f.high_min);
	snprintf(cells[ZT_HIGH_MAX], n, f.populated ? "%llu" : "-", (unsigned long long)f.high_max);
	snprintf(cells[ZT_THRESH], n, f.populated ? "%llu" : "-", (unsigned long long)f.threshold);
}

/* One part: its heads, then every zone's row. */
static void zone_part(const int *part, const zone_row_cells *rows, uint32_t n, const int *w, const char *mark,
		      struct strbuf *out)
{
	zone_row_cells heads;

	for (int c = 0; c < ZT_COLS; c++)
		snprintf(heads[c], sizeof(heads[c]), "%s", zone_cols[c].head);
	zone_line(part, (const char(*)[ZT_CELL])heads, w, "", out);
	for (uint32_t i = 0; i < n; i++)
		zone_line(part, rows[i], w, mark, out);
}

/* The first k columns of part as a part of their own, a blank line after the part before. */
static void zone_part_out(int *part, int k, int *nparts, const zone_row_cells *rows, uint32_t n, const int *w,
			  const char *mark, struct strbuf *out)
{
	part[k] = -1;
	if ((*nparts)++)
		sb_puts(out, "\n");
	zone_part(part, rows, n, w, mark, out);
}

/* The text table: whole where the session's width holds it (or none is set), else in parts that fit it. */
static void kernel_text(struct session *s, const struct zone_layout *L, struct strbuf *out)
{
	zone_row_cells *rows = calloc(L->nzones ? L->nzones : 1, sizeof(*rows));
	char caveat[REC_CAVEAT_MAX];
	const char *mark = *release_caveat(&s->m, caveat, sizeof(caveat)) ? " ?" : "";
	int width = session_width(s), whole = (int)strlen(mark), w[ZT_COLS], part[ZT_COLS + 1], k = 0, at = 0, nparts = 0;

	if (!rows) {
		sb_puts(out, "(out of memory)\n");
		return;
	}
	for (uint32_t i = 0; i < L->nzones; i++)
		zone_cells(s, L, i, rows[i]);
	for (int c = 0; c < ZT_COLS; c++) {
		w[c] = zone_cols[c].width;
		whole += zone_cols[c].gap + w[c];
		part[c] = c;
	}
	part[ZT_COLS] = -1;
	if (!width || whole <= width) {
		zone_part(part, (const zone_row_cells *)rows, L->nzones, w, mark, out);
		free(rows);
		return;
	}
	for (int c = 0; c < ZT_COLS; c++) { /* each column as wide as its widest cell, its head's included */
		w[c] = (int)strlen(zone_cols[c].head);
		for (uint32_t i = 0; i < L->nzones; i++)
			if ((int)strlen(rows[i][c]) > w[c])
				w[c] = (int)strlen(rows[i][c]);
	}
	for (size_t g = 0; g < ZT_GROUPS; g++) {
		int gw = 0;

		for (int j = 0; zone_groups[g][j] >= 0; j++)
			gw += zone_cols[zone_groups[g][j]].gap + w[zone_groups[g][j]];
		if (k && at + gw + (int)strlen(mark) > width) { /* the part so far, when this group would not fit beside it */
			zone_part_out(part, k, &nparts, (const zone_row_cells *)rows, L->nzones, w, mark, out);
			k = 0;
		}
		if (!k) {
			part[k++] = ZT_NODE;
			part[k++] = ZT_ZONE;
			at = w[ZT_NODE] + zone_cols[ZT_ZONE].gap + w[ZT_ZONE];
		}
		for (int j = 0; zone_groups[g][j] >= 0; j++)
			part[k++] = zone_groups[g][j];
		at += gw;
	}
	zone_part_out(part, k, &nparts, (const zone_row_cells *)rows, L->nzones, w, mark, out);
	free(rows);
}

/* Zone i as a csv or json row. */
static void kernel_record(struct session *s, const struct zone_layout *L, uint32_t i, struct records *rec)
{
	const struct layout_zone *z = &L->zones[i];
	struct zone_fig f;
	char prot[ZT_CELL], b[32];

	layout_zone_fig(&s->m, L, i, &f);
	protection_text(L, &f, prot, sizeof(prot));
	snprintf(b, sizeof(b), "%u", z->node);
	rec_num(rec, b);
	rec_str(rec, z->name);
	rec_value(rec, val_int(z->managed));
	rec_value(rec, val_int(f.min));
	rec_value(rec, val_int(f.low));
	rec_value(rec, val_int(f.high));
	rec_value(rec, f.has_promo ? val_int(f.promo) : val_none("no promo watermark before 5.18"));
	rec_value(rec, val_int(f.boost));
	rec_str(rec, prot);
	rec_value(rec, f.populated ? val_int(f.batch) : val_none("unpopulated"));
	rec_value(rec, f.populated ? val_int(f.high_min) : val_none("unpopulated"));
	rec_value(rec, f.populated ? val_int(f.high_max) : val_none("unpopulated"));
	rec_value(rec, f.populated ? val_int(f.threshold) : val_none("unpopulated"));
	rec_end_row(rec);
}

/* The patch's per-zone metrics, found by name: how many (at most 8). */
static int patch_metrics(const char *patch, struct metric_ref *refs, const char **names)
{
	int n = 0;
	char full[96], why[160];

	for (int i = 0; zone_metrics[i] && n < 8; i++) {
		snprintf(full, sizeof(full), "%s.%s", patch, zone_metrics[i]);
		if (!metric_parse(full, &refs[n], why, sizeof(why)))
			names[n++] = zone_metrics[i];
	}
	return n;
}

/* The machine on which zone i is the zone the models use: its pages, its node's CPUs. */
static struct machine zone_machine(const struct session *s, const struct zone_layout *L, uint32_t i)
{
	struct machine k = s->m;

	k.zone = L->zones[i].managed;
	k.node_cpus = L->zones[i].node < L->nnodes ? L->node_cpus[L->zones[i].node] : 0;
	return k;
}

/* Is zone i one a patch table has a row for: a populated lowmem zone? */
static int patch_zone(const struct zone_layout *L, uint32_t i)
{
	return L->zones[i].managed && L->zones[i].kind != ZK_MOVABLE && L->zones[i].kind != ZK_HIGHMEM;
}

/* A patch's zones as csv or json rows: each metric before and after. */
static void patch_records(struct session *s, const struct zone_layout *L, const struct metric_ref *refs, int n,
			  const char *const *heads, struct strbuf *out)
{
	struct records rec;
	char b[32];

	rec_begin(&rec, &s->doc, s->format, heads, NULL, 0, out);
	for (uint32_t i = 0; i < L->nzones; i++) {
		struct machine k;

		if (!patch_zone(L, i))
			continue;
		k = zone_machine(s, L, i);
		snprintf(b, sizeof(b), "%u", L->zones[i].node);
		rec_num(&rec, b);
		rec_str(&rec, L->zones[i].name);
		rec_value(&rec, val_int(L->zones[i].managed));
		for (int j = 0; j < n; j++)
			for (int side = 0; side < 2; side++)
				rec_value(&rec, metric_eval(&k, &refs[j], side));
		rec_end_row(&rec);
	}
	rec_end(&rec);
}

/*
 * A patch's zones as text: a metric's name over its before and after
 * columns; as many metrics a table as the session's width holds (all of
 * them with no width), the rest in tables under it.
 */
static void patch_text(struct session *s, const struct zone_layout *L, const struct metric_ref *refs, int n,
		       const char *const *names, struct strbuf *out)
{
	int width = session_width(s), per = width ? (width - 26) / 24 : n;
	char name[ZT_CELL];

	if (per < 1)
		per = 1;
	for (int j0 = 0; j0 < n; j0 += per) {
		int j1 = j0 + per < n ? j0 + per : n;

		sb_printf(out, "%s%26s", j0 ? "\n" : "", "");
		for (int j = j0; j < j1; j++)
			sb_printf(out, j + 1 < j1 ? " %-23s" : " %s", names[j]);
		sb_printf(out, "\n%4s %-8s %12s", "node", "zone", "managed");
		for (int j = j0; j < j1; j++)
			sb_printf(out, " %11s %11s", "before", "after");
		sb_puts(out, "\n");
		for (uint32_t i = 0; i < L->nzones; i++) {
			struct machine k;

			if (!patch_zone(L, i))
				continue;
			k = zone_machine(s, L, i);
			escape_buf(L->zones[i].name, name, sizeof(name));
			sb_printf(out, "%4u %-8s %12llu", L->zones[i].node, name, (unsigned long long)L->zones[i].managed);
			for (int j = j0; j < j1; j++)
				for (int side = 0; side < 2; side++) {
					struct value v = metric_eval(&k, &refs[j], side);

					if (v.kind == VAL_INT)
						sb_printf(out, " %11llu", (unsigned long long)v.i);
					else
						sb_printf(out, " %11s", "n/a");
				}
			sb_puts(out, "\n");
		}
	}
}

static int patch_table(struct session *s, const struct zone_layout *L, const char *patch, struct strbuf *out,
		       char *err, size_t errlen)
{
	struct metric_ref refs[8];
	const char *names[8];
	const char *heads[3 + 16 + 1] = { "node", "zone", "managed" };
	char hb[16][40];
	int n = patch_metrics(patch, refs, names);

	if (!n)
		return err_set(err, errlen, "show zones: '%.40s' has no per-zone figure (expected a patch with min, low, "
			       "high, gap, high_max, threshold or pcp_batch: watermark, pcp, vmstat)", patch);
	if (s->format == FMT_TABLE) {
		sb_printf(out, "zones: %s before and after, zone by zone (populated lowmem zones)\n", patch);
		patch_text(s, L, refs, n, names, out);
		return 0;
	}
	for (int j = 0; j < n; j++) {
		snprintf(hb[2 * j], sizeof(hb[0]), "%s_before", names[j]);
		snprintf(hb[2 * j + 1], sizeof(hb[0]), "%s_after", names[j]);
		heads[3 + 2 * j] = hb[2 * j];
		heads[4 + 2 * j] = hb[2 * j + 1];
	}
	heads[3 + 2 * n] = NULL;
	patch_records(s, L, refs, n, heads, out);
	return 0;
}

int zone_table(struct session *s, const char *patch, struct strbuf *out, char *err, size_t errlen)
{
	struct zone_layout *L = malloc(sizeof(*L));
	struct records rec;
	int rc = 0;

	if (!L)
		return err_set(err, errlen, "show zones: out of memory");
	layout_of(&s->m, L);
	if (patch) {
		rc = patch_table(s, L, patch, out, err, errlen);
		free(L);
		return rc;
	}
	kernel_head(s, L, machine_layout(&s->m) != NULL, &rec, out);
	if (s->format == FMT_TABLE) {
		kernel_text(s, L, out);
	} else {
		for (uint32_t i = 0; i < L->nzones; i++)
			kernel_record(s, L, i, &rec);
		rec_end(&rec);
	}
	free(L);
	return 0;
}
