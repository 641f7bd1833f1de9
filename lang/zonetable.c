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
	char caveat[160];

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
		sb_printf(out, "zones: the layout host loaded or zones gave, %u node%s; figures for %s\n", L->nnodes, L->nnodes == 1 ? "" : "s",
			  release_names[s->m.kernel]);
	else
		sb_printf(out, "zones: estimated - laid out from ram and nodes as %s does (docs/MODELS.md), %u node%s;\n"
			       "  figures for %s ('host' loads the real layout)\n", s->m.arch == ARCH_ARM64 ? "arm64" : "x86-64",
			  L->nnodes, L->nnodes == 1 ? "" : "s", release_names[s->m.kernel]);
	if (*release_caveat(&s->m, caveat, sizeof(caveat)))
		sb_printf(out, "  ? at the end of a row: its figures are %s\n", caveat);
	sb_printf(out, "%4s %-8s %12s %10s %10s %10s %10s %5s  %-28s %5s %8s %8s %6s\n", "node", "zone", "managed", "min",
		  "low", "high", "promo", "boost", "protection", "batch", "high_min", "high_max", "thresh");
}

static void kernel_row(struct session *s, const struct zone_layout *L, uint32_t i, struct records *rec,
		       struct strbuf *out)
{
	const struct layout_zone *z = &L->zones[i];
	struct zone_fig f;
	char prot[LAYOUT_TYPES_MAX * 22], name[ZONE_NAME_MAX * 4 + 1], b[160];

	layout_zone_fig(&s->m, L, i, &f);
	protection_text(L, &f, prot, sizeof(prot));
	if (s->format != FMT_TABLE) {
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
		return;
	}
	escape_buf(z->name, name, sizeof(name));
	sb_printf(out, "%4u %-8s %12llu %10llu %10llu %10llu ", z->node, name, (unsigned long long)z->managed,
		  (unsigned long long)f.min, (unsigned long long)f.low, (unsigned long long)f.high);
	if (f.has_promo)
		sb_printf(out, "%10llu ", (unsigned long long)f.promo);
	else
		sb_printf(out, "%10s ", "-");
	sb_printf(out, "%5llu  %-28s ", (unsigned long long)f.boost, prot);
	if (f.populated)
		sb_printf(out, "%5llu %8llu %8llu %6llu", (unsigned long long)f.batch, (unsigned long long)f.high_min,
			  (unsigned long long)f.high_max, (unsigned long long)f.threshold);
	else
		sb_printf(out, "%5s %8s %8s %6s", "-", "-", "-", "-");
	sb_puts(out, *release_caveat(&s->m, b, sizeof(b)) ? " ?\n" : "\n");
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

/* One zone of a patch table: each metric before and after, on a machine whose zone is this one. */
static void patch_row(struct session *s, const struct zone_layout *L, uint32_t i, const struct metric_ref *refs,
		      int n, struct records *rec, struct strbuf *out)
{
	const struct layout_zone *z = &L->zones[i];
	struct machine k;
	char name[ZONE_NAME_MAX * 4 + 1], b[32];

	k = s->m;
	k.zone = z->managed;
	k.node_cpus = z->node < L->nnodes ? L->node_cpus[z->node] : 0;
	if (s->format != FMT_TABLE) {
		snprintf(b, sizeof(b), "%u", z->node);
		rec_num(rec, b);
		rec_str(rec, z->name);
		rec_value(rec, val_int(z->managed));
	} else {
		escape_buf(z->name, name, sizeof(name));
		sb_printf(out, "%4u %-8s %12llu", z->node, name, (unsigned long long)z->managed);
	}
	for (int j = 0; j < n; j++)
		for (int side = 0; side < 2; side++) {
			struct value v = metric_eval(&k, &refs[j], side);

			if (s->format != FMT_TABLE)
				rec_value(rec, v);
			else if (v.kind == VAL_INT)
				sb_printf(out, " %11llu", (unsigned long long)v.i);
			else
				sb_printf(out, " %11s", "n/a");
		}
	if (s->format != FMT_TABLE)
		rec_end_row(rec);
	else
		sb_puts(out, "\n");
}

static int patch_table(struct session *s, const struct zone_layout *L, const char *patch, struct strbuf *out,
		       char *err, size_t errlen)
{
	struct metric_ref refs[8];
	const char *names[8];
	const char *heads[3 + 16 + 1] = { "node", "zone", "managed" };
	char hb[16][40];
	int n = patch_metrics(patch, refs, names);
	struct records rec;

	if (!n)
		return err_set(err, errlen, "show zones: '%.40s' has no per-zone figure (expected a patch with min, low, "
			       "high, gap, high_max, threshold or pcp_batch: watermark, pcp, vmstat)", patch);
	for (int j = 0; j < n; j++) {
		snprintf(hb[2 * j], sizeof(hb[0]), "%s_before", names[j]);
		snprintf(hb[2 * j + 1], sizeof(hb[0]), "%s_after", names[j]);
		heads[3 + 2 * j] = hb[2 * j];
		heads[4 + 2 * j] = hb[2 * j + 1];
	}
	heads[3 + 2 * n] = NULL;
	if (s->format != FMT_TABLE) {
		rec_begin(&rec, &s->doc, s->format, heads, NULL, 0, out);
	} else {
		sb_printf(out, "zones: %s before and after, zone by zone (populated lowmem zones)\n", patch);
		sb_printf(out, "%4s %-8s %12s", "node", "zone", "managed");
		for (int j = 0; j < 2 * n; j++)
			sb_printf(out, " %11.11s", hb[j]);
		sb_puts(out, "\n");
	}
	for (uint32_t i = 0; i < L->nzones; i++)
		if (L->zones[i].managed && L->zones[i].kind != ZK_MOVABLE && L->zones[i].kind != ZK_HIGHMEM)
			patch_row(s, L, i, refs, n, &rec, out);
	if (s->format != FMT_TABLE)
		rec_end(&rec);
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
	for (uint32_t i = 0; i < L->nzones; i++)
		kernel_row(s, L, i, &rec, out);
	if (s->format != FMT_TABLE)
		rec_end(&rec);
	free(L);
	return 0;
}
