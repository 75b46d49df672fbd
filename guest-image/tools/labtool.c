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
#include "report.h"

#define SYSFS_USB_DEVICES	"/sys/bus/usb/devices"
#define MAX_DEVICES		8

#define EXIT_OK		0
#define EXIT_FAIL	1
#define EXIT_USAGE	2

static int usage(void)
{
	fprintf(stderr,
		"Usage: labtool now-ms\n"
		"       labtool wait PATH VALUE TIMEOUT_MS   (prints the ms waited)\n"
		"       labtool snapshot DEV...              (runtime PM state, one line each)\n"
		"       labtool report VARIANT BEFORE AFTER TRACE DMESG\n");
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

static int cmd_snapshot(int argc, char **argv)
{
	struct snapshot s;
	int i;

	for (i = 0; i < argc; i++) {
		if (snapshot_take(SYSFS_USB_DEVICES, argv[i], &s)) {
			fprintf(stderr, "labtool: cannot read the power/ attributes of %s\n", argv[i]);
			return EXIT_FAIL;
		}
		snapshot_write(stdout, &s);
	}
	return EXIT_OK;
}

static FILE *open_or_complain(const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f)
		fprintf(stderr, "labtool: cannot open %s: %s\n", path, strerror(errno));
	return f;
}

static int read_snapshots(const char *path, struct snapshot *s)
{
	FILE *f = open_or_complain(path);
	int n;

	if (!f)
		return -1;
	n = snapshot_read(f, s, MAX_DEVICES);
	fclose(f);
	if (n < 0)
		fprintf(stderr, "labtool: %s: malformed snapshot\n", path);
	return n;
}

static int count_rows(const char *trace, const char *dmesg, struct report_row *rows, int n)
{
	FILE *t = open_or_complain(trace), *d = open_or_complain(dmesg);
	int i, ret = 0;

	for (i = 0; t && d && i < n && !ret; i++) {
		rewind(t);
		rewind(d);
		ret = rpm_count(t, rows[i].after.dev, &rows[i].rpm);
		rows[i].wakeups = wakeup_count(d, rows[i].after.dev);
		report_derive(&rows[i]);
	}
	if (t)
		fclose(t);
	if (d)
		fclose(d);
	return t && d && !ret ? 0 : -1;
}

static int cmd_report(char **argv)
{
	struct snapshot before[MAX_DEVICES], after[MAX_DEVICES];
	struct report_row rows[MAX_DEVICES];
	int n, i;

	n = read_snapshots(argv[1], before);
	if (n < 0 || read_snapshots(argv[2], after) != n) {
		fprintf(stderr, "labtool: %s and %s do not list the same devices\n", argv[1], argv[2]);
		return EXIT_FAIL;
	}
	for (i = 0; i < n; i++) {
		if (strcmp(before[i].dev, after[i].dev)) {
			fprintf(stderr, "labtool: snapshots disagree: %s vs %s\n", before[i].dev, after[i].dev);
			return EXIT_FAIL;
		}
		rows[i] = (struct report_row){ .before = before[i], .after = after[i] };
	}
	if (count_rows(argv[3], argv[4], rows, n))
		return EXIT_FAIL;
	report_print(stdout, argv[0], rows, n);
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "now-ms")) {
		printf("%lld\n", now_ms());
		return EXIT_OK;
	}
	if (argc == 5 && !strcmp(argv[1], "wait"))
		return cmd_wait(argv + 2);
	if (argc >= 3 && !strcmp(argv[1], "snapshot"))
		return cmd_snapshot(argc - 2, argv + 2);
	if (argc == 7 && !strcmp(argv[1], "report"))
		return cmd_report(argv + 2);
	return usage();
}
