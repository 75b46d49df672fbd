// SPDX-License-Identifier: GPL-2.0
/* The device side's counters and inputs (see devside.h). */
#include <errno.h>
#include <limits.h>
#include <net/ethernet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <usbg/function/net.h>
#include <usbg/function/serial.h>

#include "devside.h"
#include "gadget.h"
#include "options.h"
#include "sysfs.h"

/* a counter, or COUNT_MISSING when this kernel has none */
static long read_long(const char *dir, const char *name)
{
	long v;

	return sysfs_read_longf(&v, "%s/%s", dir, name) ? COUNT_MISSING : v;
}

static usbg_function *find_function(usbg_gadget *g, usbg_function_type type)
{
	usbg_function *f;

	usbg_for_each_function(f, g)
		if (usbg_get_function_type(f) == type)
			return f;
	return NULL;
}

int dev_udc(usbg_gadget *g, char *buf, size_t len)
{
	usbg_udc *udc = usbg_get_gadget_udc(g);

	if (!udc) {
		fprintf(stderr, "autopm-gadget: gadget %s is not bound to a UDC\n", GADGET_NAME);
		return -1;
	}
	snprintf(buf, len, "%s", usbg_get_udc_name(udc));
	return 0;
}

int dev_acm_tty(usbg_gadget *g, char *path, size_t len)
{
	usbg_function *f = find_function(g, USBG_F_ACM);
	int port;

	if (!f || usbg_f_serial_get_port_num(usbg_to_serial_function(f), &port)) {
		fprintf(stderr, "autopm-gadget: gadget %s has no ACM function\n", GADGET_NAME);
		return -1;
	}
	snprintf(path, len, "/dev/ttyGS%d", port);
	return 0;
}

/* ECM first, else the first other u_ether function (NCM, EEM, ...) */
static usbg_function *find_net_function(usbg_gadget *g)
{
	static const usbg_function_type net[] = {
		USBG_F_ECM, USBG_F_SUBSET, USBG_F_NCM, USBG_F_EEM, USBG_F_RNDIS,
	};
	usbg_function *f = NULL;

	for (size_t i = 0; i < sizeof(net) / sizeof(net[0]) && !f; i++)
		f = find_function(g, net[i]);
	return f;
}

int dev_ecm_link(usbg_gadget *g, char *ifname, size_t len, uint8_t dev_mac[6],
		 uint8_t host_mac[6])
{
	usbg_function *f = find_net_function(g);
	struct ether_addr dev, host;
	usbg_f_net *nf;

	if (!f) {
		fprintf(stderr, "autopm-gadget: gadget %s has no ECM nor other Ethernet function\n",
			GADGET_NAME);
		return -1;
	}
	nf = usbg_to_net_function(f);
	if (usbg_f_net_get_ifname_s(nf, ifname, len) <= 0 ||
	    usbg_f_net_get_dev_addr(nf, &dev) || usbg_f_net_get_host_addr(nf, &host)) {
		fprintf(stderr, "autopm-gadget: cannot read the %s function's netdev and addresses\n",
			usbg_get_function_type_str(usbg_get_function_type(f)));
		return -1;
	}
	memcpy(dev_mac, dev.ether_addr_octet, 6);
	memcpy(host_mac, host.ether_addr_octet, 6);
	return 0;
}

static void read_ecm(usbg_gadget *g, struct dev_counters *c)
{
	usbg_function *f = find_function(g, USBG_F_ECM);
	char dir[PATH_MAX];

	if (!f)
		return;
	snprintf(dir, sizeof(dir), CONFIGFS_PATH "/usb_gadget/%s/functions/ecm.%s",
		 GADGET_NAME, usbg_get_function_instance(f));
	c->ecm_held = read_long(dir, "tx_packets_while_suspended");
	c->ecm_sent = read_long(dir, "tx_packets_sent_after_resume");
}

void dev_counters_read(usbg_gadget *g, const char *udc, struct dev_counters *c)
{
	char dir[PATH_MAX], tty[64];

	snprintf(dir, sizeof(dir), SYSFS_UDC "/%s", udc);
	c->suspends = read_long(dir, "suspend_count");
	c->resumes = read_long(dir, "resume_count");
	c->wake_requests = read_long(dir, "wakeup_request_count");
	c->wake_refused = read_long(dir, "wakeup_refused_count");
	c->wake_delivered = read_long(dir, "wakeup_delivered_count");
	c->acm_held = c->acm_sent = c->ecm_held = c->ecm_sent = COUNT_NA;
	if (find_function(g, USBG_F_ACM)) {
		c->acm_held = c->acm_sent = COUNT_MISSING;
		if (!dev_acm_tty(g, tty, sizeof(tty))) {
			snprintf(dir, sizeof(dir), "/sys/class/tty/%s", tty + strlen("/dev/"));
			c->acm_held = read_long(dir, "tx_bytes_while_suspended");
			c->acm_sent = read_long(dir, "tx_bytes_sent_after_resume");
		}
	}
	read_ecm(g, c);
}

int dev_ecm_sender_open(usbg_gadget *g, struct ecm_sender *e)
{
	char ifname[sizeof(e->ifname)];
	uint8_t dev_mac[6], host_mac[6];

	if (dev_ecm_link(g, ifname, sizeof(ifname), dev_mac, host_mac))
		return -1;
	if (!ecm_sender_open(e, ifname, host_mac))
		return 0;
	fprintf(stderr, "autopm-gadget: cannot send on %s: %s%s\n", ifname, strerror(errno),
		errno == ENODEV ? " (is it in another network namespace? run this there, e.g. with nsenter -n)" : "");
	return -1;
}
