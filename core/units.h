/*
 * Numbers as people type them: sizes with binary suffixes ("4G", "1.5T",
 * "512MiB"), whole numbers, reals. Every parser rejects the whole string or
 * accepts it whole, and says why in err (a short phrase, no key, no place).
 */
#ifndef BL_UNITS_H
#define BL_UNITS_H

#include <stddef.h>
#include <stdint.h>

#define KiB (1ull << 10)
#define MiB (1ull << 20)
#define GiB (1ull << 30)
#define TiB (1ull << 40)

int parse_u64(const char *s, uint64_t *out, char *err, size_t errlen);
/* Bytes, binary units (K M G T P E, optional "iB"/"B"); a fraction must come out to whole bytes. */
int parse_size(const char *s, uint64_t *out, char *err, size_t errlen);
int parse_real(const char *s, double *out, char *err, size_t errlen);

/* "4 GiB", "1.5 TiB", "107.8 MiB", "3.938 GiB", "512 B": exact when it divides, else 4 significant digits. */
void format_size(uint64_t bytes, char *buf, size_t len);

#endif
