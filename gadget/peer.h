/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A function's peer: a daemon that autopm-gadget up forks to serve a
 * function from userspace (the vendor function's FunctionFS endpoints,
 * the UVC function's control requests and frames), and that down stops.
 * It logs to its own file and tells up through a pipe when it is ready.
 */
#ifndef AUTOPM_GADGET_PEER_H
#define AUTOPM_GADGET_PEER_H

struct peer {
	const char *name;	/* for messages: "vendor peer" */
	const char *dir;	/* made if missing; holds the two files below */
	const char *pid_file;
	const char *log_file;	/* the peer's stderr */
	unsigned int start_ms;	/* how long up waits for it to be ready */
};

/*
 * Fork the peer and wait until it writes a byte to READY_FD (or exits):
 * MAIN runs in the child with ARG and never returns. 0, or -1 with the
 * child gone.
 */
int peer_start(const struct peer *p, void (*main)(void *arg, int ready_fd), void *arg);
/* Stop the peer named by the pid file, if any, and wait for it. 0, or -1. */
int peer_stop(const struct peer *p);

#endif
