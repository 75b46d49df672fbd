# shellcheck shell=sh
# The profiles of the serial functions (profiles/acm.sh, gser.sh), both
# u_serial underneath: the host's tty (fd 3) and the gadget's ttyGS
# (fd 4), raw; the patched u_serial wakes the host for data. A profile
# says: tty_profile NAME HOST, NAME its function's (status's NAME_tty is
# the gadget's end), HOST a command that prints the host's tty.
TTY_BYTES=4096

# the gadget's end stays open: u_serial drops what arrives while closed
tty_up() {
	TTY_HOST=$($TTY_HOST_CMD) && TTY_GADGET=$(lab_gadget_field "${TTY_NAME}_tty") &&
		command exec 4<>"$TTY_GADGET" && stty raw -echo -iexten -ixon -ixoff <&4
}

tty_rebound() {
	TTY_HOST=$($TTY_HOST_CMD)
}

tty_down() {
	exec 3>&- 4>&-
}

# cdc-acm's reset_resume() hangs the tty up, and the gadget's ttyGS saw
# the bus go: both ends open again
tty_reset() {
	tty_down
	tty_up && tty_open && tty_drain
}

# what an interrupted write (rule 10's io_start) left on its way
tty_drain() {
	conform_sync "$TTY_NAME" "$TTY_HOST" "$TTY_GADGET"
}


tty_open() {
	command exec 3<>"$TTY_HOST" && stty raw -echo -iexten -ixon -ixoff <&3
}

tty_close() {
	exec 3>&-
}

# a write, which makes the host resume the device, in the background
# (rule 6)
tty_io_start() {
	head -c 64 /dev/zero >&3 &
}

tty_io() {
	conform_write_out "$TTY_NAME" $TTY_BYTES "$TTY_HOST" "$TTY_GADGET"
}

tty_input() {
	head -c 512 /dev/urandom >/tmp/tty-in
	head -c 512 <&3 >/tmp/tty-read &
	_r=$!
	cat /tmp/tty-in >&4 || fail "$TTY_NAME: write to $TTY_GADGET"
	_t0=$(labtool now-ms)
	lab_wait_pid $_r $((WAKE_BOUND_MS + CONFORM_IO_MS)) ||
		fail "$TTY_NAME: $(wc -c </tmp/tty-read) of 512 bytes from $TTY_GADGET reached $TTY_HOST"
	INPUT_MS=$(($(labtool now-ms) - _t0))
	cmp -s /tmp/tty-read /tmp/tty-in ||
		fail "$TTY_NAME: the bytes from $TTY_GADGET differ: $(cmp /tmp/tty-read /tmp/tty-in 2>&1 | head -n 1)"
	echo "$TTY_NAME: 512 bytes written to $TTY_GADGET read on $TTY_HOST intact after $INPUT_MS ms"
}

# this profile's names, and its hooks (conform.sh's profile_hooks)
tty_profile() {
	TTY_NAME=$1 TTY_HOST_CMD=$2
	profile_hooks "$1" tty
}
