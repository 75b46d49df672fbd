// SPDX-License-Identifier: GPL-2.0
/* A UDC's bus state and remote wakeup (see udc.h). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "sysfs.h"
#include "udc.h"

int udc_bus_suspended(const char *udc)
{
	char path[PATH_MAX], buf[32];

	snprintf(path, sizeof(path), SYSFS_UDC "/%s/state", udc);
	if (sysfs_read(path, buf, sizeof(buf)))
		return -1;
	return !strcmp(buf, "suspended");
}

int udc_wake(const char *udc)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), SYSFS_UDC "/%s/srp", udc);
	return sysfs_write(path, "1");
}
