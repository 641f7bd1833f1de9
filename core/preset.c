#include "preset.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "params.h"
#include "variant.h"

#include "mm/zonelayout.h"

/* a line holds the zones parameter's longest text */
#define PRESET_LINE_MAX (LAYOUT_TEXT_MAX + 64)

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* Split one line into key and value; 1 = a setting, 0 = blank or comment, -1 = malformed. */
static int split_line(char *raw, char **key, char **value, char *err, size_t errlen)
{
	char *eq, *s;

	/* '#' starts a comment where a word could start, as in the command language (lang/scan.h) */
	for (char *h = raw; *h; h++)
		if (*h == '#' && (h == raw || isspace((unsigned char)h[-1]))) {
			*h = '\0';
			break;
		}
	s = trim(raw);
	if (!*s)
		return 0;
	eq = strchr(s, '=');
	if (!eq)
		return err_set(err, errlen, "expected 'key = value'");
	*eq = '\0';
	*key = trim(s);
	*value = trim(eq + 1);
	if (!**key || !**value)
		return err_set(err, errlen, "expected 'key = value'");
	return 1;
}

/* variant.PATCH.NAME = EXPR */
static int apply_variant(struct patch_set *ps, const char *key, const char *value, char *err, size_t errlen)
{
	char id[64], why[300];
	const char *dot = strchr(key + 8, '.');
	const struct patch_desc *d;

	if (!dot || (size_t)(dot - key - 8) >= sizeof(id)) {
		snprintf(err, errlen, "%.64s: expected variant.PATCH.NAME = EXPR", key);
		return -1;
	}
	memcpy(id, key + 8, (size_t)(dot - key - 8));
	id[dot - key - 8] = '\0';
	d = patch_find(ps, id);
	if (!d || !d->constant) {
		snprintf(err, errlen, "%.64s: no patch '%s' with a constant a variant can replace", key, id);
		return -1;
	}
	if (variant_add(ps, d, dot + 1, value, why, sizeof(why))) {
		snprintf(err, errlen, "variant %s", why);
		return -1;
	}
	return 0;
}

/*
 * The passes over a preset: the page size first (totalram and zone typed as
 * sizes become pages), then the other keys, then zones, which holds for the
 * ram, page size and totalram set before it.
 */
enum { PASS_PAGESIZE, PASS_KEYS, PASS_ZONES };

static int pass_of(const struct param *p)
{
	return !strcmp(p->name, "pagesize") ? PASS_PAGESIZE : p->type == PT_LAYOUT ? PASS_ZONES : PASS_KEYS;
}

static int apply_pass(struct machine *m, struct patch_set *ps, const char *text, size_t len, int pass, int *line, char *err,
		      size_t errlen)
{
	const struct param *seen[64];
	int seen_line[64];
	size_t nseen = 0, pos = 0;
	int lineno = 0;
	char linebuf[PRESET_LINE_MAX];

	while (pos < len) {
		char *raw = NULL, *key = NULL, *value = NULL, why[320];
		size_t end = pos, n;
		const struct param *p;
		int r;

		while (end < len && text[end] != '\n')
			end++;
		n = end - pos;
		lineno++;
		*line = lineno;
		if (n >= PRESET_LINE_MAX)
			return err_set(err, errlen, "line too long (at most %d characters)", PRESET_LINE_MAX - 1);
		for (size_t i = pos; i < end; i++) {
			unsigned char c = (unsigned char)text[i];

			if (c == '\0' || (c < 0x20 && c != '\t' && c != '\r') || c == 0x7f)
				return err_set(err, errlen, "binary data (byte 0x%02x): not a preset", c);
		}
		raw = linebuf;
		memcpy(raw, text + pos, n);
		raw[n] = '\0';
		pos = end + 1;
		r = split_line(raw, &key, &value, err, errlen);
		if (r < 0)
			return -1;
		if (!r)
			continue;
		if (!strncmp(key, "variant.", 8)) {
			if (pass == PASS_KEYS && apply_variant(ps, key, value, err, errlen))
				return -1;
			continue;
		}
		p = param_find(key);
		if (!p)
		{
			char mean[128];

			return err_set(err, errlen, "%.64s: unknown key%s (see 'help set')", key,
				       param_suggest(key, mean, sizeof(mean)));
		}
		for (size_t i = 0; i < nseen; i++) {
			if (seen[i] == p)
				return err_set(err, errlen, "%s: duplicate key (first set on line %d)", p->name, seen_line[i]);
		}
		if (nseen < sizeof(seen) / sizeof(seen[0])) {
			seen_line[nseen] = lineno;
			seen[nseen++] = p;
		}
		if (pass != pass_of(p))
			continue;
		if (param_set(m, p, value, why, sizeof(why)))
			return err_set(err, errlen, "%s", why);
	}
	*line = 0;
	return 0;
}

