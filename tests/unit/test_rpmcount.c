// SPDX-License-Identifier: GPL-2.0
/* Counting from rpm trace events and dmesg: canned logs from a real run. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "report.h"

#ifndef DATA
#define DATA "../data"
#endif

static FILE *open_data(const char *name)
{
	FILE *f = fopen(name, "r");

	assert_non_null(f);
	return f;
}

static FILE *from_string(const char *s)
{
	return fmemopen((void *)s, strlen(s), "r");
}

/* DEV resumed RESUMES times in the whole trace F, every call matched */
static void assert_clean_resumes(FILE *f, const char *dev, long resumes)
{
	struct rpm_counts c;

	assert_int_equal(rpm_count(f, dev, &c), 0);
	assert_int_equal(c.resumes, resumes);
	assert_int_equal(c.resume_errors, 0);
	assert_int_equal(c.unmatched, 0);
	assert_false(c.overrun);
}

/* the stock demo: 5 remote wakeups, plus tty open, an ACM write and a ping */
static void stock_demo_trace(void **state)
{
	FILE *f = open_data(DATA "/stock-demo.trace");
	struct rpm_counts c;

	(void)state;
	assert_clean_resumes(f, "1-1", 8);
	rewind(f);
	assert_int_equal(rpm_count(f, "usb1", &c), 0);
	assert_int_equal(c.resumes, 8);
	rewind(f);
	/*
	 * an interface's name starts like its device's, but its events are
	 * its own: the ACM interface resumed once, when the tty was opened
	 * with the device asleep (the other resumes found it active)
	 */
	assert_int_equal(rpm_count(f, "1-1:1.0", &c), 0);
	assert_int_equal(c.resumes, 1);
	fclose(f);
}

/*
 * 6.12 adds rpm_status inside the calls (it has no return of its own):
 * the patched 6.12 demo's 1-1 events, whose core counters read 9
 * resumes. Shown failing with rpm_status taken as a call: 1 resume.
 */
static void status_events_are_not_calls(void **state)
{
	FILE *f = open_data(DATA "/patched-6.12-demo.trace");

	(void)state;
	assert_clean_resumes(f, "1-1", 9);
	fclose(f);
}

static void stock_demo_wakeups(void **state)
{
	FILE *f = open_data(DATA "/stock-demo.dmesg");

	(void)state;
	assert_int_equal(wakeup_count(f, "1-1"), 5);
	rewind(f);
	assert_int_equal(wakeup_count(f, "usb1"), 5);
	rewind(f);
	assert_int_equal(wakeup_count(f, "1-11"), 0);
	fclose(f);
}

/* async resumes only queue work; failed and nested calls pair up right */
static void async_nested_and_failed(void **state)
{
	static const char trace[] =
		"# entries-in-buffer/entries-written: 9/9   #P:2\n"
		"  t-1 [000] d.... 1.0: rpm_resume: 1-1 flags-1 cnt-1\n"
		"  t-1 [000] d.... 1.1: rpm_return_int: rpm_resume+0x1/0x2:1-1 ret=0\n"
		"  k-2 [001] d.... 1.2: rpm_resume: 1-1 flags-4 cnt-0\n"
		"  k-2 [001] d.... 1.3: rpm_idle: 1-1 flags-1 cnt-0\n"
		"  k-2 [001] d.... 1.4: rpm_return_int: rpm_idle+0x1/0x2:1-1 ret=-16\n"
		"  k-2 [001] d.... 1.5: rpm_return_int: rpm_resume+0x1/0x2:1-1 ret=0\n"
		"  k-2 [001] d.... 1.6: rpm_resume: 1-1 flags-4 cnt-0\n"
		"  k-2 [001] d.... 1.7: rpm_return_int: 0xffffffff811a94e7:1-1 ret=-19\n"
		"  k-2 [001] d.... 1.8: rpm_return_int: rpm_resume+0x1/0x2:1-1 ret=1\n";
	FILE *f = from_string(trace);
	struct rpm_counts c;

	(void)state;
	assert_int_equal(rpm_count(f, "1-1", &c), 0);
	assert_int_equal(c.resumes, 1);
	assert_int_equal(c.resume_errors, 1);
	assert_int_equal(c.unmatched, 1);
	assert_false(c.overrun);
	fclose(f);
}

static void overrun_is_flagged(void **state)
{
	FILE *f = from_string("# entries-in-buffer/entries-written: 100/250   #P:2\n");
	struct rpm_counts c;

	(void)state;
	assert_int_equal(rpm_count(f, "1-1", &c), 0);
	assert_true(c.overrun);
	fclose(f);
}

