/* A growable string: how core hands text (explanations, errors) to a front end without printing. */
#ifndef BL_STRBUF_H
#define BL_STRBUF_H

#include <stddef.h>

struct strbuf {
	char *buf;
	size_t len;
	size_t cap;
};

#define STRBUF_INIT { NULL, 0, 0 }

#if defined(__GNUC__)
#define BL_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define BL_PRINTF(a, b)
#endif

/*
 * sb may be NULL: then nothing is written, so metrics explain with the code
 * that computes. A macro, so that a metric computed without being asked why
 * does not even evaluate the arguments of its explanation: most of the cost
 * of a full recompute was formatting nobody reads.
 */
void sb_printf_impl(struct strbuf *sb, const char *fmt, ...) BL_PRINTF(2, 3);
#define sb_printf(sb, ...)                                \
	do {                                              \
		struct strbuf *sb_printf_to_ = (sb);      \
		if (sb_printf_to_)                        \
			sb_printf_impl(sb_printf_to_, __VA_ARGS__); \
	} while (0)
void sb_puts(struct strbuf *sb, const char *s);
void sb_putc(struct strbuf *sb, char c);
/*
 * Room for extra more bytes (and a NUL) at the end: the returned pointer is
 * where they go; the caller writes them and adds their count to sb->len.
 * For writers that format straight into the buffer (a sweep's rows).
 */
char *sb_reserve(struct strbuf *sb, size_t extra);
void sb_reset(struct strbuf *sb);
void sb_free(struct strbuf *sb);
/* Never NULL: an empty strbuf reads as "". */
const char *sb_str(const struct strbuf *sb);

#endif
