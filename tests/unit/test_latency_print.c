// SPDX-License-Identifier: GPL-2.0
/*
 * labtool latency's output (latency_print.h): the kv lines scripts/bench
 * and the guest cases read by key, and the prose for people, on canned
 * rounds: an acm run of 3 whose round 2 failed, a wake run that timed
 * every round, and one that stopped before any. Shown failing: with
 * kv_key() (stats.c) leaving '-' as it is, the keys read to_tty-data
 * and the wake run's too ("to-active_n"); with the failed round printed
 * in prose in kv too, both failed runs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "latency_print.h"

static const double active[] = { 61.2, 40.0, 90.0 };
static const double data[] = { 62.0, 41.6, 95.0 };

/* everything the run prints, in the order cmd_latency() prints it */
static char *run(bool kv, const struct latency_result *r)
{
	char *text;
	size_t len;
	unsigned int i;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	latency_print_head(out, kv, r);
	for (i = 0; i < r->timed; i++)
		latency_print_round(out, kv, r, i);
	assert_int_equal(latency_print_figures(out, kv, r), 0);
	latency_print_error(out, kv, r);
	fclose(out);
	return text;
}

static void acm_failed_kv(void **state)
{
	const struct latency_result r = { "acm", "to-tty-data", 3, 2, active, data,
					  "round 2: no wakeup within 1000 ms" };
	char *text = run(true, &r);

	(void)state;
	assert_string_equal(text,
			    "mode=acm\n"
			    "rounds=3\n"
			    "round_0_to_active_ms=61.2\n"
			    "round_0_to_tty_data_ms=62.0\n"
			    "round_1_to_active_ms=40.0\n"
			    "round_1_to_tty_data_ms=41.6\n"
			    "failed_round=2\n"
			    "to_active_n=2\n"
			    "to_active_min_ms=40.0\n"
			    "to_active_median_ms=50.6\n"
			    "to_active_p95_ms=61.2\n"
			    "to_active_max_ms=61.2\n"
			    "to_tty_data_n=2\n"
			    "to_tty_data_min_ms=41.6\n"
			    "to_tty_data_median_ms=51.8\n"
			    "to_tty_data_p95_ms=62.0\n"
			    "to_tty_data_max_ms=62.0\n"
			    "error=round 2: no wakeup within 1000 ms\n");
	free(text);
}

/* the prose of the same run: the error is stderr's, not stdout's */
static void acm_failed_human(void **state)
{
	const struct latency_result r = { "acm", "to-tty-data", 3, 2, active, data,
					  "round 2: no wakeup within 1000 ms" };
	char *text = run(false, &r);

	(void)state;
	assert_string_equal(text,
			    "round 0: active 61.2 ms, data 62.0 ms\n"
			    "round 1: active 40.0 ms, data 41.6 ms\n"
			    "latency acm: round 2 of 3 failed\n"
			    "latency acm to-active: n=2 min=40.0 median=50.6 p95=61.2 max=61.2 ms\n"
			    "latency acm to-tty-data: n=2 min=41.6 median=51.8 p95=62.0 max=62.0 ms\n");
	free(text);
}

/* every round timed: no failed_round, no error, no data keys */
static void wake_kv(void **state)
{
	const struct latency_result r = { "wake", NULL, 3, 3, active, NULL, NULL };
	char *text = run(true, &r);

	(void)state;
	assert_string_equal(text,
			    "mode=wake\n"
			    "rounds=3\n"
			    "round_0_to_active_ms=61.2\n"
			    "round_1_to_active_ms=40.0\n"
			    "round_2_to_active_ms=90.0\n"
			    "to_active_n=3\n"
			    "to_active_min_ms=40.0\n"
			    "to_active_median_ms=61.2\n"
			    "to_active_p95_ms=90.0\n"
			    "to_active_max_ms=90.0\n");
	free(text);
}

/* no round timed: the failed round and why, and no figures */
static void none_timed_kv(void **state)
{
	const struct latency_result r = { "ecm", "to-packet", 20, 0, active, data,
					  "round 0: 1-1 did not suspend within 3000 ms" };
	char *text = run(true, &r);

	(void)state;
	assert_string_equal(text,
			    "mode=ecm\n"
			    "rounds=20\n"
			    "failed_round=0\n"
			    "error=round 0: 1-1 did not suspend within 3000 ms\n");
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(acm_failed_kv),
		cmocka_unit_test(acm_failed_human),
		cmocka_unit_test(wake_kv),
		cmocka_unit_test(none_timed_kv),
	};

	return cmocka_run_group_tests_name("latency_print", tests, NULL, NULL);
}
