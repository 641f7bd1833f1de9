/* UTF-8 (utf8.h): code points in and out, display columns, and the bytes that must not reach a terminal raw. */
#include "utf8.h"

#include <stdio.h>
#include <string.h>

size_t utf8_encode(char *b, uint32_t cp)
{
	if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		cp = 0xfffd;
	if (cp < 0x80) {
		b[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		b[0] = (char)(0xc0 | (cp >> 6));
		b[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		b[0] = (char)(0xe0 | (cp >> 12));
		b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	b[0] = (char)(0xf0 | (cp >> 18));
	b[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	b[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	b[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

uint32_t utf8_decode(const char **s)
{
	const unsigned char *p = (const unsigned char *)*s;
	uint32_t cp = *p, min;
	int more;

	if (cp < 0x80) {
		*s += 1;
		return cp;
	}
	if (cp >= 0xc2 && cp <= 0xdf)
		more = 1, cp &= 0x1f, min = 0x80;
	else if (cp >= 0xe0 && cp <= 0xef)
		more = 2, cp &= 0x0f, min = 0x800;
	else if (cp >= 0xf0 && cp <= 0xf4)
		more = 3, cp &= 0x07, min = 0x10000;
	else
		goto bad;
	for (int i = 1; i <= more; i++) {
		if ((p[i] & 0xc0) != 0x80)
			goto bad;
		cp = (cp << 6) | (p[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		goto bad;
	*s += 1 + more;
	return cp;
bad:
	*s += 1;
	return 0xfffd;
}

int utf8_cp_width(uint32_t cp)
{
	/* combining diacritics and zero-width joiners/marks */
	if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0xfe00 && cp <= 0xfe0f))
		return 0;
	/* the wide blocks: Hangul Jamo, CJK, Hangul syllables, compatibility forms, fullwidth, emoji planes */
	if ((cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) ||
	    (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
	    (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1faff) || (cp >= 0x20000 && cp <= 0x3fffd))
		return 2;
	return 1;
}

int utf8_width(const char *s, size_t n)
{
	const char *end = s + n;
	int w = 0;

	/* ASCII first, a column a byte: most of what the explorer measures, every cell of every frame */
	while (s < end && (unsigned char)*s - 1u < 0x7fu)
		s++, w++;
	while (s < end && *s)
		w += utf8_cp_width(utf8_decode(&s));
	return w;
}

size_t utf8_prefix(const char *s, int cols)
{
	const char *p = s;
	int w = 0;

	while (*p) {
		const char *next = p;
		int cw = utf8_cp_width(utf8_decode(&next));

		if (w + cw > cols)
			break;
		w += cw;
		p = next;
	}
	return (size_t)(p - s);
}

int utf8_unsafe(const char *at, uint32_t cp)
{
	return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f) || (cp == 0xfffd && strncmp(at, "\xEF\xBF\xBD", 3));
}

void utf8_shown(const char *s, char *out, size_t size)
{
	size_t k = 0;

	if (!size)
		return;
	while (*s && k + 5 < size) {
		const char *at = s;
		uint32_t cp = utf8_decode(&s);

		if (utf8_unsafe(at, cp)) {
			s = at + 1;
			k += (size_t)snprintf(out + k, size - k, "\\x%02x", (unsigned char)*at);
		} else {
			if (k + (size_t)(s - at) >= size)
				break;
			memcpy(out + k, at, (size_t)(s - at));
			k += (size_t)(s - at);
		}
	}
	out[k] = '\0';
}
