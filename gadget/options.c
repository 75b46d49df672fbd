// SPDX-License-Identifier: GPL-2.0
/* Command-line parsing for autopm-gadget: pure logic, unit-tested. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "options.h"
#include "uvc.h"

static int bad(const char *what, const char *value)
{
	fprintf(stderr, "autopm-gadget: %s: '%s'\n", what, value);
	return -1;
}

/* a missing or conflicting option: nothing to quote */
static int complain(const char *what)
{
	fprintf(stderr, "autopm-gadget: %s\n", what);
	return -1;
}

const struct lab_function_name lab_function_names[] = {
	{ "acm", LAB_F_ACM },
	{ "ecm", LAB_F_ECM },
	{ "vendor", LAB_F_VENDOR },
	{ "subset", LAB_F_SUBSET },
	{ "rndis", LAB_F_RNDIS },
	{ "ncm", LAB_F_NCM },
	{ "eem", LAB_F_EEM },
	{ "gser", LAB_F_GSER },
	{ "hid", LAB_F_HID },
	{ "loopback", LAB_F_LOOPBACK },
	{ "printer", LAB_F_PRINTER },
	{ "mass_storage", LAB_F_MASS_STORAGE },
	{ "uac2", LAB_F_UAC2 },
	{ "uvc", LAB_F_UVC },
	{ NULL, 0 },
};

static unsigned int function_flag(const char *name)
{
	const struct lab_function_name *n;

	for (n = lab_function_names; n->name; n++)
		if (!strcmp(name, n->name))
			return n->flag;
	return 0;
}

int parse_functions(const char *list, unsigned int *mask)
{
	char buf[96], *tok, *save;
	unsigned int m = 0, flag;

	if (!list || strlen(list) >= sizeof(buf))
		return bad("function list too long", list ? list : "");
	strcpy(buf, list);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		flag = function_flag(tok);
		if (!flag)
			return bad("unknown function (choose from acm,ecm,vendor,subset,rndis,ncm,eem,gser,hid,loopback,printer,mass_storage,uac2,uvc)",
				   tok);
		m |= flag;
	}
	if (!m)
		return bad("no function given", list);
	*mask = m;
	return 0;
}

uint8_t config_attributes(bool remote_wakeup)
{
	return CONFIG_ATTR_BASE | (remote_wakeup ? CONFIG_ATTR_WAKEUP : 0);
}

/* autopm_lab's id table knows only the lab's ids */
static int complain_ids(void)
{
	fprintf(stderr, "autopm-gadget: the vendor function needs ids %04x:%04x, the only ones autopm_lab binds: drop --vid/--pid\n",
		LAB_VID, LAB_PID);
	return -1;
}

/* getopt keeps state: reset it so each parse starts from argv[1] */
static void getopt_reset(void)
{
	optind = 0;
	opterr = 0;
}

static int unexpected(int argc, char **argv)
{
	if (optind < argc)
		return bad("unexpected argument", argv[optind]);
	return 0;
}

