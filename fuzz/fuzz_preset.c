/*
 * libFuzzer target: arbitrary bytes as preset text, through core's pure
 * reader (preset_apply). Beyond "no crash": a rejected preset leaves the
 * machine untouched, and an accepted one survives the round trip through
 * preset_format - the text `preset save` writes reads back to the same
 * machine.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/mm/zonelayout.h"
#include "../core/params.h"
#include "../core/preset.h"
#include "../core/strbuf.h"
#include "sandbox.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	sandbox_init(*argc, *argv);
	return 0;
}

static void fail(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz_preset: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct machine m, before, back;
	struct layout_pool pool = { .n = 0 }; /* a zones line's layouts, as a session keeps them */
	struct strbuf text = STRBUF_INIT, again = STRBUF_INIT;
	char err[256], desc[160];
	int line;

	/* a machine unlike the default, so "untouched" is visible */
	machine_defaults(&m);
	m.cpus = 3;
	m.layouts = &pool;
	before = m;
	preset_description((const char *)data, size, desc, sizeof(desc));
	sandbox_enter();
	if (preset_apply(&m, NULL, (const char *)data, size, &line, err, sizeof(err))) {
		sandbox_leave();
		if (memcmp(&m, &before, sizeof(m)))
			fail("a rejected preset changed the machine", err);
		if (!*err || strchr(err, '\n'))
			fail("a rejected preset's error is not one line", err);
		layout_pool_free(&pool);
		return 0;
	}
	sandbox_leave();
	preset_format(&m, desc, &text);
	machine_defaults(&back);
	back.layouts = &pool;
	if (preset_apply(&back, NULL, sb_str(&text), text.len, &line, err, sizeof(err)))
		fail("preset_format wrote text preset_apply rejects", err);
	preset_format(&back, desc, &again);
	if (strcmp(sb_str(&text), sb_str(&again)))
		fail("a saved preset does not read back the same", sb_str(&text));
	sb_free(&text);
	sb_free(&again);
	layout_pool_free(&pool);
	return 0;
}
