// SPDX-License-Identifier: GPL-2.0
/* The three device inputs (see input.h). */
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "frame.h"
#include "input.h"
#include "rawio.h"
#include "udc.h"

static const char *const input_names[] = {
	[LAB_INPUT_WAKE] = "wake",
	[LAB_INPUT_ACM] = "acm",
	[LAB_INPUT_ECM] = "ecm",
};

#define N_INPUTS (sizeof(input_names) / sizeof(input_names[0]))

const char *lab_input_name(enum lab_input kind)
{
	return (size_t)kind < N_INPUTS ? input_names[kind] : "?";
}

int lab_input_parse(const char *name, enum lab_input *kind)
{
	size_t i;

	for (i = 0; i < N_INPUTS; i++) {
		if (!strcmp(name, input_names[i])) {
			*kind = i;
			return 0;
		}
	}
	return -1;
}

int ecm_sender_open(struct ecm_sender *e, const char *ifname, const uint8_t host_mac[6])
{
	struct ifreq ifr = { 0 };
	int err;

	if (strlen(ifname) >= sizeof(e->ifname) || strlen(ifname) >= sizeof(ifr.ifr_name)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	strcpy(e->ifname, ifname);
	memcpy(e->host_mac, host_mac, 6);
	e->fd = ecm_socket_open(ifname);
	if (e->fd < 0)
		return -1;
	/* the socket stays in its namespace: ask it, not /sys/class/net */
	strcpy(ifr.ifr_name, ifname);
	if (ioctl(e->fd, SIOCGIFHWADDR, &ifr) == 0) {
		memcpy(e->dev_mac, ifr.ifr_hwaddr.sa_data, 6);
		return 0;
	}
	err = errno;
	close(e->fd);
	e->fd = -1;
	errno = err;
	return -1;
}

int input_wake(const char *udc)
{
	return udc_wake(udc);
}

ssize_t input_acm(int tty_fd, const void *data, size_t len)
{
	ssize_t n = write(tty_fd, data, len);

	return n < 0 ? -errno : n;
}

int input_ecm(const struct ecm_sender *e, uint32_t seq, unsigned int size)
{
	uint8_t frame[LAB_FRAME_MAX];
	size_t n = lab_frame_build(frame, sizeof(frame), e->host_mac, e->dev_mac, seq, size);

	if (!n)
		return -EINVAL;
	if (send(e->fd, frame, n, 0) == (ssize_t)n)
		return 0;
	return -errno;
}
