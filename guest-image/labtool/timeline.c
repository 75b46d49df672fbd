// SPDX-License-Identifier: GPL-2.0
/* labtool timeline: the trace's states and marks (see timeline.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"
#include "rpmcount.h"
#include "timeline.h"

const char *const tl_state_name[TL_STATES] = {
	[TL_ACTIVE] = "active", [TL_SUSPENDING] = "suspending", [TL_SUSPENDED] = "suspended",
	[TL_RESUMING] = "resuming", [TL_UNKNOWN] = "unknown",
};

const char *const tl_mark_name[TL_MARK_KINDS] = {
	[TL_WAKE] = "wake", [TL_DATA] = "data", [TL_REFUSAL] = "refusal", [TL_USAGE] = "usage",
};

/* "usb1", "1-1", "1-1.2", "1-1:1.0"; not ports, hcds, nor a root hub's interface */
static const char *role_of(const char *name)
{
	const char *p = name;

	if (!strncmp(name, "usb", 3) && isdigit((unsigned char)name[3]) &&
	    strspn(name + 3, "0123456789") == strlen(name + 3))
		return "root hub";
	p += strspn(p, "0123456789");
	if (p == name || *p++ != '-' || !isdigit((unsigned char)*p) || !strncmp(p, "0:", 2))
		return NULL;
	p += strspn(p, "0123456789.");
	if (!*p)
		return "device";
	if (*p++ != ':')
		return NULL;
	return strspn(p, "0123456789.") == strlen(p) && *p ? "interface" : NULL;
}

static struct tl_row *row_get(struct timeline *tl, const char *name, const char *role)
{
	int i;

	for (i = 0; i < tl->nrows; i++)
		if (!strcmp(tl->row[i].name, name))
			return &tl->row[i];
	if (!role || tl->nrows == TL_MAX_ROWS || strlen(name) >= TL_NAME_LEN)
		return NULL;
	tl->row[tl->nrows] = (struct tl_row){ .role = role, .source = "rpm calls" };
	strcpy(tl->row[tl->nrows].name, name);
	return &tl->row[tl->nrows++];
}

const struct tl_row *timeline_row(const struct timeline *tl, const char *name)
{
	return row_get((struct timeline *)tl, name, NULL);
}

/* room in the array *P of N elements of SIZE for one more */
static int grow(void *p, long n, long *cap, size_t size)
{
	void *bigger;

	if (n < *cap)
		return 0;
	bigger = realloc(*(void **)p, (*cap * 2 + 16) * size);
	if (!bigger)
		return -1;
	*(void **)p = bigger;
	*cap = *cap * 2 + 16;
	return 0;
}

static int band_push(struct tl_row *r, enum tl_state s, double t0, double t1)
{
	if (grow(&r->band, r->nband, &r->cap, sizeof(*r->band)))
		return -1;
	r->band[r->nband++] = (struct tl_band){ .t0 = t0, .t1 = t1, .state = s };
	return 0;
}

/* append a band; each starts where the last ended, at the latest */
static int band_add(struct tl_row *r, enum tl_state s, double t0, double t1)
{
	if (r->nband && t0 < r->band[r->nband - 1].t1)
		t0 = r->band[r->nband - 1].t1;
	return t1 > t0 ? band_push(r, s, t0, t1) : 0;
}

/* a row fed by events (rpm_status, dummy_hcd_link): its last band stays
 * open until the next change or the trace's end; BEFORE is what must
 * have come before the first change */
static int state_at(struct timeline *tl, struct tl_row *r, enum tl_state s, enum tl_state before,
		    double t)
{
	struct tl_band *last = r->open ? &r->band[r->nband - 1] : NULL;

	if (last && last->state == s)
		return 0;
	if (last)
		last->t1 = t;
	else if (band_add(r, before, tl->t0, t))
		return -1;
	r->open = true;
	return band_push(r, s, t, t);
}

static int mark_add(struct timeline *tl, enum tl_mark_kind k, const char *dev, double t,
		    long value, const char *text)
{
	struct tl_mark *m;

	if (grow(&tl->mark, tl->nmark, &tl->cap, sizeof(*tl->mark)))
		return -1;
	m = &tl->mark[tl->nmark++];
	*m = (struct tl_mark){ .t = t, .kind = k, .value = value };
	snprintf(m->dev, sizeof(m->dev), "%s", dev);
	snprintf(m->text, sizeof(m->text), "%s", text);
	return 0;
}

