/*
 * Shortest round-trip doubles after Ulf Adams' Ryu (PLDI 2018), written
 * afresh here: the interval of decimals that read back as the double is
 * scaled by a 128-bit power of five (lang/out/pow5tab.h, generated exactly by
 * tools/mkpow5.py), and digits are dropped while the interval still holds
 * a number with fewer of them. snprintf("%.17g") and a trial loop would be
 * correct too, and ten times slower on the sweep's hot path.
 *
 * tests/unit/test_shortest.c checks it against strtod over millions of random
 * and edge-case doubles, and against the shortest %.Ng that reads back.
 */
#include "numfmt.h"

#include <string.h>

#include "pow5tab.h"

__extension__ typedef unsigned __int128 u128;

#define MANT_BITS 52
#define EXP_BIAS 1023

const char fmt_digit_pairs[200] = {
#define D(t) t, '0', t, '1', t, '2', t, '3', t, '4', t, '5', t, '6', t, '7', t, '8', t, '9'
	D('0'), D('1'), D('2'), D('3'), D('4'), D('5'), D('6'), D('7'), D('8'), D('9')
#undef D
};

/* floor(log10(2^e)), 0 <= e <= 1650 */
static inline uint32_t log10_pow2(uint32_t e)
{
	return (e * 78913) >> 18;
}

/* floor(log10(5^e)), 0 <= e <= 2620 */
static inline uint32_t log10_pow5(uint32_t e)
{
	return (e * 732923) >> 20;
}

/* The bit length of 5^e (1 for e = 0), 0 <= e <= 3528 */
static inline int32_t pow5_bits(uint32_t e)
{
	return (int32_t)((e * 1217359) >> 19) + 1;
}

static inline int multiple_of_pow5(uint64_t v, uint32_t p)
{
	uint32_t n = 0;

	/* v > 0 at every call */
	while (v % 5 == 0) {
		v /= 5;
		n++;
	}
	return n >= p;
}

static inline int multiple_of_pow2(uint64_t v, uint32_t p)
{
	return (v & ((1ull << p) - 1)) == 0;
}

/* (m * mul) >> j, mul a 128-bit table entry { low, high }, j > 64 */
static inline uint64_t mul_shift(uint64_t m, const uint64_t *mul, int32_t j)
{
	u128 lo = (u128)m * mul[0], hi = (u128)m * mul[1];

	return (uint64_t)(((lo >> 64) + hi) >> (j - 64));
}

const uint64_t fmt_pow10[20] = {
	1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull, 100000000ull, 1000000000ull,
	10000000000ull, 100000000000ull, 1000000000000ull, 10000000000000ull, 100000000000000ull,
	1000000000000000ull, 10000000000000000ull, 100000000000000000ull, 1000000000000000000ull,
	10000000000000000000ull,
};

/* Ryu's interval around a double: its value vr and the ends vm and vp, scaled to 10^e10, and which have trailing zeros. */
struct interval {
	uint64_t vr, vp, vm;
	int vm_zeros, vr_zeros;
	int32_t e10;
};

/*
 * The interval of mv = 4 * m2 (with mm_shift: the gap below), scaled to
 * 10^e10: Ryu's step 3, for e2 >= 0 (a division by a power of five) and for
 * e2 < 0 (a multiplication by one).
 */
static inline void scale_interval(struct interval *iv, uint64_t mv, int32_t e2, uint32_t mm_shift, int accept)
{
	if (e2 >= 0) {
		uint32_t q = log10_pow2((uint32_t)e2) - (e2 > 3);
		int32_t k = POW5_INV_BITS + pow5_bits(q) - 1, i = -e2 + (int32_t)q + k;

		iv->e10 = (int32_t)q;
		iv->vr = mul_shift(mv, pow5_inv[q], i);
		iv->vp = mul_shift(mv + 2, pow5_inv[q], i);
		iv->vm = mul_shift(mv - 1 - mm_shift, pow5_inv[q], i);
		if (q <= 21) {
			/* at most one of mv - 1 - mm_shift, mv, mv + 2 is a multiple of 5 */
			if (mv % 5 == 0)
				iv->vr_zeros = multiple_of_pow5(mv, q);
			else if (accept)
				iv->vm_zeros = multiple_of_pow5(mv - 1 - mm_shift, q);
			else
				iv->vp -= multiple_of_pow5(mv + 2, q);
		}
	} else {
		uint32_t q = log10_pow5((uint32_t)-e2) - (-e2 > 1);
		int32_t i = -e2 - (int32_t)q, k = pow5_bits((uint32_t)i) - POW5_BITS, j = (int32_t)q - k;

		iv->e10 = (int32_t)q + e2;
		iv->vr = mul_shift(mv, pow5[i], j);
		iv->vp = mul_shift(mv + 2, pow5[i], j);
		iv->vm = mul_shift(mv - 1 - mm_shift, pow5[i], j);
		if (q <= 1) {
			/* mv = 4 * m2 has two trailing zero bits; mv - 1 - mm_shift has one iff mm_shift */
			iv->vr_zeros = 1;
			if (accept)
				iv->vm_zeros = mm_shift == 1;
			else
				--iv->vp;
		} else if (q < 63) {
			iv->vr_zeros = multiple_of_pow2(mv, q);
		}
	}
}

