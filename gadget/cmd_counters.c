// SPDX-License-Identifier: GPL-2.0
/*
 * autopm-gadget counters: the device's counts beside the host's, with a
 * verdict on each pair. Both ends live in one kernel in the lab, so the
 * host-side usb_device of our gadget can be read here too. Counts are
 * read once the bus has settled: two identical readings, with the host
 * device suspended exactly when the gadget's bus is.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "devside.h"
#include "gadget.h"
#include "hostside.h"
#include "options.h"
#include "sysfs.h"

#define SETTLE_TIMEOUT_MS	3000

struct host_counters {
	long suspends, resumes, wakeups;
	char status[32];
};

struct both {
	struct dev_counters dev;
	struct host_counters host;
	int bus_suspended;
};

static long host_long(const char *host, const char *name)
{
	char path[PATH_MAX];
	long v;

	snprintf(path, sizeof(path), SYSFS_USB_DEVICES "/%s/power/%s", host, name);
	return sysfs_read_long(path, &v) ? -1 : v;
}

static void read_both(usbg_gadget *g, const char *udc, const char *host, struct both *b)
{
	char path[PATH_MAX];

	memset(b, 0, sizeof(*b));
	dev_counters_read(g, udc, &b->dev);
	b->bus_suspended = udc_bus_suspended(udc);
	b->host.suspends = host_long(host, "autosuspend_count");
	b->host.resumes = host_long(host, "autoresume_count");
	b->host.wakeups = host_long(host, "remote_wakeup_count");
	snprintf(path, sizeof(path), SYSFS_USB_DEVICES "/%s/power/runtime_status", host);
	if (sysfs_read(path, b->host.status, sizeof(b->host.status)))
		strcpy(b->host.status, "unknown");
}

static bool settled(const struct both *b)
{
	bool host_suspended = !strcmp(b->host.status, "suspended");

	if (!host_suspended && strcmp(b->host.status, "active"))
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

/* one host/device pair: prints a line, returns 1 on a mismatch */
static int pair(const char *name, long host, long dev)
{
	if (host < 0 || dev < 0) {
		printf("%-16s host %6s  device %6s  unavailable\n", name,
		       host < 0 ? "-" : "", dev < 0 ? "-" : "");
		return 0;
	}
	printf("%-16s host %6ld  device %6ld  %s\n", name, host, dev,
	       host == dev ? "ok" : "MISMATCH");
	return host != dev;
}

/* what the device held while suspended must all have been delivered */
static int held(const char *name, long queued, long sent)
{
	if (queued < 0 || sent < 0) {
		printf("%-16s unavailable\n", name);
		return 0;
	}
	printf("%-16s held %6ld  sent   %6ld  %s\n", name, queued, sent,
	       queued == sent ? "ok" : "MISMATCH (not delivered)");
	return queued != sent;
}

static int compare(const struct both *b)
{
	const struct dev_counters *d = &b->dev;
	int bad = 0;

	printf("bus: host device %s, gadget %s\n", b->host.status,
	       b->bus_suspended > 0 ? "suspended" : "not suspended");
	bad += pair("suspends", b->host.suspends, d->suspends);
	bad += pair("resumes", b->host.resumes, d->resumes);
	bad += pair("remote-wakeups", b->host.wakeups, d->wake_delivered);
	if (d->wake_requests >= 0)
		printf("%-16s device %ld, refused %ld\n", "wake-requests", d->wake_requests,
		       d->wake_refused);
	bad += held("acm-bytes", d->acm_held, d->acm_sent);
	bad += held("ecm-packets", d->ecm_held, d->ecm_sent);
	if (d->suspends < 0 || b->host.suspends < 0) {
		printf("counters: unavailable (this kernel lacks the lab's %s counters)\n",
		       d->suspends < 0 ? "gadget" : "USB core");
		return 0;
	}
	printf("counters: %s\n", bad ? "MISMATCH" : "agree");
	return bad ? -1 : 0;
}

int cmd_counters(int argc, char **argv)
{
	char udc[64], host[64];
	int ret = EXIT_FAIL;
	struct both b;
	usbg_gadget *g;
	usbg_state *s;

	if (parse_no_options(argc, argv))
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
			SETTLE_TIMEOUT_MS, b.host.status,
			b.bus_suspended > 0 ? "suspended" : "not suspended");
		goto out;
	}
	printf("host-device: %s\n", host);
	if (!compare(&b))
		ret = EXIT_OK;
out:
	usbg_cleanup(s);
	return ret;
}
