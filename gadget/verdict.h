/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host and device counts side by side, and the verdict on them: no
 * libusbgx here, so the unit tests feed it canned readings.
 */
#ifndef AUTOPM_GADGET_VERDICT_H
#define AUTOPM_GADGET_VERDICT_H

#include <stdio.h>

/* a reading that is not a count */
#define COUNT_MISSING	(-1)	/* the counter's file is not there */
#define COUNT_NA	(-2)	/* nothing to count: the gadget lacks that function */

struct dev_counters {
	long suspends;		/* bus suspends the gadget saw */
	long resumes;
	long wake_requests;	/* usb_gadget_wakeup() calls */
	long wake_refused;
	long wake_delivered;	/* resumes that followed an accepted request */
	long acm_held;		/* bytes written to ttyGS while suspended */
	long acm_sent;		/* ... and received by the host after resume */
	long ecm_held;		/* packets, likewise */
	long ecm_sent;
};

struct host_counters {
	long suspends, resumes, wakeups;	/* power/ of the host's usb_device */
};

/*
 * Print one line per pair and a last line "counters: agree", "MISMATCH"
 * or "unavailable" to OUT. Returns 0 when every pair agrees, or when the
 * kernel has none of the lab's counters at all (stock); 1 on any
 * disagreement, and on any counter missing while others exist.
 * RACED: the bus suspends hcd.c logged as racing with a wakeup. When
 * they explain the difference exactly (verdict.c), the pairs they cover
 * say "raced", a line before the last says so, and the verdict is agree.
 */
int counters_verdict(const struct host_counters *h, const struct dev_counters *d, long raced,
		     FILE *out);

#endif
