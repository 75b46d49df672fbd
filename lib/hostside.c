// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostside.h"
#include "lab.h"
#include "sysfs.h"

const char *const core_counter_file[CC_COUNT] = {
	[CC_AUTOSUSPENDS] = "autosuspend_count",
	[CC_AUTORESUMES] = "autoresume_count",
	[CC_REMOTE_WAKEUPS] = "remote_wakeup_count",
	[CC_REFUSED_BUSY] = "autosuspend_refused_busy",
	[CC_REFUSED_NO_WAKEUP] = "autosuspend_refused_no_wakeup",
	[CC_REFUSED_HCD_WAKEUP] = "autosuspend_refused_hcd_wakeup",
	[CC_REFUSED_RESET_RESUME] = "autosuspend_refused_reset_resume",
	[CC_REFUSED_DRIVER] = "autosuspend_refused_driver",
	[CC_REFUSED_FAILED] = "autosuspend_refused_failed",
};

int udc_to_hcd(const char *udc, char *hcd, size_t len)
{
	static const char prefix[] = "dummy_udc.";
	const char *idx;

	if (strncmp(udc, prefix, sizeof(prefix) - 1))
		return -1;
	idx = udc + sizeof(prefix) - 1;
	if (!*idx || strspn(idx, "0123456789") != strlen(idx))
		return -1;
	if ((size_t)snprintf(hcd, len, "dummy_hcd.%s", idx) >= len)
		return -1;
	return 0;
}

static int read_id(const char *dir, const char *dev, const char *attr, unsigned long *id)
{
	char buf[16], *end;

	if (sysfs_readf(buf, sizeof(buf), "%s/%s/%s", dir, dev, attr))
		return -1;
	*id = strtoul(buf, &end, 16);
	return *end ? -1 : 0;
}

static int under_hcd(const char *dir, const char *dev, const char *hcd)
{
	char path[PATH_MAX], real[PATH_MAX], needle[64];

	snprintf(path, sizeof(path), "%s/%s", dir, dev);
	if (!realpath(path, real))
		return 0;
	snprintf(needle, sizeof(needle), "/%s/", hcd);
	return strstr(real, needle) != NULL;
}

int host_device_find(const char *dir, const char *hcd, uint16_t vid,
		     uint16_t pid, char *name, size_t len)
{
	struct dirent *de;
	unsigned long v, p;
	int ret = -1;
	DIR *d;

	d = opendir(dir);
	if (!d)
		return -1;
	while ((de = readdir(d))) {
		/* interfaces have a ':', root hubs start with "usb" */
		if (de->d_name[0] == '.' || strchr(de->d_name, ':') ||
		    !strncmp(de->d_name, "usb", 3))
			continue;
		if (read_id(dir, de->d_name, "idVendor", &v) ||
		    read_id(dir, de->d_name, "idProduct", &p))
			continue;
		if (v != vid || p != pid || !under_hcd(dir, de->d_name, hcd))
			continue;
		if ((size_t)snprintf(name, len, "%s", de->d_name) < len)
			ret = 0;
		break;
	}
	closedir(d);
	return ret;
}

int host_power_read(const char *dev, const char *attr, char *buf, size_t len)
{
	return sysfs_readf(buf, len, SYSFS_USB_DEVICES "/%s/power/%s", dev, attr);
}

int host_power_long(const char *dev, const char *attr, long *v)
{
	return sysfs_read_longf(v, SYSFS_USB_DEVICES "/%s/power/%s", dev, attr);
}
