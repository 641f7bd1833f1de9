/* Errors as values: a function that fails writes one line into the caller's buffer and returns -1. */
#ifndef BL_ERR_H
#define BL_ERR_H

#include <stddef.h>

#include "strbuf.h"

/* printf fmt into err (len bytes, may be 0); always returns -1, so `return err_set(err, len, ...)` reads as the error. */
int err_set(char *err, size_t len, const char *fmt, ...) BL_PRINTF(3, 4);

#endif
