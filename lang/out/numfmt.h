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
#include <stdint.h>
#include <string.h>

#include "../../core/patch.h"

/* Significant digits of the people's formatter. */
#define FMT_SIG 4

/*
 * The shortest text that strtod() reads back as exactly v ("0.1", "100",
 * "99.99999999999999", "1e+22"); "inf", "-inf", "nan". Returns its length,
 * as snprintf does (len >= FMT_REAL_MAX always fits). This is the one entry
 * point for lossless reals (get, csv, json, sweep keys). The digits are the
 * shortest that read back, the closest to v when several are as short; the
 * notation is %g's at the precision those digits need (at least 15: plain
 * for decimal exponents -4 up to it, else d.ddde+XX), and a whole number
 * below 1e17 is written out when that is shorter ("1000000000000000" for
 * 1e15 is not). lang/out/shortest.c, after Ryu; no printf.
 */
int fmt_real_shortest(double v, char *buf, size_t len);

/* Longest text fmt_real_shortest writes, NUL included: "-1.2345678901234567e-308". */
#define FMT_REAL_MAX 32
/* Longest text of a uint64_t, NUL not included. */
#define FMT_U64_MAX 20

/* fmt_real_shortest at p, no NUL; returns the end. p needs FMT_REAL_MAX bytes. For writers of many cells. */
char *fmt_real_put(char *p, double v);

/* "00" "01" .. "99": digits two at a time, a tenth of the divisions. */
extern const char fmt_digit_pairs[200];
extern const uint64_t fmt_pow10[20];

/* The number of decimal digits of v: log10 from the bit length (1233/4096 ~ log10(2)), then one compare. */
static inline unsigned fmt_u64_len(uint64_t v)
{
	uint64_t w = v | 1;
	unsigned t = ((unsigned)(64 - __builtin_clzll(w)) * 1233) >> 12;

	return t + 1 - (w < fmt_pow10[t]);
}

/* Exactly 8 digits of v < 10^8, leading zeros kept: two halves, four pairs, no chain of divisions. */
static inline void fmt_put8(char *p, uint32_t v)
{
	uint32_t a = v / 10000, b = v - a * 10000;
	uint32_t a1 = a / 100, b1 = b / 100;

	memcpy(p, fmt_digit_pairs + 2 * a1, 2);
	memcpy(p + 2, fmt_digit_pairs + 2 * (a - a1 * 100), 2);
	memcpy(p + 4, fmt_digit_pairs + 2 * b1, 2);
	memcpy(p + 6, fmt_digit_pairs + 2 * (b - b1 * 100), 2);
}

/* v's digits, exactly, ending just before end */
static inline void fmt_u64_digits(char *end, uint64_t v)
{
	uint32_t w;

	while (v >= 100000000) {
		uint64_t q = v / 100000000;

		end -= 8;
		fmt_put8(end, (uint32_t)(v - q * 100000000));
		v = q;
	}
	w = (uint32_t)v;
	while (w >= 100) {
		uint32_t q = w / 100;

		end -= 2;
		memcpy(end, fmt_digit_pairs + 2 * (w - q * 100), 2);
		w = q;
	}
	if (w >= 10) {
		end -= 2;
		memcpy(end, fmt_digit_pairs + 2 * w, 2);
	} else {
		*--end = (char)('0' + w);
	}
}

/* v's digits at p, no NUL; returns the end. p needs FMT_U64_MAX bytes. Inline: most sweep cells are these. */
static inline char *fmt_u64_put(char *p, uint64_t v)
{
	unsigned n = fmt_u64_len(v);

	fmt_u64_digits(p + n, v);
	return p + n;
}

/*
 * fmt_real_shortest's digits written out without e-notation, for people
 * who want the exact figure ("0.0000704", "45000000000000000000000").
 */
void fmt_real_plain(double v, char *buf, size_t len);

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
 * width > 0: counts too long for it go to a prefix ("66.06 M"), then the space
 * and digits go ("11.58Gbps", "11.6Gbps", "12 Gbps"): a number is never cut.
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
