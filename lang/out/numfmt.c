/* Numbers as text: lossless for machines, 4 significant digits for people (see numfmt.h). */
#include "numfmt.h"

#include "../../core/units.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fmt_real_plain(double v, char *buf, size_t len)
{
	char t[48], digits[48], out[400];
	const char *p = t, *e;
	int nd = 0, point, o = 0;

	fmt_real_shortest(v, t, sizeof(t));
	e = strchr(t, 'e');
	if (!e || !isfinite(v)) {
		snprintf(buf, len, "%s", t);
		return;
	}
	if (*p == '-')
		out[o++] = *p++;
	/* d.ddd e X: the digits, and where the point goes among them */
	for (; p < e; p++)
		if (*p != '.')
			digits[nd++] = *p;
	point = 1 + atoi(e + 1);
	if (point <= 0) {
		o += snprintf(out + o, sizeof(out) - (size_t)o, "0.");
		for (int i = 0; i < -point && o < (int)sizeof(out) - 2; i++)
			out[o++] = '0';
		for (int i = 0; i < nd && o < (int)sizeof(out) - 1; i++)
			out[o++] = digits[i];
	} else {
		for (int i = 0; i < (nd > point ? nd : point) && o < (int)sizeof(out) - 2; i++) {
			if (i == point)
				out[o++] = '.';
			out[o++] = i < nd ? digits[i] : '0';
		}
	}
	out[o] = '\0';
	snprintf(buf, len, "%s", out);
}

static void trim_zeros(char *s)
{
	char *dot = strchr(s, '.'), *end;

	if (!dot)
		return;
	end = s + strlen(s);
	while (end > dot + 1 && end[-1] == '0')
		end--;
	if (end == dot + 1)
		end = dot;
	*end = '\0';
}

/*
 * fmt_sig without printf when the answer is certain: |v| scaled by an exact
 * power of ten to sig digits is rounded once, and taken only when it is not
 * within a millionth of a tie (the scaling's own error is far below that);
 * otherwise 0 and printf decides. The same text as the printf path, about a
 * tenth of the time: the explorer formats every cell on every key.
 */
