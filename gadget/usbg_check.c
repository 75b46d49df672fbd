// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <usbg/usbg.h>

#include "usbg_check.h"

int usbg_check(int ret, const char *what)
{
	if (ret != USBG_SUCCESS)
		fprintf(stderr, "autopm-gadget: %s: %s (%s)\n", what,
			usbg_error_name(ret), usbg_strerror(ret));
	return ret;
}
