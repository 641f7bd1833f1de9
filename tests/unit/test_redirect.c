/*
 * Every command that prints obeys > PATH (issue 47): each row of the command
 * table, each of its examples (cmd.h), run as a script runs it, once as it is
 * and once with > PATH - the file holds exactly what the command printed
 * without it, nothing reaches stdout, stderr is the same, and so is the
 * status. A form that prints nothing takes no file either. Runs in its own
 * temporary folder, with stdin an answer file (a lesson reads its answers there).
 */
#include "testutil.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../lang/cmd.h"
#include "../../lang/script.h"
#include "../../lang/session.h"
#include "jsoncheck.h"
#include "../../lang/out/wrap.h"

static char root[64];

/* The files the rows' examples name. */
static const char *const fixtures[][2] = {
	{ "alice.txt", "1: 3072\n2: 42\n2: 43\n# a comment\n3: 1 GiB\n" },
	{ "bob.txt", "7\n\n8\n9\n" },
	{ "tour.bl", "echo the tour\nshow memcg_charge\nget cpus\n" },
	{ NULL, NULL },
};

static char *read_all(const char *path);

/* The file's text, NULL (and *exists 0) when there is none. */
static char *slurp(const char *path, int *exists)
{
	*exists = access(path, F_OK) == 0;
	return *exists ? read_all(path) : NULL;
}

/* What one run left: its status, what it wrote to out and errf, and to the process's own fds 1 and 2. */
struct ran {
	int rc;
	char *out, *err, *fd1, *fd2;
};

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "r");
	struct strbuf sb = STRBUF_INIT;
	char buf[4096], *r;
	size_t n;

	assert_non_null(f);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_printf(&sb, "%.*s", (int)n, buf);
	fclose(f);
	r = strdup(sb_str(&sb));
	sb_free(&sb);
	return r;
}

/* form's setup (before its last ';') run quietly, then its command with tail appended, on a fresh session. */
static struct ran run_form(const char *form, const char *tail)
{
	struct session *s = malloc(sizeof(*s));
	char line[4096], setup[4096];
	const char *last = strrchr(form, ';');
	struct ran r;
	FILE *out, *err, *quiet;
	int o1 = dup(1), o2 = dup(2), f1, f2;

