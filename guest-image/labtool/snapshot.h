/* SPDX-License-Identifier: GPL-2.0 */
/* A device's runtime-PM state from sysfs, saved to and read from a file. */
#ifndef LABTOOL_SNAPSHOT_H
#define LABTOOL_SNAPSHOT_H

#include <stdbool.h>
#include <stdio.h>

#include "hostside.h"

#define SNAP_NAME_LEN	32
#define SNAP_REFUSAL_LEN 160

struct snapshot {
	char dev[SNAP_NAME_LEN];	/* "1-1", "usb1" */
	char status[16];		/* power/runtime_status */
	char control[8];		/* power/control: auto or on */
	long delay_ms;			/* power/autosuspend_delay_ms */
	long active_ms;			/* power/runtime_active_time */
	long suspended_ms;		/* power/runtime_suspended_time */
	bool has_core;			/* the core counters exist */
	long core[CC_COUNT];		/* power/<core_counter_file[i]> */
	char refusal[SNAP_REFUSAL_LEN];	/* power/autosuspend_refusal */
};

/* Read DEV's state from SYSDIR (/sys/bus/usb/devices). 0, or -1. */
int snapshot_take(const char *sysdir, const char *dev, struct snapshot *s);
void snapshot_write(FILE *f, const struct snapshot *s);
/* Read up to MAX snapshots; returns how many, or -1 on a malformed line. */
int snapshot_read(FILE *f, struct snapshot *s, int max);

#endif