/* The rare case of step 4: the exact value or the lower end has trailing decimal zeros, so ties matter. */
static uint64_t trim_with_ties(struct interval *iv, int accept, int *removed)
{
	unsigned last = 0;

	while (iv->vp / 10 > iv->vm / 10) {
		iv->vm_zeros &= iv->vm % 10 == 0;
		iv->vr_zeros &= last == 0;
		last = (unsigned)(iv->vr % 10);
		iv->vr /= 10;
		iv->vp /= 10;
		iv->vm /= 10;
		++*removed;
	}
	if (iv->vm_zeros) {
		while (iv->vm % 10 == 0) {
			iv->vr_zeros &= last == 0;
			last = (unsigned)(iv->vr % 10);
			iv->vr /= 10;
			iv->vp /= 10;
			iv->vm /= 10;
			++*removed;
		}
	}
	if (iv->vr_zeros && last == 5 && iv->vr % 2 == 0)
		last = 4; /* exactly ...50000: round half to even */
	return iv->vr + ((iv->vr == iv->vm && (!accept || !iv->vm_zeros)) || last >= 5);
}

/* Step 4, the common case: digits dropped while the interval's ends still differ, two at a time first. */
static inline uint64_t trim(struct interval *iv, int *removed)
{
	int up = 0;

	if (iv->vp / 100 > iv->vm / 100) {
		up = iv->vr % 100 >= 50;
		iv->vr /= 100;
		iv->vp /= 100;
		iv->vm /= 100;
		*removed += 2;
	}
	while (iv->vp / 10 > iv->vm / 10) {
		up = iv->vr % 10 >= 5;
		iv->vr /= 10;
		iv->vp /= 10;
		iv->vm /= 10;
		++*removed;
	}
	return iv->vr + (iv->vr == iv->vm || up);
}

/*
 * The shortest digits d with d * 10^e10 reading back as m2 * 2^e2 (m2 with
 * its hidden bit): Ryu's steps 2-4.
 */
static uint64_t shortest(uint64_t m2, int32_t e2, int mant_zero, uint32_t biased, int32_t *exp10)
{
	int accept = (m2 & 1) == 0; /* round-half-even: an even mantissa owns its interval's ends */
	/* the gap below is half as wide at a power of two, except for the smallest normal */
	uint32_t mm_shift = !mant_zero || biased <= 1;
	struct interval iv = { 0, 0, 0, 0, 0, 0 };
	int removed = 0;
	uint64_t out;

	scale_interval(&iv, 4 * m2, e2 - 2, mm_shift, accept);
	out = iv.vm_zeros || iv.vr_zeros ? trim_with_ties(&iv, accept, &removed) : trim(&iv, &removed);
	*exp10 = iv.e10 + removed;
	return out;
}

/*
 * v's digits ending just before end, a '.' before the last frac of them
 * (frac >= 1, v with more digits than that): each digit written once, in its
 * place. Writing them all and sliding the whole part over for the point
 * read back bytes just stored, and stalled on it.
 */
static inline void digits_with_point(char *end, uint64_t v, unsigned frac)
{
	if (frac >= 8) {
		uint64_t q = v / 100000000;

		end -= 8;
		fmt_put8(end, (uint32_t)(v - q * 100000000));
		v = q;
		frac -= 8;
	}
	for (; frac >= 2; frac -= 2) {
		uint64_t q = v / 100;

		end -= 2;
		memcpy(end, fmt_digit_pairs + 2 * (v - q * 100), 2);
		v = q;
	}
	if (frac) {
		uint64_t q = v / 10;

		*--end = (char)('0' + (v - q * 10));
		v = q;
	}
	*--end = '.';
	fmt_u64_digits(end, v);
}

