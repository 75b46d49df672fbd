// SPDX-License-Identifier: GPL-2.0
/*
 * The verdict of "autopm-gadget counters" on canned readings: agreeing
 * counts pass, a disagreement or a missing counter on a kernel that has
 * the others fails, and only a kernel with none of them is "unavailable".
 * Shown failing: with pair() returning 0 for a missing counter (a
 * scratch build), missing_host_counter fails; held() likewise fails
 * missing_acm_counter.
 *
 * Then the one difference accepted, N bus suspends that raced with a
 * wakeup (--raced N): the canned cases below, and the lines printed
 * (gadget/README.md has the rule). Shown failing, each in a scratch copy
 * of verdict.c: with raced_explain() given N + 1, raced-one, raced-two,
 * wakeups-within-raced, not-logged, fewer-logged and raced_lines_named
 * fail; allowing N + 1 more wakeups fails wakeups-beyond-raced; leaving
 * the resumes unchecked, suspends-only; allowing fewer wakeups on the
 * device, wakeups-host-ahead; comparing the distance, not the device's
 * lead, host-ahead; failing races that explain nothing,
 * agree-with-races; dropping the raced < 1 test, no_races_no_line;
 * passing over missing counters, or held bytes, raced_nothing_else;
 * printing MISMATCH on the lines covered, raced_lines_named; skipping
 * "unavailable" when races are given, stock_kernel.
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

#include "verdict.h"

#define N_OF(a)	(sizeof(a) / sizeof((a)[0]))

static const struct host_counters host_ok = { 9, 8, 5 };
static const struct dev_counters dev_ok = {
	.suspends = 9, .resumes = 8, .wake_requests = 6, .wake_refused = 1,
	.wake_delivered = 5, .acm_held = 64, .acm_sent = 64,
	.ecm_held = COUNT_NA, .ecm_sent = COUNT_NA,
};

/* the verdict's return value; its text in *text (freed by the caller) */
static int verdict(const struct host_counters *h, const struct dev_counters *d, long raced,
		   char **text)
{
	size_t len;
	FILE *out = open_memstream(text, &len);
	int ret;

	assert_non_null(out);
	ret = counters_verdict(h, d, raced, out);
	fclose(out);
	return ret;
}

static void expect(const struct host_counters *h, const struct dev_counters *d, long raced,
		   int want, const char *line)
{
	char *text;

	assert_int_equal(verdict(h, d, raced, &text), want);
	assert_non_null(strstr(text, line));
	free(text);
}

static void agree(void **state)
{
	(void)state;
	expect(&host_ok, &dev_ok, 0, 0, "counters: agree\n");
	expect(&host_ok, &dev_ok, 0, 0, "ecm-packets      n/a");
}

static void mismatch_wakeups(void **state)
{
	struct dev_counters d = dev_ok;

	(void)state;
	d.wake_delivered = 4;
	expect(&host_ok, &d, 0, 1, "remote-wakeups   host      5  device      4  MISMATCH");
	expect(&host_ok, &d, 0, 1, "counters: MISMATCH\n");
}

static void undelivered_bytes(void **state)
{
	struct dev_counters d = dev_ok;

	(void)state;
	d.acm_sent = 63;
	expect(&host_ok, &d, 0, 1, "MISMATCH (not delivered)");
}

static void missing_host_counter(void **state)
{
	struct host_counters h = host_ok;

	(void)state;
	h.wakeups = COUNT_MISSING;
	expect(&h, &dev_ok, 0, 1, "remote-wakeups   MISSING: no host counter");
	expect(&h, &dev_ok, 0, 1, "counters: MISMATCH\n");
}

static void missing_acm_counter(void **state)
{
	struct dev_counters d = dev_ok;

	(void)state;
	d.acm_sent = COUNT_MISSING;
	expect(&host_ok, &d, 0, 1, "acm-bytes        MISSING: no sent counter");
}

