/*
 * --check's rule that a question does not show its own answer (issue 51):
 * every number in the step's text when it is asked - its narration, what its
 * commands printed, the question itself - is tried as a reply, and one the
 * question would accept means the answer is in sight. The panels and the
 * status line beside the pane show "?" in place of any such value while the
 * question is open (tui/lessonpane.c, lessonpane_hides(): the same judge), so
 * the step's text is all that could give it away.
 */
#include "lesson.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "replyunit.h"

/* A unit's characters after a number: MiB, pages, Gbps, %, spawns/s, us. */
static size_t unit_len(const char *p)
{
	size_t n = 0;

	while (n < 24 && (isalpha((unsigned char)p[n]) || p[n] == '%' || p[n] == '/' || (unsigned char)p[n] >= 0x80))
		n++;
	return n;
}

/* Each number of text, alone and with the one or two words after it, tried as a reply. 1 and where at the first accepted. */
static int seen_in(struct session *s, const struct lesson_exercise *x, const char *want, const char *text,
		   const char *what, struct strbuf *where)
{
	for (const char *p = text; *p; p++) {
		char *end;
		const char *u, *line;
		size_t n1, n2;

		if (!isdigit((unsigned char)*p) || (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '.' || p[-1] == '_')))
			continue;
		strtod(p, &end);
		if (end > p + 1 && end[-1] == '.') /* "256." ends a sentence */
			end--;
		if (end == p || (*end == '.' && isdigit((unsigned char)end[1])) || *end == '_' || isdigit((unsigned char)*end))
			continue; /* a release (6.18.8), a name (pcp.high.v2) */
		u = end + (*end == ' ');
		n1 = unit_len(u);
		n2 = n1 && u[n1] == ' ' ? unit_len(u + n1 + 1) : 0;
		for (int k = 0; k < 3; k++) {
			size_t len = k == 0 ? (size_t)(end - p) : k == 1 ? (size_t)(u - p) + n1 : (size_t)(u - p) + n1 + 1 + n2;
			char reply[96];
			struct strbuf msg = STRBUF_INIT;
			int right;

			/* "256 GiB" is no 256 pages: the bare number only where no unit follows it */
			if ((k == 0 && reply_unit_known(u, n1)) || (k == 1 && !n1) || (k == 2 && !n2) || len >= sizeof(reply))
				continue;
			snprintf(reply, sizeof(reply), "%.*s", (int)len, p);
			right = lesson_judge_want(s, x, want, reply, &msg) == 1;
			sb_free(&msg);
			if (right) {
				for (line = p; line > text && line[-1] != '\n'; line--)
					;
				sb_printf(where, "%s: '%s' in \"%.*s\"", what, reply, (int)strcspn(line, "\n"), line);
				return 1;
			}
		}
		p = end - 1;
	}
	return 0;
}

int lesson_answer_visible(struct session *s, const struct lesson_exercise *x, const char *text, struct strbuf *where,
			  char *err, size_t errlen)
{
	struct strbuf want = STRBUF_INIT;
	int seen;

	if (x->check)
		return 0; /* a design has no one answer to show */
	if (lesson_expected(s, x, &want, err, errlen)) {
		sb_free(&want);
		return -1;
	}
	seen = seen_in(s, x, sb_str(&want), text, "in the step's text", where);
	sb_free(&want);
	return seen;
}
