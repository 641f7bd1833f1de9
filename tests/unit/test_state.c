/*
 * lang/state.c: a view as one line. Round trip - for every preset, every
 * shipped lesson's end state and a random grid of settings, `state` then
 * `state load` in a fresh session gives the same `get` of every metric, the
 * same machine, variants, show and format; the line is under 200 characters
 * for every preset. Hostile lines get one line of error and change nothing.
 */
#include "testutil.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../core/params.h"
#include "../../core/patch.h"
#include "../../core/preset.h"
#include "../../lang/lesson.h"
#include "../../lang/presetio.h"
#include "../../lang/script.h"
#include "../../lang/state.h"
#include "cmdutil.h"

static char root[64];

static int setup(void **state)
{
	char path[256], top[4096];

	(void)state;
	assert_non_null(getcwd(top, sizeof(top)));
	snprintf(root, sizeof(root), "/tmp/bl-state-XXXXXX");
	assert_non_null(mkdtemp(root));
	/* the tree's presets, lessons and patch files; the user's folders inside the test's own */
	snprintf(path, sizeof(path), "%.200s/presets", top);
	setenv("BATCHLAB_PRESETS", path, 1);
	snprintf(path, sizeof(path), "%.200s/lessons", top);
	setenv("BATCHLAB_LESSONS", path, 1);
	snprintf(path, sizeof(path), "%.200s/patches", top);
	setenv("BATCHLAB_PATCHES", path, 1);
	setenv("HOME", root, 1);
	snprintf(path, sizeof(path), "%s/config", root);
	setenv("XDG_CONFIG_HOME", path, 1);
	snprintf(path, sizeof(path), "%s/data", root);
	setenv("XDG_DATA_HOME", path, 1);
	snprintf(path, sizeof(path), "%s/state", root);
	setenv("XDG_STATE_HOME", path, 1);
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

/*
 * What a view shows: `get` of every metric of every patch (each variant's
 * side too), the machine and its variants as preset text, show and format.
 */
static void snapshot(struct session *s, struct strbuf *snap)
{
	const struct patch_desc *const *patches = patch_set_list(s->m.set);
	struct strbuf out = STRBUF_INIT, text = STRBUF_INIT;
	char err[512], line[256];
	enum out_format f = s->format;

	s->format = FMT_TABLE; /* the same text whatever format the view is in; the format is compared below */
	for (int i = 0; patches[i]; i++)
		for (const struct metric_desc *md = patches[i]->metrics; md->name; md++) {
			snprintf(line, sizeof(line), "get %s.%s", patches[i]->id, md->name);
			if (run(s, line, &out, err))
				sb_printf(snap, "%s: error %s\n", line, err);
			else
				sb_printf(snap, "%s: %s", line, sb_str(&out));
			for (int side = patch_nsides(patches[i]); side < patch_ncols(&s->m, patches[i]); side++) {
				snprintf(line, sizeof(line), "get %s.%s.%s", patches[i]->id, md->name,
					 patch_col_name(&s->m, patches[i], side));
				sb_printf(snap, "%s: %s", line, run(s, line, &out, err) ? err : sb_str(&out));
			}
		}
	s->format = f;
	preset_format(&s->m, "", &text);
	sb_printf(snap, "%s\nshow %s\nformat %d\n", sb_str(&text), s->show, (int)s->format);
	sb_free(&text);
	sb_free(&out);
}

/* s's line, loaded into a fresh session: the same view, and the same line again. Returns the line's length. */
static size_t round_trip(struct session *s, const char *what)
{
	struct session *t = calloc(1, sizeof(*t)); /* its set NULL: session_end() before each init is safe */
	struct strbuf line = STRBUF_INIT, again = STRBUF_INIT, a = STRBUF_INIT, b = STRBUF_INIT, note = STRBUF_INIT;
	char err[512];
	size_t n;

	assert_non_null(t);
	state_format(s, &line);
	session_end(t);
	session_init(t);
	if (state_load(t, sb_str(&line), &note, err, sizeof(err)))
		fail_msg("%s: state load '%s': %s", what, sb_str(&line), err);
	assert_int_equal(note.len, 0);
	state_format(t, &again);
	if (strcmp(sb_str(&line), sb_str(&again)))
		fail_msg("%s: '%s' came back as '%s'", what, sb_str(&line), sb_str(&again));
	snapshot(s, &a);
	snapshot(t, &b);
	if (strcmp(sb_str(&a), sb_str(&b))) {
		const char *x = sb_str(&a), *y = sb_str(&b);

		while (*x && *x == *y)
			x++, y++;
		fail_msg("%s: '%s' restores another view: at '%.80s' against '%.80s'", what, sb_str(&line), x, y);
	}
	n = line.len;
	sb_free(&line);
	sb_free(&again);
	sb_free(&a);
	sb_free(&b);
	sb_free(&note);
	session_end(t);
	free(t);
	return n;
}

static void test_presets(void **state)
{
	struct preset_info *v;
	struct session *s = calloc(1, sizeof(*s)); /* its set NULL: session_end() before each init is safe */
	int n = preset_all(&v);
	char err[512];

	(void)state;
	assert_non_null(s);
	assert_true(n > 0);
	for (int i = 0; i < n; i++) {
		size_t len;

		session_end(s);
		session_init(s);
		if (session_load_preset(s, v[i].name, NULL, err, sizeof(err)))
			fail_msg("%s: %s", v[i].name, err);
		len = round_trip(s, v[i].name);
		if (len >= 200)
			fail_msg("preset %s: a line of %zu characters (under 200 expected)", v[i].name, len);
	}
	free(v);
	session_end(s);
	free(s);
}

/* Each shipped lesson run to its end, every exercise answered (--check): the view it ends on. */
static void test_lessons(void **state)
{
	struct session *s = calloc(1, sizeof(*s)); /* its set NULL: session_end() before each init is safe */
	char dir[300], path[4096], err[1024];
	FILE *out = tmpfile(), *errf = tmpfile();
	struct strbuf names = STRBUF_INIT;
	int count = 0;

	(void)state;
	assert_non_null(s);
	assert_non_null(out);
	assert_non_null(errf);
	snprintf(dir, sizeof(dir), "%s", getenv("BATCHLAB_LESSONS"));
	if (lesson_list(&names, err, sizeof(err)))
		fail_msg("lesson list: %s", err);
	for (const char *p = sb_str(&names); *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] == '\n')) {
		char name[128];
		struct lesson l;
		int rc;

		snprintf(name, sizeof(name), "%.*s", (int)strcspn(p, " \n"), p);
		if (!*name)
			continue;
		if (lesson_find(name, path, sizeof(path), err, sizeof(err)) || lesson_load(&l, path, err, sizeof(err)))
			fail_msg("lesson %s: %s", name, err);
		session_end(s);
		session_init(s);
		s->in_lesson = 1;
		rc = script_lesson_text(s, &l, 1, stdin, out, errf); /* --check: no answer read */
		s->in_lesson = 0;
		lesson_free(&l);
		if (rc)
			fail_msg("lesson %s does not run to its end", name);
		round_trip(s, name);
		session_layouts_free(s); /* the scaling lesson's host check kept one */
		count++;
	}
	assert_true(count > 0);
	sb_free(&names);
	fclose(out);
	fclose(errf);
	session_end(s);
	free(s);
}

