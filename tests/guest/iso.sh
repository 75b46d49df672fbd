# shellcheck shell=sh
# Sourced by the isochronous cases: Gadget Zero's ids on an f_sourcesink
# function with isochronous endpoints, made through configfs by hand
# (libusbgx 0.2.0 knows no SourceSink function, so autopm-gadget cannot
# see this gadget: it is gone before the case ends), and usbtest's tests
# run through testusb.

ISO_G=/sys/kernel/config/usb_gadget/iso-lab
ISO_F=$ISO_G/functions/SourceSink.iso
ISO_C=$ISO_G/configs/c.1
UT=/sys/bus/usb/drivers/usbtest
# usbtest takes the first alternate setting with a bulk pair; the
# isochronous endpoints are in f_sourcesink's alternate setting 1
UT_ALT=/sys/module/usbtest/parameters/alt

iso_require() {
	[ -d "$UT" ] || fail "no usbtest driver: CONFIG_USB_TEST is off"
	[ -w "$UT_ALT" ] || fail "usbtest has no writable alt parameter"
	command -v testusb >/dev/null || fail "no testusb in the guest"
	trap 'iso_down' EXIT
}

# microseconds per (micro)frame at SPEED
iso_period_us() {
	case $1 in
	high-speed) echo 125 ;;
	*) echo 1000 ;;
	esac
}

# SPEED INTERVAL MAXPACKET MULT [QLEN]: the gadget made and bound to the
# UDC, and enumerated at SPEED; sets ISO_DEV (the host's device) and
# ISO_NODE. QLEN is the requests f_sourcesink keeps queued on each
# isochronous endpoint (iso_qlen; 0 queues none).
iso_gadget_up() {
	[ -d "$ISO_G" ] && iso_down
	echo 1 >"$UT_ALT" || fail "usbtest alt=1"
	mkdir "$ISO_G" "$ISO_F" "$ISO_C" || fail "make the iso-lab gadget in configfs"
	echo 0x0525 >"$ISO_G/idVendor" && echo 0xa4a0 >"$ISO_G/idProduct" &&
		echo "$1" >"$ISO_G/max_speed" || fail "gadget zero's ids at $1"
	echo "$2" >"$ISO_F/isoc_interval" && echo "$3" >"$ISO_F/isoc_maxpacket" &&
		echo "$4" >"$ISO_F/isoc_mult" || fail "SourceSink interval $2 maxpacket $3 mult $4"
	[ -z "${5:-}" ] || echo "$5" >"$ISO_F/iso_qlen" || fail "SourceSink iso_qlen $5"
	ln -s "$ISO_F" "$ISO_C/" || fail "link SourceSink into the configuration"
	iso_udc >"$ISO_G/UDC" || fail "bind iso-lab to the UDC"
	lab_wait_cmd 10000 iso_configured || fail "the host did not configure the iso-lab gadget at $1"
	ISO_DEV=$(iso_device)
	ISO_NODE=$(printf '/dev/bus/usb/%03d/%03d' "$(cat "$SYS_USB/$ISO_DEV/busnum")" \
		"$(cat "$SYS_USB/$ISO_DEV/devnum")")
	expect_eq "$ISO_DEV speed" "$(cat "$SYS_USB/$ISO_DEV/speed")" "$( [ "$1" = high-speed ] && echo 480 || echo 12)"
	lab_log "$ISO_DEV: interval $2, maxpacket $3, mult $4 ($ISO_NODE)"
}

