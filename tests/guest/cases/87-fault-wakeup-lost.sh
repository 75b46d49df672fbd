# dummy_hcd's wakeup_lost fault (dummy-hcd-wakeup-faults): the device
# signals a remote wakeup that never reaches the host. The gadget's
# request is accepted, yet the host sees no wakeup: for longer than a
# wakeup's bound the device's remote_wakeup_count stays put and no
# resume follows at the gadget. The next request, with the fault used
# up, wakes the host within the bound, and is counted once at each end.
# The bound is a bare wakeup's, timed first under the same load
# (wakeup_bound_ms): on debug beside a build and two guests the second
# wakeup took 683 ms with timers only 66 ms late, over the fixed 600.
. /lab/tests/case.sh

require_fault wakeup_lost
case_up
dev=$LAB_DEV
require_core "$dev"
# the host arms remote wakeup only while a driver needs it
hold_acm_tty
wait_suspended "$dev"
bound=$(wakeup_bound_ms)
f0=$(fault_fired wakeup_lost)
w0=$(core_count "$dev" remote_wakeup_count)
q0=$(udc_count wakeup_request_count)
d0=$(udc_count wakeup_delivered_count)
fault_arm wakeup_lost 1
echo 1 >"/sys/class/udc/$(lab_udc)/srp" || fail "the gadget's wakeup request was refused"
expect_eq "faults fired" $(($(fault_fired wakeup_lost) - f0)) 1
expect_eq "wakeup requests at the gadget" $(($(udc_count wakeup_request_count) - q0)) 1
! wait_remote_wakeup "$dev" "$w0" "$bound" >/dev/null ||
	fail "the host counted a remote wakeup that the fault should have lost"
expect_eq "remote wakeups at the host" $(($(core_count "$dev" remote_wakeup_count) - w0)) 0
expect_eq "wakeups delivered at the gadget" $(($(udc_count wakeup_delivered_count) - d0)) 0
wait_suspended "$dev"
lab_jitter_start
echo 1 >"/sys/class/udc/$(lab_udc)/srp" || fail "the second wakeup request was refused"
ms=$(wait_remote_wakeup "$dev" "$w0" "$SETTLE_MS") ||
	fail "the second wakeup reached no host in $SETTLE_MS ms"
expect_within "the second wakeup" "$ms" "$bound"
expect_eq "remote wakeups at the host" $(($(core_count "$dev" remote_wakeup_count) - w0)) 1
lab_wait_cmd "$SETTLE_MS" udc_count_above wakeup_delivered_count "$d0" ||
	fail "the gadget counted no delivered wakeup"
expect_eq "wakeups delivered at the gadget" $(($(udc_count wakeup_delivered_count) - d0)) 1
expect_eq "faults fired" $(($(fault_fired wakeup_lost) - f0)) 1
exec 3>&-
echo "first wakeup lost (no count at either end for $bound ms); the second woke the host in $ms ms"
