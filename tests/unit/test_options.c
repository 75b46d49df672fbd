// SPDX-License-Identifier: GPL-2.0
/* autopm-gadget's argument parsing. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "options.h"
#include "uvc.h"
#include "udc.h"

#define ARGV(...) ((char *[]){ __VA_ARGS__, NULL })
#define ARGC(...) ((int)(sizeof((char *[]){ __VA_ARGS__ }) / sizeof(char *)))
#define UP(o, ...) parse_up_options(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), o)
#define VENDOR(o, ...) parse_vendor_options(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), o)

static void up_defaults(void **state)
{
	struct up_options o;

	(void)state;
	assert_int_equal(UP(&o, "up"), 0);
	assert_null(o.udc);
	assert_int_equal(o.vid, 0x1d6b);
	assert_int_equal(o.pid, 0x0104);
	assert_int_equal(o.functions, LAB_F_ACM | LAB_F_ECM);
	assert_true(o.remote_wakeup);
	assert_int_equal(config_attributes(o.remote_wakeup), 0xa0);
}

static void up_all_options(void **state)
{
	struct up_options o;

	(void)state;
	assert_int_equal(UP(&o, "up", "--udc", "dummy_udc.1", "--vid", "0x1234", "--pid", "42",
			    "--functions", "ecm", "--no-wakeup"), 0);
	assert_string_equal(o.udc, "dummy_udc.1");
	assert_int_equal(o.vid, 0x1234);
	assert_int_equal(o.pid, 42);
	assert_int_equal(o.functions, LAB_F_ECM);
	assert_false(o.remote_wakeup);
	assert_int_equal(config_attributes(o.remote_wakeup), 0x80);
	/* the last of --wakeup/--no-wakeup wins */
	assert_int_equal(UP(&o, "up", "--no-wakeup", "--wakeup"), 0);
	assert_true(o.remote_wakeup);
}

static void up_rejects_bad_input(void **state)
{
	struct up_options o;

	(void)state;
	assert_int_equal(UP(&o, "up", "--vid", "0x10000"), -1);
	assert_int_equal(UP(&o, "up", "--vid", "-1"), -1);
	assert_int_equal(UP(&o, "up", "--pid", "12ab"), -1);
	assert_int_equal(UP(&o, "up", "--pid", ""), -1);
	assert_int_equal(UP(&o, "up", "--pid"), -1);
	assert_int_equal(UP(&o, "up", "--udc", ""), -1);
	assert_int_equal(UP(&o, "up", "--functions", "acm,foo"), -1);
	assert_int_equal(UP(&o, "up", "--functions", ","), -1);
	assert_int_equal(UP(&o, "up", "--frobnicate"), -1);
	assert_int_equal(UP(&o, "up", "stray"), -1);
}

/* autopm_lab binds only the lab's ids: other ids would silently not bind */
static void up_vendor_keeps_ids(void **state)
{
	struct up_options o;

	(void)state;
	assert_int_equal(UP(&o, "up", "--functions", "vendor"), 0);
	assert_true(o.wait);
	assert_int_equal(UP(&o, "up", "--functions", "vendor", "--vid", "0x1d6b", "--pid", "0x0104"), 0);
	assert_int_equal(UP(&o, "up", "--functions", "acm,vendor", "--vid", "0x1234"), -1);
	assert_int_equal(UP(&o, "up", "--pid", "0x5678", "--functions", "vendor"), -1);
	assert_int_equal(UP(&o, "up", "--functions", "acm", "--vid", "0x1234", "--no-wait"), 0);
	assert_false(o.wait);
}

static void status_formats(void **state)
{
	struct status_options o;

	(void)state;
	assert_int_equal(parse_status_options(1, (char *[]){ "status", NULL }, &o), 0);
	assert_false(o.kv);
	assert_int_equal(parse_status_options(2, (char *[]){ "status", "--format=kv", NULL }, &o), 0);
	assert_true(o.kv);
	assert_int_equal(parse_status_options(3, (char *[]){ "status", "--format", "human", NULL }, &o), 0);
	assert_false(o.kv);
	assert_int_equal(parse_status_options(2, (char *[]){ "status", "--format=json", NULL }, &o), -1);
	assert_int_equal(parse_status_options(2, (char *[]){ "status", "stray", NULL }, &o), -1);
}

