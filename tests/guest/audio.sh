# shellcheck shell=sh
# Sourced by the audio cases: the lab's gadget with a USB Audio Class 2
# function (autopm-gadget up --functions uac2: 48 kHz, two 16-bit
# channels each way), which snd-usb-audio binds to on the host, and the
# two ALSA cards it makes: the host's, whose playback reaches the
# gadget's capture, and the gadget's (f_uac2's), whose playback reaches
# the host's capture. pcmstream moves a counting signal either way.

# shellcheck disable=SC2034 # for the cases
AU_RATE=48000
# how far dummy_hcd's isochronous schedule may fall behind the clock
# (DUMMY_ISO_HORIZON, 1024 frames): further behind, it gives up on the
# oldest slots and their packets are lost, so a stream that arrives whole
# was never later than this
AU_BEHIND_MAX_MS=1024

# the gadget up and snd-usb-audio's card made, the device left to
# autosuspend after DELAY_MS; sets AU_DEV (the host's device), AU_HOST
# (its card's number) and AU_GADGET (the gadget's card's number)
au_up() {
	command -v pcmstream >/dev/null || fail "no pcmstream in the guest"
	case_up --functions uac2
	lab_wait_cmd 10000 lab_host_sound_card >/dev/null ||
		fail "snd-usb-audio made no card for $LAB_DEV"
	AU_DEV=$LAB_DEV
	AU_HOST=$(lab_host_sound_card)
	AU_GADGET=$(lab_gadget_sound_card) || fail "f_uac2 made no ALSA card"
	lab_log "$AU_DEV: host card $AU_HOST, gadget card $AU_GADGET"
}

# the host's substream (p or c) of its card is open
au_host_open() {
	[ "$(lab_pcm_state "$AU_HOST" "$1")" != closed ]
}

# the host's playback runs
au_host_playing() {
	[ "$(lab_pcm_state "$AU_HOST" p)" = RUNNING ]
}

# the gadget's capture runs, waiting for data
au_gadget_capturing() {
	[ "$(lab_pcm_state "$AU_GADGET" c)" = RUNNING ]
}

# A short stream from the host to the gadget: 4800 frames of the signal
# (0.1 s) captured --lossy at the gadget into /tmp/au-short, played past
# their end by a buffer and a period (what the player's end loses is not
# the signal's). Returns once the player has ended, the capture's pid in
# AU_CAP. au_short_stream NAME
au_short_stream() {
	pcmstream capture "/dev/snd/pcmC${AU_GADGET}D0c" 4800 --timeout-ms "$SETTLE_MS" \
		--lossy >/tmp/au-short 2>&1 &
	AU_CAP=$!
	lab_wait_cmd "$SETTLE_MS" au_gadget_capturing || fail "$1: the gadget's capture did not start"
	pcmstream play "/dev/snd/pcmC${AU_HOST}D0p" $((4800 + 9600 + 960)) --lossy >/tmp/au-play 2>&1 ||
		fail "$1: the player failed: $(cat /tmp/au-play)"
}
