/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a remote wakeup's time goes, step by step, from trace events:
 * the gadget's usb_gadget_wakeup, and the real (synchronous, returning
 * 0) rpm_resume calls of the root hub and of the device.
 */
#ifndef LABTOOL_BREAKDOWN_H
#define LABTOOL_BREAKDOWN_H

#include <stdbool.h>
#include <stdio.h>

#include "rpmcount.h"

enum breakdown_step {
	STEP_INPUT_TO_REQUEST,	/* the input, to usb_gadget_wakeup() accepting */
	STEP_REQUEST_TO_ROOTHUB,/* resume signalling, until the root hub's resume */
	STEP_ROOTHUB_RESUME,	/* the root hub's rpm_resume */
	STEP_ROOTHUB_TO_DEVICE,	/* until the device's rpm_resume begins */
	STEP_DEVICE_RESUME,	/* the device's rpm_resume */
	STEP_TOTAL,		/* the input, to the device resumed */
	STEP_COUNT
};

extern const char *const breakdown_step_name[STEP_COUNT];

struct breakdown_row {
	bool ok;			/* every event of the round was found */
	double ms[STEP_COUNT];
};

struct breakdown_events {
	const double *requests;		/* usb_gadget_wakeup times, ascending */
	long nrequests;
	const struct rpm_span *roothub, *device;
	long nroothub, ndevice;
};

/*
 * One row per round: INPUT[i] (seconds, the trace's clock) is when round
 * i made its input; its events are the first of each kind after it, in
 * order, and before the next round's input.
 */
void breakdown_rows(const double *input, unsigned int n, const struct breakdown_events *ev,
		    struct breakdown_row *rows);

/*
 * "breakdown round I: ..." for each row, then "breakdown STEP: n= min=
 * median= p95= max= ms" over the rows that are ok; with KV, the same
 * figures as "key=value" lines, the words joined by '_' (a row whose
 * events are missing left out): breakdown_round_I_STEP_ms, then
 * breakdown_STEP_n, breakdown_STEP_min_ms ... (stats.h). Returns how
 * many rows are ok.
 */
unsigned int breakdown_print(FILE *out, bool kv, const struct breakdown_row *rows,
			     unsigned int n);

/*
 * USB 2.0 7.1.7.7's two resume times, as dummy_hcd's trace events show
 * them from the device's side (the patched kernel's dummy_hcd_trace.h):
 * signalling (TDRSMDN, >= 20 ms) between the times dummy_hcd_resume_start
 * and dummy_hcd_resume_end carry (when dummy_hcd started and ended it, in
 * ns), recovery (TRSMRCY, >= 10 ms) from the link going active to the next
 * SETUP sent to the device, by the events' own times. Recovery errs short:
 * the link goes active no sooner than the signalling ended.
 */
struct spec_events {
	const double *resume_start, *resume_end, *link_active, *setups;
	const double *start_ns, *end_ns;	/* what the resume events carry */
	long nresume_start, nresume_end, nlink_active, nsetups;
};

struct spec_row {
	bool ok;
	double signalling_ms, recovery_ms;
};

/* one row per round, the rounds' inputs as in breakdown_rows() */
void spec_rows(const double *input, unsigned int n, const struct spec_events *ev,
	       struct spec_row *rows);

/* "breakdown spec round I: signalling= recovery= ms" for each row, then
 * "breakdown signalling: n= min= ..." and the same for recovery, over
 * the rows that are ok; with KV as breakdown_print()'s:
 * breakdown_spec_round_I_signalling_ms, ..._recovery_ms, then
 * breakdown_signalling_n ... Returns how many rows are ok. */
unsigned int spec_print(FILE *out, bool kv, const struct spec_row *rows, unsigned int n);

#endif
