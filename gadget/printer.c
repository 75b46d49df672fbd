// SPDX-License-Identifier: GPL-2.0
/* The printer function through configfs by hand (printer.h says why). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gadget.h"
#include "printer.h"
#include "sysfs.h"

#define FUNCTION_DIR	GADGET_DIR "/functions/" PRINTER_FUNCTION
/* our configuration's link to it (cmd_up.c makes the configuration) */
#define STR(x)		#x
#define XSTR(x)		STR(x)
#define CONFIG_LINK	GADGET_DIR "/configs/" CONFIG_LABEL "." XSTR(CONFIG_ID) "/" PRINTER_FUNCTION
/* f_printer names its node g_printer<minor> in this class */
#define PRINTER_CLASS	"/sys/class/usb_printer_gadget"

/* IEEE 1284 device id: what usblp reads with GET_DEVICE_ID */
#define PNP_STRING	"MFG:autopm-lab;MDL:lab printer;CMD:PCL;CLS:PRINTER;"

static int complain(const char *what, const char *path)
{
	fprintf(stderr, "autopm-gadget: %s %s: %s\n", what, path, strerror(errno));
	return -1;
}

int printer_add(void)
{
	if (mkdir(FUNCTION_DIR, 0755))
		return complain("create printer function", FUNCTION_DIR);
	if (sysfs_write(FUNCTION_DIR "/pnp_string", PNP_STRING)) {
		complain("write", FUNCTION_DIR "/pnp_string");
		goto out_rmdir;
	}
	if (symlink(FUNCTION_DIR, CONFIG_LINK)) {
		complain("link printer function into", CONFIG_LINK);
		goto out_rmdir;
	}
	return 0;
out_rmdir:
	rmdir(FUNCTION_DIR);
	return -1;
}

int printer_present(void)
{
	struct stat st;

	return !stat(FUNCTION_DIR, &st);
}

int printer_remove(void)
{
	if (unlink(CONFIG_LINK) && errno != ENOENT)
		return complain("unlink", CONFIG_LINK);
	if (rmdir(FUNCTION_DIR) && errno != ENOENT)
		return complain("remove", FUNCTION_DIR);
	return 0;
}

int printer_node(char *buf, size_t len)
{
	struct dirent *d;
	DIR *dir = opendir(PRINTER_CLASS);
	int ret = -1;

	if (!dir)
		return -1;
	while ((d = readdir(dir)))
		if (!strncmp(d->d_name, "g_printer", 9)) {
			snprintf(buf, len, "/dev/%s", d->d_name);
			ret = 0;
			break;
		}
	closedir(dir);
	return ret;
}
