// SPDX-License-Identifier: GPL-2.0
/* Small helpers for one-value sysfs files, and a monotonic clock. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sysfs.h"

long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

int sysfs_read(const char *path, char *buf, size_t len)
{
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	if (n < 0)
		n = -errno;
	close(fd);
	if (n < 0)
		return n;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

int sysfs_read_long(const char *path, long *v)
{
	char buf[32], *end;

	if (sysfs_read(path, buf, sizeof(buf)))
		return -1;
	*v = strtol(buf, &end, 10);
	return *end || end == buf ? -1 : 0;
}

int sysfs_write(const char *path, const char *value)
{
	ssize_t n;
	int fd;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, value, strlen(value));
	if (n < 0)
		n = -errno;
	close(fd);
	return n < 0 ? n : 0;
}

long sysfs_wait_for(const char *path, const char *want, unsigned int timeout_ms)
{
	long long start = now_ms();
	char buf[64];

	for (;;) {
		long long waited = now_ms() - start;

		if (!sysfs_read(path, buf, sizeof(buf)) && !strcmp(buf, want))
			return waited;
		if (waited >= timeout_ms)
			return -ETIMEDOUT;
		usleep(1000);
	}
}
