/* SPDX-License-Identifier: GPL-2.0 */
/* Raw byte and frame endpoints, shared by autopm-gadget and labtool. */
#ifndef AUTOPM_LAB_RAWIO_H
#define AUTOPM_LAB_RAWIO_H

/* Open a tty for raw bytes (no newline translation, no echo); fd or -1. */
int tty_open_raw(const char *path, int flags);
/* An AF_PACKET socket for lab frames on IFNAME, in the current net namespace. */
int ecm_socket_open(const char *ifname);

#endif
