// SPDX-License-Identifier: GPL-2.0
/*
 * libusbgx 0.2.0 lists configfs with scandir(), and fails usbg_init()
 * for the whole tree when a function type is one it does not know
 * ("Function not supported"). The link wraps its scandir() calls
 * (-Wl,--wrap=scandir) so that the functions we make by hand
 * (printer.h, uvc.h) are left out of every listing: the library then
 * sees the rest of the gadget as usual, and printer.c and uvc.c mind
 * theirs.
 */
#include <dirent.h>
#include <string.h>

typedef int (*scandir_filter)(const struct dirent *);
typedef int (*scandir_compar)(const struct dirent **, const struct dirent **);

int __real_scandir(const char *dir, struct dirent ***list, scandir_filter filter,
		   scandir_compar compar);
int __wrap_scandir(const char *dir, struct dirent ***list, scandir_filter filter,
		   scandir_compar compar);

/* the caller's filter, for the one scandir() running (no threads use it) */
static scandir_filter caller_filter;

static int hide_by_hand(const struct dirent *d)
{
	if (!strncmp(d->d_name, "printer.", 8) || !strncmp(d->d_name, "uvc.", 4))
		return 0;
	return caller_filter ? caller_filter(d) : 1;
}

int __wrap_scandir(const char *dir, struct dirent ***list, scandir_filter filter,
		   scandir_compar compar)
{
	caller_filter = filter;
	return __real_scandir(dir, list, hide_by_hand, compar);
}
