// SPDX-License-Identifier: GPL-2.0
/*
 * The video frame pattern: a frame checks as itself and nothing else.
 * Shown failing with vidframe_check()'s byte comparison skipped in a
 * scratch build: all four tests fail.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "vidframe.h"

#define LEN	(160 * 120 * 2)
/* a UVC payload: a 1024-byte packet less f_uvc's 8-byte header (with an SCR) */
#define PACKET	1016

static uint8_t a[LEN], b[LEN];

static void round_trip(void **state)
{
	(void)state;
	vidframe_fill(a, LEN, 41);
	assert_int_equal(vidframe_seq(a), 41);
	assert_int_equal(vidframe_check(a, LEN, 41), -1);
	/* another number: the header, and the pattern too */
	assert_int_equal(vidframe_check(a, LEN, 42), 0);
	vidframe_fill(b, LEN, 42);
	memcpy(b, a, VIDFRAME_SEQ_BYTES);
	assert_int_equal(vidframe_check(b, LEN, 41), VIDFRAME_SEQ_BYTES);
}

/* one packet lost and the rest moved up, or one packet repeated */
static void shifted_packet(void **state)
{
	(void)state;
	vidframe_fill(a, LEN, 7);
	memmove(a + 3 * PACKET, a + 4 * PACKET, LEN - 4 * PACKET);
	assert_int_equal(vidframe_check(a, LEN, 7), 3 * PACKET);
	vidframe_fill(a, LEN, 7);
	memcpy(a + 5 * PACKET, a + 4 * PACKET, PACKET);
	assert_int_equal(vidframe_check(a, LEN, 7), 5 * PACKET);
}

/* a packet of the frame before, at its own offset */
static void stale_packet(void **state)
{
	(void)state;
	vidframe_fill(a, LEN, 8);
	vidframe_fill(b, LEN, 7);
	memcpy(a + 2 * PACKET, b + 2 * PACKET, PACKET);
	assert_int_equal(vidframe_check(a, LEN, 8), 2 * PACKET);
}

/* a frame of zeroes (what a starved or cleared buffer holds) */
static void zeroes(void **state)
{
	(void)state;
	memset(a, 0, LEN);
	assert_int_equal(vidframe_check(a, LEN, 0), VIDFRAME_SEQ_BYTES);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(round_trip),
		cmocka_unit_test(shifted_packet),
		cmocka_unit_test(stale_packet),
		cmocka_unit_test(zeroes),
	};

	return cmocka_run_group_tests_name("vidframe", tests, NULL, NULL);
}
