/* SPDX-License-Identifier: GPL-2.0 */
/* How late the guest's timers wake a sleeper, while something else runs. */
#ifndef LABTOOL_JITTER_H
#define LABTOOL_JITTER_H

int cmd_jitter(char **argv);

#endif
