// SPDX-License-Identifier: GPL-2.0
/* labtool idle: idle to suspended, per resume (see idle.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "idle.h"
#include "lab.h"
#include "parse.h"
#include "stats.h"

#define MAX_SAMPLES	4096
#define HIST_LINES	40

long idle_suspend_times(FILE *trace, const char *dev, double *times, long max)
{
	size_t dlen = strlen(dev);
	char line[1024], *end;
	const char *ev;
	unsigned long flags;
	double when;
	long pid, n = 0;

	while (n < max && fgets(line, sizeof(line), trace)) {
		ev = trace_event_start(line, &pid, &when);
		if (!ev || strncmp(ev, "rpm_suspend: ", 13) || strncmp(ev + 13, dev, dlen) ||
		    strncmp(ev + 13 + dlen, " flags-", 7))
			continue;
		flags = strtoul(ev + 13 + dlen + 7, &end, 16);
		if (end == ev + 13 + dlen + 7 || !(flags & RPM_FLAG_AUTO) || (flags & RPM_FLAG_ASYNC))
			continue;
		times[n++] = when;
	}
	return ferror(trace) ? -1 : n;
}

long idle_pair(const struct rpm_span *spans, long nspans, const double *suspends,
	       long nsuspends, double *ms)
{
	long i, j = 0, k, missing = 0;

	for (i = 0; i < nspans; i++) {
		while (j < nsuspends && suspends[j] <= spans[i].end)
			j++;
		/* the last one of this idle period */
		k = j;
		while (k < nsuspends && (i + 1 == nspans || suspends[k] < spans[i + 1].start))
			k++;
		if (k > j) {
			ms[i] = (suspends[k - 1] - spans[i].end) * 1e3;
			j = k;
		} else {
			ms[i] = -1;
			missing++;
		}
	}
	return missing;
}

/*
 * "idle hist [   122,   124)   12 ############": bins of a fiftieth of
 * the delay (2 ms at 100 ms), over the range the samples take, widened
 * to keep to HIST_LINES lines. N > 0 samples, sorted.
 */
static void histogram(FILE *out, const double *ms, long n, unsigned int delay_ms)
{
	double width = delay_ms / 50.0, lo;
	long first, last, b, i = 0, k, count;

	first = (long)floor((ms[0] - delay_ms) / width);
	last = (long)floor((ms[n - 1] - delay_ms) / width);
	if (last - first + 1 > HIST_LINES) {
		width *= ceil((last - first + 1) / (double)HIST_LINES);
		first = (long)floor((ms[0] - delay_ms) / width);
		last = (long)floor((ms[n - 1] - delay_ms) / width);
	}
	for (b = first; b <= last; b++) {
		lo = delay_ms + b * width;
		for (count = 0; i < n && ms[i] < lo + width; i++)
			count++;
		fprintf(out, "idle hist [%6.0f,%6.0f) %4ld ", lo, lo + width, count);
		for (k = 0; k < count; k++)
			fputc('#', out);
		fputc('\n', out);
	}
}

long idle_report(FILE *out, const double *ms, long n, unsigned int delay_ms, unsigned int margin_ms)
{
	double bound = delay_ms * 5.0 / 4 + margin_ms;
	double *v = malloc((n ? n : 1) * sizeof(*v));
	struct latency_stats s;
	long i, nv = 0, bad = 0;

	if (!v)
		return n ? n : 1;
	fprintf(out, "idle samples:");
	for (i = 0; i < n; i++)
		fprintf(out, " %.1f", ms[i]);
	fputc('\n', out);
	for (i = 0; i < n; i++) {
		if (ms[i] < 0) {
			fprintf(out, "idle: resume %ld has no autosuspend after it\n", i);
			bad++;
		} else if (ms[i] < delay_ms) {
			fprintf(out, "idle: resume %ld: suspend began after %.1f ms, before the %u ms delay\n",
				i, ms[i], delay_ms);
			bad++;
		} else if (ms[i] > bound) {
			fprintf(out, "idle: resume %ld: suspend began after %.1f ms, over the bound %.1f ms (delay + 25%% + %u)\n",
				i, ms[i], bound, margin_ms);
			bad++;
		}
		if (ms[i] >= 0)
			v[nv++] = ms[i];
	}
	latency_stats(v, nv, &s);	/* sorts v */
	if (nv)
		histogram(out, v, nv, delay_ms);
	fprintf(out, "idle: n=%zu delay=%u min=%.1f median=%.1f p95=%.1f max=%.1f ms, bound %.1f\n",
		s.n, delay_ms, s.min, s.median, s.p95, s.max, bound);
	free(v);
	return bad;
}

int cmd_idle(char **argv)
{
	struct rpm_span *spans = calloc(MAX_SAMPLES, sizeof(*spans));
	double *suspends = calloc(MAX_SAMPLES, sizeof(*suspends));
	double *ms = calloc(MAX_SAMPLES, sizeof(*ms));
	unsigned int delay, margin;
	long nspans, nsusp, bad;
	int ret = EXIT_FAIL;
	FILE *t = NULL;

	if (parse_uint(argv[2], LAB_MAX_MS, &delay) || !delay ||
	    parse_uint(argv[3], LAB_MAX_MS, &margin)) {
		fprintf(stderr, "labtool idle: bad delay '%s' or margin '%s' (ms)\n", argv[2], argv[3]);
		ret = EXIT_USAGE;
		goto out;
	}
	if (!spans || !suspends || !ms)
		goto out;
	t = fopen(argv[0], "r");
	if (!t) {
		perror(argv[0]);
		goto out;
	}
	nspans = rpm_resume_spans(t, argv[1], spans, MAX_SAMPLES);
	rewind(t);
	nsusp = idle_suspend_times(t, argv[1], suspends, MAX_SAMPLES);
	if (nspans < 0 || nsusp < 0) {
		fprintf(stderr, "labtool idle: cannot read %s\n", argv[0]);
		goto out;
	}
	if (!nspans) {
		printf("idle: no resume of %s in %s\n", argv[1], argv[0]);
		goto out;
	}
	idle_pair(spans, nspans, suspends, nsusp, ms);
	bad = idle_report(stdout, ms, nspans, delay, margin);
	ret = bad ? EXIT_FAIL : EXIT_OK;
out:
	if (t)
		fclose(t);
	free(spans);
	free(suspends);
	free(ms);
	return ret;
}
