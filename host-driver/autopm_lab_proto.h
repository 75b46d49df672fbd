/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The autopm-lab vendor protocol, shared by the host driver (autopm_lab.ko),
 * the gadget's FunctionFS peer and the user-space tools.
 *
 * A frame is a 16-byte little-endian header and up to APLAB_MAX_PAYLOAD
 * bytes. The checksum (FNV-1a) covers the header's first 12 bytes and the
 * payload, so it is computed on bytes and needs no byte swapping.
 */
#ifndef AUTOPM_LAB_PROTO_H
#define AUTOPM_LAB_PROTO_H

#include <linux/types.h>
#include <linux/ioctl.h>

/* the interface autopm-gadget's FunctionFS peer describes */
#define APLAB_VID		0x1d6b
#define APLAB_PID		0x0104
#define APLAB_CLASS		0xff	/* vendor specific */
#define APLAB_SUBCLASS		0x4c	/* 'L' */
#define APLAB_PROTOCOL		0x01
/* interrupt IN polling, as the protocol fixes it (high speed: 2^(n-1) uframes) */
#define APLAB_INT_INTERVAL	4

#define APLAB_MAGIC		0x4d504c41	/* "ALPM" on the wire */
#define APLAB_HDR_LEN		16
#define APLAB_MAX_PAYLOAD	48
#define APLAB_FRAME_MAX		(APLAB_HDR_LEN + APLAB_MAX_PAYLOAD)
#define APLAB_CSUM_OFFSET	12

enum aplab_type {
	APLAB_T_DATA = 1,	/* host to device, bulk OUT */
	APLAB_T_EVENT = 2,	/* spontaneous, device to host, interrupt IN */
	APLAB_T_REPLY = 3,	/* answer to a fetch, device to host, bulk IN */
};

struct aplab_frame {
	__le32 magic;
	__u8 type;		/* enum aplab_type */
	__u8 len;		/* payload bytes */
	__le16 flags;		/* zero */
	__le32 seq;		/* per sender, from 0 at probe or peer start */
	__le32 csum;		/* aplab_csum() */
	__u8 payload[APLAB_MAX_PAYLOAD];
};	/* naturally aligned: 64 bytes, no padding */

/* FNV-1a, 32 bits: small, and enough to catch a changed byte */
#define APLAB_FNV_INIT		2166136261u

static inline __u32 aplab_fnv1a(__u32 h, const void *data, unsigned int len)
{
	const __u8 *p = (const __u8 *)data;

	while (len--)
		h = (h ^ *p++) * 16777619u;
	return h;
}

/* FNV-1a over header bytes 0..11 and LEN payload bytes */
static inline __u32 aplab_csum(const void *frame, unsigned int len)
{
	const __u8 *p = (const __u8 *)frame;

	return aplab_fnv1a(aplab_fnv1a(APLAB_FNV_INIT, p, APLAB_CSUM_OFFSET),
			   p + APLAB_HDR_LEN, len);
}

/*
 * ioctls on /dev/autopm-labN
 * STAY_AWAKE: arg points to an int; 1 makes this open file hold the
 *   device awake (the open/close pattern) until 0 or close.
 * FETCH: ask for one bulk-IN reply; it is read() like a spontaneous frame.
 */
#define APLAB_IOC_MAGIC		'L'
#define APLAB_IOC_STAY_AWAKE	_IOW(APLAB_IOC_MAGIC, 1, int)
#define APLAB_IOC_FETCH		_IO(APLAB_IOC_MAGIC, 2)

#endif
