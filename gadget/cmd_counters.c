// SPDX-License-Identifier: GPL-2.0
/*
 * autopm-gadget counters: the device's counts beside the host's, with a
 * verdict on each pair. Both ends live in one kernel in the lab, so the
 * host-side usb_device of our gadget can be read here too. Counts are
 * read once the bus has settled: two identical readings, with the host
 * device suspended exactly when the gadget's bus is. --raced N: the bus
 * suspends hcd.c logged as racing with a wakeup, which the verdict may
 * accept as the difference (verdict.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "devside.h"
#include "gadget.h"
#include "hostside.h"
#include "options.h"
#include "verdict.h"

#define SETTLE_TIMEOUT_MS	3000

struct both {
	struct dev_counters dev;
	struct host_counters host;
	char host_status[32];
	int bus_suspended;
};

static long host_long(const char *host, enum core_counter cc)
{
	long v;

	return host_power_long(host, core_counter_file[cc], &v) ? COUNT_MISSING : v;
}

static void read_both(usbg_gadget *g, const char *udc, const char *host, struct both *b)
{
	memset(b, 0, sizeof(*b));
	dev_counters_read(g, udc, &b->dev);
	b->bus_suspended = udc_bus_suspended(udc);
	b->host.suspends = host_long(host, CC_AUTOSUSPENDS);
	b->host.resumes = host_long(host, CC_AUTORESUMES);
	b->host.wakeups = host_long(host, CC_REMOTE_WAKEUPS);
	if (host_power_read(host, "runtime_status", b->host_status, sizeof(b->host_status)))
		strcpy(b->host_status, "unknown");
}

static bool settled(const struct both *b)
{
	bool host_suspended = !strcmp(b->host_status, "suspended");

	if (!host_suspended && strcmp(b->host_status, "active"))
		return false;
	/* a stock UDC never reports "suspended": nothing to compare then */
	return b->dev.suspends < 0 || b->bus_suspended == host_suspended;
}

static int read_settled(usbg_gadget *g, const char *udc, const char *host, struct both *b)
{
	long long end = now_ms() + SETTLE_TIMEOUT_MS;
	struct both again;

	for (;;) {
		read_both(g, udc, host, b);
		usleep(20000);
		read_both(g, udc, host, &again);
		if (!memcmp(b, &again, sizeof(again)) && settled(b))
			return 0;
		if (now_ms() >= end)
			return -1;
	}
}

int cmd_counters(int argc, char **argv)
{
	char udc[64], host[64];
	struct counters_options o;
	int ret = EXIT_FAIL;
	struct both b;
	usbg_gadget *g;
	usbg_state *s;

	if (parse_counters_options(argc, argv, &o))
		return EXIT_USAGE;
	if (lab_gadget_open(&s, &g))
		return EXIT_FAIL;
	if (dev_udc(g, udc, sizeof(udc)))
		goto out;
	if (lab_host_device(g, udc, host, sizeof(host))) {
		fprintf(stderr, "autopm-gadget: the host has not enumerated the gadget on %s\n", udc);
		goto out;
	}
	if (read_settled(g, udc, host, &b)) {
		fprintf(stderr, "autopm-gadget: the bus did not settle within %d ms (host device %s, gadget %s)\n",
			SETTLE_TIMEOUT_MS, b.host_status,
			b.bus_suspended > 0 ? "suspended" : "not suspended");
		goto out;
	}
	printf("host-device: %s\n", host);
	printf("bus: host device %s, gadget %s\n", b.host_status,
	       b.bus_suspended > 0 ? "suspended" : "not suspended");
	if (!counters_verdict(&b.host, &b.dev, o.raced, stdout))
		ret = EXIT_OK;
out:
	usbg_cleanup(s);
	return ret;
}
