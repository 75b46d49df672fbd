/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one number parser of the lab. A number is decimal, or hex with
 * 0x, or octal with 0; no sign (so "-1" is refused, not a huge value),
 * no blanks, nothing after it. Each returns 0, or -1 and leaves *OUT.
 */
#ifndef AUTOPM_LAB_PARSE_H
#define AUTOPM_LAB_PARSE_H

#include <stdint.h>

int parse_uint(const char *s, unsigned int max, unsigned int *out);
int parse_u16(const char *s, uint16_t *out);
int parse_u64(const char *s, uint64_t *out);

#endif
