#include "presetio.h"
#include "xdg.h"

#include "out/records.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/suggest.h"
#include "../core/err.h"
#include "../core/params.h"
#include "../core/mm/zonelayout.h"
#include "../core/preset.h"
#include "out/escape.h"
#include "infile.h"
#include "out/outfile.h"
#include "out/records.h"

#ifndef PRESETDIR
#define PRESETDIR "/usr/local/share/batchlab/presets"
#endif

/* a preset is a few hundred bytes: anything over a mebibyte is not one, and is not read */
#define PRESET_FILE_MAX (1024 * 1024)
#define PRESET_DIRS 4

struct preset_dir {
	char path[PATH_MAX];
	int user;
};

int read_small_file(const char *path, char **text, size_t *len, char *err, size_t errlen)
{
	return infile_read(path, PRESET_FILE_MAX, text, len, err, errlen);
}

/*
 * The folders searched for a preset by name, the user's first so that a
 * user's preset shadows a built-in one of the same name. BATCHLAB_PRESETS
 * stands in for the built-in folder (tests, or presets kept elsewhere).
 */
static int preset_dirs(struct preset_dir dirs[PRESET_DIRS])
{
	const char *env = getenv("BATCHLAB_PRESETS");
	int k = 0;

	if (!user_preset_dir(dirs[k].path, sizeof(dirs[k].path))) {
		dirs[k].user = 1;
		k++;
	}
	if (env && *env) {
		snprintf(dirs[k].path, PATH_MAX, "%s", env);
		dirs[k++].user = 0;
	}
	if (!beside_binary("presets", dirs[k].path, PATH_MAX)) /* run from the source tree */
		dirs[k++].user = 0;
	snprintf(dirs[k].path, PATH_MAX, "%s", PRESETDIR);
	dirs[k++].user = 0;
	return k;
}

int user_preset_dir(char *buf, size_t len)
{
	return xdg_path(XDG_CONFIG, "presets", buf, len);
}

static int is_path(const char *s)
{
	size_t n = strlen(s);

	return strchr(s, '/') || (n > 7 && !strcmp(s + n - 7, ".preset"));
}

static int valid_name(const char *s)
{
	if (!*s || *s == '.' || strlen(s) > PRESET_NAME_MAX)
		return 0;
	for (; *s; s++)
		if (!(*s == '-' || *s == '_' || *s == '.' || (*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'z') ||
		      (*s >= 'A' && *s <= 'Z')))
			return 0;
	return 1;
}

static int by_name(const void *a, const void *b)
{
	const struct preset_info *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	/* equal names: the folder searched first wins, so keep the search order */
	return c ? c : x->order - y->order;
}

int preset_path(const struct preset_info *p, char *buf, size_t len)
{
	struct preset_dir dirs[PRESET_DIRS];
	int nd = preset_dirs(dirs);

	if (p->dir < 0 || p->dir >= nd)
		return -1;
	return (size_t)snprintf(buf, len, "%s/%s.preset", dirs[p->dir].path, p->name) < len ? 0 : -1;
}

int preset_all(struct preset_info **list)
{
	struct preset_dir dirs[PRESET_DIRS];
	int nd = preset_dirs(dirs), n = 0, cap = 0, k = 0;
	struct preset_info *v = NULL;

	for (int i = 0; i < nd; i++) {
		DIR *d = opendir(dirs[i].path);
		struct dirent *e;

		if (!d)
			continue;
		while ((e = readdir(d))) {
			size_t len = strlen(e->d_name);
			struct preset_info *x;
			char name[PRESET_NAME_MAX + 1];

			if (len <= 7 || len - 7 > PRESET_NAME_MAX || strcmp(e->d_name + len - 7, ".preset"))
				continue;
			memcpy(name, e->d_name, len - 7);
			name[len - 7] = '\0';
			if (!valid_name(name))
				continue;
			if (n == cap) {
				struct preset_info *nv = realloc(v, (size_t)(cap = cap ? cap * 2 : 16) * sizeof(*v));

				if (!nv)
					break;
				v = nv;
			}
			x = &v[n++];
			memcpy(x->name, name, len - 7 + 1);
			x->user = dirs[i].user;
			x->order = n;
			x->dir = i;
		}
		closedir(d);
	}
	if (n)
		qsort(v, (size_t)n, sizeof(*v), by_name);
	for (int i = 0; i < n; i++)
		if (!k || strcmp(v[k - 1].name, v[i].name))
			v[k++] = v[i];
	*list = v;
	return k;
}

