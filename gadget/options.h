/* SPDX-License-Identifier: GPL-2.0 */
/* Command-line parsing for autopm-gadget: pure logic, unit-tested. */
#ifndef AUTOPM_GADGET_OPTIONS_H
#define AUTOPM_GADGET_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "input.h"
#include "lab.h"
#include "parse.h"

#define DEFAULT_WAKE_TIMEOUT_MS	1000

/* mass_storage's disk, in the guest's tmpfs (status: mass_storage_file) */
#define MS_DIR		"/run/autopm-lab"
#define MS_BACKING	MS_DIR "/disk.img"
#define MS_BYTES	(4 << 20)

#define CONFIG_ATTR_BASE	0x80	/* bit 7 is reserved and always set */
#define CONFIG_ATTR_WAKEUP	0x20	/* remote wakeup supported */

enum lab_function {
	LAB_F_ACM = 1 << 0,
	LAB_F_ECM = 1 << 1,
	LAB_F_VENDOR = 1 << 2,	/* FunctionFS, for host-driver/ */
	/* the stand-ins for other class drivers (scripts/conform) */
	LAB_F_SUBSET = 1 << 3,
	LAB_F_RNDIS = 1 << 4,
	LAB_F_NCM = 1 << 5,
	LAB_F_EEM = 1 << 6,
	LAB_F_GSER = 1 << 7,
	LAB_F_HID = 1 << 8,	/* a boot keyboard */
	LAB_F_LOOPBACK = 1 << 9,
	LAB_F_PRINTER = 1 << 10,	/* by hand: printer.h */
	LAB_F_MASS_STORAGE = 1 << 11,	/* a disk in a file: MS_BACKING */
	LAB_F_UAC2 = 1 << 12,	/* USB Audio Class 2: 48 kHz stereo each way */
	LAB_F_UVC = 1 << 13,	/* USB Video Class, by hand and with a peer: uvc.h */
};

/* each function's name on the command line, in enum order */
struct lab_function_name {
	const char *name;
	unsigned int flag;
};

extern const struct lab_function_name lab_function_names[];

struct up_options {
	const char *udc;	/* NULL: the first UDC */
	uint16_t vid;
	uint16_t pid;
	unsigned int functions;	/* mask of enum lab_function */
	bool remote_wakeup;
	bool wait;		/* for the host to enumerate the device */
	unsigned int uvc_interval;	/* f_uvc's streaming_interval (uvc.h) */
};

struct vendor_options {
	bool reply;		/* "reply": one bulk-IN frame; else "event" */
	unsigned int count;	/* events to send */
	unsigned int interval_ms;	/* between events */
};

struct status_options {
	bool kv;		/* --format=kv: "key=value" lines for scripts */
};

struct wake_options {
	unsigned int timeout_ms;
};

#define MAX_RACED	1000000

struct counters_options {
	unsigned int raced;	/* bus suspends hcd.c logged as racing with a wakeup */
};

#define DEFAULT_SEND_TIMEOUT_MS	5000
#define MAX_ACM_EVENT_SIZE	4096
#define MAX_EVENTS		1000000

struct send_acm_options {
	const char *data;	/* DATA argument, or NULL */
	const char *file;	/* --file, or NULL */
	unsigned int timeout_ms;	/* for the bytes to leave the gadget */
};

struct send_ecm_options {
	unsigned int count;	/* frames */
	unsigned int size;	/* payload bytes each */
	unsigned int first_seq;
};

struct events_options {
	enum lab_input kind;
	bool poisson;		/* Poisson times with mean mean_ms, else every mean_ms */
	unsigned int mean_ms;
	uint64_t seed;
	unsigned int count;	/* 0: no limit */
	unsigned int duration_ms;	/* 0: no limit */
	unsigned int size;	/* bytes per ACM event, payload per ECM frame */
};

/* Parsers return 0, or -1 after printing one line naming the bad input. */
int parse_functions(const char *list, unsigned int *mask);
int parse_up_options(int argc, char **argv, struct up_options *o);
int parse_status_options(int argc, char **argv, struct status_options *o);
int parse_wake_options(int argc, char **argv, struct wake_options *o);
int parse_counters_options(int argc, char **argv, struct counters_options *o);
int parse_vendor_options(int argc, char **argv, struct vendor_options *o);
int parse_no_options(int argc, char **argv);
int parse_send_acm_options(int argc, char **argv, struct send_acm_options *o);
int parse_send_ecm_options(int argc, char **argv, struct send_ecm_options *o);
int parse_events_options(int argc, char **argv, struct events_options *o);

uint8_t config_attributes(bool remote_wakeup);
#endif