# the one UDC, dummy_hcd's
iso_udc() {
	for _u in /sys/class/udc/*; do
		[ -e "$_u" ] && basename "$_u" && return 0
	done
	return 1
}

# the same, and usbtest bound to it in alternate setting 1
iso_up() {
	iso_gadget_up "$@"
	lab_wait_cmd 10000 iso_bound || fail "usbtest did not bind to the iso-lab gadget at $1"
}

# the same, with usbtest unbound again, so that a usbfs program can
# claim the interface (f_sourcesink's one, interface 0)
iso_usbfs_up() {
	iso_up "$@"
	echo "$ISO_DEV:1.0" >"$UT/unbind" || fail "unbind usbtest from $ISO_DEV:1.0"
	! iso_bound || fail "usbtest still bound to $ISO_DEV:1.0"
}

# the host's device with Gadget Zero's ids, configured
iso_device() {
	for _d in "$SYS_USB"/*; do
		[ "$(cat "$_d/idVendor" 2>/dev/null):$(cat "$_d/idProduct" 2>/dev/null)" = 0525:a4a0 ] &&
			[ -n "$(cat "$_d/bConfigurationValue" 2>/dev/null)" ] &&
			basename "$_d" && return 0
	done
	return 1
}

iso_configured() {
	iso_device >/dev/null
}

iso_bound() {
	[ -e "$UT/$ISO_DEV:1.0" ]
}

iso_down() {
	[ -d "$ISO_G" ] || return 0
	echo "" >"$ISO_G/UDC" 2>/dev/null
	rm -f "$ISO_C/SourceSink.iso"
	rmdir "$ISO_C" "$ISO_F" "$ISO_G" 2>/dev/null
	echo -1 >"$UT_ALT"
	[ ! -d "$ISO_G" ] || fail "the iso-lab gadget would not go"
}

# the microseconds between an endpoint's packets: 2^(bInterval-1)
# (micro)frames at SPEED (USB 2.0 9.6.6), iso_period_us SPEED INTERVAL
iso_packet_us() {
	echo $(((1 << ($2 - 1)) * $(iso_period_us "$1")))
}

# the kernel log's length now, and its lines since such a mark: iso_dmesg_since MARK
iso_dmesg_mark() {
	dmesg | wc -l
}

iso_dmesg_since() {
	dmesg | tail -n +$(($1 + 1))
}

# TEST ITERATIONS LEN SGLEN PACKETS INTERVAL SPEED: run usbtest's TEST,
# which must report a duration, log no packet error, and take the lab
# time its PACKETS need at INTERVAL (bInterval)
iso_test() {
	_from=$(iso_dmesg_mark)
	lab_jitter_start
	_out=$(testusb -D "$ISO_NODE" -t "$1" -c "$2" -s "$3" -g "$4" 2>/dev/null)
	lab_jitter_stop || fail "no timer lateness measured beside test $1"
	_secs=$(echo "$_out" | sed -n "s/.* test $1, *\([0-9]*\.[0-9]*\) secs$/\1/p")
	[ -n "$_secs" ] || fail "usbtest test $1 did not run: '$_out'"
	_errs=$(iso_dmesg_since "$_from" | grep -E "usbtest .*(errors out of|error -?[0-9]+)")
	[ -z "$_errs" ] || fail "usbtest test $1: $_errs"
	_us=$(echo "$_secs" | awk '{printf "%d", $1 * 1000000}')
	_p=$(iso_packet_us "$7" "$6")
	_want=$(($5 * _p))
	# an idle stream starts at the first slot of its period at least two
	# microframes on (a period and 250 us at most); dummy_hcd makes up,
	# in order, the time the guest could not run (the lateness summed
	# beside the test: beside make check's other guests, 8000 packets
	# at 125 us took 1100580 us while no timer ran over 40 ms late);
	# the test's thread wakes as late as a timer ran; the rest is the
	# test's own setup (2 ms). The last packet's slot bounds the time
	# from below.
	_max=$((_want + _p + 250 + 2000 + (LAB_LATE_SUM + LAB_LATE_MAX) * 1000))
	_min=$((_want - _p))
	lab_log "test $1: $5 packets every $_p us in $_us us (want $_min..$_max; timers up to $LAB_LATE_MAX ms late, $LAB_LATE_SUM in all)"
	[ "$_us" -ge "$_min" ] || fail "test $1 took $_us us for $5 packets every $_p us: under $_min"
	# the debug kernel (KASAN, lockdep) under TCG cannot move a packet
	# every microframe in real time: dummy_hcd catches up in order, so the
	# stream takes longer (1043627 us for 8000 packets at 125 us), loses
	# nothing while it stays inside dummy_hcd's 1024-frame horizon (case
	# 80 streams less there), and only the floor applies there
	lab_checked_kernel || [ "$_us" -le "$_max" ] ||
		fail "test $1 took $_us us for $5 packets every $_p us: over $_max"
}
