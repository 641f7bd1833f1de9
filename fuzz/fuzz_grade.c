/*
 * libFuzzer target: a class's homework graded (issue 47). An input is a
 * lesson and an answer file, split at the first NUL byte; without one it is
 * an answer file for a built-in lesson (lessons/, by the input's size) and,
 * when it loads as one, a lesson graded with no answers. Each goes through
 * the runner grade and --lesson use (lesson_run_graded) and through the
 * `grade` command itself, in text and in json. Files only in the sandbox.
 *
 * Beyond "no crash, no leak, no hang", the grade must mean something:
 *  - a refused lesson's error is one line naming the file and its line;
 *  - every mark is possible: tries 0..3, right only when answered, hints
 *    fewer than tries, the total right the marks' count;
 *  - the same answers give the same grade in any spelling: with a UTF-8
 *    byte-order mark put first, with CRLF line ends, and - a line per question
 *    read as lines - with one stray blank line after its first answer;
 *  - two students with the same file get the same rows; `grade`'s json is one
 *    document with no key twice.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "../lang/cmd.h"
#include "../lang/lesson.h"
#include "../lang/script.h"
#include "../lang/session.h"
#include "../tests/unit/jsoncheck.h"
#include "sandbox.h"

#define BUILTIN_MAX 64
static char *builtin[BUILTIN_MAX]; /* the built-in lessons' texts, read before any input */
static int nbuiltin;
static FILE *sink;
static char where[4096]; /* the sandbox (its HOME) */

static ssize_t sink_write(void *cookie, const char *buf, size_t len)
{
	(void)cookie, (void)buf;
	return (ssize_t)len;
}

static void fail(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz_grade: %s%s%.2000s\n", what, detail ? ": " : "", detail ? detail : "");
	abort();
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0, got;

	if (!f)
		return NULL;
	do {
		if (n + 4096 + 1 > cap) {
			char *b = realloc(buf, cap = 2 * cap + 8192);

			if (!b)
				abort();
			buf = b;
		}
		got = fread(buf + n, 1, 4096, f);
		n += got;
	} while (got);
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

static void put(const char *name, const char *data, size_t len)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", where, name);
	if (!(f = fopen(path, "wb")))
		fail("cannot write in the sandbox", path);
	fwrite(data, 1, len, f);
	fclose(f);
}

/* The lesson in name, graded with the answers in answers (len bytes). -1 when it does not load. */
static int graded(const char *name, const char *answers, size_t len, struct lesson_grade *g, int *error)
{
	struct session *s = malloc(sizeof(*s));
	char path[4200], err[1024], *ebuf = NULL;
	size_t elen = 0;
	struct lesson l;
	char none[1] = "";
	FILE *in = len ? fmemopen((void *)answers, len, "r") : fmemopen(none, 0, "r");
	FILE *errs = open_memstream(&ebuf, &elen);

	if (!s || !errs || !in)
		abort();
	snprintf(path, sizeof(path), "%s/%s", where, name);
	if (lesson_load(&l, path, err, sizeof(err))) {
		const char *colon = strchr(err, ':');

		if (strchr(err, '\n') || strncmp(err, path, strlen(path)) || !colon)
			fail("a refused lesson's error is not one line naming the file", err);
		fclose(in), fclose(errs), free(ebuf), free(s);
		return -1;
	}
	session_init(s);
	s->in_lesson = 1;
	sandbox_enter();
	lesson_run_graded(s, &l, in, sink, errs, 80, 0, g);
	sandbox_leave();
	fclose(errs);
	*error = elen != 0;
	if (elen && memchr(ebuf, '\n', elen) != ebuf + elen - 1)
		fail("a lesson's error is not one line", ebuf);
	lesson_free(&l);
	fclose(in);
	free(ebuf);
	session_end(s); /* the patch sets the lesson's variants made */
	free(s);
	return 0;
}

static void marks_possible(const struct lesson_grade *g, const char *answers)
{
	int right = 0;

	for (int k = 0; k < g->n; k++) {
		const struct lesson_mark *m = &g->marks[k];

		if (m->tries < 0 || m->tries > LESSON_TRIES || (m->right && !m->answered) || m->hints > m->tries ||
		    (m->answered && !m->tries) || m->hints >= LESSON_TRIES)
			fail("an impossible mark", answers);
		right += m->right;
	}
	if (right != g->right || g->ignored < 0)
		fail("the total right is not the marks' count", answers);
}

static int same_grade(const struct lesson_grade *a, const struct lesson_grade *b)
{
	if (a->n != b->n || a->right != b->right)
		return 0;
	for (int k = 0; k < a->n; k++) {
		const struct lesson_mark *x = &a->marks[k], *y = &b->marks[k];

		if (x->right != y->right || x->tries != y->tries || x->answered != y->answered ||
		    strcmp(x->answer, y->answer))
			return 0;
	}
	return 1;
}

/* The answers once more, spelled another way: the grade must not move. */
static void respelled(const char *name, const char *what, const char *text, size_t len,
		      const struct lesson_grade *want, const char *answers)
{
	struct lesson_grade g = { 0 };
	int error = 0;

	if (graded(name, text, len, &g, &error) == 0 && !error && !same_grade(want, &g))
		fail(what, answers);
	lesson_grade_free(&g);
}

/* A line per question, one try each - no number, no blank line, no comment, fewer lines than questions. */
static int plain_lines(const char *a, size_t len, int questions)
{
	int lines = 0;

	if (!len || a[len - 1] != '\n' || memchr(a, '\r', len) || memchr(a, '\0', len))
		return 0;
	for (const char *p = a; p < a + len; p = strchr(p, '\n') + 1) {
		const char *t = p + strspn(p, " \t");
		char *end;

		if (*t == '\n' || *t == '#' || !memcmp(p, "\xef\xbb\xbf", 3) || strchr(p, '\n') - p > LESSON_ANSWER_MAX)
			return 0;
		strtol(t, &end, 10);
		if (end != t && *(end + strspn(end, " \t")) == ':') /* numbered */
			return 0;
		lines++;
	}
	return lines >= 2 && lines < questions - 1 ? lines : 0;
}

