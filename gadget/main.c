// SPDX-License-Identifier: GPL-2.0
/* autopm-gadget: the device side of autopm-lab, on libusbgx. */
#include <stdio.h>
#include <string.h>

#include "gadget.h"
#include "options.h"
#include "uvc.h"
#include "vendor.h"

struct subcommand {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *usage;
};

static const struct subcommand subcommands[] = {
	{ "up", cmd_up,
	  "up [--udc NAME] [--vid ID] [--pid ID] [--functions acm,ecm,vendor] [--wakeup|--no-wakeup]\n"
	  "   [--no-wait] [--uvc-interval N]\n"
	  "  Create gadget " GADGET_NAME " and bind it to NAME (default: the first UDC).\n"
	  "  Default: CDC-ACM + CDC-ECM, ids 1d6b:0104, remote wakeup advertised\n"
	  "  (bmAttributes 0xa0; --no-wakeup gives 0x80). Then waits up to 5 s for the\n"
	  "  host to enumerate it and prints 'host-device: NAME' (not with --no-wait).\n"
	  "  A failed up removes what it made.\n"
	  "  vendor: a FunctionFS interface for host-driver/, served by a forked peer\n"
	  "  whose counters are files in " VENDOR_DIR "; it keeps the default ids.\n"
	  "  uvc: a YUYV camera at 15 frames/s, 160x120 or 320x240, fed by a forked peer\n"
	  "  whose counts are in " UVC_STATS "; its endpoint moves 1024 bytes\n"
	  "  every 2^(N-1) microframes (--uvc-interval, default 4: 1 ms; 2 carries 320x240).\n" },
	{ "down", cmd_down,
	  "down\n  Unbind gadget " GADGET_NAME " and remove it from configfs.\n" },
	{ "wake", cmd_wake,
	  "wake [--timeout-ms MS]\n"
	  "  Signal remote wakeup and wait up to MS (default 1000) for the host-side\n"
	  "  device to be active. Exits 1, saying why, when no wakeup was delivered.\n" },
	{ "send-acm", cmd_send_acm,
	  "send-acm [--timeout-ms MS] (DATA | --file F)\n"
	  "  Write DATA, or file F, to the ACM function's /dev/ttyGSn and wait up to MS\n"
	  "  (default 5000) for the tty's write buffer to drain into USB requests.\n"
	  "  Written while the bus is suspended, it makes the lab's kernel ask the\n"
	  "  host for a remote wakeup. The host must have ttyACM open to receive it.\n" },
	{ "send-ecm", cmd_send_ecm,
	  "send-ecm [--count N] [--size BYTES] [--seq FIRST]\n"
	  "  Send N (default 1) lab frames (EtherType 0x88b5, sequence number, checksum)\n"
	  "  from the ECM netdev to the host's MAC. Run it in the netdev's namespace.\n" },
	{ "events", cmd_events,
	  "events (--wake | --acm | --ecm) (--period-ms T | --poisson-ms MEAN [--seed S])\n"
	  "       (--count N | --duration-ms D) [--size BYTES]\n"
	  "  Wake the host, write BYTES (default 16) to ttyGSn, or send a frame, every\n"
	  "  T ms or at Poisson times with mean gap MEAN ms from seed S, N times or for\n"
	  "  D ms. Prints what happened and the device-side counters it moved.\n" },
	{ "counters", cmd_counters,
	  "counters [--raced N]\n"
	  "  Device-side counts (bus suspends and resumes, wake requests, refused and\n"
	  "  delivered, bytes and packets held while suspended and sent) beside the\n"
	  "  host's, once the bus has settled. Exits 1 on any mismatch. --raced N: the\n"
	  "  bus suspends hcd.c logged as racing with a wakeup (default 0). The device\n"
	  "  exactly N suspends and N resumes ahead, 0 to N remote wakeups ahead, and\n"
	  "  nothing else different: agree, those lines saying 'raced'.\n" },
	{ "vendor", cmd_vendor,
	  "vendor event [--count N] [--interval-ms MS] | vendor reply\n"
	  "  Ask the vendor peer to send N spontaneous interrupt-IN frames (waking a\n"
	  "  suspended host first), or one bulk-IN reply for the host's next fetch.\n" },
	{ "status", cmd_status,
	  "status [--format=human|kv]\n"
	  "  Print UDC, bus state, functions with their tty and netdev, and the\n"
	  "  host-side device, one 'key: value' per line; --format=kv prints\n"
	  "  'key=value' lines for scripts (keys: README.md).\n" },
};

#define N_SUBCOMMANDS (sizeof(subcommands) / sizeof(subcommands[0]))

static void usage(FILE *out)
{
	size_t i;

	fprintf(out, "Usage: autopm-gadget SUBCOMMAND [OPTIONS]   (SUBCOMMAND --help for more)\n");
	for (i = 0; i < N_SUBCOMMANDS; i++)
		fprintf(out, "  autopm-gadget %s", subcommands[i].usage);
}

static int wants_help(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	size_t i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return EXIT_OK;
	}
	for (i = 0; i < N_SUBCOMMANDS; i++) {
		if (strcmp(argv[1], subcommands[i].name))
			continue;
		if (wants_help(argc - 1, argv + 1)) {
			printf("Usage: autopm-gadget %s", subcommands[i].usage);
			return EXIT_OK;
		}
		return subcommands[i].run(argc - 1, argv + 1);
	}
	fprintf(stderr, "autopm-gadget: unknown subcommand '%s' (try --help)\n", argv[1]);
	return EXIT_USAGE;
}
