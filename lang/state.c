/*
 * The view line (state.h): written from the parameter table's rows and the
 * field rows below; read back through the preset parser (core/preset.h), so
 * every value is checked exactly as `set` and a preset check it, and the
 * machine changes whole or not at all.
 */
#include "state.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/mmpatch.h"
#include "../core/params.h"
#include "../core/patch.h"
#include "../core/preset.h"
#include "../core/suggest.h"
#include "../core/variant.h"
#include "out/numfmt.h"
#include "out/outopts.h"
#include "patchreg.h"

#define STATE_FIELDS_MAX 256
#define STATE_VALUE_MAX LAYOUT_TEXT_MAX /* the zones parameter's text is the longest */
#define STATE_KEY_MAX 128

/*
 * bl1's defaults where they are not the parameter table's. A bl1 line that
 * names no kernel means 6.18.8 for ever, though the kernel row's default
 * moves to the newest release as the release table grows: a line shared
 * today restores the same release next year. A default any other row
 * changes later gets a row here with the value bl1 lines were written
 * against.
 */
static const struct {
	const char *key, *value;
} bl1_defaults[] = {
	{ "kernel", "6.18.8" },
};
#define BL1_DEFAULTS (sizeof(bl1_defaults) / sizeof(bl1_defaults[0]))

/* What a line asks for, gathered before anything changes. */
struct state_read {
	struct strbuf params;   /* preset lines: the parameters the line names */
	struct strbuf variants; /* preset lines: variant.PATCH.NAME = EXPR */
	unsigned char seen[128]; /* by params[] index: named already */
	int version;
	char show[96];
	int format;             /* an enum out_format, -1: not named */
	struct {
		char name[256];
		uint32_t hash;
	} files[VARIANT_LOADED];
	int nfiles;
};

/* --- the field rows: what a view holds beside the parameters ------------------------------- */

struct state_field {
	const char *key;
	/* the field(s) for s, each after sep() ("" when it is the default) */
	void (*put)(const struct session *s, struct strbuf *out, int *n);
	/* one value of the key, decoded, into r; -1 with err */
	int (*take)(struct state_read *r, const char *value, char *err, size_t errlen);
};

/* Letters, digits and what an expression is made of, bar what the scanner or the line itself reads. */
static const char bare[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-+*/()!?:^[]@";

static void sep(struct strbuf *out, int *n)
{
	if ((*n)++)
		sb_putc(out, ',');
}

/* A value as the line writes it: bare, a blank as '~', any other byte %XX. */
static void put_value(struct strbuf *out, const char *v)
{
	for (; *v; v++) {
		unsigned char c = (unsigned char)*v;

		if (c == ' ')
			sb_putc(out, '~');
		else if (strchr(bare, c))
			sb_putc(out, (char)c);
		else
			sb_printf(out, "%%%02X", c);
	}
}

static void put_field(struct strbuf *out, int *n, const char *key, const char *value)
{
	sep(out, n);
	sb_printf(out, "%s=", key);
	put_value(out, value);
}

/* "percpu_batch256" of ".../percpu_batch256.mmpatch": what patch load NAME finds it by */
static void file_name(const char *path, char *buf, size_t len)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t n = strlen(base);

	if (n > 8 && !strcmp(base + n - 8, ".mmpatch"))
		n -= 8;
	snprintf(buf, len, "%.*s", (int)n, base);
}

static void put_patches(const struct session *s, struct strbuf *out, int *n)
{
	const struct mmpatch *p;
	uint32_t hash;

	for (int k = 0; (p = patchreg_loaded_at(s->m.set, k, &hash)); k++) {
		char name[256], v[300];

		file_name(p->path, name, sizeof(name));
		snprintf(v, sizeof(v), "%s@%08x", name, (unsigned)hash);
		put_field(out, n, "patch", v);
	}
}

static void put_variants(const struct session *s, struct strbuf *out, int *n)
{
	const struct patch_desc *const *patches = patch_set_list(s->m.set);

	for (int i = 0; patches[i]; i++)
		for (int side = patch_nsides(patches[i]); side < patch_ncols(&s->m, patches[i]); side++) {
			const struct variant *v = variant_at(&s->m, patches[i], side);
			char key[STATE_KEY_MAX];

			snprintf(key, sizeof(key), "%s.%s", patches[i]->id, v->name);
			put_field(out, n, key, v->text);
		}
}

