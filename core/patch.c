#include "patch.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "mm/distro.h"
#include "mm/release.h"
#include "suggest.h"
#include "variant.h"

int patch_builtin_count(void)
{
	return BUILTIN_PATCH_COUNT;
}

const struct patch_desc *patch_find(const struct patch_set *ps, const char *id)
{
	const struct patch_desc *const *patches = patch_set_list(ps);

	for (int i = 0; patches[i]; i++)
		if (!strcmp(patches[i]->id, id))
			return patches[i];
	return NULL;
}

void patch_ids(const struct patch_set *ps, char *buf, unsigned long len)
{
	const struct patch_desc *const *patches = patch_set_list(ps);
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; patches[i] && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? (patches[i + 1] ? ", " : " or ") : "", patches[i]->id);
}

const char *patch_suggest(const struct patch_set *ps, const char *id, char *buf, unsigned long len)
{
	const struct patch_desc *const *patches = patch_set_list(ps);
	struct suggest s;

	suggest_init(&s, id);
	for (int i = 0; patches[i]; i++)
		suggest_offer(&s, patches[i]->id);
	return suggest_text(&s, buf, len);
}

const struct metric_desc *patch_metric(const struct patch_desc *d, const char *name)
{
	for (const struct metric_desc *md = d->metrics; md->name; md++)
		if (!strcmp(md->name, name))
			return md;
	return NULL;
}

struct value metric_ratio(struct value before, struct value after)
{
	if (before.kind != VAL_REAL || after.kind != VAL_REAL || !(before.r > 0))
		return val_none("throughput cannot be evaluated");
	return val_real(after.r / before.r);
}

int patch_nsides(const struct patch_desc *d)
{
	int n = 0;

	while (d->sides[n])
		n++;
	return n;
}

int patch_side(const struct patch_desc *d, const char *name)
{
	for (int i = 0; d->sides[i]; i++)
		if (!strcmp(d->sides[i], name))
			return i;
	if (!strcmp(name, "before"))
		return d->before;
	if (!strcmp(name, "after"))
		return d->after;
	if (d->kernel_code && !strcmp(name, "kernel"))
		return SIDE_KERNEL;
	return -1;
}

/* A context patch (one side, no before/after) takes the kernel side even on its single-valued metrics. */
static int single_takes_kernel(const struct patch_desc *d, const char *side)
{
	return d->kernel_code && patch_nsides(d) == 1 && !strcmp(side, "kernel");
}

int metric_parse(const char *name, struct metric_ref *ref, char *err, unsigned long errlen)
{
	return metric_parse_m(NULL, name, ref, err, errlen);
}

int metric_parse_m(const struct machine *m, const char *name, struct metric_ref *ref, char *err, unsigned long errlen)
{
	char buf[128], *dot;
	const struct patch_desc *d;

	if (strlen(name) >= sizeof(buf))
		return err_set(err, errlen, "'%.40s...': metric name too long", name);
	strcpy(buf, name);
	dot = strchr(buf, '.');
	if (!dot)
		return err_set(err, errlen, "'%s': expected PATCH.METRIC[.SIDE], e.g. vmpressure.window.after", name);
	*dot++ = '\0';
	d = patch_find(m ? m->set : NULL, buf);
	if (!d) {
		char ids[160], mean[128];

		patch_ids(m ? m->set : NULL, ids, sizeof(ids));
		patch_suggest(m ? m->set : NULL, buf, mean, sizeof(mean));
		return err_set(err, errlen, "'%s': unknown patch '%s'%s (expected %s)", name, buf, mean, ids);
	}
	return metric_parse_in(m, d, name, name + (dot - buf), ref, err, errlen);
}

int metric_parse_in(const struct machine *m, const struct patch_desc *d, const char *name, const char *rest,
		    struct metric_ref *ref, char *err, unsigned long errlen)
{
	char buf[128], *dot, *dot2;

