/*
 * The commands for teaching and replay: `lesson` (list, or start one),
 * `source FILE` (a script run in this session), `echo TEXT` (narration in
 * plain scripts) and `expect` (an assertion: a script's, and a lesson's
 * design exercises').
 */
#include "lessoncmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/err.h"
#include "../core/sweep.h"
#include "infile.h"
#include "numfmt.h"
#include "lesson.h"
#include "render.h"
#include "script.h"
#include "sweepcmd.h"

/* Nested `source`s: deep enough for a course's files, short of a file that sources itself for ever. */
#define SOURCE_DEPTH_MAX 16

int cmd_lesson(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct lesson l;
	char path[4096];

	if (argc == 0)
		return lesson_list(out, err, errlen);
	if (lesson_find(argv[0], path, sizeof(path), err, errlen))
		return -1;
	if (lesson_load(&l, path, err, errlen))
		return -1;
	lesson_free(&l);
	/* the front end runs it: the explorer in its lesson pane, the script modes reading answers from stdin */
	snprintf(s->lesson, sizeof(s->lesson), "%s", path);
	return 0;
}

int cmd_source(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	char *obuf = NULL, *ebuf = NULL;
	size_t olen = 0, elen = 0;
	FILE *f, *o, *e;
	int fd, rc;

	(void)argc;
	if (s->source_depth >= SOURCE_DEPTH_MAX)
		return err_set(err, errlen, "source: %s: more than %d files deep (does a file source itself?)", argv[0],
			       SOURCE_DEPTH_MAX);
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
	s->source_depth++;
	rc = script_run_stream(s, f, argv[0], o, e);
	s->source_depth--;
	fclose(f);
	fclose(o);
	fclose(e);
	if (obuf)
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

int cmd_echo(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
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

int cmd_expect(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
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
		struct sweep *sw;
		int more;

		if (argc == 3) {
			struct value v = metric_compute(&s->m, ref.patch, ref.metric, sides[k], NULL);

			if (!where_holds(v, op, thr))
				return expect_fails(&ref, &s->m, sides[k], NULL, NULL, v, argv[1], argv[2], err, errlen);
			continue;
		}
		if (!(sw = malloc(sizeof(*sw))))
			return err_set(err, errlen, "out of memory");
		sweep_init(sw, &r);
		if (sweep_add_column(sw, ref.patch, ref.metric, sides[k], ref.metric->name, why, sizeof(why))) {
			free(sw);
			return err_set(err, errlen, "expect: %s", why);
		}
		sweep_begin(sw, &s->m);
		/* every value of the range: an assertion does not assume the metric's shape */
		while ((more = sweep_next(sw)) > 0) {
			struct value v = sweep_value(sw, 0);

			rows++;
			if (!where_holds(v, op, thr)) {
				char at[96], num[64];

				if (r.real)
					fmt_real_shortest(sw->cur.r, num, sizeof(num));
				else if (!strcmp(r.key->unit, "bytes")) /* 1 GiB, as the range was typed */
					fmt_human(val_int(sw->cur.u), "bytes", num, sizeof(num));
				else
					snprintf(num, sizeof(num), "%llu", (unsigned long long)sw->cur.u);
				snprintf(at, sizeof(at), "%s = %s", r.key->name, num);
				expect_fails(&ref, &sw->m, sides[k], r.key->name, at, v, argv[1], argv[2], err, errlen);
				sweep_end(sw);
				free(sw);
				return -1;
			}
		}
		sweep_end(sw);
		free(sw);
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
