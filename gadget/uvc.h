/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The video function (f_uvc), made through configfs by hand (libusbgx
 * 0.2.0 has no UVC type; usbg_hide.c keeps it out of the library's
 * sight), and its peer: the daemon that answers the host's UVC control
 * requests and feeds the frames (uvc_peer.c). f_uvc keeps the device off
 * the bus until a program subscribes to its events, so up starts the
 * peer after binding and before waiting for the host.
 *
 * One uncompressed YUYV format at 15, 5 or 2 frames per second, in two
 * sizes (uvc_sizes), through one isochronous IN endpoint of 1024 bytes each
 * millisecond at high speed: 1000 packets a second, which carry 160x120
 * (38400 bytes a frame, 576 kB/s) with room to spare, but not 320x240
 * (2.3 MB/s). f_uvc makes the function's interfaces the configuration's
 * first two (uvc_add() links it before any other): 6.12's f_uvc hands
 * the program a streaming request's wIndex as interface 1 whatever its
 * number, 6.1's as it is, and with these numbers the two agree.
 */
#ifndef AUTOPM_GADGET_UVC_H
#define AUTOPM_GADGET_UVC_H

#include <stddef.h>
#include <stdint.h>

#define UVC_TYPE	"uvc"
#define UVC_INSTANCE	"usb0"
#define UVC_FUNCTION	UVC_TYPE "." UVC_INSTANCE
#define UVC_DIR		"/run/autopm-lab/uvc"
#define UVC_PID		UVC_DIR "/pid"
#define UVC_LOG		UVC_DIR "/peer.log"
/* the peer's counts, key=value lines, rewritten as they change */
#define UVC_STATS	UVC_DIR "/stats"

/*
 * the frame intervals each size offers, in the 100 ns units of
 * dwFrameInterval: 15, 5 and 2 frames per second, the first the default
 * (the slow ones fit a slower endpoint: up --uvc-interval)
 */
#define UVC_FRAME_INTERVAL	666666U
#define UVC_NINTERVALS		3
/*
 * the endpoint: 1024 bytes every 2^(4-1) microframes at high speed (a
 * high-bandwidth endpoint, over 1024, would get bInterval 1 from f_uvc:
 * 8000 packets a second)
 */
#define UVC_MAXPACKET		1024U
#define UVC_INTERVAL		4U
/* up --uvc-interval: configfs takes 1..16 */
#define UVC_INTERVAL_MAX	16U
/* the interfaces uvc_add() gives the function */
#define UVC_CONTROL_INTF	0U
#define UVC_STREAMING_INTF	1U

struct uvc_size {
	uint16_t width, height;
};

/* the frames, by bFrameIndex - 1; two bytes a pixel */
extern const struct uvc_size uvc_sizes[];
extern const unsigned int uvc_nsizes;
extern const uint32_t uvc_intervals[UVC_NINTERVALS];

/*
 * Create the function, its endpoint polled every 2^(INTERVAL-1)
 * microframes at high speed, and link it into our configuration before
 * any other function (its interfaces 0 and 1). 0, or -1.
 */
int uvc_add(unsigned int interval);
/* Unlink and remove it, if it is there (the gadget unbound first). 0, or -1. */
int uvc_remove(void);
/* Whether our gadget has the function. */
int uvc_present(void);
/* The gadget's V4L2 output node (/dev/videoN). 0, or -1. */
int uvc_node(char *buf, size_t len);
/* Start the peer (the gadget bound) and stop it. 0, or -1. */
int uvc_start(void);
int uvc_stop(void);
/* The peer's main loop, in the forked child: never returns. */
void uvc_peer_main(void *arg, int ready_fd);

#endif
