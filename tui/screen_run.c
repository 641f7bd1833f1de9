/*
 * A line typed on the explorer's `:` line, run: the language's commands
 * (cut by its one scanner, output into a pager, an error on the status
 * line), and the lines that are the screen's own - `:> PATH` saves what is
 * shown, `:save PATH` writes a chart's picture, `answer` goes to a lesson.
 * A sweep refused for its estimated time asks first; one a signal stopped
 * (`:sweep > FILE`) is said on stderr once the screen is gone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lang/cmd.h"
#include "../lang/lesson.h"
#include "../lang/script.h"
#include "../lang/out/escape.h"
#include "../lang/out/outopts.h"
#include "../lang/out/outpath.h"
#include "../lang/cmd/cmd_show.h"
#include "../lang/out/render.h"
#include "../lang/scan.h"
#include "../lang/settings.h"
#include "crt.h"
#include "lessonpane.h"
#include "screen.h"

/* A chart's picture written by the command that draws it; the chart stays, the status line says where it went. */
static void save_picture(struct screen *sc, const char *cmdline)
{
	struct strbuf out = STRBUF_INIT;
	char err[1024], shown[1024];

	screen_log(sc, "save %s", cmdline);
	if (cmd_run(sc->s, cmdline, &out, err, sizeof(err))) {
		escape_buf(err, shown, sizeof(shown));
		screen_status(sc, 1, "%s", shown);
	} else {
		if (out.len && out.buf[out.len - 1] == '\n')
			out.buf[--out.len] = '\0';
		escape_buf(out.len ? sb_str(&out) : "saved", shown, sizeof(shown));
		screen_status(sc, 0, "%s", shown);
	}
	sb_free(&out);
}

/*
 * `:> PATH` (or `:--output PATH`, with --width and --format too): the text of
 * what is on screen to PATH - the pager's text, else the panels as `show all`
 * prints them. 1 when line was such a line (done or refused on the status line).
 */
static int screen_save(struct screen *sc, const char *line)
{
	struct out_opts o = OUT_OPTS_INIT;
	struct strbuf text = STRBUF_INIT, msg = STRBUF_INIT;
	char buf[4096], *argv[CMD_MAX_ARGS], err[1024], shown[1024];
	struct view *v = NULL;
	int argc;

	while (*line == ' ')
		line++;
	if (*line != '>' && strncmp(line, "--output", 8))
		return 0;
	snprintf(buf, sizeof(buf), "%s", line);
	argc = cmd_split(buf, argv, CMD_MAX_ARGS, err, sizeof(err));
	if (argc >= 0 && !outopts_take("save", &argc, argv, -1, &o, err, sizeof(err)) && argc)
		snprintf(err, sizeof(err), "save: unexpected '%.64s' (:> PATH saves what is on screen)", argv[0]);
	if (argc) {
		escape_buf(err, shown, sizeof(shown));
		screen_status(sc, 1, "%s", shown);
		return 1;
	}
	if ((o.format >= 0 ? o.format : (int)outpath_format(sc->s->format, o.path)) == FMT_SVG) {
		/* a picture is a chart's: the command that draws the chart on screen writes it */
		struct view *top = screen_top(sc);
		char cmdline[1200], path[1024];

		if (!top || !top->ops->save_command || o.format == FMT_TABLE) {
			screen_status(sc, 1, "save: a picture (.svg) is a chart's: c charts a metric, t a trade-off");
			return 1;
		}
		if (strlen(o.path) >= sizeof(path)) { /* cut, it would name another file */
			screen_status(sc, 1, "save: a PATH of at most %zu bytes expected (got %zu)", sizeof(path) - 1,
				      strlen(o.path));
			return 1;
		}
		snprintf(path, sizeof(path), "%s", o.path);
		if (top->ops->save_command(top, sc, path, cmdline, sizeof(cmdline)))
			screen_status(sc, 1, "save: %s", cmdline);
		else
			save_picture(sc, cmdline);
		return 1;
	}
	for (int i = sc->depth - 1; i > 0 && !v; i--)
		if (sc->stack[i]->ops->text)
			v = sc->stack[i];
	if (v) {
		v->ops->text(v, sc, &text);
	} else {
		struct session s = *sc->s;

		s.format = o.format >= 0 ? (enum out_format)o.format : outpath_format(s.format, o.path);
		s.opts = o;
		show_topic(&s, "all", &text, err, sizeof(err));
	}
	if (session_write_file(sc->s, "save", "screen", o.path, &text, &msg, err, sizeof(err))) {
		escape_buf(err, shown, sizeof(shown));
		screen_status(sc, 1, "%s", shown);
	} else {
		escape_buf(o.path, shown, sizeof(shown));
		screen_status(sc, 0, "wrote the screen to %s", shown);
	}
	sb_free(&msg);
	return 1;
}

