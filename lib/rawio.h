/* SPDX-License-Identifier: GPL-2.0 */
/* Raw byte and frame endpoints, shared by autopm-gadget and labtool. */
#ifndef AUTOPM_LAB_RAWIO_H
#define AUTOPM_LAB_RAWIO_H

#include <sys/types.h>

/* Open a tty for raw bytes (no newline translation, no echo); fd or -1. */
int tty_open_raw(const char *path, int flags);
/* An AF_PACKET socket for lab frames on IFNAME, in the current net namespace. */
int ecm_socket_open(const char *ifname);
/*
 * The same for every interface of the namespace. A socket bound to an
 * interface that is down starts receiving only at NETDEV_UP, after the
 * driver's open, so it can miss the frames that arrive as it comes up.
 */
int ecm_socket_open_all(void);
/* Receive from IFINDEX only: length, 0 for another interface's frame, or -1. */
ssize_t ecm_recv_from(int fd, int ifindex, void *buf, size_t len);

#endif
