// SPDX-License-Identifier: GPL-2.0
/*
 * isoprobe: submit isochronous URBs to one endpoint of a device through
 * usbfs, and say what became of each.
 *
 *   isoprobe NODE --interface N --alt A --ep in|out [options] STEP...
 *
 * NODE is the device's usbfs node (/dev/bus/usb/BBB/DDD). isoprobe claims
 * interface N, sets its alternate setting A, takes that setting's
 * isochronous endpoint of the direction given, and runs the steps in
 * order:
 *
 *   asap:P    submit an URB of P packets with USBDEVFS_URB_ISO_ASAP
 *   at:F:P    submit an URB of P packets without it, start_frame F
 *   reap      reap every URB submitted and not reaped yet
 *   discard   unlink every URB not reaped yet, then reap them
 *
 * Each packet asks for --length bytes, by default the endpoint's payload
 * for an interval (maxpacket, times the transactions a microframe at high
 * speed, times the burst and Mult at SuperSpeed). An OUT URB sends zeroes.
 * URBs are numbered from 0 in the order of their steps, refused ones too.
 *
 * key=value lines on stdout: the endpoint first (speed, ep, maxpacket,
 * interval as bInterval, period_uframes, packet_length), then per URB I
 * urb_I_submit (0 or the negative errno name, -EFBIG), urb_I_submit_us
 * and urb_I_submitted_us (just before and just after the submit), and
 * once reaped urb_I_reaped_us, urb_I_status, urb_I_actual_length,
 * urb_I_error_count and per packet J urb_I_packet_J_actual_length and
 * urb_I_packet_J_status; discard_us when a discard step starts. Times
 * are CLOCK_MONOTONIC microseconds from the first step, the clock
 * dummy_hcd's frame counter runs on. usbfs does not copy an URB's
 * start_frame back when it is reaped, so none is printed.
 *
 * Exit 0 when every step ran (a refused submit is a result); 1 when the
 * device would not do what the steps need (claim, alternate setting,
 * reap, or a reap that timed out: error= says which); 2 on bad usage or
 * bad input (no such node, interface, setting or endpoint).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/usb/ch9.h>
#include <linux/usbdevice_fs.h>

#include "clock.h"
#include "lab.h"
#include "parse.h"

/* usbfs refuses more packets in one URB (devio.c) */
#define ISO_MAX_PACKETS	128
#define ISO_MAX_URBS	64

struct iso_ep {
	unsigned int address, maxpacket, mult, interval, speed;
	unsigned int payload, period_uframes;
};

struct iso_urb {
	struct usbdevfs_urb *urb;
	unsigned char *buf;
	int pending;
};

struct probe {
	int fd;
	unsigned int ifnum, alt, length, timeout_ms;
	int want_in;
	struct iso_ep ep;
	struct iso_urb urbs[ISO_MAX_URBS];
	unsigned int nurbs;
	double t0;
};

static void usage(void)
{
	fprintf(stderr,
		"Usage: isoprobe NODE --interface N --alt A --ep in|out [--length BYTES]\n"
		"                [--timeout-ms MS] STEP...\n"
		"STEP: asap:P (P packets, ISO_ASAP), at:F:P (start_frame F, no ASAP),\n"
		"      reap (every URB not reaped yet), discard (unlink them, then reap)\n"
		"P from 1 to %d; --length defaults to the endpoint's payload an\n"
		"interval; a reap gives up after --timeout-ms (default 5000)\n",
		ISO_MAX_PACKETS);
}

/* 0, or the errno's name with a minus, as the kernel's statuses read */
static const char *errname(int err)
{
	static char num[16];
	const char *name;

	if (!err)
		return "0";
	name = strerrorname_np(err < 0 ? -err : err);
	if (!name) {
		snprintf(num, sizeof(num), "%d", err);
		return num;
	}
	snprintf(num, sizeof(num), "-%s", name);
	return num;
}

static long long elapsed_us(const struct probe *p)
{
	return (long long)(now_us() - p->t0);
}

static const char *speed_name(unsigned int speed)
{
	switch (speed) {
	case USB_SPEED_LOW: return "low";
	case USB_SPEED_FULL: return "full";
	case USB_SPEED_HIGH: return "high";
	case USB_SPEED_SUPER: return "super";
	case USB_SPEED_SUPER_PLUS: return "super-plus";
	default: return "unknown";
	}
}

/* the payload and period the endpoint's descriptors give, at its speed */
static void ep_derive(struct iso_ep *ep, unsigned int burst, unsigned int ss_mult)
{
	unsigned int frames = 1u << (ep->interval - 1);

	ep->payload = ep->maxpacket;
	ep->period_uframes = frames;
	if (ep->speed == USB_SPEED_HIGH)
		ep->payload *= ep->mult;
	else if (ep->speed >= USB_SPEED_SUPER)
		ep->payload *= burst * ss_mult;
	else
		ep->period_uframes = frames * 8;
}

