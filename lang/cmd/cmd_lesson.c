/*
 * The commands for teaching and replay: `lesson` (list, or start one),
 * `source FILE` (a script run in this session), `echo TEXT` (narration in
 * plain scripts) and `expect` (an assertion: a script's, and a lesson's
 * design exercises').
 */
#include "cmd_lesson.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../core/err.h"
#include "../../core/sweep.h"
#include "../../core/utf8.h"
#include "../infile.h"
#include "../out/escape.h"
#include "../out/numfmt.h"
#include "../out/outpath.h"
#include "../lesson.h"
#include "../out/render.h"
#include "../script.h"
#include "cmd_sweep.h"

/* Nested `source`s: deep enough for a course's files, short of a file that sources itself for ever. */
#define SOURCE_DEPTH_MAX 16

static int cmd_lesson(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct lesson l;
	char path[4096];

	if (argc == 0)
		return lesson_list(out, err, errlen);
	if (lesson_find(argv[0], path, sizeof(path), err, errlen))
		return -1;
	if (session_check_read(s, "lesson", path, err, errlen) || lesson_load(&l, path, err, errlen))
		return -1;
	lesson_free(&l);
	/* the front end runs it: the explorer in its lesson pane, the script modes reading answers from stdin */
	snprintf(s->lesson, sizeof(s->lesson), "%s", path);
	snprintf(s->lesson_to, sizeof(s->lesson_to), "%s", s->opts.path ? s->opts.path : "");
	s->lesson_width = s->opts.width;
	s->lesson_units = s->units;
	s->lesson_format = s->format; /* the one --format or PATH's ending chose (cmd.c) */
	return 0;
}

static int cmd_source(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	char *obuf = NULL, *ebuf = NULL;
	size_t olen = 0, elen = 0;
	FILE *f, *o, *e;
	int fd, rc, echo;

	(void)argc;
	if (s->source_depth >= SOURCE_DEPTH_MAX)
		return err_set(err, errlen, "source: %s: more than %d files deep (does a file source itself?)", argv[0],
			       SOURCE_DEPTH_MAX);
	if (session_check_read(s, "source", argv[0], err, errlen))
		return -1;
	fd = infile_open(argv[0], 0, err, errlen);
	if (fd < 0)
		return -1;
	if (!(f = fdopen(fd, "r"))) {
		close(fd);
		return err_set(err, errlen, "source: %s: %s", argv[0], strerror(errno));
	}
	o = open_memstream(&obuf, &olen);
	e = open_memstream(&ebuf, &elen);
	if (!o || !e) {
		if (o)
			fclose(o);
		if (e)
			fclose(e);
		fclose(f);
		return err_set(err, errlen, "source: out of memory");
	}
	if (!s->source_depth)
		s->nstep_m = 0; /* the outermost source's steps start over */
	s->source_depth++;
	echo = s->echo;
	if (s->interactive) /* a person reads it (the explorer, the prompt): each command as typed, then its output */
		s->echo = 1;
	rc = script_run_stream(s, f, argv[0], o, e);
	s->echo = echo;
	s->source_depth--;
	fclose(f);
	fclose(o);
	fclose(e);
	/* a step a command: the explorer's pager shows them one at a time (SOURCE_STEP); a file gets the text */
	if (obuf && s->stepped && !s->opts.path)
		for (size_t i = 0; i < olen; i++) {
			if (i && obuf[i - 1] == '\n' && !strncmp(obuf + i, "batchlab> ", 10))
				sb_putc(out, SOURCE_STEP);
			sb_putc(out, obuf[i]);
		}
	else if (obuf)
		sb_printf(out, "%.*s", (int)olen, obuf);
	if (rc) {
		/* the inner error already names FILE:LINE: keep it whole, less the program's name */
		const char *m = ebuf && !strncmp(ebuf, "batchlab: ", 10) ? ebuf + 10 : ebuf ? ebuf : "failed", *inner;

		/* a nested source already said where: the innermost file's line, not every file's on the way */
		while ((inner = strstr(m, ": source: ")))
			m = inner + 10;

		err_set(err, errlen, "source: %.*s", (int)strcspn(m, "\n"), m);
	}
	free(obuf);
	free(ebuf);
	return rc ? -1 : 0;
}

