/* SPDX-License-Identifier: GPL-2.0 */
/* One-value sysfs files: read, write, and poll until a value shows. */
#ifndef AUTOPM_LAB_SYSFS_H
#define AUTOPM_LAB_SYSFS_H

#include <stdbool.h>
#include <stddef.h>

#define SYSFS_POLL_US	1000	/* how often a wait reads the file */

/* Read the first line of PATH (without newline). 0, or -errno. */
int sysfs_read(const char *path, char *buf, size_t len);
/* The same, with the path made printf-style. */
int sysfs_readf(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Read PATH as one decimal number into *V. 0, or -1 (missing or not a number). */
int sysfs_read_long(const char *path, long *v);
int sysfs_read_longf(long *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Write VALUE to PATH in one write(2). 0, or the write's -errno. */
int sysfs_write(const char *path, const char *value);

/* Is the poll done with VALUE ("" when the file cannot be read)? */
typedef bool (*sysfs_done_fn)(const char *value, const void *arg);
/*
 * Read PATH every SYSFS_POLL_US until DONE says so; BUF keeps the last
 * value. Returns the ms waited, or -ETIMEDOUT after TIMEOUT_MS.
 */
long sysfs_poll(const char *path, sysfs_done_fn done, const void *arg,
		unsigned int timeout_ms, char *buf, size_t len);
/* Wait until PATH reads WANT. Returns ms waited, or -ETIMEDOUT. */
long sysfs_wait_for(const char *path, const char *want, unsigned int timeout_ms);
/*
 * PATH must read VALUE for all of MS: 0, or -1 with BUF what it became
 * and *LEFT_MS when.
 */
int sysfs_steady(const char *path, const char *value, unsigned int ms, char *buf, size_t len,
		 long *left_ms);

#endif
