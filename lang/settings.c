/* Session settings (settings.h): the theme, and the file that keeps it. */
#include "settings.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/strbuf.h"
#include "infile.h"
#include "outfile.h"
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

void settings_load(struct session *s)
{
	char path[PATH_MAX], dir[PATH_MAX], err[256], *text = NULL;
	size_t len;

	if (config_path(path, sizeof(path), dir, sizeof(dir)) || infile_read(path, 64 * 1024, &text, &len, err, sizeof(err)))
		return;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char name[32], value[64];
		const struct setting *st;

		if (sscanf(line, " %31[a-z_] = %63s", name, value) == 2 && (st = setting_find(name)))
			st->set(s, value, err, sizeof(err)); /* an unknown value leaves the setting as it was */
	}
	free(text);
}

int settings_save(const struct session *s, char *err, size_t errlen)
{
	char path[PATH_MAX], dir[PATH_MAX], failed[PATH_MAX];
	struct strbuf sb = STRBUF_INIT;
	int rc;

	if (config_path(path, sizeof(path), dir, sizeof(dir)))
		return err_set(err, errlen, "settings: no XDG_CONFIG_HOME or HOME to keep them in");
	if (make_dirs(dir, 0755, failed, sizeof(failed)))
		return err_set(err, errlen, "settings: cannot make %s", failed);
	sb_puts(&sb, "# batchlab settings: NAME = VALUE (set NAME VALUE in the explorer writes this file)\n");
	for (const struct setting *st = settings; st->name; st++)
		sb_printf(&sb, "%s = %s\n", st->name, st->get(s));
	rc = outfile_write(path, sb_str(&sb), sb.len, err, errlen);
	sb_free(&sb);
	return rc;
}