/* the first word after "EVENT: " into NAME; "" if none */
static void first_word(const char *ev, char *name, size_t len)
{
	const char *s = strchr(ev, ' ');
	size_t n = s ? strcspn(s + 1, " ") : 0;

	if (n >= len)
		n = 0;
	if (n)
		memcpy(name, s + 1, n);
	name[n] = '\0';
}

static long number_after(const char *ev, const char *key, long dflt)
{
	const char *at = strstr(ev, key);

	return at ? strtol(at + strlen(key), NULL, 10) : dflt;
}

/* "rpm_status: 1-1 status=RPM_SUSPENDING" */
static enum tl_state rpm_status_of(const char *ev)
{
	const char *s = strstr(ev, "status=RPM_");

	if (!s)
		return TL_UNKNOWN;
	s += strlen("status=RPM_");
	if (!strcmp(s, "ACTIVE"))
		return TL_ACTIVE;
	if (!strcmp(s, "SUSPENDING"))
		return TL_SUSPENDING;
	if (!strcmp(s, "SUSPENDED"))
		return TL_SUSPENDED;
	if (!strcmp(s, "RESUMING"))
		return TL_RESUMING;
	return TL_UNKNOWN;
}

/* rpm_*: exact states where rpm_status exists, usage counts from cnt-N */
static int on_rpm(struct timeline *tl, const char *ev, double t)
{
	char name[TL_NAME_LEN], text[64];
	struct tl_row *r;
	enum tl_state s;
	long cnt;

	if (!strncmp(ev, "rpm_return_int:", 15))
		return 0;
	first_word(ev, name, sizeof(name));
	r = row_get(tl, name, role_of(name));
	if (!r)
		return 0;
	if (!strncmp(ev, "rpm_status:", 11)) {
		r->has_status = true;
		r->source = "rpm_status";
		s = rpm_status_of(ev);
		return state_at(tl, r, s, s == TL_SUSPENDING ? TL_ACTIVE :
				s == TL_SUSPENDED ? TL_SUSPENDING :
				s == TL_RESUMING ? TL_SUSPENDED : TL_UNKNOWN, t);
	}
	/* none of its interfaces is active (infer_interface) */
	if (!strcmp(r->role, "device") && !number_after(ev, " child-", -1)) {
		if (grow(&r->no_child, r->nno_child, &r->no_child_cap, sizeof(*r->no_child)))
			return -1;
		r->no_child[r->nno_child++] = t;
	}
	cnt = number_after(ev, " cnt-", -1);
	if (cnt < 0)
		return 0;
	if (r->has_cnt && cnt != r->cnt) {
		snprintf(text, sizeof(text), "usage count %ld (was %ld)", cnt, r->cnt);
		if (mark_add(tl, TL_USAGE, name, t, cnt, text))
			return -1;
	}
	r->has_cnt = true;
	r->cnt = cnt;
	return 0;
}

/* the patched kernel's usb_autopm events: refusals and remote wakeups */
static int on_autopm(struct timeline *tl, const char *ev, double t)
{
	char name[TL_NAME_LEN], text[64], reason[24] = "?";
	const char *at = strstr(ev, " reason=");

	first_word(ev, name, sizeof(name));
	if (!row_get(tl, name, role_of(name)))
		return 0;
	if (!strncmp(ev, "usb_remote_wakeup:", 18))
		return mark_add(tl, TL_WAKE, name, t, 0, "remote wakeup (hub.c)");
	if (strncmp(ev, "usb_autosuspend_refused:", 24) || !at)
		return 0;
	sscanf(at, " reason=%23s", reason);
	snprintf(text, sizeof(text), "%s interface %ld value %ld", reason,
		 number_after(ev, " interface=", -1), number_after(ev, " value=", 0));
	return mark_add(tl, TL_REFUSAL, name, t, 0, text);
}

