/* SPDX-License-Identifier: GPL-2.0 */
/* The subcommands of autopm-gadget, and what they share. */
#ifndef AUTOPM_GADGET_GADGET_H
#define AUTOPM_GADGET_GADGET_H

#include <stddef.h>
#include <usbg/usbg.h>

#include "lab.h"
#include "udc.h"

#define CONFIG_ID	1
#define CONFIG_LABEL	"autopm"
/* our gadget's directory in configfs */
#define GADGET_DIR	CONFIGFS_PATH "/usb_gadget/" GADGET_NAME

int cmd_up(int argc, char **argv);
int cmd_down(int argc, char **argv);
int cmd_status(int argc, char **argv);
int cmd_wake(int argc, char **argv);
int cmd_send_acm(int argc, char **argv);
int cmd_send_ecm(int argc, char **argv);
int cmd_events(int argc, char **argv);
int cmd_counters(int argc, char **argv);

/* Open configfs and find our gadget; prints why not and returns -1. */
int lab_gadget_open(usbg_state **s, usbg_gadget **g);
/* The host-side device enumerated for G on UDC ("1-1"). 0, or -1. */
int lab_host_device(usbg_gadget *g, const char *udc, char *name, size_t len);
/* bmAttributes of our configuration, or -1. */
int lab_config_attributes(usbg_gadget *g);

#endif
