/*
 * The handful of kernel constants and bit helpers every model shares,
 * written to give the same answers as include/linux/bitops.h and
 * include/linux/log2.h on a 64-bit kernel.
 */
#ifndef BL_KERNEL_H
#define BL_KERNEL_H

#include <math.h>
#include <stdint.h>

/* include/linux/swap.h: reclaim works in chunks of this many pages, on every page size. */
#define SWAP_CLUSTER_MAX 32u
#define KERNEL_INT_MAX 2147483647ull

/* fls(): 1-based index of the highest set bit, fls(0) = 0 (include/asm-generic/bitops/fls.h). */
static inline unsigned int fls64(uint64_t x)
{
#if defined(__GNUC__)
	/* one instruction: sweeps evaluate fls millions of times (the kernel uses bsr too) */
	return x ? 64u - (unsigned int)__builtin_clzll(x) : 0;
#else
	unsigned int r = 0;

	while (x) {
		x >>= 1;
		r++;
	}
	return r;
#endif
}

/*
 * The kernel's fls() takes an unsigned int (include/asm-generic/bitops/builtin-fls.h,
 * arch/x86/include/asm/bitops.h): a wider argument is cut to its low 32 bits
 * at the call, so fls(1ull << 32) is fls(0) = 0. Formulas that pass an
 * unsigned long or an int into fls() go through this, truncation and all.
 */
static inline unsigned int fls32(uint64_t x)
{
	return fls64((uint32_t)x);
}

/* Did passing x to a 32-bit parameter (fls()'s unsigned int, an int) lose bits? */
static inline int trunc32(uint64_t x)
{
	return x > UINT32_MAX;
}

/* rounddown_pow_of_two() from include/linux/log2.h; undefined for 0 there, 0 here. */
static inline uint64_t rounddown_pow_of_two(uint64_t x)
{
	return x ? 1ull << (fls64(x) - 1) : 0;
}

/*
 * int_sqrt(), lib/math/int_sqrt.c: the largest r with r * r <= x. The kernel
 * finds it a bit pair at a time; here the double's root - within one of it,
 * x rounded to 53 bits - is put right by a step either way, in integers:
 * min_free_kbytes takes one in every watermark and pcp figure.
 */
static inline uint64_t int_sqrt64(uint64_t x)
{
	uint64_t r = (uint64_t)sqrt((double)x);

	if (r > UINT32_MAX)
		r = UINT32_MAX; /* (2^32)^2 is past every x */
	while (r * r > x)
		r--;
	while (r < UINT32_MAX && (r + 1) * (r + 1) <= x)
		r++;
	return r;
}

static inline uint64_t min_u64(uint64_t a, uint64_t b) { return a < b ? a : b; }
static inline uint64_t max_u64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* a * b, saturating at UINT64_MAX instead of wrapping. */
static inline uint64_t mul_sat(uint64_t a, uint64_t b)
{
	if (a && b > UINT64_MAX / a)
		return UINT64_MAX;
	return a * b;
}

#endif
