// SPDX-License-Identifier: GPL-2.0
/* Build and check the lab's ECM test frames (see frame.h). */
#include <stdio.h>
#include <string.h>

#include "autopm_lab_proto.h"
#include "frame.h"

static void put_be(uint8_t *p, uint32_t v, int bytes)
{
	while (bytes--) {
		p[bytes] = v & 0xff;
		v >>= 8;
	}
}

static uint32_t get_be(const uint8_t *p, int bytes)
{
	uint32_t v = 0;

	while (bytes--)
		v = v << 8 | *p++;
	return v;
}

static uint8_t pattern(uint32_t seq, size_t i)
{
	return (uint8_t)(seq * 131 + i * 7 + (i >> 8));
}

size_t lab_frame_build(uint8_t *buf, size_t cap, const uint8_t dst[6],
		       const uint8_t src[6], uint32_t seq, uint16_t len)
{
	size_t i, n = LAB_FRAME_HEADER + len + LAB_FRAME_TRAILER;
	uint8_t *data = buf + LAB_FRAME_HEADER;

	if (len > LAB_FRAME_MAX_DATA || n > cap)
		return 0;
	memcpy(buf, dst, 6);
	memcpy(buf + 6, src, 6);
	put_be(buf + 12, LAB_ETHERTYPE, 2);
	put_be(buf + 14, LAB_FRAME_MAGIC, 4);
	put_be(buf + 18, seq, 4);
	put_be(buf + 22, len, 2);
	for (i = 0; i < len; i++)
		data[i] = pattern(seq, i);
	put_be(data + len, aplab_fnv1a(APLAB_FNV_INIT, buf + 14, LAB_FRAME_HEADER - 14 + len), 4);
	return n;
}

int lab_frame_parse(const uint8_t *buf, size_t n, uint32_t *seq, uint16_t *len)
{
	const uint8_t *data = buf + LAB_FRAME_HEADER;
	uint32_t s;
	uint16_t l;
	size_t i;

	if (n < 18 || get_be(buf + 12, 2) != LAB_ETHERTYPE ||
	    get_be(buf + 14, 4) != LAB_FRAME_MAGIC)
		return LAB_FRAME_NOT_OURS;
	if (n < LAB_FRAME_HEADER + LAB_FRAME_TRAILER)
		return LAB_FRAME_TRUNCATED;
	s = get_be(buf + 18, 4);
	l = get_be(buf + 22, 2);
	/* a link may pad a short frame; longer than announced is fine */
	if (l > LAB_FRAME_MAX_DATA || n < LAB_FRAME_HEADER + (size_t)l + LAB_FRAME_TRAILER)
		return LAB_FRAME_TRUNCATED;
	if (get_be(data + l, 4) != aplab_fnv1a(APLAB_FNV_INIT, buf + 14, LAB_FRAME_HEADER - 14 + l))
		return LAB_FRAME_BAD_CHECKSUM;
	for (i = 0; i < l; i++)
		if (data[i] != pattern(s, i))
			return LAB_FRAME_BAD_DATA;
	*seq = s;
	*len = l;
	return LAB_FRAME_OK;
}

const char *lab_frame_strerror(int err)
{
	switch (err) {
	case LAB_FRAME_OK:
		return "ok";
	case LAB_FRAME_NOT_OURS:
		return "not a lab frame";
	case LAB_FRAME_TRUNCATED:
		return "truncated";
	case LAB_FRAME_BAD_CHECKSUM:
		return "bad checksum";
	case LAB_FRAME_BAD_DATA:
		return "payload differs from its pattern";
	}
	return "unknown error";
}

int lab_parse_mac(const char *s, uint8_t mac[6])
{
	unsigned int b[6];
	char extra;
	int i;

	if (sscanf(s, "%2x:%2x:%2x:%2x:%2x:%2x%c", &b[0], &b[1], &b[2], &b[3], &b[4], &b[5],
		   &extra) != 6)
		return -1;
	for (i = 0; i < 6; i++)
		mac[i] = b[i];
	return 0;
}
