/* SPDX-License-Identifier: GPL-2.0 */
/*
 * labtool latency's lines: prose for people (the default), or for
 * scripts (--format=kv) one "key=value" per line, whose keys are an
 * interface (guest-image/README.md). A key whose thing is absent is
 * left out.
 */
#ifndef LABTOOL_LATENCY_PRINT_H
#define LABTOOL_LATENCY_PRINT_H

#include <stdbool.h>
#include <stdio.h>

struct latency_result {
	const char *mode;		/* wake, acm or ecm */
	const char *data;		/* what the data times are (to-tty-data,
					 * to-packet), or NULL: none (wake) */
	unsigned int count;		/* the rounds asked for */
	unsigned int timed;		/* the first TIMED rounds were timed */
	const double *active_ms, *data_ms;	/* per round, from the input */
	const char *error;		/* why the run stopped, or NULL */
};

/* before the rounds, kv only: mode= and rounds= (the count) */
void latency_print_head(FILE *out, bool kv, const struct latency_result *r);

/* round I: "round I: active A ms, data D ms", or round_I_to_active_ms=
 * and round_I_to_tty_data_ms= (to_packet) */
void latency_print_round(FILE *out, bool kv, const struct latency_result *r, unsigned int i);

/*
 * After the rounds: the round that failed, if one did ("latency MODE:
 * round I of N failed", or failed_round=I), then, if any round was
 * timed, the figures of each kind ("latency MODE to-active: n= ... ms",
 * or to_active_n=, to_active_min_ms= ...: stats.h). -1 out of memory.
 */
int latency_print_figures(FILE *out, bool kv, const struct latency_result *r);

/* last, kv only: error= if the run stopped early (people read it on stderr) */
void latency_print_error(FILE *out, bool kv, const struct latency_result *r);

#endif
