// SPDX-License-Identifier: GPL-2.0
/* The lab's one number parser: what it takes, and what it refuses. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "parse.h"

static void uint_takes_numbers(void **state)
{
	unsigned int v;

	(void)state;
	assert_int_equal(parse_uint("0", 10, &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(parse_uint("5000", 60000, &v), 0);
	assert_int_equal(v, 5000);
	assert_int_equal(parse_uint("0x10", 100, &v), 0);
	assert_int_equal(v, 16);
	assert_int_equal(parse_uint("4294967295", 0xffffffffU, &v), 0);
	assert_int_equal(v, 0xffffffffU);
}

/* "-1" once became a wait of about 49 days in labtool */
static void uint_refuses_signs_and_junk(void **state)
{
	unsigned int v = 7;

	(void)state;
	assert_int_equal(parse_uint("-1", 0xffffffffU, &v), -1);
	assert_int_equal(parse_uint("+1", 10, &v), -1);
	assert_int_equal(parse_uint(" 1", 10, &v), -1);
	assert_int_equal(parse_uint("1 ", 10, &v), -1);
	assert_int_equal(parse_uint("", 10, &v), -1);
	assert_int_equal(parse_uint(NULL, 10, &v), -1);
	assert_int_equal(parse_uint("12ab", 100000, &v), -1);
	assert_int_equal(parse_uint("11", 10, &v), -1);
	assert_int_equal(parse_uint("4294967296", 0xffffffffU, &v), -1);
	assert_int_equal(v, 7);
}

static void u16_and_u64(void **state)
{
	uint16_t s;
	uint64_t l;

	(void)state;
	assert_int_equal(parse_u16("0xffff", &s), 0);
	assert_int_equal(s, 0xffff);
	assert_int_equal(parse_u16("0x10000", &s), -1);
	assert_int_equal(parse_u16("-1", &s), -1);
	assert_int_equal(parse_u64("18446744073709551615", &l), 0);
	assert_true(l == UINT64_MAX);
	assert_int_equal(parse_u64("18446744073709551616", &l), -1);
	assert_int_equal(parse_u64("-3", &l), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(uint_takes_numbers),
		cmocka_unit_test(uint_refuses_signs_and_junk),
		cmocka_unit_test(u16_and_u64),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
