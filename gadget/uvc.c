// SPDX-License-Identifier: GPL-2.0
/* The UVC function through configfs by hand (uvc.h says why). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gadget.h"
#include "peer.h"
#include "sysfs.h"
#include "uvc.h"

#define FN		GADGET_DIR "/functions/" UVC_FUNCTION
#define STR(x)		#x
#define XSTR(x)		STR(x)
#define CONFIG_LINK	GADGET_DIR "/configs/" CONFIG_LABEL "." XSTR(CONFIG_ID) "/" UVC_FUNCTION
#define FORMAT		FN "/streaming/uncompressed/u"
#define PEER_START_MS	5000

const struct uvc_size uvc_sizes[] = { { 160, 120 }, { 320, 240 } };
const unsigned int uvc_nsizes = sizeof(uvc_sizes) / sizeof(uvc_sizes[0]);
const uint32_t uvc_intervals[UVC_NINTERVALS] = { UVC_FRAME_INTERVAL, 2000000, 5000000 };

static const struct peer uvc_peer = {
	.name = "UVC peer",
	.dir = UVC_DIR,
	.pid_file = UVC_PID,
	.log_file = UVC_LOG,
	.start_ms = PEER_START_MS,
};

/* the links that make the descriptors: [link] = target, in making order */
static const char *const links[][2] = {
	{ FN "/control/class/fs/h", FN "/control/header/h" },
	{ FN "/control/class/ss/h", FN "/control/header/h" },
	{ FN "/streaming/header/h/u", FORMAT },
	{ FN "/streaming/class/fs/h", FN "/streaming/header/h" },
	{ FN "/streaming/class/hs/h", FN "/streaming/header/h" },
	{ FN "/streaming/class/ss/h", FN "/streaming/header/h" },
};
#define NLINKS	(sizeof(links) / sizeof(links[0]))

static int complain(const char *what, const char *path)
{
	fprintf(stderr, "autopm-gadget: %s %s: %s\n", what, path, strerror(errno));
	return -1;
}

static void frame_dir(char *buf, size_t len, unsigned int i)
{
	snprintf(buf, len, FORMAT "/f%u", i + 1);
}

static int write_attr(const char *dir, const char *attr, const char *fmt, unsigned long v)
{
	char path[256], val[32];

	snprintf(path, sizeof(path), "%s/%s", dir, attr);
	snprintf(val, sizeof(val), fmt, v);
	return sysfs_write(path, val) ? complain("write", path) : 0;
}

static int make_frame(unsigned int i)
{
	const struct uvc_size *s = &uvc_sizes[i];
	unsigned long bytes = 2UL * s->width * s->height, bits = bytes * 8 * 10000000UL;
	char dir[192], path[256], list[64];
	unsigned int k, n = 0;

	for (k = 0; k < UVC_NINTERVALS; k++)
		n += (unsigned int)snprintf(list + n, sizeof(list) - n, "%u\n", uvc_intervals[k]);
	frame_dir(dir, sizeof(dir), i);
	if (mkdir(dir, 0755))
		return complain("create frame", dir);
	snprintf(path, sizeof(path), "%s/dwFrameInterval", dir);
	return write_attr(dir, "wWidth", "%lu", s->width) ||
	       write_attr(dir, "wHeight", "%lu", s->height) ||
	       write_attr(dir, "dwMaxVideoFrameBufferSize", "%lu", bytes) ||
	       write_attr(dir, "dwMinBitRate", "%lu", bits / uvc_intervals[UVC_NINTERVALS - 1]) ||
	       write_attr(dir, "dwMaxBitRate", "%lu", bits / uvc_intervals[0]) ||
	       (sysfs_write(path, list) ? complain("write", path) : 0) ||
	       write_attr(dir, "dwDefaultFrameInterval", "%lu", UVC_FRAME_INTERVAL) ? -1 : 0;
}

int uvc_add(unsigned int interval)
{
	static const char *const dirs[] = {
		FN, FN "/control/header/h", FORMAT, FN "/streaming/header/h",
	};
	unsigned int i;

	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (mkdir(dirs[i], 0755)) {
			complain("create", dirs[i]);
			goto undo;
		}
	if (write_attr(FN, "streaming_maxpacket", "%lu", UVC_MAXPACKET) ||
	    write_attr(FN, "streaming_interval", "%lu", interval))
		goto undo;
	for (i = 0; i < uvc_nsizes; i++)
		if (make_frame(i))
			goto undo;
	for (i = 0; i < NLINKS; i++)
		if (symlink(links[i][1], links[i][0])) {
			complain("link", links[i][0]);
			goto undo;
		}
	if (symlink(FN, CONFIG_LINK)) {
		complain("link UVC function into", CONFIG_LINK);
		goto undo;
	}
	return 0;
undo:
	uvc_remove();
	return -1;
}

int uvc_present(void)
{
	struct stat st;

	return !stat(FN, &st);
}

static int gone(int ret, const char *what, const char *path)
{
	return ret && errno != ENOENT ? complain(what, path) : 0;
}

/* configfs removes a function's tree only from the leaves up */
int uvc_remove(void)
{
	static const char *const dirs[] = {
		FN "/streaming/header/h", FORMAT, FN "/control/header/h", FN,
	};
	char dir[192];
	unsigned int i;
	int ret = 0;

	ret |= gone(unlink(CONFIG_LINK), "unlink", CONFIG_LINK);
	for (i = NLINKS; i-- > 0;)
		ret |= gone(unlink(links[i][0]), "unlink", links[i][0]);
	for (i = 0; i < uvc_nsizes; i++) {
		frame_dir(dir, sizeof(dir), i);
		ret |= gone(rmdir(dir), "remove", dir);
	}
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		ret |= gone(rmdir(dirs[i]), "remove", dirs[i]);
	return ret;
}

/* f_uvc names its node's function_name after the configfs directory */
int uvc_node(char *buf, size_t len)
{
	char name[64];
	struct dirent *d;
	DIR *dir = opendir("/sys/class/video4linux");
	int ret = -1;

	if (!dir)
		return -1;
	while ((d = readdir(dir)))
		if (!strncmp(d->d_name, "video", 5) &&
		    !sysfs_readf(name, sizeof(name), "/sys/class/video4linux/%s/function_name",
				 d->d_name) &&
		    !strcmp(name, UVC_FUNCTION)) {
			snprintf(buf, len, "/dev/%s", d->d_name);
			ret = 0;
			break;
		}
	closedir(dir);
	return ret;
}

int uvc_start(void)
{
	unlink(UVC_STATS);
	return peer_start(&uvc_peer, uvc_peer_main, NULL);
}

int uvc_stop(void)
{
	return peer_stop(&uvc_peer);
}
