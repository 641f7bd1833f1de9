#include "model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

extern const struct model_desc memcg_charge_model;
extern const struct model_desc proactive_reclaim_model;
extern const struct model_desc committed_as_model;
extern const struct model_desc vmpressure_model;
extern const struct model_desc vmstat_model;

const struct model_desc *const models[] = {
	&memcg_charge_model,
	&proactive_reclaim_model,
	&committed_as_model,
	&vmpressure_model,
	&vmstat_model,
	NULL,
};

const struct model_desc *model_find(const char *id)
{
	for (int i = 0; models[i]; i++)
		if (!strcmp(models[i]->id, id))
			return models[i];
	return NULL;
}

void model_ids(char *buf, unsigned long len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; models[i] && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? (models[i + 1] ? ", " : " or ") : "", models[i]->id);
}

const struct metric_desc *model_metric(const struct model_desc *d, const char *name)
{
	for (const struct metric_desc *md = d->metrics; md->name; md++)
		if (!strcmp(md->name, name))
			return md;
	return NULL;
}

int model_nsides(const struct model_desc *d)
{
	int n = 0;

	while (d->sides[n])
		n++;
	return n;
}

int model_side(const struct model_desc *d, const char *name)
{
	for (int i = 0; d->sides[i]; i++)
		if (!strcmp(d->sides[i], name))
			return i;
	if (!strcmp(name, "before"))
		return d->before;
	if (!strcmp(name, "after"))
		return d->after;
	return -1;
}

int metric_parse(const char *name, struct metric_ref *ref, char *err, unsigned long errlen)
{
	char buf[128], *dot, *dot2;

	if (strlen(name) >= sizeof(buf)) {
		snprintf(err, errlen, "'%.40s...': metric name too long", name);
		return -1;
	}
	strcpy(buf, name);
	dot = strchr(buf, '.');
	if (!dot) {
		snprintf(err, errlen, "'%s': expected PATCH.METRIC[.SIDE], e.g. vmpressure.window.after", name);
		return -1;
	}
	*dot++ = '\0';
	ref->model = model_find(buf);
	if (!ref->model) {
		char ids[160];

		model_ids(ids, sizeof(ids));
		snprintf(err, errlen, "'%s': unknown patch '%s' (expected %s)", name, buf, ids);
		return -1;
	}
	dot2 = strchr(dot, '.');
	if (dot2)
		*dot2++ = '\0';
	ref->metric = model_metric(ref->model, dot);
	if (!ref->metric) {
		snprintf(err, errlen, "'%s': %s has no metric '%s' (see 'help %s')", name, ref->model->id, dot,
			 ref->model->id);
		return -1;
	}
	ref->side = -1;
	if (dot2) {
		if (ref->metric->single) {
			snprintf(err, errlen, "'%s': %s.%s is single-valued and takes no side", name,
				 ref->model->id, ref->metric->name);
			return -1;
		}
		ref->side = model_side(ref->model, dot2);
		if (ref->side < 0) {
			snprintf(err, errlen, "'%s': unknown side '%s' (expected %s%s%s%s%s)", name, dot2,
				 ref->model->sides[0], ref->model->sides[1] ? ", " : "",
				 ref->model->sides[1] ? ref->model->sides[1] : "", ref->model->sides[2] ? ", " : "",
				 ref->model->sides[2] ? ref->model->sides[2] : "");
			return -1;
		}
	}
	return 0;
}

struct value metric_eval(const struct machine *m, const struct metric_ref *ref, int side)
{
	return ref->metric->fn(m, ref->metric->single ? 0 : side, NULL);
}

double value_real(struct value v)
{
	switch (v.kind) {
	case VAL_INT:
		return (double)v.i;
	case VAL_REAL:
		return v.r;
	default:
		return NAN;
	}
}
