/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A UDC's bus state and remote wakeup, from its sysfs files; shared by
 * autopm-gadget and labtool (no libusbgx here).
 */
#ifndef AUTOPM_GADGET_UDC_H
#define AUTOPM_GADGET_UDC_H

#define SYSFS_UDC	"/sys/class/udc"

/* Is the bus suspended, by the UDC's state? 1, 0, or -1. */
int udc_bus_suspended(const char *udc);
/* Ask the UDC for a remote wakeup: 0, or usb_gadget_wakeup()'s -errno
 * (the lab's kernel returns it from srp; stock 6.1 always says 0). */
int udc_wake(const char *udc);

#endif
