/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The device side's own view: the UDC's bus and wakeup counters, the
 * bytes and packets the functions held while suspended, and the ways to
 * make input (a wakeup request, a tty write, an Ethernet frame).
 */
#ifndef AUTOPM_GADGET_DEVSIDE_H
#define AUTOPM_GADGET_DEVSIDE_H

#include <stddef.h>
#include <stdint.h>
#include <usbg/usbg.h>

#include "input.h"
#include "udc.h"
#include "verdict.h"

/* each is COUNT_MISSING where this kernel does not count it (stock), and
 * COUNT_NA for a function the gadget does not have */
void dev_counters_read(usbg_gadget *g, const char *udc, struct dev_counters *c);

/* The gadget's UDC name into BUF; 0, or -1 saying why. */
int dev_udc(usbg_gadget *g, char *buf, size_t len);
/* /dev/ttyGS<N> of the ACM function; 0, or -1 saying why. */
int dev_acm_tty(usbg_gadget *g, char *path, size_t len);
/* The ECM (else another u_ether) function's netdev and both MACs; 0, or -1. */
int dev_ecm_link(usbg_gadget *g, char *ifname, size_t len, uint8_t dev_mac[6],
		 uint8_t host_mac[6]);


/* An ecm_sender (input.h) on the gadget's ECM netdev; 0, or -1 saying why. */
int dev_ecm_sender_open(usbg_gadget *g, struct ecm_sender *e);

#endif
