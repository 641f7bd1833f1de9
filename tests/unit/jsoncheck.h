/* A strict JSON reader for tests: does the text parse as one JSON value (RFC 8259), nothing after it? */
#ifndef BL_JSONCHECK_H
#define BL_JSONCHECK_H

#include <ctype.h>
#include <string.h>

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

		p = json_skip_ws(p + 1);
		if (*p == close)
			return p + 1;
		for (;;) {
			if (obj) {
				p = json_parse_string(json_skip_ws(p));
				if (!p)
					return NULL;
				p = json_skip_ws(p);
				if (*p++ != ':')
					return NULL;
			}
			p = json_parse_value(p, depth + 1);
			if (!p)
				return NULL;
			p = json_skip_ws(p);
			if (*p == close)
				return p + 1;
			if (*p++ != ',')
				return NULL;
		}
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
