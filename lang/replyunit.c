/* A lesson's answer read in any unit of the question's quantity (see replyunit.h). */
#include "replyunit.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../core/patch.h"
#include "out/numfmt.h"

/* A unit word (lowercase), its quantity and how many base units it is. */
static const struct {
	const char *word, *dim;
	double scale;
} units[] = {
	{ "b", "bytes", 1 },	     { "byte", "bytes", 1 },	   { "bytes", "bytes", 1 },
	{ "k", "bytes", 0x1p10 },    { "kb", "bytes", 0x1p10 },	   { "kib", "bytes", 0x1p10 },
	{ "m", "bytes", 0x1p20 },    { "mb", "bytes", 0x1p20 },	   { "mib", "bytes", 0x1p20 },
	{ "g", "bytes", 0x1p30 },    { "gb", "bytes", 0x1p30 },	   { "gib", "bytes", 0x1p30 },
	{ "t", "bytes", 0x1p40 },    { "tb", "bytes", 0x1p40 },	   { "tib", "bytes", 0x1p40 },
	{ "pb", "bytes", 0x1p50 },   { "pib", "bytes", 0x1p50 },   { "p", "pages", 1 },
	{ "page", "pages", 1 },	     { "pages", "pages", 1 },	   { "%", "%", 1 },
	{ "percent", "%", 1 },	     { "s", "s", 1 },		   { "sec", "s", 1 },
	{ "second", "s", 1 },	     { "seconds", "s", 1 },	   { "ms", "s", 1e-3 },
	{ "us", "s", 1e-6 },	     { "\xc2\xb5s", "s", 1e-6 },   { "ns", "s", 1e-9 },
	{ "x", "x", 1 },	     { "\xc3\x97", "x", 1 },	   { "times", "x", 1 },
	{ "cpu", "CPUs", 1 },	     { "cpus", "CPUs", 1 },	   { "bps", "Mbps", 1e-6 },
	{ "kbps", "Mbps", 1e-3 },    { "mbps", "Mbps", 1 },	   { "gbps", "Mbps", 1e3 },
	{ "tbps", "Mbps", 1e6 },
};

#define NUNITS (sizeof(units) / sizeof(units[0]))

/* A count's decimal prefixes, as batchlab prints them (69.58 k, 4.452 M). */
static const struct {
	char c;
	double scale;
} si[] = { { 'k', 1e3 }, { 'm', 1e6 }, { 'g', 1e9 }, { 't', 1e12 }, { 'p', 1e15 } };

static int unit_index(const char *word)
{
	for (size_t i = 0; i < NUNITS; i++)
		if (!strcasecmp(word, units[i].word))
			return (int)i;
	return -1;
}

void reply_q_of(struct reply_q *q, const char *metric_unit, double div)
{
	static const char *const bin[] = { "bytes", "KiB", "MiB", "GiB", "TiB", "PiB" };
	int i = metric_unit && *metric_unit ? unit_index(metric_unit) : -1;

	memset(q, 0, sizeof(*q));
	snprintf(q->metric_unit, sizeof(q->metric_unit), "%s", metric_unit ? metric_unit : "");
	/* a unit with a letter of its own ("pages", "ms") is the table's; a count's word is its own quantity */
	if (i >= 0 && strcmp(units[i].word, "k") && strcmp(units[i].word, "m") && strcmp(units[i].word, "g")) {
		snprintf(q->dim, sizeof(q->dim), "%s", units[i].dim);
		q->metric_scale = units[i].scale;
	} else {
		snprintf(q->dim, sizeof(q->dim), "%s", q->metric_unit);
		q->metric_scale = 1;
	}
	q->scale = q->metric_scale * (div > 0 ? div : 1);
	snprintf(q->name, sizeof(q->name), "%s", q->metric_unit);
	if (!strcmp(q->dim, "bytes"))
		for (int k = 0; k < 6; k++)
			if (q->scale == ldexp(1, 10 * k))
				snprintf(q->name, sizeof(q->name), "%s", bin[k]);
	if (!strcmp(q->dim, "s") && q->scale != q->metric_scale)
		snprintf(q->name, sizeof(q->name), "%s", "");
}

const char *reply_q_said(const struct reply_q *q)
{
	if (!*q->dim)
		return "a plain number";
	if (!strcmp(q->dim, "bytes"))
		return q->scale == 1 ? "a size (like 128G or 128 GiB)" : q->name;
	if (!strcmp(q->dim, "%"))
		return "a percentage";
	if (!strcmp(q->dim, "s"))
		return q->scale == 1 ? "seconds" : q->name;
	if (!strcmp(q->dim, "x"))
		return "a factor (like 12 or x12)";
	return q->name;
}

/* How a quantity is named when a reply is in another one. */
static const char *dim_said(const char *dim)
{
	return !strcmp(dim, "bytes") ? "a size" : !strcmp(dim, "%") ? "a percentage" : !strcmp(dim, "x") ? "a factor"
	       : !strcmp(dim, "s") ? "a time" : !strcmp(dim, "Mbps") ? "a rate" : dim;
}

