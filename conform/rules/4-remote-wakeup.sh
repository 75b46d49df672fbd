# Rule 4: device-initiated input wakes the host: with the node open and
# the device suspended, the gadget sends; the data reaches the host
# within the wakeup bound plus one transfer, and the USB core counts
# exactly one remote wakeup for it (the device's doing, not the host's
# timers). n/a for classes without device-initiated input, and on stock,
# whose gadget functions do not wake the bus for data (nor count).
# Shown to fail: fixtures/no-remote-wakeup: the core suspends the device
# with remote wakeup off, and the peer's event never arrives ("vendor:
# no frame read").
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
	w0=$(wakeups)
	line=$(hook "$f" input 2>&1) || fail "$line"
	# the core counts the wakeup once its resume is done, which may come
	# after the data: wait for the count, then take it
	wait_remote_wakeup "$LAB_DEV" "$w0" 2000 >/dev/null || fail "$f: no remote wakeup counted"
	expect_eq "$f: remote wakeups for the input" $(($(wakeups) - w0)) 1
	ms=$(echo "$line" | sed -n 's/.* after \([0-9]*\) ms$/\1/p')
	[ -n "$ms" ] && [ "$ms" -le $((WAKE_BOUND_MS + 200)) ] ||
		fail "$f: input took ${ms:-?} ms, bound $((WAKE_BOUND_MS + 200)) ms"
	out="$out$line, 1 remote wakeup; "
	hook "$f" close
done
evidence "$out"
