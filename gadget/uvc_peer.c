// SPDX-License-Identifier: GPL-2.0
/*
 * The UVC function's peer (uvc.h): it answers the host's probe and
 * commit requests, and while the host streams, queues one frame of the
 * lab's pattern (vidframe.h) each frame interval, as a camera's sensor
 * delivers them; f_uvc sends each as fast as the endpoint allows and
 * zero-length packets between. Counts in UVC_STATS:
 *   streams  STREAMON events served
 *   frames   frames queued, all streams; stream_frames, this stream's
 *   full     frames that came due with all NBUF buffers still queued
 *            (the bus more than NBUF frames behind the sensor)
 *   late     frames queued more than an interval after they were due
 *            with a buffer free (this program's timer late)
 *   t0_us, interval_us
 *            when this stream's frame 0 came due (CLOCK_MONOTONIC), and
 *            the interval after which each next one does
 * A disconnect (the function disabled: a bus reset, a new configuration)
 * ends a stream; the peer serves on, for the host's next configuration.
 * The node going away (the function unbound) ends the peer.
 */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <unistd.h>
#include <linux/usb/ch9.h>
#include <linux/usb/video.h>
#include <linux/videodev2.h>
#include <linux/usb/g_uvc.h>

#include "clock.h"
#include "gadget.h"
#include "sysfs.h"
#include "uvc.h"
#include "vidframe.h"

#define NBUF		16
#define NODE_WAIT_MS	2000
#define FN_DIR		GADGET_DIR "/functions/" UVC_FUNCTION
/* VC_REQUEST_ERROR_CODE_CONTROL: "invalid request" (UVC 1.5, 4.2.1.2) */
#define UVC_ERROR_INVALID_REQUEST	0x07

struct buffer {
	void *mem;
	size_t len;
	int queued;
};

struct peer_state {
	int fd;
	unsigned int maxpayload;	/* at the connected speed */
	struct uvc_streaming_control probe, commit;
	unsigned int pending;	/* the control a SET_CUR's data is for */
	int streaming;
	int stalled;		/* QBUF refused: the endpoint went, STREAMOFF is due */
	uint32_t full_seq;	/* the frame last counted in full, + 1 */
	struct buffer buf[NBUF];
	unsigned int nbuf;
	uint32_t seq;		/* the next frame's number */
	long long t0_us;	/* when frame 0 came due */
	long long interval_us;
	unsigned long streams, frames, full, late;
};

static long long clock_us(void)
{
	return (long long)now_us();
}

static void save_stats(const struct peer_state *p)
{
	FILE *f = fopen(UVC_STATS ".new", "w");

	if (!f)
		return;
	fprintf(f, "streams=%lu\nframes=%lu\nstream_frames=%u\nfull=%lu\nlate=%lu\nstreaming=%d\n"
		"t0_us=%lld\ninterval_us=%lld\n", p->streams, p->frames, p->seq, p->full, p->late,
		p->streaming, p->t0_us, p->interval_us);
	if (!fclose(f))
		rename(UVC_STATS ".new", UVC_STATS);
}

/* the size a frame index names, clamped to ours */
static const struct uvc_size *frame_size(unsigned int index)
{
	return &uvc_sizes[index >= 1 && index <= uvc_nsizes ? index - 1 : 0];
}

/* what the device can do for the format and frame the host asked */
static void fix_control(const struct peer_state *p, struct uvc_streaming_control *c)
{
	const struct uvc_size *s;
	unsigned int i;

	c->bFormatIndex = 1;
	if (c->bFrameIndex < 1 || c->bFrameIndex > uvc_nsizes)
		c->bFrameIndex = 1;
	s = frame_size(c->bFrameIndex);
	for (i = 0; i < UVC_NINTERVALS && c->dwFrameInterval != uvc_intervals[i]; i++)
		;
	if (i == UVC_NINTERVALS)
		c->dwFrameInterval = UVC_FRAME_INTERVAL;
	c->dwMaxVideoFrameSize = 2U * s->width * s->height;
	c->dwMaxPayloadTransferSize = p->maxpayload;
	c->bmFramingInfo = 3;
	c->bPreferedVersion = c->bMinVersion = c->bMaxVersion = 1;
}

static int respond(struct peer_state *p, const void *data, int len)
{
	struct uvc_request_data r = { .length = len };

	/* a SET_CUR's response is the length of the data stage to receive */
	if (len > 0 && data)
		memcpy(r.data, data, (size_t)len);
	/* a request the bus dropped is the host's to retry, not our end */
	if (ioctl(p->fd, UVCIOC_SEND_RESPONSE, &r)) {
		fprintf(stderr, "uvc peer: UVCIOC_SEND_RESPONSE: %s\n", strerror(errno));
		return errno == ENODEV ? -1 : 0;
	}
	return 0;
}