static void suspends_follow_from_resumes(void **state)
{
	struct report_row r = { .rpm.resumes = 4 };

	(void)state;
	strcpy(r.before.status, "active");
	strcpy(r.after.status, "suspended");
	report_derive(&r);
	assert_int_equal(r.trace.suspends, 5);
	strcpy(r.before.status, "suspended");
	report_derive(&r);
	assert_int_equal(r.trace.suspends, 4);
	strcpy(r.after.status, "active");
	report_derive(&r);
	assert_int_equal(r.trace.suspends, 3);
	assert_false(r.has_core);
	assert_true(report_agrees(&r));
}

/* on the patched kernel the core counters lead, and must match the trace */
static void core_counters_cross_checked(void **state)
{
	struct report_row r = { .rpm.resumes = 4, .trace.wakeups = 2 };

	(void)state;
	strcpy(r.before.status, "suspended");
	strcpy(r.after.status, "suspended");
	r.before.has_core = r.after.has_core = true;
	r.before.core[CC_AUTOSUSPENDS] = 10;
	r.after.core[CC_AUTOSUSPENDS] = 14;
	r.before.core[CC_AUTORESUMES] = 10;
	r.after.core[CC_AUTORESUMES] = 14;
	r.before.core[CC_REMOTE_WAKEUPS] = 1;
	r.after.core[CC_REMOTE_WAKEUPS] = 3;
	report_derive(&r);
	assert_true(r.has_core);
	assert_int_equal(r.core.suspends, 4);
	assert_int_equal(r.core.resumes, 4);
	assert_int_equal(r.core.wakeups, 2);
	assert_true(report_agrees(&r));
	r.after.core[CC_REMOTE_WAKEUPS] = 4;
	report_derive(&r);
	assert_false(report_agrees(&r));
	/* a kernel without counters in one snapshot: nothing to compare */
	r.before.has_core = false;
	report_derive(&r);
	assert_true(report_agrees(&r));
}

static void awake_reasons(void **state)
{
	struct snapshot s = { .status = "active", .control = "on", .delay_ms = 200 };

	(void)state;
	assert_string_equal(report_awake_reason(&s), "power/control is on");
	strcpy(s.control, "auto");
	s.delay_ms = -1;
	assert_string_equal(report_awake_reason(&s), "autosuspend_delay_ms < 0");
	s.delay_ms = 100;
	s.has_core = true;
	strcpy(s.refusal, "busy: 1-1:1.0 usage count 1");
	assert_string_equal(report_awake_reason(&s), "busy: 1-1:1.0 usage count 1");
	strcpy(s.status, "suspended");
	assert_string_equal(report_awake_reason(&s), "-");
}

static void snapshots_round_trip(void **state)
{
	struct snapshot in = { .dev = "1-1", .status = "suspended", .control = "auto",
			       .delay_ms = 200, .active_ms = 1234, .suspended_ms = 5678,
			       .has_core = true, .core = { 9, 8, 5, 0, 3 },
			       .refusal = "remote wakeup needed by 1-1:1.0 (cdc_acm) but not available" };
	int i;
	struct snapshot out[2];
	char buf[512];
	FILE *f = fmemopen(buf, sizeof(buf), "w+");

	(void)state;
	snapshot_write(f, &in);
	rewind(f);
	assert_int_equal(snapshot_read(f, out, 2), 1);
	assert_string_equal(out[0].dev, in.dev);
	assert_string_equal(out[0].status, in.status);
	assert_string_equal(out[0].control, in.control);
	assert_int_equal(out[0].delay_ms, in.delay_ms);
	assert_int_equal(out[0].active_ms, in.active_ms);
	assert_int_equal(out[0].suspended_ms, in.suspended_ms);
	assert_true(out[0].has_core);
	for (i = 0; i < CC_COUNT; i++)
		assert_int_equal(out[0].core[i], in.core[i]);
	assert_string_equal(out[0].refusal, in.refusal);
	fclose(f);
	f = from_string("1-1 suspended auto\n");
	assert_int_equal(snapshot_read(f, out, 2), -1);
	fclose(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stock_demo_trace),
		cmocka_unit_test(stock_demo_wakeups),
		cmocka_unit_test(status_events_are_not_calls),
		cmocka_unit_test(async_nested_and_failed),
		cmocka_unit_test(overrun_is_flagged),
		cmocka_unit_test(suspends_follow_from_resumes),
		cmocka_unit_test(core_counters_cross_checked),
		cmocka_unit_test(awake_reasons),
		cmocka_unit_test(snapshots_round_trip),
	};

	return cmocka_run_group_tests_name("rpmcount", tests, NULL, NULL);
}
