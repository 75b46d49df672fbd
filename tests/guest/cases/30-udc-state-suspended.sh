# The gadget sees the bus suspend: udc/state reads "suspended" while the
# host device sleeps, a poll() on it is woken by the change, and it goes
# back to "configured" when the host resumes the device.
. /lab/tests/case.sh

UDC_STATE=/sys/class/udc/dummy_udc.0/state
case_up
echo on >"$SYS_USB/$LAB_DEV/power/control"
expect_eq "udc state, bus active" "$(cat $UDC_STATE)" configured
labtool notified $UDC_STATE "$SETTLE_MS" >/tmp/notified &
poller=$!
lab_wait_cmd 2000 grep -q ready /tmp/notified || fail "the poller did not start"
echo auto >"$SYS_USB/$LAB_DEV/power/control"
wait_suspended "$LAB_DEV"
lab_wait_pid $poller "$SETTLE_MS" || fail "poll() on $UDC_STATE was not woken"
expect_eq "udc state poll() saw" "$(tail -n 1 /tmp/notified)" suspended
labtool wait $UDC_STATE suspended 500 >/dev/null || fail "udc state is $(cat $UDC_STATE) with the bus suspended"
echo "udc state, bus suspended: $(cat $UDC_STATE)"
echo on >"$SYS_USB/$LAB_DEV/power/control"
ms=$(labtool wait $UDC_STATE configured 1000) || fail "udc state did not return to configured"
echo "udc state back to configured $ms ms after the host resumed $LAB_DEV"
