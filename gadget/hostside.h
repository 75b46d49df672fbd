/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host's view of our gadget. In the lab both ends share one kernel,
 * so the gadget can look at the host-side usb_device that dummy_hcd
 * enumerated for it, and confirm what really happened on the bus.
 */
#ifndef AUTOPM_GADGET_HOSTSIDE_H
#define AUTOPM_GADGET_HOSTSIDE_H

#include <stddef.h>
#include <stdint.h>

#define SYSFS_USB_DEVICES "/sys/bus/usb/devices"

/* "dummy_udc.N" -> "dummy_hcd.N". 0, or -1 for a UDC of another kind. */
int udc_to_hcd(const char *udc, char *hcd, size_t len);

/*
 * Find the host-side device (e.g. "1-1") under HCD with these ids, in
 * the usb devices directory DIR. 0 with NAME filled, or -1 if none.
 */
int host_device_find(const char *dir, const char *hcd, uint16_t vid,
		     uint16_t pid, char *name, size_t len);

#endif
