// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "snapshot.h"
#include "sysfs.h"

static int read_attr(const char *sysdir, const char *dev, const char *attr, char *buf, size_t len)
{
	return sysfs_readf(buf, len, "%s/%s/power/%s", sysdir, dev, attr);
}

static int read_long(const char *sysdir, const char *dev, const char *attr, long *v)
{
	return sysfs_read_longf(v, "%s/%s/power/%s", sysdir, dev, attr);
}

/* the patched kernel's counters: all there, or the kernel has none */
static void take_core(const char *sysdir, const char *dev, struct snapshot *s)
{
	int i;

	s->has_core = true;
	for (i = 0; i < CC_COUNT && s->has_core; i++)
		if (read_long(sysdir, dev, core_counter_file[i], &s->core[i]))
			s->has_core = false;
	if (!s->has_core || read_attr(sysdir, dev, "autosuspend_refusal", s->refusal,
				      sizeof(s->refusal)))
		strcpy(s->refusal, "-");
}

static int take_once(const char *sysdir, const char *dev, struct snapshot *s)
{
	memset(s, 0, sizeof(*s));
	strcpy(s->dev, dev);
	take_core(sysdir, dev, s);
	if (read_attr(sysdir, dev, "runtime_status", s->status, sizeof(s->status)) ||
	    read_attr(sysdir, dev, "control", s->control, sizeof(s->control)) ||
	    read_long(sysdir, dev, "autosuspend_delay_ms", &s->delay_ms) ||
	    read_long(sysdir, dev, "runtime_active_time", &s->active_ms) ||
	    read_long(sysdir, dev, "runtime_suspended_time", &s->suspended_ms))
		return -1;
	return 0;
}

/*
 * A suspend that completed between reading the state and reading the
 * counters would pair "active" with the counts after it (the demo's
 * report then saw one suspend more in the trace than in the counters).
 * So the counters are read on both sides of the state, and all of it
 * again while they moved; a device settles within a few tries.
 */
#define SNAPSHOT_TRIES	20

int snapshot_take(const char *sysdir, const char *dev, struct snapshot *s)
{
	struct snapshot after;
	int i;

	if (strlen(dev) >= sizeof(s->dev))
		return -1;
	for (i = 0; i < SNAPSHOT_TRIES; i++) {
		if (take_once(sysdir, dev, s))
			return -1;
		if (!s->has_core)
			return 0;
		memset(&after, 0, sizeof(after));
		take_core(sysdir, dev, &after);
		if (after.has_core && !memcmp(after.core, s->core, sizeof(s->core)))
			return 0;
	}
	return -1;
}

/* one line: the fixed fields, the counters, then the refusal text */
void snapshot_write(FILE *f, const struct snapshot *s)
{
	int i;

	fprintf(f, "%s %s %s %ld %ld %ld %d", s->dev, s->status, s->control,
		s->delay_ms, s->active_ms, s->suspended_ms, s->has_core);
	for (i = 0; i < CC_COUNT; i++)
		fprintf(f, " %ld", s->core[i]);
	fprintf(f, " %s\n", s->refusal);
}

static int parse_line(char *line, struct snapshot *p)
{
	int has, n, i, used;
	char *pos;

	memset(p, 0, sizeof(*p));
	if (sscanf(line, "%31s %15s %7s %ld %ld %ld %d%n", p->dev, p->status, p->control,
		   &p->delay_ms, &p->active_ms, &p->suspended_ms, &has, &used) != 7)
		return -1;
	p->has_core = has;
	pos = line + used;
	for (i = 0; i < CC_COUNT; i++) {
		if (sscanf(pos, " %ld%n", &p->core[i], &n) != 1)
			return -1;
		pos += n;
	}
	if (*pos++ != ' ')
		return -1;
	pos[strcspn(pos, "\n")] = '\0';
	if (!*pos || strlen(pos) >= sizeof(p->refusal))
		return -1;
	strcpy(p->refusal, pos);
	return 0;
}

int snapshot_read(FILE *f, struct snapshot *s, int max)
{
	char line[512];
	int n = 0;

	while (n < max && fgets(line, sizeof(line), f)) {
		if (parse_line(line, &s[n]))
			return -1;
		n++;
	}
	return n;
}