static int cmd_echo(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	(void)s, (void)err, (void)errlen;
	for (int i = 0; i < argc; i++)
		sb_printf(out, "%s%s", i ? " " : "", argv[i]);
	sb_putc(out, '\n');
	return 0;
}

static int expect_fails(const struct metric_ref *ref, const struct machine *m, int side, const char *key,
			const char *at, struct value v, const char *op, const char *want, char *err, size_t errlen)
{
	char val[64], name[160];

	render_human(v, ref->metric->unit, val, sizeof(val));
	if (ref->metric->single)
		snprintf(name, sizeof(name), "%s.%s", ref->patch->id, ref->metric->name);
	else
		snprintf(name, sizeof(name), "%s.%s.%s", ref->patch->id, ref->metric->name,
			 patch_col_name(m, ref->patch, side));
	if (v.kind == VAL_NONE)
		return err_set(err, errlen, "expect: %s is n/a%s%s (%s), not %s %s", name, key ? " at " : "",
			       key ? at : "", v.why ? v.why : "no value", op, want);
	return err_set(err, errlen, "expect: %s = %s%s%s, not %s %s", name, val, key ? " at " : "", key ? at : "", op,
		       want);
}

/* Where an expectation failed in its range, as the range was typed: "ram = 1 GiB". */
static void expect_at_text(const struct sweep_range *r, const struct sweep *sw, char *at, size_t len)
{
	char num[64];

	if (r->real)
		fmt_real_shortest(sw->cur.r, num, sizeof(num));
	else if (!strcmp(r->key->unit, "bytes")) /* 1 GiB, as the range was typed */
		fmt_human(val_int(sw->cur.u), "bytes", num, sizeof(num));
	else
		snprintf(num, sizeof(num), "%llu", (unsigned long long)sw->cur.u);
	snprintf(at, len, "%s = %s", r->key->name, num);
}

/*
 * One side's expectation at every value of the range (an assertion does not
 * assume the metric's shape), *rows counting them; -1 with err at the first
 * where it fails.
 */
static int expect_over_range(struct session *s, const struct sweep_range *r, const struct metric_ref *ref, int side,
			     enum where_op op, struct value thr, char **argv, uint64_t *rows, char *err, size_t errlen)
{
	struct sweep *sw;
	char why[256];
	int more;

	if (!(sw = malloc(sizeof(*sw))))
		return err_set(err, errlen, "out of memory");
	sweep_init(sw, r);
	if (sweep_add_column(sw, ref->patch, ref->metric, side, ref->metric->name, why, sizeof(why))) {
		free(sw);
		return err_set(err, errlen, "expect: %s", why);
	}
	sweep_begin(sw, &s->m);
	while ((more = sweep_next(sw)) > 0) {
		struct value v = sweep_value(sw, 0);

		(*rows)++;
		if (!where_holds(v, op, thr)) {
			char at[96];

			expect_at_text(r, sw, at, sizeof(at));
			expect_fails(ref, &sw->m, side, r->key->name, at, v, argv[1], argv[2], err, errlen);
			sweep_end(sw);
			free(sw);
			return -1;
		}
	}
	sweep_end(sw);
	free(sw);
	return 0;
}

