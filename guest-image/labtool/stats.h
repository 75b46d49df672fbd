/* SPDX-License-Identifier: GPL-2.0 */
/* Latency figures over a set of samples: min, median, p95, max. */
#ifndef LABTOOL_STATS_H
#define LABTOOL_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct latency_stats {
	size_t n;
	double min, median, p95, max;
};

/* Sorts V in place. The median of an even count is the mean of the middle
 * two; p95 is the nearest-rank value (the ceil(0.95 n)-th smallest). */
void latency_stats(double *v, size_t n, struct latency_stats *s);

/*
 * S with DECIMALS places: for people one line "LABEL: n=N min=M
 * median=M p95=P max=X ms", for scripts (KV) one "key=value" line each,
 * KEY_n, KEY_min_ms, KEY_median_ms, KEY_p95_ms and KEY_max_ms.
 */
void latency_stats_print(FILE *out, bool kv, const char *label, const char *key,
			 const struct latency_stats *s, int decimals);

/* the printf of FMT into BUF as a kv key: "to-tty-data" is "to_tty_data" */
char *kv_key(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
