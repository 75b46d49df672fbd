# 1000 wake requests in a tight loop leave both ends consistent: the core's
# remote_wakeup_count equals the wakeups hub.c logged and the wakeups the
# UDC delivered (plus at most one per bus suspend hcd.c logged as raced),
# the UDC counted every request and refusal, the device still
# autosuspends, and a single wake afterwards is delivered as usual.
# (Kernel warnings fail the run through run-guest --strict.)
. /lab/tests/case.sh

N=1000
SRP=/sys/class/udc/dummy_udc.0/srp
case_up
exec 3<>"/dev/$(lab_acm_tty)" || fail "open the ACM tty"
wait_suspended "$LAB_DEV"
lab_trace_start
w0=$(cat "$SYS_USB/$LAB_DEV/power/remote_wakeup_count" 2>/dev/null)
r0=$(cat /sys/class/udc/dummy_udc.0/wakeup_request_count 2>/dev/null)
f0=$(cat /sys/class/udc/dummy_udc.0/wakeup_refused_count 2>/dev/null)
d0=$(cat /sys/class/udc/dummy_udc.0/wakeup_delivered_count 2>/dev/null)
ok=0 refused=0 i=0
while [ $i -lt $N ]; do
	if echo 1 2>/dev/null >$SRP; then ok=$((ok + 1)); else refused=$((refused + 1)); fi
	i=$((i + 1))
done
echo "$N requests: $ok accepted, $refused refused by the UDC"
# the storm must have woken the device at least once, and let it sleep
lab_wait_state "$LAB_DEV" active "$WAKE_BOUND_MS" >/dev/null ||
	[ "$(cat "$SYS_USB/$LAB_DEV/power/remote_wakeup_count" 2>/dev/null)" != "$w0" ] ||
	fail "the storm did not wake $LAB_DEV"
wait_suspended "$LAB_DEV"
out=$(wake "a wake after the storm")
echo "after the storm: $out"
wait_suspended "$LAB_DEV"
lab_trace_stop /tmp
exec 3>&-
counts=$(labtool count "$LAB_DEV" /tmp/trace /tmp/dmesg)
logged=$(pair_field wakeups "$counts")
[ "$logged" -ge 2 ] || fail "hub.c logged $logged wakeups, want the storm's and the last one"
echo "the storm of $N requests made $((logged - 1)) wakeup(s)"
require_core "$LAB_DEV"
expect_eq "remote_wakeup_count vs hub.c's log" $(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) "$logged"
expect_eq "device: wake requests (storm + 1)" $(($(udc_count wakeup_request_count) - r0)) $((N + 1))
expect_eq "device: refused" $(($(udc_count wakeup_refused_count) - f0)) "$refused"
# A root hub that suspends just as a wakeup's resume signalling ends is
# resumed at once by hcd.c (a dev_dbg lab_trace_start switches on;
# gadget/README.md). A storm request accepted in that short bus suspend
# is delivered by the same bus resume: the device may count one delivery
# more per race the host logged, never more.
raced=$(grep -c "$LAB_RACED" /tmp/dmesg)
delivered=$(($(udc_count wakeup_delivered_count) - d0))
echo "device: delivered $delivered; hub.c: $logged wakeups, $raced raced bus suspend(s)"
[ "$delivered" -ge "$logged" ] && [ "$delivered" -le $((logged + raced)) ] ||
	fail "device: delivered $delivered, want $logged (and at most $raced more)"
