# shellcheck shell=sh
# USB Audio Class 2 (f_uac2) under snd-usb-audio. What a user keeps open
# is the card's control node (a mixer, a sound server: fd 3), which must
# not keep the device awake; host-to-device data is a stream played on
# the host's PCM, which pcmstream checks bit-exact at the gadget's
# capture. An open PCM holds the device awake by design (the stream's
# isochronous endpoints run), so no hook keeps one open. Audio has no
# device-initiated input that wakes the host.
# Isochronous data has no retries: a packet the gadget's side misses is
# lost, as on a real bus (the debug kernel misses one now and then). So
# every frame that arrives must be the signal's, in order, and the
# frames lost are counted in the evidence (pcmstream --lossy).
UAC_FRAMES=4800 UAC_PERIOD=960 UAC_BUFFER=9600

uac2_has_input() {
	echo no
}

uac2_up() {
	lab_wait_cmd "$SETTLE_MS" lab_host_sound_card || return 1
	UAC_HOST=$(lab_host_sound_card) && UAC_GADGET=$(lab_gadget_sound_card)
}

uac2_rebound() {
	uac2_up
}

uac2_down() {
	exec 3<&-
}

# snd-usb-audio's reset_resume() keeps its card and open files
uac2_reset() {
	:
}

uac2_open() {
	command exec 3<"/dev/snd/controlC$UAC_HOST"
}

uac2_close() {
	exec 3<&-
}

# a stream, which makes the host resume the device, in the background
# (rule 6)
uac2_io_start() {
	pcmstream play "/dev/snd/pcmC${UAC_HOST}D0p" "$UAC_FRAMES" >/dev/null 2>&1 &
}

uac2_gadget_capturing() {
	[ "$(lab_pcm_state "$UAC_GADGET" c)" = RUNNING ]
}

# 0.1 s of the signal, played past its end by what the host's stop
# drops (a buffer and a period), captured at the gadget
uac2_io() {
	pcmstream capture "/dev/snd/pcmC${UAC_GADGET}D0c" $UAC_FRAMES --period $UAC_PERIOD \
		--buffer $UAC_BUFFER --timeout-ms "$CONFORM_IO_MS" --lossy >/tmp/uac-capture 2>&1 &
	_c=$!
	lab_wait_cmd "$SETTLE_MS" uac2_gadget_capturing || fail "uac2: the gadget's capture did not start"
	pcmstream play "/dev/snd/pcmC${UAC_HOST}D0p" $((UAC_FRAMES + UAC_BUFFER + UAC_PERIOD)) \
		--period $UAC_PERIOD --buffer $UAC_BUFFER --lossy >/tmp/uac-play 2>&1 ||
		fail "uac2: the host's stream failed: $(cat /tmp/uac-play)"
	lab_wait_pid $_c "$CONFORM_IO_MS" || fail "uac2: the gadget's capture: $(cat /tmp/uac-capture)"
	_out=$(cat /tmp/uac-capture)
	echo "uac2: $UAC_FRAMES frames played on pcmC${UAC_HOST}D0p captured at the gadget, each bit-exact and in order ($(lab_kv_field "$_out" missing) lost)"
}
