// SPDX-License-Identifier: GPL-2.0
/* Event times: periodic is exact, Poisson repeats per seed and has its mean. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "schedule.h"
#include "stats.h"

static void periodic(void **state)
{
	struct schedule s;
	int i;

	(void)state;
	schedule_init(&s, false, 250, 99);
	for (i = 0; i < 100; i++)
		assert_int_equal(schedule_next_gap_ms(&s), 250);
}

static void poisson_repeats_per_seed(void **state)
{
	struct schedule a, b, c;
	int i, differ = 0;

	(void)state;
	schedule_init(&a, true, 100, 42);
	schedule_init(&b, true, 100, 42);
	schedule_init(&c, true, 100, 43);
	for (i = 0; i < 1000; i++) {
		unsigned int x = schedule_next_gap_ms(&a);

		assert_int_equal(x, schedule_next_gap_ms(&b));
		differ += x != schedule_next_gap_ms(&c);
	}
	assert_true(differ > 900);
}

/* exponential gaps: mean 100 and median 100 ln 2 = 69.3, within 3% for 100000 */
static void poisson_shape(void **state)
{
	static double gaps[100000];
	struct latency_stats st;
	struct schedule s;
	double sum = 0;
	int i;

	(void)state;
	schedule_init(&s, true, 100, 0);
	for (i = 0; i < 100000; i++) {
		gaps[i] = schedule_next_gap_ms(&s);
		sum += gaps[i];
	}
	assert_in_range((long)(sum / 100000 * 10), 970, 1030);
	latency_stats(gaps, 100000, &st);
	assert_in_range((long)st.median, 67, 72);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(periodic),
		cmocka_unit_test(poisson_repeats_per_seed),
		cmocka_unit_test(poisson_shape),
	};

	return cmocka_run_group_tests_name("schedule", tests, NULL, NULL);
}
