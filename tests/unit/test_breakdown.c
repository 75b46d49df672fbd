// SPDX-License-Identifier: GPL-2.0
/*
 * labtool latency --breakdown's arithmetic, on a canned trace in the 6.1
 * formats of usb_gadget_wakeup, rpm_resume and rpm_return_int: two
 * rounds whose every step is known, an asynchronous rpm_resume of the
 * root hub that must not count as its resume, and a third round whose
 * wakeup was refused (--> -22) and whose events are missing. Shown
 * failing: with on_return() no longer skipping RPM_ASYNC calls, the
 * root hub's resume starts at 100.021 and round 0's steps are off.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <math.h>

#include "breakdown.h"

#define EPS 1e-6
/* this cmocka has no assert_double_equal */
#define assert_double_equal(a, b, eps) assert_true(fabs((a) - (b)) < (eps))

struct canned {
	double requests[8];
	struct rpm_span roothub[8], device[8];
	struct breakdown_events ev;
};

static void load(struct canned *c)
{
	FILE *f = fopen(DATA "/breakdown.trace", "r");

	assert_non_null(f);
	c->ev.requests = c->requests;
	c->ev.roothub = c->roothub;
	c->ev.device = c->device;
	c->ev.nrequests = trace_event_times(f, "usb_gadget_wakeup", c->requests, 8);
	rewind(f);
	c->ev.nroothub = rpm_resume_spans(f, "usb1", c->roothub, 8);
	rewind(f);
	c->ev.ndevice = rpm_resume_spans(f, "1-1", c->device, 8);
	fclose(f);
}

static void events_parsed(void **state)
{
	struct canned c;

	(void)state;
	load(&c);
	/* the refused request is not one; the async resume is not a resume;
	 * the third round's root hub resume never returned */
	assert_int_equal(c.ev.nrequests, 2);
	assert_int_equal(c.ev.nroothub, 2);
	assert_int_equal(c.ev.ndevice, 2);
	assert_double_equal(c.roothub[0].start, 100.023, EPS);
	assert_double_equal(c.roothub[0].end, 100.025, EPS);
}

static void steps(void **state)
{
	const double input[] = { 100.0, 101.0, 102.0 };
	struct breakdown_row rows[3];
	struct canned c;

	(void)state;
	load(&c);
	breakdown_rows(input, 3, &c.ev, rows);
	assert_true(rows[0].ok);
	assert_double_equal(rows[0].ms[STEP_INPUT_TO_REQUEST], 0.5, EPS);
	assert_double_equal(rows[0].ms[STEP_REQUEST_TO_ROOTHUB], 22.5, EPS);
	assert_double_equal(rows[0].ms[STEP_ROOTHUB_RESUME], 2.0, EPS);
	assert_double_equal(rows[0].ms[STEP_ROOTHUB_TO_DEVICE], 18.0, EPS);
	assert_double_equal(rows[0].ms[STEP_DEVICE_RESUME], 28.5, EPS);
	assert_double_equal(rows[0].ms[STEP_TOTAL], 71.5, EPS);
	assert_true(rows[1].ok);
	assert_double_equal(rows[1].ms[STEP_REQUEST_TO_ROOTHUB], 23.7, EPS);
	assert_double_equal(rows[1].ms[STEP_TOTAL], 72.0, EPS);
	assert_false(rows[2].ok);
}

/* what breakdown_print() or spec_print() (SPEC) prints of ROWS */
static char *print(bool kv, bool spec, const void *rows, unsigned int n)
{
	char *text;
	size_t len;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	assert_int_equal(spec ? spec_print(out, kv, rows, n) : breakdown_print(out, kv, rows, n), 2);
	fclose(out);
	return text;
}

/*
 * For people and for scripts (kv: cases 39 and 68 read it by key, a
 * missing round left out). Shown failing: with kv_key() (stats.c)
 * leaving '-' as it is, the keys read breakdown_round_0_input-to-request_ms.
 */