static void list_names(struct strbuf *out, const char *sep)
{
	struct preset_info *v;
	int n = preset_all(&v);

	for (int i = 0; i < n; i++)
		sb_printf(out, "%s%s", i ? sep : "", v[i].name);
	free(v);
}

int preset_load(struct machine *m, struct patch_set *ps, const char *name_or_path, char *err, size_t errlen)
{
	char path[PATH_MAX + 80], why[256];
	char *text;
	size_t len;
	int line, found = 0;

	if (is_path(name_or_path)) {
		snprintf(path, sizeof(path), "%s", name_or_path);
		found = 1;
	} else if (valid_name(name_or_path)) {
		/* the named file in each folder, the user's first: one stat a folder, not a scan of them all */
		struct preset_dir dirs[PRESET_DIRS];
		int k = preset_dirs(dirs);

		for (int i = 0; i < k && !found; i++) {
			struct stat st;

			snprintf(path, sizeof(path), "%.*s/%s.preset", PATH_MAX - 80, dirs[i].path, name_or_path);
			found = !stat(path, &st); /* not a regular file: read_small_file() says what it is */
		}
	}
	if (!found) {
		struct strbuf names = STRBUF_INIT;
		struct preset_info *v;
		struct suggest sg;
		char mean[128];
		int n = preset_all(&v);

		suggest_init(&sg, name_or_path);
		for (int i = 0; i < n; i++)
			suggest_offer(&sg, v[i].name);
		free(v);
		list_names(&names, ", ");
		snprintf(err, errlen, "preset: no preset '%.64s'%s (found: %s)", name_or_path,
			 suggest_text(&sg, mean, sizeof(mean)), names.len ? sb_str(&names) : "none");
		sb_free(&names);
		return -1;
	}
	if (read_small_file(path, &text, &len, why, sizeof(why)))
		return err_set(err, errlen, "preset: %s", why);
	if (preset_apply(m, ps, text, len, &line, why, sizeof(why))) {
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
	preset_list_format(out, FMT_TABLE, NULL);
}

void preset_list_format(struct strbuf *out, enum out_format f, struct doc *d)
{
	static const char *const heads[] = { "name", "source", "status", "description", "path", NULL };
	struct preset_info *v;
	struct records rec;
	int n = preset_all(&v);

	if (f != FMT_TABLE)
		rec_begin(&rec, d, f, heads, NULL, 0, out);
	for (int i = 0; i < n; i++) {
		char desc[160], shown[640], why[PATH_MAX + 128], *text, path[PATH_MAX + 80];
		const char *status = "ok";
		size_t len;

		desc[0] = '\0';
		preset_path(&v[i], path, sizeof(path));
		if (read_small_file(path, &text, &len, why, sizeof(why))) {
			const char *irregular = strstr(why, ": not a regular file");

			/* a FIFO or device in the folder is named, never opened for reading */
			if (irregular) {
				snprintf(desc, sizeof(desc), "[skipped:%.100s]", irregular + 1);
				status = "not a regular file";
			} else {
				snprintf(desc, sizeof(desc), "[cannot be read: %.100s]", why);
				status = "unreadable";
			}
		} else {
			struct machine scratch;
			struct layout_pool pool = { .n = 0 };
			int line, bad;

			/* a list that offers a preset load would refuse says so up front */
			scratch.layouts = &pool;
			bad = preset_apply(&scratch, NULL, text, len, &line, why, sizeof(why));
			layout_pool_free(&pool);
			if (bad) {
				snprintf(desc, sizeof(desc), "[broken: line %d: %.100s]", line, why);
				status = "broken";
			} else {
				preset_description(text, len, desc, sizeof(desc));
			}
			free(text);
		}
		/* a file's own text (its description, a reason quoting its line) carries no raw control to a terminal */
		escape_buf(desc, shown, sizeof(shown));
		if (f == FMT_TABLE) {
			sb_printf(out, "%-22s %-8s %s\n", v[i].name, v[i].user ? "user" : "built-in", shown);
			continue;
		}
		rec_str(&rec, v[i].name);
		rec_str(&rec, v[i].user ? "user" : "built-in");
		rec_str(&rec, status);
		rec_str(&rec, shown);
		rec_str(&rec, path);
		rec_end_row(&rec);
	}
	if (f != FMT_TABLE)
		rec_end(&rec);
	else if (!n)
		sb_puts(out, "no presets found\n");
	free(v);
}

int make_dirs(const char *dir, mode_t mode, char *failed, size_t failedlen)
{
	char buf[PATH_MAX];

	snprintf(buf, sizeof(buf), "%s", dir);
	for (char *p = buf + 1;; p++) {
		if (*p == '/' || !*p) {
			char c = *p;

			*p = '\0';
			if (mkdir(buf, mode) && errno != EEXIST) {
				snprintf(failed, failedlen, "%s", buf);
				return -1;
			}
			if (!c)
				return 0;
			*p = c;
		}
	}
}

int preset_save(const struct machine *m, const char *name_or_path, struct strbuf *out, struct strbuf *note, char *err,
		size_t errlen)
{
	struct strbuf text = STRBUF_INIT, inplace = STRBUF_INIT;
	char path[PATH_MAX + 80], desc[200], ram[48], page[48], cpus[24], oc[24], why[PATH_MAX + 256];
	int rc;

	if (is_path(name_or_path)) {
		snprintf(path, sizeof(path), "%s", name_or_path);
	} else if (valid_name(name_or_path)) {
		char dir[PATH_MAX], bad[PATH_MAX];

		if (user_preset_dir(dir, sizeof(dir)))
			return err_set(err, errlen, "preset save: no XDG_CONFIG_HOME or HOME for the user's presets; "
				       "give a PATH");
		if (make_dirs(dir, 0755, bad, sizeof(bad)))
			return err_set(err, errlen, "preset save: cannot create %s: %s", bad, strerror(errno));
		snprintf(path, sizeof(path), "%.4000s/%s.preset", dir, name_or_path);
	} else {
		if (strlen(name_or_path) > PRESET_NAME_MAX) /* every character may be one a NAME takes: say which rule */
			return err_set(err, errlen, "preset save: '%.32s...' is %zu characters: a NAME has at most %d "
				       "(or give a PATH)", name_or_path, strlen(name_or_path), PRESET_NAME_MAX);
		return err_set(err, errlen, "preset save: '%.64s' is neither a NAME (letters, digits, - _ ., not "
			       "starting with '.') nor a PATH", name_or_path);
	}
	param_format(m, param_find("cpus"), cpus, sizeof(cpus));
	param_format_human(m, param_find("ram"), ram, sizeof(ram));
	param_format_human(m, param_find("pagesize"), page, sizeof(page));
	param_format(m, param_find("overcommit"), oc, sizeof(oc));
	snprintf(desc, sizeof(desc), "saved by batchlab: %s CPUs, %s, %s pages, overcommit %s", cpus, ram, page, oc);
	preset_format(m, desc, &text);
	rc = outfile_write_told(path, sb_str(&text), text.len, &inplace, why, sizeof(why));
	sb_free(&text);
	if (inplace.len)
		sb_printf(note, "preset save: %s", sb_str(&inplace));
	sb_free(&inplace);
	if (rc)
		snprintf(err, errlen, "preset save: %s", why);
	else
		sb_printf(out, "saved %s\n", path);
	return rc;
}
