// SPDX-License-Identifier: GPL-2.0
/* The vendor function's life cycle, and "autopm-gadget vendor". */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "gadget.h"
#include "options.h"
#include "sysfs.h"
#include "vendor.h"

#define PEER_START_MS	5000
#define PEER_STOP_MS	5000

static int make_dirs(void)
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

/* the child: a daemon whose output goes to its log, not to our caller */
static void run_peer(const char *udc, int ready_fd)
{
	int null = open("/dev/null", O_RDWR);
	int log = open(VENDOR_LOG, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	setsid();
	if (null >= 0) {
		dup2(null, 0);
		dup2(null, 1);
	}
	if (log >= 0)
		dup2(log, 2);
	vendor_peer_main(udc, ready_fd);
	exit(EXIT_FAIL);
}

static int wait_ready(int fd, pid_t pid)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	char c;

	if (poll(&p, 1, PEER_START_MS) == 1 && read(fd, &c, 1) == 1)
		return 0;
	fprintf(stderr, "autopm-gadget: the vendor peer did not start (see %s)\n", VENDOR_LOG);
	kill(pid, SIGKILL);
	return -1;
}

/* for down, which runs as another process */
static int write_pid(pid_t pid)
{
	FILE *f = fopen(VENDOR_PID, "w");

	if (f) {
		fprintf(f, "%d\n", (int)pid);
		if (!fclose(f))
			return 0;
	}
	fprintf(stderr, "autopm-gadget: cannot write %s: %s\n", VENDOR_PID, strerror(errno));
	return -1;
}

int vendor_start(const char *udc)
{
	int fds[2];
	pid_t pid;

	if (make_dirs())
		return -1;
	if (mount(VENDOR_INSTANCE, VENDOR_MOUNT, "functionfs", 0, NULL)) {
		fprintf(stderr, "autopm-gadget: mount functionfs %s on %s: %s\n",
			VENDOR_INSTANCE, VENDOR_MOUNT, strerror(errno));
		return -1;
	}
	if (pipe(fds))
		goto out_umount;
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		goto out_close;
	if (pid == 0) {
		close(fds[0]);
		run_peer(udc, fds[1]);
	}
	close(fds[1]);
	if (wait_ready(fds[0], pid)) {
		close(fds[0]);
		goto out_umount;
	}
	close(fds[0]);
	return write_pid(pid);

out_close:
	close(fds[0]);
	close(fds[1]);
out_umount:
	umount(VENDOR_MOUNT);
	return -1;
}

/* gone, or a zombie nobody reaps (its parent exited; init is a shell) */
static int pid_gone(pid_t pid)
{
	char path[64], stat[256], *p;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (sysfs_read(path, stat, sizeof(stat)))
		return 1;
	p = strrchr(stat, ')');
	return p && p[1] == ' ' && p[2] == 'Z';
}

static int stop_peer(pid_t pid)
{
	long long end = now_ms() + PEER_STOP_MS;

	if (pid <= 1 || kill(pid, SIGTERM))
		return 0;	/* gone already */
	while (!pid_gone(pid)) {
		if (now_ms() >= end) {
			fprintf(stderr, "autopm-gadget: vendor peer %d did not exit\n", (int)pid);
			return -1;
		}
		usleep(2000);
	}
	return 0;
}

int vendor_stop(void)
{
	unsigned int pid;
	long long end;
	char buf[16];

	/* no pid file: no peer, but maybe a mount from a failed up */
	if (!sysfs_read(VENDOR_PID, buf, sizeof(buf)) && !parse_uint(buf, INT_MAX, &pid) &&
	    stop_peer(pid))
		return -1;
	unlink(VENDOR_PID);
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