static int cmd_expect(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct metric_ref ref;
	struct value thr;
	enum where_op op;
	struct sweep_range r;
	char why[256];
	int sides[PATCH_MAX_COLS], nsides = 0;
	uint64_t rows = 0;

	if ((argc != 3 && argc != 7 && argc != 9) || (argc > 3 && strcmp(argv[3], "over")))
		return err_set(err, errlen, "expect: expected expect METRIC[.SIDE] OP VALUE [over KEY FROM TO [step N | x N]]");
	if (where_condition_parse(&s->m, "expect", argv, &ref, &op, &thr, err, errlen))
		return -1;
	if (argc > 3 && sweep_range_parse(&s->m, argv[4], argv[5], argv[6], argc == 9 ? argv[7] : NULL,
					  argc == 9 ? argv[8] : NULL, &r, why, sizeof(why)))
		return err_set(err, errlen, "expect: %s", why);
	/* every side must hold when none is named */
	if (ref.metric->single || ref.side >= 0)
		sides[nsides++] = ref.metric->single ? 0 : ref.side;
	else
		for (int i = 0; i < patch_ncols(&s->m, ref.patch) && nsides < PATCH_MAX_COLS; i++)
			sides[nsides++] = i;
	for (int k = 0; k < nsides; k++) {
		if (argc == 3) {
			struct value v = metric_compute(&s->m, ref.patch, ref.metric, sides[k], NULL);

			if (!where_holds(v, op, thr))
				return expect_fails(&ref, &s->m, sides[k], NULL, NULL, v, argv[1], argv[2], err, errlen);
			continue;
		}
		if (expect_over_range(s, &r, &ref, sides[k], op, thr, argv, &rows, err, errlen))
			return -1;
	}
	if (s->format == FMT_TABLE) {
		if (argc == 3)
			sb_printf(out, "ok: %s %s %s\n", argv[0], argv[1], argv[2]);
		else
			sb_printf(out, "ok: %s %s %s at every one of %llu values of %s\n", argv[0], argv[1], argv[2],
				  (unsigned long long)rows, r.key->name);
	}
	return 0;
}

/* One student's homework graded on a copy of the session: 0, or -1 with err (a file that cannot be read, a broken lesson). */
static int grade_one(struct session *s, const struct lesson *l, const char *path, struct lesson_grade *g, char *err,
		     size_t errlen)
{
	struct session *scratch = malloc(sizeof(*scratch));
	char *ebuf = NULL;
	size_t elen = 0;
	FILE *in = NULL, *sink = lesson_sink(), *errs = open_memstream(&ebuf, &elen);
	int fd = -1, rc = -1;

	if (!scratch || !sink || !errs) {
		err_set(err, errlen, "grade: out of memory");
	} else if ((fd = infile_open(path, 0, err, errlen)) >= 0 && !(in = fdopen(fd, "r"))) {
		err_set(err, errlen, "grade: %s: %s", path, strerror(errno));
		close(fd);
	} else if (in) {
		session_copy(scratch, s);
		scratch->stream = NULL;
		scratch->interactive = 0;
		scratch->format = FMT_TABLE;
		scratch->in_lesson = 1;
		doc_init(&scratch->doc, 0, NULL);
		lesson_run_graded(scratch, l, in, sink, errs, 80, 0, g);
		session_end(scratch);
		fflush(errs);
		if (elen) { /* the lesson's own error, not a wrong answer */
			const char *m = strncmp(ebuf, "batchlab: ", 10) ? ebuf : ebuf + 10;

			err_set(err, errlen, "grade: %s: %.*s", path, (int)strcspn(m, "\n"), m);
		} else
			rc = 0;
	} else {
		char why[512];

		snprintf(why, sizeof(why), "%s", err);
		err_set(err, errlen, "grade: %s", why);
	}
	if (in)
		fclose(in);
	if (sink)
		fclose(sink);
	if (errs)
		fclose(errs);
	free(ebuf);
	free(scratch);
	return rc;
}

/* A cell for a terminal: text escaped (escape.h: a file name or answer sends no escape sequence), padded to w columns. */
static void grade_cell(struct strbuf *out, const char *text, int w)
{
	struct strbuf e = STRBUF_INIT;
	int cols;

	escape_text(&e, text, strlen(text));
	cols = utf8_width(sb_str(&e), e.len);
	sb_puts(out, sb_str(&e));
	for (; cols < w; cols++)
		sb_putc(out, ' ');
	sb_free(&e);
}

static int grade_name_width(char **files, int n)
{
	int w = 7; /* "student" */

	for (int i = 0; i < n; i++) {
		struct strbuf e = STRBUF_INIT;
		int cols;

		escape_text(&e, files[i], strlen(files[i]));
		cols = utf8_width(sb_str(&e), e.len);
		w = cols > w ? cols : w;
		sb_free(&e);
	}
	return w;
}

