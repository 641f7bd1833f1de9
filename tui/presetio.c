#include "presetio.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/preset.h"

#ifndef PRESETDIR
#define PRESETDIR "/usr/local/share/batchlab/presets"
#endif

#define PRESET_FILE_MAX (64 * 1024)
#define PRESET_DIRS 4

int read_small_file(const char *path, char **text, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	size_t n;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	buf = malloc(PRESET_FILE_MAX + 1);
	if (!buf) {
		fclose(f);
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	errno = 0;
	n = fread(buf, 1, PRESET_FILE_MAX + 1, f);
	if (ferror(f) || n > PRESET_FILE_MAX) {
		snprintf(err, errlen, "%s: %s", path,
			 !ferror(f) ? "larger than 64 KiB: not a preset" : errno ? strerror(errno) : "read error");
		fclose(f);
		free(buf);
		return -1;
	}
	fclose(f);
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return 0;
}

/* The folders searched for a preset by name, most personal first. */
static int preset_dirs(char dirs[PRESET_DIRS][PATH_MAX])
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME"), *env = getenv("BATCHLAB_PRESETS");
	char exe[PATH_MAX];
	ssize_t n;
	int k = 0;

	if (env && *env)
		snprintf(dirs[k++], PATH_MAX, "%s", env);
	if (xdg && *xdg)
		snprintf(dirs[k++], PATH_MAX, "%s/batchlab/presets", xdg);
	else if (home && *home)
		snprintf(dirs[k++], PATH_MAX, "%s/.config/batchlab/presets", home);
	/* run from the source tree: presets/ beside the binary */
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			snprintf(dirs[k++], PATH_MAX, "%.*s/presets", PATH_MAX - 16, exe);
		}
	}
	snprintf(dirs[k++], PATH_MAX, "%s", PRESETDIR);
	return k;
}

static int is_path(const char *s)
{
	size_t n = strlen(s);

	return strchr(s, '/') || (n > 7 && !strcmp(s + n - 7, ".preset"));
}

static int valid_name(const char *s)
{
	if (!*s || strlen(s) > 64)
		return 0;
	for (; *s; s++)
		if (!(*s == '-' || *s == '_' || *s == '.' || (*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'z') ||
		      (*s >= 'A' && *s <= 'Z')))
			return 0;
	return 1;
}

/* A name an earlier folder also has is not the one `preset load NAME` finds: list it once. */
static int shadowed(char dirs[PRESET_DIRS][PATH_MAX], int i, const char *file)
{
	for (int j = 0; j < i; j++) {
		char path[PATH_MAX + 300];
		struct stat st;

		snprintf(path, sizeof(path), "%.4000s/%.255s", dirs[j], file);
		if (!stat(path, &st) && S_ISREG(st.st_mode))
			return 1;
	}
	return 0;
}

static void list_names(struct strbuf *out, const char *sep)
{
	char dirs[PRESET_DIRS][PATH_MAX];
	int nd = preset_dirs(dirs);
	size_t start = out->len;

	for (int i = 0; i < nd; i++) {
		DIR *d = opendir(dirs[i]);
		struct dirent *e;

		if (!d)
			continue;
		while ((e = readdir(d))) {
			size_t n = strlen(e->d_name);

			if (n > 7 && !strcmp(e->d_name + n - 7, ".preset") && !shadowed(dirs, i, e->d_name)) {
				if (out->len > start)
					sb_puts(out, sep);
				sb_printf(out, "%.*s", (int)(n - 7), e->d_name);
			}
		}
		closedir(d);
	}
}

int preset_load(struct machine *m, const char *name_or_path, char *err, size_t errlen)
{
	char path[PATH_MAX + 80], why[256];
	char *text;
	size_t len;
	int line, found = 0;

	if (is_path(name_or_path)) {
		snprintf(path, sizeof(path), "%s", name_or_path);
		found = 1;
	} else if (valid_name(name_or_path)) {
		char dirs[PRESET_DIRS][PATH_MAX];
		int nd = preset_dirs(dirs);

		for (int i = 0; i < nd && !found; i++) {
			struct stat st;

			snprintf(path, sizeof(path), "%.4000s/%.64s.preset", dirs[i], name_or_path);
			found = !stat(path, &st) && S_ISREG(st.st_mode);
		}
	}
	if (!found) {
		struct strbuf names = STRBUF_INIT;

		list_names(&names, ", ");
		snprintf(err, errlen, "preset: no preset '%s' (found: %s)", name_or_path,
			 names.len ? sb_str(&names) : "none");
		sb_free(&names);
		return -1;
	}
	if (read_small_file(path, &text, &len, why, sizeof(why))) {
		snprintf(err, errlen, "preset: %s", why);
		return -1;
	}
	if (preset_apply(m, text, len, &line, why, sizeof(why))) {
		if (line)
			snprintf(err, errlen, "%s:%d: %s", path, line, why);
		else
			snprintf(err, errlen, "%s: %s", path, why);
		free(text);
		return -1;
	}
	free(text);
	return 0;
}

void preset_list(struct strbuf *out)
{
	char dirs[PRESET_DIRS][PATH_MAX];
	int nd = preset_dirs(dirs);

	for (int i = 0; i < nd; i++) {
		DIR *d = opendir(dirs[i]);
		struct dirent *e;

		if (!d)
			continue;
		while ((e = readdir(d))) {
			size_t n = strlen(e->d_name);
			char path[PATH_MAX + 300], desc[160], why[128], *text;
			size_t len;

			if (n <= 7 || strcmp(e->d_name + n - 7, ".preset") || shadowed(dirs, i, e->d_name))
				continue;
			snprintf(path, sizeof(path), "%.4000s/%.255s", dirs[i], e->d_name);
			desc[0] = '\0';
			if (!read_small_file(path, &text, &len, why, sizeof(why))) {
				preset_description(text, len, desc, sizeof(desc));
				free(text);
			}
			sb_printf(out, "%-22.*s %s\n", (int)(n - 7), e->d_name, desc);
		}
		closedir(d);
	}
}
