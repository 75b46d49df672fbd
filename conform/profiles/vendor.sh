# shellcheck shell=sh
# The FunctionFS vendor interface, through any driver that speaks
# host-driver/autopm_lab_proto.h: its usbmisc node (fd 5) and the
# gadget's peer, which counts and checks every frame.
PEER=/run/autopm-lab/vendor

vendor_has_input() {
	echo yes
}

vendor_up() {
	for _i in $(interfaces); do
		[ -d "$SYS_USB/$_i/usbmisc" ] || continue
		VENDOR_NODE=/dev/$(ls "$SYS_USB/$_i/usbmisc")
		[ -c "$VENDOR_NODE" ] && return 0
	done
	echo "vendor: no interface of $LAB_DEV has a usbmisc node"
	return 1
}

vendor_rebound() {
	vendor_up
}

vendor_down() {
	exec 5>&-
}

# autopm_lab keeps its files across a reset-resume: nothing to open again
vendor_reset() {
	return 0
}

vendor_open() {
	command exec 5<>"$VENDOR_NODE"
}

vendor_close() {
	exec 5>&-
}

# a write, which makes the host resume the device, in the background
# (rule 6)
vendor_io_start() {
	aplab write fd:5 1 >/dev/null 2>&1 &
}

vendor_io() {
	_n0=$(cat "$PEER/rx_frames")
	aplab write fd:5 8 >/dev/null || fail "vendor: 8 frames written to $VENDOR_NODE"
	labtool wait "$PEER/rx_frames" $((_n0 + 8)) "$CONFORM_IO_MS" >/dev/null ||
		fail "vendor: the peer got $(($(cat "$PEER/rx_frames") - _n0)) of 8 frames"
	for _c in rx_bad_csum rx_bad_seq rx_bad_frame; do
		[ "$(cat "$PEER/$_c")" = 0 ] || fail "vendor: peer $_c is $(cat "$PEER/$_c")"
	done
	echo "vendor: 8 frames written to $VENDOR_NODE reached the peer whole and in order"
}

# one event frame from the peer, read whole: its sequence number is the
# next the peer gives (events and replies share one count), its payload
# "event 0" (the first of a one-event command)
vendor_input() {
	_seq=$(($(cat "$PEER/tx_events") + $(cat "$PEER/tx_replies")))
	# a wait, not the bound (rule 4's): a debug guest beside three others
	# read nothing in 5.6 s
	aplab read fd:5 $((SETTLE_MS + CONFORM_IO_MS)) >/tmp/vendor-in &
	_r=$!
	autopm-gadget vendor event >/dev/null || fail "vendor: autopm-gadget vendor event"
	_t0=$(labtool now-ms)
	lab_wait_pid $_r $((SETTLE_MS + CONFORM_IO_MS + 1000)) ||
		fail "vendor: no frame read in $((SETTLE_MS + CONFORM_IO_MS)) ms"
	INPUT_MS=$(($(labtool now-ms) - _t0))
	[ "$(cat /tmp/vendor-in)" = "event $_seq event 0" ] ||
		fail "vendor: read '$(cat /tmp/vendor-in)', want 'event $_seq event 0'"
	echo "vendor: the peer's event frame $_seq read intact on $VENDOR_NODE after $INPUT_MS ms"
}