static void stock_kernel(void **state)
{
	const struct host_counters h = { COUNT_MISSING, COUNT_MISSING, COUNT_MISSING };
	const struct dev_counters d = {
		COUNT_MISSING, COUNT_MISSING, COUNT_MISSING, COUNT_MISSING, COUNT_MISSING,
		COUNT_MISSING, COUNT_MISSING, COUNT_NA, COUNT_NA,
	};

	(void)state;
	expect(&h, &d, 0, 0, "counters: unavailable");
	expect(&h, &d, 3, 0, "counters: unavailable");
}

/*
 * A run around raced bus suspends: host and device suspends, resumes and
 * remote wakeups, the races hcd.c logged, and the exit wanted. The rest
 * agrees: 60 wake requests, none refused, 300 ACM bytes and 20 ECM
 * packets held and sent.
 */
struct raced_case {
	const char *name;
	long host[3], dev[3];	/* suspends, resumes, remote wakeups */
	long raced;
	int want;
};

static const struct raced_case raced_cases[] = {
	/* the device counted each race's suspend and resume */
	{ "raced-one", { 66, 65, 60 }, { 67, 66, 60 }, 1, 0 },
	{ "raced-two", { 8, 7, 60 }, { 10, 9, 60 }, 2, 0 },
	/* and a wakeup delivered in a race, which hub.c did not count */
	{ "wakeups-within-raced", { 66, 65, 59 }, { 67, 66, 60 }, 1, 0 },
	/* races logged while the counts agree: nothing to explain */
	{ "agree-with-races", { 66, 65, 60 }, { 66, 65, 60 }, 3, 0 },
	/* fewer races than the difference */
	{ "not-logged", { 66, 65, 60 }, { 67, 66, 60 }, 0, 1 },
	{ "fewer-logged", { 8, 7, 60 }, { 10, 9, 60 }, 1, 1 },
	/* the host ahead: no race does that */
	{ "host-ahead", { 67, 66, 60 }, { 66, 65, 60 }, 1, 1 },
	{ "wakeups-host-ahead", { 66, 65, 61 }, { 67, 66, 60 }, 1, 1 },
	/* a race is a suspend and a resume, and at most one wakeup */
	{ "suspends-only", { 66, 66, 60 }, { 67, 66, 60 }, 1, 1 },
	{ "wakeups-beyond-raced", { 66, 65, 59 }, { 67, 66, 61 }, 1, 1 },
};

/* the readings of the canned case NAME */
static void raced_readings(const char *name, struct host_counters *h, struct dev_counters *d)
{
	const struct raced_case *c = raced_cases;

	while (strcmp(c->name, name))
		assert_true(++c < raced_cases + N_OF(raced_cases));
	*h = (struct host_counters){ c->host[0], c->host[1], c->host[2] };
	*d = (struct dev_counters){
		.suspends = c->dev[0], .resumes = c->dev[1], .wake_delivered = c->dev[2],
		.wake_requests = 60, .wake_refused = 0,
		.acm_held = 300, .acm_sent = 300, .ecm_held = 20, .ecm_sent = 20,
	};
}

static bool ends_with(const char *text, const char *line)
{
	size_t n = strlen(text), m = strlen(line);

	return n >= m && !strcmp(text + n - m, line);
}

/* one canned case: its exit and last line */
static void canned_race(void **state)
{
	const struct raced_case *c = *state;
	struct host_counters h;
	struct dev_counters d;
	char *text;
	int ret;

	raced_readings(c->name, &h, &d);
	ret = verdict(&h, &d, c->raced, &text);
	if (ret != c->want)
		fail_msg("%s with %ld raced: exit %d, want %d:\n%s", c->name, c->raced, ret,
			 c->want, text);
	assert_true(ends_with(text, c->want ? "counters: MISMATCH\n" : "counters: agree\n"));
	free(text);
}

