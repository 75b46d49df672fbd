// SPDX-License-Identifier: GPL-2.0
/*
 * The verdict of "autopm-gadget counters" on canned readings: agreeing
 * counts pass, a disagreement or a missing counter on a kernel that has
 * the others fails, and only a kernel with none of them is "unavailable".
 * Shown failing: with pair() returning 0 for a missing counter (a
 * scratch build), missing_host_counter fails; held() likewise fails
 * missing_acm_counter.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "verdict.h"

static const struct host_counters host_ok = { 9, 8, 5 };
static const struct dev_counters dev_ok = {
	.suspends = 9, .resumes = 8, .wake_requests = 6, .wake_refused = 1,
	.wake_delivered = 5, .acm_held = 64, .acm_sent = 64,
	.ecm_held = COUNT_NA, .ecm_sent = COUNT_NA,
};

/* the verdict's return value; its text in *text (freed by the caller) */
static int verdict(const struct host_counters *h, const struct dev_counters *d, char **text)
{
	size_t len;
	FILE *out = open_memstream(text, &len);
	int ret;

	assert_non_null(out);
	ret = counters_verdict(h, d, out);
	fclose(out);
	return ret;
}

static void expect(const struct host_counters *h, const struct dev_counters *d, int want,
		   const char *line)
{
	char *text;

	assert_int_equal(verdict(h, d, &text), want);
	assert_non_null(strstr(text, line));
	free(text);
}

static void agree(void **state)
{
	(void)state;
	expect(&host_ok, &dev_ok, 0, "counters: agree\n");
	expect(&host_ok, &dev_ok, 0, "ecm-packets      n/a");
}

static void mismatch_wakeups(void **state)
{
	struct dev_counters d = dev_ok;

	(void)state;
	d.wake_delivered = 4;
	expect(&host_ok, &d, 1, "remote-wakeups   host      5  device      4  MISMATCH");
	expect(&host_ok, &d, 1, "counters: MISMATCH\n");
}

static void undelivered_bytes(void **state)
{
	struct dev_counters d = dev_ok;

	(void)state;
	d.acm_sent = 63;
	expect(&host_ok, &d, 1, "MISMATCH (not delivered)");
}

static void missing_host_counter(void **state)
{
	struct host_counters h = host_ok;

	(void)state;
	h.wakeups = COUNT_MISSING;
	expect(&h, &dev_ok, 1, "remote-wakeups   MISSING: no host counter");
	expect(&h, &dev_ok, 1, "counters: MISMATCH\n");
}

static void missing_acm_counter(void **state)
{
	struct dev_counters d = dev_ok;

	(void)state;
	d.acm_sent = COUNT_MISSING;
	expect(&host_ok, &d, 1, "acm-bytes        MISSING: no sent counter");
}

static void stock_kernel(void **state)
{
	const struct host_counters h = { COUNT_MISSING, COUNT_MISSING, COUNT_MISSING };
	const struct dev_counters d = {
		COUNT_MISSING, COUNT_MISSING, COUNT_MISSING, COUNT_MISSING, COUNT_MISSING,
		COUNT_MISSING, COUNT_MISSING, COUNT_NA, COUNT_NA,
	};

	(void)state;
	expect(&h, &d, 0, "counters: unavailable");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(agree),
		cmocka_unit_test(mismatch_wakeups),
		cmocka_unit_test(undelivered_bytes),
		cmocka_unit_test(missing_host_counter),
		cmocka_unit_test(missing_acm_counter),
		cmocka_unit_test(stock_kernel),
	};

	return cmocka_run_group_tests_name("verdict", tests, NULL, NULL);
}
