/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The vendor function: a FunctionFS interface (bulk OUT, bulk IN,
 * interrupt IN) served by a peer daemon that autopm-gadget up forks. The
 * frames are host-driver/autopm_lab_proto.h's; the peer's counters are
 * one-value files in VENDOR_DIR, and its commands go through a FIFO there.
 */
#ifndef AUTOPM_GADGET_VENDOR_H
#define AUTOPM_GADGET_VENDOR_H

#define VENDOR_INSTANCE	"autopm"		/* configfs ffs.autopm */
#define VENDOR_MOUNT	"/run/autopm-lab/ffs"
#define VENDOR_DIR	"/run/autopm-lab/vendor"
#define VENDOR_CTL	VENDOR_DIR "/ctl"
#define VENDOR_PID	VENDOR_DIR "/pid"
#define VENDOR_LOG	VENDOR_DIR "/peer.log"

/* Mount FunctionFS, start the peer, wait for its descriptors. 0 or -1. */
int vendor_start(const char *udc);
/* Stop the peer (if any) and unmount. 0 or -1. */
int vendor_stop(void);
/* The peer's main loop, in the forked child: never returns. */
void vendor_peer_main(const char *udc, int ready_fd);

int cmd_vendor(int argc, char **argv);

#endif
