/* SPDX-License-Identifier: GPL-2.0 */
/*
 * When "autopm-gadget events" acts: every T ms, or at the times of a
 * Poisson process with mean gap T, from a seed so that a run repeats.
 */
#ifndef AUTOPM_GADGET_SCHEDULE_H
#define AUTOPM_GADGET_SCHEDULE_H

#include <stdbool.h>
#include <stdint.h>

struct schedule {
	bool poisson;
	unsigned int mean_ms;
	uint64_t state;		/* xorshift64* */
};

void schedule_init(struct schedule *s, bool poisson, unsigned int mean_ms, uint64_t seed);
/* ms from one event to the next: mean_ms, or exponentially distributed */
unsigned int schedule_next_gap_ms(struct schedule *s);

#endif
