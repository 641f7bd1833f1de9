/* Session settings (settings.h): the theme, and the file that keeps it. */
#include "settings.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/err.h"
#include "../core/strbuf.h"
#include "out/escape.h"
#include "infile.h"
#include "out/outfile.h"
#include "presetio.h"
#include "xdg.h"

const char *const theme_names[] = { "default", "projector", "mono", "light", NULL };

int theme_find(const char *name)
{
	for (int i = 0; theme_names[i]; i++)
		if (!strcmp(theme_names[i], name))
			return i;
	return -1;
}

static int set_theme(struct session *s, const char *value, char *err, size_t errlen)
{
	int t = theme_find(value);

	if (t < 0)
		return err_set(err, errlen, "theme: '%s' is not a theme (expected default, projector, mono or light)",
			       value);
	s->theme = t;
	return 0;
}

static const char *get_theme(const struct session *s)
{
	return theme_names[s->theme >= 0 && s->theme < THEME_COUNT ? s->theme : 0];
}

const struct setting settings[] = {
	{ "theme", theme_names,
	  "the explorer's colours: default, projector (high contrast: no dim or italic, bold headings, the change "
	  "column in bold colour, the chart's machine mark a solid reverse bar), mono (no colour), light (for white-background terminals); "
	  "NO_COLOR still wins; kept in the settings file when set in the explorer",
	  set_theme, get_theme },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct setting *setting_find(const char *name)
{
	for (const struct setting *st = settings; st->name; st++)
		if (!strcmp(st->name, name))
			return st;
	return NULL;
}

static int config_path(char *path, size_t len, char *dir, size_t dirlen)
{
	if (xdg_path(XDG_CONFIG, NULL, dir, dirlen))
		return -1;
	snprintf(path, len, "%.*s/config", (int)(len - 8), dir);
	return 0;
}

/*
 * Where line (n bytes, no newline) gives setting name a value, as
 * settings_load reads it (" NAME = VALUE", sscanf's " %31[a-z_] = %63s"):
 * the value's first byte and the byte after it. 1 when it does.
 */
static int line_value(const char *line, size_t n, const char *name, size_t *at, size_t *end)
{
	size_t i = 0, k = strlen(name);

	while (i < n && isspace((unsigned char)line[i]))
		i++;
	if (n - i < k || memcmp(line + i, name, k))
		return 0;
	i += k;
	if (i < n && (islower((unsigned char)line[i]) || line[i] == '_'))
		return 0; /* a longer name (themes = ...) */
	while (i < n && isspace((unsigned char)line[i]))
		i++;
	if (i == n || line[i++] != '=')
		return 0;
	while (i < n && isspace((unsigned char)line[i]))
		i++;
	if (i == n)
		return 0;
	*at = i;
	while (i < n && !isspace((unsigned char)line[i]))
		i++;
	*end = i;
	return 1;
}

/* "batchlab: PATH:LINE: why: VALUE kept", escaped: the file's bytes reach a terminal as text. */
static void warn_line(struct strbuf *warn, const char *path, int lineno, const char *why, const char *kept)
{
	struct strbuf t = STRBUF_INIT;

	const char *home = getenv("HOME");
	size_t n = home ? strlen(home) : 0;

	if (n > 1 && !strncmp(path, home, n) && path[n] == '/') /* ~/.config/batchlab/config, as a person reads it */
		sb_printf(&t, "~%s:%d: %s: %s kept", path + n, lineno, why, kept);
	else
		sb_printf(&t, "%s:%d: %s: %s kept", path, lineno, why, kept);
	sb_puts(warn, "batchlab: ");
	escape_text(warn, sb_str(&t), t.len);
	sb_putc(warn, '\n');
	sb_free(&t);
}

void settings_load(struct session *s, struct strbuf *warn)
{
	char path[PATH_MAX], dir[PATH_MAX], err[256], *text = NULL;
	size_t len;
	int lineno = 0;

	if (config_path(path, sizeof(path), dir, sizeof(dir)) || infile_read(path, 64 * 1024, &text, &len, err, sizeof(err)))
		return;
	for (char *line = text, *nl; line < text + len; line = nl + 1) {
		char name[32], value[64];
		const struct setting *st;

		nl = memchr(line, '\n', (size_t)(text + len - line));
		if (!nl)
			nl = text + len;
		*nl = '\0';
		lineno++;
		if (sscanf(line, " %31[a-z_] = %63s", name, value) == 2 && (st = setting_find(name)) &&
		    st->set(s, value, err, sizeof(err)) && warn) /* an unknown value leaves the setting as it was */
			warn_line(warn, path, lineno, err, st->get(s));
	}
	free(text);
}

/* Did the (regular, just read) file begin with UTF-8's byte-order mark? */
static int had_bom(const char *path)
{
	unsigned char b[3] = { 0 };
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(b, 1, 3, f) : 0;

	if (f)
		fclose(f);
	return n == 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF;
}

/* n bytes of p onto sb. */
static void put_bytes(struct strbuf *sb, const char *p, size_t n)
{
	char *to = sb_reserve(sb, n);

	if (!to)
		return;
	memcpy(to, p, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

/* The last line of text that gives name a value (settings_load keeps the last): its value's span. 1 when there is one. */
static int last_value(const char *text, size_t len, const char *name, size_t *at, size_t *end)
{
	size_t vat, vend;
	int found = 0;

	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - text) - i : len - i;

		if (line_value(text + i, n, name, &vat, &vend))
			found = 1, *at = i + vat, *end = i + vend;
		i += n + 1;
	}
	return found;
}

/*
 * The file as it was with each setting's value changed on the line that
 * gives it, or a line added for it: comments, unknown keys and every other
 * byte stay as they were. Settings are in the file's order when it has
 * them (one NAME a line, so their spans never overlap).
 */
static void settings_edit(const struct session *s, const char *text, size_t len, struct strbuf *sb)
{
	size_t done = 0, at, end;

	for (;;) {
		const struct setting *next = NULL;
		size_t nat = len, nend = len;

		for (const struct setting *st = settings; st->name; st++)
			if (last_value(text, len, st->name, &at, &end) && at >= done && at < nat)
				next = st, nat = at, nend = end;
		if (!next)
			break;
		put_bytes(sb, text + done, nat - done);
		sb_puts(sb, next->get(s));
		done = nend;
	}
	put_bytes(sb, text + done, len - done);
	for (const struct setting *st = settings; st->name; st++) {
		if (last_value(text, len, st->name, &at, &end))
			continue;
		if (sb->len && sb->buf[sb->len - 1] != '\n')
			sb_putc(sb, '\n');
		sb_printf(sb, "%s = %s\n", st->name, st->get(s));
	}
}

int settings_save(const struct session *s, char *err, size_t errlen)
{
	char path[PATH_MAX], dir[PATH_MAX], failed[PATH_MAX], why[PATH_MAX + 128], *text = NULL;
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	size_t len = 0;
	int rc;

	if (config_path(path, sizeof(path), dir, sizeof(dir)))
		return err_set(err, errlen, "settings: no XDG_CONFIG_HOME or HOME to keep them in");
	if (make_dirs(dir, 0755, failed, sizeof(failed)))
		return err_set(err, errlen, "settings: cannot make %s", failed);
	if (stat(path, &st) && errno == ENOENT) {
		sb_puts(&sb, "# batchlab settings: NAME = VALUE (set NAME VALUE in the explorer writes this file)\n");
	} else if (infile_read(path, 64 * 1024, &text, &len, why, sizeof(why))) {
		/* a file it cannot read whole is the user's: never replaced by one that lost it */
		return err_set(err, errlen, "settings: %s: left as it is", why);
	} else if (memchr(text, '\0', len)) {
		free(text);
		return err_set(err, errlen, "settings: %s: binary data (a NUL byte): left as it is", path);
	} else if (had_bom(path)) {
		sb_puts(&sb, "\xEF\xBB\xBF"); /* infile_read dropped it: the file keeps it */
	}
	settings_edit(s, text ? text : "", len, &sb);
	free(text);
	rc = outfile_write(path, sb_str(&sb), sb.len, err, errlen);
	sb_free(&sb);
	return rc;
}