static int sig_fast(double v, int sig, char *buf, size_t len)
{
	static const double p10[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
				      1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
	double a = fabs(v), scaled, f;
	uint64_t n;
	int e = 0, dec, k;
	char t[48], *p = t + sizeof(t), *q = t;

	if (!(a >= 1e-15 && a < 1e15) || sig < 1 || sig > 15 || len < 40)
		return 0;
	/* the decimal exponent of the first digit, then of the rounded number */
	while (e < 15 && a >= p10[e + 1])
		e++;
	while (e > -15 && a < (e < 0 ? 1 / p10[-e] : p10[e]))
		e--;
	for (int round = 0;; round++) {
		if (round == 3)
			return 0;
		dec = sig - 1 - e;
		if (dec < 0)
			dec = 0; /* whole numbers print whole: "%.0f" */
		if (dec > 22)
			return 0;
		scaled = a * p10[dec];
		/* exact when dec is 0; else below 2^33 its error is under 2^-21, well inside the margin */
		if (scaled >= (dec ? 0x1p33 : 0x1p53))
			return 0;
		f = scaled - floor(scaled);
		if (fabs(f - 0.5) < 1e-6)
			return 0;
		n = (uint64_t)floor(scaled) + (f > 0.5);
		if (dec && n >= (uint64_t)p10[sig])
			e++; /* 9.9996 rounds to 10.00: one digit fewer after the point */
		else if (dec && n < (uint64_t)p10[sig - 1])
			e--; /* 1/10^k is not exact: the first digit was one place further right */
		else
			break;
	}
	/* digits from the right, the point after dec of them, trailing zeros of the fraction dropped */
	*--p = '\0';
	k = 0;
	while (k < dec && n % 10 == 0) {
		n /= 10;
		k++;
	}
	for (; k < dec; k++) {
		*--p = (char)('0' + n % 10);
		n /= 10;
		if (k + 1 == dec)
			*--p = '.';
	}
	do {
		*--p = (char)('0' + n % 10);
		n /= 10;
	} while (n);
	if (v < 0)
		*q++ = '-';
	memmove(q, p, (size_t)(t + sizeof(t) - p));
	memcpy(buf, t, strlen(t) + 1);
	return 1;
}

void fmt_sig(double v, int sig, char *buf, size_t len)
{
	char t[48];
	int e, dec;

	if (sig_fast(v, sig, buf, len))
		return;

	if (isnan(v)) {
		snprintf(buf, len, "nan");
		return;
	}
	if (isinf(v)) {
		snprintf(buf, len, "%sinf", v < 0 ? "-" : "");
		return;
	}
	if (v == 0) {
		snprintf(buf, len, "0");
		return;
	}
	if (sig < 1)
		sig = 1;
	/* the exponent after rounding to sig digits: 9.9996 is 10.00, not 9.9996 */
	snprintf(t, sizeof(t), "%.*e", sig - 1, v);
	e = atoi(strchr(t, 'e') + 1);
	if (e >= sig - 1) {
		/* as many integer digits as sig or more: whole, never 1.235e+04 */
		snprintf(buf, len, "%.0f", v);
		return;
	}
	dec = sig - 1 - e;
	if (dec > 24) { /* below 1e-20: no plain spelling fits a cell */
		snprintf(buf, len, "%.*e", sig - 1, v);
		return;
	}
	snprintf(t, sizeof(t), "%.*f", dec, v);
	trim_zeros(t);
	snprintf(buf, len, "%s", t);
}

static const char *const si_prefix[] = { "", "k", "M", "G", "T", "P", "E" };

/*
 * From 10000 on (where 4 digits stop being the whole number) v is scaled by
 * 1000s to below 1000 ("11.58 k", "4.452 M"); returns the prefix's index.
 */
static int si_scale(double *v)
{
	int k = 0;

	if (fabs(*v) < 1e4)
		return 0;
	while (fabs(*v) >= 1000 * (1 - 5e-5) && k < 6) {
		*v /= 1000;
		k++;
	}
	return k;
}

/* core's size text (units.h), so a size reads alike in every table: 16 MiB, 107.8 MiB */
static void fmt_bytes(uint64_t b, int sig, char *buf, size_t len)
{
	static const char *const names[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	unsigned int i = 0;
	double v;
	char n[48];

	if (sig >= FMT_SIG) {
		format_size(b, buf, len);
		return;
	}
	/* fewer digits for a narrow column: 15.8 GiB, 16 GiB; 1008 MiB has 4 whole digits, so 0.98 GiB */
	while (i < 6 && b >= (1ull << (10 * (i + 1))))
		i++;
	v = (double)b / (double)(1ull << (10 * i));
	if (v >= 1000 && i < 6) {
		v /= 1024;
		i++;
	}
	fmt_sig(v, sig, n, sizeof(n));
	snprintf(buf, len, "%s %s", n, names[i]);
}

/* seconds for s, ms, us, ns; 0 if unit is not a time */
static double time_scale(const char *unit)
{
	if (!strcmp(unit, "s"))
		return 1;
	if (!strcmp(unit, "ms"))
		return 1e-3;
	if (!strcmp(unit, "us"))
		return 1e-6;
	if (!strcmp(unit, "ns"))
		return 1e-9;
	return 0;
}

static void fmt_time(double s, int sig, char *buf, size_t len)
{
	static const struct { double scale; const char *name; } t[] = { { 1, "s" }, { 1e-3, "ms" }, { 1e-6, "us" },
									 { 1e-9, "ns" } };
	double a = fabs(s);
	char n[48];
	size_t i = 0;

	if (isinf(s)) {
		snprintf(buf, len, "%sinf s", s < 0 ? "-" : "");
		return;
	}
	/* the largest unit in which it is 1 or more; rounding up to 1000 moves up a unit */
	while (a != 0 && i + 1 < sizeof(t) / sizeof(t[0]) && a < t[i].scale * (1 - 5e-5))
		i++;
	fmt_sig(s / t[i].scale, sig, n, sizeof(n));
	snprintf(buf, len, "%s %s", n, t[i].name);
}

static void join_unit(const char *num, const char *prefix, const char *unit, int full, char *buf, size_t len)
{
	if (full && !strcmp(unit, "x"))
		snprintf(buf, len, "x%s%s%s", num, *prefix ? " " : "", prefix);
	else if (full && *unit)
		snprintf(buf, len, "%s %s%s%s", num, prefix, *prefix ? " " : "", unit);
	else
		snprintf(buf, len, "%s%s%s", num, *prefix ? " " : "", prefix);
}

/*
 * A count's unit for exactly one: "1 call", "1 page", "1 CPU", never "1 calls".
 * Only a plural word of letters (calls, pages, CPUs): sizes, times and rates
 * (bytes, ns, pages/s) are written elsewhere or stay as they are.
 */
static const char *singular(const char *unit, char *buf, size_t len)
{
	size_t n = strlen(unit);

	if (n < 3 || n >= len || unit[n - 1] != 's' || unit[n - 2] == 's')
		return unit;
	for (size_t i = 0; i < n; i++)
		if (!isalpha((unsigned char)unit[i]))
			return unit;
	snprintf(buf, len, "%.*s", (int)(n - 1), unit);
	return buf;
}

/* A network rate reads in bits: 11.58 Gbps, not 11582 Mbps; below 1 kbps in Mbps as given, not a fraction. */
static void human_mbps(double r, int sig, char *buf, size_t len)
{
	double bps = r * 1e6;
	int k = si_scale(&bps);
	char n[64];

	if (k < 2) {
		bps = r;
		k = 2 + si_scale(&bps);
	}
	fmt_sig(bps, sig, n, sizeof(n));
	snprintf(buf, len, "%s %sbps", n, si_prefix[k]);
}

/* A count: its digits, or scaled (12.3 M) when they are wider than width; "1 call" for exactly one. */
static void human_count(uint64_t i, const char *unit, int full, int width, int sig, char *buf, size_t len)
{
	char n[64], one[32];

	snprintf(n, sizeof(n), "%llu", (unsigned long long)i);
	if (width > 0 && (int)strlen(n) > width) {
		double s = (double)i;
		int k = si_scale(&s);

		fmt_sig(s, sig, n, sizeof(n));
		join_unit(n, si_prefix[k], unit, full, buf, len);
		return;
	}
	join_unit(n, "", i == 1 ? singular(unit, one, sizeof(one)) : unit, full, buf, len);
}

/* A real: inf and nan as they are, a ratio or a share unscaled, anything else with its SI prefix. */
static void human_real(double r, const char *unit, int full, int sig, char *buf, size_t len)
{
	char n[64];
	double s = r;
	int k;

	if (isnan(r)) { /* not a number is no figure: n/a, as a value with none is */
		snprintf(buf, len, "n/a");
		return;
	}
	if (isinf(r)) {
		fmt_sig(r, sig, n, sizeof(n));
		join_unit(n, "", full ? unit : "", full, buf, len);
		return;
	}
	k = strcmp(unit, "x") && strcmp(unit, "%") ? si_scale(&s) : 0;
	fmt_sig(s, sig, n, sizeof(n));
	join_unit(n, si_prefix[k], unit, full, buf, len);
}

static void human(struct value v, const char *unit, int full, int width, int sig, char *buf, size_t len)
{
	double r = value_real(v), ts;

	if (!unit)
		unit = "";
	if (v.kind == VAL_NONE) {
		snprintf(buf, len, "n/a");
	} else if (v.kind == VAL_LIST) { /* the items need the machine (render_list()): here, how many */
		snprintf(buf, len, "%llu item%s", (unsigned long long)v.i, v.i == 1 ? "" : "s");
		if (width > 0 && (int)strlen(buf) > width)
			snprintf(buf, len, "[%llu]", (unsigned long long)v.i);
	} else if (!strcmp(unit, "bytes") && v.kind == VAL_INT) {
		fmt_bytes(v.i, sig, buf, len);
	} else if (!strcmp(unit, "bytes") && r >= 0 && r < 0x1p63) {
		fmt_bytes((uint64_t)llround(r), sig, buf, len); /* modeled bytes: whole bytes read better */
	} else if ((ts = time_scale(unit)) && isfinite(r)) {
		fmt_time(r * ts, sig, buf, len);
	} else if (!strcmp(unit, "Mbps") && isfinite(r) && r >= 0) {
		human_mbps(r, sig, buf, len);
	} else if (v.kind == VAL_INT) {
		human_count(v.i, unit, full, width, sig, buf, len);
	} else {
		human_real(r, unit, full, sig, buf, len);
	}
}

void fmt_human(struct value v, const char *unit, char *buf, size_t len)
{
	human(v, unit, 1, 0, FMT_SIG, buf, len);
}

void fmt_human_short(struct value v, const char *unit, int width, char *buf, size_t len)
{
	/*
	 * A narrow column: digits go first ("11.6 Gbps" beside "18.6 Gbps", each
	 * rounded from v itself), down to two, so the cells of a column keep one
	 * spacing; then the space ("11.58Gbps", "12Gbps"); a number is never cut.
	 * Only a column narrower than any of these gets the last try.
	 */
	for (int sig = FMT_SIG; sig >= 2; sig--) {
		human(v, unit, 0, width, sig, buf, len);
		if (width <= 0 || (int)strlen(buf) <= width)
			return;
	}
	for (int sig = FMT_SIG; sig >= 1; sig--) {
		char *sp;

		human(v, unit, 0, width, sig, buf, len);
		if ((sp = strchr(buf, ' ')))
			memmove(sp, sp + 1, strlen(sp));
		if ((int)strlen(buf) <= width)
			return;
	}
}

enum verdict fmt_change(struct value before, struct value after, const char *unit, enum metric_better better,
			char *buf, size_t len)
{
	double b = value_real(before), a = value_real(after);
	enum verdict vd = VERDICT_NONE;
	char n[64], m[64];

	if (!unit)
		unit = "";
	if (isnan(a) || isnan(b)) {
		snprintf(buf, len, "%s", "");
		return VERDICT_NONE;
	}
	if (a == b) {
		snprintf(buf, len, "same");
		return VERDICT_NONE;
	}
	if (better == BETTER_HIGHER)
		vd = a > b ? VERDICT_BETTER : VERDICT_WORSE;
	else if (better == BETTER_LOWER)
		vd = a < b ? VERDICT_BETTER : VERDICT_WORSE;

	if (!strcmp(unit, "%") && isfinite(a) && isfinite(b)) {
		/* a share that changes is told in points: 0.39 % -> 25 % is +24.61 pp, not +6300% */
		fmt_sig(fabs(a - b), FMT_SIG, n, sizeof(n));
		snprintf(buf, len, "%c%s pp", a > b ? '+' : '-', n);
	} else if (isinf(a) || isinf(b) || a == 0 || b == 0 || (a < 0) != (b < 0)) {
		/* no ratio means anything here: the two values say it */
		fmt_human_short(before, unit, 0, n, sizeof(n));
		fmt_human_short(after, unit, 0, m, sizeof(m));
		if (isinf(b))
			snprintf(n, sizeof(n), "%sinf", b < 0 ? "-" : "");
		if (isinf(a))
			snprintf(m, sizeof(m), "%sinf", a < 0 ? "-" : "");
		snprintf(buf, len, "%s -> %s", n, m);
	} else if (a / b >= 2) {
		fmt_sig(a / b, FMT_SIG, n, sizeof(n));
		snprintf(buf, len, "x%s", n);
	} else if (a / b <= 0.5) {
		fmt_sig(b / a, FMT_SIG, n, sizeof(n));
		snprintf(buf, len, "/%s", n);
	} else {
		double pct = (a - b) / fabs(b) * 100;

		if (fabs(pct) >= 0.05) {
			snprintf(buf, len, "%+.1f%%", pct);
		} else {
			fmt_sig(fabs(pct), 2, n, sizeof(n));
			snprintf(buf, len, "%c%s%%", pct > 0 ? '+' : '-', n);
		}
	}
	return vd;
}

const char *verdict_word(enum verdict v)
{
	return v == VERDICT_BETTER ? "better" : v == VERDICT_WORSE ? "worse" : "";
}
