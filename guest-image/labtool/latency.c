// SPDX-License-Identifier: GPL-2.0
/*
 * labtool latency: how long a device-initiated wakeup takes, end to end.
 * Each round waits for the host-side device to be suspended, then makes
 * input on the gadget (a wakeup request, a tty write, or an ECM frame)
 * and times, from that moment, the host device becoming active and, for
 * data, the data becoming readable on the host. Both ends share one
 * kernel and one monotonic clock, so the times are exact to the polling
 * step (0.2 ms). With --breakdown, trace events (on the same clock) also
 * say where each wakeup's time went (breakdown.h). --format=kv prints
 * the same figures as "key=value" lines for scripts (latency_print.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "breakdown.h"
#include "clock.h"
#include "frame.h"
#include "input.h"
#include "lab.h"
#include "latency.h"
#include "latency_print.h"
#include "parse.h"
#include "rawio.h"
#include "stats.h"
#include "sysfs.h"

#define POLL_STEP_US	200
#define ACM_MSG_LEN	15
#define ECM_PAYLOAD	64
#define MAX_ROUNDS	1000
/* the events a breakdown reads; more than one per round is normal */
#define MAX_EVENTS	(8 * MAX_ROUNDS)

struct latency_run {
	enum lab_input mode;
	unsigned int count, timeout_ms, suspend_timeout_ms;
	const char *device, *udc, *host_tty, *gadget_tty, *host_if, *gadget_if, *netns;
	char status_path[256];
	int host_fd, acm_fd;		/* host: tty or packet socket */
	struct ecm_sender ecm;
	double active_ms[MAX_ROUNDS], data_ms[MAX_ROUNDS];
	bool breakdown;
	bool kv;			/* --format=kv */
	char error[256];		/* why the run stopped: the first complaint */
	char roothub[32], roothub_status[256];
	bool spec;			/* the kernel has dummy_hcd's trace events */
	double input_s[MAX_ROUNDS];	/* when each round made its input */
};

static int usage_error(const char *what, const char *value)
{
	fprintf(stderr, "labtool latency: %s%s%s\n", what, value ? ": " : "", value ? value : "");
	return -1;
}

