// SPDX-License-Identifier: GPL-2.0
/*
 * labtool: what the guest's shell scripts cannot do with busybox alone:
 * millisecond timing and waiting on a sysfs value with a timeout.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include "clock.h"
#include "ecmrecv.h"
#include "hostside.h"
#include "idle.h"
#include "jitter.h"
#include "lab.h"
#include "latency.h"
#include "parse.h"
#include "report.h"
#include "sysfs.h"
#include "timeline.h"

#define MAX_DEVICES		8

static int usage(void)
{
	fprintf(stderr,
		"Usage: labtool now-ms\n"
		"       labtool wait PATH VALUE TIMEOUT_MS   (prints the ms waited)\n"
		"       labtool steady PATH VALUE MS         (fails if PATH leaves VALUE within MS)\n"
		"       labtool order CHILD PARENT TIMEOUT_MS (prints when each suspended, in now-ms)\n"
		"       labtool notified PATH TIMEOUT_MS      (waits for sysfs_notify, prints the value)\n"
		"       labtool count DEV TRACE DMESG        (resumes and remote wakeups)\n"
		"       labtool snapshot DEV...              (runtime PM state, one line each)\n"
		"       labtool report VARIANT BEFORE AFTER TRACE DMESG\n"
		"       labtool latency --mode wake|acm|ecm --device DEV --udc UDC [--count N]\n"
		"               [--host-tty P --gadget-tty P] [--host-if IF --gadget-if IF --netns PID]\n"
		"               [--timeout-ms MS] [--suspend-timeout-ms MS] [--breakdown]\n"
		"               [--format=human|kv]      (kv: key=value lines for scripts)\n"
		"       labtool recv-ecm IFACE COUNT TIMEOUT_MS [READY_FILE]\n"
		"       labtool idle TRACE DEV DELAY_MS MARGIN_MS (idle to suspended, per resume)\n"
		"       labtool jitter PERIOD_MS              (until SIGTERM: the latest timer wakeup)\n"
		"       labtool timeline TRACE OUT.svg [TITLE] (the trace's power states as SVG)\n");
	return EXIT_USAGE;
}

static int parse_ms(const char *s, unsigned int *ms, const char *what)
{
	if (parse_uint(s, LAB_MAX_MS, ms)) {
		fprintf(stderr, "labtool: bad %s '%s'\n", what, s);
		return -1;
	}
	return 0;
}

static int cmd_wait(char **argv)
{
	char buf[64] = "";
	unsigned int timeout;
	long waited;

	if (parse_ms(argv[2], &timeout, "timeout"))
		return EXIT_USAGE;
	waited = sysfs_wait_for(argv[0], argv[1], timeout);
	if (waited >= 0) {
		printf("%ld\n", waited);
		return EXIT_OK;
	}
	sysfs_read(argv[0], buf, sizeof(buf));
	fprintf(stderr, "labtool: %s is '%s' after %u ms, wanted '%s'\n",
		argv[0], buf, timeout, argv[1]);
	return EXIT_FAIL;
}

static FILE *open_or_complain(const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f)
		fprintf(stderr, "labtool: cannot open %s: %s\n", path, strerror(errno));
	return f;
}

static int cmd_steady(char **argv)
{
	unsigned int ms;
	char buf[64];
	long left;

	if (parse_ms(argv[2], &ms, "milliseconds"))
		return EXIT_USAGE;
	if (!sysfs_steady(argv[0], argv[1], ms, buf, sizeof(buf), &left))
		return EXIT_OK;
	fprintf(stderr, "labtool: %s became '%s' after %ld ms\n", argv[0], buf, left);
	return EXIT_FAIL;
}

static int read_status(const char *dev, char *buf, size_t len)
{
	return host_power_read(dev, "runtime_status", buf, len);
}

/* A hub must not suspend while a child is awake: poll both, fail if it does. */
static int cmd_order(char **argv)
{
	long long start = now_ms(), child_at = -1, parent_at = -1, t;
	char c[32], p[32];
	unsigned int timeout;

	if (parse_ms(argv[2], &timeout, "milliseconds"))
		return EXIT_USAGE;
	for (;;) {
		t = now_ms() - start;
		/*
		 * parent first: a parent seen suspended means the child was
		 * suspended already, and nothing here resumes it
		 */
		if (read_status(argv[1], p, sizeof(p)) || read_status(argv[0], c, sizeof(c)))
			return EXIT_FAIL;
		if (strcmp(p, "active") && strcmp(c, "suspended")) {
			fprintf(stderr, "labtool: %s is %s while its child %s is %s\n", argv[1], p, argv[0], c);
			return EXIT_FAIL;
		}
		if (child_at < 0 && !strcmp(c, "suspended"))
			child_at = t;
		if (parent_at < 0 && !strcmp(p, "suspended"))
			parent_at = t;
		if (child_at >= 0 && parent_at >= 0)
			break;
		if (t > (long long)timeout) {
			fprintf(stderr, "labtool: after %u ms %s is %s, %s is %s\n", timeout,
				argv[0], c, argv[1], p);
			return EXIT_FAIL;
		}
		usleep(500);
	}
	/* as absolute now-ms values, to compare with the caller's clock */
	printf("%lld %lld\n", start + child_at, start + parent_at);
	return EXIT_OK;
}

