// SPDX-License-Identifier: GPL-2.0
/* Latency figures (see stats.h). */
#include <stdlib.h>

#include "stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void latency_stats(double *v, size_t n, struct latency_stats *s)
{
	size_t rank;

	s->n = n;
	if (!n) {
		s->min = s->median = s->p95 = s->max = 0;
		return;
	}
	qsort(v, n, sizeof(*v), cmp_double);
	s->min = v[0];
	s->max = v[n - 1];
	s->median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	rank = (95 * n + 99) / 100;	/* ceil(0.95 n), at least 1 */
	s->p95 = v[rank - 1];
}
