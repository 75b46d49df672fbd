/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The three inputs a device makes, each a reason to wake a suspended
 * host: a remote wakeup request, bytes written to the ACM tty, and an
 * Ethernet frame (frame.h) sent on the ECM netdev. autopm-gadget events
 * and labtool latency make them the same way, here.
 */
#ifndef AUTOPM_LAB_INPUT_H
#define AUTOPM_LAB_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum lab_input { LAB_INPUT_WAKE, LAB_INPUT_ACM, LAB_INPUT_ECM };

/* "wake", "acm", "ecm" */
const char *lab_input_name(enum lab_input kind);
/* The kind NAME names: 0, or -1. */
int lab_input_parse(const char *name, enum lab_input *kind);

/* Lab frames from the gadget's ECM netdev to the host's MAC. */
struct ecm_sender {
	int fd;
	char ifname[32];
	uint8_t dev_mac[6];
	uint8_t host_mac[6];
};

/*
 * Open a packet socket on IFNAME (in the current network namespace)
 * that sends to HOST_MAC from IFNAME's own address. 0, or -1 (errno).
 */
int ecm_sender_open(struct ecm_sender *e, const char *ifname, const uint8_t host_mac[6]);

/* The inputs; each returns 0 (for acm: the bytes written), or -errno. */
int input_wake(const char *udc);
ssize_t input_acm(int tty_fd, const void *data, size_t len);
int input_ecm(const struct ecm_sender *e, uint32_t seq, unsigned int size);

#endif
