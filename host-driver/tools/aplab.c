// SPDX-License-Identifier: GPL-2.0
/*
 * aplab: drive /dev/autopm-labN from the guest tests.
 *
 *   aplab write DEV COUNT [--nonblock]  COUNT frames "msg I", in order
 * DEV may be fd:N, a descriptor opened earlier (write, read, fetch).
 *   aplab bursts DEV N PER STATUS       N bursts of PER O_NONBLOCK frames, each
 *                                       once STATUS (runtime_status) is "suspended"
 *   aplab read DEV [TIMEOUT_MS]         one frame: "TYPE SEQ PAYLOAD"
 *   aplab readn DEV N TIMEOUT_MS        N frames: "MS TYPE SEQ PAYLOAD", MS its
 *                                       arrival (CLOCK_MONOTONIC), TIMEOUT_MS each
 *   aplab hold DEV                      STAY_AWAKE, print "held", wait for a signal
 *   aplab fetch DEV [TIMEOUT_MS]        FETCH, then read the reply
 *   aplab bad DEV                       bad input; one "case: errno" line each
 *   aplab orphan DEV                    STAY_AWAKE, print "open", outlive the device
 * Exit: 0 done, 1 failed (one line says why), 2 bad usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "autopm_lab_proto.h"
#include "clock.h"
#include "lab.h"
#include "parse.h"
#include "sysfs.h"

#define WRITE_STALL_MS	10000	/* no room for a frame this long: fail */
#define SUSPEND_WAIT_MS	5000

/* "fd:N" is a descriptor the caller opened earlier (its O_NONBLOCK set as asked) */
static int open_dev(const char *path, int flags)
{
	unsigned int n;
	int fd;

	if (!strncmp(path, "fd:", 3)) {
		fd = parse_uint(path + 3, INT_MAX, &n) ? -1 : (int)n;
		if (fcntl(fd, F_SETFL, (fcntl(fd, F_GETFL) & ~O_NONBLOCK) | (flags & O_NONBLOCK))) {
			fprintf(stderr, "aplab: %s: %s\n", path, strerror(errno));
			return -1;
		}
		return fd;
	}
	fd = open(path, O_RDWR | flags);

	if (fd < 0)
		fprintf(stderr, "aplab: open %s: %s\n", path, strerror(errno));
	return fd;
}

static int parse_num(const char *s, unsigned long *v)
{
	unsigned int n;

	if (parse_uint(s, INT_MAX, &n))
		return -1;
	*v = n;
	return 0;
}

/* frames "msg FIRST" .. "msg FIRST+COUNT-1"; a full queue waits for room */
static int write_range(int fd, unsigned long first, unsigned long count)
{
	struct pollfd p = { .fd = fd, .events = POLLOUT };
	char msg[APLAB_MAX_PAYLOAD];
	unsigned long i;
	int len;

	for (i = first; i < first + count; i++) {
		len = snprintf(msg, sizeof(msg), "msg %lu", i);
		while (write(fd, msg, len) != len) {
			if (errno != EAGAIN || poll(&p, 1, WRITE_STALL_MS) != 1) {
				if (errno == EAGAIN)
					fprintf(stderr, "aplab: write %lu: no room for 10 s\n", i);
				else
					fprintf(stderr, "aplab: write %lu: %s (errno %d)\n",
						i, strerror(errno), errno);
				return -1;
			}
		}
	}
	return 0;
}

static int write_frames(const char *path, unsigned long count, int nonblock)
{
	int fd = open_dev(path, nonblock ? O_NONBLOCK : 0);

	if (fd < 0 || write_range(fd, 0, count))
		return EXIT_FAIL;
	close(fd);
	printf("wrote %lu\n", count);
	return EXIT_OK;
}

static int wait_suspended(const char *status)
{
	if (sysfs_wait_for(status, "suspended", SUSPEND_WAIT_MS) >= 0)
		return 0;
	fprintf(stderr, "aplab: %s not 'suspended' within %d ms\n", status, SUSPEND_WAIT_MS);
	return -1;
}

