/*
 * The releases batchlab's tables know, oldest first, and the look-ups every
 * patch file's history table shares: which row is in effect on a release,
 * and which known release a release string - typed to `set kernel` or read
 * by `host` from /proc/sys/kernel/osrelease - stands for.
 */
#include "release.h"

#include "distro.h"

#include <stdio.h>
#include <string.h>

#include "../err.h"
#include "../machine.h"
#include "../rowmemo.h"

/*
 * Every mainline release from 3.10 to 6.18, and after X.Y the stable states
 * of its series, each named by the first update with a backport a table
 * knows (found in the stable review announcements' shortlogs, README
 * "Kernel releases"): 5.15.18 the memcg stats-flush threshold of 5.16/5.17;
 * 6.1.104 and 6.6.45 CONFIG_PCP_BATCH_SCALE_MAX and the pcp drain cap of
 * 6.7/6.10; 6.6.117 the per-memcg flush threshold of 6.8; 6.18.8 the
 * CONFIG_NUMA=n proactive-reclaim fix. Each once: M(X, Y) a mainline
 * release, S(X, Y, Z) a stable state of X.Y; the names and the keys below
 * are both made from this list.
 */
#define RELEASE_LIST(M, S) \
	M(3, 10) M(3, 11) M(3, 12) M(3, 13) M(3, 14) M(3, 15) M(3, 16) M(3, 17) M(3, 18) M(3, 19) M(4, 0) \
	M(4, 1) M(4, 2) M(4, 3) M(4, 4) M(4, 5) M(4, 6) M(4, 7) M(4, 8) M(4, 9) M(4, 10) M(4, 11) M(4, 12) \
	M(4, 13) M(4, 14) M(4, 15) M(4, 16) M(4, 17) M(4, 18) M(4, 19) M(4, 20) M(5, 0) M(5, 1) M(5, 2) \
	M(5, 3) M(5, 4) M(5, 5) M(5, 6) M(5, 7) M(5, 8) M(5, 9) M(5, 10) M(5, 11) M(5, 12) M(5, 13) \
	M(5, 14) M(5, 15) S(5, 15, 18) M(5, 16) M(5, 17) M(5, 18) M(5, 19) M(6, 0) M(6, 1) S(6, 1, 104) \
	M(6, 2) M(6, 3) M(6, 4) M(6, 5) M(6, 6) S(6, 6, 45) S(6, 6, 117) M(6, 7) M(6, 8) M(6, 9) M(6, 10) \
	M(6, 11) M(6, 12) M(6, 13) M(6, 14) M(6, 15) M(6, 16) M(6, 17) M(6, 18) S(6, 18, 8)

#define NAME_M(x, y) #x "." #y,
#define NAME_S(x, y, z) #x "." #y "." #z,
const char *const release_names[] = { RELEASE_LIST(NAME_M, NAME_S) NULL };

/*
 * The same releases as keys in release order - major, minor and stable
 * update in fields of their own - so that every history row's look-up on
 * each evaluation of a kernel side is a binary search over numbers, and a
 * stable state and its series are read off the key, no name parsed.
 */
#define REL_BITS 20 /* each field's width: 0xfffff at most */
#define REL_MASK ((1ul << REL_BITS) - 1)
#define REL_KEY(x, y, z) ((unsigned long)(x) << 2 * REL_BITS | (unsigned long)(y) << REL_BITS | (unsigned long)(z))
#define KEY_M(x, y) REL_KEY(x, y, 0),
#define KEY_S(x, y, z) REL_KEY(x, y, z),
static const unsigned long release_keys[] = { RELEASE_LIST(KEY_M, KEY_S) };
#define NRELEASES ((int)(sizeof(release_keys) / sizeof(release_keys[0])))

int release_count(void)
{
	return NRELEASES;
}

/*
 * A release name's place in the order of release_names[] (X.Y, then its X.Y.Z
 * states): major, minor and stable update in fields of their own; 0 when it
 * is not a name of that shape as the list spells one - no leading zero, no
 * X.Y.0, no bare X - so that a key stands for one spelling only.
 */
static unsigned long release_key(const char *s)
{
	unsigned long part[3] = { 0, 0, 0 };
	int n = 0;

	for (; n < 3; n++) {
		if (*s < '0' || *s > '9' || (*s == '0' && s[1] >= '0' && s[1] <= '9'))
			return 0;
		while (*s >= '0' && *s <= '9') {
			part[n] = part[n] * 10 + (unsigned long)(*s++ - '0');
			if (part[n] > REL_MASK)
				return 0;
		}
		if (*s != '.')
			break;
		s++;
	}
	return *s || n == 0 || n == 3 || (n == 2 && !part[2]) ? 0 : REL_KEY(part[0], part[1], part[2]);
}

