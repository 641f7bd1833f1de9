/* Load a preset from the source tree's presets/ (unit tests run from the top directory). */
#ifndef BL_PRESETUTIL_H
#define BL_PRESETUTIL_H

#include <stdlib.h>

#include "testutil.h"

#include "../../core/preset.h"
#include "../../lang/presetio.h"

static inline struct machine preset_machine(const char *name)
{
	struct machine m;
	char path[256], err[256], *text;
	size_t len;
	int line;

	snprintf(path, sizeof(path), "presets/%s.preset", name);
	machine_defaults(&m);
	if (read_small_file(path, &text, &len, err, sizeof(err)) || preset_apply(&m, NULL, text, len, &line, err, sizeof(err))) {
		fprintf(stderr, "preset_machine: %s: %s\n", path, err);
		fail();
	}
	free(text);
	return m;
}

/* |got - want| within pct percent of want */
#define assert_within_pct(got, want, pct)                                                               \
	do {                                                                                            \
		double g_ = (got), w_ = (want);                                                         \
		if (!(fabs(g_ - w_) <= fabs(w_) * (pct) / 100)) {                                       \
			fprintf(stderr, "%s = %.6g, want %.6g within %g%%\n", #got, g_, w_, (double)(pct)); \
			fail();                                                                         \
		}                                                                                       \
	} while (0)

#endif