static void grade_answers(const char *name, const char *data, size_t len)
{
	struct lesson_grade g = { 0 };
	char *answers = malloc(len + 1); /* terminated, for the checks that read it as text */
	int error = 0;

	if (!answers)
		abort();
	memcpy(answers, data, len);
	answers[len] = '\0';
	if (graded(name, answers, len, &g, &error)) {
		free(answers);
		return;
	}
	marks_possible(&g, answers);
	if (!error && len && !memchr(answers, '\0', len) && len < (1 << 16)) {
		char *t = malloc(2 * len + 8);
		size_t n = 0;

		if (!t)
			abort();
		if (len < 3 || memcmp(answers, "\xef\xbb\xbf", 3)) {
			memcpy(t, "\xef\xbb\xbf", 3);
			memcpy(t + 3, answers, len);
			respelled(name, "a byte-order mark first changed the grade", t, len + 3, &g, answers);
		}
		if (!memchr(answers, '\r', len)) {
			for (size_t i = 0; i < len; i++) {
				if (answers[i] == '\n')
					t[n++] = '\r';
				t[n++] = answers[i];
			}
			respelled(name, "CRLF line ends changed the grade", t, n, &g, answers);
		}
		if (plain_lines(answers, len, g.n)) {
			size_t first = (size_t)(strchr(answers, '\n') - answers) + 1;

			memcpy(t, answers, first);
			t[first] = '\n';
			memcpy(t + first + 1, answers + first, len - first);
			respelled(name, "a stray blank line in a line-per-question file moved the answers", t, len + 1, &g,
				  answers);
		}
		free(t);
	}
	lesson_grade_free(&g);
	free(answers);
}

/* The grade command itself, on two students with the same file: the same rows, json one document. */
static void grade_command(const char *name)
{
	static const char *const lines[] = { "grade ./%s a.txt b.txt", "grade ./%s a.txt b.txt --format json" };
	char *buf = NULL, line[256];
	size_t blen = 0;

	for (size_t k = 0; k < 2; k++) {
		struct session *s = malloc(sizeof(*s));
		FILE *out = open_memstream(&buf, &blen);

		if (!s || !out)
			abort();
		session_init(s);
		snprintf(line, sizeof(line), lines[k], name);
		sandbox_enter();
		script_run_line(s, line, "fuzz", out, sink);
		sandbox_leave();
		fclose(out);
		if (k == 1 && blen && !json_valid(buf))
			fail("grade --format json printed no single JSON document", buf);
		if (k == 0 && blen) { /* the rows of a.txt and of b.txt, the name put aside, are the same */
			struct strbuf ra = STRBUF_INIT, rb = STRBUF_INIT;

			for (char *p = buf, *nl; (nl = strchr(p, '\n')); p = nl + 1) {
				if (!strncmp(p, "a.txt ", 6))
					sb_printf(&ra, "%.*s\n", (int)(nl - p - 6), p + 6);
				else if (!strncmp(p, "b.txt ", 6))
					sb_printf(&rb, "%.*s\n", (int)(nl - p - 6), p + 6);
			}
			if (strcmp(sb_str(&ra), sb_str(&rb)))
				fail("two students with the same file got other rows", buf);
			sb_free(&ra), sb_free(&rb);
		}
		free(buf);
		buf = NULL;
		session_end(s);
		free(s);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	cookie_io_functions_t io = { .write = sink_write };
	const char *dir = getenv("BATCHLAB_LESSONS") ? getenv("BATCHLAB_LESSONS") : "lessons";
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d)) && nbuiltin < BUILTIN_MAX) {
		char path[4200];
		size_t n = strlen(e->d_name);

		if (n <= 7 || strcmp(e->d_name + n - 7, ".lesson"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if ((builtin[nbuiltin] = slurp(path, NULL)))
			nbuiltin++;
	}
	if (d)
		closedir(d);
	if (!nbuiltin) {
		fprintf(stderr, "fuzz_grade: no lessons in %s (run from the top of the tree, or set BATCHLAB_LESSONS)\n", dir);
		exit(1);
	}
	sandbox_init(*argc, *argv);
	snprintf(where, sizeof(where), "%s", getenv("HOME"));
	setenv("BATCHLAB_LESSONS", where, 1); /* no lesson outside the sandbox by name */
	sink = getenv("BL_FUZZ_ECHO") ? stderr : fopencookie(NULL, "w", io);
	if (!sink)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *nul = memchr(data, '\0', size);

	if (nul) { /* a lesson, then its answers */
		put("fuzz.lesson", (const char *)data, (size_t)(nul - (const char *)data));
		grade_answers("fuzz.lesson", nul + 1, size - (size_t)(nul + 1 - (const char *)data));
		put("a.txt", nul + 1, size - (size_t)(nul + 1 - (const char *)data));
		put("b.txt", nul + 1, size - (size_t)(nul + 1 - (const char *)data));
		grade_command("fuzz.lesson");
		return 0;
	}
	put("built.lesson", builtin[size % (size_t)nbuiltin], strlen(builtin[size % (size_t)nbuiltin]));
	grade_answers("built.lesson", (const char *)data, size);
	put("a.txt", (const char *)data, size);
	put("b.txt", (const char *)data, size);
	grade_command("built.lesson");
	put("fuzz.lesson", (const char *)data, size);
	grade_answers("fuzz.lesson", "", 0);
	return 0;
}
