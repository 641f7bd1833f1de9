/*
 * UTF-8, the little the tool needs: encode a code point, decode one,
 * count display columns, and tell and show the bytes no terminal may get
 * raw (core has no escape.h: a patch file's name is shown with these). Charts (box drawing, braille) and every view that
 * cuts a line to the screen use these, so none cuts a character in half or
 * counts its bytes as columns.
 */
#ifndef BL_UTF8_H
#define BL_UTF8_H

#include <stddef.h>
#include <stdint.h>

#define UTF8_MAX 4

/* cp (up to U+10FFFF; larger writes U+FFFD) into b, which holds UTF8_MAX bytes; returns the bytes written. */
size_t utf8_encode(char *b, uint32_t cp);
/*
 * The code point at *s, advancing *s past it. A malformed byte reads as
 * U+FFFD and is skipped alone, so a stray byte never swallows its neighbours.
 */
uint32_t utf8_decode(const char **s);
/*
 * Would cp, decoded from at, act on a terminal or not be text: a C0 control
 * (tab and line feed included), DEL, a C1 control, or a byte that is not
 * UTF-8 (cp U+FFFD where at holds no U+FFFD)?
 */
int utf8_unsafe(const char *at, uint32_t cp);
/* s to show in out (size bytes, always ended): each unsafe byte as \xNN, the rest as it is, cut at a character. */
void utf8_shown(const char *s, char *out, size_t size);
/* Display columns of a code point: 0 for combining marks, 2 for East Asian wide ones, else 1. */
int utf8_cp_width(uint32_t cp);
/* Display columns of the first n bytes of s (stopping at a NUL). */
int utf8_width(const char *s, size_t n);
/* Bytes of s that fill at most cols columns without cutting a character. */
size_t utf8_prefix(const char *s, int cols);

#endif
