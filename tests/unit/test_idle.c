// SPDX-License-Identifier: GPL-2.0
/* labtool idle: each resume paired with the autosuspend after it, and
 * every sample checked against the delay and its bound. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "idle.h"

#define NEAR(a, b) ((a) > (b) - 1e-6 && (a) < (b) + 1e-6)

/* tests/data/idle/trace.txt: five resumes of 1-1; the suspend 106 ms
 * after the first ends (pm_wq's flags-a, after the put's flags-c that
 * only armed the timer), 90 ms after the second, none after the third,
 * 280 ms after the fourth, and 190 ms after the fifth: the idle check's
 * own flags-8, the delay having passed already. The interface's flags-a
 * and the timer's asynchronous flags-9 are not the sample's end.
 * Shown failing: with the first suspend call of each period taken, not
 * the last, the samples' check (ms[0] was the put's 1 ms); with only
 * flags-a counted, 3 suspend calls found, not 5. */
static void pairs_from_trace(void **state)
{
	struct rpm_span spans[8];
	double susp[8], ms[8];
	FILE *t = fopen(DATA "/idle/trace.txt", "r");
	long ns, nsusp;

	(void)state;
	assert_non_null(t);
	ns = rpm_resume_spans(t, "1-1", spans, 8);
	rewind(t);
	nsusp = idle_suspend_times(t, "1-1", susp, 8);
	fclose(t);
	assert_int_equal(ns, 5);
	assert_int_equal(nsusp, 5);
	assert_int_equal(idle_pair(spans, ns, susp, nsusp, ms), 1);
	assert_true(NEAR(ms[0], 106) && NEAR(ms[1], 90) && ms[2] == -1 && NEAR(ms[3], 280) &&
		    NEAR(ms[4], 190));
}

static long report(double *ms, long n, unsigned int delay, unsigned int margin, char **text)
{
	size_t len;
	FILE *out = open_memstream(text, &len);
	long bad;

	assert_non_null(out);
	bad = idle_report(out, ms, n, delay, margin);
	fclose(out);
	return bad;
}

/* with a 100 ms delay and a 50 ms margin the bound is 175 ms */
static void every_sample_bounded(void **state)
{
	double ok[] = { 100, 104.9, 125.1, 175 };
	double bad[] = { 106, 90, -1, 280, 175.1 };
	char *text;

	(void)state;
	assert_int_equal(report(ok, 4, 100, 50, &text), 0);
	assert_non_null(strstr(text, "idle: n=4 delay=100 min=100.0 median=115.0 p95=175.0 max=175.0 ms, bound 175.0"));
	/* 2 ms bins from the first sample's to the last's */
	assert_non_null(strstr(text, "idle hist [   100,   102)    1 #\n"
				     "idle hist [   102,   104)    0 \n"
				     "idle hist [   104,   106)    1 #\n"));
	assert_non_null(strstr(text, "idle hist [   174,   176)    1 #\n"));
	assert_null(strstr(text, "[    98,"));
	assert_null(strstr(text, "[   176,"));
	free(text);
	assert_int_equal(report(bad, 5, 100, 50, &text), 4);
	assert_non_null(strstr(text, "resume 1: suspend began after 90.0 ms, before the 100 ms delay"));
	assert_non_null(strstr(text, "resume 2 has no autosuspend after it"));
	assert_non_null(strstr(text, "resume 3: suspend began after 280.0 ms, over the bound 175.0 ms"));
	assert_non_null(strstr(text, "resume 4: suspend began after 175.1 ms, over the bound"));
	assert_null(strstr(text, "resume 0:"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pairs_from_trace),
		cmocka_unit_test(every_sample_bounded),
	};

	return cmocka_run_group_tests_name("idle", tests, NULL, NULL);
}
