/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Idle to suspended: how long after each real resume of a device the PM
 * core began to suspend it again, from the rpm trace events.
 *
 * The autosuspend delay runs from the device's last_busy. Every resume
 * the lab makes (a remote wakeup, handled by usb_autoresume_device())
 * ends with a put that marks the device busy after rpm_resume returned,
 * so last_busy is never before the resume's end: the suspend is due no
 * sooner than the resume's end plus the delay. The PM core's timer may
 * fire up to a quarter of the delay late (its slack), and pm_wq then
 * runs rpm_suspend with RPM_NOWAIT | RPM_AUTO ("flags-a"): that event
 * is the sample's end.
 */
#ifndef LABTOOL_IDLE_H
#define LABTOOL_IDLE_H

#include <stdio.h>

#include "rpmcount.h"

#define RPM_FLAGS_WORK_AUTOSUSPEND "a"	/* RPM_NOWAIT | RPM_AUTO, pm_runtime_work() */

/* the times of DEV's autosuspends run by pm_wq in TRACE, at most MAX into
 * TIMES; returns how many, or -1 */
long idle_suspend_times(FILE *trace, const char *dev, double *times, long max);

/*
 * One sample per resume in SPANS (ascending): the ms from its end to the
 * first autosuspend in SUSPENDS (ascending times) after it and before the
 * next resume began, or -1 where there is none. Returns how many are -1.
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
