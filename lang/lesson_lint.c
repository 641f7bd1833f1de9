/*
 * A lesson checked whole at load (lesson_load calls these for each line):
 * every command in a form its row takes, every {COMMAND} closed and naming a
 * command, an answer one value, a check able to fail - so nothing a lesson
 * says can fail later, when its step is played.
 */
#include "lesson.h"

#include <stdio.h>
#include <string.h>

#include "../core/err.h"
#include "cmd.h"
#include "scan.h"
#include "script.h"

/*
 * A command an answer's value comes from prints one value: `get` of one name
 * or `where`'s crossing. NULL when cmd does, else what it prints instead.
 */
static const char *one_value(const char *cmd)
{
	char w[3][64];
	int n = sscanf(cmd, "%63s %63s %63s", w[0], w[1], w[2]);

	if (n < 1 || !strcmp(w[0], "where") || (!strcmp(w[0], "get") && n == 2 && w[1][0] != '-'))
		return NULL;
	if (!strcmp(w[0], "get"))
		return "more than one value (a get of one name prints one)";
	return !strcmp(w[0], "sweep") || !strcmp(w[0], "show") ? "a table" : "no one value";
}

/* Each command of text (cut as a script's are) in a form its row takes: cmd_check, found at load. */
static int commands_lint(const struct lesson *l, const struct lesson_line *ln, const char *text, char *err,
			 size_t errlen)
{
	char why[512], cmd[SCRIPT_LINE_MAX + 1];
	struct scanner sc;
	struct scan_cmd c;

	scan_init(&sc, text, strlen(text));
	while (scan_next(&sc, &c)) {
		char word[64] = "";
		const struct cmd_entry *row;

		snprintf(cmd, sizeof(cmd), "%.*s", (int)c.len, text + c.start);
		if (cmd_check(cmd, why, sizeof(why)))
			return err_set(err, errlen, "%s:%d: %s", l->path, ln->lineno, why);
		sscanf(cmd, "%63s", word);
		/* quit would stop every later command, silently: answers computed on the wrong machine */
		if ((row = cmd_find(word)) && !strcmp(row->name, "quit"))
			return err_set(err, errlen, "%s:%d: '%s' in a lesson would skip every command after it", l->path,
				       ln->lineno, word);
	}
	return 0;
}

/* A check's commands with each {COMMAND} and {answer} as the one word it becomes when it runs. */
static int check_lint(const struct lesson *l, const struct lesson_line *ln, char *err, size_t errlen)
{
	char text[SCRIPT_LINE_MAX + 1];
	size_t n = 0;

	for (const char *p = ln->text; *p && n + 2 < sizeof(text); p++) {
		const char *close = *p == '{' ? strchr(p, '}') : NULL;

		if (close) {
			text[n++] = '0';
			p = close;
		} else {
			text[n++] = *p;
		}
	}
	text[n] = '\0';
	return commands_lint(l, ln, text, err, errlen);
}

/*
 * Every command of a lesson in a form its row takes - a command line, an
 * answer's, a check's - and every {COMMAND} of a say, ask, answer or check
 * closed and naming a command: found at load, not when the step is played.
 * In an answer each {COMMAND} prints one value ({get A B} would give A's, silently).
 */
int lesson_lint_line(const struct lesson *l, const struct lesson_line *ln, char *err, size_t errlen)
{
	const char *t = ln->text;

	if (ln->kind == LK_COMMAND)
		return commands_lint(l, ln, t, err, errlen);
	if (ln->kind == LK_ANSWER && !strchr(t, '{')) { /* answer get NAME, answer where ...: a command's form */
		char word[64] = "";

		sscanf(t, "%63s", word);
		if (cmd_find(word) && commands_lint(l, ln, t, err, errlen))
			return -1;
	}
	if (ln->kind != LK_SAY && ln->kind != LK_ASK && ln->kind != LK_ANSWER && ln->kind != LK_CHECK)
		return 0;
	for (const char *open = strchr(t, '{'); open; open = strchr(open + 1, '{')) {
		const char *close = strchr(open, '}'), *inner = strchr(open + 1, '{'), *why;
		char word[64] = "", cmd[SCRIPT_LINE_MAX];

		if (!close)
			return err_set(err, errlen, "%s:%d: '{' at column %d has no '}'", l->path, ln->lineno,
				       (int)(open - t) + 1);
		if (inner && inner < close)
			return err_set(err, errlen, "%s:%d: '{' at column %d opens inside another {COMMAND}", l->path,
				       ln->lineno, (int)(inner - t) + 1);
		snprintf(cmd, sizeof(cmd), "%.*s", (int)(close - open - 1), open + 1);
		if ((size_t)(close - open + 1) == strlen(ANSWER_WORD) && !strncmp(open, ANSWER_WORD, strlen(ANSWER_WORD)))
			continue;
		sscanf(cmd, "%63s", word);
		if (!cmd_find(word))
			return err_set(err, errlen, "%s:%d: '{%.64s}' at column %d: expected a command in the braces", l->path,
				       ln->lineno, cmd, (int)(open - t) + 1);
		if (commands_lint(l, ln, cmd, err, errlen))
			return -1;
		if (ln->kind == LK_ANSWER && (why = one_value(cmd)))
			return err_set(err, errlen, "%s:%d: an 'answer' expects one value from each {COMMAND}, and '%.64s' "
				       "prints %s", l->path, ln->lineno, cmd, why);
		open = close;
	}
	return ln->kind == LK_CHECK ? check_lint(l, ln, err, errlen) : 0; /* its braces closed first */
}

/*
 * An answer is one value: `get` of one name, `where`'s crossing, or arithmetic
 * over {COMMAND}s - a sweep, a show or a second name prints more than one. A
 * check can fail only through an `expect`, and judges the student only
 * through {answer}.
 */
int lesson_lint_judge(const struct lesson *l, const struct lesson_line *ln, char *err, size_t errlen)
{
	char w[64] = "";
	const char *why;

	if (ln->kind == LK_CHECK) {
		if (!strstr(ln->text, ANSWER_WORD))
			return err_set(err, errlen, "%s:%d: a 'check' expects {answer} in it: the student's reply is judged there",
				       l->path, ln->lineno);
		if (!strstr(ln->text, "expect "))
			return err_set(err, errlen, "%s:%d: a 'check' expects an 'expect' in it: without one it cannot fail",
				       l->path, ln->lineno);
		return 0;
	}
	sscanf(ln->text, "%63s", w);
	if (!cmd_find(w) || !(why = one_value(ln->text)))
		return 0;
	if (!strcmp(w, "get"))
		return err_set(err, errlen, "%s:%d: an 'answer' expects one value: get of one name, not '%s'", l->path,
			       ln->lineno, ln->text);
	return err_set(err, errlen, "%s:%d: an 'answer' expects one value - get NAME, where ..., or arithmetic over "
		       "{COMMAND} values - and '%s' prints %s", l->path, ln->lineno, w, why);
}

