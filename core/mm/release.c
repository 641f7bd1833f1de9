/*
 * The releases batchlab's tables know, oldest first, and the look-ups every
 * patch file's history table shares: which row is in effect on a release,
 * and which known release a running kernel's uname -r stands for.
 */
#include "release.h"

#include <stdio.h>
#include <string.h>

#include "../err.h"
#include "../machine.h"

/*
 * Every release a row of some history starts at, the long-term releases a
 * user is likely to run, and the stable series whose backports changed a
 * constant (NAME.y, ordered after the release it updates).
 */
const char *const release_names[] = {
	"3.10", "3.11", "4.14", "4.16", "4.19", "5.0", "5.4", "5.8", "5.9", "5.10", "5.13", "5.15",
	"5.15.y", "5.16", "5.17", /* issue 37: memcg_flush's threshold rows */
	"5.19",
	"6.0", "6.1", "6.1.y",
	"6.2", /* issue 37: rss_stat's percpu_counter */
	"6.5", "6.6", "6.8", "6.9", "6.12", "6.15", "6.16", "6.17", NULL,
};

/*
 * The first stable update of a NAME.y series holding its backport, where
 * known: uname -r maps to the series only from there. 0: not known, so
 * only `set kernel NAME.y` picks it.
 */
static const struct {
	const char *series;
	unsigned int first_sublevel;
} stable_from[] = {
	{ "6.1.y", 119 }, /* CONFIG_PCP_BATCH_SCALE_MAX: the first update read that has it; earlier ones may too */
	{ "5.15.y", 18 }, /* issue 37: the memcg stats flush threshold, by backport (issue 33) */
};

int release_count(void)
{
	int n = 0;

	while (release_names[n])
		n++;
	return n;
}

int release_find(const char *name)
{
	for (int i = 0; release_names[i]; i++)
		if (!strcmp(release_names[i], name))
			return i;
	return -1;
}

void release_list(char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; release_names[i] && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? (release_names[i + 1] ? ", " : " or ") : "",
				      release_names[i]);
}

/* Leading decimal digits as a number: 0 with *end past them, -1 if none or too many. */
static int digits(const char *s, unsigned int *v, const char **end)
{
	unsigned long long x = 0;
	int n = 0;

	while (s[n] >= '0' && s[n] <= '9') {
		x = x * 10 + (unsigned)(s[n] - '0');
		if (++n > 6)
			return -1;
	}
	if (!n)
		return -1;
	*v = (unsigned int)x;
	*end = s + n;
	return 0;
}

/* "6.1" or "6.1.y" as (major, minor); *stable set for a .y series. */
static void release_version(const char *name, unsigned int *maj, unsigned int *min, int *stable)
{
	const char *p;

	*maj = *min = 0;
	if (!digits(name, maj, &p) && *p == '.')
		(void)digits(p + 1, min, &p);
	*stable = strstr(name, ".y") != NULL;
}

static unsigned int stable_first(const char *series)
{
	for (size_t i = 0; i < sizeof(stable_from) / sizeof(stable_from[0]); i++)
		if (!strcmp(stable_from[i].series, series))
			return stable_from[i].first_sublevel;
	return 0;
}

int release_from_uname(const char *uname_r, int *idx, char *err, size_t errlen)
{
	unsigned int maj, min, sub = 0;
	const char *p;
	int best = -1;

	if (digits(uname_r, &maj, &p) || *p != '.' || digits(p + 1, &min, &p))
		return err_set(err, errlen, "'%.60s': not a kernel release (expected MAJOR.MINOR..., as uname -r prints)",
			       uname_r);
	if (*p == '.' && digits(p + 1, &sub, &p))
		sub = 0;
	for (int i = 0; release_names[i]; i++) {
		unsigned int rmaj, rmin, first;
		int stable;

		release_version(release_names[i], &rmaj, &rmin, &stable);
		if (rmaj > maj || (rmaj == maj && rmin > min))
			break;
		if (stable) {
			/* a backport is in the series only, from its first update on */
			first = stable_first(release_names[i]);
			if (rmaj != maj || rmin != min || !first || sub < first)
				continue;
		}
		best = i;
	}
	if (best < 0) {
		char known[200];

		release_list(known, sizeof(known));
		return err_set(err, errlen, "'%.60s': older than every release batchlab knows (%s)", uname_r, known);
	}
	*idx = best;
	return 0;
}

const struct release_row *release_row_at(const struct release_history *h, int rel)
{
	const struct release_row *in = NULL;

	for (const struct release_row *r = h->rows; r->from; r++) {
		int from = release_find(r->from);

		if (from < 0 || from > rel)
			break;
		/* a stable backport holds in its series only: mainline after it runs the row before */
		if (strstr(r->from, ".y") && from != rel)
			continue;
		in = r;
	}
	return in;
}

int machine_release(const struct machine *m)
{
	return (int)m->kernel;
}

const struct release_row *release_row(const struct machine *m, const struct release_history *h)
{
	return release_row_at(h, machine_release(m));
}
