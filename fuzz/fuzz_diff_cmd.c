/*
 * libFuzzer target: arbitrary bytes as a diff, read by `patch from` with the
 * test patch files loaded (the .mmpatch files of tests/data, read at
 * start), so a diff maps to a loaded file's constant too. Beyond "no
 * crash": patch from succeeds or says why in one line, changing nothing;
 * each variant it adds evaluates on the session's machine (or says why it
 * is n/a), show of its patch runs, and json output is one document.
 *
 * And two oracles of meaning, each with its own reading of the hunks (not
 * the reader's under test):
 *  - no change is dropped: the name of every `#define NAME VALUE` a hunk
 *    adds is in some finding (mapped or listed);
 *  - no number is read past: a number in the first statement of a line a
 *    variant is mapped from, changed by one, changes the variant (or what
 *    is found) - a mapping that stays the same read part of that line only.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/diffread.h"
#include "../core/variant.h"
#include "../lang/cmd.h"
#include "../lang/patchreg.h"
#include "../lang/session.h"
#include "../tests/unit/jsoncheck.h"
#include "sandbox.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char file[4200];
static const struct patch_set *files_set; /* the data's patch files loaded: every input's session starts from it */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const files[] = { "tests/data/percpu_rows.mmpatch", "tests/data/committed_as_batch.mmpatch",
					     "tests/data/vmpressure_window.mmpatch" };
	char err[1024];

	sandbox_init(*argc, *argv);
	snprintf(file, sizeof(file), "%s/fuzz.diff", sandbox_root());
	/* from the source tree, before the guard: the loaded files stay for every input */
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct patch_set *next;

		if (patchreg_load(files_set, files[i], &next, NULL, err, sizeof(err))) {
			fprintf(stderr, "fuzz_diff_cmd: %s (run from the source tree)\n", err);
			continue;
		}
		patchreg_drop(files_set);
		files_set = next;
	}
	return 0;
}

static void fail(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz_diff_cmd: %s\n  %.2000s\n", what, detail);
	abort();
}

/* --- the oracles' own reading of the hunks ---------------------------------------------- */

struct oline {
	size_t at, n;   /* the line's bytes in the input, its '+' included */
	int line;       /* the new file's line */
	char file[160]; /* the +++ line's name, b/ dropped */
};

/* Every '+' line inside a hunk, with its new-file line number: NULL-free array in *out, their count. */
static int added_lines(const char *t, size_t len, struct oline **out)
{
	int n = 0, cap = 0, left_old = 0, left_new = 0, line = 0, files = 0;
	char file[160] = "?";

	*out = NULL;
	for (size_t i = 0; i < len;) {
		const char *s = t + i, *nl = memchr(s, '\n', len - i);
		size_t k = nl ? (size_t)(nl - s) : len - i, m = k && s[k - 1] == '\r' ? k - 1 : k;
		unsigned long a, b = 1, c, d = 1;
		char *p, head[128];

		i += k + 1;
		if (left_old > 0 || left_new > 0) {
			char kind = m ? s[0] : ' ';

			if (kind == '\\')
				continue;
			if ((kind == ' ' && left_old > 0 && left_new > 0) || (kind == '-' && left_old > 0) ||
			    (kind == '+' && left_new > 0)) {
				if (kind == '+') {
					if (n == cap) {
						struct oline *o = realloc(*out, (size_t)(cap = cap ? 2 * cap : 64) * sizeof(**out));

						if (!o)
							abort();
						*out = o;
					}
					(*out)[n].at = (size_t)(s - t);
					(*out)[n].n = m;
					(*out)[n].line = line;
					snprintf((*out)[n].file, sizeof((*out)[n].file), "%s", file);
					n++;
				}
				left_old -= kind != '+';
				left_new -= kind != '-';
				line += kind != '-';
				continue;
			}
			left_old = left_new = 0;
		}
		if (m > 4 && !strncmp(s, "+++ ", 4)) {
			const char *f = s + 4 + (m > 6 && !strncmp(s + 4, "b/", 2) ? 2 : 0);
			size_t fl = (size_t)(s + m - f);

			fl = memchr(f, '\t', fl) ? (size_t)((const char *)memchr(f, '\t', fl) - f) : fl;
			snprintf(file, sizeof(file), "%.*s", (int)(fl < 150 ? fl : 150), f);
			files = 1;
			continue;
		}
		if (m < 5 || strncmp(s, "@@ -", 4) || !files) /* a hunk counts after a file's +++ line */
			continue;
		snprintf(head, sizeof(head), "%.*s", (int)(m < 127 ? m : 127), s);
		a = strtoul(head + 4, &p, 10);
		if (*p == ',')
			b = strtoul(p + 1, &p, 10);
		if (strncmp(p, " +", 2))
			continue;
		c = strtoul(p + 2, &p, 10);
		if (*p == ',')
			d = strtoul(p + 1, &p, 10);
		(void)a;
		if (strncmp(p, " @@", 3) || b > 1000000 || d > 1000000 || c > 1000000000)
			continue; /* a hunk the reader says it does not read: no oracle for it */
		left_old = (int)b;
		left_new = (int)d;
		line = (int)c;
	}
	return n;
}