static void printed(void **state)
{
	const double input[] = { 100.0, 101.0, 102.0 };
	struct breakdown_row rows[3];
	struct canned c;
	char *text;

	(void)state;
	load(&c);
	breakdown_rows(input, 3, &c.ev, rows);
	text = print(false, false, rows, 3);
	assert_non_null(strstr(text, "breakdown round 2: events missing\n"));
	assert_non_null(strstr(text, "breakdown total: n=2 min=71.50 median=71.75 p95=72.00 max=72.00 ms\n"));
	free(text);
	text = print(true, false, rows, 3);
	assert_non_null(strstr(text, "breakdown_round_0_input_to_request_ms=0.50\n"
				     "breakdown_round_0_request_to_roothub_resume_ms=22.50\n"
				     "breakdown_round_0_roothub_resume_ms=2.00\n"
				     "breakdown_round_0_roothub_to_device_resume_ms=18.00\n"
				     "breakdown_round_0_device_resume_ms=28.50\n"
				     "breakdown_round_0_total_ms=71.50\n"
				     "breakdown_round_1_input_to_request_ms="));
	assert_null(strstr(text, "breakdown_round_2_"));
	assert_non_null(strstr(text, "breakdown_total_n=2\n"
				     "breakdown_total_min_ms=71.50\n"
				     "breakdown_total_median_ms=71.75\n"
				     "breakdown_total_p95_ms=72.00\n"
				     "breakdown_total_max_ms=72.00\n"));
	free(text);
}

/*
 * The resume timings from dummy_hcd's events (tests/data/spec.trace):
 * round 0 signals 20.3 ms (from the times the events carry: its start
 * was recorded 0.1 ms late) and recovers 10.5 ms (a SETUP to another
 * device, devnum 1, before it does not count), round 1 20.0 and 10.5,
 * round 2 has no SETUP and is missing. Shown failing: with the devnum
 * needle left out (NULL), the other device's SETUP counts too: 4 SETUPs,
 * not 3, and round 0 would recover in 1.00 ms.
 */
static void spec(void **state)
{
	const double input[] = { 100.0, 101.0, 102.0 };
	double start[8], end[8], active[8], setups[8], start_ns[8], end_ns[8];
	struct spec_events ev = { start, end, active, setups, start_ns, end_ns, 0, 0, 0, 0 };
	struct spec_row rows[3];
	FILE *f = fopen(DATA "/spec.trace", "r");
	char *text;

	(void)state;
	assert_non_null(f);
	ev.nresume_start = trace_event_values(f, "dummy_hcd_resume_start", " at ", start, start_ns, 8);
	rewind(f);
	ev.nresume_end = trace_event_values(f, "dummy_hcd_resume_end", " at ", end, end_ns, 8);
	rewind(f);
	ev.nlink_active = trace_event_times_with(f, "dummy_hcd_link", " active 1 ", active, 8);
	rewind(f);
	ev.nsetups = trace_event_times_with(f, "dummy_hcd_setup", " devnum 2 ", setups, 8);
	fclose(f);
	assert_int_equal(ev.nresume_start, 3);
	assert_int_equal(ev.nresume_end, 3);
	assert_int_equal(ev.nlink_active, 3);
	assert_int_equal(ev.nsetups, 3);
	spec_rows(input, 3, &ev, rows);
	assert_true(rows[0].ok);
	assert_double_equal(rows[0].signalling_ms, 20.3, EPS);
	assert_double_equal(rows[0].recovery_ms, 10.5, EPS);
	assert_true(rows[1].ok);
	assert_double_equal(rows[1].signalling_ms, 20.0, EPS);
	assert_double_equal(rows[1].recovery_ms, 10.5, EPS);
	assert_false(rows[2].ok);
	text = print(false, true, rows, 3);
	assert_non_null(strstr(text, "breakdown spec round 0: signalling=20.30 recovery=10.50 ms\n"));
	assert_non_null(strstr(text, "breakdown spec round 2: events missing\n"));
	assert_non_null(strstr(text, "breakdown recovery: n=2 min=10.50 median=10.50 p95=10.50 max=10.50 ms\n"));
	free(text);
	text = print(true, true, rows, 3);
	assert_non_null(strstr(text, "breakdown_spec_round_0_signalling_ms=20.30\n"
				     "breakdown_spec_round_0_recovery_ms=10.50\n"));
	assert_null(strstr(text, "breakdown_spec_round_2_"));
	assert_non_null(strstr(text, "breakdown_signalling_n=2\n"));
	assert_non_null(strstr(text, "breakdown_recovery_median_ms=10.50\n"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(events_parsed),
		cmocka_unit_test(steps),
		cmocka_unit_test(printed),
		cmocka_unit_test(spec),
	};

	return cmocka_run_group_tests_name("breakdown", tests, NULL, NULL);
}