/* Block in poll() until the kernel notifies PATH, as a sysfs peer would. */
static int cmd_notified(char **argv)
{
	struct pollfd pfd = { .events = POLLPRI | POLLERR };
	unsigned int timeout;
	char buf[64];
	ssize_t n;
	int ret;

	if (parse_ms(argv[1], &timeout, "milliseconds"))
		return EXIT_USAGE;
	pfd.fd = open(argv[0], O_RDONLY);
	if (pfd.fd < 0 || read(pfd.fd, buf, sizeof(buf)) < 0) {
		fprintf(stderr, "labtool: cannot read %s: %s\n", argv[0], strerror(errno));
		return EXIT_FAIL;
	}
	/* a sysfs file must be read once before poll() can wait on it */
	printf("ready\n");
	fflush(stdout);
	ret = poll(&pfd, 1, timeout);
	if (ret <= 0) {
		fprintf(stderr, "labtool: no notification on %s within %u ms\n", argv[0], timeout);
		close(pfd.fd);
		return EXIT_FAIL;
	}
	n = pread(pfd.fd, buf, sizeof(buf) - 1, 0);
	close(pfd.fd);
	if (n < 0)
		return EXIT_FAIL;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	printf("%s\n", buf);
	return EXIT_OK;
}

/* the trace and dmesg dumps that counts are read from: both open, or neither */
static int open_logs(const char *trace, const char *dmesg, FILE **t, FILE **d)
{
	*t = open_or_complain(trace);
	*d = *t ? open_or_complain(dmesg) : NULL;
	if (*d)
		return 0;
	if (*t)
		fclose(*t);
	return -1;
}

/* DEV's resumes from the trace and remote wakeups from dmesg */
static int count_device(FILE *t, FILE *d, const char *dev, struct rpm_counts *c, long *wakeups)
{
	rewind(t);
	rewind(d);
	if (rpm_count(t, dev, c))
		return -1;
	*wakeups = wakeup_count(d, dev);
	return 0;
}

static int cmd_count(char **argv)
{
	struct rpm_counts c;
	long wakeups;
	FILE *t, *d;
	int ret;

	if (open_logs(argv[1], argv[2], &t, &d))
		return EXIT_FAIL;
	ret = count_device(t, d, argv[0], &c, &wakeups);
	if (!ret)
		printf("resumes %ld wakeups %ld resume_errors %ld overrun %d\n", c.resumes,
		       wakeups, c.resume_errors, c.overrun);
	fclose(t);
	fclose(d);
	return ret ? EXIT_FAIL : EXIT_OK;
}

static int cmd_snapshot(int argc, char **argv)
{
	struct snapshot s;
	int i;

	for (i = 0; i < argc; i++) {
		if (snapshot_take(SYSFS_USB_DEVICES, argv[i], &s)) {
			fprintf(stderr, "labtool: cannot read the power/ attributes of %s, or they never held still\n", argv[i]);
			return EXIT_FAIL;
		}
		snapshot_write(stdout, &s);
	}
	return EXIT_OK;
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
	FILE *t, *d;
	int i, ret = 0;

	if (open_logs(trace, dmesg, &t, &d))
		return -1;
	for (i = 0; i < n && !ret; i++) {
		ret = count_device(t, d, rows[i].after.dev, &rows[i].rpm, &rows[i].trace.wakeups);
		report_derive(&rows[i]);
	}
	fclose(t);
	fclose(d);
	return ret;
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
	for (i = 0; i < n; i++)
		if (!report_agrees(&rows[i]))
			return EXIT_FAIL;
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	/* scripts read its lines while it runs (notified's "ready", latency's rounds) */
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 2 && !strcmp(argv[1], "now-ms")) {
		printf("%lld\n", now_ms());
		return EXIT_OK;
	}
	if (argc == 5 && !strcmp(argv[1], "wait"))
		return cmd_wait(argv + 2);
	if (argc == 5 && !strcmp(argv[1], "steady"))
		return cmd_steady(argv + 2);
	if (argc == 5 && !strcmp(argv[1], "order"))
		return cmd_order(argv + 2);
	if (argc == 4 && !strcmp(argv[1], "notified"))
		return cmd_notified(argv + 2);
	if (argc == 5 && !strcmp(argv[1], "count"))
		return cmd_count(argv + 2);
	if (argc >= 3 && !strcmp(argv[1], "snapshot"))
		return cmd_snapshot(argc - 2, argv + 2);
	if (argc == 7 && !strcmp(argv[1], "report"))
		return cmd_report(argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "latency"))
		return cmd_latency(argc - 1, argv + 1);
	if (argc == 6 && !strcmp(argv[1], "idle"))
		return cmd_idle(argv + 2);
	if (argc == 3 && !strcmp(argv[1], "jitter"))
		return cmd_jitter(argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "timeline"))
		return cmd_timeline(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "recv-ecm"))
		return cmd_recv_ecm(argc - 2, argv + 2);
	return usage();
}
