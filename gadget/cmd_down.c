// SPDX-License-Identifier: GPL-2.0
/* autopm-gadget down: unbind the gadget and remove it from configfs. */
#include <stdio.h>
#include <usbg/usbg.h>

#include "gadget.h"
#include "options.h"
#include "printer.h"
#include "usbg_check.h"
#include "uvc.h"
#include "vendor.h"

int cmd_down(int argc, char **argv)
{
	int ret = EXIT_FAIL;
	usbg_gadget *g;
	usbg_state *s;

	if (parse_no_options(argc, argv))
		return EXIT_USAGE;
	if (lab_gadget_open(&s, &g))
		return EXIT_FAIL;
	/*
	 * teardown order: the UVC peer first (closing its node takes the
	 * device off the bus, and f_uvc's unbind need not wait for it),
	 * then unbind, then remove the tree
	 */
	if (uvc_stop())
		goto out_cleanup;
	if (usbg_get_gadget_udc(g) && usbg_check(usbg_disable_gadget(g), "unbind from UDC"))
		goto out_cleanup;
	/* the FunctionFS peer goes before its function */
	if (vendor_stop())
		goto out_cleanup;
	/* libusbgx removes only what it sees (usbg_hide.c) */
	if (printer_remove() || uvc_remove())
		goto out_cleanup;
	if (usbg_check(usbg_rm_gadget(g, USBG_RM_RECURSE), "remove gadget"))
		goto out_cleanup;
	printf("gadget %s removed\n", GADGET_NAME);
	ret = EXIT_OK;
out_cleanup:
	usbg_cleanup(s);
	return ret;
}
