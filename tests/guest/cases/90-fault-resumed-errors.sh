# dummy_hcd's resumed_babble and resumed_crc faults
# (dummy-hcd-resumed-transfer-faults): after a resume, the device's first
# IN data packet arrives with babble (-EOVERFLOW), or a CRC error
# (-EILSEQ). autopm_lab's interrupt-IN URB, which its resume() submits,
# finds no packet until the peer sends an event, so no error comes
# before it; then the URB fails once, the driver counts it and resubmits
# at once, as class drivers do, and the event, sent again by the device,
# arrives whole and in order.
# Shown failing with the fault applied to an IN endpoint that has no
# packet to send (a scratch build): "resumed_babble: interrupt-IN errors
# before any packet: got '1', want '0'".
. /lab/tests/aplab.sh

require_fault resumed_babble resumed_crc
aplab_up
dev=$LAB_DEV
for fault in resumed_babble resumed_crc; do
	wait_suspended "$dev"
	f0=$(fault_fired "$fault")
	e0=$(drv_count int_errors)
	r0=$(drv_count resumes)
	s0=$(drv_count spontaneous)
	seq=$(($(peer tx_events) + $(peer tx_replies)))
	fault_arm "$fault" 1
	echo on >"$SYS_USB/$dev/power/control" || fail "power/control on"
	wait_stat resumes $((r0 + 1)) "$SETTLE_MS"
	expect_eq "$fault: faults fired" $(($(fault_fired "$fault") - f0)) 1
	expect_eq "$fault: interrupt-IN errors before any packet" $(($(drv_count int_errors) - e0)) 0
	aplab read "$APLAB_DEV" "$APLAB_IO_MS" >/tmp/ev.out &
	rpid=$!
	peer_cmd "event 1 0"
	lab_wait_pid "$rpid" $((APLAB_IO_MS + 1000)) || fail "$fault: no event after the failed transfer"
	expect_eq "$fault: the event read" "$(cat /tmp/ev.out)" "event $seq event 0"
	expect_eq "$fault: interrupt-IN errors" $(($(drv_count int_errors) - e0)) 1
	expect_eq "$fault: driver resumes" $(($(drv_count resumes) - r0)) 1
	expect_eq "$fault: events read" $(($(drv_count spontaneous) - s0)) 1
	echo auto >"$SYS_USB/$dev/power/control" || fail "power/control auto"
done
wait_suspended "$dev"
expect_balanced 0
