/*
 * The curses explorer's screen manager: the machine's cells as last
 * computed, the layout, the title, footer and status line, and a stack of
 * views (view.h) - the panels at the bottom, a pager or a chart over them,
 * the `:` line on top. Keys go to the top view first (keys.c names them),
 * terminal handling is crt.c's.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../core/params.h"
#include "../lang/out/chart.h"
#include "../lang/cmd.h"
#include "../lang/out/escape.h"
#include "../lang/out/outpath.h"
#include "../lang/out/render.h"
#include "../lang/out/wrap.h"
#include "../lang/scan.h"
#include "../lang/settings.h"
#include "../lang/out/outfile.h"
#include "../lang/presetio.h"
#include "../lang/xdg.h"
#include "../lang/script.h"
#include "cmdline.h"
#include "crt.h"
#include "frontends.h"
#include "rlcomplete.h"
#include "screen.h"
#include "lessonpane.h"

#ifndef BATCHLAB_VERSION
#define BATCHLAB_VERSION "0.1.0"
#endif

/* How long a cell the last change moved stays highlighted. */
#define HIGHLIGHT_MS 1500

/* --- state ------------------------------------------------------------- */

void screen_status(struct screen *sc, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(sc->status, sizeof(sc->status), fmt, ap);
	va_end(ap);
	sc->status_err = err;
}

/* --- undo: every change reaches the cells through screen_recompute, which keeps the state before it --- */

static int undo_keep(struct undo_machine *u, const struct machine *m)
{
	int vars = 0;

	memcpy(u->head, m, MACHINE_HEAD);
	for (int p = 0; p < VARIANT_PATCHES; p++)
		vars |= m->nvariants[p];
	if (!vars) {
		free(u->full);
		u->full = NULL;
		return 0;
	}
	if (!u->full && !(u->full = malloc(sizeof(*u->full))))
		return -1;
	machine_copy(u->full, m);
	return 0;
}

static void undo_restore(struct machine *m, const struct undo_machine *u)
{
	if (u->full)
		machine_copy(m, u->full);
	else
		memcpy(m, u->head, MACHINE_HEAD); /* no variants: the counts say so, the slots are not read */
}

static void undo_take(const struct session *s, struct undo_entry *e)
{
	e->lost = undo_keep(&e->m, &s->m) || undo_keep(&e->preset_m, &s->preset_m);
	snprintf(e->preset, sizeof(e->preset), "%s", s->preset);
}

/*
 * The variants of m and of u, name and text (the compiled program follows the
 * text): the same counts can hold different variants - `variant del P a;
 * variant P a = 99` leaves every byte of the head as it was.
 */
static int variants_differ(const struct machine *m, const struct undo_machine *u)
{
	for (int p = 0; p < VARIANT_PATCHES; p++)
		for (int k = 0; k < m->nvariants[p] && k < VARIANT_MAX; k++) {
			const struct variant *a = &m->variants[p][k], *b;

			if (!u->full)
				return 1;
			b = &u->full->variants[p][k];
			if (strcmp(a->name, b->name) || strcmp(a->text, b->text))
				return 1;
		}
	return 0;
}

static int undo_differs(const struct session *s, const struct undo_entry *e)
{
	return memcmp(e->m.head, &s->m, MACHINE_HEAD) || memcmp(e->preset_m.head, &s->preset_m, MACHINE_HEAD) ||
	       strcmp(s->preset, e->preset) || variants_differ(&s->m, &e->m) || variants_differ(&s->preset_m, &e->preset_m);
}

static void undo_swap(struct undo_entry *a, struct undo_entry *b)
{
	struct undo_entry t = *a;

	*a = *b;
	*b = t;
}

/*
 * The session moved away from what was shown: the shown state goes on the
 * undo ring (the slot it takes, the oldest when the ring is full, becomes the
 * shown entry's storage), and the shown state becomes the session's.
 */
static void remember(struct screen *sc)
{
	if (!sc->undoing && undo_differs(sc->s, sc->shown)) {
		if (sc->undo_n == SCREEN_UNDO_MAX) { /* the oldest goes */
			sc->undo_first = (sc->undo_first + 1) % SCREEN_UNDO_MAX;
			sc->undo_n--;
		}
		undo_swap(&sc->undo[(sc->undo_first + sc->undo_n++) % SCREEN_UNDO_MAX], sc->shown);
	}
	undo_take(sc->s, sc->shown);
}