/*
 * Find interface IFNUM's setting ALT in the descriptors read from the
 * node (the device's, then each configuration's) and its isochronous
 * endpoint of the direction asked for. 0 found, -1 not.
 */
static int ep_find(struct probe *p, const unsigned char *d, size_t len)
{
	size_t i = 0;
	int in_setting = 0, found = 0;
	unsigned int burst = 1, ss_mult = 1;
	const unsigned char *e;

	while (i + 2 <= len && d[i] >= 2 && i + d[i] <= len) {
		e = d + i;
		i += e[0];
		if (e[1] == USB_DT_INTERFACE && e[0] >= USB_DT_INTERFACE_SIZE) {
			if (found)
				break;
			in_setting = e[2] == p->ifnum && e[3] == p->alt;
		} else if (in_setting && !found && e[1] == USB_DT_ENDPOINT &&
			   e[0] >= USB_DT_ENDPOINT_SIZE && (e[3] & 3) == 1 &&
			   !!(e[2] & USB_DIR_IN) == p->want_in) {
			p->ep.address = e[2];
			p->ep.maxpacket = (e[4] | e[5] << 8) & 0x7ff;
			p->ep.mult = 1 + ((e[5] >> 3) & 3);
			p->ep.interval = e[6];
			found = 1;
		} else if (found && e[1] == USB_DT_SS_ENDPOINT_COMP && e[0] >= 6) {
			burst = e[2] + 1;
			ss_mult = (e[3] & 3) + 1;
			break;
		} else if (found && e[1] == USB_DT_ENDPOINT) {
			break;
		}
	}
	if (!found || p->ep.interval < 1 || p->ep.interval > 16)
		return -1;
	ep_derive(&p->ep, burst, ss_mult);
	return 0;
}

/* the node's descriptors, the interface claimed in its setting */
static int setup(struct probe *p, const char *node)
{
	unsigned char desc[4096];
	struct usbdevfs_setinterface si = { .interface = p->ifnum, .altsetting = p->alt };
	ssize_t n;
	int speed;

	n = read(p->fd, desc, sizeof(desc));
	if (n < USB_DT_DEVICE_SIZE || desc[1] != USB_DT_DEVICE) {
		fprintf(stderr, "isoprobe: %s: not a usbfs device node\n", node);
		return EXIT_USAGE;
	}
	speed = ioctl(p->fd, USBDEVFS_GET_SPEED);
	if (speed < 0) {
		fprintf(stderr, "isoprobe: GET_SPEED: %s\n", strerror(errno));
		return EXIT_FAIL;
	}
	p->ep.speed = (unsigned int)speed;
	if (ep_find(p, desc, (size_t)n)) {
		fprintf(stderr, "isoprobe: %s: interface %u has no setting %u with an isochronous %s endpoint\n",
			node, p->ifnum, p->alt, p->want_in ? "IN" : "OUT");
		return EXIT_USAGE;
	}
	if (ioctl(p->fd, USBDEVFS_CLAIMINTERFACE, &p->ifnum) < 0) {
		printf("error=claim interface %u: %s\n", p->ifnum, strerror(errno));
		return EXIT_FAIL;
	}
	if (ioctl(p->fd, USBDEVFS_SETINTERFACE, &si) < 0) {
		printf("error=set interface %u to %u: %s\n", p->ifnum, p->alt, strerror(errno));
		return EXIT_FAIL;
	}
	if (!p->length)
		p->length = p->ep.payload;
	printf("speed=%s\nep=0x%02x\nmaxpacket=%u\nmult=%u\ninterval=%u\nperiod_uframes=%u\npacket_length=%u\n",
	       speed_name(p->ep.speed), p->ep.address, p->ep.maxpacket, p->ep.mult,
	       p->ep.interval, p->ep.period_uframes, p->length);
	return EXIT_OK;
}

