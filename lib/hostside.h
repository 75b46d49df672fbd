/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host's view of our gadget. In the lab both ends share one kernel,
 * so the gadget can look at the host-side usb_device that dummy_hcd
 * enumerated for it, and confirm what really happened on the bus.
 */
#ifndef AUTOPM_LAB_HOSTSIDE_H
#define AUTOPM_LAB_HOSTSIDE_H

#include <stddef.h>
#include <stdint.h>

/*
 * The USB core counters the lab's kernel patches add to a device's
 * power/, by file name. The patched kernel has all of them, stock none.
 */
enum core_counter {
	CC_AUTOSUSPENDS,
	CC_AUTORESUMES,
	CC_REMOTE_WAKEUPS,
	CC_REFUSED_BUSY,
	CC_REFUSED_NO_WAKEUP,
	CC_REFUSED_HCD_WAKEUP,
	CC_REFUSED_RESET_RESUME,
	CC_REFUSED_DRIVER,
	CC_REFUSED_FAILED,
	CC_COUNT
};

extern const char *const core_counter_file[CC_COUNT];

/* "dummy_udc.N" -> "dummy_hcd.N". 0, or -1 for a UDC of another kind. */
int udc_to_hcd(const char *udc, char *hcd, size_t len);

/*
 * Find the host-side device (e.g. "1-1") under HCD with these ids, in
 * the usb devices directory DIR. 0 with NAME filled, or -1 if none.
 */
int host_device_find(const char *dir, const char *hcd, uint16_t vid,
		     uint16_t pid, char *name, size_t len);

/* The host device DEV's power/ATTR (SYSFS_USB_DEVICES). 0, or -errno. */
int host_power_read(const char *dev, const char *attr, char *buf, size_t len);
/* ... as a number. 0, or -1. */
int host_power_long(const char *dev, const char *attr, long *v);

#endif
