/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A UDC's bus state and remote wakeup, as its sysfs shows them: shared
 * by autopm-gadget and labtool (no libusbgx here).
 */
#ifndef AUTOPM_LAB_UDC_H
#define AUTOPM_LAB_UDC_H

#include <stddef.h>

/* The UDC's state ("configured", "suspended"...). 0, or -errno. */
int udc_state(const char *udc, char *buf, size_t len);
/* Is the bus suspended, by the UDC's state? 1, 0, or -1. */
int udc_bus_suspended(const char *udc);
/* Ask the UDC for a remote wakeup: 0, or usb_gadget_wakeup()'s -errno
 * (the lab's kernel returns it from srp; stock 6.1 always says 0). */
int udc_wake(const char *udc);
/* Why usb_gadget_wakeup() failed, from its negative errno. */
const char *wakeup_error_meaning(int err);

#endif
