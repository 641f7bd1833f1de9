/*
 * libFuzzer target: arbitrary bytes as a patch file, loaded as `patch load`
 * loads it, and then used: show, about --claims, report (text, markdown,
 * json), sweep and explain of every metric on every side. Beyond "no
 * crash": a file patch load accepts is checked whole (issue 47), so nothing
 * it says may fail later - each of those commands must succeed, json output
 * must be one valid document (so no bare nan), and no output may carry a
 * raw control byte. A refused file is one line, and loads nothing.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/mmpatch.h"
#include "../core/patchset.h"
#include "../core/utf8.h"
#include "../lang/cmd.h"
#include "../lang/patchreg.h"
#include "../lang/session.h"
#include "../tests/unit/jsoncheck.h"
#include "sandbox.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char file[4200];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	sandbox_init(*argc, *argv);
	snprintf(file, sizeof(file), "%s/fuzz.mmpatch", sandbox_root());
	return 0;
}

static void fail(const char *what, const char *cmd, const char *detail)
{
	fprintf(stderr, "fuzz_mmpatch_cmd: %s\n  command: %s\n  %.2000s\n", what, cmd, detail);
	abort();
}

/* Nothing a terminal would act on (a bare nan, which no json reader takes, json_valid() finds). */
static void clean(const char *cmd, const char *out)
{
	for (const char *p = out; *p;) {
		const char *at = p;
		uint32_t cp = utf8_decode(&p);

		if ((cp < 0x20 && cp != '\n' && cp != '\t') || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f))
			fail("a raw control character in the output", cmd, at);
	}
}

/* cmd must run (a file checked whole fails at none of them), its output clean; json ones one document. */
static void must(struct session *s, enum out_format f, const char *cmd)
{
	struct strbuf out = STRBUF_INIT;
	char err[1024];

	s->format = f;
	err[0] = '\0';
	if (cmd_run(s, cmd, &out, err, sizeof(err)))
		fail("a command on a loaded patch file failed", cmd, err);
	clean(cmd, sb_str(&out));
	if (f == FMT_JSON && out.len && !json_valid(sb_str(&out)))
		fail("not one JSON document", cmd, sb_str(&out));
	sb_free(&out);
}

static void use(struct session *s, const struct mmpatch *p)
{
	char cmd[400];

	snprintf(cmd, sizeof(cmd), "show %s", p->id);
	must(s, FMT_TABLE, cmd);
	must(s, FMT_JSON, cmd);
	snprintf(cmd, sizeof(cmd), "about %s", p->id);
	must(s, FMT_TABLE, cmd);
	if (p->ncl) {
		snprintf(cmd, sizeof(cmd), "about %s --claims", p->id);
		must(s, FMT_TABLE, cmd);
		must(s, FMT_JSON, cmd);
	}
	snprintf(cmd, sizeof(cmd), "report %s", p->id);
	must(s, FMT_TABLE, cmd);
	must(s, FMT_MARKDOWN, cmd);
	must(s, FMT_JSON, cmd);
	for (int j = 0; j < p->nmetrics; j++) {
		snprintf(cmd, sizeof(cmd), "sweep cpus 1 65536 x 16 %s.%s", p->id, p->md[j].name);
		must(s, FMT_TABLE, cmd);
		must(s, FMT_JSON, cmd);
		for (int k = 0; k < p->nsides; k++) {
			snprintf(cmd, sizeof(cmd), "explain %s.%s.%s", p->id, p->md[j].name, p->sides[k].name);
			must(s, FMT_TABLE, cmd);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct session s;
	struct strbuf out = STRBUF_INIT;
	char err[1024], cmd[4300];
	FILE *f;
	int rc;

	session_init(&s);
	if (!(f = fopen(file, "wb")))
		abort();
	if (size && fwrite(data, 1, size, f) != size)
		abort();
	fclose(f);
	snprintf(cmd, sizeof(cmd), "patch load %s", file);
	sandbox_enter();
	err[0] = '\0';
	rc = cmd_run(&s, cmd, &out, err, sizeof(err));
	if (rc) {
		if (strchr(err, '\n') || !*err)
			fail("a refusal that is not one line", cmd, err);
		if (patch_set_list(s.m.set)[VARIANT_BUILTIN])
			fail("a refused file was loaded", cmd, err);
	} else {
		const struct patch_desc *d = patch_set_list(s.m.set)[VARIANT_BUILTIN];

		if (!d || !mmpatch_is(d))
			fail("patch load said it loaded, and nothing is", cmd, sb_str(&out));
		use(&s, mmpatch_of(d));
	}
	sandbox_leave();
	sb_free(&out);
	session_end(&s); /* lets go of its patch set: the file goes with it */
	return 0;
}
