# Isochronous scheduling as dummy-hcd-iso-transfers and
# dummy-hcd-periodic-bandwidth define it, seen from usbfs: isoprobe
# submits URBs to f_sourcesink's isochronous endpoints (iso.sh's gadget,
# usbtest unbound) and reaps them. usbfs does not copy an URB's
# start_frame back, and this kernel has no usbmon, so where a start frame
# is meant the case bounds it through time instead: dummy_hcd's frame
# clock counts 125 us microframes on CLOCK_MONOTONIC, the clock isoprobe
# stamps its submits and reaps with, and gives an URB back in the slot of
# its last packet. An idle stream starts in its endpoint's phase, at the
# first slot at least two microframes on: 2 to ALIGN+1 microframes after
# the one the submit saw (ALIGN = the period, at most 256). So URBs that
# run back to back from a submit at S with P packets in all at PERIOD
# are reaped at R with
#   R - S(before the ioctl) > ((P-1) * PERIOD + 1) * 125 us
#   R - S(after it) <= ((P-1) * PERIOD + ALIGN + 1) * 125 us + lateness
# (lateness: the timers' measured beside it, summed and the worst, as
# case 80 allows; only the floor on a checked kernel, as there).
#
# What fails where (none of it is in stock-cases): on stock 6.1
# dummy_hcd offers no isochronous endpoint, so f_sourcesink has no
# alternate setting 1 and iso_up fails first ("usbtest did not bind"),
# and its timer fails every isochronous URB with -EINVAL, so every
# status check below would fail too.
. /lab/tests/case.sh
. /lab/tests/iso.sh

iso_require
command -v isoprobe >/dev/null || fail "no isoprobe in the guest"

OUT=/tmp/isoprobe.out
# the longest run reaps URBs worth about a second of bus time
REAP_MS=30000

# bad input: exit 2 and a message, before any device is touched
expect_exit 2 isoprobe /dev/null --interface 0 --alt 1 --ep in asap:1 reap
expect_exit 2 isoprobe /dev/null --interface 0 --alt 1 --ep in asap:129

# probe DIR [OPTION...] STEP...: isoprobe on the iso-lab gadget's
# interface 0 in setting 1, its output in OUT
probe() {
	_dir=$1
	shift
	isoprobe "$ISO_NODE" --interface 0 --alt 1 --ep "$_dir" --timeout-ms "$REAP_MS" "$@" >"$OUT" ||
		fail "isoprobe --ep $_dir $*: $(grep '^error=' "$OUT")"
	PERIOD=$(kv period_uframes)
	ALIGN=$((PERIOD < 256 ? PERIOD : 256))
}

# the same, timers' lateness measured beside it, for expect_span
timed_probe() {
	lab_jitter_start
	probe "$@"
	lab_jitter_stop || fail "no timer lateness measured beside isoprobe"
}

kv() {
	lab_kv "$1" <"$OUT"
}

# the packets of URB I whose KEY (actual_length, status) is VALUE
packets_with() {
	grep -c "^urb_$1_packet_[0-9]*_$2=$3\$" "$OUT"
}

# URB I given back whole: status 0, its PACKETS packets each LENGTH
# bytes with STATUS, error_count ERRORS
expect_urb() {
	expect_eq "urb $1 submitted" "$(kv "urb_$1_submit")" 0
	expect_eq "urb $1 status" "$(kv "urb_$1_status")" 0
	expect_eq "urb $1 error_count" "$(kv "urb_$1_error_count")" "$5"
	expect_eq "urb $1 actual_length" "$(kv "urb_$1_actual_length")" $(($2 * $3))
	expect_eq "urb $1 packets of $3 bytes" "$(packets_with "$1" actual_length "$3")" "$2"
	expect_eq "urb $1 packets with status $4" "$(packets_with "$1" status "$4")" "$2"
}

# URBs FIRST to LAST, PACKETS packets in all from an idle stream, reaped
# within the bounds above
expect_span() {
	_lo=$(($(kv "urb_$2_reaped_us") - $(kv "urb_$1_submit_us")))
	_hi=$(($(kv "urb_$2_reaped_us") - $(kv "urb_$1_submitted_us")))
	_min=$(((($3 - 1) * PERIOD + 1) * 125))
	_max=$(((($3 - 1) * PERIOD + ALIGN + 1) * 125 + (LAB_LATE_SUM + LAB_LATE_MAX) * 1000))
	echo "urbs $1-$2: $3 packets every $PERIOD uframes reaped $_lo us after the submit (floor $_min us, ceiling $_max us: timers up to $LAB_LATE_MAX ms late, $LAB_LATE_SUM in all)"
	[ "$_lo" -gt "$_min" ] || fail "urbs $1-$2: $3 packets every $PERIOD uframes reaped after $_lo us, not over $_min"
	lab_checked_kernel || [ "$_hi" -le "$_max" ] ||
		fail "urbs $1-$2: $3 packets every $PERIOD uframes reaped after $_hi us, over $_max"
}

