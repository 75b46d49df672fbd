# dummy_hcd's suspend_fail fault (dummy-hcd-port-faults): a port suspend
# that the hub stalls fails the autosuspend. usb_runtime_suspend() does
# not mark the device busy after that error, so no attempt follows by
# itself: the device stays active, its refusal says why (suspend_failed,
# error=-32), until the next idle notification (power/control on, then
# auto) tries again. Two failures, each counted as a failed attempt,
# then the third attempt suspends the device, within the delay's bound:
# one autosuspend, one bus suspend at the gadget.
. /lab/tests/case.sh

FAILS=2
require_fault suspend_fail
case_up
dev=$LAB_DEV
require_core "$dev"
wait_suspended "$dev"
f0=$(fault_fired suspend_fail)
n0=$(core_count "$dev" autosuspend_refused_failed)
a0=$(core_count "$dev" autosuspend_count)
g0=$(udc_count suspend_count)
fault_arm suspend_fail "$FAILS"

# power/control on, then auto: a new idle notification, after a resume
# if the device was suspended
idle_again() {
	echo on >"$SYS_USB/$dev/power/control" || fail "power/control on"
	lab_wait_state "$dev" active "$SETTLE_MS" >/dev/null || fail "$dev did not resume for power/control on"
	echo auto >"$SYS_USB/$dev/power/control" || fail "power/control auto"
}

i=0
while [ $i -lt $FAILS ]; do
	i=$((i + 1))
	idle_again
	lab_wait_cmd "$SETTLE_MS" core_count_above "$dev" autosuspend_refused_failed $((n0 + i - 1)) ||
		fail "attempt $i: no failed autosuspend in $SETTLE_MS ms: $(why_awake)"
	expect_steady "$dev" active "port suspend $i stalled"
	expect_refusal "$dev" suspend_failed "error=-32"
done
idle_again
ms=$(lab_wait_state "$dev" suspended "$SUSPEND_BOUND_MS") ||
	fail "$dev did not suspend within $SUSPEND_BOUND_MS ms with the fault used up: $(why_awake)"
expect_eq "faults fired" $(($(fault_fired suspend_fail) - f0)) "$FAILS"
expect_eq "failed attempts counted" $(($(core_count "$dev" autosuspend_refused_failed) - n0)) "$FAILS"
expect_eq "autosuspends" $(($(core_count "$dev" autosuspend_count) - a0)) 1
expect_eq "bus suspends at the gadget" $(($(udc_count suspend_count) - g0)) 1
echo "$FAILS port suspends stalled, each left $dev active until asked again; the next suspended it in $ms ms"
