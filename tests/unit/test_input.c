// SPDX-License-Identifier: GPL-2.0
/* The input kinds' one set of names, and an ACM input on a pipe. */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <unistd.h>
#include <cmocka.h>

#include "input.h"

static void names_round_trip(void **state)
{
	enum lab_input k;

	(void)state;
	assert_int_equal(lab_input_parse("wake", &k), 0);
	assert_int_equal(k, LAB_INPUT_WAKE);
	assert_int_equal(lab_input_parse("acm", &k), 0);
	assert_int_equal(k, LAB_INPUT_ACM);
	assert_int_equal(lab_input_parse("ecm", &k), 0);
	assert_int_equal(k, LAB_INPUT_ECM);
	assert_int_equal(lab_input_parse("ECM", &k), -1);
	assert_int_equal(lab_input_parse("", &k), -1);
	assert_string_equal(lab_input_name(LAB_INPUT_WAKE), "wake");
	assert_string_equal(lab_input_name(LAB_INPUT_ECM), "ecm");
	assert_string_equal(lab_input_name((enum lab_input)7), "?");
}

static void acm_writes_bytes(void **state)
{
	char got[8];
	int p[2];

	(void)state;
	signal(SIGPIPE, SIG_IGN);
	assert_int_equal(pipe(p), 0);
	assert_int_equal(input_acm(p[1], "wake 1", 6), 6);
	assert_int_equal(read(p[0], got, sizeof(got)), 6);
	assert_memory_equal(got, "wake 1", 6);
	close(p[0]);
	/* no reader: the write's errno comes back negated */
	assert_int_equal(input_acm(p[1], "x", 1), -EPIPE);
	close(p[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_round_trip),
		cmocka_unit_test(acm_writes_bytes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
