/* The commands lesson, grade, source, echo and expect (cmd_lesson.c, which ends with their cmd_entry rows). */
#ifndef BL_LESSONCMD_H
#define BL_LESSONCMD_H

#include <stddef.h>

#include "../../core/strbuf.h"
#include "../session.h"

/*
 * Where `source` run for a person (s->interactive) ends one command's output and
 * begins the next command: the explorer's pager shows a step at a time.
 */
#define SOURCE_STEP '\f'

#endif