/* A binary search over the names' keys (release_names[] is in release order): one key, one spelling. */
int release_find(const char *name)
{
	unsigned long key = release_key(name);
	int lo = 0, hi = NRELEASES - 1;

	while (key && lo <= hi) {
		int mid = lo + (hi - lo) / 2;
		unsigned long k = release_keys[mid];

		if (k == key)
			return mid;
		if (k < key)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
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

/* A name of release_names[] as (major, minor, sublevel), read off its key; sublevel 0 for a mainline release. */
static void version_of(int idx, unsigned int *maj, unsigned int *min, unsigned int *sub)
{
	*maj = (unsigned int)(release_keys[idx] >> 2 * REL_BITS);
	*min = (unsigned int)(release_keys[idx] >> REL_BITS & REL_MASK);
	*sub = (unsigned int)(release_keys[idx] & REL_MASK);
}

int release_is_stable(int idx)
{
	return idx >= 0 && idx < NRELEASES && (release_keys[idx] & REL_MASK) != 0;
}

int release_series(int idx)
{
	while (idx > 0 && release_is_stable(idx))
		idx--;
	return idx;
}

const char *release_newest_mainline(void)
{
	return release_names[release_series(release_count() - 1)];
}

void release_list(char *buf, size_t len)
{
	size_t n = (size_t)snprintf(buf, len, "%s to %s, and the stable states", release_names[0],
				    release_newest_mainline());

	for (int i = 0, any = 0; release_names[i] && n < len; i++)
		if (release_is_stable(i))
			n += (size_t)snprintf(buf + n, len - n, "%s %s", any++ ? "," : "", release_names[i]);
}

/* The mainline release maj.min's index, or -1. */
static int mainline_find(unsigned int maj, unsigned int min)
{
	for (int i = 0; release_names[i]; i++) {
		unsigned int a, b, c;

		version_of(i, &a, &b, &c);
		if (!c && a == maj && b == min)
			return i;
	}
	return -1;
}

/* maj.min against the release at idx: <0 before, 0 the same series, >0 after. */
static int cmp_series(unsigned int maj, unsigned int min, int idx)
{
	unsigned int a, b, c;

	version_of(idx, &a, &b, &c);
	if (maj != a)
		return maj < a ? -1 : 1;
	return min == b ? 0 : min < b ? -1 : 1;
}

/* A release string as uname -r writes one: [v]MAJOR.MINOR[.SUBLEVEL][.y][SUFFIX], SUFFIX the builder's. */
struct release_text {
	unsigned int maj, min, sub;
	int has_sub, series, rc; /* .SUBLEVEL given; MAJOR.MINOR.y; a -rcN suffix */
	const char *suffix;
};

static int release_scan(const char *text, struct release_text *t, char *err, size_t errlen)
{
	const char *p = text + (text[0] == 'v' || text[0] == 'V');

	memset(t, 0, sizeof(*t));
	if (strlen(text) > 64 || digits(p, &t->maj, &p) || *p != '.' || digits(p + 1, &t->min, &p))
		return err_set(err, errlen, "'%.60s': not a kernel release (expected MAJOR.MINOR[.SUBLEVEL], "
			       "as uname -r prints it: 6.1, 6.1.119, v6.1, 6.17-rc3, 6.8.0-49-generic)", text);
	if (*p == '.' && p[1] == 'y' && !p[2]) {
		t->series = 1;
		p += 2;
	} else if (*p == '.' && !digits(p + 1, &t->sub, &p)) {
		t->has_sub = 1;
	}
	t->suffix = p;
	for (const char *q = p; *q; q++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+~-", *q))
			return err_set(err, errlen, "'%.60s': not a kernel release (a character uname -r does not print "
				       "after %u.%u)", text, t->maj, t->min);
	if (*p && !strchr("-+_~.", *p))
		return err_set(err, errlen, "'%.60s': not a kernel release (expected a '-' or '+' before '%.20s')", text,
			       p);
	t->rc = !strncmp(p, "-rc", 3) && p[3] >= '0' && p[3] <= '9';
	return 0;
}

/* The series' newest state from an update not after sub (base: its mainline release). */
static int stable_state(int base, unsigned int sub)
{
	int best = base;

	for (int j = base + 1; release_names[j] && release_is_stable(j); j++) {
		unsigned int a, b, c;

		version_of(j, &a, &b, &c);
		if (c <= sub)
			best = j;
	}
	return best;
}

/* Say which state a release string runs, unless it names that state exactly. */
static void say_state(const char *text, const struct release_text *t, int base, int idx, char *note, size_t len)
{
	const char *state = release_names[idx];

	if (!strcmp(text, state))
		return;
	if (t->rc)
		snprintf(note, len, "%.60s: a release candidate of %u.%u, whose merge window is in it: computed as %s", text,
			 t->maj, t->min, state);
	else if (t->series)
		snprintf(note, len, "%.60s: the %u.%u series at the newest state the tables know: computed as %s", text,
			 t->maj, t->min, state);
	else if (idx != base)
		snprintf(note, len, "%.60s: the %u.%u stable series carries a backport a table knows from %s on: "
			 "computed as %s", text, t->maj, t->min, state, state);
	else if (release_names[idx + 1] && release_is_stable(idx + 1) && t->sub)
		snprintf(note, len, "%.60s: before %s, the first %u.%u update with a backport a table knows: computed "
			 "as %s", text, release_names[idx + 1], t->maj, t->min, state);
	else
		snprintf(note, len, "%.60s: computed as %s%s%s%s", text, state, *t->suffix ? " (" : "",
			 *t->suffix ? "the builder's suffix says nothing of its backports" : "", *t->suffix ? ")" : "");
}

static int release_parse_plain(const char *text, int *idx, char *note, size_t notelen, char *err, size_t errlen)
{
	struct release_text t;
	int last = release_count() - 1, newest = release_series(last), base;
	char known[200];

	if (note && notelen)
		note[0] = '\0';
	if (release_scan(text, &t, err, errlen))
		return -1;
	release_list(known, sizeof(known));
	if (cmp_series(t.maj, t.min, newest) > 0) {
		*idx = last;
		if (note && notelen)
			snprintf(note, notelen, "%.60s: newer than the tables, which end at %s: computed as %s, the newest "
				 "state they know", text, release_names[newest], release_names[last]);
		return 0;
	}
	if (cmp_series(t.maj, t.min, 0) < 0)
		return err_set(err, errlen, "'%.60s': older than every release batchlab knows (%s)", text, known);
	if ((base = mainline_find(t.maj, t.min)) < 0)
		return err_set(err, errlen, "'%.60s': no mainline release %u.%u (batchlab knows %s)", text, t.maj, t.min,
			       known);
	if (t.rc)
		*idx = base;
	else
		*idx = t.series ? stable_state(base, ~0u) : stable_state(base, t.has_sub ? t.sub : 0);
	if (note && notelen)
		say_state(text, &t, base, *idx, note, notelen);
	return 0;
}

/* The note for a distribution's string: what it says of upstream, then the state it runs. */
static void distro_note(enum distro d, const char *dname, const char *text, const char *rel, int idx, const char *inner,
			char *note, size_t len)
{
	const char *state = release_names[idx];

	switch (d) {
	case DISTRO_UBUNTU_SIG:
	case DISTRO_DEBIAN:
		snprintf(note, len, "%.60s: %s's build of upstream %s (%s): %s", text, dname, rel,
			 d == DISTRO_DEBIAN ? "uname -v" : "/proc/version_signature", *inner ? inner : "computed as it is");
		break;
	case DISTRO_FEDORA:
	case DISTRO_ARCH:
		snprintf(note, len, "%.60s: %s's uname -r names the upstream version: computed as %s", text, dname, state);
		break;
	case DISTRO_UBUNTU_ABI:
		snprintf(note, len, "%.60s: an Ubuntu or Debian ABI (X.Y.0-N-flavour), not an upstream update: computed "
			 "as %s (Ubuntu's /proc/version_signature and Debian's uname -v name the update: host reads them)",
			 text, state);
		break;
	default:
		if (distro_build_of(text) == BUILD_RHEL8_3)
			snprintf(note, len, "%.60s: a %s 8.3 or later kernel, mainline %s plus backports no version states; "
				 "batchlab's backport table holds one for it (min_free_kbytes' 262144 KiB bound, read in "
				 "4.18.0-240.el8; docs/MODELS.md): every other figure is computed as mainline %s and may differ",
				 text, dname, state, state);
		else
			snprintf(note, len, "%.60s: a %s kernel, mainline %s plus backports no version states; batchlab's "
				 "backport table has none established for it (docs/MODELS.md): every figure is computed as "
				 "mainline %s and may differ", text, dname, state, state);
	}
}

int release_parse(const char *text, int *idx, char *note, size_t notelen, char *err, size_t errlen)
{
	char rel[80], inner[300], plain[80];
	const char *dname;
	enum distro d = distro_of(text, rel, sizeof(rel), &dname);
	int rc;

	if (d == DISTRO_NONE)
		return release_parse_plain(text, idx, note, notelen, err, errlen);
	snprintf(plain, sizeof(plain), "%s", rel);
	if (d == DISTRO_UBUNTU_ABI || distro_enterprise(d)) {
		/* X.Y only: the sublevel is the distribution's own (0 on Ubuntu and RHEL, pinned on SUSE) */
		char *dot = strchr(plain, '.');

		dot = dot ? strchr(dot + 1, '.') : NULL;
		if (dot)
			*dot = '\0';
		else
			plain[strcspn(plain, "-")] = '\0';
	}
	rc = release_parse_plain(plain, idx, inner, sizeof(inner), err, errlen);
	if (rc)
		return rc;
	if (note && notelen)
		distro_note(d, dname, text, rel, *idx, inner, note, notelen);
	return 0;
}

int release_from_uname(const char *uname_r, int *idx, char *err, size_t errlen)
{
	return release_parse(uname_r, idx, NULL, 0, err, errlen);
}

/*
 * Every metric's kernel side asks this, a dozen histories a cell: a row's
 * release is compared by its key, never looked up by name, and from the
 * newest row back, so that on a new release one row is read, not all. A
 * table's rows name releases of release_names[] oldest first (test_release
 * holds every built-in table to it, mmpatch_rows.c refuses a file's that
 * are not), so the newest row not after rel is the one in effect - unless
 * it is a stable state of another series: a backport holds in its series
 * only, and mainline after it runs the row before. A stable state's series
 * is its major and minor, the key's upper fields.
 */
const struct release_row *release_row_at(const struct release_history *h, int rel)
{
	size_t n = 0;
	unsigned long at;

	if (rel < 0)
		return NULL;
	at = rel < NRELEASES ? release_keys[rel] : ~0ul; /* past the list: every row, no series of its own */
	while (h->rows[n].from)
		n++;
	while (n--) {
		unsigned long key = release_key(h->rows[n].from);

		if (key && key <= at && (!(key & REL_MASK) || key >> REL_BITS == at >> REL_BITS))
			return &h->rows[n];
	}
	return NULL;
}

static const char *const caveat_who[] = { "", "a RHEL kernel", "a SUSE Linux Enterprise kernel",
					  "a RHEL 8.3+ kernel, its tabled backports applied" };

const char *release_caveat(const struct machine *m, char *buf, size_t len)
{
	if (!m->distro || m->distro > BUILD_RHEL8_3)
		snprintf(buf, len, "%s", "");
	else /* an enterprise kernel's backports are in batchlab's table only where read (docs/MODELS.md 12) */
		snprintf(buf, len, "computed as mainline %s (%s), may differ", release_names[machine_release(m)],
			 caveat_who[m->distro]);
	return buf;
}

const char *release_caveat_over(const struct machine *m, const char *key, char *buf, size_t len)
{
	if (!strcmp(key, "distro"))
		snprintf(buf, len, "where distro is not mainline: computed as mainline %s, may differ",
			 release_names[machine_release(m)]);
	else if (!strcmp(key, "kernel") && m->distro && m->distro <= BUILD_RHEL8_3)
		snprintf(buf, len, "computed as each row's mainline release (%s), may differ", caveat_who[m->distro]);
	else
		release_caveat(m, buf, len);
	return buf;
}

int machine_release(const struct machine *m)
{
	return (int)m->kernel;
}

const struct release_row *release_row(const struct machine *m, const struct release_history *h)
{
	struct row_memo *memo = m->memo;
	uintptr_t a = (uintptr_t)h;
	size_t slot = (size_t)((a >> 4 ^ a >> 10) % ROW_MEMO_RELEASES);

	const struct distro_backport *b = m->distro ? distro_backport_of(m->distro, h) : NULL;

	if (b && release_find(b->as) > machine_release(m)) /* an enterprise build's backport (distro.c) */
		return release_row_at(h, release_find(b->as));
	if (!memo)
		return release_row_at(h, machine_release(m));
	/* a row's metrics read a dozen histories each; the release moves only over kernel */
	if (memo->rel[slot].history == h && memo->rel[slot].kernel == m->kernel) {
		memo->hits++;
		return memo->rel[slot].row;
	}
	memo->misses++;
	memo->rel[slot].history = h;
	memo->rel[slot].kernel = m->kernel;
	memo->rel[slot].row = release_row_at(h, machine_release(m));
	return memo->rel[slot].row;
}

const char *release_subject(const struct patch_set *ps, const char *commit)
{
	const struct patch_desc *const *patches = patch_set_list(ps);

	for (int i = 0; commit && patches[i]; i++) {
		const struct patch_kernel *k = patches[i]->kernel_code;

		for (const struct commit_subject *s = k ? k->subjects : NULL; s && s->commit; s++)
			if (!strcmp(s->commit, commit))
				return s->subject;
	}
	return NULL;
}
