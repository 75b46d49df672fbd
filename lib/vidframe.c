// SPDX-License-Identifier: GPL-2.0
/* The lab's video frame pattern (vidframe.h). */
#include "vidframe.h"

/* a byte no neighbour shares: the offset's and the number's bits mixed */
static uint8_t pattern_byte(size_t off, uint32_t seq)
{
	uint32_t x = (uint32_t)off * 0x9e3779b1U ^ seq * 0x85ebca6bU;

	x ^= x >> 15;
	x *= 0x2c1b3c6dU;
	return (uint8_t)(x >> 24);
}

void vidframe_fill(uint8_t *buf, size_t len, uint32_t seq)
{
	size_t i;

	for (i = 0; i < VIDFRAME_SEQ_BYTES; i++)
		buf[i] = (uint8_t)(seq >> (8 * i));
	for (; i < len; i++)
		buf[i] = pattern_byte(i, seq);
}

uint32_t vidframe_seq(const uint8_t *buf)
{
	return buf[0] | buf[1] << 8 | buf[2] << 16 | (uint32_t)buf[3] << 24;
}

long vidframe_check(const uint8_t *buf, size_t len, uint32_t seq)
{
	size_t i;

	if (len < VIDFRAME_SEQ_BYTES || vidframe_seq(buf) != seq)
		return 0;
	for (i = VIDFRAME_SEQ_BYTES; i < len; i++)
		if (buf[i] != pattern_byte(i, seq))
			return (long)i;
	return -1;
}
