// SPDX-License-Identifier: GPL-2.0
/* autopm-gadget up: create the composite gadget and bind it to a UDC. */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <usbg/usbg.h>
#include <usbg/function/hid.h>
#include <usbg/function/ms.h>
#include <usbg/function/uac2.h>

#include "clock.h"
#include "gadget.h"
#include "options.h"
#include "printer.h"
#include "sysfs.h"
#include "usbg_check.h"
#include "uvc.h"
#include "vendor.h"

static const struct usbg_gadget_strs lab_strings = {
	.manufacturer = "autopm-lab",
	.product = "autopm-lab composite gadget",
	.serial = "0001",
};

/* enumeration under TCG takes well under a second; lab.sh waited 5 s */
#define ENUM_TIMEOUT_MS	5000
#define ENUM_POLL_US	5000

/* the host-side device, once the host has enumerated and configured it */
static int wait_enumerated(usbg_gadget *g, const char *udc, char *host, size_t len)
{
	long long end = now_ms() + ENUM_TIMEOUT_MS;
	char conf[8];

	for (;;) {
		if (!lab_host_device(g, udc, host, len) &&
		    !sysfs_readf(conf, sizeof(conf), SYSFS_USB_DEVICES "/%s/bConfigurationValue", host) &&
		    *conf)
			return 0;
		if (now_ms() >= end)
			return -1;
		usleep(ENUM_POLL_US);
	}
}

static usbg_udc *pick_udc(usbg_state *s, const char *name)
{
	usbg_udc *udc = name ? usbg_get_udc(s, name) : usbg_get_first_udc(s);

	if (!udc && name)
		fprintf(stderr, "autopm-gadget: no UDC named '%s' in %s\n", name, SYSFS_UDC);
	else if (!udc)
		fprintf(stderr, "autopm-gadget: no UDC in %s (is dummy_hcd built in?)\n", SYSFS_UDC);
	else if (usbg_get_udc_gadget(udc)) {
		fprintf(stderr, "autopm-gadget: UDC %s is already bound to another gadget\n",
			usbg_get_udc_name(udc));
		return NULL;
	}
	return udc;
}

/*
 * A boot keyboard (HID 1.11, appendix B.1): an 8-byte input report
 * (modifiers, a reserved byte, six key codes) and a 1-byte output
 * report of five LEDs, the layout usbhid and hid-generic expect.
 */
static char keyboard_report[] = {
	0x05, 0x01, 0x09, 0x06, 0xa1, 0x01,	/* desktop, keyboard, application */
	0x05, 0x07, 0x19, 0xe0, 0x29, 0xe7,	/* key codes 224-231: modifiers */
	0x15, 0x00, 0x25, 0x01, 0x75, 0x01, 0x95, 0x08, 0x81, 0x02,
	0x95, 0x01, 0x75, 0x08, 0x81, 0x01,	/* the reserved byte */
	0x95, 0x05, 0x75, 0x01, 0x05, 0x08,	/* five LEDs ... */
	0x19, 0x01, 0x29, 0x05, 0x91, 0x02,
	0x95, 0x01, 0x75, 0x03, 0x91, 0x01,	/* ... padded to a byte */
	0x95, 0x06, 0x75, 0x08, 0x15, 0x00,	/* six key codes, 0-101 */
	0x25, 0x65, 0x05, 0x07, 0x19, 0x00,
	0x29, 0x65, 0x81, 0x00, 0xc0,
};

static struct usbg_f_hid_attrs keyboard_attrs = {
	.protocol = 1,		/* keyboard */
	.subclass = 1,		/* boot interface */
	.report_length = 8,
	.report_desc = { keyboard_report, sizeof(keyboard_report) },
};

/* mass_storage's one LUN: a fixed disk in MS_BACKING (options.h) */
static struct usbg_f_ms_lun_attrs disk_lun = { .id = 0, .file = MS_BACKING };
static struct usbg_f_ms_lun_attrs *disk_luns[] = { &disk_lun, NULL };
static struct usbg_f_ms_attrs disk_attrs = { .stall = true, .nluns = 1, .luns = disk_luns };

