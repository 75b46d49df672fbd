// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "rpmcount.h"

#define MAX_DEPTH	16
#define MAX_TASKS	64

struct rpm_call {
	char fn[16];
	int flags;
	double start;
};

/* the calls a task has open on our device, innermost last */
struct task_calls {
	long pid;
	int depth;
	struct rpm_call call[MAX_DEPTH];
};

struct parser {
	const char *dev;
	struct task_calls task[MAX_TASKS];
	int ntasks;
	struct rpm_counts *out;
	double now;		/* the time of the event being parsed */
	const char *span_fn;	/* whose calls returning 0 are spans */
	struct rpm_span *spans;	/* where they go, if anywhere */
	long nspans, maxspans;
};

/* the task's slot; a slot with no open call is free for reuse */
static struct task_calls *task_of(struct parser *p, long pid)
{
	struct task_calls *free_slot = NULL;
	int i;

	for (i = 0; i < p->ntasks; i++) {
		if (p->task[i].pid == pid)
			return &p->task[i];
		if (!free_slot && !p->task[i].depth)
			free_slot = &p->task[i];
	}
	if (!free_slot && p->ntasks < MAX_TASKS)
		free_slot = &p->task[p->ntasks++];
	if (free_slot)
		*free_slot = (struct task_calls){ .pid = pid };
	return free_slot;
}

const char *trace_event_start(const char *line, long *pid, double *when)
{
	const char *br = strstr(line, " [");
	const char *dash, *colon, *t;

	if (!br || line[0] == '#')
		return NULL;
	for (dash = br; dash > line && *dash != '-'; dash--)
		;
	if (*dash != '-')
		return NULL;
	*pid = strtol(dash + 1, NULL, 10);
	colon = strstr(br, ": ");
	if (!colon)
		return NULL;
	for (t = colon; t > br && t[-1] != ' '; t--)
		;
	*when = strtod(t, NULL);
	return colon + 2;
}

/* "rpm_resume: 1-1 flags-4 cnt-..." */
static void on_call(struct parser *p, long pid, const char *ev)
{
	const char *name = strchr(ev, ' ');
	size_t n = strcspn(ev, ":");
	struct task_calls *t;
	const char *flags;

	if (!name || strncmp(name + 1, p->dev, strlen(p->dev)) || name[1 + strlen(p->dev)] != ' ')
		return;
	t = task_of(p, pid);
	if (!t || t->depth == MAX_DEPTH || n >= sizeof(t->call[0].fn)) {
		p->out->unmatched++;
		return;
	}
	flags = strstr(name, " flags-");
	memcpy(t->call[t->depth].fn, ev, n);
	t->call[t->depth].fn[n] = '\0';
	t->call[t->depth].flags = flags ? (int)strtol(flags + 7, NULL, 16) : 0;
	t->call[t->depth].start = p->now;
	t->depth++;
}

/*
 * "rpm_return_int: rpm_resume+0x1e0/0x6a0:1-1 ret=0", or a bare address
 * without kallsyms. Every call returns exactly once, so the return
 * belongs to the task's innermost open call on this device.
 */
static void on_return(struct parser *p, long pid, const char *ev)
{
	struct task_calls *t;
	struct rpm_call *c;
	const char *body = ev + strlen("rpm_return_int: ");
	const char *colon = strchr(body, ':');
	const char *ret;
	int r;

	if (!colon || strncmp(colon + 1, p->dev, strlen(p->dev)))
		return;
	ret = colon + 1 + strlen(p->dev);
	if (strncmp(ret, " ret=", 5))
		return;
	r = atoi(ret + 5);
	t = task_of(p, pid);
	if (!t || !t->depth) {
		p->out->unmatched++;
		return;
	}
	c = &t->call[--t->depth];
	if (c->flags & RPM_FLAG_ASYNC)
		return;
	if (r == 0 && p->spans && !strcmp(c->fn, p->span_fn) && p->nspans < p->maxspans)
		p->spans[p->nspans++] = (struct rpm_span){ c->start, p->now };
	if (strcmp(c->fn, "rpm_resume"))
		return;
	if (r == 0)
		p->out->resumes++;
	else if (r < 0)
		p->out->resume_errors++;
}