/* why the run stops: on stderr for people, and kept for kv's error= */
static int run_error(struct latency_run *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int run_error(struct latency_run *r, const char *fmt, ...)
{
	char msg[sizeof(r->error)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "labtool latency: %s\n", msg);
	if (!r->error[0])
		strcpy(r->error, msg);
	return -1;
}

static int parse(int argc, char **argv, struct latency_run *r)
{
	static const struct option longopts[] = {
		{ "mode", required_argument, NULL, 'm' },
		{ "count", required_argument, NULL, 'c' },
		{ "device", required_argument, NULL, 'd' },
		{ "udc", required_argument, NULL, 'u' },
		{ "host-tty", required_argument, NULL, 'H' },
		{ "gadget-tty", required_argument, NULL, 'G' },
		{ "host-if", required_argument, NULL, 'i' },
		{ "gadget-if", required_argument, NULL, 'g' },
		{ "netns", required_argument, NULL, 'n' },
		{ "timeout-ms", required_argument, NULL, 't' },
		{ "suspend-timeout-ms", required_argument, NULL, 's' },
		{ "breakdown", no_argument, NULL, 'b' },
		{ "format", required_argument, NULL, 'f' },
		{ NULL, 0, NULL, 0 },
	};
	const char *mode = NULL;
	unsigned int v;
	int c;

	*r = (struct latency_run){ .count = 20, .timeout_ms = 2000, .suspend_timeout_ms = 3000,
				   .host_fd = -1, .acm_fd = -1, .ecm.fd = -1 };
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		switch (c) {
		case 'm': mode = optarg; break;
		case 'd': r->device = optarg; break;
		case 'u': r->udc = optarg; break;
		case 'H': r->host_tty = optarg; break;
		case 'G': r->gadget_tty = optarg; break;
		case 'i': r->host_if = optarg; break;
		case 'g': r->gadget_if = optarg; break;
		case 'n': r->netns = optarg; break;
		case 'b': r->breakdown = true; break;
		case 'f':
			if (strcmp(optarg, "kv") && strcmp(optarg, "human"))
				return usage_error("--format wants human or kv", optarg);
			r->kv = !strcmp(optarg, "kv");
			break;
		case 'c':
		case 't':
		case 's':
			if (parse_uint(optarg, c == 'c' ? MAX_ROUNDS : 600000, &v) || !v)
				return usage_error("bad number", optarg);
			if (c == 'c')
				r->count = v;
			else if (c == 't')
				r->timeout_ms = v;
			else
				r->suspend_timeout_ms = v;
			break;
		default:
			return usage_error("unknown or incomplete option", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return usage_error("unexpected argument", argv[optind]);
	if (!mode || !r->device || !r->udc)
		return usage_error("--mode, --device and --udc are required", NULL);
	if (lab_input_parse(mode, &r->mode))
		return usage_error("--mode is wake, acm or ecm", mode);
	if (r->mode == LAB_INPUT_ACM && (!r->host_tty || !r->gadget_tty))
		return usage_error("--mode acm needs --host-tty and --gadget-tty", NULL);
	if (r->mode == LAB_INPUT_ECM && (!r->host_if || !r->gadget_if || !r->netns))
		return usage_error("--mode ecm needs --host-if, --gadget-if and --netns PID", NULL);
	snprintf(r->status_path, sizeof(r->status_path),
		 SYSFS_USB_DEVICES "/%s/power/runtime_status", r->device);
	/* "1-1.2" is on bus 1, whose root hub is "usb1" */
	snprintf(r->roothub, sizeof(r->roothub), "usb%.*s", (int)strcspn(r->device, "-"), r->device);
	snprintf(r->roothub_status, sizeof(r->roothub_status),
		 SYSFS_USB_DEVICES "/%s/power/runtime_status", r->roothub);
	return 0;
}

/* every rpm event: a return is paired with its call (rpm_resume_spans) */
static const char *const trace_events[] = { "rpm", "gadget/usb_gadget_wakeup" };
/* the bus's own view, where the kernel has it (patched): resume timings */
static const char *const spec_events[] = {
	"dummy_hcd/dummy_hcd_resume_start", "dummy_hcd/dummy_hcd_resume_end",
	"dummy_hcd/dummy_hcd_link", "dummy_hcd/dummy_hcd_setup"
};

/* 1 if all of spec_events are there (and now set to VALUE), 0 if not */
static int spec_events_enable(const char *value)
{
	char path[128];
	unsigned int i;

	for (i = 0; i < sizeof(spec_events) / sizeof(spec_events[0]); i++) {
		snprintf(path, sizeof(path), TRACEFS "/events/%s/enable", spec_events[i]);
		if (access(path, W_OK) || sysfs_write(path, value))
			return 0;
	}
	return 1;
}

/* the first of trace_events that cannot be set to VALUE, or NULL */
static const char *trace_events_enable(const char *value)
{
	char path[128];
	unsigned int i;

	for (i = 0; i < sizeof(trace_events) / sizeof(trace_events[0]); i++) {
		snprintf(path, sizeof(path), TRACEFS "/events/%s/enable", trace_events[i]);
		if (sysfs_write(path, value))
			return trace_events[i];
	}
	return NULL;
}

/* the trace's clock is CLOCK_MONOTONIC ("mono"), like now_us() */
static int trace_start(struct latency_run *r)
{
	const char *bad;

	if (sysfs_write(TRACEFS "/tracing_on", "0") ||
	    sysfs_write(TRACEFS "/trace_clock", "mono") ||
	    sysfs_write(TRACEFS "/buffer_size_kb", "8192") ||
	    sysfs_write(TRACEFS "/trace", ""))
		return run_error(r, "cannot set up tracing in: %s", TRACEFS);
	bad = trace_events_enable("1");
	if (bad)
		return run_error(r, "cannot enable the trace event: %s", bad);
	r->spec = spec_events_enable("1");
	return sysfs_write(TRACEFS "/tracing_on", "1") ? run_error(r, "cannot start tracing") : 0;
}

/* the rounds are over: an event left enabled is said, not a failure */
static void trace_stop(struct latency_run *r)
{
	const char *bad;

	sysfs_write(TRACEFS "/tracing_on", "0");
	bad = trace_events_enable("0");
	if (bad)
		fprintf(stderr, "labtool latency: cannot disable the trace event: %s\n", bad);
	if (r->spec)
		spec_events_enable("0");
}

/* signalling and recovery per round, from dummy_hcd's events (breakdown.h) */
static int print_spec(struct latency_run *r, unsigned int n)
{
	static double start[MAX_EVENTS], end[MAX_EVENTS], active[MAX_EVENTS], setups[MAX_EVENTS];
	static double start_ns[MAX_EVENTS], end_ns[MAX_EVENTS];
	static struct spec_row rows[MAX_ROUNDS];
	struct spec_events ev = { start, end, active, setups, start_ns, end_ns, 0, 0, 0, 0 };
	char path[256], devnum[16], needle[32];
	FILE *f;

	snprintf(path, sizeof(path), SYSFS_USB_DEVICES "/%s/devnum", r->device);
	if (sysfs_read(path, devnum, sizeof(devnum)))
		return run_error(r, "cannot read: %s", path);
	snprintf(needle, sizeof(needle), " devnum %s ", devnum);
	f = fopen(TRACEFS "/trace", "r");
	if (!f)
		return run_error(r, "cannot read: %s", TRACEFS "/trace");
	ev.nresume_start = trace_event_values(f, "dummy_hcd_resume_start", " at ", start, start_ns,
					      MAX_EVENTS);
	rewind(f);
	ev.nresume_end = trace_event_values(f, "dummy_hcd_resume_end", " at ", end, end_ns,
					    MAX_EVENTS);
	rewind(f);
	ev.nlink_active = trace_event_times_with(f, "dummy_hcd_link", " active 1 ", active,
						 MAX_EVENTS);
	rewind(f);
	ev.nsetups = trace_event_times_with(f, "dummy_hcd_setup", needle, setups, MAX_EVENTS);
	fclose(f);
	if (ev.nresume_start < 0 || ev.nresume_end < 0 || ev.nlink_active < 0 || ev.nsetups < 0)
		return run_error(r, "cannot parse: %s", TRACEFS "/trace");
	spec_rows(r->input_s, n, &ev, rows);
	if (spec_print(stdout, r->kv, rows, n) == n)
		return 0;
	return run_error(r, "the trace lacks some rounds' dummy_hcd events");
}

/* read the trace once per kind of event, then print the rows */
static int print_breakdown(struct latency_run *r, unsigned int n)
{
	static double requests[MAX_EVENTS];
	static struct rpm_span roothub[MAX_EVENTS], device[MAX_EVENTS];
	static struct breakdown_row rows[MAX_ROUNDS];
	struct breakdown_events ev = { requests, 0, roothub, device, 0, 0 };
	FILE *f = fopen(TRACEFS "/trace", "r");
	int ret = -1;

	if (!f)
		return run_error(r, "cannot read: %s", TRACEFS "/trace");
	ev.nrequests = trace_event_times(f, "usb_gadget_wakeup", requests, MAX_EVENTS);
	rewind(f);
	ev.nroothub = rpm_resume_spans(f, r->roothub, roothub, MAX_EVENTS);
	rewind(f);
	ev.ndevice = rpm_resume_spans(f, r->device, device, MAX_EVENTS);
	fclose(f);
	if (ev.nrequests < 0 || ev.nroothub < 0 || ev.ndevice < 0)
		return run_error(r, "cannot parse: %s", TRACEFS "/trace");
	breakdown_rows(r->input_s, n, &ev, rows);
	if (breakdown_print(stdout, r->kv, rows, n) == n)
		ret = 0;
	else
		run_error(r, "the trace lacks some rounds' events");
	if (r->spec && print_spec(r, n))
		ret = -1;
	return ret;
}

/* the sender lives in the gadget's network namespace, the receiver here */
static int open_ecm(struct latency_run *r)
{
	char path[256], mac[32];
	uint8_t host_mac[6];
	int here, there, ok;

	snprintf(path, sizeof(path), SYSFS_NET "/%s/address", r->host_if);
	if (sysfs_read(path, mac, sizeof(mac)) || lab_parse_mac(mac, host_mac))
		return run_error(r, "cannot read the host interface's address: %s", path);
	r->host_fd = ecm_socket_open(r->host_if);
	if (r->host_fd < 0)
		return run_error(r, "cannot open a packet socket on: %s", r->host_if);
	snprintf(path, sizeof(path), "/proc/%s/ns/net", r->netns);
	here = open("/proc/self/ns/net", O_RDONLY);
	there = open(path, O_RDONLY);
	if (here < 0 || there < 0 || setns(there, CLONE_NEWNET))
		return run_error(r, "cannot enter the network namespace: %s", path);
	ecm_sender_open(&r->ecm, r->gadget_if, host_mac);
	ok = !setns(here, CLONE_NEWNET);
	close(here);
	close(there);
	if (r->ecm.fd < 0)
		return run_error(r, "cannot open a packet socket in the namespace on: %s", r->gadget_if);
	return ok ? 0 : run_error(r, "cannot return to the first network namespace");
}

static int open_ends(struct latency_run *r)
{
	/* an open ACM tty also makes the host arm remote wakeup */
	if (r->host_tty) {
		r->host_fd = tty_open_raw(r->host_tty, O_RDONLY | O_NONBLOCK);
		if (r->host_fd < 0)
			return run_error(r, "cannot open: %s", r->host_tty);
	}
	if (r->mode == LAB_INPUT_ACM) {
		r->acm_fd = tty_open_raw(r->gadget_tty, O_WRONLY | O_NONBLOCK);
		if (r->acm_fd < 0)
			return run_error(r, "cannot open: %s", r->gadget_tty);
	}
	if (r->mode == LAB_INPUT_ECM) {
		if (r->host_fd >= 0)
			close(r->host_fd);
		return open_ecm(r);
	}
	return 0;
}

static int trigger(struct latency_run *r, unsigned int round)
{
	char msg[ACM_MSG_LEN + 1];
	ssize_t n;
	int err;

	switch (r->mode) {
	case LAB_INPUT_WAKE:
		err = input_wake(r->udc);
		return err ? run_error(r, "srp refused: %s", strerror(-err)) : 0;
	case LAB_INPUT_ACM:
		snprintf(msg, sizeof(msg), "wake %010u", round);
		n = input_acm(r->acm_fd, msg, ACM_MSG_LEN);
		if (n == ACM_MSG_LEN)
			return 0;
		return run_error(r, "round %u: write on %s: %s", round, r->gadget_tty,
				 n < 0 ? strerror(-n) : "short");
	case LAB_INPUT_ECM:
		err = input_ecm(&r->ecm, round, ECM_PAYLOAD);
		return err ? run_error(r, "round %u: send on %s: %s", round, r->gadget_if,
				       strerror(-err)) : 0;
	}
	return -1;
}

/* 1 once this round's data has all arrived intact, 0 not yet, -1 wrong data */
static int take_data(struct latency_run *r, unsigned int round, char *got, size_t *have)
{
	char want[ACM_MSG_LEN + 1], seen[ACM_MSG_LEN + 1];
	uint8_t frame[LAB_FRAME_MAX];
	uint32_t seq;
	uint16_t len;
	ssize_t n;
	int err, i;

	if (r->mode == LAB_INPUT_ACM) {
		n = read(r->host_fd, got + *have, ACM_MSG_LEN - *have);
		if (n > 0)
			*have += n;
		if (*have < ACM_MSG_LEN)
			return 0;
		snprintf(want, sizeof(want), "wake %010u", round);
		if (!memcmp(got, want, ACM_MSG_LEN))
			return 1;
		/* one line of text whatever arrived: the error is a kv value */
		for (i = 0; i < ACM_MSG_LEN; i++)
			seen[i] = got[i] >= ' ' && got[i] <= '~' ? got[i] : '?';
		seen[ACM_MSG_LEN] = '\0';
		return run_error(r, "round %u: tty data '%s', want '%s'", round, seen, want);
	}
	n = recv(r->host_fd, frame, sizeof(frame), MSG_DONTWAIT);
	if (n <= 0)
		return 0;
	err = lab_frame_parse(frame, n, &seq, &len);
	if (err == LAB_FRAME_NOT_OURS)
		return 0;
	if (err || seq != round)
		return run_error(r, "round %u: frame %s, seq %u", round, lab_frame_strerror(err), seq);
	return 1;
}

static int one_round(struct latency_run *r, unsigned int round)
{
	double t0, t, active = -1, data = r->mode == LAB_INPUT_WAKE ? 0 : -1;
	char status[32], got[ACM_MSG_LEN];
	size_t have = 0;
	int d;

	if (sysfs_wait_for(r->status_path, "suspended", r->suspend_timeout_ms) < 0)
		return run_error(r, "round %u: %s did not suspend within %u ms", round, r->device,
				 r->suspend_timeout_ms);
	/* a breakdown follows the resume from the root hub down */
	if (r->breakdown &&
	    sysfs_wait_for(r->roothub_status, "suspended", r->suspend_timeout_ms) < 0)
		return run_error(r, "round %u: %s did not suspend within %u ms", round, r->roothub,
				 r->suspend_timeout_ms);
	t0 = now_us();
	r->input_s[round] = t0 / 1e6;
	if (trigger(r, round))
		return -1;
	while (active < 0 || data < 0) {
		t = now_us();
		if (t - t0 > r->timeout_ms * 1e3)
			return run_error(r, "round %u: %s within %u ms", round,
					 active < 0 ? "no wakeup" : "no data", r->timeout_ms);
		if (active < 0 && !sysfs_read(r->status_path, status, sizeof(status)) &&
		    !strcmp(status, "active"))
			active = t;
		if (data < 0) {
			d = take_data(r, round, got, &have);
			if (d < 0)
				return -1;
			if (d > 0)
				data = now_us();
		}
		usleep(POLL_STEP_US);
	}
	r->active_ms[round] = (active - t0) / 1e3;
	r->data_ms[round] = (data - t0) / 1e3;
	return 0;
}

/* what a data round times, for the figures' names */
static const char *data_name(enum lab_input mode)
{
	switch (mode) {
	case LAB_INPUT_ACM:
		return "to-tty-data";
	case LAB_INPUT_ECM:
		return "to-packet";
	default:
		return NULL;
	}
}

int cmd_latency(int argc, char **argv)
{
	struct latency_run *r = calloc(1, sizeof(*r));
	struct latency_result res;
	unsigned int i;
	int ret = EXIT_FAIL;

	if (!r)
		return EXIT_FAIL;
	if (parse(argc, argv, r)) {
		free(r);
		return EXIT_USAGE;
	}
	res = (struct latency_result){ .mode = lab_input_name(r->mode), .data = data_name(r->mode),
				       .count = r->count, .active_ms = r->active_ms,
				       .data_ms = r->data_ms };
	latency_print_head(stdout, r->kv, &res);
	if (open_ends(r))
		goto out;
	if (r->breakdown && trace_start(r))
		goto out;
	for (i = 0; i < r->count; i++) {
		if (one_round(r, i))
			break;
		res.timed = i + 1;
		latency_print_round(stdout, r->kv, &res, i);
	}
	if (i == r->count)
		ret = EXIT_OK;
	if (latency_print_figures(stdout, r->kv, &res))
		ret = EXIT_FAIL;
	if (r->breakdown) {
		trace_stop(r);
		if (i && print_breakdown(r, i))
			ret = EXIT_FAIL;
	}
out:
	res.error = r->error[0] ? r->error : NULL;
	latency_print_error(stdout, r->kv, &res);
	if (r->host_fd >= 0)
		close(r->host_fd);
	if (r->acm_fd >= 0)
		close(r->acm_fd);
	if (r->ecm.fd >= 0)
		close(r->ecm.fd);
	free(r);
	return ret;
}
