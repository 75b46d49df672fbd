// SPDX-License-Identifier: GPL-2.0
/* Raw byte and frame endpoints, shared by autopm-gadget and labtool. */
#include <arpa/inet.h>
#include <fcntl.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <sys/socket.h>
#include <termios.h>
#include <unistd.h>

#include "frame.h"
#include "rawio.h"

int tty_open_raw(const char *path, int flags)
{
	struct termios t;
	int fd = open(path, flags | O_NOCTTY);

	if (fd < 0)
		return -1;
	if (tcgetattr(fd, &t) == 0) {
		cfmakeraw(&t);
		if (tcsetattr(fd, TCSANOW, &t) == 0)
			return fd;
	}
	close(fd);
	return -1;
}

int ecm_socket_open(const char *ifname)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET, .sll_protocol = htons(LAB_ETHERTYPE) };
	int fd;

	sll.sll_ifindex = if_nametoindex(ifname);
	if (!sll.sll_ifindex)
		return -1;
	fd = socket(AF_PACKET, SOCK_RAW, htons(LAB_ETHERTYPE));
	if (fd < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll))) {
		close(fd);
		return -1;
	}
	return fd;
}
