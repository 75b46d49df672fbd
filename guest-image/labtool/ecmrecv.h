/* SPDX-License-Identifier: GPL-2.0 */
/* labtool recv-ecm: receive and check the lab's ECM frames. */
#ifndef LABTOOL_ECMRECV_H
#define LABTOOL_ECMRECV_H

int cmd_recv_ecm(int argc, char **argv);

#endif
