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
		command exec 4<>"$HID_GADGET"
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

# usbhid enables a keyboard's wakeup for system sleep, so the USB core
# resumes the autosuspended keyboard during the sleep to arm it, while
# the lab's UDC, in the same kernel, is going to sleep too: the
# keyboard is lost ("device 1-1 not suspended yet", a descriptor read
# -71, a new device). With power/wakeup disabled the same sleep is a
# clean reset-resume, as for every other function (measured).
hid_system_sleep_na() {
	echo "the lab cannot judge it: arming the keyboard's wakeup resumes it during the sleep, while the lab's UDC sleeps in the same kernel, and the keyboard is lost; with its wakeup disabled the same sleep is a clean reset-resume"
}

hid_open() {
	command exec 3<>"$HID_HOST"
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

# The host's evdev records, "type code value" per line, until one reads
# ARG (one dd read is one record: head would read more, and drop it);
# run as lab_hid_led_reader's is, and for the same reason.
# shellcheck disable=SC2016 # expanded by that shell
HID_KEY_READER='r=$1 t=$2; while set -- $(timeout "$t" dd bs=24 count=1 2>/dev/null | od -An -v -tu2) &&
	[ $# -eq 12 ]; do echo "$9 ${10} ${11}"; [ "$9 ${10} ${11}" = "$r" ] && exit 0; done; exit 1'

# CapsLock on, then off again: usbhid sends an LED report for each, one
# byte with bit 1 the state, which must reach the gadget as that byte
# (after any report of the old state: hid-input sends the LEDs' state
# when it starts). Off at the end: usbhid keeps a keyboard with a lit
# LED awake.
hid_io() {
	for _caps in 1 0; do
		lab_hid_led_reader $((_caps * 2)) "$CONFORM_IO_MS" /tmp/hid-led
		_r=$!
		# shellcheck disable=SC2059 # the record is the format
		printf "$(lab_evdev_record $HID_EV_LED $HID_LED_CAPSL $_caps)" >&3 ||
			fail "hid: LED event written to $HID_HOST"
		lab_wait_pid $_r "$CONFORM_IO_MS" ||
			fail "hid: no LED report $((_caps * 2)) reached $HID_GADGET; got: $(tr '\n' ' ' </tmp/hid-led)"
	done
	echo "hid: CapsLock on and off on $HID_HOST reached $HID_GADGET as LED reports 2 and 0"
}

# the report of 'a' pressed queued, a remote wakeup for it, then the
# report of all keys up; on the host, KEY_A pressed and released
hid_input() {
	_s=$(((WAKE_BOUND_MS + CONFORM_IO_MS) / 1000 + 1))
	timeout $((_s + 1)) sh -c "$HID_KEY_READER" sh "$HID_EV_KEY $HID_KEY_A 0" "$_s" <&3 >/tmp/hid-keys &
	_r=$!
	printf '\0\0\004\0\0\0\0\0' >&4 || fail "hid: the key's report written to $HID_GADGET"
	_wake_ms=$(lab_signal_wakeup) || fail "hid: the gadget's remote wakeup"
	printf '\0\0\0\0\0\0\0\0' >&4 || fail "hid: the release report written to $HID_GADGET"
	lab_wait_pid $_r $((WAKE_BOUND_MS + CONFORM_IO_MS)) ||
		fail "hid: no KEY_A release on $HID_HOST; records: $(tr '\n' ';' </tmp/hid-keys)"
	grep -qx "$HID_EV_KEY $HID_KEY_A 1" /tmp/hid-keys ||
		fail "hid: KEY_A released but never pressed; records: $(tr '\n' ';' </tmp/hid-keys)"
	# the latency is the wakeup's: the report waited for the host, which
	# polled once awake (the reader's own programs are slow on debug)
	echo "hid: the key 'a' from $HID_GADGET and a remote wakeup, pressed and released on $HID_HOST; the host had it active after $_wake_ms ms"
}
