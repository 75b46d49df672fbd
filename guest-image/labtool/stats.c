// SPDX-License-Identifier: GPL-2.0
/* Latency figures (see stats.h). */
#include <stdarg.h>
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

void latency_stats_print(FILE *out, bool kv, const char *label, const char *key,
			 const struct latency_stats *s, int decimals)
{
	int d = decimals;

	if (!kv) {
		fprintf(out, "%s: n=%zu min=%.*f median=%.*f p95=%.*f max=%.*f ms\n", label, s->n,
			d, s->min, d, s->median, d, s->p95, d, s->max);
		return;
	}
	fprintf(out, "%s_n=%zu\n", key, s->n);
	fprintf(out, "%s_min_ms=%.*f\n", key, d, s->min);
	fprintf(out, "%s_median_ms=%.*f\n", key, d, s->median);
	fprintf(out, "%s_p95_ms=%.*f\n", key, d, s->p95);
	fprintf(out, "%s_max_ms=%.*f\n", key, d, s->max);
}

char *kv_key(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	char *c;

	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	for (c = buf; *c; c++)
		if (*c == '-')
			*c = '_';
	return buf;
}
