/*
 * Every explanation and note, wrapped where it lands (issue 51): each
 * metric's `explain` on every shipped preset, each patch's about, published
 * figure, points and claim notes, at 60, 80, 100 and 132 columns. No line is
 * wider than the width, and no line but a paragraph's last is under half of
 * it (a paragraph is a logical line: core writes one per step or sentence and
 * never breaks one itself). And nothing core writes is broken at another
 * width: the reflow the prompt and the pager do (wrap_reflow, which joins a
 * writer's broken lines again) changes nothing wrap_text does not.
 */
#include "presetutil.h"

#include <dirent.h>
#include <string.h>

#include "../../core/patch.h"
#include "../../core/utf8.h"
#include "../../lang/cmd/cmd_about.h"
#include "../../lang/out/render.h"
#include "../../lang/out/wrap.h"

static const int widths[] = { 60, 80, 100, 132 };

static int checked, failures;

static void complain(const char *what, int width, const char *line, size_t n, const char *why)
{
	if (failures++ < 12)
		fprintf(stderr, "%s at %d: %s: '%.*s'\n", what, width, why, (int)n, line);
}

/* One logical line wrapped at width: every line fits, every line but the last fills half of it. */
static int first_word_cols(const char *p)
{
	size_t i = strspn(p, " ");

	return utf8_width(p + i, strcspn(p + i, " \n"));
}

static void check_line(const char *what, const char *s, size_t n, int width)
{
	struct strbuf in = STRBUF_INIT, out = STRBUF_INIT;
	const char *p;

	sb_printf(&in, "%.*s", (int)n, s);
	wrap_text(&out, sb_str(&in), width, 0);
	p = sb_str(&out);
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		int cols = utf8_width(p, len);

		if (cols > width)
			complain(what, width, p, len, "wider than the width");
		/* short only where the next word (a function's name) could not have fitted */
		if (nl && cols < width / 2 && cols + 1 + first_word_cols(nl + 1) <= width)
			complain(what, width, p, len, "under half the width, not a paragraph's last");
		if (!nl)
			break;
		p = nl + 1;
	}
	checked++;
	sb_free(&in);
	sb_free(&out);
}

static void check_text(const char *what, const char *text)
{
	for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
		struct strbuf once = STRBUF_INIT, reflowed = STRBUF_INIT;

		for (const char *p = text; *p;) {
			const char *nl = strchr(p, '\n');
			size_t n = nl ? (size_t)(nl - p) : strlen(p);

			check_line(what, p, n, widths[w]);
			if (!nl)
				break;
			p = nl + 1;
		}
		struct strbuf prose = STRBUF_INIT;

		/* a table row (two spaces inside it) is laid out by its writer: a blank line in its place */
		for (const char *p = text; *p;) {
			size_t n = strcspn(p, "\n"), i = strspn(p, " ");
			int table = 0;

			for (size_t k = i; k + 2 < n; k++)
				table |= p[k] == ' ' && p[k + 1] == ' ' && p[k + 2] != ' ';
			sb_printf(&prose, "%.*s\n", table ? 0 : (int)n, p);
			p += n + (p[n] == '\n');
		}
		wrap_text(&once, sb_str(&prose), widths[w], 0);
		wrap_reflow(&reflowed, sb_str(&prose), widths[w], 0);
		sb_free(&prose);
		if (strcmp(sb_str(&once), sb_str(&reflowed))) {
			const char *a = sb_str(&once), *b = sb_str(&reflowed);
			size_t i = 0;

			while (a[i] && a[i] == b[i])
				i++;
			while (i > 0 && a[i - 1] != '\n')
				i--;
			complain(what, widths[w], a + i, strcspn(a + i, "\n"), "broken by its writer: the reflow joins it");
		}
		sb_free(&once);
		sb_free(&reflowed);
	}
}

static void check_explanations(const struct machine *m, const char *preset)
{
	for (int i = 0; patch_set_list(NULL)[i]; i++)
		for (const struct metric_desc *md = patch_set_list(NULL)[i]->metrics; md->name; md++) {
			struct metric_ref ref = { patch_set_list(NULL)[i], md, -1 };
			struct strbuf t = STRBUF_INIT;
			char what[160];

			render_explain(m, &ref, -1, &t);
			snprintf(what, sizeof(what), "explain %s.%s on %s", patch_set_list(NULL)[i]->id, md->name, preset);
			check_text(what, sb_str(&t));
			sb_free(&t);
		}
}

static void test_explanations_on_every_preset(void **state)
{
	DIR *d = opendir("presets");
	struct dirent *e;
	int presets = 0;

	(void)state;
	assert_non_null(d);
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		char name[128];
		struct machine m;

		if (n < 8 || strcmp(e->d_name + n - 7, ".preset") || n - 7 >= sizeof(name))
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)(n - 7), e->d_name);
		m = preset_machine(name);
		check_explanations(&m, name);
		presets++;
	}
	closedir(d);
	assert_true(presets > 1);
	fprintf(stderr, "%d lines of explanations checked at each width\n", checked / 4);
	assert_true(checked > 1000);
	assert_int_equal(failures, 0);
}

static void test_notes(void **state)
{
	struct machine m;

	(void)state;
	failures = 0;
	machine_defaults(&m);
	for (int i = 0; patch_set_list(NULL)[i]; i++) {
		const struct patch_desc *d = patch_set_list(NULL)[i];
		struct strbuf t = STRBUF_INIT;

		check_text(d->id, d->about);
		check_text(d->id, d->published);
		for (int k = 0; d->points && d->points[k]; k++)
			check_text(d->id, d->points[k]);
		for (int k = 0; d->claims && d->claims[k].said; k++)
			if (d->claims[k].note)
				check_text(d->id, d->claims[k].note);
		about_page(&m, d, &t);
		check_text(d->id, sb_str(&t));
		sb_free(&t);
	}
	assert_int_equal(failures, 0);
}

/* The test can fail: text broken at 90 columns by its writer is caught at every width checked. */
static void test_catches_prebroken(void **state)
{
	int before = failures;

	(void)state;
	check_text("a pre-broken step", "  pcp->batch is the unit pcp lists move pages in: recent kernels refill batch\n"
				     "    pages at a time (nr_pcp_alloc()) and free at least batch (nr_pcp_free())\n");
	assert_true(failures > before);
	before = failures;
	check_text("a paragraph broken twice", "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm\n"
					       "nnnn oooo pppp\n");
	assert_true(failures > before);
	failures = 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_catches_prebroken),
		cmocka_unit_test(test_explanations_on_every_preset),
		cmocka_unit_test(test_notes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
