// SPDX-License-Identifier: GPL-2.0
/*
 * The vendor peer's frame parser: frames split or shared across reads,
 * and a bad header that drops what is buffered without counting any
 * frame twice. Shown to fail: with parse_frames() returning HAVE after a
 * bad header (a scratch build), bad_header_drops_buffer counted rx_frames 2
 * for one frame, a restart, and the bad header twice.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "vendor_peer.c"

/* the UDC is never touched by the parser */
int udc_bus_suspended(const char *udc)
{
	(void)udc;
	return 0;
}

int udc_wake(const char *udc)
{
	(void)udc;
	return 0;
}

long long now_ms(void)
{
	return 0;
}

static size_t put_frame(unsigned char *buf, uint32_t seq, const char *text)
{
	struct aplab_frame f = { .magic = htole32(APLAB_MAGIC), .type = APLAB_T_DATA };

	f.len = strlen(text);
	f.seq = htole32(seq);
	memcpy(f.payload, text, f.len);
	f.csum = htole32(aplab_csum(&f, f.len));
	memcpy(buf, &f, APLAB_HDR_LEN + f.len);
	return APLAB_HDR_LEN + f.len;
}

static int reset(void **state)
{
	(void)state;
	memset(counters, 0, sizeof(counters));
	return 0;
}

static void split_and_shared(void **state)
{
	unsigned char buf[256] __attribute__((aligned(4)));
	size_t n, have;

	(void)state;
	n = put_frame(buf, 0, "msg 0");
	n += put_frame(buf + n, 1, "msg 1");
	/* the first frame and half of the second */
	have = parse_frames(buf, n - 4);
	assert_int_equal(counters[C_RX_FRAMES], 1);
	assert_int_equal(have, n - 4 - (APLAB_HDR_LEN + 5));
	/* the rest of the second arrives */
	put_frame(buf, 1, "msg 1");
	have = parse_frames(buf, APLAB_HDR_LEN + 5);
	assert_int_equal(have, 0);
	assert_int_equal(counters[C_RX_FRAMES], 2);
	assert_int_equal(counters[C_RX_BAD_SEQ], 0);
	assert_int_equal(counters[C_RX_LAST_SEQ], 1);
}

static void bad_header_drops_buffer(void **state)
{
	unsigned char buf[256] __attribute__((aligned(4)));
	size_t n, have;

	(void)state;
	/* check_frame() has seen frames (the test above): 10 comes next */
	counters[C_RX_LAST_SEQ] = 9;
	/* a good frame, then a header with a bad magic, in one read */
	n = put_frame(buf, 10, "good");
	memset(buf + n, 0xee, APLAB_HDR_LEN);
	have = parse_frames(buf, n + APLAB_HDR_LEN);
	assert_int_equal(have, 0);
	assert_int_equal(counters[C_RX_FRAMES], 1);
	assert_int_equal(counters[C_RX_BAD_FRAME], 1);
	/* the next read: one more frame, nothing counted again */
	n = put_frame(buf + have, 11, "next");
	have = parse_frames(buf, have + n);
	assert_int_equal(have, 0);
	assert_int_equal(counters[C_RX_FRAMES], 2);
	assert_int_equal(counters[C_RX_BAD_FRAME], 1);
	assert_int_equal(counters[C_RX_RESTARTS], 0);
	assert_int_equal(counters[C_RX_BAD_SEQ], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(split_and_shared, reset),
		cmocka_unit_test_setup(bad_header_drops_buffer, reset),
	};

	return cmocka_run_group_tests_name("vendor_peer", tests, NULL, NULL);
}
