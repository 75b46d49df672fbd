/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Count runtime-PM transitions of one device from an ftrace text dump
 * of the rpm events, and its remote wakeups from the kernel log.
 *
 * Stock 6.1 has no counters, and rpm_suspend returns 0 both when it
 * suspended and when it merely queued or deferred work, so suspends are
 * not read off directly. A synchronous rpm_resume (flags without
 * RPM_ASYNC) that returns 0 is always a real resume of a device with
 * callbacks, which every usb_device has. Suspends then follow from the
 * resumes and the runtime_status before and after:
 *   suspends = resumes + (suspended after) - (suspended before)
 */
#ifndef LABTOOL_RPMCOUNT_H
#define LABTOOL_RPMCOUNT_H

#include <stdbool.h>
#include <stdio.h>

#define RPM_FLAG_ASYNC 0x01	/* RPM_ASYNC in include/linux/pm_runtime.h */

struct rpm_counts {
	long resumes;		/* synchronous rpm_resume returning 0 */
	long resume_errors;	/* synchronous rpm_resume returning < 0 */
	long unmatched;		/* returns with no call seen: trace started mid-call */
	bool overrun;		/* the ring buffer lost events */
};

/* Parse TRACE for device DEV. 0, or -1 on a read error. */
int rpm_count(FILE *trace, const char *dev, struct rpm_counts *out);

/* one real resume: a synchronous rpm_resume that returned 0, in trace
 * time (seconds; with trace_clock "mono", CLOCK_MONOTONIC) */
struct rpm_span {
	double start, end;
};

/*
 * The real resumes of DEV in TRACE, in the order they ended, at most MAX
 * into SPANS. Returns how many, or -1 on a read error.
 */
long rpm_resume_spans(FILE *trace, const char *dev, struct rpm_span *spans, long max);

/*
 * The synchronous calls of FN ("rpm_suspend") on DEV that returned 0, as
 * rpm_resume_spans gives rpm_resume's. A suspend that returned 0 may
 * only have armed the autosuspend timer. Returns how many, or -1.
 */
long rpm_call_spans(FILE *trace, const char *dev, const char *fn, struct rpm_span *spans,
		    long max);

/* "  comm-123  [000] d..1.  5.123456: EVENT..." -> pid 123, time 5.123456,
 * and the EVENT text; NULL if not an event line */
const char *trace_event_start(const char *line, long *pid, double *when);

/* The times of the trace events named EVENT ("usb_gadget_wakeup") whose
 * text ends in " --> 0", at most MAX into TIMES. Returns how many, or -1. */
long trace_event_times(FILE *trace, const char *event, double *times, long max);

/* The times of the trace events named EVENT whose text after the name
 * contains NEEDLE (any, if NULL), at most MAX into TIMES. Returns how
 * many, or -1. */
long trace_event_times_with(FILE *trace, const char *event, const char *needle, double *times,
			    long max);

/* The times of the trace events named EVENT that carry a number after
 * KEY (" at " for "at 123 ns"), and those numbers, at most MAX into TIMES
 * and VALUES. Returns how many, or -1. */
long trace_event_values(FILE *trace, const char *event, const char *key, double *times,
			double *values, long max);

/* Count "DEV: usb wakeup-resume" lines (hub.c dev_dbg) in a dmesg dump. */
long wakeup_count(FILE *dmesg, const char *dev);

#endif
