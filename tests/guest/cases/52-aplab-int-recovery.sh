# Interrupt-IN recovery: the peer halts its interrupt-IN endpoint (a
# FunctionFS read on an IN endpoint stalls it), so the host's interrupt
# URB ends with -EPIPE. The driver clears the halt from a work item
# (usb_clear_halt(), which sleeps) and resubmits, while the device stays
# active: spontaneous input works again with no suspend or resume in
# between. Three times in a row, each with exact counts.
# Shown to fail: with aplab_int_complete() returning on -EPIPE without
# scheduling int_work, for every error (a scratch build), the
# frame sent after the first halt was never read: "no frame after halt 1".
. /lab/tests/aplab.sh

ROUNDS=3
aplab_up
require_core "$LAB_DEV"
# held active, so that no resume can restart the interrupt URB for us
aplab hold "$APLAB_DEV" >/tmp/hold.out &
hpid=$!
wait_line /tmp/hold.out held
s0=$(drv_count suspends) r0=$(drv_count resumes)
i=0
while [ $i -lt $ROUNDS ]; do
	i=$((i + 1))
	peer_cmd halt-int
	wait_peer int_halts $i
	wait_stat int_errors $i "$APLAB_IO_MS"
	aplab read "$APLAB_DEV" "$APLAB_IO_MS" >/tmp/ev.out &
	rpid=$!
	peer_cmd "event 1 0"
	lab_wait_pid "$rpid" $((APLAB_IO_MS + 1000)) || fail "no frame after halt $i"
	expect_eq "frame after halt $i" "$(cat /tmp/ev.out)" "event $((i - 1)) event 0"
	expect_eq "interrupt-IN errors (stalls) after halt $i" "$(drv_count int_errors)" $i
	expect_eq "halts cleared after halt $i" "$(drv_count halts_cleared)" $i
done
expect_eq "frames read" "$(drv_count spontaneous)" $ROUNDS
expect_eq "suspends meanwhile" $(($(drv_count suspends) - s0)) 0
expect_eq "resumes meanwhile" $(($(drv_count resumes) - r0)) 0
expect_eq "peer: wakeups (the bus never slept)" "$(peer wakeups)" 0
kill "$hpid"
lab_wait_pid "$hpid" 2000 || fail "aplab hold did not exit"
wait_suspended "$LAB_DEV"
expect_balanced 0
