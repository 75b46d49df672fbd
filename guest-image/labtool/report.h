/* SPDX-License-Identifier: GPL-2.0 */
/* The per-device table run-guest's demo ends with. */
#ifndef LABTOOL_REPORT_H
#define LABTOOL_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "rpmcount.h"
#include "snapshot.h"

/* what happened to one device, counted one way */
struct pm_counts {
	long suspends;
	long resumes;
	long wakeups;
};

struct report_row {
	struct snapshot before, after;
	struct rpm_counts rpm;
	struct pm_counts trace;		/* rpm trace; wakeups: hub.c debug lines */
	struct pm_counts core;		/* from the core counters, if any */
	bool has_core;
};

void report_derive(struct report_row *r);
/* The counts agree, or the kernel has no counters to disagree with. */
bool report_agrees(const struct report_row *r);
/* Why a device that is active now is not autosuspending, as far as sysfs tells. */
const char *report_awake_reason(const struct snapshot *s);
void report_print(FILE *out, const char *variant, const struct report_row *rows, int n);

#endif
