// SPDX-License-Identifier: GPL-2.0
/* A UDC's bus state and remote wakeup (see udc.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "lab.h"
#include "sysfs.h"
#include "udc.h"

int udc_state(const char *udc, char *buf, size_t len)
{
	return sysfs_readf(buf, len, SYSFS_UDC "/%s/state", udc);
}

int udc_bus_suspended(const char *udc)
{
	char buf[32];

	if (udc_state(udc, buf, sizeof(buf)))
		return -1;
	return !strcmp(buf, "suspended");
}

int udc_wake(const char *udc)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), SYSFS_UDC "/%s/srp", udc);
	return sysfs_write(path, "1");
}

/* what usb_gadget_wakeup()'s errors mean for dummy_hcd */
const char *wakeup_error_meaning(int err)
{
	switch (err) {
	case -EINVAL:
		return "the host has not enabled remote wakeup";
	case -ENOLINK:
		return "the gadget is not connected";
	case -EIO:
		return "the bus is not suspended";
	case -EOPNOTSUPP:
		return "the UDC cannot signal remote wakeup";
	default:
		return "the UDC refused";
	}
}
