// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "report.h"

static int is_suspended(const struct snapshot *s)
{
	return !strcmp(s->status, "suspended");
}

void report_derive(struct report_row *r)
{
	r->suspends = r->rpm.resumes + is_suspended(&r->after) - is_suspended(&r->before);
}

const char *report_awake_reason(const struct snapshot *s)
{
	if (is_suspended(s))
		return "-";
	if (!strcmp(s->control, "on"))
		return "power/control is on";
	if (s->delay_ms < 0)
		return "autosuspend_delay_ms < 0";
	return "in use, or needs a remote wakeup it cannot have (stock: no reason given)";
}

static double suspended_pct(const struct report_row *r)
{
	long a = r->after.active_ms - r->before.active_ms;
	long s = r->after.suspended_ms - r->before.suspended_ms;

	return a + s > 0 ? 100.0 * s / (a + s) : 0.0;
}

void report_print(FILE *out, const char *variant, const struct report_row *rows, int n)
{
	int i;

	fprintf(out, "autopm-lab report (%s kernel)\n", variant);
	fprintf(out, "source: rpm trace events (resumes; suspends = resumes + change in suspended state),\n"
		     "        hub.c 'usb wakeup-resume' debug lines (remote wakeups),\n"
		     "        runtime_{active,suspended}_time (time); this kernel has no USB core counters\n");
	fprintf(out, "%-8s %-9s %8s %8s %8s %10s  %-10s %s\n", "device", "role", "suspends",
		"resumes", "wakeups", "suspended", "now", "awake because");
	for (i = 0; i < n; i++) {
		const struct report_row *r = &rows[i];

		fprintf(out, "%-8s %-9s %8ld %8ld %8ld %9.1f%%  %-10s %s\n", r->after.dev,
			strncmp(r->after.dev, "usb", 3) ? "gadget" : "root hub", r->suspends,
			r->rpm.resumes, r->wakeups, suspended_pct(r), r->after.status,
			report_awake_reason(&r->after));
		if (r->rpm.overrun)
			fprintf(out, "note: %s: the trace buffer overran, counts are low\n", r->after.dev);
		if (r->rpm.resume_errors)
			fprintf(out, "note: %s: %ld resume(s) failed\n", r->after.dev, r->rpm.resume_errors);
	}
}