void screen_undo(struct screen *sc)
{
	const struct undo_entry *e;

	if (!sc->undo_n) {
		screen_status(sc, 0, "nothing to undo");
		return;
	}
	e = &sc->undo[(sc->undo_first + --sc->undo_n) % SCREEN_UNDO_MAX];
	if (e->lost) {
		screen_status(sc, 1, "cannot undo: there was no memory to keep that state's variants");
		return;
	}
	undo_restore(&sc->s->m, &e->m);
	undo_restore(&sc->s->preset_m, &e->preset_m);
	snprintf(sc->s->preset, sizeof(sc->s->preset), "%s", e->preset);
	sc->undoing = 1;
	screen_recompute(sc, 1);
	sc->undoing = 0;
	screen_status(sc, 0, "undone: the machine is as it was before the last change (%d more to undo)", sc->undo_n);
}

/* The panels' geometry for a cols x lines terminal, under the lesson pane when one is open. */
static void screen_layout(struct screen *sc, int cols, int lines)
{
	int pane = sc->lesson ? lessonpane_rows(sc->lesson, cols, lines) : 0;

	if (pane && lessonpane_full(sc->lesson)) { /* the step has the screen: the panels keep their geometry */
		layout_compute(&sc->L, cols, lines);
		sc->pane_rows = sc->L.too_small ? 0 : pane;
		return;
	}
	layout_compute(&sc->L, cols, lines - pane);
	if (pane && sc->L.too_small) /* no room for both: the panels, and the pane waits for a bigger window */
		pane = 0, layout_compute(&sc->L, cols, lines);
	sc->L.top += pane;
	sc->L.footer_y += pane;
	sc->L.status_y += pane;
	sc->L.lines = lines;
	sc->pane_rows = pane;
}

/*
 * The rows follow patches[]: a patch file loaded or replaced (patch load)
 * adds metrics, so the arrays by metric row serial are made again for them
 * and the layout with them. 0, or -1 out of memory (the old arrays kept).
 */
static int screen_follow_patches(struct screen *sc)
{
	int n = 0, same = 1, i;
	struct metric_state *metrics;
	struct cells_memo *memo;

	for (i = 0; patches[i] && i < VARIANT_PATCHES; i++)
		same &= sc->seen[i] == patches[i];
	if (same && !sc->seen[i])
		return 0;
	for (i = 0; patches[i]; i++)
		for (const struct metric_desc *md = patches[i]->metrics; md->name; md++)
			n++;
	metrics = calloc((size_t)n + 1, sizeof(*metrics));
	memo = calloc((size_t)n + 1, sizeof(*memo));
	if (!metrics || !memo) {
		free(metrics);
		free(memo);
		return -1;
	}
	free(sc->metrics);
	free(sc->memo);
	sc->metrics = metrics;
	sc->memo = memo;
	sc->nmetrics = n;
	n = 0;
	for (i = 0; patches[i] && i < VARIANT_PATCHES; i++) {
		sc->seen[i] = patches[i];
		for (const struct metric_desc *md = patches[i]->metrics; md->name; md++)
			cells_memo_init(&sc->memo[n++], md);
	}
	sc->seen[i] = NULL;
	screen_layout(sc, sc->L.cols, sc->L.lines);
	for (i = 0; i < sc->depth; i++) /* the panels make their rows again */
		if (sc->stack[i]->ops->resize)
			sc->stack[i]->ops->resize(sc->stack[i], sc);
	return 0;
}

void screen_recompute(struct screen *sc, int mark)
{
	long long now = crt_now_ms();
	int k = 0, nvar = 0;

	if (screen_follow_patches(sc))
		return;

	/* a loaded preset or a reset is a machine from elsewhere: it keeps the screen's solved networks too */
	sc->s->m.mva_memo = &sc->mva;

	/* a variant added or removed: its columns fit beside the change column, or scroll */
	for (int i = 0; patches[i]; i++)
		if (patch_ncols(&sc->s->m, patches[i]) - patch_nsides(patches[i]) > nvar)
			nvar = patch_ncols(&sc->s->m, patches[i]) - patch_nsides(patches[i]);
	if (nvar != sc->L.nvar_all) {
		screen_layout(sc, sc->L.cols, sc->L.lines);
		layout_variants(&sc->L, nvar);
	}

	for (int i = 0; patches[i]; i++) {
		int first = k; /* the patch's first row */

		for (const struct metric_desc *md = patches[i]->metrics; md->name; md++, k++) {
			struct metric_state *ms = &sc->metrics[k];
			const struct metric_desc *of = md->ratio_of ? patch_metric(patches[i], md->ratio_of) : NULL;
			struct metric_cells c;

			/* a speedup divides the throughput row made just above rather than solve its model again */
			if (of && first + (of - patches[i]->metrics) < k)
				cells_ratio(patches[i], md, &sc->metrics[first + (of - patches[i]->metrics)].cells, sc->L.pval_w, &c);
			else
				cells_metric_memo(&sc->memo[k], &sc->s->m, patches[i], md, sc->L.pval_w, &c);
			for (int sd = 0; sd < PATCH_MAX_COLS; sd++)
				if (mark && strcmp(c.side[sd], ms->cells.side[sd]))
					ms->changed[sd] = now;
			if (mark && strcmp(c.change, ms->cells.change))
				ms->changed[PATCH_MAX_COLS] = now;
			ms->cells = c;
		}
	}
	for (size_t i = 0; i < nparams; i++) {
		char t[96];

		param_text_memo(&sc->pmemo[i], &sc->s->m, &params[i], t, sizeof(t));
		if (mark && strcmp(t, sc->pstate[i].text))
			sc->pstate[i].changed = now;
		snprintf(sc->pstate[i].text, sizeof(sc->pstate[i].text), "%s", t);
	}
	if (mark)
		sc->highlight_until = now + HIGHLIGHT_MS;
	sc->generation++;
	remember(sc);
}

