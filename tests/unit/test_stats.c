// SPDX-License-Identifier: GPL-2.0
/* Latency figures: min, median, nearest-rank p95, max. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "stats.h"

static void twenty(void **state)
{
	double v[20];
	struct latency_stats s;
	int i;

	(void)state;
	for (i = 0; i < 20; i++)
		v[i] = 80 - i;	/* 61..80, unsorted */
	latency_stats(v, 20, &s);
	assert_int_equal(s.n, 20);
	assert_true(s.min == 61 && s.max == 80);
	assert_true(s.median == 70.5);
	assert_true(s.p95 == 79);	/* the 19th of 20 */
}

static void odd_and_single(void **state)
{
	double v[] = { 3, 1, 2 }, one[] = { 64.5 };
	struct latency_stats s;

	(void)state;
	latency_stats(v, 3, &s);
	assert_true(s.median == 2 && s.p95 == 3 && s.min == 1);
	latency_stats(one, 1, &s);
	assert_true(s.min == 64.5 && s.median == 64.5 && s.p95 == 64.5 && s.max == 64.5);
	latency_stats(one, 0, &s);
	assert_int_equal(s.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(twenty),
		cmocka_unit_test(odd_and_single),
	};

	return cmocka_run_group_tests_name("stats", tests, NULL, NULL);
}