/* The error of the command a signal that ends the explorer stopped (a sweep into a file): for stderr once the screen is gone. */
static char last_words[1024];
/* The sweep a confirm view asks about: refused for its estimated time, it runs with --long on a yes. */
static char long_cmd[1024];

static void run_long(struct screen *sc)
{
	char line[sizeof(long_cmd) + 8];

	snprintf(line, sizeof(line), "%s --long", long_cmd);
	screen_run_line(sc, line, long_cmd);
}

/* "sweep: 10000000 rows would take about 69 minutes: run it?" - the estimate's working is in the status line's error */
static void ask_long(struct screen *sc, const char *cmd, const char *why)
{
	char q[160];
	const char *cut = strstr(why, " (estimated");
	struct view *v;

	sc->s->ask_long = 0;
	if (strlen(cmd) + 8 > sizeof(long_cmd))
		return; /* the status line says why, as for any refusal */
	snprintf(long_cmd, sizeof(long_cmd), "%s", cmd);
	snprintf(q, sizeof(q), "%.*s: run it?", cut ? (int)(cut - why) : 100, why);
	v = view_confirm_new(q, run_long);
	if (v)
		screen_push(sc, v);
}

const char *screen_last_words(void)
{
	return last_words;
}

/* `:save PATH` is the view's: the command that writes what it shows. 1 when line was one (done or refused). */
static int run_save_view(struct screen *sc, const char *line)
{
	const char *p = line + strspn(line, " ");
	struct view *top = screen_top(sc);
	char cmdline[1024];

	if (strncmp(p, "save", 4) || (p[4] != ' ' && p[4] != '\0'))
		return 0;
	for (p += 4; *p == ' '; p++)
		;
	if (!top || !top->ops->save_command)
		screen_status(sc, 1, "save: nothing to save here: c charts a metric, t a trade-off, then :save PATH.svg");
	else if (!*p)
		screen_status(sc, 1, "save: expected a PATH (PATH.svg for a picture)");
	else if (top->ops->save_command(top, sc, p, cmdline, sizeof(cmdline)))
		screen_status(sc, 1, "save: %s", cmdline);
	else
		save_picture(sc, cmdline);
	return 1;
}

/* The command cmd failed with err: said on the status line, kept for stderr, asked about, or kept for the paste's end. */
static void run_failed(struct screen *sc, const char *cmd, const char *err)
{
	char shown[1024];

	escape_buf(err, shown, sizeof(shown));
	screen_status(sc, 1, "%s", shown);
	if (crt_leaving()) /* a signal ends the explorer: what it stopped is said after the screen is gone */
		snprintf(last_words, sizeof(last_words), "%s", shown);
	if (sc->s->ask_long && !sc->pasting) {
		ask_long(sc, cmd, shown);
		return;
	}
	/* the lines after it still run, as a shell runs a pasted script: the first failure is said at the end */
	if (sc->pasting && !sc->paste_err[0])
		snprintf(sc->paste_err, sizeof(sc->paste_err), "line %d of the paste: %.400s", sc->paste_lines, shown);
}

/* line's commands, cut by the language's one scanner as -c, scripts and the prompt are, until one fails: 1 if one did. */
static int run_commands(struct screen *sc, const char *line, struct strbuf *out)
{
	struct strbuf cmd = STRBUF_INIT;
	char err[1024];
	struct scanner scn;
	struct scan_cmd c;
	int failed = 0;

	scan_init(&scn, line, strlen(line));
	while (!sc->s->quit && !crt_leaving() && scan_next(&scn, &c)) {
		sb_reset(&cmd);
		for (size_t i = 0; i < c.len; i++)
			sb_putc(&cmd, line[c.start + i]);
		if (cmd_run(sc->s, sb_str(&cmd), out, err, sizeof(err))) {
			run_failed(sc, sb_str(&cmd), err);
			failed = 1;
			break;
		}
	}
	sb_free(&cmd);
	return failed;
}

/* `:set theme NAME`: at once, and kept for the next start. 1 when the theme changed (the status says it). */
static int follow_theme(struct screen *sc)
{
	char err[1024], shown[1024];

	if (sc->s->theme == sc->theme)
		return 0;
	sc->theme = sc->s->theme;
	crt_theme(sc->theme);
	clearok(curscr, TRUE);
	if (settings_save(sc->s, err, sizeof(err))) {
		escape_buf(err, shown, sizeof(shown));
		screen_status(sc, 1, "theme %s, but not kept: %s", theme_names[sc->theme], shown);
	} else {
		screen_status(sc, 0, "theme %s (kept in the settings file for the next start)", theme_names[sc->theme]);
	}
	return 1;
}

