# shellcheck shell=sh
# CDC-ACM: the host's ttyACM (fd 3) and the gadget's ttyGS (fd 4), raw.
ACM_BYTES=4096

acm_has_input() {
	echo yes
}

# the gadget's end stays open: u_serial drops what arrives while closed
acm_up() {
	ACM_HOST=/dev/$(lab_acm_tty) && ACM_GADGET=$(lab_gadget_tty) &&
		exec 4<>"$ACM_GADGET" && stty raw -echo -iexten -ixon -ixoff <&4
}

acm_rebound() {
	ACM_HOST=/dev/$(lab_acm_tty)
}

acm_down() {
	exec 3>&- 4>&-
}

# cdc-acm's reset_resume() hangs the tty up, and the gadget's ttyGS saw
# the bus go: both ends open again
acm_reset() {
	acm_down
	acm_up && acm_open
}

acm_open() {
	exec 3<>"$ACM_HOST" && stty raw -echo -iexten -ixon -ixoff <&3
}

acm_close() {
	exec 3>&-
}

acm_io() {
	head -c $ACM_BYTES /dev/urandom >/tmp/acm-out
	head -c $ACM_BYTES <&4 >/tmp/acm-got &
	_r=$!
	cat /tmp/acm-out >&3 || fail "acm: write to $ACM_HOST"
	lab_wait_pid $_r "$CONFORM_IO_MS" ||
		fail "acm: $(wc -c </tmp/acm-got) of $ACM_BYTES bytes reached $ACM_GADGET"
	cmp -s /tmp/acm-got /tmp/acm-out ||
		fail "acm: the bytes that reached $ACM_GADGET differ: $(cmp /tmp/acm-got /tmp/acm-out 2>&1 | head -n 1)"
	echo "acm: $ACM_BYTES bytes written to $ACM_HOST reached $ACM_GADGET intact"
}

acm_input() {
	head -c 512 /dev/urandom >/tmp/acm-in
	head -c 512 <&3 >/tmp/acm-read &
	_r=$!
	cat /tmp/acm-in >&4 || fail "acm: write to $ACM_GADGET"
	_t0=$(labtool now-ms)
	lab_wait_pid $_r $((WAKE_BOUND_MS + CONFORM_IO_MS)) ||
		fail "acm: $(wc -c </tmp/acm-read) of 512 bytes from $ACM_GADGET reached $ACM_HOST"
	INPUT_MS=$(($(labtool now-ms) - _t0))
	cmp -s /tmp/acm-read /tmp/acm-in ||
		fail "acm: the bytes from $ACM_GADGET differ: $(cmp /tmp/acm-read /tmp/acm-in 2>&1 | head -n 1)"
	echo "acm: 512 bytes written to $ACM_GADGET read on $ACM_HOST intact after $INPUT_MS ms"
}
