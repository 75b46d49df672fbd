/* SPDX-License-Identifier: GPL-2.0 */
/* Small helpers for one-value sysfs files, and a monotonic clock. */
#ifndef AUTOPM_GADGET_SYSFS_H
#define AUTOPM_GADGET_SYSFS_H

#include <stddef.h>

/* Read the first line of PATH (without newline). 0, or -errno. */
int sysfs_read(const char *path, char *buf, size_t len);
/* Read PATH as one decimal number into *V. 0, or -1 (missing or not a number). */
int sysfs_read_long(const char *path, long *v);
/* Write VALUE to PATH in one write(2). 0, or the write's -errno. */
int sysfs_write(const char *path, const char *value);
/* Wait until PATH reads WANT. Returns ms waited, or -ETIMEDOUT. */
long sysfs_wait_for(const char *path, const char *want, unsigned int timeout_ms);
long long now_ms(void);

#endif