static void function_lists(void **state)
{
	unsigned int m;

	(void)state;
	assert_int_equal(parse_functions("acm", &m), 0);
	assert_int_equal(m, LAB_F_ACM);
	assert_int_equal(parse_functions("ecm,acm", &m), 0);
	assert_int_equal(m, LAB_F_ACM | LAB_F_ECM);
	assert_int_equal(parse_functions("acm,,ecm", &m), 0);
	assert_int_equal(m, LAB_F_ACM | LAB_F_ECM);
	assert_int_equal(parse_functions("ACM", &m), -1);
	assert_int_equal(parse_functions("", &m), -1);
	/* 96 characters or more: refused, not cut */
	assert_int_equal(parse_functions("loopback,loopback,loopback,loopback,loopback,"
					 "loopback,loopback,loopback,loopback,loopback,loopback", &m), -1);
	/* the class drivers' stand-ins, each by its own name */
	assert_int_equal(parse_functions("subset,rndis,ncm,eem", &m), 0);
	assert_int_equal(m, LAB_F_SUBSET | LAB_F_RNDIS | LAB_F_NCM | LAB_F_EEM);
	assert_int_equal(parse_functions("gser,hid,loopback", &m), 0);
	assert_int_equal(m, LAB_F_GSER | LAB_F_HID | LAB_F_LOOPBACK);
	assert_int_equal(parse_functions("hid,keyboard", &m), -1);
	assert_int_equal(parse_functions("printer,mass_storage", &m), 0);
	assert_int_equal(m, LAB_F_PRINTER | LAB_F_MASS_STORAGE);
	assert_int_equal(parse_functions("uac2", &m), 0);
	assert_int_equal(m, LAB_F_UAC2);
	assert_int_equal(parse_functions("uac2,uvc", &m), 0);
	assert_int_equal(m, LAB_F_UAC2 | LAB_F_UVC);
	assert_int_equal(parse_functions("uvc,video", &m), -1);
}

static void uvc_interval(void **state)
{
	struct up_options o;
	char *ok[] = { "up", "--functions", "uvc", "--uvc-interval", "2", NULL };
	char *dflt[] = { "up", "--functions", "uvc", NULL };
	char *zero[] = { "up", "--functions", "uvc", "--uvc-interval", "0", NULL };
	char *big[] = { "up", "--functions", "uvc", "--uvc-interval", "17", NULL };
	char *no_uvc[] = { "up", "--uvc-interval", "2", NULL };

	(void)state;
	assert_int_equal(parse_up_options(5, ok, &o), 0);
	assert_int_equal(o.uvc_interval, 2);
	assert_int_equal(parse_up_options(3, dflt, &o), 0);
	assert_int_equal(o.uvc_interval, UVC_INTERVAL);
	assert_int_equal(parse_up_options(5, zero, &o), -1);
	assert_int_equal(parse_up_options(5, big, &o), -1);
	/*
	 * without the function it would do nothing: refused, not ignored
	 * (shown failing with that refusal skipped in a scratch build)
	 */
	assert_int_equal(parse_up_options(3, no_uvc, &o), -1);
}

static void wake_timeout(void **state)
{
	struct wake_options o;

	(void)state;
	assert_int_equal(parse_wake_options(1, ARGV("wake"), &o), 0);
	assert_int_equal(o.timeout_ms, 1000);
	assert_int_equal(parse_wake_options(3, ARGV("wake", "--timeout-ms", "250"), &o), 0);
	assert_int_equal(o.timeout_ms, 250);
	assert_int_equal(parse_wake_options(3, ARGV("wake", "--timeout-ms", "0"), &o), -1);
	assert_int_equal(parse_wake_options(3, ARGV("wake", "--timeout-ms", "60001"), &o), -1);
	assert_int_equal(parse_wake_options(3, ARGV("wake", "--timeout-ms", "1s"), &o), -1);
	assert_int_equal(parse_wake_options(2, ARGV("wake", "now"), &o), -1);
}

#define COUNTERS(o, ...) parse_counters_options(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), o)

/*
 * --raced N: a count, 0 by default; no sign, no word, no missing value.
 * Shown failing in a scratch copy of options.c: with parse_uint() swapped
 * for sscanf("%u"), "-1" passes; for atoi(), "x" does.
 */