static void put_show(const struct session *s, struct strbuf *out, int *n)
{
	if (*s->show)
		put_field(out, n, "show", s->show);
}

/* The session's format, not the one a command runs in (`state --format json` is a table session's view). */
static enum out_format own_format(const struct session *s)
{
	return s->exec_depth > 0 ? s->view_format : s->format;
}

static void put_format(const struct session *s, struct strbuf *out, int *n)
{
	if (own_format(s) != FMT_TABLE)
		put_field(out, n, "format", out_format_names[own_format(s)]);
}

static int take_patch(struct state_read *r, const char *value, char *err, size_t errlen)
{
	const char *at = strrchr(value, '@');
	char *end;
	unsigned long h;

	if (!at || at == value || (size_t)(at - value) >= sizeof(r->files[0].name) || strlen(at + 1) != 8)
		return err_set(err, errlen, "patch=%.60s: expected patch=NAME@HASH (8 hex digits)", value);
	h = strtoul(at + 1, &end, 16);
	if (*end || at[1] == '-' || at[1] == '+' || at[1] == ' ')
		return err_set(err, errlen, "patch=%.60s: expected patch=NAME@HASH (8 hex digits)", value);
	if (r->nfiles == VARIANT_LOADED)
		return err_set(err, errlen, "patch=%.60s: more than %d patch files", value, VARIANT_LOADED);
	snprintf(r->files[r->nfiles].name, sizeof(r->files[0].name), "%.*s", (int)(at - value), value);
	r->files[r->nfiles++].hash = (uint32_t)h;
	return 0;
}

static int take_show(struct state_read *r, const char *value, char *err, size_t errlen)
{
	if (strlen(value) >= sizeof(r->show))
		return err_set(err, errlen, "show=%.40s...: longer than PATCH.METRIC is", value);
	snprintf(r->show, sizeof(r->show), "%s", value);
	return 0;
}

static int take_format(struct state_read *r, const char *value, char *err, size_t errlen)
{
	int f = out_format_find(value);

	if (f < 0 || f == FMT_SVG || f == FMT_MARKDOWN)
		return err_set(err, errlen, "format=%.40s: expected table, csv, json or jsonl", value);
	r->format = f;
	return 0;
}

/*
 * After the parameters, in this order. A variant's key is PATCH.NAME (its
 * dot tells it from every other key), so its row has no take: the reader
 * sends every dotted key to the variants. The zone layout is a parameter
 * (zones): a loaded or explicit one is written whole, each node's CPUs
 * and zones, and read back after ram, pagesize and totalram.
 */
static const struct state_field fields[] = {
	{ "patch", put_patches, take_patch },
	{ "", put_variants, NULL },
	{ "show", put_show, take_show },
	{ "format", put_format, take_format },
};
#define NFIELDS (sizeof(fields) / sizeof(fields[0]))

/* --- writing ------------------------------------------------------------------------------- */

/* The machine a bl1 line is written against: the defaults, with bl1's own where they differ. */
static void bl1_base(struct machine *m)
{
	char why[256];

	machine_defaults(m);
	for (size_t i = 0; i < BL1_DEFAULTS; i++)
		param_set(m, param_find(bl1_defaults[i].key), bl1_defaults[i].value, why, sizeof(why));
}

static int param_differs(const struct machine *a, const struct machine *b, const struct param *p)
{
	if (p->type == PT_LAYOUT) /* a layout no longer a's machine's is auto, as b's none */
		return machine_layout(a) != machine_layout(b);
	return memcmp((const char *)a + p->offset, (const char *)b + p->offset,
		      p->type == PT_REAL ? sizeof(double) : sizeof(uint64_t)) != 0;
}

void state_format(const struct session *s, struct strbuf *out)
{
	struct machine *base = malloc(sizeof(*base));
	int n = 0;

	sb_printf(out, "bl%d:", STATE_VERSION);
	if (base)
		bl1_base(base);
	for (size_t i = 0; i < nparams; i++) {
		char v[LAYOUT_TEXT_MAX];

		if (base && !param_differs(&s->m, base, &params[i]))
			continue;
		/* a real as its shortest digits that read back the same double */
		if (params[i].type == PT_REAL)
			fmt_real_shortest(param_real(&s->m, &params[i]), v, sizeof(v));
		else
			param_format_input(&s->m, &params[i], v, sizeof(v));
		put_field(out, &n, params[i].name, v);
	}
	for (size_t i = 0; i < NFIELDS; i++)
		fields[i].put(s, out, &n);
	free(base);
}

