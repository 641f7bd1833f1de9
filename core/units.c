#include "units.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"

static int fail(char *err, size_t errlen, const char *what)
{
	return err_set(err, errlen, "%s", what);
}

int parse_u64(const char *s, uint64_t *out, char *err, size_t errlen)
{
	uint64_t v = 0;
	const char *p = s;

	if (!*p)
		return fail(err, errlen, "expected a whole number");
	/* C would read 010 as octal 8, a person as ten: refused rather than guessed (variant expressions agree) */
	if (p[0] == '0' && isdigit((unsigned char)p[1]) && !p[strspn(p, "0123456789")])
		return fail(err, errlen, "a leading 0 is octal in C (010 is 8): write the number without it");
	for (; *p; p++) {
		if (!isdigit((unsigned char)*p))
			return fail(err, errlen, "expected a whole number");
		if (v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			return fail(err, errlen, "number too large for 64 bits");
		v = v * 10 + (uint64_t)(*p - '0');
	}
	*out = v;
	return 0;
}

/*
 * Size units, all binary (1024): a letter K M G T P E, upper or lower case,
 * alone or followed by B, i or iB - 4G = 4GB = 4Gi = 4GiB = 4g. The one
 * exception is a lower-case p: `p` means pages (NNNp on a page key), so a
 * byte size never reads it as pebibytes. -1: not a unit; -2: a lower-case p.
 */
static int unit_shift(const char *u, unsigned int *shift)
{
	static const char letters[] = "KMGTPE";
	const char *l;

	if (!*u || !strcmp(u, "B") || !strcmp(u, "b")) {
		*shift = 0;
		return 0;
	}
	if (u[0] == 'p')
		return -2;
	l = strchr(letters, toupper((unsigned char)u[0]));
	if (!l)
		return -1;
	if (u[1] && strcmp(u + 1, "B") && strcmp(u + 1, "i") && strcmp(u + 1, "iB") && strcmp(u + 1, "ib"))
		return -1;
	*shift = 10u * (unsigned int)(l - letters + 1);
	return 0;
}

int parse_size(const char *s, uint64_t *out, char *err, size_t errlen)
{
	uint64_t whole = 0, frac = 0, scale = 1, v;
	unsigned int shift, nfrac = 0;
	const char *p = s;

	/* .5G as 0.5G, as a person writes it; a lone '.' is no number */
	if (!isdigit((unsigned char)*p) && !(*p == '.' && isdigit((unsigned char)p[1])))
		return fail(err, errlen, "expected a size such as 4G, 512M, 1.5T or bytes");
	if (p[0] == '0' && isdigit((unsigned char)p[1]))
		return fail(err, errlen, "a leading 0 is octal in C (010 is 8): write the number without it");
	for (; isdigit((unsigned char)*p); p++) {
		if (whole > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			return fail(err, errlen, "size too large for 64 bits");
		whole = whole * 10 + (uint64_t)(*p - '0');
	}
	if (*p == '.') {
		for (p++; isdigit((unsigned char)*p); p++) {
			if (nfrac == 18)
				return fail(err, errlen, "too many decimal places");
			frac = frac * 10 + (uint64_t)(*p - '0');
			scale *= 10;
			nfrac++;
		}
		if (!nfrac)
			return fail(err, errlen, "expected digits after the decimal point");
	}
	switch (unit_shift(p, &shift)) {
	case 0:
		break;
	case -2:
		return fail(err, errlen, "'p' means pages, and this is a size in bytes (pebibytes are P or PiB)");
	default:
		return fail(err, errlen, "unknown unit (expected K, M, G, T, P or E)");
	}
	if (shift && whole > (UINT64_MAX >> shift))
		return fail(err, errlen, "size too large for 64 bits");
	v = whole << shift;
	if (nfrac) {
		/* frac/scale of one unit, exactly: 10^18 * 2^60 needs 128 bits. */
		unsigned __int128 add = ((unsigned __int128)frac << shift);

		if (add % scale)
			return fail(err, errlen, "size is not a whole number of bytes");
		add /= scale;
		if (add > UINT64_MAX - v)
			return fail(err, errlen, "size too large for 64 bits");
		v += (uint64_t)add;
	}
	*out = v;
	return 0;
}

int parse_real(const char *s, double *out, char *err, size_t errlen)
{
	char *end;
	double v;

	if (!*s || isspace((unsigned char)*s))
		return fail(err, errlen, "expected a number");
	/* decimal only: strtod would also take hex floats, "inf" and "nan" */
	for (const char *c = s; *c; c++)
		if (!isdigit((unsigned char)*c) && !strchr("+-.eE", *c))
			return fail(err, errlen, "expected a decimal number");
	errno = 0;
	v = strtod(s, &end);
	if (*end || end == s)
		return fail(err, errlen, "expected a number");
	if (errno == ERANGE && fabs(v) < 1)
		return fail(err, errlen, "too close to zero for a double (use 0)");
	if (errno == ERANGE || !isfinite(v))
		return fail(err, errlen, "too large for a double");
	*out = v + 0.0; /* -0 reads back as 0 */
	return 0;
}

void format_size(uint64_t bytes, char *buf, size_t len)
{
	static const char *const names[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	unsigned int i = 0;

	while (i < 6 && bytes >= (1ull << (10 * (i + 1))))
		i++;
	if (i == 0 || !(bytes & ((1ull << (10 * i)) - 1))) {
		snprintf(buf, len, "%llu %s", (unsigned long long)(bytes >> (10 * i)), names[i]);
	} else {
		/* 4 significant digits, trailing zeros dropped: 107.8 MiB, 3.938 GiB, 1.5 TiB */
		double v = (double)bytes / (double)(1ull << (10 * i));
		int dec = v < 9.9995 ? 3 : v < 99.995 ? 2 : v < 999.95 ? 1 : 0;
		char t[48], *e;

		snprintf(t, sizeof(t), "%.*f", dec, v);
		if (strchr(t, '.')) {
			for (e = t + strlen(t); e[-1] == '0'; e--)
				e[-1] = '\0';
			if (e[-1] == '.')
				e[-1] = '\0';
		}
		snprintf(buf, len, "%s %s", t, names[i]);
	}
}
