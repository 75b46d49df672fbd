/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The video frames the UVC function's feeder (gadget/uvc_peer.c) sends
 * and vidcap checks on the host: a frame number in the first four bytes
 * and every other byte a function of the number and its offset, so that
 * a lost, repeated, reordered or shifted packet shows as a wrong byte.
 */
#ifndef AUTOPM_LAB_VIDFRAME_H
#define AUTOPM_LAB_VIDFRAME_H

#include <stddef.h>
#include <stdint.h>

#define VIDFRAME_SEQ_BYTES	4

/* Fill LEN bytes (at least VIDFRAME_SEQ_BYTES) as frame SEQ. */
void vidframe_fill(uint8_t *buf, size_t len, uint32_t seq);
/* The frame number BUF claims (LEN >= VIDFRAME_SEQ_BYTES). */
uint32_t vidframe_seq(const uint8_t *buf);
/*
 * Check LEN bytes against frame SEQ: -1 when every byte is right, else
 * the offset of the first wrong one.
 */
long vidframe_check(const uint8_t *buf, size_t len, uint32_t seq);

#endif
