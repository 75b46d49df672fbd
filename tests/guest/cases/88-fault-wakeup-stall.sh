# The guide: a device that cannot wake the host is not autosuspended
# while a driver needs remote wakeup. dummy_hcd's wakeup_stall fault
# (dummy-hcd-wakeup-faults), at probability 100, stalls every
# SET_FEATURE(DEVICE_REMOTE_WAKEUP), so arming wakeup fails though the
# configuration claims it. With the ttyACM open (cdc-acm needs remote
# wakeup), an autosuspend attempt fails at the stall and is counted as
# failed, the refusal names the error, and the device stays active; a
# new idle notification (power/control on, then auto) fails the same
# way. Once the tty closes, no driver needs remote wakeup: the device
# suspends within the delay's bound without arming it, though the fault
# is still on, so that suspend draws no stall.
. /lab/tests/case.sh

require_fault wakeup_stall
case_up
dev=$LAB_DEV
require_core "$dev"
wait_suspended "$dev"
f0=$(fault_fired wakeup_stall)
n0=$(core_count "$dev" autosuspend_refused_failed)
a0=$(core_count "$dev" autosuspend_count)
echo 100 >"$LAB_FAULTS/wakeup_stall/probability" || fail "arm wakeup_stall at 100%"
hold_acm_tty
lab_wait_cmd "$SETTLE_MS" core_count_above "$dev" autosuspend_refused_failed "$n0" ||
	fail "no failed autosuspend attempt in $SETTLE_MS ms: $(why_awake)"
expect_steady "$dev" active "remote wakeup stalls, ttyACM open"
expect_refusal "$dev" suspend_failed "error=-32"
echo on >"$SYS_USB/$dev/power/control" || fail "power/control on"
echo auto >"$SYS_USB/$dev/power/control" || fail "power/control auto"
lab_wait_cmd "$SETTLE_MS" core_count_above "$dev" autosuspend_refused_failed $((n0 + 1)) ||
	fail "no second failed attempt in $SETTLE_MS ms: $(why_awake)"
expect_steady "$dev" active "remote wakeup stalls again, ttyACM open"
expect_eq "autosuspends while open" $(($(core_count "$dev" autosuspend_count) - a0)) 0
exec 3>&-
ms=$(lab_wait_state "$dev" suspended "$SUSPEND_BOUND_MS") ||
	fail "$dev did not suspend within $SUSPEND_BOUND_MS ms of the close: $(why_awake)"
echo 0 >"$LAB_FAULTS/wakeup_stall/probability" || fail "disarm wakeup_stall"
fired=$(($(fault_fired wakeup_stall) - f0))
failed=$(($(core_count "$dev" autosuspend_refused_failed) - n0))
expect_eq "failed attempts" "$failed" 2
expect_eq "stalled SET_FEATUREs, one per failed attempt" "$fired" "$failed"
expect_eq "autosuspends" $(($(core_count "$dev" autosuspend_count) - a0)) 1
echo "open: $failed attempts failed at the stalled arm; closed: suspended after $ms ms, without wakeup"
