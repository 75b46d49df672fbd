/* SPDX-License-Identifier: GPL-2.0 */
/* Latency figures over a set of samples: min, median, p95, max. */
#ifndef LABTOOL_STATS_H
#define LABTOOL_STATS_H

#include <stddef.h>

struct latency_stats {
	size_t n;
	double min, median, p95, max;
};

/* Sorts V in place. The median of an even count is the mean of the middle
 * two; p95 is the nearest-rank value (the ceil(0.95 n)-th smallest). */
void latency_stats(double *v, size_t n, struct latency_stats *s);

#endif
