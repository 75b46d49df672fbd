// SPDX-License-Identifier: GPL-2.0
/*
 * The vendor peer: FunctionFS descriptors, then one thread per job:
 * ep0 events, frames from the host (checked for order and checksum),
 * commands from the FIFO (spontaneous events, replies), and the counters.
 */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/usb/functionfs.h>

#include "autopm_lab_proto.h"
#include "clock.h"
#include "gadget.h"
#include "sysfs.h"
#include "vendor.h"

#define EP_OUT		VENDOR_MOUNT "/ep1"
#define EP_IN		VENDOR_MOUNT "/ep2"
#define EP_INT		VENDOR_MOUNT "/ep3"

/* the counters, in the order of their files */
enum counter {
	C_RX_FRAMES,	/* valid frames from the host */
	C_RX_BAD_CSUM,
	C_RX_BAD_SEQ,	/* out of order: not last + 1, nor a restart at 0 */
	C_RX_BAD_FRAME,	/* bad magic or length: buffered bytes dropped */
	C_RX_RESTARTS,	/* seq 0 after other frames: the driver was rebound */
	C_RX_LAST_SEQ,
	C_TX_EVENTS,	/* interrupt-IN frames the host took */
	C_TX_REPLIES,	/* bulk-IN frames the host took */
	C_WAKEUPS,	/* remote wakeups the UDC accepted */
	C_WAKE_REFUSED,
	C_INT_HALTS,	/* interrupt-IN halts set on command (halt-int) */
	C_COUNT
};

static const char *const counter_names[C_COUNT] = {
	"rx_frames", "rx_bad_csum", "rx_bad_seq", "rx_bad_frame",
	"rx_restarts", "rx_last_seq", "tx_events", "tx_replies",
	"wakeups", "wake_refused", "int_halts",
};

static unsigned long counters[C_COUNT];
static unsigned int tx_seq;
static const char *peer_udc;
static pthread_mutex_t tx_lock = PTHREAD_MUTEX_INITIALIZER;

static void count(enum counter c)
{
	__atomic_add_fetch(&counters[c], 1, __ATOMIC_RELAXED);
}

/* --- descriptors --- */

struct vendor_intf_descs {
	struct usb_interface_descriptor intf;
	struct usb_endpoint_descriptor_no_audio out, in, irq;
} __attribute__((packed));

static struct vendor_intf_descs intf_descs(uint16_t bulk_max)
{
	struct vendor_intf_descs d = {
		.intf = {
			.bLength = USB_DT_INTERFACE_SIZE,
			.bDescriptorType = USB_DT_INTERFACE,
			.bNumEndpoints = 3,
			.bInterfaceClass = APLAB_CLASS,
			.bInterfaceSubClass = APLAB_SUBCLASS,
			.bInterfaceProtocol = APLAB_PROTOCOL,
			.iInterface = 1,
		},
		.out = { USB_DT_ENDPOINT_SIZE, USB_DT_ENDPOINT, 1 | USB_DIR_OUT,
			 USB_ENDPOINT_XFER_BULK, htole16(bulk_max), 0 },
		.in = { USB_DT_ENDPOINT_SIZE, USB_DT_ENDPOINT, 2 | USB_DIR_IN,
			USB_ENDPOINT_XFER_BULK, htole16(bulk_max), 0 },
		.irq = { USB_DT_ENDPOINT_SIZE, USB_DT_ENDPOINT, 3 | USB_DIR_IN,
			 USB_ENDPOINT_XFER_INT, htole16(APLAB_FRAME_MAX), APLAB_INT_INTERVAL },
	};
	return d;
}