static int has_finding(const struct diff_read *r, const char *name)
{
	for (int i = 0; i < r->n; i++)
		if (strstr(r->f[i].what, name))
			return 1;
	return 0;
}

/* Every added `#define NAME VALUE` (an object-like macro, on a line the reader reads) is in a finding. */
static void oracle_no_drop(const char *t, const struct diff_read *r, const struct oline *l, int n)
{
	if (has_finding(r, "more than 1500 lines") || has_finding(r, "mm_compute_batch"))
		return; /* a hunk cut, or a function read whole: its lines are said as one */
	for (int i = 0; i < n; i++) {
		const char *s = t + l[i].at + 1;
		size_t m = l[i].n - 1, k;
		char name[64];

		if (l[i].n >= DIFF_LINE_MAX || m < 9 || strncmp(s, "#define ", 8))
			continue;
		for (k = 8; k < m && (isalnum((unsigned char)s[k]) || s[k] == '_'); k++)
			;
		if (k == 8 || k - 8 >= sizeof(name) || k >= m || s[k] != ' ' || memchr(s, '\0', m))
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)(k - 8), s + 8);
		if (!has_finding(r, name)) {
			fprintf(stderr, "fuzz_diff_cmd: '#define %s' at %s:%d is in no finding: a change dropped\n", name,
				l[i].file, l[i].line);
			abort();
		}
	}
}

/* The mapped findings of r, as one text to compare: patch, line and expression of each. */
static void mapped_text(const struct diff_read *r, struct strbuf *out)
{
	for (int i = 0; i < r->n; i++)
		if (r->f[i].patch)
			sb_printf(out, "%s:%d:%s=%s\n", r->f[i].file, r->f[i].line, r->f[i].patch->id, r->f[i].expr);
}