/* A finite nonzero double's shortest digits and their exponent: a whole number below 2^53 is its own. */
static inline uint64_t real_digits(uint64_t mant, uint32_t biased, int32_t *e10)
{
	uint64_t m2 = biased ? mant | (1ull << MANT_BITS) : mant, digits;
	int32_t e2 = (int32_t)(biased ? biased : 1) - EXP_BIAS - MANT_BITS;

	if (!(e2 <= 0 && e2 >= -MANT_BITS && !(m2 & ((1ull << -e2) - 1))))
		return shortest(m2, e2, !mant, biased, e10);
	digits = m2 >> -e2;
	*e10 = 0;
	while (digits % 10 == 0) {
		digits /= 10;
		++*e10;
	}
	return digits;
}

/* n digits as d.ddde+XX, x the exponent of the first; returns the end. */
static inline char *put_e_form(char *p, uint64_t digits, unsigned n, int32_t x)
{
	if (n > 1) {
		digits_with_point(p + 1 + n, digits, n - 1);
		p += n + 1;
	} else {
		*p++ = (char)('0' + digits);
	}
	*p++ = 'e';
	*p++ = x < 0 ? '-' : '+';
	if (x < 0)
		x = -x;
	if (x >= 100) {
		*p++ = (char)('0' + x / 100);
		x %= 100;
	}
	memcpy(p, fmt_digit_pairs + 2 * x, 2);
	return p + 2;
}

char *fmt_real_put(char *p, double v)
{
	uint64_t bits, mant, digits;
	uint32_t biased;
	int32_t e10, x;
	unsigned n;
	int plain;

	memcpy(&bits, &v, sizeof(bits));
	mant = bits & ((1ull << MANT_BITS) - 1);
	biased = (uint32_t)(bits >> MANT_BITS) & 0x7ff;
	if (biased == 0x7ff) {
		memcpy(p, mant ? "nan" : bits >> 63 ? "-inf" : "inf", 4);
		return p + (mant ? 3 : bits >> 63 ? 4 : 3);
	}
	if (bits >> 63)
		*p++ = '-';
	if (!biased && !mant) {
		*p++ = '0';
		return p;
	}
	digits = real_digits(mant, biased, &e10);
	n = fmt_u64_len(digits);
	x = e10 + (int32_t)n - 1; /* the decimal exponent of the first digit */
	plain = x >= -4 && x < (n > 15 ? (int32_t)n : 15);
	/*
	 * %g's choice at the precision the digits need (15 at least, as %.15g
	 * reads back whenever fewer digits do), and a whole number below 1e17
	 * written out when that is shorter than its e-form. The digits are
	 * written in place and the point slid in: no copies through a buffer.
	 */
	if (!plain && e10 >= 0 && x <= 16 && x + 1 < (int32_t)n + (n > 1) + 4)
		return fmt_u64_put(p, (uint64_t)(v < 0 ? -v : v)); /* every digit of the whole number, as %.0f */
	if (!plain)
		return put_e_form(p, digits, n, x);
	if (x < 0) {
		memcpy(p, "0.000000", 8); /* 1 - x <= 5 of them count */
		p += 1 - x;
		fmt_u64_digits(p + n, digits);
		return p + n;
	}
	if (e10 >= 0) {
		fmt_u64_digits(p + n, digits);
		p += n;
		for (int32_t z = 0; z < e10; z++)
			*p++ = '0';
		return p;
	}
	/* x + 1 whole digits, the point, the rest */
	digits_with_point(p + 1 + n, digits, n - (unsigned)x - 1);
	return p + 1 + n;
}

int fmt_real_shortest(double v, char *buf, size_t len)
{
	char t[FMT_REAL_MAX];
	size_t n;

	if (len >= FMT_REAL_MAX) {
		n = (size_t)(fmt_real_put(buf, v) - buf);
		buf[n] = '\0';
		return (int)n;
	}
	n = (size_t)(fmt_real_put(t, v) - t);
	if (len) {
		size_t k = n < len - 1 ? n : len - 1;

		memcpy(buf, t, k);
		buf[k] = '\0';
	}
	return (int)n;
}
