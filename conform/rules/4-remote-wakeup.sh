# Rule 4: device-initiated input wakes the host: with the node open and
# the device suspended, the gadget sends; the data reaches the host
# within the wakeup bound plus one transfer. Then, with the node still
# open, the device suspends again: the USB core counted exactly one
# remote wakeup for the one input (the device's doing, not the host's
# timers, and no second one after the data), and the PM core's usage
# counts of the device and each interface are back where they were
# before the input. n/a for classes without device-initiated input, and
# on stock, whose gadget functions do not wake the bus for data (nor
# count).
# Shown to fail: fixtures/no-remote-wakeup: the core suspends the device
# with remote wakeup off, and the peer's event never arrives ("vendor:
# no frame read"); fixtures/int-completion-get: a reference taken in the
# interrupt completion and never put keeps the device awake after the
# input ("did not suspend ... after the input; refusal: interface_busy").
. /lab/conform/conform.sh

[ -n "$(input_functions)" ] || skip "n/a: no function of '$FUNCTIONS' has device-initiated input"
[ "$LAB_VARIANT" != stock ] ||
	skip "n/a: the stock gadget functions neither wake the bus for data nor count wakeups"
conform_up
require_core "$LAB_DEV"
out=""
for f in $(input_functions); do
	hook "$f" open || fail "$f: open"
	conform_wait_suspended "$f open and idle"
	base=$(usage_counts)
	w0=$(wakeups)
	line=$(hook "$f" input 2>&1) || fail "$line"
	# the core counts the wakeup once its resume is done, which may come
	# after the data: wait for the count
	wait_remote_wakeup "$LAB_DEV" "$w0" 2000 >/dev/null || fail "$f: no remote wakeup counted"
	ms=$(echo "$line" | sed -n 's/.* after \([0-9]*\) ms$/\1/p')
	[ -n "$ms" ] && [ "$ms" -le $((WAKE_BOUND_MS + 200)) ] ||
		fail "$f: input took ${ms:-?} ms, bound $((WAKE_BOUND_MS + 200)) ms"
	# settled: suspended again, still open, every reference given back
	conform_wait_suspended "$f open, after the input"
	expect_eq "$f: remote wakeups for the one input" $(($(wakeups) - w0)) 1
	expect_eq "$f: usage counts after the input" "$(usage_counts)" "$base"
	out="$out$line, 1 remote wakeup, suspended again with usage counts $base; "
	hook "$f" close
done
evidence "$out"
