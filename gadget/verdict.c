// SPDX-License-Identifier: GPL-2.0
/* The verdict on host and device counts (see verdict.h). */
#include <stdbool.h>

#include "verdict.h"

static bool missing(long v)
{
	return v == COUNT_MISSING;
}

/* one host/device pair: prints a line, returns 1 when it is not "ok" */
static int pair(FILE *out, const char *name, long host, long dev)
{
	if (missing(host) || missing(dev)) {
		fprintf(out, "%-16s MISSING: no %s counter\n", name,
			missing(host) ? "host" : "device");
		return 1;
	}
	fprintf(out, "%-16s host %6ld  device %6ld  %s\n", name, host, dev,
		host == dev ? "ok" : "MISMATCH");
	return host != dev;
}

/* what the device held while suspended must all have been delivered */
static int held(FILE *out, const char *name, long queued, long sent)
{
	if (queued == COUNT_NA && sent == COUNT_NA) {
		fprintf(out, "%-16s n/a (the gadget has no such function)\n", name);
		return 0;
	}
	if (queued < 0 || sent < 0) {
		fprintf(out, "%-16s MISSING: no %s counter\n", name, queued < 0 ? "held" : "sent");
		return 1;
	}
	fprintf(out, "%-16s held %6ld  sent   %6ld  %s\n", name, queued, sent,
		queued == sent ? "ok" : "MISMATCH (not delivered)");
	return queued != sent;
}

/* true when none of the lab's counters exists: a stock kernel */
static bool none_exist(const struct host_counters *h, const struct dev_counters *d)
{
	const long all[] = { h->suspends, h->resumes, h->wakeups, d->suspends, d->resumes,
			     d->wake_requests, d->wake_refused, d->wake_delivered,
			     d->acm_held, d->acm_sent, d->ecm_held, d->ecm_sent };
	unsigned int i;

	for (i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (all[i] >= 0)
			return false;
	return true;
}

int counters_verdict(const struct host_counters *h, const struct dev_counters *d, FILE *out)
{
	int bad = 0;

	if (none_exist(h, d)) {
		fprintf(out, "counters: unavailable (this kernel has none of the lab's counters)\n");
		return 0;
	}
	bad += pair(out, "suspends", h->suspends, d->suspends);
	bad += pair(out, "resumes", h->resumes, d->resumes);
	bad += pair(out, "remote-wakeups", h->wakeups, d->wake_delivered);
	if (missing(d->wake_requests) || missing(d->wake_refused)) {
		fprintf(out, "%-16s MISSING: no device counter\n", "wake-requests");
		bad++;
	} else {
		fprintf(out, "%-16s device %ld, refused %ld\n", "wake-requests",
			d->wake_requests, d->wake_refused);
	}
	bad += held(out, "acm-bytes", d->acm_held, d->acm_sent);
	bad += held(out, "ecm-packets", d->ecm_held, d->ecm_sent);
	fprintf(out, "counters: %s\n", bad ? "MISMATCH" : "agree");
	return bad ? 1 : 0;
}
