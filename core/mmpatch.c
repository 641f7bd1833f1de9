/*
 * The patch-file parser (mmpatch.h, batchlab-mmpatch(5)); the metrics'
 * values are mmpatch_eval.c's, the optional parts' mmpatch_rows.c's, the
 * kernel helpers' mmpatch_helpers.c's. A line is KEY and its words; mmp_keys[] says
 * which keys there are, where each may stand and what it means, and the man
 * page is made from it. The expressions are compiled by core/expr.c once the
 * whole file is read (a metric may read one defined below it); then the
 * metrics' reading of each other is checked for loops.
 */
#include "mmpatch.h"

#include <ctype.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "expr_real.h"
#include "mm/kernel.h"
#include "units.h"
#include "utf8.h"
#include "suggest.h"
#include "variant.h"

/* Marks a descriptor as a loaded patch's: its seed field points here. */
static const char mmp_seed[] = "-";

int mmpatch_is(const struct patch_desc *d)
{
	return d && d->seed == mmp_seed;
}

const struct mmpatch *mmpatch_of(const struct patch_desc *d)
{
	return mmpatch_is(d) ? (const struct mmpatch *)(const void *)d : NULL;
}

int mmpatch_metric_index(const struct mmpatch *p, const char *name)
{
	for (int j = 0; j < p->nmetrics; j++)
		if (!strcmp(p->metrics[j].name, name))
			return j;
	return -1;
}

const char *const mmp_block_where[MMP_BLOCKS] = {
	[MMP_HEAD] = "the patch's own lines, before constant",
	[MMP_CONSTANT] = "the constant's lines, before the first metric",
	[MMP_METRIC] = "a metric's lines",
	[MMP_ANY] = "the constant's or a metric's lines",
	[MMP_TAIL] = "any place after the constant's lines",
	[MMP_RELEASE] = "a release row's lines",
	[MMP_CLAIM] = "a claim's lines",
	[MMP_ROW] = "a release row's or a claim's lines",
};

/* --- errors: FILE:LINE:COLUMN ------------------------------------------------------------ */

static int at(const struct mmpatch *p, int col, char *err, size_t errlen, const char *what)
{
	return err_set(err, errlen, "%s:%d:%d: %s", p->file, p->line, col, what);
}

int mmp_at(const struct mmpatch *p, int col, char *err, size_t errlen, const char *what)
{
	return at(p, col, err, errlen, what);
}

int mmp_at_line(const struct mmpatch *p, int line, int col, char *err, size_t errlen, const char *what)
{
	return err_set(err, errlen, "%s:%d:%d: %s", p->file, line, col, what);
}

/*
 * An expression's error names its column in the expression ("at column 5"):
 * said again in the file's columns, and the first of them is the error's place.
 */
static int expr_error(const struct mmpatch *p, int line, int col, const char *msg, char *err, size_t errlen)
{
	char out[512];
	size_t n = 0;
	int first = 0;

	for (const char *s = msg; *s && n < sizeof(out) - 24;) {
		if (!strncmp(s, "column ", 7) && isdigit((unsigned char)s[7])) {
			int c = 0;

			s += 7;
			while (isdigit((unsigned char)*s) && c < 100000)
				c = c * 10 + (*s++ - '0');
			c += col - 1;
			if (!first)
				first = c;
			n += (size_t)snprintf(out + n, sizeof(out) - n, "column %d", c);
			continue;
		}
		out[n++] = *s++;
	}
	out[n] = '\0';
	return err_set(err, errlen, "%s:%d:%d: %s", p->file, line, first ? first : col, out);
}

int mmp_expr_error(const struct mmpatch *p, int line, int col, const char *msg, char *err, size_t errlen)
{
	return expr_error(p, line, col, msg, err, errlen);
}

/* --- the keys ----------------------------------------------------------------------------- */