static int answer_streaming(struct peer_state *p, const struct usb_ctrlrequest *req)
{
	unsigned int cs = le16toh(req->wValue) >> 8, len = le16toh(req->wLength);
	struct uvc_streaming_control def = { 0 };
	const void *src = &def;
	unsigned char one;
	uint16_t size;

	if (cs != UVC_VS_PROBE_CONTROL && cs != UVC_VS_COMMIT_CONTROL)
		return respond(p, NULL, -1);
	if (len > sizeof(def))
		len = sizeof(def);
	fix_control(p, &def);
	switch (req->bRequest) {
	case UVC_SET_CUR:
		p->pending = cs;
		return respond(p, NULL, (int)len);
	case UVC_GET_CUR:
		src = cs == UVC_VS_PROBE_CONTROL ? &p->probe : &p->commit;
		break;
	case UVC_GET_MIN:
	case UVC_GET_MAX:
	case UVC_GET_DEF:
	case UVC_GET_RES:
		break;
	case UVC_GET_LEN:
		size = htole16(sizeof(def));
		return respond(p, &size, 2);
	case UVC_GET_INFO:
		one = 0x03;	/* GET and SET supported */
		return respond(p, &one, 1);
	default:
		return respond(p, NULL, -1);
	}
	return respond(p, src, (int)len);
}

static int on_setup(struct peer_state *p, const struct usb_ctrlrequest *req)
{
	unsigned int index = le16toh(req->wIndex), value = le16toh(req->wValue);
	unsigned char code = UVC_ERROR_INVALID_REQUEST;

	if ((index & 0xff) == UVC_STREAMING_INTF)
		return answer_streaming(p, req);
	/* the control interface: only the error code of what we stalled */
	if (req->bRequest == UVC_GET_CUR && (index >> 8) == 0 &&
	    (value >> 8) == UVC_VC_REQUEST_ERROR_CODE_CONTROL)
		return respond(p, &code, 1);
	return respond(p, NULL, -1);
}

static void on_data(struct peer_state *p, const struct uvc_request_data *d)
{
	struct uvc_streaming_control *c =
		p->pending == UVC_VS_COMMIT_CONTROL ? &p->commit : &p->probe;
	size_t n = d->length > 0 ? (size_t)d->length : 0;

	memset(c, 0, sizeof(*c));
	memcpy(c, d->data, n < sizeof(*c) ? n : sizeof(*c));
	fix_control(p, c);
}

static void free_buffers(struct peer_state *p)
{
	struct v4l2_requestbuffers rb = {
		.type = V4L2_BUF_TYPE_VIDEO_OUTPUT, .memory = V4L2_MEMORY_MMAP,
	};
	unsigned int i;

	for (i = 0; i < p->nbuf; i++)
		munmap(p->buf[i].mem, p->buf[i].len);
	p->nbuf = 0;
	ioctl(p->fd, VIDIOC_REQBUFS, &rb);
}

static int stream_off(struct peer_state *p)
{
	int type = V4L2_BUF_TYPE_VIDEO_OUTPUT;

	if (!p->streaming)
		return 0;
	p->streaming = 0;
	p->stalled = 0;
	if (ioctl(p->fd, VIDIOC_STREAMOFF, &type))
		fprintf(stderr, "uvc peer: STREAMOFF: %s\n", strerror(errno));
	free_buffers(p);
	fprintf(stderr, "uvc peer: stream %lu off after %u frames\n", p->streams, p->seq);
	save_stats(p);
	return 0;
}

static int map_buffers(struct peer_state *p)
{
	struct v4l2_requestbuffers rb = {
		.count = NBUF, .type = V4L2_BUF_TYPE_VIDEO_OUTPUT, .memory = V4L2_MEMORY_MMAP,
	};
	unsigned int i;

	if (ioctl(p->fd, VIDIOC_REQBUFS, &rb) < 0 || !rb.count) {
		fprintf(stderr, "uvc peer: REQBUFS: %s\n", strerror(errno));
		return -1;
	}
	for (i = 0; i < rb.count && i < NBUF; i++) {
		struct v4l2_buffer b = {
			.index = i, .type = V4L2_BUF_TYPE_VIDEO_OUTPUT, .memory = V4L2_MEMORY_MMAP,
		};

		if (ioctl(p->fd, VIDIOC_QUERYBUF, &b))
			return -1;
		p->buf[i].len = b.length;
		p->buf[i].queued = 0;
		p->buf[i].mem = mmap(NULL, b.length, PROT_READ | PROT_WRITE, MAP_SHARED, p->fd,
				     b.m.offset);
		if (p->buf[i].mem == MAP_FAILED)
			return -1;
		p->nbuf = i + 1;
	}
	return 0;
}