	if (strlen(rest) >= sizeof(buf))
		return err_set(err, errlen, "'%.40s...': metric name too long", name);
	strcpy(buf, rest);
	dot = buf;
	ref->patch = d;
	dot2 = strchr(dot, '.');
	if (dot2)
		*dot2++ = '\0';
	ref->metric = patch_metric(ref->patch, dot);
	if (!ref->metric) {
		struct suggest s;
		char mean[128];

		suggest_init(&s, dot);
		for (const struct metric_desc *md = ref->patch->metrics; md->name; md++)
			suggest_offer(&s, md->name);
		return err_set(err, errlen, "'%s': %s has no metric '%s'%s (see 'help %s')", name, ref->patch->id, dot,
			       suggest_text(&s, mean, sizeof(mean)), ref->patch->id);
	}
	ref->side = -1;
	if (dot2) {
		if (ref->metric->single && single_takes_kernel(ref->patch, dot2)) {
			ref->side = SIDE_KERNEL;
			return 0;
		}
		if (ref->metric->single)
			return err_set(err, errlen, "'%s': %s.%s is single-valued and takes no side", name,
				 ref->patch->id, ref->metric->name);
		ref->side = patch_side(ref->patch, dot2);
		if (ref->side < 0)
			ref->side = variant_find(m, ref->patch, dot2);
		if (ref->side < 0) {
			char cols[200], mean[128];
			size_t n = 0;
			int ncols = patch_ncols(m, ref->patch);
			struct suggest s;

			cols[0] = '\0';
			suggest_init(&s, dot2);
			for (int i = 0; i < ncols && n < sizeof(cols); i++) {
				n += (size_t)snprintf(cols + n, sizeof(cols) - n, "%s%s", i ? ", " : "",
						      patch_col_name(m, ref->patch, i));
				suggest_offer(&s, patch_col_name(m, ref->patch, i));
			}
			if (ref->patch->kernel_code && n < sizeof(cols)) { /* the release's side */
				n += (size_t)snprintf(cols + n, sizeof(cols) - n, ", kernel");
				suggest_offer(&s, "kernel");
			}
			return err_set(err, errlen, "'%s': unknown side '%s'%s (expected %s)", name, dot2,
				       suggest_text(&s, mean, sizeof(mean)), cols);
		}
	}
	return 0;
}

struct value metric_eval(const struct machine *m, const struct metric_ref *ref, int side)
{
	return metric_compute(m, ref->patch, ref->metric, side, NULL);
}

/*
 * The head of every explain of the kernel side: the release, and for each
 * constant of the patch the row in effect - from which release, the commit,
 * what changed, and the function and file that compute it there.
 */
static void kernel_head(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md,
			struct strbuf *why)
{
	const struct patch_kernel *k = d->kernel_code;
	const char *rel = release_names[machine_release(m)];
	char caveat[160];

	if (!why)
		return;
	sb_printf(why, "kernel %s: the code of that release (set kernel RELEASE; history %s lists the rows)\n", rel, d->id);
	if (*release_caveat(m, caveat, sizeof(caveat)))
		sb_printf(why, "  every figure of this kernel: %s - its backports are in no table of batchlab's%s\n", caveat,
			  m->distro == BUILD_RHEL8_3 ? " but the ones named below" : "");
	for (int i = 0; k->history[i]; i++) {
		const struct release_history *h = k->history[i];
		const struct release_row *r = release_row(m, h);

		if (!r) {
			sb_printf(why, "  %s: n/a on %s: %s\n", h->constant, rel, h->before_first);
			continue;
		}
		sb_printf(why, "  %s since %s%s%s%s: %s; %s\n", h->constant, r->from, r->commit ? " (" : "",
			  r->commit ? r->commit : "", r->commit ? ")" : "", r->what, r->where);
		if (r->check)
			sb_printf(why, "    checked: %s\n", r->check);
		if (m->distro && distro_backport_of(m->distro, h))
			sb_printf(why, "    on this %s build: %s's row, %s\n", distro_build_names[m->distro],
				  distro_backport_of(m->distro, h)->as, distro_backport_of(m->distro, h)->where);
	}
	if (k->warning && k->warning(m))
		sb_printf(why, "warning: %s\n", k->warning(m));
	if (md->kind == METRIC_MODELED)
		sb_printf(why, "model: its fitted constants are kept as they are for before/after; only the release's "
			       "constant goes in (the fit is not redone for that release)\n");
}

/*
 * The side a metric is handed for the kernel side on m: the side the
 * release's row names, when the patch's releases are its sides (k->runs),
 * else SIDE_KERNEL. A single-valued metric is always handed SIDE_KERNEL.
 */
static int kernel_side_on(const struct machine *m, const struct patch_kernel *k, const struct metric_desc *md)
{
	if (md->single || !k->runs)
		return SIDE_KERNEL;
	return (int)release_row(m, k->runs)->mode;
}

