# shellcheck shell=sh
# Printer (f_printer, bidirectional) under usblp: the host's
# /dev/usb/lpN (fd 3), the gadget's /dev/g_printerN (fd 4). Host-to-
# device data is a print job; device-initiated input is the back
# channel (what the printer writes, usblp reads from the IN endpoint),
# announced with a remote wakeup: f_printer does not wake the host by
# itself.
# Neither end sends a zero-length packet: a job whose size is a multiple
# of the 512-byte packet completes no request at the other end until
# more data come. Sizes that end in a short packet, as a print job does.
PRN_BYTES=4000 PRN_BACK=500

printer_has_input() {
	echo yes
}

# usblp's node: lp<minor> of the usbmisc class, under the interface
printer_host_node() {
	for _p in "$SYS_USB/$LAB_DEV":*/usbmisc/lp*; do
		[ -e "$_p" ] && echo "/dev/usb/$(basename "$_p")" && return 0
	done
	return 1
}

# the gadget's end stays open (f_printer allows one opener)
printer_up() {
	PRN_HOST=$(printer_host_node) && PRN_GADGET=$(lab_gadget_field printer_dev) &&
		command exec 4<>"$PRN_GADGET"
}

printer_rebound() {
	PRN_HOST=$(printer_host_node)
}

printer_down() {
	exec 3>&- 4>&-
	PRN_OPEN=0
}

# usblp has no reset_resume(): after a reset-resume the USB core unbinds
# and binds it again, and its open files read ENODEV; a user opens the
# new node, if it was open (usblp allows one opener), and the gadget's
# end too (it saw the bus go)
printer_reset() {
	_was_open=$PRN_OPEN
	printer_down
	printer_up || return 1
	[ "$_was_open" != 1 ] || printer_open
}

printer_open() {
	command exec 3<>"$PRN_HOST" && PRN_OPEN=1
}

printer_close() {
	exec 3>&-
	PRN_OPEN=0
}

# a print job, which makes the host resume the device, in the background
# (rule 6)
printer_io_start() {
	head -c 64 /dev/zero >&3 &
}

printer_io() {
	conform_write_out printer $PRN_BYTES "$PRN_HOST" "$PRN_GADGET"
}

# the back channel's bytes queued at the gadget, a remote wakeup for
# them, read on the host
printer_input() {
	head -c $PRN_BACK /dev/urandom >/tmp/prn-in
	head -c $PRN_BACK <&3 >/tmp/prn-read &
	_r=$!
	cat /tmp/prn-in >&4 || fail "printer: write to $PRN_GADGET"
	_wake_ms=$(lab_signal_wakeup) || fail "printer: the gadget's remote wakeup"
	lab_wait_pid $_r $((WAKE_BOUND_MS + CONFORM_IO_MS)) ||
		fail "printer: $(wc -c </tmp/prn-read) of $PRN_BACK bytes from $PRN_GADGET reached $PRN_HOST"
	cmp -s /tmp/prn-read /tmp/prn-in ||
		fail "printer: the bytes from $PRN_GADGET differ: $(cmp /tmp/prn-read /tmp/prn-in 2>&1 | head -n 1)"
	echo "printer: $PRN_BACK bytes written to $PRN_GADGET read on $PRN_HOST intact after $_wake_ms ms"
}