/* word (lowercase, maybe a prefix and the question's own word) in q's quantity: its scale, or 0. */
static double word_scale(const char *word, const struct reply_q *q)
{
	int i = unit_index(word);
	size_t own = strlen(q->metric_unit);

	if (i >= 0 && !strcmp(units[i].dim, q->dim))
		return units[i].scale;
	/* the question's own word ("refills", "spawns/s"), or singular ("refill") */
	if (own && (!strcasecmp(word, q->metric_unit) ||
		    (strlen(word) + 1 == own && q->metric_unit[own - 1] == 's' && !strncasecmp(word, q->metric_unit, own - 1))))
		return q->metric_scale;
	/* a count's decimal prefix, alone or before its word: 69.58 k, 4.4M, 1.2 k refills */
	if (strcmp(q->dim, "bytes") && strcmp(q->dim, "s") && strcmp(q->dim, "Mbps") && strcmp(q->dim, "%") &&
	    strcmp(q->dim, "x"))
		for (size_t k = 0; k < sizeof(si) / sizeof(si[0]); k++)
			if (tolower((unsigned char)word[0]) == si[k].c) {
				const char *rest = word + 1 + strspn(word + 1, " ");

				if (!*rest || (rest != word + 1 && word_scale(rest, q) == q->metric_scale))
					return si[k].scale * q->metric_scale;
			}
	return 0;
}

int reply_read(const char *reply, const struct reply_q *q, double *base, int *had_unit, struct strbuf *msg)
{
	const char *p = reply + strspn(reply, " \t");
	char word[48], *end;
	int ratio = 0, i;
	size_t n;
	double v, sc;

	*had_unit = 0;
	if (*p == 'x' || *p == 'X' || !strncmp(p, "\xc3\x97", 2)) /* x64: a factor */
		p += *p == 'x' || *p == 'X' ? 1 : 2, ratio = 1;
	if (*p == '+' && (isdigit((unsigned char)p[1]) || p[1] == '.')) /* +64: a sign a person may write */
		p++;
	if (!isdigit((unsigned char)*p) && *p != '.' && *p != '-' && strncmp(p, "inf", 3))
		return sb_puts(msg, "a number is expected"), -1;
	v = strtod(p, &end);
	if (end == p || isnan(v) || (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')))
		return sb_puts(msg, "a number is expected"), -1;
	p = end + strspn(end, " \t");
	n = strlen(p);
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	for (size_t k = 0, gap = 0; k < n; k++) /* a unit is a word, or a prefix and a word: "k refills" */
		if ((gap += p[k] == ' ' && p[k + 1] != ' ') > 1) {
			n = sizeof(word); /* too many words: and no reading on past the reply's end */
			break;
		}
	if (n >= sizeof(word))
		return sb_puts(msg, "one number and at most one unit expected, e.g. 3072 or 128G"), -1;
	for (size_t k = 0; k < n; k++)
		word[k] = (char)tolower((unsigned char)p[k]);
	word[n] = '\0';
	if (ratio && n)
		return sb_puts(msg, "a factor is written x64 or 64x, with no unit"), -1;
	if (ratio || !n) {
		*had_unit = ratio;
		*base = v * (ratio ? 1 : q->scale);
		if (ratio && strcmp(q->dim, "x") && *q->dim) {
			sb_printf(msg, "that is a factor; the question asks for %s", reply_q_said(q));
			return -1;
		}
		return 0;
	}
	*had_unit = 1;
	if ((sc = word_scale(word, q)) > 0) {
		*base = v * sc;
		return 0;
	}
	if (!*q->dim && (i = unit_index(word)) >= 0 && !strcmp(units[i].dim, "x")) {
		*base = v; /* a plain number asked: 12x is 12 */
		return 0;
	}
	if ((i = unit_index(word)) >= 0) {
		sb_printf(msg, "that is %s; the question asks for %s", dim_said(units[i].dim), reply_q_said(q));
		return -1;
	}
	sb_printf(msg, "'%.*s' is not a unit batchlab knows; the question asks for %s", (int)n, p, reply_q_said(q));
	return -1;
}

int reply_is_printed(double reply_base, double want_base, const struct reply_q *q)
{
	char shown[2][64];
	double v = want_base / (q->metric_scale ? q->metric_scale : 1);
	struct value val = v == floor(v) && fabs(v) < 0x1p63 && v >= 0 ? (struct value){ .kind = VAL_INT, .i = (uint64_t)v }
								      : (struct value){ .kind = VAL_REAL, .r = v };

	fmt_human(val, q->metric_unit, shown[0], sizeof(shown[0]));
	fmt_human_short(val, q->metric_unit, 6, shown[1], sizeof(shown[1]));
	for (int k = 0; k < 2; k++) {
		struct strbuf msg = STRBUF_INIT;
		double b;
		int had;
		int ok = !reply_read(shown[k], q, &b, &had, &msg) && fabs(b - reply_base) <= fabs(b) * 1e-12;

		sb_free(&msg);
		if (ok)
			return 1;
	}
	return 0;
}

int reply_unit_known(const char *word, size_t len)
{
	char w[24];

	if (!len || len >= sizeof(w))
		return 0;
	snprintf(w, sizeof(w), "%.*s", (int)len, word);
	return unit_index(w) >= 0;
}