int parse_up_options(int argc, char **argv, struct up_options *o)
{
	static const struct option longopts[] = {
		{ "udc", required_argument, NULL, 'u' },
		{ "vid", required_argument, NULL, 'v' },
		{ "pid", required_argument, NULL, 'p' },
		{ "functions", required_argument, NULL, 'f' },
		{ "wakeup", no_argument, NULL, 'w' },
		{ "no-wakeup", no_argument, NULL, 'n' },
		{ "no-wait", no_argument, NULL, 'W' },
		{ "uvc-interval", required_argument, NULL, 'i' },
		{ NULL, 0, NULL, 0 },
	};
	bool uvc_interval = false;
	int c;

	*o = (struct up_options){
		.vid = LAB_VID,
		.pid = LAB_PID,
		.functions = LAB_F_ACM | LAB_F_ECM,
		.remote_wakeup = true,
		.wait = true,
		.uvc_interval = UVC_INTERVAL,
	};
	getopt_reset();
	while ((c = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		switch (c) {
		case 'u':
			if (!*optarg)
				return bad("empty UDC name", optarg);
			o->udc = optarg;
			break;
		case 'v':
			if (parse_u16(optarg, &o->vid))
				return bad("--vid wants a number from 0 to 0xffff", optarg);
			break;
		case 'p':
			if (parse_u16(optarg, &o->pid))
				return bad("--pid wants a number from 0 to 0xffff", optarg);
			break;
		case 'f':
			if (parse_functions(optarg, &o->functions))
				return -1;
			break;
		case 'w':
			o->remote_wakeup = true;
			break;
		case 'n':
			o->remote_wakeup = false;
			break;
		case 'W':
			o->wait = false;
			break;
		case 'i':
			if (parse_uint(optarg, UVC_INTERVAL_MAX, &o->uvc_interval) || !o->uvc_interval)
				return bad("--uvc-interval wants a number from 1 to 16", optarg);
			uvc_interval = true;
			break;
		default:
			return bad("unknown or incomplete option", argv[optind - 1]);
		}
	}
	if ((o->functions & LAB_F_VENDOR) && (o->vid != LAB_VID || o->pid != LAB_PID))
		return complain_ids();
	if (uvc_interval && !(o->functions & LAB_F_UVC))
		return complain("--uvc-interval is for the uvc function: add it to --functions");
	return unexpected(argc, argv);
}

/*
 * A subcommand whose one option is --NAME VALUE: TAKE checks and stores
 * each value in O, returning -1 after saying why it is bad.
 */
static int parse_one_option(int argc, char **argv, const char *name,
			    int (*take)(const char *value, void *o), void *o)
{
	const struct option longopts[] = {
		{ name, required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	getopt_reset();
	while ((c = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		if (c != 'o')
			return bad("unknown or incomplete option", argv[optind - 1]);
		if (take(optarg, o))
			return -1;
	}
	return unexpected(argc, argv);
}

static int take_format(const char *value, void *o)
{
	if (strcmp(value, "kv") && strcmp(value, "human"))
		return bad("--format wants human or kv", value);
	((struct status_options *)o)->kv = !strcmp(value, "kv");
	return 0;
}

int parse_status_options(int argc, char **argv, struct status_options *o)
{
	*o = (struct status_options){ 0 };
	return parse_one_option(argc, argv, "format", take_format, o);
}

static int take_timeout(const char *value, void *o)
{
	unsigned int *ms = &((struct wake_options *)o)->timeout_ms;

	if (parse_uint(value, 60000, ms) || !*ms)
		return bad("--timeout-ms wants 1 to 60000", value);
	return 0;
}

int parse_wake_options(int argc, char **argv, struct wake_options *o)
{
	*o = (struct wake_options){ .timeout_ms = DEFAULT_WAKE_TIMEOUT_MS };
	return parse_one_option(argc, argv, "timeout-ms", take_timeout, o);
}

static int take_raced(const char *value, void *o)
{
	if (parse_uint(value, MAX_RACED, &((struct counters_options *)o)->raced))
		return bad("--raced wants a count from 0 to 1000000", value);
	return 0;
}

int parse_counters_options(int argc, char **argv, struct counters_options *o)
{
	*o = (struct counters_options){ 0 };
	return parse_one_option(argc, argv, "raced", take_raced, o);
}

int parse_vendor_options(int argc, char **argv, struct vendor_options *o)
{
	static const struct option longopts[] = {
		{ "count", required_argument, NULL, 'c' },
		{ "interval-ms", required_argument, NULL, 'i' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*o = (struct vendor_options){ .count = 1 };
	if (argc < 2)
		return bad("vendor wants 'event' or 'reply'", "");
	if (!strcmp(argv[1], "reply")) {
		o->reply = true;
		return parse_no_options(argc - 1, argv + 1);
	}
	if (strcmp(argv[1], "event"))
		return bad("vendor wants 'event' or 'reply'", argv[1]);
	getopt_reset();
	argc--;
	argv++;
	while ((c = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		if (c == 'c' && !parse_uint(optarg, 100000, &o->count) && o->count)
			continue;
		if (c == 'i' && !parse_uint(optarg, 60000, &o->interval_ms))
			continue;
		if (c == 'c')
			return bad("--count wants 1 to 100000", optarg);
		if (c == 'i')
			return bad("--interval-ms wants 0 to 60000", optarg);
		return bad("unknown or incomplete option", argv[optind - 1]);
	}
	return unexpected(argc, argv);
}

int parse_no_options(int argc, char **argv)
{
	static const struct option longopts[] = { { NULL, 0, NULL, 0 } };

	getopt_reset();
	if (getopt_long(argc, argv, "+", longopts, NULL) != -1)
		return bad("unknown option", argv[optind - 1]);
	return unexpected(argc, argv);
}

int parse_send_acm_options(int argc, char **argv, struct send_acm_options *o)
{
	static const struct option longopts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "timeout-ms", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*o = (struct send_acm_options){ .timeout_ms = DEFAULT_SEND_TIMEOUT_MS };
	getopt_reset();
	while ((c = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (!*optarg)
				return bad("--file wants a path", optarg);
			o->file = optarg;
			break;
		case 't':
			if (parse_uint(optarg, 600000, &o->timeout_ms) || !o->timeout_ms)
				return bad("--timeout-ms wants 1 to 600000", optarg);
			break;
		default:
			return bad("unknown or incomplete option", argv[optind - 1]);
		}
	}
	if (optind < argc)
		o->data = argv[optind++];
	if (!o->data == !o->file)
		return complain("give either DATA or --file F, not both or neither");
	if (o->data && !*o->data)
		return bad("DATA is empty", o->data);
	return unexpected(argc, argv);
}

int parse_send_ecm_options(int argc, char **argv, struct send_ecm_options *o)
{
	static const struct option longopts[] = {
		{ "count", required_argument, NULL, 'c' },
		{ "size", required_argument, NULL, 's' },
		{ "seq", required_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*o = (struct send_ecm_options){ .count = 1, .size = 64 };
	getopt_reset();
	while ((c = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		switch (c) {
		case 'c':
			if (parse_uint(optarg, MAX_EVENTS, &o->count) || !o->count)
				return bad("--count wants 1 to 1000000", optarg);
			break;
		case 's':
			if (parse_uint(optarg, LAB_FRAME_MAX_DATA, &o->size))
				return bad("--size wants 0 to 1400 payload bytes", optarg);
			break;
		case 'q':
			if (parse_uint(optarg, 0x7fffffff, &o->first_seq))
				return bad("--seq wants 0 to 2147483647", optarg);
			break;
		default:
			return bad("unknown or incomplete option", argv[optind - 1]);
		}
	}
	return unexpected(argc, argv);
}

static int set_kind(struct events_options *o, enum lab_input kind, bool *given)
{
	if (*given)
		return bad("give one of --wake, --acm, --ecm", lab_input_name(kind));
	*given = true;
	o->kind = kind;
	return 0;
}

int parse_events_options(int argc, char **argv, struct events_options *o)
{
	static const struct option longopts[] = {
		{ "wake", no_argument, NULL, 'w' },
		{ "acm", no_argument, NULL, 'a' },
		{ "ecm", no_argument, NULL, 'e' },
		{ "period-ms", required_argument, NULL, 'p' },
		{ "poisson-ms", required_argument, NULL, 'P' },
		{ "seed", required_argument, NULL, 's' },
		{ "count", required_argument, NULL, 'c' },
		{ "duration-ms", required_argument, NULL, 'd' },
		{ "size", required_argument, NULL, 'z' },
		{ NULL, 0, NULL, 0 },
	};
	bool kind = false, seed = false;
	int c;

	*o = (struct events_options){ .seed = 1, .size = 16 };
	getopt_reset();
	while ((c = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
		switch (c) {
		case 'w':
		case 'a':
		case 'e':
			if (set_kind(o, c == 'w' ? LAB_INPUT_WAKE : c == 'a' ? LAB_INPUT_ACM : LAB_INPUT_ECM,
				     &kind))
				return -1;
			break;
		case 'p':
		case 'P':
			if (o->mean_ms)
				return bad("give one of --period-ms and --poisson-ms", optarg);
			if (parse_uint(optarg, 3600000, &o->mean_ms) || !o->mean_ms)
				return bad("the period wants 1 to 3600000 ms", optarg);
			o->poisson = c == 'P';
			break;
		case 's':
			if (parse_u64(optarg, &o->seed))
				return bad("--seed wants a non-negative number", optarg);
			seed = true;
			break;
		case 'c':
			if (parse_uint(optarg, MAX_EVENTS, &o->count) || !o->count)
				return bad("--count wants 1 to 1000000", optarg);
			break;
		case 'd':
			if (parse_uint(optarg, LAB_MAX_MS, &o->duration_ms) || !o->duration_ms)
				return bad("--duration-ms wants 1 to 86400000", optarg);
			break;
		case 'z':
			if (parse_uint(optarg, MAX_ACM_EVENT_SIZE, &o->size))
				return bad("--size wants 0 to 4096", optarg);
			break;
		default:
			return bad("unknown or incomplete option", argv[optind - 1]);
		}
	}
	if (unexpected(argc, argv))
		return -1;
	if (!kind)
		return complain("say what each event does: --wake, --acm or --ecm");
	if (!o->mean_ms)
		return complain("say when: --period-ms T or --poisson-ms MEAN");
	if (seed && !o->poisson)
		return complain("--seed goes with --poisson-ms");
	if (!o->count && !o->duration_ms)
		return complain("say how long: --count N and/or --duration-ms D");
	if (o->kind == LAB_INPUT_ACM && !o->size)
		return complain("--size for --acm wants 1 to 4096");
	if (o->kind == LAB_INPUT_ECM && o->size > LAB_FRAME_MAX_DATA)
		return complain("--size for --ecm wants 0 to 1400");
	return 0;
}
