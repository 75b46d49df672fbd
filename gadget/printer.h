/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The printer function (f_printer), made through configfs by hand:
 * libusbgx 0.2.0 has no printer type, and rejects the whole configfs
 * tree when it meets one (usbg_hide.c keeps it out of the library's
 * sight).
 */
#ifndef AUTOPM_GADGET_PRINTER_H
#define AUTOPM_GADGET_PRINTER_H

#include <stddef.h>

#define PRINTER_TYPE		"printer"
#define PRINTER_INSTANCE	"usb0"
#define PRINTER_FUNCTION	PRINTER_TYPE "." PRINTER_INSTANCE

/* Create the function and link it into our configuration. 0, or -1. */
int printer_add(void);
/* Unlink and remove it, if it is there (the gadget unbound first). 0, or -1. */
int printer_remove(void);
/* Whether our gadget has the function. */
int printer_present(void);
/* The gadget's printer node (/dev/g_printerN). 0, or -1. */
int printer_node(char *buf, size_t len);

#endif