/* the host committed a format and selected the streaming alt setting */
static int stream_on(struct peer_state *p)
{
	const struct uvc_size *s = frame_size(p->commit.bFrameIndex);
	int type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
	struct v4l2_format f = { .type = V4L2_BUF_TYPE_VIDEO_OUTPUT };

	f.fmt.pix.width = s->width;
	f.fmt.pix.height = s->height;
	f.fmt.pix.pixelformat = V4L2_PIX_FMT_YUYV;
	f.fmt.pix.field = V4L2_FIELD_NONE;
	f.fmt.pix.sizeimage = 2U * s->width * s->height;
	if (ioctl(p->fd, VIDIOC_S_FMT, &f)) {
		fprintf(stderr, "uvc peer: S_FMT %ux%u: %s\n", s->width, s->height, strerror(errno));
		return -1;
	}
	if (map_buffers(p))
		goto fail;
	if (ioctl(p->fd, VIDIOC_STREAMON, &type)) {
		fprintf(stderr, "uvc peer: STREAMON: %s\n", strerror(errno));
		goto fail;
	}
	p->streaming = 1;
	p->streams++;
	p->seq = 0;
	p->full_seq = 0;
	p->interval_us = p->commit.dwFrameInterval / 10;
	/* the sensor's first frame is ready at once */
	p->t0_us = clock_us();
	fprintf(stderr, "uvc peer: stream %lu on, %ux%u every %lld us, %u buffers\n",
		p->streams, s->width, s->height, p->interval_us, p->nbuf);
	save_stats(p);
	return 0;
fail:
	free_buffers(p);
	return -1;
}

/* the buffers f_uvc has sent come back */
static int reap(struct peer_state *p)
{
	for (;;) {
		struct v4l2_buffer b = {
			.type = V4L2_BUF_TYPE_VIDEO_OUTPUT, .memory = V4L2_MEMORY_MMAP,
		};

		if (ioctl(p->fd, VIDIOC_DQBUF, &b))
			return errno == EAGAIN ? 0 : -1;
		if (b.index < p->nbuf)
			p->buf[b.index].queued = 0;
	}
}

static struct buffer *free_buffer(struct peer_state *p, unsigned int *index)
{
	for (*index = 0; *index < p->nbuf; (*index)++)
		if (!p->buf[*index].queued)
			return &p->buf[*index];
	return NULL;
}

/* queue the frames that are due; 1 when one waits for a buffer */
static int feed(struct peer_state *p)
{
	long long now = clock_us();

	while (p->streaming && !p->stalled &&
	       p->t0_us + (long long)p->seq * p->interval_us <= now) {
		const struct uvc_size *s = frame_size(p->commit.bFrameIndex);
		size_t len = 2U * s->width * s->height;
		struct v4l2_buffer b = {
			.type = V4L2_BUF_TYPE_VIDEO_OUTPUT, .memory = V4L2_MEMORY_MMAP,
		};
		struct buffer *buf;

		if (reap(p)) {
			fprintf(stderr, "uvc peer: DQBUF: %s\n", strerror(errno));
			p->stalled = 1;
			return 0;
		}
		buf = free_buffer(p, &b.index);
		if (!buf) {
			if (p->full_seq != p->seq + 1) {
				p->full++;
				p->full_seq = p->seq + 1;
			}
			return 1;
		}
		/* late with a buffer to hand: our timer, not the bus */
		if (p->full_seq != p->seq + 1 &&
		    now - (p->t0_us + (long long)p->seq * p->interval_us) > p->interval_us)
			p->late++;
		if (buf->len < len)
			return -1;
		vidframe_fill(buf->mem, len, p->seq);
		b.bytesused = len;
		if (ioctl(p->fd, VIDIOC_QBUF, &b)) {
			/*
			 * the host stopped the stream (6.1 disables the endpoint
			 * before it queues the STREAMOFF event: ENODEV) or the
			 * bus went: the event that says which is on its way, and
			 * the next stream starts afresh
			 */
			if (errno != ENODEV)
				fprintf(stderr, "uvc peer: QBUF: %s\n", strerror(errno));
			p->stalled = 1;
			return 0;
		}
		buf->queued = 1;
		p->seq++;
		p->frames++;
		save_stats(p);
	}
	return 0;
}

