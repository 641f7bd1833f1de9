/*
 * A strict JSON reader for tests and the fuzzers: does the text parse as one
 * JSON value (RFC 8259), nothing after it, and does no object name a key
 * twice (a reader keeps one of the two, silently)? Keys are compared as
 * written: batchlab escapes a string one way only.
 */
#ifndef BL_JSONCHECK_H
#define BL_JSONCHECK_H

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct json_key {
	const char *at;
	size_t len;
};

static int json_key_cmp(const void *a, const void *b)
{
	const struct json_key *x = a, *y = b;
	int c = memcmp(x->at, y->at, x->len < y->len ? x->len : y->len);

	return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* Do n keys (sorted here) hold one twice? */
static int json_keys_twice(struct json_key *k, size_t n)
{
	if (n < 2)
		return 0; /* and no qsort of NULL: an empty object holds no keys */
	qsort(k, n, sizeof(*k), json_key_cmp);
	for (size_t i = 1; i < n; i++)
		if (!json_key_cmp(&k[i - 1], &k[i]))
			return 1;
	return 0;
}

static const char *json_skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

static const char *json_parse_value(const char *p, int depth);

static const char *json_parse_string(const char *p)
{
	if (*p++ != '"')
		return NULL;
	while (*p && *p != '"') {
		if ((unsigned char)*p < 0x20)
			return NULL;
		if (*p == '\\') {
			p++;
			if (*p == 'u') {
				for (int i = 1; i <= 4; i++)
					if (!isxdigit((unsigned char)p[i]))
						return NULL;
				p += 4;
			} else if (!strchr("\"\\/bfnrt", *p) || !*p) {
				return NULL;
			}
		}
		p++;
	}
	return *p == '"' ? p + 1 : NULL;
}

static const char *json_parse_number(const char *p)
{
	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (isdigit((unsigned char)*p))
		while (isdigit((unsigned char)*p))
			p++;
	else
		return NULL;
	if (*p == '.') {
		p++;
		if (!isdigit((unsigned char)*p))
			return NULL;
		while (isdigit((unsigned char)*p))
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!isdigit((unsigned char)*p))
			return NULL;
		while (isdigit((unsigned char)*p))
			p++;
	}
	return p;
}

static const char *json_parse_value(const char *p, int depth)
{
	if (depth > 64)
		return NULL;
	p = json_skip_ws(p);
	if (*p == '{' || *p == '[') {
		char close = *p == '{' ? '}' : ']';
		int obj = *p == '{';

		struct json_key *keys = NULL;
		size_t nkeys = 0, cap = 0;

		p = json_skip_ws(p + 1);
		if (*p == close)
			return p + 1;
		for (;;) {
			if (obj) {
				const char *key = json_skip_ws(p);

				p = json_parse_string(key);
				if (!p)
					break;
				if (nkeys == cap) {
					struct json_key *more = realloc(keys, (cap = cap ? 2 * cap : 16) * sizeof(*keys));

					if (!more) {
						p = NULL;
						break;
					}
					keys = more;
				}
				keys[nkeys++] = (struct json_key){ key, (size_t)(p - key) };
				p = json_skip_ws(p);
				if (*p++ != ':') {
					p = NULL;
					break;
				}
			}
			p = json_parse_value(p, depth + 1);
			if (!p)
				break;
			p = json_skip_ws(p);
			if (*p == close) {
				p++;
				break;
			}
			if (*p++ != ',') {
				p = NULL;
				break;
			}
		}
		if (p && json_keys_twice(keys, nkeys))
			p = NULL;
		free(keys);
		return p;
	}
	if (*p == '"')
		return json_parse_string(p);
	if (!strncmp(p, "true", 4) || !strncmp(p, "null", 4))
		return p + 4;
	if (!strncmp(p, "false", 5))
		return p + 5;
	return json_parse_number(p);
}

static int json_valid(const char *text)
{
	const char *end = json_parse_value(text, 0);

	return end && !*json_skip_ws(end);
}

#endif
