/*
 * Numbers as text, in one place: lossless text for machines (get, csv, json)
 * and one formatter for people (the screen, show, explain, about, plot
 * labels and footers, table-mode sweeps): 4 significant digits, units in
 * words ("4.452 M loops/s", "2.324 ms", "193.6 us", "16 MiB"), never
 * e-notation, whole bytes and pages never with a fraction; and the change
 * between two values, told as a person would tell it ("x2048", "+51.0%",
 * "+24.61 pp", "inf -> 10.56 s", "2 -> 0"), with whether it is better.
 * Formats only: every value arrives computed by core.
 */
#ifndef BL_NUMFMT_H
#define BL_NUMFMT_H

#include <stddef.h>

#include "../core/patch.h"

/* Significant digits of the people's formatter. */
#define FMT_SIG 4

/*
 * The shortest text that strtod() reads back as exactly v ("0.1", "100",
 * "99.99999999999999", "1e+22"); "inf", "-inf", "nan". Returns its length.
 * This is the one entry point for lossless reals (get, csv, json, sweep
 * keys): the `speed` work replaces the body with a fast shortest-round-trip
 * conversion (dtoa) without changing its name or its output. Today: %.15g,
 * %.16g, %.17g, the first that reads back.
 */
int fmt_real_shortest(double v, char *buf, size_t len);

/* v to sig significant digits in plain notation, trailing zeros dropped: "4.452", "0.3906", "23242". */
void fmt_sig(double v, int sig, char *buf, size_t len);

/*
 * A value for people, its unit in words: "4032 pages", "16 MiB", "2.324 ms",
 * "4.452 M loops/s", "11.58 Gbps", "25 %", "x7.188", "inf s", "n/a".
 */
void fmt_human(struct value v, const char *unit, char *buf, size_t len);
/*
 * The same for a column that names the unit elsewhere: the unit is left out
 * unless scaling changed it ("4032", "16 MiB", "2.324 ms", "4.452 M").
 * width > 0: counts too long for it go to a prefix ("66.06 M") rather than be cut.
 */
void fmt_human_short(struct value v, const char *unit, int width, char *buf, size_t len);

/* Whether a change is good news, from the metric's .better. */
enum verdict { VERDICT_NONE, VERDICT_BETTER, VERDICT_WORSE };

/*
 * before -> after as a person says it: "same"; "x2048" / "/264.3" for a
 * factor of 2 or more; "+51.0%" for modest changes; "+24.61 pp" for a
 * metric that is a percentage; "2 -> 0", "inf -> 10.56 s" where a ratio
 * means nothing; "" when either is n/a. Returns the verdict by better.
 */
enum verdict fmt_change(struct value before, struct value after, const char *unit, enum metric_better better,
			char *buf, size_t len);
/* "better", "worse", or "" (a neutral fact, or no change). */
const char *verdict_word(enum verdict v);

#endif
