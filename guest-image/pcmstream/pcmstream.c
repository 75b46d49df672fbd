// SPDX-License-Identifier: GPL-2.0
/*
 * pcmstream: play or capture a counting signal on one ALSA PCM node,
 * through the kernel's PCM ioctls alone (no alsa-lib in the guest).
 *
 *   pcmstream play NODE FRAMES [options]
 *   pcmstream capture NODE FRAMES [options]
 *
 * Frame n of the signal holds, in channel 0, n's low 15 bits with bit 15
 * set, and in channel c > 0, n's higher bits xor (0x5a5a + c): no frame
 * of it is silent, and each says where it belongs. play writes frames
 * 0..FRAMES-1 and drains. capture skips the silence before the signal,
 * then requires frames 0..FRAMES-1, each exactly once and in order
 * (bit-exact), and times them; with --linger-ms it then reads on, not
 * looking, as a recording longer than what was played (so the player's
 * drain ends while the stream is still open). Both count xruns (-EPIPE)
 * and go on. With --lossy, capture also accepts a later frame of the
 * signal where the next was due, counting the frames it skipped as
 * missing (a stream that could not keep up lost them); every frame that
 * arrives must still be the signal's, in order.
 *
 * One key=value line on stdout: frames (the signal's frames counted,
 * missing ones included), lead (silent frames before the signal),
 * missing, xruns, elapsed_ms, signal_ms and rate (the time from the
 * first read that held the signal to the last, and the frames per
 * second between them), and on a mismatch where it was. Exit 0 done;
 * 1 failed: a mismatch, a timeout, an ioctl refused, or without --lossy
 * an xrun or a missing frame; 2 bad usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <sound/asound.h>

#include "clock.h"
#include "lab.h"
#include "parse.h"

struct pcm {
	int fd;
	unsigned int channels, rate, period, buffer, timeout_ms, linger_ms;
	int capture, lossy;
};

static void usage(void)
{
	fprintf(stderr,
		"Usage: pcmstream play|capture NODE FRAMES [--rate HZ] [--channels N]\n"
		"                 [--period FRAMES] [--buffer FRAMES] [--timeout-ms MS]\n"
		"                 [--linger-ms MS] [--lossy]\n"
		"S16_LE, interleaved; defaults: 48000 Hz, 2 channels, period 960,\n"
		"buffer 9600, 5000 ms without data before capture gives up; capture\n"
		"reads on for --linger-ms after the signal (default 0); --lossy reports\n"
		"xruns and missing frames without failing\n");
}

static uint16_t sample(uint64_t n, unsigned int c)
{
	if (!c)
		return 0x8000 | (n & 0x7fff);
	return ((n >> 15) ^ (0x5a5a + c)) & 0xffff;
}

static void mask_only(struct snd_pcm_hw_params *p, int param, unsigned int bit)
{
	struct snd_mask *m = &p->masks[param - SNDRV_PCM_HW_PARAM_FIRST_MASK];

	memset(m, 0, sizeof(*m));
	m->bits[bit / 32] = 1u << (bit % 32);
}

static void interval_is(struct snd_pcm_hw_params *p, int param, unsigned int v)
{
	struct snd_interval *i = &p->intervals[param - SNDRV_PCM_HW_PARAM_FIRST_INTERVAL];

	i->min = v;
	i->max = v;
	i->integer = 1;
}

/* every parameter open, as alsa-lib's "any", then the ones we fix */
static int set_hw(struct pcm *s)
{
	struct snd_pcm_hw_params p;
	unsigned int i;

	memset(&p, 0, sizeof(p));
	for (i = 0; i <= SNDRV_PCM_HW_PARAM_LAST_MASK - SNDRV_PCM_HW_PARAM_FIRST_MASK; i++)
		memset(&p.masks[i], 0xff, sizeof(p.masks[i]));
	for (i = 0; i <= SNDRV_PCM_HW_PARAM_LAST_INTERVAL - SNDRV_PCM_HW_PARAM_FIRST_INTERVAL; i++)
		p.intervals[i].max = ~0u;
	p.rmask = ~0u;
	p.info = ~0u;
	mask_only(&p, SNDRV_PCM_HW_PARAM_ACCESS, SNDRV_PCM_ACCESS_RW_INTERLEAVED);
	mask_only(&p, SNDRV_PCM_HW_PARAM_FORMAT, SNDRV_PCM_FORMAT_S16_LE);
	mask_only(&p, SNDRV_PCM_HW_PARAM_SUBFORMAT, SNDRV_PCM_SUBFORMAT_STD);
	interval_is(&p, SNDRV_PCM_HW_PARAM_CHANNELS, s->channels);
	interval_is(&p, SNDRV_PCM_HW_PARAM_RATE, s->rate);
	interval_is(&p, SNDRV_PCM_HW_PARAM_PERIOD_SIZE, s->period);
	interval_is(&p, SNDRV_PCM_HW_PARAM_BUFFER_SIZE, s->buffer);
	if (ioctl(s->fd, SNDRV_PCM_IOCTL_HW_PARAMS, &p) < 0) {
		fprintf(stderr, "pcmstream: HW_PARAMS (%u Hz, %u channels, S16_LE, period %u, buffer %u): %s\n",
			s->rate, s->channels, s->period, s->buffer, strerror(errno));
		return -1;
	}
	return 0;
}

