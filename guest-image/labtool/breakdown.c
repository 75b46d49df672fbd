// SPDX-License-Identifier: GPL-2.0
/* Where a remote wakeup's time goes (see breakdown.h). */
#include <math.h>
#include <stdlib.h>

#include "breakdown.h"
#include "stats.h"

const char *const breakdown_step_name[STEP_COUNT] = {
	[STEP_INPUT_TO_REQUEST] = "input-to-request",
	[STEP_REQUEST_TO_ROOTHUB] = "request-to-roothub-resume",
	[STEP_ROOTHUB_RESUME] = "roothub-resume",
	[STEP_ROOTHUB_TO_DEVICE] = "roothub-to-device-resume",
	[STEP_DEVICE_RESUME] = "device-resume",
	[STEP_TOTAL] = "total",
};

/* the first time in V (ascending) that is >= FROM and < UNTIL, or -1 */
static long first_time(const double *v, long n, double from, double until)
{
	long i;

	for (i = 0; i < n; i++)
		if (v[i] >= from)
			return v[i] < until ? i : -1;
	return -1;
}

/* the first span that starts >= FROM and ends < UNTIL, or -1 */
static long first_span(const struct rpm_span *s, long n, double from, double until)
{
	long i;

	for (i = 0; i < n; i++)
		if (s[i].start >= from)
			return s[i].end < until ? i : -1;
	return -1;
}

static void one_row(double input, double until, const struct breakdown_events *ev,
		    struct breakdown_row *row)
{
	long q, r, d;
	double req;
	const struct rpm_span *rh, *dev;

	row->ok = false;
	q = first_time(ev->requests, ev->nrequests, input, until);
	if (q < 0)
		return;
	req = ev->requests[q];
	r = first_span(ev->roothub, ev->nroothub, req, until);
	if (r < 0)
		return;
	rh = &ev->roothub[r];
	d = first_span(ev->device, ev->ndevice, rh->start, until);
	if (d < 0)
		return;
	dev = &ev->device[d];
	row->ms[STEP_INPUT_TO_REQUEST] = (req - input) * 1e3;
	row->ms[STEP_REQUEST_TO_ROOTHUB] = (rh->start - req) * 1e3;
	row->ms[STEP_ROOTHUB_RESUME] = (rh->end - rh->start) * 1e3;
	row->ms[STEP_ROOTHUB_TO_DEVICE] = (dev->start - rh->end) * 1e3;
	row->ms[STEP_DEVICE_RESUME] = (dev->end - dev->start) * 1e3;
	row->ms[STEP_TOTAL] = (dev->end - input) * 1e3;
	row->ok = true;
}

void breakdown_rows(const double *input, unsigned int n, const struct breakdown_events *ev,
		    struct breakdown_row *rows)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		one_row(input[i], i + 1 < n ? input[i + 1] : INFINITY, ev, &rows[i]);
}

/* one round's steps: "breakdown round I: STEP=MS ... ms", or breakdown_round_I_STEP_ms= */
static void print_row(FILE *out, bool kv, const struct breakdown_row *row, unsigned int i)
{
	char key[64];
	int step;

	if (kv) {
		/* a round whose events are missing is left out */
		for (step = 0; row->ok && step < STEP_COUNT; step++) {
			kv_key(key, sizeof(key), "breakdown_round_%u_%s_ms", i, breakdown_step_name[step]);
			fprintf(out, "%s=%.2f\n", key, row->ms[step]);
		}
		return;
	}
	fprintf(out, "breakdown round %u:", i);
	if (!row->ok) {
		fprintf(out, " events missing\n");
		return;
	}
	for (step = 0; step < STEP_COUNT; step++)
		fprintf(out, " %s=%.2f", breakdown_step_name[step], row->ms[step]);
	fprintf(out, " ms\n");
}

