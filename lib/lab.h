/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The names every autopm-lab program agrees on: exit statuses, the
 * gadget's name and ids, and where the kernel shows things in sysfs.
 */
#ifndef AUTOPM_LAB_LAB_H
#define AUTOPM_LAB_LAB_H

#include "autopm_lab_proto.h"

/* exit statuses, as kselftest names them */
#define EXIT_OK		0
#define EXIT_FAIL	1
#define EXIT_USAGE	2

#define GADGET_NAME		"autopm-lab"
/* the driver's id table matches these (host-driver/autopm_lab_proto.h) */
#define LAB_VID			APLAB_VID
#define LAB_PID			APLAB_PID

/* the longest wait a command line may ask for: a day, more than any run */
#define LAB_MAX_MS		86400000

#define CONFIGFS_PATH		"/sys/kernel/config"
#define SYSFS_UDC		"/sys/class/udc"
#define SYSFS_USB_DEVICES	"/sys/bus/usb/devices"
#define SYSFS_NET		"/sys/class/net"
#define TRACEFS			"/sys/kernel/tracing"

#endif