/* the lines the allowance covered say so, and the line before the last why */
static void raced_lines_named(void **state)
{
	struct host_counters h;
	struct dev_counters d;

	(void)state;
	raced_readings("raced-one", &h, &d);
	expect(&h, &d, 1, 0, "suspends         host     66  device     67  raced\n");
	expect(&h, &d, 1, 0, "resumes          host     65  device     66  raced\n");
	expect(&h, &d, 1, 0, "remote-wakeups   host     60  device     60  ok\n");
	expect(&h, &d, 1, 0, "counters: 1 raced bus suspend(s) explain the device's suspends +1, resumes +1 (hcd.c");
	raced_readings("wakeups-within-raced", &h, &d);
	expect(&h, &d, 1, 0, "remote-wakeups   host     59  device     60  raced\n");
	expect(&h, &d, 1, 0, "suspends +1, resumes +1, remote-wakeups +1 (hcd.c");
	/* not explained: every line differing stays a MISMATCH, and why */
	raced_readings("wakeups-beyond-raced", &h, &d);
	expect(&h, &d, 1, 1, "suspends         host     66  device     67  MISMATCH\n");
	expect(&h, &d, 1, 1, "remote-wakeups   host     59  device     61  MISMATCH\n");
	expect(&h, &d, 1, 1, "counters: 1 raced bus suspend(s) do not explain this");
}

/* no race logged, or none needed: no word of races */
static void no_races_no_line(void **state)
{
	struct host_counters h;
	struct dev_counters d;
	char *text;

	(void)state;
	raced_readings("not-logged", &h, &d);
	assert_int_equal(verdict(&h, &d, 0, &text), 1);
	assert_null(strstr(text, "raced"));
	free(text);
	raced_readings("agree-with-races", &h, &d);
	assert_int_equal(verdict(&h, &d, 3, &text), 0);
	assert_null(strstr(text, "raced"));
	free(text);
	assert_int_equal(verdict(&host_ok, &dev_ok, 0, &text), 0);
	assert_null(strstr(text, "raced"));
	free(text);
}

/*
 * Races explain no missing counter, whichever it is, nor bytes or
 * packets held and not delivered: raced-one with one reading changed.
 */
static void raced_nothing_else(void **state)
{
	struct host_counters h;
	struct dev_counters d;
	long *const reading[] = { &h.wakeups, &d.wake_refused, &d.ecm_sent, &d.acm_sent,
				  &d.ecm_held };
	const long value[] = { COUNT_MISSING, COUNT_MISSING, COUNT_MISSING, 299, 21 };
	char *text;
	size_t i;

	(void)state;
	for (i = 0; i < N_OF(value); i++) {
		raced_readings("raced-one", &h, &d);
		*reading[i] = value[i];
		assert_int_equal(verdict(&h, &d, 1, &text), 1);
		if (!strstr(text, "suspends         host     66  device     67  MISMATCH\n"))
			fail_msg("reading %zu set to %ld, and still explained:\n%s", i, value[i], text);
		free(text);
	}
}

int main(void)
{
	const struct CMUnitTest fixed[] = {
		cmocka_unit_test(agree),
		cmocka_unit_test(mismatch_wakeups),
		cmocka_unit_test(undelivered_bytes),
		cmocka_unit_test(missing_host_counter),
		cmocka_unit_test(missing_acm_counter),
		cmocka_unit_test(stock_kernel),
		cmocka_unit_test(raced_lines_named),
		cmocka_unit_test(no_races_no_line),
		cmocka_unit_test(raced_nothing_else),
	};
	struct CMUnitTest tests[N_OF(fixed) + N_OF(raced_cases)];
	size_t i;

	memcpy(tests, fixed, sizeof(fixed));
	/* a line of TAP for each canned case, by its name */
	for (i = 0; i < N_OF(raced_cases); i++)
		tests[N_OF(fixed) + i] = (struct CMUnitTest){
			.name = raced_cases[i].name,
			.test_func = canned_race,
			.initial_state = (void *)&raced_cases[i],
		};
	return cmocka_run_group_tests_name("verdict", tests, NULL, NULL);
}
