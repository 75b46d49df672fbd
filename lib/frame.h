/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Ethernet frames autopm-gadget sends over ECM and labtool receives:
 * an experimental EtherType, a sequence number, a payload derived from
 * it, and a checksum (the vendor protocol's FNV-1a), so that loss,
 * reordering and corruption all show.
 */
#ifndef AUTOPM_LAB_FRAME_H
#define AUTOPM_LAB_FRAME_H

#include <stddef.h>
#include <stdint.h>

#define LAB_ETHERTYPE		0x88b5	/* IEEE 802 local experimental 1 */
#define LAB_FRAME_MAGIC		0x41504d4cU	/* "APML" */
#define LAB_FRAME_HEADER	(14 + 4 + 4 + 2)	/* MACs, type, magic, seq, len */
#define LAB_FRAME_TRAILER	4			/* checksum */
#define LAB_FRAME_MAX_DATA	1400
#define LAB_FRAME_MAX		(LAB_FRAME_HEADER + LAB_FRAME_MAX_DATA + LAB_FRAME_TRAILER)

enum lab_frame_error {
	LAB_FRAME_OK = 0,
	LAB_FRAME_NOT_OURS = -1,	/* another EtherType, or no magic */
	LAB_FRAME_TRUNCATED = -2,
	LAB_FRAME_BAD_CHECKSUM = -3,
	LAB_FRAME_BAD_DATA = -4,	/* checksum fine, payload not the pattern */
};

/* Build frame SEQ with LEN payload bytes into BUF. Returns its size, or 0. */
size_t lab_frame_build(uint8_t *buf, size_t cap, const uint8_t dst[6],
		       const uint8_t src[6], uint32_t seq, uint16_t len);
/* Check a received frame; sets *seq and *len when it returns LAB_FRAME_OK. */
int lab_frame_parse(const uint8_t *buf, size_t n, uint32_t *seq, uint16_t *len);
const char *lab_frame_strerror(int err);
/* "aa:bb:cc:dd:ee:ff" to bytes; 0, or -1 */
int lab_parse_mac(const char *s, uint8_t mac[6]);

#endif
