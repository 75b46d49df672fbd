/* SPDX-License-Identifier: GPL-2.0 */
/* The per-device table run-guest's demo ends with. */
#ifndef LABTOOL_REPORT_H
#define LABTOOL_REPORT_H

#include <stdio.h>

#include "rpmcount.h"
#include "snapshot.h"

struct report_row {
	struct snapshot before, after;
	struct rpm_counts rpm;
	long suspends;		/* derived, see rpmcount.h */
	long wakeups;
};

void report_derive(struct report_row *r);
/* Why a device that is active now is not autosuspending, as far as sysfs tells. */
const char *report_awake_reason(const struct snapshot *s);
void report_print(FILE *out, const char *variant, const struct report_row *rows, int n);

#endif