/* xorshift64*: the grid is the same on every run (a failure is reproduced by its trial). */
static uint64_t rnd(uint64_t *x)
{
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return *x * 0x2545f4914f6cdd1dull;
}

/* A value for p somewhere in its range, as typed: set may refuse it (machine_check); that trial keeps the rest. */
static void random_value(const struct param *p, uint64_t *x, char *buf, size_t len)
{
	if (p->type == PT_CHOICE) {
		snprintf(buf, len, "%s", p->choices[rnd(x) % (p->max + 1)]);
	} else if (p->type == PT_REAL) {
		double lo = p->rmin > 1e-3 ? p->rmin : 1e-3, hi = p->rmax < 1e6 ? p->rmax : 1e6;
		double v = lo + (hi - lo) * (double)(rnd(x) >> 11) / 9007199254740992.0;

		snprintf(buf, len, "%.17g", v); /* every digit a double has: the line must keep them all */
	} else if (p->allowed) {
		int n = 0;

		while (p->allowed[n])
			n++;
		snprintf(buf, len, "%llu", (unsigned long long)p->allowed[rnd(x) % (uint64_t)n]);
	} else {
		/* log-uniform over the range: small machines and huge ones alike */
		int bits = 64 - __builtin_clzll(p->max | 1);
		uint64_t v = rnd(x) >> (64 - (rnd(x) % (uint64_t)bits + 1));

		v = v < p->min ? p->min : v > p->max ? p->max : v;
		if ((p->flags & PF_AUTO) && rnd(x) % 4 == 0)
			snprintf(buf, len, "auto");
		else if (p->type == PT_PAGES)
			snprintf(buf, len, "%llup", (unsigned long long)v);
		else
			snprintf(buf, len, "%llu", (unsigned long long)v);
	}
}

