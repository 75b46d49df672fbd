# shellcheck shell=sh
# Loopback (f_loopback) under usbtest, which knows it by Gadget Zero's
# ids. usbtest has no autosuspend support, so conform_up ends every
# rule as n/a before a hook runs; were that to change, the lab has no
# host-side I/O for it (usbtest is driven through testusb's ioctl).
loopback_has_input() {
	echo no
}

loopback_up_args() {
	echo "--vid 0x0525 --pid 0xa4a0"
}

loopback_up() {
	return 0
}

loopback_rebound() {
	return 0
}

loopback_down() {
	return 0
}

loopback_reset() {
	return 0
}

loopback_open() {
	return 0
}

loopback_close() {
	return 0
}

loopback_io_start() {
	fail "loopback: the lab has no host-side I/O for usbtest (testusb's ioctl)"
}

loopback_io() {
	fail "loopback: the lab has no host-side I/O for usbtest (testusb's ioctl)"
}

loopback_input() {
	fail "loopback: no device-initiated input"
}
