/* SPDX-License-Identifier: GPL-2.0 */
/* labtool latency: device-initiated wakeup latency, end to end. */
#ifndef LABTOOL_LATENCY_H
#define LABTOOL_LATENCY_H

int cmd_latency(int argc, char **argv);

#endif
