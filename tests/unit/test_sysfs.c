// SPDX-License-Identifier: GPL-2.0
/* sysfs reads and the poll-until-value waits, on files in a temp dir. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "sysfs.h"

static char dir[64];

static int make_dir(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/test_sysfs.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
	char cmd[96];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

static const char *file(const char *name, const char *content)
{
	static char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (content) {
		f = fopen(path, "w");
		assert_non_null(f);
		fputs(content, f);
		fclose(f);
	}
	return path;
}

static void reads_first_line(void **state)
{
	char buf[16];
	long v;

	(void)state;
	file("status", "suspended\nmore\n");
	assert_int_equal(sysfs_readf(buf, sizeof(buf), "%s/%s", dir, "status"), 0);
	assert_string_equal(buf, "suspended");
	file("count", "42\n");
	assert_int_equal(sysfs_read_longf(&v, "%s/count", dir), 0);
	assert_int_equal(v, 42);
	file("word", "abc\n");
	assert_int_equal(sysfs_read_longf(&v, "%s/word", dir), -1);
	file("empty", "");
	assert_int_equal(sysfs_read_longf(&v, "%s/empty", dir), -1);
	assert_int_equal(sysfs_readf(buf, sizeof(buf), "%s/missing", dir), -ENOENT);
}

static void write_then_read(void **state)
{
	const char *path = file("knob", "");
	char buf[16];

	(void)state;
	assert_int_equal(sysfs_write(path, "auto"), 0);
	assert_int_equal(sysfs_read(path, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "auto");
	assert_int_equal(sysfs_write(file("no/such", NULL), "1"), -ENOENT);
}

static void wait_finds_value(void **state)
{
	(void)state;
	assert_int_equal(sysfs_wait_for(file("state", "active\n"), "active", 100), 0);
}

static void wait_times_out(void **state)
{
	(void)state;
	assert_int_equal(sysfs_wait_for(file("state", "active\n"), "suspended", 20), -ETIMEDOUT);
	/* a missing file is waited for, not an error */
	assert_int_equal(sysfs_wait_for(file("gone", NULL), "x", 10), -ETIMEDOUT);
}

static void steady_holds_or_says_what(void **state)
{
	char buf[16];
	long left;

	(void)state;
	assert_int_equal(sysfs_steady(file("s", "active\n"), "active", 20, buf, sizeof(buf), &left), 0);
	assert_int_equal(sysfs_steady(file("s", "suspended\n"), "active", 20, buf, sizeof(buf),
				      &left), -1);
	assert_string_equal(buf, "suspended");
	assert_true(left >= 0 && left < 20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_first_line),
		cmocka_unit_test(write_then_read),
		cmocka_unit_test(wait_finds_value),
		cmocka_unit_test(wait_times_out),
		cmocka_unit_test(steady_holds_or_says_what),
	};

	return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
