// SPDX-License-Identifier: GPL-2.0
/* Raw byte and frame endpoints, shared by autopm-gadget and labtool. */
#include <arpa/inet.h>
#include <fcntl.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <sys/socket.h>
#include <sys/types.h>
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

/* a lab-frame packet socket on IFINDEX, or on every interface for 0 */
static int ecm_socket_bind(int ifindex)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET, .sll_protocol = htons(LAB_ETHERTYPE),
				   .sll_ifindex = ifindex };
	int fd = socket(AF_PACKET, SOCK_RAW, htons(LAB_ETHERTYPE));

	if (fd < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll))) {
		close(fd);
		return -1;
	}
	return fd;
}

int ecm_socket_open(const char *ifname)
{
	int ifindex = if_nametoindex(ifname);

	return ifindex ? ecm_socket_bind(ifindex) : -1;
}

int ecm_socket_open_all(void)
{
	return ecm_socket_bind(0);
}

ssize_t ecm_recv_from(int fd, int ifindex, void *buf, size_t len)
{
	struct sockaddr_ll from;
	socklen_t fromlen = sizeof(from);
	ssize_t n = recvfrom(fd, buf, len, 0, (struct sockaddr *)&from, &fromlen);

	if (n < 0)
		return -1;
	if (from.sll_ifindex != ifindex || from.sll_pkttype == PACKET_OUTGOING)
		return 0;
	return n;
}
