// SPDX-License-Identifier: GPL-2.0
/* Finding the host-side twin of a gadget, in a fake sysfs tree. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "hostside.h"

static char root[] = "/tmp/autopm-unit-XXXXXX";
static char devices[300];

static void put(const char *dir, const char *file, const char *value)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "%s\n", value);
	fclose(f);
}

/* a device under HCD's root hub, linked from devices/ like sysfs does */
static void add_device(const char *hcd, const char *name, const char *vid, const char *pid)
{
	char dir[512], link[512], cmd[1100];

	snprintf(dir, sizeof(dir), "%s/platform/%s/usb%c/%s", root, hcd, name[0], name);
	snprintf(cmd, sizeof(cmd), "mkdir -p %s", dir);
	assert_int_equal(system(cmd), 0);
	put(dir, "idVendor", vid);
	put(dir, "idProduct", pid);
	snprintf(link, sizeof(link), "%s/%s", devices, name);
	assert_int_equal(symlink(dir, link), 0);
}

static int setup(void **state)
{
	char cmd[600];

	(void)state;
	if (!mkdtemp(root))
		return -1;
	snprintf(devices, sizeof(devices), "%s/devices", root);
	snprintf(cmd, sizeof(cmd), "mkdir -p %s", devices);
	if (system(cmd))
		return -1;
	add_device("dummy_hcd.0", "1-1", "1d6b", "0104");
	add_device("dummy_hcd.1", "2-1", "1234", "5678");
	add_device("ehci.0", "3-1", "1234", "5678");
	/* an interface and a root hub, which must be skipped */
	add_device("dummy_hcd.1", "2-1:1.0", "1234", "5678");
	return 0;
}

static int teardown(void **state)
{
	char cmd[600];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	return system(cmd);
}

static void udc_names(void **state)
{
	char hcd[32];

	(void)state;
	assert_int_equal(udc_to_hcd("dummy_udc.0", hcd, sizeof(hcd)), 0);
	assert_string_equal(hcd, "dummy_hcd.0");
	assert_int_equal(udc_to_hcd("dummy_udc.12", hcd, sizeof(hcd)), 0);
	assert_string_equal(hcd, "dummy_hcd.12");
	assert_int_equal(udc_to_hcd("dummy_udc.", hcd, sizeof(hcd)), -1);
	assert_int_equal(udc_to_hcd("dummy_udc.1a", hcd, sizeof(hcd)), -1);
	assert_int_equal(udc_to_hcd("fe980000.usb", hcd, sizeof(hcd)), -1);
	assert_int_equal(udc_to_hcd("dummy_udc.123456", hcd, 8), -1);
}

/* the one table of the core counters' files: complete, and each its own */
static void counter_table(void **state)
{
	int i, j;

	(void)state;
	assert_string_equal(core_counter_file[CC_AUTOSUSPENDS], "autosuspend_count");
	assert_string_equal(core_counter_file[CC_REMOTE_WAKEUPS], "remote_wakeup_count");
	assert_string_equal(core_counter_file[CC_REFUSED_DRIVER], "autosuspend_refused_driver");
	for (i = 0; i < CC_COUNT; i++) {
		assert_non_null(core_counter_file[i]);
		for (j = 0; j < i; j++)
			assert_string_not_equal(core_counter_file[i], core_counter_file[j]);
	}
}

static void finds_device_by_hcd_and_ids(void **state)
{
	char name[32];

	(void)state;
	assert_int_equal(host_device_find(devices, "dummy_hcd.0", 0x1d6b, 0x0104, name, sizeof(name)), 0);
	assert_string_equal(name, "1-1");
	/* same ids on another controller must not match */
	assert_int_equal(host_device_find(devices, "dummy_hcd.1", 0x1234, 0x5678, name, sizeof(name)), 0);
	assert_string_equal(name, "2-1");
	assert_int_equal(host_device_find(devices, "dummy_hcd.0", 0x1234, 0x5678, name, sizeof(name)), -1);
	assert_int_equal(host_device_find(devices, "dummy_hcd.3", 0x1d6b, 0x0104, name, sizeof(name)), -1);
	assert_int_equal(host_device_find("/nonexistent", "dummy_hcd.0", 0x1d6b, 0x0104, name, sizeof(name)), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(udc_names),
		cmocka_unit_test(counter_table),
		cmocka_unit_test(finds_device_by_hcd_and_ids),
	};

	return cmocka_run_group_tests_name("hostside", tests, setup, teardown);
}
