# shellcheck shell=sh
# HID (f_hid, a boot keyboard) under usbhid and hid-generic: the host's
# evdev node (fd 3), the gadget's /dev/hidgN (fd 4). Open is what an
# input reader does (evdev's open opens the HID device); host-to-device
# data is the keyboard's LED report; device-initiated input is a key
# press, which a keyboard announces with a remote wakeup (f_hid does not
# wake the host by itself). evdev's records: lab_evdev_record.
HID_EV_KEY=1 HID_KEY_A=30 HID_EV_LED=17 HID_LED_CAPSL=1

hid_has_input() {
	echo yes
}

hid_up() {
	HID_HOST=$(lab_host_evdev) && HID_GADGET=$(lab_gadget_field hid_dev) &&
		exec 4<>"$HID_GADGET"
}

hid_rebound() {
	HID_HOST=$(lab_host_evdev)
}

hid_down() {
	exec 3>&- 4>&-
}

hid_reset() {
	return 0
}

hid_open() {
	exec 3<>"$HID_HOST"
}

hid_close() {
	exec 3>&-
}

# CapsLock on, in the background (rule 6): usbhid resumes the device to
# send its report (the device leaves the bus then, LED and all)
hid_io_start() {
	# shellcheck disable=SC2059 # the record is the format
	printf "$(lab_evdev_record $HID_EV_LED $HID_LED_CAPSL 1)" >&3 &
}

# the gadget's LED reports until one reads $1, one per line
hid_read_led() {
	while :; do
		_b=$(dd bs=1 count=1 2>/dev/null <&4 | od -An -tu1 | tr -d ' ')
		[ -n "$_b" ] || return 1
		echo "$_b"
		[ "$_b" = "$1" ] && return 0
	done
}

# CapsLock on, then off again: usbhid sends an LED report for each, one
# byte with bit 1 the state, which must reach the gadget as that byte
# (after any report of the old state: hid-input sends the LEDs' state
# when it starts). Off at the end: usbhid keeps a keyboard with a lit
# LED awake.
hid_io() {
	for _caps in 1 0; do
		hid_read_led $((_caps * 2)) >/tmp/hid-led &
		_r=$!
		# shellcheck disable=SC2059 # the record is the format
		printf "$(lab_evdev_record $HID_EV_LED $HID_LED_CAPSL $_caps)" >&3 ||
			fail "hid: LED event written to $HID_HOST"
		lab_wait_pid $_r "$CONFORM_IO_MS" ||
			fail "hid: no LED report $((_caps * 2)) reached $HID_GADGET; got: $(tr '\n' ' ' </tmp/hid-led)"
	done
	echo "hid: CapsLock on and off on $HID_HOST reached $HID_GADGET as LED reports 2 and 0"
}

# the host's records until KEY_A's release, each as "type code value"
hid_read_key() {
	while :; do
		# one read of one record (head would read more, and drop the
		# rest)
		# shellcheck disable=SC2046 # twelve 16-bit words
		set -- $(dd bs=24 count=1 2>/dev/null <&3 | od -An -v -tu2)
		[ $# -eq 12 ] || return 1
		echo "$9 ${10} ${11}"
		[ "$9" = $HID_EV_KEY ] && [ "${10}" = $HID_KEY_A ] && [ "${11}" = 0 ] && return 0
	done
}

# a remote wakeup, then the report of 'a' pressed and one of all keys
# up; on the host, KEY_A pressed and released
hid_input() {
	hid_read_key >/tmp/hid-keys &
	_r=$!
	_t0=$(labtool now-ms)
	autopm-gadget wake >/dev/null || fail "hid: the gadget's remote wakeup"
	printf '\0\0\004\0\0\0\0\0' >&4 && printf '\0\0\0\0\0\0\0\0' >&4 ||
		fail "hid: reports written to $HID_GADGET"
	lab_wait_pid $_r $((WAKE_BOUND_MS + CONFORM_IO_MS)) ||
		fail "hid: no KEY_A release on $HID_HOST; records: $(tr '\n' ';' </tmp/hid-keys)"
	INPUT_MS=$(($(labtool now-ms) - _t0))
	grep -qx "$HID_EV_KEY $HID_KEY_A 1" /tmp/hid-keys ||
		fail "hid: KEY_A released but never pressed; records: $(tr '\n' ';' </tmp/hid-keys)"
	echo "hid: a remote wakeup and the key 'a' from $HID_GADGET, pressed and released on $HID_HOST after $INPUT_MS ms"
}
