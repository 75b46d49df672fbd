// SPDX-License-Identifier: GPL-2.0
/*
 * autopm-gadget events: input at scheduled times, every T ms or at the
 * times of a seeded Poisson process, until a count or a duration is
 * reached. Each event is a wakeup request, a write on the ACM tty, or an
 * ECM frame. Prints what it did and the device-side counters it moved.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "devside.h"
#include "gadget.h"
#include "input.h"
#include "options.h"
#include "rawio.h"
#include "schedule.h"

struct event_run {
	const struct events_options *o;
	char udc[64];
	int acm_fd;
	struct ecm_sender ecm;
	unsigned int done, at_suspended, failed;
	unsigned int refused_eio, refused_einval, refused_other;
	unsigned long long bytes;
};

static void count_refusal(struct event_run *r, int err)
{
	r->failed++;
	if (err == -EIO)
		r->refused_eio++;
	else if (err == -EINVAL)
		r->refused_einval++;
	else
		r->refused_other++;
}

static void act(struct event_run *r, unsigned int n)
{
	char buf[MAX_ACM_EVENT_SIZE];
	unsigned int i;
	ssize_t w;
	int err;

	if (udc_bus_suspended(r->udc) > 0)
		r->at_suspended++;
	switch (r->o->kind) {
	case LAB_INPUT_WAKE:
		err = input_wake(r->udc);
		if (err)
			count_refusal(r, err);
		break;
	case LAB_INPUT_ACM:
		for (i = 0; i < r->o->size; i++)
			buf[i] = 'a' + (n + i) % 26;
		w = input_acm(r->acm_fd, buf, r->o->size);
		if (w > 0)
			r->bytes += w;
		if (w != (ssize_t)r->o->size)
			r->failed++;
		break;
	case LAB_INPUT_ECM:
		if (input_ecm(&r->ecm, n, r->o->size))
			r->failed++;
		else
			r->bytes += r->o->size;
		break;
	}
	r->done++;
}

static int prepare(usbg_gadget *g, struct event_run *r)
{
	char tty[64];

	if (dev_udc(g, r->udc, sizeof(r->udc)))
		return -1;
	if (r->o->kind == LAB_INPUT_ACM) {
		if (dev_acm_tty(g, tty, sizeof(tty)))
			return -1;
		/* non-blocking: an event must not wait for the host */
		r->acm_fd = tty_open_raw(tty, O_WRONLY | O_NONBLOCK);
		if (r->acm_fd < 0) {
			fprintf(stderr, "autopm-gadget: cannot open %s: %s\n", tty, strerror(errno));
			return -1;
		}
	}
	if (r->o->kind == LAB_INPUT_ECM && dev_ecm_sender_open(g, &r->ecm))
		return -1;
	return 0;
}

static void print_delta(const char *name, long before, long after)
{
	if (before < 0 || after < 0)
		printf("device-%s: unavailable\n", name);
	else
		printf("device-%s: %ld\n", name, after - before);
}

static void report(const struct event_run *r, long long elapsed, const struct dev_counters *b,
		   const struct dev_counters *a)
{
	printf("events: %u %s in %lld ms, %u found the bus suspended\n", r->done,
	       lab_input_name(r->o->kind), elapsed, r->at_suspended);
	if (r->o->kind == LAB_INPUT_WAKE)
		printf("wake-requests: %u accepted, %u refused (%u bus not suspended, %u not armed, %u other)\n",
		       r->done - r->failed, r->failed, r->refused_eio, r->refused_einval,
		       r->refused_other);
	else
		printf("input: %llu bytes, %u events failed\n", r->bytes, r->failed);
	print_delta("suspends", b->suspends, a->suspends);
	print_delta("resumes", b->resumes, a->resumes);
	print_delta("wake-requests", b->wake_requests, a->wake_requests);
	print_delta("wake-refused", b->wake_refused, a->wake_refused);
	print_delta("wake-delivered", b->wake_delivered, a->wake_delivered);
}

static int run(usbg_gadget *g, const struct events_options *o)
{
	struct event_run r = { .o = o, .acm_fd = -1, .ecm.fd = -1 };
	struct dev_counters before, after;
	struct schedule sched;
	long long start, at;
	unsigned int n;

	if (prepare(g, &r))
		goto out;
	schedule_init(&sched, o->poisson, o->mean_ms, o->seed);
	dev_counters_read(g, r.udc, &before);
	start = now_ms();
	at = start;
	for (n = 0; !o->count || n < o->count; n++) {
		at += schedule_next_gap_ms(&sched);
		if (o->duration_ms && at - start > o->duration_ms)
			break;
		sleep_until_ms(at);
		act(&r, n);
	}
	dev_counters_read(g, r.udc, &after);
	report(&r, now_ms() - start, &before, &after);
out:
	if (r.acm_fd >= 0)
		close(r.acm_fd);
	if (r.ecm.fd >= 0)
		close(r.ecm.fd);
	return r.done ? 0 : -1;
}

int cmd_events(int argc, char **argv)
{
	struct events_options o;
	usbg_gadget *g;
	usbg_state *s;
	int ret;

	if (parse_events_options(argc, argv, &o))
		return EXIT_USAGE;
	if (lab_gadget_open(&s, &g))
		return EXIT_FAIL;
	ret = run(g, &o) ? EXIT_FAIL : EXIT_OK;
	usbg_cleanup(s);
	return ret;
}
