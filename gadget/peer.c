// SPDX-License-Identifier: GPL-2.0
/* A function's peer daemon: start it, stop it (peer.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "gadget.h"
#include "parse.h"
#include "peer.h"
#include "sysfs.h"

#define PEER_STOP_MS	5000

static int make_dir(const char *dir)
{
	if (mkdir("/run/autopm-lab", 0755) && errno != EEXIST)
		goto fail;
	if (mkdir(dir, 0755) && errno != EEXIST)
		goto fail;
	return 0;
fail:
	fprintf(stderr, "autopm-gadget: mkdir %s: %s\n", dir, strerror(errno));
	return -1;
}

/* the child: a daemon whose output goes to its log, not to our caller */
static void run(const struct peer *p, void (*main)(void *, int), void *arg, int ready_fd)
{
	int null = open("/dev/null", O_RDWR);
	int log = open(p->log_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	setsid();
	if (null >= 0) {
		dup2(null, 0);
		dup2(null, 1);
	}
	if (log >= 0)
		dup2(log, 2);
	main(arg, ready_fd);
	exit(EXIT_FAIL);
}

static int wait_ready(const struct peer *p, int fd, pid_t pid)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	char c;

	if (poll(&pfd, 1, (int)p->start_ms) == 1 && read(fd, &c, 1) == 1)
		return 0;
	fprintf(stderr, "autopm-gadget: the %s did not start (see %s)\n", p->name, p->log_file);
	kill(pid, SIGKILL);
	return -1;
}

/* for down, which runs as another process */
static int write_pid(const struct peer *p, pid_t pid)
{
	FILE *f = fopen(p->pid_file, "w");

	if (f) {
		fprintf(f, "%d\n", (int)pid);
		if (!fclose(f))
			return 0;
	}
	fprintf(stderr, "autopm-gadget: cannot write %s: %s\n", p->pid_file, strerror(errno));
	return -1;
}

int peer_start(const struct peer *p, void (*main)(void *arg, int ready_fd), void *arg)
{
	int fds[2];
	pid_t pid;

	if (make_dir(p->dir) || pipe(fds))
		return -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		run(p, main, arg, fds[1]);
	}
	close(fds[1]);
	if (wait_ready(p, fds[0], pid)) {
		close(fds[0]);
		return -1;
	}
	close(fds[0]);
	return write_pid(p, pid);
}

/* gone, or a zombie nobody reaps (its parent exited; init is a shell) */
static int pid_gone(pid_t pid)
{
	char path[64], stat[256], *s;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (sysfs_read(path, stat, sizeof(stat)))
		return 1;
	s = strrchr(stat, ')');
	return s && s[1] == ' ' && s[2] == 'Z';
}

int peer_stop(const struct peer *p)
{
	long long end = now_ms() + PEER_STOP_MS;
	unsigned int pid;
	char buf[16];

	if (sysfs_read(p->pid_file, buf, sizeof(buf)) || parse_uint(buf, INT_MAX, &pid))
		return 0;	/* no peer */
	if (pid > 1 && !kill((pid_t)pid, SIGTERM)) {
		while (!pid_gone((pid_t)pid)) {
			if (now_ms() >= end) {
				fprintf(stderr, "autopm-gadget: %s %u did not exit\n", p->name, pid);
				return -1;
			}
			usleep(2000);
		}
	}
	unlink(p->pid_file);
	return 0;
}