/* one open, then each burst of O_NONBLOCK writes starts on a suspended device */
static int bursts(const char *path, unsigned long n, unsigned long per, const char *status)
{
	int fd = open_dev(path, O_NONBLOCK);
	unsigned long b;

	if (fd < 0)
		return EXIT_FAIL;
	for (b = 0; b < n; b++)
		if (wait_suspended(status) || write_range(fd, b * per, per))
			return EXIT_FAIL;
	close(fd);
	printf("wrote %lu bursts of %lu\n", n, per);
	return EXIT_OK;
}

static int read_frame(int fd, int timeout_ms, int stamp)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct aplab_frame f;
	ssize_t n;

	if (poll(&p, 1, timeout_ms) != 1) {
		fprintf(stderr, "aplab: no frame within %d ms\n", timeout_ms);
		return EXIT_FAIL;
	}
	if (stamp)
		printf("%lld ", now_ms());
	n = read(fd, &f, sizeof(f));
	if (n != sizeof(f)) {
		fprintf(stderr, "aplab: read: %s\n", n < 0 ? strerror(errno) : "short");
		return EXIT_FAIL;
	}
	printf("%s %u %.*s\n", f.type == APLAB_T_EVENT ? "event" :
	       f.type == APLAB_T_REPLY ? "reply" : "other",
	       le32toh(f.seq), f.len, (char *)f.payload);
	return EXIT_OK;
}

/* N frames, each "MS TYPE SEQ PAYLOAD" with its arrival in ms (monotonic) */
static int read_frames(int fd, unsigned long n, int timeout_ms)
{
	unsigned long i;

	for (i = 0; i < n; i++) {
		if (read_frame(fd, timeout_ms, 1))
			return EXIT_FAIL;
	}
	return EXIT_OK;
}

static void on_signal(int sig)
{
	(void)sig;
}

static int hold(const char *path)
{
	int fd = open_dev(path, 0), on = 1;

	if (fd < 0)
		return EXIT_FAIL;
	if (ioctl(fd, APLAB_IOC_STAY_AWAKE, &on)) {
		fprintf(stderr, "aplab: STAY_AWAKE: %s\n", strerror(errno));
		return EXIT_FAIL;
	}
	signal(SIGTERM, on_signal);
	printf("held\n");
	fflush(stdout);
	pause();
	close(fd);
	return EXIT_OK;
}

static int fetch(const char *path, int timeout_ms)
{
	int fd = open_dev(path, 0);

	if (fd < 0)
		return EXIT_FAIL;
	if (ioctl(fd, APLAB_IOC_FETCH)) {
		fprintf(stderr, "aplab: FETCH: %s\n", strerror(errno));
		return EXIT_FAIL;
	}
	printf("fetching\n");
	fflush(stdout);
	return read_frame(fd, timeout_ms, 0);
}

static const char *err_name(int ret)
{
	static char buf[32];

	if (ret >= 0) {
		snprintf(buf, sizeof(buf), "ok %d", ret);
		return buf;
	}
	switch (errno) {
	case EMSGSIZE: return "EMSGSIZE";
	case ENOTTY: return "ENOTTY";
	case EINVAL: return "EINVAL";
	case EAGAIN: return "EAGAIN";
	case ENODEV: return "ENODEV";
	case EFAULT: return "EFAULT";
	default: return strerror(errno);
	}
}

/* bad pointers and sizes on purpose: past libc's fortified wrappers */
static long raw_rw(long nr, int fd, void *buf, size_t len)
{
	return syscall(nr, fd, buf, len);
}