# SPEED INTERVAL FRAMES: the schedule's rules on a stream of 512-byte
# packets every 2^(INTERVAL-1) (micro)frames, 128 microframes (16 ms) at
# both speeds here; start_frame values FRAMES apart cover the wrap (2^14
# microframes at high speed, 2^11 frames at full speed) in quarters
schedule_checks() {
	iso_usbfs_up "$1" "$2" 512 0

	# 1. an ASAP URB on an idle stream, after another: each given back
	# whole, every packet 512 bytes at status 0, within the bounds above.
	# Shown failing: a schedule that started the stream on the next
	# microframe reads the same, so the floor alone cannot; with the
	# full-speed period counted in microframes (16, case 80's scratch
	# patch) the full-speed URBs are reaped after some 14 ms, under the
	# floor of 112 ms; a packet at -EINVAL (stock) or a short one fails
	# the status checks.
	timed_probe in asap:8 reap asap:8 reap
	expect_eq "$1: period in microframes" "$PERIOD" 128
	expect_urb 0 8 512 0 0
	expect_urb 1 8 512 0 0
	expect_span 0 0 8
	expect_span 1 1 8

	# 2. URBs submitted back to back continue the stream: the second
	# starts 30 * 128 microframes after the first, the third after that,
	# so the three (63 packets) end 62 periods after the first packet,
	# not earlier (the floor: URBs that each started ASAP, or overlapped,
	# end some 480 ms after the submits), and with no gap longer than the
	# ceiling allows. The stream's end is then ahead: the third URB of 30
	# packets would end 2 + 2 * 3840 + 29 * 128 - D microframes ahead at
	# least (D: the microframes the submits took), 1024 frames or more
	# when D <= 3202, so it is refused with -EFBIG, and a shorter one of 3
	# (at most 129 + 7680 + 256 < 8192 ahead) continues the stream.
	# Shown failing: a stream that started each URB anew would take the
	# third URB and end all three under the floor.
	timed_probe in asap:30 asap:30 asap:30 asap:3 reap
	_d=$((($(kv urb_2_submitted_us) - $(kv urb_0_submit_us)) / 125 + 1))
	[ "$_d" -le 3202 ] || fail "the submits took $_d microframes, over the 3202 this check decides in"
	expect_eq "$1: a third 30-packet URB, stream 2 URBs ahead ($_d uframes of submits)" "$(kv urb_2_submit)" -EFBIG
	expect_urb 0 30 512 0 0
	expect_urb 1 30 512 0 0
	expect_urb 3 3 512 0 0
	expect_span 0 3 63

	# 3. no URB_ISO_ASAP and an explicit start_frame on an idle stream:
	# dummy_hcd starts the stream ASAP whatever start_frame says (its
	# rules; xhci-hcd and ehci-hcd differ), so each URB is given back whole
	# within the idle bounds. Of four start_frame values a quarter of the
	# wrap apart, at least one names a slot in the half behind the clock
	# and one ahead: a schedule that honoured start_frame would refuse or
	# skip the first (-EXDEV) and hold the other past the ceiling.
	# Without ASAP on a running stream the next URB continues it, with
	# nothing skipped.
	timed_probe in "at:0:2" reap "at:$3:2" reap "at:$(($3 * 2)):2" reap "at:$(($3 * 3)):2" reap \
		asap:4 "at:0:4" reap
	for i in 0 1 2 3; do
		expect_urb $i 2 512 0 0
		expect_span $i $i 2
	done
	expect_urb 4 4 512 0 0
	expect_urb 5 4 512 0 0
	expect_span 4 5 8

	# 4. the horizon on an idle stream: 65 packets end at least
	# 2 + 64 * 128 = 8194 microframes ahead, over 1024 frames: -EFBIG
	# whatever the clock; 63 end at most 129 + 62 * 128 = 8065 ahead and
	# are taken. That one, unlinked at once (usbfs kills it), is given
	# back -ENOENT with its unsent packets at -EXDEV, counted in
	# error_count, and the ones sent whole. Shown failing: the full-speed
	# period counted in microframes takes the 65-packet URB.
	probe in asap:65 asap:63 discard
	expect_eq "$1: 65 packets of 128 uframes" "$(kv urb_0_submit)" -EFBIG
	expect_eq "$1: 63 packets of 128 uframes" "$(kv urb_1_submit)" 0
	expect_eq "urb 1 unlinked" "$(kv urb_1_status)" -ENOENT
	_x=$(packets_with 1 status -EXDEV)
	expect_eq "urb 1 error_count, its packets at -EXDEV" "$(kv urb_1_error_count)" "$_x"
	expect_eq "urb 1 packets sent or not" $((_x + $(packets_with 1 actual_length 512))) 63
	[ $(($(kv discard_us) - $(kv urb_1_submit_us))) -gt $((62 * 128 * 125)) ] || [ "$_x" -ge 1 ] ||
		fail "urb 1 unlinked before its last slot, yet every packet sent"

	# babble: a packet shorter than the 512 bytes the gadget sends is
	# -EOVERFLOW with its 100 bytes, each counted in error_count, the URB
	# still status 0
	probe in --length 100 asap:4 reap
	expect_urb 0 4 100 -EOVERFLOW 4

	# an OUT stream to an endpoint with requests queued: reported sent
	probe out asap:8 reap
	expect_urb 0 8 512 0 0
	iso_down
}

schedule_checks high-speed 8 4096
schedule_checks full-speed 5 512

# 6. missed packets: f_sourcesink with no request queued on its
# isochronous endpoints (iso_qlen 0). An IN token the device has no data
# for gets a zero-length packet, status 0; an OUT packet is reported
# sent, and dropped. Shown failing: with requests queued (the checks
# above) the IN packets are 512 bytes, so a kernel that completed
# gadget requests some other way would show here.
iso_usbfs_up high-speed 4 512 0 0
timed_probe in asap:8 reap
expect_eq "high-speed, bInterval 4: period in microframes" "$PERIOD" 8
expect_urb 0 8 0 0 0
expect_span 0 0 8
probe out asap:8 reap
expect_urb 0 8 512 0 0
iso_down
