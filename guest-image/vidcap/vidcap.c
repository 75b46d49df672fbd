// SPDX-License-Identifier: GPL-2.0
/*
 * vidcap: capture frames from a V4L2 capture node (uvcvideo's) by mmap
 * streaming and check each against the lab's pattern (vidframe.h), which
 * autopm-gadget's UVC peer sends.
 *
 *   vidcap NODE FRAMES [--size WxH] [--fps N] [--buffers N] [--timeout-ms MS]
 *          [--stamps FILE]
 *
 * It sets YUYV at the size and, with --fps, 1/N s a frame (else the
 * device's default interval), and requires frames 0..FRAMES-1 of the stream, each whole, bit-exact,
 * once and in order: a frame flagged in error, short, or not the next
 * number fails. One key=value line on stdout: frames, size, first_us and
 * last_us (the first and the last frame's timestamps, CLOCK_MONOTONIC,
 * which uvcvideo takes as the URB that holds a frame's first packet
 * completes), span_ms (from the one to the other), rate (frames per
 * second between them), and on a failure what and where. --stamps writes
 * each frame's number and timestamp (us), a line each, to FILE. Exit 0 done; 1
 * failed: a frame wrong, a timeout, an ioctl refused; 2 bad usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>
#include <linux/videodev2.h>

#include "lab.h"
#include "parse.h"
#include "vidframe.h"

#define MAX_BUFFERS	32

struct cap {
	int fd;
	FILE *stamps;
	unsigned int width, height, fps, nbuf, timeout_ms;
	size_t size;
	void *mem[MAX_BUFFERS];
	size_t len[MAX_BUFFERS];
};

static void usage(void)
{
	fprintf(stderr,
		"Usage: vidcap NODE FRAMES [--size WxH] [--fps N] [--buffers N] [--timeout-ms MS]\n"
		"              [--stamps FILE]\n"
		"YUYV; defaults: 160x120, the device's frame rate, 8 buffers, 5000 ms\n"
		"without a frame before it gives up; --stamps writes \"N TIMESTAMP_US\" a\n"
		"frame to FILE\n");
}

static int refused(const char *what)
{
	printf("frames=0 error=ioctl what=%s errno=%d\n", what, errno);
	fprintf(stderr, "vidcap: %s: %s\n", what, strerror(errno));
	return -1;
}

static int set_format(struct cap *c)
{
	struct v4l2_format f = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };

	f.fmt.pix.width = c->width;
	f.fmt.pix.height = c->height;
	f.fmt.pix.pixelformat = V4L2_PIX_FMT_YUYV;
	f.fmt.pix.field = V4L2_FIELD_NONE;
	if (ioctl(c->fd, VIDIOC_S_FMT, &f))
		return refused("S_FMT");
	if (f.fmt.pix.width != c->width || f.fmt.pix.height != c->height ||
	    f.fmt.pix.pixelformat != V4L2_PIX_FMT_YUYV) {
		printf("frames=0 error=format got=%ux%u want=%ux%u\n", f.fmt.pix.width,
		       f.fmt.pix.height, c->width, c->height);
		return -1;
	}
	c->size = 2UL * c->width * c->height;
	return 0;
}

static int set_rate(struct cap *c)
{
	struct v4l2_streamparm p = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };
	struct v4l2_fract *t = &p.parm.capture.timeperframe;

	if (!c->fps)
		return 0;
	t->numerator = 1;
	t->denominator = c->fps;
	if (ioctl(c->fd, VIDIOC_S_PARM, &p))
		return refused("S_PARM");
	if (t->numerator * c->fps != t->denominator) {
		printf("frames=0 error=rate got=%u/%u want=1/%u\n", t->numerator, t->denominator,
		       c->fps);
		return -1;
	}
	return 0;
}

static int queue(struct cap *c, unsigned int i)
{
	struct v4l2_buffer b = {
		.index = i, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
	};

	return ioctl(c->fd, VIDIOC_QBUF, &b) ? refused("QBUF") : 0;
}

static int map_buffers(struct cap *c)
{
	struct v4l2_requestbuffers rb = {
		.count = c->nbuf, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
	};
	unsigned int i;

	if (ioctl(c->fd, VIDIOC_REQBUFS, &rb))
		return refused("REQBUFS");
	if (rb.count < 2 || rb.count > MAX_BUFFERS) {
		printf("frames=0 error=buffers count=%u\n", rb.count);
		return -1;
	}
	c->nbuf = rb.count;
	for (i = 0; i < c->nbuf; i++) {
		struct v4l2_buffer b = {
			.index = i, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
		};

		if (ioctl(c->fd, VIDIOC_QUERYBUF, &b))
			return refused("QUERYBUF");
		c->len[i] = b.length;
		c->mem[i] = mmap(NULL, b.length, PROT_READ, MAP_SHARED, c->fd, b.m.offset);
		if (c->mem[i] == MAP_FAILED)
			return refused("mmap");
		if (queue(c, i))
			return -1;
	}
	return 0;
}

static long long stamp_us(const struct v4l2_buffer *b)
{
	return b->timestamp.tv_sec * 1000000LL + b->timestamp.tv_usec;
}

/* frame N of the stream in buffer B: 0, or -1 after saying what is wrong */
static int check(const struct cap *c, const struct v4l2_buffer *b, uint32_t n)
{
	long off;

	if ((b->flags & V4L2_BUF_FLAG_TIMESTAMP_MASK) != V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC) {
		printf("frames=%u error=clock flags=0x%x\n", n, b->flags);
		return -1;
	}
	if (b->flags & V4L2_BUF_FLAG_ERROR) {
		printf("frames=%u error=flagged bytes=%u\n", n, b->bytesused);
		return -1;
	}
	if (b->bytesused != c->size) {
		printf("frames=%u error=length got=%u want=%zu\n", n, b->bytesused, c->size);
		return -1;
	}
	off = vidframe_check(c->mem[b->index], c->size, n);
	if (off == 0) {
		printf("frames=%u error=number got=%u want=%u\n", n,
		       vidframe_seq(c->mem[b->index]), n);
		return -1;
	}
	if (off > 0) {
		printf("frames=%u error=mismatch frame=%u offset=%ld\n", n, n, off);
		return -1;
	}
	return 0;
}

