// SPDX-License-Identifier: GPL-2.0
/*
 * autopm-gadget wake: signal remote wakeup and confirm it was delivered.
 *
 * Stock 6.1's udc "srp" attribute ignores usb_gadget_wakeup()'s result,
 * so a successful write proves nothing; the lab's patched kernel returns
 * it. Either way we check the preconditions we can see, and then watch
 * the host-side device until it is active again.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "gadget.h"
#include "hostside.h"
#include "options.h"
#include "sysfs.h"

/* let a suspend or resume in progress settle before judging the bus */
static bool settled(const char *status, const void *unused)
{
	(void)unused;
	return strcmp(status, "suspending") && strcmp(status, "resuming");
}

static int wake(usbg_gadget *g, const char *udc, const struct wake_options *o)
{
	char host[64], status[64], path[PATH_MAX];
	long waited;
	int attrs, err;

	attrs = lab_config_attributes(g);
	if (attrs >= 0 && !(attrs & CONFIG_ATTR_WAKEUP)) {
		fprintf(stderr, "autopm-gadget: no wakeup: the configuration does not advertise remote wakeup (bmAttributes 0x%02x); bring the gadget up with --wakeup\n",
			attrs);
		return -1;
	}
	if (lab_host_device(g, udc, host, sizeof(host))) {
		fprintf(stderr, "autopm-gadget: no wakeup: the host has not enumerated the gadget on %s\n",
			udc);
		return -1;
	}
	snprintf(path, sizeof(path), SYSFS_USB_DEVICES "/%s/power/runtime_status", host);
	sysfs_poll(path, settled, NULL, o->timeout_ms, status, sizeof(status));
	if (!*status) {
		fprintf(stderr, "autopm-gadget: cannot read %s\n", path);
		return -1;
	}
	if (strcmp(status, "suspended")) {
		fprintf(stderr, "autopm-gadget: no wakeup: host device %s is %s, the bus is not suspended\n",
			host, status);
		return -1;
	}
	err = udc_wake(udc);
	if (err) {
		fprintf(stderr, "autopm-gadget: wakeup refused by %s: %s (%s)\n", udc,
			strerror(-err), wakeup_error_meaning(err));
		return -1;
	}
	waited = sysfs_wait_for(path, "active", o->timeout_ms);
	if (waited < 0) {
		fprintf(stderr, "autopm-gadget: wakeup not delivered: host device %s still suspended after %u ms; the host did not arm remote wakeup (no interface driver needs it)\n",
			host, o->timeout_ms);
		return -1;
	}
	printf("wakeup delivered: host device %s active after %ld ms\n", host, waited);
	return 0;
}

int cmd_wake(int argc, char **argv)
{
	struct wake_options o;
	int ret = EXIT_FAIL;
	usbg_gadget *g;
	usbg_state *s;
	usbg_udc *udc;

	if (parse_wake_options(argc, argv, &o))
		return EXIT_USAGE;
	if (lab_gadget_open(&s, &g))
		return EXIT_FAIL;
	udc = usbg_get_gadget_udc(g);
	if (!udc)
		fprintf(stderr, "autopm-gadget: no wakeup: gadget %s is not bound to a UDC\n",
			GADGET_NAME);
	else if (!wake(g, usbg_get_udc_name(udc), &o))
		ret = EXIT_OK;
	usbg_cleanup(s);
	return ret;
}
