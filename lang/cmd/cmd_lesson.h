/* The commands lesson, grade, source, echo and expect (cmd_lesson.c): rows of cmd_table[] in cmd.c. */
#ifndef BL_LESSONCMD_H
#define BL_LESSONCMD_H

#include <stddef.h>

#include "../../core/strbuf.h"
#include "../session.h"

int cmd_lesson(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
/*
 * Where `source` run for a person (s->interactive) ends one command's output and
 * begins the next command: the explorer's pager shows a step at a time.
 */
#define SOURCE_STEP '\f'
int cmd_source(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
int cmd_echo(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
/* grade LESSON FILE...: a class's homework, a row per student and question, then each student's totals. */
int cmd_grade(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
/* help grade and the man page: the answer files and the record. */
void grade_details(struct strbuf *out);
int cmd_expect(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);

#endif
