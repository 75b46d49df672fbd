// SPDX-License-Identifier: GPL-2.0
/* autopm-gadget status: the gadget's view, one "key: value" per line. */
#include <stdio.h>
#include <usbg/usbg.h>
#include <usbg/function/net.h>
#include <usbg/function/serial.h>

#include "gadget.h"
#include "hostside.h"
#include "options.h"
#include "usbg_check.h"

static void print_function(usbg_function *f)
{
	usbg_function_type type = usbg_get_function_type(f);
	const char *inst = usbg_get_function_instance(f);
	const char *tname = usbg_get_function_type_str(type);
	char ifname[32];
	int port;

	if (type == USBG_F_ACM &&
	    !usbg_check(usbg_f_serial_get_port_num(usbg_to_serial_function(f), &port),
			"read ACM port"))
		printf("function: %s.%s tty /dev/ttyGS%d\n", tname, inst, port);
	else if (type == USBG_F_ECM &&
		 usbg_f_net_get_ifname_s(usbg_to_net_function(f), ifname, sizeof(ifname)) > 0)
		printf("function: %s.%s netdev %s\n", tname, inst, ifname);
	else
		printf("function: %s.%s\n", tname, inst);
}

static void print_bus(usbg_gadget *g, const char *udc)
{
	char buf[64], host[64];

	printf("state: %s\n", udc_state(udc, buf, sizeof(buf)) ? "unknown" : buf);
	if (lab_host_device(g, udc, host, sizeof(host))) {
		printf("host-device: none\n");
		return;
	}
	printf("host-device: %s\n", host);
	printf("host-runtime-status: %s\n",
	       host_power_read(host, "runtime_status", buf, sizeof(buf)) ? "unknown" : buf);
}

int cmd_status(int argc, char **argv)
{
	usbg_function *f;
	usbg_gadget *g;
	usbg_state *s;
	usbg_udc *udc;
	int attrs;

	if (parse_no_options(argc, argv))
		return EXIT_USAGE;
	if (lab_gadget_open(&s, &g))
		return EXIT_FAIL;
	printf("gadget: %s\n", GADGET_NAME);
	printf("id: %04x:%04x\n", usbg_get_gadget_attr(g, USBG_ID_VENDOR),
	       usbg_get_gadget_attr(g, USBG_ID_PRODUCT));
	attrs = lab_config_attributes(g);
	if (attrs >= 0)
		printf("bmAttributes: 0x%02x (remote wakeup %s)\n", attrs,
		       attrs & CONFIG_ATTR_WAKEUP ? "advertised" : "not advertised");
	usbg_for_each_function(f, g)
		print_function(f);
	udc = usbg_get_gadget_udc(g);
	printf("udc: %s\n", udc ? usbg_get_udc_name(udc) : "none");
	if (udc)
		print_bus(g, usbg_get_udc_name(udc));
	usbg_cleanup(s);
	return EXIT_OK;
}