/* Why md is n/a on m's release, or NULL: before the first row of the history the sides run, or k->na's reason. */
static const char *kernel_na(const struct machine *m, const struct patch_kernel *k, const struct metric_desc *md,
			     struct strbuf *why)
{
	if (k->runs && !release_row(m, k->runs))
		return k->runs->before_first;
	return k->na ? k->na(m, md, why) : NULL;
}

static struct value kernel_compute(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md,
				   struct strbuf *why)
{
	const struct patch_kernel *k = d->kernel_code;
	const char *na;

	if (!k)
		return val_none("no kernel side");
	kernel_head(m, d, md, why);
	if ((na = kernel_na(m, k, md, why)))
		return val_none(na);
	if (k->pin) {
		struct machine pinned;

		pinned = *m;
		k->pin(&pinned);
		return md->fn(&pinned, md, kernel_side_on(&pinned, k, md), why);
	}
	return md->fn(m, md, kernel_side_on(m, k, md), why);
}

struct value metric_compute(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md,
			    int side, struct strbuf *why)
{
	if (side == SIDE_KERNEL)
		return kernel_compute(m, d, md, why);
	if (md->single)
		return md->fn(m, md, 0, why);
	if (side >= patch_nsides(d)) {
		uint64_t v;
		const char *na;

		if (!variant_at(m, d, side))
			return val_none("no such variant");
		/* a constant that cannot be evaluated here makes every metric of the side n/a, with its reason */
		if (!d->constant->per_call && variant_eval(m, d, side, NULL, &v, &na, NULL)) {
			variant_eval(m, d, side, NULL, &v, &na, why);
			return val_none(na);
		}
	}
	return md->fn(m, md, side, why);
}

int patch_kernel_walk(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md,
		      struct machine *pinned, const struct machine **use)
{
	const struct patch_kernel *k = d ? d->kernel_code : NULL;

	if (!k || kernel_na(m, k, md, NULL))
		return -1;
	*use = m;
	if (k->pin) {
		*pinned = *m;
		k->pin(pinned);
		*use = pinned;
	}
	return kernel_side_on(*use, k, md);
}

const struct patch_desc *metric_patch(const struct patch_set *ps, const struct metric_desc *md)
{
	const struct patch_desc *const *patches = patch_set_list(ps);

	for (int i = 0; patches[i]; i++)
		for (const struct metric_desc *x = patches[i]->metrics; x->name; x++)
			if (x == md)
				return patches[i];
	return NULL;
}

void patch_title(const struct machine *m, const struct patch_desc *d, char *buf, unsigned long len)
{
	if (d->title_now && m)
		d->title_now(m, buf, len);
	else
		snprintf(buf, len, "%s", d->title);
}

int patch_ncols(const struct machine *m, const struct patch_desc *d)
{
	int n = patch_nsides(d);

	while (variant_at(m, d, n))
		n++;
	return n;
}

const char *patch_col_name(const struct machine *m, const struct patch_desc *d, int side)
{
	const struct variant *v;

	if (side >= 0 && side < patch_nsides(d))
		return d->sides[side];
	if (side == SIDE_KERNEL)
		return "kernel";
	v = variant_at(m, d, side);
	return v ? v->name : "?";
}

double value_real(struct value v)
{
	switch (v.kind) {
	case VAL_INT:
		return (double)v.i;
	case VAL_REAL:
		return v.r;
	default: /* a list is no one number: charts and the change column leave it out */
		return NAN;
	}
}

const char *metric_kind_name(enum metric_kind k)
{
	static const char *const names[] = { [METRIC_EXACT] = "exact", [METRIC_WORKLOAD] = "workload",
					     [METRIC_MODELED] = "model" };

	return (unsigned)k < sizeof(names) / sizeof(names[0]) ? names[k] : "?";
}

const char *metric_better_name(enum metric_better b)
{
	static const char *const names[] = { [BETTER_NONE] = "none", [BETTER_LOWER] = "lower",
					     [BETTER_HIGHER] = "higher" };

	return (unsigned)b < sizeof(names) / sizeof(names[0]) ? names[b] : "?";
}

int metric_reads(const struct metric_desc *md, const char *key)
{
	size_t n = strlen(key);

	for (const char *p = md->reads ? md->reads : ""; *p;) {
		while (*p == ' ')
			p++;
		size_t w = strcspn(p, " ");
		if (w == n && !strncmp(p, key, n))
			return 1;
		p += w;
	}
	return 0;
}
