#include "err.h"

#include <stdarg.h>
#include <stdio.h>

int err_set(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (!err || !len)
		return -1;
	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -1;
}