static int is_ident(const char *s, size_t n)
{
	if (!n || n >= MMP_NAME_MAX || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
		return 0;
	for (size_t i = 1; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return 0;
	return 1;
}

/* rest must be one word of letters, digits and _ */
static int one_word(struct mmpatch *p, const char *rest, int col, char *out, const char *what, char *err,
		    size_t errlen)
{
	size_t n = strcspn(rest, " \t");
	char msg[200];

	if (!is_ident(rest, n) || rest[n + strspn(rest + n, " \t")]) {
		snprintf(msg, sizeof(msg), "%s: one name of letters, digits and '_' (at most %d) expected", what,
			 MMP_NAME_MAX - 1);
		return at(p, col, err, errlen, msg);
	}
	memcpy(out, rest, n);
	out[n] = '\0';
	return 0;
}

static int text_to(struct mmpatch *p, const char *rest, int col, char *out, size_t size, const char *what, char *err,
		   size_t errlen)
{
	char msg[160];

	if (!*rest) {
		snprintf(msg, sizeof(msg), "%s: text expected after the key", what);
		return at(p, col, err, errlen, msg);
	}
	if (strlen(rest) >= size) {
		snprintf(msg, sizeof(msg), "%s: at most %zu characters expected", what, size - 1);
		return at(p, col, err, errlen, msg);
	}
	strcpy(out, rest);
	return 0;
}

int mmp_text_to(struct mmpatch *p, const char *rest, int col, char *out, size_t size, const char *what, char *err,
		size_t errlen)
{
	return text_to(p, rest, col, out, size, what, err, errlen);
}

static int k_patch(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	char msg[200];

	if (p->id[0])
		return at(p, 1, err, errlen, "a second 'patch' line: a file describes one patch");
	if (one_word(p, rest, col, p->id, "patch ID", err, errlen))
		return -1;
	for (int i = 0; patch_set_builtin.list[i]; i++)
		if (!strcmp(patch_set_builtin.list[i]->id, p->id)) {
			snprintf(msg, sizeof(msg), "patch '%s' is built in: a patch file may not shadow it (choose another id)",
				 p->id);
			return at(p, col, err, errlen, msg);
		}
	return 0;
}

static int k_title(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	return text_to(p, rest, col, p->title, sizeof(p->title), "title", err, errlen);
}

/* A mail's Message-ID (<id@host>), a commit (7 to 40 hex digits), or a URL. */
static int origin_ok(const char *s)
{
	size_t n = strlen(s), hex = strspn(s, "0123456789abcdefABCDEF");

	if (s[0] == '<' && n > 2 && s[n - 1] == '>' && strchr(s, '@'))
		return 1;
	if (hex == n && n >= 7 && n <= 40)
		return 1;
	return !strncmp(s, "https://", 8) || !strncmp(s, "http://", 7);
}

static int k_origin(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	if (p->norigins == MMP_ORIGINS)
		return at(p, 1, err, errlen, "at most 4 'origin' lines expected");
	if (!origin_ok(rest) || strchr(rest, ' '))
		return at(p, col, err, errlen,
			  "origin: a mail's Message-ID (<id@host>), a commit (7 to 40 hex digits) or a URL (https://...) "
			  "expected");
	return text_to(p, rest, col, p->origin[p->norigins++], MMP_TEXT_MAX, "origin", err, errlen);
}

/* merged in RELEASE, proposed or rejected, then what the file adds (where, when, by whom) */
static int k_status(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	static const char *const starts[] = { "merged in ", "proposed", "rejected", "queued" };
	int ok = 0;

	for (size_t i = 0; i < sizeof(starts) / sizeof(starts[0]); i++)
		ok |= !strncmp(rest, starts[i], strlen(starts[i]));
	if (ok && !strncmp(rest, "merged in ", 10) && !isdigit((unsigned char)rest[10]))
		ok = 0;
	if (!ok)
		return at(p, col, err, errlen, "status: 'merged in RELEASE', 'queued', 'proposed' or 'rejected' expected "
					       "first (merged in 6.9, proposed 2025-04-07 on linux-mm)");
	if (p->status[0])
		return at(p, 1, err, errlen, "one 'status' line expected");
	return text_to(p, rest, col, p->status, sizeof(p->status), "status", err, errlen);
}

/* A point names the kernel function and file it is about, as every sentence about the kernel does. */
static int k_point(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	const char *f = strstr(rest, "()"), *slash = strchr(rest, '/');

	if (p->npoints == MMP_POINTS) {
		char msg[80];

		snprintf(msg, sizeof(msg), "at most %d 'point' lines expected", MMP_POINTS);
		return at(p, 1, err, errlen, msg);
	}
	if (!f || f == rest || !slash || !(strstr(slash, ".c") || strstr(slash, ".h")))
		return at(p, col, err, errlen, "point: a sentence naming the kernel function (NAME()) and file "
					       "(mm/FILE.c) it is about expected");
	if (text_to(p, rest, col, p->point_text[p->npoints], MMP_TEXT_MAX, "point", err, errlen))
		return -1;
	p->points[p->npoints] = p->point_text[p->npoints];
	p->npoints++;
	p->points[p->npoints] = NULL;
	return 0;
}

/* the constant's other names in the kernel: identifiers, space-separated */
static int k_aka(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	for (const char *w = rest; *w;) {
		size_t n = strcspn(w, " \t");

		if (!is_ident(w, n))
			return at(p, col + (int)(w - rest), err, errlen, "aka: kernel names (letters, digits and '_', at "
									 "most 31 each) separated by blanks expected");
		w += n;
		w += strspn(w, " \t");
	}
	if (p->aka[0])
		return at(p, 1, err, errlen, "one 'aka' line expected: put every name on it");
	return text_to(p, rest, col, p->aka, sizeof(p->aka), "aka", err, errlen);
}

static int k_files(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	return text_to(p, rest, col, p->files, sizeof(p->files), "files", err, errlen);
}

static int k_functions(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	return text_to(p, rest, col, p->functions, sizeof(p->functions), "functions", err, errlen);
}

static int k_about(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	size_t n = strlen(p->about_lines);

	if (n + strlen(rest) + 2 >= sizeof(p->about_lines))
		return at(p, col, err, errlen, "about: at most 4000 characters of about text in all expected");
	snprintf(p->about_lines + n, sizeof(p->about_lines) - n, "%s\n", rest);
	return 0;
}

static struct mmp_metric *new_metric(struct mmpatch *p, char *err, size_t errlen)
{
	struct mmp_metric *x;

	if (p->nmetrics == MMP_METRICS) {
		char msg[80];

		snprintf(msg, sizeof(msg), "at most %d metrics expected (the constant's own included)", MMP_METRICS);
		at(p, 1, err, errlen, msg);
		return NULL;
	}
	x = &p->metrics[p->nmetrics++];
	memset(x, 0, sizeof(*x));
	x->kind = METRIC_EXACT;
	x->line = p->line;
	return x;
}

/* constant KERNEL_NAME [as METRIC] */
static int k_constant(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	char word[MMP_NAME_MAX + 8] = "";
	size_t n = strcspn(rest, " \t");
	const char *as = rest + n + strspn(rest + n, " \t");
	struct mmp_metric *x;

	if (p->constant_name[0])
		return at(p, 1, err, errlen, "a second 'constant' line: a patch file describes one constant");
	if (!is_ident(rest, n))
		return at(p, col, err, errlen, "constant: the kernel's name of the constant expected (MEMCG_CHARGE_BATCH)");
	memcpy(p->constant_name, rest, n);
	p->constant_name[n] = '\0';
	if (!(x = new_metric(p, err, errlen)))
		return -1;
	if (*as) {
		if (strncmp(as, "as", 2) || (as[2] != ' ' && as[2] != '\t'))
			return at(p, col + (int)(as - rest), err, errlen, "constant: 'as METRIC' or the end of the line expected");
		as += 2 + strspn(as + 2, " \t");
		if (one_word(p, as, col + (int)(as - rest), x->name, "constant ... as METRIC", err, errlen))
			return -1;
	} else {
		for (size_t i = 0; i < n; i++)
			word[i] = (char)tolower((unsigned char)rest[i]);
		word[n] = '\0';
		snprintf(x->name, sizeof(x->name), "%.31s", word);
	}
	snprintf(x->help, sizeof(x->help), "the patch's constant %s", p->constant_name);
	p->block = MMP_CONSTANT;
	return 0;
}

/* NAME = EXPR: the name, then the expression's text and column */
static int named_expr(struct mmpatch *p, const char *rest, int col, char *name, char *text, int *ecol,
		      const char *usage, char *err, size_t errlen)
{
	size_t n = strcspn(rest, " \t=");
	const char *eq = rest + n + strspn(rest + n, " \t"), *e;
	char msg[200];

	if (name) {
		if (!is_ident(rest, n)) {
			snprintf(msg, sizeof(msg), "%s: a name of letters, digits and '_' (at most %d) expected", usage,
				 MMP_NAME_MAX - 1);
			return at(p, col, err, errlen, msg);
		}
		memcpy(name, rest, n);
		name[n] = '\0';
	} else {
		eq = rest;
	}
	if (*eq != '=') {
		snprintf(msg, sizeof(msg), "%s: '=' expected%s", usage, name ? " after the name" : " after the key");
		return at(p, col + (int)(eq - rest), err, errlen, msg);
	}
	e = eq + 1 + strspn(eq + 1, " \t");
	*ecol = col + (int)(e - rest);
	if (!*e) {
		snprintf(msg, sizeof(msg), "%s: an expression expected after '='", usage);
		return at(p, *ecol, err, errlen, msg);
	}
	if (strlen(e) >= MMP_TEXT_MAX) {
		snprintf(msg, sizeof(msg), "%s: an expression of at most %d characters expected", usage, MMP_TEXT_MAX - 1);
		return at(p, *ecol, err, errlen, msg);
	}
	strcpy(text, e);
	return 0;
}

static int add_side(struct mmpatch *p, const char *name, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_side *s;
	char nm[MMP_NAME_MAX];

	if (p->nsides == PATCH_MAX_SIDES)
		return at(p, 1, err, errlen, "at most 3 sides expected (before, after and one more)");
	s = &p->sides[p->nsides];
	if (named_expr(p, rest, col, name ? NULL : nm, s->text, &s->col, name ? name : "side NAME = EXPR", err, errlen))
		return -1;
	snprintf(s->name, sizeof(s->name), "%s", name ? name : nm);
	for (int i = 0; i < p->nsides; i++)
		if (!strcmp(p->sides[i].name, s->name)) {
			char msg[120];

			snprintf(msg, sizeof(msg), "side '%s' is given twice", s->name);
			return at(p, col, err, errlen, msg);
		}
	if (!strcmp(s->name, "kernel"))
		return at(p, col, err, errlen, "side 'kernel' is the release's side: another name expected");
	s->line = p->line;
	p->nsides++;
	return 0;
}

static int k_before(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	return add_side(p, "before", rest, col, err, errlen);
}

static int k_after(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	return add_side(p, "after", rest, col, err, errlen);
}

static int k_side(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	return add_side(p, NULL, rest, col, err, errlen);
}

static int k_metric(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_metric *x = new_metric(p, err, errlen);

	if (!x || named_expr(p, rest, col, x->name, x->text, &x->col, "metric NAME = EXPR", err, errlen))
		return -1;
	for (int i = 0; i < p->nmetrics - 1; i++)
		if (!strcmp(p->metrics[i].name, x->name)) {
			char msg[160];

			snprintf(msg, sizeof(msg), "metric '%s' is defined twice (first at line %d)", x->name, p->metrics[i].line);
			return at(p, col, err, errlen, msg);
		}
	p->block = MMP_METRIC;
	return 0;
}

static struct mmp_metric *block_metric(struct mmpatch *p)
{
	return &p->metrics[p->block == MMP_METRIC ? p->nmetrics - 1 : 0];
}

static int k_unit(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_metric *x = block_metric(p);

	if (!*rest || strchr(rest, ' ') || strlen(rest) >= sizeof(x->unit))
		return at(p, col, err, errlen, "unit: one word (pages, bytes, CPUs ...) of at most 31 characters expected");
	strcpy(x->unit, rest);
	return 0;
}

static int k_better(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	static const char *const words[] = { [BETTER_NONE] = "none", [BETTER_LOWER] = "lower", [BETTER_HIGHER] = "higher" };
	struct mmp_metric *x = block_metric(p);

	for (int i = 0; i < 3; i++)
		if (!strcmp(rest, words[i])) {
			x->better = (enum metric_better)i;
			x->better_set = 1;
			return 0;
		}
	return at(p, col, err, errlen, "better: lower, higher or none expected");
}

static int k_kind(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_metric *x = block_metric(p);

	if (!strcmp(rest, "exact")) {
		x->kind = METRIC_EXACT;
		return 0;
	}
	if (!strcmp(rest, "workload")) {
		x->kind = METRIC_WORKLOAD;
		x->kind_line = p->line;
		return 0;
	}
	if (!strcmp(rest, "model")) { /* what it rests on is its assume line: a file carries no calibration */
		x->kind = METRIC_MODELED;
		x->kind_line = p->line;
		return 0;
	}
	return at(p, col, err, errlen, "kind: exact, workload or model expected");
}

static int k_assume(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_metric *x = block_metric(p);

	return text_to(p, rest, col, x->assume, sizeof(x->assume), "assume", err, errlen);
}

static int k_help(struct mmpatch *p, const char *rest, int col, char *err, size_t errlen)
{
	struct mmp_metric *x = block_metric(p);

	return text_to(p, rest, col, x->help, sizeof(x->help), "help", err, errlen);
}

const struct mmp_key mmp_keys[] = {
	{ "patch", "ID", MMP_HEAD, 1, "the patch's id: how commands name it (show ID, get ID.METRIC); letters, digits "
	  "and '_', and not a built-in patch's", k_patch },
	{ "title", "TEXT", MMP_HEAD, 1, "one line: what the patch does, as show heads it", k_title },
	{ "origin", "ID|COMMIT|URL", MMP_HEAD, 0, "where the patch comes from: a mail's Message-ID (<id@host>), a commit "
	  "(7 to 40 hex digits) or a URL; up to four lines", k_origin },
	{ "status", "merged in RELEASE|queued|proposed|rejected [TEXT]", MMP_HEAD, 0, "where the patch stands, as "
	  "report heads it: merged in 6.9 (a release row from 6.9 with a commit adds it), queued (in a maintainer's "
	  "tree), proposed or rejected, and what follows (when, where)", k_status },
	{ "point", "TEXT", MMP_HEAD, 0, "what a maintainer leads with: one point, naming the kernel function (NAME()) "
	  "and file it is about; report opens with the points. Up to six lines", k_point },
	{ "files", "PATH...", MMP_HEAD, 0, "the kernel files it changes", k_files },
	{ "functions", "NAME...", MMP_HEAD, 0, "the kernel functions it changes: explain names them", k_functions },
	{ "about", "TEXT", MMP_HEAD, 0, "a line of what the patch changes and why, for about ID; repeat for more lines",
	  k_about },
	{ "constant", "KERNEL_NAME [as METRIC]", MMP_HEAD, 1, "the kernel's name of the constant the patch changes; "
	  "starts the constant's lines. Its metric is METRIC (default: the name in lower case), and both names read "
	  "its value in the metrics' expressions", k_constant },
	{ "aka", "NAME...", MMP_CONSTANT, 0, "the constant's other names in the kernel: the macro it replaces, the "
	  "sysctl's variable, the field it moved to, the function that computes or reads it; patch from lists every hunk that touches one", k_aka },
	{ "before", "= EXPR", MMP_CONSTANT, 1, "the constant before the patch: an expression over the machine's names "
	  "and the kernel helpers (help variant, KERNEL HELPERS below)", k_before },
	{ "after", "= EXPR", MMP_CONSTANT, 1, "the constant after the patch", k_after },
	{ "side", "NAME = EXPR", MMP_CONSTANT, 0, "one more side of the constant (three sides at most), e.g. the "
	  "value of a second version of the patch", k_side },
	{ "metric", "NAME = EXPR", MMP_ANY, 0, "a figure that follows from the constant: an expression over the "
	  "constant, the machine's names, the kernel helpers and the other metrics (no loops); starts the metric's "
	  "lines", k_metric },
	{ "unit", "UNIT", MMP_ANY, 0, "the unit of the constant or of the metric above (pages, bytes, ...)", k_unit },
	{ "better", "lower|higher|none", MMP_ANY, 0, "which way a change is good news, for the change column (default "
	  "none)", k_better },
	{ "kind", "exact|workload|model", MMP_ANY, 0, "exact (the default): the kernel's own arithmetic; workload: the "
	  "kernel's arithmetic under an assumption, which assume states; model: an estimate beyond the kernel's "
	  "arithmetic (a cost, a rate), what it rests on in assume", k_kind },
	{ "assume", "TEXT", MMP_ANY, 0, "the assumption a workload or model metric rests on (required with kind "
	  "workload or model); explain prints it", k_assume },
	{ "help", "TEXT", MMP_ANY, 0, "one line on the constant or the metric above, for help and the explorer", k_help },
	{ "per", "EXPR", MMP_METRIC, 0, "makes the metric above a real number: its expression divided by this one, in "
	  "double (a share: stock_bytes per totalram * pagesize); a zero divisor is n/a. Other metrics' expressions "
	  "are whole numbers and may not read a real metric", mmp_k_per },
	{ "scale", "NUMBER", MMP_METRIC, 0, "makes the metric above a real number: its value (after per) times NUMBER, "
	  "100 for a percentage with unit %, 1e-6 for millions", mmp_k_scale },
	{ "arith", "real|kernel", MMP_METRIC, 0, "how the metric above is worked out: kernel (the default: whole numbers "
	  "with C's types, as the kernel computes) or real (double: / divides exactly, 0.75 and 1e-6 may be written, "
	  "min max clamp abs sqrt log2 pow; no casts or shifts). Real is for kind workload or model only: an exact "
	  "metric is the kernel's integer arithmetic. A real metric may read other real metrics", mmp_k_arith },
	{ "tradeoff", "BENEFIT against COST [over KNOB FROM TO [x N | step N]]", MMP_TAIL, 0, "what the patch trades, "
	  "for tradeoff ID: two metrics read as KNOB moves. KNOB is the constant (its kernel or metric name, the "
	  "default: the constant itself is swept, before and after marked on the curve) or a parameter (help set). "
	  "Without a range the constant runs from an eighth of its smaller side to eight times its larger, doubling",
	  mmp_k_tradeoff },
	{ "release", "RELEASE = EXPR", MMP_TAIL, 0, "a row of the constant's history: from kernel RELEASE on (a name "
	  "set kernel takes, oldest row first) the kernel computes the constant as EXPR. With release rows the patch "
	  "has a kernel side (ID.METRIC.kernel, set kernel) and history ID lists the rows; starts the row's lines",
	  mmp_k_release },
	{ "commit", "HEX", MMP_RELEASE, 0, "the commit that made the row's change (7 to 40 hex digits)", mmp_k_commit },
	{ "subject", "TEXT", MMP_RELEASE, 0, "the row's commit's subject line as git log prints it, for history",
	  mmp_k_subject },
	{ "what", "TEXT", MMP_RELEASE, 0, "what changed in that release, one line, for history", mmp_k_what },
	{ "checked", "TEXT", MMP_RELEASE, 0, "the trees read for the row: the first release with the change and "
	  "the one before it, as history prints a built-in row's check (6.9.0 has it, 6.8.0 not)", mmp_k_checked },
	{ "where", "TEXT", MMP_ROW, 0, "a release row: the function and file holding that release's code; a claim: where "
	  "the mail says it (cover letter, line 30)", mmp_k_where },
	{ "claim", "METRIC[.SIDE] = NUMBER | outside", MMP_TAIL, 0, "a figure the patch's mail states, checked by about "
	  "ID --claims and report: METRIC on SIDE (default after; METRIC.ratio: after / before) is NUMBER on the "
	  "machine of its 'on' line, or outside: no metric reaches it (a note says why); starts the claim's lines",
	  mmp_k_claim },
	{ "said", "TEXT", MMP_CLAIM, 0, "the claim in the mail's words (required with claim)", mmp_k_said },
	{ "on", "PRESET [KEY=VALUE...]", MMP_CLAIM, 0, "the machine the claim is stated for: a preset's name (preset list) "
	  "and settings over it (required unless outside); patch check and patch load load it and refuse a file whose "
	  "preset or settings fail", mmp_k_on },
	{ "within", "NUMBER|NUMBER%", MMP_CLAIM, 0, "how far batchlab's figure may be from the mail's and the claim hold: "
	  "in the metric's unit (how far the mail rounds) or a percentage of the figure (default 0: exactly)",
	  mmp_k_within },
	{ "note", "TEXT", MMP_CLAIM, 0, "why a claim differs or what it rests on; for outside, what no metric models",
	  mmp_k_note },
	{ "expect", "holds|differs|outside", MMP_CLAIM, 0, "the verdict the claim gives today (default holds; outside "
	  "for claim outside): patch check and patch load check every claim and refuse a file whose claim gives "
	  "another; about ID --claims prints the verdict it gives",
	  mmp_k_expect },
	{ NULL, NULL, MMP_HEAD, 0, NULL, NULL },
};

/* --- reading the lines --------------------------------------------------------------------- */

static const struct mmp_key *find_key(const char *word, size_t n)
{
	for (const struct mmp_key *k = mmp_keys; k->key; k++)
		if (strlen(k->key) == n && !strncmp(k->key, word, n))
			return k;
	return NULL;
}

static int unknown_key(struct mmpatch *p, const char *word, size_t n, char *err, size_t errlen)
{
	char w[40], mean[128], msg[600];
	struct suggest s;

	snprintf(w, sizeof(w), "%.*s", (int)(n < 32 ? n : 32), word);
	suggest_init(&s, w);
	for (const struct mmp_key *k = mmp_keys; k->key; k++)
		suggest_offer(&s, k->key);
	{
		char keys[400];
		size_t k = 0;

		keys[0] = '\0';
		for (const struct mmp_key *q = mmp_keys; q->key && k < sizeof(keys); q++)
			k += (size_t)snprintf(keys + k, sizeof(keys) - k, "%s%s", q == mmp_keys ? "" : q[1].key ? ", " : " or ",
					      q->key);
		snprintf(msg, sizeof(msg), "unknown key '%s'%s (expected %s)", w, suggest_text(&s, mean, sizeof(mean)), keys);
	}
	return at(p, 1, err, errlen, msg);
}

/* What a block's lines are, for "'unit' after a release row" */
static const char *block_name(enum mmp_block b)
{
	switch (b) {
	case MMP_RELEASE:
		return "a release row";
	case MMP_CLAIM:
		return "a claim";
	case MMP_TAIL:
		return "the tradeoff line";
	default:
		return "the patch's own lines";
	}
}

/* Is key allowed where the parser is? (MMP_TAIL: the parser's block after a tradeoff line) */
static int key_place(struct mmpatch *p, const struct mmp_key *k, char *err, size_t errlen)
{
	char msg[240];
	int in_row = p->block == MMP_RELEASE || p->block == MMP_CLAIM || p->block == MMP_TAIL;

	if (k->block == MMP_HEAD && p->block != MMP_HEAD && strcmp(k->key, "constant")) {
		snprintf(msg, sizeof(msg), "'%s' belongs with the patch's own lines, before 'constant'", k->key);
		return at(p, 1, err, errlen, msg);
	}
	if (k->block == MMP_HEAD && p->block != MMP_HEAD)
		return at(p, 1, err, errlen, "a second 'constant' line: a patch file describes one constant");
	if (k->block == MMP_CONSTANT && p->block != MMP_CONSTANT) {
		snprintf(msg, sizeof(msg), "'%s' %s", k->key, p->block == MMP_HEAD
			 ? "before 'constant': the constant's sides follow its 'constant' line"
			 : p->block == MMP_METRIC ? "after a metric: the constant's sides come before the first 'metric'"
						   : "after a release row, a claim or the tradeoff line: the constant's sides come first");
		return at(p, 1, err, errlen, msg);
	}
	if ((k->block == MMP_ANY || k->block == MMP_TAIL) && p->block == MMP_HEAD && strcmp(k->key, "metric")) {
		snprintf(msg, sizeof(msg), "'%s' before 'constant': %s", k->key,
			 k->block == MMP_ANY ? "it describes the constant or a metric" : "it follows the constant's lines");
		return at(p, 1, err, errlen, msg);
	}
	if (!strcmp(k->key, "metric") && p->block == MMP_HEAD)
		return at(p, 1, err, errlen, "'metric' before 'constant': a metric follows from the constant");
	if (k->block == MMP_ANY && strcmp(k->key, "metric") && in_row) {
		snprintf(msg, sizeof(msg), "'%s' after %s: it describes the constant or a metric, under its line", k->key,
			 block_name(p->block));
		return at(p, 1, err, errlen, msg);
	}
	if (k->block == MMP_METRIC && p->block != MMP_METRIC) {
		snprintf(msg, sizeof(msg), "'%s' %s: it describes the metric above it, under a 'metric' line", k->key,
			 p->block == MMP_CONSTANT ? "on the constant (a whole number)" : "with no metric above");
		return at(p, 1, err, errlen, msg);
	}
	if ((k->block == MMP_RELEASE && p->block != MMP_RELEASE) || (k->block == MMP_CLAIM && p->block != MMP_CLAIM) ||
	    (k->block == MMP_ROW && p->block != MMP_RELEASE && p->block != MMP_CLAIM)) {
		snprintf(msg, sizeof(msg), "'%s' with no %s above it: it belongs under a '%s' line", k->key,
			 k->block == MMP_RELEASE ? "release row" : k->block == MMP_CLAIM ? "claim" : "release row or claim",
			 k->block == MMP_RELEASE ? "release" : k->block == MMP_CLAIM ? "claim" : "release' or 'claim");
		return at(p, 1, err, errlen, msg);
	}
	return 0;
}

/* One line, without its newline: a comment, blank, or KEY REST. */
static int parse_line(struct mmpatch *p, char *s, char *err, size_t errlen)
{
	size_t len = strlen(s), n;
	const char *word, *rest;
	const struct mmp_key *k;

	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
		s[--len] = '\0';
	for (const char *c = s; *c;) {
		const char *at0 = c;
		uint32_t cp = utf8_decode(&c);
		char msg[120];

		/* text: no C0 or C1 control, no DEL, no byte that is not UTF-8 - nothing a terminal would act on */
		if (!utf8_unsafe(at0, cp) || cp == '\t')
			continue;
		if (cp == 0xfffd)
			snprintf(msg, sizeof(msg), "a byte that is not UTF-8 (\\x%02x): a patch file is text", (unsigned char)*at0);
		else
			snprintf(msg, sizeof(msg), "a control character (%s%0*x): a patch file is text", cp < 0x80 ? "\\x" : "U+",
				 cp < 0x80 ? 2 : 4, (unsigned)cp);
		return at(p, (int)(at0 - s) + 1, err, errlen, msg);
	}
	if (len >= MMP_LINE_MAX)
		return at(p, 1, err, errlen, "a line of at most 999 characters expected");
	word = s + strspn(s, " \t");
	if (!*word || *word == '#')
		return 0;
	n = strcspn(word, " \t=");
	if (!(k = find_key(word, n)))
		return unknown_key(p, word, n, err, errlen);
	if (key_place(p, k, err, errlen))
		return -1;
	rest = word + n + strspn(word + n, " \t");
	return k->parse(p, rest, (int)(rest - s) + 1, err, errlen);
}

/* --- names, compiling, loops ---------------------------------------------------------------- */

static int is_taken(const struct mmpatch *p, const char *name, int upto)
{
	for (int i = 0; i < upto; i++)
		if (p->names[i] && !strcmp(p->names[i], name))
			return 1;
	for (int f = 0; expr_funcs[f].name; f++)
		if (!strcmp(expr_funcs[f].name, name))
			return 1;
	for (int c = 0; expr_casts[c].name; c++)
		if (!strcmp(expr_casts[c].name, name))
			return 1;
	return 0;
}

/* The machine's names, the helpers (one the constant is named after stands aside), the constant, the metrics. */
static int build_names(struct mmpatch *p, char *err, size_t errlen)
{
	int n = 0;
	char msg[200];

	/* a kernel constant the patch changes (SWAP_CLUSTER_MAX) stands aside too: in the file the name is the patch's */
	for (int i = 0; variant_common[i].name; i++)
		p->names[n++] = strcmp(variant_common[i].name, p->constant_name) || *variant_common[i].reads
					? variant_common[i].name : "";
	p->helper0 = n;
	for (int i = 0; i < MMP_HELPERS; i++)
		p->names[n++] = strcmp(mmp_helpers[i].name, p->constant_name) ? mmp_helpers[i].name : "";
	p->constant0 = n;
	p->names[n] = NULL;
	if (is_taken(p, p->constant_name, n)) {
		snprintf(msg, sizeof(msg), "constant '%s': the name is the machine's or a function's (help variant): the "
			 "kernel's name of the constant expected", p->constant_name);
		p->line = p->metrics[0].line;
		return at(p, 1, err, errlen, msg);
	}
	p->names[n++] = p->constant_name;
	p->metric0 = n;
	if (n + p->nmetrics > EXPR_MAX_NAMES)
		return err_set(err, errlen, "%s: too many metrics for the expression language's %d names", p->file,
			       EXPR_MAX_NAMES);
	for (int j = 0; j < p->nmetrics; j++) {
		if (is_taken(p, p->metrics[j].name, n) && (j || strcmp(p->metrics[j].name, p->constant_name))) {
			snprintf(msg, sizeof(msg), "metric '%s': the name is the machine's, a helper's or a function's",
				 p->metrics[j].name);
			p->line = p->metrics[j].line;
			return at(p, 1, err, errlen, msg);
		}
		p->names[n++] = p->metrics[j].name;
	}
	p->names[n] = NULL;
	p->nnames = n;
	return 0;
}

static int compile_all(struct mmpatch *p, char *err, size_t errlen)
{
	char msg[300];
	const char *saved = p->names[p->constant0];

	p->names[p->constant0] = NULL; /* a side reads the machine and the helpers, not the patch's own figures */
	for (int i = 0; i < p->nsides; i++)
		if (expr_compile(&p->sides[i].prog, p->sides[i].text, p->names, msg, sizeof(msg))) {
			p->names[p->constant0] = saved;
			return expr_error(p, p->sides[i].line, p->sides[i].col, msg, err, errlen);
		}
	p->names[p->constant0] = saved;
	for (int j = 1; j < p->nmetrics; j++) {
		struct mmp_metric *x = &p->metrics[j];

		if (x->arith_real) {
			memset(&x->prog, 0, sizeof(x->prog));
			if (expr_real_compile(x->text, p->names, &x->prog.reads, msg, sizeof(msg)))
				return expr_error(p, x->line, x->col, msg, err, errlen);
		} else if (expr_compile(&x->prog, x->text, p->names, msg, sizeof(msg))) {
			return expr_error(p, x->line, x->col, msg, err, errlen);
		}
		if (x->per_text[0] && expr_compile(&x->per, x->per_text, p->names, msg, sizeof(msg)))
			return expr_error(p, x->per_line, x->per_col, msg, err, errlen);
	}
	return mmp_check_real_reads(p, err, errlen);
}

/* The metrics metric j reads (bit k: metrics[k]; the constant's two names are metric 0). */
static uint64_t metric_deps(const struct mmpatch *p, int j)
{
	uint64_t r = p->metrics[j].prog.reads | (p->metrics[j].per_text[0] ? p->metrics[j].per.reads : 0), deps = 0;

	if (!j)
		return 0;
	if (r & (1ull << p->constant0))
		deps |= 1;
	for (int k = 0; k < p->nmetrics; k++)
		if (r & (1ull << (p->metric0 + k)))
			deps |= 1ull << k;
	return deps;
}

/*
 * Depth-first from j, path[0 .. depth - 1] the way there: the index where
 * the way meets a metric on it again (path[*start] is that metric), or 0.
 */
static int find_loop(const struct mmpatch *p, int j, int *path, int depth, uint8_t *done, int *start)
{
	uint64_t deps = metric_deps(p, j);

	for (int i = 0; i < depth; i++)
		if (path[i] == j) {
			path[depth] = j;
			*start = i;
			return depth;
		}
	if (done[j])
		return 0;
	path[depth] = j;
	for (int k = 0; k < p->nmetrics; k++) {
		int end = (deps >> k) & 1 ? find_loop(p, k, path, depth + 1, done, start) : 0;

		if (end)
			return end;
	}
	done[j] = 1;
	return 0;
}

static int check_loops(struct mmpatch *p, char *err, size_t errlen)
{
	int path[MMP_METRICS + 2], start = 0, end;
	uint8_t done[MMP_METRICS] = { 0 };
	char msg[400];
	size_t n;

	for (int j = 1; j < p->nmetrics; j++) {
		if (!(end = find_loop(p, j, path, 0, done, &start)))
			continue;
		n = (size_t)snprintf(msg, sizeof(msg), "metric '%s' reads itself", p->metrics[path[start]].name);
		for (int a = start; end - start > 1 && a <= end && n < sizeof(msg); a++)
			n += (size_t)snprintf(msg + n, sizeof(msg) - n, "%s%s", a == start ? " through " : " -> ",
					      p->metrics[path[a]].name);
		if (n < sizeof(msg))
			snprintf(msg + n, sizeof(msg) - n, " (a loop: a metric reads the constant, the machine and "
				 "metrics that do not read it back)");
		p->line = p->metrics[path[start]].line;
		return at(p, p->metrics[path[start]].col, err, errlen, msg);
	}
	return 0;
}

/* --- the descriptor ---------------------------------------------------------------------------- */

static void add_reads(char *buf, size_t size, const char *list)
{
	for (const char *s = list ? list : ""; *s;) {
		size_t w, n = strlen(buf);
		int have = 0;

		s += strspn(s, " ");
		w = strcspn(s, " ");
		if (!w)
			break;
		for (const char *b = buf; *b;) {
			size_t bw = strcspn(b, " ");

			if (bw == w && !strncmp(b, s, w))
				have = 1;
			b += bw;
			b += strspn(b, " ");
		}
		if (!have && n + w + 2 < size)
			snprintf(buf + n, size - n, "%s%.*s", n ? " " : "", (int)w, s);
		s += w;
	}
}

/* The parameters an expression's names follow: the machine's names' and the helpers'. */
static void prog_reads(const struct mmpatch *p, const struct expr *e, char *buf, size_t size)
{
	for (int i = 0; i < p->helper0; i++)
		if (e->reads & (1ull << i))
			add_reads(buf, size, variant_common[i].reads);
	for (int i = 0; i < MMP_HELPERS; i++)
		if (e->reads & (1ull << (p->helper0 + i)))
			add_reads(buf, size, mmp_helper_reads(i));
}

/* In dependency order (no loops by now): a metric reads what the metrics it reads read. */
static void metric_reads_of(struct mmpatch *p, int j, uint8_t *done)
{
	struct mmp_metric *x = &p->metrics[j];
	uint64_t deps = metric_deps(p, j);

	if (done[j])
		return;
	done[j] = 1;
	if (!j) {
		for (int i = 0; i < p->nsides; i++)
			prog_reads(p, &p->sides[i].prog, x->reads, sizeof(x->reads));
		for (int i = 0; i < p->nrel; i++) /* the kernel side: the release's row */
			prog_reads(p, &p->rel[i].prog, x->reads, sizeof(x->reads));
		if (p->nrel)
			add_reads(x->reads, sizeof(x->reads), "kernel");
		return;
	}
	prog_reads(p, &x->prog, x->reads, sizeof(x->reads));
	if (x->per_text[0])
		prog_reads(p, &x->per, x->reads, sizeof(x->reads));
	for (int k = 0; k < p->nmetrics; k++)
		if ((deps >> k) & 1) {
			metric_reads_of(p, k, done);
			add_reads(x->reads, sizeof(x->reads), p->metrics[k].reads);
		}
}

static const char *origin_kind(const char *o)
{
	if (o[0] == '<')
		return "mail";
	if (!strncmp(o, "http", 4))
		return "link";
	return "commit";
}

void mmpatch_origins(const struct mmpatch *p, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; i < p->norigins && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s %s", i ? ", " : "", origin_kind(p->origin[i]),
				      p->origin[i]);
}

/* about's published lines: the figures the file's claims say its mail states, each with where */
static void build_published(struct mmpatch *p)
{
	size_t n = 0;

	p->published[0] = '\0';
	for (int i = 0; i < p->ncl && n < sizeof(p->published); i++)
		if (p->cl[i].metric[0])
			n += (size_t)snprintf(p->published + n, sizeof(p->published) - n, "%s (%s)\n", p->cl[i].said,
					      p->cl[i].where[0] ? p->cl[i].where : "mail");
	if (!n)
		snprintf(p->published, sizeof(p->published), "%s",
			 p->ncl ? "the mail's figures are the claims below\n" : "(the patch file states no claim)\n");
}

static void build_about(struct mmpatch *p)
{
	size_t n = 0;

	if (p->status[0])
		n = (size_t)snprintf(p->about, sizeof(p->about), "Status: %s.\n", p->status);
	n += (size_t)snprintf(p->about + n, sizeof(p->about) - n, "%s", p->about_lines);
	for (int i = 0; i < p->norigins && n < sizeof(p->about); i++)
		n += (size_t)snprintf(p->about + n, sizeof(p->about) - n, "origin: %s %s\n", origin_kind(p->origin[i]),
				      p->origin[i]);
	if (n < sizeof(p->about))
		snprintf(p->about + n, sizeof(p->about) - n, "patch file: %s (batchlab-mmpatch(5))\n", p->file);
	snprintf(p->kernel_where, sizeof(p->kernel_where), "%s%s%s", p->files[0] ? p->files : "patch file",
		 p->functions[0] ? "; " : "", p->functions);
}

static void build_constant(struct mmpatch *p)
{
	struct patch_constant *c = &p->constant;

	snprintf(p->what, sizeof(p->what), "the patch's constant %s%s%s", p->constant_name, p->metrics[0].unit[0] ? ", in " : "",
		 p->metrics[0].unit);
	memset(c, 0, sizeof(*c));
	c->name = p->constant_name;
	c->what = p->what;
	c->example = p->sides[p->desc.after].text;
	c->metric = p->metrics[0].name;
	for (int i = 0; i < MMP_HELPERS; i++) {
		p->locals[i] = p->names[p->helper0 + i];
		p->locals_help[i] = mmp_helpers[i].help;
		p->locals_reads[i] = mmp_helper_reads(i);
	}
	p->locals[MMP_HELPERS] = p->locals_help[MMP_HELPERS] = p->locals_reads[MMP_HELPERS] = NULL;
	c->locals = p->locals;
	c->locals_help = p->locals_help;
	c->locals_reads = p->locals_reads;
	c->local_values = mmp_helper_locals;
	c->lo = 0;
	c->hi = UINT64_MAX;
	c->why_range = "out of range";
	c->slot = patch_builtin_count() + p->slot;
	c->side0 = p->nsides;
}

static void build_desc(struct mmpatch *p)
{
	struct patch_desc *d = &p->desc;
	uint8_t done[MMP_METRICS] = { 0 };

	for (int i = 0; i < p->nsides; i++) {
		p->side_names[i] = p->sides[i].name;
		if (!strcmp(p->sides[i].name, "before"))
			d->before = i;
		if (!strcmp(p->sides[i].name, "after"))
			d->after = i;
	}
	p->side_names[p->nsides] = NULL;
	for (int j = 0; j < p->nmetrics; j++) {
		struct mmp_metric *x = &p->metrics[j];

		metric_reads_of(p, j, done);
		p->md[j] = (struct metric_desc){ .name = x->name, .unit = x->unit[0] ? x->unit : "", .kind = x->kind,
						 .help = x->help[0] ? x->help : x->text, .fn = mmp_metric_fn, .row = j,
						 .better = x->better, .reads = x->reads };
	}
	memset(&p->md[p->nmetrics], 0, sizeof(p->md[0]));
	build_about(p);
	d->id = p->id;
	d->title = p->title;
	d->seed = mmp_seed;
	d->kernel = p->kernel_where;
	d->sides = p->side_names;
	d->metrics = p->md;
	d->about = p->about;
	build_published(p);
	d->published = p->published;
	d->points = p->npoints ? p->points : NULL;
	d->headline = p->metrics[0].name;
	build_constant(p);
	d->constant = &p->constant;
	mmp_rows_build(p);
}

static int check_whole(struct mmpatch *p, char *err, size_t errlen)
{
	static const char *const need[] = { "patch", "title", "constant", "before", "after" };
	int have[5] = { p->id[0] != 0, p->title[0] != 0, p->constant_name[0] != 0, 0, 0 };

	for (int i = 0; i < p->nsides; i++) {
		have[3] |= !strcmp(p->sides[i].name, "before");
		have[4] |= !strcmp(p->sides[i].name, "after");
	}
	for (int i = 0; i < 5; i++)
		if (!have[i]) {
			const struct mmp_key *k = find_key(need[i], strlen(need[i]));

			return err_set(err, errlen, "%s:%d:1: no '%s' line: expected '%s %s' (batchlab-mmpatch(5))", p->file,
				       p->line + 1, need[i], k->key, k->args);
		}
	for (int j = 0; j < p->nmetrics; j++)
		if (p->metrics[j].kind != METRIC_EXACT && !p->metrics[j].assume[0]) {
			p->line = p->metrics[j].kind_line;
			return at(p, 1, err, errlen, p->metrics[j].kind == METRIC_WORKLOAD
				  ? "kind workload: an 'assume TEXT' line for this metric expected (the assumption its figure rests on)"
				  : "kind model: an 'assume TEXT' line for this metric expected (what the model rests on)");
		} else if (p->metrics[j].arith_real && p->metrics[j].kind == METRIC_EXACT) {
			p->line = p->metrics[j].arith_line;
			return at(p, 1, err, errlen, "arith real: a 'kind workload' or 'kind model' line for this metric "
						     "expected (an exact metric is the kernel's integer arithmetic, with its types)");
		}
	return 0;
}

int mmpatch_parse(struct mmpatch *p, const char *file, const char *text, size_t len, int slot, char *err,
		  size_t errlen)
{
	char line[MMP_LINE_MAX + 1];

	memset(p, 0, sizeof(*p));
	snprintf(p->path, sizeof(p->path), "%s", file);
	utf8_shown(file, p->file, sizeof(p->file));
	p->slot = slot;
	if (slot < 0 || slot >= VARIANT_LOADED)
		return err_set(err, errlen, "%s: at most %d patch files can be loaded", file, VARIANT_LOADED);
	if (len > MMP_FILE_MAX)
		return err_set(err, errlen, "%s: %zu bytes: a patch file of at most %d bytes expected", file, len, MMP_FILE_MAX);
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) : len - i;

		p->line++;
		if (memchr(text + i, '\0', n))
			return at(p, (int)((const char *)memchr(text + i, '\0', n) - (text + i)) + 1, err, errlen,
				  "a NUL byte: a patch file is text, not binary");
		if (n > MMP_LINE_MAX)
			return at(p, 1, err, errlen, "a line of at most 999 characters expected");
		memcpy(line, text + i, n);
		line[n] = '\0';
		if (parse_line(p, line, err, errlen))
			return -1;
		i += n + 1;
	}
	if (check_whole(p, err, errlen) || build_names(p, err, errlen) || compile_all(p, err, errlen) ||
	    check_loops(p, err, errlen) || mmp_rows_finish(p, err, errlen))
		return -1;
	build_desc(p);
	return 0;
}