/* --- reading ------------------------------------------------------------------------------- */

int state_is(const char *word)
{
	size_t d;

	if (strncmp(word, "bl", 2))
		return 0;
	d = strspn(word + 2, "0123456789");
	return d > 0 && d < 6 && word[2 + d] == ':';
}

/* %XX */
static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* The value between v and end, decoded into buf: '~' a blank, %XX a byte; no control byte. */
static int decode(const char *key, const char *v, const char *end, char *buf, size_t len, char *err, size_t errlen)
{
	size_t n = 0;

	for (; v < end; v++) {
		int c = (unsigned char)*v;

		if (c == '~') {
			c = ' ';
		} else if (c == '%') {
			if (end - v < 3 || hexval(v[1]) < 0 || hexval(v[2]) < 0)
				return err_set(err, errlen, "%s: '%%' takes two hex digits (%%2C is a comma)", key);
			c = hexval(v[1]) * 16 + hexval(v[2]);
			v += 2;
		} else if (!strchr(bare, c) || !c) {
			return err_set(err, errlen, "%s: byte 0x%02x is written %%%02X in a view line", key, c, c);
		}
		if (c < 0x20 || c == 0x7f)
			return err_set(err, errlen, "%s: a control byte (0x%02x) in the value", key, c);
		if (n + 1 >= len)
			return err_set(err, errlen, "%s: a value of at most %zu bytes expected", key, len - 1);
		buf[n++] = (char)c;
	}
	buf[n] = '\0';
	if (!n)
		return err_set(err, errlen, "%s: no value after '='", key);
	return 0;
}

static int take_param(struct state_read *r, const struct param *p, const char *value, char *err, size_t errlen)
{
	size_t i = (size_t)(p - params);

	if (i < sizeof(r->seen) && r->seen[i]++)
		return err_set(err, errlen, "%s: named twice", p->name);
	sb_printf(&r->params, "%s = %s\n", p->name, value);
	return 0;
}

static int key_ok(const char *key)
{
	for (const char *c = key; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_' ||
		      *c == '-' || *c == '.'))
			return 0;
	return *key != '\0';
}

/* One KEY=VALUE of the line into r. */
static int take(struct state_read *r, const char *f, const char *end, char *err, size_t errlen)
{
	const char *eq = memchr(f, '=', (size_t)(end - f));
	char key[STATE_KEY_MAX], value[STATE_VALUE_MAX], mean[128];
	const struct param *p;

	if (!eq)
		return err_set(err, errlen, "'%.*s': expected KEY=VALUE", (int)(end - f > 40 ? 40 : end - f), f);
	if ((size_t)(eq - f) >= sizeof(key))
		return err_set(err, errlen, "'%.40s...': a key that long is none", f);
	snprintf(key, sizeof(key), "%.*s", (int)(eq - f), f);
	if (!key_ok(key))
		return err_set(err, errlen, "'%.*s': a key is letters, digits, '_', '-' and '.'", (int)(eq - f > 40 ? 40 : eq - f), f);
	if (decode(key, eq + 1, end, value, sizeof(value), err, errlen))
		return -1;
	if ((p = param_find(key)))
		return take_param(r, p, value, err, errlen);
	if (strchr(key, '.')) {
		sb_printf(&r->variants, "variant.%s = %s\n", key, value);
		return 0;
	}
	for (size_t i = 0; i < NFIELDS; i++)
		if (fields[i].take && !strcmp(fields[i].key, key))
			return fields[i].take(r, value, err, errlen);
	return err_set(err, errlen, "cannot restore '%s': not a key of this batchlab's bl%d lines%s (a newer "
		       "batchlab's?)", key, STATE_VERSION, param_suggest(key, mean, sizeof(mean)));
}