/* wake per period; playback starts once the buffer is full, so a slow
 * writer cannot underrun the first periods */
static int set_sw(struct pcm *s)
{
	struct snd_pcm_sw_params p;

	memset(&p, 0, sizeof(p));
	p.tstamp_mode = SNDRV_PCM_TSTAMP_NONE;
	p.period_step = 1;
	p.avail_min = s->period;
	p.xfer_align = 1;
	p.start_threshold = s->capture ? 1 : s->buffer;
	p.stop_threshold = s->buffer;
	if (ioctl(s->fd, SNDRV_PCM_IOCTL_SW_PARAMS, &p) < 0) {
		fprintf(stderr, "pcmstream: SW_PARAMS: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

/* wait for room or data; 0 when there is, -1 after timeout_ms */
static int wait_ready(struct pcm *s)
{
	struct pollfd pfd = { .fd = s->fd, .events = s->capture ? POLLIN : POLLOUT };
	int r;

	do
		r = poll(&pfd, 1, (int)s->timeout_ms);
	while (r < 0 && errno == EINTR);
	return r > 0 ? 0 : -1;
}

/* move FRAMES at BUF; returns frames moved, 0 after an xrun (counted
 * and prepared again), -1 on anything else */
static long transfer(struct pcm *s, int16_t *buf, unsigned long frames, unsigned int *xruns)
{
	struct snd_xferi x = { .buf = buf, .frames = frames };
	unsigned long req = s->capture ? SNDRV_PCM_IOCTL_READI_FRAMES : SNDRV_PCM_IOCTL_WRITEI_FRAMES;

	if (ioctl(s->fd, req, &x) == 0)
		return x.result;
	if (errno == EAGAIN || errno == EINTR)
		return 0;
	if (errno != EPIPE) {
		fprintf(stderr, "pcmstream: %s: %s\n", s->capture ? "READI" : "WRITEI", strerror(errno));
		return -1;
	}
	(*xruns)++;
	if (ioctl(s->fd, SNDRV_PCM_IOCTL_PREPARE) < 0) {
		fprintf(stderr, "pcmstream: PREPARE after an xrun: %s\n", strerror(errno));
		return -1;
	}
	/* a capture is started by hand: poll() waits on a running stream */
	if (s->capture && ioctl(s->fd, SNDRV_PCM_IOCTL_START) < 0) {
		fprintf(stderr, "pcmstream: START after an xrun: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

static int play(struct pcm *s, uint64_t frames)
{
	int16_t *buf = malloc(sizeof(*buf) * s->period * s->channels);
	unsigned int xruns = 0, c;
	uint64_t n = 0, i, chunk;
	int drained;
	long long t0 = now_ms();
	long moved;

	if (!buf)
		return EXIT_FAIL;
	while (n < frames) {
		chunk = frames - n < s->period ? frames - n : s->period;
		for (i = 0; i < chunk; i++)
			for (c = 0; c < s->channels; c++)
				buf[i * s->channels + c] = (int16_t)sample(n + i, c);
		if (wait_ready(s)) {
			printf("frames=%llu xruns=%u error=timeout\n", (unsigned long long)n, xruns);
			free(buf);
			return EXIT_FAIL;
		}
		moved = transfer(s, buf, chunk, &xruns);
		if (moved < 0) {
			free(buf);
			return EXIT_FAIL;
		}
		/* a short write or an xrun: the rest of the chunk again */
		n += (uint64_t)moved;
	}
	free(buf);
	/*
	 * ALSA gives up a drain with -EIO when no period elapses for 1.1
	 * buffers' time: a stream that cannot keep up, which --lossy reports
	 */
	drained = !ioctl(s->fd, SNDRV_PCM_IOCTL_DRAIN);
	if (!drained && (errno != EIO || !s->lossy)) {
		fprintf(stderr, "pcmstream: DRAIN: %s\n", strerror(errno));
		return EXIT_FAIL;
	}
	printf("frames=%llu xruns=%u drained=%s elapsed_ms=%lld\n", (unsigned long long)n, xruns,
	       drained ? "yes" : "timeout", now_ms() - t0);
	return xruns && !s->lossy ? EXIT_FAIL : EXIT_OK;
}

/* the signal's frame F holds, if it is one, else -1 (two channels or
 * more name any frame; one names it modulo 2^15, after N) */
static int64_t frame_index(const int16_t *f, unsigned int channels, uint64_t n)
{
	uint64_t m;
	unsigned int c;

	if (!((uint16_t)f[0] & 0x8000))
		return -1;
	m = (uint16_t)f[0] & 0x7fff;
	if (channels > 1)
		m |= (uint64_t)(((uint16_t)f[1] ^ (0x5a5a + 1)) & 0xffff) << 15;
	else
		m |= (n & ~0x7fffull) + ((m < (n & 0x7fff)) ? 0x8000 : 0);
	for (c = 0; c < channels; c++)
		if ((uint16_t)f[c] != sample(m, c))
			return -1;
	return (int64_t)m;
}

static int silent(const int16_t *f, unsigned int channels)
{
	unsigned int c;

	for (c = 0; c < channels; c++)
		if (f[c])
			return 0;
	return 1;
}

/* read and drop for linger_ms; an xrun still counts */
static void linger(struct pcm *s, int16_t *buf, unsigned int *xruns)
{
	long long end = now_ms() + s->linger_ms;

	while (now_ms() < end && !wait_ready(s))
		if (transfer(s, buf, s->period, xruns) < 0)
			return;
}

static int capture(struct pcm *s, uint64_t frames)
{
	int16_t *buf = malloc(sizeof(*buf) * s->period * s->channels);
	unsigned int xruns = 0, c;
	uint64_t n = 0, lead = 0, first_n = 0, missing = 0;
	int64_t m;
	long long t0 = now_ms();
	double first_us = 0, last_us = 0;
	long moved, i;
	const int16_t *f;

	if (!buf)
		return EXIT_FAIL;
	if (ioctl(s->fd, SNDRV_PCM_IOCTL_START) < 0 && errno != EBADFD) {
		fprintf(stderr, "pcmstream: START: %s\n", strerror(errno));
		free(buf);
		return EXIT_FAIL;
	}
	while (n < frames) {
		if (wait_ready(s)) {
			printf("frames=%llu lead=%llu xruns=%u error=timeout\n",
			       (unsigned long long)n, (unsigned long long)lead, xruns);
			free(buf);
			return EXIT_FAIL;
		}
		moved = transfer(s, buf, s->period, &xruns);
		if (moved < 0) {
			free(buf);
			return EXIT_FAIL;
		}
		for (i = 0; i < moved && n < frames; i++) {
			f = buf + i * s->channels;
			if (!n && silent(f, s->channels)) {
				lead++;
				continue;
			}
			m = s->lossy ? frame_index(f, s->channels, n) : -1;
			if (m >= (int64_t)frames) {
				/* the signal's end was lost */
				missing += frames - n;
				n = frames;
				continue;
			}
			if (m > (int64_t)n) {
				missing += m - n;
				n = m;
			}
			for (c = 0; c < s->channels; c++) {
				if ((uint16_t)f[c] == sample(n, c))
					continue;
				printf("frames=%llu lead=%llu missing=%llu xruns=%u error=mismatch frame=%llu channel=%u got=0x%04x want=0x%04x\n",
				       (unsigned long long)n, (unsigned long long)lead,
				       (unsigned long long)missing, xruns,
				       (unsigned long long)n, c, (uint16_t)f[c], sample(n, c));
				free(buf);
				return EXIT_FAIL;
			}
			n++;
		}
		if (n && !first_us) {
			first_us = now_us();
			first_n = n;
		}
		last_us = now_us();
	}
	linger(s, buf, &xruns);
	free(buf);
	printf("frames=%llu lead=%llu missing=%llu xruns=%u elapsed_ms=%lld signal_ms=%.1f rate=%.1f\n",
	       (unsigned long long)n, (unsigned long long)lead, (unsigned long long)missing,
	       xruns, now_ms() - t0, (last_us - first_us) / 1000,
	       last_us > first_us ? (n - first_n) * 1e6 / (last_us - first_us) : 0.0);
	return (xruns || missing) && !s->lossy ? EXIT_FAIL : EXIT_OK;
}

static int option(const char *name, const char *val, unsigned int min, unsigned int max,
		  unsigned int *out)
{
	unsigned int v;

	if (!val || parse_uint(val, max, &v) || v < min) {
		fprintf(stderr, "pcmstream: %s needs a number from %u to %u, not '%s'\n",
			name, min, max, val ? val : "");
		return -1;
	}
	*out = v;
	return 0;
}

int main(int argc, char **argv)
{
	struct pcm s = { .channels = 2, .rate = 48000, .period = 960, .buffer = 9600,
			 .timeout_ms = 5000 };
	unsigned int *opt;
	uint64_t frames;
	int i, ret;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		usage();
		return EXIT_OK;
	}
	if (argc < 4 || (strcmp(argv[1], "play") && strcmp(argv[1], "capture"))) {
		usage();
		return EXIT_USAGE;
	}
	s.capture = !strcmp(argv[1], "capture");
	if (parse_u64(argv[3], &frames) || !frames) {
		fprintf(stderr, "pcmstream: FRAMES must be a positive number, not '%s'\n", argv[3]);
		return EXIT_USAGE;
	}
	for (i = 4; i < argc; i += 2) {
		if (!strcmp(argv[i], "--lossy")) {
			s.lossy = 1;
			i--;
			continue;
		}
		if (!strcmp(argv[i], "--rate"))
			opt = &s.rate;
		else if (!strcmp(argv[i], "--channels"))
			opt = &s.channels;
		else if (!strcmp(argv[i], "--period"))
			opt = &s.period;
		else if (!strcmp(argv[i], "--buffer"))
			opt = &s.buffer;
		else if (!strcmp(argv[i], "--timeout-ms"))
			opt = &s.timeout_ms;
		else if (!strcmp(argv[i], "--linger-ms"))
			opt = &s.linger_ms;
		else {
			fprintf(stderr, "pcmstream: unknown option '%s'\n", argv[i]);
			usage();
			return EXIT_USAGE;
		}
		if (option(argv[i], argv[i + 1], opt == &s.linger_ms ? 0 : 1, opt == &s.channels ? 32 :
			   opt == &s.timeout_ms || opt == &s.linger_ms ? LAB_MAX_MS : 1u << 24, opt))
			return EXIT_USAGE;
	}
	if (s.buffer < 2 * s.period) {
		fprintf(stderr, "pcmstream: the buffer (%u) must hold two periods (%u)\n",
			s.buffer, s.period);
		return EXIT_USAGE;
	}
	s.fd = open(argv[2], O_RDWR);
	if (s.fd < 0) {
		fprintf(stderr, "pcmstream: %s: %s\n", argv[2], strerror(errno));
		return EXIT_FAIL;
	}
	if (set_hw(&s) || set_sw(&s)) {
		close(s.fd);
		return EXIT_FAIL;
	}
	if (ioctl(s.fd, SNDRV_PCM_IOCTL_PREPARE) < 0) {
		fprintf(stderr, "pcmstream: PREPARE: %s\n", strerror(errno));
		close(s.fd);
		return EXIT_FAIL;
	}
	ret = s.capture ? capture(&s, frames) : play(&s, frames);
	close(s.fd);
	return ret;
}