static void counters_raced(void **state)
{
	struct counters_options o;

	(void)state;
	assert_int_equal(COUNTERS(&o, "counters"), 0);
	assert_int_equal(o.raced, 0);
	assert_int_equal(COUNTERS(&o, "counters", "--raced", "16"), 0);
	assert_int_equal(o.raced, 16);
	assert_int_equal(COUNTERS(&o, "counters", "--raced=0"), 0);
	assert_int_equal(o.raced, 0);
	assert_int_equal(COUNTERS(&o, "counters", "--raced", "-1"), -1);
	assert_int_equal(COUNTERS(&o, "counters", "--raced", "x"), -1);
	assert_int_equal(COUNTERS(&o, "counters", "--raced", ""), -1);
	assert_int_equal(COUNTERS(&o, "counters", "--raced"), -1);
	assert_int_equal(COUNTERS(&o, "counters", "--raced", "1000001"), -1);
	assert_int_equal(COUNTERS(&o, "counters", "--raced", "1", "stray"), -1);
	assert_int_equal(COUNTERS(&o, "counters", "--frob"), -1);
}

static void no_options(void **state)
{
	(void)state;
	assert_int_equal(parse_no_options(1, ARGV("down")), 0);
	assert_int_equal(parse_no_options(2, ARGV("down", "--force")), -1);
	assert_int_equal(parse_no_options(2, ARGV("down", "x")), -1);
}

static void wakeup_errors_explained(void **state)
{
	(void)state;
	assert_string_equal(wakeup_error_meaning(-EINVAL), "the host has not enabled remote wakeup");
	assert_string_equal(wakeup_error_meaning(-EIO), "the bus is not suspended");
	assert_string_equal(wakeup_error_meaning(-ENOLINK), "the gadget is not connected");
	assert_string_equal(wakeup_error_meaning(-E2BIG), "the UDC refused");
}

#define SEND_ACM(o, ...) parse_send_acm_options(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), o)
#define SEND_ECM(o, ...) parse_send_ecm_options(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), o)
#define EVENTS(o, ...) parse_events_options(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), o)

static void send_acm(void **state)
{
	struct send_acm_options o;

	(void)state;
	assert_int_equal(SEND_ACM(&o, "send-acm", "hello"), 0);
	assert_string_equal(o.data, "hello");
	assert_null(o.file);
	assert_int_equal(o.timeout_ms, 5000);
	assert_int_equal(SEND_ACM(&o, "send-acm", "--file", "/tmp/x", "--timeout-ms", "900"), 0);
	assert_string_equal(o.file, "/tmp/x");
	assert_null(o.data);
	assert_int_equal(o.timeout_ms, 900);
	assert_int_equal(SEND_ACM(&o, "send-acm"), -1);
	assert_int_equal(SEND_ACM(&o, "send-acm", "a", "--file", "f"), -1);
	assert_int_equal(SEND_ACM(&o, "send-acm", ""), -1);
	assert_int_equal(SEND_ACM(&o, "send-acm", "a", "b"), -1);
	assert_int_equal(SEND_ACM(&o, "send-acm", "--timeout-ms", "0", "a"), -1);
	assert_int_equal(SEND_ACM(&o, "send-acm", "--file", ""), -1);
}

static void send_ecm(void **state)
{
	struct send_ecm_options o;

	(void)state;
	assert_int_equal(SEND_ECM(&o, "send-ecm"), 0);
	assert_int_equal(o.count, 1);
	assert_int_equal(o.size, 64);
	assert_int_equal(o.first_seq, 0);
	assert_int_equal(SEND_ECM(&o, "send-ecm", "--count", "8", "--size", "1400", "--seq", "5"), 0);
	assert_int_equal(o.count, 8);
	assert_int_equal(o.size, 1400);
	assert_int_equal(o.first_seq, 5);
	assert_int_equal(SEND_ECM(&o, "send-ecm", "--size", "1401"), -1);
	assert_int_equal(SEND_ECM(&o, "send-ecm", "--count", "0"), -1);
	assert_int_equal(SEND_ECM(&o, "send-ecm", "--count", "-1"), -1);
	assert_int_equal(SEND_ECM(&o, "send-ecm", "extra"), -1);
}