/* "bl1:" and then every field, into r. */
static int parse(struct state_read *r, const char *line, char *err, size_t errlen)
{
	const char *body = strchr(line, ':') + 1, *f;
	int n = 0;

	r->version = atoi(line + 2);
	if (r->version > STATE_VERSION)
		return err_set(err, errlen, "a bl%d line is from a newer batchlab: this one reads bl1%s%.0d lines; "
			       "nothing restored", r->version, STATE_VERSION > 1 ? " to bl" : "",
			       STATE_VERSION > 1 ? STATE_VERSION : 0);
	if (r->version < 1)
		return err_set(err, errlen, "bl%d: no such version (bl1 is the first)", r->version);
	for (f = body; *f; n++) {
		const char *end = f + strcspn(f, ",");

		if (n == STATE_FIELDS_MAX)
			return err_set(err, errlen, "more than %d fields", STATE_FIELDS_MAX);
		if (end == f)
			return err_set(err, errlen, "an empty field at byte %d", (int)(f - line));
		if (take(r, f, end, err, errlen))
			return -1;
		f = *end ? end + 1 : end;
		if (*end && !*f)
			return err_set(err, errlen, "a ',' with no field after it");
	}
	return 0;
}

/* The lines of bl1's defaults that the line does not set itself, then its parameters. */
static void machine_text(const struct state_read *r, int with_variants, struct strbuf *text)
{
	for (size_t i = 0; i < BL1_DEFAULTS; i++) {
		const struct param *p = param_find(bl1_defaults[i].key);

		if (!r->seen[p - params])
			sb_printf(text, "%s = %s\n", p->name, bl1_defaults[i].value);
	}
	sb_puts(text, sb_str(&r->params));
	if (with_variants)
		sb_puts(text, sb_str(&r->variants));
}

/* text onto m as a preset is read; its variants, if any, into ps (NULL: none wanted). */
static int apply_text(struct machine *m, struct patch_set *ps, const struct strbuf *text, char *err, size_t errlen)
{
	char why[512];
	int line;

	if (preset_apply(m, ps, sb_str(text), text->len, &line, why, sizeof(why)))
		return err_set(err, errlen, "%s", why);
	return 0;
}

/*
 * Each patch file the line names: loaded already in the session's set (the
 * same name, the same bytes), else found in the patch folders and loaded -
 * or named as missing. Every one is found before any is loaded; *files is
 * the session's set with them loaded (held once, or the session's own when
 * none was), *nloaded how many were.
 */
static int take_files(const struct session *s, const struct state_read *r, struct strbuf *note,
		      const struct patch_set **files, int *nloaded, char *err, size_t errlen)
{
	char path[VARIANT_LOADED][PATH_MAX];
	int need[VARIANT_LOADED] = { 0 };

	*nloaded = 0;
	*files = s->m.set;
	for (int i = 0; i < r->nfiles; i++) {
		const struct mmpatch *p;
		uint32_t hash, here;
		char name[256], why[PATH_MAX + 256];

		for (int k = 0; (p = patchreg_loaded_at(s->m.set, k, &hash)); k++) {
			file_name(p->path, name, sizeof(name));
			if (!strcmp(name, r->files[i].name) && hash == r->files[i].hash)
				break;
		}
		if (p)
			continue;
		/* a line names a file as the patch folders hold it, never a path to read wherever it points */
		if (strchr(r->files[i].name, '/'))
			return err_set(err, errlen, "patch file '%.60s' (hash %08x) is not on this machine: a view line names a "
				       "patch file, not a path; nothing restored", r->files[i].name, (unsigned)r->files[i].hash);
		if (patchreg_file_hash(r->files[i].name, path[i], sizeof(path[i]), &here, why, sizeof(why)))
			return err_set(err, errlen, "patch file '%.60s' (hash %08x) is not on this machine: %s; nothing "
				       "restored", r->files[i].name, (unsigned)r->files[i].hash, why);
		if (here != r->files[i].hash)
			sb_printf(note, "state: patch file %s here (%s) is not the one the line was made with (hash %08x, "
				  "the line's %08x): its figures may differ\n", r->files[i].name, path[i], (unsigned)here,
				  (unsigned)r->files[i].hash);
		need[i] = 1;
	}
	for (int i = 0; i < r->nfiles; i++) {
		char why[PATH_MAX + 256];
		struct patch_set *with;

		if (!need[i])
			continue;
		if (patchreg_load(*files, path[i], &with, NULL, why, sizeof(why)))
			return err_set(err, errlen, "patch file %s: %s", r->files[i].name, why);
		if (*nloaded)
			patchreg_drop(*files);
		*files = with;
		++*nloaded;
	}
	return 0;
}