static int bad_input(const char *path)
{
	char big[APLAB_MAX_PAYLOAD + 1] = { 0 };
	struct aplab_frame f;
	int fd = open_dev(path, O_NONBLOCK), two = 2;

	if (fd < 0)
		return EXIT_FAIL;
	printf("oversized write: %s\n", err_name(raw_rw(SYS_write, fd, big, sizeof(big))));
	printf("huge write: %s\n", err_name(raw_rw(SYS_write, fd, big, 1 << 20)));
	printf("unmapped write: %s\n", err_name(raw_rw(SYS_write, fd, (void *)8, 4)));
	printf("unknown ioctl: %s\n", err_name(ioctl(fd, _IO('L', 99))));
	printf("foreign ioctl: %s\n", err_name(ioctl(fd, TCGETS, &f)));
	printf("stay-awake 2: %s\n", err_name(ioctl(fd, APLAB_IOC_STAY_AWAKE, &two)));
	printf("stay-awake unmapped: %s\n", err_name(ioctl(fd, APLAB_IOC_STAY_AWAKE, (void *)8)));
	printf("short read: %s\n", err_name(read(fd, &f, APLAB_HDR_LEN)));
	printf("unmapped read: %s\n", err_name(raw_rw(SYS_read, fd, (void *)8, sizeof(f))));
	/* the frame the unmapped read could not deliver is still there */
	if (read(fd, &f, sizeof(f)) == sizeof(f))
		printf("read after EFAULT: %u %.*s\n", le32toh(f.seq), f.len, (char *)f.payload);
	else
		printf("read after EFAULT: %s\n", err_name(-1));
	printf("empty read: %s\n", err_name(read(fd, &f, sizeof(f))));
	close(fd);
	return EXIT_OK;
}

/* opened while bound, used after the device went away */
static int orphan(const char *path)
{
	struct pollfd p = { .events = POLLIN };
	struct aplab_frame f;
	int on = 1;

	p.fd = open_dev(path, 0);
	if (p.fd < 0)
		return EXIT_FAIL;
	if (ioctl(p.fd, APLAB_IOC_STAY_AWAKE, &on)) {
		fprintf(stderr, "aplab: STAY_AWAKE: %s\n", strerror(errno));
		return EXIT_FAIL;
	}
	printf("open\n");
	fflush(stdout);
	printf("read: %s\n", err_name(read(p.fd, &f, sizeof(f))));
	printf("write: %s\n", err_name(write(p.fd, "x", 1)));
	printf("ioctl: %s\n", err_name(ioctl(p.fd, APLAB_IOC_STAY_AWAKE, &on)));
	printf("poll: %s\n", poll(&p, 1, 0) == 1 && (p.revents & POLLHUP) ? "POLLHUP" : "no hangup");
	printf("close: %s\n", err_name(close(p.fd)));
	return EXIT_OK;
}

static int usage(void)
{
	fprintf(stderr, "Usage: aplab write DEV COUNT [--nonblock] | bursts DEV N PER STATUS |\n"
		"       read DEV [TIMEOUT_MS] | readn DEV N TIMEOUT_MS |\n"
		"       hold DEV | fetch DEV [TIMEOUT_MS] | bad DEV | orphan DEV\n");
	return EXIT_USAGE;
}

int main(int argc, char **argv)
{
	unsigned long n, timeout = 5000;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 3)
		return usage();
	if (!strcmp(argv[1], "bursts")) {
		unsigned long per;

		if (argc != 6 || parse_num(argv[3], &n) || parse_num(argv[4], &per))
			return usage();
		return bursts(argv[2], n, per, argv[5]);
	}
	if (!strcmp(argv[1], "readn")) {
		int fd;

		if (argc != 5 || parse_num(argv[3], &n) || parse_num(argv[4], &timeout))
			return usage();
		fd = open_dev(argv[2], 0);
		return fd < 0 ? EXIT_FAIL : read_frames(fd, n, timeout);
	}
	if (!strcmp(argv[1], "write")) {
		if (argc < 4 || argc > 5 || parse_num(argv[3], &n) ||
		    (argc == 5 && strcmp(argv[4], "--nonblock")))
			return usage();
		return write_frames(argv[2], n, argc == 5);
	}
	if (argc == 4 && parse_num(argv[3], &timeout))
		return usage();
	if (argc > 4)
		return usage();
	if (!strcmp(argv[1], "read")) {
		int fd = open_dev(argv[2], 0);

		return fd < 0 ? EXIT_FAIL : read_frame(fd, timeout, 0);
	}
	if (!strcmp(argv[1], "fetch"))
		return fetch(argv[2], timeout);
	if (argc != 3)
		return usage();
	if (!strcmp(argv[1], "hold"))
		return hold(argv[2]);
	if (!strcmp(argv[1], "bad"))
		return bad_input(argv[2]);
	if (!strcmp(argv[1], "orphan"))
		return orphan(argv[2]);
	return usage();
}
