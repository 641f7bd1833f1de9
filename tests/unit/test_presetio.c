/*
 * Preset files on disk: listing (sorted, one per name, the user's shadowing
 * a built-in), saving atomically, and loading back the same machine.
 */
#include "testutil.h"

#include <dirent.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../lang/presetio.h"

static char root[64];

static void put(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s/%s", root, dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup(void **state)
{
	char path[256];

	(void)state;
	snprintf(root, sizeof(root), "/tmp/bl-presetio-XXXXXX");
	assert_non_null(mkdtemp(root));
	snprintf(path, sizeof(path), "%s/builtin", root);
	mkdir(path, 0755);
	setenv("BATCHLAB_PRESETS", path, 1);
	snprintf(path, sizeof(path), "%s/config", root);
	setenv("XDG_CONFIG_HOME", path, 1); /* the user's folder does not exist yet: save makes it */
	put("builtin", "zeta.preset", "# built-in zeta\ncpus = 3\n");
	put("builtin", "alpha.preset", "# built-in alpha\ncpus = 5\n");
	put("builtin", "shared.preset", "# built-in shared\ncpus = 7\n");
	put("builtin", "not-a-preset.txt", "cpus = 9\n");
	put("builtin", "broken.preset", "# broken\ncpus = 8\n\nram = 4X\n");
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_save_load_roundtrip(void **state)
{
	struct machine m = machine_with("cpus 144 ram 192G overcommit never pagesize 64K totalram 123457p zone 4096p"),
		       back;
	struct strbuf out = STRBUF_INIT;
	char err[512], path[256];
	DIR *d;
	struct dirent *e;
	int files = 0;

	(void)state;
	/* a bare name goes to the user's folder, made with its parents */
	assert_int_equal(preset_save(&m, "big", &out, NULL, err, sizeof(err)), 0);
	snprintf(path, sizeof(path), "%s/config/batchlab/presets/big.preset", root);
	assert_non_null(strstr(sb_str(&out), path));
	machine_defaults(&back);
	assert_int_equal(preset_load(&back, NULL, "big", err, sizeof(err)), 0);
	assert_memory_equal(&m, &back, sizeof(m));

	/* a path, saved over an existing file */
	snprintf(path, sizeof(path), "%s/copy.preset", root);
	put(".", "copy.preset", "# old\ncpus = 1\n");
	assert_int_equal(preset_save(&m, path, NULL, NULL, err, sizeof(err)), 0);
	machine_defaults(&back);
	assert_int_equal(preset_load(&back, NULL, path, err, sizeof(err)), 0);
	assert_memory_equal(&m, &back, sizeof(m));

	/* no temporary file is left beside it */
	d = opendir(root);
	assert_non_null(d);
	while ((e = readdir(d)))
		files += e->d_name[0] != '.' || strlen(e->d_name) > 2;
	closedir(d);
	assert_int_equal(files, 3); /* builtin, config, copy.preset */

	/* names that are neither a name nor a path, and folders that cannot be written */
	assert_int_equal(preset_save(&m, "bad name", NULL, NULL, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "neither a NAME"));
	assert_int_equal(preset_save(&m, "/nonexistent-dir/x.preset", NULL, NULL, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "/nonexistent-dir"));
	snprintf(path, sizeof(path), "%s/builtin/", root);
	assert_int_equal(preset_save(&m, path, NULL, NULL, err, sizeof(err)), -1);
	sb_free(&out);
}

static void test_list(void **state)
{
	struct strbuf out = STRBUF_INIT;
	struct machine m = machine_with("cpus 12");
	const char *s, *a, *b, *sh, *z;
	char err[512];

	(void)state;
	assert_int_equal(preset_save(&m, "shared", NULL, NULL, err, sizeof(err)), 0);
	preset_list(&out);
	s = sb_str(&out);
	a = strstr(s, "alpha                  built-in built-in alpha\n");
	b = strstr(s, "broken                 built-in [broken: line "); /* listed, and marked */
	sh = strstr(s, "shared                 user     saved by batchlab: 12 CPUs");
	z = strstr(s, "zeta                   built-in built-in zeta\n");
	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(sh);
	assert_non_null(z);
	assert_true(a < b && b < sh && sh < z); /* sorted */
	assert_null(strstr(s, "built-in shared"));  /* shadowed: listed once, as the user's */
	assert_null(strstr(s, "not-a-preset"));
	/* and loading by name takes the user's */
	machine_defaults(&m);
	assert_int_equal(preset_load(&m, NULL, "shared", err, sizeof(err)), 0);
	assert_int_equal(m.cpus, 12);
	sb_free(&out);
}

static void test_load_errors(void **state)
{
	struct machine m, before;
	char err[512], want[256];

	(void)state;
	machine_defaults(&m);
	before = m;
	assert_int_equal(preset_load(&m, NULL, "broken", err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s/builtin/broken.preset:4: ram: '4X'", root);
	assert_non_null(strstr(err, want));
	assert_memory_equal(&m, &before, sizeof(m));
	/* a missing name lists those that exist */
	assert_int_equal(preset_load(&m, NULL, "nosuch", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no preset 'nosuch' (found: alpha, big, broken, shared"));
	assert_memory_equal(&m, &before, sizeof(m));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_save_load_roundtrip),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_load_errors),
	};
	return cmocka_run_group_tests_name("presetio", tests, setup, teardown);
}
