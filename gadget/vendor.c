// SPDX-License-Identifier: GPL-2.0
/* The vendor function's life cycle, and "autopm-gadget vendor". */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "gadget.h"
#include "options.h"
#include "peer.h"
#include "sysfs.h"
#include "vendor.h"

#define PEER_START_MS	5000
#define PEER_STOP_MS	5000

static const struct peer vendor_peer = {
	.name = "vendor peer",
	.dir = VENDOR_DIR,
	.pid_file = VENDOR_PID,
	.log_file = VENDOR_LOG,
	.start_ms = PEER_START_MS,
};

static int make_mount_and_fifo(void)
{
	static const char *const dirs[] = { "/run/autopm-lab", VENDOR_MOUNT, VENDOR_DIR };
	size_t i;

	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		if (mkdir(dirs[i], 0755) && errno != EEXIST) {
			fprintf(stderr, "autopm-gadget: mkdir %s: %s\n", dirs[i], strerror(errno));
			return -1;
		}
	}
	unlink(VENDOR_CTL);
	if (mkfifo(VENDOR_CTL, 0600)) {
		fprintf(stderr, "autopm-gadget: mkfifo %s: %s\n", VENDOR_CTL, strerror(errno));
		return -1;
	}
	return 0;
}

static void peer_main(void *udc, int ready_fd)
{
	vendor_peer_main(udc, ready_fd);
}

int vendor_start(const char *udc)
{
	if (make_mount_and_fifo())
		return -1;
	if (mount(VENDOR_INSTANCE, VENDOR_MOUNT, "functionfs", 0, NULL)) {
		fprintf(stderr, "autopm-gadget: mount functionfs %s on %s: %s\n",
			VENDOR_INSTANCE, VENDOR_MOUNT, strerror(errno));
		return -1;
	}
	if (peer_start(&vendor_peer, peer_main, (void *)udc)) {
		umount(VENDOR_MOUNT);
		return -1;
	}
	return 0;
}

int vendor_stop(void)
{
	long long end;

	/* no pid file: no peer, but maybe a mount from a failed up */
	if (peer_stop(&vendor_peer))
		return -1;
	/* the leader turns zombie before its threads have closed their files */
	end = now_ms() + PEER_STOP_MS;
	while (umount(VENDOR_MOUNT)) {
		if (errno == EINVAL || errno == ENOENT)
			break;	/* not mounted */
		if (errno != EBUSY || now_ms() >= end) {
			fprintf(stderr, "autopm-gadget: umount %s: %s\n", VENDOR_MOUNT, strerror(errno));
			return -1;
		}
		usleep(2000);
	}
	return 0;
}

static int send_command(const char *line)
{
	ssize_t n;
	int fd;

	fd = open(VENDOR_CTL, O_WRONLY | O_NONBLOCK);
	if (fd < 0) {
		fprintf(stderr, "autopm-gadget: the vendor peer is not running (up --functions ...,vendor)\n");
		return -1;
	}
	n = write(fd, line, strlen(line));
	close(fd);
	return n == (ssize_t)strlen(line) ? 0 : -1;
}

int cmd_vendor(int argc, char **argv)
{
	struct vendor_options o;
	char line[64];

	if (parse_vendor_options(argc, argv, &o))
		return EXIT_USAGE;
	if (o.reply)
		snprintf(line, sizeof(line), "reply\n");
	else
		snprintf(line, sizeof(line), "event %u %u\n", o.count, o.interval_ms);
	return send_command(line) ? EXIT_FAIL : EXIT_OK;
}
