// SPDX-License-Identifier: GPL-2.0
/* The lab's number parser (see parse.h). */
#include <errno.h>
#include <stdlib.h>

#include "parse.h"

int parse_u64(const char *s, uint64_t *out)
{
	unsigned long long v;
	char *end;

	/* strtoull would take "-1" and a leading blank */
	if (!s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

int parse_uint(const char *s, unsigned int max, unsigned int *out)
{
	uint64_t v;

	if (parse_u64(s, &v) || v > max)
		return -1;
	*out = v;
	return 0;
}

int parse_u16(const char *s, uint16_t *out)
{
	unsigned int v;

	if (parse_uint(s, 0xffff, &v))
		return -1;
	*out = v;
	return 0;
}