static void test_grid(void **state)
{
	static const char *const variants[] = {
		"variant memcg_charge scaled = clamp(2 * cpus, 32, 127)",
		"variant committed_as lift16 = totalram / cpus / 16",
		"variant vmpressure big = 4096",
		"variant memcg_charge \"a b\" = 1", /* refused: the trial goes on without it */
	};
	static const char *const shows[] = { "show memcg_flush", "show vmpressure", "show all" };
	struct session *s = calloc(1, sizeof(*s)); /* its set NULL: session_end() before each init is safe */
	struct strbuf out = STRBUF_INIT;
	uint64_t x = 0x5eed0054;
	char err[512], line[512], v[128], what[64];

	(void)state;
	assert_non_null(s);
	for (int trial = 0; trial < TRIALS(120); trial++) {
		int k = 1 + (int)(rnd(&x) % 6);

		session_end(s);
		session_init(s);
		for (int j = 0; j < k; j++) {
			const struct param *p = &params[rnd(&x) % nparams];

			random_value(p, &x, v, sizeof(v));
			snprintf(line, sizeof(line), "set %s %s", p->name, v);
			run(s, line, &out, err);
		}
		if (rnd(&x) % 3 == 0)
			run(s, variants[rnd(&x) % 4], &out, err);
		if (rnd(&x) % 3 == 0)
			run(s, shows[rnd(&x) % 3], &out, err);
		if (rnd(&x) % 4 == 0)
			s->format = (enum out_format)(rnd(&x) % 2 ? FMT_CSV : FMT_JSONL);
		snprintf(what, sizeof(what), "grid trial %d", trial);
		round_trip(s, what);
	}
	sb_free(&out);
	session_end(s);
	free(s);
}

/* A loaded patch file and a variant of it; a line naming a file this machine lacks is refused by its name. */
static void test_patch_files(void **state)
{
	struct session *s = calloc(1, sizeof(*s)); /* its set NULL: session_end() before each init is safe */
	struct strbuf out = STRBUF_INIT, line = STRBUF_INIT, before = STRBUF_INIT, after = STRBUF_INIT;
	char err[512];

	(void)state;
	assert_non_null(s);
	session_end(s);
	session_init(s);
	assert_int_equal(run(s, "patch load percpu_batch256", &out, err), 0);
	assert_int_equal(run(s, "variant percpu_batch256 wide = 512", &out, err), 0);
	assert_int_equal(run(s, "show percpu_batch256", &out, err), 0);
	round_trip(s, "patch file");
	state_format(s, &line);
	assert_non_null(strstr(sb_str(&line), "patch=percpu_batch256@"));
	assert_non_null(strstr(sb_str(&line), "percpu_batch256.wide=512"));

	snapshot(s, &before);
	assert_int_equal(state_load(s, "bl1:cpus=8,patch=nosuch_patch@0badf00d", NULL, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "patch file 'nosuch_patch' (hash 0badf00d) is not on this machine"));
	snapshot(s, &after);
	assert_string_equal(sb_str(&before), sb_str(&after));
	sb_free(&out);
	sb_free(&line);
	sb_free(&before);
	sb_free(&after);
	session_end(s);
	free(s);
}

