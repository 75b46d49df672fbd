// SPDX-License-Identifier: GPL-2.0
/*
 * labtool: what the guest's shell scripts cannot do with busybox alone:
 * millisecond timing and waiting on a sysfs value with a timeout.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../gadget/sysfs.h"

#define EXIT_OK		0
#define EXIT_FAIL	1
#define EXIT_USAGE	2

static int usage(void)
{
	fprintf(stderr,
		"Usage: labtool now-ms\n"
		"       labtool wait PATH VALUE TIMEOUT_MS   (prints the ms waited)\n");
	return EXIT_USAGE;
}

static int cmd_wait(char **argv)
{
	char *end, buf[64] = "";
	unsigned long timeout;
	long waited;

	timeout = strtoul(argv[2], &end, 10);
	if (*end || !*argv[2]) {
		fprintf(stderr, "labtool: bad timeout '%s'\n", argv[2]);
		return EXIT_USAGE;
	}
	waited = sysfs_wait_for(argv[0], argv[1], timeout);
	if (waited >= 0) {
		printf("%ld\n", waited);
		return EXIT_OK;
	}
	sysfs_read(argv[0], buf, sizeof(buf));
	fprintf(stderr, "labtool: %s is '%s' after %lu ms, wanted '%s'\n",
		argv[0], buf, timeout, argv[1]);
	return EXIT_FAIL;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "now-ms")) {
		printf("%lld\n", now_ms());
		return EXIT_OK;
	}
	if (argc == 5 && !strcmp(argv[1], "wait"))
		return cmd_wait(argv + 2);
	return usage();
}