/*
 * `lesson NAME > PATH`: no pane - the lesson as a script prints it with no
 * answer given (the terminal is the explorer's, not an answer file), into PATH.
 */
static int lesson_to_file(struct screen *sc, const char *path)
{
	char err[1024], shown[1024], nothing[1] = "", *ebuf = NULL;
	size_t elen = 0;
	struct lesson l;
	FILE *none = fmemopen(nothing, 0, "r"), *errs = open_memstream(&ebuf, &elen);

	if (!none || !errs) {
		screen_status(sc, 1, "lesson: out of memory");
	} else if (lesson_load(&l, path, err, sizeof(err))) {
		escape_buf(err, shown, sizeof(shown));
		screen_status(sc, 1, "%s", shown);
	} else {
		sc->s->in_lesson = 1;
		script_lesson_file(sc->s, &l, none, sc->s->lesson_to, errs);
		sc->s->in_lesson = 0;
		lesson_free(&l);
		fflush(errs);
		if (elen) {
			const char *m = strncmp(ebuf, "batchlab: ", 10) ? ebuf : ebuf + 10;

			snprintf(err, sizeof(err), "%.*s", (int)strcspn(m, "\n"), m);
			escape_buf(err, shown, sizeof(shown));
			screen_status(sc, 1, "%s", shown);
		} else {
			escape_buf(sc->s->lesson_to, shown, sizeof(shown));
			screen_status(sc, 0, "wrote the lesson to %s", shown);
		}
	}
	if (none)
		fclose(none);
	if (errs)
		fclose(errs);
	free(ebuf);
	screen_recompute(sc, 1); /* the lesson's commands ran on this session */
	return 1;
}

/* `lesson NAME`: it runs here, above the panels. 1 when the line asked for one. */
static int follow_lesson(struct screen *sc)
{
	char path[sizeof(sc->s->lesson)], err[1024], shown[1024];

	if (!sc->s->lesson[0])
		return 0;
	snprintf(path, sizeof(path), "%s", sc->s->lesson);
	sc->s->lesson[0] = '\0';
	if (sc->s->lesson_to[0])
		return lesson_to_file(sc, path);
	if (lessonpane_start(sc, path, err, sizeof(err))) {
		escape_buf(err, shown, sizeof(shown));
		screen_status(sc, 1, "%s", shown);
	}
	return 1;
}

void screen_run_line(struct screen *sc, const char *line, const char *title)
{
	struct strbuf out = STRBUF_INIT;
	const char *word = line + strspn(line, " ");
	char shown[sizeof(sc->s->show)];
	int failed;

	if (screen_save(sc, line))
		return;
	if (!strncmp(word, "answer ", 7) || !strcmp(word, "answer")) {
		lessonpane_answer(sc, word + 6);
		return;
	}
	sc->s->term_cols = COLS; /* show lays its tables out to the window (the pager reflows the prose itself) */
	if (run_save_view(sc, line))
		return;
	/* the view a `state` prints is on what the cursor is on; a `state load` or a `show` moves the cursor there */
	view_panels_shown(sc->stack[0], shown, sizeof(shown));
	snprintf(sc->s->show, sizeof(sc->s->show), "%s", shown);
	sc->s->nstep_m = 0; /* a replay's steps are its own: none left from before */
	sc->s->wraps_prose = 1; /* the pager wraps the prose to its window: the text stays as -c prints it */
	failed = run_commands(sc, line, &out);
	sc->s->wraps_prose = 0;
	if (strcmp(shown, sc->s->show) && *sc->s->show)
		view_panels_show(sc->stack[0], sc, sc->s->show);
	screen_recompute(sc, 1);
	failed |= follow_theme(sc);
	if (!follow_lesson(sc)) {
		struct view *pg = out.len ? view_pager_new(title, sb_str(&out)) : NULL;

		if (pg) {
			screen_show(sc, pg);
			/* a replay: the machine goes back to its first step's, and on with each step shown */
			view_pager_steps(pg, sc, sc->s->step_m, sc->s->nstep_m);
		}
		else if (!failed && !sc->s->quit)
			screen_status(sc, 0, "ok: %s", line);
		if (sc->s->quit)
			sc->quit = 1;
	}
	sb_free(&out);
}
