// SPDX-License-Identifier: GPL-2.0
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../../gadget/sysfs.h"
#include "snapshot.h"

static int read_attr(const char *sysdir, const char *dev, const char *attr, char *buf, size_t len)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s/power/%s", sysdir, dev, attr);
	return sysfs_read(path, buf, len);
}

static int read_long(const char *sysdir, const char *dev, const char *attr, long *v)
{
	char buf[32], *end;

	if (read_attr(sysdir, dev, attr, buf, sizeof(buf)))
		return -1;
	*v = strtol(buf, &end, 10);
	return *end ? -1 : 0;
}

int snapshot_take(const char *sysdir, const char *dev, struct snapshot *s)
{
	memset(s, 0, sizeof(*s));
	if (strlen(dev) >= sizeof(s->dev))
		return -1;
	strcpy(s->dev, dev);
	if (read_attr(sysdir, dev, "runtime_status", s->status, sizeof(s->status)) ||
	    read_attr(sysdir, dev, "control", s->control, sizeof(s->control)) ||
	    read_long(sysdir, dev, "autosuspend_delay_ms", &s->delay_ms) ||
	    read_long(sysdir, dev, "runtime_active_time", &s->active_ms) ||
	    read_long(sysdir, dev, "runtime_suspended_time", &s->suspended_ms))
		return -1;
	return 0;
}

void snapshot_write(FILE *f, const struct snapshot *s)
{
	fprintf(f, "%s %s %s %ld %ld %ld\n", s->dev, s->status, s->control,
		s->delay_ms, s->active_ms, s->suspended_ms);
}

int snapshot_read(FILE *f, struct snapshot *s, int max)
{
	char line[256];
	int n = 0;

	while (n < max && fgets(line, sizeof(line), f)) {
		struct snapshot *p = &s[n];

		if (sscanf(line, "%31s %15s %7s %ld %ld %ld", p->dev, p->status, p->control,
			   &p->delay_ms, &p->active_ms, &p->suspended_ms) != 6)
			return -1;
		n++;
	}
	return n;
}