/* one more request of EP's, completed at T with BYTES: its stream's, or a new one's */
static int stream_add(struct timeline *tl, const char *ep, double t, long bytes)
{
	struct tl_stream *s = NULL;
	long i;

	for (i = tl->nstream - 1; i >= 0 && !s; i--)
		if (!strcmp(tl->stream[i].ep, ep))
			s = &tl->stream[i];
	if (!s || t - s->t1 > TL_STREAM_GAP) {
		if (grow(&tl->stream, tl->nstream, &tl->stream_cap, sizeof(*tl->stream)))
			return -1;
		s = &tl->stream[tl->nstream++];
		*s = (struct tl_stream){ .t0 = t };
		snprintf(s->ep, sizeof(s->ep), "%s", ep);
	}
	s->t1 = t;
	s->requests++;
	s->bytes += bytes;
	return 0;
}

/* the gadget's side: its wakeup requests, data it moved, the bus link */
static int on_gadget(struct timeline *tl, const char *ev, double t)
{
	struct tl_row *g = row_get(tl, TL_GADGET, "gadget");
	char text[64], ep[24];
	const char *ret = strstr(ev, " --> ");
	long actual = 0, length = 0;

	if (!g)
		return 0;
	if (!strncmp(ev, "usb_gadget_wakeup:", 18)) {
		long r = ret ? strtol(ret + 5, NULL, 10) : 0;

		snprintf(text, sizeof(text), r ? "wakeup request refused (%ld)" : "wakeup request", r);
		return mark_add(tl, TL_WAKE, TL_GADGET, t, r, text);
	}
	if (!strncmp(ev, "usb_gadget_giveback_request:", 28)) {
		if (sscanf(ev + 28, " %23[^:]: req %*s length %ld/%ld", ep, &actual, &length) != 3 ||
		    !strncmp(ep, "ep0", 3))
			return 0;
		/* a zero-length request keeps a stream going, as on the bus */
		if (strstr(ep, "-iso"))
			return number_after(ev, " status ", 0) ? 0 : stream_add(tl, ep, t, actual);
		if (actual <= 0)
			return 0;
		snprintf(text, sizeof(text), "%s %ld bytes", ep, actual);
		return mark_add(tl, TL_DATA, TL_GADGET, t, actual, text);
	}
	if (!strncmp(ev, "dummy_hcd_link:", 15)) {
		g->source = "dummy_hcd";
		return number_after(ev, " active ", 0) ?
		       state_at(tl, g, TL_ACTIVE, TL_UNKNOWN, t) :
		       state_at(tl, g, TL_SUSPENDED, TL_ACTIVE, t);
	}
	if (!strncmp(ev, "dummy_hcd_resume_start:", 23)) {
		g->source = "dummy_hcd";
		return state_at(tl, g, TL_RESUMING, TL_SUSPENDED, t);
	}
	return 0;
}

static int parse_events(FILE *trace, struct timeline *tl)
{
	char line[1024];
	const char *ev;
	double t;
	long pid;
	int ret = 0;

	while (!ret && fgets(line, sizeof(line), trace)) {
		line[strcspn(line, "\n")] = '\0';
		ev = trace_event_start(line, &pid, &t);
		if (!ev)
			continue;
		if (!tl->lines++)
			tl->t0 = t;
		tl->t1 = t;
		if (!strncmp(ev, "rpm_", 4))
			ret = on_rpm(tl, ev, t);
		else if (!strncmp(ev, "usb_autosuspend_refused:", 24) ||
			 !strncmp(ev, "usb_remote_wakeup:", 18))
			ret = on_autopm(tl, ev, t);
		else if (!strncmp(ev, "usb_gadget_", 11) || !strncmp(ev, "dummy_hcd_", 10))
			ret = on_gadget(tl, ev, t);
	}
	return ret || ferror(trace) ? -1 : 0;
}

/* 6.1: states from the real suspends and resumes (timeline.h) */
static int derive_row(struct tl_row *r, const struct rpm_span *s, long ns,
		      const struct rpm_span *res, long nr, double t0, double t1)
{
	double at = t0;
	long i = 0, j, last;
	int err = 0;

	if (!ns && !nr)
		return band_add(r, TL_UNKNOWN, t0, t1);
	for (j = 0; j <= nr && !err; j++) {
		double until = j < nr ? res[j].start : t1;

		for (last = -1; i < ns && s[i].start < until; i++)
			last = i;
		if (last >= 0) {
			err |= band_add(r, TL_ACTIVE, at, s[last].start);
			err |= band_add(r, TL_SUSPENDING, s[last].start, s[last].end);
			err |= band_add(r, TL_SUSPENDED, s[last].end, until);
		} else {
			/* no suspend before this resume: it began suspended */
			err |= band_add(r, j < nr ? TL_SUSPENDED : TL_ACTIVE, at, until);
		}
		if (j < nr) {
			err |= band_add(r, TL_RESUMING, res[j].start, res[j].end);
			at = res[j].end;
		}
	}
	return err ? -1 : 0;
}

