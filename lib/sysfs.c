// SPDX-License-Identifier: GPL-2.0
/* One-value sysfs files (see sysfs.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "sysfs.h"

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

static int vreadf(char *buf, size_t len, const char *fmt, va_list ap)
{
	char path[PATH_MAX];
	int n = vsnprintf(path, sizeof(path), fmt, ap);

	if (n < 0 || (size_t)n >= sizeof(path))
		return -ENAMETOOLONG;
	return sysfs_read(path, buf, len);
}

int sysfs_readf(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = vreadf(buf, len, fmt, ap);
	va_end(ap);
	return err;
}

/* one decimal number and nothing else */
static int to_long(const char *buf, long *v)
{
	char *end;

	*v = strtol(buf, &end, 10);
	return *end || end == buf ? -1 : 0;
}

int sysfs_read_long(const char *path, long *v)
{
	char buf[32];

	return sysfs_read(path, buf, sizeof(buf)) ? -1 : to_long(buf, v);
}

int sysfs_read_longf(long *v, const char *fmt, ...)
{
	char buf[32];
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = vreadf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return err ? -1 : to_long(buf, v);
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

long sysfs_poll(const char *path, sysfs_done_fn done, const void *arg,
		unsigned int timeout_ms, char *buf, size_t len)
{
	long long start = now_ms();

	for (;;) {
		long long waited = now_ms() - start;

		if (sysfs_read(path, buf, len))
			buf[0] = '\0';
		if (done(buf, arg))
			return waited;
		if (waited >= timeout_ms)
			return -ETIMEDOUT;
		usleep(SYSFS_POLL_US);
	}
}

static bool equals(const char *value, const void *want)
{
	return !strcmp(value, want);
}

static bool differs(const char *value, const void *from)
{
	return strcmp(value, from);
}

long sysfs_wait_for(const char *path, const char *want, unsigned int timeout_ms)
{
	char buf[64];

	return sysfs_poll(path, equals, want, timeout_ms, buf, sizeof(buf));
}

int sysfs_steady(const char *path, const char *value, unsigned int ms, char *buf, size_t len,
		 long *left_ms)
{
	*left_ms = sysfs_poll(path, differs, value, ms, buf, len);
	return *left_ms == -ETIMEDOUT ? 0 : -1;
}