unsigned int breakdown_print(FILE *out, bool kv, const struct breakdown_row *rows, unsigned int n)
{
	double *v = calloc(n ? n : 1, sizeof(*v));
	char label[64], key[64];
	struct latency_stats s;
	unsigned int i, ok = 0;
	int step;

	if (!v)
		return 0;
	for (i = 0; i < n; i++) {
		print_row(out, kv, &rows[i], i);
		ok += rows[i].ok;
	}
	for (step = 0; ok && step < STEP_COUNT; step++) {
		unsigned int k = 0;

		for (i = 0; i < n; i++)
			if (rows[i].ok)
				v[k++] = rows[i].ms[step];
		latency_stats(v, k, &s);
		snprintf(label, sizeof(label), "breakdown %s", breakdown_step_name[step]);
		kv_key(key, sizeof(key), "breakdown_%s", breakdown_step_name[step]);
		latency_stats_print(out, kv, label, key, &s, 2);
	}
	free(v);
	return ok;
}

static void one_spec_row(double input, double until, const struct spec_events *ev,
			 struct spec_row *row)
{
	long b, e, a, u;

	row->ok = false;
	b = first_time(ev->resume_start, ev->nresume_start, input, until);
	if (b < 0)
		return;
	e = first_time(ev->resume_end, ev->nresume_end, ev->resume_start[b], until);
	if (e < 0)
		return;
	a = first_time(ev->link_active, ev->nlink_active, ev->resume_end[e], until);
	if (a < 0)
		return;
	u = first_time(ev->setups, ev->nsetups, ev->link_active[a], until);
	if (u < 0)
		return;
	row->signalling_ms = (ev->end_ns[e] - ev->start_ns[b]) / 1e6;
	row->recovery_ms = (ev->setups[u] - ev->link_active[a]) * 1e3;
	row->ok = true;
}

void spec_rows(const double *input, unsigned int n, const struct spec_events *ev,
	       struct spec_row *rows)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		one_spec_row(input[i], i + 1 < n ? input[i + 1] : INFINITY, ev, &rows[i]);
}

static void spec_stats(FILE *out, bool kv, const char *name, const struct spec_row *rows,
		       unsigned int n, bool recovery, double *v)
{
	char label[64], key[64];
	struct latency_stats s;
	unsigned int i, k = 0;

	for (i = 0; i < n; i++)
		if (rows[i].ok)
			v[k++] = recovery ? rows[i].recovery_ms : rows[i].signalling_ms;
	latency_stats(v, k, &s);
	snprintf(label, sizeof(label), "breakdown %s", name);
	snprintf(key, sizeof(key), "breakdown_%s", name);
	latency_stats_print(out, kv, label, key, &s, 2);
}

/* as print_row(), a row of spec_rows() */
static void print_spec_row(FILE *out, bool kv, const struct spec_row *row, unsigned int i)
{
	if (kv) {
		if (row->ok)
			fprintf(out, "breakdown_spec_round_%u_signalling_ms=%.2f\n"
				"breakdown_spec_round_%u_recovery_ms=%.2f\n",
				i, row->signalling_ms, i, row->recovery_ms);
		return;
	}
	if (!row->ok) {
		fprintf(out, "breakdown spec round %u: events missing\n", i);
		return;
	}
	fprintf(out, "breakdown spec round %u: signalling=%.2f recovery=%.2f ms\n", i,
		row->signalling_ms, row->recovery_ms);
}

unsigned int spec_print(FILE *out, bool kv, const struct spec_row *rows, unsigned int n)
{
	double *v = calloc(n ? n : 1, sizeof(*v));
	unsigned int i, ok = 0;

	if (!v)
		return 0;
	for (i = 0; i < n; i++) {
		print_spec_row(out, kv, &rows[i], i);
		ok += rows[i].ok;
	}
	if (ok) {
		spec_stats(out, kv, "signalling", rows, n, false, v);
		spec_stats(out, kv, "recovery", rows, n, true, v);
	}
	free(v);
	return ok;
}
