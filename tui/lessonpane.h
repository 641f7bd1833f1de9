/*
 * The explorer's lesson pane: a lesson (lang/lesson.h) shown above the live
 * panels - the step's narration and what its commands printed, the machine
 * following each step, the metric it talks about under the cursor, the cells
 * it changed lit, and its exercise answered on the `:` line (`answer TEXT`).
 * n and p walk the steps; p puts the machine back as it was at that step.
 */
#ifndef BL_LESSONPANE_H
#define BL_LESSONPANE_H

#include <stddef.h>

struct screen;
struct lessonpane;

/* Rows the pane takes on a terminal lines high: 0 when the panels would not fit under it. */
int lessonpane_rows(int lines);
/* Open the lesson at path (already checked by `lesson`), at the step its progress reached. -1 with err. */
int lessonpane_start(struct screen *sc, const char *path, char *err, size_t errlen);
void lessonpane_draw(struct screen *sc, int top, int rows);
/* n, p, [ ]: 1 when the pane took the key. */
int lessonpane_key(struct screen *sc, int ch);
/* `answer TEXT` on the `:` line. */
void lessonpane_answer(struct screen *sc, const char *text);
void lessonpane_free(struct lessonpane *p);

#endif