/* show=PATCH or show=PATCH.METRIC, once the line's patch files are loaded. */
static int show_ok(const struct patch_set *ps, const char *show, char *err, size_t errlen)
{
	const char *dot = strchr(show, '.');
	char id[96], mean[128];
	const struct patch_desc *d;

	snprintf(id, sizeof(id), "%.*s", dot ? (int)(dot - show) : (int)strlen(show), show);
	if (!(d = patch_find(ps, id)))
		return err_set(err, errlen, "show=%s: no patch '%s'%s", show, id,
			       patch_suggest(ps, id, mean, sizeof(mean)));
	if (dot && !patch_metric(d, dot + 1))
		return err_set(err, errlen, "show=%s: patch %s has no metric '%s' (help %s lists them)", show, id, dot + 1,
			       id);
	return 0;
}

static int restore(struct session *s, struct state_read *r, struct machine *next, struct strbuf *note, char *err,
		   size_t errlen)
{
	struct strbuf text = STRBUF_INIT;
	const struct patch_set *files = NULL;
	struct patch_set *vars = NULL;
	int rc, nloaded = 0;

	/* the parameters first, before any patch file is loaded: a bad value changes nothing at all */
	machine_text(r, 0, &text);
	rc = apply_text(next, NULL, &text, err, errlen);
	sb_free(&text);
	if (rc || (rc = take_files(s, r, note, &files, &nloaded, err, errlen)))
		goto out;
	/* the line's variants in place of the session's, over the patches with the files loaded */
	if (!(vars = patchreg_new(files)))
		rc = err_set(err, errlen, "out of memory");
	machine_text(r, 1, &text);
	rc = rc ? rc : apply_text(next, vars, &text, err, errlen);
	sb_free(&text);
	if (!rc && *r->show)
		rc = show_ok(vars, r->show, err, errlen);
	if (rc) {
		if (nloaded) {
			size_t n = strlen(err);

			snprintf(err + n, errlen - n, " (the %d patch file%s it named stay%s loaded)", nloaded,
				 nloaded > 1 ? "s" : "", nloaded > 1 ? "" : "s");
		}
		goto out;
	}
	next->set = s->m.set;
	s->m = *next;
	session_set_patches(s, vars);
	vars = NULL;
	session_preset(s, "");
	snprintf(s->show, sizeof(s->show), "%s", r->show);
	*(s->exec_depth > 0 ? &s->view_format : &s->format) = r->format >= 0 ? (enum out_format)r->format : FMT_TABLE;
	rc = 0;
out:
	/* patch files the line named stay loaded, even when the rest of it was refused */
	if (nloaded && rc)
		session_set_patches(s, files);
	else if (nloaded)
		patchreg_drop(files);
	patchreg_drop(vars);
	return rc ? -1 : 0;
}

int state_load(struct session *s, const char *line, struct strbuf *note, char *err, size_t errlen)
{
	struct state_read *r;
	struct machine *next;
	char why[1024];
	int rc = -1;

	if (strlen(line) > STATE_LINE_MAX)
		return err_set(err, errlen, "state: a view line is at most %d bytes", STATE_LINE_MAX);
	if (!state_is(line))
		return err_set(err, errlen, "state: '%.20s': expected a view line, bl1:KEY=VALUE,...", line);
	r = calloc(1, sizeof(*r));
	next = malloc(sizeof(*next));
	if (!r || !next) {
		free(r);
		free(next);
		return err_set(err, errlen, "state: out of memory");
	}
	r->format = -1;
	next->layouts = s->m.layouts; /* where the line's zones, if any, are kept */
	if (parse(r, line, why, sizeof(why)) || restore(s, r, next, note, why, sizeof(why)))
		err_set(err, errlen, "state: %s", why);
	else
		rc = 0;
	sb_free(&r->params);
	sb_free(&r->variants);
	free(r);
	free(next);
	return rc;
}