static int submit(struct probe *p, unsigned int packets, int asap, int start_frame)
{
	struct iso_urb *u = &p->urbs[p->nurbs];
	unsigned int i, n = p->nurbs++;
	size_t size = sizeof(*u->urb) + packets * sizeof(u->urb->iso_frame_desc[0]);

	u->urb = calloc(1, size);
	u->buf = calloc(packets, p->length ? p->length : 1);
	if (!u->urb || !u->buf) {
		printf("error=out of memory\n");
		return EXIT_FAIL;
	}
	u->urb->type = USBDEVFS_URB_TYPE_ISO;
	u->urb->endpoint = (unsigned char)p->ep.address;
	u->urb->flags = asap ? USBDEVFS_URB_ISO_ASAP : 0;
	u->urb->buffer = u->buf;
	u->urb->buffer_length = (int)(packets * p->length);
	u->urb->start_frame = start_frame;
	u->urb->number_of_packets = (int)packets;
	for (i = 0; i < packets; i++)
		u->urb->iso_frame_desc[i].length = p->length;
	printf("urb_%u_submit_us=%lld\n", n, elapsed_us(p));
	if (ioctl(p->fd, USBDEVFS_SUBMITURB, u->urb) < 0) {
		printf("urb_%u_submitted_us=%lld\nurb_%u_submit=%s\n", n, elapsed_us(p), n,
		       errname(-errno));
		return EXIT_OK;
	}
	u->pending = 1;
	printf("urb_%u_submitted_us=%lld\nurb_%u_submit=0\n", n, elapsed_us(p), n);
	return EXIT_OK;
}

static void report(struct probe *p, struct usbdevfs_urb *urb)
{
	unsigned int n, j;

	for (n = 0; n < p->nurbs && p->urbs[n].urb != urb; n++)
		;
	if (n == p->nurbs) {
		printf("error=reaped an URB never submitted\n");
		return;
	}
	p->urbs[n].pending = 0;
	printf("urb_%u_reaped_us=%lld\nurb_%u_status=%s\nurb_%u_actual_length=%d\nurb_%u_error_count=%d\n",
	       n, elapsed_us(p), n, errname(urb->status), n, urb->actual_length, n,
	       urb->error_count);
	for (j = 0; j < (unsigned int)urb->number_of_packets; j++)
		printf("urb_%u_packet_%u_actual_length=%u\nurb_%u_packet_%u_status=%s\n", n, j,
		       urb->iso_frame_desc[j].actual_length, n, j,
		       errname((int)urb->iso_frame_desc[j].status));
}

static unsigned int pending(const struct probe *p)
{
	unsigned int n, count = 0;

	for (n = 0; n < p->nurbs; n++)
		count += p->urbs[n].pending;
	return count;
}

/* reap until nothing is pending; poll() says when a completion waits */
static int reap(struct probe *p)
{
	struct pollfd pfd = { .fd = p->fd, .events = POLLOUT };
	long long end = now_ms() + p->timeout_ms, left;
	void *urb;
	int r;

	while (pending(p)) {
		if (ioctl(p->fd, USBDEVFS_REAPURBNDELAY, &urb) == 0) {
			report(p, urb);
			continue;
		}
		if (errno != EAGAIN) {
			printf("error=reap: %s\n", strerror(errno));
			return EXIT_FAIL;
		}
		left = end - now_ms();
		if (left <= 0) {
			printf("error=timeout: %u URBs not given back in %u ms\n", pending(p),
			       p->timeout_ms);
			return EXIT_FAIL;
		}
		r = poll(&pfd, 1, (int)left);
		if (r < 0 && errno != EINTR) {
			printf("error=poll: %s\n", strerror(errno));
			return EXIT_FAIL;
		}
	}
	return EXIT_OK;
}

static int discard(struct probe *p)
{
	unsigned int n;

	printf("discard_us=%lld\n", elapsed_us(p));
	for (n = 0; n < p->nurbs; n++)
		/* EINVAL: it completed meanwhile, and the reap takes it */
		if (p->urbs[n].pending && ioctl(p->fd, USBDEVFS_DISCARDURB, p->urbs[n].urb) < 0 &&
		    errno != EINVAL) {
			printf("error=discard urb %u: %s\n", n, strerror(errno));
			return EXIT_FAIL;
		}
	return reap(p);
}

/*
 * A step's packets and start frame: "asap:P" or "at:F:P". 0, or -1 with
 * the reason said.
 */
static int parse_submit(const char *step, unsigned int *packets, int *asap, int *frame)
{
	const char *count = step + 5;
	char f[16];
	unsigned int v;
	size_t flen;

	*asap = !strncmp(step, "asap:", 5);
	*frame = 0;
	if (!*asap) {
		count = strchr(step + 3, ':');
		flen = count ? (size_t)(count - step - 3) : 0;
		if (!count || !flen || flen >= sizeof(f)) {
			fprintf(stderr, "isoprobe: '%s': want at:FRAME:PACKETS\n", step);
			return -1;
		}
		memcpy(f, step + 3, flen);
		f[flen] = 0;
		if (parse_uint(f, INT32_MAX, &v)) {
			fprintf(stderr, "isoprobe: '%s': FRAME must be a number\n", step);
			return -1;
		}
		*frame = (int)v;
		count++;
	}
	if (parse_uint(count, ISO_MAX_PACKETS, packets) || !*packets) {
		fprintf(stderr, "isoprobe: '%s': PACKETS must be 1 to %d\n", step, ISO_MAX_PACKETS);
		return -1;
	}
	return 0;
}