int preset_apply(struct machine *m, struct patch_set *ps, const char *text, size_t len, int *line, char *err,
		 size_t errlen)
{
	struct machine next;
	struct patch_set *vars = malloc(sizeof(*vars));
	int rc = -1;

	*line = 0;
	if (!vars)
		return err_set(err, errlen, "out of memory");
	patch_set_copy(vars, ps);
	memset(vars->nvariants, 0, sizeof(vars->nvariants));
	machine_defaults(&next);
	next.set = ps;
	next.layouts = m->layouts;
	if (!apply_pass(&next, vars, text, len, PASS_PAGESIZE, line, err, errlen) &&
	    !apply_pass(&next, vars, text, len, PASS_KEYS, line, err, errlen) &&
	    !apply_pass(&next, vars, text, len, PASS_ZONES, line, err, errlen) && !machine_check(&next, err, errlen)) {
		if (ps)
			patch_set_copy(ps, vars);
		*m = next;
		rc = 0;
	}
	free(vars);
	return rc;
}

void preset_description(const char *text, size_t len, char *buf, size_t buflen)
{
	size_t pos = 0;

	buf[0] = '\0';
	while (pos < len) {
		size_t end = pos;

		while (end < len && text[end] != '\n')
			end++;
		if (end - pos > 2 && text[pos] == '#' && text[pos + 1] == ' ') {
			size_t n = end - pos - 2;

			if (n >= buflen)
				n = buflen - 1;
			memcpy(buf, text + pos + 2, n);
			buf[n] = '\0';
			return;
		}
		pos = end + 1;
	}
}

void preset_format(const struct machine *m, const char *description, struct strbuf *out)
{
	const char *group = "";

	sb_printf(out, "# %s\n", description && *description ? description : "a batchlab machine");
	sb_puts(out, "#\n"
		     "# A batchlab machine preset: one 'key = value' per line, any key of 'help set';\n"
		     "# '#' starts a comment. Sizes are bytes or take binary units (4K, 256G);\n"
		     "# totalram and zone take NNNp (pages), a size, or auto. A key left out keeps\n"
		     "# the default machine's value; 'variant.PATCH.NAME = EXPR' adds a variant.\n"
		     "# The whole file is checked before any of it\n"
		     "# applies. Load with 'preset load PATH' or 'batchlab -p PATH'.\n");
	for (size_t i = 0; i < nparams; i++) {
		char v[LAYOUT_TEXT_MAX];

		if (strcmp(group, params[i].group)) {
			group = params[i].group;
			sb_printf(out, "\n# %s\n", group);
		}
		if (params[i].type == PT_LAYOUT && machine_layout(m)) {
			/* its help on a line of its own: the line is the layout, as long as it is */
			if (layout_format(machine_layout(m), v, sizeof(v)) >= sizeof(v))
				sb_printf(out, "# %s: %u nodes, too many zones to write here ('host save' keeps them)\n",
					  params[i].name, machine_layout(m)->nnodes);
			else
				sb_printf(out, "# %s\n%s = %s\n", params[i].help, params[i].name, v);
			continue;
		}
		param_format_input(m, &params[i], v, sizeof(v));
		sb_printf(out, "%-*s = %-22s # %s\n", (int)param_name_width(), params[i].name, v, params[i].help);
	}
	const struct patch_desc *const *patches = patch_set_list(m->set);

	for (int i = 0, any = 0; patches[i]; i++) {
		for (int side = patch_nsides(patches[i]); side < patch_ncols(m, patches[i]); side++) {
			const struct variant *v = variant_at(m, patches[i], side);

			if (!any++)
				sb_puts(out, "\n# variants: your own versions of a patch's constant ('help variant')\n");
			sb_printf(out, "variant.%s.%s = %s\n", patches[i]->id, v->name, v->text);
		}
	}
}