static int capture(struct cap *c, uint32_t frames)
{
	struct pollfd p = { .fd = c->fd, .events = POLLIN };
	long long first = 0, last = 0;
	uint32_t n;

	for (n = 0; n < frames; n++) {
		struct v4l2_buffer b = {
			.type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP,
		};
		int r = poll(&p, 1, (int)c->timeout_ms);

		if (r == 0) {
			printf("frames=%u error=timeout ms=%u\n", n, c->timeout_ms);
			return -1;
		}
		if (r < 0 || ioctl(c->fd, VIDIOC_DQBUF, &b))
			return refused("DQBUF");
		if (check(c, &b, n))
			return -1;
		last = stamp_us(&b);
		if (!n)
			first = last;
		if (c->stamps)
			fprintf(c->stamps, "%u %lld\n", n, last);
		if (n + 1 < frames && queue(c, b.index))
			return -1;
	}
	printf("frames=%u size=%ux%u first_us=%lld last_us=%lld span_ms=%.1f rate=%.3f\n", frames,
	       c->width, c->height, first, last, (last - first) / 1e3,
	       frames > 1 && last > first ? (frames - 1) * 1e6 / (double)(last - first) : 0);
	return 0;
}

static int parse_size(const char *s, unsigned int *w, unsigned int *h)
{
	char buf[32], *x;

	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	x = strchr(buf, 'x');
	if (!x)
		return -1;
	*x = '\0';
	return parse_uint(buf, 4096, w) || parse_uint(x + 1, 4096, h) || !*w || !*h ? -1 : 0;
}

static int run(struct cap *c, const char *node, uint32_t frames)
{
	int type = V4L2_BUF_TYPE_VIDEO_CAPTURE, ret;

	c->fd = open(node, O_RDWR | O_NONBLOCK);
	if (c->fd < 0) {
		printf("frames=0 error=open errno=%d\n", errno);
		fprintf(stderr, "vidcap: %s: %s\n", node, strerror(errno));
		return EXIT_FAIL;
	}
	ret = set_format(c) || set_rate(c) || map_buffers(c);
	if (!ret && ioctl(c->fd, VIDIOC_STREAMON, &type))
		ret = refused("STREAMON");
	if (!ret)
		ret = capture(c, frames);
	if (ioctl(c->fd, VIDIOC_STREAMOFF, &type) && !ret)
		ret = refused("STREAMOFF");
	close(c->fd);
	if (c->stamps && fclose(c->stamps) && !ret)
		ret = refused("--stamps");
	return ret ? EXIT_FAIL : EXIT_OK;
}

int main(int argc, char **argv)
{
	struct cap c = { .width = 160, .height = 120, .nbuf = 8, .timeout_ms = 5000 };
	unsigned int frames;
	int i;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		usage();
		return EXIT_OK;
	}
	if (argc < 3 || argc % 2 == 0) {
		usage();
		return EXIT_USAGE;
	}
	if (parse_uint(argv[2], 1u << 24, &frames) || !frames) {
		fprintf(stderr, "vidcap: FRAMES must be a positive number, not '%s'\n", argv[2]);
		return EXIT_USAGE;
	}
	for (i = 3; i < argc; i += 2) {
		int bad;

		if (!strcmp(argv[i], "--size"))
			bad = parse_size(argv[i + 1], &c.width, &c.height);
		else if (!strcmp(argv[i], "--fps"))
			bad = parse_uint(argv[i + 1], 1000, &c.fps) || !c.fps;
		else if (!strcmp(argv[i], "--buffers"))
			bad = parse_uint(argv[i + 1], MAX_BUFFERS, &c.nbuf) || c.nbuf < 2;
		else if (!strcmp(argv[i], "--timeout-ms"))
			bad = parse_uint(argv[i + 1], LAB_MAX_MS, &c.timeout_ms) || !c.timeout_ms;
		else if (!strcmp(argv[i], "--stamps"))
			bad = !(c.stamps = fopen(argv[i + 1], "w"));
		else {
			fprintf(stderr, "vidcap: unknown option '%s'\n", argv[i]);
			usage();
			return EXIT_USAGE;
		}
		if (bad) {
			fprintf(stderr, "vidcap: bad value for %s: '%s'\n", argv[i], argv[i + 1]);
			return EXIT_USAGE;
		}
	}
	return run(&c, argv[1], frames);
}