	assert_non_null(s);
	session_init(s);
	/* the answers, from their start each run */
	assert_non_null(freopen("alice.txt", "r", stdin));
	/* a command that wrote to the process's own stdout or stderr, past out and errf, is seen too */
	fflush(stdout), fflush(stderr);
	f1 = open("fd1.txt", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	f2 = open("fd2.txt", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	dup2(f1, 1), dup2(f2, 2), close(f1), close(f2);
	out = fopen("out.txt", "w+");
	err = fopen("err.txt", "w+");
	quiet = fopen("setup.txt", "w");
	if (last && last > form) {
		snprintf(setup, sizeof(setup), "%.*s", (int)(last - form), form);
		script_run_line(s, setup, "-c", quiet, quiet);
		snprintf(line, sizeof(line), "%s%s", last + 1 + strspn(last + 1, " "), tail);
	} else {
		snprintf(line, sizeof(line), "%s%s", form, tail);
	}
	r.rc = script_run_line(s, line, "-c", out, err);
	fclose(out), fclose(err), fclose(quiet);
	fflush(stdout), fflush(stderr);
	dup2(o1, 1), dup2(o2, 2), close(o1), close(o2);
	r.out = read_all("out.txt");
	r.err = read_all("err.txt");
	r.fd1 = read_all("fd1.txt");
	r.fd2 = read_all("fd2.txt");
	session_end(s);
	free(s);
	return r;
}

static void ran_free(struct ran *r)
{
	free(r->out), free(r->err), free(r->fd1), free(r->fd2);
}

static int json_forms; /* test_formats: what a form prints must be one JSON document */
static int width_forms; /* test_formats: no line it prints wider than this (0: not checked) */

/* One form with and without tail (" > PATH" and the like); 1 when it printed, so the row was tested. */
static int one_form(const struct cmd_entry *c, const char *form, const char *tail, const char *path)
{
	struct ran a, b;
	char *file;
	int exists, printed;

	unlink(path);
	a = run_form(form, "");
	unlink(path);
	b = run_form(form, tail);
	printed = a.out[0] != '\0';
	file = slurp(path, &exists);
	if (printed) {
		if (!exists || strcmp(file, a.out) || b.out[0] || b.fd1[0] || a.rc != b.rc || strcmp(a.err, b.err) ||
		    strcmp(a.fd2, b.fd2))
			fail_msg("%s: '%s%s': %s\n--- without it, status %d, stdout:\n%s--- stderr:\n%s--- with it, status %d, "
				 "the file:\n%s--- stdout:\n%s--- stderr:\n%s--- fd 1:\n%s--- fd 2:\n%s", c->name, form, tail,
				 !exists ? "no file written" : strcmp(file, a.out) ? "the file is not what it printed" :
				 b.out[0] || b.fd1[0] ? "output reached stdout" : a.rc != b.rc ? "another status" :
				 "another stderr",
				 a.rc, a.out, a.err, b.rc, file ? file : "", b.out, b.err, b.fd1, b.fd2);
	} else if (b.out[0] || b.fd1[0] || (exists && file[0])) {
		fail_msg("%s: '%s%s': prints nothing without it, but with it: stdout '%s', the file '%s'", c->name, form,
			 tail, b.out, file ? file : "");
	}
	if (json_forms && printed && !json_valid(a.out))
		fail_msg("%s: '%s': printed no single JSON document:\n%s", c->name, form, a.out);
	if (width_forms && printed && wrap_widest(a.out) > width_forms)
		fail_msg("%s: '%s': a line wider than %d columns:\n%s", c->name, form, width_forms, a.out);
	if (!strcmp(tail, " > got.txt") && a.err[0]) /* an example shows the command working: a refusal tests nothing */
		fail_msg("%s: its example '%s' fails: %s", c->name, form, a.err);
	if (a.fd1[0])
		fail_msg("%s: '%s': wrote to the process's stdout past its out stream: '%s'", c->name, form, a.fd1);
	free(file);
	ran_free(&a), ran_free(&b);
	return printed;
}

static void test_every_row_obeys_output_path(void **state)
{
	int rows = 0;

	(void)state;
	for (const struct cmd_entry *const *c = cmd_table; *c; c++, rows++) {
		int printed = 0;

		if (!(*c)->examples || !(*c)->examples[0])
			fail_msg("%s: its row has no examples (cmd.h): this test runs every row's", (*c)->name);
		for (const char *const *e = (*c)->examples; *e; e++) {
			printed += one_form(*c, *e, " > got.txt", "got.txt");
			one_form(*c, *e, " --output=got2.txt", "got2.txt");
		}
		/* a row that says it prints is tested printing, in one form at least */
		if ((*c)->out != OUT_NONE && !printed)
			fail_msg("%s: its row prints (out %d) but none of its examples printed", (*c)->name, (*c)->out);
	}
	assert_true(rows > 20);
}

/*
 * With an output option inside the command the file still holds what it
 * prints: json (one document of its own, and one document printed), jsonl,
 * csv, and text at a width - no line of it wider.
 */
static void test_formats_obey_output_path(void **state)
{
	static const char *const opts[] = { "--format json", "--format jsonl", "--format csv", "--width 30", "--width 24", NULL };

	(void)state;
	for (const struct cmd_entry *const *c = cmd_table; *c; c++) {
		if (!((*c)->out & OUT_FORMATS) || !(*c)->examples) /* a row without: test_every_row_... says so */
			continue;
		for (const char *const *e = (*c)->examples; *e; e++)
			for (int k = 0; opts[k]; k++) {
				char form[1024];

				snprintf(form, sizeof(form), "%s %s", *e, opts[k]);
				json_forms = k == 0;
				width_forms = !strncmp(opts[k], "--width ", 8) ? atoi(opts[k] + 8) : 0;
				one_form(*c, form, " > got.out", "got.out");
				json_forms = width_forms = 0;
			}
	}
}

/*
 * The explorer marks where each command of a `source` starts, for its pager
 * (SOURCE_STEP, a form feed): > PATH there wrote the marks into the file.
 */
static void test_explorer_source_file(void **state)
{
	struct session *s = malloc(sizeof(*s));
	struct strbuf out = STRBUF_INIT, shown = STRBUF_INIT;
	char err[512], *file;
	int exists;

	(void)state;
	assert_non_null(s);
	session_init(s);
	s->stepped = s->interactive = 1;
	assert_int_equal(cmd_run(s, "source tour.bl", &shown, err, sizeof(err)), 0);
	assert_non_null(strchr(sb_str(&shown), '\f')); /* the test can fail: the pager's marks are there */
	unlink("got.txt");
	assert_int_equal(cmd_run(s, "source tour.bl > got.txt", &out, err, sizeof(err)), 0);
	file = slurp("got.txt", &exists);
	assert_true(exists);
	assert_null(strchr(file, '\f'));
	assert_non_null(strstr(file, "batchlab> show memcg_charge\n"));
	free(file);
	sb_free(&out), sb_free(&shown);
	session_end(s);
	free(s);
}

static int setup(void **state)
{
	char top[4096], path[4200];

	(void)state;
	assert_non_null(getcwd(top, sizeof(top))); /* unit tests run from the top of the tree */
	snprintf(path, sizeof(path), "%s/presets", top);
	setenv("BATCHLAB_PRESETS", path, 1);
	snprintf(path, sizeof(path), "%s/lessons", top);
	setenv("BATCHLAB_LESSONS", path, 1);
	snprintf(path, sizeof(path), "%s/patches", top);
	setenv("BATCHLAB_PATCHES", path, 1);
	snprintf(root, sizeof(root), "/tmp/bl-redirect-XXXXXX");
	assert_non_null(mkdtemp(root));
	snprintf(path, sizeof(path), "%s/tests/data/memcg_batch128.diff", top);
	{
		char *diff = read_all(path);
		FILE *f;

		assert_int_equal(chdir(root), 0);
		f = fopen("batch128.diff", "w");
		assert_non_null(f);
		fputs(diff, f);
		fclose(f);
		free(diff);
	}
	for (int i = 0; fixtures[i][0]; i++) {
		FILE *f = fopen(fixtures[i][0], "w");

		assert_non_null(f);
		fputs(fixtures[i][1], f);
		fclose(f);
	}
	{
		/* loaded patches are the process's (patchreg.c): both runs of `patch load` see it loaded */
		struct session *s = malloc(sizeof(*s));
		FILE *quiet = fopen("setup.txt", "w");

		assert_non_null(s);
		assert_non_null(quiet);
		session_init(s);
		assert_int_equal(script_run_line(s, "patch load percpu_batch256", "-c", quiet, quiet), 0);
		fclose(quiet);
		session_end(s);
	free(s);
	}
	setenv("HOME", root, 1);
	setenv("XDG_CONFIG_HOME", root, 1);
	setenv("XDG_STATE_HOME", root, 1);
	setenv("XDG_DATA_HOME", root, 1);
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	if (chdir("/") == 0) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
		return system(cmd) ? -1 : 0;
	}
	return -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_row_obeys_output_path),
		cmocka_unit_test(test_formats_obey_output_path),
		cmocka_unit_test(test_explorer_source_file),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