static void grade_table(const struct lesson *l, char **files, const struct lesson_grade *g, int n, struct strbuf *out)
{
	int w = grade_name_width(files, n);

	sb_puts(out, "Lesson ");
	grade_cell(out, l->name, 0);
	sb_printf(out, ": %d exercise%s, %d student%s\n", l->nexercises, l->nexercises == 1 ? "" : "s", n, n == 1 ? "" : "s");
	grade_cell(out, "student", w);
	sb_puts(out, "  question  line  right  tries  hints  answer\n");
	for (int i = 0; i < n; i++)
		for (int k = 0; k < g[i].n; k++) {
			const struct lesson_mark *m = &g[i].marks[k];

			grade_cell(out, files[i], w);
			sb_printf(out, "  %8d  %4d  %-5s  %5d  %5d  ", k + 1, m->lineno, m->right ? "yes" : "no", m->tries,
				  m->hints);
			grade_cell(out, m->answered ? m->answer : "(none)", 0);
			sb_putc(out, '\n');
		}
	sb_putc(out, '\n');
	grade_cell(out, "student", w);
	sb_puts(out, "  right  of  tries  hints  unused lines\n");
	for (int i = 0; i < n; i++) {
		int tries = 0, hints = 0;

		for (int k = 0; k < g[i].n; k++)
			tries += g[i].marks[k].tries, hints += g[i].marks[k].hints;
		grade_cell(out, files[i], w);
		sb_printf(out, "  %5d  %2d  %5d  %5d  %d\n", g[i].right, g[i].n, tries, hints, g[i].ignored);
	}
}

static void grade_records(struct session *s, const struct lesson *l, char **files, const struct lesson_grade *g, int n,
			  struct strbuf *out)
{
	static const char *const totals[] = { "student", "right", "questions", "tries", "hints", "unused_lines", NULL };
	struct records rec;
	char num[32];

	rec_begin(&rec, &s->doc, s->format, lesson_grade_student_heads, NULL, 0, out);
	for (int i = 0; i < n; i++)
		lesson_grade_rows(l, &g[i], files[i], &rec);
	rec_end(&rec);
	rec_begin(&rec, &s->doc, s->format, totals, NULL, 0, out);
	for (int i = 0; i < n; i++) {
		int t[3] = { 0, 0, g[i].ignored };

		for (int k = 0; k < g[i].n; k++)
			t[0] += g[i].marks[k].tries, t[1] += g[i].marks[k].hints;
		rec_str(&rec, files[i]);
		snprintf(num, sizeof(num), "%d", g[i].right);
		rec_num(&rec, num);
		snprintf(num, sizeof(num), "%d", g[i].n);
		rec_num(&rec, num);
		for (int j = 0; j < 3; j++) {
			snprintf(num, sizeof(num), "%d", t[j]);
			rec_num(&rec, num);
		}
		rec_end_row(&rec);
	}
	rec_end(&rec);
}

/* grade LESSON FILE...: each file a student's homework, graded question by question on a copy of this session. */
static int cmd_grade(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct lesson_grade *g;
	struct lesson l;
	char path[4096];
	int n = argc - 1, rc = 0;

	if (s->in_lesson)
		return err_set(err, errlen, "grade: a lesson cannot grade one");
	if (lesson_find(argv[0], path, sizeof(path), err, errlen) || session_check_read(s, "grade", path, err, errlen))
		return -1;
	for (int i = 1; i < argc; i++)
		if (session_check_read(s, "grade", argv[i], err, errlen))
			return -1;
	if (lesson_load(&l, path, err, errlen))
		return -1;
	if (!(g = calloc((size_t)n, sizeof(*g)))) {
		lesson_free(&l);
		return err_set(err, errlen, "grade: out of memory");
	}
	for (int i = 0; i < n && !rc; i++)
		rc = grade_one(s, &l, argv[i + 1], &g[i], err, errlen);
	if (!rc && s->format == FMT_TABLE)
		grade_table(&l, argv + 1, g, n, out);
	else if (!rc)
		grade_records(s, &l, argv + 1, g, n, out);
	for (int i = 0; i < n; i++)
		lesson_grade_free(&g[i]);
	free(g);
	lesson_free(&l);
	return rc;
}

