// SPDX-License-Identifier: GPL-2.0
/* The lab's monotonic clock (see clock.h). */
#include <errno.h>
#include <time.h>

#include "clock.h"

long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

void sleep_until_ms(long long t)
{
	long long left = t - now_ms();
	struct timespec ts;

	if (left <= 0)
		return;
	ts.tv_sec = left / 1000;
	ts.tv_nsec = (left % 1000) * 1000000L;
	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}
