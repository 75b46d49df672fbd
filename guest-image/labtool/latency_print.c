// SPDX-License-Identifier: GPL-2.0
/* labtool latency's lines for people and for scripts (latency_print.h). */
#include <stdlib.h>
#include <string.h>

#include "latency_print.h"
#include "stats.h"

void latency_print_head(FILE *out, bool kv, const struct latency_result *r)
{
	if (kv)
		fprintf(out, "mode=%s\nrounds=%u\n", r->mode, r->count);
}

void latency_print_round(FILE *out, bool kv, const struct latency_result *r, unsigned int i)
{
	char key[64];

	if (!kv) {
		fprintf(out, "round %u: active %.1f ms", i, r->active_ms[i]);
		if (r->data)
			fprintf(out, ", data %.1f ms", r->data_ms[i]);
		fprintf(out, "\n");
		return;
	}
	fprintf(out, "round_%u_to_active_ms=%.1f\n", i, r->active_ms[i]);
	if (r->data)
		fprintf(out, "%s=%.1f\n", kv_key(key, sizeof(key), "round_%u_%s_ms", i, r->data),
			r->data_ms[i]);
}

/* the figures of the rounds timed, V's copy sorted (latency_stats) */
static void print_kind(FILE *out, bool kv, const struct latency_result *r, const char *what,
		       const double *v, double *sorted)
{
	char label[64], key[64];
	struct latency_stats s;

	memcpy(sorted, v, r->timed * sizeof(*v));
	latency_stats(sorted, r->timed, &s);
	snprintf(label, sizeof(label), "latency %s %s", r->mode, what);
	latency_stats_print(out, kv, label, kv_key(key, sizeof(key), "%s", what), &s, 1);
}

int latency_print_figures(FILE *out, bool kv, const struct latency_result *r)
{
	double *sorted;

	if (r->timed < r->count && kv)
		fprintf(out, "failed_round=%u\n", r->timed);
	else if (r->timed < r->count)
		fprintf(out, "latency %s: round %u of %u failed\n", r->mode, r->timed, r->count);
	if (!r->timed)
		return 0;
	sorted = calloc(r->timed, sizeof(*sorted));
	if (!sorted)
		return -1;
	print_kind(out, kv, r, "to-active", r->active_ms, sorted);
	if (r->data)
		print_kind(out, kv, r, r->data, r->data_ms, sorted);
	free(sorted);
	return 0;
}

void latency_print_error(FILE *out, bool kv, const struct latency_result *r)
{
	if (kv && r->error)
		fprintf(out, "error=%s\n", r->error);
}