/* help grade and the man page: the answer files and the record. */
static void grade_details(const struct patch_set *ps, struct strbuf *out)
{
	(void)ps; /* the same words whatever is loaded */
	sb_puts(out,
		"Each FILE is one student's answers to LESSON (a name, as --lesson takes it, or a path), graded as "
		"batchlab --lesson LESSON < FILE grades it, each on a copy of this session: a row per student and "
		"question with the answer last tried, whether it was right, the tries it took (at most 3) and the "
		"hints shown, then a row per student with the totals and the answer lines not used.\n"
		"An answer file is numbered (a line 'N: ANSWER' per try at question N, in any order), or blocks "
		"(a blank line between questions, a line per try: as many blocks as questions, or more lines than "
		"questions), or a line per question (one try each, a stray blank line skipped); a line starting "
		"with '#' is a comment (batchlab-lesson(5)).\n"
		"--format csv, json or jsonl gives both tables as records.\n");
}

/* help lesson and the man page: where it runs, and where its output goes. */
static void lesson_details(const struct patch_set *ps, struct strbuf *out)
{
	(void)ps;
	sb_puts(out,
		"Without NAME, the lessons found, a line each. With one, the lesson starts: in the explorer in its pane "
		"above the panels; in a script or at the prompt it runs there, its answers read from stdin (a line a "
		"try at a terminal, else a homework file read whole, batchlab-lesson(5)), its status 0 when every "
		"answer was right.\n"
		"> PATH, --output PATH: the lesson's transcript (with --format csv its record; json and jsonl hold the "
		"transcript as text rows) to "
		"PATH instead, as a script prints it; the answers from stdin unless that is a terminal, and in the "
		"explorer none - the lesson as text. --width N: no line wider.\n");
}

/* the table's rows (lang/cmd.c lists them) */
#include "../cmd.h"

const struct cmd_entry cmd_expect_entry = {
	.name = "expect",
	.usage = "METRIC[.SIDE] OP VALUE [over KEY FROM TO [step N | x N]]",
	.args = { ARG_METRIC, ARG_OP, ARG_NONE, ARG_OVER, ARG_NUMKEY, ARG_VALUE, ARG_NONE, ARG_STEP },
	.min_args = 3,
	.max_args = 9,
	.help = "fail (status 1) unless METRIC OP VALUE holds here, or at every KEY value of the range",
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_expect,
	.examples = (const char *const[]){ "expect memcg_charge.batch.after == 64", "expect memcg_charge.stock_max_bytes.after >= 1 over cpus 1 64", NULL },
};

const struct cmd_entry cmd_lesson_entry = {
	.name = "lesson",
	.usage = "[NAME|PATH]",
	.args = { ARG_PATH, ARG_NONE, ARG_NONE },
	.min_args = 0,
	.max_args = 1,
	.help = "the lessons, or start one: a guided tour with exercises batchlab checks",
	.details = lesson_details,
	.out = OUT_SELF | OUT_FORMATS, /* the front end writes a lesson's > PATH; the list is cmd.c's (listing_form) */
	.exec = cmd_lesson,
	.examples = (const char *const[]){ "lesson", "lesson pcp", NULL },
};

const struct cmd_entry cmd_grade_entry = {
	.name = "grade",
	.usage = "LESSON FILE...",
	.args = { ARG_PATH, ARG_PATH, ARG_PATH, ARG_PATH, ARG_PATH, ARG_PATH, ARG_PATH, ARG_PATH },
	.min_args = 2,
	.max_args = -1,
	.help = "grade a class's homework: per student and question the answer, right or not, tries and hints; totals",
	.details = grade_details,
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_grade,
	.examples = (const char *const[]){ "grade pcp alice.txt bob.txt", NULL },
};

const struct cmd_entry cmd_source_entry = {
	.name = "source",
	.usage = "FILE",
	.args = { ARG_PATH, ARG_NONE, ARG_NONE },
	.min_args = 1,
	.max_args = 1,
	.help = "run a script file in this session (errors say FILE:LINE)",
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_source,
	.examples = (const char *const[]){ "source tour.bl", NULL },
};

const struct cmd_entry cmd_echo_entry = {
	.name = "echo",
	.usage = "[TEXT ...]",
	.args = { ARG_NONE, ARG_NONE, ARG_NONE },
	.min_args = 0,
	.max_args = -1,
	.help = "print the text: narration in scripts",
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_echo,
	.examples = (const char *const[]){ "echo a lesson in five words", "echo", NULL },
};