static int derive_rows(FILE *trace, struct timeline *tl)
{
	long max = tl->lines + 1, ns, nr;
	struct rpm_span *s = calloc(max, sizeof(*s)), *res = calloc(max, sizeof(*res));
	int i, ret = -1;

	if (!s || !res)
		goto out;
	for (i = 0; i < tl->nrows; i++) {
		struct tl_row *r = &tl->row[i];

		if (r->has_status || !strcmp(r->name, TL_GADGET))
			continue;
		rewind(trace);
		ns = rpm_call_spans(trace, r->name, "rpm_suspend", s, max);
		rewind(trace);
		nr = rpm_call_spans(trace, r->name, "rpm_resume", res, max);
		if (ns < 0 || nr < 0 || derive_row(r, s, ns, res, nr, tl->t0, tl->t1))
			goto out;
	}
	ret = 0;
out:
	free(s);
	free(res);
	return ret;
}

/* the first time in (A, B) at which DEV was not active or had no active
 * child, else B */
static double child_ruled_out(const struct tl_row *dev, double a, double b)
{
	long i;

	for (i = 0; i < dev->nband; i++) {
		const struct tl_band *p = &dev->band[i];

		if (p->state != TL_ACTIVE && p->state != TL_UNKNOWN && p->t1 > a && p->t0 < b) {
			b = p->t0 > a ? p->t0 : a;
			break;
		}
	}
	for (i = 0; i < dev->nno_child; i++)
		if (dev->no_child[i] > a && dev->no_child[i] < b)
			return dev->no_child[i];
	return b;
}

/*
 * An interface has no runtime-PM callbacks: its rpm_resume returns 1
 * when it does resume (its device active), and async calls do its
 * transitions, so derive_row's rule misses some and can show it active
 * across its device's suspends. Its bands are only inferred, and an
 * active one ends where the device's row or events rule it out (a child
 * is active only while its parent is); the rest of it is unknown. DEV
 * may be NULL.
 */
static int infer_interface(struct tl_row *r, const struct tl_row *dev)
{
	struct tl_band *old = r->band;
	long n = r->nband, i;
	double end;
	int err = 0;

	r->band = NULL;
	r->nband = r->cap = 0;
	for (i = 0; i < n && !err; i++) {
		end = old[i].state == TL_ACTIVE && dev ?
		      child_ruled_out(dev, old[i].t0, old[i].t1) : old[i].t1;
		err |= band_add(r, old[i].state, old[i].t0, end);
		err |= band_add(r, TL_UNKNOWN, end, old[i].t1);
	}
	free(old);
	for (i = 0; i < r->nband; i++)
		r->band[i].inferred = r->band[i].state != TL_UNKNOWN;
	r->source = "rpm calls, inferred";
	return err ? -1 : 0;
}

static int infer_interfaces(struct timeline *tl)
{
	char dev[TL_NAME_LEN];
	int i;

	for (i = 0; i < tl->nrows; i++) {
		struct tl_row *r = &tl->row[i];

		if (r->has_status || strcmp(r->role, "interface"))
			continue;
		snprintf(dev, sizeof(dev), "%.*s", (int)strcspn(r->name, ":"), r->name);
		if (infer_interface(r, timeline_row(tl, dev)))
			return -1;
	}
	return 0;
}

/* without dummy_hcd's events the gadget sees what the device went through */
static int gadget_row(struct timeline *tl)
{
	struct tl_row *g, *dev = NULL;
	long k;
	int i;

	for (i = 0; i < tl->nrows && !dev; i++)
		if (!strcmp(tl->row[i].role, "device"))
			dev = &tl->row[i];
	g = dev ? row_get(tl, TL_GADGET, "gadget") : NULL;
	if (!g || g->nband)
		return 0;
	g->source = "derived from the device";
	for (k = 0; k < dev->nband; k++)
		if (band_add(g, dev->band[k].state, dev->band[k].t0, dev->band[k].t1))
			return -1;
	return 0;
}

