// SPDX-License-Identifier: GPL-2.0
/*
 * labtool snapshot reads one device's power/ files, and a suspend that
 * completes while it reads must not pair the state before it with the
 * counts after it. The sysfs reads here are fakes: the device suspends
 * (autosuspend_count 10 -> 11, runtime_status active -> suspended) after
 * the Nth read of any of its files, and the snapshot must come out
 * consistent for every N. Shown failing: with the counters read once,
 * after the state (a scratch copy of snapshot.c), suspend_between_reads
 * got "active" with autosuspend_count 11 at N = 1.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hostside.h"
#include "snapshot.h"
#include "sysfs.h"

/* the device suspends once this many reads of its files are done */
static int suspend_after_reads;
static int reads;

/* the state as this read sees it; the suspend may land right after */
static bool suspended(void)
{
	return reads++ >= suspend_after_reads;
}

int sysfs_readf(char *buf, size_t len, const char *fmt, ...)
{
	char path[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	if (strstr(path, "/runtime_status"))
		snprintf(buf, len, "%s", suspended() ? "suspended" : "active");
	else if (strstr(path, "/control"))
		snprintf(buf, len, "auto");
	else if (strstr(path, "/autosuspend_refusal"))
		snprintf(buf, len, "none");
	else
		return -1;
	return 0;
}

int sysfs_read_longf(long *v, const char *fmt, ...)
{
	char path[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	if (suspended())
		*v = strstr(path, "/autosuspend_count") ? 11 : 0;
	else
		*v = strstr(path, "/autosuspend_count") ? 10 : 0;
	return 0;
}

static void take(int after, struct snapshot *s)
{
	suspend_after_reads = after;
	reads = 0;
	assert_int_equal(snapshot_take("/sys/bus/usb/devices", "1-1", s), 0);
}

/* the state and the counters describe the same moment */
static void consistent(const struct snapshot *s)
{
	if (s->core[CC_AUTOSUSPENDS] == 11)
		assert_string_equal(s->status, "suspended");
	else
		assert_string_equal(s->status, "active");
}

static void settled_before(void **state)
{
	struct snapshot s;

	(void)state;
	take(0, &s);
	assert_string_equal(s.status, "suspended");
	assert_int_equal(s.core[CC_AUTOSUSPENDS], 11);
}

static void suspend_between_reads(void **state)
{
	struct snapshot s;
	int n;

	(void)state;
	/* the suspend lands after each read in turn, and after them all */
	for (n = 1; n < 40; n++) {
		take(n, &s);
		assert_true(s.has_core);
		consistent(&s);
	}
}

static void never_suspends(void **state)
{
	struct snapshot s;

	(void)state;
	take(1000, &s);
	assert_string_equal(s.status, "active");
	assert_int_equal(s.core[CC_AUTOSUSPENDS], 10);
	assert_string_equal(s.control, "auto");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(settled_before),
		cmocka_unit_test(suspend_between_reads),
		cmocka_unit_test(never_suspends),
	};

	return cmocka_run_group_tests_name("snapshot", tests, NULL, NULL);
}
