/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Idle to suspended: how long after each real resume of a device the PM
 * core began to suspend it again, from the rpm trace events.
 *
 * The autosuspend delay runs from the device's last_busy, which
 * rpm_resume() marks as it ends, and each put after it marks again: the
 * suspend is due no sooner than the resume's end plus the delay. The PM
 * core's timer may fire up to a quarter of the delay late (its slack).
 * The suspend that follows is a synchronous rpm_suspend with RPM_AUTO:
 * pm_wq's, RPM_NOWAIT | RPM_AUTO ("flags-a"), once the timer fired, or
 * the idle callback's own ("flags-8") when the delay had already passed
 * by the time the device went idle. Earlier such calls of the same idle
 * period (a put, "flags-c", an idle check) only armed the timer, so the
 * last one before the next resume is the sample's end.
 */
#ifndef LABTOOL_IDLE_H
#define LABTOOL_IDLE_H

#include <stdio.h>

#include "rpmcount.h"

#define RPM_FLAG_AUTO 0x08	/* RPM_AUTO in include/linux/pm_runtime.h */

/* the times of DEV's synchronous rpm_suspend calls with RPM_AUTO in
 * TRACE, at most MAX into TIMES; returns how many, or -1 */
long idle_suspend_times(FILE *trace, const char *dev, double *times, long max);

/*
 * One sample per resume in SPANS (ascending): the ms from its end to the
 * last of SUSPENDS (ascending times) after it and before the next resume
 * began, or -1 where there is none. Returns how many are -1.
 */
long idle_pair(const struct rpm_span *spans, long nspans, const double *suspends,
	       long nsuspends, double *ms);

/*
 * "idle samples: ...", one line for each sample that is missing, below
 * DELAY_MS or above DELAY_MS * 5 / 4 + MARGIN_MS, a histogram in
 * fiftieths of the delay over the samples' range, and "idle: n= delay=
 * min= median= p95= max= ms, bound B". Returns how many samples failed.
 */
long idle_report(FILE *out, const double *ms, long n, unsigned int delay_ms, unsigned int margin_ms);

/* labtool idle TRACE DEV DELAY_MS MARGIN_MS */
int cmd_idle(char **argv);

#endif