static void events(void **state)
{
	struct events_options o;

	(void)state;
	assert_int_equal(EVENTS(&o, "events", "--wake", "--period-ms", "500", "--count", "3"), 0);
	assert_int_equal(o.kind, LAB_INPUT_WAKE);
	assert_false(o.poisson);
	assert_int_equal(o.mean_ms, 500);
	assert_int_equal(o.count, 3);
	assert_int_equal(o.duration_ms, 0);
	assert_int_equal(EVENTS(&o, "events", "--ecm", "--poisson-ms", "200", "--seed", "7",
				"--duration-ms", "10000", "--size", "100"), 0);
	assert_int_equal(o.kind, LAB_INPUT_ECM);
	assert_true(o.poisson);
	assert_int_equal(o.seed, 7);
	assert_int_equal(o.duration_ms, 10000);
	assert_int_equal(o.size, 100);
	assert_int_equal(EVENTS(&o, "events", "--acm", "--period-ms", "10", "--count", "1"), 0);
	assert_int_equal(o.size, 16);
	/* what, when and how long are all required, once each */
	assert_int_equal(EVENTS(&o, "events", "--period-ms", "10", "--count", "1"), -1);
	assert_int_equal(EVENTS(&o, "events", "--wake", "--count", "1"), -1);
	assert_int_equal(EVENTS(&o, "events", "--wake", "--period-ms", "10"), -1);
	assert_int_equal(EVENTS(&o, "events", "--wake", "--acm", "--period-ms", "10", "--count", "1"), -1);
	assert_int_equal(EVENTS(&o, "events", "--wake", "--period-ms", "10", "--poisson-ms", "10",
				"--count", "1"), -1);
	assert_int_equal(EVENTS(&o, "events", "--wake", "--period-ms", "10", "--seed", "1",
				"--count", "1"), -1);
	assert_int_equal(EVENTS(&o, "events", "--wake", "--period-ms", "0", "--count", "1"), -1);
	assert_int_equal(EVENTS(&o, "events", "--acm", "--period-ms", "5", "--count", "1",
				"--size", "0"), -1);
	assert_int_equal(EVENTS(&o, "events", "--ecm", "--period-ms", "5", "--count", "1",
				"--size", "1401"), -1);
	assert_int_equal(EVENTS(&o, "events", "--wake", "--period-ms", "5", "--count", "1000001"), -1);
	assert_int_equal(EVENTS(&o, "events", "--wake", "--poisson-ms", "5", "--seed", "-3",
				"--count", "1"), -1);
}

static void vendor_function_and_commands(void **state)
{
	struct vendor_options v;
	unsigned int m;

	(void)state;
	assert_int_equal(parse_functions("acm,vendor", &m), 0);
	assert_int_equal(m, LAB_F_ACM | LAB_F_VENDOR);
	assert_int_equal(VENDOR(&v, "vendor", "event"), 0);
	assert_false(v.reply);
	assert_int_equal(v.count, 1);
	assert_int_equal(v.interval_ms, 0);
	assert_int_equal(VENDOR(&v, "vendor", "event", "--count", "8", "--interval-ms", "60"), 0);
	assert_int_equal(v.count, 8);
	assert_int_equal(v.interval_ms, 60);
	assert_int_equal(VENDOR(&v, "vendor", "reply"), 0);
	assert_true(v.reply);
	assert_int_equal(VENDOR(&v, "vendor"), -1);
	assert_int_equal(VENDOR(&v, "vendor", "shout"), -1);
	assert_int_equal(VENDOR(&v, "vendor", "event", "--count", "0"), -1);
	assert_int_equal(VENDOR(&v, "vendor", "event", "--count", "100001"), -1);
	assert_int_equal(VENDOR(&v, "vendor", "event", "--interval-ms", "x"), -1);
	assert_int_equal(VENDOR(&v, "vendor", "reply", "extra"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(up_defaults),
		cmocka_unit_test(up_all_options),
		cmocka_unit_test(up_rejects_bad_input),
		cmocka_unit_test(function_lists),
		cmocka_unit_test(uvc_interval),
		cmocka_unit_test(wake_timeout),
		cmocka_unit_test(no_options),
		cmocka_unit_test(counters_raced),
		cmocka_unit_test(wakeup_errors_explained),
		cmocka_unit_test(up_vendor_keeps_ids),
		cmocka_unit_test(status_formats),
		cmocka_unit_test(send_acm),
		cmocka_unit_test(send_ecm),
		cmocka_unit_test(events),
		cmocka_unit_test(vendor_function_and_commands),
	};

	return cmocka_run_group_tests_name("options", tests, NULL, NULL);
}
