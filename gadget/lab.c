// SPDX-License-Identifier: GPL-2.0
/* What the subcommands share: finding our gadget and its host-side twin. */
#include <stdio.h>
#include <usbg/usbg.h>

#include "gadget.h"
#include "hostside.h"
#include "options.h"
#include "usbg_check.h"

int lab_gadget_open(usbg_state **s, usbg_gadget **g)
{
	if (usbg_check(usbg_init(CONFIGFS_PATH, s), "open " CONFIGFS_PATH))
		return -1;
	*g = usbg_get_gadget(*s, GADGET_NAME);
	if (*g)
		return 0;
	fprintf(stderr, "autopm-gadget: no gadget %s in configfs; run 'autopm-gadget up' first\n",
		GADGET_NAME);
	usbg_cleanup(*s);
	return -1;
}

int lab_host_device(usbg_gadget *g, const char *udc, char *name, size_t len)
{
	char hcd[64];
	int vid = usbg_get_gadget_attr(g, USBG_ID_VENDOR);
	int pid = usbg_get_gadget_attr(g, USBG_ID_PRODUCT);

	if (vid < 0 || pid < 0 || udc_to_hcd(udc, hcd, sizeof(hcd)))
		return -1;
	return host_device_find(SYSFS_USB_DEVICES, hcd, vid, pid, name, len);
}

int lab_config_attributes(usbg_gadget *g)
{
	struct usbg_config_attrs ca;
	usbg_config *c = usbg_get_config(g, CONFIG_ID, NULL);

	if (!c || usbg_check(usbg_get_config_attrs(c, &ca), "read config attributes"))
		return -1;
	return ca.bmAttributes;
}
