/*
 * The explorer's lesson pane: a lesson (lang/lesson.h) shown above the live
 * panels - the step's narration and what its commands printed, the machine
 * following each step, the metric it talks about under the cursor, the cells
 * it changed lit, and its exercise answered on the `:` line (`answer TEXT`),
 * which opens on Enter or a.
 * n and p walk the steps; p puts the machine back as it was at that step.
 */
#ifndef BL_LESSONPANE_H
#define BL_LESSONPANE_H

#include <stddef.h>

struct screen;
struct lessonpane;

/*
 * Rows the pane takes on a cols x lines terminal: as many as the step's text
 * needs, from 6 to what leaves the panels a third of the lines (8 at least);
 * in full-step mode (f) all but the title and status lines; 0 when the
 * panels would not fit under it.
 */
int lessonpane_rows(const struct lessonpane *p, int cols, int lines);
/* f: the step has the screen, the panels are not drawn. */
int lessonpane_full(const struct lessonpane *p);
/* Open the lesson at path (already checked by `lesson`), at the step its progress reached. -1 with err. */
int lessonpane_start(struct screen *sc, const char *path, char *err, size_t errlen);
void lessonpane_draw(struct screen *sc, int top, int rows);
/* n, p, [ ], f, and Enter or a on a question (the answer line): 1 when the pane took the key. */
int lessonpane_key(struct screen *sc, int ch);
/* `answer TEXT` on the `:` line. */
void lessonpane_answer(struct screen *sc, const char *text);
void lessonpane_free(struct lessonpane *p);
/*
 * While a question is open: whether a panel cell (its text, and the unit of
 * its column) is an answer the question would accept - the panels then show
 * "?" there, so no question shows its own answer beside the pane.
 */
int lessonpane_hides(struct screen *sc, const char *cell, const char *unit);

#endif
