/* SPDX-License-Identifier: GPL-2.0 */
/*
 * labtool timeline: one picture of a trace. Each row is the power state
 * of a device over time (root hub, device, its interfaces, and the
 * gadget's view of the bus), with marks for wake requests, data,
 * refused autosuspends and usage-count changes.
 *
 * Where a state comes from, per row:
 * - rpm_status events (6.12 and later): exact;
 * - else the rpm calls (6.1): a synchronous rpm_resume that returned 0
 *   is a real resume (rpmcount.h), and the last synchronous rpm_suspend
 *   that returned 0 before it is the real suspend (one that only armed
 *   the timer is followed by the real one, and once suspended a device's
 *   rpm_suspend returns 1). A trace that ends while only the timer is
 *   armed shows a suspend that has not happened yet;
 * - an interface's rpm calls (6.1): inferred by the same rule, which
 *   does not hold for it (see infer_interface() in timeline.c), and
 *   "active" only until the trace rules it out: while its device is not
 *   active, or from an event of the device's that says child-0. From
 *   there to its next transition the calls show, its state is unknown;
 * - the gadget: dummy_hcd's link events (dummy-hcd-tracepoints), else the device's
 *   own states ("derived").
 *
 * The gadget's isochronous data is not a mark per request (a stream
 * completes one every (micro)frame) but a stream per endpoint: a run of
 * its requests, none TL_STREAM_GAP after the one before, with their count
 * and bytes.
 */
#ifndef LABTOOL_TIMELINE_H
#define LABTOOL_TIMELINE_H

#include <stdbool.h>
#include <stdio.h>

enum tl_state { TL_ACTIVE, TL_SUSPENDING, TL_SUSPENDED, TL_RESUMING, TL_UNKNOWN, TL_STATES };
enum tl_mark_kind { TL_WAKE, TL_DATA, TL_REFUSAL, TL_USAGE, TL_MARK_KINDS };

extern const char *const tl_state_name[TL_STATES];
extern const char *const tl_mark_name[TL_MARK_KINDS];

#define TL_MAX_ROWS	16
#define TL_NAME_LEN	32
#define TL_GADGET	"gadget"
#define TL_INFERRED	"inferred from rpm calls"

struct tl_band {
	double t0, t1;
	enum tl_state state;
	bool inferred;		/* guessed from an interface's rpm calls */
};

/* a stall this long in an endpoint's requests ends its stream: beyond
 * TCG's timer lateness (tens of ms), far beyond any bInterval */
#define TL_STREAM_GAP	0.1

struct tl_stream {
	char ep[TL_NAME_LEN];	/* the UDC's endpoint: "ep3in-iso" */
	double t0, t1;		/* its first and last request's completion */
	long requests, bytes;	/* completed with status 0; bytes moved */
};

struct tl_mark {
	double t;
	enum tl_mark_kind kind;
	char dev[TL_NAME_LEN];
	long value;		/* usage: the new count; wake: the return */
	char text[64];		/* what it says: "busy interface 0" */
};

struct tl_row {
	char name[TL_NAME_LEN];
	const char *role;	/* "root hub", "device", "interface", "gadget" */
	const char *source;	/* where its states come from */
	struct tl_band *band;
	long nband, cap;
	bool has_status, has_cnt;
	bool open;		/* fed by events: the last band runs on */
	long cnt;		/* the last usage count seen */
	double *no_child;	/* a device: when its events said child-0 */
	long nno_child, no_child_cap;
};

struct timeline {
	double t0, t1;		/* the first and last event */
	long lines;
	int nrows;
	struct tl_row row[TL_MAX_ROWS];
	struct tl_mark *mark;
	long nmark, cap;
	struct tl_stream *stream;
	long nstream, stream_cap;
};

/* Read TRACE (an ftrace text dump). 0, or -1 on a read error or no memory. */
int timeline_read(FILE *trace, struct timeline *tl);
void timeline_free(struct timeline *tl);
/* the row named NAME, or NULL */
const struct tl_row *timeline_row(const struct timeline *tl, const char *name);

/* Draw TL as SVG; TITLE may be NULL. 0, or -1 on a write error or no memory. */
int timeline_svg(FILE *out, const struct timeline *tl, const char *title);

/* labtool timeline TRACE OUT.svg [TITLE] */
int cmd_timeline(int argc, char **argv);

#endif
