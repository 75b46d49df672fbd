// SPDX-License-Identifier: GPL-2.0
/* The ECM test frames: what is built parses back, and any damage shows. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "autopm_lab_proto.h"
#include "frame.h"

static const uint8_t dst[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
static const uint8_t src[6] = { 0x02, 0xaa, 0xbb, 0xcc, 0xdd, 0xee };

static void round_trip(void **state)
{
	uint8_t buf[LAB_FRAME_MAX];
	uint32_t seq;
	uint16_t len;
	size_t n;

	(void)state;
	n = lab_frame_build(buf, sizeof(buf), dst, src, 7, 1000);
	assert_int_equal(n, LAB_FRAME_HEADER + 1000 + LAB_FRAME_TRAILER);
	assert_memory_equal(buf, dst, 6);
	assert_memory_equal(buf + 6, src, 6);
	assert_int_equal(buf[12], 0x88);
	assert_int_equal(buf[13], 0xb5);
	assert_int_equal(lab_frame_parse(buf, n, &seq, &len), LAB_FRAME_OK);
	assert_int_equal(seq, 7);
	assert_int_equal(len, 1000);
	/* padding after the frame, as a link may add, is fine */
	assert_int_equal(lab_frame_parse(buf, n + 20, &seq, &len), LAB_FRAME_OK);
}

static void empty_payload(void **state)
{
	uint8_t buf[64];
	uint32_t seq;
	uint16_t len;
	size_t n;

	(void)state;
	n = lab_frame_build(buf, sizeof(buf), dst, src, 0xfffffffe, 0);
	assert_int_equal(n, LAB_FRAME_HEADER + LAB_FRAME_TRAILER);
	assert_int_equal(lab_frame_parse(buf, n, &seq, &len), LAB_FRAME_OK);
	assert_int_equal(seq, 0xfffffffe);
	assert_int_equal(len, 0);
}

static void too_big(void **state)
{
	uint8_t buf[LAB_FRAME_MAX];

	(void)state;
	assert_int_equal(lab_frame_build(buf, sizeof(buf), dst, src, 1, LAB_FRAME_MAX_DATA + 1), 0);
	assert_int_equal(lab_frame_build(buf, 100, dst, src, 1, 200), 0);
}

static void damage_shows(void **state)
{
	uint8_t buf[LAB_FRAME_MAX];
	uint32_t seq;
	uint16_t len;
	size_t n;

	(void)state;
	n = lab_frame_build(buf, sizeof(buf), dst, src, 3, 100);
	assert_int_equal(lab_frame_parse(buf, n - 1, &seq, &len), LAB_FRAME_TRUNCATED);
	assert_int_equal(lab_frame_parse(buf, 20, &seq, &len), LAB_FRAME_TRUNCATED);
	buf[LAB_FRAME_HEADER + 50] ^= 1;
	assert_int_equal(lab_frame_parse(buf, n, &seq, &len), LAB_FRAME_BAD_CHECKSUM);
	buf[LAB_FRAME_HEADER + 50] ^= 1;
	buf[18 + 3] ^= 1;	/* the sequence number */
	assert_int_equal(lab_frame_parse(buf, n, &seq, &len), LAB_FRAME_BAD_CHECKSUM);
	buf[18 + 3] ^= 1;
	buf[12] = 0x08;		/* IPv4: not ours */
	assert_int_equal(lab_frame_parse(buf, n, &seq, &len), LAB_FRAME_NOT_OURS);
	buf[12] = 0x88;
	buf[14] = 'X';		/* magic */
	assert_int_equal(lab_frame_parse(buf, n, &seq, &len), LAB_FRAME_NOT_OURS);
}

static void macs(void **state)
{
	uint8_t mac[6];

	(void)state;
	assert_int_equal(lab_parse_mac("02:11:22:33:44:55", mac), 0);
	assert_memory_equal(mac, dst, 6);
	assert_int_equal(lab_parse_mac("02:11:22:33:44", mac), -1);
	assert_int_equal(lab_parse_mac("02:11:22:33:44:55:66", mac), -1);
	assert_int_equal(lab_parse_mac("zz:11:22:33:44:55", mac), -1);
}

static void fnv_known_values(void **state)
{
	(void)state;
	/* the published FNV-1a 32-bit test vectors */
	assert_int_equal(aplab_fnv1a(APLAB_FNV_INIT, "", 0), 0x811c9dc5);
	assert_int_equal(aplab_fnv1a(APLAB_FNV_INIT, "a", 1), 0xe40c292c);
	assert_int_equal(aplab_fnv1a(APLAB_FNV_INIT, "foobar", 6), 0xbf9cf968);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(round_trip),
		cmocka_unit_test(empty_payload),
		cmocka_unit_test(too_big),
		cmocka_unit_test(damage_shows),
		cmocka_unit_test(macs),
		cmocka_unit_test(fnv_known_values),
	};

	return cmocka_run_group_tests_name("frame", tests, NULL, NULL);
}
