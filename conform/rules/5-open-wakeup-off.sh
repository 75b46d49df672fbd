# Rule 5 (the guide's): a driver that needs remote wakeup while open
# sets needs_remote_wakeup, and then "the kernel won't autosuspend the
# device if remote wakeup isn't available". Here it is not: the gadget's
# configuration does not advertise it (power/wakeup only arms a system
# sleep's wakeup; an autosuspend arms remote wakeup whenever a driver
# needs it). Closed, the device suspends (nothing needs the wakeup);
# open, it stays awake, and the patched kernel names the reason,
# no_wakeup; closed again, it suspends within the delay and its bound
# (SUSPEND_BOUND_MS, as case 71). Applies to the classes with
# device-initiated input, whose drivers need the wakeup.
# Shown to fail: fixtures/no-remote-wakeup (open() without
# needs_remote_wakeup) lets the device suspend while open, when the
# input it would send could never wake the host.
. /lab/conform/conform.sh

[ -n "$(input_functions)" ] || skip "n/a: no function of '$FUNCTIONS' has device-initiated input"
conform_up --no-wakeup
conform_wait_suspended "closed: nothing needs remote wakeup"
out=""
for f in $(input_functions); do
	hook "$f" open || fail "$f: open"
	expect_steady "$LAB_DEV" active "$f open on a device without remote wakeup"
	if [ -r "$SYS_USB/$LAB_DEV/power/autosuspend_refusal" ]; then
		expect_eq "$f: refusal" "$(refusal "$LAB_DEV")" no_wakeup
	fi
	hook "$f" close
	# the close itself lets it suspend: within the delay and its bound,
	# as case 71 times it, not whenever something else wakes the PM core
	ms=$(lab_wait_state "$LAB_DEV" suspended "$SUSPEND_BOUND_MS") ||
		fail "$LAB_DEV did not suspend within $SUSPEND_BOUND_MS ms of $f's close; $(why_awake)"
	out="$out$f: awake while open ($SUSPEND_BOUND_MS ms), suspended $ms ms after the close; "
done
evidence "$out"
