# snd-usb-audio over f_uac2, both ways, through dummy_hcd's isochronous
# endpoints: 20 s of a counting signal (48 kHz, 2 x 16 bits) played on
# one end arrives bit-exact at the other (every frame once, in order,
# after the silence before it), at 48000 frames per second within what
# the reads' own granularity, the guest's lateness and the emulated
# bus's catch-up allow, with no xrun on either end. The device
# autosuspends while no stream is open; each stream resumes it exactly
# once, it stays active (no autosuspend) the whole time the stream is
# open, and it suspends again within SUSPEND_BOUND_MS of the close.
# Shown failing with pcmstream's player broken in a scratch build (one
# bit of frame 240000's channel 1 flipped): "host -> gadget: the capture
# failed: frames=240000 ... error=mismatch frame=240000 channel=1
# got=0x5a5d want=0x5a5c"; and with the host's capture node held open by
# a scratch line while the host played: "host -> gadget: 1-1 did not
# suspend within 525 ms of the close"; and with the expected rate set to
# 44100 in a scratch copy (pcmstream still at 48000): "host -> gadget:
# 48004 frames/s, not 41662..44278".
. /lab/tests/case.sh
. /lab/tests/audio.sh

# The debug kernel (KASAN, lockdep) under TCG moves fewer packets than
# the bus carries: 10 s of the signal took 25.8 s to play, with 18
# underruns, and then snd-usb-audio's late URBs (not URB_ISO_ASAP) were
# refused with -EXDEV, which ended its stream. Real time is what this
# case measures.
lab_checked_kernel &&
	skip "the debug kernel under TCG cannot keep a 1000-packet/s stream in real time"

au_up
require_core "$AU_DEV"

FRAMES=$((20 * AU_RATE))
PERIOD=960
BUFFER=9600
# played past the signal's end: what the player's end loses when its
# stream stops (the URBs or requests in flight) is not the signal's
PAD=$((BUFFER + PERIOD))

# NAME CAPTURE-NODE PLAY-NODE DIR: DIR is the host's end, c (it captures:
# it opens first, and reads on 2 s past the signal, so that the gadget's
# drain ends while the host's stream is still open) or p (it plays: the
# gadget's capture waits for its data)
au_stream() {
	wait_suspended "$AU_DEV"
	_a0=$(core_count "$AU_DEV" autosuspend_count)
	_r0=$(core_count "$AU_DEV" autoresume_count)
	lab_jitter_start
	_linger=0
	[ "$4" = c ] && _linger=2000
	pcmstream capture "$2" "$FRAMES" --period $PERIOD --buffer $BUFFER \
		--timeout-ms 10000 --linger-ms $_linger >/tmp/au-capture 2>&1 &
	_cap=$!
	if [ "$4" = c ]; then
		lab_wait_cmd "$SETTLE_MS" core_count_above "$AU_DEV" autoresume_count "$_r0" ||
			fail "$1: the host's capture did not resume $AU_DEV"
	else
		lab_wait_cmd "$SETTLE_MS" au_gadget_capturing || fail "$1: the gadget's capture did not start"
	fi
	pcmstream play "$3" $((FRAMES + PAD)) --period $PERIOD --buffer $BUFFER \
		>/tmp/au-play 2>&1 &
	_play=$!
	lab_wait_cmd "$SETTLE_MS" core_count_above "$AU_DEV" autoresume_count "$_r0" ||
		fail "$1: the stream did not resume $AU_DEV"
	lab_wait_cmd "$SETTLE_MS" au_host_open "$4" || fail "$1: the host's stream never opened"
	expect_awake_while "the host's stream was open ($1)" "$AU_DEV" "$_a0" au_host_open "$4"
	_ms=$(lab_wait_state "$AU_DEV" suspended "$SUSPEND_BOUND_MS") ||
		fail "$1: $AU_DEV did not suspend within $SUSPEND_BOUND_MS ms of the close"
	lab_wait_pid "$_cap" 30000 || fail "$1: the capture failed: $(cat /tmp/au-capture)"
	lab_wait_pid "$_play" 30000 || fail "$1: the player failed: $(cat /tmp/au-play)"
	lab_jitter_stop || fail "$1: no timer lateness measured beside the stream"
	_out=$(cat /tmp/au-capture)
	lab_log "$1: capture: $_out; play: $(cat /tmp/au-play); active at $AWAKE_SAMPLES samples"
	expect_eq "$1: frames" "$(lab_kv_field "$_out" frames)" "$FRAMES"
	# the samples see the device active; the exact counts (one resume
	# for the open, one suspend after the close) and the whole signal
	# arriving cover the time between them
	[ "$AWAKE_SAMPLES" -ge 1 ] || fail "$1: no sample of $AU_DEV while the host's stream was open"
	expect_eq "$1: autoresumes" "$(core_count "$AU_DEV" autoresume_count)" $((_r0 + 1))
	expect_eq "$1: autosuspends" "$(core_count "$AU_DEV" autosuspend_count)" $((_a0 + 1))
	expect_eq "$1: the capture's xruns" "$(lab_kv_field "$_out" xruns)" 0
	expect_eq "$1: the player's xruns" "$(lab_kv_field "$(cat /tmp/au-play)" xruns)" 0
	# the reads wake once a period, so either end of the timed span may
	# be a period late, and as late again as the guest's timers ran;
	# and the bus may end the stream behind the clock, by as much as
	# dummy_hcd catches up (AU_BEHIND_MAX_MS), which only slows it:
	# beside make check's other guests, 10 s of the signal took 10098 ms
	# while no timer ran over 47 ms late. 20 s of it keep 44100
	# frames/s out of the bounds.
	_sig=$(lab_kv_field "$_out" signal_ms | cut -d. -f1)
	_slack=$(((2 * PERIOD * 1000 / AU_RATE + LAB_LATE_MAX) * AU_RATE / _sig))
	_min=$((AU_RATE - _slack - AU_BEHIND_MAX_MS * AU_RATE / _sig))
	_max=$((AU_RATE + _slack))
	_rate=$(lab_kv_field "$_out" rate | cut -d. -f1)
	lab_log "$1: $_rate frames/s over $_sig ms (want $_min..$_max; timers up to $LAB_LATE_MAX ms late)"
	[ "$_rate" -ge "$_min" ] && [ "$_rate" -le "$_max" ] ||
		fail "$1: $_rate frames/s, not $_min..$_max"
	echo "$1: $FRAMES frames bit-exact at $_rate frames/s, active at $AWAKE_SAMPLES samples over $AWAKE_SPAN_MS ms while open; suspended $_ms ms after the close"
}

au_stream "host -> gadget" "/dev/snd/pcmC${AU_GADGET}D0c" "/dev/snd/pcmC${AU_HOST}D0p" p
au_stream "gadget -> host" "/dev/snd/pcmC${AU_HOST}D0c" "/dev/snd/pcmC${AU_GADGET}D0p" c