static int write_descriptors(int ep0)
{
	struct {
		struct usb_functionfs_descs_head_v2 head;
		uint32_t fs_count, hs_count;
		struct vendor_intf_descs fs, hs;
	} __attribute__((packed)) descs = {
		.head = {
			.magic = htole32(FUNCTIONFS_DESCRIPTORS_MAGIC_V2),
			.length = htole32(sizeof(descs)),
			.flags = htole32(FUNCTIONFS_HAS_FS_DESC | FUNCTIONFS_HAS_HS_DESC),
		},
		.fs_count = htole32(4),
		.hs_count = htole32(4),
		.fs = intf_descs(64),
		.hs = intf_descs(512),
	};
	static const char name[] = "autopm-lab vendor";
	struct {
		struct usb_functionfs_strings_head head;
		uint16_t lang;
		char str[sizeof(name)];
	} __attribute__((packed)) strs = {
		.head = {
			.magic = htole32(FUNCTIONFS_STRINGS_MAGIC),
			.length = htole32(sizeof(strs)),
			.str_count = htole32(1),
			.lang_count = htole32(1),
		},
		.lang = htole16(0x0409),
	};

	memcpy(strs.str, name, sizeof(name));
	if (write(ep0, &descs, sizeof(descs)) != sizeof(descs)) {
		fprintf(stderr, "vendor peer: descriptors: %s\n", strerror(errno));
		return -1;
	}
	if (write(ep0, &strs, sizeof(strs)) != sizeof(strs)) {
		fprintf(stderr, "vendor peer: strings: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

/* --- frames from the host --- */

static void check_frame(const struct aplab_frame *f)
{
	static int seen;
	uint32_t seq = le32toh(f->seq);

	if (le32toh(f->csum) != aplab_csum(f, f->len)) {
		count(C_RX_BAD_CSUM);
		return;
	}
	if (seen && seq == 0)
		count(C_RX_RESTARTS);
	else if (seen && seq != counters[C_RX_LAST_SEQ] + 1)
		count(C_RX_BAD_SEQ);
	seen = 1;
	__atomic_store_n(&counters[C_RX_LAST_SEQ], seq, __ATOMIC_RELAXED);
	count(C_RX_FRAMES);
}

/* frames may share a transfer or span two: parse a byte stream */
static size_t parse_frames(unsigned char *buf, size_t have)
{
	const struct aplab_frame *f;
	size_t used = 0, size;

	while (have - used >= APLAB_HDR_LEN) {
		f = (const void *)(buf + used);
		if (le32toh(f->magic) != APLAB_MAGIC || f->len > APLAB_MAX_PAYLOAD) {
			/*
			 * No way to resynchronise: drop everything buffered.
			 * (Returning HAVE kept the frames already counted
			 * above, which the next call counted again.)
			 */
			count(C_RX_BAD_FRAME);
			return 0;
		}
		size = APLAB_HDR_LEN + f->len;
		if (have - used < size)
			break;
		check_frame(f);
		used += size;
	}
	memmove(buf, buf + used, have - used);
	return have - used;
}

static void *rx_thread(void *arg)
{
	unsigned char buf[4096] __attribute__((aligned(4)));
	size_t have = 0;
	ssize_t n;
	int fd;

	(void)arg;
	fd = open(EP_OUT, O_RDWR);
	if (fd < 0) {
		fprintf(stderr, "vendor peer: %s: %s\n", EP_OUT, strerror(errno));
		return NULL;
	}
	for (;;) {
		n = read(fd, buf + have, sizeof(buf) - have);
		if (n < 0) {
			/* disabled or reset: drop what was partial, wait for enable */
			have = 0;
			if (errno != EINTR)
				usleep(10000);
			continue;
		}
		have = parse_frames(buf, have + n);
	}
	return NULL;
}

/* --- frames to the host --- */

#define REWAKE_MS	1000	/* a frame waiting this long on a sleeping bus asks again */

/* a suspended bus is woken first; the write then waits for the host */
static void wake_if_suspended(void)
{
	if (udc_bus_suspended(peer_udc) > 0)
		count(udc_wake(peer_udc) ? C_WAKE_REFUSED : C_WAKEUPS);
}

struct tx_job {
	int fd;
	const void *buf;
	size_t len;
	ssize_t ret;
	int done;
};

static void *tx_job_thread(void *arg)
{
	struct tx_job *j = arg;

	j->ret = write(j->fd, j->buf, j->len);
	__atomic_store_n(&j->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/*
 * The bus may go to sleep between wake_if_suspended() and the write, and
 * a frame written to a sleeping bus waits there (host-driver/README.md):
 * while the write waits, ask for a wakeup again if the bus is seen suspended,
 * at most once every REWAKE_MS.
 */
static ssize_t write_waking(int fd, const void *buf, size_t len)
{
	struct tx_job j = { .fd = fd, .buf = buf, .len = len, .ret = -1 };
	long long last = now_ms();
	pthread_t t;

	if (pthread_create(&t, NULL, tx_job_thread, &j))
		return write(fd, buf, len);
	while (!__atomic_load_n(&j.done, __ATOMIC_ACQUIRE)) {
		if (now_ms() - last >= REWAKE_MS) {
			last = now_ms();
			wake_if_suspended();
		}
		usleep(2000);
	}
	pthread_join(t, NULL);
	return j.ret;
}

/* one line per interrupt-IN frame: "SEQ OFFERED_MS TAKEN_MS" (CLOCK_MONOTONIC) */
static void log_event(unsigned int seq, long long offered, long long taken)
{
	FILE *f = fopen(VENDOR_DIR "/events", "a");

	if (!f)
		return;
	fprintf(f, "%u %lld %lld\n", seq, offered, taken);
	fclose(f);
}

static int send_frame(const char *ep, uint8_t type, enum counter c, unsigned int n)
{
	struct aplab_frame f = { .magic = htole32(APLAB_MAGIC), .type = type };
	long long offered = now_ms();
	int fd, ret = -1;

	fd = open(ep, O_RDWR);
	if (fd < 0)
		return -1;
	pthread_mutex_lock(&tx_lock);
	f.seq = htole32(tx_seq++);
	pthread_mutex_unlock(&tx_lock);
	f.len = snprintf((char *)f.payload, sizeof(f.payload), "%s %u",
			 type == APLAB_T_EVENT ? "event" : "reply", n);
	f.csum = htole32(aplab_csum(&f, f.len));
	wake_if_suspended();
	if (write_waking(fd, &f, APLAB_HDR_LEN + f.len) == APLAB_HDR_LEN + f.len) {
		count(c);
		if (type == APLAB_T_EVENT)
			log_event(le32toh(f.seq), offered, now_ms());
		ret = 0;
	}
	close(fd);
	return ret;
}

static void *reply_thread(void *arg)
{
	send_frame(EP_IN, APLAB_T_REPLY, C_TX_REPLIES, (unsigned int)(long)arg);
	return NULL;
}

/*
 * A fault on demand: FunctionFS halts an endpoint when it is used the
 * wrong way round, so a read on interrupt IN stalls it (-EBADMSG). The
 * host's interrupt URB then ends with -EPIPE until the host clears it.
 */
static void halt_int(void)
{
	char c;
	int fd = open(EP_INT, O_RDWR);

	if (fd < 0) {
		fprintf(stderr, "vendor peer: %s: %s\n", EP_INT, strerror(errno));
		return;
	}
	if (read(fd, &c, 1) < 0 && errno == EBADMSG)
		count(C_INT_HALTS);
	else
		fprintf(stderr, "vendor peer: halt %s: %s\n", EP_INT, strerror(errno));
	close(fd);
}

/* "event COUNT INTERVAL_MS", "reply" or "halt-int" */
static void run_command(const char *line)
{
	static unsigned int replies;
	unsigned int n, interval, i;
	pthread_t t;

	if (sscanf(line, "event %u %u", &n, &interval) == 2) {
		for (i = 0; i < n; i++) {
			if (i && interval)
				usleep(interval * 1000);
			send_frame(EP_INT, APLAB_T_EVENT, C_TX_EVENTS, i);
		}
	} else if (!strcmp(line, "halt-int")) {
		halt_int();
	} else if (!strncmp(line, "reply", 5)) {
		/* the host may fetch much later: do not hold up events */
		if (!pthread_create(&t, NULL, reply_thread, (void *)(long)replies++))
			pthread_detach(t);
	} else {
		fprintf(stderr, "vendor peer: unknown command '%s'\n", line);
	}
}

static void *ctl_thread(void *arg)
{
	char line[128];
	FILE *f;

	(void)arg;
	/* read-write, so the FIFO never reports end of file */
	f = fopen(VENDOR_CTL, "r+");
	if (!f) {
		fprintf(stderr, "vendor peer: %s: %s\n", VENDOR_CTL, strerror(errno));
		return NULL;
	}
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		run_command(line);
	}
	return NULL;
}

/* --- counters and ep0 --- */

static void write_counter(const char *name, unsigned long v)
{
	char path[PATH_MAX], tmp[PATH_MAX + 4];
	FILE *f;

	snprintf(path, sizeof(path), VENDOR_DIR "/%s", name);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		return;
	fprintf(f, "%lu\n", v);
	/* rename: a reader never sees a half-written file */
	if (fclose(f) == 0)
		rename(tmp, path);
}

static void *stats_thread(void *arg)
{
	unsigned long shown[C_COUNT] = { 0 };
	int i;

	(void)arg;
	for (;;) {
		for (i = 0; i < C_COUNT; i++) {
			unsigned long v = __atomic_load_n(&counters[i], __ATOMIC_RELAXED);

			if (v != shown[i]) {
				write_counter(counter_names[i], v);
				shown[i] = v;
			}
		}
		usleep(5000);
	}
	return NULL;
}

static void set_state(const char *state)
{
	char path[] = VENDOR_DIR "/state", tmp[] = VENDOR_DIR "/state.tmp";
	FILE *f = fopen(tmp, "w");

	if (!f)
		return;
	fprintf(f, "%s\n", state);
	if (fclose(f) == 0)
		rename(tmp, path);
}

/* the host's control requests to the interface: none is defined, stall */
static void stall(int ep0, const struct usb_ctrlrequest *setup)
{
	if (setup->bRequestType & USB_DIR_IN)
		(void)!read(ep0, NULL, 0);
	else
		(void)!write(ep0, NULL, 0);
}

static void ep0_loop(int ep0)
{
	struct usb_functionfs_event ev[4];
	ssize_t n;
	int i;

	for (;;) {
		n = read(ep0, ev, sizeof(ev));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "vendor peer: ep0: %s\n", strerror(errno));
			exit(EXIT_FAIL);
		}
		for (i = 0; i < n / (ssize_t)sizeof(ev[0]); i++) {
			switch (ev[i].type) {
			case FUNCTIONFS_ENABLE: set_state("enabled"); break;
			case FUNCTIONFS_DISABLE: set_state("disabled"); break;
			case FUNCTIONFS_SUSPEND: set_state("suspended"); break;
			case FUNCTIONFS_RESUME: set_state("enabled"); break;
			case FUNCTIONFS_UNBIND: set_state("unbound"); break;
			case FUNCTIONFS_SETUP: stall(ep0, &ev[i].u.setup); break;
			default: break;
			}
		}
	}
}

static void start_thread(void *(*fn)(void *))
{
	pthread_t t;

	if (pthread_create(&t, NULL, fn, NULL)) {
		fprintf(stderr, "vendor peer: cannot start a thread\n");
		exit(EXIT_FAIL);
	}
	pthread_detach(t);
}

void vendor_peer_main(const char *udc, int ready_fd)
{
	int ep0, i;

	peer_udc = udc;
	ep0 = open(VENDOR_MOUNT "/ep0", O_RDWR);
	if (ep0 < 0 || write_descriptors(ep0))
		exit(EXIT_FAIL);
	set_state("ready");
	for (i = 0; i < C_COUNT; i++)
		write_counter(counter_names[i], 0);
	unlink(VENDOR_DIR "/events");
	start_thread(stats_thread);
	start_thread(rx_thread);
	start_thread(ctl_thread);
	/* now the UDC may be bound */
	if (write(ready_fd, "1", 1) != 1)
		exit(EXIT_FAIL);
	close(ready_fd);
	ep0_loop(ep0);
}