int screen_highlighted(const struct screen *sc, long long when)
{
	/* a lesson's step keeps what it changed lit while it is shown */
	return when && (sc->now - when < HIGHLIGHT_MS || (sc->lesson && sc->pin_since && when >= sc->pin_since));
}

/* --- the debug log (BATCHLAB_LOG=FILE, tmux's habit) ------------------------- */

static long long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

void screen_log(struct screen *sc, const char *fmt, ...)
{
	va_list ap;
	long long t;

	if (!sc->log)
		return;
	t = now_us() - sc->log_start;
	fprintf(sc->log, "%lld.%06lld ", t / 1000000, t % 1000000);
	va_start(ap, fmt);
	vfprintf(sc->log, fmt, ap);
	va_end(ap);
	fputc('\n', sc->log);
	fflush(sc->log); /* a crash or a kill must not take the last lines with it */
}

/* --- the view stack ------------------------------------------------------ */

struct view *screen_top(const struct screen *sc)
{
	return sc->depth ? sc->stack[sc->depth - 1] : NULL;
}

void screen_pop(struct screen *sc)
{
	struct view *v;

	if (sc->depth <= 1)
		return;
	v = sc->stack[--sc->depth];
	screen_log(sc, "view close %s", v->ops->name);
	v->ops->destroy(v);
}

void screen_push(struct screen *sc, struct view *v)
{
	if (!v) {
		screen_status(sc, 1, "out of memory");
		return;
	}
	if (sc->depth == SCREEN_MAX_VIEWS)
		screen_pop(sc);
	sc->stack[sc->depth++] = v;
	screen_log(sc, "view open %s", v->ops->name);
	if (v->ops->resize)
		v->ops->resize(v, sc);
}

void screen_show(struct screen *sc, struct view *v)
{
	while (sc->depth > 1)
		screen_pop(sc);
	screen_push(sc, v);
}

void screen_search_set(struct screen *sc, const char *text)
{
	snprintf(sc->search, sizeof(sc->search), "%s", text);
}

void screen_command(struct screen *sc, const char *initial)
{
	sc->status[0] = '\0';
	screen_push(sc, view_cmdline_new(initial));
}