/* every step checked before the device is touched */
static int steps_valid(char **steps, int n)
{
	unsigned int packets, urbs = 0;
	int asap, frame, i;

	for (i = 0; i < n; i++) {
		if (!strcmp(steps[i], "reap") || !strcmp(steps[i], "discard"))
			continue;
		if (strncmp(steps[i], "asap:", 5) && strncmp(steps[i], "at:", 3)) {
			fprintf(stderr, "isoprobe: unknown step '%s'\n", steps[i]);
			return -1;
		}
		if (parse_submit(steps[i], &packets, &asap, &frame))
			return -1;
		if (++urbs > ISO_MAX_URBS) {
			fprintf(stderr, "isoprobe: more than %d URBs\n", ISO_MAX_URBS);
			return -1;
		}
	}
	return 0;
}

static int run(struct probe *p, char **steps, int n)
{
	unsigned int packets;
	int asap, frame, i, ret = EXIT_OK;

	p->t0 = now_us();
	for (i = 0; i < n && ret == EXIT_OK; i++) {
		if (!strcmp(steps[i], "reap"))
			ret = reap(p);
		else if (!strcmp(steps[i], "discard"))
			ret = discard(p);
		else if (!parse_submit(steps[i], &packets, &asap, &frame))
			ret = submit(p, packets, asap, frame);
	}
	return ret;
}

static int option(const char *name, const char *val, unsigned int max, unsigned int *out)
{
	if (!val || parse_uint(val, max, out)) {
		fprintf(stderr, "isoprobe: %s needs a number up to %u, not '%s'\n", name, max,
			val ? val : "");
		return -1;
	}
	return 0;
}

/* the options before the steps; returns the first step's index, or -1 */
static int parse_options(struct probe *p, int argc, char **argv)
{
	int i, have_if = 0, have_alt = 0, have_ep = 0;

	for (i = 2; i < argc && !strncmp(argv[i], "--", 2); i += 2) {
		if (!strcmp(argv[i], "--ep")) {
			have_ep = argv[i + 1] && (!strcmp(argv[i + 1], "in") ||
						  !strcmp(argv[i + 1], "out"));
			if (!have_ep) {
				fprintf(stderr, "isoprobe: --ep takes in or out\n");
				return -1;
			}
			p->want_in = !strcmp(argv[i + 1], "in");
		} else if (!strcmp(argv[i], "--interface")) {
			if (option(argv[i], argv[i + 1], 255, &p->ifnum))
				return -1;
			have_if = 1;
		} else if (!strcmp(argv[i], "--alt")) {
			if (option(argv[i], argv[i + 1], 255, &p->alt))
				return -1;
			have_alt = 1;
		} else if (!strcmp(argv[i], "--length")) {
			if (option(argv[i], argv[i + 1], 98304, &p->length))
				return -1;
		} else if (!strcmp(argv[i], "--timeout-ms")) {
			if (option(argv[i], argv[i + 1], LAB_MAX_MS, &p->timeout_ms))
				return -1;
		} else {
			fprintf(stderr, "isoprobe: unknown option '%s'\n", argv[i]);
			return -1;
		}
	}
	if (!have_if || !have_alt || !have_ep || i >= argc) {
		fprintf(stderr, "isoprobe: --interface, --alt, --ep and a step are needed\n");
		return -1;
	}
	return i;
}

int main(int argc, char **argv)
{
	static struct probe p = { .timeout_ms = 5000 };
	int first, ret;
	unsigned int n;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		usage();
		return EXIT_OK;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 3 || !strncmp(argv[1], "--", 2)) {
		usage();
		return EXIT_USAGE;
	}
	first = parse_options(&p, argc, argv);
	if (first < 0 || steps_valid(argv + first, argc - first)) {
		usage();
		return EXIT_USAGE;
	}
	p.fd = open(argv[1], O_RDWR);
	if (p.fd < 0) {
		fprintf(stderr, "isoprobe: %s: %s\n", argv[1], strerror(errno));
		return errno == ENOENT || errno == ENOTDIR ? EXIT_USAGE : EXIT_FAIL;
	}
	ret = setup(&p, argv[1]);
	if (ret == EXIT_OK)
		ret = run(&p, argv + first, argc - first);
	/* closing the node kills what is still in flight */
	close(p.fd);
	for (n = 0; n < p.nurbs; n++) {
		free(p.urbs[n].urb);
		free(p.urbs[n].buf);
	}
	return ret;
}
