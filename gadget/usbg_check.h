/* SPDX-License-Identifier: GPL-2.0 */
/* The one place where libusbgx errors are turned into messages. */
#ifndef AUTOPM_GADGET_USBG_CHECK_H
#define AUTOPM_GADGET_USBG_CHECK_H

/*
 * Return RET unchanged; if it is a libusbgx error, first print
 * "autopm-gadget: WHAT: USBG_ERROR_X (description)".
 */
int usbg_check(int ret, const char *what);

#endif