static void check_overrun(const char *line, struct rpm_counts *out)
{
	long in_buf, written;

	if (sscanf(line, "# entries-in-buffer/entries-written: %ld/%ld", &in_buf, &written) == 2 &&
	    in_buf != written)
		out->overrun = true;
}

/*
 * The events of the calls that rpm_return_int ends. Not rpm_usage, nor
 * rpm_status (6.12: a status change inside a call, no return of its own).
 */
static bool is_call(const char *ev)
{
	return !strncmp(ev, "rpm_suspend:", 12) || !strncmp(ev, "rpm_resume:", 11) ||
	       !strncmp(ev, "rpm_idle:", 9);
}

static int parse_trace(FILE *trace, struct parser *p)
{
	char line[1024];
	const char *ev;
	long pid;

	while (fgets(line, sizeof(line), trace)) {
		line[strcspn(line, "\n")] = '\0';
		check_overrun(line, p->out);
		ev = trace_event_start(line, &pid, &p->now);
		if (!ev || strncmp(ev, "rpm_", 4))
			continue;
		if (!strncmp(ev, "rpm_return_int: ", 16))
			on_return(p, pid, ev);
		else if (is_call(ev))
			on_call(p, pid, ev);
	}
	return ferror(trace) ? -1 : 0;
}

int rpm_count(FILE *trace, const char *dev, struct rpm_counts *out)
{
	struct parser *p = calloc(1, sizeof(*p));
	int ret;

	if (!p)
		return -1;
	*out = (struct rpm_counts){ 0 };
	p->dev = dev;
	p->out = out;
	ret = parse_trace(trace, p);
	free(p);
	return ret;
}

long rpm_call_spans(FILE *trace, const char *dev, const char *fn, struct rpm_span *spans,
		    long max)
{
	struct parser *p = calloc(1, sizeof(*p));
	struct rpm_counts counts;
	long n = -1;

	if (!p)
		return -1;
	p->dev = dev;
	p->out = &counts;
	p->span_fn = fn;
	p->spans = spans;
	p->maxspans = max;
	if (!parse_trace(trace, p))
		n = p->nspans;
	free(p);
	return n;
}

long rpm_resume_spans(FILE *trace, const char *dev, struct rpm_span *spans, long max)
{
	return rpm_call_spans(trace, dev, "rpm_resume", spans, max);
}

/* the times of EVENT whose text contains NEEDLE and ends in SUFFIX (each
 * only if not NULL); with KEY, also the number after it ("KEY N"), which
 * an event without one is not counted without */
static long event_times(FILE *trace, const char *event, const char *needle, const char *suffix,
			const char *key, double *times, double *values, long max)
{
	size_t name_len = strlen(event), len, slen = suffix ? strlen(suffix) : 0;
	char line[1024], *end;
	const char *ev, *at;
	long pid, n = 0;
	double when, value = 0;

	while (n < max && fgets(line, sizeof(line), trace)) {
		line[strcspn(line, "\n")] = '\0';
		ev = trace_event_start(line, &pid, &when);
		if (!ev || strncmp(ev, event, name_len) || ev[name_len] != ':')
			continue;
		if (needle && !strstr(ev + name_len, needle))
			continue;
		len = strlen(line);
		if (suffix && (len < slen || strcmp(line + len - slen, suffix)))
			continue;
		if (key) {
			at = strstr(ev + name_len, key);
			if (!at)
				continue;
			value = strtod(at + strlen(key), &end);
			if (end == at + strlen(key))
				continue;
			values[n] = value;
		}
		times[n++] = when;
	}
	return ferror(trace) ? -1 : n;
}

long trace_event_times(FILE *trace, const char *event, double *times, long max)
{
	return event_times(trace, event, NULL, " --> 0", NULL, times, NULL, max);
}

long trace_event_times_with(FILE *trace, const char *event, const char *needle, double *times,
			    long max)
{
	return event_times(trace, event, needle, NULL, NULL, times, NULL, max);
}

long trace_event_values(FILE *trace, const char *event, const char *key, double *times,
			double *values, long max)
{
	return event_times(trace, event, NULL, NULL, key, times, values, max);
}

long wakeup_count(FILE *dmesg, const char *dev)
{
	char line[1024], needle[128];
	long n = 0;

	snprintf(needle, sizeof(needle), " %s: usb wakeup-resume", dev);
	while (fgets(line, sizeof(line), dmesg))
		if (strstr(line, needle))
			n++;
	return n;
}
