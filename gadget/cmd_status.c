// SPDX-License-Identifier: GPL-2.0
/*
 * autopm-gadget status: the gadget's view, one "key: value" per line for
 * people, or one "key=value" per line (--format=kv) for scripts: lab.sh
 * reads that, so its keys are an interface (README.md).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/sysmacros.h>
#include <usbg/usbg.h>
#include <usbg/function/hid.h>
#include <usbg/function/net.h>
#include <usbg/function/serial.h>

#include "gadget.h"
#include "hostside.h"
#include "options.h"
#include "printer.h"
#include "uvc.h"
#include "sysfs.h"
#include "usbg_check.h"

/* one line: "HUMAN: value", or "KV=value" in kv format */
static void field(const struct status_options *o, const char *human, const char *kv,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void field(const struct status_options *o, const char *human, const char *kv,
		  const char *fmt, ...)
{
	va_list ap;

	if (o->kv)
		printf("%s=", kv);
	else
		printf("%s: ", human);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* a u_ether function: its netdev is the gadget's end of the link */
static bool is_net(usbg_function_type type)
{
	return type == USBG_F_ECM || type == USBG_F_SUBSET || type == USBG_F_NCM ||
	       type == USBG_F_EEM || type == USBG_F_RNDIS;
}

/*
 * One function, TYPE.INST, and its node DEV of KIND (NULL: none found):
 * kv splits "acm.usb0 tty /dev/ttyGS0" into function= and acm_tty=
 * (gser_tty=, ecm_netdev=, geth_netdev=, ..., hid_dev=: TYPE_KIND)
 */
static void print_node(const struct status_options *o, const char *tname, const char *inst,
		       const char *kind, const char *dev)
{
	char key[32];

	if (kind && !o->kv) {
		field(o, "function", "", "%s.%s %s %s", tname, inst, kind, dev);
		return;
	}
	field(o, "function", "function", "%s.%s", tname, inst);
	if (kind) {
		snprintf(key, sizeof(key), "%s_%s", tname, kind);
		field(o, "", key, "%s", dev);
	}
}

/* a function libusbgx knows, and its node */
static void print_function(const struct status_options *o, usbg_function *f)
{
	usbg_function_type type = usbg_get_function_type(f);
	const char *inst = usbg_get_function_instance(f);
	const char *tname = usbg_get_function_type_str(type);
	char ifname[32], dev[48] = "";
	const char *kind = NULL;
	struct usbg_f_hid_attrs hid;
	int port;

	if ((type == USBG_F_ACM || type == USBG_F_SERIAL) &&
	    !usbg_check(usbg_f_serial_get_port_num(usbg_to_serial_function(f), &port),
			"read serial port")) {
		kind = "tty";
		snprintf(dev, sizeof(dev), "/dev/ttyGS%d", port);
	} else if (is_net(type) &&
		   usbg_f_net_get_ifname_s(usbg_to_net_function(f), ifname, sizeof(ifname)) > 0) {
		kind = "netdev";
		snprintf(dev, sizeof(dev), "%s", ifname);
	} else if (type == USBG_F_HID &&
		   !usbg_check(usbg_f_hid_get_attrs(usbg_to_hid_function(f), &hid), "read hid")) {
		kind = "dev";
		/* f_hid names its node hidg<minor> */
		snprintf(dev, sizeof(dev), "/dev/hidg%u", minor(hid.dev));
		usbg_f_hid_cleanup_attrs(&hid);
	} else if (type == USBG_F_MASS_STORAGE &&
		   !sysfs_readf(dev, sizeof(dev), GADGET_DIR "/functions/%s.%s/lun.0/file", tname, inst) &&
		   *dev) {
		/* read by hand: libusbgx 0.2.0 reads "filename", which is not there */
		kind = "file";
	}
	print_node(o, tname, inst, kind, dev);
}

/* the printer, which libusbgx does not see (printer.h): printer_dev= */
static void print_printer(const struct status_options *o)
{
	char dev[48];
	int found = !printer_node(dev, sizeof(dev));

	print_node(o, PRINTER_TYPE, PRINTER_INSTANCE, found ? "dev" : NULL, dev);
}

/* the UVC function, which libusbgx does not see (uvc.h): uvc_dev= */
static void print_uvc(const struct status_options *o)
{
	char dev[48];
	int found = !uvc_node(dev, sizeof(dev));

	print_node(o, UVC_TYPE, UVC_INSTANCE, found ? "dev" : NULL, dev);
}

static void print_bus(const struct status_options *o, usbg_gadget *g, const char *udc)
{
	char buf[64], host[64];

	field(o, "state", "state", "%s", udc_state(udc, buf, sizeof(buf)) ? "unknown" : buf);
	if (lab_host_device(g, udc, host, sizeof(host))) {
		field(o, "host-device", "host_device", "none");
		return;
	}
	field(o, "host-device", "host_device", "%s", host);
	field(o, "host-runtime-status", "host_runtime_status", "%s",
	      host_power_read(host, "runtime_status", buf, sizeof(buf)) ? "unknown" : buf);
}

static void print_attributes(const struct status_options *o, int attrs)
{
	const char *wakeup = attrs & CONFIG_ATTR_WAKEUP ? "advertised" : "not advertised";

	if (o->kv) {
		field(o, "", "bm_attributes", "0x%02x", attrs);
		field(o, "", "remote_wakeup", "%s", attrs & CONFIG_ATTR_WAKEUP ? "yes" : "no");
	} else {
		field(o, "bmAttributes", "", "0x%02x (remote wakeup %s)", attrs, wakeup);
	}
}

int cmd_status(int argc, char **argv)
{
	struct status_options o;
	usbg_function *f;
	usbg_gadget *g;
	usbg_state *s;
	usbg_udc *udc;
	int attrs;

	if (parse_status_options(argc, argv, &o))
		return EXIT_USAGE;
	if (lab_gadget_open(&s, &g))
		return EXIT_FAIL;
	field(&o, "gadget", "gadget", "%s", GADGET_NAME);
	field(&o, "id", "id", "%04x:%04x", usbg_get_gadget_attr(g, USBG_ID_VENDOR),
	      usbg_get_gadget_attr(g, USBG_ID_PRODUCT));
	attrs = lab_config_attributes(g);
	if (attrs >= 0)
		print_attributes(&o, attrs);
	usbg_for_each_function(f, g)
		print_function(&o, f);
	if (printer_present())
		print_printer(&o);
	if (uvc_present())
		print_uvc(&o);
	udc = usbg_get_gadget_udc(g);
	field(&o, "udc", "udc", "%s", udc ? usbg_get_udc_name(udc) : "none");
	if (udc)
		print_bus(&o, g, usbg_get_udc_name(udc));
	usbg_cleanup(s);
	return EXIT_OK;
}
