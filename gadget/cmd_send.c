// SPDX-License-Identifier: GPL-2.0
/*
 * autopm-gadget send-acm / send-ecm: input from the device, as a modem or a
 * network adapter would have it. On the lab's patched kernel, input that
 * finds the bus suspended makes the function ask for a remote wakeup.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <termios.h>
#include <unistd.h>

#include "clock.h"
#include "devside.h"
#include "gadget.h"
#include "options.h"
#include "rawio.h"

#define MAX_SEND_FILE	(16 << 20)

static const char *bus_word(int suspended)
{
	return suspended > 0 ? "suspended" : suspended == 0 ? "active" : "unknown";
}

static char *read_input(const struct send_acm_options *o, size_t *len)
{
	char *buf;
	FILE *f;

	if (o->data) {
		*len = strlen(o->data);
		return strdup(o->data);
	}
	f = fopen(o->file, "rb");
	if (!f) {
		fprintf(stderr, "autopm-gadget: cannot open %s: %s\n", o->file, strerror(errno));
		return NULL;
	}
	buf = malloc(MAX_SEND_FILE + 1);
	*len = buf ? fread(buf, 1, MAX_SEND_FILE + 1, f) : 0;
	if (buf && (ferror(f) || *len > MAX_SEND_FILE || !*len)) {
		fprintf(stderr, "autopm-gadget: %s: %s\n", o->file,
			ferror(f) ? strerror(errno) : *len ? "larger than 16 MiB" : "empty");
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* write everything before DEADLINE; returns bytes written */
static size_t write_all(int fd, const char *buf, size_t len, long long deadline)
{
	size_t done = 0;
	ssize_t n;

	while (done < len) {
		struct pollfd p = { .fd = fd, .events = POLLOUT };
		long long left = deadline - now_ms();

		if (left <= 0 || poll(&p, 1, left) <= 0)
			break;
		n = write(fd, buf + done, len - done);
		if (n < 0 && errno != EAGAIN && errno != EINTR)
			break;
		if (n > 0)
			done += n;
	}
	return done;
}

/* u_serial counts what is still in its write buffer as the output queue */
static int wait_drained(int fd, long long deadline, int *left)
{
	for (;;) {
		if (ioctl(fd, TIOCOUTQ, left))
			return -1;
		if (!*left)
			return 0;
		if (now_ms() >= deadline)
			return -1;
		usleep(1000);
	}
}

static int send_acm(usbg_gadget *g, const struct send_acm_options *o)
{
	char udc[64], tty[64], *data;
	long long start, deadline;
	int fd, left = -1, suspended, ret = -1;
	size_t len, written;

	if (dev_udc(g, udc, sizeof(udc)) || dev_acm_tty(g, tty, sizeof(tty)))
		return -1;
	data = read_input(o, &len);
	if (!data)
		return -1;
	fd = tty_open_raw(tty, O_WRONLY | O_NONBLOCK);
	if (fd < 0) {
		fprintf(stderr, "autopm-gadget: cannot open %s: %s\n", tty, strerror(errno));
		goto out;
	}
	suspended = udc_bus_suspended(udc);
	start = now_ms();
	deadline = start + o->timeout_ms;
	written = write_all(fd, data, len, deadline);
	if (written < len)
		fprintf(stderr, "autopm-gadget: only %zu of %zu bytes went into %s within %u ms: the host is not reading (bus %s)\n",
			written, len, tty, o->timeout_ms, bus_word(udc_bus_suspended(udc)));
	else if (wait_drained(fd, deadline, &left))
		fprintf(stderr, "autopm-gadget: %d of %zu bytes still queued in %s after %u ms: the host has not resumed the bus or is not reading; closing %s drops them after 15 s\n",
			left, len, tty, o->timeout_ms, tty);
	else
		ret = 0;
	if (!ret)
		printf("sent %zu bytes on %s (bus %s when the write began); its write buffer drained after %lld ms\n",
		       len, tty, bus_word(suspended), now_ms() - start);
	close(fd);
out:
	free(data);
	return ret;
}

int cmd_send_acm(int argc, char **argv)
{
	struct send_acm_options o;
	usbg_gadget *g;
	usbg_state *s;
	int ret;

	if (parse_send_acm_options(argc, argv, &o))
		return EXIT_USAGE;
	if (lab_gadget_open(&s, &g))
		return EXIT_FAIL;
	ret = send_acm(g, &o) ? EXIT_FAIL : EXIT_OK;
	usbg_cleanup(s);
	return ret;
}

int cmd_send_ecm(int argc, char **argv)
{
	struct send_ecm_options o;
	struct ecm_sender e;
	char udc[64];
	int ret = EXIT_FAIL, err = 0, suspended;
	unsigned int i;
	usbg_gadget *g;
	usbg_state *s;

	if (parse_send_ecm_options(argc, argv, &o))
		return EXIT_USAGE;
	if (lab_gadget_open(&s, &g))
		return EXIT_FAIL;
	if (dev_udc(g, udc, sizeof(udc)) || dev_ecm_sender_open(g, &e))
		goto out;
	suspended = udc_bus_suspended(udc);
	for (i = 0; i < o.count && !err; i++)
		err = input_ecm(&e, o.first_seq + i, o.size);
	if (err)
		fprintf(stderr, "autopm-gadget: frame %u of %u not sent on %s: %s\n", i, o.count,
			e.ifname, strerror(-err));
	else
		printf("sent %u frames on %s, seq %u..%u, %u payload bytes each (bus %s at the first)\n",
		       o.count, e.ifname, o.first_seq, o.first_seq + o.count - 1, o.size,
		       bus_word(suspended));
	ret = err ? EXIT_FAIL : EXIT_OK;
	close(e.fd);
out:
	usbg_cleanup(s);
	return ret;
}