/* 0 to go on, -1 on error (the node gone: ENODEV) */
static int on_event(struct peer_state *p)
{
	struct v4l2_event ev;
	struct uvc_event *uev = (void *)&ev.u.data;

	if (ioctl(p->fd, VIDIOC_DQEVENT, &ev))
		return -1;
	switch (ev.type) {
	case UVC_EVENT_CONNECT:
		p->maxpayload = uev->speed == USB_SPEED_FULL ? 1023 : UVC_MAXPACKET;
		fprintf(stderr, "uvc peer: connected, speed %d\n", uev->speed);
		return 0;
	case UVC_EVENT_DISCONNECT:
		fprintf(stderr, "uvc peer: disconnected\n");
		return stream_off(p);
	case UVC_EVENT_SETUP:
		return on_setup(p, &uev->req);
	case UVC_EVENT_DATA:
		on_data(p, &uev->data);
		return 0;
	case UVC_EVENT_STREAMON:
		/* a stream that could not start fails alone (logged), not the device */
		stream_on(p);
		return 0;
	case UVC_EVENT_STREAMOFF:
		return stream_off(p);
	}
	return 0;
}

static int open_node(struct peer_state *p)
{
	static const unsigned int events[] = {
		UVC_EVENT_CONNECT, UVC_EVENT_DISCONNECT, UVC_EVENT_STREAMON,
		UVC_EVENT_STREAMOFF, UVC_EVENT_DATA,
		UVC_EVENT_SETUP,	/* last: subscribing to it connects the device */
	};
	long long end = now_ms() + NODE_WAIT_MS;
	char node[64];
	long v;
	unsigned int i;

	while (uvc_node(node, sizeof(node))) {
		if (now_ms() >= end) {
			fprintf(stderr, "uvc peer: no V4L2 node for %s\n", UVC_FUNCTION);
			return -1;
		}
		usleep(10000);
	}
	if (sysfs_read_long(FN_DIR "/streaming/bInterfaceNumber", &v) ||
	    v != UVC_STREAMING_INTF) {
		fprintf(stderr, "uvc peer: the streaming interface is not %u (uvc.h)\n",
			UVC_STREAMING_INTF);
		return -1;
	}
	p->fd = open(node, O_RDWR | O_NONBLOCK);
	if (p->fd < 0) {
		fprintf(stderr, "uvc peer: %s: %s\n", node, strerror(errno));
		return -1;
	}
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		struct v4l2_event_subscription sub = { .type = events[i] };

		if (ioctl(p->fd, VIDIOC_SUBSCRIBE_EVENT, &sub)) {
			fprintf(stderr, "uvc peer: subscribe %u: %s\n", events[i], strerror(errno));
			return -1;
		}
	}
	fprintf(stderr, "uvc peer: serving %s\n", node);
	return 0;
}

/*
 * select(), not poll(): a V4L2 output queue that is not streaming polls
 * as an error, which poll() would report at once, again and again; in
 * select() an error marks only the write set, watched while streaming.
 * The events (and the node going away) come as exceptions.
 */
static int serve(struct peer_state *p)
{
	for (;;) {
		struct timeval tv, *tvp = NULL;
		fd_set ex, wr;
		int waiting = feed(p), n;

		if (waiting < 0)
			return -1;
		FD_ZERO(&ex);
		FD_ZERO(&wr);
		FD_SET(p->fd, &ex);
		if (p->streaming && waiting) {
			FD_SET(p->fd, &wr);
		} else if (p->streaming && !p->stalled) {
			long long due = p->t0_us + (long long)p->seq * p->interval_us - clock_us();

			if (due < 0)
				due = 0;
			tv.tv_sec = due / 1000000;
			tv.tv_usec = due % 1000000;
			tvp = &tv;
		}
		n = select(p->fd + 1, NULL, &wr, &ex, tvp);
		if (n < 0 && errno != EINTR)
			return -1;
		if (n > 0 && FD_ISSET(p->fd, &ex) && on_event(p))
			return errno == ENODEV ? 0 : -1;
	}
}

void uvc_peer_main(void *arg, int ready_fd)
{
	static struct peer_state p;
	int ret;

	(void)arg;
	p.fd = -1;
	p.maxpayload = UVC_MAXPACKET;
	fix_control(&p, &p.probe);
	fix_control(&p, &p.commit);
	if (open_node(&p))
		exit(EXIT_FAIL);
	save_stats(&p);
	if (write(ready_fd, "1", 1) != 1)
		exit(EXIT_FAIL);
	close(ready_fd);
	ret = serve(&p);
	if (ret)
		fprintf(stderr, "uvc peer: ended on an error: %s\n", strerror(errno));
	save_stats(&p);
	/* closing the node is all the teardown f_uvc needs from us */
	close(p.fd);
	exit(ret ? EXIT_FAIL : EXIT_OK);
}
