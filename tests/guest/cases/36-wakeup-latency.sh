# Twenty device-initiated wakeups of each kind (a wakeup request, a write
# on ttyGS0, an ECM frame), each from a suspended bus: every one is a
# remote wakeup (the host's and the device's counts both move by exactly
# 60), and the latency to the host device being active and to the data
# being readable on the host stays within the wakeup bound, median and p95.
. /lab/tests/case.sh

N=20
case_up
lab_netns_up || fail "cannot move the gadget netdev into its own namespace"
require_core "$LAB_DEV"
w0=$(core_count "$LAB_DEV" remote_wakeup_count)
d0=$(udc_count wakeup_delivered_count)
for mode in wake acm ecm; do
	lab_latency $mode $N --suspend-timeout-ms "$SUSPEND_BOUND_MS" >/tmp/lat.$mode ||
		fail "$mode: $(tail -n 3 /tmp/lat.$mode)"
	grep '^latency' /tmp/lat.$mode
done
for what in "wake to-active" "acm to-active" "acm to-tty-data" "ecm to-active" "ecm to-packet"; do
	set -- $what
	for field in median p95; do
		v=$(latency_field /tmp/lat.$1 $1 $2 $field)
		[ -n "$v" ] || fail "no $field for $what"
		[ "$v" -le "$WAKE_BOUND_MS" ] || fail "$what $field ${v} ms, bound $WAKE_BOUND_MS ms"
	done
done
expect_eq "host: remote wakeups" $(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) $((3 * N))
expect_eq "device: wakeups delivered" $(($(udc_count wakeup_delivered_count) - d0)) $((3 * N))
lab_netns_down