/* Each number on a mapped line's code, one more, must move what is mapped (else it was read past). */
static void oracle_numbers(const char *t, size_t len, const struct diff_read *r, const struct oline *l, int n)
{
	struct strbuf base = STRBUF_INIT;

	mapped_text(r, &base);
	for (int i = 0; i < n; i++) {
		const char *s = t + l[i].at;
		int on_mapped = 0;
		size_t code;

		for (int k = 0; k < r->n; k++)
			on_mapped |= r->f[k].patch && r->f[k].line == l[i].line && !strcmp(r->f[k].file, l[i].file);
		for (int k = 0; k < n; k++) /* two added lines of one number (hunks that overlap): which one is unknown */
			on_mapped &= k == i || l[k].line != l[i].line || strcmp(l[k].file, l[i].file);
		if (!on_mapped || l[i].n >= DIFF_LINE_MAX)
			continue;
		/* the code of the line's first statement: up to a comment or its ';' (what follows is another) */
		for (code = 1; code < l[i].n && s[code] != ';' &&
			       !(s[code] == '/' && code + 1 < l[i].n && (s[code + 1] == '*' || s[code + 1] == '/'));
		     code++)
			;
		for (size_t j = 1; j < code; j++) {
			size_t e = j;
			char *copy;
			struct diff_read *r2;
			struct strbuf again = STRBUF_INIT;
			char err[300];

			if (!isdigit((unsigned char)s[j]) || isalnum((unsigned char)s[j - 1]) || s[j - 1] == '_')
				continue;
			while (e < code && isalnum((unsigned char)s[e]))
				e++;
			if (e - j > 9 || strspn(s + j, "0123456789") != e - j) {
				j = e;
				continue; /* a hex or suffixed literal, or one too long to add one to */
			}
			if (!(copy = malloc(len + 2)) || !(r2 = malloc(sizeof(*r2))))
				abort();
			{ /* the number plus one, in place of the number */
				char num[16];
				unsigned long v = strtoul(s + j, NULL, 10) + 1;
				size_t at = l[i].at + j, nl = (size_t)snprintf(num, sizeof(num), "%lu", v);

				memcpy(copy, t, at);
				memcpy(copy + at, num, nl);
				memcpy(copy + at + nl, t + at + (e - j), len - at - (e - j));
				if (!diff_read(files_set, copy, len - (e - j) + nl, r2, err, sizeof(err))) {
					mapped_text(r2, &again);
					if (!strcmp(sb_str(&again), sb_str(&base)) && r2->n == r->n) {
						fprintf(stderr, "fuzz_diff_cmd: %s:%d: %.*s -> %s changes nothing mapped: a number "
							"read past\n%s", l[i].file, l[i].line, (int)(e - j), s + j, num, sb_str(&base));
						abort();
					}
					diff_read_free(r2);
				}
			}
			free(copy);
			free(r2);
			sb_free(&again);
			j = e;
		}
	}
	sb_free(&base);
}

static void oracles(const uint8_t *data, size_t size)
{
	struct diff_read *r = malloc(sizeof(*r));
	struct oline *l;
	char err[300];
	int n;

	if (!r)
		abort();
	if (diff_read(files_set, (const char *)data, size, r, err, sizeof(err))) {
		free(r);
		return;
	}
	n = added_lines((const char *)data, size, &l);
	oracle_no_drop((const char *)data, r, l, n);
	oracle_numbers((const char *)data, size, r, l, n);
	free(l);
	diff_read_free(r);
	free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[1024], cmd[4300];
	uint8_t before[sizeof(files_set->nvariants)];
	int rc;
	FILE *f;

	session_init(&s);
	patchreg_hold(files_set);
	session_set_patches(&s, files_set);
	if (!(f = fopen(file, "wb")))
		abort();
	if (size && fwrite(data, 1, size, f) != size)
		abort();
	fclose(f);
	s.format = size && data[0] & 1 ? FMT_JSON : FMT_TABLE;
	snprintf(cmd, sizeof(cmd), "patch from %s", file);
	memcpy(before, patch_set_or_builtin(s.m.set)->nvariants, sizeof(before));
	sandbox_enter();
	rc = cmd_run(&s, cmd, &out, err, sizeof(err));
	if (rc && (strchr(err, '\n') || !*err))
		fail("a refusal that is not one line", err);
	if (rc && (s.m.set != files_set || memcmp(patch_set_or_builtin(s.m.set)->nvariants, before, sizeof(before))))
		fail("a refused diff changed the variants", err);
	if (!rc && s.format == FMT_JSON && !json_valid(sb_str(&out)))
		fail("patch from's json is not one document", sb_str(&out));
	for (int i = 0; !rc && patch_set_list(s.m.set)[i]; i++) {
		const struct patch_desc *d = patch_set_list(s.m.set)[i];

		for (int side = patch_nsides(d); side < patch_ncols(&s.m, d); side++) {
			uint64_t v;
			const char *why = NULL;

			if (variant_eval(&s.m, d, side, NULL, &v, &why, NULL) && (!why || !*why))
				fail("a variant n/a with no reason", variant_at(&s.m, d, side)->text);
		}
		if (patch_ncols(&s.m, d) > patch_nsides(d)) {
			char show[200];

			sb_reset(&out);
			snprintf(show, sizeof(show), "show %s", d->id);
			if (cmd_run(&s, show, &out, err, sizeof(err)))
				fail("show of a patch with a variant from the diff failed", err);
		}
	}
	sandbox_leave();
	sb_free(&out);
	session_end(&s);
	oracles(data, size);
	return 0;
}
