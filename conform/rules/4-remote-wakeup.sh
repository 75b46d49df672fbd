# Rule 4: device-initiated input wakes the host: with the node open and
# the device suspended, the gadget sends; the data reaches the host
# within a bound taken from this run: a bare remote wakeup of the same
# device, timed just before under the same load (autopm-gadget wake),
# times 3 (never under WAKE_BOUND_MS), plus one transfer's 200 ms; so
# a loaded host moves the bound, and a driver that takes seconds to
# deliver still fails. On debug the data must only come (within
# CONFORM_IO_MS): there the reader's own programs dominate (an input in
# 934 ms after a bare wakeup of 186, beside two other guests). Then,
# with the node still
# open, the device suspends again: the USB core counted exactly one
# remote wakeup for the one input (the device's doing, not the host's
# timers, and no second one after the data), and the PM core's usage
# counts of the device and each interface are back where they were
# before the input. n/a for classes without device-initiated input, and
# on stock, whose gadget functions do not wake the bus for data (nor
# count).
# Shown to fail: fixtures/no-remote-wakeup: the core suspends the device
# with remote wakeup off, and nothing wakes it ("the reference wakeup
# was not delivered"); fixtures/int-completion-get: a reference taken in the
# interrupt completion and never put keeps the device awake after the
# input ("did not suspend ... after the input; refusal: interface_busy").
. /lab/conform/conform.sh

[ -n "$(input_functions)" ] || skip "n/a: no function of '$FUNCTIONS' has device-initiated input"
lab_has_counters ||
	skip "n/a: this kernel counts no wakeups (the lab's usbcore counters are missing)"
conform_up
require_core "$LAB_DEV"
out=""
for f in $(input_functions); do
	hook "$f" open || fail "$f: open"
	conform_wait_suspended "$f open and idle"
	wo=$(autopm-gadget wake --timeout-ms "$SETTLE_MS" 2>&1) ||
		fail "$f: the reference wakeup was not delivered: $wo"
	ref=$(echo "$wo" | sed -n 's/.* active after \([0-9]*\) ms$/\1/p')
	[ -n "$ref" ] || fail "$f: no time in the reference wakeup's report: $wo"
	bound=$((3 * ref > WAKE_BOUND_MS ? 3 * ref : WAKE_BOUND_MS))
	bound=$((bound + 200))
	! lab_checked_kernel || bound=$CONFORM_IO_MS
	conform_wait_suspended "$f open, after the reference wakeup"
	base=$(usage_counts)
	w0=$(wakeups)
	line=$(hook "$f" input 2>&1) || fail "$line"
	# the core counts the wakeup once its resume is done, which may come
	# after the data: wait for the count
	wait_remote_wakeup "$LAB_DEV" "$w0" 2000 >/dev/null || fail "$f: no remote wakeup counted"
	ms=$(echo "$line" | sed -n 's/.* after \([0-9]*\) ms$/\1/p')
	[ -n "$ms" ] && [ "$ms" -le "$bound" ] ||
		fail "$f: input took ${ms:-?} ms, bound $bound ms (a bare wakeup took $ref)"
	# settled: suspended again, still open, every reference given back
	conform_wait_suspended "$f open, after the input"
	expect_eq "$f: remote wakeups for the one input" $(($(wakeups) - w0)) 1
	expect_eq "$f: usage counts after the input" "$(usage_counts)" "$base"
	out="$out$line (bound $bound), 1 remote wakeup, suspended again with usage counts $base; "
	hook "$f" close
done
evidence "$out"
