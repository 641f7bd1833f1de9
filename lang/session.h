/*
 * A front end's session: the machine being explored and how output is
 * formatted. The command language (cmd.c) runs against it; the script
 * runner, the readline prompt and the curses screen each own one.
 */
#ifndef BL_SESSION_H
#define BL_SESSION_H

#include <stdio.h>

#include "../core/machine.h"
#include "../core/mm/zonelayout.h"
#include "../core/strbuf.h"
#include "out/outopts.h"
#include "out/doc.h"


struct session {
	struct machine m;
	enum out_format format;
	int quit;          /* `quit` was run */
	int interactive;   /* a person is reading (prompt, screen): progress and hints may show */
	FILE *stream;      /* where a long command (sweep) may flush its output early, in order; NULL: keep it all in out */
	char preset[64];   /* the preset last loaded or saved (its name or path as typed), "" for none */
	struct machine preset_m; /* the machine it gave, to tell whether it has been changed since */
	int width;         /* --width before -c: every printing command's default, 0 for none */
	int term_cols;     /* the columns of the terminal output goes to (the prompt, -c, the explorer), 0: not one */
	struct out_opts opts; /* the running command's output options (cmd_run sets them; outopts.h) */
	char lesson[4096]; /* `lesson NAME` checked it: the front end runs this file next ("" none) */
	/*
	 * The patch or PATCH.METRIC the view is on ("" none): show PATCH, a
	 * lesson's focus, the explorer's cursor on the patch panel. A view line
	 * (state.h) carries it; the explorer puts its cursor there.
	 */
	char show[96];
	/*
	 * While a command runs in a format of its own (--format, > PATH.json:
	 * cmd_exec, exec_depth > 0), the session's format is kept here: what a
	 * view line holds, and where `state load` puts the line's.
	 */
	enum out_format view_format;
	int exec_depth;
	/*
	 * `lesson NAME`'s output options, which the front end applies when it runs
	 * it (cmd_run has put the command's back by then): > PATH ("" none), --width (0 none), --units, the format.
	 */
	char lesson_to[4096];
	int lesson_width, lesson_units;
	enum out_format lesson_format;
	int in_lesson;     /* a lesson is running: its own `lesson` line is refused */
	int source_depth;  /* `source` files open now, to refuse one that sources itself for ever */
	int echo;          /* -f --echo / -x: each command printed as typed before its output */
	int stepped;       /* the explorer: `source` marks where each command starts (SOURCE_STEP) for its pager */
	int pause;         /* --pause: at a terminal, wait for Enter before each command after the first */
	unsigned paused;   /* commands run under --pause so far */
	int theme;         /* enum theme (settings.h): the explorer's colours */
	int units;         /* --units: csv gets a "# units:" line above each header */
	int lists_full;    /* --lists full: a sweep's list columns give every item, not count/first/last/sum */
	int run;           /* a script run is under way: its stdout is one document (script.c closes it) */
	int ask_long;      /* the last sweep was refused only for its estimated time: the explorer asks, then adds --long */
	struct doc doc;    /* the document of the session's output (records.h); cmd_run names the command in it */
	/*
	 * `help keys`: the front end's key table (tui/keys.c sits above lang),
	 * the rows of the view on top in the explorer; NULL where there are no
	 * keys. Set by the front end after session_init().
	 */
	void (*keys_help)(void *ctx, struct strbuf *out);
	void *keys_ctx;
	/*
	 * stepped: a `source` run's machine before each of its steps (a command
	 * shown as `batchlab> ...`), in order, so the explorer's pager can put the
	 * machine where the narration is. Owned here; the next outermost source
	 * starts it over.
	 */
	struct machine *step_m;
	int nstep_m, capstep_m;
	/*
	 * The front end wraps the prose itself (the explorer's pager reflows to
	 * its window): a command's text stays logical lines, as -c prints it to a
	 * pipe, so :> PATH saves what -c prints. --width still fits it.
	 */
	int wraps_prose;
	/*
	 * The layouts `host` loaded (core/mm/zonelayout.h), which machines point to:
	 * kept for the session, since an undo entry or a preset's copy may still
	 * point to an older one; a layout equal to a kept one is not kept twice.
	 */
	struct layout_pool layouts; /* `host` and `set zones` keep theirs here: m.layouts points to it */
};

void session_init(struct session *s);
/* What the session holds let go (its patch set, the layouts host kept, a source's steps): the end of a front end, or of a test. */
void session_end(struct session *s);
/* *dst = *src, dst one more holder of src's patch set, none of its layouts: a scratch session (session_end it before src's end). */
void session_copy(struct session *dst, const struct session *src);
/*
 * ps (made by patchreg_new() or patchreg_load(), its one holder the caller)
 * as the session's set, in place of the one it had, which it lets go: a
 * change made on a new set is swapped in whole. NULL: the built-ins.
 */
void session_set_patches(struct session *s, const struct patch_set *ps);
/* stepped: the machine now, as the state before the step a source is about to show (step_m). */
void session_step_state(struct session *s);
/* The layouts `host` kept freed, before the session is dropped or initialized anew: no machine of it points to one. */
void session_layouts_free(struct session *s);
/*
 * The columns the running command's text is to fit: --width inside it or
 * before -c, else the terminal's when it prints to one (not to a file); 0: as
 * wide as it is (a pipe, a file).
 */
int session_width(const struct session *s);
/*
 * preset_load() into the session, remembering the name (for titles: "vm-4g",
 * "vm-4g*" once changed). A preset is a machine: the session's variants stay,
 * one the preset defines under the same name replaced by the preset's; note
 * (NULL: not told) gets a line for what was replaced and one for what was kept.
 */
int session_load_preset(struct session *s, const char *name, struct strbuf *note, char *err, size_t errlen);

/*
 * A note or a warning about a command's result (lines, each ending '\n'): in a
 * script run or at the prompt on stderr, so stdout holds only what was asked
 * for ($(batchlab -c ...) gets one line); in the explorer into out, its pager,
 * when that is text for people.
 */
void session_note(const struct session *s, struct strbuf *out, const char *text);
/* `reset`: every parameter back to its default; the variants stay, named in kept ("" if none). */
void session_reset(struct session *s, struct strbuf *kept);
/* Every variant of m as "PATCH.NAME, ...", into out ("" when there is none). */
void session_variant_names(const struct machine *m, struct strbuf *out);
/* "vm-4g", "vm-4g*" (changed since it was loaded), or "" when no preset was loaded. */
void session_preset_label(const struct session *s, char *buf, size_t len);
/* The machine now is the preset name_or_path (loaded or saved): its name is kept, the machine remembered. */
void session_preset(struct session *s, const char *name_or_path);
/* Some parameter differs from the preset's (or the defaults') value. */
int session_modified(const struct session *s);
/*
 * A command's whole output, built in text, written to path through
 * out/outfile.c (text is freed either way); on a terminal "wrote the WHAT to
 * PATH" is appended to out. 0, or -1 with "CMD: why" in err.
 */
int session_write_file(const struct session *s, const char *cmd, const char *what, const char *path,
		       struct strbuf *text, struct strbuf *out, char *err, size_t errlen);
/* -1 with "CMD: > PATH would replace FILE, which it reads" when the running command's > PATH is read. */
int session_check_read(const struct session *s, const char *cmd, const char *read, char *err, size_t errlen);
/* a and b differ in some parameter (field by field through the parameter table). */
int machine_differs(const struct machine *a, const struct machine *b);

#endif