/*
 * A netdev may be named like a root hub ("usb0", the gadget's Ethernet
 * end) and have runtime PM of its own: keep "usbN" only when a device
 * of bus N ("N-1") is drawn too.
 */
static void drop_lone_hubs(struct timeline *tl)
{
	int i, j, keep, n = 0;
	size_t len;

	for (i = 0; i < tl->nrows; i++) {
		keep = 1;
		if (!strcmp(tl->row[i].role, "root hub")) {
			len = strlen(tl->row[i].name + 3);
			keep = 0;
			for (j = 0; j < tl->nrows && !keep; j++)
				keep = !strcmp(tl->row[j].role, "device") &&
				       !strncmp(tl->row[j].name, tl->row[i].name + 3, len) &&
				       tl->row[j].name[len] == '-';
		}
		if (keep) {
			tl->row[n++] = tl->row[i];
		} else {
			free(tl->row[i].band);
			free(tl->row[i].no_child);
		}
	}
	tl->nrows = n;
}

/* root hubs, then each device followed by its interfaces, the gadget last */
static int row_cmp(const void *a, const void *b)
{
	const struct tl_row *x = a, *y = b;
	int gx = !strcmp(x->role, "gadget"), gy = !strcmp(y->role, "gadget");
	int hx = !strcmp(x->role, "root hub"), hy = !strcmp(y->role, "root hub");
	size_t nx = strcspn(x->name, ":"), ny = strcspn(y->name, ":");
	int c;

	if (gx != gy)
		return gx - gy;
	if (hx != hy)
		return hy - hx;
	c = strncmp(x->name, y->name, nx < ny ? nx : ny);
	if (c || nx != ny)
		return c ? c : (nx < ny ? -1 : 1);
	return strcmp(x->name + nx, y->name + ny);
}

int timeline_read(FILE *trace, struct timeline *tl)
{
	int i;

	*tl = (struct timeline){ 0 };
	if (parse_events(trace, tl) || derive_rows(trace, tl))
		return -1;
	/* the rows fed by events end with the trace */
	for (i = 0; i < tl->nrows; i++)
		if (tl->row[i].open)
			tl->row[i].band[tl->row[i].nband - 1].t1 = tl->t1;
	if (infer_interfaces(tl) || gadget_row(tl))
		return -1;
	drop_lone_hubs(tl);
	qsort(tl->row, tl->nrows, sizeof(tl->row[0]), row_cmp);
	return 0;
}

void timeline_free(struct timeline *tl)
{
	int i;

	for (i = 0; i < tl->nrows; i++) {
		free(tl->row[i].band);
		free(tl->row[i].no_child);
	}
	free(tl->mark);
	free(tl->stream);
	*tl = (struct timeline){ 0 };
}

int cmd_timeline(int argc, char **argv)
{
	struct timeline tl;
	FILE *in, *out;
	long bands = 0;
	int i, ret;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "Usage: labtool timeline TRACE OUT.svg [TITLE]\n");
		return EXIT_USAGE;
	}
	in = fopen(argv[0], "r");
	if (!in) {
		perror(argv[0]);
		return EXIT_FAIL;
	}
	ret = timeline_read(in, &tl);
	fclose(in);
	if (ret || !tl.nrows) {
		fprintf(stderr, "labtool timeline: %s: %s\n", argv[0],
			ret ? "cannot read it" : "no runtime PM events of a USB device");
		timeline_free(&tl);
		return EXIT_FAIL;
	}
	out = fopen(argv[1], "w");
	ret = !out || timeline_svg(out, &tl, argc == 3 ? argv[2] : NULL);
	if (out && fclose(out))
		ret = 1;
	if (ret)
		fprintf(stderr, "labtool timeline: cannot write %s\n", argv[1]);
	for (i = 0; i < tl.nrows; i++)
		bands += tl.row[i].nband;
	if (!ret)
		printf("timeline: %s: %d rows, %ld states, %ld marks, %.6f to %.6f s\n", argv[1],
		       tl.nrows, bands, tl.nmark, tl.t0, tl.t1);
	timeline_free(&tl);
	return ret ? EXIT_FAIL : EXIT_OK;
}
