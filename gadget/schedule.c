// SPDX-License-Identifier: GPL-2.0
/* Event times for "autopm-gadget events" (see schedule.h). */
#include <math.h>

#include "schedule.h"

void schedule_init(struct schedule *s, bool poisson, unsigned int mean_ms, uint64_t seed)
{
	s->poisson = poisson;
	s->mean_ms = mean_ms;
	/* xorshift must not start at zero; mix the seed so nearby seeds differ */
	s->state = (seed + 1) * 0x9e3779b97f4a7c15ULL;
	if (!s->state)
		s->state = 1;
}

static uint64_t next_random(struct schedule *s)
{
	s->state ^= s->state >> 12;
	s->state ^= s->state << 25;
	s->state ^= s->state >> 27;
	return s->state * 0x2545f4914f6cdd1dULL;
}

unsigned int schedule_next_gap_ms(struct schedule *s)
{
	double u, gap;

	if (!s->poisson)
		return s->mean_ms;
	/* uniform in (0, 1]: the top 53 bits, never zero */
	u = ((next_random(s) >> 11) + 1) * (1.0 / 9007199254740992.0);
	gap = -log(u) * s->mean_ms;
	return gap > 3600000.0 ? 3600000 : (unsigned int)(gap + 0.5);
}
