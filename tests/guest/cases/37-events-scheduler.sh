# autopm-gadget events: ten wakeup requests at seeded Poisson times. Its
# own account (accepted, refused) matches the UDC's counters exactly, and
# the wakeups the device delivered are the ones the host counted.
. /lab/tests/case.sh

N=10
case_up
exec 3<>"/dev/$(lab_acm_tty)" || fail "open the ACM tty"
wait_suspended "$LAB_DEV"
require_core "$LAB_DEV"
w0=$(core_count "$LAB_DEV" remote_wakeup_count)
r0=$(udc_count wakeup_request_count) f0=$(udc_count wakeup_refused_count)
d0=$(udc_count wakeup_delivered_count)
autopm-gadget events --wake --poisson-ms 250 --seed 42 --count $N >/tmp/events ||
	fail "events: $(cat /tmp/events)"
cat /tmp/events
read -r accepted refused <<EOF
$(sed -n 's/^wake-requests: \([0-9]*\) accepted, \([0-9]*\) refused.*/\1 \2/p' /tmp/events)
EOF
[ -n "$refused" ] || fail "no wake-requests line"
# the tool's accepted and refused, each against the UDC's own count (the
# tool's sum is N by its loop, so only the device can contradict it)
requests=$(($(udc_count wakeup_request_count) - r0))
dev_refused=$(($(udc_count wakeup_refused_count) - f0))
expect_eq "device: requests" "$requests" $N
expect_eq "device: refused" "$dev_refused" "$refused"
expect_eq "device: accepted (requests not refused)" $((requests - dev_refused)) "$accepted"
[ "$accepted" -ge 1 ] || fail "no request was accepted: the bus never suspended between events"
wait_suspended "$LAB_DEV"
delivered=$(($(udc_count wakeup_delivered_count) - d0))
expect_eq "host remote wakeups vs device delivered" \
	$(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) "$delivered"
if [ "$delivered" -lt 1 ] || [ "$delivered" -gt "$accepted" ]; then
	fail "$delivered wakeups delivered for $accepted accepted requests"
fi
exec 3>&-
