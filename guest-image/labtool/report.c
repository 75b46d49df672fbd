// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "report.h"

static int is_suspended(const struct snapshot *s)
{
	return !strcmp(s->status, "suspended");
}

static long core_delta(const struct report_row *r, enum core_counter c)
{
	return r->after.core[c] - r->before.core[c];
}

void report_derive(struct report_row *r)
{
	r->trace.resumes = r->rpm.resumes;
	r->trace.suspends = r->rpm.resumes + is_suspended(&r->after) - is_suspended(&r->before);
	r->has_core = r->before.has_core && r->after.has_core;
	if (!r->has_core)
		return;
	r->core.suspends = core_delta(r, CC_AUTOSUSPENDS);
	r->core.resumes = core_delta(r, CC_AUTORESUMES);
	r->core.wakeups = core_delta(r, CC_REMOTE_WAKEUPS);
}

bool report_agrees(const struct report_row *r)
{
	return !r->has_core || !memcmp(&r->core, &r->trace, sizeof(r->core));
}

const char *report_awake_reason(const struct snapshot *s)
{
	if (is_suspended(s))
		return "-";
	if (!strcmp(s->control, "on"))
		return "power/control is on";
	if (s->delay_ms < 0)
		return "autosuspend_delay_ms < 0";
	if (s->has_core)
		return s->refusal;
	return "in use, or needs a remote wakeup it cannot have (stock: no reason given)";
}

static double suspended_pct(const struct report_row *r)
{
	long a = r->after.active_ms - r->before.active_ms;
	long s = r->after.suspended_ms - r->before.suspended_ms;

	return a + s > 0 ? 100.0 * s / (a + s) : 0.0;
}

static void print_sources(FILE *out, bool core)
{
	if (core)
		fprintf(out, "source: the USB core counters (power/*_count); checked against the rpm trace\n"
			     "        events and hub.c 'usb wakeup-resume' debug lines, counted independently\n");
	else
		fprintf(out, "source: rpm trace events (resumes; suspends = resumes + change in suspended state),\n"
			     "        hub.c 'usb wakeup-resume' debug lines (remote wakeups),\n"
			     "        runtime_{active,suspended}_time (time); this kernel has no USB core counters\n");
}

static void print_checks(FILE *out, const struct report_row *r)
{
	int c;

	if (r->has_core)
		fprintf(out, "check: %s: core %ld/%ld/%ld, trace %ld/%ld/%ld (suspends/resumes/wakeups): %s\n",
			r->after.dev, r->core.suspends, r->core.resumes, r->core.wakeups,
			r->trace.suspends, r->trace.resumes, r->trace.wakeups,
			report_agrees(r) ? "agree" : "MISMATCH");
	for (c = CC_REFUSED_BUSY; r->has_core && c < CC_COUNT; c++)
		if (core_delta(r, c))
			fprintf(out, "refused: %s: %s %ld\n", r->after.dev,
				core_counter_file[c] + strlen("autosuspend_refused_"), core_delta(r, c));
	if (r->rpm.overrun)
		fprintf(out, "note: %s: the trace buffer overran, trace counts are low\n", r->after.dev);
	if (r->rpm.resume_errors)
		fprintf(out, "note: %s: %ld resume(s) failed\n", r->after.dev, r->rpm.resume_errors);
}

void report_print(FILE *out, const char *variant, const struct report_row *rows, int n)
{
	int i;

	fprintf(out, "autopm-lab report (%s kernel)\n", variant);
	print_sources(out, n > 0 && rows[0].has_core);
	fprintf(out, "%-8s %-9s %8s %8s %8s %10s  %-10s %s\n", "device", "role", "suspends",
		"resumes", "wakeups", "suspended", "now", "awake because");
	for (i = 0; i < n; i++) {
		const struct report_row *r = &rows[i];
		const struct pm_counts *c = r->has_core ? &r->core : &r->trace;

		fprintf(out, "%-8s %-9s %8ld %8ld %8ld %9.1f%%  %-10s %s\n", r->after.dev,
			strncmp(r->after.dev, "usb", 3) ? "gadget" : "root hub", c->suspends,
			c->resumes, c->wakeups, suspended_pct(r), r->after.status,
			report_awake_reason(&r->after));
	}
	for (i = 0; i < n; i++)
		print_checks(out, &rows[i]);
}
