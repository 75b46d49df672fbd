// SPDX-License-Identifier: GPL-2.0
/*
 * Print this x86 host's TSC rate in kHz. Under TCG, QEMU hands the guest
 * the host's own TSC, and a guest that fails to calibrate it against the
 * emulated PIT (a busy host makes that likely) falls back to the jiffies
 * clocksource, whose 4 ms steps ruin every latency the lab measures.
 * run-guest passes the rate as tsc_early_khz= so the guest never guesses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <x86intrin.h>

static double ns_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(void)
{
	struct timespec step = { 0, 50 * 1000 * 1000 };
	double khz[5], t0, t1;
	unsigned long long c0, c1;
	int i;

	for (i = 0; i < 5; i++) {
		t0 = ns_now();
		c0 = __rdtsc();
		nanosleep(&step, NULL);
		c1 = __rdtsc();
		t1 = ns_now();
		khz[i] = (c1 - c0) / (t1 - t0) * 1e6;
	}
	qsort(khz, 5, sizeof(khz[0]), cmp);
	printf("%.0f\n", khz[2]);
	return 0;
}
