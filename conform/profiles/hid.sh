# shellcheck shell=sh
# HID (f_hid, a boot keyboard) under usbhid and hid-generic: the host's
# evdev node (fd 3), the gadget's /dev/hidgN (fd 4). Open is what an
# input reader does (evdev's open opens the HID device); host-to-device
# data is the keyboard's LED report; device-initiated input is a key
# press, which a keyboard announces with a remote wakeup (f_hid does not
# wake the host by itself). evdev's records are 24 bytes on x86-64:
# struct timeval, then type, code (16 bits each) and value (32).
HID_EV_KEY=1 HID_KEY_A=30 HID_EV_LED=17 HID_LED_CAPSL=1

hid_has_input() {
	echo yes
}

hid_host_event() {
	for _e in "$SYS_USB/$LAB_DEV":*/*/input/input*/event*; do
		[ -e "$_e" ] && echo "/dev/input/$(basename "$_e")" && return 0
	done
	return 1
}

hid_up() {
	HID_HOST=$(hid_host_event) && HID_GADGET=$(lab_gadget_field hid_dev) &&
		exec 4<>"$HID_GADGET" && HID_CAPS=0
}

hid_rebound() {
	HID_HOST=$(hid_host_event)
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

# one evdev record as printf escapes: 16 bytes of time (the kernel
# stamps it), then type, code and value
hid_record() {
	printf '\\0%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
	printf '\\%03o\\0\\%03o\\0\\%03o\\0\\0\\0' "$1" "$2" "$3"
}

# an LED change, in the background (rule 6): usbhid resumes the device
# to send its report
hid_io_start() {
	HID_CAPS=$((1 - HID_CAPS))
	# shellcheck disable=SC2059 # the record is the format
	printf "$(hid_record $HID_EV_LED $HID_LED_CAPSL $HID_CAPS)" >&3 &
}

# the gadget's LED reports until one reads $1, one per line
hid_read_led() {
	while :; do
		_b=$(head -c 1 <&4 | od -An -tu1 | tr -d ' ')
		[ -n "$_b" ] || return 1
		echo "$_b"
		[ "$_b" = "$1" ] && return 0
	done
}

# CapsLock toggled: usbhid sends the LED report, one byte with bit 1 the
# new state, which must reach the gadget as that byte (after any report
# of the old state: hid-input sends the LEDs' state when it starts)
hid_io() {
	HID_CAPS=$((1 - HID_CAPS))
	hid_read_led $((HID_CAPS * 2)) >/tmp/hid-led &
	_r=$!
	# shellcheck disable=SC2059 # the record is the format
	printf "$(hid_record $HID_EV_LED $HID_LED_CAPSL $HID_CAPS)" >&3 ||
		fail "hid: LED event written to $HID_HOST"
	lab_wait_pid $_r "$CONFORM_IO_MS" ||
		fail "hid: no LED report $((HID_CAPS * 2)) reached $HID_GADGET; got: $(tr '\n' ' ' </tmp/hid-led)"
	echo "hid: CapsLock $HID_CAPS on $HID_HOST reached $HID_GADGET as LED report $((HID_CAPS * 2))"
}

# the host's records until KEY_A's release, each as "type code value"
hid_read_key() {
	while :; do
		# shellcheck disable=SC2046 # twelve 16-bit words
		set -- $(head -c 24 <&3 | od -An -v -tu2)
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
