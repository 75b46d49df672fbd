// SPDX-License-Identifier: GPL-2.0
/*
 * labtool jitter PERIOD_MS: sleep PERIOD_MS at a time, each sleep timed
 * against its own deadline, until SIGTERM; then print how many sleeps
 * ran, their median lateness, the latest wakeup, and all their lateness
 * summed (about the time the guest could not run at all, which work
 * that must keep up with the clock, an isochronous stream, then makes
 * up). Run beside a timed stretch (case 69's idle
 * periods), it measures what the PM core's autosuspend timer and pm_wq
 * met from the same host load in the same stretch: a timer interrupt
 * taken late, a vCPU not scheduled.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "clock.h"
#include "jitter.h"
#include "lab.h"
#include "parse.h"
#include "stats.h"

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	(void)sig;
	stop = 1;
}

int cmd_jitter(char **argv)
{
	struct sigaction sa = { .sa_handler = on_term };
	unsigned int period;
	double due, *late = NULL, *more, sum = 0;
	struct latency_stats st;
	struct timespec t;
	size_t n = 0, cap = 0;

	if (parse_uint(argv[0], LAB_MAX_MS, &period) || !period) {
		fprintf(stderr, "labtool jitter: bad period '%s' (ms)\n", argv[0]);
		return EXIT_USAGE;
	}
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	while (!stop) {
		/* each deadline from now: a late wakeup is counted once */
		due = now_us() + period * 1000.0;
		t.tv_sec = (time_t)(due / 1e6);
		t.tv_nsec = (long)((due - t.tv_sec * 1e6) * 1000);
		if (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 1024;
			more = realloc(late, cap * sizeof(*late));
			if (!more) {
				free(late);
				perror("labtool jitter");
				return EXIT_FAIL;
			}
			late = more;
		}
		late[n] = (now_us() - due) / 1000;
		sum += late[n++];
	}
	if (!n) {
		printf("jitter: n=0 period=%u\n", period);
		return EXIT_FAIL;
	}
	latency_stats(late, n, &st);
	printf("jitter: n=%zu period=%u median_late_ms=%.1f max_late_ms=%.1f sum_late_ms=%.1f\n",
	       n, period, st.median, st.max, sum);
	free(late);
	return EXIT_OK;
}
