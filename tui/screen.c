/*
 * The curses explorer's screen manager: the machine's cells as last
 * computed, the layout, the title, footer and status line, and a stack of
 * views (view.h) - the panels at the bottom, a pager or a chart over them,
 * the `:` line on top. Keys go to the top view first (keys.c names them),
 * terminal handling is crt.c's. Split from it, each with its one job:
 * screen_undo.c (the undo ring), screen_run.c (a `:` line run, `:> PATH`,
 * `:save`), screen_paste.c (a paste is text, never keys), screen_draw.c
 * (the title, footer, status line and the frame around the views).
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

/* The panels' geometry for a cols x lines terminal, under the lesson pane when one is open. */
static void screen_layout(struct screen *sc, int cols, int lines)
{
	int pane = sc->lesson ? lessonpane_rows(sc->lesson, cols, lines) : 0;

	if (pane && lessonpane_full(sc->lesson)) { /* the step has the screen: the panels keep their geometry */
		layout_compute(&sc->L, sc->s->m.set, cols, lines);
		sc->pane_rows = sc->L.too_small ? 0 : pane;
		return;
	}
	layout_compute(&sc->L, sc->s->m.set, cols, lines - pane);
	if (pane && sc->L.too_small) /* no room for both: the panels, and the pane waits for a bigger window */
		pane = 0, layout_compute(&sc->L, sc->s->m.set, cols, lines);
	sc->L.top += pane;
	sc->L.footer_y += pane;
	sc->L.status_y += pane;
	sc->L.lines = lines;
	sc->pane_rows = pane;
}

/*
 * The rows follow the session's patch set: a patch file loaded or replaced
 * (patch load), or a set the undo ring restores, adds or takes metrics, so the arrays by metric row serial are made again for them
 * and the layout with them. 0, or -1 out of memory (the old arrays kept).
 */
static int screen_follow_patches(struct screen *sc)
{
	const struct patch_desc *const *patches = patch_set_list(sc->s->m.set);
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
	const struct patch_desc *const *patches = patch_set_list(sc->s->m.set);
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
	screen_remember(sc);
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
	layout_compute(&sc->L, sc->s->m.set, COLS, LINES);
	if (!sc->pstate || !sc->pmemo || !sc->undo || !sc->shown || screen_follow_patches(sc))
		return -1;
	sc->theme = s->theme;
	sc->utf8 = chart_locale_utf8();
	s->m.mva_memo = &sc->mva; /* before the first undo entry: the entries hold it as the machine does */
	screen_undo_take(s, sc->shown);
	layout_compute(&sc->L, sc->s->m.set, COLS, LINES);
	if (!(sc->stack[0] = view_panels_new(sc)))
		return -1;
	if (*s->show) /* a view line's show=: the cursor starts there */
		view_panels_show(sc->stack[0], sc, s->show);
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
	for (int i = 0; sc->undo && i < SCREEN_UNDO_MAX; i++)
		screen_undo_free(&sc->undo[i]);
	if (sc->shown)
		screen_undo_free(sc->shown);
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

/* --- drawing: the frame is screen_draw.c's; here it is timed for the log --- */

static void draw(struct screen *sc)
{
	long long t0 = sc->log ? now_us() : 0;

	sc->now = crt_now_ms();
	screen_draw_frame(sc);
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
	case KA_UNUSED: screen_status(sc, 0, "%s: %s", b->name, b->help); break;
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

static void handle_key(struct screen *sc, int ch)
{
	const struct key_binding *b;
	struct view *top = screen_top(sc);
	const char *name = keyname(ch);

	screen_log(sc, "key %s (%d) to %s", name ? name : "?", ch, top->ops->name);

	if (ch == CRT_KEY_PASTE_BEGIN) {
		screen_paste_begin(sc);
		return;
	}
	if (ch == CRT_KEY_PASTE_END) {
		if (sc->pasting)
			screen_paste_end(sc);
		return;
	}
	if (sc->pasting && ch != KEY_RESIZE) {
		screen_paste_key(sc, ch);
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
	/* an unbound key goes to the view on top alone (the pager's search pattern takes any letter) */
	for (int i = sc->depth - 1; i >= 0 && (b || i == sc->depth - 1); i--)
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
		long long idle = screen_paste_left(sc);

		if (idle <= 0) {
			screen_paste_end(sc);
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

/* The screen's own keys, in every view; and a lesson's, over the panels. */
static const enum key_action screen_actions[] = { KA_QUIT, KA_HELP, KA_COMMAND, KA_UNDO, KA_REDRAW, KA_LEGEND,
						  KA_UNUSED, KA_NONE };
static const enum key_action lesson_actions[] = { KA_SEARCH_NEXT, KA_LESSON_PREV, KA_PAGE, KA_ENDS, KA_LESSON_SCROLL,
						  KA_LESSON_FULL, KA_ENTER, KA_ABOUT, KA_NONE };

/* help keys in the explorer: the keys of the view on top (not the `:` line it was typed on), from the key table. */
static void screen_keys_help(void *ctx, struct strbuf *out)
{
	struct screen *sc = ctx;
	struct view *v = NULL;

	for (int i = sc->depth - 1; i >= 0 && !v; i--)
		if (sc->stack[i]->ops->actions)
			v = sc->stack[i];
	if (!v)
		return keys_help_all(NULL, out);
	sb_printf(out, "keys of the %s view (? lists every key):\n", v->ops->name);
	keys_rows(v->ops->actions, out);
	keys_rows(screen_actions, out);
	if (sc->lesson && v == sc->stack[0]) {
		sb_puts(out, "and in the lesson pane over it:\n");
		keys_rows(lesson_actions, out);
	}
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
	s->keys_help = screen_keys_help; /* help keys: this view's keys, while the screen is up */
	s->keys_ctx = &sc;
	if (s->lesson[0]) { /* --lesson NAME on a terminal */
		char path[sizeof(s->lesson)];

		snprintf(path, sizeof(path), "%s", s->lesson);
		s->lesson[0] = '\0';
		if (lessonpane_start(&sc, path, err, sizeof(err)))
			screen_status(&sc, 1, "%s", err);
	}
	sc.in = in;
	screen_walks(&sc);
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
	screen_walks(NULL);
	screen_free(&sc);
	s->keys_help = keys_help_all;
	s->keys_ctx = NULL;
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
	if (screen_last_words()[0])
		fprintf(stderr, "batchlab: %s\n", screen_last_words());
	if (rc < 0) {
		fprintf(stderr, "batchlab: out of memory\n");
		return 1;
	}
	return rc;
}
