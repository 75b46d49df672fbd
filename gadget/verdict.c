// SPDX-License-Identifier: GPL-2.0
/* The verdict on host and device counts (see verdict.h). */
#include <stdbool.h>

#include "verdict.h"

#define N_OF(a)	(sizeof(a) / sizeof((a)[0]))

static bool missing(long v)
{
	return v == COUNT_MISSING;
}

/* how many of the N readings in V are counts, neither missing nor n/a */
static unsigned int counts(const long *v, unsigned int n)
{
	unsigned int i, c = 0;

	for (i = 0; i < n; i++)
		c += v[i] >= 0;
	return c;
}

/*
 * One host/device pair: prints a line, returns 1 when it is not "ok".
 * EXPLAINED: any difference is one that raced bus suspends explain.
 */
static int pair(FILE *out, const char *name, long host, long dev, bool explained)
{
	if (missing(host) || missing(dev)) {
		fprintf(out, "%-16s MISSING: no %s counter\n", name,
			missing(host) ? "host" : "device");
		return 1;
	}
	fprintf(out, "%-16s host %6ld  device %6ld  %s\n", name, host, dev,
		host == dev ? "ok" : explained ? "raced" : "MISMATCH");
	return host != dev && !explained;
}

/* all the device held was delivered, or the gadget lacks the function */
static bool held_ok(long queued, long sent)
{
	return queued == sent && (queued >= 0 || queued == COUNT_NA);
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

	return !counts(all, N_OF(all));
}

/*
 * The one difference accepted (gadget/README.md, "Suspends that raced
 * with a wakeup"): each of the RACED bus suspends hcd.c logged is a
 * suspend and a resume that the device counts and the host does not, and
 * may be a delivered wakeup only the device counts. Exactly RACED more
 * suspends and resumes then, 0 to RACED more wakeups, never fewer; no
 * other difference and no counter missing.
 */
static bool raced_explain(const struct host_counters *h, const struct dev_counters *d, long raced)
{
	const long used[] = { h->suspends, h->resumes, h->wakeups, d->suspends, d->resumes,
			      d->wake_requests, d->wake_refused, d->wake_delivered };
	long wakeups = d->wake_delivered - h->wakeups;

	if (raced < 1 || counts(used, N_OF(used)) != N_OF(used))
		return false;
	return d->suspends - h->suspends == raced && d->resumes - h->resumes == raced &&
	       wakeups >= 0 && wakeups <= raced &&
	       held_ok(d->acm_held, d->acm_sent) && held_ok(d->ecm_held, d->ecm_sent);
}

/* which lines the raced suspends covered, or that they do not explain the rest */
static void raced_line(FILE *out, const struct host_counters *h, const struct dev_counters *d,
		       long raced, bool explained)
{
	long wakeups = d->wake_delivered - h->wakeups;

	if (!explained) {
		fprintf(out, "counters: %ld raced bus suspend(s) do not explain this: they allow the device exactly %ld more suspends and resumes, 0 to %ld more remote-wakeups, nothing else\n",
			raced, raced, raced);
		return;
	}
	fprintf(out, "counters: %ld raced bus suspend(s) explain the device's suspends +%ld, resumes +%ld",
		raced, raced, raced);
	if (wakeups)
		fprintf(out, ", remote-wakeups +%ld", wakeups);
	fprintf(out, " (hcd.c: \"suspend raced with wakeup event\")\n");
}

int counters_verdict(const struct host_counters *h, const struct dev_counters *d, long raced,
		     FILE *out)
{
	bool explained = raced_explain(h, d, raced);
	int bad = 0;

	if (none_exist(h, d)) {
		fprintf(out, "counters: unavailable (this kernel has none of the lab's counters)\n");
		return 0;
	}
	bad += pair(out, "suspends", h->suspends, d->suspends, explained);
	bad += pair(out, "resumes", h->resumes, d->resumes, explained);
	bad += pair(out, "remote-wakeups", h->wakeups, d->wake_delivered, explained);
	if (missing(d->wake_requests) || missing(d->wake_refused)) {
		fprintf(out, "%-16s MISSING: no device counter\n", "wake-requests");
		bad++;
	} else {
		fprintf(out, "%-16s device %ld, refused %ld\n", "wake-requests",
			d->wake_requests, d->wake_refused);
	}
	bad += held(out, "acm-bytes", d->acm_held, d->acm_sent);
	bad += held(out, "ecm-packets", d->ecm_held, d->ecm_sent);
	if (explained || (bad && raced > 0))
		raced_line(out, h, d, raced, explained);
	fprintf(out, "counters: %s\n", bad ? "MISMATCH" : "agree");
	return bad ? 1 : 0;
}
