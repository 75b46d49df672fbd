// SPDX-License-Identifier: GPL-2.0
/*
 * labtool recv-ecm: receive the lab frames autopm-gadget send-ecm sends,
 * and say whether all of them came, in order and intact.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <net/if.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "clock.h"
#include "ecmrecv.h"
#include "frame.h"
#include "lab.h"
#include "parse.h"
#include "rawio.h"

struct tally {
	unsigned long got, bad, out_of_order;
	uint32_t first, last;
};

static void take(struct tally *t, const uint8_t *frame, size_t n)
{
	uint32_t seq;
	uint16_t len;
	int err = lab_frame_parse(frame, n, &seq, &len);

	if (err == LAB_FRAME_NOT_OURS)
		return;
	if (err) {
		fprintf(stderr, "labtool recv-ecm: frame %lu: %s\n", t->got + t->bad,
			lab_frame_strerror(err));
		t->bad++;
		return;
	}
	if (!t->got)
		t->first = seq;
	else if (seq != t->last + 1)
		t->out_of_order++;
	t->last = seq;
	t->got++;
}

int cmd_recv_ecm(int argc, char **argv)
{
	uint8_t frame[LAB_FRAME_MAX + 64];
	unsigned int count, timeout;
	struct tally t = { 0 };
	long long end;
	int fd, ready, ifindex;
	ssize_t n;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "Usage: labtool recv-ecm IFACE COUNT TIMEOUT_MS [READY_FILE]\n");
		return EXIT_USAGE;
	}
	if (parse_uint(argv[1], UINT_MAX, &count) || parse_uint(argv[2], LAB_MAX_MS, &timeout) ||
	    !count || !timeout) {
		fprintf(stderr, "labtool recv-ecm: COUNT and TIMEOUT_MS are positive numbers\n");
		return EXIT_USAGE;
	}
	ifindex = if_nametoindex(argv[0]);
	if (!ifindex) {
		fprintf(stderr, "labtool recv-ecm: no interface %s\n", argv[0]);
		return EXIT_FAIL;
	}
	/* IFACE may be down yet: see ecm_socket_open_all() */
	fd = ecm_socket_open_all();
	if (fd < 0) {
		fprintf(stderr, "labtool recv-ecm: cannot open a packet socket on %s: %s\n", argv[0],
			strerror(errno));
		return EXIT_FAIL;
	}
	/* the sender may start once the socket is there */
	if (argc == 4) {
		ready = open(argv[3], O_WRONLY | O_CREAT, 0644);
		if (ready >= 0)
			close(ready);
	}
	end = now_ms() + timeout;
	while (t.got + t.bad < count && now_ms() < end) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		if (poll(&p, 1, end - now_ms()) <= 0)
			continue;
		n = ecm_recv_from(fd, ifindex, frame, sizeof(frame));
		if (n > 0)
			take(&t, frame, n);
	}
	close(fd);
	printf("received %lu of %u frames", t.got, count);
	if (t.got)
		printf(", seq %u..%u", t.first, t.last);
	printf(", %lu bad, %lu out of order\n", t.bad, t.out_of_order);
	return t.got == count && !t.bad && !t.out_of_order ? EXIT_OK : EXIT_FAIL;
}