/* Every refusal is one line, and the view is as it was. */
static void refused(struct session *s, const char *line, const char *want)
{
	struct strbuf before = STRBUF_INIT, after = STRBUF_INIT, a = STRBUF_INIT, b = STRBUF_INIT;
	char err[512];

	snapshot(s, &before);
	state_format(s, &a);
	if (!state_load(s, line, NULL, err, sizeof(err)))
		fail_msg("'%.60s' was taken", line);
	if (strchr(err, '\n') || strncmp(err, "state: ", 7))
		fail_msg("'%.60s': not one line: %s", line, err);
	if (want && !strstr(err, want))
		fail_msg("'%.60s': '%s' does not say '%s'", line, err, want);
	snapshot(s, &after);
	state_format(s, &b);
	assert_string_equal(sb_str(&a), sb_str(&b));
	assert_string_equal(sb_str(&before), sb_str(&after));
	sb_free(&before);
	sb_free(&after);
	sb_free(&a);
	sb_free(&b);
}

static void test_hostile(void **state)
{
	static const struct {
		const char *line, *want;
	} cases[] = {
		{ "", "expected a view line" },
		{ "cpus=4", "expected a view line" },
		{ "bl:cpus=4", "expected a view line" },
		{ "bl0:cpus=4", "bl0: no such version" },
		{ "bl2:cpus=4", "a bl2 line is from a newer batchlab" },
		{ "bl99999:cpus=4", "newer batchlab" },
		{ "bl1:zonez=2", "cannot restore 'zonez'" },
		{ "bl1:zones=2", "zones: '2': expected NODE.ZONE=PRESENT/MANAGED" },
		{ "bl1:zones=0.Normal%3D5/9", "managed <= present" },
		{ "bl1:cpus", "expected KEY=VALUE" },
		{ "bl1:cpus=", "no value after '='" },
		{ "bl1:=4", "a key is letters" },
		{ "bl1:cpus=4,", "a ',' with no field after it" },
		{ "bl1:cpus=4,,ram=1G", "an empty field" },
		{ "bl1:cpus=4,cpus=8", "cpus: named twice" },
		{ "bl1:cpus=0", "cpus" },
		{ "bl1:cpus=99999999999999999999999", "cpus" },
		{ "bl1:ram=1X", "ram" },
		{ "bl1:cpus=4%", "two hex digits" },
		{ "bl1:cpus=4%4", "two hex digits" },
		{ "bl1:cpus=4%zz", "two hex digits" },
		{ "bl1:cpus=%0A4", "control byte" },
		{ "bl1:cpus=%004", "control byte" },
		{ "bl1:cpus=4;quit", "byte 0x3b" },
		{ "bl1:cpus=4 ram=1G", "byte 0x20" },
		{ "bl1:kernel=linux", "kernel" },
		{ "bl1:show=nosuch", "no patch 'nosuch'" },
		{ "bl1:show=memcg_charge.nosuch", "has no metric 'nosuch'" },
		{ "bl1:format=svg", "expected table, csv, json or jsonl" },
		{ "bl1:format=xml", "expected table, csv, json or jsonl" },
		{ "bl1:patch=x", "expected patch=NAME@HASH" },
		{ "bl1:patch=x@123", "expected patch=NAME@HASH" },
		{ "bl1:patch=x@-1234567", "expected patch=NAME@HASH" },
		{ "bl1:patch=../../etc/passwd@12345678", "is not on this machine" },
		{ "bl1:memcg_charge.v=cpus~+", "variant" },
		{ "bl1:nosuch.v=1", "no patch 'nosuch'" },
		{ "bl1:memcg_charge.1bad=2", "variant" },
		/* the parameters are checked against each other too, whole */
		{ "bl1:cpus=2,sockets=4", "sockets" },
	};
	struct session *s = calloc(1, sizeof(*s)); /* its set NULL: session_end() before each init is safe */
	struct strbuf out = STRBUF_INIT, big = STRBUF_INIT;
	uint64_t x = 54;
	char err[512], line[96];

	(void)state;
	assert_non_null(s);
	session_end(s);
	session_init(s);
	assert_int_equal(run(s, "set cpus 96 ram 384G", &out, err), 0);
	assert_int_equal(run(s, "variant vmpressure w = 1024", &out, err), 0);
	assert_int_equal(run(s, "show vmpressure", &out, err), 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		refused(s, cases[i].line, cases[i].want);
	sb_puts(&big, "bl1:cpus=4,");
	while (big.len <= STATE_LINE_MAX)
		sb_puts(&big, "ram=1G,");
	refused(s, sb_str(&big), "at most");
	/* random bytes after bl1:, of the kinds a line is made of: taken whole, or refused with nothing changed */
	for (int t = 0; t < TRIALS(3000); t++) {
		static const char alphabet[] = "cpusramkernlshow=,.%~@0123456789aAfF:_-()*+\x01\x7f\xff ";
		int n = 4 + (int)(rnd(&x) % 40);

		snprintf(line, sizeof(line), "bl1:");
		for (int j = 4; j < n; j++)
			line[j] = alphabet[rnd(&x) % (sizeof(alphabet) - 1)];
		line[n] = '\0';
		if (!state_load(s, line, NULL, err, sizeof(err)))
			round_trip(s, line);
		else if (strchr(err, '\n'))
			fail_msg("'%s': not one line: %s", line, err);
	}
	sb_free(&out);
	sb_free(&big);
	session_end(s);
	free(s);
}

/* bl1 lines mean bl1's defaults: a line naming no kernel is 6.18.8 whatever the table's newest is. */
static void test_bl1_defaults(void **state)
{
	struct session *s = calloc(1, sizeof(*s)); /* its set NULL: session_end() before each init is safe */
	struct strbuf out = STRBUF_INIT;
	char err[512];

	(void)state;
	assert_non_null(s);
	session_end(s);
	session_init(s);
	assert_int_equal(run(s, "set cpus 7 kernel 6.1", &out, err), 0);
	assert_int_equal(state_load(s, "bl1:", NULL, err, sizeof(err)), 0);
	assert_int_equal(run(s, "get kernel cpus", &out, err), 0);
	assert_string_equal(sb_str(&out), "6.18.8\n64\n");
	assert_int_equal(run(s, "set kernel 6.8", &out, err), 0);
	assert_int_equal(run(s, "state", &out, err), 0);
	/* the percpu_batch lesson left its patch file loaded: a process's patch files outlive its sessions */
	assert_true(!strncmp(sb_str(&out), "bl1:kernel=6.8", 14) && (out.buf[14] == '\n' || out.buf[14] == ','));
	sb_free(&out);
	session_end(s);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_presets),
		cmocka_unit_test(test_lessons),
		cmocka_unit_test(test_grid),
		cmocka_unit_test(test_hostile),
		cmocka_unit_test(test_bl1_defaults),
		cmocka_unit_test(test_patch_files), /* last: a loaded patch file stays loaded for the process */
	};
	return cmocka_run_group_tests_name("state", tests, setup, teardown);
}