/* the disk's file, zero-filled (sparse) at MS_BYTES; an existing one is kept */
static int make_disk(void)
{
	int fd;

	mkdir(MS_DIR, 0755);
	fd = open(MS_BACKING, O_RDWR | O_CREAT, 0644);
	if (fd < 0 || ftruncate(fd, MS_BYTES)) {
		perror("autopm-gadget: " MS_BACKING);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

/*
 * 48 kHz, two 16-bit channels each way, what pcmstream plays by default
 * (f_uac2's own default capture rate is 64 kHz)
 */
static struct usbg_f_uac2_attrs stereo_48k = {
	.c_chmask = 3, .c_srate = 48000, .c_ssize = 2,
	.p_chmask = 3, .p_srate = 48000, .p_ssize = 2,
};

/* each --functions flag's configfs function: type, instance, attributes */
static const struct lab_function_spec {
	unsigned int flag;
	usbg_function_type type;
	const char *instance;
	void *attrs;		/* NULL: the kernel's defaults */
} function_specs[] = {
	{ LAB_F_ACM, USBG_F_ACM, "usb0", NULL },
	{ LAB_F_ECM, USBG_F_ECM, "usb0", NULL },
	{ LAB_F_VENDOR, USBG_F_FFS, VENDOR_INSTANCE, NULL },
	{ LAB_F_SUBSET, USBG_F_SUBSET, "usb0", NULL },
	{ LAB_F_RNDIS, USBG_F_RNDIS, "usb0", NULL },
	{ LAB_F_NCM, USBG_F_NCM, "usb0", NULL },
	{ LAB_F_EEM, USBG_F_EEM, "usb0", NULL },
	{ LAB_F_GSER, USBG_F_SERIAL, "usb0", NULL },
	{ LAB_F_HID, USBG_F_HID, "usb0", &keyboard_attrs },
	{ LAB_F_LOOPBACK, USBG_F_LOOPBACK, "usb0", NULL },
	{ LAB_F_MASS_STORAGE, USBG_F_MASS_STORAGE, "usb0", &disk_attrs },
	{ LAB_F_UAC2, USBG_F_UAC2, "usb0", &stereo_48k },
};

static int add_function(usbg_gadget *g, usbg_config *c, const struct lab_function_spec *fs)
{
	char label[64];
	usbg_function *f;

	snprintf(label, sizeof(label), "%s.%s", usbg_get_function_type_str(fs->type),
		 fs->instance);
	if (usbg_check(usbg_create_function(g, fs->type, fs->instance, fs->attrs, &f),
		       "create function"))
		return -1;
	return usbg_check(usbg_add_config_function(c, label, f), "add function to config") ? -1 : 0;
}

static int build(usbg_state *s, const struct up_options *o, usbg_gadget **gp)
{
	struct usbg_gadget_attrs ga = {
		.bcdUSB = 0x0200,
		.bMaxPacketSize0 = 64,
		.idVendor = o->vid,
		.idProduct = o->pid,
		.bcdDevice = 0x0100,
	};
	struct usbg_config_attrs ca = {
		.bmAttributes = config_attributes(o->remote_wakeup),
		.bMaxPower = 50,	/* 100 mA */
	};
	struct usbg_config_strs cs = { .configuration = "autopm" };
	usbg_config *c;

	if ((o->functions & LAB_F_MASS_STORAGE) && make_disk())
		return -1;

	if (usbg_check(usbg_create_gadget(s, GADGET_NAME, &ga, &lab_strings, gp),
		       "create gadget " GADGET_NAME))
		return -1;
	if (usbg_check(usbg_create_config(*gp, CONFIG_ID, CONFIG_LABEL, &ca, &cs, &c),
		       "create config"))
		return -1;
	/* first, for its interface numbers (uvc.h) */
	if ((o->functions & LAB_F_UVC) && uvc_add(o->uvc_interval))
		return -1;
	for (size_t i = 0; i < sizeof(function_specs) / sizeof(function_specs[0]); i++)
		if ((o->functions & function_specs[i].flag) &&
		    add_function(*gp, c, &function_specs[i]))
			return -1;
	return (o->functions & LAB_F_PRINTER) ? printer_add() : 0;
}

int cmd_up(int argc, char **argv)
{
	usbg_gadget *g = NULL;
	struct up_options o;
	usbg_state *s;
	usbg_udc *udc;
	int ret = EXIT_FAIL;
	char host[64];

	if (parse_up_options(argc, argv, &o))
		return EXIT_USAGE;
	if (usbg_check(usbg_init(CONFIGFS_PATH, &s), "open " CONFIGFS_PATH))
		return EXIT_FAIL;
	if (usbg_get_gadget(s, GADGET_NAME)) {
		fprintf(stderr, "autopm-gadget: gadget %s already exists; run 'autopm-gadget down' first\n",
			GADGET_NAME);
		goto out_cleanup;
	}
	udc = pick_udc(s, o.udc);
	if (!udc)
		goto out_cleanup;
	if (build(s, &o, &g))
		goto out_remove;
	/* FunctionFS needs its descriptors before the UDC can be bound */
	if ((o.functions & LAB_F_VENDOR) && vendor_start(usbg_get_udc_name(udc)))
		goto out_remove;
	if (usbg_check(usbg_enable_gadget(g, udc), "bind to UDC"))
		goto out_stop_vendor;
	/* f_uvc stays off the bus until its peer subscribes to its events */
	if ((o.functions & LAB_F_UVC) && uvc_start())
		goto out_unbind;
	printf("gadget %s bound to %s, remote wakeup %s\n", GADGET_NAME,
	       usbg_get_udc_name(udc), o.remote_wakeup ? "advertised" : "not advertised");
	if (o.wait) {
		if (wait_enumerated(g, usbg_get_udc_name(udc), host, sizeof(host))) {
			fprintf(stderr, "autopm-gadget: the host did not enumerate the gadget on %s within %d ms (see dmesg); removing it\n",
				usbg_get_udc_name(udc), ENUM_TIMEOUT_MS);
			goto out_unbind;
		}
		printf("host-device: %s\n", host);
	}
	ret = EXIT_OK;
	goto out_cleanup;

out_unbind:
	/* a peer that holds f_uvc's node would hold the unbind for good */
	if (uvc_stop())
		goto out_cleanup;
	usbg_check(usbg_disable_gadget(g), "unbind from UDC");
out_stop_vendor:
	vendor_stop();
out_remove:
	/* leave nothing half built behind; libusbgx sees neither of these */
	if (g && printer_remove() == 0 && uvc_remove() == 0)
		usbg_check(usbg_rm_gadget(g, USBG_RM_RECURSE), "remove partial gadget");
out_cleanup:
	usbg_cleanup(s);
	return ret;
}
