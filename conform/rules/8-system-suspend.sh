# Rule 8: a system suspend (pm_test=devices: every device's suspend and
# resume run, the machine itself does not sleep) succeeds with the
# device autosuspended, and with it awake and open (control=on, so its
# driver's suspend() is called with a system-sleep message); I/O works
# after each. Here the gadget's UDC sleeps too and leaves the bus
# meanwhile, so the host resets the device at the resume, as a host that
# cuts VBUS in sleep would: a driver's reset_resume() may then hang up
# its open files (cdc-acm does), and the profile's reset hook opens
# again what a user would. "External suspend calls should never be allowed to fail"
# (the guide): the USB core ignores a driver's error in a system sleep,
# goes on, and calls its resume() later all the same, so the sleep
# itself succeeds; the error shows only as usbcore's "suspend error"
# line, which fails the rule.
# Shown to fail: fixtures/system-ebusy returns -EBUSY from suspend()
# for a system sleep while open: "1-1:1.0: suspend error -16".
. /lab/conform/conform.sh

PM_TEST=/sys/power/pm_test
[ -w "$PM_TEST" ] || skip "n/a: no $PM_TEST (CONFIG_PM_DEBUG is off)"
# a function whose gadget cannot live through a sleep of its own host
for _f in $FUNCTIONS; do
	_why=$(hook_opt "$_f" system_sleep_na)
	[ -z "$_why" ] || skip "n/a: $_f: $_why"
done
# the kernel's log since marker $1 (line counts would shift when the
# ring buffer wraps)
log_since() {
	dmesg | awk -v m="autopm-lab conform: mark $1" 'index($0, m) { on = 1; next } on'
}

MARK=0
system_suspend() {
	MARK=$((MARK + 1))
	echo "autopm-lab conform: mark $MARK" >/dev/kmsg
	echo devices >"$PM_TEST" || fail "pm_test devices"
	echo 1 >/sys/module/suspend/parameters/pm_test_delay 2>/dev/null
	_ok=1
	echo freeze >/sys/power/state || _ok=0
	echo none >"$PM_TEST"
	# a mark that left the ring buffer would hide every line after it
	dmesg | grep -q "autopm-lab conform: mark $MARK\$" ||
		fail "$1: the kernel's log lost this sleep's mark"
	_errs=$(log_since $MARK | grep ': suspend error ' | sed 's/^\[[ 0-9.]*\] //')
	[ -z "$_errs" ] || fail "$1: a driver failed the system sleep: $(echo "$_errs" | tr '\n' ' ')"
	[ "$_ok" = 1 ] || fail "$1: the system suspend failed; dmesg: $(dmesg | grep -i 'suspend\|PM:' | tail -n 3 | tr '\n' ' ')"
	# a device gone across the sleep comes back as a new one: its open
	# files are dead, and that is the rule's failure, not the I/O's
	if log_since $MARK | grep -q "usb $LAB_DEV: USB disconnect"; then
		fail "$1: the host disconnected $LAB_DEV across the sleep; $(log_since $MARK |
			grep -E 'not suspended yet|USB disconnect' | sed 's/^\[[ 0-9.]*\] //' | tr '\n' ' ')"
	fi
	RESET=""
	if log_since $MARK | grep -q "usb $LAB_DEV: reset "; then
		RESET="reset-resumed, "
		for _f in $FUNCTIONS; do
			hook "$_f" reset || fail "$_f: open again after the reset-resume"
		done
	fi
}

conform_up
conform_wait_suspended "idle"
system_suspend "device autosuspended"
out="autosuspended: ${RESET}ok, "
# held awake from here on: I/O from suspend is rule 3's
echo on >"$SYS_USB/$LAB_DEV/power/control" || fail "control on"
for f in $FUNCTIONS; do
	hook "$f" open || fail "$f: open"
	out="$out$(hook "$f" io); "
done
system_suspend "device awake and open"
out="${out}awake and open: ${RESET}ok, "
for f in $FUNCTIONS; do
	out="$out$(hook "$f" io); "
	hook "$f" close
done
echo auto >"$SYS_USB/$LAB_DEV/power/control" || fail "control auto"
conform_wait_suspended "idle after the system resumes"
evidence "$out"