void screen_relayout(struct screen *sc)
{
	screen_layout(sc, COLS, LINES);
	screen_log(sc, "resize %dx%d%s", COLS, LINES, sc->L.too_small ? " (too small)" : "");
	for (int i = 0; i < sc->depth; i++)
		if (sc->stack[i]->ops->resize)
			sc->stack[i]->ops->resize(sc->stack[i], sc);
	screen_recompute(sc, 0);
}

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
		render_show(&s, "all", &text, err, sizeof(err));
	}
	if (outpath_write(sc->s, "save", "screen", o.path, &text, &msg, err, sizeof(err))) {
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

void screen_run_line(struct screen *sc, const char *line, const char *title)
{
	struct strbuf out = STRBUF_INIT, cmd = STRBUF_INIT;
	char err[1024], shown[1024];
	struct scanner scn;
	struct scan_cmd c;
	int failed = 0;

	if (screen_save(sc, line))
		return;
	if (!strncmp(line + strspn(line, " "), "answer ", 7) || !strcmp(line + strspn(line, " "), "answer")) {
		lessonpane_answer(sc, line + strspn(line, " ") + 6);
		return;
	}
	sc->s->term_cols = COLS; /* show lays its tables out to the window (the pager reflows the prose itself) */
	/* `:save PATH` is the view's: the command that writes what it shows */
	{
		const char *p = line;
		struct view *top = screen_top(sc);
		char cmdline[1024];

		while (*p == ' ')
			p++;
		if (!strncmp(p, "save", 4) && (p[4] == ' ' || p[4] == '\0')) {
			for (p += 4; *p == ' '; p++)
				;
			if (!top || !top->ops->save_command) {
				screen_status(sc, 1, "save: nothing to save here: c charts a metric, t a trade-off, then :save PATH.svg");
				return;
			}
			if (!*p) {
				screen_status(sc, 1, "save: expected a PATH (PATH.svg for a picture)");
				return;
			}
			if (top->ops->save_command(top, sc, p, cmdline, sizeof(cmdline))) {
				screen_status(sc, 1, "save: %s", cmdline);
				return;
			}
			save_picture(sc, cmdline);
			return;
		}
	}
	/* cut into commands by the language's one scanner, as -c, scripts and the prompt are */
	scan_init(&scn, line, strlen(line));
	while (!sc->s->quit && !crt_leaving() && scan_next(&scn, &c)) {
		sb_reset(&cmd);
		for (size_t i = 0; i < c.len; i++)
			sb_putc(&cmd, line[c.start + i]);
		if (cmd_run(sc->s, sb_str(&cmd), &out, err, sizeof(err))) {
			escape_buf(err, shown, sizeof(shown));
			screen_status(sc, 1, "%s", shown);
			if (crt_leaving()) /* a signal ends the explorer: what it stopped is said after the screen is gone */
				snprintf(last_words, sizeof(last_words), "%s", shown);
			if (sc->s->ask_long && !sc->pasting) {
				ask_long(sc, sb_str(&cmd), shown);
				failed = 1;
				break;
			}
			/* the lines after it still run, as a shell runs a pasted script: the first failure is said at the end */
			if (sc->pasting && !sc->paste_err[0])
				snprintf(sc->paste_err, sizeof(sc->paste_err), "line %d of the paste: %.400s", sc->paste_lines, shown);
			failed = 1;
			break;
		}
	}
	screen_recompute(sc, 1);
	if (sc->s->theme != sc->theme) { /* :set theme NAME: at once, and kept for the next start */
		sc->theme = sc->s->theme;
		crt_theme(sc->theme);
		clearok(curscr, TRUE);
		if (settings_save(sc->s, err, sizeof(err))) {
			escape_buf(err, shown, sizeof(shown));
			screen_status(sc, 1, "theme %s, but not kept: %s", theme_names[sc->theme], shown);
		} else {
			screen_status(sc, 0, "theme %s (kept in the settings file for the next start)", theme_names[sc->theme]);
		}
		failed = 1; /* the status says it */
	}
	if (sc->s->lesson[0]) { /* `lesson NAME`: it runs here, above the panels */
		char path[sizeof(sc->s->lesson)];

		snprintf(path, sizeof(path), "%s", sc->s->lesson);
		sc->s->lesson[0] = '\0';
		if (lessonpane_start(sc, path, err, sizeof(err))) {
			escape_buf(err, shown, sizeof(shown));
			screen_status(sc, 1, "%s", shown);
		}
		sb_free(&out);
		sb_free(&cmd);
		return;
	}
	if (out.len)
		screen_show(sc, view_pager_new(title, sb_str(&out)));
	else if (!failed && !sc->s->quit)
		screen_status(sc, 0, "ok: %s", line);
	if (sc->s->quit)
		sc->quit = 1;
	sb_free(&out);
	sb_free(&cmd);
}

static int screen_setup(struct screen *sc, struct session *s, FILE *log)
{
	memset(sc, 0, sizeof(*sc));
	sc->s = s;
	sc->log = log;
	sc->log_start = now_us();
	screen_log(sc, "start %dx%d, TERM=%s", COLS, LINES, getenv("TERM") ? getenv("TERM") : "");
	sc->pstate = calloc(nparams, sizeof(*sc->pstate));
	sc->pmemo = calloc(nparams, sizeof(*sc->pmemo));
	sc->undo = calloc(SCREEN_UNDO_MAX, sizeof(*sc->undo));
	sc->shown = calloc(1, sizeof(*sc->shown));
	/* sc->seen[] is empty: screen_follow_patches() makes the rows' arrays */
	layout_compute(&sc->L, COLS, LINES);
	if (!sc->pstate || !sc->pmemo || !sc->undo || !sc->shown || screen_follow_patches(sc))
		return -1;
	sc->theme = s->theme;
	sc->utf8 = chart_locale_utf8();
	s->m.mva_memo = &sc->mva; /* before the first undo entry: the entries hold it as the machine does */
	undo_take(s, sc->shown);
	layout_compute(&sc->L, COLS, LINES);
	if (!(sc->stack[0] = view_panels_new(sc)))
		return -1;
	sc->depth = 1;
	screen_recompute(sc, 0);
	return 0;
}

static void screen_free(struct screen *sc)
{
	lessonpane_free(sc->lesson);
	sc->lesson = NULL;
	while (sc->depth > 0) {
		struct view *v = sc->stack[--sc->depth];

		v->ops->destroy(v);
	}
	free(sc->metrics);
	free(sc->pstate);
	free(sc->memo);
	free(sc->pmemo);
	for (int i = 0; sc->undo && i < SCREEN_UNDO_MAX; i++) {
		free(sc->undo[i].m.full);
		free(sc->undo[i].preset_m.full);
	}
	if (sc->shown) {
		free(sc->shown->m.full);
		free(sc->shown->preset_m.full);
	}
	if (sc->s) /* the session outlives the screen, its solved networks do not */
		sc->s->m.mva_memo = sc->s->preset_m.mva_memo = NULL;
	free(sc->undo);
	free(sc->shown);
	if (sc->log) {
		screen_log(sc, "end");
		fclose(sc->log);
		sc->log = NULL;
	}
}

/* --- drawing ----------------------------------------------------------- */

void screen_put(int y, int x, int width, const char *text, int right, attr_t attr)
{
	char buf[4 * 512 + 1]; /* a full line of three-byte characters (braille, box drawing) */
	chtype cells[512];
	int n = 0;

	if (width <= 0)
		return;
	fit_text(buf, sizeof(buf), text, width, right);
	/*
	 * Most cells are ASCII: those go in as ready-made cells, which ncurses
	 * copies, where waddstr runs each byte through its multibyte decoder.
	 */
	while (n < (int)(sizeof(cells) / sizeof(cells[0])) && buf[n] >= ' ' && buf[n] <= '~') {
		cells[n] = (chtype)(unsigned char)buf[n] | attr;
		n++;
	}
	if (!buf[n]) {
		mvaddchnstr(y, x, cells, n);
		return;
	}
	attrset(attr);
	mvaddstr(y, x, buf);
	attrset(A_NORMAL);
}

static void draw_title(struct screen *sc)
{
	static const char legend[] = "~ model: calibrated estimate  * workload: stated assumption  plain: exact ";
	const int lw = (int)sizeof(legend) - 1;
	char left[256], machine[96];

	/* which machine: the preset loaded (its name: no folder, no .preset), or the defaults; starred once changed */
	const char *name = strrchr(sc->s->preset, '/') ? strrchr(sc->s->preset, '/') + 1 : sc->s->preset;
	int n = (int)strlen(name);

	if (n > 7 && !strcmp(name + n - 7, ".preset"))
		n -= 7;
	snprintf(machine, sizeof(machine), "%.*s%s", *name ? n : 8, *name ? name : "defaults",
		 session_modified(sc->s) ? "*" : "");
	snprintf(left, sizeof(left), " batchlab %s  %s  mm constants that should scale with the machine",
		 BATCHLAB_VERSION, machine);
	screen_put(0, 0, sc->L.cols, left, 0, crt_attr(ST_TITLE));
	if ((int)strlen(left) + 2 + lw > sc->L.cols) {
		snprintf(left, sizeof(left), " batchlab %s  %s", BATCHLAB_VERSION, machine);
		screen_put(0, 0, sc->L.cols, left, 0, crt_attr(ST_TITLE));
	}
	if ((int)strlen(left) + 2 + lw <= sc->L.cols)
		screen_put(0, sc->L.cols - lw, lw, legend, 0, crt_attr(ST_TITLE));
}

/* The keys that work in view v, each with its word, as many as fit: the view says which (view.h). */
static void draw_footer(struct screen *sc, struct view *v)
{
	const struct layout *L = &sc->L;
	int x = 0;

	move(L->footer_y, 0);
	clrtoeol();
	for (const struct key_binding *k = key_bindings; k->name; k++) {
		const char *label = k->label;
		int n;

		if (v->ops->footer && !v->ops->footer(v, sc, k->action, &label))
			continue;
		if (!label)
			continue;
		n = (int)(strlen(k->name) + strlen(label) + 3);
		if (x + n > L->cols)
			break;
		screen_put(L->footer_y, x, (int)strlen(k->name), k->name, 0, crt_attr(ST_KEY));
		screen_put(L->footer_y, x + (int)strlen(k->name) + 1, (int)strlen(label), label, 0, A_NORMAL);
		x += n;
	}
}

/* What the last action said; else what the topmost view that can describe its selection says. */
static void draw_status(struct screen *sc)
{
	const struct layout *L = &sc->L;
	char t[512] = "", fit[sizeof(sc->status) + 4];

	curs_set(0);
	/* one row: shortened at a word, with "...", never cut mid-word */
	if (sc->status[0]) {
		wrap_shorten(fit, sizeof(fit), sc->status, L->cols);
		screen_put(L->status_y, 0, L->cols, fit, 0, sc->status_err ? crt_attr(ST_ERROR) : A_NORMAL);
		return;
	}
	for (int i = sc->depth - 1; i >= 0; i--)
		if (sc->stack[i]->ops->describe) {
			sc->stack[i]->ops->describe(sc->stack[i], sc, t, sizeof(t));
			break;
		}
	wrap_shorten(fit, sizeof(fit), t, L->cols);
	screen_put(L->status_y, 0, L->cols, fit, 0, crt_attr(ST_DIM));
}

static void draw_too_small(struct screen *sc)
{
	const struct layout *L = &sc->L;
	char a[64], b[64];

	snprintf(a, sizeof(a), "terminal too small: %dx%d", L->cols, L->lines);
	snprintf(b, sizeof(b), "batchlab needs %dx%d", L->min_cols, L->min_lines);
	erase();
	screen_put(L->lines / 2 - 1 >= 0 ? L->lines / 2 - 1 : 0, 0, L->cols, a, 0, A_BOLD);
	if (L->lines > 1)
		screen_put(L->lines / 2, 0, L->cols, b, 0, A_NORMAL);
	if (L->lines > 2)
		screen_put(L->lines / 2 + 1, 0, L->cols, "q quits", 0, A_NORMAL);
}

/* The topmost opaque view fills the panel area; the views above it (the `:` line) draw last. */
static void draw_frame(struct screen *sc)
{
	int base = sc->depth - 1;

	if (sc->L.too_small) {
		draw_too_small(sc);
		refresh();
		return;
	}
	while (base > 0 && !sc->stack[base]->ops->opaque)
		base--;
	erase();
	draw_title(sc);
	if (sc->lesson)
		lessonpane_draw(sc, 1, sc->pane_rows);
	if (base || !lessonpane_full(sc->lesson)) { /* f: the step has the screen, the panels wait */
		sc->stack[base]->ops->draw(sc->stack[base], sc);
		draw_footer(sc, sc->stack[base]);
	}
	draw_status(sc);
	for (int i = base + 1; i < sc->depth; i++)
		sc->stack[i]->ops->draw(sc->stack[i], sc);
	refresh();
}

static void draw(struct screen *sc)
{
	long long t0 = sc->log ? now_us() : 0;

	sc->now = crt_now_ms();
	draw_frame(sc);
	if (sc->log) {
		long long us = now_us() - t0;

		screen_log(sc, "redraw %s %lld.%03lld ms", screen_top(sc)->ops->name, us / 1000, us % 1000);
	}
}

/* --- keys -------------------------------------------------------------- */

/*
 * The marks in one line of 80 columns (the title bar has room for them only on a
 * wide screen): "unresolved" is a change within the model's own error.
 */
static const char screen_legend[] = "~ fitted model  * assumed workload  plain: exact  [N] list  unresolved: in noise";

/* The first start ever (no marker in the state folder yet) shows the legend; the marker is left for next time. */
static void first_start_legend(struct screen *sc)
{
	char path[4096], dir[4096], err[256], failed[4096];
	struct stat st;

	if (xdg_path(XDG_STATE, NULL, dir, sizeof(dir)) || snprintf(path, sizeof(path), "%.4000s/started", dir) < 0 ||
	    !stat(path, &st))
		return;
	screen_status(sc, 0, "%s", screen_legend); /* 80 columns: nothing after it; ? lists the L key */
	if (!make_dirs(dir, 0700, failed, sizeof(failed)))
		outfile_write(path, "", 0, err, sizeof(err)); /* no marker: the legend shows again, nothing lost */
}

/* The keys no view takes: they work wherever you are. 0: the key does nothing here. */
static int screen_key(struct screen *sc, const struct key_binding *b)
{
	struct strbuf out = STRBUF_INIT;

	switch (b ? b->action : KA_NONE) {
	case KA_QUIT: sc->quit = 1; break;
	case KA_HELP:
		view_help_text(&out);
		screen_show(sc, view_pager_new("keys", sb_str(&out)));
		sb_free(&out);
		break;
	case KA_COMMAND: screen_command(sc, NULL); break;
	case KA_REDRAW: clearok(curscr, TRUE); break;
	case KA_LEGEND: screen_status(sc, 0, "%s", screen_legend); break;
	case KA_UNDO: screen_undo(sc); break;
	default: return 0;
	}
	return 1;
}

/* A key nothing took: say so, rather than leave the user wondering whether it was heard. */
static void say_unused(struct screen *sc, const struct key_binding *b, int ch)
{
	const char *name = keyname(ch);

	if (b)
		screen_status(sc, 0, "%s does nothing in the %s view (it is for: %s)", b->name,
			      screen_top(sc)->ops->name, b->help);
	else
		screen_status(sc, 0, "%s is not a key here: ? lists them", name ? name : "that key");
}

/* --- paste: text for the `:` line, never keys ------------------------------- */

/* Keys this soon after an Enter on the `:` line came with it (no person types a hotkey that fast). */
#define FOLLOW_MS 10
/* A bracketed paste whose end marker never comes is over after this long without a key. */
#define PASTE_IDLE_MS 1000

int screen_typeahead(struct screen *sc)
{
	int ch = getch();

	if (ch == ERR) {
		struct pollfd p = { sc->in, POLLIN, 0 };

		if (poll(&p, 1, FOLLOW_MS) > 0 && (p.revents & POLLIN))
			ch = getch();
	}
	if (ch == ERR)
		return 0;
	ungetch(ch);
	return 1;
}

/* The `:` line on top, opened over whatever is shown (a search or a question gives way to it). */
static void paste_target(struct screen *sc)
{
	struct view *top = screen_top(sc);

	if (view_is_cmdline(top))
		return;
	if (!top->ops->opaque)
		screen_pop(sc);
	screen_push(sc, view_cmdline_new(NULL));
}

static void paste_begin(struct screen *sc)
{
	sc->pasting = 1;
	sc->paste_cr = sc->paste_lines = sc->paste_long = 0;
	sc->paste_err[0] = '\0';
	sc->paste_last = crt_now_ms();
	sc->status[0] = '\0';
	paste_target(sc);
}

/* The first failure is said where it is seen: on the hint line when the paste left text on the `:` line. */
static void paste_end(struct screen *sc)
{
	sc->pasting = 0;
	if (!sc->paste_err[0])
		return;
	if (view_is_cmdline(screen_top(sc)))
		cmdline_set_hint(sc->paste_err);
	else
		screen_status(sc, 1, "%s", sc->paste_err);
}

/*
 * One key of a paste: a line end runs the line (CR, LF or CR LF, as
 * terminals send them), a byte of text goes into the line as itself, and
 * anything else - a function key's sequence, a control character - is not
 * text and is dropped. A line past the language's limit does not run.
 */
static void paste_key(struct screen *sc, int ch)
{
	sc->paste_last = crt_now_ms();
	if (ch == '\n' && sc->paste_cr) {
		sc->paste_cr = 0;
		return;
	}
	sc->paste_cr = ch == '\r';
	if (ch != '\r' && ch != '\n' && ch != '\t' && (ch < ' ' || ch == 0x7f || ch > 0xff))
		return;
	paste_target(sc); /* the line that ran closed it */
	if (ch == '\r' || ch == '\n') {
		sc->paste_lines++;
		if (sc->paste_long) {
			sc->paste_long = 0;
			cmdline_cancel();
			screen_pop(sc);
			if (!sc->paste_err[0])
				snprintf(sc->paste_err, sizeof(sc->paste_err),
					 "line %d of the paste: longer than %d characters: not run", sc->paste_lines, SCRIPT_LINE_MAX - 1);
			return;
		}
		screen_top(sc)->ops->key(screen_top(sc), sc, NULL, '\r');
		return;
	}
	if (cmdline_length() >= SCRIPT_LINE_MAX - 1) {
		sc->paste_long = 1;
		return;
	}
	{
		char c = (char)ch;

		cmdline_insert(&c, 1);
	}
}

static void handle_key(struct screen *sc, int ch)
{
	const struct key_binding *b;
	struct view *top = screen_top(sc);
	const char *name = keyname(ch);

	screen_log(sc, "key %s (%d) to %s", name ? name : "?", ch, top->ops->name);

	if (ch == CRT_KEY_PASTE_BEGIN) {
		paste_begin(sc);
		return;
	}
	if (ch == CRT_KEY_PASTE_END) {
		if (sc->pasting)
			paste_end(sc);
		return;
	}
	if (sc->pasting && ch != KEY_RESIZE) {
		paste_key(sc, ch);
		return;
	}
	/* the `:` line takes every key, a resize included: readline redraws it */
	if (!top->ops->opaque) {
		top->ops->key(top, sc, NULL, ch);
		return;
	}
	if (ch == KEY_RESIZE) {
		screen_relayout(sc);
		return;
	}
	b = key_find(ch);
	sc->status[0] = '\0';
	/* a lesson's n, p, [ and ] over the panels (a pager or chart on top keeps its own keys) */
	if (sc->lesson && sc->depth == 1 && lessonpane_key(sc, ch))
		return;
	if (sc->L.too_small && (!b || b->action != KA_QUIT))
		return;
	for (int i = sc->depth - 1; b && i >= 0; i--)
		if (sc->stack[i]->ops->key(sc->stack[i], sc, b, ch))
			return;
	if (!screen_key(sc, b))
		say_unused(sc, b, ch);
}

/* --- the loop ---------------------------------------------------------- */

/* How long poll() may sleep: until the next highlight fades, a paste left open gives up, or for ever. */
static int poll_timeout(struct screen *sc)
{
	long long left = sc->highlight_until - crt_now_ms();

	if (sc->pasting) {
		long long idle = sc->paste_last + PASTE_IDLE_MS - crt_now_ms();

		if (idle <= 0) {
			paste_end(sc);
		} else if (!sc->highlight_until || idle < left) {
			return (int)idle;
		}
	}

	if (!sc->highlight_until)
		return -1;
	if (left <= 0) {
		sc->highlight_until = 0; /* one more frame draws them plain */
		return 0;
	}
	return (int)left;
}

int screen_loop(struct session *s, FILE *logf, int in, int keys_per_frame)
{
	struct screen sc;
	char err[256];
	int sig = 0;

	/* readline starts when the command line first opens (cmdline_open): a look needs no inputrc, no history */
	rlcomplete_machine(&s->m);
	if (screen_setup(&sc, s, logf)) {
		cmdline_done();
		screen_free(&sc);
		return -1;
	}
	first_start_legend(&sc);
	if (s->lesson[0]) { /* --lesson NAME on a terminal */
		char path[sizeof(s->lesson)];

		snprintf(path, sizeof(path), "%s", s->lesson);
		s->lesson[0] = '\0';
		if (lessonpane_start(&sc, path, err, sizeof(err)))
			screen_status(&sc, 1, "%s", err);
	}
	sc.in = in;
	while (!sc.quit) {
		struct pollfd fds[2] = { { in, POLLIN, 0 }, { crt_signal_fd(), POLLIN, 0 } };
		int ch = ERR, n = 0;

		draw(&sc);
		if (poll(fds, 2, poll_timeout(&sc)) < 0 && errno != EINTR)
			break;
		/* keys typed before a Ctrl-C count first: it may be meant for the command line they opened */
		while (!sc.quit && (!keys_per_frame || n++ < keys_per_frame) && (ch = getch()) != ERR)
			handle_key(&sc, ch);
		if (ch != ERR)
			continue; /* keys still waiting (keys_per_frame): draw, and read on */
		if ((sig = crt_pending_signal())) {
			struct view *top = screen_top(&sc);

			screen_log(&sc, "signal %d to %s", sig, top->ops->name);
			if (sig == SIGINT && top->ops->interrupt && top->ops->interrupt(top, &sc)) {
				crt_clear_signal();
				sig = 0;
				continue;
			}
			break;
		}
		if (crt_check_resize()) {
			screen_relayout(&sc);
			clearok(curscr, TRUE); /* what the terminal kept of the old size is unknown: repaint all */
		}
		if (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL)) {
			sig = SIGHUP; /* the terminal went away */
			break;
		}
	}
	cmdline_done();
	screen_free(&sc);
	return sig ? 128 + sig : 0;
}

int screen_main(struct session *s)
{
	char err[256];
	const char *log;
	FILE *logf = NULL;
	int rc;

	s->interactive = 1;
	s->stepped = 1;
	if ((log = getenv("BATCHLAB_LOG")) && *log && !(logf = fopen(log, "a"))) {
		fprintf(stderr, "batchlab: BATCHLAB_LOG=%s: %s\n", log, strerror(errno));
		return 1;
	}
	crt_theme(s->theme);
	if (crt_init(err, sizeof(err))) {
		if (logf)
			fclose(logf);
		/* a terminal that cannot host the screen (TERM=dumb in an editor's shell) still gets the prompt */
		fprintf(stderr, "batchlab: %s: no explorer; the line prompt instead\n", err);
		return repl_main(s);
	}
	rc = screen_loop(s, logf, STDIN_FILENO, 0);
	crt_done();
	if (last_words[0])
		fprintf(stderr, "batchlab: %s\n", last_words);
	if (rc < 0) {
		fprintf(stderr, "batchlab: out of memory\n");
		return 1;
	}
	return rc;
}
